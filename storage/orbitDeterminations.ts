/**
 * Orbit-determination jobs and their solutions, on the lease mechanism shared by every job table
 * (storage/sql/leasedJobs.ts): QUEUED → RUNNING → SUCCEEDED | FAILED, one atomic claim, a lease renewed while the fit
 * runs, completion only by the lease holder. Every statement a caller can reach is scoped by organization.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso, yieldToEventLoop } from './sql/db.ts';
import {
  claimNextLeasedJob,
  completeLeasedJob,
  failLeasedJob,
  renewJobLease,
  type LeasedTable,
  type RetryBackoff,
} from './sql/leasedJobs.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { JobStatus } from '../domain/jobs/model.ts';
import type { OrbitDeterminationProgress, OrbitDetermination, NewOrbitDetermination, OrbitDeterminationOutcome } from '../domain/orbitDetermination/model.ts';

/** One post-fit residual as stored: its place in epoch order, what sorting needs, and the row itself (JSON). */
export interface StoredResidualRow {
  seq: number;
  epoch: string;
  rejected: boolean;
  maxAbsNormalized: number;
  row: Record<string, unknown>;
}

const COLUMNS = `id, organization_id, spacecraft_id, status, attempts, max_attempts, error, request, apriori_state_vector_number,
  start_epoch, end_epoch, progress, converged, residual_count, accepted_state_vector_number, accepted_at, created_at, updated_at,
  started_at, finished_at`;

const TABLE: LeasedTable = { name: 'orbit_determinations', columns: COLUMNS, hasAvailableAt: true, failureKind: 'orbit_determination' };

/** API sort field → SQL column. */
export const ORBIT_DETERMINATION_SORT_COLUMNS: Record<string, string> = { createdAt: 'created_at', updatedAt: 'updated_at', status: 'status' };

function json<T>(value: unknown): T | null {
  return value == null ? null : (JSON.parse(String(value)) as T);
}

function fromRow(row: Record<string, unknown>): OrbitDetermination {
  const text = (key: string) => (row[key] == null ? null : String(row[key]));
  const int = (key: string) => (row[key] == null ? null : Number(row[key]));
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    spacecraftId: String(row.spacecraft_id),
    status: String(row.status) as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    error: text('error'),
    request: json<Record<string, unknown>>(row.request) ?? {},
    aprioriStateVectorNumber: Number(row.apriori_state_vector_number),
    startEpoch: String(row.start_epoch),
    endEpoch: String(row.end_epoch),
    progress: json<OrbitDeterminationProgress>(row.progress),
    converged: row.converged == null ? null : Number(row.converged) === 1,
    solution: json<Record<string, unknown>>(row.solution),
    residualCount: int('residual_count'),
    acceptedStateVectorNumber: int('accepted_state_vector_number'),
    acceptedAt: text('accepted_at'),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
  };
}

export async function insertOrbitDetermination(db: SqlExecutor, od: NewOrbitDetermination): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await db.execute({
    sql: `INSERT INTO orbit_determinations (id, organization_id, spacecraft_id, status, attempts, max_attempts, request,
            apriori_state_vector_number, start_epoch, end_epoch, created_at, updated_at)
          VALUES (?, ?, ?, 'QUEUED', 0, ?, ?, ?, ?, ?, ?, ?)`,
    args: [id, od.organizationId, od.spacecraftId, od.maxAttempts ?? 3, JSON.stringify(od.request), od.aprioriStateVectorNumber, od.startEpoch, od.endEpoch, now, now],
  });
  return id;
}

export async function findOrbitDetermination(db: SqlExecutor, organizationId: string, id: string): Promise<OrbitDetermination | null> {
  const result = await db.execute({
    sql: `SELECT ${COLUMNS}, solution FROM orbit_determinations WHERE organization_id = ? AND id = ?`,
    args: [organizationId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

export interface OrbitDeterminationFilter {
  spacecraftId?: string;
  status?: JobStatus;
}

/** A page of jobs (without their solutions: the list shows status and progress). */
export async function listOrbitDeterminations(
  db: SqlExecutor,
  organizationId: string,
  filter: OrbitDeterminationFilter,
  page: PageRequest,
): Promise<{ items: OrbitDetermination[]; totalElements: number }> {
  const where = ['organization_id = ?'];
  const args: Array<string | number> = [organizationId];
  if (filter.spacecraftId !== undefined) {
    where.push('spacecraft_id = ?');
    args.push(filter.spacecraftId);
  }
  if (filter.status !== undefined) {
    where.push('status = ?');
    args.push(filter.status);
  }
  const whereSql = where.join(' AND ');
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n FROM orbit_determinations WHERE ${whereSql}`, args });
  const clause = pageClause(page, ORBIT_DETERMINATION_SORT_COLUMNS, 'id ASC');
  const rows = await db.execute({ sql: `SELECT ${COLUMNS} FROM orbit_determinations WHERE ${whereSql}${clause.sql}`, args: [...args, ...clause.args] });
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

/** Claims the oldest runnable job for `owner` (see storage/sql/leasedJobs.ts). */
export async function claimNextOrbitDetermination(db: SqlExecutor, owner: string, leaseMs: number, now = new Date()): Promise<OrbitDetermination | null> {
  const row = await claimNextLeasedJob(db, TABLE, owner, leaseMs, now);
  return row ? fromRow(row as Record<string, unknown>) : null;
}

export function renewOrbitDeterminationLease(db: SqlExecutor, id: string, owner: string, leaseMs: number): Promise<boolean> {
  return renewJobLease(db, TABLE, id, owner, leaseMs);
}

/** Records the fit's progress while `owner` holds the job. */
export async function writeOrbitDeterminationProgress(db: SqlExecutor, id: string, owner: string, progress: OrbitDeterminationProgress): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE orbit_determinations SET progress = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [JSON.stringify(progress), nowIso(), id, owner],
  });
  return result.rowsAffected === 1;
}

function outcomeSet(outcome: OrbitDeterminationOutcome) {
  return {
    sql: 'converged = ?, solution = ?, residual_count = ?, progress = ?',
    args: [outcome.converged ? 1 : 0, JSON.stringify(outcome.solution), outcome.residualCount, JSON.stringify(outcome.progress)],
  };
}

/** SUCCEEDED with the solution, if `owner` still holds the job (false: roll back the residual rows). */
export function completeOrbitDetermination(db: SqlExecutor, id: string, owner: string, outcome: OrbitDeterminationOutcome): Promise<boolean> {
  return completeLeasedJob(db, TABLE, id, owner, outcomeSet(outcome));
}

/**
 * FAILED with `error` (or back to QUEUED after a backoff when `retry` and attempts remain), if `owner` still holds
 * the job. A fit that ran but did not converge keeps its last solution and residuals (`outcome`).
 */
export function failOrbitDetermination(
  db: SqlExecutor,
  id: string,
  owner: string,
  error: string,
  retry: boolean,
  outcome?: OrbitDeterminationOutcome,
  backoff: RetryBackoff = { baseMs: 5_000, maxMs: 60_000 },
): Promise<boolean> {
  return failLeasedJob(db, TABLE, id, owner, error, retry, { backoff, ...(outcome ? { set: outcomeSet(outcome) } : {}) });
}

/** Residual rows per INSERT (6 bound values each). */
const RESIDUAL_ROWS_PER_INSERT = 500;

/** Replaces the post-fit residuals of a job (inside its completion transaction). */
export async function writeResidualRows(db: SqlExecutor, id: string, rows: readonly StoredResidualRow[]): Promise<void> {
  await db.execute({ sql: 'DELETE FROM orbit_determination_residuals WHERE orbit_determination_id = ?', args: [id] });
  for (let start = 0; start < rows.length; start += RESIDUAL_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + RESIDUAL_ROWS_PER_INSERT);
    await db.execute({
      sql: `INSERT INTO orbit_determination_residuals (orbit_determination_id, seq, epoch, rejected, max_abs_normalized, row)
            VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      args: chunk.flatMap((r) => [id, r.seq, r.epoch, r.rejected ? 1 : 0, r.maxAbsNormalized, JSON.stringify(r.row)]),
    });
    await yieldToEventLoop();
  }
}

/** A page of a job's residual rows (the caller checked the job belongs to the organization). */
export async function pageResidualRows(
  db: SqlExecutor,
  id: string,
  page: PageRequest,
  filter: { rejected?: boolean } = {},
): Promise<{ items: Array<Record<string, unknown>>; totalElements: number }> {
  const where = ['orbit_determination_id = ?'];
  const args: Array<string | number> = [id];
  if (filter.rejected !== undefined) {
    where.push('rejected = ?');
    args.push(filter.rejected ? 1 : 0);
  }
  const whereSql = where.join(' AND ');
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n FROM orbit_determination_residuals WHERE ${whereSql}`, args });
  const clause = pageClause(page, { epoch: 'seq', normalized: 'max_abs_normalized' }, 'seq ASC');
  const rows = await db.execute({ sql: `SELECT row FROM orbit_determination_residuals WHERE ${whereSql}${clause.sql}`, args: [...args, ...clause.args] });
  return { items: rows.rows.map((r) => JSON.parse(String(r.row)) as Record<string, unknown>), totalElements: Number(count.rows[0]!.n) };
}

/** Residual rows in epoch order after `afterSeq` (the plot reads them chunk by chunk). */
export async function scanResidualRows(db: SqlExecutor, id: string, afterSeq: number, limit: number): Promise<Array<{ seq: number; row: Record<string, unknown> }>> {
  const result = await db.execute({
    sql: 'SELECT seq, row FROM orbit_determination_residuals WHERE orbit_determination_id = ? AND seq > ? ORDER BY seq LIMIT ?',
    args: [id, afterSeq, limit],
  });
  return result.rows.map((r) => ({ seq: Number(r.seq), row: JSON.parse(String(r.row)) as Record<string, unknown> }));
}

/**
 * Records the acceptance of a converged, succeeded solution as state vector `stateVectorNumber`, once: false when it
 * is not (any more) acceptable — already accepted, not converged, not finished — so the caller rolls back.
 */
export async function markOrbitDeterminationAccepted(db: SqlExecutor, organizationId: string, id: string, stateVectorNumber: number): Promise<boolean> {
  const now = nowIso();
  const result = await db.execute({
    sql: `UPDATE orbit_determinations SET accepted_state_vector_number = ?, accepted_at = ?, updated_at = ?
          WHERE organization_id = ? AND id = ? AND accepted_state_vector_number IS NULL AND status = 'SUCCEEDED' AND converged = 1`,
    args: [stateVectorNumber, now, now, organizationId, id],
  });
  return result.rowsAffected === 1;
}

/**
 * The accepted state vector `stateVectorNumber` was deleted: its orbit determination is no longer accepted (it may
 * be accepted again), so no solution names a state vector that does not exist. Returns how many were released.
 */
export async function releaseAcceptedStateVector(db: SqlExecutor, organizationId: string, stateVectorNumber: number): Promise<number> {
  const result = await db.execute({
    sql: `UPDATE orbit_determinations SET accepted_state_vector_number = NULL, accepted_at = NULL, updated_at = ?
          WHERE organization_id = ? AND accepted_state_vector_number = ?`,
    args: [nowIso(), organizationId, stateVectorNumber],
  });
  return result.rowsAffected;
}
