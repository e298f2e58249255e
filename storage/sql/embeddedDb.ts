/**
 * The embedded database (a `file:` URL, or `:memory:` for tests): the synchronous embedded driver on the event loop,
 * with the machinery it needs — one process-wide write lock (storage/sql/writeLock.ts, which the remote path shares),
 * statements paced by the event
 * loop's slice (storage/sql/eventLoopSlice.ts), reads through a connection with cached statements
 * (storage/sql/cachedReader.ts), prepared statements kept (storage/sql/statementCache.ts) and a WAL checkpoint thread
 * (storage/sql/checkpointer.ts). A libSQL server takes only the write lock: storage/sql/remoteDb.ts.
 */
import { createClient, type Client, type InStatement, type ResultSet, type Transaction, type TransactionMode } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { CachedReader } from './cachedReader.ts';
import { Checkpointer } from './checkpointer.ts';
import type { DatabaseOptions, Db, StatementObserver, Tx } from './db.ts';
import { localFilePath } from './dbUrl.ts';
import { COMMIT_SLICE_USED_MS, LARGE_TRANSACTION_STATEMENTS, EVENT_LOOP_SLICE_MS, loopSlice } from './eventLoopSlice.ts';
import { cacheStatements } from './statementCache.ts';
import { WRITE_LOCK_TIMEOUT_MS, WriteLock } from './writeLock.ts';
import { isReadOnly, isSelect } from './sqlStatements.ts';

/**
 * An embedded database file (or `:memory:`): the libSQL client with writes serialised per process, statements paced
 * by the event loop's slice, reads through a connection with cached statements, and a checkpoint thread.
 */
export class EmbeddedDb implements Db {
  readonly backend = 'embedded' as const;
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
    private readonly onStatement: StatementObserver | null = null,
  ) {
    checkpointer?.useWriteLock((timeoutMs) => this.lock.acquire(timeoutMs));
  }

  /** `run`, its time told to the observer (the statement's own: after the slice's pause and the write lock). */
  private async observed<T>(kind: 'read' | 'write', run: () => Promise<T> | T): Promise<T> {
    if (!this.onStatement) return await run();
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.onStatement(kind, (performance.now() - started) / 1000);
    }
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    await this.slice.pauseIfDue();
    if (!this.serializeReads && isReadOnly(stmt)) {
      if (this.reader && isSelect(stmt)) return await this.observed('read', () => this.reader!.execute(stmt));
      return await this.observed('read', () => this.client.execute(stmt));
    }
    const release = await this.lock.acquire(WRITE_LOCK_TIMEOUT_MS);
    try {
      return await this.observed('write', () => this.client.execute(stmt));
    } finally {
      release();
    }
  }

  async batch(stmts: InStatement[], mode: TransactionMode = 'write'): Promise<ResultSet[]> {
    const release = await this.lock.acquire(WRITE_LOCK_TIMEOUT_MS);
    try {
      return await this.observed(mode === 'read' ? 'read' : 'write', () => this.client.batch(stmts, mode));
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
        return await this.observed(isReadOnly(stmt) ? 'read' : 'write', () => execute(stmt));
      },
      batch: async (stmts: InStatement[]) => {
        await this.slice.pauseIfDue();
        statements += stmts.length;
        return await this.observed('write', () => batch(stmts));
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
  /** Static statements in one transaction with foreign keys off (the client's migrate: a connection of its own). */
  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    const release = await this.lock.acquire(WRITE_LOCK_TIMEOUT_MS);
    try {
      return await this.client.migrate(stmts);
    } finally {
      release();
    }
  }

  async ping(): Promise<void> {
    await this.execute('SELECT 1');
  }

  async runInTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = await this.transaction('write');
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
/** With a background checkpoint thread (storage/sql/checkpointer.ts), no connection of the event loop checkpoints. */
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

/** Opens an embedded database (`file:` URL or `:memory:`). */
export async function openEmbeddedDatabase(options: DatabaseOptions): Promise<EmbeddedDb> {
  const path = localFilePath(options.url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  // The embedded client keeps a pool of connections (a transaction holds one; other calls use
  // others), opened lazily. `timeout` is the busy timeout of every pooled connection, making a writer
  // wait for another instance's write lock instead of failing with SQLITE_BUSY at once.
  let checkpointer: Checkpointer | null = null;
  // the embedded driver's connections keep their prepared statements (storage/sql/statementCache.ts)
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
  return new EmbeddedDb(client, options.url === ':memory:', path ? new CachedReader(path, BUSY_TIMEOUT_MS) : null, checkpointer, options.onStatement ?? null);
}
