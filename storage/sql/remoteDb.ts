/**
 * A libSQL server (sqld: `ws://`/`wss://`, `http(s)://` or `libsql://` URLs): the client's statements go over the
 * network as asynchronous requests, so most of the embedded path's machinery does not apply (no event-loop pacing —
 * the loop turns while a request is out; no statement cache or checkpoint thread — the server has its own). What a
 * network adds, and this module handles:
 *
 *  - **One writer per instance.** The server serialises writers, but each one waiting for its lock spins on a thread
 *    of its own, and requests the client gave up on stay queued there: this instance's writes take the process's
 *    write lock (storage/sql/writeLock.ts, why at length) and reach the server one at a time, a write transaction
 *    from its start to its end. So, as on the embedded file, a write must never be nested inside a transaction.
 *
 *  - **Reads on kept streams.** sqld opens a SQLite connection for each new Hrana stream, and @libsql/client opens a
 *    stream for each statement: on a WebSocket URL, single reads outside transactions go on a few streams kept open
 *    instead (storage/sql/remoteReadStreams.ts; about 1/7 of sqld's CPU per primary-key read). They are retried, bounded
 *    and heartbeaten like every other request; writes, batches and transactions stay on the client.
 *  - **Bulk INSERTs pipelined.** Inside a write transaction, statements whose results nobody reads may be sent before
 *    the earlier ones are answered (storage/sql/pipelinedStatements.ts; the transaction's wrapper says it may): its stream
 *    runs them in the order sent.
 *  - **Busy.** sqld gives a connection 100 ms of busy timeout (`PRAGMA busy_timeout = N` is refused), and rolls a
 *    write transaction back when another writer has waited for it for 5 s (TRANSACTION_TIMEOUT, "lock stealing").
 *    Either way nothing of the statement or transaction was applied: it is run again after a pause that doubles
 *    (RETRY_FIRST_PAUSE_MS … RETRY_LONGEST_PAUSE_MS, with jitter), for at most `retryBudgetMs`.
 *  - **Unreachable.** A server down or restarting refuses connections: the request was never sent, and it is run again
 *    in the same way; the client reconnects by itself once the server answers. A connection lost while a request
 *    was out leaves the request's fate unknown: a read is run again, a write outside a transaction is not (it may
 *    have been applied) and fails as `ambiguous`.
 *  - **Transactions.** A transaction that failed before its COMMIT was sent was rolled back by the server (its
 *    stream died or its lock was taken): `work` is run again from the start, in a new transaction — which is why
 *    `work` may change nothing outside the transaction until it resolves (storage/sql/db.ts inTransaction). A COMMIT
 *    whose answer was lost is ambiguous and not retried. No transaction is ever half-applied: the server commits a
 *    transaction whole or not at all.
 *  - **Silence.** A network cut drops packets without an error, and a WebSocket over a dead TCP connection waits for
 *    minutes. A heartbeat asks the current client for `SELECT 1` every HEARTBEAT_INTERVAL_MS; when HEARTBEAT_MISSES
 *    of them in a row go unanswered for HEARTBEAT_TIMEOUT_MS, the client is replaced by a new one and closed, which
 *    fails what was waiting on it (`lost`: reads run again on the new client, writes are ambiguous). A slow statement
 *    is not a dead connection — under load a write may wait seconds for the server's write lock, and reads (the
 *    heartbeat's) are answered meanwhile — so a statement's own bound (STATEMENT_TIMEOUT_MS) fails only that call.
 *    (Replacing the client whenever one statement took 10 s closed the statements of every other caller under a
 *    heavy load of three instances and one server, and the runners failed their jobs.)
 *  - **A read replica** (`--primary-grpc-url`; Apsis's DATABASE_REPLICA=true) serves reads from its own copy and
 *    forwards writes, and a write transaction whole, to its primary; the copy catches up a few ms later (1 ms median,
 *    17 ms at worst in 100 writes here), so a read right after a write may not see it. With `startReadYourWrites` this
 *    instance counts its committed writes and records the count in `replica_write_marks` inside each write (migration
 *    0020); before a read it waits until the replica shows its latest count (REPLICA_CATCH_UP_MS at most, then
 *    unavailable). A client that wrote through this instance then reads its write at once, whichever request it sends.
 *
 * What cannot be retried within the budget becomes a DatabaseUnavailableError (storage/sql/dbErrors.ts): the API answers
 * 503 with Retry-After, job runners pause until the database answers again.
 */
import { createClient, type Client, type InStatement, type ResultSet, type TransactionMode } from '@libsql/client';
import type { DatabaseOptions, Db, StatementObserver, Tx } from './db.ts';
import { DatabaseUnavailableError } from './dbErrors.ts';
import { isReadOnly } from './sqlStatements.ts';
import type { PipelinedTx } from './pipelinedStatements.ts';
import { RemoteReadStreams } from './remoteReadStreams.ts';
import { WRITE_LOCK_TIMEOUT_MS, WriteLock } from './writeLock.ts';

/** How long a statement or transaction is retried while the server is busy or unreachable (a restart takes ~1 s). */
export const DEFAULT_RETRY_BUDGET_MS = 3_000;
export const RETRY_FIRST_PAUSE_MS = 25;
export const RETRY_LONGEST_PAUSE_MS = 500;
/** A statement unanswered this long fails (as lost): the last bound; a dead connection is found by the heartbeat. */
export const STATEMENT_TIMEOUT_MS = 60_000;
/** How often the heartbeat asks the current client for `SELECT 1`, how long it waits, and how many misses in a row replace the client. */
export const HEARTBEAT_INTERVAL_MS = 2_000;
export const HEARTBEAT_TIMEOUT_MS = 5_000;
export const HEARTBEAT_MISSES = 3;
/** How long a failed transaction's ROLLBACK is waited for before its stream is closed (which rolls it back too). */
const ROLLBACK_TIMEOUT_MS = 2_000;
/** What a caller told "unavailable" is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;
/** How long a health check waits for the server's answer. */
export const PING_TIMEOUT_MS = 2_000;
/**
 * How long a read waits for the replica to show this instance's writes: a replica catches up in ms, but after a bulk
 * write (a 20 MB tracking file: hundreds of MB of WAL frames to replicate) it may take seconds.
 */
export const REPLICA_CATCH_UP_MS = 10_000;
/** How often it looks meanwhile. */
const REPLICA_POLL_MS = 2;
/** How long a start on a replica waits for the replica to show the migrated schema. */
const REPLICA_SCHEMA_WAIT_MS = 30_000;

/** Why a request failed, as far as retrying goes. */
export type RemoteFailure =
  /** The server refused the statement for a lock: nothing was applied. */
  | 'busy'
  /** No connection could be made: the request was never sent. */
  | 'not-sent'
  /** The connection was lost (or went silent) while the request was out: applied or not, nobody knows. */
  | 'lost'
  /** Anything else (a constraint, a syntax error, a value): not the network's doing, never retried. */
  | 'other';

const NOT_CONNECTED = /connect (ECONNREFUSED|EHOSTUNREACH|ENETUNREACH)|ENOTFOUND|EAI_AGAIN|UND_ERR_CONNECT_TIMEOUT|failed to connect|tcp connect error|Connection refused|os error 111|os error 113|os error 101/i;
const NETWORK_CODES = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT/;

function describe(error: unknown): { code: string; text: string } {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  const cause = e?.cause as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  const inner = cause?.cause as { code?: unknown; message?: unknown } | undefined;
  return {
    code: String(e?.code ?? ''),
    text: [e?.message, cause?.code, cause?.message, inner?.code, inner?.message].filter((x) => x !== undefined).map(String).join(' | '),
  };
}

/** Classifies a client error (libSQL's codes and messages, and the network errors under them). */
export function classifyRemoteFailure(error: unknown): RemoteFailure {
  if (error instanceof StatementTimeoutError) return 'lost';
  const { code, text } = describe(error);
  if (/^SQLITE_(BUSY|LOCKED)/.test(code) || /SQLITE_(BUSY|LOCKED)|database is locked/.test(text) || code === 'TRANSACTION_TIMEOUT') return 'busy';
  // `Client was manually closed`: the heartbeat replaced a silent client, failing what waited on it
  const network = code === 'HRANA_WEBSOCKET_ERROR' || code === 'SERVER_ERROR' || /fetch failed|error sending request|WebSocket was closed|Client is closed|Client was manually closed|socket hang up|other side closed|NetworkError/i.test(text) || NETWORK_CODES.test(text) || NOT_CONNECTED.test(text);
  if (!network) return 'other';
  // connect refused/unreachable: nothing left this process (a closed WebSocket or reset socket may have carried it);
  // Node says `connect ECONNREFUSED`, Deno `failed to connect to WebSocket: tcp connect error` or `os error 111`
  return NOT_CONNECTED.test(text) ? 'not-sent' : 'lost';
}

class StatementTimeoutError extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
    this.name = 'StatementTimeoutError';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `request`, or a StatementTimeoutError after `ms` (the request itself goes on: it cannot be called back). */
async function withTimeout<T>(request: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([request, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new StatementTimeoutError(ms)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The pause before attempt `attempt` (1-based retries): doubling from RETRY_FIRST_PAUSE_MS, capped, ±25 % jitter. */
function backoffMs(attempt: number): number {
  const base = Math.min(RETRY_LONGEST_PAUSE_MS, RETRY_FIRST_PAUSE_MS * 2 ** (attempt - 1));
  return base * (0.75 + Math.random() * 0.5);
}

/** This instance's write marks on a replica (module comment). */
interface WriteMarks {
  readonly instanceId: string;
  /** The highest mark committed. */
  committed: number;
  /** The highest mark the replica has shown. */
  seen: number;
  /** The poll in progress, shared by the reads that wait. */
  waiting: Promise<void> | null;
}

export class RemoteDb implements Db {
  readonly backend = 'remote' as const;
  private client: Client;
  private isClosed = false;
  private marks: WriteMarks | null = null;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private beating: Promise<void> | null = null;
  private misses = 0;
  /** One write (statement, batch or transaction) of this instance at the server at a time (storage/sql/writeLock.ts). */
  private readonly writeLock = new WriteLock();

  /**
   * `readStreams`: on a WebSocket URL, single reads go on streams kept open (storage/sql/remoteReadStreams.ts: sqld opens
   * a connection per new stream); null: every statement on the client.
   */
  constructor(
    private readonly makeClient: () => Client,
    private readonly retryBudgetMs = DEFAULT_RETRY_BUDGET_MS,
    private readonly statementTimeoutMs = STATEMENT_TIMEOUT_MS,
    private readonly onStatement: StatementObserver | null = null,
    private readonly readStreams: RemoteReadStreams | null = null,
  ) {
    this.client = makeClient();
    this.heartbeat = setInterval(() => {
      this.beating ??= this.beat().finally(() => (this.beating = null));
    }, HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref?.();
  }

  /** The write lock, or unavailable (busy) when this instance's earlier writes held it for WRITE_LOCK_TIMEOUT_MS. */
  private async acquireWriteLock(): Promise<() => void> {
    try {
      return await this.writeLock.acquire(WRITE_LOCK_TIMEOUT_MS);
    } catch (error) {
      throw new DatabaseUnavailableError(`the database stayed busy (this instance's earlier writes held it for ${WRITE_LOCK_TIMEOUT_MS} ms)`, RETRY_AFTER_SECONDS, false, { cause: error });
    }
  }

  /** `work` (one write: a statement, a batch or a transaction, with its retries) under the write lock. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquireWriteLock();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Resolves with `request` on the current client, or fails after `statementTimeoutMs` (the client is kept). */
  private async timed<T>(request: (client: Client) => Promise<T>): Promise<T> {
    return await withTimeout(request(this.client), this.statementTimeoutMs);
  }

  /** One read-only statement outside a transaction: on a kept stream when there are read streams, with the same bound. */
  private async timedRead(stmt: InStatement): Promise<ResultSet> {
    const streams = this.readStreams;
    if (!streams) return await this.timed((client) => client.execute(stmt));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // resolves when the bound is reached: the stream, its statement maybe still out, is then closed, not kept
    const abandoned = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.statementTimeoutMs)));
    try {
      return await Promise.race([
        streams.query(stmt, abandoned),
        abandoned.then(() => Promise.reject(new StatementTimeoutError(this.statementTimeoutMs))),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** `SELECT 1` on the client and, when there are read streams, on their WebSocket (both carry this instance's work). */
  private async probe(client: Client, ms: number): Promise<void> {
    await withTimeout(Promise.all([client.execute('SELECT 1'), this.readStreams?.ping()]), ms);
  }

  /** One heartbeat: the current client asked for `SELECT 1`; replaced after HEARTBEAT_MISSES silent answers in a row. */
  private async beat(): Promise<void> {
    const client = this.client;
    try {
      await this.probe(client, HEARTBEAT_TIMEOUT_MS);
      this.misses = 0;
    } catch (error) {
      // a refused or failed answer is an answer (the client reconnects by itself): only silence counts
      if (!(error instanceof StatementTimeoutError) || this.client !== client) return;
      if (++this.misses < HEARTBEAT_MISSES || this.isClosed) return;
      this.misses = 0;
      this.client = this.makeClient();
      client.close();
      this.readStreams?.replace();
    }
  }

  /**
   * Runs `attempt` until it succeeds, fails for a reason retrying cannot help, or the budget is spent. `safeWhenLost`:
   * the request may be run again after a lost answer (a read, or a transaction that never sent its COMMIT).
   */
  private async retrying<T>(what: string, safeWhenLost: (error: unknown) => boolean, attempt: () => Promise<T>): Promise<T> {
    const deadline = performance.now() + this.retryBudgetMs;
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        const failure = classifyRemoteFailure(error);
        if (failure === 'other' || this.isClosed) throw error;
        const retryable = failure === 'busy' || failure === 'not-sent' || (failure === 'lost' && safeWhenLost(error));
        const wait = backoffMs(n);
        if (!retryable || error instanceof StatementTimeoutError || performance.now() + wait > deadline) {
          const ambiguous = failure === 'lost' && !safeWhenLost(error);
          const reason = failure === 'busy' ? 'stayed busy' : 'could not be reached';
          throw new DatabaseUnavailableError(
            `the database ${reason} (${what}${ambiguous ? '; the write may or may not have been applied' : ''}): ${describe(error).text.slice(0, 200)}`,
            RETRY_AFTER_SECONDS,
            ambiguous,
            { cause: error },
          );
        }
        await pause(wait);
      }
    }
  }

  /**
   * From now on, this instance's writes carry its write marks and its reads wait for the replica to show them (module
   * comment). Call once the schema has `replica_write_marks` (after migrating).
   */
  async startReadYourWrites(instanceId: string): Promise<void> {
    // The replica must hold the marks' table first: it prepares a forwarded statement against its own copy of the
    // schema, which the migrations (just written through it to the primary) may not have reached yet.
    const deadline = performance.now() + REPLICA_SCHEMA_WAIT_MS;
    for (;;) {
      try {
        await this.timed((client) => client.execute('SELECT mark FROM replica_write_marks LIMIT 1'));
        break;
      } catch (error) {
        if (performance.now() > deadline) throw new Error(`the read replica has not shown the schema's replica_write_marks table for ${REPLICA_SCHEMA_WAIT_MS} ms`, { cause: error });
        await pause(50);
      }
    }
    this.marks ??= { instanceId, committed: 0, seen: 0, waiting: null };
  }

  /**
   * The statement that counts one more write of this instance, inside the write it belongs to, and answers the count
   * (RETURNING mark). The count is the primary's, incremented under its write lock: marks follow the commit order, so a
   * replica that shows mark n holds every write of this instance up to the n-th. (Counting here and writing the
   * larger of two marks let a write committed after a later-numbered one look replicated when it was not.)
   * `onlyIfChanged`: counted only when the statement before it changed a row (`changes()`), so that writes that
   * changed nothing (a claim that found no job, every poll) give the replica nothing to catch up on.
   */
  private markStatement(onlyIfChanged = false): InStatement | null {
    if (!this.marks) return null;
    return {
      sql: `INSERT INTO replica_write_marks (instance_id, mark, updated_at) SELECT ?, 1, ? WHERE ${onlyIfChanged ? 'changes() > 0' : 'true'}
            ON CONFLICT (instance_id) DO UPDATE SET mark = mark + 1, updated_at = excluded.updated_at RETURNING mark`,
      args: [this.marks.instanceId, new Date().toISOString()],
    };
  }

  /** The mark a mark statement answered (null when it counted nothing). */
  private static markOf(result: ResultSet | undefined): number | null {
    const row = result?.rows[0];
    return row ? Number(row.mark) : null;
  }

  private committed(mark: number | null): void {
    if (this.marks && mark !== null && mark > this.marks.committed) this.marks.committed = mark;
  }

  /** Resolves once the replica shows every write this instance committed before the call. */
  private async caughtUp(): Promise<void> {
    const marks = this.marks;
    if (!marks) return;
    const target = marks.committed;
    while (marks.seen < target) {
      marks.waiting ??= this.pollMarks(marks).finally(() => (marks.waiting = null));
      await marks.waiting;
    }
  }

  private async pollMarks(marks: WriteMarks): Promise<void> {
    const target = marks.committed;
    const deadline = performance.now() + REPLICA_CATCH_UP_MS;
    for (;;) {
      const rows = (await this.retrying('a read of the write marks', () => true, () => this.timedRead({
        sql: 'SELECT mark FROM replica_write_marks WHERE instance_id = ?',
        args: [marks.instanceId],
      }))).rows;
      const shown = Number(rows[0]?.mark ?? 0);
      if (shown > marks.seen) marks.seen = shown;
      if (marks.seen >= target) return;
      if (performance.now() > deadline) {
        throw new DatabaseUnavailableError(`the read replica has not shown this instance's writes for ${REPLICA_CATCH_UP_MS} ms`, RETRY_AFTER_SECONDS);
      }
      await pause(REPLICA_POLL_MS);
    }
  }

  /** `run`, its time (a round trip, with its retries) told to the observer. */
  private async observed<T>(kind: 'read' | 'write', run: () => Promise<T>): Promise<T> {
    if (!this.onStatement) return await run();
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.onStatement(kind, (performance.now() - started) / 1000);
    }
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    return await this.observed(isReadOnly(stmt) ? 'read' : 'write', () => this.executeNow(stmt));
  }

  async batch(stmts: InStatement[], mode: TransactionMode = 'write'): Promise<ResultSet[]> {
    return await this.observed(mode === 'read' ? 'read' : 'write', () => this.batchNow(stmts, mode));
  }

  private async executeNow(stmt: InStatement): Promise<ResultSet> {
    const read = isReadOnly(stmt);
    if (read) {
      await this.caughtUp();
      return await this.retrying('a read', () => true, () => this.timedRead(stmt));
    }
    return await this.writing(async () => {
      const mark = this.markStatement(true);
      if (!mark) return await this.retrying('a write', () => false, () => this.timed((client) => client.execute(stmt)));
      // with its mark, in one transaction (the mark only when the write changed a row)
      const [result, marked] = await this.retrying('a write', () => false, () => this.timed((client) => client.batch([stmt, mark], 'write')));
      this.committed(RemoteDb.markOf(marked));
      return result!;
    });
  }

  private async batchNow(stmts: InStatement[], mode: TransactionMode): Promise<ResultSet[]> {
    // one request, applied whole or not at all: a lost answer leaves a write batch's fate unknown
    if (mode === 'read') {
      await this.caughtUp();
      return await this.retrying('a read batch', () => true, () => this.timed((client) => client.batch(stmts, mode)));
    }
    return await this.writing(async () => {
      const mark = this.markStatement();
      const results = await this.retrying(`a ${mode} batch`, () => false, () => this.timed((client) => client.batch(mark ? [...stmts, mark] : stmts, mode)));
      if (mark) this.committed(RemoteDb.markOf(results[stmts.length]));
      return mark ? results.slice(0, stmts.length) : results;
    });
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    return await this.writing(() => this.retrying('a migration', () => false, () => this.timed((client) => client.migrate(stmts))));
  }

  /** A transaction of the client as it is (no retry: the caller owns its statements; a write one commits its mark). */
  async transaction(mode: TransactionMode = 'write'): Promise<Tx> {
    if (mode === 'read') {
      await this.caughtUp();
      return await this.retrying('a read transaction\'s start', () => true, () => this.timed((client) => client.transaction(mode)));
    }
    // a write transaction holds the write lock from its start to its end (commit, rollback or close)
    const release = await this.acquireWriteLock();
    let tx: Tx;
    try {
      tx = await this.retrying(`a ${mode} transaction's start`, () => true, () => this.timed((client) => client.transaction(mode)));
    } catch (error) {
      release();
      throw error;
    }
    const marking = this.markingTransaction(tx, async (writeMark) => {
      const written = this.marks ? await writeMark() : null;
      await this.timed(() => tx.commit());
      if (written !== null) this.committed(written);
    }).tx;
    const ended = <T>(end: () => Promise<T>) => async (): Promise<T> => {
      try {
        return await end();
      } finally {
        release();
      }
    };
    const wrapped: Tx & PipelinedTx = {
      pipelinesStatements: true,
      execute: marking.execute,
      batch: marking.batch,
      executeMultiple: marking.executeMultiple,
      commit: ended(() => marking.commit()),
      rollback: ended(() => marking.rollback()),
      close: () => {
        marking.close();
        release();
      },
      get closed() {
        return marking.closed;
      },
    };
    return wrapped;
  }

  /**
   * `tx` with its statements timed, and `writeMark`: writes a new mark into it when any of its statements changed a
   * row (resolving with the mark, or null). `commit` is what the wrapper's commit does.
   */
  private markingTransaction(tx: Tx, commit: (writeMark: () => Promise<number | null>) => Promise<void>): { tx: Tx; writeMark: () => Promise<number | null> } {
    let changed = false;
    const noted = (result: ResultSet) => {
      if (result.rowsAffected > 0) changed = true;
      return result;
    };
    const writeMark = async (): Promise<number | null> => {
      const statement = changed ? this.markStatement() : null;
      return statement ? RemoteDb.markOf(await this.timed(() => tx.execute(statement))) : null;
    };
    const wrapped: Tx & PipelinedTx = {
      // statements may be sent before the earlier ones are answered (storage/sql/pipelinedStatements.ts)
      pipelinesStatements: true,
      execute: async (stmt: InStatement) => noted(await this.observed(isReadOnly(stmt) ? 'read' : 'write', () => this.timed(() => tx.execute(stmt)))),
      batch: async (stmts: InStatement[]) => (await this.observed('write', () => this.timed(() => tx.batch(stmts)))).map(noted),
      executeMultiple: async (sql: string) => {
        changed = true; // no result to tell
        await this.timed(() => tx.executeMultiple(sql));
      },
      commit: () => commit(writeMark),
      rollback: () => withTimeout(tx.rollback(), ROLLBACK_TIMEOUT_MS).finally(() => tx.close()),
      close: () => tx.close(),
      get closed() {
        return tx.closed;
      },
    };
    return { tx: wrapped, writeMark };
  }

  async runInTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let committing = false;
    // run again only while the COMMIT was not sent: the server rolled the transaction back
    return await this.writing(() => this.retrying('a write transaction', () => !committing, async () => {
      committing = false;
      const tx = await this.timed((client) => client.transaction('write'));
      try {
        const marking = this.markingTransaction(tx, () => Promise.reject(new Error('inTransaction commits the transaction itself')));
        const result = await work(marking.tx);
        const written = this.marks ? await marking.writeMark() : null;
        committing = true;
        await this.timed(() => tx.commit());
        if (written !== null) this.committed(written);
        return result;
      } catch (error) {
        // Bounded: after a statement that timed out, the ROLLBACK queues behind it on the same stream; closing the
        // stream (below) is what makes the server roll back and let go of its write lock then.
        if (!tx.closed) await withTimeout(tx.rollback(), ROLLBACK_TIMEOUT_MS).catch(() => undefined);
        // a COMMIT refused for a lock (sqld took it back) was not applied: safe to run again
        if (committing && classifyRemoteFailure(error) === 'busy') committing = false;
        throw error;
      } finally {
        tx.close();
      }
    }));
  }

  /**
   * One `SELECT 1` with the PING_TIMEOUT_MS bound and no retry: on the read streams' WebSocket when there is one (what
   * reads use; a silent client socket is the heartbeat's to find), else on the client.
   */
  async ping(): Promise<void> {
    await withTimeout<unknown>(this.readStreams ? this.readStreams.ping() : this.client.execute('SELECT 1'), PING_TIMEOUT_MS);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    clearInterval(this.heartbeat);
    this.client.close();
    this.readStreams?.close();
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** The kept read streams' counts (storage/sql/remoteReadStreams.ts), or null off a WebSocket URL. */
  get readStreamCounts(): { kept: number; idle: number; waiting: number } | null {
    return this.readStreams?.counts ?? null;
  }
}

/** Opens a libSQL server's database. Nothing is sent until the first statement. */
export async function openRemoteDatabase(options: DatabaseOptions): Promise<RemoteDb> {
  const db = new RemoteDb(
    () => createClient({ url: options.url, authToken: options.authToken, intMode: 'number' }),
    options.retryBudgetMs ?? DEFAULT_RETRY_BUDGET_MS,
    STATEMENT_TIMEOUT_MS,
    options.onStatement ?? null,
    /^wss?:\/\//i.test(options.url) ? new RemoteReadStreams(options.url, options.authToken) : null,
  );
  // libSQL enables foreign keys on every connection by default; refuse to run without them.
  const fk = await db.execute('PRAGMA foreign_keys');
  if (Number(fk.rows[0]?.[0] ?? 1) !== 1) throw new Error('the libSQL server runs without foreign keys; Apsis needs them');
  return db;
}
