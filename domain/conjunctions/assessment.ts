/**
 * The Pc of a stored CDM: the short-term encounter of its two objects at TCA (engine/collision `shortTermEncounter`,
 * object 1 the reference) and the probability by each method asked (`collisionProbabilities` on its encounter plane)
 * — the computation engine/collision `cdmCollisionProbabilities` makes from the CDM itself, here from the states the
 * digest kept (cdmDigest.ts), so that a reader's method or a what-if radius needs no file. Runs on a worker.
 */
import { encounterPlane, shortTermEncounter, type EncounterObject, type ShortTermEncounter } from '../../engine/collision/encounter.ts';
import { CollisionInputError } from '../../engine/collision/errors.ts';
import { collisionProbabilities, type CollisionProbability, type PcFlag, type PcMethod } from '../../engine/collision/probability.ts';
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
}

export type AssessmentOutcome =
  | { ok: true; encounter: EncounterSummary; probabilities: CollisionProbability[] }
  | { ok: false; code: string; message: string };

function encounterObject(state: EncounterState): EncounterObject {
  return { positionM: state.positionM, velocityMS: state.velocityMS, covariance: state.covariance, covarianceFrame: 'RTN' };
}

/** The encounter and the Pc by `methods` of one stored CDM with one combined radius. */
export function assessEncounter(item: AssessmentItem, methods: readonly PcMethod[]): AssessmentOutcome {
  const states = typeof item.states === 'string' ? (JSON.parse(item.states) as EncounterStates) : item.states;
  try {
    const e = shortTermEncounter(encounterObject(states.object1), encounterObject(states.object2), item.hardBodyRadiusM);
    const encounter = { inertialFrame: states.inertialFrame, eopCovered: states.eopCovered } as EncounterSummary;
    for (const field of SUMMARY_FIELDS) (encounter as Record<string, unknown>)[field] = e[field];
    return { ok: true, encounter, probabilities: collisionProbabilities(encounterPlane(e), methods) };
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
  pcDetail: PcDetail | null;
  computedMissDistanceM: number | null;
  /** The relative speed at TCA from the states (null without an encounter). */
  relativeSpeedMS: number | null;
  problem: { code: string; message: string } | null;
}

/** The stored form of an outcome by one method (null: not assessed, e.g. no states). */
export function storedAssessment(outcome: AssessmentOutcome | null): StoredAssessment {
  if (outcome === null) return { pc: null, pcDetail: null, computedMissDistanceM: null, relativeSpeedMS: null, problem: null };
  if (!outcome.ok) return { pc: null, pcDetail: null, computedMissDistanceM: null, relativeSpeedMS: null, problem: { code: outcome.code, message: outcome.message } };
  const p = outcome.probabilities[0]!;
  return {
    pc: p.value,
    pcDetail: { lowerBound: p.lowerBound ?? null, upperBound: p.upperBound ?? null, isMaximumProbability: p.isMaximumProbability, flags: p.flags },
    computedMissDistanceM: outcome.encounter.missDistanceM,
    relativeSpeedMS: outcome.encounter.relativeSpeedMS,
    problem: null,
  };
}
