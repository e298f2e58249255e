/**
 * The change log, its feeds' retention horizons, webhook subscriptions and their durable outbox.
 *
 *  - `change_events`: one row per change a client may be told of (domain/changes/model.ts), written in the same
 *    transaction as the change itself. `seq` (INTEGER PRIMARY KEY AUTOINCREMENT) is the cursor of the change feeds:
 *    assigned by the one writer (the embedded file's, or the sqld primary's), never reused after a prune, and — as
 *    SQLite serializes write transactions — in commit order, so a reader that has seen seq n has seen every change
 *    before it.
 *  - `change_feed_horizon`: per feed, the highest seq the retention sweep has removed: a feed token at or below it
 *    may have missed changes and is answered 410 Gone (api/services/changes/changes.ts).
 *  - `webhook_subscriptions`: per organization, the URL, the event types (JSON array), the Standard Webhooks signing
 *    secret (`whsec_…`; stored, as it signs every delivery), enabled, consecutive failures and why it was disabled.
 *  - `webhook_deliveries`: the outbox — one row per (subscription, change) (or a test event: `change_seq` NULL), a
 *    leased table (storage/sql/leasedJobs.ts): exactly one attempt at a time across instances, taken over after a killed
 *    instance's lease runs out; the body is fixed when the row is written, so every retry sends the same bytes.
 */
import type { Migration } from '../migrations.ts';

export const migration0022: Migration = {
  version: 22,
  name: 'change log, feed horizons, webhook subscriptions and deliveries',
  statements: [
    `CREATE TABLE change_events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      organization_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      resource_type TEXT NOT NULL,
      resource_id TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX change_events_org_kind ON change_events(organization_id, kind, seq)`,
    `CREATE INDEX change_events_created ON change_events(created_at)`,
    `CREATE TABLE change_feed_horizon (
      feed TEXT PRIMARY KEY,
      pruned_through_seq INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE TABLE webhook_subscriptions (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      url TEXT NOT NULL,
      description TEXT,
      event_types TEXT NOT NULL,
      enabled INTEGER NOT NULL DEFAULT 1,
      secret TEXT NOT NULL,
      consecutive_failures INTEGER NOT NULL DEFAULT 0,
      disabled_reason TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX webhook_subscriptions_org ON webhook_subscriptions(organization_id, created_at)`,
    `CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL,
      subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
      change_seq INTEGER,
      event_type TEXT NOT NULL,
      body TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL,
      lease_owner TEXT,
      lease_expires_at TEXT,
      available_at TEXT,
      error TEXT,
      last_status_code INTEGER,
      last_attempt_at TEXT,
      claimed_from TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT
    )`,
    `CREATE INDEX webhook_deliveries_claim ON webhook_deliveries(status, created_at, id)`,
    `CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries(subscription_id, created_at)`,
    `CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries(subscription_id, change_seq) WHERE change_seq IS NOT NULL`,
  ],
};
