/**
 * The read path of an embedded database: one extra connection of its own with prepared statements kept and reused
 * (least recently used dropped beyond `capacity`). The client prepares every statement anew and asks the native
 * layer for its column list twice per call; for the light requests of the API (one indexed `SELECT` each) that was
 * about a third of the event loop's work per request. Reads only, outside transactions (Db.execute routes them);
 * WAL lets this connection read the last committed state while a writer works.
 */
import Database from 'libsql';
import type { InStatement, ResultSet, Row } from '@libsql/client';

type Value = string | number | bigint | null | Uint8Array | ArrayBuffer;

interface Prepared {
  statement: ReturnType<Database.Database['prepare']>;
  columns: string[];
  /** Ends in `LIMIT 1`: read with `get` (one native call) instead of `all` (two, and a 100-row buffer). */
  single: boolean;
}

/**
 * A point lookup written with `LIMIT 1` (by primary key, say) has at most one row, which libsql's `get` returns in one
 * call into the native layer; `all` makes two and fills a 100-slot buffer. Measured on the 2-core host with the
 * spacecraft row (40 columns): 20 µs against 38 µs per lookup, a tenth of a whole `GET /operations/spacecraft/{id}`.
 */
const SINGLE_ROW = /\bLIMIT\s+1\s*;?\s*$/i;

/** A row as the client returns them: values by column name and by index. */
function rowOf(columns: readonly string[], values: readonly unknown[]): Row {
  const row: Record<string | number, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    row[columns[i]!] = values[i];
    row[i] = values[i];
  }
  Object.defineProperty(row, 'length', { value: columns.length, enumerable: false });
  return row as unknown as Row;
}

export class CachedReader {
  private readonly connection: Database.Database;
  private readonly statements = new Map<string, Prepared>();

  constructor(
    path: string,
    busyTimeoutMs: number,
    private readonly capacity = 256,
  ) {
    this.connection = new Database(path, { timeout: busyTimeoutMs } as never);
  }

  private prepared(sql: string): Prepared {
    let entry = this.statements.get(sql);
    if (entry) {
      // Most recently used last.
      this.statements.delete(sql);
      this.statements.set(sql, entry);
      return entry;
    }
    const statement = this.connection.prepare(sql);
    statement.raw(true);
    entry = { statement, columns: statement.columns().map((c: { name: string }) => c.name), single: SINGLE_ROW.test(sql) };
    this.statements.set(sql, entry);
    if (this.statements.size > this.capacity) this.statements.delete(this.statements.keys().next().value!);
    return entry;
  }

  execute(stmt: InStatement): ResultSet {
    const sql = typeof stmt === 'string' ? stmt : stmt.sql;
    const args = typeof stmt === 'string' ? [] : ((stmt.args ?? []) as Value[]);
    const { statement, columns, single } = this.prepared(sql);
    const bound = Array.isArray(args) ? args.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) : args;
    let raw: unknown[][];
    if (single) {
      const row = statement.get(bound) as unknown[] | undefined;
      raw = row === undefined ? [] : [row];
    } else {
      raw = statement.all(bound) as unknown[][];
    }
    const rows = raw.map((r) => rowOf(columns, r));
    return {
      columns,
      columnTypes: columns.map(() => ''),
      rows,
      rowsAffected: 0,
      lastInsertRowid: undefined,
      toJSON: () => ({ columns, rows: raw }),
    } as ResultSet;
  }

  close(): void {
    this.statements.clear();
    this.connection.close();
  }
}
