/**
 * Worker-side adapters of collision-avoidance planning (registered in tasks.ts): `avoidance.plan` (the trade space and
 * the re-propagation of its best candidates, domain/avoidance/planning.ts) and `avoidance.oem` (an accepted candidate's
 * hypothetical post-maneuver OEM). Each gets its Earth data with `earthDataFor(input.earthData)` and turns engine
 * errors into plain failure objects (custom error classes do not survive the thread boundary).
 */
import { earthDataFor } from '../earthData/files.ts';
import { computeAvoidancePlan, hypotheticalOem, type AvoidanceComputationInput, type HypotheticalOem, type HypotheticalOemInput } from '../domain/avoidance/planning.ts';
import type { AvoidancePlanResultView } from '../domain/avoidance/model.ts';
import type { SecondaryScreeningPlanInput } from '../domain/avoidance/secondary.ts';
import { gpElementsFromJsonBytes } from '../engine/tle/gpElements.ts';
import type { SecondaryInput } from '../engine/collision/screening/index.ts';
import { failure } from './ephemerisTasks.ts';
import { CATALOG_NOT_LOADED, type AvoidanceSecondariesInput, type TaskFailure, type WithEarthData } from './contracts.ts';

/** A RangeError of the planner (no burn that early, no closest approach after the burn): the plan's input, not a fault. */
function avoidanceFailure(error: unknown): TaskFailure {
  if (error instanceof CatalogNotLoaded) return { ok: false, kind: 'UNPROCESSABLE', code: CATALOG_NOT_LOADED, message: error.message };
  if (error instanceof RangeError) return { ok: false, kind: 'UNPROCESSABLE', code: 'AVOIDANCE_NOT_PLANNABLE', message: error.message };
  return failure(error);
}

/** The catalog's bytes were moved to an earlier run of this task (the pool or the Earth-data store sent it again). */
class CatalogNotLoaded extends Error {}

function decodedSecondaries(input: AvoidanceSecondariesInput | undefined): SecondaryScreeningPlanInput | undefined {
  if (input === undefined || 'skipped' in input) return input;
  input.catalogElementsJson.forEach((part, k) => {
    if (part.byteLength !== input.catalogBytes[k]) throw new CatalogNotLoaded(`catalog part ${k}: ${part.byteLength} of ${input.catalogBytes[k]} bytes`);
  });
  const secondaries: SecondaryInput[] = gpElementsFromJsonBytes(input.catalogElementsJson).map((elements) => ({ elements }));
  return { secondaries, fleetSpacecraft: input.fleetSpacecraft, fittedTle: input.fittedTle, cdmCovariances: input.cdmCovariances, cdmCovarianceWindowS: input.cdmCovarianceWindowS, catalogObjectCount: input.catalogObjectCount, notScreened: input.notScreened };
}

export function avoidancePlanTask(
  input: Omit<AvoidanceComputationInput, 'secondary'> & { secondaries?: AvoidanceSecondariesInput } & WithEarthData,
): { ok: true; result: AvoidancePlanResultView } | TaskFailure {
  try {
    const { secondaries, ...rest } = input;
    const secondary = decodedSecondaries(secondaries);
    return { ok: true, result: computeAvoidancePlan({ ...rest, ...(secondary ? { secondary } : {}) }, earthDataFor(input.earthData)) };
  } catch (error) {
    return avoidanceFailure(error);
  }
}

export function avoidanceOemTask(input: HypotheticalOemInput & WithEarthData): ({ ok: true } & HypotheticalOem) | TaskFailure {
  try {
    return { ok: true, ...hypotheticalOem(input, earthDataFor(input.earthData)) };
  } catch (error) {
    return avoidanceFailure(error);
  }
}
