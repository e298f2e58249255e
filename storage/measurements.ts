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

const COLUMNS = 18;
/** Rows per multi-row INSERT: 18 columns × 500 = 9,000 bound values, under SQLite's 32,766 limit. */
const ROWS_PER_INSERT = 500;

/**
 * Inserts measurements of one job in multi-row statements (one round trip per 500 rows).
 * Callers run it inside the job's transaction so a file's measurements appear all at once.
 */
export async function insertMeasurements(
  db: SqlExecutor,
  organizationId: string,
  jobId: string,
  sourceFile: string,
  measurements: readonly NewMeasurement[],
): Promise<number> {
  const createdAt = nowIso();
  for (let start = 0; start < measurements.length; start += ROWS_PER_INSERT) {
    const chunk = measurements.slice(start, start + ROWS_PER_INSERT);
    const args: Array<string | number | null> = [];
    for (const m of chunk) {
      const v = m.values;
      args.push(
        randomUUID(), organizationId, m.spacecraftId, m.type, m.epoch,
        v[0] ?? null, v[1] ?? null, v[2] ?? null, v[3] ?? null, v[4] ?? null, v[5] ?? null,
        JSON.stringify(m.units), m.sigma ? JSON.stringify(m.sigma) : null, JSON.stringify(m.participants), m.station,
        m.frame, sourceFile, jobId,
      );
    }
    const row = `(${new Array(COLUMNS).fill('?').join(',')},0,'${createdAt}')`;
    await db.execute({
      sql: `INSERT INTO measurements (id, organization_id, spacecraft_id, type, epoch, value_1, value_2, value_3, value_4,
              value_5, value_6, units, sigma, participants, station, reference_frame, source_file, job_id, outlier, created_at)
            VALUES ${new Array(chunk.length).fill(row).join(',')}`,
      args,
    });
  }
  return measurements.length;
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
