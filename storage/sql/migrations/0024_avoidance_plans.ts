/**
 * Collision-avoidance plans of conjunction events (issue 38): one durable job per request on the shared lease
 * mechanism (storage/sql/leasedJobs.ts), carrying the request as validated (defaults applied, the spacecraft's values
 * resolved), once finished the plan (JSON: the trade space summary and the ranked, re-propagated candidates), and
 * once a candidate is accepted its index, the maneuver it became and the hypothetical post-maneuver OEM (KVN text,
 * with covariance) the operator downloads. A plan is accepted at most once (`accepted_candidate` set once). A
 * running plan is cancelled by its runner once `cancel_requested` is set (a queued one at once).
 */
import type { Migration } from '../migrations.ts';

export const migration0024: Migration = {
  version: 24,
  name: 'avoidance plans',
  statements: [
    `CREATE TABLE avoidance_plans (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      event_id TEXT NOT NULL,
      spacecraft_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL DEFAULT 3,
      lease_owner TEXT,
      lease_expires_at TEXT,
      available_at TEXT,
      claimed_from TEXT,
      error TEXT,
      cancel_requested INTEGER NOT NULL DEFAULT 0,
      request TEXT NOT NULL,
      result TEXT,
      accepted_candidate INTEGER,
      accepted_maneuver_id TEXT,
      accepted_oem TEXT,
      accepted_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT
    )`,
    `CREATE INDEX avoidance_plans_runnable ON avoidance_plans(status, created_at)`,
    `CREATE INDEX avoidance_plans_event ON avoidance_plans(organization_id, event_id, created_at)`,
  ],
};
