/**
 * Staged batches that cannot outlive their writer, and catalog snapshots that never leave a published set out.
 *
 *  - `staged_writes.lease_expires_at`: every batch (storage/sql/stagedWrites.ts) is held by a lease its writer renews while
 *    it writes; a batch whose lease has expired belongs to a writer that died (a process killed in the middle of an
 *    upload) and any instance may abandon it. Before, a request-bound batch was taken to be dead only an hour after it
 *    was opened, and meanwhile its hidden rows held the identities a re-upload needed (catalog sets counted as "already
 *    known" and never shown). Batches opened before this migration were written by a process that did not renew a
 *    lease: they keep the hour they had.
 *  - `staged_writes.scope`: batches of one kind and scope exclude each other while alive (a catalog upload's scope is
 *    its organization: two uploads of one catalog never stage at once, so neither can take the other's identities).
 *  - `screenings.catalog_unpublished_batches`: a screening's catalog snapshot is every set of id ≤ `as_of_set_id`
 *    except those of the batches listed here (JSON array), the ones not yet published when it was taken. Before, the
 *    snapshot stopped below the first row of any batch still staged, so a dead batch hid every set published after it.
 */
import type { Migration } from '../migrations.ts';

export const migration0019: Migration = {
  version: 19,
  name: 'staged batch leases and scopes; catalog snapshots with their unpublished batches',
  statements: [
    `ALTER TABLE staged_writes ADD COLUMN scope TEXT`,
    `ALTER TABLE staged_writes ADD COLUMN lease_expires_at TEXT`,
    `UPDATE staged_writes SET lease_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 hour')`,
    `CREATE INDEX staged_writes_lease ON staged_writes(lease_expires_at)`,
    `ALTER TABLE screenings ADD COLUMN catalog_unpublished_batches TEXT NOT NULL DEFAULT '[]'`,
  ],
};
