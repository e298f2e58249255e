/**
 * Avoidance plans of conjunction events (migration 0024), on the lease mechanism shared by every job table
 * (storage/sql/leasedJobs.ts): QUEUED → RUNNING → SUCCEEDED | FAILED | CANCELLED, one atomic claim, a lease renewed
 * while the plan is computed, completion only by the lease holder; then, once, the acceptance of one candidate.
 * Every statement a caller can reach is scoped by organization.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso } from './sql/db.ts';
import {
  cancelQueuedLeasedJob,
  claimNextLeasedJob,
  completeLeasedJob,
  endLeasedJobCancelled,
  failLeasedJob,
  renewJobLease,
  type LeasedTable,
  type RetryBackoff,
} from './sql/leasedJobs.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { JobStatus } from '../domain/jobs/model.ts';
import type { AvoidancePlan, AvoidancePlanResultView, NormalizedAvoidanceRequest } from '../domain/avoidance/model.ts';

const COLUMNS = `id, organization_id, event_id, spacecraft_id, status, attempts, max_attempts, error, cancel_requested, request,
  accepted_candidate, accepted_maneuver_id, accepted_at, accepted_oem IS NOT NULL AS has_oem, created_at, updated_at, started_at, finished_at`;

const TABLE: LeasedTable = { name: 'avoidance_plans', columns: COLUMNS, hasAvailableAt: true, failureKind: 'avoidance_plan' };

/** API sort field → SQL column. */
export const AVOIDANCE_PLAN_SORT_COLUMNS: Record<string, string> = { createdAt: 'created_at', updatedAt: 'updated_at', status: 'status' };

function fromRow(row: Record<string, unknown>): AvoidancePlan {
  const text = (key: string) => (row[key] == null ? null : String(row[key]));
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    eventId: String(row.event_id),
    spacecraftId: String(row.spacecraft_id),
    status: String(row.status) as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    error: text('error'),
    cancelRequested: Number(row.cancel_requested) === 1,
    request: JSON.parse(String(row.request)) as NormalizedAvoidanceRequest,
    result: row.result == null ? null : (JSON.parse(String(row.result)) as AvoidancePlanResultView),
    acceptedCandidate: row.accepted_candidate == null ? null : Number(row.accepted_candidate),
    acceptedManeuverId: text('accepted_maneuver_id'),
    acceptedAt: text('accepted_at'),
    hasOem: Number(row.has_oem) === 1,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
  };
}

export async function insertAvoidancePlan(
  db: SqlExecutor,
  plan: { organizationId: string; eventId: string; spacecraftId: string; request: NormalizedAvoidanceRequest; maxAttempts?: number },
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await db.execute({
    sql: `INSERT INTO avoidance_plans (id, organization_id, event_id, spacecraft_id, status, attempts, max_attempts, request, created_at, updated_at)
          VALUES (?, ?, ?, ?, 'QUEUED', 0, ?, ?, ?, ?)`,
    args: [id, plan.organizationId, plan.eventId, plan.spacecraftId, plan.maxAttempts ?? 3, JSON.stringify(plan.request), now, now],
  });
  return id;
}

/** One plan of one event (with its result). */
export async function findAvoidancePlan(db: SqlExecutor, organizationId: string, eventId: string, id: string): Promise<AvoidancePlan | null> {
  const result = await db.execute({
    sql: `SELECT ${COLUMNS}, result FROM avoidance_plans WHERE organization_id = ? AND event_id = ? AND id = ?`,
    args: [organizationId, eventId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

/** A page of an event's plans (without their results). */
export async function listAvoidancePlans(
  db: SqlExecutor,
  organizationId: string,
  eventId: string,
  page: PageRequest,
): Promise<{ items: AvoidancePlan[]; totalElements: number }> {
  const count = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM avoidance_plans WHERE organization_id = ? AND event_id = ?', args: [organizationId, eventId] });
  const clause = pageClause(page, AVOIDANCE_PLAN_SORT_COLUMNS, 'id ASC');
  const rows = await db.execute({
    sql: `SELECT ${COLUMNS} FROM avoidance_plans WHERE organization_id = ? AND event_id = ?${clause.sql}`,
    args: [organizationId, eventId, ...clause.args],
  });
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

/** The accepted plans of an event, oldest first (the event's timeline shows them). */
export async function acceptedAvoidancePlans(db: SqlExecutor, organizationId: string, eventId: string): Promise<AvoidancePlan[]> {
  const rows = await db.execute({
    sql: `SELECT ${COLUMNS} FROM avoidance_plans WHERE organization_id = ? AND event_id = ? AND accepted_candidate IS NOT NULL ORDER BY accepted_at, id`,
    args: [organizationId, eventId],
  });
  return rows.rows.map((r) => fromRow(r as Record<string, unknown>));
}

export async function claimNextAvoidancePlan(db: SqlExecutor, owner: string, leaseMs: number, now = new Date()): Promise<AvoidancePlan | null> {
  const row = await claimNextLeasedJob(db, TABLE, owner, leaseMs, now);
  return row ? fromRow(row as Record<string, unknown>) : null;
}

export function renewAvoidancePlanLease(db: SqlExecutor, id: string, owner: string, leaseMs: number): Promise<boolean> {
  return renewJobLease(db, TABLE, id, owner, leaseMs);
}

/** SUCCEEDED with the plan, if `owner` still holds the job. */
export function completeAvoidancePlan(db: SqlExecutor, id: string, owner: string, result: AvoidancePlanResultView): Promise<boolean> {
  return completeLeasedJob(db, TABLE, id, owner, { sql: 'result = ?', args: [JSON.stringify(result)] });
}

export function failAvoidancePlan(db: SqlExecutor, id: string, owner: string, error: string, retry: boolean, backoff: RetryBackoff = { baseMs: 5_000, maxMs: 60_000 }): Promise<boolean> {
  return failLeasedJob(db, TABLE, id, owner, error, retry, { backoff });
}

export function endAvoidancePlanCancelled(db: SqlExecutor, id: string, owner: string): Promise<boolean> {
  return endLeasedJobCancelled(db, TABLE, id, owner);
}

/**
 * The client's cancel: a QUEUED plan becomes CANCELLED at once; a RUNNING one is flagged (its runner stops it). False
 * when the plan had ended (or is not this organization's).
 */
export async function cancelAvoidancePlan(db: SqlExecutor, organizationId: string, eventId: string, id: string): Promise<boolean> {
  const scope = { sql: 'organization_id = ? AND event_id = ?', args: [organizationId, eventId] };
  if (await cancelQueuedLeasedJob(db, TABLE, id, scope)) return true;
  const result = await db.execute({
    sql: `UPDATE avoidance_plans SET cancel_requested = 1, updated_at = ? WHERE id = ? AND organization_id = ? AND event_id = ? AND status = 'RUNNING'`,
    args: [nowIso(), id, organizationId, eventId],
  });
  return result.rowsAffected === 1;
}

export async function avoidancePlanCancelRequested(db: SqlExecutor, id: string): Promise<boolean> {
  const result = await db.execute({ sql: 'SELECT cancel_requested FROM avoidance_plans WHERE id = ?', args: [id] });
  return Number(result.rows[0]?.cancel_requested ?? 0) === 1;
}

/**
 * Records the acceptance of candidate `candidate` of a SUCCEEDED plan, with its maneuver and OEM, once: false when
 * the plan is not (any more) acceptable — already accepted, not finished — so the caller rolls back.
 */
export async function markAvoidancePlanAccepted(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  accepted: { candidate: number; maneuverId: string; oem: string },
): Promise<boolean> {
  const now = nowIso();
  const result = await db.execute({
    sql: `UPDATE avoidance_plans SET accepted_candidate = ?, accepted_maneuver_id = ?, accepted_oem = ?, accepted_at = ?, updated_at = ?
          WHERE organization_id = ? AND id = ? AND accepted_candidate IS NULL AND status = 'SUCCEEDED'`,
    args: [accepted.candidate, accepted.maneuverId, accepted.oem, now, now, organizationId, id],
  });
  return result.rowsAffected === 1;
}

/** The accepted candidate's hypothetical OEM (KVN), or null. */
export async function findAvoidancePlanOem(db: SqlExecutor, organizationId: string, eventId: string, id: string): Promise<string | null> {
  const result = await db.execute({
    sql: 'SELECT accepted_oem FROM avoidance_plans WHERE organization_id = ? AND event_id = ? AND id = ?',
    args: [organizationId, eventId, id],
  });
  const value = result.rows[0]?.accepted_oem;
  return value == null ? null : String(value);
}
