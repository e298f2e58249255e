/**
 * Stored-maneuver repository. Every statement is scoped by organization (and by spacecraft where a
 * record is addressed); a record of another organization is indistinguishable from an absent one.
 *
 * Intervals are compared with the fixed-width keys `start_key` / `end_key` (half-open: two records
 * overlap when `a.start < b.end AND b.start < a.end`, so touching intervals do not overlap).
 */
import { STATEMENT_VALUE_BYTES } from './sql/valueParts.ts';
import type { SqlExecutor } from './sql/db.ts';
import { stagedRowsFilter, type StagedTable } from './sql/stagedWrites.ts';
import type { AttitudeMode, ManeuverContent, ManeuverRecord, StoredBurnSegment, StoredManeuver, ManeuverRef } from '../domain/maneuvers/model.ts';

/**
 * Large imports are written as staged batches (storage/sql/stagedWrites.ts): every statement below sees only published
 * records (`PUBLISHED`). Any new query of this table must exclude staged batches too.
 */
export const MANEUVERS_TABLE: StagedTable = { name: 'maneuvers', batchColumn: 'batch_id' };
const PUBLISHED = stagedRowsFilter(MANEUVERS_TABLE);
const published = (alias: string) => stagedRowsFilter(MANEUVERS_TABLE, alias);

function fromRow(row: Record<string, unknown>): StoredManeuver {
  return {
    organizationId: String(row.organization_id),
    spacecraftId: String(row.spacecraft_id),
    maneuverId: String(row.maneuver_id),
    displayId: String(row.display_id),
    name: String(row.name),
    purpose: row.purpose === null || row.purpose === undefined ? null : String(row.purpose),
    attitudeMode: String(row.attitude_mode) as AttitudeMode,
    composition: JSON.parse(String(row.composition)) as StoredBurnSegment[],
    wetMassKg: row.wet_mass_kg === null || row.wet_mass_kg === undefined ? null : Number(row.wet_mass_kg),
    start: String(row.start_epoch),
    end: String(row.end_epoch),
    startKey: String(row.start_key),
    endKey: String(row.end_key),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

const SELECT = `SELECT * FROM maneuvers`;
/** SQLite's default limit of host parameters is large, but keep IN lists modest. */
const IN_CHUNK = 400;

function chunks<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Records per INSERT (16 values each): a statement of about a millisecond. */
const RECORDS_PER_INSERT = 100;

/**
 * Inserts records, into staged batch `batchId` (hidden until it is published) or visible at once (0). A statement
 * takes up to RECORDS_PER_INSERT records and at most STATEMENT_VALUE_BYTES of compositions (a record may hold 1,000
 * segments, ~200 KB: a hundred of them would pass a libSQL server's 16 MiB message; storage/sql/valueParts.ts).
 */
export async function insertManeuvers(db: SqlExecutor, records: readonly StoredManeuver[], batchId = 0): Promise<void> {
  const compositions = records.map((record) => JSON.stringify(record.composition));
  let start = 0;
  while (start < records.length) {
    let end = start + 1;
    let bytes = compositions[start]!.length;
    while (end < records.length && end - start < RECORDS_PER_INSERT && bytes + compositions[end]!.length <= STATEMENT_VALUE_BYTES) bytes += compositions[end++]!.length;
    await db.execute({
      sql: `INSERT INTO maneuvers (organization_id, spacecraft_id, maneuver_id, display_id, name, purpose, attitude_mode,
              composition, wet_mass_kg, start_epoch, end_epoch, start_key, end_key, created_at, updated_at, batch_id)
            VALUES ${records.slice(start, end).map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      args: records.slice(start, end).flatMap((record, k) => [
        record.organizationId, record.spacecraftId, record.maneuverId, record.displayId, record.name, record.purpose,
        record.attitudeMode, compositions[start + k]!, record.wetMassKg, record.start, record.end,
        record.startKey, record.endKey, record.createdAt, record.updatedAt, batchId,
      ]),
    });
    start = end;
  }
}

/** Rewrites the editable fields (and the interval derived from them); false when the record is absent. */
export async function updateManeuverContent(
  db: SqlExecutor,
  organizationId: string,
  ref: ManeuverRef,
  content: Omit<ManeuverContent, 'wetMassKg'>,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE maneuvers SET name = ?, purpose = ?, attitude_mode = ?, composition = ?, start_epoch = ?, end_epoch = ?,
            start_key = ?, end_key = ?, updated_at = ?
          WHERE organization_id = ? AND spacecraft_id = ? AND maneuver_id = ? AND ${PUBLISHED}`,
    args: [
      content.name, content.purpose, content.attitudeMode, JSON.stringify(content.composition), content.start,
      content.end, content.startKey, content.endKey, updatedAt, organizationId, ref.spacecraftId, ref.maneuverId,
    ],
  });
  return result.rowsAffected > 0;
}

export async function deleteManeuver(db: SqlExecutor, organizationId: string, ref: ManeuverRef): Promise<boolean> {
  const result = await db.execute({
    sql: `DELETE FROM maneuvers WHERE organization_id = ? AND spacecraft_id = ? AND maneuver_id = ? AND ${PUBLISHED}`,
    args: [organizationId, ref.spacecraftId, ref.maneuverId],
  });
  return result.rowsAffected > 0;
}

export async function findManeuver(db: SqlExecutor, organizationId: string, ref: ManeuverRef): Promise<StoredManeuver | null> {
  const result = await db.execute({
    sql: `${SELECT} WHERE organization_id = ? AND spacecraft_id = ? AND maneuver_id = ? AND ${PUBLISHED}`,
    args: [organizationId, ref.spacecraftId, ref.maneuverId],
  });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** The records of one spacecraft with these ids (any order; absent ids are simply missing). */
export async function findManeuversByIds(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  maneuverIds: readonly string[],
): Promise<StoredManeuver[]> {
  const out: StoredManeuver[] = [];
  for (const part of chunks(maneuverIds)) {
    out.push(...await selectManeuvers(db, `organization_id = ? AND spacecraft_id = ? AND maneuver_id IN (${part.map(() => '?').join(', ')}) AND ${PUBLISHED}`, [organizationId, spacecraftId, ...part], ''));
  }
  return out;
}

/**
 * The records `where` selects, in `order`: their rowids and composition sizes first, then the records in statements of
 * at most STATEMENT_VALUE_BYTES of compositions (a page of long compositions in one answer would pass a libSQL
 * server's 16 MiB message: "Response is too large"). A record deleted between the two is not returned.
 */
async function selectManeuvers(db: SqlExecutor, where: string, args: Array<string | number>, order: string): Promise<StoredManeuver[]> {
  const listed = (await db.execute({ sql: `SELECT rowid AS row_id, length(composition) AS bytes FROM maneuvers WHERE ${where} ${order}`, args })).rows;
  const out: StoredManeuver[] = [];
  let start = 0;
  while (start < listed.length) {
    let end = start + 1;
    let bytes = Number(listed[start]!.bytes);
    while (end < listed.length && end - start < IN_CHUNK && bytes + Number(listed[end]!.bytes) <= STATEMENT_VALUE_BYTES) bytes += Number(listed[end++]!.bytes);
    const ids = listed.slice(start, end).map((row) => Number(row.row_id));
    const read = await db.execute({ sql: `SELECT rowid AS row_id, * FROM maneuvers WHERE rowid IN (${ids.map(() => '?').join(', ')})`, args: ids });
    const byId = new Map(read.rows.map((row) => [Number(row.row_id), row] as const));
    for (const id of ids) {
      const row = byId.get(id);
      if (row !== undefined) out.push(fromRow(row));
    }
    start = end;
  }
  return out;
}

/**
 * Ids among `maneuverIds` that already exist on the spacecraft, staged records included: an import being written
 * holds its identities (the primary key would refuse a second record with the same id anyway).
 */
export async function existingManeuverIds(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  maneuverIds: readonly string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunks(maneuverIds)) {
    const result = await db.execute({
      sql: `SELECT maneuver_id FROM maneuvers
            WHERE organization_id = ? AND spacecraft_id = ? AND maneuver_id IN (${part.map(() => '?').join(', ')})`,
      args: [organizationId, spacecraftId, ...part],
    });
    out.push(...result.rows.map((row) => String(row.maneuver_id)));
  }
  return out;
}

/**
 * Records of the spacecraft whose interval intersects [startKey, endKey) (touching excluded),
 * ordered by start; `excludeManeuverId` leaves one record out (the one being updated); `changedSince` keeps only
 * records created or updated at or after `at`, or published from a staged batch numbered `firstBatchId` or above
 * (the re-check of a staged import before it is published).
 */
export async function findOverlapping(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  startKey: string,
  endKey: string,
  excludeManeuverId?: string,
  changedSince?: { at: string; firstBatchId: number },
): Promise<Array<{ maneuverId: string; startKey: string; endKey: string }>> {
  const result = await db.execute({
    sql: `SELECT maneuver_id, start_key, end_key FROM maneuvers
          WHERE organization_id = ? AND spacecraft_id = ? AND start_key < ? AND end_key > ? AND ${PUBLISHED}
            ${excludeManeuverId === undefined ? '' : 'AND maneuver_id <> ?'}
            ${changedSince === undefined ? '' : 'AND (updated_at >= ? OR batch_id >= ?)'}
          ORDER BY start_key, maneuver_id`,
    args: [
      organizationId, spacecraftId, endKey, startKey,
      ...(excludeManeuverId === undefined ? [] : [excludeManeuverId]),
      ...(changedSince === undefined ? [] : [changedSince.at, changedSince.firstBatchId]),
    ],
  });
  return result.rows.map((row) => ({
    maneuverId: String(row.maneuver_id),
    startKey: String(row.start_key),
    endKey: String(row.end_key),
  }));
}

/** Records of these spacecraft intersecting the window [startKey, endKey), ordered by start, spacecraft, id. */
export async function listManeuversInWindow(
  db: SqlExecutor,
  organizationId: string,
  spacecraftIds: readonly string[],
  startKey: string,
  endKey: string,
): Promise<StoredManeuver[]> {
  if (spacecraftIds.length === 0) return [];
  return await selectManeuvers(
    db,
    `organization_id = ? AND spacecraft_id IN (${spacecraftIds.map(() => '?').join(', ')}) AND start_key < ? AND end_key > ? AND ${PUBLISHED}`,
    [organizationId, ...spacecraftIds, endKey, startKey],
    'ORDER BY start_key, spacecraft_id, maneuver_id',
  );
}

/**
 * For each given record of one spacecraft, the ids of every other stored record of that spacecraft whose
 * interval overlaps it, wherever it lies in time (ordered by start). Records without overlaps are absent.
 */
export async function overlappingIdsOf(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  maneuverIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const part of chunks(maneuverIds)) {
    const result = await db.execute({
      sql: `SELECT a.maneuver_id AS id, b.maneuver_id AS other
            FROM maneuvers a JOIN maneuvers b
              ON b.organization_id = a.organization_id AND b.spacecraft_id = a.spacecraft_id
             AND b.maneuver_id <> a.maneuver_id AND b.start_key < a.end_key AND b.end_key > a.start_key AND ${published('b')}
            WHERE a.organization_id = ? AND a.spacecraft_id = ? AND a.maneuver_id IN (${part.map(() => '?').join(', ')}) AND ${published('a')}
            ORDER BY a.maneuver_id, b.start_key, b.maneuver_id`,
      args: [organizationId, spacecraftId, ...part],
    });
    for (const row of result.rows) {
      const id = String(row.id);
      const list = out.get(id) ?? [];
      list.push(String(row.other));
      out.set(id, list);
    }
  }
  return out;
}
