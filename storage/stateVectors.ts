/**
 * State-vector repository. Every statement is scoped by organization; a record of another organization is
 * indistinguishable from an absent one. Records are addressed by their per-organization display number
 * (`SV-<n>`). Epochs are compared with the fixed-width TAI-nanosecond `epoch_key`.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './sql/db.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import { nextDisplayNumber } from './sequences.ts';
import type { StateVectorSourceType, StoredStateFrame, StoredCovariance, StoredMeanElements, NewStateVector, StateVectorRecord } from '../domain/stateVectors/model.ts';

export const STATE_VECTOR_SOURCE_TYPES: readonly StateVectorSourceType[] = ['OPM_IMPORT', 'ORBIT_DETERMINATION', 'MANUAL'];

export interface StateVectorFilter {
  spacecraftId?: string;
  /** Inclusive epoch-key bounds. */
  startKey?: string;
  endKey?: string;
  sourceType?: StateVectorSourceType;
}

/** API sort field → SQL column. */
export const STATE_VECTOR_SORT_COLUMNS: Record<string, string> = {
  epoch: 'sv.epoch_key',
  creationDate: 'sv.creation_date',
  id: 'sv.display_number',
};

const SELECT = `SELECT sv.*, sc.name AS spacecraft_name FROM state_vectors sv
  JOIN spacecraft sc ON sc.id = sv.spacecraft_id AND sc.organization_id = sv.organization_id`;

function fromRow(row: Record<string, unknown>): StateVectorRecord {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    displayNumber: Number(row.display_number),
    spacecraftId: String(row.spacecraft_id),
    spacecraftName: String(row.spacecraft_name),
    epoch: String(row.epoch),
    epochKey: String(row.epoch_key),
    positionKm: [Number(row.position_x_km), Number(row.position_y_km), Number(row.position_z_km)],
    velocityKmS: [Number(row.velocity_x_km_s), Number(row.velocity_y_km_s), Number(row.velocity_z_km_s)],
    referenceFrame: String(row.reference_frame) as StoredStateFrame,
    massKg: row.mass_kg === null || row.mass_kg === undefined ? null : Number(row.mass_kg),
    originator: String(row.originator),
    creationDate: String(row.creation_date),
    sourceType: String(row.source_type) as StateVectorSourceType,
    orbitSolutionId: row.orbit_solution_id === null || row.orbit_solution_id === undefined ? null : String(row.orbit_solution_id),
    converged: row.converged === null || row.converged === undefined ? null : Number(row.converged) === 1,
    covariance: row.covariance ? (JSON.parse(String(row.covariance)) as StoredCovariance) : null,
    meanElements: row.mean_elements ? (JSON.parse(String(row.mean_elements)) as StoredMeanElements) : null,
    warnings: JSON.parse(String(row.warnings)) as string[],
    sourceFile: row.source_file === null || row.source_file === undefined ? null : String(row.source_file),
    userDefined: JSON.parse(String(row.user_defined ?? '{}')) as Record<string, string>,
  };
}

/** Inserts a state vector with the next `SV-<n>` number of the organization (run inside the caller's transaction). */
export async function insertStateVector(db: SqlExecutor, organizationId: string, sv: NewStateVector): Promise<{ id: string; displayNumber: number }> {
  const displayNumber = await nextDisplayNumber(db, organizationId, 'SV');
  const id = randomUUID();
  await db.execute({
    sql: `INSERT INTO state_vectors (id, organization_id, display_number, spacecraft_id, epoch, epoch_key,
            position_x_km, position_y_km, position_z_km, velocity_x_km_s, velocity_y_km_s, velocity_z_km_s,
            reference_frame, mass_kg, originator, creation_date, source_type, orbit_solution_id, converged,
            covariance, mean_elements, warnings, source_file, user_defined)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      id, organizationId, displayNumber, sv.spacecraftId, sv.epoch, sv.epochKey,
      sv.positionKm[0], sv.positionKm[1], sv.positionKm[2], sv.velocityKmS[0], sv.velocityKmS[1], sv.velocityKmS[2],
      sv.referenceFrame, sv.massKg, sv.originator, sv.creationDate, sv.sourceType, sv.orbitSolutionId,
      sv.converged === null ? null : sv.converged ? 1 : 0,
      sv.covariance ? JSON.stringify(sv.covariance) : null,
      sv.meanElements ? JSON.stringify(sv.meanElements) : null,
      JSON.stringify(sv.warnings), sv.sourceFile, JSON.stringify(sv.userDefined ?? {}),
    ],
  });
  return { id, displayNumber };
}

export async function findStateVector(db: SqlExecutor, organizationId: string, displayNumber: number): Promise<StateVectorRecord | null> {
  const result = await db.execute({
    sql: `${SELECT} WHERE sv.organization_id = ? AND sv.display_number = ?`,
    args: [organizationId, displayNumber],
  });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

/**
 * A stored state of the same craft with the same epoch, frame, position and velocity (exactly): the same state
 * imported again (idempotent OPM import). The oldest such, or null.
 */
export async function findIdenticalStateVector(
  db: SqlExecutor,
  organizationId: string,
  state: Pick<NewStateVector, 'spacecraftId' | 'epochKey' | 'referenceFrame' | 'positionKm' | 'velocityKmS'>,
): Promise<StateVectorRecord | null> {
  const result = await db.execute({
    sql: `${SELECT} WHERE sv.organization_id = ? AND sv.spacecraft_id = ? AND sv.epoch_key = ? AND sv.reference_frame = ?
            AND sv.position_x_km = ? AND sv.position_y_km = ? AND sv.position_z_km = ?
            AND sv.velocity_x_km_s = ? AND sv.velocity_y_km_s = ? AND sv.velocity_z_km_s = ?
          ORDER BY sv.display_number LIMIT 1`,
    args: [organizationId, state.spacecraftId, state.epochKey, state.referenceFrame, ...state.positionKm, ...state.velocityKmS],
  });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

export async function deleteStateVector(db: SqlExecutor, organizationId: string, displayNumber: number): Promise<boolean> {
  const result = await db.execute({
    sql: 'DELETE FROM state_vectors WHERE organization_id = ? AND display_number = ?',
    args: [organizationId, displayNumber],
  });
  return result.rowsAffected > 0;
}

export async function listStateVectors(
  db: SqlExecutor,
  organizationId: string,
  filter: StateVectorFilter,
  page: PageRequest,
): Promise<{ items: StateVectorRecord[]; totalElements: number }> {
  const where: string[] = ['sv.organization_id = ?'];
  const args: Array<string | number> = [organizationId];
  if (filter.spacecraftId !== undefined) {
    where.push('sv.spacecraft_id = ?');
    args.push(filter.spacecraftId);
  }
  if (filter.startKey !== undefined) {
    where.push('sv.epoch_key >= ?');
    args.push(filter.startKey);
  }
  if (filter.endKey !== undefined) {
    where.push('sv.epoch_key <= ?');
    args.push(filter.endKey);
  }
  if (filter.sourceType !== undefined) {
    where.push('sv.source_type = ?');
    args.push(filter.sourceType);
  }
  const whereSql = where.join(' AND ');
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n FROM state_vectors sv WHERE ${whereSql}`, args });
  const clause = pageClause(page, STATE_VECTOR_SORT_COLUMNS, 'sv.display_number DESC');
  const rows = await db.execute({ sql: `${SELECT} WHERE ${whereSql}${clause.sql}`, args: [...args, ...clause.args] });
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

/**
 * The latest state (by epoch, then newest record) of a spacecraft that operations may build on: manual entries and
 * OPM imports always; orbit-determination results only when converged, unless `includeNonConverged`. Null when none.
 * Used by `GET /operations/state-vectors/latest` and by TLE generation.
 */
export async function findLatestEligibleStateVector(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  includeNonConverged = false,
  /** Only states with an epoch key at or before this one (orbit determination: the latest before its span ends). */
  notAfterKey?: string,
): Promise<StateVectorRecord | null> {
  const eligibility = includeNonConverged ? '' : ` AND (sv.source_type <> 'ORBIT_DETERMINATION' OR sv.converged = 1)`;
  const bound = notAfterKey !== undefined ? ' AND sv.epoch_key <= ?' : '';
  const result = await db.execute({
    sql: `${SELECT} WHERE sv.organization_id = ? AND sv.spacecraft_id = ?${eligibility}${bound}
          ORDER BY sv.epoch_key DESC, sv.display_number DESC LIMIT 1`,
    args: [organizationId, spacecraftId, ...(notAfterKey !== undefined ? [notAfterKey] : [])],
  });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}
