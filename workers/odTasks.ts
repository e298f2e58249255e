/**
 * Worker-side adapters of tracking geometry and orbit determination (registered in tasks.ts): `measurements.residuals`
 * and `od.estimate`. Each loads the EOP table through `eopTable` (the one way workers get Earth data), calls one
 * engine function, and turns engine errors into plain failure objects (custom error classes do not survive the
 * thread boundary).
 */
import { computeResiduals } from '../engine/measurements/residuals.ts';
import { StationInputError } from '../engine/measurements/station.ts';
import type { ResidualsInput, ResidualsResult } from '../engine/measurements/types.ts';
import { EpochParseError } from '../engine/time/epoch.ts';
import { eopTable, failure, type TaskFailure } from './ephemerisTasks.ts';

/** Input errors of the OD engine → INVALID_INPUT naming the field; the rest as the other tasks do. */
export function odFailure(error: unknown): TaskFailure {
  if (error instanceof StationInputError) return { ok: false, kind: 'INVALID_INPUT', code: 'INVALID_STATION', message: error.message, details: { field: error.field } };
  if (error instanceof EpochParseError) return { ok: false, kind: 'INVALID_INPUT', code: 'INVALID_EPOCH', message: error.message, details: { input: error.input } };
  return failure(error);
}

export function residualsTask(input: ResidualsInput): ResidualsResult | TaskFailure {
  try {
    return computeResiduals(input, eopTable(input.eopFile));
  } catch (error) {
    return odFailure(error);
  }
}
