/**
 * What a maneuver write is checked against, inside its write transaction: identity and overlap conflicts, and the
 * planning rules the spacecraft declares (domain/maneuvers/planning.ts) — hard limits refuse the write, soft ones are
 * its warnings — and the archived state. Also the stored form of a batch (display numbers).
 *
 * Overlap rule: a record's enclosing interval (earliest segment start → latest segment end) must not overlap
 * another record of the same spacecraft (touching allowed). Create, import and update check it inside the same
 * write transaction as the write. Pre-existing overlaps are never repaired; every read reports them in
 * `conflictingManeuverIds`.
 */
import { Epoch } from '../../../engine/time/epoch.ts';
import { nowIso, type SqlExecutor } from '../../../storage/sql/db.ts';
import { existingManeuverIds, findOverlapping, insertManeuvers, listManeuversInWindow } from '../../../storage/maneuvers.ts';
import { type StoredManeuver, epochKey, keysOverlap, type ManeuverContent, type StoredBurnSegment } from '../../../domain/maneuvers/model.ts';
import { reserveDisplayNumbers } from '../../../storage/sequences.ts';
import type { Spacecraft } from '../../../domain/spacecraft/model.ts';
import { ApiError, conflict, unprocessable, validationError } from '../../http/errors.ts';
import { checkPlanningRules, isHardLimit, type PlannedManeuver, type PlanningFinding } from '../../../domain/maneuvers/planning.ts';

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
export function requireActive(spacecraft: Spacecraft): void {
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
    const thrusters = capabilities.thrusters;
    const rules = {
      allowedWindows: capabilities.allowedWindows.map(window),
      blackoutWindows: capabilities.blackoutWindows.map(window),
      minimumSeparationS: capabilities.minimumManeuverSeparationSeconds,
      thrusters,
    };
    const reach = Math.max(rules.minimumSeparationS ?? 0, ...thrusters.map((t) => t.dutyCycleWindowSeconds ?? 0));
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
export function refuseHardLimits(findings: readonly PlanningFinding[]): void {
  const hard = findings.filter((f) => isHardLimit(f.code));
  if (hard.length === 0) return;
  throw unprocessable('MANEUVER_CAPABILITY_VIOLATION', `Maneuver capability violated: ${hard.slice(0, 5).map((f) => `${JSON.stringify(f.maneuverId)} ${f.message}`).join('; ')}`, {
    code: 'maneuver.capability.violated',
    details: { violations: hard },
  });
}

/** The soft findings, as the `warnings` of a response. */
export function softFindings(findings: readonly PlanningFinding[]): PlanningFinding[] {
  return findings.filter((f) => !isHardLimit(f.code));
}

/** 400 VALIDATION_ERROR for collisions inside a create request, naming both records by position and id. */
export function batchProblemsError(batch: readonly PendingRecord[], problems: readonly BatchProblem[]): ApiError {
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

export function describeConflicts(conflicts: readonly ManeuverConflict[]): string {
  const parts = conflicts.slice(0, 5).map((c) =>
    c.reason === 'DUPLICATE_IDENTITY'
      ? `${JSON.stringify(c.maneuverId)} already exists on spacecraft ${c.spacecraftId}`
      : `${JSON.stringify(c.maneuverId)} overlaps ${c.conflictingManeuverIds.map((id) => JSON.stringify(id)).join(', ')}`,
  );
  const more = conflicts.length > 5 ? ` (and ${conflicts.length - 5} more)` : '';
  return `${parts.join('; ')}${more}`;
}

export function conflictError(conflicts: readonly ManeuverConflict[], code: string): ApiError {
  const ids = [...new Set(conflicts.flatMap((c) => [c.maneuverId, ...c.conflictingManeuverIds]))];
  return conflict('MANEUVER_CONFLICT', `Maneuver conflict: ${describeConflicts(conflicts)}`, {
    code,
    details: { conflicts, conflictingManeuverIds: ids },
  });
}

/** The stored form of a batch: one sequence bump for the whole batch, consecutive MAN-<n> in batch order. */
export async function storedRecordsOf(db: SqlExecutor, organizationId: string, batch: readonly PendingRecord[]): Promise<StoredManeuver[]> {
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

export async function insertBatch(tx: SqlExecutor, organizationId: string, batch: readonly PendingRecord[]): Promise<void> {
  await insertManeuvers(tx, await storedRecordsOf(tx, organizationId, batch));
}

