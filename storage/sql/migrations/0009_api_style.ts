/**
 * Issue 15 (the API as operators use it): upload jobs you can see and cancel, and idempotent uploads.
 *
 * measurement_jobs is rebuilt (SQLite cannot change a CHECK constraint in place) to allow the terminal status
 * CANCELLED (storage/sql/leasedJobs.ts) and to carry: the upload request it came from (`batch_id`; jobs created before
 * this migration are their own batch), the spacecraft its file resolved to (`spacecraft_key`: `,id1,id2,`, sorted —
 * the list filter and, with the content hash, the duplicate check), and its progress (`rows_stored`).
 */
import type { Migration } from '../migrations.ts';

export const migration0009: Migration = {
  version: 9,
  name: 'upload jobs: cancel, batch, spacecraft, progress; duplicate lookups',
  statements: [
    `CREATE TABLE measurement_jobs_0009 (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      filename TEXT NOT NULL,
      format TEXT NOT NULL,
      content_sha256 TEXT NOT NULL,
      content BLOB NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL DEFAULT 3,
      lease_owner TEXT,
      lease_expires_at TEXT,
      error TEXT,
      measurement_count INTEGER,
      summary TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT,
      batch_id TEXT NOT NULL,
      spacecraft_key TEXT NOT NULL,
      rows_stored INTEGER NOT NULL DEFAULT 0
    )`,
    // Existing jobs: their own batch; their spacecraft from the summary the upload wrote (measurementContext).
    `INSERT INTO measurement_jobs_0009 (id, organization_id, filename, format, content_sha256, content, status, attempts, max_attempts,
       lease_owner, lease_expires_at, error, measurement_count, summary, created_at, updated_at, started_at, finished_at,
       batch_id, spacecraft_key, rows_stored)
     SELECT id, organization_id, filename, format, content_sha256, content, status, attempts, max_attempts,
       lease_owner, lease_expires_at, error, measurement_count, summary, created_at, updated_at, started_at, finished_at,
       id,
       COALESCE(',' || (SELECT group_concat(value, ',') FROM (SELECT value FROM json_each(json_extract(summary, '$.measurementContext.spacecraftIds')) ORDER BY value)) || ',', ','),
       COALESCE(measurement_count, 0)
     FROM measurement_jobs`,
    `DROP TABLE measurement_jobs`,
    `ALTER TABLE measurement_jobs_0009 RENAME TO measurement_jobs`,
    `CREATE INDEX measurement_jobs_runnable ON measurement_jobs(status, created_at)`,
    `CREATE INDEX measurement_jobs_org ON measurement_jobs(organization_id, created_at)`,
    `CREATE INDEX measurement_jobs_org_batch ON measurement_jobs(organization_id, batch_id)`,
    // The duplicate check of an upload: same organization and content (then same spacecraft, live job).
    `CREATE INDEX measurement_jobs_org_content ON measurement_jobs(organization_id, content_sha256)`,
  ],
};
