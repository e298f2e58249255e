/**
 * Issue 14 (hardening): the failed-authentication audit log, uploaded bytes out of the job rows, and staged bulk writes (storage/sql/stagedWrites.ts): the
 * batch registry, the rowid ranges each chunk added, and the batch column of the staged tables (measurements,
 * maneuvers, measurement contexts; rows written before this migration, or without staging, have batch 0 and are always visible).
 */
import type { Migration } from '../migrations.ts';

export const migration0008: Migration = {
  version: 8,
  name: 'failed authentications, staged bulk writes',
  statements: [
    // No key or organization when the secret matched nothing; key_prefix is a display prefix, never the secret.
    `CREATE TABLE auth_failures (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      api_key_id TEXT,
      organization_id TEXT,
      key_prefix TEXT,
      reason TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      correlation_id TEXT NOT NULL,
      client_ip TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX auth_failures_ip_time ON auth_failures(client_ip, created_at)`,
    // Few rows (batches being written right now): readers test `batch_id NOT IN (SELECT id FROM staged_writes)`.
    `CREATE TABLE staged_writes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      owner_kind TEXT NOT NULL,
      owner_key TEXT NOT NULL,
      owner TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('STAGING', 'ABANDONED')),
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX staged_writes_owner ON staged_writes(owner_kind, owner_key)`,
    `CREATE TABLE staged_write_ranges (
      batch_id INTEGER NOT NULL,
      table_name TEXT NOT NULL,
      first_rowid INTEGER NOT NULL,
      last_rowid INTEGER NOT NULL
    )`,
    `CREATE INDEX staged_write_ranges_batch ON staged_write_ranges(batch_id)`,
    // A constant default: existing rows are not rewritten.
    `ALTER TABLE measurements ADD COLUMN batch_id INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE maneuvers ADD COLUMN batch_id INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE measurement_contexts ADD COLUMN batch_id INTEGER NOT NULL DEFAULT 0`,
    // Uploaded bytes beside their job, in chunks (storage/measurementJobs.ts): the job row stays small, because SQLite
    // rewrites a whole row on each update (claim, lease renewal, completion). Existing bytes move here whole.
    `CREATE TABLE measurement_job_content (
      job_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      bytes BLOB NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (job_id, seq)
    )`,
    `INSERT INTO measurement_job_content (job_id, seq, bytes, created_at)
      SELECT id, 0, content, created_at FROM measurement_jobs WHERE length(content) > 0`,
    `UPDATE measurement_jobs SET content = zeroblob(0) WHERE length(content) > 0`,
  ],
};
