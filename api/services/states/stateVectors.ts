/**
 * State-vector use cases: manual create, OPM import (per-file results), list, get, delete, OPM export, latest.
 * Derived values (GCRF state, altitude, perigee altitude, DSST mean elements) are computed on the worker pool.
 */
import { MAX_MASS_KG, MAX_POSITION_KM, MAX_VELOCITY_KM_S } from '../../../domain/limits.ts';
import { writeOpmKvn } from '../../../engine/files/opm/opmWriter.ts';
import { CovarianceError, flattenCovariance, lowerTriangle, standardDeviations, toNested, validateCovariance } from '../../../engine/math/covariance.ts';
import type { ImportedState } from '../../../engine/files/opm/opmImport.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { inTransaction, nowIso, type Db, type SqlExecutor } from '../../../storage/sql/db.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import { findSpacecraftById, resolveSpacecraft } from '../../../storage/spacecraft.ts';
import { type Spacecraft } from '../../../domain/spacecraft/model.ts';
import { deleteStateVector, findIdenticalStateVector, findLatestEligibleStateVector, findStateVector, insertStateVector, listStateVectors } from '../../../storage/stateVectors.ts';
import type { NewStateVector, StateVectorRecord, StateVectorSourceType, StoredCovariance, StoredStateFrame } from '../../../domain/stateVectors/model.ts';
import { releaseAcceptedStateVector } from '../../../storage/orbitDeterminations.ts';
import type { EarthDataStore } from '../earthData.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError, notFound, unprocessable, validationError } from '../../http/errors.ts';
import { parseInstantField } from '../../http/instants.ts';
import { instantTextOf } from '../../../domain/instants.ts';
import { batchHttpStatus, succeeded, type FileResultStatus } from '../../http/results.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../../http/preconditions.ts';
import type { CreateStateVectorInput } from '../../schemas/stateVectors.ts';
import { canonicalInstant, epochKey } from '../../../domain/maneuvers/model.ts';
import { spacecraftNotFound } from '../spacecraft/spacecraft.ts';
import { MEAN_ELEMENTS_THEORY } from '../../../engine/orbits/dsst/mean-elements.ts';

export const DEFAULT_ORIGINATOR = 'APSIS';
const DISPLAY_ID = /^SV-([1-9][0-9]{0,15})$/;

export function displayId(displayNumber: number): string {
  return `SV-${displayNumber}`;
}

export function stateVectorNotFound(id: string): ApiError {
  return notFound(`State vector ${id} not found`, 'NOT_FOUND', { code: 'statevector.not-found' });
}

/** Display number of `SV-<n>`; anything else cannot name a state vector (404). */
export function parseDisplayId(id: string): number {
  const match = DISPLAY_ID.exec(id);
  if (!match) throw stateVectorNotFound(id);
  return Number(match[1]);
}

export function stateVectorView(sv: StateVectorRecord) {
  return {
    id: displayId(sv.displayNumber),
    spacecraftId: sv.spacecraftId,
    spacecraftName: sv.spacecraftName,
    epoch: instantTextOf(sv.epoch),
    position: sv.positionKm,
    velocity: sv.velocityKmS,
    referenceFrame: sv.referenceFrame,
    mass: sv.massKg,
    originator: sv.originator,
    creationDate: sv.creationDate,
    sourceType: sv.sourceType,
    orbitSolutionId: sv.orbitSolutionId,
    converged: sv.converged,
    hasCovariance: sv.covariance !== null,
    covariance: sv.covariance
      ? { frame: sv.covariance.frame, matrix: sv.covariance.matrix, standardDeviations: standardDeviations(sv.covariance.matrix.flat()) }
      : null,
    meanElements: sv.meanElements,
    meanElementsTheory: sv.meanElements ? MEAN_ELEMENTS_THEORY : null,
    warnings: sv.warnings,
    userDefinedParameters: sv.userDefined ?? {},
  };
}

interface Derived {
  meanElements: NewStateVector['meanElements'];
  warnings: string[];
}

/** Altitude check (422 inside the Earth), perigee warning and DSST mean elements, on the pool. */
async function derive(
  earthData: EarthDataStore,
  state: { epoch: Epoch; positionKm: number[]; velocityKmS: number[]; frame: StoredStateFrame },
): Promise<Derived> {
  const { output: summary } = await earthData.run('stateVectors.meanElements', () => ({
    epoch: state.epoch.toIsoString(9),
    positionKm: state.positionKm,
    velocityKmS: state.velocityKmS,
    frame: state.frame,
  }));
  if (summary.altitudeKm < 0) {
    throw unprocessable('STATE_INSIDE_EARTH', `The state lies inside the Earth (geodetic altitude ${summary.altitudeKm.toFixed(3)} km)`, {
      code: 'statevector.inside-earth',
      details: { altitudeKm: summary.altitudeKm },
    });
  }
  const m = summary.meanElements;
  return {
    meanElements: m
      ? {
          semiMajorAxisKm: m.aKm,
          eccentricity: m.e,
          inclinationDeg: m.iDeg,
          raanDeg: m.raanDeg,
          argPerigeeDeg: m.argPerigeeDeg,
          meanAnomalyDeg: m.meanAnomalyDeg,
          trueAnomalyDeg: m.trueAnomalyDeg,
        }
      : null,
    warnings: summary.warnings,
  };
}

function checkState(positionKm: readonly number[], velocityKmS: readonly number[], massKg: number | null = null): Record<string, string> {
  const errors: Record<string, string> = {};
  const within = (values: readonly number[], max: number) => values.every((v) => Number.isFinite(v) && Math.abs(v) <= max);
  if (!within(positionKm, MAX_POSITION_KM)) errors.position = `must be 3 finite numbers (km), each within ±${MAX_POSITION_KM}`;
  if (!within(velocityKmS, MAX_VELOCITY_KM_S)) errors.velocity = `must be 3 finite numbers (km/s), each within ±${MAX_VELOCITY_KM_S}`;
  else if (Math.hypot(velocityKmS[0]!, velocityKmS[1]!, velocityKmS[2]!) === 0) errors.velocity = 'must not be zero';
  if (massKg !== null && !(massKg > 0 && massKg <= MAX_MASS_KG)) errors.mass = `must be > 0 and ≤ ${MAX_MASS_KG} kg`;
  return errors;
}

export async function createStateVector(deps: AppDeps, organizationId: string, input: CreateStateVectorInput) {
  const { db } = deps;
  const spacecraft = await findSpacecraftById(db, organizationId, input.spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(input.spacecraftId);
  const epoch = parseInstantField(input.epoch, 'epoch');
  const fieldErrors = checkState(input.position, input.velocity);
  let covariance: StoredCovariance | null = null;
  if (input.covariance) {
    try {
      const values = validateCovariance(flattenCovariance(input.covariance.matrix));
      covariance = { frame: input.covariance.frame ?? input.referenceFrame, matrix: toNested(values) };
    } catch (error) {
      if (!(error instanceof CovarianceError)) throw error;
      fieldErrors['covariance.matrix'] = error.message;
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const derived = await derive(deps.earthData, {
    epoch,
    positionKm: input.position,
    velocityKmS: input.velocity,
    frame: input.referenceFrame,
  });
  const record: NewStateVector = {
    spacecraftId: spacecraft.id,
    epoch: canonicalInstant(epoch),
    epochKey: epochKey(epoch),
    positionKm: [input.position[0]!, input.position[1]!, input.position[2]!],
    velocityKmS: [input.velocity[0]!, input.velocity[1]!, input.velocity[2]!],
    referenceFrame: input.referenceFrame,
    massKg: input.mass ?? null,
    originator: input.originator ?? DEFAULT_ORIGINATOR,
    creationDate: nowIso(),
    sourceType: 'MANUAL',
    orbitSolutionId: null,
    converged: null,
    covariance,
    meanElements: derived.meanElements,
    warnings: derived.warnings,
    sourceFile: null,
  };
  const { displayNumber } = await inTransaction(db, (tx) => insertStateVector(tx, organizationId, record));
  const stored = (await findStateVector(db, organizationId, displayNumber))!;
  return { view: stateVectorView(stored), etag: entityTag(stored) };
}

export async function getStateVector(db: SqlExecutor, organizationId: string, id: string): Promise<StateVectorRecord> {
  const sv = await findStateVector(db, organizationId, parseDisplayId(id));
  if (!sv) throw stateVectorNotFound(id);
  return sv;
}

export async function removeStateVector(db: Db, organizationId: string, id: string, ifMatch: IfMatch = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    assertIfMatch(ifMatch, entityTag(await getStateVector(tx, organizationId, id)));
    const displayNumber = parseDisplayId(id);
    if (!(await deleteStateVector(tx, organizationId, displayNumber))) throw stateVectorNotFound(id);
    // An orbit determination accepted as this state is accepted no more (GET shows acceptedStateVectorId null).
    await releaseAcceptedStateVector(tx, organizationId, displayNumber);
  });
}

export interface StateVectorListQuery {
  spacecraftId?: string;
  startDate?: string;
  endDate?: string;
  sourceType?: StateVectorSourceType;
}

export async function listStateVectorPage(db: Db, organizationId: string, query: StateVectorListQuery, page: PageRequest) {
  const start = query.startDate === undefined ? undefined : parseInstantField(query.startDate, 'startDate');
  const end = query.endDate === undefined ? undefined : parseInstantField(query.endDate, 'endDate');
  if (start && end && end.isBefore(start)) throw validationError({ endDate: 'must not be before startDate' });
  return await listStateVectors(
    db,
    organizationId,
    {
      ...(query.spacecraftId !== undefined ? { spacecraftId: query.spacecraftId } : {}),
      ...(start ? { startKey: epochKey(start) } : {}),
      ...(end ? { endKey: epochKey(end) } : {}),
      ...(query.sourceType !== undefined ? { sourceType: query.sourceType } : {}),
    },
    page,
  );
}

/** Latest eligible state of a spacecraft (spec → Latest state vector rules). */
export async function latestStateVector(db: Db, organizationId: string, spacecraftId: string | undefined, includeNonConverged: boolean) {
  if (spacecraftId === undefined || spacecraftId.trim() === '') throw validationError({ spacecraftId: 'is required' });
  const spacecraft = await findSpacecraftById(db, organizationId, spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(spacecraftId);
  const sv = await findLatestEligibleStateVector(db, organizationId, spacecraftId, includeNonConverged);
  if (!sv) {
    throw notFound(
      `Spacecraft ${spacecraftId} has no ${includeNonConverged ? '' : 'eligible '}state vector`,
      'NOT_FOUND',
      { code: 'statevector.none-for-spacecraft', params: { spacecraftId, includeNonConverged } },
    );
  }
  return sv;
}

/** OBJECT_ID for CCSDS files: COSPAR id, else NORAD id, else our spacecraft id. */
export function objectIdOf(spacecraft: Spacecraft): string {
  return spacecraft.cosparId ?? (spacecraft.noradId !== null ? String(spacecraft.noradId) : spacecraft.id);
}

/** One state vector as an OPM 2.0 KVN (UTC epochs, lossless numbers). */
export async function exportOpm(db: Db, organizationId: string, id: string): Promise<{ filename: string; text: string }> {
  const sv = await getStateVector(db, organizationId, id);
  const spacecraft = (await findSpacecraftById(db, organizationId, sv.spacecraftId))!;
  const epoch = Epoch.parseInstant(sv.epoch);
  const text = writeOpmKvn({
    creationDate: Epoch.parseInstant(nowIso()).toString('UTC', 3),
    originator: sv.originator,
    comments: [`Exported by Apsis: state vector ${displayId(sv.displayNumber)} (${sv.sourceType})`],
    objectName: spacecraft.name,
    objectId: objectIdOf(spacecraft),
    centerName: 'EARTH',
    refFrame: sv.referenceFrame,
    timeSystem: 'UTC',
    stateVector: { epoch: epoch.toString('UTC', 9), positionKm: sv.positionKm, velocityKmS: sv.velocityKmS },
    userDefined: sv.userDefined ?? {},
    spacecraftParameters: {
      massKg: sv.massKg,
      solarRadAreaM2: spacecraft.srpArea,
      solarRadCoeff: spacecraft.reflectivityCoefficient,
      dragAreaM2: spacecraft.dragArea,
      dragCoeff: spacecraft.dragCoefficient,
    },
    covariance: sv.covariance ? { refFrame: sv.covariance.frame, lowerTriangle: lowerTriangle(sv.covariance.matrix.flat()) } : null,
  });
  return { filename: `${displayId(sv.displayNumber)}.opm`, text };
}

// ---------------------------------------------------------------------------------------------
// OPM import

export interface UploadedOpm {
  filename: string;
  bytes: Uint8Array;
}

export interface ImportFileResult {
  filename: string;
  status: FileResultStatus;
  spacecraftId: string | null;
  stateVectorId: string | null;
  warnings: string[];
  error?: string;
  message?: string;
  line?: number;
  candidateSpacecraftIds?: string[];
}

function failed(filename: string, error: string, message: string, extra: Partial<ImportFileResult> = {}): ImportFileResult {
  return { filename, status: 'failed', spacecraftId: null, stateVectorId: null, warnings: [], error, message, ...extra };
}

/** The spacecraft an OPM names: OBJECT_ID as COSPAR/NORAD/externalKey/id, else OBJECT_NAME as name. */
async function resolveTarget(db: Db, organizationId: string, state: ImportedState): Promise<{ spacecraft: Spacecraft | null; candidates: string[] }> {
  for (const [identifier, kinds] of [
    [state.objectId, ['cosparId', 'noradId', 'externalKey', 'id']],
    [state.objectName, ['name']],
  ] as const) {
    const matches = await resolveSpacecraft(db, organizationId, identifier.trim(), kinds);
    if (matches.length === 1) return { spacecraft: matches[0]!.spacecraft, candidates: [] };
    if (matches.length > 1) return { spacecraft: null, candidates: matches.map((m) => m.spacecraft.id) };
  }
  return { spacecraft: null, candidates: [] };
}

async function importOne(deps: AppDeps, organizationId: string, file: UploadedOpm, target: Spacecraft | null, allowDuplicate: boolean): Promise<ImportFileResult> {
  const { db, pool } = deps;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    return failed(file.filename, 'VALIDATION_ERROR', 'the file is not UTF-8 text');
  }
  const parsed = await pool.run('stateVectors.parseOpm', { text });
  if (!parsed.ok) {
    return failed(file.filename, 'VALIDATION_ERROR', parsed.message, parsed.line !== undefined && parsed.line > 0 ? { line: parsed.line } : {});
  }
  const state = parsed.state;
  let spacecraft = target;
  if (!spacecraft) {
    const resolution = await resolveTarget(db, organizationId, state);
    if (resolution.candidates.length > 1) {
      return {
        ...failed(file.filename, 'AMBIGUOUS_TARGET', `OBJECT_ID ${state.objectId} / OBJECT_NAME ${state.objectName} match several spacecraft; pass spacecraftId`),
        status: 'ambiguous',
        candidateSpacecraftIds: resolution.candidates,
      };
    }
    if (!resolution.spacecraft) {
      return failed(file.filename, 'UNRESOLVED_TARGET', `no spacecraft matches OBJECT_ID ${state.objectId} or OBJECT_NAME ${state.objectName}; pass spacecraftId`);
    }
    spacecraft = resolution.spacecraft;
  }
  const epoch = Epoch.parseInstant(`${state.epoch}`);
  const stateErrors = checkState(state.positionKm, state.velocityKmS, state.massKg ?? null);
  if (Object.keys(stateErrors).length > 0) {
    const keywords: Record<string, string> = { position: 'X, Y, Z', velocity: 'X_DOT, Y_DOT, Z_DOT', mass: 'MASS' };
    return failed(file.filename, 'VALIDATION_ERROR', Object.entries(stateErrors).map(([field, problem]) => `${keywords[field]}: ${problem}`).join('; '));
  }
  let derived: Derived;
  try {
    derived = await derive(deps.earthData, { epoch, positionKm: state.positionKm, velocityKmS: state.velocityKmS, frame: state.frame });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return failed(file.filename, error.error, error.message);
    throw error;
  }
  const record: NewStateVector = {
    spacecraftId: spacecraft.id,
    epoch: canonicalInstant(epoch),
    epochKey: epochKey(epoch),
    positionKm: state.positionKm,
    velocityKmS: state.velocityKmS,
    referenceFrame: state.frame,
    massKg: state.massKg,
    originator: state.originator,
    creationDate: nowIso(),
    sourceType: 'OPM_IMPORT',
    orbitSolutionId: null,
    converged: null,
    covariance: state.covariance ? { frame: state.covariance.frame, matrix: toNested(state.covariance.values) } : null,
    meanElements: derived.meanElements,
    warnings: [...state.warnings, ...derived.warnings],
    sourceFile: file.filename,
    userDefined: state.userDefined,
  };
  // Idempotent: the same state of the same craft (epoch, frame, position, velocity) is stored once; the check and
  // the insert are one transaction.
  const stored = await inTransaction(db, async (tx) => {
    const identical = allowDuplicate ? null : await findIdenticalStateVector(tx, organizationId, record);
    if (identical) return { duplicateOf: identical.displayNumber, displayNumber: identical.displayNumber };
    return { duplicateOf: null, displayNumber: (await insertStateVector(tx, organizationId, record)).displayNumber };
  });
  if (stored.duplicateOf !== null) {
    return {
      filename: file.filename,
      status: 'duplicate',
      spacecraftId: spacecraft.id,
      stateVectorId: displayId(stored.duplicateOf),
      warnings: [],
      message: `the same state (epoch, frame, position, velocity) of this spacecraft is already stored as ${displayId(stored.duplicateOf)}; nothing stored — import with ?allowDuplicate=true to store it again`,
    };
  }
  return {
    filename: file.filename,
    status: 'success',
    spacecraftId: spacecraft.id,
    stateVectorId: displayId(stored.displayNumber),
    warnings: record.warnings,
  };
}

/** Each file is stored or refused on its own: 200 all stored, 207 mixed or ambiguous, 400 when every file failed. */
export async function importOpmFiles(deps: AppDeps, organizationId: string, files: UploadedOpm[], querySpacecraftId: string | undefined, allowDuplicate = false) {
  if (files.length === 0) throw validationError({ files: 'at least one file is required' });
  let target: Spacecraft | null = null;
  if (querySpacecraftId !== undefined) {
    target = await findSpacecraftById(deps.db, organizationId, querySpacecraftId);
    if (!target) throw spacecraftNotFound(querySpacecraftId);
  }
  const results: ImportFileResult[] = [];
  for (const file of files) results.push(await importOne(deps, organizationId, file, target, allowDuplicate));
  const successCount = succeeded(results);
  const body = { successCount, failureCount: results.length - successCount, results };
  const status = batchHttpStatus(results);
  if (status !== null) return { status, body };
  const first = results[0]!;
  const text = results.length === 1 ? `${first.filename}: ${first.message}` : `All ${results.length} files failed; see details.results`;
  throw new ApiError(400, 'VALIDATION_ERROR', text, { code: 'import.file.invalid', details: body });
}

// ---------------------------------------------------------------------------------------------
// Orbit-determination results

export interface OrbitSolutionState {
  spacecraftId: string;
  epoch: Epoch;
  /** GCRF. */
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  massKg: number | null;
  /** 6×6 GCRF covariance (km², km²/s, km²/s²), already validated; null when none. */
  covariance: number[][] | null;
  orbitSolutionId: string;
  warnings: string[];
}

/**
 * Stores an accepted orbit solution as a state vector (sourceType ORBIT_DETERMINATION, converged, GCRF) with its
 * derived values, and runs `within` in the same transaction with the new display number (the caller marks the
 * solution accepted there, or throws to roll the insert back).
 */
export async function insertOrbitSolutionStateVector(
  deps: AppDeps,
  organizationId: string,
  state: OrbitSolutionState,
  within: (tx: SqlExecutor, displayNumber: number) => Promise<void>,
): Promise<StateVectorRecord> {
  const derived = await derive(deps.earthData, { epoch: state.epoch, positionKm: state.positionKm, velocityKmS: state.velocityKmS, frame: 'GCRF' });
  const record: NewStateVector = {
    spacecraftId: state.spacecraftId,
    epoch: canonicalInstant(state.epoch),
    epochKey: epochKey(state.epoch),
    positionKm: state.positionKm,
    velocityKmS: state.velocityKmS,
    referenceFrame: 'GCRF',
    massKg: state.massKg,
    originator: DEFAULT_ORIGINATOR,
    creationDate: nowIso(),
    sourceType: 'ORBIT_DETERMINATION',
    orbitSolutionId: state.orbitSolutionId,
    converged: true,
    covariance: state.covariance ? { frame: 'GCRF', matrix: state.covariance } : null,
    meanElements: derived.meanElements,
    warnings: [...state.warnings, ...derived.warnings],
    sourceFile: null,
  };
  const { displayNumber } = await inTransaction(deps.db, async (tx) => {
    const inserted = await insertStateVector(tx, organizationId, record);
    await within(tx, inserted.displayNumber);
    return inserted;
  });
  return (await findStateVector(deps.db, organizationId, displayNumber))!;
}
