/**
 * Widening a CHECK constraint of an existing table (a new enumerated value) without rebuilding the table.
 *
 * SQLite cannot ALTER a constraint, and the usual rebuild (create, copy, drop, rename) of a table that other tables
 * reference is unsafe here: the connections run with foreign_keys ON, which cannot be switched off inside the
 * migration's transaction, and dropping the old table then performs an implicit DELETE whose ON DELETE CASCADE
 * empties the children (task runs and products of a scheduled task). SQLite documents the alternative for changes
 * that do not alter the stored format, such as a CHECK constraint (https://www.sqlite.org/lang_altertable.html,
 * "Making Other Kinds Of Table Schema Changes"): edit the table's SQL text in sqlite_schema with writable_schema on,
 * and increment schema_version so that every connection re-reads the schema. Existing rows already satisfy the
 * narrower constraint, so they satisfy the wider one; `PRAGMA integrity_check` is run afterwards (a broken edit fails
 * the migration and rolls it back).
 */
import type { SqlExecutor } from '../db.ts';

/** Replaces `from` by `to` in the CREATE TABLE text of `table` (exactly one occurrence, else it throws). */
export async function replaceInTableDefinition(tx: SqlExecutor, table: string, from: string, to: string): Promise<void> {
  const current = await tx.execute({ sql: "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", args: [table] });
  const sql = String(current.rows[0]?.sql ?? '');
  const occurrences = sql.split(from).length - 1;
  if (occurrences !== 1) throw new Error(`migration: expected "${from}" once in the definition of ${table}, found it ${occurrences} times`);
  const version = Number((await tx.execute('PRAGMA schema_version')).rows[0]![0]);
  await tx.execute('PRAGMA writable_schema = ON');
  try {
    await tx.execute({ sql: "UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?", args: [sql.replace(from, to), table] });
    await tx.execute(`PRAGMA schema_version = ${version + 1}`);
  } finally {
    await tx.execute('PRAGMA writable_schema = OFF');
  }
  const check = String((await tx.execute('PRAGMA integrity_check')).rows[0]![0]);
  if (check !== 'ok') throw new Error(`migration: integrity check failed after changing ${table}: ${check}`);
}
