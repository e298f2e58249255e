/**
 * The Pc of a stored CDM: the short-term encounter of its two objects at TCA (engine/collision `shortTermEncounter`,
 * object 1 the reference) and the probability by each method asked (`collisionProbabilities` on its encounter plane)
 * — the computation engine/collision `cdmCollisionProbabilities` makes from the CDM itself, here from the states the
 * digest kept (cdmDigest.ts), so that a reader's method or a what-if radius needs no file. Runs on a worker.
 */
import { encounterPlane, shortTermEncounter, type EncounterObject, type ShortTermEncounter } from '../../engine/collision/encounter.ts';
import { CollisionInputError } from '../../engine/collision/errors.ts';
import { collisionProbabilities, type CollisionProbability, type PcMethod } from '../../engine/collision/probability.ts';
import type { EncounterState, EncounterStates } from './cdmDigest.ts';

/** The encounter quantities a reader sees (engine/collision `ShortTermEncounter`, the geometry a picture needs). */
const SUMMARY_FIELDS = [
  'combinedHardBodyRadiusM', 'missDistanceM', 'relativeSpeedMS', 'relativePositionRtnM', 'relativeVelocityRtnMS',
  'projectedCovarianceM2', 'otherPositionCollisionPlaneM', 'sigmaXM', 'sigmaYM', 'xmM', 'ymM', 'mahalanobisDistance',
  'coppolaEncounterDurationS', 'orbitalPeriodsS', 'shortTermAssumptionHolds', 'flags',
] as const satisfies ReadonlyArray<keyof ShortTermEncounter>;

export type EncounterSummary = { inertialFrame: 'EME2000' | 'GCRF'; eopCovered: boolean | null } & Pick<ShortTermEncounter, (typeof SUMMARY_FIELDS)[number]>;

export interface AssessmentItem {
  states: EncounterStates;
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
  try {
    const e = shortTermEncounter(encounterObject(item.states.object1), encounterObject(item.states.object2), item.hardBodyRadiusM);
    const encounter = { inertialFrame: item.states.inertialFrame, eopCovered: item.states.eopCovered } as EncounterSummary;
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
