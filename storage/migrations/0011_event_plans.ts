/**
 * Scheduled event predictions (issue 26): task kind PREDICT_EVENTS and product kind EVENT_PLAN, added to the CHECK
 * constraints of `scheduled_tasks.kind` and `products.kind` (checkConstraints.ts says how and why in place).
 */
import type { Migration } from '../migrations.ts';
import { replaceInTableDefinition } from './checkConstraints.ts';

export const migration0011: Migration = {
  version: 11,
  name: 'event-plan tasks and products',
  statements: [],
  async run(tx) {
    await replaceInTableDefinition(
      tx,
      'scheduled_tasks',
      "CHECK (kind IN ('UNSPECIFIED', 'GENERATE_OEM', 'GENERATE_TLE', 'ORBIT_DETERMINATION'))",
      "CHECK (kind IN ('UNSPECIFIED', 'GENERATE_OEM', 'GENERATE_TLE', 'ORBIT_DETERMINATION', 'PREDICT_EVENTS'))",
    );
    await replaceInTableDefinition(
      tx,
      'products',
      "CHECK (kind IN ('OEM', 'TLE', 'OEM_BATCH', 'OD_SOLUTION'))",
      "CHECK (kind IN ('OEM', 'TLE', 'OEM_BATCH', 'OD_SOLUTION', 'EVENT_PLAN'))",
    );
  },
};
