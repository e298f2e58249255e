/**
 * An all-vs-all screening's approach between two catalog objects has no spacecraft of ours as its primary: its
 * `primary_index` and `primary_spacecraft_id` become nullable (its primary is `primary_norad_id`, migration 0026). The
 * table is rebuilt the standard way (tableRebuild.ts), its rows and indexes kept.
 */
import type { Migration } from '../migrations.ts';
import { replaceOnce, tableRebuildStatements } from './tableRebuild.ts';

export const migration0027: Migration = {
  version: 27,
  name: 'catalog-pair approaches',
  statements: [],
  async rebuild(db) {
    return await tableRebuildStatements(db, 'screening_approaches', (sql) =>
      replaceOnce('screening_approaches', 'primary_spacecraft_id TEXT NOT NULL', 'primary_spacecraft_id TEXT')(
        replaceOnce('screening_approaches', 'primary_index INTEGER NOT NULL', 'primary_index INTEGER')(sql),
      ));
  },
};
