/**
 * Scheduled event predictions: task kind PREDICT_EVENTS and product kind EVENT_PLAN, added to the CHECK
 * constraints of `scheduled_tasks.kind` and `products.kind`, each table rebuilt the standard way with foreign keys
 * off (tableRebuild.ts says how and why).
 *
 * Rewritten after its release: it edited sqlite_schema in place (`PRAGMA writable_schema`), which a libSQL server
 * refuses. The result is the same schema (the tables' texts name them quoted, as ALTER TABLE … RENAME writes them),
 * rows and indexes; databases migrated by the earlier text are not migrated again.
 */
import type { Migration } from '../migrations.ts';
import { replaceOnce, tableRebuildStatements } from './tableRebuild.ts';

export const migration0011: Migration = {
  version: 11,
  name: 'event-plan tasks and products',
  statements: [],
  async rebuild(db) {
    return [
      ...(await tableRebuildStatements(db, 'scheduled_tasks', replaceOnce(
        'scheduled_tasks',
        "CHECK (kind IN ('UNSPECIFIED', 'GENERATE_OEM', 'GENERATE_TLE', 'ORBIT_DETERMINATION'))",
        "CHECK (kind IN ('UNSPECIFIED', 'GENERATE_OEM', 'GENERATE_TLE', 'ORBIT_DETERMINATION', 'PREDICT_EVENTS'))",
      ))),
      ...(await tableRebuildStatements(db, 'products', replaceOnce(
        'products',
        "CHECK (kind IN ('OEM', 'TLE', 'OEM_BATCH', 'OD_SOLUTION'))",
        "CHECK (kind IN ('OEM', 'TLE', 'OEM_BATCH', 'OD_SOLUTION', 'EVENT_PLAN'))",
      ))),
    ];
  },
};
