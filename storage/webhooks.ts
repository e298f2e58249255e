/**
 * Webhook subscriptions and their outbox (migration 0022). Deliveries are a leased table (storage/sql/leasedJobs.ts):
 * claimed with one `UPDATE … RETURNING` taking a lease, so of several instances exactly one attempts a delivery at a
 * time, and a delivery whose instance was killed mid-attempt is taken over once the lease has run out (attempted
 * again: at least once, never twice at the same time). Every query is scoped by organization.
 */
import { randomUUID } from 'node:crypto';
import { webhookBody, TEST_EVENT_TYPE, type WebhookSubscription, type WebhookDelivery } from '../domain/changes/model.ts';
import { shouldDisable, WEBHOOK_MAX_ATTEMPTS } from '../domain/changes/delivery.ts';
import type { SqlExecutor } from './sql/db.ts';
import { webhookMessageId } from './changes.ts';
import { claimNextLeasedJob, completeLeasedJob, failLeasedJob, renewJobLease, type LeasedTable } from './sql/leasedJobs.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import { nullableNumber, nullableText } from './sql/rows.ts';
import type { JobStatus } from '../domain/jobs/model.ts';

const SUBSCRIPTION_COLUMNS = 'id, organization_id, url, description, event_types, enabled, consecutive_failures, disabled_reason, created_at, updated_at';
const DELIVERY_COLUMNS =
  'id, organization_id, subscription_id, change_seq, event_type, body, status, attempts, max_attempts, error, last_status_code, last_attempt_at, available_at, created_at, updated_at, finished_at';

export const WEBHOOK_DELIVERIES: LeasedTable = { name: 'webhook_deliveries', columns: DELIVERY_COLUMNS, hasAvailableAt: true };

export const WEBHOOK_SORT_COLUMNS: Record<string, string> = { createdAt: 'created_at', updatedAt: 'updated_at', url: 'url' };
export const DELIVERY_SORT_COLUMNS: Record<string, string> = { createdAt: 'created_at', updatedAt: 'updated_at', status: 'status' };

function subscriptionFromRow(row: Record<string, unknown>): WebhookSubscription {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    url: String(row.url),
    description: nullableText(row, 'description'),
    eventTypes: JSON.parse(String(row.event_types)) as string[],
    enabled: Number(row.enabled) === 1,
    consecutiveFailures: Number(row.consecutive_failures),
    disabledReason: nullableText(row, 'disabled_reason'),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

function deliveryFromRow(row: Record<string, unknown>): WebhookDelivery {
  const status = String(row.status) as JobStatus;
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    subscriptionId: String(row.subscription_id),
    changeSeq: nullableNumber(row, 'change_seq'),
    eventType: String(row.event_type),
    body: String(row.body),
    status,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lastError: nullableText(row, 'error'),
    lastStatusCode: nullableNumber(row, 'last_status_code'),
    lastAttemptAt: nullableText(row, 'last_attempt_at'),
    // a queued delivery's next attempt: its backoff's end, or now when it has none
    nextAttemptAt: status === 'QUEUED' ? nullableText(row, 'available_at') ?? String(row.created_at) : null,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    finishedAt: nullableText(row, 'finished_at'),
    claimedFrom: nullableText(row, 'claimed_from'),
  };
}

export async function insertSubscription(
  db: SqlExecutor,
  input: { organizationId: string; url: string; description: string | null; eventTypes: readonly string[]; enabled: boolean; secret: string },
  now: string,
): Promise<WebhookSubscription> {
  const id = randomUUID();
  const result = await db.execute({
    sql: `INSERT INTO webhook_subscriptions (id, organization_id, url, description, event_types, enabled, secret, consecutive_failures, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING ${SUBSCRIPTION_COLUMNS}`,
    args: [id, input.organizationId, input.url, input.description, JSON.stringify(input.eventTypes), input.enabled ? 1 : 0, input.secret, now, now],
  });
  return subscriptionFromRow(result.rows[0] as Record<string, unknown>);
}

export async function findSubscription(db: SqlExecutor, organizationId: string, id: string): Promise<WebhookSubscription | null> {
  const row = (await db.execute({ sql: `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE id = ? AND organization_id = ?`, args: [id, organizationId] })).rows[0];
  return row ? subscriptionFromRow(row as Record<string, unknown>) : null;
}

/** The signing secret of a subscription (read by the delivery runner only; never answered after creation). */
export async function subscriptionSecret(db: SqlExecutor, id: string): Promise<{ secret: string; url: string; enabled: boolean } | null> {
  const row = (await db.execute({ sql: 'SELECT secret, url, enabled FROM webhook_subscriptions WHERE id = ?', args: [id] })).rows[0];
  return row ? { secret: String(row.secret), url: String(row.url), enabled: Number(row.enabled) === 1 } : null;
}

export async function listSubscriptions(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<{ items: WebhookSubscription[]; totalElements: number }> {
  const clause = pageClause(page, WEBHOOK_SORT_COLUMNS, 'id');
  const rows = (await db.execute({ sql: `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE organization_id = ?${clause.sql}`, args: [organizationId, ...clause.args] })).rows;
  const total = (await db.execute({ sql: 'SELECT COUNT(*) AS n FROM webhook_subscriptions WHERE organization_id = ?', args: [organizationId] })).rows[0];
  return { items: rows.map((r) => subscriptionFromRow(r as Record<string, unknown>)), totalElements: Number(total?.n ?? 0) };
}

/**
 * Applies a PATCH. Enabling a subscription again starts its failure count afresh and clears why it was disabled.
 * Returns the updated subscription, or null when the organization has none of that id.
 */
export async function updateSubscription(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  patch: { url?: string; description?: string | null; eventTypes?: readonly string[]; enabled?: boolean },
  now: string,
): Promise<WebhookSubscription | null> {
  const sets: string[] = [];
  const args: Array<string | number | null> = [];
  if (patch.url !== undefined) (sets.push('url = ?'), args.push(patch.url));
  if (patch.description !== undefined) (sets.push('description = ?'), args.push(patch.description));
  if (patch.eventTypes !== undefined) (sets.push('event_types = ?'), args.push(JSON.stringify(patch.eventTypes)));
  if (patch.enabled !== undefined) {
    sets.push('enabled = ?');
    args.push(patch.enabled ? 1 : 0);
    if (patch.enabled) sets.push('consecutive_failures = 0', 'disabled_reason = NULL');
  }
  sets.push('updated_at = ?');
  args.push(now);
  const result = await db.execute({
    sql: `UPDATE webhook_subscriptions SET ${sets.join(', ')} WHERE id = ? AND organization_id = ? RETURNING ${SUBSCRIPTION_COLUMNS}`,
    args: [...args, id, organizationId],
  });
  const row = result.rows[0];
  return row ? subscriptionFromRow(row as Record<string, unknown>) : null;
}

/** Deletes a subscription and (ON DELETE CASCADE) its deliveries; false when the organization has none of that id. */
export async function deleteSubscription(db: SqlExecutor, organizationId: string, id: string): Promise<boolean> {
  const result = await db.execute({ sql: 'DELETE FROM webhook_subscriptions WHERE id = ? AND organization_id = ?', args: [id, organizationId] });
  return result.rowsAffected === 1;
}

/** Queues a `webhook.test` delivery to this subscription only (no change is recorded). */
export async function insertTestDelivery(db: SqlExecutor, subscription: WebhookSubscription, data: unknown, now: string): Promise<WebhookDelivery> {
  const result = await db.execute({
    sql: `INSERT INTO webhook_deliveries (id, organization_id, subscription_id, change_seq, event_type, body, status, attempts, max_attempts, created_at, updated_at)
          VALUES (?, ?, ?, NULL, ?, ?, 'QUEUED', 0, ?, ?, ?) RETURNING ${DELIVERY_COLUMNS}, claimed_from`,
    args: [webhookMessageId(), subscription.organizationId, subscription.id, TEST_EVENT_TYPE, webhookBody(TEST_EVENT_TYPE, now, data), WEBHOOK_MAX_ATTEMPTS, now, now],
  });
  return deliveryFromRow(result.rows[0] as Record<string, unknown>);
}

export async function listDeliveries(db: SqlExecutor, organizationId: string, subscriptionId: string, page: PageRequest): Promise<{ items: WebhookDelivery[]; totalElements: number }> {
  const clause = pageClause(page, DELIVERY_SORT_COLUMNS, 'id');
  const where = 'WHERE subscription_id = ? AND organization_id = ?';
  const rows = (await db.execute({ sql: `SELECT ${DELIVERY_COLUMNS}, claimed_from FROM webhook_deliveries ${where}${clause.sql}`, args: [subscriptionId, organizationId, ...clause.args] })).rows;
  const total = (await db.execute({ sql: `SELECT COUNT(*) AS n FROM webhook_deliveries ${where}`, args: [subscriptionId, organizationId] })).rows[0];
  return { items: rows.map((r) => deliveryFromRow(r as Record<string, unknown>)), totalElements: Number(total?.n ?? 0) };
}

/** Claims the oldest due delivery (QUEUED and past its backoff, or RUNNING under an expired lease). */
export async function claimNextDelivery(db: SqlExecutor, owner: string, leaseMs: number, now = new Date()): Promise<WebhookDelivery | null> {
  const row = await claimNextLeasedJob(db, WEBHOOK_DELIVERIES, owner, leaseMs, now);
  return row ? deliveryFromRow(row as Record<string, unknown>) : null;
}

export function renewDeliveryLease(db: SqlExecutor, id: string, owner: string, leaseMs: number): Promise<boolean> {
  return renewJobLease(db, WEBHOOK_DELIVERIES, id, owner, leaseMs);
}

/** Delivered (a 2xx): the delivery SUCCEEDED and its subscription's failure count starts afresh. */
export async function completeDelivery(db: SqlExecutor, delivery: WebhookDelivery, owner: string, statusCode: number, now: number): Promise<boolean> {
  const at = new Date(now).toISOString();
  const done = await completeLeasedJob(db, WEBHOOK_DELIVERIES, delivery.id, owner, { sql: 'last_status_code = ?, last_attempt_at = ?', args: [statusCode, at] }, now);
  if (done) {
    await db.execute({ sql: 'UPDATE webhook_subscriptions SET consecutive_failures = 0 WHERE id = ?', args: [delivery.subscriptionId] });
  }
  return done;
}

/**
 * A failed attempt: queued again after `retryAt` while attempts remain (else FAILED), the subscription's failure count
 * raised; when that reaches `disableAfter` the subscription is disabled with `reason`, and its queued deliveries
 * CANCELLED (they would only fail too). Returns whether the subscription was disabled by this failure.
 */
export async function failDelivery(
  db: SqlExecutor,
  delivery: WebhookDelivery,
  owner: string,
  attempt: { error: string; statusCode: number | null; retryAt: number; now: number },
  disableAfter: number,
): Promise<{ held: boolean; disabled: boolean }> {
  const at = new Date(attempt.now).toISOString();
  const held = await failLeasedJob(db, WEBHOOK_DELIVERIES, delivery.id, owner, attempt.error, true, {
    now: attempt.now,
    set: { sql: 'last_status_code = ?, last_attempt_at = ?, available_at = ?', args: [attempt.statusCode, at, new Date(attempt.retryAt).toISOString()] },
  });
  if (!held) return { held, disabled: false };
  const row = (await db.execute({
    sql: `UPDATE webhook_subscriptions SET consecutive_failures = consecutive_failures + 1, updated_at = ? WHERE id = ? RETURNING consecutive_failures, enabled`,
    args: [at, delivery.subscriptionId],
  })).rows[0];
  if (!row || Number(row.enabled) !== 1 || !shouldDisable(Number(row.consecutive_failures), disableAfter)) return { held, disabled: false };
  const reason = `disabled after ${Number(row.consecutive_failures)} consecutive failed delivery attempts; last: ${attempt.error}`;
  await db.execute({
    sql: 'UPDATE webhook_subscriptions SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?',
    args: [reason, at, delivery.subscriptionId],
  });
  await db.execute({
    sql: `UPDATE webhook_deliveries SET status = 'CANCELLED', error = 'the subscription was disabled', updated_at = ?, finished_at = ?
          WHERE subscription_id = ? AND status = 'QUEUED'`,
    args: [at, at, delivery.subscriptionId],
  });
  return { held, disabled: true };
}

/** Ends a delivery whose subscription is disabled or gone, by its lease holder: CANCELLED, not attempted. */
export async function cancelClaimedDelivery(db: SqlExecutor, id: string, owner: string, reason: string, now: number): Promise<boolean> {
  const at = new Date(now).toISOString();
  const result = await db.execute({
    sql: `UPDATE webhook_deliveries SET status = 'CANCELLED', error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?, finished_at = ?
          WHERE id = ? AND lease_owner = ? AND status = 'RUNNING'`,
    args: [reason, at, at, id, owner],
  });
  return result.rowsAffected === 1;
}
