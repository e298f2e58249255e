/**
 * An OEM primary's text stored apart from its screening's inputs (a screening never holds the event loop).
 * It was inside `screenings.inputs` (JSON): a megabyte or more per OEM, stringified at creation, parsed on the event
 * loop by every instance running a chunk, and copied to the worker with every chunk. Now `screening_primary_oems`
 * holds each OEM's UTF-8 bytes in parts (`part` 0, 1, …; one row each, read one statement at a time and handed over
 * to a worker only when it needs them: storage/screenings.ts, api/jobs/screeningRunner.ts), and the inputs keep the
 * primary's other fields.
 *
 * Screenings stored before: each OEM text is moved into one part, and removed from the inputs (numbers and strings
 * of the rest are kept as written: SQLite's JSON functions keep a literal's text).
 *
 * With it, for the same reason (what a screening's creation reads on the event loop), the catalog's sets by
 * organization and id: the catalog's high-water mark (storage/catalog.ts catalogHighWaterMark) reads the newest
 * published set of the organization backwards along it, a few rows, instead of every set of the organization
 * (11–16 ms for 30,000 sets).
 */
import type { Migration } from '../migrations.ts';

export const migration0017: Migration = {
  version: 17,
  name: 'screening OEM primaries stored apart; catalog sets by organization and id',
  statements: [
    `CREATE INDEX catalog_element_sets_organization ON catalog_element_sets(organization_id, id)`,
    `CREATE TABLE screening_primary_oems (
      screening_id TEXT NOT NULL REFERENCES screenings(id) ON DELETE CASCADE,
      primary_index INTEGER NOT NULL,
      part INTEGER NOT NULL,
      bytes BLOB NOT NULL,
      PRIMARY KEY (screening_id, primary_index, part)
    )`,
    `INSERT INTO screening_primary_oems (screening_id, primary_index, part, bytes)
       SELECT s.id, p.key, 0, CAST(json_extract(p.value, '$.oemText') AS BLOB)
       FROM screenings s, json_each(s.inputs, '$.primaries') p
       WHERE json_extract(p.value, '$.kind') = 'OEM' AND json_extract(p.value, '$.oemText') IS NOT NULL`,
  ],
  // Each stored screening's OEM texts leave its inputs: json_remove keeps the rest as written. (First written as one
  // UPDATE rebuilding the primaries with json_group_array(… ORDER BY key), an aggregate ORDER BY that a libSQL
  // server's parser refuses; the result is the same.)
  async run(tx) {
    const texts = (await tx.execute(
      `SELECT s.id, p.key FROM screenings s, json_each(s.inputs, '$.primaries') p
       WHERE json_extract(p.value, '$.kind') = 'OEM' AND json_extract(p.value, '$.oemText') IS NOT NULL ORDER BY s.id, p.key`,
    )).rows;
    const byScreening = new Map<string, string[]>();
    for (const row of texts) {
      const paths = byScreening.get(String(row.id)) ?? [];
      paths.push(`$.primaries[${Number(row.key)}].oemText`);
      byScreening.set(String(row.id), paths);
    }
    for (const [id, paths] of byScreening) {
      await tx.execute({ sql: `UPDATE screenings SET inputs = json_remove(inputs, ${paths.map(() => '?').join(', ')}) WHERE id = ?`, args: [...paths, id] });
    }
  },
};
