/**
 * A batch OEM's items shared over instances (issue 37 item 4): the batch is cut into slices of consecutive items, each
 * a leased row of `ephemeris_batch_slices` (storage/sql/leasedJobs.ts: claimed by any instance's batch runner, renewed,
 * taken over once its lease expires) carrying its items (NDJSON, cleared once the slice has succeeded), its progress
 * and who ran it. Each item's outcome — its deflated ZIP entry (raw DEFLATE, CRC-32, size) and manifest fields, or its
 * failure — is a row of `ephemeris_batch_entries`, written only by the holder of its slice's lease; the batch's lease
 * holder assembles the ZIP from them in item order once every slice has succeeded, then deletes them.
 */
import type { Migration } from '../migrations.ts';

export const migration0028: Migration = {
  version: 28,
  name: 'ephemeris batch slices',
  statements: [
    `CREATE TABLE ephemeris_batch_slices (
      id TEXT PRIMARY KEY,
      batch_id TEXT NOT NULL REFERENCES ephemeris_batches(id) ON DELETE CASCADE,
      organization_id TEXT NOT NULL,
      slice_index INTEGER NOT NULL,
      first_item INTEGER NOT NULL,
      item_count INTEGER NOT NULL,
      items TEXT,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL DEFAULT 3,
      lease_owner TEXT,
      lease_expires_at TEXT,
      claimed_from TEXT,
      error TEXT,
      items_done INTEGER NOT NULL DEFAULT 0,
      items_failed INTEGER NOT NULL DEFAULT 0,
      ran_by TEXT,
      attempt_owners TEXT NOT NULL DEFAULT '[]',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT,
      UNIQUE (batch_id, slice_index)
    )`,
    `CREATE INDEX ephemeris_batch_slices_runnable ON ephemeris_batch_slices(status, created_at)`,
    `CREATE TABLE ephemeris_batch_entries (
      batch_id TEXT NOT NULL REFERENCES ephemeris_batches(id) ON DELETE CASCADE,
      item_index INTEGER NOT NULL,
      slice_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('OK', 'FAILED')),
      file_name TEXT,
      state_vector_id TEXT NOT NULL,
      spacecraft_id TEXT NOT NULL,
      error TEXT,
      message TEXT,
      crc INTEGER,
      size_bytes INTEGER,
      data BLOB,
      span_start TEXT,
      span_end TEXT,
      PRIMARY KEY (batch_id, item_index)
    )`,
    `CREATE INDEX ephemeris_batch_entries_slice ON ephemeris_batch_entries(slice_id)`,
  ],
};
