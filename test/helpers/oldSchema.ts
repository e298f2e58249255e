/** Fixtures for migration tests: rows written into a database at an old schema version. */
import type { openDatabase } from '../../storage/sql/db.ts';

/**
 * A row with `values` and, for every other NOT NULL column without a default, a value of its declared type: a
 * fixture that does not depend on the table's later columns.
 */
export async function insertRow(db: Awaited<ReturnType<typeof openDatabase>>, table: string, values: Record<string, string | number>): Promise<void> {
  const columns = (await db.execute(`PRAGMA table_info(${table})`)).rows;
  const row: Record<string, string | number> = { ...values };
  for (const column of columns) {
    const name = String(column.name);
    if (name in row || Number(column.notnull) !== 1 || column.dflt_value !== null || Number(column.pk) === 1) continue;
    row[name] = /INT|REAL/i.test(String(column.type)) ? 1 : name.endsWith('_at') ? '2026-01-01T00:00:00.000Z' : '{}';
  }
  const names = Object.keys(row);
  await db.execute({ sql: `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`, args: names.map((n) => row[n]!) });
}
