/** Stored maneuvers: atomic batch create (rule 2), read, replace (rules 3-4), delete. */
import { type Db, inTransaction, nowIso, type SqlExecutor } from '../../../storage/sql/db.ts';
import { deleteManeuver as deleteManeuverRow, findManeuver, findOverlapping, overlappingIdsOf, updateManeuverContent } from '../../../storage/maneuvers.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../../http/preconditions.ts';
import type { PlanningFinding } from '../../../domain/maneuvers/planning.ts';
import { batchProblemsError, conflictError, findBatchConflicts, findBatchProblems, insertBatch, type PendingRecord, planningFindings, refuseHardLimits, requireActive, softFindings } from './checks.ts';
import { contentFromJson, type CreateManeuverJson, detailView, type ManeuverDetail, type ManeuverFieldsJson, maneuverNotFound, requireSpacecraft, requireSpacecraftList } from './records.ts';

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
  return await inTransaction(db, (tx) => createManeuversIn(tx, organizationId, maneuvers));
}

/** The batch create inside the caller's transaction (an accepted avoidance candidate stores its maneuver with its acceptance). */
export async function createManeuversIn(tx: SqlExecutor, organizationId: string, maneuvers: readonly CreateManeuverJson[]): Promise<CreatedManeuvers> {
  const batch: PendingRecord[] = maneuvers.map((m) => ({ spacecraftId: m.spacecraftId, maneuverId: m.name, content: contentFromJson(m, null) }));
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

