/**
 * TLE generation use case (spec → Endpoints → Spacecraft, rules 2–3): canonical spacecraft id only, the latest
 * eligible stored state (manual, OPM import, converged orbit determination) propagated with the craft's force model
 * and stored maneuvers to the requested epoch (rounded to the TLE's 1e-8-day grid), fitted on the worker pool.
 * Nothing is stored and no job starts.
 */
import { encodeCatalogNumber, formatInternationalDesignator, roundTleEpoch, TleCatalogNumberError, TleFormatError, tleEpochFromEpoch, tleEpochProblem, MAX_ALPHA5_CATALOG_NUMBER } from '../../../engine/tle/index.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import type { SqlExecutor } from '../../../storage/sql/db.ts';
import { findSpacecraftById } from '../../../storage/spacecraft.ts';
import { type Spacecraft } from '../../../domain/spacecraft/model.ts';
import type { RunOptions } from '../../../workers/poolTypes.ts';
import type { TaskInput, TaskOutput } from '../../../workers/contracts.ts';
import type { TaskFailure } from '../../../workers/contracts.ts';
import { findLatestEligibleStateVector } from '../../../storage/stateVectors.ts';
import type { AppDeps } from '../../context.ts';
import type { EarthDataSpan, EarthDataWarning } from '../../../engine/products/earthDataWarnings.ts';
import { earthDataWarningsFor, type EarthDataStore } from '../earthData.ts';
import { ApiError, unprocessable, validationError } from '../../http/errors.ts';
import { parseInstantField } from '../../http/instants.ts';
import { buildStoredStatePropagation, requirePropagationGap } from '../states/storedState.ts';
import { spacecraftNotFound } from '../spacecraft/spacecraft.ts';
import { displayId } from '../states/stateVectors.ts';

export function parseTleEpoch(text: string): Epoch {
  const epoch = parseInstantField(text, 'epoch');
  const problem = tleEpochProblem(roundTleEpoch(tleEpochFromEpoch(epoch)));
  if (problem) throw validationError({ epoch: `cannot be written in a TLE: ${problem}` });
  return epoch;
}

/** A TLE ready to run: the task input without its Earth data, and the propagation span (for the warnings). */
export interface PreparedTle {
  input: Omit<TaskInput<'tle.generate'>, 'earthData'>;
  span: EarthDataSpan;
  stateVectorId: string;
}

/**
 * The TLE of `spacecraft` at `epoch` (shared by `GET …/tle` and scheduled tasks): identity fields checked before any
 * computation (the engine would only find out after the propagation), then the latest eligible stored state and its
 * propagation setup.
 */
export async function prepareTleGeneration(db: SqlExecutor, organizationId: string, spacecraft: Spacecraft, epoch: Epoch): Promise<PreparedTle> {
  if (spacecraft.noradId !== null) {
    try {
      encodeCatalogNumber(spacecraft.noradId);
    } catch (error) {
      if (!(error instanceof TleCatalogNumberError)) throw error;
      throw new ApiError(400, error.code, `Spacecraft ${spacecraft.id}: ${error.message}`, {
        code: 'tle.catalog-number.out-of-range',
        details: { spacecraftId: spacecraft.id, noradId: spacecraft.noradId, maxCatalogNumber: MAX_ALPHA5_CATALOG_NUMBER },
      });
    }
  }
  try {
    formatInternationalDesignator(spacecraft.cosparId);
  } catch (error) {
    if (!(error instanceof TleFormatError)) throw error;
    throw unprocessable(error.code, `Spacecraft ${spacecraft.id}: ${error.message}`, {
      code: 'tle.cospar-id.invalid',
      details: { spacecraftId: spacecraft.id, cosparId: spacecraft.cosparId, field: error.field },
    });
  }
  const sv = await findLatestEligibleStateVector(db, organizationId, spacecraft.id);
  if (!sv) {
    throw unprocessable('NO_ELIGIBLE_STATE', `Spacecraft ${spacecraft.id} has no eligible stored state (manual, imported or converged orbit determination) to build a TLE from`, {
      code: 'tle.state.none',
      details: { spacecraftId: spacecraft.id },
    });
  }
  // A stored value (not the caller's field): parsed as is; an absurd stored epoch fails the gap check below.
  const stateEpoch = Epoch.parseInstant(sv.epoch);
  requirePropagationGap(stateEpoch, epoch, epoch, { spacecraftId: spacecraft.id, stateVectorId: displayId(sv.displayNumber) });
  const [spanStart, spanEnd] = stateEpoch.isBefore(epoch) ? [stateEpoch, epoch] : [epoch, stateEpoch];
  const setup = await buildStoredStatePropagation(db, organizationId, sv, spacecraft, spanStart, spanEnd);
  return {
    input: { ...setup, epoch: epoch.toIsoString(9), noradId: spacecraft.noradId, cosparId: spacecraft.cosparId },
    span: { start: spanStart, end: spanEnd, spaceWeather: setup.forceModel.atmosphere === 'NRLMSISE00' },
    stateVectorId: displayId(sv.displayNumber),
  };
}

/** Runs a TLE task (`tle.generate`, or `products.tle` over the same input) with the current Earth data. */
export async function runTleTask<N extends 'tle.generate' | 'products.tle'>(
  earthData: EarthDataStore,
  task: N,
  prepared: PreparedTle,
  options?: RunOptions,
): Promise<{ output: TaskOutput<N>; warnings: EarthDataWarning[] }> {
  const { output, snapshot } = await earthData.run(task, () => prepared.input as never, options);
  return { output, warnings: earthDataWarningsFor(snapshot, prepared.span) };
}

/** A failed TLE task result as the API error. */
export function tleGenerationFailed(result: TaskFailure, spacecraftId: string, stateVectorId: string): ApiError {
  const status = result.kind === 'INVALID_INPUT' ? 400 : 422;
  return new ApiError(status, result.code, `TLE generation failed: ${result.message}`, {
    code: 'tle.generation.failed',
    details: { spacecraftId, stateVectorId, kind: result.kind, ...(result.details ?? {}) },
  });
}

/** Two TLE lines joined by one "\n" (no name line), and the Earth-data warnings of the propagation span. */
export async function generateSpacecraftTle(
  deps: AppDeps,
  organizationId: string,
  spacecraftId: string,
  epochText: string,
): Promise<{ text: string; warnings: EarthDataWarning[] }> {
  const epoch = parseTleEpoch(epochText);
  const spacecraft = await findSpacecraftById(deps.db, organizationId, spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(spacecraftId);
  const prepared = await prepareTleGeneration(deps.db, organizationId, spacecraft, epoch);
  const { output: result, warnings } = await runTleTask(deps.earthData, 'tle.generate', prepared);
  if (!result.ok) throw tleGenerationFailed(result, spacecraft.id, prepared.stateVectorId);
  return { text: result.text, warnings };
}
