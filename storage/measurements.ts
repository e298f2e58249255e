/**
 * Tracking measurements. Values are stored in up to six REAL columns whose meaning is fixed by the
 * measurement type (engine/measurements/observables.ts MEASUREMENT_COMPONENTS); units and sigmas are JSON arrays
 * aligned with them.
 * `epoch` is fixed-width UTC text (YYYY-MM-DDThh:mm:ss.ssssssZ), so text order is time order and
 * the (organization, epoch) index serves both the range filter and the default sort.
 */
import { MEASUREMENT_COMPONENTS, type MeasurementType } from '../engine/measurements/observables.ts';
import type { StoredMeasurement } from '../engine/measurements/fromTracking.ts';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso } from './sql/db.ts';
import type { PageRequest } from './sql/paging.ts';
import { pageClause } from './sql/paging.ts';
import { stagedRowsFilter, type StagedTable } from './sql/stagedWrites.ts';
import { executeInOrder } from './sql/pipelinedStatements.ts';
import type { NewMeasurement, Measurement } from '../domain/measurements/model.ts';

/**
 * Measurements are written in staged batches (storage/sql/stagedWrites.ts): every read below excludes batches not yet
 * published (`PUBLISHED`), so a file's measurements appear all at once. Any new query of this table must too.
 */
export const MEASUREMENTS_TABLE: StagedTable = { name: 'measurements', batchColumn: 'batch_id' };
const PUBLISHED = stagedRowsFilter(MEASUREMENTS_TABLE);

export interface MeasurementQuery {
  startEpoch: string;
  endEpoch: string;
  spacecraftIds: string[] | null;
  types: MeasurementType[] | null;
  includeOutliers: boolean;
}

export const MEASUREMENT_SORT_COLUMNS: Record<string, string> = {
  epoch: 'epoch',
  type: 'type',
  createdAt: 'created_at',
  spacecraftId: 'spacecraft_id',
};

/** What the rows of one group share (a tracked object's measurements of one type, units, path and frame). */
export interface MeasurementGroupRow {
  spacecraftId: string;
  type: MeasurementType;
  units: string[];
  participants: string[];
  station: string | null;
  frame: string | null;
  /** Its row in measurement_contexts (TDM), or null (SP3, OEM). */
  contextId?: number | null;
}

/** Width of a stored epoch (`YYYY-MM-DDThh:mm:ss.ssssssZ`). */
export const EPOCH_WIDTH = 27;
/** Value and sigma slots per row in MeasurementColumns. */
export const SLOTS = 6;

/**
 * Rows in columns (what the tracking parser streams out of the worker): row i belongs to `groups[group[i]]`,
 * its epoch is `epochs.slice(27 i, 27 i + 27)`, its values `values[6 i … 6 i + 5]` (NaN = absent, i.e. NULL) and
 * its sigmas likewise when `hasSigma[i]` is 1 (else the row has no sigma).
 */
export interface MeasurementColumns {
  count: number;
  group: Uint32Array;
  epochs: string;
  values: Float64Array;
  sigma: Float64Array;
  hasSigma: Uint8Array;
}

/**
 * Largest number of rows per INSERT: a row binds its epoch, up to six values and its sigma (≤ 8), under 32,766; and
 * one statement holds the event loop (synchronous driver), so it stays around a millisecond or two of work.
 */
const ROWS_PER_INSERT = 500;

/** What every row of a job shares (organization, job, file, creation time, staged batch or 0). */
export interface MeasurementInsertContext {
  organizationId: string;
  jobId: string;
  sourceFile: string;
  createdAt: string;
  /** The staged batch the rows belong to (hidden until it is published), or 0: visible as soon as committed. */
  batchId: number;
}

export function measurementInsertContext(organizationId: string, jobId: string, sourceFile: string, batchId = 0): MeasurementInsertContext {
  return { organizationId, jobId, sourceFile, createdAt: nowIso(), batchId };
}

function sigmaJson(sigma: Float64Array, base: number, width: number): string {
  const parts: string[] = [];
  for (let k = 0; k < width; k++) {
    const v = sigma[base + k]!;
    parts.push(Number.isNaN(v) ? 'null' : JSON.stringify(v));
  }
  return `[${parts.join(',')}]`;
}

const VALUE_COLUMNS = ['value_1', 'value_2', 'value_3', 'value_4', 'value_5', 'value_6'];

/**
 * The INSERT of `rows` rows of one group with `width` values each. What the rows share is bound once (?1..?11)
 * and selected as constants; each row is only `(epoch, value…, sigma)` in a VALUES list. SQLite prepares that far
 * faster than a multi-row VALUES carrying all twenty columns (the statement's text is a third as long and each row
 * compiles to a few opcodes), and it is prepared once per statement of up to ROWS_PER_INSERT rows.
 */
function insertSql(width: number, rows: number): string {
  const valueColumns = VALUE_COLUMNS.slice(0, width).join(', ');
  const selected = Array.from({ length: width }, (_, k) => `column${k + 2}`).join(', ');
  const row = `(${Array.from({ length: width + 2 }, () => '?').join(',')})`;
  // ?1–?12 are the group's shared values (insertMeasurementColumns `shared`); the rows' values start at ?13.
  const first = `(?13${row.slice(2)}`;
  return `INSERT INTO measurements (organization_id, spacecraft_id, type, epoch, ${valueColumns}, units, sigma, participants, station,
      reference_frame, source_file, job_id, outlier, created_at, batch_id, context_id)
    SELECT ?1, ?5, ?6, column1, ${selected}, ?7, column${width + 2}, ?8, ?9, ?10, ?3, ?2, 0, ?4, ?11, ?12
    FROM (VALUES ${first}${`,${row}`.repeat(rows - 1)})`;
}

/**
 * Inserts columnar rows `from` (inclusive) to `to` (exclusive, default all): per group, statements of up to
 * ROWS_PER_INSERT rows (see insertSql). Ids are the table's AUTOINCREMENT rowids (never reused, assigned under the
 * database's write lock, so distinct across instances). Jobs write them as chunks of a staged batch
 * (`context.batchId`), so a file's measurements appear all at once when the batch is published.
 */
export async function insertMeasurementColumns(
  db: SqlExecutor,
  context: MeasurementInsertContext,
  groups: readonly MeasurementGroupRow[],
  columns: MeasurementColumns,
  from = 0,
  to = columns.count,
): Promise<number> {
  // Rows of each group, in file order (a batch has one group per tracked object, type and units: a handful).
  const rowsOf = new Map<number, number[]>();
  for (let i = from; i < to; i++) {
    const g = columns.group[i]!;
    let list = rowsOf.get(g);
    if (!list) rowsOf.set(g, (list = []));
    list.push(i);
  }
  for (const [g, rows] of rowsOf) {
    const group = groups[g];
    if (!group) throw new Error(`measurement row ${rows[0]} refers to unknown group ${g}`);
    const width = group.units.length;
    const shared = [
      context.organizationId, context.jobId, context.sourceFile, context.createdAt, group.spacecraftId, group.type,
      JSON.stringify(group.units), JSON.stringify(group.participants), group.station, group.frame, context.batchId, group.contextId ?? null,
    ];
    // in order, several out at once in a libSQL server's transaction (storage/sql/pipelinedStatements.ts)
    await executeInOrder(db, (function* () {
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const end = Math.min(rows.length, start + ROWS_PER_INSERT);
        const args: Array<string | number | null> = shared.slice();
        for (let r = start; r < end; r++) {
          const i = rows[r]!;
          const base = i * SLOTS;
          args.push(columns.epochs.slice(i * EPOCH_WIDTH, (i + 1) * EPOCH_WIDTH));
          for (let k = 0; k < width; k++) {
            const v = columns.values[base + k]!;
            args.push(Number.isNaN(v) ? null : v);
          }
          args.push(columns.hasSigma[i] ? sigmaJson(columns.sigma, base, width) : null);
        }
        yield { sql: insertSql(width, end - start), args };
      }
    })());
  }
  return to - from;
}

/**
 * Inserts measurements given as objects (bulk loads, small imports) through insertMeasurementColumns, into a staged
 * batch (`batchId`, see storage/sql/stagedWrites.ts) or directly visible (0).
 */
export async function insertMeasurements(
  db: SqlExecutor,
  organizationId: string,
  jobId: string,
  sourceFile: string,
  measurements: readonly NewMeasurement[],
  batchId = 0,
): Promise<number> {
  const context = measurementInsertContext(organizationId, jobId, sourceFile, batchId);
  const groups: MeasurementGroupRow[] = [];
  const groupIndex = new Map<string, number>();
  const n = measurements.length;
  const columns: MeasurementColumns = {
    count: n,
    group: new Uint32Array(n),
    epochs: '',
    values: new Float64Array(n * SLOTS).fill(Number.NaN),
    sigma: new Float64Array(n * SLOTS).fill(Number.NaN),
    hasSigma: new Uint8Array(n),
  };
  const epochs: string[] = [];
  measurements.forEach((m, i) => {
    if (m.epoch.length !== EPOCH_WIDTH) throw new Error(`measurement epoch ${m.epoch} is not ${EPOCH_WIDTH} characters wide`);
    const key = JSON.stringify([m.spacecraftId, m.type, m.units, m.participants, m.station, m.frame]);
    let g = groupIndex.get(key);
    if (g === undefined) {
      g = groups.length;
      groups.push({ spacecraftId: m.spacecraftId, type: m.type, units: m.units, participants: m.participants, station: m.station, frame: m.frame });
      groupIndex.set(key, g);
    }
    columns.group[i] = g;
    epochs.push(m.epoch);
    m.values.forEach((v, k) => (columns.values[i * SLOTS + k] = v ?? Number.NaN));
    if (m.sigma) {
      columns.hasSigma[i] = 1;
      m.sigma.forEach((v, k) => (columns.sigma[i * SLOTS + k] = v ?? Number.NaN));
    }
  });
  columns.epochs = epochs.join('');
  return await insertMeasurementColumns(db, context, groups, columns);
}

function fromRow(row: Record<string, unknown>): Measurement {
  const type = String(row.type) as MeasurementType;
  const count = MEASUREMENT_COMPONENTS[type].length;
  const values: Array<number | null> = [];
  for (let i = 1; i <= count; i++) values.push(row[`value_${i}`] == null ? null : Number(row[`value_${i}`]));
  return {
    id: String(row.id),
    spacecraftId: String(row.spacecraft_id),
    type,
    epoch: String(row.epoch),
    values,
    units: JSON.parse(String(row.units)) as string[],
    sigma: row.sigma == null ? null : (JSON.parse(String(row.sigma)) as Array<number | null>),
    participants: JSON.parse(String(row.participants)) as string[],
    station: row.station == null ? null : String(row.station),
    frame: row.reference_frame == null ? null : String(row.reference_frame),
    sourceFile: String(row.source_file),
    jobId: String(row.job_id),
    outlier: Number(row.outlier) === 1,
    createdAt: String(row.created_at),
    contextId: row.context_id == null ? null : Number(row.context_id),
  };
}

/**
 * The id order that makes a page's order total. Newest first (epoch descending, the default) breaks ties by id
 * descending too, so the (organization, epoch) and (organization, spacecraft, epoch) indexes, whose entries end in
 * the rowid, deliver rows already in page order when scanned backwards (no sort of the whole range).
 */
function tieBreaker(page: PageRequest): string {
  const first = page.sort[0];
  return first && first.field === 'epoch' && first.direction === 'desc' ? 'id DESC' : 'id ASC';
}

/** Public ids are decimal rowids; anything else names no measurement. */
function rowIds(ids: readonly string[]): number[] {
  const out: number[] = [];
  for (const id of ids) if (/^[1-9]\d{0,14}$/.test(id)) out.push(Number(id));
  return out;
}

function whereClause(organizationId: string, query: MeasurementQuery): { sql: string; args: Array<string | number> } {
  const parts = ['organization_id = ?', 'epoch >= ?', 'epoch <= ?', PUBLISHED];
  const args: Array<string | number> = [organizationId, query.startEpoch, query.endEpoch];
  if (query.spacecraftIds) {
    parts.push(`spacecraft_id IN (${query.spacecraftIds.map(() => '?').join(',')})`);
    args.push(...query.spacecraftIds);
  }
  if (query.types) {
    parts.push(`type IN (${query.types.map(() => '?').join(',')})`);
    args.push(...query.types);
  }
  if (!query.includeOutliers) parts.push('outlier = 0');
  return { sql: parts.join(' AND '), args };
}

export async function queryMeasurements(
  db: SqlExecutor,
  organizationId: string,
  query: MeasurementQuery,
  page: PageRequest,
): Promise<{ items: Measurement[]; total: number }> {
  if (query.spacecraftIds && query.spacecraftIds.length === 0) return { items: [], total: 0 };
  const where = whereClause(organizationId, query);
  const paging = pageClause(page, MEASUREMENT_SORT_COLUMNS, tieBreaker(page));
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT * FROM measurements WHERE ${where.sql}${paging.sql}`, args: [...where.args, ...paging.args] }),
    db.execute({ sql: `SELECT COUNT(*) AS n FROM measurements WHERE ${where.sql}`, args: where.args }),
  ]);
  return { items: rows.rows.map(fromRow), total: Number(count.rows[0]!.n) };
}

/** EXPLAIN QUERY PLAN of the page and count statements of queryMeasurements (benchmark: shows which index serves them). */
export async function explainMeasurementQuery(
  db: SqlExecutor,
  organizationId: string,
  query: MeasurementQuery,
  page: PageRequest,
): Promise<string[]> {
  const where = whereClause(organizationId, query);
  const paging = pageClause(page, MEASUREMENT_SORT_COLUMNS, tieBreaker(page));
  const lines: string[] = [];
  for (const [label, sql, args] of [
    ['page', `SELECT * FROM measurements WHERE ${where.sql}${paging.sql}`, [...where.args, ...paging.args]],
    ['count', `SELECT COUNT(*) AS n FROM measurements WHERE ${where.sql}`, where.args],
  ] as const) {
    const plan = await db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: [...args] });
    lines.push(`${label}: ${plan.rows.map((r) => String(r.detail)).join(' | ')}`);
  }
  return lines;
}

/** Flags or unflags the given ids of this organization; unknown ids are ignored. Returns rows actually changed. */
export async function setOutlierByIds(db: SqlExecutor, organizationId: string, ids: readonly string[], outlier: boolean): Promise<number> {
  const rowids = rowIds(ids);
  if (rowids.length === 0) return 0;
  const result = await db.execute({
    sql: `UPDATE measurements SET outlier = ? WHERE organization_id = ? AND outlier <> ? AND id IN (${rowids.map(() => '?').join(',')}) AND ${PUBLISHED}`,
    args: [outlier ? 1 : 0, organizationId, outlier ? 1 : 0, ...rowids],
  });
  return result.rowsAffected;
}

/**
 * Flags or unflags every measurement of this organization from the file (exact, case-sensitive
 * name). Returns the number of matching measurements, whether or not their flag changed (spec rule 4).
 */
export async function setOutlierByFile(db: SqlExecutor, organizationId: string, fileName: string, outlier: boolean): Promise<number> {
  await db.execute({
    sql: `UPDATE measurements SET outlier = ? WHERE organization_id = ? AND source_file = ? AND outlier <> ? AND ${PUBLISHED}`,
    args: [outlier ? 1 : 0, organizationId, fileName, outlier ? 1 : 0],
  });
  const count = await db.execute({
    sql: `SELECT COUNT(*) AS n FROM measurements WHERE organization_id = ? AND source_file = ? AND ${PUBLISHED}`,
    args: [organizationId, fileName],
  });
  return Number(count.rows[0]!.n);
}

export async function deleteMeasurementsByFile(db: SqlExecutor, organizationId: string, spacecraftId: string, fileName: string): Promise<number> {
  const result = await db.execute({
    sql: `DELETE FROM measurements WHERE organization_id = ? AND spacecraft_id = ? AND source_file = ? AND ${PUBLISHED}`,
    args: [organizationId, spacecraftId, fileName],
  });
  return result.rowsAffected;
}

/** What the measurement models need of a stored row (residuals, orbit determination): the engine's shape, and its context. */
export interface ModelRow extends StoredMeasurement {
  contextId: number | null;
}

export interface ModelRowQuery {
  spacecraftId: string;
  /** Inclusive fixed-width UTC bounds. */
  startEpoch: string;
  endEpoch: string;
  types: MeasurementType[] | null;
  /** Only rows whose ground participant resolved to one of these stations; null = any (also rows without a station). */
  stationIds: string[] | null;
  includeOutliers: boolean;
}

/** A REAL column as JSON text with every digit (`%!.17g` round-trips a double), `null` for NULL or non-finite. */
function exactNumberJson(column: string): string {
  return `CASE WHEN ${column} IS NULL OR abs(${column}) > 1.7976931348623157e308 THEN 'null' ELSE printf('%!.17g', ${column}) END`;
}

/**
 * Each model row as ONE JSON text column: building a result row object costs the driver per column, so fifteen columns
 * per row cost several times the whole row in one string (measured: 5,000 rows in ~60 ms instead of ~400 ms under
 * load), and JSON.parse of it is cheap. Values keep every digit (exactNumberJson); units and sigma are stored JSON.
 */
const MODEL_ROW_JSON = `'[' || id || ',"' || type || '","' || epoch || '",' ||
  ${VALUE_COLUMNS.map(exactNumberJson).join(" || ',' || ")} || ',' || units || ',' || COALESCE(sigma, 'null') || ',' ||
  COALESCE(json_quote(reference_frame), 'null') || ',' || COALESCE(json_quote(station), 'null') || ',' || outlier || ',' ||
  COALESCE(context_id, 'null') || ']'`;

/**
 * One chunk of a spacecraft's measurements in (epoch, id) order after `after` (keyset paging on the
 * (organization, spacecraft, epoch) index, whose entries end in the rowid): callers read a whole span chunk by chunk,
 * yielding between chunks, so no single statement holds the event loop long whatever the span holds.
 */
export async function scanModelRows(
  db: SqlExecutor,
  organizationId: string,
  query: ModelRowQuery,
  after: { epoch: string; id: number } | null,
  limit: number,
): Promise<ModelRow[]> {
  if (query.stationIds && query.stationIds.length === 0) return [];
  const parts = ['organization_id = ?', 'spacecraft_id = ?', 'epoch >= ?', 'epoch <= ?', PUBLISHED];
  const args: Array<string | number> = [organizationId, query.spacecraftId, query.startEpoch, query.endEpoch];
  if (after) {
    parts.push('(epoch > ? OR (epoch = ? AND id > ?))');
    args.push(after.epoch, after.epoch, after.id);
  }
  if (query.types) {
    parts.push(`type IN (${query.types.map(() => '?').join(',')})`);
    args.push(...query.types);
  }
  if (query.stationIds) {
    parts.push(`context_id IN (SELECT id FROM measurement_contexts WHERE organization_id = ? AND spacecraft_id = ?
      AND ground_station_id IN (${query.stationIds.map(() => '?').join(',')}))`);
    args.push(organizationId, query.spacecraftId, ...query.stationIds);
  }
  if (!query.includeOutliers) parts.push('outlier = 0');
  const result = await db.execute({
    sql: `SELECT ${MODEL_ROW_JSON} AS r FROM measurements WHERE ${parts.join(' AND ')} ORDER BY epoch, id LIMIT ?`,
    args: [...args, limit],
  });
  return result.rows.map((row) => {
    const [id, type, epoch, v1, v2, v3, v4, v5, v6, units, sigma, frame, station, outlier, contextId] = JSON.parse(String(row.r)) as [
      number, MeasurementType, string, number | null, number | null, number | null, number | null, number | null, number | null,
      string[], Array<number | null> | null, string | null, string | null, number, number | null,
    ];
    return {
      id: String(id),
      type,
      epoch,
      values: [v1, v2, v3, v4, v5, v6].slice(0, MEASUREMENT_COMPONENTS[type].length),
      units,
      sigma,
      frame,
      station,
      outlier: outlier === 1,
      contextId,
    };
  });
}
