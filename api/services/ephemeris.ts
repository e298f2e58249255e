/**
 * OEM generation use case (and the stored-state propagation input shared with TLE generation): validate the request against the stored state, gather the spacecraft's physical data,
 * force model and stored maneuvers in the span (finite burns), and run the propagation + OEM formatting on the
 * worker pool (never on the event loop).
 */
import { MU_EARTH_KM3_S2 } from '../../engine/constants.ts';
import type { BurnInput, StoredStatePropagationInput } from '../../engine/propagation/storedState.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { listManeuversInWindow } from '../../storage/maneuvers.ts';
import type { SqlExecutor } from '../../storage/sql/db.ts';
import { findSpacecraftById } from '../../storage/spacecraft.ts';
import { type Spacecraft } from '../../domain/spacecraft/model.ts';
import type { StateVectorRecord } from '../../domain/stateVectors/model.ts';
import type { AppDeps } from '../context.ts';
import type { EarthDataSpan, EarthDataWarning } from '../../engine/products/earthDataWarnings.ts';
import { earthDataWarningsFor, type EarthDataStore } from './earthData.ts';
import type { RunOptions } from '../../workers/poolTypes.ts';
import type { TaskInput, TaskOutput } from '../../workers/contracts.ts';
import type { TaskFailure } from '../../workers/contracts.ts';
import { ApiError, unprocessable, validationError } from '../http/errors.ts';
import { parseInstantField } from '../http/instants.ts';
import { describeSpan } from '../../domain/instants.ts';
import type { GenerateOemBody } from '../schemas/stateVectors.ts';
import type { LocalOrbitalFrame } from '../../engine/math/covariance.ts';
import type { OEM_REFERENCE_FRAMES, OemTimeSystem } from '../../engine/products/oemProduct.ts';
import { OEM_MAX_SPAN_DAYS, OEM_OPTION_DEFAULTS, oemSpanProblem } from '../../domain/products/oemOptions.ts';
import { epochKey } from '../../domain/maneuvers/records.ts';
import { displayId, getStateVector, objectIdOf } from './stateVectors.ts';

export const OEM_ORIGINATOR = 'APSIS';

/**
 * Longest gap between a stored state's epoch and the span a computation needs (OEM, TLE, and every other user of a
 * stored state: orbit determination, residuals, scheduled and batch products). Propagating further costs ~0.1 s
 * per day of full-model propagation and gives states whose errors (drag, unmodelled maneuvers) make them useless
 * for operations: store a newer state (or fit one) instead.
 */
export const MAX_PROPAGATION_GAP_DAYS = 60;

/** How far (s) a state at `stateEpoch` is propagated before it reaches [spanStart, spanEnd]: 0 inside the span. */
export function propagationGapSeconds(stateEpoch: Epoch, spanStart: Epoch, spanEnd: Epoch): number {
  return stateEpoch.isBefore(spanStart) ? spanStart.secondsSince(stateEpoch) : spanEnd.isBefore(stateEpoch) ? stateEpoch.secondsSince(spanEnd) : 0;
}

/**
 * 422 PROPAGATION_SPAN_TOO_LONG when the span [spanStart, spanEnd] lies more than MAX_PROPAGATION_GAP_DAYS away from
 * the state epoch (0 when the epoch is inside the span); `details.gapDays` says by how much. Call it before any
 * propagation from a stored state.
 */
export function requirePropagationGap(stateEpoch: Epoch, spanStart: Epoch, spanEnd: Epoch, context: Record<string, unknown> = {}): void {
  const gapDays = propagationGapSeconds(stateEpoch, spanStart, spanEnd) / 86_400;
  if (gapDays <= MAX_PROPAGATION_GAP_DAYS) return;
  throw unprocessable(
    'PROPAGATION_SPAN_TOO_LONG',
    `The requested span starts ${gapDays.toFixed(3)} days from the state epoch; at most ${MAX_PROPAGATION_GAP_DAYS} days are propagated. Use a state closer to the span.`,
    {
      code: 'ephemeris.propagation.gap-too-long',
      details: {
        ...context,
        gapDays: Math.round(gapDays * 1e6) / 1e6,
        maxGapDays: MAX_PROPAGATION_GAP_DAYS,
        stateEpoch: stateEpoch.toIsoString(3),
        spanStart: spanStart.toIsoString(3),
        spanEnd: spanEnd.toIsoString(3),
      },
    },
  );
}

function describeForceModel(spacecraft: Spacecraft): string {
  const fm = spacecraft.forceModel;
  const parts = [fm.gravityDegree >= 2 ? `EGM96 ${fm.gravityDegree}x${fm.gravityOrder} geopotential` : `central body only (mu ${MU_EARTH_KM3_S2} km^3/s^2)`];
  if (fm.atmosphere !== 'NONE') parts.push(`${fm.atmosphere} drag (area ${spacecraft.dragArea} m^2, Cd ${spacecraft.dragCoefficient})`);
  if (fm.solarRadiationPressure) parts.push(`solar radiation pressure (area ${spacecraft.srpArea} m^2, Cr ${spacecraft.reflectivityCoefficient}, conical shadow)`);
  if (fm.thirdBodies.length > 0) parts.push(`third bodies ${fm.thirdBodies.join(', ')}`);
  return parts.join('; ');
}

/**
 * The propagation input of a stored state (shared by OEM and TLE generation): the state (mass from the state or the
 * craft's launch mass), the craft's physical data and force model, and its stored maneuver segments overlapping
 * [spanStart, spanEnd] as finite burns. Missing force-model configuration → 422 FORCE_MODEL_INCOMPLETE with
 * `details.missingFields`.
 */
export async function buildStoredStatePropagation(
  db: SqlExecutor,
  organizationId: string,
  sv: StateVectorRecord,
  spacecraft: Spacecraft,
  spanStart: Epoch,
  spanEnd: Epoch,
): Promise<StoredStatePropagationInput> {
  const epoch = Epoch.parseInstant(sv.epoch);
  const maneuvers = await listManeuversInWindow(db, organizationId, [spacecraft.id], epochKey(spanStart), epochKey(spanEnd));
  const burns: BurnInput[] = [];
  for (const maneuver of maneuvers) {
    for (const segment of maneuver.composition) {
      const start = Epoch.parseInstant(segment.referenceEpoch);
      const end = start.plusSeconds(segment.duration);
      if (!(start.isBefore(spanEnd) && spanStart.isBefore(end)) || segment.duration <= 0) continue;
      burns.push({
        start: start.toIsoString(9),
        durationS: segment.duration,
        thrustN: [segment.thrX, segment.thrY, segment.thrZ],
        frame: segment.attitudeMode ?? maneuver.attitudeMode,
        ispS: segment.thrISP,
      });
    }
  }
  const fm = spacecraft.forceModel;
  const massKg = sv.massKg ?? spacecraft.launchMass;
  const missing: string[] = [];
  if (massKg === null) missing.push('mass (state vector mass or spacecraft launchMass)');
  if (fm.atmosphere !== 'NONE' && spacecraft.dragArea === null) missing.push('dragArea');
  if (fm.solarRadiationPressure && spacecraft.srpArea === null) missing.push('srpArea');
  if (burns.length > 0 && spacecraft.dryMass === null) missing.push('dryMass');
  if (missing.length > 0) {
    throw unprocessable('FORCE_MODEL_INCOMPLETE', `Spacecraft ${spacecraft.id} lacks force-model configuration: ${missing.join(', ')}`, {
      code: 'ephemeris.force-model.incomplete',
      details: { spacecraftId: spacecraft.id, missingFields: missing },
    });
  }
  return {
    state: {
      epoch: epoch.toIsoString(9),
      positionKm: sv.positionKm,
      velocityKmS: sv.velocityKmS,
      frame: sv.referenceFrame,
      massKg: massKg!,
    },
    spacecraft: {
      ...(spacecraft.dryMass !== null ? { dryMassKg: spacecraft.dryMass } : {}),
      ...(spacecraft.dragArea !== null ? { dragAreaM2: spacecraft.dragArea } : {}),
      dragCoefficient: spacecraft.dragCoefficient,
      ...(spacecraft.srpArea !== null ? { srpAreaM2: spacecraft.srpArea } : {}),
      reflectivityCoefficient: spacecraft.reflectivityCoefficient,
    },
    forceModel: {
      gravityDegree: fm.gravityDegree,
      gravityOrder: fm.gravityOrder,
      atmosphere: fm.atmosphere,
      solarRadiationPressure: fm.solarRadiationPressure,
      thirdBodies: fm.thirdBodies,
    },
    burns,
  };
}

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
