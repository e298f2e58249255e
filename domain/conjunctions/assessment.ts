/**
 * The Pc of a stored CDM: the short-term encounter of its two objects at TCA (engine/collision `shortTermEncounter`,
 * object 1 the reference) and the probability by each method asked (`collisionProbabilities` on its encounter plane)
 * — the computation engine/collision `cdmCollisionProbabilities` makes from the CDM itself, here from the states the
 * digest kept (cdmDigest.ts), so that a reader's method or a what-if radius needs no file. Runs on a worker.
 *
 * A covariance the CDM marks COVARIANCE_METHOD = DEFAULT (CCSDS 508.0-B-1 §3.5.2: a default value, not the outcome of
 * an orbit determination — our own screening CDMs give one for every object it knows no covariance of) is not an
 * estimate, and no method may treat it as one: an isotropic DEFAULT of σ = miss/2 turned approaches at 19 m and
 * 256 m into HIGH events. The Pc is then the maximum probability over the covariance that is known, or over an
 * isotropic one (engine/collision/maximumProbability.ts, the rule the screening's approaches follow), whatever
 * method was asked, flagged; the encounter's Mahalanobis distance is null (no covariance to measure it by).
 */
import { encounterPlane, shortTermEncounter, type EncounterObject, type ShortTermEncounter } from '../../engine/collision/encounter.ts';
import { CollisionInputError } from '../../engine/collision/errors.ts';
import { covariancesForPc, MAXIMUM_PROBABILITY_METHOD, type MaximumProbabilityFlagCode } from '../../engine/collision/maximumProbability.ts';
import { collisionProbabilities, collisionProbability, type CollisionProbability, type PcFlag, type PcMethod } from '../../engine/collision/probability.ts';
import type { ScreeningApproach } from '../../engine/collision/screening/types.ts';
import type { EncounterState, EncounterStates } from './cdmDigest.ts';

/** The encounter quantities a reader sees (engine/collision `ShortTermEncounter`, the geometry a picture needs). */
const SUMMARY_FIELDS = [
  'combinedHardBodyRadiusM', 'missDistanceM', 'relativeSpeedMS', 'relativePositionRtnM', 'relativeVelocityRtnMS',
  'projectedCovarianceM2', 'otherPositionCollisionPlaneM', 'sigmaXM', 'sigmaYM', 'xmM', 'ymM', 'mahalanobisDistance',
  'coppolaEncounterDurationS', 'orbitalPeriodsS', 'shortTermAssumptionHolds', 'flags',
] as const satisfies ReadonlyArray<keyof ShortTermEncounter>;

export type EncounterSummary = { inertialFrame: 'EME2000' | 'GCRF'; eopCovered: boolean | null } & Pick<ShortTermEncounter, (typeof SUMMARY_FIELDS)[number]>;

export interface AssessmentItem {
  /** The states at TCA, or their JSON text as the reader made it (ReceivedCdm.encounterStatesJson), read here on the worker. */
  states: EncounterStates | string;
  hardBodyRadiusM: number;
  /** Each object's COVARIANCE_METHOD (CALCULATED, DEFAULT): a DEFAULT covariance is taken as unknown. */
  covarianceMethods: readonly [string, string];
}

/** Whether a CDM object's covariance is an estimate (COVARIANCE_METHOD other than DEFAULT, CCSDS 508.0-B-1 §3.5.2). */
export function isEstimatedCovariance(covarianceMethod: string): boolean {
  return covarianceMethod.trim().toUpperCase() !== 'DEFAULT';
}

export type AssessmentOutcome =
  | { ok: true; encounter: EncounterSummary; probabilities: CollisionProbability[] }
  | { ok: false; code: string; message: string };

function encounterObject(state: EncounterState, covariance: ArrayLike<number>): EncounterObject {
  return { positionM: state.positionM, velocityMS: state.velocityMS, covariance, covarianceFrame: 'RTN' };
}

/** The method of a CDM's Pc by the rule above: `method`, or the maximum probability when a covariance is DEFAULT. */
export function assessedPcMethod(covarianceMethods: readonly [string, string], method: PcMethod): PcMethod {
  return covarianceMethods.every(isEstimatedCovariance) ? method : MAXIMUM_PROBABILITY_METHOD;
}

/**
 * The encounter and the Pc by `methods` of one stored CDM with one combined radius; with a DEFAULT covariance, the
 * maximum probability alone (see the header).
 */
export function assessEncounter(item: AssessmentItem, methods: readonly PcMethod[]): AssessmentOutcome {
  const states = typeof item.states === 'string' ? (JSON.parse(item.states) as EncounterStates) : item.states;
  const [o1, o2] = [states.object1, states.object2];
  const known = item.covarianceMethods.map(isEstimatedCovariance);
  const missDistanceM = Math.hypot(o2.positionM[0] - o1.positionM[0], o2.positionM[1] - o1.positionM[1], o2.positionM[2] - o1.positionM[2]);
  const chosen = covariancesForPc(methods[0] ?? 'LAAS_2015', missDistanceM, known[0] ? o1.covariance : undefined, known[1] ? o2.covariance : undefined, [
    known[0] ? 'OBJECT1' : 'OBJECT1 (COVARIANCE_METHOD = DEFAULT)',
    known[1] ? 'OBJECT2' : 'OBJECT2 (COVARIANCE_METHOD = DEFAULT)',
  ]);
  try {
    const e = shortTermEncounter(encounterObject(o1, chosen.covariance1), encounterObject(o2, chosen.covariance2), item.hardBodyRadiusM);
    const encounter = { inertialFrame: states.inertialFrame, eopCovered: states.eopCovered } as EncounterSummary;
    for (const field of SUMMARY_FIELDS) (encounter as Record<string, unknown>)[field] = e[field];
    if (chosen.flag === null) return { ok: true, encounter, probabilities: collisionProbabilities(encounterPlane(e), methods) };
    encounter.mahalanobisDistance = null;
    const maximum = collisionProbability(encounterPlane(e), chosen.method);
    return { ok: true, encounter, probabilities: [{ ...maximum, flags: [chosen.flag, ...maximum.flags] }] };
  } catch (error) {
    if (error instanceof CollisionInputError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

export function assessEncounters(items: readonly AssessmentItem[], methods: readonly PcMethod[]): AssessmentOutcome[] {
  return items.map((item) => assessEncounter(item, methods));
}

/** The stored Pc of a CDM beyond its value: the LAAS bounds and the method's flags. */
export interface PcDetail {
  lowerBound: number | null;
  upperBound: number | null;
  isMaximumProbability: boolean;
  flags: PcFlag[];
}

/** What is stored of one method's outcome: the value and its detail, or the reason there is none. */
export interface StoredAssessment {
  pc: number | null;
  /** The method of `pc`: the one asked, or the maximum probability when a covariance is DEFAULT (null without a Pc). */
  method: PcMethod | null;
  pcDetail: PcDetail | null;
  computedMissDistanceM: number | null;
  /** The relative speed at TCA from the states (null without an encounter). */
  relativeSpeedMS: number | null;
  problem: { code: string; message: string } | null;
}

/** The stored form of an outcome by one method (null: not assessed, e.g. no states). */
export function storedAssessment(outcome: AssessmentOutcome | null): StoredAssessment {
  if (outcome === null) return { pc: null, method: null, pcDetail: null, computedMissDistanceM: null, relativeSpeedMS: null, problem: null };
  if (!outcome.ok) return { pc: null, method: null, pcDetail: null, computedMissDistanceM: null, relativeSpeedMS: null, problem: { code: outcome.code, message: outcome.message } };
  const p = outcome.probabilities[0]!;
  return {
    pc: p.value,
    method: p.method,
    pcDetail: { lowerBound: p.lowerBound ?? null, upperBound: p.upperBound ?? null, isMaximumProbability: p.isMaximumProbability, flags: p.flags },
    computedMissDistanceM: outcome.encounter.missDistanceM,
    relativeSpeedMS: outcome.encounter.relativeSpeedMS,
    problem: null,
  };
}

const MAXIMUM_PROBABILITY_FLAGS: readonly string[] = ['MAXIMUM_PROBABILITY_ONE_COVARIANCE', 'MAXIMUM_PROBABILITY_NO_COVARIANCE'] satisfies MaximumProbabilityFlagCode[];

function isMaximumProbabilityFlag(flag: { code: string; message: string }): flag is PcFlag {
  return MAXIMUM_PROBABILITY_FLAGS.includes(flag.code);
}

/**
 * The stored form of a screening approach's Pc (engine/collision/screening `approachProbability`, the one place it is
 * computed, with the covariances the screening knew): its event takes it as it is, never computed a second time.
 */
export function approachAssessment(approach: Pick<ScreeningApproach, 'pc' | 'missDistanceM' | 'relativeSpeedMS' | 'flags'>): StoredAssessment {
  const pc = approach.pc;
  if (pc === null) {
    const why = approach.flags[approach.flags.length - 1];
    return { ...storedAssessment(null), problem: why ? { code: why.code, message: why.message } : null };
  }
  return {
    pc: pc.value,
    method: pc.method,
    // the approach says why its Pc is a maximum among its own flags: the CDM's Pc carries that flag first, as
    // assessEncounter's does
    pcDetail: { lowerBound: pc.lowerBound ?? null, upperBound: pc.upperBound ?? null, isMaximumProbability: pc.isMaximumProbability, flags: [...approach.flags.filter(isMaximumProbabilityFlag), ...pc.flags] },
    computedMissDistanceM: approach.missDistanceM,
    relativeSpeedMS: approach.relativeSpeedMS,
    problem: null,
  };
}
