/**
 * A screening's prepared inputs (JSON) stored in parts (storage/sql/valueParts.ts): a fleet screening's inputs carry
 * every active spacecraft's element set (~0.7 KB each, ~1.9 KB for a fitted one), past a libSQL server's ~5 MB value
 * limit from ~2,600 fitted craft. `screenings.inputs` keeps the first part and `input_parts` their number;
 * `screening_input_parts` holds parts 1, 2, …, written with the screening in its creation's transaction.
 *
 * Screenings stored before are one part each (the default).
 */
import type { Migration } from '../migrations.ts';

export const migration0031: Migration = {
  version: 31,
  name: 'screening input parts',
  statements: [
    'ALTER TABLE screenings ADD COLUMN input_parts INTEGER NOT NULL DEFAULT 1',
    `CREATE TABLE screening_input_parts (
      screening_id TEXT NOT NULL REFERENCES screenings(id) ON DELETE CASCADE,
      part INTEGER NOT NULL CHECK (part >= 1),
      text TEXT NOT NULL,
      PRIMARY KEY (screening_id, part)
    )`,
  ],
};
