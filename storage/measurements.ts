/**
 * Tracking measurements. Values are stored in up to six REAL columns whose meaning is fixed by the
 * measurement type (MEASUREMENT_COMPONENTS); units and sigmas are JSON arrays aligned with them.
 * `epoch` is fixed-width UTC text (YYYY-MM-DDThh:mm:ss.ssssssZ), so text order is time order and
 * the (organization, epoch) index serves both the range filter and the default sort.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './db.ts';
import { nowIso } from './db.ts';
import type { PageRequest } from './paging.ts';
import { pageClause } from './paging.ts';

export type MeasurementType = 'RANGE' | 'RADEC' | 'AZEL' | 'DOPPLER' | 'PV';
export const MEASUREMENT_TYPES: readonly MeasurementType[] = ['RANGE', 'RADEC', 'AZEL', 'DOPPLER', 'PV'];

/** The named components of each type, in column order. */
export const MEASUREMENT_COMPONENTS: Record<MeasurementType, readonly string[]> = {
  RANGE: ['range'],
  RADEC: ['rightAscension', 'declination'],
  AZEL: ['azimuth', 'elevation'],
  DOPPLER: ['doppler'],
  PV: ['x', 'y', 'z', 'vx', 'vy', 'vz'],
};

export interface NewMeasurement {
  spacecraftId: string;
  type: MeasurementType;
  /** Fixed-width UTC text, see module comment. */
  epoch: string;
  /** Component values in MEASUREMENT_COMPONENTS order; null for an absent component (e.g. SP3 without V records). */
  values: Array<number | null>;
  units: string[];
  sigma: Array<number | null> | null;
  participants: string[];
  station: string | null;
  /** Frame of the values where it matters (PV, RADEC), else null. */
  frame: string | null;
}

export interface Measurement extends NewMeasurement {
  id: string;
  sourceFile: string;
  jobId: string;
  outlier: boolean;
  createdAt: string;
}

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

/** Rows per INSERT statement. Each row binds 2-9 values (+6 per group first used in the statement), far under 32,766. */
const ROWS_PER_INSERT = 1000;

/**
 * Row ids in creation order (UUIDv7 layout: 48-bit ms timestamp, version 7, a 26-bit counter, the variant and
 * 48 random bits per generator). Appending to the primary-key index instead of inserting at random places keeps
 * bulk inserts fast at any table size; the random part keeps ids of concurrent writers distinct.
 */
export class MeasurementIdGenerator {
  private readonly prefix: string;
  private readonly tail: string;
  private counter = 0;

  constructor(now = Date.now()) {
    const ms = now.toString(16).padStart(12, '0').slice(-12);
    this.prefix = `${ms.slice(0, 8)}-${ms.slice(8)}-7`;
    this.tail = randomUUID().slice(-12);
  }

  next(): string {
    const c = this.counter++;
    if (c >= 2 ** 26) throw new Error('MeasurementIdGenerator: more than 2^26 ids from one generator');
    const high = (c >>> 14).toString(16).padStart(3, '0');
    const low = (0x8000 | (c & 0x3fff)).toString(16);
    return `${this.prefix}${high}-${low}-${this.tail}`;
  }
}

const INSERT_HEAD = `INSERT INTO measurements (id, organization_id, spacecraft_id, type, epoch, value_1, value_2, value_3, value_4,
  value_5, value_6, units, sigma, participants, station, reference_frame, source_file, job_id, outlier, created_at) VALUES `;

/** Where a batch of rows goes: the job, its file, and one id generator for the whole job. */
export interface MeasurementInsertContext {
  organizationId: string;
  jobId: string;
  sourceFile: string;
  createdAt: string;
  ids: MeasurementIdGenerator;
}

export function measurementInsertContext(organizationId: string, jobId: string, sourceFile: string): MeasurementInsertContext {
  return { organizationId, jobId, sourceFile, createdAt: nowIso(), ids: new MeasurementIdGenerator() };
}

function sigmaJson(sigma: Float64Array, base: number, width: number): string {
  const parts: string[] = [];
  for (let k = 0; k < width; k++) {
    const v = sigma[base + k]!;
    parts.push(Number.isNaN(v) ? 'null' : JSON.stringify(v));
  }
  return `[${parts.join(',')}]`;
}

/**
 * Inserts columnar rows in multi-row statements. What every row of the job shares (organization, job, file,
 * creation time) and what a group shares (spacecraft, type, units, participants, station, frame, as JSON once per
 * statement) is bound once as a numbered parameter and referenced from each row; a row binds only its id, epoch,
 * present values and (when it differs from the previous row's) its sigma. Callers run it inside the job's
 * transaction, so a file's measurements appear all at once.
 */
export async function insertMeasurementColumns(
  db: SqlExecutor,
  context: MeasurementInsertContext,
  groups: readonly MeasurementGroupRow[],
  columns: MeasurementColumns,
): Promise<number> {
  const groupJson = new Map<number, { units: string; participants: string }>();
  for (let start = 0; start < columns.count; start += ROWS_PER_INSERT) {
    const end = Math.min(columns.count, start + ROWS_PER_INSERT);
    // Shared values first, as ?1..?M: the job's four, then six per group used in this statement. Row values follow
    // as anonymous parameters (M+1, M+2, … in text order). SQLite resolves a numbered reference by a linear search
    // over the numbered parameters seen so far, so only the M shared ones may be numbered (a few dozen at most).
    const args: Array<string | number | null> = [context.organizationId, context.jobId, context.sourceFile, context.createdAt];
    const groupParam = new Map<number, number>();
    for (let i = start; i < end; i++) {
      const g = columns.group[i]!;
      if (groupParam.has(g)) continue;
      const group = groups[g];
      if (!group) throw new Error(`measurement row ${i} refers to unknown group ${g}`);
      let json = groupJson.get(g);
      if (!json) {
        json = { units: JSON.stringify(group.units), participants: JSON.stringify(group.participants) };
        groupJson.set(g, json);
      }
      groupParam.set(g, args.length + 1);
      args.push(group.spacecraftId, group.type, json.units, json.participants, group.station, group.frame);
    }
    const rows: string[] = [];
    let lastSigma: string | null = null;
    let lastSigmaParam = 0;
    for (let i = start; i < end; i++) {
      const g = columns.group[i]!;
      const gp = groupParam.get(g)!;
      const width = groups[g]!.units.length;
      // The first anonymous parameter is numbered explicitly so that the count continues after the shared ones.
      let row = i === start ? `(?${args.length + 1},?1,?${gp},?${gp + 1},?` : `(?,?1,?${gp},?${gp + 1},?`;
      args.push(context.ids.next(), columns.epochs.slice(i * EPOCH_WIDTH, (i + 1) * EPOCH_WIDTH));
      const base = i * SLOTS;
      for (let k = 0; k < SLOTS; k++) {
        const v = k < width ? columns.values[base + k]! : Number.NaN;
        if (Number.isNaN(v)) row += ',NULL';
        else {
          args.push(v);
          row += ',?';
        }
      }
      row += `,?${gp + 2},`;
      if (columns.hasSigma[i]) {
        const json = sigmaJson(columns.sigma, base, width);
        if (json === lastSigma) row += `?${lastSigmaParam}`;
        else {
          args.push(json);
          lastSigma = json;
          lastSigmaParam = args.length;
          row += '?';
        }
      } else row += 'NULL';
      rows.push(`${row},?${gp + 3},?${gp + 4},?${gp + 5},?3,?2,0,?4)`);
    }
    await db.execute({ sql: INSERT_HEAD + rows.join(','), args });
  }
  return columns.count;
}

/**
 * Inserts measurements given as objects (bulk loads, small imports) through insertMeasurementColumns.
 * Callers run it inside the job's transaction so a file's measurements appear all at once.
 */
export async function insertMeasurements(
  db: SqlExecutor,
  organizationId: string,
  jobId: string,
  sourceFile: string,
  measurements: readonly NewMeasurement[],
  context: MeasurementInsertContext = measurementInsertContext(organizationId, jobId, sourceFile),
): Promise<number> {
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
  };
}

function whereClause(organizationId: string, query: MeasurementQuery): { sql: string; args: Array<string | number> } {
  const parts = ['organization_id = ?', 'epoch >= ?', 'epoch <= ?'];
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
  const paging = pageClause(page, MEASUREMENT_SORT_COLUMNS, 'id ASC');
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
  const paging = pageClause(page, MEASUREMENT_SORT_COLUMNS, 'id ASC');
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
  if (ids.length === 0) return 0;
  const result = await db.execute({
    sql: `UPDATE measurements SET outlier = ? WHERE organization_id = ? AND outlier <> ? AND id IN (${ids.map(() => '?').join(',')})`,
    args: [outlier ? 1 : 0, organizationId, outlier ? 1 : 0, ...ids],
  });
  return result.rowsAffected;
}

/**
 * Flags or unflags every measurement of this organization from the file (exact, case-sensitive
 * name). Returns the number of matching measurements, whether or not their flag changed (spec rule 4).
 */
export async function setOutlierByFile(db: SqlExecutor, organizationId: string, fileName: string, outlier: boolean): Promise<number> {
  await db.execute({
    sql: 'UPDATE measurements SET outlier = ? WHERE organization_id = ? AND source_file = ? AND outlier <> ?',
    args: [outlier ? 1 : 0, organizationId, fileName, outlier ? 1 : 0],
  });
  const count = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM measurements WHERE organization_id = ? AND source_file = ?',
    args: [organizationId, fileName],
  });
  return Number(count.rows[0]!.n);
}

export async function deleteMeasurementsByFile(db: SqlExecutor, organizationId: string, spacecraftId: string, fileName: string): Promise<number> {
  const result = await db.execute({
    sql: 'DELETE FROM measurements WHERE organization_id = ? AND spacecraft_id = ? AND source_file = ?',
    args: [organizationId, spacecraftId, fileName],
  });
  return result.rowsAffected;
}

export function newMeasurementId(): string {
  return randomUUID();
}
