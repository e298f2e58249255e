/**
 * The webhook outbox's runner, in the shape of every durable runner (leasedJobRunner.ts): claim a
 * due delivery with a lease, sign it, POST it once, record the outcome. The lease makes one attempt at a time across
 * instances; a delivery whose instance was killed mid-attempt is attempted again once the lease has run out (at least
 * once — the receiver deduplicates by `webhook-id`, which is the same on every attempt).
 *
 * Signed as the Standard Webhooks specification says ("Signature scheme": HMAC-SHA256 over `id.timestamp.body`,
 * headers `webhook-id`, `webhook-timestamp`, `webhook-signature`) by its own library, `standardwebhooks`. The timestamp
 * is the attempt's (receivers refuse old ones to stop replays), so each attempt is signed afresh.
 */
import { Webhook } from 'standardwebhooks';
import { isDelivered, retryDelayMs } from '../../domain/changes/delivery.ts';
import { TEST_EVENT_TYPE, type WebhookDelivery } from '../../domain/changes/model.ts';
import { inWriteScope } from '../../storage/changes.ts';
import type { Db } from '../../storage/sql/db.ts';
import { cancelClaimedDelivery, claimNextDelivery, completeDelivery, failDelivery, renewDeliveryLease, subscriptionSecret } from '../../storage/webhooks.ts';
import { logError, logInfo } from '../log.ts';
import { deliverWebhook, WebhookTransportError } from '../net/webhookTarget.ts';
import { type JobLease, LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';

export interface WebhookRunnerSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  retryBaseMs: number;
  disableAfter: number;
}

/** What became of one attempt, for /metrics (apsis_webhook_deliveries_total{outcome}). */
export type DeliveryOutcome = 'delivered' | 'failed' | 'disabled';

export class WebhookRunner extends LeasedJobRunner<WebhookDelivery> {
  constructor(
    private readonly db: Db,
    private readonly settings: WebhookRunnerSettings,
    options: LeasedJobRunnerOptions = {},
    private readonly onOutcome: (outcome: DeliveryOutcome) => void = () => undefined,
    private readonly random: () => number = Math.random,
  ) {
    super('webhooks', options);
  }

  protected claim(): Promise<WebhookDelivery | null> {
    return claimNextDelivery(this.db, this.owner, this.leaseMs);
  }

  protected renew(id: string): Promise<boolean> {
    return renewDeliveryLease(this.db, id, this.owner, this.leaseMs);
  }

  protected async run(delivery: WebhookDelivery, lease: JobLease): Promise<void> {
    const db = this.db;
    const subscription = await subscriptionSecret(db, delivery.subscriptionId);
    // a test event goes to a disabled subscription too (it is how a receiver is checked before enabling it again)
    if (!subscription || (!subscription.enabled && delivery.eventType !== TEST_EVENT_TYPE)) {
      await cancelClaimedDelivery(db, delivery.id, this.owner, subscription ? 'the subscription is disabled' : 'the subscription was deleted', Date.now());
      return;
    }
    const sentAt = new Date();
    const signature = new Webhook(subscription.secret).sign(delivery.id, sentAt, delivery.body);
    const headers = {
      'webhook-id': delivery.id,
      // seconds since the epoch (spec "Webhook metadata")
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const answer = await deliverWebhook({ url: subscription.url, headers, body: delivery.body, timeoutMs: this.settings.timeoutMs, allowPrivate: this.settings.allowPrivate });
      statusCode = answer.statusCode;
      if (!isDelivered(answer.statusCode)) {
        error = answer.statusCode >= 300 && answer.statusCode < 400
          ? `the receiver answered ${answer.statusCode} (redirect to ${answer.location ?? 'nowhere'}): redirects are not followed`
          : `the receiver answered ${answer.statusCode}`;
      }
    } catch (caught) {
      error = caught instanceof WebhookTransportError ? caught.message : `delivery failed: ${String(caught)}`;
    }
    if (lease.lost) {
      // another instance took the delivery over (our lease ran out): it records the outcome of its own attempt
      logError('webhook delivery lease lost during the attempt', { deliveryId: delivery.id, owner: this.owner });
      return;
    }
    const now = Date.now();
    if (error === null) {
      await inWriteScope(db, (tx) => completeDelivery(tx, delivery, this.owner, statusCode!, now));
      this.onOutcome('delivered');
      return;
    }
    const retryAt = now + retryDelayMs(delivery.attempts, this.settings.retryBaseMs, this.random());
    const { disabled } = await inWriteScope(db, (tx) => failDelivery(tx, delivery, this.owner, { error, statusCode, retryAt, now }, this.settings.disableAfter));
    this.onOutcome('failed');
    if (disabled) {
      this.onOutcome('disabled');
      logInfo('webhook subscription disabled after consecutive failures', { subscriptionId: delivery.subscriptionId, error });
    }
  }
}
