/**
 * Ground stations. Every statement is scoped by organization; another organization's station is
 * indistinguishable from an absent one. A station's name and aliases live in `ground_station_names` (case-folded,
 * primary key per organization), which is what TDM participant names resolve against.
 */
import type { SqlExecutor } from './sql/db.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { GroundStationFields, GroundStation } from '../domain/stations/model.ts';

export interface GroundStationFilter {
  /** Matches the name or an alias, case-insensitively. */
  name?: string;
  enabled?: boolean;
}

/** API sort field → SQL column. */
export const GROUND_STATION_SORT_COLUMNS: Record<string, string> = {
  name: 'gs.name',
  createdAt: 'gs.created_at',
  updatedAt: 'gs.updated_at',
};

/**
 * How names compare: trimmed, then case-folded (Unicode lower case). `VIS-STN-1`, `vis-stn-1` and ` Vis-Stn-1 ` are
 * one name; `VIS STN 1` and `VIS_STN_1` are others.
 */
export function foldStationName(name: string): string {
  return name.trim().toLowerCase();
}

const SELECT = `SELECT gs.*, (SELECT COALESCE(SUM(c.measurement_count), 0) FROM measurement_contexts c
    WHERE c.organization_id = gs.organization_id AND c.ground_station_id = gs.id) AS referenced_measurements
  FROM ground_stations gs`;

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function fromRow(row: Record<string, unknown>): GroundStation {
  return {
    id: String(row.id),
    name: String(row.name),
    aliases: JSON.parse(String(row.aliases)) as string[],
    latitudeDeg: Number(row.latitude_deg),
    longitudeDeg: Number(row.longitude_deg),
    heightM: Number(row.height_m),
    itrfPositionM: [Number(row.itrf_x_m), Number(row.itrf_y_m), Number(row.itrf_z_m)],
    elevationMaskDeg: Number(row.elevation_mask_deg),
    sigma: {
      rangeM: nullableNumber(row.sigma_range_m),
      rangeRateMS: nullableNumber(row.sigma_range_rate_m_s),
      angleDeg: nullableNumber(row.sigma_angle_deg),
    },
    bias: {
      rangeM: nullableNumber(row.bias_range_m),
      rangeRateMS: nullableNumber(row.bias_range_rate_m_s),
      angleDeg: nullableNumber(row.bias_angle_deg),
    },
    enabled: Number(row.enabled) === 1,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    measurementCount: Number(row.referenced_measurements ?? 0),
  };
}

function fieldValues(s: GroundStationFields): Array<string | number | null> {
  return [
    s.name, JSON.stringify(s.aliases), s.latitudeDeg, s.longitudeDeg, s.heightM, s.itrfPositionM[0], s.itrfPositionM[1],
    s.itrfPositionM[2], s.elevationMaskDeg, s.sigma.rangeM, s.sigma.rangeRateMS, s.sigma.angleDeg, s.bias.rangeM,
    s.bias.rangeRateMS, s.bias.angleDeg, s.enabled ? 1 : 0,
  ];
}

/** Writes the station's name and aliases into the name table (after deleting its old ones). */
async function writeNames(db: SqlExecutor, organizationId: string, id: string, fields: Pick<GroundStationFields, 'name' | 'aliases'>): Promise<void> {
  await db.execute({ sql: 'DELETE FROM ground_station_names WHERE organization_id = ? AND station_id = ?', args: [organizationId, id] });
  const names = [{ name: fields.name, alias: 0 }, ...fields.aliases.map((name) => ({ name, alias: 1 }))];
  await db.execute({
    sql: `INSERT INTO ground_station_names (organization_id, name_folded, station_id, is_alias)
          VALUES ${names.map(() => '(?, ?, ?, ?)').join(', ')}`,
    args: names.flatMap((n) => [organizationId, foldStationName(n.name), id, n.alias]),
  });
}

/** Inserts a station with its names (run in a transaction: a name collision throws a UNIQUE violation). */
export async function insertGroundStation(
  db: SqlExecutor,
  organizationId: string,
  station: GroundStationFields & { id: string; createdAt: string; updatedAt: string },
): Promise<void> {
  await db.execute({
    sql: `INSERT INTO ground_stations (id, organization_id, name, aliases, latitude_deg, longitude_deg, height_m, itrf_x_m,
            itrf_y_m, itrf_z_m, elevation_mask_deg, sigma_range_m, sigma_range_rate_m_s, sigma_angle_deg, bias_range_m,
            bias_range_rate_m_s, bias_angle_deg, enabled, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [station.id, organizationId, ...fieldValues(station), station.createdAt, station.updatedAt],
  });
  await writeNames(db, organizationId, station.id, station);
}

/** Replaces every field of a station (and its names); false when it does not exist in this organization. */
export async function updateGroundStation(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  fields: GroundStationFields,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE ground_stations SET name = ?, aliases = ?, latitude_deg = ?, longitude_deg = ?, height_m = ?, itrf_x_m = ?,
            itrf_y_m = ?, itrf_z_m = ?, elevation_mask_deg = ?, sigma_range_m = ?, sigma_range_rate_m_s = ?, sigma_angle_deg = ?,
            bias_range_m = ?, bias_range_rate_m_s = ?, bias_angle_deg = ?, enabled = ?, updated_at = ?
          WHERE organization_id = ? AND id = ?`,
    args: [...fieldValues(fields), updatedAt, organizationId, id],
  });
  if (result.rowsAffected === 0) return false;
  await writeNames(db, organizationId, id, fields);
  return true;
}

export async function findGroundStation(db: SqlExecutor, organizationId: string, id: string): Promise<GroundStation | null> {
  const result = await db.execute({ sql: `${SELECT} WHERE gs.organization_id = ? AND gs.id = ?`, args: [organizationId, id] });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

/** The stations with these ids (of this organization), by id. */
export async function findGroundStations(db: SqlExecutor, organizationId: string, ids: readonly string[]): Promise<Map<string, GroundStation>> {
  const out = new Map<string, GroundStation>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    const result = await db.execute({
      sql: `${SELECT} WHERE gs.organization_id = ? AND gs.id IN (${chunk.map(() => '?').join(',')})`,
      args: [organizationId, ...chunk],
    });
    for (const row of result.rows) {
      const station = fromRow(row as Record<string, unknown>);
      out.set(station.id, station);
    }
  }
  return out;
}

/** Which station (id) each of these names or aliases belongs to, by the name as given; absent = no station. */
export async function resolveStationNames(db: SqlExecutor, organizationId: string, names: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byFolded = new Map<string, string[]>();
  for (const name of names) {
    const folded = foldStationName(name);
    if (folded === '') continue;
    byFolded.set(folded, [...(byFolded.get(folded) ?? []), name]);
  }
  const folded = [...byFolded.keys()];
  for (let start = 0; start < folded.length; start += 500) {
    const chunk = folded.slice(start, start + 500);
    const result = await db.execute({
      sql: `SELECT name_folded, station_id FROM ground_station_names WHERE organization_id = ? AND name_folded IN (${chunk.map(() => '?').join(',')})`,
      args: [organizationId, ...chunk],
    });
    for (const row of result.rows) for (const name of byFolded.get(String(row.name_folded)) ?? []) out.set(name, String(row.station_id));
  }
  return out;
}

/** Names (folded) among `names` already used by another station of the organization → that station's id and name. */
export async function findNameConflicts(
  db: SqlExecutor,
  organizationId: string,
  names: readonly string[],
  exceptStationId: string | null,
): Promise<Array<{ name: string; stationId: string; stationName: string }>> {
  const folded = [...new Set(names.map(foldStationName))];
  if (folded.length === 0) return [];
  const result = await db.execute({
    sql: `SELECT n.name_folded, n.station_id, gs.name FROM ground_station_names n
          JOIN ground_stations gs ON gs.id = n.station_id AND gs.organization_id = n.organization_id
          WHERE n.organization_id = ? AND n.name_folded IN (${folded.map(() => '?').join(',')})${exceptStationId ? ' AND n.station_id <> ?' : ''}`,
    args: [organizationId, ...folded, ...(exceptStationId ? [exceptStationId] : [])],
  });
  return result.rows.map((row) => ({
    name: names.find((n) => foldStationName(n) === String(row.name_folded)) ?? String(row.name_folded),
    stationId: String(row.station_id),
    stationName: String(row.name),
  }));
}

export async function listGroundStations(
  db: SqlExecutor,
  organizationId: string,
  filter: GroundStationFilter,
  page: PageRequest,
): Promise<{ items: GroundStation[]; totalElements: number }> {
  const where: string[] = ['gs.organization_id = ?'];
  const args: Array<string | number> = [organizationId];
  if (filter.name !== undefined) {
    where.push('gs.id IN (SELECT station_id FROM ground_station_names WHERE organization_id = ? AND name_folded = ?)');
    args.push(organizationId, foldStationName(filter.name));
  }
  if (filter.enabled !== undefined) {
    where.push('gs.enabled = ?');
    args.push(filter.enabled ? 1 : 0);
  }
  const whereSql = where.join(' AND ');
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n FROM ground_stations gs WHERE ${whereSql}`, args });
  const clause = pageClause(page, GROUND_STATION_SORT_COLUMNS, 'gs.id ASC');
  const rows = await db.execute({ sql: `${SELECT} WHERE ${whereSql}${clause.sql}`, args: [...args, ...clause.args] });
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

/** Deletes the station (its names cascade; measurement contexts keep the name and lose the link). */
export async function deleteGroundStation(db: SqlExecutor, organizationId: string, id: string): Promise<boolean> {
  const result = await db.execute({ sql: 'DELETE FROM ground_stations WHERE organization_id = ? AND id = ?', args: [organizationId, id] });
  return result.rowsAffected > 0;
}

/** The enabled stations of the organization, by name, at most `limit` (the caller refuses more than it can use). */
export async function listEnabledGroundStations(db: SqlExecutor, organizationId: string, limit: number): Promise<GroundStation[]> {
  const rows = await db.execute({ sql: `${SELECT} WHERE gs.organization_id = ? AND gs.enabled = 1 ORDER BY gs.name, gs.id LIMIT ?`, args: [organizationId, limit] });
  return rows.rows.map((r) => fromRow(r as Record<string, unknown>));
}
