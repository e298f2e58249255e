/**
 * Read-your-writes through a read replica (storage/sql/remoteDb.ts, DATABASE_REPLICA): each instance attached to a sqld
 * replica counts its committed writes and records the count here inside each of its write transactions; before it
 * reads, it waits until the replica shows its latest count (the replica applies a transaction whole, so the count
 * arrives with the write it came with). One row per instance process; a few bytes each.
 */
import type { Migration } from '../migrations.ts';

export const migration0020: Migration = {
  version: 20,
  name: 'replica write marks',
  statements: [
    `CREATE TABLE replica_write_marks (
      instance_id TEXT PRIMARY KEY,
      mark INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    )`,
  ],
};
