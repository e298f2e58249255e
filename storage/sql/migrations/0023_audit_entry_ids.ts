/**
 * An id per audit row (`entry_id`, unique): a batch of usage or failure rows whose write was cut off mid-answer (a
 * libSQL server killed or a link dropped after the statement was sent) may or may not have been applied, and is
 * written again with the same ids — the rows already stored are skipped (`ON CONFLICT (entry_id) DO NOTHING`), so
 * none is lost and none is counted twice. Rows stored before have none (NULL: distinct in a unique index).
 */
import type { Migration } from '../migrations.ts';

export const migration0023: Migration = {
  version: 23,
  name: 'audit rows: an id each, so that a write cut off mid-answer can be sent again',
  statements: [
    'ALTER TABLE api_key_audit ADD COLUMN entry_id TEXT',
    'CREATE UNIQUE INDEX api_key_audit_entry ON api_key_audit(entry_id)',
    'ALTER TABLE auth_failures ADD COLUMN entry_id TEXT',
    'CREATE UNIQUE INDEX auth_failures_entry ON auth_failures(entry_id)',
  ],
};
