/**
 * An avoidance plan computed (on a worker: workers/avoidanceTasks.ts): the stored CDM's states at TCA as the engine's
 * encounter (GCRF, km; our spacecraft the primary), the lead times over the burn window (half-orbit points first,
 * engine avoidanceLeadTimesS), `planAvoidance` (the linear trade space, then the numerical re-propagation of the
 * cheapest candidates that meet it), and its result as the API shows it (model.ts AvoidancePlanResultView); then, for
 * an accepted candidate, its post-maneuver trajectory as a hypothetical CCSDS OEM with covariance.
 */
import {
  avoidanceLeadTimesS,
  avoidancePropagation,
  keplerPeriodS,
  planAvoidance,
  repropagateCandidate,
  type AvoidanceBurn,
  type AvoidanceEncounter,
  type BurnExecution,
  type EncounterOutcome,
} from '../../engine/avoidance/index.ts';
import { buildTransform } from '../../engine/frames/index.ts';
import { writeOemKvn, type OemCovarianceToWrite, type OemStateToWrite } from '../../engine/files/oem/oemWriter.ts';
import { covarianceGcrfToLocal } from '../../engine/frames/stateFrames.ts';
import { lowerTriangle, nearestPositiveSemiDefinite } from '../../engine/math/covariance.ts';
import { LOCAL_FRAME_COVARIANCE_COMMENT, OEM_EPOCH_DIGITS, OEM_INTERPOLATION, OEM_INTERPOLATION_DEGREE } from '../../engine/products/oemProduct.ts';
import { propagate } from '../../engine/propagation/propagator.ts';
import type { EarthData } from '../../engine/propagation/storedState.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { DenseOutputTrajectory } from '../../engine/trajectories/denseOutput.ts';
import type { EncounterStates } from '../conjunctions/cdmDigest.ts';
import { instantText } from '../instants.ts';
import { postBurnEncounterPlane } from './encounterPlane.ts';
import { screenPlanSecondaries, type SecondaryScreeningPlanInput } from './secondary.ts';
import { AVOIDANCE_DEFAULTS, AVOIDANCE_LIMITS, type AvoidancePlanResultView, type NormalizedAvoidanceRequest, type OutcomeView, type PlanCandidateView } from './model.ts';

const DEG = Math.PI / 180;

/** What a plan's computation receives: the stored request and the CDM's states at TCA. */
export interface AvoidanceComputationInput {
  request: NormalizedAvoidanceRequest;
  encounterStates: EncounterStates;
  /** Which CDM object is our spacecraft. */
  primaryObject: 1 | 2;
  /** The secondaries of the candidates' post-burn screening, or why there are none (secondary.ts). */
  secondary?: SecondaryScreeningPlanInput;
}

/**
 * What the plan did to the CDM's covariances: one that is not positive semi-definite is replaced by the nearest that
 * is (engine `nearestPositiveSemiDefinite`: its negative eigenvalues set to 0) before anything is computed from it —
 * propagated as it is, its negative direction grows (a negative variance hours later, and no Pc there).
 */
export function covarianceRepairs(input: Pick<AvoidanceComputationInput, 'encounterStates' | 'primaryObject'>): string[] {
  const { encounterStates: states, primaryObject } = input;
  const out: string[] = [];
  for (const k of [1, 2] as const) {
    const object = k === 1 ? states.object1 : states.object2;
    const { repaired, smallestEigenvalue } = nearestPositiveSemiDefinite(object.covariance, 6);
    if (!repaired) continue;
    out.push(
      `the CDM's covariance of ${k === primaryObject ? 'our spacecraft' : 'the secondary'} (OBJECT${k}) is not positive semi-definite ` +
        `(smallest eigenvalue ${smallestEigenvalue.toPrecision(3)} in m², m²/s, m²/s² units): replaced by the nearest positive semi-definite matrix ` +
        '(its negative eigenvalues set to 0, Higham 1988) before it is mapped or propagated',
    );
  }
  return out;
}

/** The CDM's two objects at TCA as the planner's encounter: GCRF, km and km/s, our spacecraft the primary. */
export function avoidanceEncounter(input: AvoidanceComputationInput): AvoidanceEncounter {
  const { encounterStates: states, primaryObject, request } = input;
  const tca = Epoch.parseInstant(request.tca);
  const toGcrf = states.inertialFrame === 'EME2000' ? buildTransform('EME2000', 'GCRF', tca) : null;
  const stateKm = (o: EncounterStates['object1']): Float64Array => {
    const s = Float64Array.from([...o.positionM, ...o.velocityMS].map((v) => v / 1000));
    if (!toGcrf) return s;
    const out = new Float64Array(6);
    toGcrf.applyPositionVelocity(s, out);
    return out;
  };
  const [primary, secondary] = primaryObject === 1 ? [states.object1, states.object2] : [states.object2, states.object1];
  return {
    primaryStateKm: stateKm(primary),
    secondaryStateKm: stateKm(secondary),
    primaryCovarianceRtnM2: nearestPositiveSemiDefinite(primary.covariance, 6).matrix,
    secondaryCovarianceRtnM2: nearestPositiveSemiDefinite(secondary.covariance, 6).matrix,
    combinedHardBodyRadiusM: request.combinedHardBodyRadiusM,
    pcMethod: request.pcMethod,
  };
}

function burnExecution(request: NormalizedAvoidanceRequest): BurnExecution {
  const e = request.execution;
  return e.kind === 'FINITE' ? { kind: 'FINITE', thrustN: e.thrustN!, ispS: e.ispS } : { kind: 'IMPULSIVE', ispS: e.ispS };
}

function executionErrors(request: NormalizedAvoidanceRequest) {
  const e = request.executionErrors;
  return { magnitudeFraction: e.magnitudeFraction, magnitudeMetersPerSecond: e.magnitudeMetersPerSecond, pointingRad: e.pointingDeg * DEG };
}

function outcomeView(o: EncounterOutcome): OutcomeView {
  return {
    missDistanceM: o.missDistanceM,
    pc: o.probability.pc?.value ?? null,
    mahalanobisDistance: o.probability.mahalanobisDistance,
    relativePositionRtnM: o.relativePositionRtnM,
  };
}

/** The plan: lead times over the window, planAvoidance, the result as the API shows it. */
export function computeAvoidancePlan(input: AvoidanceComputationInput, earth: EarthData): AvoidancePlanResultView {
  const started = performance.now();
  const { request } = input;
  const tca = Epoch.parseInstant(request.tca);
  const encounter = avoidanceEncounter(input);
  const periodS = keplerPeriodS(encounter.primaryStateKm);
  const leadTimesS = request.leadTimesS ?? avoidanceLeadTimesS(request.burnWindow.minimumLeadTimeS, request.burnWindow.maximumLeadTimeS, periodS, request.leadTimeCount);
  const propagation = avoidancePropagation(tca, earth, request.spacecraft, request.forceModel);
  const execution = burnExecution(request);
  const screening = request.secondaryScreening;
  const screened = screening !== undefined && input.secondary !== undefined && !('skipped' in input.secondary);
  const plan = planAvoidance({
    encounter,
    propagation,
    target: request.target,
    leadTimesS,
    directions: request.directions,
    deltaVSizesMetersPerSecond: request.deltaVSizesMetersPerSecond,
    execution,
    executionErrors: executionErrors(request),
    maxRepropagated: request.maxRepropagated,
    // the trajectories the secondary screening covers: its horizon after the TCA ≥ the one after each burn
    ...(screened ? { horizonS: screening.horizonS } : {}),
  });
  const secondary = screening
    ? screenPlanSecondaries(
      { plan, propagation, execution, target: request.target, pcMethod: request.pcMethod, settings: screening, originalSecondaryStateKm: encounter.secondaryStateKm, tca },
      input.secondary,
    )
    : null;
  const marked = secondary?.recommendation ?? null;
  const meets = new Set(plan.linearRanking);
  const ts = plan.tradeSpace.candidates;
  let recommended: number | null = null;
  const candidates: PlanCandidateView[] = plan.candidates.map((c, n) => {
    const mark = marked?.candidates[n];
    const isRecommended = mark ? mark.recommended : c.meetsTarget && recommended === null;
    if (isRecommended) recommended = n;
    const reason = isRecommended
      ? null
      : !c.meetsTarget
        ? 'the re-propagated encounter does not meet the target'
        : mark?.reason === 'ranked after the recommended candidate' || mark?.reason === 'ranked after the recommended candidate (not screened)' || !mark
          ? 'a cheaper candidate meets the target'
          : mark.reason;
    const burnStart = tca.plusSeconds(c.numerical.burnStartOffsetS);
    return {
      n,
      tradeSpaceIndex: c.index,
      leadTimeS: c.linear.leadTimeS,
      burnTime: instantText(tca.plusSeconds(-c.linear.leadTimeS)),
      burnStart: instantText(burnStart),
      burnDurationS: c.numerical.burnDurationS,
      direction: c.linear.direction,
      deltaVMetersPerSecond: c.linear.deltaVMetersPerSecond,
      deltaVRtnMetersPerSecond: c.linear.deltaVRtnMetersPerSecond,
      deltaVGcrfMetersPerSecond: c.linear.deltaVGcrfMetersPerSecond,
      propellantKg: c.numerical.propellantKg,
      massAfterBurnKg: c.numerical.massAfterBurnKg,
      linear: { ...outcomeView(c.linear.outcome), displacementAtTcaRtnM: c.linear.displacementAtTcaRtnM },
      numerical: { ...outcomeView(c.numerical.outcome), tcaOffsetS: c.numerical.tcaOffsetS, tca: instantText(tca.plusSeconds(c.numerical.tcaOffsetS)), encounterPlane: postBurnEncounterPlane(encounter, c) },
      difference: c.difference,
      orbitChange: c.numerical.orbitChange,
      meetsTarget: c.meetsTarget,
      recommended: isRecommended,
      notRecommendedReason: reason,
      secondary: secondary?.views[n] ?? null,
    };
  });
  return {
    pcMethod: plan.pcMethod,
    target: request.target,
    periodS,
    leadTimesS,
    nominal: outcomeView(plan.tradeSpace.nominal),
    tradeSpace: {
      count: ts.length,
      meetingTargetCount: plan.linearRanking.length,
      leadTimeS: ts.map((c) => c.leadTimeS),
      direction: ts.map((c) => c.direction),
      deltaVMetersPerSecond: ts.map((c) => c.deltaVMetersPerSecond),
      missDistanceM: ts.map((c) => c.outcome.missDistanceM),
      pc: ts.map((c) => c.outcome.probability.pc?.value ?? null),
      mahalanobisDistance: ts.map((c) => c.outcome.probability.mahalanobisDistance),
      propellantKg: ts.map((c) => c.propellantKg),
      meetsTarget: ts.map((_, i) => meets.has(i)),
    },
    candidates,
    recommendedCandidate: recommended,
    ...(secondary ? { secondaryScreening: secondary.summary } : {}),
    computeMs: performance.now() - started,
    covarianceRepairs: covarianceRepairs(input),
    // the runner adds them (it knows the Earth data the task ran with)
    earthDataWarnings: [],
  };
}

export interface HypotheticalOemInput extends AvoidanceComputationInput {
  candidate: Pick<PlanCandidateView, 'leadTimeS' | 'direction' | 'deltaVMetersPerSecond' | 'deltaVRtnMetersPerSecond' | 'deltaVGcrfMetersPerSecond'>;
  objectName: string;
  objectId: string;
  creationDate: string;
  /** What the header says the trajectory is (plan, candidate, maneuver). */
  comments: string[];
}

export interface HypotheticalOem {
  text: string;
  stateCount: number;
  covarianceCount: number;
  start: string;
  stop: string;
}

/**
 * The candidate re-propagated to the horizon after the TCA: its states (GCRF, from the burn start, every oemStepS or
 * coarser so that at most maxOemStates) and, from the new TCA on, its covariance (the plan's post-maneuver covariance
 * there, with the execution errors, propagated with the state; RTN, every oemCovarianceStepS).
 */
export function hypotheticalOem(input: HypotheticalOemInput, earth: EarthData): HypotheticalOem {
  const { request, candidate } = input;
  const tca = Epoch.parseInstant(request.tca);
  const encounter = avoidanceEncounter(input);
  const propagation = avoidancePropagation(tca, earth, request.spacecraft, request.forceModel);
  const burn: AvoidanceBurn = {
    leadTimeS: candidate.leadTimeS,
    direction: candidate.direction,
    deltaVMetersPerSecond: candidate.deltaVMetersPerSecond,
    deltaVRtnMetersPerSecond: candidate.deltaVRtnMetersPerSecond,
    deltaVGcrfMetersPerSecond: candidate.deltaVGcrfMetersPerSecond,
  };
  const rep = repropagateCandidate({ encounter, propagation, burn, execution: burnExecution(request), executionErrors: executionErrors(request), horizonS: request.horizonS });
  const start = tca.plusSeconds(rep.burnStartOffsetS);
  const trajectory = new DenseOutputTrajectory(rep.trajectory, start);
  const endS = Math.min(rep.trajectoryEndS, trajectory.endS);
  const stepS = Math.max(AVOIDANCE_DEFAULTS.oemStepS, endS / (AVOIDANCE_LIMITS.maxOemStates - 1));
  const times: number[] = [];
  for (let t = 0; t < endS; t += stepS) times.push(t);
  times.push(endS);
  const state = new Float64Array(6);
  const epochText = (e: Epoch) => e.toString('UTC', OEM_EPOCH_DIGITS);
  const states: OemStateToWrite[] = times.map((t) => {
    trajectory.stateAt(t, state);
    return { epoch: epochText(start.plusSeconds(t)), positionKm: [state[0]!, state[1]!, state[2]!], velocityKmS: [state[3]!, state[4]!, state[5]!] };
  });
  // covariances from the new TCA to the end
  const fromTcaS = rep.tcaOffsetS - rep.burnStartOffsetS;
  const covTimes: number[] = [];
  for (let t = 0; fromTcaS + t <= endS; t += AVOIDANCE_DEFAULTS.oemCovarianceStepS) covTimes.push(t);
  const dyn = propagation.dynamicsAt(rep.tcaOffsetS, 0, covTimes[covTimes.length - 1]!);
  const p = rep.primaryStateKm;
  const run = propagate({
    positionKm: [p[0]!, p[1]!, p[2]!],
    velocityKmS: [p[3]!, p[4]!, p[5]!],
    spacecraft: { ...request.spacecraft, massKg: rep.massAfterBurnKg },
    forceModel: dyn.forceModel,
    environment: dyn.environment,
    outputTimesS: covTimes,
    covarianceKm: rep.primaryCovarianceGcrfKm,
  });
  const covariances: OemCovarianceToWrite[] = [];
  const local = new Float64Array(36);
  for (let k = 0; k < run.timesS.length; k++) {
    covarianceGcrfToLocal(run.covarianceKm!.subarray(36 * k, 36 * k + 36), 'RTN', run.statesKm, 6 * k, local);
    covariances.push({ epoch: epochText(tca.plusSeconds(rep.tcaOffsetS + run.timesS[k]!)), refFrame: 'RTN', lowerTriangle: lowerTriangle(local) });
  }
  const text = writeOemKvn({
    creationDate: Epoch.parseInstant(input.creationDate).toString('UTC', 3),
    originator: 'APSIS',
    comments: [
      'HYPOTHETICAL post-maneuver trajectory of a collision-avoidance candidate: not a prediction of the executed burn',
      ...input.comments,
      `Burn: ${burn.direction} ${burn.deltaVMetersPerSecond} m/s, ${request.execution.kind === 'FINITE' ? `finite, ${rep.burnDurationS.toFixed(3)} s at ${request.execution.thrustN} N` : 'impulsive'}, Isp ${request.execution.ispS} s, from ${instantText(start)}`,
      `Covariance from the new TCA ${instantText(tca.plusSeconds(rep.tcaOffsetS))} on: the event's primary covariance with the Gates (1963) execution errors, propagated with the state`,
    ],
    segments: [
      {
        objectName: input.objectName,
        objectId: input.objectId,
        centerName: 'EARTH',
        refFrame: 'GCRF',
        timeSystem: 'UTC',
        startTime: states[0]!.epoch,
        stopTime: states[states.length - 1]!.epoch,
        interpolation: OEM_INTERPOLATION,
        interpolationDegree: Math.min(OEM_INTERPOLATION_DEGREE, states.length - 1),
        states,
        covariances,
        covarianceComments: [LOCAL_FRAME_COVARIANCE_COMMENT.replace('{frame}', 'RTN')],
      },
    ],
  });
  return { text, stateCount: states.length, covarianceCount: covariances.length, start: instantText(start), stop: instantText(start.plusSeconds(endS)) };
}
