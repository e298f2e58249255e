/** Tracking measurements and the durable upload-job queue. */
import type { Migration } from '../migrations.ts';

export const migration0004: Migration = {
  version: 4,
  name: 'measurements and measurement jobs',
  statements: [
    `CREATE TABLE measurement_jobs (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      filename TEXT NOT NULL,
      format TEXT NOT NULL,
      content_sha256 TEXT NOT NULL,
      content BLOB NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')),
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
      finished_at TEXT
    )`,
    // The claim query scans runnable jobs in creation order.
    `CREATE INDEX measurement_jobs_runnable ON measurement_jobs(status, created_at)`,
    `CREATE INDEX measurement_jobs_org ON measurement_jobs(organization_id, created_at)`,
    // id is the rowid (the public id is its decimal text): the table is a B-tree appended in insertion order and no
    // separate id index exists. AUTOINCREMENT: an id is never reused after a delete.
    `CREATE TABLE measurements (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      organization_id TEXT NOT NULL,
      spacecraft_id TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('RANGE', 'RADEC', 'AZEL', 'DOPPLER', 'PV')),
      epoch TEXT NOT NULL,
      value_1 REAL NOT NULL,
      value_2 REAL,
      value_3 REAL,
      value_4 REAL,
      value_5 REAL,
      value_6 REAL,
      units TEXT NOT NULL,
      sigma TEXT,
      participants TEXT NOT NULL,
      station TEXT,
      reference_frame TEXT,
      source_file TEXT NOT NULL,
      job_id TEXT NOT NULL,
      outlier INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL
    )`,
    // epoch is fixed-width UTC text (YYYY-MM-DDThh:mm:ss.ssssssZ) so text order is time order.
    `CREATE INDEX measurements_org_epoch ON measurements(organization_id, epoch)`,
    `CREATE INDEX measurements_org_craft_epoch ON measurements(organization_id, spacecraft_id, epoch)`,
    `CREATE INDEX measurements_org_file ON measurements(organization_id, source_file)`,
    // Every index entry ends in the rowid, so (organization, epoch) and (organization, spacecraft, epoch) also give
    // the page order epoch DESC, id DESC without sorting; outliers by id use the rowid itself.
    // No index on job_id: nothing queries by job, and every index costs each bulk insert.
  ],
};
