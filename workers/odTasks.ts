/**
 * Worker-side adapters of tracking geometry and orbit determination (registered in tasks.ts): `measurements.residuals`
 * and `od.estimate`. Each gets its Earth data with `earthDataFor(input.earthData)` (the one way workers get it), calls one
 * engine function, and turns engine errors into plain failure objects (custom error classes do not survive the
 * thread boundary).
 */
import { estimateOrbit } from '../engine/estimation/leastSquares/batchLeastSquares.ts';
import { EstimationFailure } from '../engine/estimation/common/failure.ts';
import type { EstimationInput, EstimationProgress, EstimationResult } from '../engine/estimation/common/types.ts';
import { computeResiduals } from '../engine/measurements/residuals.ts';
import { StationInputError } from '../engine/measurements/station.ts';
import type { ResidualsInput, ResidualsResult } from '../engine/measurements/types.ts';
import { EpochParseError } from '../engine/time/epoch.ts';
import { earthDataFor } from '../earthData/files.ts';
import { failure } from './ephemerisTasks.ts';
import type { TaskFailure, WithEarthData } from './contracts.ts';

/** Input errors of the OD engine → INVALID_INPUT naming the field; the rest as the other tasks do. */
export function odFailure(error: unknown): TaskFailure {
  if (error instanceof EstimationFailure) {
    return { ok: false, kind: 'UNPROCESSABLE', code: error.code, message: error.message, details: error.details };
  }
  if (error instanceof StationInputError) return { ok: false, kind: 'INVALID_INPUT', code: 'INVALID_STATION', message: error.message, details: { field: error.field } };
  if (error instanceof EpochParseError) return { ok: false, kind: 'INVALID_INPUT', code: 'INVALID_EPOCH', message: error.message, details: { input: error.input } };
  return failure(error);
}

export function residualsTask(input: ResidualsInput & WithEarthData): ResidualsResult | TaskFailure {
  try {
    return computeResiduals(input, earthDataFor(input.earthData));
  } catch (error) {
    return odFailure(error);
  }
}

/**
 * Batch least-squares orbit determination. Progress (`EstimationProgress`) is posted on `progressPort` after every
 * evaluation (the port stays open: closing it here could drop the last messages; its owner closes it); a non-zero
 * `cancel[0]` (SharedArrayBuffer) stops the fit between evaluations with a CANCELLED failure.
 */
export function estimateTask(input: EstimationInput & WithEarthData): { ok: true; solution: EstimationResult } | TaskFailure {
  const { progressPort, cancel } = input;
  try {
    const solution = estimateOrbit(input, earthDataFor(input.earthData), {
      onIteration: (progress: EstimationProgress) => progressPort?.postMessage(progress),
      isCancelled: () => cancel !== undefined && Atomics.load(cancel, 0) !== 0,
    });
    return { ok: true, solution };
  } catch (error) {
    return odFailure(error);
  }
}
