/** What a statement is, from its text: the database paths route and retry by it. */
import type { InStatement } from '@libsql/client';

const SELECT_OR_EXPLAIN = /^\s*(SELECT|EXPLAIN)\b/i;
const READ_PRAGMA = /^\s*PRAGMA\s+[\w.]+\s*;?\s*$/i;

const sqlOf = (stmt: InStatement): string => (typeof stmt === 'string' ? stmt : stmt.sql);

/** A SELECT or EXPLAIN. */
export function isSelect(stmt: InStatement): boolean {
  return SELECT_OR_EXPLAIN.test(sqlOf(stmt));
}

/** Statements that only read: SELECT / EXPLAIN, and read-only PRAGMA queries (no `=`). */
export function isReadOnly(stmt: InStatement): boolean {
  const sql = sqlOf(stmt);
  return SELECT_OR_EXPLAIN.test(sql) || READ_PRAGMA.test(sql);
}
