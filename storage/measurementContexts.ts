/**
 * The measurement context: one row per (TDM segment, data keyword) of an upload, referenced by its
 * measurements through `measurements.context_id` (see migration 0006 for why it is not stored per row). It keeps the
 * TDM metadata a model needs, the ground participant's name, the ground station it resolved to, and how many
 * measurements reference it. Every statement is scoped by organization.
 */
import type { ContextParticipant, TrackingContext } from '../engine/tracking/model.ts';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso } from './sql/db.ts';
import { foldStationName } from './groundStations.ts';
import { stagedRowsFilter, type StagedTable } from './sql/stagedWrites.ts';
import type { NewMeasurementContext, MeasurementContextRecord } from '../domain/measurements/model.ts';

/**
 * Contexts are written as part of their job's staged batch (storage/sql/stagedWrites.ts), so an attempt that fails or is
 * abandoned leaves none behind; their measurement counts are added when the batch is published.
 */
export const MEASUREMENT_CONTEXTS_TABLE: StagedTable = { name: 'measurement_contexts', batchColumn: 'batch_id' };

function pathText(path: number[] | null): string | null {
  return path ? path.join(',') : null;
}

function pathOf(text: unknown): number[] | null {
  return text == null || text === '' ? null : String(text).split(',').map(Number);
}

function textOrNull(value: unknown): string | null {
  return value == null ? null : String(value);
}

function numberOrNull(value: unknown): number | null {
  return value == null ? null : Number(value);
}

/** Inserts one context row (inside a chunk of the job's staged batch) and returns its id. */
export async function insertMeasurementContext(db: SqlExecutor, row: NewMeasurementContext): Promise<number> {
  const c = row.context;
  const result = await db.execute({
    sql: `INSERT INTO measurement_contexts (organization_id, spacecraft_id, job_id, source_file, segment_index, measurement_type,
            data_keyword, station_name, ground_station_id, participants, path, mode, timetag_ref, integration_interval_s,
            integration_ref, turnaround_numerator, turnaround_denominator, range_mode, range_modulus, range_units, angle_type,
            transmit_band, receive_band, reference_frame, recorded, measurement_count, created_at, batch_id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?)
          RETURNING id`,
    args: [
      row.organizationId, row.spacecraftId, row.jobId, row.sourceFile, c.segmentIndex, row.measurementType, c.dataKeyword,
      row.stationName, row.groundStationId, JSON.stringify(c.participants),
      // PATH_2 (SINGLE_DIFF) travels after a ';' so one column keeps both paths.
      c.path2 ? `${pathText(c.path)};${pathText(c.path2)}` : pathText(c.path),
      c.mode, c.timetagRef, c.integrationIntervalS, c.integrationRef, c.turnaroundNumerator, c.turnaroundDenominator,
      c.rangeMode, c.rangeModulus, c.rangeUnits, c.angleType, c.transmitBand, c.receiveBand, c.referenceFrame, nowIso(),
      row.batchId ?? 0,
    ],
  });
  return Number(result.rows[0]!.id);
}

/** Adds `count` to the measurement count of each context (after its rows are inserted). */
export async function addContextMeasurementCounts(db: SqlExecutor, counts: ReadonlyMap<number, number>): Promise<void> {
  for (const [id, count] of counts) {
    if (count === 0) continue;
    await db.execute({ sql: 'UPDATE measurement_contexts SET measurement_count = measurement_count + ? WHERE id = ?', args: [count, id] });
  }
}

function fromRow(row: Record<string, unknown>): MeasurementContextRecord {
  const paths = textOrNull(row.path)?.split(';') ?? [];
  return {
    id: Number(row.id),
    spacecraftId: String(row.spacecraft_id),
    jobId: String(row.job_id),
    sourceFile: String(row.source_file),
    measurementType: String(row.measurement_type),
    stationName: textOrNull(row.station_name),
    groundStationId: textOrNull(row.ground_station_id),
    recorded: Number(row.recorded) === 1,
    measurementCount: Number(row.measurement_count),
    segmentIndex: numberOrNull(row.segment_index),
    dataKeyword: textOrNull(row.data_keyword),
    participants: JSON.parse(String(row.participants)) as ContextParticipant[] | string[],
    path: pathOf(paths[0]),
    path2: pathOf(paths[1]),
    mode: textOrNull(row.mode),
    timetagRef: textOrNull(row.timetag_ref),
    integrationIntervalS: numberOrNull(row.integration_interval_s),
    integrationRef: textOrNull(row.integration_ref),
    turnaroundNumerator: numberOrNull(row.turnaround_numerator),
    turnaroundDenominator: numberOrNull(row.turnaround_denominator),
    rangeMode: textOrNull(row.range_mode),
    rangeModulus: numberOrNull(row.range_modulus),
    rangeUnits: textOrNull(row.range_units),
    angleType: textOrNull(row.angle_type),
    transmitBand: textOrNull(row.transmit_band),
    receiveBand: textOrNull(row.receive_band),
    referenceFrame: textOrNull(row.reference_frame),
  };
}

/** The contexts with these ids (of this organization), by id. */
export async function findMeasurementContexts(
  db: SqlExecutor,
  organizationId: string,
  ids: Iterable<number>,
): Promise<Map<number, MeasurementContextRecord>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, MeasurementContextRecord>();
  // Bounded statements: a page or a residual request references a handful of contexts, but never trust that.
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    const result = await db.execute({
      sql: `SELECT * FROM measurement_contexts WHERE organization_id = ? AND id IN (${chunk.map(() => '?').join(',')})`,
      args: [organizationId, ...chunk],
    });
    for (const row of result.rows) {
      const record = fromRow(row as Record<string, unknown>);
      out.set(record.id, record);
    }
  }
  return out;
}

/** Measurements that reference the station (through their contexts). */
export async function countStationMeasurements(db: SqlExecutor, organizationId: string, stationId: string): Promise<number> {
  const result = await db.execute({
    sql: 'SELECT COALESCE(SUM(measurement_count), 0) AS n FROM measurement_contexts WHERE organization_id = ? AND ground_station_id = ?',
    args: [organizationId, stationId],
  });
  return Number(result.rows[0]!.n);
}

/**
 * Binds contexts whose ground participant was not resolved (station unknown at ingest, or its station deleted) to the
 * station now named so: `names` are the station's name and aliases. Returns the measurements newly bound.
 */
export async function bindUnresolvedContexts(db: SqlExecutor, organizationId: string, stationId: string, names: readonly string[]): Promise<number> {
  const folded = new Set(names.map(foldStationName));
  if (folded.size === 0) return 0;
  // Folded in JS (Unicode case rules, as every other station-name comparison) over the organization's unresolved
  // contexts only: few rows, served by the (organization, ground_station_id) index.
  const unresolved = await db.execute({
    sql: `SELECT id, station_name, measurement_count FROM measurement_contexts
          WHERE organization_id = ? AND ground_station_id IS NULL AND station_name IS NOT NULL`,
    args: [organizationId],
  });
  const ids: number[] = [];
  let count = 0;
  for (const row of unresolved.rows) {
    if (!folded.has(foldStationName(String(row.station_name)))) continue;
    ids.push(Number(row.id));
    count += Number(row.measurement_count);
  }
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await db.execute({
      sql: `UPDATE measurement_contexts SET ground_station_id = ? WHERE organization_id = ? AND id IN (${chunk.map(() => '?').join(',')})`,
      args: [stationId, organizationId, ...chunk],
    });
  }
  return count;
}

/**
 * Drops the contexts of a spacecraft's measurements from one source file (with the measurements themselves); those
 * of an upload of the same file still being staged stay for it.
 */
export async function deleteContextsByFile(db: SqlExecutor, organizationId: string, spacecraftId: string, fileName: string): Promise<number> {
  const result = await db.execute({
    sql: `DELETE FROM measurement_contexts WHERE organization_id = ? AND spacecraft_id = ? AND source_file = ?
            AND ${stagedRowsFilter(MEASUREMENT_CONTEXTS_TABLE)}`,
    args: [organizationId, spacecraftId, fileName],
  });
  return result.rowsAffected;
}

