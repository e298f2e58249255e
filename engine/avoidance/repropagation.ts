/**
 * Numerical re-propagation of an avoidance candidate: what the linear trade space (tradeSpace.ts) predicted, checked
 * with the full force model and the burn as it would be executed.
 *
 *  1. The primary's TCA state and covariance (the event's, GCRF) are propagated back to the burn start with the
 *     numerical propagator (P(t_s) = Φ(t_s, t_TCA)·P·Φᵀ through the variational equations).
 *  2. The burn: IMPULSIVE — Δv added to the velocity at t_b = t_TCA − τ, the mass reduced by Tsiolkovsky's
 *     propellant; FINITE — one of the spacecraft's thrusters at constant thrust F and specific impulse Isp
 *     (engine/forces/thrust.ts, Montenbruck & Gill 2000 §3.6.2), lasting D = m_p·Isp·g₀/F (the duration that burns the
 *     Tsiolkovsky propellant of |Δv|), centred on t_b. Attitude law: the spacecraft is held so that the thruster's
 *     axis points along the candidate's direction fixed in the primary's local RTN frame (R = r/|r|, N = r×v/|r×v|,
 *     T = N×R, rebuilt from the state along the arc: Orekit's LofOffset attitude on LOFType.QSW with the thrust
 *     along the body axis), so the thrust turns with the orbit during the burn.
 *  3. The execution errors (executionErrors.ts, Gates 1963) enter the velocity block of the covariance at the burn
 *     (at its start for a finite burn: its duration is a small part of the lead time), and the covariance is
 *     propagated with the state to the new TCA.
 *  4. The secondary is propagated from its TCA state over a window around the TCA with the gravity of the primary's
 *     force model (its drag and radiation-pressure properties are unknown: over minutes they move it by millimetres),
 *     and the new TCA is the root of the range rate Δr·Δv (Newton's method on the two dense outputs, the derivative
 *     |Δv|² + Δr·Δa taken as |Δv|²); the Pc there by the stated method with the secondary's covariance as given.
 *
 * The orbit change (osculating Δa, Δe, Δi at the nominal TCA instant) and the along-track offset there, with its drift
 * per orbit −3π·Δa (the secular term of the Clohessy–Wiltshire solution for a change of semi-major axis, Vallado,
 * Fundamentals of Astrodynamics and Applications, 4th ed., §6.8), describe what the burn does to the orbit after TCA.
 */
import { G0_M_S2 } from '../constants.ts';
import { localOrbitalRotation } from '../math/covariance.ts';
import { cartesianToKeplerian } from '../orbits/keplerian.ts';
import { DENSE_OUTPUT_STEP_SIZE, propagate, type DenseOutput, type FiniteBurn, type ForceModelSettings, type PropagationRequest } from '../propagation/propagator.ts';
import { DenseOutputTrajectory } from '../trajectories/denseOutput.ts';
import { executionErrorCovariance, type ExecutionErrors } from './executionErrors.ts';
import {
  covarianceRtnM2ToGcrfKm,
  encounterOutcome,
  propellantKg,
  type AvoidanceBurn,
  type AvoidanceEncounter,
  type AvoidancePropagation,
  type EncounterOutcome,
  type LinearCandidate,
} from './tradeSpace.ts';

/** How the burn is executed: an impulse, or one of the spacecraft's thrusters at constant thrust. */
export type BurnExecution =
  | { readonly kind: 'IMPULSIVE'; readonly ispS: number }
  | { readonly kind: 'FINITE'; readonly thrustN: number; readonly ispS: number };

/** The thrust duration (s) that burns the Tsiolkovsky propellant of |Δv| from mass m₀ at thrust F and Isp. */
export function finiteBurnDurationS(massKg: number, deltaVMetersPerSecond: number, thrustN: number, ispS: number): number {
  return (propellantKg(massKg, deltaVMetersPerSecond, ispS) * ispS * G0_M_S2) / thrustN;
}

export interface RepropagationRequest {
  readonly encounter: AvoidanceEncounter;
  readonly propagation: AvoidancePropagation;
  readonly burn: AvoidanceBurn;
  readonly execution: BurnExecution;
  readonly executionErrors: ExecutionErrors;
  /**
   * Keep the post-maneuver trajectory (dense output) to this many seconds after the TCA (default 0: to the TCA
   * window). The covariance is integrated only to the end of the TCA window, the state alone beyond it.
   */
  readonly horizonS?: number;
  /** Half-width of the window around the TCA searched for the new closest approach, s (default 600). */
  readonly tcaWindowS?: number;
}

export interface OrbitChange {
  readonly deltaSemiMajorAxisM: number;
  readonly deltaEccentricity: number;
  readonly deltaInclinationDeg: number;
  /** The primary's along-track offset from its nominal position at the nominal TCA instant (its RTN T), m. */
  readonly alongTrackOffsetAtTcaM: number;
  /** −3π·Δa: how much further the offset grows each orbit after the TCA, m. */
  readonly alongTrackDriftMetersPerOrbit: number;
}

export interface RepropagatedCandidate {
  /** The new closest approach, s from the nominal TCA. */
  readonly tcaOffsetS: number;
  readonly outcome: EncounterOutcome;
  /** The primary at the new TCA (GCRF, km, km/s) and its covariance there (GCRF, km units, 36 values). */
  readonly primaryStateKm: Float64Array;
  readonly primaryCovarianceGcrfKm: Float64Array;
  /** Burn start and duration (0 for an impulse), s from the nominal TCA / s. */
  readonly burnStartOffsetS: number;
  readonly burnDurationS: number;
  readonly propellantKg: number;
  readonly massAfterBurnKg: number;
  readonly orbitChange: OrbitChange;
  /** The post-maneuver trajectory from the burn start: t = 0 at `burnStartOffsetS` from the TCA. */
  readonly trajectory: DenseOutput;
  readonly trajectoryEndS: number;
}

/** Numerical re-propagation of one candidate (see the header). */
export function repropagateCandidate(request: RepropagationRequest): RepropagatedCandidate {
  const { encounter, propagation, burn, execution } = request;
  const window = request.tcaWindowS ?? 600;
  const massKg = propagation.spacecraft.massKg;
  const prop = propellantKg(massKg, burn.deltaVMetersPerSecond, execution.ispS);
  const duration = execution.kind === 'FINITE' ? finiteBurnDurationS(massKg, burn.deltaVMetersPerSecond, execution.thrustN, execution.ispS) : 0;
  const startOffset = -burn.leadTimeS - duration / 2;
  if (startOffset + duration > -1) throw new RangeError(`the burn (${duration.toFixed(1)} s centred ${burn.leadTimeS} s before TCA) does not end before the TCA`);
  const tca = encounter.primaryStateKm;
  const common = (dyn: { forceModel: ForceModelSettings }): Pick<PropagationRequest, 'spacecraft' | 'integrator'> & { forceModel: ForceModelSettings } => ({
    spacecraft: propagation.spacecraft,
    forceModel: dyn.forceModel,
    ...(propagation.integrator ? { integrator: propagation.integrator } : {}),
  });

  // 1. back to the burn start with the event's covariance
  const backDyn = propagation.dynamicsAt(0, startOffset, 0);
  const back = propagate({
    ...common(backDyn),
    environment: backDyn.environment,
    positionKm: [tca[0]!, tca[1]!, tca[2]!],
    velocityKmS: [tca[3]!, tca[4]!, tca[5]!],
    outputTimesS: [startOffset],
    covarianceKm: covarianceRtnM2ToGcrfKm(encounter.primaryCovarianceRtnM2, tca),
  });
  const s0 = back.statesKm.slice(0, 6);
  const p0 = back.covarianceKm!.slice(0, 36);

  // 2. the burn, 3. the execution errors at the burn (its direction in GCRF at the burn start)
  const toRtn = localOrbitalRotation('RTN', s0.subarray(0, 3), s0.subarray(3, 6));
  const dvRtn = burn.deltaVRtnMetersPerSecond;
  const dvGcrf = [0, 1, 2].map((i) => toRtn[i]! * dvRtn[0] + toRtn[3 + i]! * dvRtn[1] + toRtn[6 + i]! * dvRtn[2]);
  const q = executionErrorCovariance(execution.kind === 'IMPULSIVE' ? burn.deltaVGcrfMetersPerSecond : dvGcrf, request.executionErrors);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) p0[(3 + i) * 6 + 3 + j] = p0[(3 + i) * 6 + 3 + j]! + q[i * 3 + j]! / 1e6;
  const v0 = [s0[3]!, s0[4]!, s0[5]!];
  let mass0 = massKg;
  const burns: FiniteBurn[] = [];
  if (execution.kind === 'IMPULSIVE') {
    for (let i = 0; i < 3; i++) v0[i] = v0[i]! + burn.deltaVGcrfMetersPerSecond[i]! / 1000;
    mass0 = massKg - prop;
  } else {
    const f = execution.thrustN / burn.deltaVMetersPerSecond;
    burns.push({ startS: 0, durationS: duration, thrustN: [dvRtn[0] * f, dvRtn[1] * f, dvRtn[2] * f], frame: 'RTN', ispS: execution.ispS });
  }

  // forward over the TCA window, dense, with the covariance (STM) at the nominal TCA; beyond the window (the
  // horizon) the state alone: the covariance is only read at the TCA (the secondary screening propagates it to the
  // approaches it finds, secondaryScreening.ts), and the 6×6 variational equations cost ~3× the state's integration
  const toTca = -startOffset;
  const windowEndS = toTca + window;
  const endS = toTca + Math.max(window, request.horizonS ?? 0);
  const fwdDyn = propagation.dynamicsAt(startOffset, 0, windowEndS);
  const spacecraft = { ...propagation.spacecraft, massKg: mass0 };
  const fwd = propagate({
    ...common(fwdDyn),
    spacecraft,
    environment: fwdDyn.environment,
    positionKm: [s0[0]!, s0[1]!, s0[2]!],
    velocityKmS: v0,
    burns,
    outputTimesS: [toTca, windowEndS],
    covarianceKm: p0,
    denseOutput: true,
  });
  if (fwd.truncated) throw new RangeError(`the post-maneuver trajectory reaches the altitude floor ${fwd.truncated.tS + startOffset} s after the TCA`);
  let dense = fwd.denseOutput!;
  if (endS > windowEndS) {
    const sw = fwd.statesKm.subarray(6, 12);
    const coastDyn = propagation.dynamicsAt(startOffset + windowEndS, 0, endS - windowEndS);
    const coast = propagate({
      ...common(coastDyn),
      spacecraft: { ...spacecraft, massKg: fwd.massKg[1]! },
      environment: coastDyn.environment,
      positionKm: [sw[0]!, sw[1]!, sw[2]!],
      velocityKmS: [sw[3]!, sw[4]!, sw[5]!],
      outputTimesS: [endS - windowEndS],
      denseOutput: true,
    });
    if (coast.truncated) throw new RangeError(`the post-maneuver trajectory reaches the altitude floor ${coast.truncated.tS + windowEndS + startOffset} s after the TCA`);
    dense = appendDenseOutput(dense, coast.denseOutput!, windowEndS);
  }
  const primary = new DenseOutputTrajectory(dense, propagation.tcaEpoch.plusSeconds(startOffset));

  // 4. the secondary around the TCA, the new closest approach
  const secDyn = propagation.dynamicsAt(0, -window, window);
  const sec = encounter.secondaryStateKm;
  const secondaryRun = propagate({
    spacecraft: { massKg: 1000 },
    forceModel: { ...secDyn.forceModel, atmosphere: 'NONE', solarRadiationPressure: false },
    environment: secDyn.environment,
    positionKm: [sec[0]!, sec[1]!, sec[2]!],
    velocityKmS: [sec[3]!, sec[4]!, sec[5]!],
    outputTimesS: [-window, window],
    denseOutput: true,
    ...(propagation.integrator ? { integrator: propagation.integrator } : {}),
  });
  const secondary = new DenseOutputTrajectory(secondaryRun.denseOutput!, propagation.tcaEpoch);
  const a = new Float64Array(6);
  const b = new Float64Array(6);
  let t = 0;
  for (let it = 0; it < 30; it++) {
    primary.stateAt(t + toTca, a);
    secondary.stateAt(t, b);
    let g = 0;
    let vv = 0;
    for (let i = 0; i < 3; i++) {
      g += (b[i]! - a[i]!) * (b[i + 3]! - a[i + 3]!);
      vv += (b[i + 3]! - a[i + 3]!) ** 2;
    }
    const step = -g / vv;
    t = Math.min(window, Math.max(-window, t + step));
    if (Math.abs(step) < 1e-7) break;
  }
  if (Math.abs(t) >= window) throw new RangeError(`no closest approach within ±${window} s of the TCA after the burn`);
  primary.stateAt(t + toTca, a);
  secondary.stateAt(t, b);

  // the covariance from the nominal TCA to the new one (a fraction of a step)
  const pTca = fwd.covarianceKm!.slice(0, 36);
  let pNew = pTca;
  if (Math.abs(t) > 1e-6) {
    const stTca = fwd.statesKm.slice(0, 6);
    const hopDyn = propagation.dynamicsAt(0, 0, t);
    pNew = propagate({
      ...common(hopDyn),
      spacecraft: { ...spacecraft, massKg: fwd.massKg[0]! },
      environment: hopDyn.environment,
      positionKm: [stTca[0]!, stTca[1]!, stTca[2]!],
      velocityKmS: [stTca[3]!, stTca[4]!, stTca[5]!],
      outputTimesS: [t],
      covarianceKm: pTca,
    }).covarianceKm!.slice(0, 36);
  }
  const outcome = encounterOutcome(a, pNew, b, encounter.secondaryCovarianceRtnM2, encounter.combinedHardBodyRadiusM, encounter.pcMethod);
  return {
    tcaOffsetS: t,
    outcome,
    primaryStateKm: Float64Array.from(a),
    primaryCovarianceGcrfKm: pNew,
    burnStartOffsetS: startOffset,
    burnDurationS: duration,
    propellantKg: prop,
    massAfterBurnKg: massKg - prop,
    orbitChange: orbitChange(tca, fwd.statesKm.subarray(0, 6)),
    trajectory: dense,
    trajectoryEndS: endS,
  };
}

/** The dense output of a run with its times moved by `byS` (t → t + byS: tFrom, tTo and each polynomial's tOld). */
export function shiftDenseOutput(dense: DenseOutput, byS: number): DenseOutput {
  const n = DENSE_OUTPUT_STEP_SIZE;
  const steps = Float64Array.from(dense.steps);
  for (let k = 0; k < dense.stepCount; k++) for (let j = 0; j < 3; j++) steps[k * n + j] = steps[k * n + j]! + byS;
  return { stepCount: dense.stepCount, steps };
}

/**
 * `first` (ending at `atS`, its steps beyond cut off) followed by `second`, a run started at `atS` of `first`'s time
 * (its times shifted by `atS`: a step's tFrom, tTo and the polynomial's tOld).
 */
export function appendDenseOutput(first: DenseOutput, second: DenseOutput, atS: number): DenseOutput {
  const n = DENSE_OUTPUT_STEP_SIZE;
  const steps = new Float64Array((first.stepCount + second.stepCount) * n);
  let count = 0;
  for (let k = 0; k < first.stepCount; k++) {
    if (!(first.steps[k * n]! < atS)) break;
    steps.set(first.steps.subarray(k * n, (k + 1) * n), count * n);
    steps[count * n + 1] = Math.min(steps[count * n + 1]!, atS);
    count++;
  }
  for (let k = 0; k < second.stepCount; k++) {
    if (!(second.steps[k * n + 1]! > 0)) continue; // a backward leg (none here)
    const o = count * n;
    steps.set(second.steps.subarray(k * n, (k + 1) * n), o);
    for (let j = 0; j < 3; j++) steps[o + j] = steps[o + j]! + atS;
    count++;
  }
  return { stepCount: count, steps: steps.slice(0, count * n) };
}

/** Osculating Δa, Δe, Δi and the along-track offset between the nominal and the burned state at one instant. */
export function orbitChange(nominalKm: ArrayLike<number>, burnedKm: ArrayLike<number>): OrbitChange {
  const el = (s: ArrayLike<number>) => cartesianToKeplerian([s[0]!, s[1]!, s[2]!], [s[3]!, s[4]!, s[5]!]);
  const n = el(nominalKm);
  const m = el(burnedKm);
  const toRtn = localOrbitalRotation('RTN', [nominalKm[0]!, nominalKm[1]!, nominalKm[2]!], [nominalKm[3]!, nominalKm[4]!, nominalKm[5]!]);
  const along = (toRtn[3]! * (burnedKm[0]! - nominalKm[0]!) + toRtn[4]! * (burnedKm[1]! - nominalKm[1]!) + toRtn[5]! * (burnedKm[2]! - nominalKm[2]!)) * 1000;
  const da = (m.aKm - n.aKm) * 1000;
  return {
    deltaSemiMajorAxisM: da,
    deltaEccentricity: m.e - n.e,
    deltaInclinationDeg: ((m.iRad - n.iRad) * 180) / Math.PI,
    alongTrackOffsetAtTcaM: along,
    alongTrackDriftMetersPerOrbit: -3 * Math.PI * da,
  };
}

/** How far the linear prediction of a candidate was from its re-propagation. */
export interface LinearDifference {
  /** Linear minus numerical miss distance, m. */
  readonly missDistanceM: number;
  /** |linear − numerical| of the miss vector (secondary − primary at each closest approach), m. */
  readonly missVectorM: number;
  /** Numerical and linear Pc (the same method). */
  readonly linearPc: number | null;
  readonly numericalPc: number | null;
  /** Linear minus numerical Mahalanobis distance. */
  readonly mahalanobisDistance: number | null;
}

export function linearDifference(linear: LinearCandidate, numerical: RepropagatedCandidate): LinearDifference {
  const l = linear.outcome;
  const n = numerical.outcome;
  const lm = l.probability.mahalanobisDistance;
  const nm = n.probability.mahalanobisDistance;
  return {
    missDistanceM: l.missDistanceM - n.missDistanceM,
    missVectorM: Math.hypot(l.relativePositionGcrfM[0] - n.relativePositionGcrfM[0], l.relativePositionGcrfM[1] - n.relativePositionGcrfM[1], l.relativePositionGcrfM[2] - n.relativePositionGcrfM[2]),
    linearPc: l.probability.pc?.value ?? null,
    numericalPc: n.probability.pc?.value ?? null,
    mahalanobisDistance: lm !== null && nm !== null ? lm - nm : null,
  };
}
