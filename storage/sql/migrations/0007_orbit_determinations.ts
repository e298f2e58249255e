/**
 * Orbit determination: one durable job per request on the shared lease mechanism (storage/sql/leasedJobs.ts),
 * carrying the request, its progress, and once finished the solution (JSON) and the accepted state vector. The
 * post-fit residuals are rows of their own, so a page of them, or the plot, reads only what it shows.
 */
import type { Migration } from '../migrations.ts';

export const migration0007: Migration = {
  version: 7,
  name: 'orbit determinations',
  statements: [
    `CREATE TABLE orbit_determinations (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      spacecraft_id TEXT NOT NULL REFERENCES spacecraft(id),
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL DEFAULT 3,
      lease_owner TEXT,
      lease_expires_at TEXT,
      available_at TEXT,
      error TEXT,
      request TEXT NOT NULL,
      apriori_state_vector_number INTEGER NOT NULL,
      start_epoch TEXT NOT NULL,
      end_epoch TEXT NOT NULL,
      progress TEXT,
      converged INTEGER,
      solution TEXT,
      residual_count INTEGER,
      accepted_state_vector_number INTEGER,
      accepted_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT
    )`,
    `CREATE INDEX orbit_determinations_runnable ON orbit_determinations(status, created_at)`,
    `CREATE INDEX orbit_determinations_org ON orbit_determinations(organization_id, created_at)`,
    `CREATE INDEX orbit_determinations_org_craft ON orbit_determinations(organization_id, spacecraft_id, created_at)`,
    // seq is the row's place in epoch order; max_abs_normalized serves "worst first".
    `CREATE TABLE orbit_determination_residuals (
      orbit_determination_id TEXT NOT NULL REFERENCES orbit_determinations(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      epoch TEXT NOT NULL,
      rejected INTEGER NOT NULL,
      max_abs_normalized REAL NOT NULL,
      row TEXT NOT NULL,
      PRIMARY KEY (orbit_determination_id, seq)
    ) WITHOUT ROWID`,
    `CREATE INDEX orbit_determination_residuals_worst ON orbit_determination_residuals(orbit_determination_id, max_abs_normalized)`,
  ],
};
