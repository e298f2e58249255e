/**
 * Numerical orbit propagator (the engine behind OEM and TLE generation), after Orekit's `NumericalPropagator`:
 * Cartesian GCRF state + mass integrated with Dormand–Prince 8(5,3), Orekit-style tolerances, dense output for the
 * requested output times, finite burns as integration breakpoints, eclipse boundaries as step-ending events,
 * the in-flight altitude floor as a stopping event, optional STM / covariance.
 *
 * Units at this API: km, km/s, kg, s, N (as the service); SI inside.
 */
import { DENSE_STEP_HEADER, DISCONTINUITY_ERROR, Dop853Integrator, type EventDetector, type StepInterpolator } from './dop853.ts';
import { OrbitDynamics, MAIN_STATE_DIMENSION, STM_STATE_DIMENSION, type VariationalPartials } from './dynamics.ts';
import {
  InvalidSettingError,
  MassBelowDryMassError,
  NonFiniteInputError,
  PropagationError,
  StateInsideEarthError,
} from '../forces/errors.ts';
import { CentralGravity, HarmonicGravity } from '../forces/gravity.ts';
import { egm96Field, type GravityFieldData } from '../forces/gravityField.ts';
import { AtmosphericDrag } from '../forces/drag.ts';
import { HarrisPriesterAtmosphere, harrisPriesterHeightM } from '../forces/harrisPriester.ts';
import type { Nrlmsise00Atmosphere } from '../forces/nrlmsise00Atmosphere.ts';
import { SolarRadiationPressure } from '../forces/solarRadiationPressure.ts';
import { EARTH_ROTATION_RATE_NOMINAL_RAD_PER_S, MU_EARTH_M3S2, WGS84_EQUATORIAL_RADIUS_M, WGS84_FLATTENING } from '../constants.ts';
import { transformCovariance } from '../math/covariance.ts';
import { ThirdBodyAttraction, type ThirdBodyName } from '../forces/thirdBody.ts';
import { ConstantThrust, THRUST_FRAMES, type ThrustFrame } from '../forces/thrust.ts';
import { ForceEvaluation, type EarthEnvironment, type ForceModel } from '../forces/types.ts';

export type AtmosphereModel = 'HARRIS_PRIESTER' | 'NRLMSISE00' | 'NONE';

export interface ForceModelSettings {
  /** Default 20. 0 or 1 = central body only. */
  readonly gravityDegree?: number;
  /** Default 20 (≤ degree). */
  readonly gravityOrder?: number;
  /** Default 'HARRIS_PRIESTER'. */
  readonly atmosphere?: AtmosphereModel;
  /** Default true. */
  readonly solarRadiationPressure?: boolean;
  /** Default ['SUN', 'MOON']. */
  readonly thirdBodies?: readonly ThirdBodyName[];
  /** Default EGM96 (ootk-core, degree 36); e.g. `parseIcgemGfc(text)` for higher degrees. */
  readonly gravityField?: GravityFieldData;
  /**
   * The NRLMSISE-00 atmosphere with its drivers (space weather, epoch): required when `atmosphere` is 'NRLMSISE00'
   * (storedState.ts builds it from the space-weather table).
   */
  readonly nrlmsise00?: Nrlmsise00Atmosphere;
  /** Harris–Priester cosine exponent n (default 4, Orekit's default). */
  readonly harrisPriesterExponent?: number;
  /** Central-body mu (m³/s², default 3.986004418e14). */
  readonly muM3S2?: number;
}

export interface SpacecraftProperties {
  readonly massKg: number;
  /** Default 0. */
  readonly dryMassKg?: number;
  readonly dragAreaM2?: number;
  readonly dragCoefficient?: number;
  readonly srpAreaM2?: number;
  readonly reflectivityCoefficient?: number;
}

/** A constant-thrust finite burn (maneuver segment). */
export interface FiniteBurn {
  /** Start, seconds from the propagation epoch. */
  readonly startS: number;
  /** Duration (s, > 0). */
  readonly durationS: number;
  /** Thrust vector (N) in `frame`. */
  readonly thrustN: readonly [number, number, number];
  readonly frame: ThrustFrame;
  readonly ispS: number;
}

export interface IntegratorSettings {
  /** Orekit's dP: position tolerance (m) from which all tolerances are derived. Default 1e-3... see DEFAULT_POSITION_TOLERANCE_M. */
  readonly positionToleranceM?: number;
  readonly minStepS?: number;
  readonly maxStepS?: number;
  readonly initialStepS?: number;
  /**
   * End integration steps at the Harris–Priester table nodes (default true): the density's derivative jumps there,
   * and stopping at the kinks makes the error control effective (accuracy improves 10–100× at equal cost).
   */
  readonly densityNodeEvents?: boolean;
}

export interface PropagationRequest {
  /** GCRF position (km) at the epoch (t = 0). */
  readonly positionKm: ArrayLike<number>;
  /** GCRF velocity (km/s). */
  readonly velocityKmS: ArrayLike<number>;
  readonly spacecraft: SpacecraftProperties;
  readonly forceModel?: ForceModelSettings;
  readonly burns?: readonly FiniteBurn[];
  /** Output times, seconds from the epoch (any order, may be negative). */
  readonly outputTimesS: ArrayLike<number>;
  /** Required unless the force model is central body only without burns' environment needs. */
  readonly environment?: EarthEnvironment | null;
  /** Initial 6×6 GCRF covariance (km², km²/s, km²/s², row-major 36 values); enables STM propagation. */
  readonly covarianceKm?: ArrayLike<number>;
  /** Also return the STM at each output (enables STM propagation). */
  readonly stm?: boolean;
  /**
   * Also return ∂x/∂s for the scale factor s of these forces (1 = nominal; their accelerations are linear in Cd and
   * Cr, so ∂x/∂Cd = (∂x/∂s)/Cd); enables STM propagation. Each must be part of the force model.
   */
  readonly sensitivities?: readonly SensitivityForce[];
  /** How the variational equations get ∂a/∂(r, v) (default FINITE_DIFFERENCES; see dynamics.ts). */
  readonly variationalPartials?: VariationalPartials;
  readonly integrator?: IntegratorSettings;
  /** In-flight floor (km above the WGS-84 ellipsoid, Harris–Priester height), default 100. */
  readonly altitudeFloorKm?: number;
  /** Report umbra/penumbra entries and exits in `events`. */
  readonly reportEclipses?: boolean;
  /** Also return the integrator's continuous extension of every step (`denseOutput`), to evaluate at any time. */
  readonly denseOutput?: boolean;
}

/** Values per step of `DenseOutput.steps`: tFrom, tTo, then a `copyDenseStep` record of the 6 state components. */
export const DENSE_OUTPUT_STEP_SIZE = 2 + DENSE_STEP_HEADER + 8 * 6;

/**
 * The trajectory between the integration steps: per step (time order, backward legs included) tFrom < tTo, the
 * interval it covers (an event-truncated step ends at the event), then its CONTD8 record (`evaluateDenseStep` at
 * offset + 2 gives x, y, z in km and vx, vy, vz in km/s, GCRF). Plain typed data: it crosses a worker boundary.
 */
export interface DenseOutput {
  readonly stepCount: number;
  readonly steps: Float64Array;
}

/** Forces whose scale-factor sensitivities the propagator can integrate (`ForceModel.name`). */
export type SensitivityForce = 'DRAG' | 'SOLAR_RADIATION_PRESSURE';

export type PropagationEventType =
  | 'ALTITUDE_FLOOR'
  | 'UMBRA_ENTRY'
  | 'UMBRA_EXIT'
  | 'PENUMBRA_ENTRY'
  | 'PENUMBRA_EXIT'
  | 'BURN_START'
  | 'BURN_END';

export interface PropagationEvent {
  readonly type: PropagationEventType;
  readonly tS: number;
}

export interface PropagationResult {
  /** Output times actually reached (s from epoch), in the order of the request minus any beyond a floor stop. */
  readonly timesS: Float64Array;
  /** 6 values per output: x, y, z (km), vx, vy, vz (km/s), GCRF. */
  readonly statesKm: Float64Array;
  readonly massKg: Float64Array;
  /** 36 values per output (km units) when a covariance was given. */
  readonly covarianceKm: Float64Array | null;
  /** 36 values per output when `stm` or a covariance was requested. */
  readonly stm: Float64Array | null;
  /** 6 × k values per output (row-major; km and km/s per unit scale) for the k requested `sensitivities`. */
  readonly sensitivity: Float64Array | null;
  /** Non-null when the run stopped at the altitude floor. */
  readonly truncated: { readonly reason: 'ALTITUDE_FLOOR'; readonly tS: number; readonly altitudeKm: number } | null;
  readonly events: readonly PropagationEvent[];
  readonly statistics: { readonly steps: number; readonly rejectedSteps: number; readonly evaluations: number };
  /** The continuous trajectory when `denseOutput` was requested (up to a floor stop), else null. */
  readonly denseOutput: DenseOutput | null;
}

/**
 * Default position tolerance dP (m). With Orekit-style derived tolerances this gives ≤ 1 m against converged
 * references after one day for LEO and GTO (see the README accuracy table) at a fraction of Orekit's cost.
 */
export const DEFAULT_POSITION_TOLERANCE_M = 1e-5;
export const DEFAULT_MIN_STEP_S = 1e-3;
/**
 * Largest step (s). 600 rather than Orekit's customary 300: above LEO the error control would take longer steps still,
 * so the cap decides the cost there — a one-day GNSS-like MEO takes 145 steps instead of 289 and a Molniya-like HEO
 * 246 instead of 358, with the same distance from a dP = 1e-7 m run (0.01 mm and 12 mm; LEO is unchanged, its steps
 * are shorter), and the covariance through the STM moves by ≤ 1e-6 of its standard deviations (measured 2026-12-07).
 */
export const DEFAULT_MAX_STEP_S = 600;
export const DEFAULT_INITIAL_STEP_S = 60;
export const DEFAULT_ALTITUDE_FLOOR_KM = 100;
/** Eclipse detection like Orekit's SRP detectors: max check 60 s, threshold 1e-7 s. */
const ECLIPSE_MAX_CHECK_S = 60;
const ECLIPSE_THRESHOLD_S = 1e-7;
/**
 * Bound (m/s²) on the downward acceleration of the height that gravity's central term does not cover: J2 (≤ 0.02),
 * drag's radial part (≤ 0.1 for A/m ≤ 0.01 m²/kg at 100 km), the ellipsoid's curvature along the track (≤ 0.1),
 * Sun/Moon/SRP (< 1e-5). Thrust is added per request.
 */
const FLOOR_PERTURBATION_BOUND_MS2 = 1;
const WGS84_E2 = WGS84_FLATTENING * (2 - WGS84_FLATTENING);
const WGS84_B_M = WGS84_EQUATORIAL_RADIUS_M * (1 - WGS84_FLATTENING);

/**
 * Rate of the Harris–Priester height h = r − a·sqrt((1 − e²)/(1 − e²·cos²φ)) (m/s): the radial rate plus the change
 * of the ellipsoid radius under the moving geocentric latitude (up to ±25 m/s in LEO).
 */
function heightRateMS(y: Float64Array): number {
  const x = y[0]!;
  const yy = y[1]!;
  const z = y[2]!;
  const r = Math.sqrt(x * x + yy * yy + z * z);
  const rDot = (x * y[3]! + yy * y[4]! + z * y[5]!) / r;
  const s = z / r;
  const sDot = (y[5]! - s * rDot) / r;
  const q = 1 - WGS84_E2 * (1 - s * s);
  return rDot + (WGS84_EQUATORIAL_RADIUS_M * Math.sqrt(1 - WGS84_E2) * WGS84_E2 * s * sDot) / (q * Math.sqrt(q));
}

/**
 * Longest time (s) over which the height provably stays above the floor from state y: with h − floor = dh, rate ḣ
 * and a downward acceleration of at most `accBound`, h(t) ≥ dh + ḣ·t − accBound·t²/2 > 0 before the returned root.
 * Used as the floor detector's check interval, so a crossing — even a brief dip below the floor between two samples
 * of one long step — cannot fall between samples (a fixed check interval would miss dips shorter than it).
 */
export function floorCheckIntervalS(y: Float64Array, floorM: number, accBound: number): number {
  const dh = harrisPriesterHeightM(y[0]!, y[1]!, y[2]!) - floorM;
  if (!(dh > 0)) return 0;
  const hDot = heightRateMS(y);
  const w = Math.sqrt(hDot * hDot + 2 * accBound * dh);
  // the positive root of accBound·t²/2 − ḣ·t − dh, in the form without cancellation
  return hDot >= 0 ? (hDot + w) / accBound : (2 * dh) / (w - hDot);
}

/**
 * Whether a step of length `stepS` that crosses a Harris–Priester table node at state y (SI, GCRF, mass in y[6]) must
 * end there. The density's slope jumps at every node and the density itself at the top node (0 above 1000 km), so
 * the drag acceleration a = ½·ρ·(Cd·A/m)·v_r² has there a jump Δa = ½·Δρ·(Cd·A/m)·v_r² and a jump of its rate
 * Δȧ = ½·Δ(dρ/dh)·ḣ·(Cd·A/m)·v_r² (v_r ≤ |v| + ω⊕·|r|, the co-rotating atmosphere). One DP853 step across them errs by
 * at most the `DISCONTINUITY_ERROR` bounds; when these stay within the step's tolerance (the error-control scale
 * atol + rtol·|y| of the position and the velocity), the step may cross the node like any other, otherwise the step
 * ends at the node and the smooth part is re-integrated (the event). In practice the 1000 km top (a jump of
 * ~1e-9 m/s²) needs the cut at dP ≤ 1e-3 m, the interior kinks (≤ 1e-11 m/s³ above 200 km) only at tight tolerances
 * or very low perigees: cutting at every node had cost two extra steps per node crossing.
 */
export function densityNodeNeedsStepEnd(
  atm: HarrisPriesterAtmosphere,
  y: Float64Array,
  stepS: number,
  dragAreaCoefficientM2: number,
  absTol: Float64Array,
  relTol: Float64Array,
): boolean {
  const r = Math.hypot(y[0]!, y[1]!, y[2]!);
  const v = Math.hypot(y[3]!, y[4]!, y[5]!);
  const node = atm.nearestNode(harrisPriesterHeightM(y[0]!, y[1]!, y[2]!));
  const vr = v + EARTH_ROTATION_RATE_NOMINAL_RAD_PER_S * r;
  const k = (0.5 * dragAreaCoefficientM2 * vr * vr) / y[6]!;
  const jump = k * atm.densityJumpAtNode(node);
  const kink = k * atm.densitySlopeJumpAtNode(node) * Math.abs(heightRateMS(y));
  const h = stepS;
  const dv = DISCONTINUITY_ERROR.jumpVelocity * jump * h + DISCONTINUITY_ERROR.kinkVelocity * kink * h * h;
  const dr = DISCONTINUITY_ERROR.jumpPosition * jump * h * h + DISCONTINUITY_ERROR.kinkPosition * kink * h * h * h;
  return dr > absTol[0]! + relTol[0]! * r || dv > absTol[3]! + relTol[3]! * v;
}

function requireFinite(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new NonFiniteInputError(name, v);
  return v;
}

function requirePositive(name: string, v: unknown, allowZero = false): number {
  const x = requireFinite(name, v);
  if (allowZero ? x < 0 : x <= 0) throw new InvalidSettingError(name, allowZero ? 'must be ≥ 0' : 'must be > 0', x);
  return x;
}

/** Orekit's default tolerances (`ToleranceProvider`, Cartesian): computed once from the initial state. */
export function orekitTolerances(rM: ArrayLike<number>, vMS: ArrayLike<number>, dP: number, mu = MU_EARTH_M3S2): { absTol: Float64Array; relTol: Float64Array } {
  const r = Math.hypot(rM[0]!, rM[1]!, rM[2]!);
  const v = Math.hypot(vMS[0]!, vMS[1]!, vMS[2]!);
  const dV = (mu * dP) / (v * r * r);
  const rel = dP / r;
  const absTol = new Float64Array([dP, dP, dP, dV, dV, dV, 1e-6]);
  const relTol = new Float64Array(7).fill(rel);
  return { absTol, relTol };
}

interface BuiltModel {
  central: CentralGravity;
  forces: ForceModel[];
  srp: SolarRadiationPressure | null;
  thrusts: { burn: FiniteBurn; model: ConstantThrust }[];
}

function buildForceModel(req: PropagationRequest): BuiltModel {
  const fm = req.forceModel ?? {};
  const sc = req.spacecraft;
  const mu = fm.muM3S2 ?? MU_EARTH_M3S2;
  requirePositive('forceModel.muM3S2', mu);
  const central = new CentralGravity(mu);
  const forces: ForceModel[] = [];
  const degree = fm.gravityDegree ?? 20;
  const order = fm.gravityOrder ?? Math.min(20, degree);
  if (!Number.isInteger(degree) || degree < 0) throw new InvalidSettingError('forceModel.gravityDegree', 'must be a non-negative integer', degree);
  if (!Number.isInteger(order) || order < 0 || order > degree) {
    throw new InvalidSettingError('forceModel.gravityOrder', 'must be an integer in [0, gravityDegree]', order);
  }
  if (degree >= 2) forces.push(new HarmonicGravity(fm.gravityField ?? egm96Field(), degree, order));
  const atmosphere = fm.atmosphere ?? 'HARRIS_PRIESTER';
  if (atmosphere === 'HARRIS_PRIESTER') {
    const area = requirePositive('spacecraft.dragAreaM2', sc.dragAreaM2, true);
    const cd = requirePositive('spacecraft.dragCoefficient', sc.dragCoefficient, true);
    const n = fm.harrisPriesterExponent ?? 4;
    requirePositive('forceModel.harrisPriesterExponent', n);
    if (area > 0 && cd > 0) forces.push(new AtmosphericDrag(new HarrisPriesterAtmosphere(n), area, cd));
  } else if (atmosphere === 'NRLMSISE00') {
    const area = requirePositive('spacecraft.dragAreaM2', sc.dragAreaM2, true);
    const cd = requirePositive('spacecraft.dragCoefficient', sc.dragCoefficient, true);
    if (!fm.nrlmsise00) {
      throw new PropagationError('SPACE_WEATHER_REQUIRED', 'UNPROCESSABLE', 'the NRLMSISE-00 atmosphere needs space-weather data (forceModel.nrlmsise00)', { atmosphere });
    }
    if (area > 0 && cd > 0) forces.push(new AtmosphericDrag(fm.nrlmsise00, area, cd));
  } else if (atmosphere !== 'NONE') {
    throw new InvalidSettingError('forceModel.atmosphere', "must be 'HARRIS_PRIESTER', 'NRLMSISE00' or 'NONE'", atmosphere);
  }
  let srp: SolarRadiationPressure | null = null;
  if (fm.solarRadiationPressure ?? true) {
    const area = requirePositive('spacecraft.srpAreaM2', sc.srpAreaM2, true);
    const cr = requirePositive('spacecraft.reflectivityCoefficient', sc.reflectivityCoefficient, true);
    if (area > 0 && cr > 0) {
      srp = new SolarRadiationPressure(area, cr);
      forces.push(srp);
    }
  }
  const bodies = fm.thirdBodies ?? ['SUN', 'MOON'];
  for (const b of bodies) {
    if (b !== 'SUN' && b !== 'MOON') throw new InvalidSettingError('forceModel.thirdBodies', "entries must be 'SUN' or 'MOON'", b);
  }
  for (const b of new Set(bodies)) forces.push(new ThirdBodyAttraction(b));
  const thrusts: { burn: FiniteBurn; model: ConstantThrust }[] = [];
  for (const [i, burn] of (req.burns ?? []).entries()) {
    requireFinite(`burns[${i}].startS`, burn.startS);
    requirePositive(`burns[${i}].durationS`, burn.durationS);
    requirePositive(`burns[${i}].ispS`, burn.ispS);
    if (!THRUST_FRAMES.includes(burn.frame)) throw new InvalidSettingError(`burns[${i}].frame`, `must be one of ${THRUST_FRAMES.join(', ')}`, burn.frame);
    if (!burn.thrustN || burn.thrustN.length !== 3) throw new InvalidSettingError(`burns[${i}].thrustN`, 'must have 3 components');
    burn.thrustN.forEach((f, j) => requireFinite(`burns[${i}].thrustN[${j}]`, f));
    const model = new ConstantThrust(burn.frame, [burn.thrustN[0], burn.thrustN[1], burn.thrustN[2]], burn.ispS);
    thrusts.push({ burn, model });
    forces.push(model);
  }
  return { central, forces, srp, thrusts };
}

/** Validates and propagates. Throws `PropagationError` subclasses for bad input. */
export function propagate(req: PropagationRequest): PropagationResult {
  // ---- validation (in this order: the first bad input is the one reported) ----
  const start = validatedInitialState(req);
  const outTimes = validatedOutputTimes(req.outputTimesS);
  const model = buildForceModel(req);
  const env = req.environment ?? null;
  if (env === null && model.forces.some((f) => f.needsEnvironment)) {
    throw new InvalidSettingError('environment', 'this force model needs an Earth environment (rotation, Sun, Moon)');
  }
  const minMass = massAfterBurnsKg(model.thrusts, start.massKg, start.dryMassKg);
  const sensitivities = validatedSensitivities(req.sensitivities ?? [], model.forces);
  const withStm = req.covarianceKm !== undefined || req.stm === true || sensitivities.length > 0;
  const p0 = validatedInitialCovariance(req.covarianceKm);

  const dynamics = new OrbitDynamics(model.central, model.forces, env, withStm, { partials: req.variationalPartials ?? 'FINITE_DIFFERENCES', scaledForces: sensitivities });
  const { integrator, tol } = buildIntegrator(req.integrator, dynamics, start.y0, model.central.muM3S2);

  const outputs = new OutputStore(outTimes.length, withStm, sensitivities.length);
  const log: EventLog = { events: [], floorHit: null };
  const floorM = start.floorKm * 1000;
  const detectors: EventDetector[] = [floorDetector(floorM, floorAccelerationBoundMS2(model, floorM, minMass), log)];
  const densityNodes = densityNodeDetector(req.integrator, model.forces, integrator, tol);
  if (densityNodes !== null) detectors.push(densityNodes);
  if (env !== null) detectors.push(...eclipseDetectors(env, model.srp, req.reportEclipses === true, log));
  const dense = req.denseOutput === true ? new DenseOutputRecorder() : null;

  // ---- legs: forward (t > 0) and backward (t < 0) ----
  const initial = new Float64Array(dynamics.dimension);
  initial.set(start.y0);
  if (withStm) for (let k = 0; k < 6; k++) initial[7 + k * 6 + k] = 1;
  for (let i = 0; i < outTimes.length; i++) if (outTimes[i] === 0) outputs.store(i, initial);
  const leg: Leg = {
    integrator, detectors, thrusts: model.thrusts, outTimes, outputs, dense, log, initial,
    yFull: new Float64Array(dynamics.dimension), yOut: new Float64Array(dynamics.dimension),
    stats: { steps: 0, rejectedSteps: 0, evaluations: 0 },
  };
  let truncated: PropagationResult['truncated'] = null;
  for (const direction of [1, -1] as const) truncated = integrateLeg(leg, direction) ?? truncated;

  // ---- compact (drop unreached outputs after a floor stop) ----
  const reached = outputs.reached(outTimes);
  const cov = p0 && reached.stm ? propagatedCovariance(p0, reached.stm, reached.timesS.length) : null;
  log.events.sort((a, b) => a.tS - b.tS);
  return {
    timesS: reached.timesS, statesKm: reached.statesKm, massKg: reached.massKg, covarianceKm: cov, stm: reached.stm, sensitivity: reached.sensitivity,
    truncated, events: log.events, statistics: leg.stats, denseOutput: dense === null ? null : dense.finish(),
  };
}

/** The validated initial state (SI, GCRF, mass in y0[6]), the dry mass and the altitude floor of a request. */
interface InitialConditions {
  y0: Float64Array;
  massKg: number;
  dryMassKg: number;
  floorKm: number;
}

function validatedInitialState(req: PropagationRequest): InitialConditions {
  if (!req.positionKm || req.positionKm.length !== 3) throw new InvalidSettingError('positionKm', 'must have 3 components');
  if (!req.velocityKmS || req.velocityKmS.length !== 3) throw new InvalidSettingError('velocityKmS', 'must have 3 components');
  const y0 = new Float64Array(MAIN_STATE_DIMENSION);
  for (let i = 0; i < 3; i++) {
    y0[i] = requireFinite(`positionKm[${i}]`, req.positionKm[i]) * 1000;
    y0[3 + i] = requireFinite(`velocityKmS[${i}]`, req.velocityKmS[i]) * 1000;
  }
  const sc = req.spacecraft;
  const massKg = requirePositive('spacecraft.massKg', sc?.massKg);
  const dryMassKg = requirePositive('spacecraft.dryMassKg', sc.dryMassKg ?? 0, true);
  if (massKg < dryMassKg) throw new MassBelowDryMassError(massKg, dryMassKg);
  y0[6] = massKg;
  const floorKm = requireFinite('altitudeFloorKm', req.altitudeFloorKm ?? DEFAULT_ALTITUDE_FLOOR_KM);
  const h0Km = harrisPriesterHeightM(y0[0]!, y0[1]!, y0[2]!) / 1000;
  if (h0Km < floorKm) throw new StateInsideEarthError(h0Km, floorKm);
  if (Math.hypot(y0[3]!, y0[4]!, y0[5]!) === 0) throw new InvalidSettingError('velocityKmS', 'must not be zero');
  return { y0, massKg, dryMassKg, floorKm };
}

function validatedOutputTimes(outputTimesS: ArrayLike<number>): Float64Array {
  const outTimes = new Float64Array(outputTimesS.length);
  for (let i = 0; i < outTimes.length; i++) outTimes[i] = requireFinite(`outputTimesS[${i}]`, outputTimesS[i]);
  return outTimes;
}

/**
 * Mass budget: constant flows, so the mass at the end of all burns is explicit (and the lowest mass of the run);
 * throws when a burn would bring it below the dry mass.
 */
function massAfterBurnsKg(thrusts: BuiltModel['thrusts'], massKg: number, dryMassKg: number): number {
  const sorted = [...thrusts].sort((a, b) => a.burn.startS - b.burn.startS);
  let m = massKg;
  for (const { burn, model: th } of sorted) {
    if (burn.startS < 0) continue; // backward: mass grows
    m += th.massRateKgS * burn.durationS;
    if (m < dryMassKg) throw new MassBelowDryMassError(m, dryMassKg, burn.startS + burn.durationS);
  }
  return m;
}

function validatedSensitivities(sensitivities: readonly SensitivityForce[], forces: readonly ForceModel[]): readonly SensitivityForce[] {
  for (const name of sensitivities) {
    if (!forces.some((f) => f.name === name)) {
      throw new InvalidSettingError('sensitivities', `the force model has no ${name} force (disabled, or zero area or coefficient)`, name);
    }
  }
  return sensitivities;
}

function validatedInitialCovariance(covarianceKm: ArrayLike<number> | undefined): Float64Array | null {
  if (covarianceKm === undefined) return null;
  if (covarianceKm.length !== 36) throw new InvalidSettingError('covarianceKm', 'must have 36 values (6×6 row-major)');
  const p0 = new Float64Array(36);
  for (let i = 0; i < 36; i++) p0[i] = requireFinite(`covarianceKm[${i}]`, covarianceKm[i]);
  return p0;
}

/** The DP853 integrator of the request's settings, with Orekit's tolerances from the initial state `y0` (SI). */
function buildIntegrator(
  settings: IntegratorSettings | undefined,
  dynamics: OrbitDynamics,
  y0: Float64Array,
  muM3S2: number,
): { integrator: Dop853Integrator; tol: { absTol: Float64Array; relTol: Float64Array } } {
  const dP = requirePositive('integrator.positionToleranceM', settings?.positionToleranceM ?? DEFAULT_POSITION_TOLERANCE_M);
  const tol = orekitTolerances(y0.subarray(0, 3), y0.subarray(3, 6), dP, muM3S2);
  const integrator = new Dop853Integrator(dynamics, {
    minStepS: requirePositive('integrator.minStepS', settings?.minStepS ?? DEFAULT_MIN_STEP_S),
    maxStepS: requirePositive('integrator.maxStepS', settings?.maxStepS ?? DEFAULT_MAX_STEP_S),
    initialStepS: requirePositive('integrator.initialStepS', settings?.initialStepS ?? DEFAULT_INITIAL_STEP_S),
    absTol: tol.absTol,
    relTol: tol.relTol,
    errorDimension: MAIN_STATE_DIMENSION,
  });
  return { integrator, tol };
}

/** The outputs as the legs reach them (request order), and which were reached. */
class OutputStore {
  readonly statesKm: Float64Array;
  readonly massKg: Float64Array;
  readonly stm: Float64Array | null;
  readonly sensitivity: Float64Array | null;
  private readonly filled: Uint8Array;

  constructor(
    private readonly count: number,
    withStm: boolean,
    private readonly nSens: number,
  ) {
    this.statesKm = new Float64Array(6 * count);
    this.massKg = new Float64Array(count);
    this.stm = withStm ? new Float64Array(36 * count) : null;
    this.sensitivity = nSens > 0 ? new Float64Array(6 * nSens * count) : null;
    this.filled = new Uint8Array(count);
  }

  /** Output `idx` from the integration state y (SI; Φ from y[7], the sensitivities after the STM block). */
  store(idx: number, y: Float64Array): void {
    const { statesKm, stm, sensitivity, nSens } = this;
    for (let k = 0; k < 6; k++) statesKm[6 * idx + k] = y[k]! / 1000;
    this.massKg[idx] = y[6]!;
    if (stm) for (let k = 0; k < 36; k++) stm[36 * idx + k] = y[7 + k]!;
    if (sensitivity) for (let k = 0; k < 6 * nSens; k++) sensitivity[6 * nSens * idx + k] = y[STM_STATE_DIMENSION + k]! / 1000;
    this.filled[idx] = 1;
  }

  /** The reached outputs only, in request order (the arrays themselves when every output was reached). */
  reached(outTimes: Float64Array): { timesS: Float64Array; statesKm: Float64Array; massKg: Float64Array; stm: Float64Array | null; sensitivity: Float64Array | null } {
    const { filled, nSens, statesKm, massKg, stm, sensitivity } = this;
    const nOut = this.count;
    let count = 0;
    for (let i = 0; i < nOut; i++) count += filled[i]!;
    // every output reached (the usual case): the arrays are already in request order
    if (count === nOut) return { timesS: outTimes, statesKm, massKg, stm, sensitivity };
    const timesS = new Float64Array(count);
    const st = new Float64Array(6 * count);
    const ms = new Float64Array(count);
    const stmC = stm ? new Float64Array(36 * count) : null;
    const sensC = sensitivity ? new Float64Array(6 * nSens * count) : null;
    let j = 0;
    for (let i = 0; i < nOut; i++) {
      if (!filled[i]) continue;
      timesS[j] = outTimes[i]!;
      st.set(statesKm.subarray(6 * i, 6 * i + 6), 6 * j);
      ms[j] = massKg[i]!;
      if (stmC && stm) stmC.set(stm.subarray(36 * i, 36 * i + 36), 36 * j);
      if (sensC && sensitivity) sensC.set(sensitivity.subarray(6 * nSens * i, 6 * nSens * (i + 1)), 6 * nSens * j);
      j++;
    }
    return { timesS, statesKm: st, massKg: ms, stm: stmC, sensitivity: sensC };
  }
}

/** P(t) = Φ(t) P0 Φ(t)ᵀ at each of the `count` outputs. */
function propagatedCovariance(p0: Float64Array, stm: Float64Array, count: number): Float64Array {
  const cov = new Float64Array(36 * count);
  for (let k = 0; k < count; k++) transformCovariance(p0, stm.subarray(36 * k, 36 * k + 36), cov.subarray(36 * k, 36 * k + 36));
  return cov;
}

/** What the event handlers record: the events so far, and the floor crossing of the leg under way. */
interface EventLog {
  events: PropagationEvent[];
  floorHit: { t: number; altKm: number } | null;
}

/**
 * Downward acceleration bound (m/s²) of the height above the floor: gravity at the lowest possible radius there, the
 * perturbations, the strongest thrust at the lowest mass `minMassKg`.
 */
function floorAccelerationBoundMS2(model: BuiltModel, floorM: number, minMassKg: number): number {
  let maxThrustN = 0;
  for (const { burn } of model.thrusts) maxThrustN = Math.max(maxThrustN, Math.hypot(burn.thrustN[0], burn.thrustN[1], burn.thrustN[2]));
  // (finite in every case: a NaN or infinite check interval would stall the event search)
  return model.central.muM3S2 / Math.max(WGS84_B_M + floorM, 1e6) ** 2 + FLOOR_PERTURBATION_BOUND_MS2 + maxThrustN / Math.max(minMassKg, 1e-3);
}

/** The in-flight altitude floor as a stopping event (recorded in `log`). */
function floorDetector(floorM: number, floorAccBound: number, log: EventLog): EventDetector {
  return {
    maxCheckS: 60,
    // never step over a crossing: check again before the height could possibly have reached the floor
    maxCheckAt: (_t, y) => floorCheckIntervalS(y, floorM, floorAccBound),
    thresholdS: 1e-6,
    g: (_t, y) => harrisPriesterHeightM(y[0]!, y[1]!, y[2]!) - floorM,
    onEvent: (t, y, increasing) => {
      if (increasing) return 'CONTINUE';
      log.floorHit = { t, altKm: harrisPriesterHeightM(y[0]!, y[1]!, y[2]!) / 1000 };
      log.events.push({ type: 'ALTITUDE_FLOOR', tS: t });
      return 'STOP';
    },
  };
}

/**
 * The Harris–Priester table nodes as events, where a step crossing one must end there (`densityNodeNeedsStepEnd`);
 * null without Harris–Priester drag or when the settings turn them off.
 */
function densityNodeDetector(
  settings: IntegratorSettings | undefined,
  forces: readonly ForceModel[],
  integrator: Dop853Integrator,
  tol: { absTol: Float64Array; relTol: Float64Array },
): EventDetector | null {
  const drag = forces.find((f): f is AtmosphericDrag => f instanceof AtmosphericDrag);
  if (drag === undefined || !(drag.atmosphere instanceof HarrisPriesterAtmosphere) || settings?.densityNodeEvents === false) return null;
  const atm = drag.atmosphere;
  const top = atm.maxHeightM + 0.5 * atm.nodeSpacingNear(atm.maxHeightM);
  return {
    maxCheckS: 60,
    thresholdS: 1e-6,
    // check often enough never to step over two nodes: 0.3 node spacing at the current radial rate
    maxCheckAt: (_t, y) => {
      const h = harrisPriesterHeightM(y[0]!, y[1]!, y[2]!);
      const r = Math.hypot(y[0]!, y[1]!, y[2]!);
      const hDot = Math.max(1, Math.abs((y[0]! * y[3]! + y[1]! * y[4]! + y[2]! * y[5]!) / r));
      if (h > top) return Math.min(300, Math.max(1, (h - top) / hDot));
      return Math.min(300, Math.max(0.05, (0.3 * atm.nodeSpacingNear(h)) / hDot));
    },
    g: (_t, y) => atm.nodeFunction(harrisPriesterHeightM(y[0]!, y[1]!, y[2]!)),
    onEvent: (_t, y) =>
      densityNodeNeedsStepEnd(atm, y, Math.abs(integrator.tEnd - integrator.tStart), drag.dragCoefficient * drag.areaM2, tol.absTol, tol.relTol)
        ? 'RESET_DERIVATIVES'
        : 'CONTINUE',
  };
}

/**
 * Umbra and penumbra boundaries: step-ending events with SRP (its acceleration jumps there), reported in `log` when
 * `report`; none without SRP unless reported.
 */
function eclipseDetectors(env: EarthEnvironment, srp: SolarRadiationPressure | null, report: boolean, log: EventLog): EventDetector[] {
  if (srp === null && !report) return [];
  const evalEv = new ForceEvaluation(env);
  const shadow = srp ?? new SolarRadiationPressure(1, 1);
  const action = srp !== null ? 'RESET_DERIVATIVES' : 'CONTINUE';
  return ([0, 1] as const).map((which) => ({
    maxCheckS: ECLIPSE_MAX_CHECK_S,
    thresholdS: ECLIPSE_THRESHOLD_S,
    g: (t: number, y: Float64Array) => {
      evalEv.begin(t, y);
      return shadow.eclipseFunction(evalEv, which);
    },
    onEvent: (t: number, _y: Float64Array, increasing: boolean) => {
      // g < 0 inside the shadow region: decreasing = entry
      if (report) {
        const type: PropagationEventType = which === 0 ? (increasing ? 'UMBRA_EXIT' : 'UMBRA_ENTRY') : increasing ? 'PENUMBRA_EXIT' : 'PENUMBRA_ENTRY';
        log.events.push({ type, tS: t });
      }
      return action;
    },
  }));
}

/** What every leg integrates with and writes to. */
interface Leg {
  integrator: Dop853Integrator;
  detectors: EventDetector[];
  thrusts: BuiltModel['thrusts'];
  outTimes: Float64Array;
  outputs: OutputStore;
  dense: DenseOutputRecorder | null;
  log: EventLog;
  /** State (with the identity Φ) at t = 0. */
  initial: Float64Array;
  /** Scratch: the integrated state, and the state interpolated at an output time. */
  yFull: Float64Array;
  yOut: Float64Array;
  stats: { steps: number; rejectedSteps: number; evaluations: number };
}

/**
 * Integrates from t = 0 in `direction` to the farthest output time of that sign, segment by segment between the burn
 * boundaries, storing the outputs as the steps pass them; the floor crossing if the leg stopped there, else null.
 */
function integrateLeg(leg: Leg, direction: 1 | -1): PropagationResult['truncated'] {
  const { integrator, detectors, thrusts, outTimes, outputs, dense, yFull, yOut, stats } = leg;
  const idx: number[] = [];
  for (let i = 0; i < outTimes.length; i++) if (outTimes[i]! * direction > 0) idx.push(i);
  if (idx.length === 0) return null;
  idx.sort((a, b) => direction * (outTimes[a]! - outTimes[b]!));
  const tFinal = outTimes[idx[idx.length - 1]!]!;
  const segEnds = segmentEnds(thrusts, direction, tFinal);
  yFull.set(leg.initial);
  let t = 0;
  let next = 0; // pointer into idx
  let hNext = 0;
  const handler = (interp: StepInterpolator): void => {
    const te = interp.tEnd;
    if (dense !== null) dense.add(interp);
    while (next < idx.length) {
      const i = idx[next]!;
      const to = outTimes[i]!;
      if ((to - te) * direction > 0) break;
      interp.interpolate(to, yOut);
      outputs.store(i, yOut);
      next++;
    }
  };
  for (const tEnd of segEnds) {
    // activate the burns covering this segment (midpoint test: segments never straddle a boundary)
    const mid = 0.5 * (t + tEnd);
    for (const { burn, model: th } of thrusts) th.active = mid > burn.startS && mid < burn.startS + burn.durationS;
    const res = integrator.integrate(t, yFull, tEnd, handler, detectors, hNext);
    stats.steps += res.steps;
    stats.rejectedSteps += res.rejectedSteps;
    stats.evaluations += res.evaluations;
    hNext = res.nextStep;
    t = res.t;
    if (res.stoppedByEvent) break;
    if (tEnd !== tFinal) recordBurnBoundaries(thrusts, tEnd, direction, leg.log.events);
  }
  for (const th of thrusts) th.model.active = false;
  const hit = leg.log.floorHit;
  leg.log.floorHit = null;
  return hit === null ? null : { reason: 'ALTITUDE_FLOOR', tS: hit.t, altitudeKm: hit.altKm };
}

/** The leg's segment ends: the burn starts and ends strictly inside (0, tFinal) in leg order, then tFinal. */
function segmentEnds(thrusts: BuiltModel['thrusts'], direction: 1 | -1, tFinal: number): number[] {
  const bps = new Set<number>();
  for (const { burn } of thrusts) {
    for (const tb of [burn.startS, burn.startS + burn.durationS]) {
      if (tb * direction > 0 && (tFinal - tb) * direction > 0) bps.add(tb);
    }
  }
  const segEnds = [...bps].sort((a, b) => direction * (a - b));
  segEnds.push(tFinal);
  return segEnds;
}

/** The burn starts and ends at segment end `tEnd` (a start is an end on the backward leg). */
function recordBurnBoundaries(thrusts: BuiltModel['thrusts'], tEnd: number, direction: 1 | -1, events: PropagationEvent[]): void {
  for (const { burn } of thrusts) {
    if (tEnd === burn.startS) events.push({ type: direction > 0 ? 'BURN_START' : 'BURN_END', tS: tEnd });
    if (tEnd === burn.startS + burn.durationS) events.push({ type: direction > 0 ? 'BURN_END' : 'BURN_START', tS: tEnd });
  }
}

/** Collects the steps' continuous extensions (state in km, km/s) into a growing buffer. */
class DenseOutputRecorder {
  private buffer = new Float64Array(DENSE_OUTPUT_STEP_SIZE * 1024);
  private count = 0;

  add(interp: StepInterpolator): void {
    if (interp.tEnd === interp.tStart) return;
    if ((this.count + 1) * DENSE_OUTPUT_STEP_SIZE > this.buffer.length) {
      const grown = new Float64Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    const o = this.count * DENSE_OUTPUT_STEP_SIZE;
    this.buffer[o] = Math.min(interp.tStart, interp.tEnd);
    this.buffer[o + 1] = Math.max(interp.tStart, interp.tEnd);
    interp.copyDenseStep(6, 1e-3, this.buffer, o + 2); // m → km
    this.count++;
  }

  /** Steps sorted by time (the backward leg was recorded from the epoch backwards). */
  finish(): DenseOutput {
    const n = this.count;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => this.buffer[a * DENSE_OUTPUT_STEP_SIZE]! - this.buffer[b * DENSE_OUTPUT_STEP_SIZE]!);
    const steps = new Float64Array(n * DENSE_OUTPUT_STEP_SIZE);
    order.forEach((from, to) => steps.set(this.buffer.subarray(from * DENSE_OUTPUT_STEP_SIZE, (from + 1) * DENSE_OUTPUT_STEP_SIZE), to * DENSE_OUTPUT_STEP_SIZE));
    return { stepCount: n, steps };
  }
}
