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

/** Statements that only read: SELECT / EXPLAIN, and read-only PRAGMA queries (no `=`). */
function isReadOnly(stmt: InStatement): boolean {
  const sql = typeof stmt === 'string' ? stmt : stmt.sql;
  return /^\s*(SELECT|EXPLAIN)\b/i.test(sql) || /^\s*PRAGMA\s+[\w.]+\s*;?\s*$/i.test(sql);
}

/** How long a write waits for this process's earlier writes before it is reported as stuck. */
const WRITE_LOCK_TIMEOUT_MS = 30_000;

/**
 * The database as storage/ uses it: the libSQL client with writes serialised per process.
 * Remote URLs (sqld) go through the same path; their server serialises writers itself.
 */
export class Db implements SqlExecutor {
  private readonly lock = new WriteLock();

  /**
   * @param serializeReads take the lock for reads too: an in-memory database lives on ONE connection,
   *   which an open transaction holds, so a concurrent read would be refused (TRANSACTION_ACTIVE).
   */
  constructor(
    readonly client: Client,
    private readonly serializeReads = false,
  ) {}

  async execute(stmt: InStatement): Promise<ResultSet> {
    if (!this.serializeReads && isReadOnly(stmt)) return await this.client.execute(stmt);
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
    const releaseOnce = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    const close = tx.close.bind(tx);
    const commit = tx.commit.bind(tx);
    const rollback = tx.rollback.bind(tx);
    return Object.assign(tx, {
      commit: async () => {
        try {
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

  close(): void {
    this.client.close();
  }

  get closed(): boolean {
    return this.client.closed;
  }
}

export interface DatabaseOptions {
  url: string;
  authToken?: string;
}

/** Local path of a `file:` URL (relative or absolute), or null for other URLs. */
export function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  if (url.startsWith('file://')) return fileURLToPath(url);
  return url.slice('file:'.length);
}

/** How long a write waits for the database lock held by another connection or instance. */
export const BUSY_TIMEOUT_MS = 5000;

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const path = localFilePath(options.url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  // The embedded client keeps a pool of connections (a transaction holds one; other calls use
  // others), opened lazily. A PRAGMA run through `execute` reaches only whichever connection served
  // it, so per-connection settings must come from the client's options: `timeout` is the busy
  // timeout of every pooled connection, making a writer wait for another connection's (or another
  // instance's) write lock instead of failing with SQLITE_BUSY at once.
  const client = createClient({
    url: options.url,
    authToken: options.authToken,
    intMode: 'number',
    timeout: path ? BUSY_TIMEOUT_MS : undefined,
  });
  if (path) {
    // WAL is a property of the database file (persistent), so setting it once is enough: readers
    // proceed while a writer commits. synchronous=NORMAL is safe in WAL mode (no corruption on power
    // loss; the last commits may roll back) and is per connection, hence only a best effort here.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  // libSQL enables foreign keys on every connection by default; refuse to run without them.
  const fk = await client.execute('PRAGMA foreign_keys');
  if (Number(fk.rows[0]?.[0] ?? 1) !== 1) await client.execute('PRAGMA foreign_keys = ON');
  return new Db(client, options.url === ':memory:');
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
 * Lets timers and I/O run (a macrotask turn). The embedded driver executes statements synchronously, and awaiting
 * resolved promises never yields to I/O, so long sequences of statements call this between them.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
