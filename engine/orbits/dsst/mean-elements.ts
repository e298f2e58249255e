/**
 * DSST mean elements from an osculating state (Orekit DSSTPropagator.computeMeanState with its
 * default FixedPointConverter, zonal model only).
 *
 * Fixed-point iteration on the equinoctial elements (a, ex, ey, hx, hy, true longitude L):
 *   mean_0 = osc;  mean_{k+1} = mean_k + (osc − osculating(mean_k)),  osculating(m) = m + η(m)
 * where η are the zonal short-periodic variations (zonal-short-periodics.ts) added in the
 * (a, ex, ey, hx, hy, λ) set. Convergence, as in Orekit's FixedPointConverter (damping 1):
 *   |Δa| < ε·a,  |Δex|, |Δey| < ε(1 + e),  |Δhx|, |Δhy| < ε(1 + |h|),  |ΔL| < ε·π,
 * with ε = 1e-13 and at most 200 iterations. Failure to converge, or an input outside the theory's
 * domain, gives `elements: null` and a warning — never an exception.
 */
import { MU_EARTH_KM3_S2 } from '../../constants.ts';
import { RAD_TO_DEG } from '../../math/angles.ts';
import { normalizeAngleMinusPiToPi, type Vec3Like } from '../keplerian.ts';
import { cartesianToEquinoctial, equinoctialToCartesian, equinoctialToKeplerian, meanToTrueLongitude, trueToMeanLongitude } from '../equinoctial.ts';
import { zonalShortPeriodics, type ZonalModel } from './zonal-short-periodics.ts';
import { egm96ZonalField, MAX_ZONAL_DEGREE, type ZonalField } from './zonal-field.ts';


export interface MeanElementsDsstOptions {
  /**
   * Unit vector of the Earth's rotation pole (the ITRF Z axis) expressed in the frame of the state
   * (GCRF) at the state's epoch — the third row of the GCRF→ITRF rotation matrix. DSST's zonal model
   * is evaluated about this axis (Orekit DSSTZonal(bodyFrame = ITRF)); using the GCRF Z axis instead
   * (0.13° away in 2023) shifts the mean a of a LEO by tens of metres. Normalized internally.
   */
  earthPoleGcrf: Vec3Like;
  /** Highest zonal degree, 2..6 (default 6: J2..J6). */
  zonalDegree?: number;
  /** Zonal field (default: EGM96, μ 398600.4415 km³/s², Re 6378.1363 km, as Orekit's reference). */
  field?: ZonalField;
  /** Orbit gravitational parameter for the element conversions (default 398600.4418 km³/s²). */
  muKm3PerS2?: number;
  /** Relative convergence threshold (default 1e-13). */
  tolerance?: number;
  /** Maximum number of fixed-point iterations (default 200). */
  maxIterations?: number;
}

/** Mean Keplerian elements (angles in degrees, [0, 360)). */
export interface MeanKeplerianElements {
  aKm: number;
  e: number;
  iDeg: number;
  raanDeg: number;
  argPerigeeDeg: number;
  meanAnomalyDeg: number;
  trueAnomalyDeg: number;
}

/** Mean equinoctial elements (Orekit definitions; mean longitude in degrees, [0, 360)). */
export interface MeanEquinoctialElements {
  aKm: number;
  ex: number;
  ey: number;
  hx: number;
  hy: number;
  meanLongitudeDeg: number;
}

/** The mean-element theory of these elements (Danielson et al. 1995, as Orekit's DSST). */
export const MEAN_ELEMENTS_THEORY = 'DSST' as const;

export type MeanElementsDsstResult =
  | {
      elements: MeanKeplerianElements;
      equinoctial: MeanEquinoctialElements;
      iterations: number;
      theory: typeof MEAN_ELEMENTS_THEORY;
    }
  | { elements: null; warning: string; iterations: number };

function fail(warning: string, iterations = 0): MeanElementsDsstResult {
  return { elements: null, warning, iterations };
}

/**
 * Mean (DSST, zonal J2..J6 short-periodic terms) Keplerian and equinoctial elements of an osculating
 * Cartesian state (km, km/s) in an inertial frame (GCRF).
 */
export function meanElementsDsst(
  positionKm: Vec3Like,
  velocityKmPerS: Vec3Like,
  options: MeanElementsDsstOptions,
): MeanElementsDsstResult {
  const degree = options.zonalDegree ?? MAX_ZONAL_DEGREE;
  if (!Number.isInteger(degree) || degree < 2 || degree > MAX_ZONAL_DEGREE) {
    return fail(`DSST mean elements: zonal degree must be 2..${MAX_ZONAL_DEGREE}, got ${degree}`);
  }
  const field = options.field ?? egm96ZonalField(degree);
  if (field.jn.length <= degree) return fail(`DSST mean elements: the zonal field has no J${degree}`);
  const muOrbit = options.muKm3PerS2 ?? MU_EARTH_KM3_S2;
  const tolerance = options.tolerance ?? 1e-13;
  const maxIterations = options.maxIterations ?? 200;

  const pole = options.earthPoleGcrf;
  const poleNorm = Math.hypot(pole[0] ?? NaN, pole[1] ?? NaN, pole[2] ?? NaN);
  if (!(poleNorm > 0) || !Number.isFinite(poleNorm)) {
    return fail('DSST mean elements: the Earth pole vector must be a finite non-zero 3-vector');
  }
  const model: ZonalModel = {
    field,
    maxDegree: degree,
    poleX: pole[0]! / poleNorm,
    poleY: pole[1]! / poleNorm,
    poleZ: pole[2]! / poleNorm,
  };

  for (let i = 0; i < 3; i++) {
    if (!Number.isFinite(positionKm[i]) || !Number.isFinite(velocityKmPerS[i])) {
      return fail('DSST mean elements: the state has non-finite components');
    }
  }
  const rKm = Math.hypot(positionKm[0]!, positionKm[1]!, positionKm[2]!);
  if (rKm < field.radiusKm) {
    return fail(`DSST mean elements: the position is inside the Earth (r = ${rKm.toFixed(3)} km < ${field.radiusKm} km)`);
  }
  let osc;
  try {
    osc = cartesianToEquinoctial(positionKm, velocityKmPerS, muOrbit);
  } catch (err) {
    return fail(`DSST mean elements: ${(err as Error).message}`);
  }
  const eOsc = Math.hypot(osc.ex, osc.ey);
  if (!(eOsc < 1)) return fail('DSST mean elements: the orbit is not elliptic (e >= 1)');
  // Same domain check as Orekit's FixedPointConverter: the theory needs a > Re.
  if (osc.aKm < field.radiusKm) {
    return fail(`DSST mean elements: semi-major axis ${osc.aKm.toFixed(3)} km is below the Earth radius`);
  }

  const thresholdA = tolerance * Math.abs(osc.aKm);
  const thresholdE = tolerance * (1 + eOsc);
  const thresholdH = tolerance * (1 + Math.hypot(osc.hx, osc.hy));
  const thresholdL = tolerance * Math.PI;

  let aKm = osc.aKm;
  let ex = osc.ex;
  let ey = osc.ey;
  let hx = osc.hx;
  let hy = osc.hy;
  let lv = osc.trueLongitudeRad;
  const eta = new Float64Array(6);
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    if (!(aKm > field.radiusKm) || !(Math.hypot(ex, ey) < 1) || !Number.isFinite(lv + hx + hy)) {
      return fail(`DSST mean elements: the iteration left the theory's domain (mean a = ${aKm} km, e = ${Math.hypot(ex, ey)})`, iteration);
    }
    // osculating(mean) = mean + η(mean), added in the (a, ex, ey, hx, hy, λ) set
    const lambda = trueToMeanLongitude(ex, ey, lv);
    zonalShortPeriodics({ aKm, ex, ey, hx, hy, meanLongitudeRad: lambda }, model, eta);
    const oscA = aKm + eta[0]!;
    const oscEx = ex + eta[1]!;
    const oscEy = ey + eta[2]!;
    const oscHx = hx + eta[3]!;
    const oscHy = hy + eta[4]!;
    if (!(Math.hypot(oscEx, oscEy) < 1)) {
      return fail('DSST mean elements: the short-periodic model produced a non-elliptic orbit', iteration);
    }
    const oscLv = meanToTrueLongitude(oscEx, oscEy, lambda + eta[5]!);

    const dA = osc.aKm - oscA;
    const dEx = osc.ex - oscEx;
    const dEy = osc.ey - oscEy;
    const dHx = osc.hx - oscHx;
    const dHy = osc.hy - oscHy;
    const dLv = normalizeAngleMinusPiToPi(osc.trueLongitudeRad - oscLv);
    if (
      Math.abs(dA) < thresholdA &&
      Math.abs(dEx) < thresholdE &&
      Math.abs(dEy) < thresholdE &&
      Math.abs(dHx) < thresholdH &&
      Math.abs(dHy) < thresholdH &&
      Math.abs(dLv) < thresholdL
    ) {
      return success(aKm, ex, ey, hx, hy, lv, iteration);
    }
    aKm += dA;
    ex += dEx;
    ey += dEy;
    hx += dHx;
    hy += dHy;
    lv += dLv;
  }
  return fail(`DSST mean elements: no convergence to ${tolerance} in ${maxIterations} iterations`, maxIterations);
}

function success(aKm: number, ex: number, ey: number, hx: number, hy: number, lv: number, iterations: number): MeanElementsDsstResult {
  const k = equinoctialToKeplerian({ aKm, ex, ey, hx, hy, trueLongitudeRad: lv });
  const lambda = trueToMeanLongitude(ex, ey, lv);
  const deg = (rad: number) => {
    const d = rad * RAD_TO_DEG;
    const r = d - 360 * Math.floor(d / 360);
    return r >= 360 ? 0 : r;
  };
  return {
    elements: {
      aKm,
      e: k.e,
      iDeg: k.iRad * RAD_TO_DEG,
      raanDeg: deg(k.raanRad),
      argPerigeeDeg: deg(k.argPerigeeRad),
      meanAnomalyDeg: deg(k.meanAnomalyRad),
      trueAnomalyDeg: deg(k.trueAnomalyRad),
    },
    equinoctial: { aKm, ex, ey, hx, hy, meanLongitudeDeg: deg(lambda) },
    iterations,
    theory: MEAN_ELEMENTS_THEORY,
  };
}

/**
 * The inverse map: osculating Cartesian state (km, km/s) of DSST mean equinoctial elements, i.e.
 * mean + η(mean) with the zonal short-periodic terms (Orekit DSSTPropagator.computeOsculatingState
 * for a zonal-only model). Throws a RangeError if the elements are outside the theory's domain.
 */
export function osculatingStateFromDsstMean(
  mean: MeanEquinoctialElements,
  options: MeanElementsDsstOptions,
): { positionKm: [number, number, number]; velocityKmPerS: [number, number, number] } {
  const degree = options.zonalDegree ?? MAX_ZONAL_DEGREE;
  const field = options.field ?? egm96ZonalField(degree);
  const pole = options.earthPoleGcrf;
  const poleNorm = Math.hypot(pole[0]!, pole[1]!, pole[2]!);
  if (!(poleNorm > 0) || !Number.isFinite(poleNorm)) throw new RangeError('the Earth pole vector must be finite and non-zero');
  if (!(mean.aKm > field.radiusKm) || !(Math.hypot(mean.ex, mean.ey) < 1)) {
    throw new RangeError('DSST mean elements need a > Re and e < 1');
  }
  const eta = new Float64Array(6);
  const lambda = mean.meanLongitudeDeg / RAD_TO_DEG;
  zonalShortPeriodics(
    { aKm: mean.aKm, ex: mean.ex, ey: mean.ey, hx: mean.hx, hy: mean.hy, meanLongitudeRad: lambda },
    { field, maxDegree: degree, poleX: pole[0]! / poleNorm, poleY: pole[1]! / poleNorm, poleZ: pole[2]! / poleNorm },
    eta,
  );
  return equinoctialToCartesian(
    {
      aKm: mean.aKm + eta[0]!,
      ex: mean.ex + eta[1]!,
      ey: mean.ey + eta[2]!,
      hx: mean.hx + eta[3]!,
      hy: mean.hy + eta[4]!,
      meanLongitudeRad: lambda + eta[5]!,
    },
    options.muKm3PerS2 ?? MU_EARTH_KM3_S2,
  );
}
