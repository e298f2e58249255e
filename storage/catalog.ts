/**
 * The catalog (migration 0013): each organization's general-perturbations element sets. Every statement is scoped by
 * organization, so another organization's object is indistinguishable from an absent one.
 *
 * Sets are kept (older ones too), stored once per identity (NORAD id + epoch + elements, `set_key`), and an object's
 * current set is its set with the newest epoch (the later stored on a tie). Uploads are written as staged batches
 * (storage/sql/stagedWrites.ts): their rows stay invisible until the batch is published, then appear at once.
 *
 * Snapshots (screenings read the catalog "as of" their creation, every chunk the same sets): `catalogSnapshot` takes
 * the organization's largest set id and then the batches of its sets not yet published. A snapshot holds every set
 * of id ≤ the mark that is not in one of those batches. That is every set published when it was taken, and no other:
 * ids only grow (AUTOINCREMENT), so a set written after the mark was read has a larger id; a set at or below it whose
 * batch was not listed was published by the time the list was read (batches are opened before their rows are
 * written, and published sets are never removed); and a listed batch stays out even if it publishes later. A dead
 * upload's batch (its writer killed) is one more listed batch: it hides its own rows and nothing else.
 *
 * Each set is stored as JSON of the engine's `GpElementSet` (`elements`): JSON.stringify writes the shortest text
 * that reads back as the same double (ECMA-262 Number::toString), and −0, which JSON cannot tell from 0, is kept
 * by a marker (engine/tle `gpElementsToJson`), so a stored set reads back identical, every number the same double.
 */
import type { CatalogSetRow } from '../domain/catalog/catalogRow.ts';
import { gpElementsFromJson, type GpElementSet } from '../engine/tle/gpElements.ts';
import type { InStatement } from '@libsql/client';
import { yieldToEventLoop, type SqlExecutor } from './sql/db.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import { stagedRowsFilter, type StagedTable } from './sql/stagedWrites.ts';
import { executeInOrder } from './sql/pipelinedStatements.ts';
import type { CatalogElementSetRecord, CatalogObjectRecord, CatalogSnapshot } from '../domain/catalog/model.ts';

export const CATALOG_SETS_TABLE: StagedTable = { name: 'catalog_element_sets', batchColumn: 'batch_id' };

const VISIBLE = stagedRowsFilter(CATALOG_SETS_TABLE);

const decodeElementSet = (text: string): GpElementSet => gpElementsFromJson<GpElementSet>(text);

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

/**
 * Rows per INSERT statement (15 arguments each). Each row feeds three indexes and the RETURNING: 250 rows in one
 * statement held the event loop 4–6 ms of CPU (bench:catalog-ingest, 13 ms with the chunk's other statements); 50
 * took 1–4 ms (and its 750-placeholder text 0.3–3 ms more to prepare: the client then prepared every statement anew,
 * before storage/sql/statementCache.ts); 20 keep the statement and its preparation near a millisecond. The loop yields
 * after each statement (storage/sql/db.ts yields only once a turn has run EVENT_LOOP_SLICE_MS, which with the next
 * statement can pass 5 ms).
 */
export const CATALOG_ROWS_PER_INSERT = 20;

/**
 * Writes a chunk of sets (rows prepared off the event loop, domain/catalog/catalogRow.ts) tagged with `batchId` (0:
 * visible at once). Sets already held are skipped (the unique identity index). Meant for one StagedBatch chunk: keep
 * all the sets of one NORAD id in the same chunk, so that "updated" compares with what is published (another chunk
 * of the same batch is not yet visible).
 */
export async function insertCatalogElementSets(
  tx: SqlExecutor,
  organizationId: string,
  write: { uploadId: string; batchId: number; fileName: string | null; storedAt: string },
  rows: readonly CatalogSetRow[],
): Promise<CatalogChunkOutcome> {
  if (rows.length === 0) return { stored: 0, alreadyKnown: 0, updatedObjects: 0, newObjects: 0 };
  let fromNoradId = Infinity;
  let toNoradId = -Infinity;
  for (const row of rows) {
    fromNoradId = Math.min(fromNoradId, row.noradId);
    toNoradId = Math.max(toNoradId, row.noradId);
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
  // in order, several out at once in a libSQL server's transaction (storage/sql/pipelinedStatements.ts)
  await executeInOrder(tx, (async function* () {
    for (let start = 0; start < rows.length; start += CATALOG_ROWS_PER_INSERT) {
      if (start > 0) await yieldToEventLoop();
      const part = rows.slice(start, start + CATALOG_ROWS_PER_INSERT);
      const args: Array<string | number | null> = [];
      for (const r of part) {
        args.push(
          organizationId, r.noradId, r.name, r.epochUtc, r.epochS, r.perigeeKm, r.apogeeKm, r.setKey, r.elements, r.format,
          write.uploadId, write.fileName, r.fileLine, write.storedAt, write.batchId,
        );
      }
      const values = part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
      yield {
        sql: `INSERT INTO catalog_element_sets (organization_id, norad_id, name, epoch_utc, epoch_s, perigee_km, apogee_km,
                set_key, elements, format, upload_id, file_name, file_line, stored_at, batch_id)
              VALUES ${values}
              ON CONFLICT (organization_id, norad_id, set_key) DO NOTHING
              RETURNING norad_id, epoch_s`,
        args,
      };
    }
  })(), (result) => {
    for (const row of result.rows) {
      stored++;
      const noradId = Number(row.norad_id);
      const epochS = Number(row.epoch_s);
      insertedNewestEpochS.set(noradId, Math.max(epochS, insertedNewestEpochS.get(noradId) ?? -Infinity));
    }
  });
  await yieldToEventLoop();
  let updatedObjects = 0;
  let newObjects = 0;
  for (const [noradId, epochS] of insertedNewestEpochS) {
    const before = previousNewestEpochS.get(noradId);
    if (before === undefined) newObjects++;
    // on an equal epoch the later stored set (the higher id) is the current one
    if (before === undefined || epochS >= before) updatedObjects++;
  }
  return { stored, alreadyKnown: rows.length - stored, updatedObjects, newObjects };
}

/**
 * Objects per refresh statement. The refresh reads every set of its objects through a window function and upserts
 * one row each: 1,000 objects in one statement held the event loop 5–11 ms of CPU (bench:catalog-ingest); 200 took
 * ~2 ms alone but 9–10 ms in the server right after an upload (its sets still in the WAL, read page by page); 50
 * took 2–7 ms there on the loaded 2-core host, 25 about half. The loop yields after each statement.
 */
export const REFRESH_OBJECTS_PER_STATEMENT = 25;

/**
 * Brings `catalog_objects` up to date for the objects with fromNoradId ≤ noradId ≤ toNoradId from their published
 * sets (the current set: newest epoch, the later stored on a tie; the number of sets). Idempotent: each upload runs
 * it over the NORAD ids it wrote after publishing, in bounded ranges, so the last refresh of any object follows the
 * last publication that touched it. The range is cut into sub-ranges of REFRESH_OBJECTS_PER_STATEMENT objects (one
 * short statement each; together they cover every NORAD id of the range, so the caller's transaction refreshes it
 * whole).
 */
export async function refreshCatalogObjects(tx: SqlExecutor, organizationId: string, fromNoradId: number, toNoradId: number): Promise<void> {
  for (let from = fromNoradId; from <= toNoradId; ) {
    // the NORAD ids of the next REFRESH_BOUNDARY_PAGE objects (any stored set counts: the ids only cut the range), and
    // the one past them: the sub-ranges' bounds for that many objects in one short statement
    const page = await tx.execute({
      sql: `SELECT DISTINCT norad_id FROM catalog_element_sets WHERE organization_id = ? AND norad_id BETWEEN ? AND ?
            ORDER BY norad_id LIMIT ?`,
      args: [organizationId, from, toNoradId, REFRESH_BOUNDARY_PAGE + 1],
    });
    const ids = page.rows.map((row) => Number(row.norad_id));
    const listed = Math.min(ids.length, REFRESH_BOUNDARY_PAGE);
    const end = ids.length > REFRESH_BOUNDARY_PAGE ? ids[REFRESH_BOUNDARY_PAGE]! - 1 : toNoradId;
    // contiguous sub-ranges covering [from, end], REFRESH_OBJECTS_PER_STATEMENT objects each: rows of their own, so in
    // order, several out at once in a libSQL server's transaction (storage/sql/pipelinedStatements.ts)
    const rangeStart = from;
    await executeInOrder(tx, (async function* () {
      for (let k = 0; k < Math.max(listed, 1); k += REFRESH_OBJECTS_PER_STATEMENT) {
        const subFrom = k === 0 ? rangeStart : ids[k]!;
        const subTo = k + REFRESH_OBJECTS_PER_STATEMENT < listed ? ids[k + REFRESH_OBJECTS_PER_STATEMENT]! - 1 : end;
        await yieldToEventLoop();
        yield refreshCatalogObjectRange(organizationId, subFrom, subTo);
      }
    })());
    await yieldToEventLoop();
    from = end + 1;
  }
}

/**
 * Objects whose NORAD ids one statement of `refreshCatalogObjects` lists to cut its range (a covering-index read):
 * one statement per sub-range for that (a second statement per refresh) made the finalizing of dropped statements a
 * larger part of the upload's event-loop time (README → Catalog).
 */
export const REFRESH_BOUNDARY_PAGE = 500;

/** The statement that refreshes the objects fromNoradId ≤ noradId ≤ toNoradId. */
function refreshCatalogObjectRange(organizationId: string, fromNoradId: number, toNoradId: number): InStatement {
  return {
    sql: `INSERT INTO catalog_objects (organization_id, norad_id, current_set_id, name, epoch_s, perigee_km, apogee_km, set_count)
          SELECT organization_id, norad_id, id, name, epoch_s, perigee_km, apogee_km, set_count FROM (
            SELECT organization_id, norad_id, id, name, epoch_s, perigee_km, apogee_km,
              ROW_NUMBER() OVER (PARTITION BY norad_id ORDER BY epoch_s DESC, id DESC) AS newest,
              COUNT(*) OVER (PARTITION BY norad_id) AS set_count
            FROM catalog_element_sets WHERE organization_id = ? AND norad_id BETWEEN ? AND ? AND ${VISIBLE})
          WHERE newest = 1
          ON CONFLICT (organization_id, norad_id) DO UPDATE SET current_set_id = excluded.current_set_id, name = excluded.name,
            epoch_s = excluded.epoch_s, perigee_km = excluded.perigee_km, apogee_km = excluded.apogee_km, set_count = excluded.set_count`,
    args: [organizationId, fromNoradId, toNoradId],
  };
}

/** A NORAD-id range of an organization whose `catalog_objects` rows are to be refreshed. */
export interface CatalogRefreshRange {
  readonly id: number;
  readonly organizationId: string;
  readonly fromNoradId: number;
  readonly toNoradId: number;
}

/** Records ranges to refresh (in the transaction that publishes their sets); returns them with their ids. */
export async function queueCatalogRefreshes(
  tx: SqlExecutor,
  organizationId: string,
  ranges: ReadonlyArray<{ fromNoradId: number; toNoradId: number }>,
  createdAt: string,
): Promise<CatalogRefreshRange[]> {
  const queued: CatalogRefreshRange[] = [];
  for (const range of ranges) {
    const result = await tx.execute({
      sql: 'INSERT INTO catalog_object_refreshes (organization_id, from_norad_id, to_norad_id, created_at) VALUES (?, ?, ?, ?) RETURNING id',
      args: [organizationId, range.fromNoradId, range.toNoradId, createdAt],
    });
    queued.push({ id: Number(result.rows[0]!.id), organizationId, ...range });
  }
  return queued;
}

/** Refreshes one queued range and removes it from the queue (call inside one transaction). */
export async function runCatalogRefresh(tx: SqlExecutor, range: CatalogRefreshRange): Promise<void> {
  await refreshCatalogObjects(tx, range.organizationId, range.fromNoradId, range.toNoradId);
  await tx.execute({ sql: 'DELETE FROM catalog_object_refreshes WHERE id = ?', args: [range.id] });
}

/**
 * Queued ranges (their uploads published them and have not refreshed them yet, or died before they could), oldest
 * first: of one organization, and/or recorded before `queuedBefore`.
 */
export async function pendingCatalogRefreshes(db: SqlExecutor, filter: { organizationId?: string; queuedBefore?: string } = {}): Promise<CatalogRefreshRange[]> {
  const result = await db.execute({
    sql: `SELECT id, organization_id, from_norad_id, to_norad_id FROM catalog_object_refreshes
          WHERE (? IS NULL OR organization_id = ?) AND (? IS NULL OR created_at < ?) ORDER BY id`,
    args: [filter.organizationId ?? null, filter.organizationId ?? null, filter.queuedBefore ?? null, filter.queuedBefore ?? null],
  });
  return result.rows.map((row) => ({
    id: Number(row.id),
    organizationId: String(row.organization_id),
    fromNoradId: Number(row.from_norad_id),
    toNoradId: Number(row.to_norad_id),
  }));
}

/** The organization's catalog as it is published now (module comment: why the mark is read before the batches). */
export async function catalogSnapshot(db: SqlExecutor, organizationId: string): Promise<CatalogSnapshot> {
  // Both by index, a few rows read: the newest set backwards along (organization_id, id) (migration 0017), then, per
  // batch not yet published (a handful), whether it holds a set of the organization (the staged-batch index).
  const mark = await db.execute({
    sql: `SELECT id FROM catalog_element_sets INDEXED BY catalog_element_sets_organization WHERE organization_id = ? ORDER BY id DESC LIMIT 1`,
    args: [organizationId],
  });
  const batches = await db.execute({
    sql: `SELECT s.id FROM staged_writes s WHERE EXISTS (
            SELECT 1 FROM catalog_element_sets c INDEXED BY catalog_element_sets_batch WHERE c.batch_id = s.id AND c.batch_id <> 0 AND c.organization_id = ?)
          ORDER BY s.id`,
    args: [organizationId],
  });
  return { asOfSetId: Number(mark.rows[0]?.id ?? 0), unpublishedBatchIds: batches.rows.map((row) => Number(row.id)) };
}

/** SQL condition (two arguments: `snapshotArgs`) keeping the sets of a snapshot. */
const IN_SNAPSHOT = `id <= ? AND batch_id NOT IN (SELECT value FROM json_each(?)) AND ${VISIBLE}`;
const snapshotArgs = (snapshot: CatalogSnapshot): [number, string] => [snapshot.asOfSetId, JSON.stringify(snapshot.unpublishedBatchIds)];

/** NORAD ids of the objects with at least one set in the snapshot, ascending. */
export async function catalogNoradIds(db: SqlExecutor, organizationId: string, snapshot: CatalogSnapshot): Promise<number[]> {
  // Read in pages with a turn of the event loop between them: 30,000 ids in one statement held it ~56 ms.
  const ids: number[] = [];
  for (let after = -1; ; ) {
    const result = await db.execute({
      sql: `SELECT DISTINCT norad_id FROM catalog_element_sets WHERE organization_id = ? AND norad_id > ? AND ${IN_SNAPSHOT} ORDER BY norad_id LIMIT ?`,
      args: [organizationId, after, ...snapshotArgs(snapshot), NORAD_ID_PAGE],
    });
    for (const row of result.rows) ids.push(Number(row.norad_id));
    if (result.rows.length < NORAD_ID_PAGE) return ids;
    after = ids[ids.length - 1]!;
    await yieldToEventLoop();
  }
}

/**
 * NORAD ids per statement of `catalogNoradIds`: each id costs a lookup of its set's row (the staged-rows filter reads
 * `batch_id`), 3,000 per statement held the event loop 10–25 ms (bench:screening).
 */
const NORAD_ID_PAGE = 500;

/** For each object with fromNoradId ≤ noradId ≤ toNoradId: its set with the newest epoch among those of the snapshot, ascending by NORAD id (callers read ≤ ~3,000 objects per call). */
export async function catalogElementSets(
  db: SqlExecutor,
  organizationId: string,
  range: { fromNoradId: number; toNoradId: number; snapshot: CatalogSnapshot },
): Promise<GpElementSet[]> {
  return (await catalogElementSetTexts(db, organizationId, range)).map(decodeElementSet);
}

/**
 * The same sets as `catalogElementSets`, as stored: each one's JSON (engine/tle gpElementsToJson), to be decoded
 * where they are used (a screening chunk's worker) rather than on the event loop.
 */
export async function catalogElementSetTexts(
  db: SqlExecutor,
  organizationId: string,
  range: { fromNoradId: number; toNoradId: number; snapshot: CatalogSnapshot },
): Promise<string[]> {
  const result = await db.execute({
    sql: `SELECT elements FROM (
            SELECT elements, norad_id, ROW_NUMBER() OVER (PARTITION BY norad_id ORDER BY epoch_s DESC, id DESC) AS newest
            FROM catalog_element_sets
            WHERE organization_id = ? AND norad_id BETWEEN ? AND ? AND ${IN_SNAPSHOT})
          WHERE newest = 1 ORDER BY norad_id`,
    args: [organizationId, range.fromNoradId, range.toNoradId, ...snapshotArgs(range.snapshot)],
  });
  return result.rows.map((row) => String(row.elements));
}

/**
 * The sets of `catalogElementSetTexts` for each NORAD-id range, as one JSON array per range in UTF-8 bytes (ranges
 * without a set left out), assembled by SQLite (`group_concat` of the NORAD-id-ordered rows, cast to a BLOB) and
 * handed to the worker that decodes and screens them. Bytes, not text: an ArrayBuffer can be transferred to a worker,
 * and a copied one crosses as a memcpy, where structured-cloning a JavaScript string of a whole catalog (17 MB at
 * 45,000 objects) held the event loop 12–27 ms. One range per statement, with a turn of the event loop between them (the embedded
 * driver holds the loop while a statement runs); `signal` stops the reading between ranges.
 */
export async function catalogElementSetsJson(
  db: SqlExecutor,
  organizationId: string,
  snapshot: CatalogSnapshot,
  ranges: ReadonlyArray<{ fromNoradId: number; toNoradId: number }>,
  signal?: AbortSignal,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (const range of ranges) {
    signal?.throwIfAborted();
    const result = await db.execute({
      // no ORDER BY inside group_concat (SQLite 3.44): sqld's parser refuses it; the aggregate takes the rows in the
      // order the ordered sub-query gives them (and nothing downstream depends on the order: a screening sorts)
      sql: `SELECT CAST('[' || group_concat(elements, ',') || ']' AS BLOB) AS json FROM (
              SELECT elements FROM (
                SELECT elements, norad_id, ROW_NUMBER() OVER (PARTITION BY norad_id ORDER BY epoch_s DESC, id DESC) AS newest
                FROM catalog_element_sets
                WHERE organization_id = ? AND norad_id BETWEEN ? AND ? AND ${IN_SNAPSHOT})
              WHERE newest = 1 ORDER BY norad_id)`,
      args: [organizationId, range.fromNoradId, range.toNoradId, ...snapshotArgs(snapshot)],
    });
    const json: unknown = result.rows[0]?.json;
    if (json instanceof ArrayBuffer) out.push(new Uint8Array(json));
    else if (json instanceof Uint8Array) out.push(json);
    else if (json !== null && json !== undefined) throw new Error(`catalog sets read back as ${typeof json}, not bytes`);
    await yieldToEventLoop();
  }
  return out;
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

/** Of `noradIds`, those the organization's catalog holds no object of, ascending (one statement, by primary key). */
export async function missingCatalogObjects(db: SqlExecutor, organizationId: string, noradIds: readonly number[]): Promise<number[]> {
  const result = await db.execute({
    sql: `SELECT DISTINCT j.value AS norad_id FROM json_each(?) j
          WHERE NOT EXISTS (SELECT 1 FROM catalog_objects o WHERE o.organization_id = ? AND o.norad_id = j.value) ORDER BY j.value`,
    args: [JSON.stringify(noradIds), organizationId],
  });
  return result.rows.map((row) => Number(row.norad_id));
}

/** Filters of the object list (every one on the current set). */
export interface CatalogObjectFilter {
  noradId?: number;
  /** Only these NORAD ids (a bulk query: one statement whatever their number, by the objects' primary key). */
  noradIds?: readonly number[];
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
  noradId: 'o.norad_id',
  name: 'o.name',
  epoch: 'o.epoch_s',
  perigeeKm: 'o.perigee_km',
  apogeeKm: 'o.apogee_km',
};

/** LIKE pattern of a literal substring (`\` escapes % and _). */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The objects of the organization's catalog (their current sets, `catalog_objects`) matching `filter`, paged. The
 * name filter is SQLite's LIKE: case-insensitive for ASCII (catalog names are ASCII: TLE name lines, OMM
 * OBJECT_NAME).
 *
 * The page's NORAD ids are found and ordered first, from the objects alone (each filter's index holds the NORAD id:
 * migration 0018), and only then are the page's rows and sets read — CROSS JOIN keeps SQLite to that order. Joining
 * before paging read and sorted every match with its set (18 ms for a band of 8,000 objects, one statement on the
 * event loop); this is 0.1–3 ms for a 30,000-object catalog (bench:catalog-ingest).
 */
export async function listCatalogObjects(
  db: SqlExecutor,
  organizationId: string,
  filter: CatalogObjectFilter,
  page: PageRequest,
): Promise<{ items: CatalogObjectRecord[]; total: number }> {
  const where: string[] = ['o.organization_id = ?'];
  const args: Array<string | number> = [organizationId];
  if (filter.noradId !== undefined) {
    where.push('o.norad_id = ?');
    args.push(filter.noradId);
  }
  if (filter.noradIds !== undefined) {
    // one argument whatever the count: the ids as a JSON array (a placeholder per id made the statement text vary)
    where.push('o.norad_id IN (SELECT value FROM json_each(?))');
    args.push(JSON.stringify(filter.noradIds));
  }
  if (filter.name !== undefined) {
    where.push(`o.name LIKE ? ESCAPE '\\'`);
    args.push(likeContains(filter.name));
  }
  const bounds: Array<[number | undefined, string]> = [
    [filter.minPerigeeKm, 'o.perigee_km >= ?'],
    [filter.maxPerigeeKm, 'o.perigee_km <= ?'],
    [filter.minApogeeKm, 'o.apogee_km >= ?'],
    [filter.maxApogeeKm, 'o.apogee_km <= ?'],
    [filter.minEpochS, 'o.epoch_s >= ?'],
  ];
  for (const [value, condition] of bounds) {
    if (value === undefined) continue;
    where.push(condition);
    args.push(value);
  }
  const whereSql = where.join(' AND ');
  const total = Number((await db.execute({ sql: `SELECT COUNT(*) AS n FROM catalog_objects o WHERE ${whereSql}`, args })).rows[0]!.n);
  const clause = pageClause(page, CATALOG_OBJECT_SORT_COLUMNS, 'o.norad_id ASC');
  // the page's rows are aliased `o` too, so that they are ordered again the same way
  const rows = (await db.execute({
    sql: `SELECT s.*, o.set_count
            FROM (SELECT o.norad_id FROM catalog_objects o WHERE ${whereSql}${clause.sql}) AS k
            CROSS JOIN catalog_objects o ON o.organization_id = ? AND o.norad_id = k.norad_id
            CROSS JOIN catalog_element_sets s ON s.id = o.current_set_id${clause.order}`,
    args: [...args, ...clause.args, organizationId],
  })).rows;
  return {
    items: rows.map((row) => ({ noradId: Number(row.norad_id), current: recordFromRow(row), setCount: Number(row.set_count) })),
    total,
  };
}
