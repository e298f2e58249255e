/**
 * Changing what SQLite cannot ALTER (a CHECK constraint, say) by rebuilding the table the standard way
 * (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes"), on both backends:
 * with foreign keys off, in one transaction — create the new table under a temporary name, copy every row, drop the
 * old table, rename the new one, create its indexes and triggers again, and check the foreign keys.
 *
 * Foreign keys must be off: dropping a table that other tables reference performs an implicit DELETE, whose
 * ON DELETE CASCADE would empty its children (a scheduled task's runs and products). They cannot be switched off
 * inside a transaction, so the statements run through the client's `migrate` (storage/sql/db.ts Db.migrate: its own
 * connection, `PRAGMA foreign_keys = off`, one transaction, foreign keys back on). The children keep their
 * `REFERENCES <table>` text, which names the rebuilt table once it has the old name.
 *
 * This replaced an edit of the table's text in sqlite_schema (`PRAGMA writable_schema`, `schema_version = N`), which
 * a libSQL server refuses. The statements are computed from the schema as it is (the table's text and its indexes and
 * triggers), then run as one batch: if another instance migrated meanwhile, the batch's row in schema_migrations
 * collides and the whole batch rolls back.
 */
import type { InStatement } from '@libsql/client';
import type { SqlExecutor } from '../db.ts';

/** A table that stands in for a check the batch cannot make by a query: its CHECK refuses a row of violations. */
const FK_GUARD = 'migration_foreign_key_guard';

/**
 * The statements that rebuild `table` with `edit` applied to its CREATE TABLE text (which must change it). The rows,
 * indexes and triggers are kept; the last statements fail the batch when any foreign key is violated afterwards.
 */
export async function tableRebuildStatements(db: SqlExecutor, table: string, edit: (createTableSql: string) => string): Promise<InStatement[]> {
  const objects = (await db.execute({
    sql: `SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type = 'table' DESC, name`,
    args: [table],
  })).rows;
  const definition = objects.find((o) => o.type === 'table');
  if (!definition) throw new Error(`migration: no table ${table}`);
  const original = String(definition.sql);
  const edited = edit(original);
  if (edited === original) throw new Error(`migration: the edit of ${table} changed nothing`);
  const temporary = `${table}__rebuilt`;
  const renamed = edited.replace(/^CREATE TABLE\s+("?)(\w+)\1/i, (whole, _quote, name: string) => {
    if (name !== table) throw new Error(`migration: ${table}'s definition names ${name}`);
    return `CREATE TABLE "${temporary}"`;
  });
  return [
    renamed,
    `INSERT INTO "${temporary}" SELECT * FROM "${table}"`,
    `DROP TABLE "${table}"`,
    `ALTER TABLE "${temporary}" RENAME TO "${table}"`,
    ...objects.filter((o) => o.type !== 'table').map((o) => String(o.sql)),
    `CREATE TABLE ${FK_GUARD} (violations INTEGER NOT NULL CHECK (violations = 0))`,
    `INSERT INTO ${FK_GUARD} SELECT COUNT(*) FROM pragma_foreign_key_check`,
    `DROP TABLE ${FK_GUARD}`,
  ];
}

/** An edit replacing `from` by `to` in a table's text: `from` must occur exactly once. */
export function replaceOnce(table: string, from: string, to: string): (sql: string) => string {
  return (sql) => {
    const occurrences = sql.split(from).length - 1;
    if (occurrences !== 1) throw new Error(`migration: expected "${from}" once in the definition of ${table}, found it ${occurrences} times`);
    return sql.replace(from, to);
  };
}
