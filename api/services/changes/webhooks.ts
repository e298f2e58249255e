/**
 * Webhook subscriptions: create (the signing secret shown once), list, read, change, delete, the
 * delivery log, and a test event. A subscription of another organization is 404, as every resource (ARCHITECTURE →
 * Auth). The URL is checked against the address rules (api/net/webhookTarget.ts) here, at creation and on every change
 * — 422 naming `url` — and again at every delivery (DNS may answer otherwise later).
 */
import { randomBytes } from 'node:crypto';
import { inTransaction, nowIso, type Db } from '../../../storage/sql/db.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import { deleteSubscription, findSubscription, insertSubscription, insertTestDelivery, listDeliveries, listSubscriptions, updateSubscription } from '../../../storage/webhooks.ts';
import type { WebhookDelivery, WebhookSubscription } from '../../../domain/changes/model.ts';
import type { AppDeps } from '../../context.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { pageEnvelope } from '../../http/paging.ts';
import { webhookUrlProblem } from '../../net/webhookTarget.ts';

/**
 * A Standard Webhooks secret (spec "Signature scheme": a random key of 24 to 64 bytes, base64, prefixed `whsec_`):
 * 32 bytes from the system's CSPRNG.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function subscriptionView(s: WebhookSubscription) {
  return {
    id: s.id,
    url: s.url,
    description: s.description,
    eventTypes: s.eventTypes,
    enabled: s.enabled,
    consecutiveFailures: s.consecutiveFailures,
    disabledReason: s.disabledReason,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export function deliveryView(d: WebhookDelivery) {
  return {
    id: d.id,
    subscriptionId: d.subscriptionId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    maxAttempts: d.maxAttempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    finishedAt: d.finishedAt,
    payload: JSON.parse(d.body) as unknown,
  };
}

function subscriptionNotFound(id: string) {
  return notFound(`webhook subscription ${id} not found`, 'WEBHOOK_NOT_FOUND');
}

/** 422 WEBHOOK_TARGET_REFUSED naming `url` when the URL may not be a target under this configuration. */
function assertTarget(url: string, allowPrivate: boolean): void {
  const problem = webhookUrlProblem(url, allowPrivate);
  if (problem) throw unprocessable('WEBHOOK_TARGET_REFUSED', `url: ${problem}`, { code: 'webhook.target.refused', fieldErrors: { url: problem } });
}

export async function createWebhook(deps: Pick<AppDeps, 'db' | 'config'>, organizationId: string, input: { url: string; eventTypes: string[]; description?: string | null | undefined; enabled?: boolean | undefined }) {
  assertTarget(input.url, deps.config.webhookAllowPrivate);
  const secret = newWebhookSecret();
  const created = await insertSubscription(deps.db, {
    organizationId,
    url: input.url,
    description: input.description ?? null,
    eventTypes: input.eventTypes,
    enabled: input.enabled ?? true,
    secret,
  }, nowIso());
  return { ...subscriptionView(created), secret };
}

export async function getWebhook(db: Db, organizationId: string, id: string) {
  const found = await findSubscription(db, organizationId, id);
  if (!found) throw subscriptionNotFound(id);
  return subscriptionView(found);
}

export async function listWebhooks(db: Db, organizationId: string, page: PageRequest) {
  const { items, totalElements } = await listSubscriptions(db, organizationId, page);
  return pageEnvelope(items.map(subscriptionView), totalElements, page);
}

export async function patchWebhook(
  deps: Pick<AppDeps, 'db' | 'config'>,
  organizationId: string,
  id: string,
  patch: { url?: string | undefined; eventTypes?: string[] | undefined; description?: string | null | undefined; enabled?: boolean | undefined },
) {
  if (patch.url !== undefined) assertTarget(patch.url, deps.config.webhookAllowPrivate);
  const updated = await updateSubscription(deps.db, organizationId, id, {
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.eventTypes !== undefined ? { eventTypes: patch.eventTypes } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
  }, nowIso());
  if (!updated) throw subscriptionNotFound(id);
  return subscriptionView(updated);
}

export async function removeWebhook(db: Db, organizationId: string, id: string): Promise<void> {
  if (!(await inTransaction(db, (tx) => deleteSubscription(tx, organizationId, id)))) throw subscriptionNotFound(id);
}

export async function webhookDeliveries(db: Db, organizationId: string, id: string, page: PageRequest) {
  if (!(await findSubscription(db, organizationId, id))) throw subscriptionNotFound(id);
  const { items, totalElements } = await listDeliveries(db, organizationId, id, page);
  return pageEnvelope(items.map(deliveryView), totalElements, page);
}

/**
 * Queues a `webhook.test` delivery to this subscription only, whatever its event types (a disabled one too: the test
 * is how a receiver is checked before enabling it again; its outcome counts like any attempt's).
 */
export async function sendTestEvent(deps: Pick<AppDeps, 'db' | 'webhookRunner'>, organizationId: string, id: string) {
  const subscription = await findSubscription(deps.db, organizationId, id);
  if (!subscription) throw subscriptionNotFound(id);
  const now = nowIso();
  const delivery = await insertTestDelivery(deps.db, subscription, { subscriptionId: id, message: 'a test event from Apsis: no data changed' }, now);
  deps.webhookRunner?.wake();
  return { delivery: deliveryView(delivery) };
}

