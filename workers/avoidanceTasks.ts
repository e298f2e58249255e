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
import { gpElementsFromJson, type GpElementSet } from '../engine/tle/gpElements.ts';
import type { SecondaryInput } from '../engine/collision/screening/index.ts';
import { failure } from './ephemerisTasks.ts';
import type { AvoidanceSecondariesInput, TaskFailure, WithEarthData } from './contracts.ts';

/** A RangeError of the planner (no burn that early, no closest approach after the burn): the plan's input, not a fault. */
function avoidanceFailure(error: unknown): TaskFailure {
  if (error instanceof RangeError) return { ok: false, kind: 'UNPROCESSABLE', code: 'AVOIDANCE_NOT_PLANNABLE', message: error.message };
  return failure(error);
}

function decodedSecondaries(input: AvoidanceSecondariesInput | undefined): SecondaryScreeningPlanInput | undefined {
  if (input === undefined || 'skipped' in input) return input;
  const secondaries: SecondaryInput[] = [];
  for (const text of input.catalogElementsJson) for (const elements of gpElementsFromJson<GpElementSet[]>(text)) secondaries.push({ elements });
  return { secondaries, fleetSpacecraft: input.fleetSpacecraft, catalogObjectCount: input.catalogObjectCount, notScreened: input.notScreened };
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
