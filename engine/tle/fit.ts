/**
 * State → TLE mean elements: find the SGP4/SDP4 mean elements whose propagated state at tsince = 0 equals a
 * given osculating TEME state.
 *
 * Method (after Orekit's FixedPointTleGenerationAlgorithm / FixedPointConverter with TLETheory; the idea
 * goes back to Vallado & Crawford 2008, "SGP4 orbit determination", AIAA 2008-6770):
 *  1. Fixed point on equinoctial elements (a, ex, ey, hx, hy, true longitude Lv): start with the mean
 *     elements equal to the osculating ones, evaluate SGP4 at tsince = 0, add the element difference
 *     (target − SGP4) to the mean elements, repeat until every difference is below its threshold:
 *     ε·|a|, ε·(1 + |e|) for ex/ey, ε·(1 + |h|) for hx/hy, ε·π for Lv (Orekit's scaling), ε = 1e-10.
 *  2. If that fails (SGP4's clamps and Lyddane switch make the map non-contracting near e = 0 / i = 0,
 *     e.g. GEO), the same iteration with damping 0.5, up to 1000 iterations.
 *  3. If that fails too, a Levenberg–Marquardt least-squares fit of the six mean equinoctial elements to
 *     the Cartesian state (6 residuals, position scaled by |r|, velocity by |v|; forward-difference
 *     Jacobian), started from the best iterate of steps 1–2.
 * Steps 1–2 give up early when the largest scaled residual has not reached a new minimum for
 * STAGNATION_WINDOW iterations (a limit cycle or divergence never converges later; this keeps the GEO
 * path fast). Any residual left above the acceptance limits → TleFitError with the residual.
 *
 * SGP4 is satellite.js (Vallado's 2006 code, WGS-72, opsmode 'i'); each trial satrec is built with
 * json2satrec from full-precision elements (never from rounded text). satellite.js selects SDP4 itself
 * when the un-Kozai'd period is ≥ 225 min, exactly as the TLE consumer will. B* does not change the state at
 * tsince = 0 (every drag term is multiplied by a power of tsince), so it is simply carried into the result.
 */
import { json2satrec, sgp4, type OMMJsonObject } from 'satellite.js';
import { SECONDS_PER_DAY } from '../constants.ts';
import { RAD_TO_DEG, TWO_PI } from '../math/angles.ts';
import { tleEpochProblem, tleEpochToUnixMs, type TleEpoch } from './epoch.ts';
import { TleFitError } from './errors.ts';

/** WGS-72 gravitational parameter used by SGP4 (Spacetrack Report #3; Vallado et al. 2006 `getgravconst`). */
export const SGP4_MU_KM3_PER_S2 = 398600.8;
/** WGS-72 equatorial radius used by SGP4, km. */
export const SGP4_EARTH_RADIUS_KM = 6378.135;


export interface TemeState {
  /** TEME position at the epoch, km. */
  readonly positionKm: ArrayLike<number>;
  /** TEME velocity at the epoch, km/s. */
  readonly velocityKmPerS: ArrayLike<number>;
}

/** SGP4 mean elements at the epoch, as they go into a TLE (Kozai mean motion, degrees in [0, 360)). */
export interface TleMeanElements {
  readonly epoch: TleEpoch;
  readonly meanMotionRevPerDay: number;
  readonly eccentricity: number;
  readonly inclinationDeg: number;
  readonly raanDeg: number;
  readonly argPerigeeDeg: number;
  readonly meanAnomalyDeg: number;
  readonly bstarPerEarthRadius: number;
}

export type TleFitMethod = 'fixed-point' | 'fixed-point-damped' | 'least-squares';

export interface TleFitOptions {
  /** B* carried into the element set, 1/ER (see bstar.ts). Default 0. */
  readonly bstarPerEarthRadius?: number;
  /** Relative convergence threshold ε of the fixed point (Orekit default 1e-10). */
  readonly epsilon?: number;
  /** Iterations of the undamped fixed point (Orekit default 100). */
  readonly maxIterations?: number;
  /** Damping and iteration limit of the second stage (0.5 and 1000). */
  readonly dampedDamping?: number;
  readonly dampedMaxIterations?: number;
  /** Acceptance limits of the least-squares stage. Defaults 1e-3 m and 1e-6 m/s. */
  readonly maxPositionResidualM?: number;
  readonly maxVelocityResidualMPerS?: number;
}

export interface TleFitResult {
  readonly elements: TleMeanElements;
  readonly method: TleFitMethod;
  /** Iterations of the stage that produced the result. */
  readonly iterations: number;
  /** SGP4 initialisations + evaluations spent in total (all stages). */
  readonly sgp4Evaluations: number;
  /** 'SDP4' when satellite.js chose the deep-space branch (period ≥ 225 min). */
  readonly model: 'SGP4' | 'SDP4';
  /** |r_SGP4(0) − r| in m and |v_SGP4(0) − v| in m/s of the returned full-precision elements. */
  readonly positionResidualM: number;
  readonly velocityResidualMPerS: number;
}

/** Iterations without a new best residual after which a fixed-point stage is declared stuck. */
const STAGNATION_WINDOW = 10;
const LM_MAX_ITERATIONS = 60;

/**
 * Cartesian → equinoctial (a, ex, ey, hx, hy, Lv) with the given μ, written into `out`.
 * Equinoctial frame vectors f, g as in Orekit's EquinoctialOrbit (Broucke & Cefola 1972, prograde form):
 *   f = (1 − hy² + hx², 2hx·hy, −2hy)/(1 + hx² + hy²),  g = (2hx·hy, 1 + hy² − hx², 2hx)/(1 + hx² + hy²).
 * Returns false for non-elliptic or exactly retrograde-equatorial states (the set is singular there).
 */
function cartesianToEquinoctial(
  rx: number, ry: number, rz: number, vx: number, vy: number, vz: number, mu: number, out: Float64Array,
): boolean {
  const r = Math.sqrt(rx * rx + ry * ry + rz * rz);
  const v2 = vx * vx + vy * vy + vz * vz;
  const invA = 2 / r - v2 / mu;
  if (!(invA > 0)) return false;
  const hXv = ry * vz - rz * vy;
  const hYv = rz * vx - rx * vz;
  const hZv = rx * vy - ry * vx;
  const hNorm = Math.sqrt(hXv * hXv + hYv * hYv + hZv * hZv);
  const wx = hXv / hNorm;
  const wy = hYv / hNorm;
  const wz = hZv / hNorm;
  if (!(1 + wz > 1e-14)) return false;
  const d = 1 / (1 + wz);
  const hx = -d * wy;
  const hy = d * wx;
  const k = 1 / (1 + hx * hx + hy * hy);
  const fx = (1 - hy * hy + hx * hx) * k;
  const fy = 2 * hx * hy * k;
  const fz = -2 * hy * k;
  const gx = 2 * hx * hy * k;
  const gy = (1 + hy * hy - hx * hx) * k;
  const gz = 2 * hx * k;
  // eccentricity vector e = (v × h)/μ − r/|r|
  const ecx = (vy * hZv - vz * hYv) / mu - rx / r;
  const ecy = (vz * hXv - vx * hZv) / mu - ry / r;
  const ecz = (vx * hYv - vy * hXv) / mu - rz / r;
  out[0] = 1 / invA;
  out[1] = ecx * fx + ecy * fy + ecz * fz;
  out[2] = ecx * gx + ecy * gy + ecz * gz;
  out[3] = hx;
  out[4] = hy;
  out[5] = Math.atan2(rx * gx + ry * gy + rz * gz, rx * fx + ry * fy + rz * fz);
  return true;
}

/** Angle difference reduced to [−π, π). */
function wrapPi(angle: number): number {
  return angle - TWO_PI * Math.floor((angle + Math.PI) / TWO_PI);
}

function wrap2Pi(angle: number): number {
  return angle - TWO_PI * Math.floor(angle / TWO_PI);
}

/** Keplerian view of mean equinoctial elements, in the units SGP4's OMM input wants. */
interface KeplerianScratch {
  meanMotionRevPerDay: number;
  eccentricity: number;
  inclinationRad: number;
  raanRad: number;
  argPerigeeRad: number;
  meanAnomalyRad: number;
}

/**
 * Mean equinoctial → Keplerian. The TLE mean motion is the Keplerian n = √(μ/a³) of the mean a with the
 * WGS-72 μ (as Orekit's TleGenerationUtil); SGP4 treats it as Kozai's mean motion and un-Kozais it itself.
 */
function equinoctialToKeplerian(x: Float64Array, out: KeplerianScratch): boolean {
  const a = x[0]!;
  const ex = x[1]!;
  const ey = x[2]!;
  const hx = x[3]!;
  const hy = x[4]!;
  const e = Math.sqrt(ex * ex + ey * ey);
  if (!(a > 0) || !(e < 1)) return false;
  const longitudeOfPerigee = Math.atan2(ey, ex); // ω + Ω
  const raan = Math.atan2(hy, hx);
  const trueAnomaly = x[5]! - longitudeOfPerigee;
  const sinNu = Math.sin(trueAnomaly);
  const cosNu = Math.cos(trueAnomaly);
  const eccentricAnomaly = Math.atan2(Math.sqrt(1 - e * e) * sinNu, e + cosNu);
  out.meanMotionRevPerDay = (Math.sqrt(SGP4_MU_KM3_PER_S2 / (a * a * a)) * SECONDS_PER_DAY) / TWO_PI;
  out.eccentricity = e;
  out.inclinationRad = 2 * Math.atan(Math.sqrt(hx * hx + hy * hy));
  out.raanRad = wrap2Pi(raan);
  out.argPerigeeRad = wrap2Pi(longitudeOfPerigee - raan);
  out.meanAnomalyRad = wrap2Pi(eccentricAnomaly - e * Math.sin(eccentricAnomaly));
  return true;
}

/** ISO string with millisecond resolution for json2satrec (its epoch only feeds SDP4's lunisolar terms). */
function isoEpoch(epoch: TleEpoch): string {
  return new Date(Math.round(tleEpochToUnixMs(epoch))).toISOString();
}

/**
 * One SGP4 model bound to an epoch: mean equinoctial → TEME state at tsince = 0.
 * The OMM record and the Keplerian scratch are reused across calls (allocation-free apart from what
 * satellite.js allocates inside json2satrec / sgp4).
 */
class Sgp4AtEpoch {
  evaluations = 0;
  deepSpace = false;
  private readonly omm: OMMJsonObject;
  private readonly kep: KeplerianScratch = {
    meanMotionRevPerDay: 0, eccentricity: 0, inclinationRad: 0, raanRad: 0, argPerigeeRad: 0, meanAnomalyRad: 0,
  };

  constructor(epoch: TleEpoch, bstarPerEarthRadius: number) {
    this.omm = {
      OBJECT_NAME: 'FIT',
      OBJECT_ID: 'FIT',
      EPOCH: isoEpoch(epoch),
      MEAN_MOTION: 0,
      ECCENTRICITY: 0,
      INCLINATION: 0,
      RA_OF_ASC_NODE: 0,
      ARG_OF_PERICENTER: 0,
      MEAN_ANOMALY: 0,
      NORAD_CAT_ID: 0,
      ELEMENT_SET_NO: 999,
      BSTAR: bstarPerEarthRadius,
      MEAN_MOTION_DOT: 0,
      MEAN_MOTION_DDOT: 0,
    };
  }

  keplerian(mean: Float64Array): KeplerianScratch | null {
    return equinoctialToKeplerian(mean, this.kep) ? this.kep : null;
  }

  /** Writes r (km), v (km/s) into out[0..5]; false when SGP4 rejects the elements. */
  state(mean: Float64Array, out: Float64Array): boolean {
    const kep = this.keplerian(mean);
    if (kep === null) return false;
    const omm = this.omm;
    omm.MEAN_MOTION = kep.meanMotionRevPerDay;
    omm.ECCENTRICITY = kep.eccentricity;
    omm.INCLINATION = kep.inclinationRad * RAD_TO_DEG;
    omm.RA_OF_ASC_NODE = kep.raanRad * RAD_TO_DEG;
    omm.ARG_OF_PERICENTER = kep.argPerigeeRad * RAD_TO_DEG;
    omm.MEAN_ANOMALY = kep.meanAnomalyRad * RAD_TO_DEG;
    this.evaluations++;
    const satrec = json2satrec(omm);
    if (satrec.error !== 0) return false;
    const pv = sgp4(satrec, 0);
    if (pv === null || satrec.error !== 0) return false;
    this.deepSpace = satrec.method === 'd';
    out[0] = pv.position.x;
    out[1] = pv.position.y;
    out[2] = pv.position.z;
    out[3] = pv.velocity.x;
    out[4] = pv.velocity.y;
    out[5] = pv.velocity.z;
    return Number.isFinite(out[0]!) && Number.isFinite(out[5]!);
  }
}

interface StageOutcome {
  converged: boolean;
  iterations: number;
  /** Best iterate (smallest max scaled residual) and that residual. */
  best: Float64Array;
  bestScore: number;
}

/**
 * Fixed-point stage. `result` receives the converged mean elements (the iterate whose SGP4 image matched,
 * as Orekit returns it, not that iterate plus the last correction).
 */
function fixedPointStage(
  model: Sgp4AtEpoch, target: Float64Array, damping: number, maxIterations: number, thresholds: Float64Array,
  result: Float64Array,
): StageOutcome {
  const mean = Float64Array.from(target);
  const best = Float64Array.from(target);
  const pv = new Float64Array(6);
  const osc = new Float64Array(6);
  const delta = new Float64Array(6);
  let bestScore = Number.POSITIVE_INFINITY;
  let sinceBest = 0;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    if (!model.state(mean, pv)) break;
    if (!cartesianToEquinoctial(pv[0]!, pv[1]!, pv[2]!, pv[3]!, pv[4]!, pv[5]!, SGP4_MU_KM3_PER_S2, osc)) break;
    let score = 0;
    for (let k = 0; k < 6; k++) {
      const d = k === 5 ? wrapPi(target[5]! - osc[5]!) : target[k]! - osc[k]!;
      delta[k] = d;
      const s = Math.abs(d) / thresholds[k]!;
      if (s > score) score = s;
    }
    if (score < bestScore) {
      bestScore = score;
      best.set(mean);
      sinceBest = 0;
    } else if (++sinceBest >= STAGNATION_WINDOW) {
      return { converged: false, iterations: iteration, best, bestScore };
    }
    if (score < 1) {
      result.set(mean);
      return { converged: true, iterations: iteration, best, bestScore };
    }
    for (let k = 0; k < 6; k++) mean[k] = mean[k]! + damping * delta[k]!;
  }
  return { converged: false, iterations: maxIterations, best, bestScore };
}

/** Residual vector of the least-squares stage: (r − r0)/|r0|, (v − v0)/|v0|. */
function lsqResidual(
  model: Sgp4AtEpoch, x: Float64Array, target: Float64Array, rScale: number, vScale: number,
  pv: Float64Array, out: Float64Array,
): number {
  if (!model.state(x, pv)) return Number.POSITIVE_INFINITY;
  let cost = 0;
  for (let k = 0; k < 6; k++) {
    const f = (pv[k]! - target[k]!) / (k < 3 ? rScale : vScale);
    out[k] = f;
    cost += f * f;
  }
  return cost;
}

/** Solve the 6×6 system A·x = b in place (Gaussian elimination with partial pivoting); false if singular. */
function solve6(a: Float64Array, b: Float64Array, x: Float64Array): boolean {
  const n = 6;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    let maxAbs = Math.abs(a[col * n + col]!);
    for (let row = col + 1; row < n; row++) {
      const v = Math.abs(a[row * n + col]!);
      if (v > maxAbs) {
        maxAbs = v;
        pivot = row;
      }
    }
    if (!(maxAbs > 0)) return false;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        const t = a[col * n + k]!;
        a[col * n + k] = a[pivot * n + k]!;
        a[pivot * n + k] = t;
      }
      const t = b[col]!;
      b[col] = b[pivot]!;
      b[pivot] = t;
    }
    for (let row = col + 1; row < n; row++) {
      const factor = a[row * n + col]! / a[col * n + col]!;
      if (factor === 0) continue;
      for (let k = col; k < n; k++) a[row * n + k] = a[row * n + k]! - factor * a[col * n + k]!;
      b[row] = b[row]! - factor * b[col]!;
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let s = b[row]!;
    for (let k = row + 1; k < n; k++) s -= a[row * n + k]! * x[k]!;
    x[row] = s / a[row * n + row]!;
  }
  return true;
}

/**
 * Levenberg–Marquardt (Marquardt 1963 scaling: λ·diag(JᵀJ)) on the mean equinoctial elements.
 * Returns the iterations used; `x` holds the best solution on exit.
 */
function leastSquaresStage(model: Sgp4AtEpoch, x: Float64Array, target: Float64Array): number {
  const rScale = Math.hypot(target[0]!, target[1]!, target[2]!);
  const vScale = Math.hypot(target[3]!, target[4]!, target[5]!);
  const pv = new Float64Array(6);
  const f = new Float64Array(6);
  const fTrial = new Float64Array(6);
  const jac = new Float64Array(36); // jac[i*6 + j] = ∂f_i/∂x_j
  const normal = new Float64Array(36);
  const work = new Float64Array(36);
  const gradient = new Float64Array(6);
  const rhs = new Float64Array(6);
  const step = new Float64Array(6);
  const trial = new Float64Array(6);
  const probe = new Float64Array(6);
  let cost = lsqResidual(model, x, target, rScale, vScale, pv, f);
  if (!Number.isFinite(cost)) return 0;
  let lambda = 1e-3;
  let iteration = 0;
  while (iteration < LM_MAX_ITERATIONS && cost > 1e-30) {
    iteration++;
    // forward-difference Jacobian; steps ~1e-7 of each element's natural scale
    for (let j = 0; j < 6; j++) {
      const h = j === 0 ? 1e-7 * x[0]! : 1e-7;
      probe.set(x);
      probe[j] = probe[j]! + h;
      if (!Number.isFinite(lsqResidual(model, probe, target, rScale, vScale, pv, fTrial))) {
        probe[j] = x[j]! - h;
        if (!Number.isFinite(lsqResidual(model, probe, target, rScale, vScale, pv, fTrial))) return iteration;
        for (let i = 0; i < 6; i++) jac[i * 6 + j] = (f[i]! - fTrial[i]!) / h;
      } else {
        for (let i = 0; i < 6; i++) jac[i * 6 + j] = (fTrial[i]! - f[i]!) / h;
      }
    }
    for (let r = 0; r < 6; r++) {
      let g = 0;
      for (let i = 0; i < 6; i++) g += jac[i * 6 + r]! * f[i]!;
      gradient[r] = g;
      for (let c = 0; c < 6; c++) {
        let s = 0;
        for (let i = 0; i < 6; i++) s += jac[i * 6 + r]! * jac[i * 6 + c]!;
        normal[r * 6 + c] = s;
      }
    }
    let improved = false;
    while (lambda < 1e12) {
      work.set(normal);
      for (let d = 0; d < 6; d++) {
        work[d * 6 + d] = normal[d * 6 + d]! * (1 + lambda);
        rhs[d] = -gradient[d]!;
      }
      if (solve6(work, rhs, step)) {
        for (let k = 0; k < 6; k++) trial[k] = x[k]! + step[k]!;
        const trialCost = lsqResidual(model, trial, target, rScale, vScale, pv, fTrial);
        if (trialCost < cost) {
          const relativeStep = Math.abs(step[0]!) / x[0]! + Math.hypot(step[1]!, step[2]!, step[3]!, step[4]!, step[5]!);
          x.set(trial);
          f.set(fTrial);
          const decrease = cost - trialCost;
          cost = trialCost;
          lambda = Math.max(lambda / 10, 1e-12);
          improved = true;
          if (relativeStep < 1e-15 || decrease < 1e-30) return iteration;
          break;
        }
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return iteration;
}

function positionVelocityResidual(
  model: Sgp4AtEpoch, mean: Float64Array, target: Float64Array,
): { positionResidualM: number; velocityResidualMPerS: number } {
  const pv = new Float64Array(6);
  if (!model.state(mean, pv)) return { positionResidualM: Number.POSITIVE_INFINITY, velocityResidualMPerS: Number.POSITIVE_INFINITY };
  return {
    positionResidualM: 1000 * Math.hypot(pv[0]! - target[0]!, pv[1]! - target[1]!, pv[2]! - target[2]!),
    velocityResidualMPerS: 1000 * Math.hypot(pv[3]! - target[3]!, pv[4]! - target[4]!, pv[5]! - target[5]!),
  };
}

/**
 * Fit SGP4/SDP4 mean elements to an osculating TEME state at a UTC epoch (see the module comment).
 * Throws TleFitError (with the best residual) when no stage reaches the state, and RangeError for input that
 * is not a bound orbit above the Earth's surface or an epoch outside the TLE year window.
 */
export function fitTleMeanElements(state: TemeState, epoch: TleEpoch, options: TleFitOptions = {}): TleFitResult {
  const epochProblem = tleEpochProblem(epoch);
  if (epochProblem) throw new RangeError(`TLE epoch: ${epochProblem}`);
  const target = new Float64Array(6);
  for (let k = 0; k < 3; k++) {
    target[k] = Number(state.positionKm[k]);
    target[k + 3] = Number(state.velocityKmPerS[k]);
  }
  if (!target.every(Number.isFinite)) throw new RangeError('state must hold finite numbers');
  const bstar = options.bstarPerEarthRadius ?? 0;
  if (!Number.isFinite(bstar)) throw new RangeError('bstarPerEarthRadius must be finite');
  const epsilon = options.epsilon ?? 1e-10;

  const targetEq = new Float64Array(6);
  if (!cartesianToEquinoctial(target[0]!, target[1]!, target[2]!, target[3]!, target[4]!, target[5]!, SGP4_MU_KM3_PER_S2, targetEq)) {
    throw new RangeError('state is not a bound orbit with inclination below 180° (no TLE mean elements exist)');
  }
  // Orekit's FixedPointConverter refuses a < reference radius ("inside Brillouin sphere").
  if (targetEq[0]! < SGP4_EARTH_RADIUS_KM) {
    throw new RangeError(`osculating semi-major axis ${targetEq[0]!.toFixed(3)} km is below the SGP4 Earth radius`);
  }
  const thresholds = new Float64Array([
    epsilon * Math.abs(targetEq[0]!),
    epsilon * (1 + Math.hypot(targetEq[1]!, targetEq[2]!)),
    epsilon * (1 + Math.hypot(targetEq[1]!, targetEq[2]!)),
    epsilon * (1 + Math.hypot(targetEq[3]!, targetEq[4]!)),
    epsilon * (1 + Math.hypot(targetEq[3]!, targetEq[4]!)),
    epsilon * Math.PI,
  ]);

  const model = new Sgp4AtEpoch(epoch, bstar);
  const mean = new Float64Array(6);
  let method: TleFitMethod = 'fixed-point';
  let iterations: number;
  const first = fixedPointStage(model, targetEq, 1, options.maxIterations ?? 100, thresholds, mean);
  iterations = first.iterations;
  let converged = first.converged;
  let best = first;
  if (!converged) {
    method = 'fixed-point-damped';
    const second = fixedPointStage(
      model, targetEq, options.dampedDamping ?? 0.5, options.dampedMaxIterations ?? 1000, thresholds, mean,
    );
    iterations = second.iterations;
    converged = second.converged;
    if (second.bestScore < best.bestScore) best = second;
  }
  let residual: { positionResidualM: number; velocityResidualMPerS: number };
  if (converged) {
    residual = positionVelocityResidual(model, mean, target);
  } else {
    method = 'least-squares';
    mean.set(Number.isFinite(best.bestScore) ? best.best : targetEq);
    iterations = leastSquaresStage(model, mean, target);
    residual = positionVelocityResidual(model, mean, target);
    const maxPositionM = options.maxPositionResidualM ?? 1e-3;
    const maxVelocityMPerS = options.maxVelocityResidualMPerS ?? 1e-6;
    if (!(residual.positionResidualM <= maxPositionM && residual.velocityResidualMPerS <= maxVelocityMPerS)) {
      throw new TleFitError(
        `no SGP4 mean elements reproduce the state: best residual ${residual.positionResidualM.toPrecision(3)} m, ` +
          `${residual.velocityResidualMPerS.toPrecision(3)} m/s after fixed point, damped fixed point and least squares`,
        residual.positionResidualM,
        residual.velocityResidualMPerS,
      );
    }
  }
  const kep = model.keplerian(mean);
  if (kep === null) throw new TleFitError('fit ended on non-elliptic mean elements', residual.positionResidualM, residual.velocityResidualMPerS);
  return {
    elements: {
      epoch: { year: epoch.year, dayOfYear: epoch.dayOfYear },
      meanMotionRevPerDay: kep.meanMotionRevPerDay,
      eccentricity: kep.eccentricity,
      inclinationDeg: kep.inclinationRad * RAD_TO_DEG,
      raanDeg: kep.raanRad * RAD_TO_DEG,
      argPerigeeDeg: kep.argPerigeeRad * RAD_TO_DEG,
      meanAnomalyDeg: kep.meanAnomalyRad * RAD_TO_DEG,
      bstarPerEarthRadius: bstar,
    },
    method,
    iterations,
    sgp4Evaluations: model.evaluations,
    model: model.deepSpace ? 'SDP4' : 'SGP4',
    ...residual,
  };
}
