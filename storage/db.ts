/**
 * The libSQL client: an embedded file by default, `:memory:` for tests, or a remote sqld
 * (`libsql://`, `http(s)://`) with an auth token. Everything else in storage/ takes a `Db`.
 */
import {
  createClient,
  type Client,
  type InStatement,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { CachedReader } from './cachedReader.ts';
import { Checkpointer } from './checkpointer.ts';
import { cacheStatements } from './statementCache.ts';
import { dirname } from 'node:path';
import { setImmediate } from 'node:timers';
import { fileURLToPath } from 'node:url';

/** Anything that can run a statement: the client itself or an open transaction. */
export interface SqlExecutor {
  execute(stmt: InStatement): Promise<ResultSet>;
}

export type Tx = Transaction;

/**
 * One process-wide write lock, handed out in FIFO order. The embedded libSQL driver is synchronous:
 * a write that finds the database locked by another connection of the SAME process would block the
 * event loop for the whole busy timeout, and the transaction holding the lock could never run to
 * commit. So writes wait here, asynchronously, for each other; the busy timeout is left for other
 * processes (several instances on one file). Reads never take the lock (WAL serves them).
 */
class WriteLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  async acquire(timeoutMs: number): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => mine);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Still queued: pass our turn on as soon as it comes, then report.
        void previous.then(release);
        reject(new Error(`database write lock not acquired within ${timeoutMs} ms (a write nested inside a transaction?)`));
      }, timeoutMs);
    });
    try {
      await Promise.race([previous, timedOut]);
    } finally {
      clearTimeout(timer);
    }
    return release;
  }
}

const SELECT_OR_EXPLAIN = /^\s*(SELECT|EXPLAIN)\b/i;

/** Statements that only read: SELECT / EXPLAIN, and read-only PRAGMA queries (no `=`). */
function isReadOnly(stmt: InStatement): boolean {
  const sql = typeof stmt === 'string' ? stmt : stmt.sql;
  return SELECT_OR_EXPLAIN.test(sql) || /^\s*PRAGMA\s+[\w.]+\s*;?\s*$/i.test(sql);
}

/** How long a write waits for this process's earlier writes before it is reported as stuck. */
const WRITE_LOCK_TIMEOUT_MS = 30_000;

/**
 * Statements run on the event loop (the embedded driver is synchronous, and awaiting its settled promises never
 * lets the loop turn). So before each statement, inside or outside a transaction, the database yields to the event
 * loop once the loop has not turned for this long: a sequence of statements (a loop of queries, a long transaction)
 * never keeps requests waiting for more than this plus one statement. Readers see the last committed state (WAL);
 * writers still wait for an open transaction to end, so bulk loads use staged chunks (storage/stagedWrites.ts).
 * Long loops of our own code use the same budget through `yieldIfDue`.
 *
 * 1.5 ms, not the 3 ms it was: a scavenge (V8's young-generation GC, 1–9 ms on a busy 2-core host) starts in whichever
 * turn allocates, so a turn is our slice plus, now and then, a GC pause. With 3 ms, a 10,000-CDM upload had 2–9 turns
 * over 5 ms; with 1.5 ms 1–3 (3 runs each), and light GETs meanwhile a p99 of ~6 ms instead of ~8, at the same CDMs/s
 * (the extra turns cost two check-phase callbacks each; bench:cdm-ingest, bench:catalog-ingest, 2026-11-26).
 */
export const EVENT_LOOP_SLICE_MS = 1.5;

/**
 * Yields to the event loop until it has turned: timers, incoming requests and worker messages run before the caller
 * continues. Two check-phase callbacks, not one: an immediate set from an I/O callback (a worker's answer, a request
 * body) runs in the check phase of the SAME iteration, before any timer or other I/O, so a single one would let one
 * iteration run two slices back to back (measured: 13–17 ms holds in bench:cdm-ingest). An immediate set from inside
 * the check phase runs in the next iteration, after its timers and I/O (Node's event-loop phases: timers → poll →
 * check), so the second one always lands beyond an iteration boundary.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * How long the current turn of the event loop has run our work, shared by every statement and every long loop of
 * the process (one event loop, one budget): the first call after a turn opens a slice and schedules the callbacks
 * that close it once the loop has turned. A call that finds the slice older than EVENT_LOOP_SLICE_MS waits in line
 * (so does one that finds it closed while others wait): once per turn the longest-waiting caller is given a fresh
 * slice (round robin). Each caller that resumed taking a
 * fresh slice of its own let N waiting flows run N slices back to back in one turn; callers that resumed into a
 * shared slice were served in the order they yielded, so one busy flow, always first, starved the others (requests
 * waited for a whole background job: test/api/events.test.ts).
 */
class LoopSlice {
  private start = 0;
  private open = false;
  /** Counts slices, so the close callback of an earlier slice does not close a later one. */
  private generation = 0;
  /** Callers waiting for a slice, longest-waiting first. */
  private readonly waiting: Array<() => void> = [];
  private pumping = false;

  private openNow(): void {
    this.open = true;
    this.start = performance.now();
    const generation = ++this.generation;
    setImmediate(() => setImmediate(() => {
      if (this.generation === generation) this.open = false;
    }));
  }

  /** After the loop has turned (two check-phase callbacks, as yieldToEventLoop), the first waiter gets a fresh slice. */
  private schedulePump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => setImmediate(() => {
      this.pumping = false;
      const next = this.waiting.shift();
      if (next) {
        this.openNow();
        next();
      }
      if (this.waiting.length > 0) this.schedulePump();
    }));
  }

  /** Returns at once while the slice has run less than `budgetMs`; otherwise waits for a fresh slice. */
  pauseIfDue(budgetMs = EVENT_LOOP_SLICE_MS): Promise<void> | void {
    // a caller that finds the slice closed takes it, unless others already wait: then it waits behind them
    if (!this.open && this.waiting.length === 0) return this.openNow();
    if (this.open && performance.now() - this.start < budgetMs) return;
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedulePump();
    });
  }
}

/**
 * A transaction of at least this many statements commits in a slice of its own (unless less than
 * COMMIT_SLICE_USED_MS of the current one is used): its COMMIT writes every page it dirtied to the WAL, with their
 * checksums — 2–4 ms for the few hundred pages of a 500-CDM file (bench:cdm-ingest) — and would otherwise run on top of
 * a slice already spent.
 */
export const LARGE_TRANSACTION_STATEMENTS = 16;
export const COMMIT_SLICE_USED_MS = 0.5;

/** The process's one event-loop slice (storage/db.ts statements and `yieldIfDue` callers share it). */
const loopSlice = new LoopSlice();

/**
 * Yields to the event loop when the current turn has already run EVENT_LOOP_SLICE_MS of our work (statements
 * included); otherwise returns at once (a resolved promise: the caller goes on in the same turn). For loops over many
 * items on the event loop: call it every few items, each a small fraction of the slice.
 */
export async function yieldIfDue(): Promise<void> {
  await loopSlice.pauseIfDue();
}

/**
 * The database as storage/ uses it: the libSQL client with writes serialised per process.
 * Remote URLs (sqld) go through the same path; their server serialises writers itself.
 */
export class Db implements SqlExecutor {
  private readonly lock = new WriteLock();
  private readonly slice = loopSlice;

  /**
   * @param serializeReads take the lock for reads too: an in-memory database lives on ONE connection,
   *   which an open transaction holds, so a concurrent read would be refused (TRANSACTION_ACTIVE).
   */
  constructor(
    readonly client: Client,
    private readonly serializeReads = false,
    /** Embedded databases: SELECTs outside transactions go through this connection with cached statements. */
    private readonly reader: CachedReader | null = null,
    /** Embedded databases: the thread that checkpoints the WAL (null: the connections checkpoint themselves). */
    readonly checkpointer: Checkpointer | null = null,
  ) {
    checkpointer?.useWriteLock((timeoutMs) => this.lock.acquire(timeoutMs));
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    await this.slice.pauseIfDue();
    if (!this.serializeReads && isReadOnly(stmt)) {
      if (this.reader && SELECT_OR_EXPLAIN.test(typeof stmt === 'string' ? stmt : stmt.sql)) return this.reader.execute(stmt);
      return await this.client.execute(stmt);
    }
    const release = await this.lock.acquire(WRITE_LOCK_TIMEOUT_MS);
    try {
      return await this.client.execute(stmt);
    } finally {
      release();
    }
  }

  async batch(stmts: InStatement[], mode: TransactionMode = 'write'): Promise<ResultSet[]> {
    const release = await this.lock.acquire(WRITE_LOCK_TIMEOUT_MS);
    try {
      return await this.client.batch(stmts, mode);
    } finally {
      release();
    }
  }

  /** A write transaction holding the process write lock until it commits, rolls back or closes. */
  async transaction(mode: TransactionMode = 'write'): Promise<Tx> {
    if (mode === 'read') return await this.client.transaction(mode);
    const release = await this.lock.acquire(WRITE_LOCK_TIMEOUT_MS);
    let tx: Tx;
    try {
      tx = await this.client.transaction(mode);
    } catch (error) {
      release();
      throw error;
    }
    let released = false;
    let statements = 0;
    const releaseOnce = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    const close = tx.close.bind(tx);
    const commit = tx.commit.bind(tx);
    const rollback = tx.rollback.bind(tx);
    const execute = tx.execute.bind(tx);
    const batch = tx.batch.bind(tx);
    return Object.assign(tx, {
      execute: async (stmt: InStatement) => {
        await this.slice.pauseIfDue();
        statements++;
        return await execute(stmt);
      },
      batch: async (stmts: InStatement[]) => {
        await this.slice.pauseIfDue();
        statements += stmts.length;
        return await batch(stmts);
      },
      commit: async () => {
        try {
          await this.slice.pauseIfDue(statements >= LARGE_TRANSACTION_STATEMENTS ? COMMIT_SLICE_USED_MS : EVENT_LOOP_SLICE_MS);
          await commit();
        } finally {
          releaseOnce();
        }
      },
      rollback: async () => {
        try {
          await rollback();
        } finally {
          releaseOnce();
        }
      },
      close: () => {
        try {
          close();
        } finally {
          releaseOnce();
        }
      },
    });
  }

  /**
   * Closes the connections and stops the checkpoint thread. Await it before the process exits: exiting while that
   * thread is inside a checkpoint (native code) can abort the process (a libsql panic) instead of exiting 0.
   */
  async close(): Promise<void> {
    const stopping = this.checkpointer?.stop();
    this.reader?.close();
    this.client.close();
    await stopping;
  }

  get closed(): boolean {
    return this.client.closed;
  }
}

export interface DatabaseOptions {
  url: string;
  authToken?: string;
  /** Embedded databases: the checkpoint thread's interval and WAL restart size (storage/checkpointer.ts; tests make them small). */
  checkpointIntervalMs?: number;
  walRestartFrames?: number;
}

/** Local path of a `file:` URL (relative or absolute), or null for other URLs. */
export function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  if (url.startsWith('file://')) return fileURLToPath(url);
  return url.slice('file:'.length);
}

/** How long a write waits for the database lock held by another connection or instance. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Connections of an embedded database's client. Statements are synchronous, so at most a few are in use at once (the
 * write transaction of this process and the reads served meanwhile); a small, fixed number lets every one of them be
 * configured at start (configureConnections).
 */
export const EMBEDDED_CONNECTIONS = 4;

/**
 * Per-connection settings of every pooled connection of an embedded database. synchronous=NORMAL: in WAL mode a
 * commit then writes the WAL without waiting for the disk (fsync only at checkpoints) — no corruption on power loss,
 * the last commits may roll back — which matters because a commit runs on the event loop: with FULL, each of the
 * many short transactions of a staged bulk write would wait for an fsync (measured 1–20 ms each here).
 */
const CONNECTION_PRAGMAS = ['PRAGMA synchronous = NORMAL'];
/** With a background checkpoint thread (storage/checkpointer.ts), no connection of the event loop checkpoints. */
const NO_AUTO_CHECKPOINT = 'PRAGMA wal_autocheckpoint = 0';

/**
 * The client opens its connections lazily and a PRAGMA reaches only the connection that ran it, so: open all of
 * them (each held by a transaction), then release them one at a time and run the pragmas on the one idle
 * connection, taking it back before releasing the next. Checked at the end (each held connection reports NORMAL).
 */
async function configureConnections(client: Client, count: number, pragmas: readonly string[]): Promise<void> {
  const held: Transaction[] = [];
  try {
    for (let i = 0; i < count; i++) held.push(await client.transaction('deferred'));
    for (let i = 0; i < held.length; i++) {
      held[i]!.close();
      for (const pragma of pragmas) await client.execute(pragma);
      held[i] = await client.transaction('deferred');
    }
    for (const tx of held) {
      const level = Number((await tx.execute('PRAGMA synchronous')).rows[0]?.[0]);
      if (level !== 1) throw new Error(`a database connection kept synchronous=${level}`);
    }
  } finally {
    for (const tx of held) tx.close();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const path = localFilePath(options.url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  // The embedded client keeps a pool of connections (a transaction holds one; other calls use
  // others), opened lazily. `timeout` is the busy timeout of every pooled connection, making a writer
  // wait for another instance's write lock instead of failing with SQLITE_BUSY at once.
  let checkpointer: Checkpointer | null = null;
  // the embedded driver's connections keep their prepared statements (storage/statementCache.ts)
  if (path) cacheStatements();
  const client = createClient({
    url: options.url,
    authToken: options.authToken,
    intMode: 'number',
    timeout: path ? BUSY_TIMEOUT_MS : undefined,
    ...(path ? { concurrency: EMBEDDED_CONNECTIONS } : {}),
  });
  if (path) {
    // WAL is a property of the database file (persistent), so setting it once is enough: readers
    // proceed while a writer commits.
    await client.execute('PRAGMA journal_mode = WAL');
    checkpointer = await Checkpointer.start(path, options.checkpointIntervalMs, options.walRestartFrames);
    await configureConnections(client, EMBEDDED_CONNECTIONS, checkpointer ? [...CONNECTION_PRAGMAS, NO_AUTO_CHECKPOINT] : CONNECTION_PRAGMAS);
  }
  // libSQL enables foreign keys on every connection by default; refuse to run without them.
  const fk = await client.execute('PRAGMA foreign_keys');
  if (Number(fk.rows[0]?.[0] ?? 1) !== 1) await client.execute('PRAGMA foreign_keys = ON');
  return new Db(client, options.url === ':memory:', path ? new CachedReader(path, BUSY_TIMEOUT_MS) : null, checkpointer);
}

/** Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const tx = await db.transaction('write');
  try {
    const result = await work(tx);
    await tx.commit();
    return result;
  } catch (error) {
    await tx.rollback().catch(() => undefined);
    throw error;
  } finally {
    tx.close();
  }
}

/** Throws when the database cannot answer a trivial query (health checks). */
export async function pingDatabase(db: SqlExecutor): Promise<void> {
  await db.execute('SELECT 1');
}

/** Refreshes the query planner's statistics (after bulk loads). */
export async function analyzeDatabase(db: SqlExecutor): Promise<void> {
  await db.execute('ANALYZE');
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
