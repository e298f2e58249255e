/**
 * Stored maneuvers, contract 2.0.0 (spec → Maneuvers rules 1–6): batch create, read, replace, delete, list,
 * OCM import with preview, OCM/ZIP export. Records are addressed by maneuverId + the actual spacecraft id;
 * the organization always comes from the caller.
 *
 * Overlap rule: a record's enclosing interval (earliest segment start → latest segment end) must not overlap
 * another record of the same spacecraft (touching allowed). Create, import and update check it inside the same
 * write transaction as the write. Pre-existing overlaps are never repaired; every read reports them in
 * `conflictingManeuverIds`.
 */
import { MAX_ID_LENGTH } from '../../domain/limits.ts';
import { contentHashOf, sha256Hex } from '../contentHash.ts';
import { strToU8 } from 'fflate';
import { Epoch } from '../../engine/time/epoch.ts';
import { supportedEpochProblem } from '../../engine/time/supportedRange.ts';
import { randomUUID } from 'node:crypto';
import { inTransaction, isUniqueViolation, nowIso, yieldToEventLoop, type Db, type SqlExecutor } from '../../storage/db.ts';
import { firstUnpublishedBatchId, StagedBatch } from '../../storage/stagedWrites.ts';
import { deleteManeuver as deleteManeuverRow, existingManeuverIds, findManeuver, findManeuversByIds, findOverlapping, insertManeuvers, MANEUVERS_TABLE, listManeuversInWindow, overlappingIdsOf, updateManeuverContent, type StoredManeuver } from '../../storage/maneuvers.ts';
import type { StoredBurnSegment } from '../../domain/maneuvers/records.ts';
import type { ManeuverContent } from '../../domain/maneuvers/records.ts';
import type { AttitudeMode } from '../../domain/maneuvers/records.ts';
import { reserveDisplayNumbers } from '../../storage/sequences.ts';
import { findSpacecraftById, findSpacecraftByIds, resolveSpacecraft, type ResolutionKind, type Spacecraft } from '../../storage/spacecraft.ts';
import { ApiError, conflict, notFound, unprocessable, validationError } from '../errors.ts';
import { instantTextOf } from '../../domain/instants.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../preconditions.ts';
import { batchHttpStatus, succeeded, type FileResultStatus, type PreviewStatus } from '../results.ts';
import { buildContent, deriveValues, epochKey, keysOverlap, MANEUVER_ID_MAX_LENGTH } from '../../domain/maneuvers/records.ts';
import { fromOcmReadTransport, OcmImportError, type OcmExportFile, type OcmImportPlan, type OcmReadResult, type OcmTargetHints } from '../../domain/maneuvers/ocm.ts';
import type { ComputePool } from '../../workers/poolTypes.ts';
import { spacecraftNotFound } from './spacecraft.ts';
import { checkPlanningRules, isHardLimit, type PlannedManeuver, type PlanningFinding } from '../../domain/maneuvers/planning.ts';

export const MAX_LIST_SPACECRAFT = 50;
/** Owner kind of the staged batches of OCM imports (swept when a crashed import left one behind). */
export const MANEUVER_IMPORT_KIND = 'maneuver_import';
export const MAX_EXPORT_MANEUVER_IDS = 100;

// ---------------------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------------------

interface DerivedView {
  start: string;
  end: string;
  acceleration: number | null;
  deltaV: number | null;
  deltaMass: number | null;
  initialMass: number | null;
  conflictingManeuverIds: string[];
}

export interface ManeuverDetail extends DerivedView {
  maneuverId: string;
  displayId: string;
  spacecraftId: string;
  name: string;
  purpose: string | null;
  attitudeMode: AttitudeMode;
  /** Segments exactly as stored (canonical UTC referenceEpoch). */
  composition: StoredBurnSegment[];
  /** What the craft's declared capabilities say about the record now (domain/maneuvers/planning.ts); [] when nothing. */
  warnings: PlanningFinding[];
}

export interface ManeuverListItem extends DerivedView {
  maneuverId: string;
  displayId: string;
  name: string;
  spacecraftId: string;
  attitudeMode: AttitudeMode;
  segmentCount: number;
}

function derivedView(record: StoredManeuver, spacecraft: Spacecraft, conflicts: string[]): DerivedView {
  const derived = deriveValues(record.composition, record.wetMassKg ?? spacecraft.launchMass);
  return {
    start: instantTextOf(record.start),
    end: instantTextOf(record.end),
    acceleration: derived.acceleration,
    deltaV: derived.deltaV,
    deltaMass: derived.deltaMass,
    initialMass: derived.initialMass,
    conflictingManeuverIds: conflicts,
  };
}

function detailView(record: StoredManeuver, spacecraft: Spacecraft, conflicts: string[], warnings: PlanningFinding[]): ManeuverDetail {
  return {
    maneuverId: record.maneuverId,
    displayId: record.displayId,
    spacecraftId: record.spacecraftId,
    name: record.name,
    purpose: record.purpose,
    attitudeMode: record.attitudeMode,
    composition: record.composition.map((s) => ({ ...s, referenceEpoch: instantTextOf(s.referenceEpoch) })),
    ...derivedView(record, spacecraft, conflicts),
    warnings,
  };
}

function listItemView(record: StoredManeuver, spacecraft: Spacecraft, conflicts: string[]): ManeuverListItem {
  return {
    maneuverId: record.maneuverId,
    displayId: record.displayId,
    name: record.name,
    spacecraftId: record.spacecraftId,
    attitudeMode: record.attitudeMode,
    segmentCount: record.composition.length,
    ...derivedView(record, spacecraft, conflicts),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------------------

export interface ManeuverFieldsJson {
  name: string;
  purpose?: string | null;
  attitudeMode: AttitudeMode;
  /** Same fields as a stored segment; referenceEpoch is any ISO-8601 instant with zone (checked by the schema). */
  composition: StoredBurnSegment[];
}

export interface CreateManeuverJson extends ManeuverFieldsJson {
  spacecraftId: string;
}

function contentFromJson(input: ManeuverFieldsJson, wetMassKg: number | null): ManeuverContent {
  return buildContent({
    name: input.name,
    purpose: input.purpose === undefined || input.purpose === null || input.purpose === '' ? null : input.purpose,
    attitudeMode: input.attitudeMode,
    // The schema has checked that each referenceEpoch is an instant with zone.
    composition: input.composition.map((s) => ({ ...s, referenceEpoch: Epoch.parseInstant(s.referenceEpoch) })),
    wetMassKg,
  });
}

function maneuverNotFound(spacecraftId: string, maneuverId: string): ApiError {
  return notFound(`Maneuver ${JSON.stringify(maneuverId)} not found on spacecraft ${spacecraftId}`, 'MANEUVER_NOT_FOUND', {
    code: 'maneuver.not-found',
    details: { spacecraftId, maneuverId },
  });
}

async function requireSpacecraft(db: SqlExecutor, organizationId: string, id: string): Promise<Spacecraft> {
  const spacecraft = await findSpacecraftById(db, organizationId, id);
  if (!spacecraft) throw spacecraftNotFound(id);
  return spacecraft;
}

/** Every listed spacecraft, or 404 naming the missing ones (another organization's craft count as missing). */
async function requireSpacecraftList(db: SqlExecutor, organizationId: string, ids: readonly string[]): Promise<Map<string, Spacecraft>> {
  const found = new Map((await findSpacecraftByIds(db, organizationId, ids)).map((s) => [s.id, s] as const));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 1) throw spacecraftNotFound(missing[0]!);
  if (missing.length > 1) {
    throw notFound(`Spacecraft not found: ${missing.join(', ')}`, 'SC-4040', { code: 'spacecraft.not-found', details: { spacecraftIds: missing } });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Conflicts (identity and overlap), evaluated inside the write transaction
// ---------------------------------------------------------------------------------------------------------------

export interface PendingRecord {
  spacecraftId: string;
  maneuverId: string;
  content: ManeuverContent;
}

export interface ManeuverConflict {
  spacecraftId: string;
  maneuverId: string;
  reason: 'DUPLICATE_IDENTITY' | 'OVERLAP';
  /** Stored records it collides with (for DUPLICATE_IDENTITY: the id itself). */
  conflictingManeuverIds: string[];
  /** Position in the request batch (create) — absent for import. */
  index?: number;
}

/** Two records of one request (or one file) that collide with each other: invalid input, not a stored conflict. */
export interface BatchProblem {
  reason: 'DUPLICATE_IDENTITY' | 'OVERLAP';
  spacecraftId: string;
  /** Positions in the batch, first < second. */
  first: number;
  second: number;
}

function groupBySpacecraft(batch: readonly PendingRecord[]): Map<string, Array<{ record: PendingRecord; index: number }>> {
  const bySpacecraft = new Map<string, Array<{ record: PendingRecord; index: number }>>();
  batch.forEach((record, index) => {
    const list = bySpacecraft.get(record.spacecraftId) ?? [];
    list.push({ record, index });
    bySpacecraft.set(record.spacecraftId, list);
  });
  return bySpacecraft;
}

/**
 * Duplicate identities and overlaps between records of the same batch (one spacecraft's records never collide with
 * another's). Pure: no stored record is involved, so these are a 400 (invalid input), never a 409.
 */
export function findBatchProblems(batch: readonly PendingRecord[]): BatchProblem[] {
  const problems: BatchProblem[] = [];
  for (const [spacecraftId, entries] of groupBySpacecraft(batch)) {
    const firstById = new Map<string, number>();
    for (const { record, index } of entries) {
      const earlier = firstById.get(record.maneuverId);
      if (earlier !== undefined) problems.push({ reason: 'DUPLICATE_IDENTITY', spacecraftId, first: earlier, second: index });
      else firstById.set(record.maneuverId, index);
    }
    // overlap: sweep by start
    const sorted = [...entries].sort((a, b) => (a.record.content.startKey < b.record.content.startKey ? -1 : a.record.content.startKey > b.record.content.startKey ? 1 : a.index - b.index));
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i]!;
      for (let j = i + 1; j < sorted.length; j++) {
        const b = sorted[j]!;
        if (b.record.content.startKey >= a.record.content.endKey) break;
        if (keysOverlap(a.record.content, b.record.content)) {
          problems.push({ reason: 'OVERLAP', spacecraftId, first: Math.min(a.index, b.index), second: Math.max(a.index, b.index) });
        }
      }
    }
  }
  return problems.sort((a, b) => a.first - b.first || a.second - b.second);
}

/**
 * Identity and overlap conflicts of a batch against the STORED records of its spacecraft (collisions inside the
 * batch are findBatchProblems'). Each batch record is reported at most once per reason.
 */
export async function findBatchConflicts(db: SqlExecutor, organizationId: string, batch: readonly PendingRecord[]): Promise<ManeuverConflict[]> {
  const conflicts: ManeuverConflict[] = [];
  for (const [spacecraftId, entries] of groupBySpacecraft(batch)) {
    const existing = new Set(await existingManeuverIds(db, organizationId, spacecraftId, [...new Set(entries.map((e) => e.record.maneuverId))]));
    for (const { record, index } of entries) {
      if (existing.has(record.maneuverId)) {
        conflicts.push({ spacecraftId, maneuverId: record.maneuverId, reason: 'DUPLICATE_IDENTITY', conflictingManeuverIds: [record.maneuverId], index });
      }
    }
    // overlap with stored records inside the batch envelope
    let envelopeStart = entries[0]!.record.content.startKey;
    let envelopeEnd = entries[0]!.record.content.endKey;
    for (const { record } of entries) {
      if (record.content.startKey < envelopeStart) envelopeStart = record.content.startKey;
      if (record.content.endKey > envelopeEnd) envelopeEnd = record.content.endKey;
    }
    const stored = await findOverlapping(db, organizationId, spacecraftId, envelopeStart, envelopeEnd);
    for (const { record, index } of entries) {
      const ids = stored.filter((s) => keysOverlap(record.content, s)).map((s) => s.maneuverId);
      if (ids.length > 0) conflicts.push({ spacecraftId, maneuverId: record.maneuverId, reason: 'OVERLAP', conflictingManeuverIds: ids, index });
    }
  }
  return conflicts.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
}

// ---------------------------------------------------------------------------------------------------------------
// Planning rules the spacecraft declares (domain/maneuvers/planning.ts), and the archived state
// ---------------------------------------------------------------------------------------------------------------

/** A maneuver may be planned only for an Active spacecraft (reads and deletes stay possible). */
function requireActive(spacecraft: Spacecraft): void {
  if (spacecraft.lifecycleStatus === 'Archived') {
    throw conflict('SPACECRAFT_ARCHIVED', `Spacecraft ${spacecraft.id} is archived: restore it (lifecycle Active) before planning maneuvers for it`, {
      code: 'maneuver.spacecraft.archived',
      details: { spacecraftId: spacecraft.id, lifecycleStatus: spacecraft.lifecycleStatus },
    });
  }
}

function plannedOf(maneuverId: string, composition: readonly StoredBurnSegment[], origin: Epoch): PlannedManeuver {
  return {
    maneuverId,
    burns: composition.map((s) => ({ startS: Epoch.parseInstant(s.referenceEpoch).secondsSince(origin), durationS: s.duration })),
  };
}

/**
 * Findings of the planning rules for `batch` (records of any spacecraft), each against its craft's declared
 * capabilities and its other maneuvers: the stored ones near it (within the separation / duty-cycle reach; `exclude`
 * leaves out the record being replaced) and the other records of the batch.
 */
export async function planningFindings(
  db: SqlExecutor,
  organizationId: string,
  spacecraftById: ReadonlyMap<string, Spacecraft>,
  batch: readonly PendingRecord[],
  exclude?: string,
): Promise<PlanningFinding[]> {
  const findings: PlanningFinding[] = [];
  for (const [spacecraftId, entries] of groupBySpacecraft(batch)) {
    const capabilities = spacecraftById.get(spacecraftId)?.maneuverCapabilities;
    if (!capabilities) continue;
    const origin = entries.reduce((min, e) => {
      const start = Epoch.parseInstant(e.record.content.start);
      return start.isBefore(min) ? start : min;
    }, Epoch.parseInstant(entries[0]!.record.content.start));
    const at = (text: string) => Epoch.parseInstant(text).secondsSince(origin);
    const window = (w: { start: string; end: string }) => ({ startS: at(w.start), endS: at(w.end), label: `${w.start}–${w.end}` });
    const thrusters = capabilities.thrusters.map((t) => ({
      thrusterId: t.thrusterId,
      dutyCycleWindowS: t.dutyCycleWindowSeconds,
      maximumDutyCycle: t.maximumDutyCycle,
      minimumBurnS: t.minimumBurnSeconds,
    }));
    const rules = {
      allowedWindows: capabilities.allowedWindows.map(window),
      blackoutWindows: capabilities.blackoutWindows.map(window),
      minimumSeparationS: capabilities.minimumManeuverSeparationSeconds,
      thrusters,
    };
    const reach = Math.max(rules.minimumSeparationS ?? 0, ...thrusters.map((t) => t.dutyCycleWindowS ?? 0));
    const latestEnd = entries.reduce((max, e) => (e.record.content.endKey > max ? e.record.content.endKey : max), entries[0]!.record.content.endKey);
    const lastEnd = entries.find((e) => e.record.content.endKey === latestEnd)!.record.content.end;
    const stored = (
      await listManeuversInWindow(
        db,
        organizationId,
        [spacecraftId],
        epochKey(origin.plusSeconds(-reach)),
        epochKey(Epoch.parseInstant(lastEnd).plusSeconds(reach + 1e-6)),
      )
    ).filter((r) => r.maneuverId !== exclude && !entries.some((e) => e.record.maneuverId === r.maneuverId));
    const planned = entries.map((e) => plannedOf(e.record.maneuverId, e.record.content.composition, origin));
    const neighbours = stored.map((r) => plannedOf(r.maneuverId, r.composition, origin));
    planned.forEach((candidate, i) => {
      findings.push(...checkPlanningRules(candidate, [...neighbours, ...planned.filter((_, j) => j !== i)], rules));
    });
  }
  return findings;
}

/** 422 when any finding is a hard limit of the craft's capabilities. */
function refuseHardLimits(findings: readonly PlanningFinding[]): void {
  const hard = findings.filter((f) => isHardLimit(f.code));
  if (hard.length === 0) return;
  throw unprocessable('MANEUVER_CAPABILITY_VIOLATION', `Maneuver capability violated: ${hard.slice(0, 5).map((f) => `${JSON.stringify(f.maneuverId)} ${f.message}`).join('; ')}`, {
    code: 'maneuver.capability.violated',
    details: { violations: hard },
  });
}

/** The soft findings, as the `warnings` of a response. */
function softFindings(findings: readonly PlanningFinding[]): PlanningFinding[] {
  return findings.filter((f) => !isHardLimit(f.code));
}

/** 400 VALIDATION_ERROR for collisions inside a create request, naming both records by position and id. */
function batchProblemsError(batch: readonly PendingRecord[], problems: readonly BatchProblem[]): ApiError {
  const fieldErrors: Record<string, string> = {};
  for (const problem of problems) {
    const first = batch[problem.first]!;
    const second = batch[problem.second]!;
    const field = problem.reason === 'DUPLICATE_IDENTITY' ? `maneuvers.${problem.second}.name` : `maneuvers.${problem.second}.composition`;
    if (field in fieldErrors) continue;
    fieldErrors[field] =
      problem.reason === 'DUPLICATE_IDENTITY'
        ? `${JSON.stringify(second.maneuverId)} is also maneuvers.${problem.first} of this request (names are unique per spacecraft)`
        : `${JSON.stringify(second.maneuverId)} overlaps ${JSON.stringify(first.maneuverId)} (maneuvers.${problem.first}) of this request on spacecraft ${problem.spacecraftId}`;
  }
  return validationError(fieldErrors);
}

function describeConflicts(conflicts: readonly ManeuverConflict[]): string {
  const parts = conflicts.slice(0, 5).map((c) =>
    c.reason === 'DUPLICATE_IDENTITY'
      ? `${JSON.stringify(c.maneuverId)} already exists on spacecraft ${c.spacecraftId}`
      : `${JSON.stringify(c.maneuverId)} overlaps ${c.conflictingManeuverIds.map((id) => JSON.stringify(id)).join(', ')}`,
  );
  const more = conflicts.length > 5 ? ` (and ${conflicts.length - 5} more)` : '';
  return `${parts.join('; ')}${more}`;
}

function conflictError(conflicts: readonly ManeuverConflict[], code: string): ApiError {
  const ids = [...new Set(conflicts.flatMap((c) => [c.maneuverId, ...c.conflictingManeuverIds]))];
  return conflict('MANEUVER_CONFLICT', `Maneuver conflict: ${describeConflicts(conflicts)}`, {
    code,
    details: { conflicts, conflictingManeuverIds: ids },
  });
}

/** The stored form of a batch: one sequence bump for the whole batch, consecutive MAN-<n> in batch order. */
async function storedRecordsOf(db: SqlExecutor, organizationId: string, batch: readonly PendingRecord[]): Promise<StoredManeuver[]> {
  if (batch.length === 0) return [];
  const now = nowIso();
  let number = await reserveDisplayNumbers(db, organizationId, 'MAN', batch.length);
  return batch.map((record) => ({
    organizationId,
    spacecraftId: record.spacecraftId,
    maneuverId: record.maneuverId,
    displayId: `MAN-${number++}`,
    ...record.content,
    createdAt: now,
    updatedAt: now,
  }));
}

async function insertBatch(tx: SqlExecutor, organizationId: string, batch: readonly PendingRecord[]): Promise<void> {
  await insertManeuvers(tx, await storedRecordsOf(tx, organizationId, batch));
}

/** Records per staged chunk of an import: one short transaction, then the event loop runs. */
const IMPORT_CHUNK_RECORDS = 200;
/** Clock difference tolerated between instances sharing the database, for the re-check of records changed meanwhile. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * Writes an import's records as a staged batch (storage/stagedWrites.ts): chunks of IMPORT_CHUNK_RECORDS invisible to
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
// CRUD
// ---------------------------------------------------------------------------------------------------------------

export interface CreatedManeuvers {
  /** The contract's CreateManeuverResponse, with the planning warnings of the created records. */
  response: { createdCount: number; message: string; warnings: PlanningFinding[] };
  /** What was created, in request order (for Location). */
  created: Array<{ spacecraftId: string; maneuverId: string; start: string; end: string }>;
}

/** Atomic batch create (rule 2): any invalid record or conflict → nothing is created. */
export async function createManeuvers(db: Db, organizationId: string, maneuvers: readonly CreateManeuverJson[]): Promise<CreatedManeuvers> {
  const batch: PendingRecord[] = maneuvers.map((m) => ({ spacecraftId: m.spacecraftId, maneuverId: m.name, content: contentFromJson(m, null) }));
  return await inTransaction(db, async (tx) => {
    const spacecraft = await requireSpacecraftList(tx, organizationId, [...new Set(batch.map((b) => b.spacecraftId))]);
    for (const craft of spacecraft.values()) requireActive(craft);
    const problems = findBatchProblems(batch);
    if (problems.length > 0) throw batchProblemsError(batch, problems);
    const conflicts = await findBatchConflicts(tx, organizationId, batch);
    if (conflicts.length > 0) throw conflictError(conflicts, 'maneuver.create.conflict');
    const findings = await planningFindings(tx, organizationId, spacecraft, batch);
    refuseHardLimits(findings);
    await insertBatch(tx, organizationId, batch);
    return {
      response: { createdCount: batch.length, message: `${batch.length} maneuver${batch.length === 1 ? '' : 's'} created`, warnings: softFindings(findings) },
      created: batch.map((b) => ({ spacecraftId: b.spacecraftId, maneuverId: b.maneuverId, start: b.content.start, end: b.content.end })),
    };
  });
}

async function conflictsOf(db: SqlExecutor, organizationId: string, records: readonly StoredManeuver[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const bySpacecraft = new Map<string, string[]>();
  for (const r of records) {
    const ids = bySpacecraft.get(r.spacecraftId);
    if (ids) ids.push(r.maneuverId);
    else bySpacecraft.set(r.spacecraftId, [r.maneuverId]);
  }
  for (const [spacecraftId, ids] of bySpacecraft) {
    const map = await overlappingIdsOf(db, organizationId, spacecraftId, ids);
    for (const [id, others] of map) out.set(`${spacecraftId}\u0000${id}`, others);
  }
  return out;
}

/** The record and its ETag (of the stored record: derived values such as conflicts do not change it). */
export async function getManeuver(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  maneuverId: string,
): Promise<{ maneuver: ManeuverDetail; etag: string }> {
  const spacecraft = await requireSpacecraft(db, organizationId, spacecraftId);
  const record = await findManeuver(db, organizationId, { spacecraftId, maneuverId });
  if (!record) throw maneuverNotFound(spacecraftId, maneuverId);
  const conflicts = await overlappingIdsOf(db, organizationId, spacecraftId, [maneuverId]);
  // On a read every finding is a warning: capabilities may have changed since the record was stored.
  const findings = await planningFindings(db, organizationId, new Map([[spacecraftId, spacecraft]]), [{ spacecraftId, maneuverId, content: record }], maneuverId);
  return { maneuver: detailView(record, spacecraft, conflicts.get(maneuverId) ?? [], findings), etag: entityTag(record) };
}

/** PUT (rule 3): replaces name, purpose, attitudeMode and composition; the new interval must not overlap (rule 4). */
export async function replaceManeuver(
  db: Db,
  organizationId: string,
  spacecraftId: string,
  maneuverId: string,
  input: ManeuverFieldsJson,
  ifMatch: IfMatch = null,
): Promise<{ maneuver: ManeuverDetail; etag: string }> {
  await inTransaction(db, async (tx) => {
    const spacecraft = await requireSpacecraft(tx, organizationId, spacecraftId);
    const current = await findManeuver(tx, organizationId, { spacecraftId, maneuverId });
    if (!current) throw maneuverNotFound(spacecraftId, maneuverId);
    assertIfMatch(ifMatch, entityTag(current));
    requireActive(spacecraft);
    const content = contentFromJson(input, current.wetMassKg);
    const overlaps = await findOverlapping(tx, organizationId, spacecraftId, content.startKey, content.endKey, maneuverId);
    if (overlaps.length > 0) {
      throw conflictError(
        [{ spacecraftId, maneuverId, reason: 'OVERLAP', conflictingManeuverIds: overlaps.map((o) => o.maneuverId) }],
        'maneuver.update.overlap',
      );
    }
    refuseHardLimits(await planningFindings(tx, organizationId, new Map([[spacecraftId, spacecraft]]), [{ spacecraftId, maneuverId, content }], maneuverId));
    await updateManeuverContent(tx, organizationId, { spacecraftId, maneuverId }, content, nowIso());
  });
  return await getManeuver(db, organizationId, spacecraftId, maneuverId);
}

export async function removeManeuver(db: Db, organizationId: string, spacecraftId: string, maneuverId: string, ifMatch: IfMatch = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    await requireSpacecraft(tx, organizationId, spacecraftId);
    const current = await findManeuver(tx, organizationId, { spacecraftId, maneuverId });
    if (!current) throw maneuverNotFound(spacecraftId, maneuverId);
    assertIfMatch(ifMatch, entityTag(current));
    if (!(await deleteManeuverRow(tx, organizationId, { spacecraftId, maneuverId }))) throw maneuverNotFound(spacecraftId, maneuverId);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Query parsing (repeated / comma-separated parameters, exact instants)
// ---------------------------------------------------------------------------------------------------------------

export type RawQuery = Record<string, string[]>;

/** Exactly one value of an instant parameter (ISO-8601 with a time and a zone), or a field error. */
function instantParameter(query: RawQuery, name: string, errors: Record<string, string>): Epoch | null {
  const values = query[name];
  if (values === undefined) {
    errors[name] = 'is required';
    return null;
  }
  if (values.length !== 1) {
    errors[name] = 'must be given once';
    return null;
  }
  const text = values[0]!;
  if (text === '') {
    errors[name] = 'must not be empty';
    return null;
  }
  if (!/T\d{2}:\d{2}/i.test(text) || !Epoch.hasExplicitZone(text)) {
    errors[name] = 'must be an exact ISO-8601 instant with time and zone (e.g. 2025-01-01T00:00:00Z)';
    return null;
  }
  try {
    const epoch = Epoch.parseInstant(text);
    const problem = supportedEpochProblem(epoch);
    if (problem) {
      errors[name] = problem;
      return null;
    }
    return epoch;
  } catch (error) {
    errors[name] = (error as Error).message;
    return null;
  }
}

/** spacecraftIds: repeated and/or comma-separated, nonempty, unique, within [1, max]. */
function spacecraftIdsParameter(query: RawQuery, errors: Record<string, string>, max: number): string[] {
  const values = query.spacecraftIds;
  if (values === undefined) {
    errors.spacecraftIds = 'is required';
    return [];
  }
  const ids = values.flatMap((v) => v.split(','));
  if (ids.some((id) => id.trim() === '')) {
    errors.spacecraftIds = 'must not contain empty values';
    return [];
  }
  if (ids.some((id) => id.length > MAX_ID_LENGTH)) {
    errors.spacecraftIds = `each id must be at most ${MAX_ID_LENGTH} characters`;
    return [];
  }
  if (new Set(ids).size !== ids.length) {
    errors.spacecraftIds = 'must not contain duplicates';
    return [];
  }
  if (ids.length > max) {
    errors.spacecraftIds = `must contain between 1 and ${max} ids`;
    return [];
  }
  return ids;
}

function windowFrom(query: RawQuery, errors: Record<string, string>): { startKey: string; endKey: string } | null {
  const start = instantParameter(query, 'startDate', errors);
  const end = instantParameter(query, 'endDate', errors);
  if (start && end && !end.isAfter(start)) errors.endDate = 'must be after startDate';
  return start && end && end.isAfter(start) ? { startKey: epochKey(start), endKey: epochKey(end) } : null;
}

export async function listManeuvers(db: SqlExecutor, organizationId: string, query: RawQuery): Promise<{ items: ManeuverListItem[]; totalCount: number }> {
  const errors: Record<string, string> = {};
  const spacecraftIds = spacecraftIdsParameter(query, errors, MAX_LIST_SPACECRAFT);
  const window = windowFrom(query, errors);
  if (Object.keys(errors).length > 0 || !window) throw validationError(errors);
  // The contract: a list answers 200 with empty items when nothing matches — unknown ids (or another
  // organization's) simply match nothing; only the detail route answers 404.
  const spacecraft = new Map((await findSpacecraftByIds(db, organizationId, spacecraftIds)).map((s) => [s.id, s] as const));
  if (spacecraft.size === 0) return { items: [], totalCount: 0 };
  const records = await listManeuversInWindow(db, organizationId, [...spacecraft.keys()], window.startKey, window.endKey);
  const conflicts = await conflictsOf(db, organizationId, records);
  const items = records.map((r) =>
    listItemView(r, spacecraft.get(r.spacecraftId)!, conflicts.get(`${r.spacecraftId}\u0000${r.maneuverId}`) ?? []),
  );
  return { items, totalCount: items.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Export (rule 6)
// ---------------------------------------------------------------------------------------------------------------

const EXPORT_PARAMETERS = new Set(['spacecraftIds', 'maneuverIds', 'startDate', 'endDate']);

export type ExportSelection =
  | { mode: 'ids'; spacecraftId: string; maneuverIds: string[] }
  | { mode: 'range'; spacecraftIds: string[]; startKey: string; endKey: string };

/** Validates the export selection; every problem is a 400 VALIDATION_ERROR naming the parameter. */
export function parseExportSelection(query: RawQuery): ExportSelection {
  const errors: Record<string, string> = {};
  for (const name of Object.keys(query)) {
    if (!EXPORT_PARAMETERS.has(name)) errors[name] = 'is not a parameter of the export (selection by ids or by range only)';
  }
  const byIds = query.maneuverIds !== undefined;
  if (byIds) {
    for (const name of ['startDate', 'endDate']) {
      if (query[name] !== undefined) errors[name] = 'cannot be combined with maneuverIds (select by ids or by range, not both)';
    }
    const spacecraftValues = query.spacecraftIds;
    let spacecraftId = '';
    if (spacecraftValues === undefined) errors.spacecraftIds = 'is required';
    else if (spacecraftValues.length !== 1 || spacecraftValues[0]!.includes(',')) {
      errors.spacecraftIds = 'must be exactly one spacecraft id when exporting by maneuverIds';
    } else if (spacecraftValues[0]!.trim() === '') errors.spacecraftIds = 'must not be empty';
    else spacecraftId = spacecraftValues[0]!;
    const maneuverIds = query.maneuverIds!;
    if (maneuverIds.length > MAX_EXPORT_MANEUVER_IDS) errors.maneuverIds = `must contain between 1 and ${MAX_EXPORT_MANEUVER_IDS} ids`;
    else if (maneuverIds.some((id) => id === '')) errors.maneuverIds = 'must not contain empty values';
    else if (maneuverIds.some((id) => id.length > MANEUVER_ID_MAX_LENGTH)) errors.maneuverIds = `each id must be at most ${MANEUVER_ID_MAX_LENGTH} characters`;
    else if (new Set(maneuverIds).size !== maneuverIds.length) errors.maneuverIds = 'must not contain duplicates';
    if (Object.keys(errors).length > 0) throw validationError(errors, `Invalid export selection: ${summary(errors)}`);
    return { mode: 'ids', spacecraftId, maneuverIds };
  }
  const spacecraftIds = spacecraftIdsParameter(query, errors, MAX_LIST_SPACECRAFT);
  const window = windowFrom(query, errors);
  if (Object.keys(errors).length > 0 || !window) throw validationError(errors, `Invalid export selection: ${summary(errors)}`);
  return { mode: 'range', spacecraftIds, ...window };
}

function summary(errors: Record<string, string>): string {
  return Object.entries(errors).map(([k, v]) => `${k} ${v}`).join('; ');
}

export type ExportResult =
  | { contentType: 'text/plain'; filename: string; text: string }
  | { contentType: 'application/zip'; filename: string; bytes: Uint8Array };

/** `<part>_<part>.ocm` from arbitrary ids: unsafe characters → `_`, plus a short hash when anything changed. */
export function exportFileName(parts: readonly string[]): string {
  const safe = parts.map((part) => {
    const cleaned = part.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
    return cleaned === part ? part : `${cleaned}-${sha256Hex(strToU8(part)).slice(0, 8)}`;
  });
  return `${safe.join('_')}.ocm`;
}

/** Writes the OCM files (and the ZIP when there are several) on the compute pool. */
async function renderExport(pool: ComputePool, files: OcmExportFile[], createdAt: Epoch, zipName: string): Promise<ExportResult> {
  const rendered = await pool.run('maneuvers.writeExport', { files, createdAt: createdAt.toJSON() });
  if (rendered.kind === 'text') return { contentType: 'text/plain', filename: files[0]!.name, text: rendered.text };
  return { contentType: 'application/zip', filename: zipName, bytes: rendered.bytes };
}

export async function exportManeuvers(db: SqlExecutor, pool: ComputePool, organizationId: string, query: RawQuery): Promise<ExportResult> {
  const selection = parseExportSelection(query);
  const createdAt = Epoch.parseInstant(nowIso());
  if (selection.mode === 'ids') {
    const spacecraft = await requireSpacecraft(db, organizationId, selection.spacecraftId);
    const records = await findManeuversByIds(db, organizationId, selection.spacecraftId, selection.maneuverIds);
    const byId = new Map(records.map((r) => [r.maneuverId, r]));
    const missing = selection.maneuverIds.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw notFound(`Maneuver(s) not found on spacecraft ${spacecraft.id}: ${missing.map((m) => JSON.stringify(m)).join(', ')}`, 'MANEUVER_NOT_FOUND', {
        code: 'maneuver.not-found',
        details: { spacecraftId: spacecraft.id, maneuverIds: missing },
      });
    }
    const files = selection.maneuverIds.map((id) => ({ name: exportFileName([spacecraft.id, id]), spacecraft, records: [byId.get(id)!] }));
    return await renderExport(pool, files, createdAt, `${exportFileName([spacecraft.id]).replace(/\.ocm$/, '')}_maneuvers.zip`);
  }
  const spacecraft = await requireSpacecraftList(db, organizationId, selection.spacecraftIds);
  const records = await listManeuversInWindow(db, organizationId, selection.spacecraftIds, selection.startKey, selection.endKey);
  const files = selection.spacecraftIds.map((id) => ({
    name: exportFileName([id]),
    spacecraft: spacecraft.get(id)!,
    records: records.filter((r) => r.spacecraftId === id),
  }));
  return await renderExport(pool, files, createdAt, 'maneuvers.zip');
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
