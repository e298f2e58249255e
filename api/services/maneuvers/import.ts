/**
 * OCM import of maneuvers with preview (rule 5): each file is read on the compute pool (domain/maneuvers/ocm.ts), its
 * target spacecraft resolved from its metadata, checked (checks.ts) and written atomically and independently as a
 * staged batch; a preview is the same analysis without the write, with hashes that bind a later import to it.
 */
import { contentHashOf } from '../../contentHash.ts';
import { sha256Hex } from '../../../domain/contentHash.ts';
import { strToU8 } from 'fflate';
import { randomUUID } from 'node:crypto';
import { type Db, inTransaction, isUniqueViolation, type SqlExecutor, yieldToEventLoop } from '../../../storage/sql/db.ts';
import { firstUnpublishedBatchId, StagedBatch } from '../../../storage/sql/stagedWrites.ts';
import { findOverlapping, insertManeuvers, MANEUVERS_TABLE } from '../../../storage/maneuvers.ts';
import { resolveSpacecraft } from '../../../storage/spacecraft.ts';
import { type ResolutionKind, type Spacecraft } from '../../../domain/spacecraft/model.ts';
import { ApiError, conflict, unprocessable, validationError } from '../../http/errors.ts';
import { batchHttpStatus, type FileResultStatus, type PreviewStatus, succeeded } from '../../http/results.ts';
import { keysOverlap } from '../../../domain/maneuvers/model.ts';
import { fromOcmReadTransport, OcmImportError, type OcmImportPlan, type OcmReadResult, type OcmTargetHints } from '../../../domain/maneuvers/ocm.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import { isHardLimit, type PlanningFinding } from '../../../domain/maneuvers/planning.ts';
import { type BatchProblem, describeConflicts, findBatchConflicts, findBatchProblems, type ManeuverConflict, type PendingRecord, planningFindings, storedRecordsOf } from './checks.ts';
import { requireSpacecraft } from './records.ts';

/** Owner kind of the staged batches of OCM imports (swept when a crashed import left one behind). */
export const MANEUVER_IMPORT_KIND = 'maneuver_import';

/** Records per staged chunk of an import: one short transaction, then the event loop runs. */
const IMPORT_CHUNK_RECORDS = 200;
/** Clock difference tolerated between instances sharing the database, for the re-check of records changed meanwhile. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * Writes an import's records as a staged batch (storage/sql/stagedWrites.ts): chunks of IMPORT_CHUNK_RECORDS invisible to
 * every reader, then one small transaction that re-checks overlaps with the records that became visible since the
 * batch's conflict check (`since`, changed records or batches published after it) and publishes them all — or
 * nothing. Returns the late conflicts (nothing published) or null (published). An identity taken meanwhile is
 * refused by the primary key: the conflicts are then computed again.
 */
async function writeStaged(db: Db, organizationId: string, batch: readonly PendingRecord[], since: { at: string; firstBatchId: number }): Promise<ManeuverConflict[] | null> {
  const records = await inTransaction(db, (tx) => storedRecordsOf(tx, organizationId, batch));
  const staged = await StagedBatch.open(db, { kind: MANEUVER_IMPORT_KIND, key: randomUUID(), owner: 'maneuver-import' }, [MANEUVERS_TABLE]);
  try {
    for (let at = 0; at < records.length; at += IMPORT_CHUNK_RECORDS) {
      await staged.chunk((tx) => insertManeuvers(tx, records.slice(at, at + IMPORT_CHUNK_RECORDS), staged.id));
    }
    let late: ManeuverConflict[] = [];
    const published = await staged.publish(async (tx) => {
      late = await changedConflicts(tx, organizationId, batch, since);
      return late.length === 0;
    });
    if (published) return null;
    await staged.abandon();
    return late;
  } catch (error) {
    await staged.abandon().catch(() => undefined);
    if (!isUniqueViolation(error)) throw error;
    return await findBatchConflicts(db, organizationId, batch);
  }
}

/** Overlaps of the batch with records of its spacecraft created, updated or published since the batch was checked. */
async function changedConflicts(db: SqlExecutor, organizationId: string, batch: readonly PendingRecord[], since: { at: string; firstBatchId: number }): Promise<ManeuverConflict[]> {
  const conflicts: ManeuverConflict[] = [];
  const bySpacecraft = new Map<string, PendingRecord[]>();
  for (const record of batch) {
    const list = bySpacecraft.get(record.spacecraftId);
    if (list) list.push(record);
    else bySpacecraft.set(record.spacecraftId, [record]);
  }
  for (const [spacecraftId, records] of bySpacecraft) {
    let start = records[0]!.content.startKey;
    let end = records[0]!.content.endKey;
    for (const r of records) {
      if (r.content.startKey < start) start = r.content.startKey;
      if (r.content.endKey > end) end = r.content.endKey;
    }
    const changed = await findOverlapping(db, organizationId, spacecraftId, start, end, undefined, since);
    for (const record of records) {
      const ids = changed.filter((c) => keysOverlap(record.content, c)).map((c) => c.maneuverId);
      if (ids.length > 0) conflicts.push({ spacecraftId, maneuverId: record.maneuverId, reason: 'OVERLAP', conflictingManeuverIds: ids });
    }
  }
  return conflicts;
}

// ---------------------------------------------------------------------------------------------------------------
// Import and preview (rule 5)
// ---------------------------------------------------------------------------------------------------------------

export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

export type FileStatus = FileResultStatus;

export interface FileResult {
  filename: string;
  status: FileStatus;
  spacecraftId: string | null;
  maneuverIds: string[];
  skippedManeuverIds: string[];
  error?: string;
  code?: string;
  message?: string;
  line?: number;
  candidateSpacecraftIds?: string[];
  conflictingManeuverIds?: string[];
  /** Planning warnings of the file's maneuvers (soft capability limits, WET_MASS below the dry mass). */
  warnings?: PlanningFinding[];
  /** Hard capability limits the file's maneuvers violate (why it failed). */
  violations?: PlanningFinding[];
}

export interface ImportOutcome {
  httpStatus: 200 | 207;
  body: { successCount: number; failureCount: number; results: FileResult[] };
}

export interface PreviewHeaders {
  contentHash?: string;
  resolutionFingerprint?: string;
}

interface TargetResolution {
  spacecraft: Spacecraft | null;
  candidates: string[];
  resolvedBy: string | null;
  problem: 'ambiguous' | 'unresolved' | 'mismatch' | null;
}

/** Strongest identifier first: our id, externalKey, NORAD id, COSPAR id, name. */
const RESOLUTION_ORDER: ResolutionKind[] = ['id', 'externalKey', 'noradId', 'cosparId', 'name'];

/**
 * Target from file metadata: OBJECT_DESIGNATOR (our id, externalKey, NORAD id), INTERNATIONAL_DESIGNATOR (COSPAR id),
 * OBJECT_NAME (our id, externalKey, name, case-insensitive). The strongest kind that matches anything decides; it
 * must match exactly one spacecraft.
 */
async function resolveFromMetadata(db: SqlExecutor, organizationId: string, hints: OcmTargetHints): Promise<{ ids: string[]; kind: ResolutionKind | null; byId: Map<string, Spacecraft> }> {
  const lookups: Array<[string | null, ResolutionKind[]]> = [
    [hints.objectDesignator, ['id', 'externalKey', 'noradId']],
    [hints.internationalDesignator, ['cosparId']],
    [hints.objectName, ['id', 'externalKey', 'name']],
  ];
  const byKind = new Map<ResolutionKind, Set<string>>();
  const byId = new Map<string, Spacecraft>();
  for (const [identifier, kinds] of lookups) {
    if (identifier === null || identifier.trim() === '') continue;
    for (const match of await resolveSpacecraft(db, organizationId, identifier.trim(), kinds)) {
      byId.set(match.spacecraft.id, match.spacecraft);
      for (const kind of match.matchedBy) (byKind.get(kind) ?? byKind.set(kind, new Set()).get(kind)!).add(match.spacecraft.id);
    }
  }
  for (const kind of RESOLUTION_ORDER) {
    const ids = byKind.get(kind);
    if (ids && ids.size > 0) return { ids: [...ids].sort(), kind, byId };
  }
  return { ids: [], kind: null, byId };
}

async function resolveTarget(db: SqlExecutor, organizationId: string, hints: OcmTargetHints | null, queryTarget: Spacecraft | null): Promise<TargetResolution> {
  const metadata = hints ? await resolveFromMetadata(db, organizationId, hints) : { ids: [], kind: null, byId: new Map<string, Spacecraft>() };
  if (queryTarget) {
    if (metadata.ids.length === 1 && metadata.ids[0] !== queryTarget.id) {
      return { spacecraft: null, candidates: metadata.ids, resolvedBy: null, problem: 'mismatch' };
    }
    return { spacecraft: queryTarget, candidates: [queryTarget.id], resolvedBy: 'query', problem: null };
  }
  if (metadata.ids.length === 1) {
    return { spacecraft: metadata.byId.get(metadata.ids[0]!)!, candidates: metadata.ids, resolvedBy: metadata.kind, problem: null };
  }
  return { spacecraft: null, candidates: metadata.ids, resolvedBy: null, problem: metadata.ids.length > 1 ? 'ambiguous' : 'unresolved' };
}

interface FileAnalysis {
  contentHash: string;
  resolutionFingerprint: string;
  plan: OcmImportPlan | null;
  invalid: OcmImportError | null;
  target: TargetResolution;
}

/** Parses an uploaded OCM on the compute pool (never on the event loop, never inside a write transaction). */
async function readOnPool(pool: ComputePool, file: UploadedFile): Promise<OcmReadResult> {
  return await fromOcmReadTransport(await pool.run('maneuvers.readOcm', { bytes: file.bytes }), yieldToEventLoop);
}

async function analyzeFile(db: SqlExecutor, organizationId: string, file: UploadedFile, read: OcmReadResult, queryTarget: Spacecraft | null): Promise<FileAnalysis> {
  const contentHash = await contentHashOf(file.bytes);
  const plan: OcmImportPlan | null = read.ok ? read.plan : null;
  const invalid = read.ok ? null : new OcmImportError(read.line, read.detail, read.code);
  const target = await resolveTarget(db, organizationId, plan?.hints ?? null, queryTarget);
  const resolutionFingerprint = sha256Hex(
    strToU8(
      JSON.stringify({
        spacecraftId: target.spacecraft?.id ?? null,
        candidates: target.candidates,
        maneuverIds: plan?.maneuvers.map((m) => m.maneuverId) ?? [],
      }),
    ),
  );
  return { contentHash, resolutionFingerprint, plan, invalid, target };
}

/** Outcome of a file before (preview) or instead of committing; null when it can be committed. */
function blockingResult(file: UploadedFile, analysis: FileAnalysis): FileResult | null {
  const base = {
    filename: file.filename,
    spacecraftId: analysis.target.spacecraft?.id ?? null,
    maneuverIds: analysis.plan?.maneuvers.map((m) => m.maneuverId) ?? [],
    skippedManeuverIds: analysis.plan?.skippedManeuverIds ?? [],
  };
  if (analysis.invalid) {
    return { ...base, status: 'failed', error: 'VALIDATION_ERROR', code: analysis.invalid.code, message: analysis.invalid.message, line: analysis.invalid.line };
  }
  const target = analysis.target;
  if (target.problem === 'mismatch') {
    return {
      ...base,
      status: 'failed',
      error: 'VALIDATION_ERROR',
      code: 'import.target.mismatch',
      message: `The file metadata identifies spacecraft ${target.candidates[0]}, not the spacecraftId given`,
      candidateSpacecraftIds: target.candidates,
    };
  }
  if (target.problem === 'ambiguous') {
    return {
      ...base,
      status: 'ambiguous',
      error: 'IMPORT_TARGET_AMBIGUOUS',
      code: 'import.target.ambiguous',
      message: `The file metadata matches ${target.candidates.length} spacecraft; repeat with the spacecraftId query`,
      candidateSpacecraftIds: target.candidates,
    };
  }
  if (target.problem === 'unresolved') {
    return {
      ...base,
      status: 'ambiguous',
      error: 'IMPORT_TARGET_UNRESOLVED',
      code: 'import.target.unresolved',
      message: 'The file metadata (OBJECT_DESIGNATOR, INTERNATIONAL_DESIGNATOR, OBJECT_NAME) matches no spacecraft; repeat with the spacecraftId query',
      candidateSpacecraftIds: [],
    };
  }
  if (target.spacecraft!.lifecycleStatus === 'Archived') {
    return {
      ...base,
      status: 'failed',
      error: 'SPACECRAFT_ARCHIVED',
      code: 'import.spacecraft.archived',
      message: `Spacecraft ${target.spacecraft!.id} is archived: restore it (lifecycle Active) before planning maneuvers for it`,
    };
  }
  // Maneuvers of the same file that overlap each other: the file is invalid (400 material), not a stored conflict.
  const plan = analysis.plan!;
  const overlaps = findBatchProblems(pendingOf(analysis)).filter((p) => p.reason === 'OVERLAP');
  if (overlaps.length > 0) {
    const describe = (p: BatchProblem) => {
      const a = plan.maneuvers[p.first]!;
      const b = plan.maneuvers[p.second]!;
      return `maneuver ${JSON.stringify(a.maneuverId)} (line ${a.line}) overlaps maneuver ${JSON.stringify(b.maneuverId)} (line ${b.line}) of the same file`;
    };
    const first = plan.maneuvers[overlaps[0]!.first]!;
    return {
      ...base,
      status: 'failed',
      error: 'VALIDATION_ERROR',
      code: 'import.file.overlap',
      message: `line ${first.line}: ${overlaps.slice(0, 5).map(describe).join('; ')}${overlaps.length > 5 ? ` (and ${overlaps.length - 5} more)` : ''}`,
      line: first.line,
      conflictingManeuverIds: [...new Set(overlaps.flatMap((p) => [plan.maneuvers[p.first]!.maneuverId, plan.maneuvers[p.second]!.maneuverId]))],
    };
  }
  return null;
}

function pendingOf(analysis: FileAnalysis): PendingRecord[] {
  return analysis.plan!.maneuvers.map((m) => ({ spacecraftId: analysis.target.spacecraft!.id, maneuverId: m.maneuverId, content: m.content }));
}

function conflictResult(file: UploadedFile, analysis: FileAnalysis, conflicts: ManeuverConflict[]): FileResult {
  const first = conflicts[0]!;
  const line = analysis.plan!.maneuvers.find((m) => m.maneuverId === first.maneuverId)?.line;
  const exists = first.reason === 'DUPLICATE_IDENTITY';
  return {
    filename: file.filename,
    status: 'failed',
    spacecraftId: analysis.target.spacecraft!.id,
    maneuverIds: analysis.plan!.maneuvers.map((m) => m.maneuverId),
    skippedManeuverIds: analysis.plan!.skippedManeuverIds,
    error: 'MANEUVER_CONFLICT',
    code: exists ? 'import.maneuver.exists' : 'import.maneuver.overlap',
    message: exists
      ? `MAN_ID ${JSON.stringify(first.maneuverId)} already exists on spacecraft ${first.spacecraftId} (import only adds records; use PUT to change it)`
      : describeConflicts(conflicts),
    ...(line === undefined ? {} : { line }),
    conflictingManeuverIds: [...new Set(conflicts.flatMap((c) => c.conflictingManeuverIds))],
  };
}

/**
 * The planning findings of a file's maneuvers and the WET_MASS check: hard limits make the file fail (its result,
 * `violations`), the rest are `warnings`.
 */
async function filePlanning(db: SqlExecutor, organizationId: string, file: UploadedFile, analysis: FileAnalysis): Promise<{ failed: FileResult | null; warnings: PlanningFinding[] }> {
  const spacecraft = analysis.target.spacecraft!;
  const pending = pendingOf(analysis);
  const findings = await planningFindings(db, organizationId, new Map([[spacecraft.id, spacecraft]]), pending);
  const plan = analysis.plan!;
  for (const m of plan.maneuvers) {
    const wetMass = m.content.wetMassKg;
    if (wetMass !== null && spacecraft.dryMass !== null && wetMass < spacecraft.dryMass) {
      findings.push({
        code: 'WET_MASS_BELOW_DRY_MASS',
        maneuverId: m.maneuverId,
        message: `the file's WET_MASS (${wetMass} kg) is below the spacecraft's dry mass (${spacecraft.dryMass} kg)`,
        details: { wetMassKg: wetMass, dryMassKg: spacecraft.dryMass, line: m.line },
      });
    }
  }
  const hard = findings.filter((f) => isHardLimit(f.code));
  if (hard.length === 0) return { failed: null, warnings: findings };
  const first = plan.maneuvers.find((m) => m.maneuverId === hard[0]!.maneuverId);
  return {
    failed: {
      filename: file.filename,
      status: 'failed',
      spacecraftId: spacecraft.id,
      maneuverIds: plan.maneuvers.map((m) => m.maneuverId),
      skippedManeuverIds: plan.skippedManeuverIds,
      error: 'MANEUVER_CAPABILITY_VIOLATION',
      code: 'import.maneuver.capability',
      message: `${first ? `line ${first.line}: ` : ''}${hard.slice(0, 5).map((f) => `maneuver ${JSON.stringify(f.maneuverId)}: ${f.message}`).join('; ')}`,
      ...(first ? { line: first.line } : {}),
      violations: hard,
    },
    warnings: findings.filter((f) => !isHardLimit(f.code)),
  };
}

function stalePreview(message: string): ApiError {
  return conflict('IMPORT_STALE_PREVIEW', message, { code: 'import.commit.preview.stale' });
}

/**
 * Imports each file atomically and independently: analysis and conflict check, then its records written as a
 * staged batch and published all at once after a last overlap check (writeStaged), so a file of tens of thousands
 * of maneuvers never holds the event loop or other writers for long. The preview headers bind a single file: a
 * different content hash or resolution → 409 IMPORT_STALE_PREVIEW, nothing stored.
 */
export async function importManeuverFiles(
  db: Db,
  pool: ComputePool,
  organizationId: string,
  files: readonly UploadedFile[],
  querySpacecraftId: string | undefined,
  preview: PreviewHeaders,
): Promise<ImportOutcome> {
  const queryTarget = querySpacecraftId === undefined ? null : await requireSpacecraft(db, organizationId, querySpacecraftId);
  const previewBound = preview.contentHash !== undefined || preview.resolutionFingerprint !== undefined;
  if (previewBound && files.length !== 1) {
    throw validationError({ files: 'exactly one file per request when X-Content-Hash or X-Resolution-Fingerprint is sent' });
  }
  const results: FileResult[] = [];
  for (const file of files) {
    const read = await readOnPool(pool, file);
    // Before the conflict check: what becomes visible after this point is re-checked when the batch is published.
    const since = { at: new Date(Date.now() - CLOCK_MARGIN_MS).toISOString(), firstBatchId: await firstUnpublishedBatchId(db) };
    const result = await (async (tx: Db): Promise<FileResult> => {
      const analysis = await analyzeFile(tx, organizationId, file, read, queryTarget);
      if (preview.contentHash !== undefined && preview.contentHash.trim().toLowerCase() !== analysis.contentHash) {
        throw stalePreview(`The file ${JSON.stringify(file.filename)} differs from the inspected one (X-Content-Hash does not match); inspect it again`);
      }
      if (preview.resolutionFingerprint !== undefined && preview.resolutionFingerprint.trim().toLowerCase() !== analysis.resolutionFingerprint) {
        throw stalePreview(
          `The target or maneuver ids of ${JSON.stringify(file.filename)} changed since the preview (X-Resolution-Fingerprint does not match); inspect it again`,
        );
      }
      const blocked = blockingResult(file, analysis);
      if (blocked) return blocked;
      const pending = pendingOf(analysis);
      const conflicts = await findBatchConflicts(tx, organizationId, pending);
      if (conflicts.length > 0) return conflictResult(file, analysis, conflicts);
      const planning = await filePlanning(tx, organizationId, file, analysis);
      if (planning.failed) return planning.failed;
      const late = await writeStaged(tx, organizationId, pending, since);
      if (late) return conflictResult(file, analysis, late);
      const ok: FileResult = {
        filename: file.filename,
        status: 'success',
        spacecraftId: analysis.target.spacecraft!.id,
        maneuverIds: pending.map((p) => p.maneuverId),
        skippedManeuverIds: analysis.plan!.skippedManeuverIds,
        warnings: planning.warnings,
      };
      return ok;
    })(db);
    results.push(result);
  }
  const successCount = succeeded(results);
  const body = { successCount, failureCount: results.length - successCount, results };
  const httpStatus = batchHttpStatus(results);
  if (httpStatus !== null) return { httpStatus, body };
  // every file failed without ambiguity: an error
  // Conflicts with stored state (records, an archived craft) → 409; capability limits → 422; anything else → 400.
  if (results.every((r) => r.error === 'SPACECRAFT_ARCHIVED')) {
    const first = results[0]!;
    throw conflict('SPACECRAFT_ARCHIVED', results.length === 1 ? `${first.filename}: ${first.message}` : `All ${results.length} files failed; see details.results`, {
      code: 'import.spacecraft.archived',
      details: body,
    });
  }
  const allConflicts = results.every((r) => r.error === 'MANEUVER_CONFLICT' || r.error === 'SPACECRAFT_ARCHIVED');
  if (results.every((r) => r.error === 'MANEUVER_CAPABILITY_VIOLATION')) {
    const first = results[0]!;
    const text = results.length === 1 ? `${first.filename}: ${first.message}` : `All ${results.length} files failed; see details.results`;
    throw unprocessable('MANEUVER_CAPABILITY_VIOLATION', text, { code: 'import.maneuver.capability', details: body });
  }
  const first = results[0]!;
  const text = results.length === 1 ? `${first.filename}: ${first.message}` : `All ${results.length} files failed; see details.results`;
  if (allConflicts) throw conflict('MANEUVER_CONFLICT', text, { code: 'import.maneuver.conflict', details: body });
  throw new ApiError(400, 'VALIDATION_ERROR', text, { code: 'import.file.invalid', details: body });
}

export interface ImportPreview extends Omit<FileResult, 'status'> {
  status: PreviewStatus;
  contentHash: string;
  resolutionFingerprint: string;
  resolvedBy: string | null;
  maneuvers: Array<{ maneuverId: string; start: string; end: string; segmentCount: number }>;
}

/** Dry run of one file: what an import now would do, plus the hashes that bind a later import to this preview. */
export async function inspectManeuverFile(
  db: Db,
  pool: ComputePool,
  organizationId: string,
  file: UploadedFile,
  querySpacecraftId: string | undefined,
): Promise<ImportPreview> {
  const queryTarget = querySpacecraftId === undefined ? null : await requireSpacecraft(db, organizationId, querySpacecraftId);
  const analysis = await analyzeFile(db, organizationId, file, await readOnPool(pool, file), queryTarget);
  const common = {
    contentHash: analysis.contentHash,
    resolutionFingerprint: analysis.resolutionFingerprint,
    resolvedBy: analysis.target.resolvedBy,
    maneuvers: (analysis.plan?.maneuvers ?? []).map((m) => ({
      maneuverId: m.maneuverId,
      start: m.content.start,
      end: m.content.end,
      segmentCount: m.content.composition.length,
    })),
  };
  const blocked = blockingResult(file, analysis);
  if (blocked) return { ...blocked, ...common, status: blocked.status === 'ambiguous' ? 'ambiguous' : 'failed' };
  const conflicts = await findBatchConflicts(db, organizationId, pendingOf(analysis));
  if (conflicts.length > 0) return { ...conflictResult(file, analysis, conflicts), ...common, status: 'failed' };
  const planning = await filePlanning(db, organizationId, file, analysis);
  if (planning.failed) return { ...planning.failed, ...common, status: 'failed' };
  return {
    filename: file.filename,
    spacecraftId: analysis.target.spacecraft!.id,
    maneuverIds: analysis.plan!.maneuvers.map((m) => m.maneuverId),
    skippedManeuverIds: analysis.plan!.skippedManeuverIds,
    candidateSpacecraftIds: analysis.target.candidates,
    warnings: planning.warnings,
    ...common,
    status: 'ready',
  };
}

