/**
 * Equinoctial orbital elements with Orekit's EquinoctialOrbit definitions (direct set, retrograde
 * factor I = +1):
 *   a,  ex = e cos(ω+Ω),  ey = e sin(ω+Ω),  hx = tan(i/2) cos Ω,  hy = tan(i/2) sin Ω,
 *   longitude argument L = ν+ω+Ω (true), λ = M+ω+Ω (mean) or F = E+ω+Ω (eccentric).
 * They stay regular for circular and equatorial orbits; only i = π (retrograde equatorial) is singular.
 *
 * Units: km, km/s, rad, μ in km^3/s^2. Elliptic orbits only (e < 1).
 * References: Broucke & Cefola, "On the equinoctial orbit elements", Celest. Mech. 5 (1972);
 * Danielson et al., "Semi-analytic Satellite Theory" (1995) §2.1.
 */
import { MU_EARTH_KM3_S2 } from '../constants.ts';
import {
  normalizeAngle0To2Pi,
  solveKeplerEquation,
  type CartesianState,
  type KeplerianElements,
  type Vec3,
  type Vec3Like,
} from './keplerian.ts';

export interface EquinoctialElements {
  aKm: number;
  ex: number;
  ey: number;
  hx: number;
  hy: number;
  /** True longitude L = ν + ω + Ω, rad, [0, 2π). */
  trueLongitudeRad: number;
  /** Eccentric longitude F = E + ω + Ω, rad, [0, 2π). */
  eccentricLongitudeRad: number;
  /** Mean longitude λ = M + ω + Ω, rad, [0, 2π). */
  meanLongitudeRad: number;
}

/**
 * Equinoctial elements as input: exactly one longitude argument must be given, or all three (a
 * complete `EquinoctialElements`, whose true longitude is then used).
 */
export interface EquinoctialInput {
  aKm: number;
  ex: number;
  ey: number;
  hx: number;
  hy: number;
  trueLongitudeRad?: number;
  eccentricLongitudeRad?: number;
  meanLongitudeRad?: number;
}

/** The equinoctial reference frame (f, g, w): f and g in the orbit plane, w along the momentum. */
export interface EquinoctialFrame {
  f: Vec3;
  g: Vec3;
  w: Vec3;
}

/**
 * Unit vectors of the equinoctial frame from hx, hy (Danielson et al. 1995, eq. 2.1.4-(1), with I = +1;
 * Orekit EquinoctialOrbit / AuxiliaryElements).
 */
export function equinoctialFrame(hx: number, hy: number): EquinoctialFrame {
  const hx2 = hx * hx;
  const hy2 = hy * hy;
  const k = 1 / (1 + hx2 + hy2);
  const hxy2 = 2 * hx * hy;
  return {
    f: [k * (1 - hy2 + hx2), k * hxy2, k * -2 * hy],
    g: [k * hxy2, k * (1 + hy2 - hx2), k * 2 * hx],
    w: [k * 2 * hy, k * -2 * hx, k * (1 - hx2 - hy2)],
  };
}

// ---------------------------------------------------------------------------------------------
// Longitude conversions (the equinoctial counterparts of the anomaly conversions)
// ---------------------------------------------------------------------------------------------

/** Eccentric longitude F from true longitude L: F = L − 2 atan((ex sin L − ey cos L) / (1 + √(1−e²) + ex cos L + ey sin L)). */
export function trueToEccentricLongitude(ex: number, ey: number, trueLongitudeRad: number): number {
  const epsilon = Math.sqrt(1 - ex * ex - ey * ey);
  const c = Math.cos(trueLongitudeRad);
  const s = Math.sin(trueLongitudeRad);
  const num = ex * s - ey * c;
  const den = epsilon + 1 + ex * c + ey * s;
  return trueLongitudeRad - 2 * Math.atan(num / den);
}

/** True longitude L from eccentric longitude F (inverse of the above). */
export function eccentricToTrueLongitude(ex: number, ey: number, eccentricLongitudeRad: number): number {
  const epsilon = Math.sqrt(1 - ex * ex - ey * ey);
  const c = Math.cos(eccentricLongitudeRad);
  const s = Math.sin(eccentricLongitudeRad);
  const num = ex * s - ey * c;
  const den = epsilon + 1 - ex * c - ey * s;
  return eccentricLongitudeRad + 2 * Math.atan(num / den);
}

/** Mean longitude λ = F − ex sin F + ey cos F (Kepler's equation in equinoctial form). */
export function eccentricToMeanLongitude(ex: number, ey: number, eccentricLongitudeRad: number): number {
  return eccentricLongitudeRad - ex * Math.sin(eccentricLongitudeRad) + ey * Math.cos(eccentricLongitudeRad);
}

/**
 * Eccentric longitude from mean longitude. With ϖ = atan2(ey, ex) the equation becomes Kepler's
 * equation in E = F − ϖ, M = λ − ϖ, so the robust solver of keplerian.ts is reused.
 */
export function meanToEccentricLongitude(ex: number, ey: number, meanLongitudeRad: number): number {
  const e = Math.hypot(ex, ey);
  if (e === 0) return meanLongitudeRad;
  const longitudeOfPerigeeRad = Math.atan2(ey, ex);
  return longitudeOfPerigeeRad + solveKeplerEquation(meanLongitudeRad - longitudeOfPerigeeRad, e);
}

export function trueToMeanLongitude(ex: number, ey: number, trueLongitudeRad: number): number {
  return eccentricToMeanLongitude(ex, ey, trueToEccentricLongitude(ex, ey, trueLongitudeRad));
}

export function meanToTrueLongitude(ex: number, ey: number, meanLongitudeRad: number): number {
  return eccentricToTrueLongitude(ex, ey, meanToEccentricLongitude(ex, ey, meanLongitudeRad));
}

function trueLongitudeOf(el: EquinoctialInput): number {
  const given =
    (el.trueLongitudeRad !== undefined ? 1 : 0) +
    (el.meanLongitudeRad !== undefined ? 1 : 0) +
    (el.eccentricLongitudeRad !== undefined ? 1 : 0);
  // Exactly one longitude, or all three (a complete set as returned by this module, taken as consistent).
  if (given === 3) return el.trueLongitudeRad!;
  if (given !== 1) {
    throw new TypeError('give exactly one of trueLongitudeRad, meanLongitudeRad, eccentricLongitudeRad (or all three)');
  }
  if (el.trueLongitudeRad !== undefined) return el.trueLongitudeRad;
  if (el.eccentricLongitudeRad !== undefined) return eccentricToTrueLongitude(el.ex, el.ey, el.eccentricLongitudeRad);
  return meanToTrueLongitude(el.ex, el.ey, el.meanLongitudeRad!);
}

function completeLongitudes(aKm: number, ex: number, ey: number, hx: number, hy: number, trueLongitudeRad: number): EquinoctialElements {
  const eccentricLongitudeRad = trueToEccentricLongitude(ex, ey, trueLongitudeRad);
  return {
    aKm,
    ex,
    ey,
    hx,
    hy,
    trueLongitudeRad: normalizeAngle0To2Pi(trueLongitudeRad),
    eccentricLongitudeRad: normalizeAngle0To2Pi(eccentricLongitudeRad),
    meanLongitudeRad: normalizeAngle0To2Pi(eccentricToMeanLongitude(ex, ey, eccentricLongitudeRad)),
  };
}

/** Fill in all three longitudes of an equinoctial input. */
export function completeEquinoctial(el: EquinoctialInput): EquinoctialElements {
  return completeLongitudes(el.aKm, el.ex, el.ey, el.hx, el.hy, trueLongitudeOf(el));
}

// ---------------------------------------------------------------------------------------------
// Cartesian <-> equinoctial
// ---------------------------------------------------------------------------------------------

/**
 * Equinoctial elements of a Cartesian state (Orekit EquinoctialOrbit(PVCoordinates)):
 * hx = −w_y / (1 + w_z), hy = w_x / (1 + w_z) with w the unit angular momentum; ex, ey are the
 * components of the eccentricity vector on f and g; L = atan2(r·g, r·f).
 * Throws a RangeError for hyperbolic/parabolic or retrograde-equatorial (w_z = −1) states.
 */
export function cartesianToEquinoctial(
  positionKm: Vec3Like,
  velocityKmPerS: Vec3Like,
  muKm3PerS2: number = MU_EARTH_KM3_S2,
): EquinoctialElements {
  const x = positionKm[0]!, y = positionKm[1]!, z = positionKm[2]!;
  const vx = velocityKmPerS[0]!, vy = velocityKmPerS[1]!, vz = velocityKmPerS[2]!;
  const hX = y * vz - z * vy;
  const hY = z * vx - x * vz;
  const hZ = x * vy - y * vx;
  const hNorm = Math.hypot(hX, hY, hZ);
  const rNorm = Math.hypot(x, y, z);
  if (!(rNorm > 0) || !(hNorm > 0) || !Number.isFinite(hNorm)) {
    throw new RangeError('cartesianToEquinoctial: degenerate state (zero position or rectilinear motion)');
  }
  const wz = hZ / hNorm;
  if (!(1 + wz > 0)) throw new RangeError('cartesianToEquinoctial: retrograde equatorial orbit (i = 180°) is singular');
  const d = 1 / (1 + wz);
  const hx = (-d * hY) / hNorm;
  const hy = (d * hX) / hNorm;

  const v2 = vx * vx + vy * vy + vz * vz;
  const aKm = rNorm / (2 - (rNorm * v2) / muKm3PerS2);
  if (!(aKm > 0)) throw new RangeError('cartesianToEquinoctial: equinoctial elements need an elliptic orbit');

  const { f, g } = equinoctialFrame(hx, hy);
  const rv = x * vx + y * vy + z * vz;
  // eccentricity vector ((v² − μ/r) r − (r·v) v) / μ
  const c1 = v2 - muKm3PerS2 / rNorm;
  const eX = (c1 * x - rv * vx) / muKm3PerS2;
  const eY = (c1 * y - rv * vy) / muKm3PerS2;
  const eZ = (c1 * z - rv * vz) / muKm3PerS2;
  const ex = eX * f[0] + eY * f[1] + eZ * f[2];
  const ey = eX * g[0] + eY * g[1] + eZ * g[2];
  const trueLongitudeRad = Math.atan2(x * g[0] + y * g[1] + z * g[2], x * f[0] + y * f[1] + z * f[2]);
  return completeLongitudes(aKm, ex, ey, hx, hy, trueLongitudeRad);
}

/**
 * Cartesian state from equinoctial elements. In the (f, g) plane, with p = a(1 − ex² − ey²):
 *   r = p / (1 + ex cos L + ey sin L),  X = r cos L,  Y = r sin L,
 *   Ẋ = −√(μ/p) (ey + sin L),  Ẏ = √(μ/p) (ex + cos L)
 * (Walker, Ireland & Owens 1985, the modified-equinoctial form, which is exact for any e < 1).
 */
export function equinoctialToCartesian(el: EquinoctialInput, muKm3PerS2: number = MU_EARTH_KM3_S2): CartesianState {
  const L = trueLongitudeOf(el);
  const { aKm, ex, ey, hx, hy } = el;
  const pKm = aKm * (1 - ex * ex - ey * ey);
  if (!(pKm > 0) || !(aKm > 0)) {
    throw new RangeError(`equinoctialToCartesian: needs an elliptic orbit (a=${aKm} km, e=${Math.hypot(ex, ey)})`);
  }
  const cosL = Math.cos(L);
  const sinL = Math.sin(L);
  const rKm = pKm / (1 + ex * cosL + ey * sinL);
  const X = rKm * cosL;
  const Y = rKm * sinL;
  const sqrtMuOverP = Math.sqrt(muKm3PerS2 / pKm);
  const Xdot = -sqrtMuOverP * (ey + sinL);
  const Ydot = sqrtMuOverP * (ex + cosL);
  const { f, g } = equinoctialFrame(hx, hy);
  return {
    positionKm: [X * f[0] + Y * g[0], X * f[1] + Y * g[1], X * f[2] + Y * g[2]],
    velocityKmPerS: [Xdot * f[0] + Ydot * g[0], Xdot * f[1] + Ydot * g[1], Xdot * f[2] + Ydot * g[2]],
  };
}

// ---------------------------------------------------------------------------------------------
// Keplerian <-> equinoctial (element sets only)
// ---------------------------------------------------------------------------------------------

/** Equinoctial elements from Keplerian ones (i < π). */
export function keplerianToEquinoctial(k: {
  aKm: number;
  e: number;
  iRad: number;
  raanRad: number;
  argPerigeeRad: number;
  trueAnomalyRad: number;
}): EquinoctialElements {
  const lonPerigee = k.argPerigeeRad + k.raanRad;
  const tanHalfI = Math.tan(k.iRad / 2);
  return completeLongitudes(
    k.aKm,
    k.e * Math.cos(lonPerigee),
    k.e * Math.sin(lonPerigee),
    tanHalfI * Math.cos(k.raanRad),
    tanHalfI * Math.sin(k.raanRad),
    k.trueAnomalyRad + lonPerigee,
  );
}

/**
 * Keplerian elements from equinoctial ones. For e = 0 the argument of perigee is set to 0 (anomaly =
 * argument of latitude); for i = 0 the node is set to 0 (ω = longitude of perigee), as in
 * cartesianToKeplerian.
 */
export function equinoctialToKeplerian(el: EquinoctialInput): KeplerianElements {
  const full = completeEquinoctial(el);
  const e = Math.hypot(full.ex, full.ey);
  const tanHalfI = Math.hypot(full.hx, full.hy);
  const iRad = 2 * Math.atan(tanHalfI);
  const raanRad = tanHalfI === 0 ? 0 : Math.atan2(full.hy, full.hx);
  const lonPerigeeRad = e === 0 ? raanRad : Math.atan2(full.ey, full.ex);
  return {
    aKm: full.aKm,
    e,
    iRad,
    raanRad: normalizeAngle0To2Pi(raanRad),
    argPerigeeRad: normalizeAngle0To2Pi(lonPerigeeRad - raanRad),
    trueAnomalyRad: normalizeAngle0To2Pi(full.trueLongitudeRad - lonPerigeeRad),
    eccentricAnomalyRad: normalizeAngle0To2Pi(full.eccentricLongitudeRad - lonPerigeeRad),
    meanAnomalyRad: normalizeAngle0To2Pi(full.meanLongitudeRad - lonPerigeeRad),
  };
}
