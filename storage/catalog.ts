/**
 * The catalog (migration 0013): each organization's general-perturbations element sets. Every statement is scoped by
 * organization, so another organization's object is indistinguishable from an absent one.
 *
 * Sets are kept (older ones too), stored once per identity (NORAD id + epoch + elements, `set_key`), and an object's
 * current set is its set with the newest epoch (the later stored on a tie). Uploads are written as staged batches
 * (storage/stagedWrites.ts): their rows stay invisible until the batch is published, then appear at once.
 *
 * "As of" reads (screenings, issue 25 item 2): `catalogHighWaterMark` gives an id such that every set of the
 * organization with an id at or below it is published and stays so; ids only grow (AUTOINCREMENT), so a set
 * published later (even one staged earlier, by a slower upload) never falls at or below a mark already handed out —
 * the mark stops below the first row of any batch still being written. Every chunk of a screening that reads with
 * the same mark therefore sees the same sets.
 *
 * Each set is stored as JSON of the engine's `GpElementSet` (`elements`): JSON.stringify writes the shortest text
 * that reads back as the same double (ECMA-262 Number::toString), and −0, which JSON cannot tell from 0, is kept
 * by a marker (engine/tle `gpElementsToJson`), so a stored set reads back identical, every number the same double.
 */
import { tleEpochToUnixMs } from '../engine/tle/epoch.ts';
import { gpElementsFromJson, gpElementsToJson, gpOrbitSize, type GpElementSet } from '../engine/tle/gpElements.ts';
import type { SqlExecutor } from './db.ts';
import { pageClause, type PageRequest } from './paging.ts';
import { stagedRowsFilter, type StagedTable } from './stagedWrites.ts';

export const CATALOG_SETS_TABLE: StagedTable = { name: 'catalog_element_sets', batchColumn: 'batch_id' };

const VISIBLE = stagedRowsFilter(CATALOG_SETS_TABLE);

/** A set to store, with where it was read. */
export interface NewCatalogElementSet {
  readonly elements: GpElementSet;
  readonly format: 'TLE' | 'OMM';
  readonly fileName: string | null;
  /** The file line the set starts at. */
  readonly fileLine: number | null;
}

/** A stored set with its row and what was derived from it. */
export interface CatalogElementSetRecord {
  readonly setId: number;
  readonly elements: GpElementSet;
  readonly epochS: number;
  readonly perigeeAltitudeKm: number;
  readonly apogeeAltitudeKm: number;
  readonly format: 'TLE' | 'OMM';
  readonly uploadId: string;
  readonly fileName: string | null;
  readonly fileLine: number | null;
  readonly storedAt: string;
}

/** An object of the catalog: its current set and how many sets are kept. */
export interface CatalogObjectRecord {
  readonly noradId: number;
  readonly current: CatalogElementSetRecord;
  readonly setCount: number;
}

/** JSON of a set that reads back as the same doubles (engine/tle `gpElementsToJson`). */
export function encodeElementSet(elements: GpElementSet): string {
  return gpElementsToJson(elements);
}

export function decodeElementSet(text: string): GpElementSet {
  return gpElementsFromJson<GpElementSet>(text);
}

/** The identity of a set: epoch and every element (a later upload of the same set is the same row). */
export function catalogSetKey(elements: GpElementSet): string {
  return JSON.stringify([
    elements.epoch.year, elements.epoch.dayOfYear, elements.meanMotionRevPerDay, elements.eccentricity,
    elements.inclinationDeg, elements.raanDeg, elements.argPerigeeDeg, elements.meanAnomalyDeg,
    elements.bstarPerEarthRadius, elements.ndotOver2RevPerDay2, elements.nddotOver6RevPerDay3,
  ]);
}

function recordFromRow(row: Record<string, unknown>): CatalogElementSetRecord {
  return {
    setId: Number(row.id),
    elements: decodeElementSet(String(row.elements)),
    epochS: Number(row.epoch_s),
    perigeeAltitudeKm: Number(row.perigee_km),
    apogeeAltitudeKm: Number(row.apogee_km),
    format: String(row.format) as 'TLE' | 'OMM',
    uploadId: String(row.upload_id),
    fileName: row.file_name == null ? null : String(row.file_name),
    fileLine: row.file_line == null ? null : Number(row.file_line),
    storedAt: String(row.stored_at),
  };
}

/** What writing one chunk of sets did. */
export interface CatalogChunkOutcome {
  /** Sets written (new identities). */
  readonly stored: number;
  /** Sets already held (or repeated in the chunk): not written again. */
  readonly alreadyKnown: number;
  /** Objects whose current set becomes one of this chunk's sets once published (new objects included). */
  readonly updatedObjects: number;
  /** Of those, objects the catalog did not hold. */
  readonly newObjects: number;
}

/** Rows per INSERT statement (15 arguments each: well under SQLite's 32,766 bound). */
const ROWS_PER_INSERT = 200;

/**
 * Writes a chunk of sets tagged with `batchId` (0: visible at once). Sets already held are skipped (the unique
 * identity index). Meant for one StagedBatch chunk: keep all the sets of one NORAD id in the same chunk, so that
 * "updated" compares with what is published (another chunk of the same batch is not yet visible).
 */
export async function insertCatalogElementSets(
  tx: SqlExecutor,
  organizationId: string,
  uploadId: string,
  batchId: number,
  sets: readonly NewCatalogElementSet[],
  storedAt: string,
): Promise<CatalogChunkOutcome> {
  if (sets.length === 0) return { stored: 0, alreadyKnown: 0, updatedObjects: 0, newObjects: 0 };
  let fromNoradId = Infinity;
  let toNoradId = -Infinity;
  for (const s of sets) {
    fromNoradId = Math.min(fromNoradId, s.elements.noradId);
    toNoradId = Math.max(toNoradId, s.elements.noradId);
  }
  const previousNewestEpochS = new Map<number, number>();
  const previous = await tx.execute({
    sql: `SELECT norad_id, MAX(epoch_s) AS newest FROM catalog_element_sets
          WHERE organization_id = ? AND norad_id BETWEEN ? AND ? AND ${VISIBLE} GROUP BY norad_id`,
    args: [organizationId, fromNoradId, toNoradId],
  });
  for (const row of previous.rows) previousNewestEpochS.set(Number(row.norad_id), Number(row.newest));

  const insertedNewestEpochS = new Map<number, number>();
  let stored = 0;
  for (let start = 0; start < sets.length; start += ROWS_PER_INSERT) {
    const part = sets.slice(start, start + ROWS_PER_INSERT);
    const args: Array<string | number | null> = [];
    for (const s of part) {
      const e = s.elements;
      const size = gpOrbitSize(e);
      args.push(
        organizationId, e.noradId, e.name, e.epochUtc, tleEpochToUnixMs(e.epoch) / 1000, size.perigeeAltitudeKm,
        size.apogeeAltitudeKm, catalogSetKey(e), encodeElementSet(e), s.format, uploadId, s.fileName, s.fileLine,
        storedAt, batchId,
      );
    }
    const values = part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    const result = await tx.execute({
      sql: `INSERT INTO catalog_element_sets (organization_id, norad_id, name, epoch_utc, epoch_s, perigee_km, apogee_km,
              set_key, elements, format, upload_id, file_name, file_line, stored_at, batch_id)
            VALUES ${values}
            ON CONFLICT (organization_id, norad_id, set_key) DO NOTHING
            RETURNING norad_id, epoch_s`,
      args,
    });
    for (const row of result.rows) {
      stored++;
      const noradId = Number(row.norad_id);
      const epochS = Number(row.epoch_s);
      insertedNewestEpochS.set(noradId, Math.max(epochS, insertedNewestEpochS.get(noradId) ?? -Infinity));
    }
  }
  let updatedObjects = 0;
  let newObjects = 0;
  for (const [noradId, epochS] of insertedNewestEpochS) {
    const before = previousNewestEpochS.get(noradId);
    if (before === undefined) newObjects++;
    // on an equal epoch the later stored set (the higher id) is the current one
    if (before === undefined || epochS >= before) updatedObjects++;
  }
  return { stored, alreadyKnown: sets.length - stored, updatedObjects, newObjects };
}

/** The largest element-set row id of the organization's catalog (0 when empty): a screening reads the catalog "as of" it, so every chunk sees the same sets. */
export async function catalogHighWaterMark(db: SqlExecutor, organizationId: string): Promise<number> {
  const result = await db.execute({
    sql: `SELECT
            (SELECT COALESCE(MAX(id), 0) FROM catalog_element_sets WHERE organization_id = ? AND ${VISIBLE}) AS published,
            (SELECT MIN(id) FROM catalog_element_sets WHERE organization_id = ? AND batch_id IN (SELECT id FROM staged_writes)) AS first_unpublished`,
    args: [organizationId, organizationId],
  });
  const row = result.rows[0]!;
  const published = Number(row.published);
  // a batch still being written will publish rows from its first id on: the mark stays below them (module comment)
  return row.first_unpublished == null ? published : Math.min(published, Number(row.first_unpublished) - 1);
}

/** NORAD ids of the objects with at least one set of id ≤ asOfSetId, ascending. */
export async function catalogNoradIds(db: SqlExecutor, organizationId: string, asOfSetId: number): Promise<number[]> {
  const result = await db.execute({
    sql: `SELECT DISTINCT norad_id FROM catalog_element_sets WHERE organization_id = ? AND id <= ? AND ${VISIBLE} ORDER BY norad_id`,
    args: [organizationId, asOfSetId],
  });
  return result.rows.map((row) => Number(row.norad_id));
}

/** For each object with fromNoradId ≤ noradId ≤ toNoradId: its set with the newest epoch among those of id ≤ asOfSetId, ascending by NORAD id (callers read ≤ ~3,000 objects per call). */
export async function catalogElementSets(
  db: SqlExecutor,
  organizationId: string,
  range: { fromNoradId: number; toNoradId: number; asOfSetId: number },
): Promise<GpElementSet[]> {
  const result = await db.execute({
    sql: `SELECT elements FROM (
            SELECT elements, norad_id, ROW_NUMBER() OVER (PARTITION BY norad_id ORDER BY epoch_s DESC, id DESC) AS newest
            FROM catalog_element_sets
            WHERE organization_id = ? AND norad_id BETWEEN ? AND ? AND id <= ? AND ${VISIBLE})
          WHERE newest = 1 ORDER BY norad_id`,
    args: [organizationId, range.fromNoradId, range.toNoradId, range.asOfSetId],
  });
  return result.rows.map((row) => decodeElementSet(String(row.elements)));
}

async function newestSetRow(db: SqlExecutor, organizationId: string, noradId: number): Promise<Record<string, unknown> | undefined> {
  return (await db.execute({
    sql: `SELECT * FROM catalog_element_sets WHERE organization_id = ? AND norad_id = ? AND ${VISIBLE}
          ORDER BY epoch_s DESC, id DESC LIMIT 1`,
    args: [organizationId, noradId],
  })).rows[0];
}

/** The current set (newest epoch) of one object, or null. */
export async function latestCatalogElementSet(db: SqlExecutor, organizationId: string, noradId: number): Promise<GpElementSet | null> {
  const row = await newestSetRow(db, organizationId, noradId);
  return row ? decodeElementSet(String(row.elements)) : null;
}

/** One object: its current set and every set kept, newest epoch first; null when the organization holds none. */
export async function findCatalogObject(
  db: SqlExecutor,
  organizationId: string,
  noradId: number,
): Promise<{ current: CatalogElementSetRecord; history: CatalogElementSetRecord[] } | null> {
  const rows = (await db.execute({
    sql: `SELECT * FROM catalog_element_sets WHERE organization_id = ? AND norad_id = ? AND ${VISIBLE}
          ORDER BY epoch_s DESC, id DESC`,
    args: [organizationId, noradId],
  })).rows;
  if (rows.length === 0) return null;
  const history = rows.map(recordFromRow);
  return { current: history[0]!, history };
}

/** Filters of the object list (every one on the current set). */
export interface CatalogObjectFilter {
  noradId?: number;
  /** Case-insensitive substring of the name. */
  name?: string;
  minPerigeeKm?: number;
  maxPerigeeKm?: number;
  minApogeeKm?: number;
  maxApogeeKm?: number;
  /** Only current sets with an epoch at or after this instant (seconds since 1970 UTC). */
  minEpochS?: number;
}

export const CATALOG_OBJECT_SORT_COLUMNS: Record<string, string> = {
  noradId: 'norad_id',
  name: 'name',
  epoch: 'epoch_s',
  perigeeKm: 'perigee_km',
  apogeeKm: 'apogee_km',
};

/** LIKE pattern of a literal substring (`\` escapes % and _). */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The objects of the organization's catalog (their current sets) matching `filter`, paged. The current set of each
 * object is found through the (organization, NORAD id, epoch) index. The name filter is SQLite's LIKE: case-insensitive
 * for ASCII (catalog names are ASCII: TLE name lines, OMM OBJECT_NAME).
 */
export async function listCatalogObjects(
  db: SqlExecutor,
  organizationId: string,
  filter: CatalogObjectFilter,
  page: PageRequest,
): Promise<{ items: CatalogObjectRecord[]; total: number }> {
  const where: string[] = ['newest = 1'];
  const args: Array<string | number> = [];
  const inner: string[] = ['organization_id = ?', VISIBLE];
  const innerArgs: Array<string | number> = [organizationId];
  if (filter.noradId !== undefined) {
    inner.push('norad_id = ?');
    innerArgs.push(filter.noradId);
  }
  if (filter.name !== undefined) {
    where.push(`name LIKE ? ESCAPE '\\'`);
    args.push(likeContains(filter.name));
  }
  const bounds: Array<[number | undefined, string]> = [
    [filter.minPerigeeKm, 'perigee_km >= ?'],
    [filter.maxPerigeeKm, 'perigee_km <= ?'],
    [filter.minApogeeKm, 'apogee_km >= ?'],
    [filter.maxApogeeKm, 'apogee_km <= ?'],
    [filter.minEpochS, 'epoch_s >= ?'],
  ];
  for (const [value, condition] of bounds) {
    if (value === undefined) continue;
    where.push(condition);
    args.push(value);
  }
  const current = `SELECT *,
      ROW_NUMBER() OVER (PARTITION BY norad_id ORDER BY epoch_s DESC, id DESC) AS newest,
      COUNT(*) OVER (PARTITION BY norad_id) AS set_count
    FROM catalog_element_sets WHERE ${inner.join(' AND ')}`;
  const whereSql = where.join(' AND ');
  const total = Number((await db.execute({
    sql: `SELECT COUNT(*) AS n FROM (${current}) WHERE ${whereSql}`,
    args: [...innerArgs, ...args],
  })).rows[0]!.n);
  const clause = pageClause(page, CATALOG_OBJECT_SORT_COLUMNS, 'norad_id ASC');
  const rows = (await db.execute({
    sql: `SELECT * FROM (${current}) WHERE ${whereSql}${clause.sql}`,
    args: [...innerArgs, ...args, ...clause.args],
  })).rows;
  return {
    items: rows.map((row) => ({ noradId: Number(row.norad_id), current: recordFromRow(row), setCount: Number(row.set_count) })),
    total,
  };
}
