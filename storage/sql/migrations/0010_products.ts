/**
 * Scheduled tasks, their runs, stored products and batch OEM jobs.
 *
 * `scheduled_tasks` existed as a placeholder (name + one scheduled instant) that only the lifecycle rule read. It is
 * rebuilt with a kind, parameters, a schedule and run bookkeeping; every existing row survives as a task of kind
 * UNSPECIFIED (nothing says what it should run), disabled, with a one-off schedule at its old `scheduled_at`: it is
 * listed, counts for the lifecycle rule (`taskCount`), and can be given a kind by PATCH or deleted.
 *
 * Runs (`task_runs`) and batch jobs (`ephemeris_batches`) are leased job tables (storage/sql/leasedJobs.ts). Products keep
 * their file in `product_chunks`: fixed-size pieces of the file (each deflated on its own for text products, so a
 * Range request inflates only the pieces it covers; a ZIP is stored as it is, its entries already deflated).
 */
import type { Migration } from '../migrations.ts';

export const migration0010: Migration = {
  version: 10,
  name: 'scheduled tasks, task runs, products, batch OEM jobs',
  statements: [
    `CREATE TABLE scheduled_tasks_v2 (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL,
      spacecraft_id TEXT NOT NULL REFERENCES spacecraft(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('UNSPECIFIED', 'GENERATE_OEM', 'GENERATE_TLE', 'ORBIT_DETERMINATION')),
      parameters TEXT NOT NULL,
      schedule_type TEXT NOT NULL CHECK (schedule_type IN ('INTERVAL', 'CRON', 'ONCE')),
      interval_seconds INTEGER,
      schedule_start TEXT,
      cron_expression TEXT,
      enabled INTEGER NOT NULL,
      next_run_at TEXT,
      retention_max_count INTEGER,
      retention_max_age_days INTEGER,
      last_run_id TEXT,
      last_run_at TEXT,
      last_run_status TEXT,
      last_run_error TEXT,
      last_product_id TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `INSERT INTO scheduled_tasks_v2 (id, organization_id, spacecraft_id, name, kind, parameters, schedule_type, schedule_start,
       enabled, next_run_at, created_at, updated_at)
     SELECT id, organization_id, spacecraft_id, name, 'UNSPECIFIED', '{}', 'ONCE',
       COALESCE(strftime('%Y-%m-%dT%H:%M:%fZ', scheduled_at), scheduled_at), 0, NULL, created_at, created_at
     FROM scheduled_tasks`,
    `DROP TABLE scheduled_tasks`,
    `ALTER TABLE scheduled_tasks_v2 RENAME TO scheduled_tasks`,
    `CREATE INDEX scheduled_tasks_org_craft ON scheduled_tasks(organization_id, spacecraft_id, created_at)`,
    // The scheduler looks for enabled tasks whose next run has come.
    `CREATE INDEX scheduled_tasks_due ON scheduled_tasks(next_run_at) WHERE enabled = 1`,

    `CREATE TABLE task_runs (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL,
      task_id TEXT NOT NULL REFERENCES scheduled_tasks(id) ON DELETE CASCADE,
      spacecraft_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      scheduled_for TEXT NOT NULL,
      due_since TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL DEFAULT 3,
      lease_owner TEXT,
      lease_expires_at TEXT,
      available_at TEXT,
      error TEXT,
      product_id TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT,
      UNIQUE (task_id, scheduled_for)
    )`,
    `CREATE INDEX task_runs_runnable ON task_runs(status, created_at)`,

    `CREATE TABLE products (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('OEM', 'TLE', 'OEM_BATCH', 'OD_SOLUTION')),
      status TEXT NOT NULL CHECK (status IN ('WRITING', 'READY')),
      spacecraft_id TEXT,
      task_id TEXT REFERENCES scheduled_tasks(id) ON DELETE CASCADE,
      task_run_id TEXT,
      batch_id TEXT,
      file_name TEXT NOT NULL,
      media_type TEXT NOT NULL,
      span_start TEXT,
      span_end TEXT,
      content_sha256 TEXT,
      size_bytes INTEGER,
      stored_bytes INTEGER,
      encoding TEXT NOT NULL CHECK (encoding IN ('deflate', 'identity')),
      chunk_bytes INTEGER NOT NULL,
      chunk_count INTEGER,
      summary TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT
    )`,
    `CREATE INDEX products_org_created ON products(organization_id, created_at)`,
    `CREATE INDEX products_task_created ON products(task_id, created_at)`,
    `CREATE INDEX products_expiry ON products(expires_at) WHERE expires_at IS NOT NULL`,
    // Piece `seq` holds bytes [seq·chunk_bytes, (seq+1)·chunk_bytes) of the file.
    `CREATE TABLE product_chunks (
      id INTEGER PRIMARY KEY,
      product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      data BLOB NOT NULL,
      UNIQUE (product_id, seq)
    )`,

    `CREATE TABLE ephemeris_batches (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL DEFAULT 3,
      lease_owner TEXT,
      lease_expires_at TEXT,
      available_at TEXT,
      error TEXT,
      item_count INTEGER NOT NULL,
      items_done INTEGER NOT NULL DEFAULT 0,
      items_failed INTEGER NOT NULL DEFAULT 0,
      items TEXT NOT NULL,
      retention_days INTEGER NOT NULL,
      cancel_requested INTEGER NOT NULL DEFAULT 0,
      product_id TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT
    )`,
    `CREATE INDEX ephemeris_batches_runnable ON ephemeris_batches(status, created_at)`,
    `CREATE INDEX ephemeris_batches_org ON ephemeris_batches(organization_id, created_at)`,
    `CREATE TABLE ephemeris_batch_failures (
      batch_id TEXT NOT NULL REFERENCES ephemeris_batches(id) ON DELETE CASCADE,
      item_index INTEGER NOT NULL,
      error TEXT NOT NULL,
      message TEXT NOT NULL,
      PRIMARY KEY (batch_id, item_index)
    )`,
  ],
};
