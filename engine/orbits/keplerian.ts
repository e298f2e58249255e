/**
 * Classical (Keplerian) orbital elements: Cartesian <-> Keplerian conversions, anomaly conversions
 * (Kepler's equation, elliptic and hyperbolic) and derived quantities (period, apsis radii).
 *
 * Pure functions on plain numbers. Distances in km, velocities in km/s, angles in radians,
 * gravitational parameter in km^3/s^2 (always an explicit argument with a default of the Earth's).
 *
 * Conventions follow Vallado, "Fundamentals of Astrodynamics and Applications" (4th ed., §2.2-2.6)
 * and Orekit's KeplerianOrbit:
 *  - elliptic orbits: a > 0, 0 <= e < 1; hyperbolic orbits: a < 0, e > 1 (Orekit's sign convention);
 *  - angles returned by `cartesianToKeplerian` are normalized to [0, 2π) (the anomalies of a
 *    hyperbolic orbit are signed, in (-π, π) for ν and unbounded for H/M);
 *  - for a circular orbit the argument of perigee is undefined: the eccentricity vector direction of
 *    the given state is used as long as it is defined (the same choice as Orekit); only when e is
 *    at rounding level (<= 1e-14) is ω set to 0 so that the anomaly equals the argument of latitude;
 *  - for an equatorial orbit (i = 0 or π) the node is undefined: when sin i <= 1e-14, Ω is set to 0
 *    and ω is measured from the X axis (longitude of perigee).
 */

import { MU_EARTH_KM3_S2 } from '../constants.ts';
import { TWO_PI } from '../math/angles.ts';


/**
 * Below this, e (resp. sin i) is rounding noise of the Cartesian state (1e-14 is 0.1 µm at 7000 km):
 * ω (resp. Ω) is then set to 0 instead of taking the direction of that noise.
 */
const SINGULAR_THRESHOLD = 1e-14;

/** A 3-vector as plain numbers (tuple, array or Float64Array view). */
export type Vec3Like = ArrayLike<number>;
/** A 3-vector returned by this module. */
export type Vec3 = [number, number, number];

/** Full set of osculating Keplerian elements computed from a Cartesian state. */
export interface KeplerianElements {
  /** Semi-major axis, km (negative for hyperbolic orbits). */
  aKm: number;
  /** Eccentricity. */
  e: number;
  /** Inclination, rad, in [0, π]. */
  iRad: number;
  /** Right ascension of the ascending node, rad. */
  raanRad: number;
  /** Argument of perigee, rad. */
  argPerigeeRad: number;
  /** True anomaly ν, rad. */
  trueAnomalyRad: number;
  /** Eccentric anomaly E (elliptic) or hyperbolic anomaly H (hyperbolic), rad. */
  eccentricAnomalyRad: number;
  /** Mean anomaly M, rad. */
  meanAnomalyRad: number;
}

/**
 * Keplerian elements as input to `keplerianToCartesian`: exactly one of the three anomalies must be
 * given, or all three (a complete `KeplerianElements`, whose true anomaly is then used).
 */
export interface KeplerianInput {
  aKm: number;
  e: number;
  iRad: number;
  raanRad: number;
  argPerigeeRad: number;
  trueAnomalyRad?: number;
  meanAnomalyRad?: number;
  eccentricAnomalyRad?: number;
}

/** A Cartesian state. */
export interface CartesianState {
  positionKm: Vec3;
  velocityKmPerS: Vec3;
}

/** Normalize an angle to [0, 2π). */
export function normalizeAngle0To2Pi(angleRad: number): number {
  const r = angleRad - TWO_PI * Math.floor(angleRad / TWO_PI);
  // floating-point rounding can give exactly 2π for tiny negative inputs
  return r >= TWO_PI ? 0 : r;
}

/** Normalize an angle to [-π, π). */
export function normalizeAngleMinusPiToPi(angleRad: number): number {
  return angleRad - TWO_PI * Math.floor((angleRad + Math.PI) / TWO_PI);
}

// ---------------------------------------------------------------------------------------------
// Kepler's equation and anomaly conversions
// ---------------------------------------------------------------------------------------------

/**
 * Solve Kepler's equation M = E − e sin E for the eccentric anomaly, for any 0 <= e < 1.
 *
 * The mean anomaly is reduced to [-π, π) and, by the odd symmetry of the equation, to [0, π].
 * Starter: Danby (1987) E0 = M + 0.85 e, which is bracketed and gives guaranteed convergence of
 * Newton-type iterations on [0, π] for every e < 1 (Danby, "The solution of Kepler's equation III",
 * Celest. Mech. 40, 1987). Iterations: Halley's third-order step with a bisection fallback that keeps
 * E inside the bracket [M, M + e] (since E − M = e sin E ∈ [0, e] for M ∈ [0, π]) so that even the
 * near-parabolic corner (e → 1, M → 0) cannot diverge.
 * The returned E lies in the same 2π window as the input M (E = M when M is a multiple of π).
 */
export function solveKeplerEquation(meanAnomalyRad: number, e: number): number {
  if (!(e >= 0 && e < 1)) {
    throw new RangeError(`solveKeplerEquation needs 0 <= e < 1, got ${e}`);
  }
  const reduced = normalizeAngleMinusPiToPi(meanAnomalyRad);
  const offset = meanAnomalyRad - reduced;
  const sign = reduced < 0 ? -1 : 1;
  const m = Math.abs(reduced); // in [0, π]
  if (e === 0 || m === 0 || m === Math.PI) return meanAnomalyRad;

  let lo = m;
  let hi = Math.min(m + e, Math.PI);
  let ecc = Math.min(m + 0.85 * e, hi);
  for (let iter = 0; iter < 100; iter++) {
    const sinE = Math.sin(ecc);
    const cosE = Math.cos(ecc);
    const f = ecc - e * sinE - m;
    if (f === 0) break;
    if (f > 0) hi = ecc;
    else lo = ecc;
    const f1 = 1 - e * cosE;
    const f2 = e * sinE;
    // Halley: dE = -f / (f' - f f'' / (2 f'))
    let next = ecc - f / (f1 - (0.5 * f * f2) / f1);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    const step = Math.abs(next - ecc);
    ecc = next;
    if (step <= 4e-16 * Math.max(1, ecc)) break;
  }
  return offset + sign * ecc;
}

/**
 * Solve the hyperbolic Kepler equation M = e sinh H − H for H (e > 1).
 * Starter H0 = ln(2M/e + 1.8) (Vallado Algorithm 4 "KepEqtnH"), refined by Newton's method. The
 * function f(H) = e sinh H − H − M is increasing and convex for H > 0, so Newton converges
 * monotonically once an iterate lies right of the root (at most one step from a starter on the left).
 */
export function solveHyperbolicKeplerEquation(meanAnomalyRad: number, e: number): number {
  if (!(e > 1)) throw new RangeError(`solveHyperbolicKeplerEquation needs e > 1, got ${e}`);
  const sign = meanAnomalyRad < 0 ? -1 : 1;
  const m = Math.abs(meanAnomalyRad);
  if (m === 0) return 0;
  let h = Math.log((2 * m) / e + 1.8);
  for (let iter = 0; iter < 200; iter++) {
    const sh = Math.sinh(h);
    const ch = Math.cosh(h);
    const f = e * sh - h - m;
    const f1 = e * ch - 1;
    const dh = f / f1;
    h -= dh;
    if (h < 0) h = 0.5 * (h + dh); // stay on H >= 0 (the root is positive)
    if (Math.abs(dh) <= 4e-16 * Math.max(1, Math.abs(h))) break;
  }
  return sign * h;
}

/** Mean anomaly from eccentric anomaly (elliptic) or hyperbolic anomaly (hyperbolic). */
export function eccentricToMeanAnomaly(eccentricAnomalyRad: number, e: number): number {
  if (e < 1) return eccentricAnomalyRad - e * Math.sin(eccentricAnomalyRad);
  return e * Math.sinh(eccentricAnomalyRad) - eccentricAnomalyRad;
}

/** Eccentric (or hyperbolic) anomaly from mean anomaly. */
export function meanToEccentricAnomaly(meanAnomalyRad: number, e: number): number {
  return e < 1
    ? solveKeplerEquation(meanAnomalyRad, e)
    : solveHyperbolicKeplerEquation(meanAnomalyRad, e);
}

/**
 * True anomaly from eccentric (or hyperbolic) anomaly.
 * Elliptic: ν = E + 2 atan(β sin E / (1 − β cos E)) with β = e / (1 + √(1−e²)) — the form Orekit's
 * KeplerianAnomalyUtility uses; it keeps ν in the same revolution as E and has no singularity at E = π
 * (unlike the half-angle tangent form).
 * Hyperbolic: ν = 2 atan(√((e+1)/(e−1)) tanh(H/2)).
 */
export function eccentricToTrueAnomaly(eccentricAnomalyRad: number, e: number): number {
  if (e < 1) {
    const beta = e / (1 + Math.sqrt((1 - e) * (1 + e)));
    const s = Math.sin(eccentricAnomalyRad);
    const c = Math.cos(eccentricAnomalyRad);
    return eccentricAnomalyRad + 2 * Math.atan((beta * s) / (1 - beta * c));
  }
  return 2 * Math.atan(Math.sqrt((e + 1) / (e - 1)) * Math.tanh(eccentricAnomalyRad / 2));
}

/**
 * Eccentric (or hyperbolic) anomaly from true anomaly.
 * Elliptic: E = ν − 2 atan(β sin ν / (1 + β cos ν)), the inverse of the form above.
 * Hyperbolic: H = 2 atanh(√((e−1)/(e+1)) tan(ν/2)).
 */
export function trueToEccentricAnomaly(trueAnomalyRad: number, e: number): number {
  if (e < 1) {
    const beta = e / (1 + Math.sqrt((1 - e) * (1 + e)));
    const s = Math.sin(trueAnomalyRad);
    const c = Math.cos(trueAnomalyRad);
    return trueAnomalyRad - 2 * Math.atan((beta * s) / (1 + beta * c));
  }
  return 2 * Math.atanh(Math.sqrt((e - 1) / (e + 1)) * Math.tan(trueAnomalyRad / 2));
}

/** True anomaly from mean anomaly. */
export function meanToTrueAnomaly(meanAnomalyRad: number, e: number): number {
  return eccentricToTrueAnomaly(meanToEccentricAnomaly(meanAnomalyRad, e), e);
}

/** Mean anomaly from true anomaly. */
export function trueToMeanAnomaly(trueAnomalyRad: number, e: number): number {
  return eccentricToMeanAnomaly(trueToEccentricAnomaly(trueAnomalyRad, e), e);
}

// ---------------------------------------------------------------------------------------------
// Cartesian <-> Keplerian
// ---------------------------------------------------------------------------------------------

/**
 * Osculating Keplerian elements of a Cartesian state.
 *
 * Follows Orekit's KeplerianOrbit(PVCoordinates) construction, which stays well defined for
 * near-circular and near-equatorial orbits:
 *  - i from the angular momentum h, Ω = atan2(hx, −hy);
 *  - a from the vis-viva equation, then e cos E = r v²/μ − 1 and e sin E = r·v / √(μ a), so e and E
 *    come from one atan2 (no division by a small e);
 *  - the argument of latitude u from the position in the node frame, and ω = u − ν.
 * Throws a RangeError for degenerate input (zero position, rectilinear or parabolic motion), which
 * callers validating user data should check beforehand.
 */
export function cartesianToKeplerian(
  positionKm: Vec3Like,
  velocityKmPerS: Vec3Like,
  muKm3PerS2: number = MU_EARTH_KM3_S2,
): KeplerianElements {
  const x = positionKm[0]!, y = positionKm[1]!, z = positionKm[2]!;
  const vx = velocityKmPerS[0]!, vy = velocityKmPerS[1]!, vz = velocityKmPerS[2]!;
  const hX = y * vz - z * vy;
  const hY = z * vx - x * vz;
  const hZ = x * vy - y * vx;
  const hNorm = Math.hypot(hX, hY, hZ);
  const rNorm = Math.hypot(x, y, z);
  if (!(rNorm > 0) || !(hNorm > 0) || !Number.isFinite(hNorm)) {
    throw new RangeError('cartesianToKeplerian: degenerate state (zero position or rectilinear motion)');
  }
  const v2 = vx * vx + vy * vy + vz * vz;
  const rv = x * vx + y * vy + z * vz;
  const iRad = Math.atan2(Math.hypot(hX, hY), hZ);
  // h along ±Z to rounding level: the node is undefined; use Ω = 0 (atan2(0, -0) would even give π)
  const raanRad = Math.hypot(hX, hY) <= SINGULAR_THRESHOLD * hNorm ? 0 : Math.atan2(hX, -hY);

  const rV2OnMu = (rNorm * v2) / muKm3PerS2;
  const aKm = rNorm / (2 - rV2OnMu);
  let e: number;
  let trueAnomalyRad: number;
  let eccentricAnomalyRad: number;
  let meanAnomalyRad: number;
  if (aKm > 0) {
    const eSE = rv / Math.sqrt(muKm3PerS2 * aKm);
    const eCE = rV2OnMu - 1;
    e = Math.hypot(eSE, eCE);
    eccentricAnomalyRad = Math.atan2(eSE, eCE);
    trueAnomalyRad = eccentricToTrueAnomaly(eccentricAnomalyRad, e);
    meanAnomalyRad = eccentricToMeanAnomaly(eccentricAnomalyRad, e);
  } else if (aKm < 0) {
    const eSH = rv / Math.sqrt(-muKm3PerS2 * aKm);
    const eCH = rV2OnMu - 1;
    e = Math.sqrt((eCH - eSH) * (eCH + eSH));
    eccentricAnomalyRad = Math.log((eCH + eSH) / (eCH - eSH)) / 2;
    trueAnomalyRad = eccentricToTrueAnomaly(eccentricAnomalyRad, e);
    meanAnomalyRad = eccentricToMeanAnomaly(eccentricAnomalyRad, e);
  } else {
    throw new RangeError('cartesianToKeplerian: parabolic orbit (infinite semi-major axis)');
  }

  // Argument of latitude: position in the (node, h × node) frame.
  const cosRaan = Math.cos(raanRad);
  const sinRaan = Math.sin(raanRad);
  const px = x * cosRaan + y * sinRaan;
  // (ĥ × N) = (−hz sinΩ, hz cosΩ, hx sinΩ − hy cosΩ) / |h|
  const py = ((-x * sinRaan + y * cosRaan) * hZ + z * (hX * sinRaan - hY * cosRaan)) / hNorm;
  const argLatitudeRad = Math.atan2(py, px);
  let argPerigeeRad = argLatitudeRad - trueAnomalyRad;
  if (e <= SINGULAR_THRESHOLD) {
    argPerigeeRad = 0;
    trueAnomalyRad = argLatitudeRad;
    eccentricAnomalyRad = argLatitudeRad;
    meanAnomalyRad = argLatitudeRad;
  }
  const elliptic = aKm > 0;
  return {
    aKm,
    e,
    iRad,
    raanRad: normalizeAngle0To2Pi(raanRad),
    argPerigeeRad: normalizeAngle0To2Pi(argPerigeeRad),
    trueAnomalyRad: elliptic ? normalizeAngle0To2Pi(trueAnomalyRad) : trueAnomalyRad,
    eccentricAnomalyRad: elliptic ? normalizeAngle0To2Pi(eccentricAnomalyRad) : eccentricAnomalyRad,
    meanAnomalyRad: elliptic ? normalizeAngle0To2Pi(meanAnomalyRad) : meanAnomalyRad,
  };
}

function trueAnomalyOf(elements: KeplerianInput): number {
  const given =
    (elements.trueAnomalyRad !== undefined ? 1 : 0) +
    (elements.meanAnomalyRad !== undefined ? 1 : 0) +
    (elements.eccentricAnomalyRad !== undefined ? 1 : 0);
  // Exactly one anomaly, or all three (a complete set from cartesianToKeplerian, taken as consistent).
  if (given === 3) return elements.trueAnomalyRad!;
  if (given !== 1) {
    throw new TypeError('keplerianToCartesian: give exactly one of trueAnomalyRad, meanAnomalyRad, eccentricAnomalyRad (or all three)');
  }
  if (elements.trueAnomalyRad !== undefined) return elements.trueAnomalyRad;
  if (elements.eccentricAnomalyRad !== undefined) {
    return eccentricToTrueAnomaly(elements.eccentricAnomalyRad, elements.e);
  }
  return meanToTrueAnomaly(elements.meanAnomalyRad!, elements.e);
}

/**
 * Cartesian state from Keplerian elements (perifocal frame rotated by R3(−Ω) R1(−i) R3(−ω),
 * Vallado Algorithm 10 "COE2RV"). Works for elliptic and hyperbolic orbits (p = a(1 − e²) > 0 in both
 * cases with Orekit's sign convention).
 */
export function keplerianToCartesian(
  elements: KeplerianInput,
  muKm3PerS2: number = MU_EARTH_KM3_S2,
): CartesianState {
  const { aKm, e, iRad, raanRad, argPerigeeRad } = elements;
  const nu = trueAnomalyOf(elements);
  const pKm = aKm * (1 - e) * (1 + e);
  if (!(pKm > 0) || !(e >= 0)) {
    throw new RangeError(`keplerianToCartesian: inconsistent a=${aKm} km, e=${e} (a(1-e^2) must be > 0)`);
  }
  const cosNu = Math.cos(nu);
  const sinNu = Math.sin(nu);
  const rKm = pKm / (1 + e * cosNu);
  const sqrtMuOverP = Math.sqrt(muKm3PerS2 / pKm);
  // perifocal components
  const xP = rKm * cosNu;
  const yP = rKm * sinNu;
  const vxP = -sqrtMuOverP * sinNu;
  const vyP = sqrtMuOverP * (e + cosNu);

  const cO = Math.cos(raanRad), sO = Math.sin(raanRad);
  const cw = Math.cos(argPerigeeRad), sw = Math.sin(argPerigeeRad);
  const ci = Math.cos(iRad), si = Math.sin(iRad);
  // Columns of the perifocal -> inertial rotation: P (towards perigee) and Q (90° ahead in the plane).
  const pX = cO * cw - sO * sw * ci;
  const pY = sO * cw + cO * sw * ci;
  const pZ = sw * si;
  const qX = -cO * sw - sO * cw * ci;
  const qY = -sO * sw + cO * cw * ci;
  const qZ = cw * si;
  return {
    positionKm: [xP * pX + yP * qX, xP * pY + yP * qY, xP * pZ + yP * qZ],
    velocityKmPerS: [vxP * pX + vyP * qX, vxP * pY + vyP * qY, vxP * pZ + vyP * qZ],
  };
}

// ---------------------------------------------------------------------------------------------
// Derived quantities
// ---------------------------------------------------------------------------------------------

/** Keplerian orbital period 2π √(a³/μ), s (elliptic orbits only; NaN otherwise). */
export function orbitalPeriodS(aKm: number, muKm3PerS2: number = MU_EARTH_KM3_S2): number {
  if (!(aKm > 0)) return Number.NaN;
  return TWO_PI * Math.sqrt((aKm * aKm * aKm) / muKm3PerS2);
}

/** Keplerian mean motion √(μ/|a|³), rad/s. */
export function meanMotionRadPerS(aKm: number, muKm3PerS2: number = MU_EARTH_KM3_S2): number {
  const absA = Math.abs(aKm);
  return Math.sqrt(muKm3PerS2 / (absA * absA * absA));
}

/** Perigee radius a(1 − e), km (valid for elliptic and hyperbolic orbits). */
export function perigeeRadiusKm(aKm: number, e: number): number {
  return aKm * (1 - e);
}

/** Apogee radius a(1 + e), km (elliptic orbits; +Infinity for e >= 1). */
export function apogeeRadiusKm(aKm: number, e: number): number {
  return e < 1 ? aKm * (1 + e) : Number.POSITIVE_INFINITY;
}

/** Semi-latus rectum p = a(1 − e²), km. */
export function semiLatusRectumKm(aKm: number, e: number): number {
  return aKm * (1 - e) * (1 + e);
}
