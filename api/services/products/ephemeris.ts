/**
 * OEM generation use case: validate the request against the stored state, its propagation input (../states/storedState.ts:
 * the spacecraft's physical data, force model and stored maneuvers in the span as finite burns), and run the
 * propagation + OEM formatting on the worker pool (never on the event loop).
 */
import { Epoch } from '../../../engine/time/epoch.ts';
import type { SqlExecutor } from '../../../storage/sql/db.ts';
import { findSpacecraftById } from '../../../storage/spacecraft.ts';
import { type Spacecraft } from '../../../domain/spacecraft/model.ts';
import type { StateVectorRecord } from '../../../domain/stateVectors/model.ts';
import type { AppDeps } from '../../context.ts';
import type { EarthDataSpan, EarthDataWarning } from '../../../engine/products/earthDataWarnings.ts';
import { earthDataWarningsFor, type EarthDataStore } from '../earthData.ts';
import type { RunOptions } from '../../../workers/poolTypes.ts';
import type { TaskInput, TaskOutput } from '../../../workers/contracts.ts';
import type { TaskFailure } from '../../../workers/contracts.ts';
import { ApiError, unprocessable, validationError } from '../../http/errors.ts';
import { parseInstantField } from '../../http/instants.ts';
import { describeSpan } from '../../../domain/instants.ts';
import type { GenerateOemBody } from '../../schemas/stateVectors.ts';
import type { LocalOrbitalFrame } from '../../../engine/math/covariance.ts';
import type { OEM_REFERENCE_FRAMES, OemTimeSystem } from '../../../engine/products/oemProduct.ts';
import { OEM_MAX_SPAN_DAYS, OEM_OPTION_DEFAULTS, oemSpanProblem } from '../../../domain/products/oemOptions.ts';
import { displayId, getStateVector, objectIdOf } from '../states/stateVectors.ts';
import { buildStoredStatePropagation, describeForceModel, requirePropagationGap } from '../states/storedState.ts';

export const OEM_ORIGINATOR = 'APSIS';

/** What an OEM is asked for, parsed: span, step, frame, time system, covariance. */
export interface OemRequest {
  initial: Epoch;
  final: Epoch;
  stepS: number;
  referenceFrame: (typeof OEM_REFERENCE_FRAMES)[number];
  timeSystem: OemTimeSystem;
  /** RTN / TNW, or null without covariance. */
  covarianceFrame: LocalOrbitalFrame | null;
}

/** An OEM ready to run: the task input without its Earth data, and the span the Earth-data warnings are about. */
export interface PreparedOem {
  input: Omit<TaskInput<'ephemeris.generateOem'>, 'earthData' | 'earthDataWarnings'>;
  span: EarthDataSpan;
}

/**
 * The OEM of one stored state (shared by generate-oem, scheduled tasks and batches): 422 COVARIANCE_UNAVAILABLE /
 * PROPAGATION_SPAN_TOO_LONG / FORCE_MODEL_INCOMPLETE as for a single OEM.
 */
export async function prepareOemGeneration(
  db: SqlExecutor,
  organizationId: string,
  sv: StateVectorRecord,
  spacecraft: Spacecraft,
  request: OemRequest,
): Promise<PreparedOem> {
  const id = displayId(sv.displayNumber);
  if (request.covarianceFrame !== null && !sv.covariance) {
    throw unprocessable('COVARIANCE_UNAVAILABLE', `State vector ${id} has no covariance; request the OEM without includeCovariance`, {
      code: 'ephemeris.covariance.unavailable',
      details: { stateVectorId: id, hasCovariance: false },
    });
  }
  const epoch = Epoch.parseInstant(sv.epoch);
  requirePropagationGap(epoch, request.initial, request.final, { stateVectorId: id });
  const spanStart = Epoch.min(epoch, request.initial);
  const spanEnd = Epoch.max(epoch, request.final);
  const setup = await buildStoredStatePropagation(db, organizationId, sv, spacecraft, spanStart, spanEnd);
  return {
    input: {
      ...setup,
      state: {
        ...setup.state,
        id,
        covariance: sv.covariance ? { frame: sv.covariance.frame, values: sv.covariance.matrix.flat() } : null,
      },
      objectName: spacecraft.name,
      objectId: objectIdOf(spacecraft),
      originator: OEM_ORIGINATOR,
      creationDate: new Date().toISOString(),
      initialDate: request.initial.toIsoString(9),
      finalDate: request.final.toIsoString(9),
      stepS: request.stepS,
      referenceFrame: request.referenceFrame,
      timeSystem: request.timeSystem,
      covarianceFrame: request.covarianceFrame,
      forceModelDescription: describeForceModel(spacecraft),
    },
    span: { start: spanStart, end: spanEnd, spaceWeather: setup.forceModel.atmosphere === 'NRLMSISE00' },
  };
}

/**
 * Runs an OEM task (`ephemeris.generateOem`, or a product task over the same input) with the service's current Earth
 * data; the span's Earth-data warnings go into the file as COMMENT lines and come back for the caller.
 */
export async function runOemTask<N extends 'ephemeris.generateOem' | 'products.oem' | 'products.oemZipEntry'>(
  earthData: EarthDataStore,
  task: N,
  prepared: PreparedOem,
  options?: RunOptions,
): Promise<{ output: TaskOutput<N>; warnings: EarthDataWarning[] }> {
  let warnings: EarthDataWarning[] = [];
  const { output } = await earthData.run(
    task,
    (earth) => {
      warnings = earthDataWarningsFor(earth, prepared.span);
      return { ...prepared.input, earthDataWarnings: warnings.map((w) => w.message) } as never;
    },
    options,
  );
  return { output, warnings };
}

/** A failed OEM task result as the API error. */
export function oemGenerationFailed(result: TaskFailure): ApiError {
  return unprocessable(result.code, `OEM generation failed: ${result.message}`, {
    code: 'ephemeris.propagation.failed',
    details: { kind: result.kind, ...(result.details ?? {}) },
  });
}

export async function generateOemForStateVector(
  deps: AppDeps,
  organizationId: string,
  id: string,
  body: GenerateOemBody,
): Promise<{ filename: string; text: string; warnings: EarthDataWarning[] }> {
  const { db } = deps;
  const sv = await getStateVector(db, organizationId, id);
  const fieldErrors: Record<string, string> = {};
  let initial: Epoch | null = null;
  let final: Epoch | null = null;
  try {
    initial = parseInstantField(body.initialDate, 'initialDate');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(fieldErrors, error.options.fieldErrors);
  }
  try {
    final = parseInstantField(body.finalDate, 'finalDate');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(fieldErrors, error.options.fieldErrors);
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const spanProblem = oemSpanProblem(initial!, final!);
  if (spanProblem !== null) {
    const spanS = final!.secondsSince(initial!);
    throw validationError(
      { finalDate: spanProblem },
      spanS > 0 ? `The OEM time span cannot exceed ${OEM_MAX_SPAN_DAYS} days (requested ${describeSpan(spanS)})` : undefined,
    );
  }
  const spacecraft = (await findSpacecraftById(db, organizationId, sv.spacecraftId))!;
  const options = { ...OEM_OPTION_DEFAULTS, ...body };
  const prepared = await prepareOemGeneration(db, organizationId, sv, spacecraft, {
    initial: initial!,
    final: final!,
    stepS: options.timeBetweenPoints,
    referenceFrame: options.referenceFrame,
    timeSystem: options.timeSystem,
    covarianceFrame: options.includeCovariance ? options.covarianceFrame : null,
  });
  const { output: result, warnings } = await runOemTask(deps.earthData, 'ephemeris.generateOem', prepared);
  if (!result.ok) throw oemGenerationFailed(result);
  return { filename: `${displayId(sv.displayNumber)}.oem`, text: result.text, warnings };
}
