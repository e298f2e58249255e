/**
 * A SCREEN chunk's result (its approaches and issues, JSON) stored in parts (storag./sql/valueParts.ts): in one
 * `screening_chunks.result` value it reached ~40 MB for a 6-h slice of an all-vs-all screening of 45,000 objects, which
 * a libSQL server refuses (values ≤ ~5 MB). `screening_chunk_results` holds the parts, each written by the claim that
 * holds the chunk (`holder`, storage/sql/leasedJobs.ts) while it holds it; the chunk's completion names the holder
 * whose parts are its result (`result_holder`) and their number (`result_parts`), and removes any other claim's.
 *
 * Results stored before: moved into one part each, under the holder `migrated`.
 */
import type { Migration } from '../migrations.ts';

export const migration0029: Migration = {
  version: 29,
  name: 'screening chunk results in parts',
  statements: [
    `CREATE TABLE screening_chunk_results (
      chunk_id TEXT NOT NULL REFERENCES screening_chunks(id) ON DELETE CASCADE,
      holder TEXT NOT NULL,
      part INTEGER NOT NULL,
      text TEXT NOT NULL,
      PRIMARY KEY (chunk_id, holder, part)
    )`,
    'ALTER TABLE screening_chunks ADD COLUMN result_holder TEXT',
    'ALTER TABLE screening_chunks ADD COLUMN result_parts INTEGER',
    `INSERT INTO screening_chunk_results (chunk_id, holder, part, text)
       SELECT id, 'migrated', 0, result FROM screening_chunks WHERE result IS NOT NULL`,
    `UPDATE screening_chunks SET result_holder = 'migrated', result_parts = 1, result = NULL WHERE result IS NOT NULL`,
  ],
};
