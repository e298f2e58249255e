/**
 * The database as storage/ uses it, on either backend: an embedded libSQL file (the default; storage/sql/embeddedDb.ts)
 * or a libSQL server — sqld, one primary and optional read replicas, reached over WebSocket or HTTP
 * (storage/sql/remoteDb.ts). Everything else in storage/ takes a `Db` and never asks which one it is, but for the
 * machinery only the embedded driver needs (kept on its path) and the retries only a network needs (kept on the
 * other).
 */
import type { InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { isEmbeddedUrl } from './dbUrl.ts';
import { openEmbeddedDatabase } from './embeddedDb.ts';
import { openRemoteDatabase } from './remoteDb.ts';

export { localFilePath } from './dbUrl.ts';
export { EVENT_LOOP_SLICE_MS, yieldIfDue, yieldToEventLoop, LARGE_TRANSACTION_STATEMENTS, COMMIT_SLICE_USED_MS } from './eventLoopSlice.ts';
export { DatabaseUnavailableError } from './dbErrors.ts';

/** Anything that can run a statement: the database itself or an open transaction. */
export interface SqlExecutor {
  execute(stmt: InStatement): Promise<ResultSet>;
}

export type Tx = Transaction;

/** The database of either backend. */
export interface Db extends SqlExecutor {
  readonly backend: 'embedded' | 'remote';
  batch(stmts: InStatement[], mode?: TransactionMode): Promise<ResultSet[]>;
  /** An open transaction; the caller commits, rolls back or closes it. Prefer `inTransaction`. */
  transaction(mode?: TransactionMode): Promise<Tx>;
  /** `work` in one write transaction (inTransaction). */
  runInTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Static statements in one transaction with foreign keys off (table rebuilds of migrations). */
  migrate(stmts: InStatement[]): Promise<ResultSet[]>;
  /** One trivial query, answered or failed at once (no retry): for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** Told how long each statement took, by whether it read or wrote (for /metrics). */
export type StatementObserver = (kind: 'read' | 'write', seconds: number) => void;

export interface DatabaseOptions {
  url: string;
  /** Told each statement's time (the embedded driver's own time, or a server's round trip with its retries). */
  onStatement?: StatementObserver;
  authToken?: string;
  /** Embedded databases: the checkpoint thread's interval and WAL restart size (storage/sql/checkpointer.ts; tests make them small). */
  checkpointIntervalMs?: number;
  walRestartFrames?: number;
  /** A libSQL server: how long a statement or transaction is retried while the server is unreachable or busy (storage/sql/remoteDb.ts). */
  retryBudgetMs?: number;
}

/** Opens the database `options.url` names: a `file:` URL or `:memory:` embedded, anything else a libSQL server. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  return isEmbeddedUrl(options.url) ? await openEmbeddedDatabase(options) : await openRemoteDatabase(options);
}

/**
 * Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. On a libSQL server a
 * transaction that failed before its COMMIT because the server was busy or out of reach is run again (the server
 * rolled it back): `work` must change nothing outside the transaction until it resolves.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return await db.runInTransaction(work);
}

/** Throws when the database cannot answer a trivial query now (health checks: a libSQL server gets one try). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.ping();
}

/** Refreshes the query planner's statistics (after bulk loads). Embedded only: sqld's parser refuses ANALYZE. */
export async function analyzeDatabase(db: Db): Promise<void> {
  if (db.backend === 'embedded') await db.execute('ANALYZE');
}

/** Current instant as stored everywhere: ISO-8601 UTC with milliseconds. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** True when a libSQL error is a UNIQUE constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return text.includes('UNIQUE constraint failed') || (error as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The result code of a database error (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_NOTNULL`, …; `INVALID_VALUE` for a value the
 * client refuses to bind, e.g. a non-finite number), or null when `error` does not come from the database. Messages
 * of database errors name tables, columns and SQL: only this code may be shown to a caller.
 */
export function databaseErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown; extendedCode?: unknown })?.code;
  const extended = (error as { extendedCode?: unknown })?.extendedCode;
  if (typeof extended === 'string' && extended.startsWith('SQLITE_')) return extended;
  if (typeof code === 'string' && /^(SQLITE_|SQL_|TRANSACTION_|CLIENT_|HRANA_|SERVER_)/.test(code)) return code;
  if (error instanceof RangeError && /finite numbers|BigInt/.test(error.message)) return 'INVALID_VALUE';
  return null;
}

/** True when the database refused the data itself (a constraint, a type, a size): retrying cannot help. */
export function isDataRefusal(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== null && (/^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/.test(code) || code === 'INVALID_VALUE');
}
