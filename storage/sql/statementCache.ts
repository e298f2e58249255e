/**
 * Prepared statements kept per connection for the client's pooled connections (writes and transactions; reads outside
 * transactions have their own, storage/sql/cachedReader.ts). @libsql/client prepares every statement anew: preparing a
 * multi-row INSERT costs about as much as running it, and the dropped statements are finalized together after a
 * garbage collection, in one stretch of native time on the event loop (CPU profiles of bench:catalog-ingest and
 * bench:cdm-ingest: `prepare` about a third of the main thread's time, `(program)` stretches of 8–18 ms; a 4,000
 * statement drop measured alone cost 8 ms in one callback). The driver's `prepare` is wrapped, once per process, with a
 * least-recently-used cache per connection. Safe because the client sets a statement's modes (raw, safeIntegers)
 * before each use and consumes it at once (`all` or `run`), so no statement is used by two calls at a time; a failed
 * run leaves it usable; SQLite prepares a cached statement again after a schema change.
 *
 * The client also asks every statement for raw mode and takes the driver's exception as "returns no data": for every
 * INSERT, UPDATE and DELETE the native side made an Error and captured its stack (0.1–0.2 ms each, `raw` ~4% of the
 * event loop's time in bench:cdm-ingest, 4 ms in one turn). A statement that returns no data is known when prepared
 * (the driver's `reader`): its `raw` throws one error made once, which the client takes the same way.
 */
import Database from 'libsql';

/** Statements kept per connection (distinct SQL texts; multi-row statements vary with their row count). */
export const STATEMENTS_PER_CONNECTION = 128;

let installed = false;

/** What `raw` of a statement that returns no data throws (made once: no stack to capture per statement). */
const RETURNS_NO_DATA = new TypeError('The raw() method is only for statements that return data');

function throwReturnsNoData(): never {
  throw RETURNS_NO_DATA;
}

/** Wraps the driver's `prepare` with the per-connection cache (idempotent). */
export function cacheStatements(): void {
  if (installed) return;
  installed = true;
  const prototype = Database.prototype as unknown as { prepare(this: object, sql: string): unknown };
  const prepare = prototype.prepare;
  const caches = new WeakMap<object, Map<string, unknown>>();
  prototype.prepare = function (this: object, sql: string): unknown {
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    const kept = cache.get(sql);
    if (kept !== undefined) {
      cache.delete(sql);
      cache.set(sql, kept);
      return kept;
    }
    const statement = prepare.call(this, sql) as { reader: boolean; raw: unknown };
    if (!statement.reader) statement.raw = throwReturnsNoData;
    cache.set(sql, statement);
    if (cache.size > STATEMENTS_PER_CONNECTION) cache.delete(cache.keys().next().value!);
    return statement;
  };
}
