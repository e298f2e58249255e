/**
 * The avoidance trade space by linear mapping: an impulse Δv applied at t_b = t_TCA − τ (τ the lead time) moves the
 * primary's state at TCA by δx = Φ(t_TCA, t_b)·[0; Δv], Φ the state transition matrix of our numerical propagator
 * (engine/propagation, the variational equations of Montenbruck & Gill 2000 §7.2) integrated backward from the TCA
 * state and inverted (Φ(t_TCA, t_b) = Φ(t_b, t_TCA)⁻¹). For a near-circular orbit this is the Clohessy–Wiltshire
 * solution (Clohessy & Wiltshire 1960, "Terminal guidance system for satellite rendezvous", J. Aerospace Sci. 27(9)):
 * an along-track Δv gives, τ later, δx_R = (2Δv/n)(1 − cos nτ) and δx_T = (Δv/n)(4 sin nτ − 3nτ) — the along-track
 * offset grows as 3·Δv·τ and the radial one oscillates about 2Δv/n, largest (4Δv/n) at the half-orbit points
 * τ = (k + ½)·T, where along-track burns are most effective.
 *
 * Each candidate's encounter is then evaluated as an approach (engine/collision/screening approachProbability: the
 * stated Pc method, the Mahalanobis distance) after moving both objects along straight lines to the new closest
 * approach (the short-term encounter model: rectilinear relative motion near TCA, δt = −Δr·Δv/|Δv|²). The primary's
 * covariance at TCA is the event's, plus the execution errors (executionErrors.ts) mapped with the same Φ.
 * Propellant: Tsiolkovsky, m_p = m₀(1 − exp(−|Δv|/(Isp·g₀))).
 *
 * Units: states in km and km/s (GCRF, as the propagator), Δv in m/s, distances in m, covariances as named.
 */
import { G0_M_S2 } from '../constants.ts';
import { localOrbitalRotation, stateJacobian, transformCovariance, transpose3 } from '../math/covariance.ts';
import { invertMatrix } from '../math/inverse.ts';
import { shortTermEncounter } from '../collision/encounter.ts';
import type { PcMethod } from '../collision/probability.ts';
import { approachProbability, type ApproachProbability } from '../collision/screening/approach.ts';
import { orbitalPeriodS, cartesianToKeplerian } from '../orbits/keplerian.ts';
import { propagate, type ForceModelSettings, type IntegratorSettings, type SpacecraftProperties } from '../propagation/propagator.ts';
import type { VariationalPartials } from '../propagation/dynamics.ts';
import type { EarthEnvironment } from '../forces/types.ts';
import type { Epoch } from '../time/epoch.ts';
import { executionErrorCovariance, type ExecutionErrors } from './executionErrors.ts';
import { optimalBurnDirection } from './optimalDirection.ts';

/** The burn directions the planner considers: ± each axis of the primary's RTN at the burn, or the optimal one. */
export const AVOIDANCE_DIRECTIONS = ['ALONG_TRACK_PLUS', 'ALONG_TRACK_MINUS', 'RADIAL_PLUS', 'RADIAL_MINUS', 'CROSS_TRACK_PLUS', 'CROSS_TRACK_MINUS', 'OPTIMAL'] as const;
export type AvoidanceDirection = (typeof AVOIDANCE_DIRECTIONS)[number];

/** RTN axis index and sign of each fixed direction. */
const FIXED_DIRECTIONS: Record<Exclude<AvoidanceDirection, 'OPTIMAL'>, [number, 1 | -1]> = {
  RADIAL_PLUS: [0, 1],
  RADIAL_MINUS: [0, -1],
  ALONG_TRACK_PLUS: [1, 1],
  ALONG_TRACK_MINUS: [1, -1],
  CROSS_TRACK_PLUS: [2, 1],
  CROSS_TRACK_MINUS: [2, -1],
};

/** The conjunction as the planner takes it: both objects at TCA and what its Pc rests on. */
export interface AvoidanceEncounter {
  /** The primary's GCRF state at TCA (km, km/s; 6 values). */
  readonly primaryStateKm: ArrayLike<number>;
  readonly secondaryStateKm: ArrayLike<number>;
  /** 6×6 in each object's own RTN at TCA (m², m²/s, m²/s²); the secondary's may be unknown (maximum probability). */
  readonly primaryCovarianceRtnM2: ArrayLike<number>;
  readonly secondaryCovarianceRtnM2?: ArrayLike<number>;
  readonly combinedHardBodyRadiusM: number;
  readonly pcMethod: PcMethod;
}

/**
 * How the primary is propagated: the spacecraft's properties, and the force model with the Earth environment of a run
 * whose t = 0 is `offsetS` after the TCA and which covers [startS, endS] of its own time (dynamics.ts builds it from
 * the Earth data; an environment and an NRLMSISE-00 atmosphere are bound to their epoch).
 */
export interface AvoidancePropagation {
  /** The instant of the TCA (t = 0 of the planner's times). */
  readonly tcaEpoch: Epoch;
  readonly spacecraft: SpacecraftProperties;
  readonly integrator?: IntegratorSettings;
  /** Partials of the variational equations (default SEMI_ANALYTIC: the trade space needs Φ to ~1e-6, not 1e-9). */
  readonly variationalPartials?: VariationalPartials;
  dynamicsAt(offsetS: number, startS: number, endS: number): RunDynamics;
}

export interface RunDynamics {
  readonly forceModel: ForceModelSettings;
  readonly environment: EarthEnvironment | null;
}

/** The primary at one burn time and the linear map from it to the TCA. */
export interface BurnPoint {
  readonly leadTimeS: number;
  /** GCRF state at t_TCA − leadTimeS (km, km/s). */
  readonly stateKm: Float64Array;
  /** Φ(t_TCA, t_b), 6×6 row-major (SI: the position–velocity block is in seconds). */
  readonly stmToTca: Float64Array;
  /** Mass at the burn, kg. */
  readonly massKg: number;
}

/** The burn points of `leadTimesS`: one backward propagation from the TCA state with the STM, each Φ inverted. */
export function burnPoints(primaryStateKm: ArrayLike<number>, leadTimesS: readonly number[], propagation: AvoidancePropagation): BurnPoint[] {
  const result = propagate({
    positionKm: [primaryStateKm[0]!, primaryStateKm[1]!, primaryStateKm[2]!],
    velocityKmS: [primaryStateKm[3]!, primaryStateKm[4]!, primaryStateKm[5]!],
    spacecraft: propagation.spacecraft,
    ...propagation.dynamicsAt(0, -Math.max(0, ...leadTimesS), 0),
    outputTimesS: leadTimesS.map((t) => -t),
    stm: true,
    variationalPartials: propagation.variationalPartials ?? 'SEMI_ANALYTIC',
    ...(propagation.integrator ? { integrator: propagation.integrator } : {}),
  });
  if (result.truncated) throw new RangeError(`the primary reaches the altitude floor ${-result.truncated.tS} s before TCA: no burn that early`);
  return leadTimesS.map((leadTimeS, i) => ({
    leadTimeS,
    stateKm: result.statesKm.slice(6 * i, 6 * i + 6),
    stmToTca: invertMatrix(result.stm!.subarray(36 * i, 36 * i + 36), 6),
    massKg: result.massKg[i]!,
  }));
}

/** Keplerian period of a GCRF state (km, km/s), s. */
export function keplerPeriodS(stateKm: ArrayLike<number>): number {
  const { aKm } = cartesianToKeplerian([stateKm[0]!, stateKm[1]!, stateKm[2]!], [stateKm[3]!, stateKm[4]!, stateKm[5]!]);
  if (!(aKm > 0)) throw new RangeError('the primary is not on an elliptic orbit');
  return orbitalPeriodS(aKm);
}

/**
 * Lead times over [minLeadS, maxLeadS]: every half-orbit point (k + ½)·T in the window (along-track burns are most
 * effective there, see the header), then evenly spaced lead times filling up to `count`, ascending; when the window
 * holds more half-orbit points than `count`, `count` of them spread over it.
 */
export function avoidanceLeadTimesS(minLeadS: number, maxLeadS: number, periodS: number, count: number): number[] {
  if (!(maxLeadS >= minLeadS) || !(minLeadS >= 0) || !(count >= 1)) throw new RangeError('lead times: need 0 ≤ min ≤ max and count ≥ 1');
  const half: number[] = [];
  for (let k = 0; (k + 0.5) * periodS <= maxLeadS; k++) if ((k + 0.5) * periodS >= minLeadS) half.push((k + 0.5) * periodS);
  if (half.length >= count) {
    if (count === 1) return [half[0]!];
    return Array.from({ length: count }, (_, i) => half[Math.round((i * (half.length - 1)) / (count - 1))]!);
  }
  const out = [...half];
  const minGap = Math.max(60, (maxLeadS - minLeadS) / (4 * count));
  // evenly spaced over the window (its ends included), then on finer grids, until `count`
  for (let n = count; out.length < count && n <= 16 * count; n *= 2) {
    for (let j = 0; j < n && out.length < count; j++) {
      const t = n === 1 ? maxLeadS : minLeadS + (j * (maxLeadS - minLeadS)) / (n - 1);
      if (out.every((o) => Math.abs(o - t) >= minGap)) out.push(t);
    }
  }
  return out.sort((a, b) => a - b);
}

/** `count` Δv sizes spaced geometrically over [min, max] m/s (both included). */
export function deltaVSizesMetersPerSecond(min: number, max: number, count: number): number[] {
  if (!(min > 0) || !(max >= min) || !(count >= 1)) throw new RangeError('Δv sizes: need 0 < min ≤ max and count ≥ 1');
  if (count === 1) return [max];
  return Array.from({ length: count }, (_, i) => min * (max / min) ** (i / (count - 1)));
}

/** Tsiolkovsky (1903): the propellant, kg, for |Δv| (m/s) from mass m₀ (kg) at specific impulse Isp (s). */
export function propellantKg(massKg: number, deltaVMetersPerSecond: number, ispS: number): number {
  return massKg * -Math.expm1(-deltaVMetersPerSecond / (ispS * G0_M_S2));
}

/** What an encounter comes to at its closest approach. */
export interface EncounterOutcome {
  readonly missDistanceM: number;
  /** The closest approach's time from the given states' instant, s (rectilinear relative motion). */
  readonly tcaShiftS: number;
  /** Secondary minus primary at the closest approach, GCRF, m. */
  readonly relativePositionGcrfM: [number, number, number];
  /** The same in the primary's RTN, m. */
  readonly relativePositionRtnM: [number, number, number];
  readonly relativeVelocityGcrfMS: [number, number, number];
  readonly probability: ApproachProbability;
}

/** 6×6 GCRF covariance (km units) ↔ the object's RTN (m units). */
export function covarianceRtnM2ToGcrfKm(rtnM2: ArrayLike<number>, stateKm: ArrayLike<number>): Float64Array {
  const toRtn = localOrbitalRotation('RTN', [stateKm[0]!, stateKm[1]!, stateKm[2]!], [stateKm[3]!, stateKm[4]!, stateKm[5]!]);
  const p = transformCovariance(rtnM2, stateJacobian(transpose3(toRtn)));
  for (let i = 0; i < 36; i++) p[i] = p[i]! / 1e6;
  return p;
}

export function covarianceGcrfKmToRtnM2(gcrfKm: ArrayLike<number>, stateKm: ArrayLike<number>): Float64Array {
  const toRtn = localOrbitalRotation('RTN', [stateKm[0]!, stateKm[1]!, stateKm[2]!], [stateKm[3]!, stateKm[4]!, stateKm[5]!]);
  const p = transformCovariance(gcrfKm, stateJacobian(toRtn));
  for (let i = 0; i < 36; i++) p[i] = p[i]! * 1e6;
  return p;
}

/**
 * The encounter of the two states (GCRF, km, km/s; about one instant) at their closest approach: both moved along
 * straight lines by δt = −Δr·Δv/|Δv|² (the short-term encounter model), then approachProbability with the primary's
 * covariance (GCRF, km units) rotated to its RTN and the secondary's RTN one.
 */
export function encounterOutcome(
  primaryStateKm: ArrayLike<number>,
  primaryCovarianceGcrfKm: ArrayLike<number>,
  secondaryStateKm: ArrayLike<number>,
  secondaryCovarianceRtnM2: ArrayLike<number> | undefined,
  combinedHardBodyRadiusM: number,
  pcMethod: PcMethod,
): EncounterOutcome {
  const drKm = [0, 1, 2].map((i) => secondaryStateKm[i]! - primaryStateKm[i]!);
  const dvKmS = [3, 4, 5].map((i) => secondaryStateKm[i]! - primaryStateKm[i]!);
  const vv = dvKmS[0]! ** 2 + dvKmS[1]! ** 2 + dvKmS[2]! ** 2;
  const tcaShiftS = vv > 0 ? -(drKm[0]! * dvKmS[0]! + drKm[1]! * dvKmS[1]! + drKm[2]! * dvKmS[2]!) / vv : 0;
  const p = Float64Array.from(primaryStateKm as ArrayLike<number>);
  const s = Float64Array.from(secondaryStateKm as ArrayLike<number>);
  for (let i = 0; i < 3; i++) {
    p[i] = p[i]! + p[i + 3]! * tcaShiftS;
    s[i] = s[i]! + s[i + 3]! * tcaShiftS;
  }
  const rel: [number, number, number] = [(s[0]! - p[0]!) * 1000, (s[1]! - p[1]!) * 1000, (s[2]! - p[2]!) * 1000];
  const toRtn = localOrbitalRotation('RTN', p.subarray(0, 3), p.subarray(3, 6));
  const relRtn: [number, number, number] = [0, 1, 2].map((r) => toRtn[3 * r]! * rel[0] + toRtn[3 * r + 1]! * rel[1] + toRtn[3 * r + 2]! * rel[2]) as [number, number, number];
  const probability = approachProbability(
    pcMethod,
    p,
    s,
    combinedHardBodyRadiusM,
    { rtnM2: Array.from(covarianceGcrfKmToRtnM2(primaryCovarianceGcrfKm, p)) },
    secondaryCovarianceRtnM2 ? { rtnM2: Array.from(secondaryCovarianceRtnM2) } : undefined,
  );
  return {
    missDistanceM: Math.hypot(...rel),
    tcaShiftS,
    relativePositionGcrfM: rel,
    relativePositionRtnM: relRtn,
    relativeVelocityGcrfMS: [dvKmS[0]! * 1000, dvKmS[1]! * 1000, dvKmS[2]! * 1000],
    probability,
  };
}

/** The candidate burn: when, which way, how much. */
export interface AvoidanceBurn {
  readonly leadTimeS: number;
  readonly direction: AvoidanceDirection;
  readonly deltaVMetersPerSecond: number;
  /** Δv in the primary's RTN at the burn (m/s). */
  readonly deltaVRtnMetersPerSecond: [number, number, number];
  /** Δv in GCRF (m/s). */
  readonly deltaVGcrfMetersPerSecond: [number, number, number];
}

export interface LinearCandidate extends AvoidanceBurn {
  readonly propellantKg: number;
  /** The primary's displacement at the nominal TCA, δr = Φ_rv·Δv, in its RTN there (m). */
  readonly displacementAtTcaRtnM: [number, number, number];
  readonly outcome: EncounterOutcome;
}

export interface TradeSpaceRequest {
  readonly encounter: AvoidanceEncounter;
  readonly burnPoints: readonly BurnPoint[];
  readonly directions: readonly AvoidanceDirection[];
  readonly deltaVSizesMetersPerSecond: readonly number[];
  readonly executionErrors: ExecutionErrors;
  readonly ispS: number;
}

export interface TradeSpace {
  /** The encounter without a burn (the event's own covariance). */
  readonly nominal: EncounterOutcome;
  /** Lead time × direction × size, in that nesting order. */
  readonly candidates: LinearCandidate[];
}

/** The primary's RTN axes at a state as rows (R, T, N). */
function rtnAxes(stateKm: ArrayLike<number>): Float64Array {
  return localOrbitalRotation('RTN', [stateKm[0]!, stateKm[1]!, stateKm[2]!], [stateKm[3]!, stateKm[4]!, stateKm[5]!]);
}

/** Φ_rv·Δv and Φ_vv·Δv (SI) of the STM for a GCRF Δv (m/s): the state change at TCA, m and m/s. */
function mapImpulse(stm: Float64Array, dv: ArrayLike<number>, out: Float64Array): Float64Array {
  for (let r = 0; r < 6; r++) out[r] = stm[r * 6 + 3]! * dv[0]! + stm[r * 6 + 4]! * dv[1]! + stm[r * 6 + 5]! * dv[2]!;
  return out;
}

/** Φ[:, 3:6]·Q·Φ[:, 3:6]ᵀ (6×6, SI) of a 3×3 velocity covariance Q at the burn. */
export function mappedVelocityCovariance(stm: ArrayLike<number>, q: ArrayLike<number>, out = new Float64Array(36)): Float64Array {
  const bq = new Float64Array(18); // Φ[:, 3:6]·Q (6×3)
  for (let r = 0; r < 6; r++) for (let c = 0; c < 3; c++) bq[r * 3 + c] = stm[r * 6 + 3]! * q[c]! + stm[r * 6 + 4]! * q[3 + c]! + stm[r * 6 + 5]! * q[6 + c]!;
  for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) out[r * 6 + c] = bq[r * 3]! * stm[c * 6 + 3]! + bq[r * 3 + 1]! * stm[c * 6 + 4]! + bq[r * 3 + 2]! * stm[c * 6 + 5]!;
  return out;
}

/**
 * The linear trade space: every lead time × direction × size, each evaluated at the new closest approach with the
 * execution errors in the primary's covariance. Sizes and directions of `OPTIMAL` are per lead time and size
 * (optimalDirection.ts on the nominal encounter plane).
 */
export function linearTradeSpace(request: TradeSpaceRequest): TradeSpace {
  const { encounter } = request;
  const p0Km = covarianceRtnM2ToGcrfKm(encounter.primaryCovarianceRtnM2, encounter.primaryStateKm);
  const nominal = encounterOutcome(encounter.primaryStateKm, p0Km, encounter.secondaryStateKm, encounter.secondaryCovarianceRtnM2, encounter.combinedHardBodyRadiusM, encounter.pcMethod);
  const plane = request.directions.includes('OPTIMAL') ? nominalPlane(encounter) : null;
  const toRtnTca = rtnAxes(encounter.primaryStateKm);
  const candidates: LinearCandidate[] = [];
  const dx = new Float64Array(6);
  const post = new Float64Array(6);
  const q = new Float64Array(9);
  const mapped = new Float64Array(36);
  const cov = new Float64Array(36);
  for (const point of request.burnPoints) {
    const axes = rtnAxes(point.stateKm);
    const k = plane ? planeMap(plane.axes, point.stmToTca) : null;
    for (const direction of request.directions) {
      for (const size of request.deltaVSizesMetersPerSecond) {
        const dv: [number, number, number] = [0, 0, 0];
        if (direction === 'OPTIMAL') {
          const u = optimalBurnDirection(k!, plane!.weight, plane!.b0, size);
          for (let i = 0; i < 3; i++) dv[i] = u[i]! * size;
        } else {
          const [axis, sign] = FIXED_DIRECTIONS[direction];
          for (let i = 0; i < 3; i++) dv[i] = axes[axis * 3 + i]! * sign * size;
        }
        const dvRtn: [number, number, number] = [0, 1, 2].map((r) => axes[3 * r]! * dv[0] + axes[3 * r + 1]! * dv[1] + axes[3 * r + 2]! * dv[2]) as [number, number, number];
        mapImpulse(point.stmToTca, dv, dx);
        for (let i = 0; i < 6; i++) post[i] = encounter.primaryStateKm[i]! + dx[i]! / 1000;
        executionErrorCovariance(dv, request.executionErrors, q);
        mappedVelocityCovariance(point.stmToTca, q, mapped);
        for (let i = 0; i < 36; i++) cov[i] = p0Km[i]! + mapped[i]! / 1e6;
        const outcome = encounterOutcome(post, cov, encounter.secondaryStateKm, encounter.secondaryCovarianceRtnM2, encounter.combinedHardBodyRadiusM, encounter.pcMethod);
        candidates.push({
          leadTimeS: point.leadTimeS,
          direction,
          deltaVMetersPerSecond: size,
          deltaVRtnMetersPerSecond: dvRtn,
          deltaVGcrfMetersPerSecond: dv,
          propellantKg: propellantKg(point.massKg, size, request.ispS),
          displacementAtTcaRtnM: [0, 1, 2].map((r) => toRtnTca[3 * r]! * dx[0]! + toRtnTca[3 * r + 1]! * dx[1]! + toRtnTca[3 * r + 2]! * dx[2]!) as [number, number, number],
          outcome,
        });
      }
    }
  }
  return { nominal, candidates };
}

/** The nominal collision plane: its axes (rows x, y, GCRF), the inverse of the combined covariance there, b₀ (m). */
function nominalPlane(encounter: AvoidanceEncounter): { axes: Float64Array; weight: Float64Array; b0: Float64Array } {
  const st = (s: ArrayLike<number>): { positionM: number[]; velocityMS: number[] } => ({
    positionM: [s[0]! * 1000, s[1]! * 1000, s[2]! * 1000],
    velocityMS: [s[3]! * 1000, s[4]! * 1000, s[5]! * 1000],
  });
  // an unknown secondary covariance: the primary's alone shapes the plane's metric (the maximum-probability Pc scales it)
  const e = shortTermEncounter(
    { ...st(encounter.primaryStateKm), covariance: encounter.primaryCovarianceRtnM2, covarianceFrame: 'RTN' },
    { ...st(encounter.secondaryStateKm), covariance: encounter.secondaryCovarianceRtnM2 ?? new Float64Array(36), covarianceFrame: 'RTN' },
    encounter.combinedHardBodyRadiusM,
  );
  const [[a, b], [, c]] = e.projectedCovarianceM2;
  const det = a * c - b * b;
  const weight = det > 0 ? Float64Array.from([c / det, -b / det, -b / det, a / det]) : Float64Array.from([1, 0, 0, 1]);
  return {
    axes: Float64Array.from([...e.encounterFrame.xAxis, ...e.encounterFrame.yAxis]),
    weight,
    b0: Float64Array.from(e.otherPositionCollisionPlaneM),
  };
}

/** K = E·Φ_rv (2×3, m per m/s): the secondary's in-plane position moves by −K·Δv. */
function planeMap(axes: Float64Array, stm: Float64Array): Float64Array {
  const k = new Float64Array(6);
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 3; c++) {
      k[r * 3 + c] = axes[r * 3]! * stm[0 * 6 + 3 + c]! + axes[r * 3 + 1]! * stm[1 * 6 + 3 + c]! + axes[r * 3 + 2]! * stm[2 * 6 + 3 + c]!;
    }
  }
  return k;
}
