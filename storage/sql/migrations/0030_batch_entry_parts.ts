/**
 * A batch item's deflated OEM stored in parts (storage/sql/valueParts.ts): one `ephemeris_batch_entries.data` value
 * reached ~10 MB for a 30-day OEM with covariance, which a libSQL server refuses (values ≤ ~5 MB), and sixteen
 * 3-day covariance entries read in one statement passed its 16 MiB message limit. The entry row keeps the first part
 * (`data`) and the number of parts (`data_parts`); `ephemeris_batch_entry_parts` holds parts 1, 2, …, written by the
 * slice's lease holder like the row, removed with the slice's entries.
 *
 * Entries stored before are one part each (the default).
 */
import type { Migration } from '../migrations.ts';

export const migration0030: Migration = {
  version: 30,
  name: 'batch entry parts',
  statements: [
    'ALTER TABLE ephemeris_batch_entries ADD COLUMN data_parts INTEGER NOT NULL DEFAULT 1',
    `CREATE TABLE ephemeris_batch_entry_parts (
      batch_id TEXT NOT NULL REFERENCES ephemeris_batches(id) ON DELETE CASCADE,
      item_index INTEGER NOT NULL,
      part INTEGER NOT NULL CHECK (part >= 1),
      slice_id TEXT NOT NULL,
      data BLOB NOT NULL,
      PRIMARY KEY (batch_id, item_index, part)
    )`,
    `CREATE INDEX ephemeris_batch_entry_parts_slice ON ephemeris_batch_entry_parts(slice_id)`,
  ],
};
