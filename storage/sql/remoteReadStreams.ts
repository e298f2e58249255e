/**
 * Single read statements to a libSQL server over a WebSocket, on Hrana streams kept open between statements.
 *
 * Why: @libsql/client opens a Hrana stream for each statement and closes it after (pipelined, so no extra round
 * trip), and sqld opens a new SQLite connection for each new stream — schema load and all. Measured here (bench:api,
 * `GET /operations/spacecraft/{id}` at 50 connections, one read per request): ~2 ms of sqld CPU per request, which
 * held one instance at ~550 req/s on two cores. A kept stream is a kept connection.
 *
 * Meaning unchanged: a stream outside a transaction is an SQLite connection in autocommit, so each statement on it
 * reads the latest commit, exactly as a statement on a fresh stream does. Only read-only statements outside
 * transactions come here (storage/sql/remoteDb.ts decides, by storage/sql/sqlStatements.ts isReadOnly); writes, batches and
 * transactions stay on @libsql/client, under the write lock.
 *
 * Rules:
 *  - A stream serves one statement at a time (a stream's statements run one after another at the server, so
 *    pipelining several on one would queue a quick read behind a slow one). Up to MAX_KEPT_STREAMS are kept; when all
 *    are busy, a statement waits for the first one free (first come, first served). (Giving it a stream of its own
 *    instead, @libsql/client's way, left the cost as it was at 50 concurrent reads: most of them were on new streams.)
 *    Eight streams keep both server cores busy; a statement's wait for one is bounded by the caller's statement bound.
 *  - A stream whose statement failed for any reason but the statement's own (an SQL error answered by the server),
 *    or which a caller stopped waiting for, is closed, never kept: its state is unknown.
 *  - The WebSocket is this module's own (one more connection to the server). When it closes (server restart, network),
 *    the next statement opens a new one; `replace()` drops it at once (the heartbeat's verdict on a silent one).
 *  - Errors are given the codes @libsql/client gives the same Hrana errors (its `mapHranaError`), so that
 *    classifyRemoteFailure reads both alike: `HRANA_WEBSOCKET_ERROR` for the socket, the server's SQLite code for a
 *    statement it refused.
 *
 * @libsql/hrana-client is the protocol client under @libsql/client (the version it depends on, pinned beside it).
 */
import * as hrana from '@libsql/hrana-client';
import type { InStatement, ResultSet, Row } from '@libsql/client';

/** How many streams (server connections) are kept open for reads. */
export const MAX_KEPT_STREAMS = 8;

/** A Hrana client error with the code @libsql/client would give it. */
export class RemoteReadError extends Error {
  constructor(
    message: string,
    readonly code: string,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteReadError';
  }
}

function hranaCode(error: unknown): string {
  if (error instanceof hrana.ResponseError && error.code !== undefined) return error.code;
  if (error instanceof hrana.ProtoError) return 'HRANA_PROTO_ERROR';
  if (error instanceof hrana.ClosedError) return error.cause instanceof hrana.ClientError ? hranaCode(error.cause) : 'HRANA_CLOSED_ERROR';
  if (error instanceof hrana.WebSocketError) return 'HRANA_WEBSOCKET_ERROR';
  if (error instanceof hrana.ProtocolVersionError) return 'PROTOCOL_VERSION_ERROR';
  if (error instanceof hrana.InternalError) return 'INTERNAL_ERROR';
  return 'UNKNOWN';
}

function mapped(error: unknown): unknown {
  return error instanceof hrana.ClientError ? new RemoteReadError(error.message, hranaCode(error), { cause: error }) : error;
}

function hranaStatement(stmt: InStatement): hrana.Stmt {
  if (typeof stmt === 'string') return new hrana.Stmt(stmt);
  const statement = new hrana.Stmt(stmt.sql);
  const args = stmt.args;
  if (Array.isArray(args)) statement.bindIndexes(args);
  else if (args) for (const [name, value] of Object.entries(args)) statement.bindName(name, value);
  return statement;
}

/** A Hrana rows result as @libsql/client's ResultSet (the same rows: indexed and named). */
function resultSet(rows: hrana.RowsResult): ResultSet {
  const columns = rows.columnNames.map((name) => name ?? '');
  const columnTypes = rows.columnDecltypes.map((type) => type ?? '');
  return {
    columns,
    columnTypes,
    rows: rows.rows as unknown as Row[],
    rowsAffected: rows.affectedRowCount,
    lastInsertRowid: rows.lastInsertRowid,
    toJSON: () => ({ columns, columnTypes, rows: rows.rows.map((row) => Array.from(row as ArrayLike<unknown>)), rowsAffected: rows.affectedRowCount, lastInsertRowid: rows.lastInsertRowid?.toString() ?? null }),
  };
}

/** A statement waiting for a stream: given one, or told the streams closed. */
interface Waiter {
  give(stream: hrana.WsStream): void;
  fail(error: unknown): void;
}

export class RemoteReadStreams {
  private client: hrana.WsClient | null = null;
  /** Every stream kept open (idle or serving a statement). */
  private readonly kept = new Set<hrana.WsStream>();
  /** Kept streams ready for the next statement. */
  private readonly idle: hrana.WsStream[] = [];
  /** Statements waiting for a stream, first come first served. */
  private readonly waiters: Waiter[] = [];
  private isClosed = false;

  constructor(
    private readonly url: string,
    private readonly authToken: string | undefined,
    private readonly maxStreams = MAX_KEPT_STREAMS,
    private readonly intMode: hrana.IntMode = 'number',
  ) {}

  /** The current WebSocket client, a new one when there is none or it closed (its streams then forgotten). */
  private currentClient(): hrana.WsClient {
    if (this.client && !this.client.closed) return this.client;
    this.forgetStreams();
    try {
      this.client = hrana.openWs(this.url, this.authToken, 3);
    } catch (error) {
      throw mapped(error);
    }
    return this.client;
  }

  private forgetStreams(): void {
    for (const stream of this.kept) stream.close();
    this.kept.clear();
    this.idle.length = 0;
  }

  /** A new kept stream on the current client. */
  private openKept(): hrana.WsStream {
    const stream = this.currentClient().openStream();
    stream.intMode = this.intMode;
    this.kept.add(stream);
    return stream;
  }

  /** An idle stream, a new one while fewer than `maxStreams` are kept, or the first one given back. */
  private take(abandoned: Promise<unknown> | undefined): hrana.WsStream | Promise<hrana.WsStream> {
    if (this.client?.closed) this.forgetStreams();
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.kept.size < this.maxStreams) return this.openKept();
    return new Promise<hrana.WsStream>((resolve, reject) => {
      const waiter: Waiter = { give: resolve, fail: reject };
      this.waiters.push(waiter);
      // a statement its caller stopped waiting for leaves the queue, failed (not left pending for ever)
      void abandoned?.then(() => {
        const at = this.waiters.indexOf(waiter);
        if (at < 0) return;
        this.waiters.splice(at, 1);
        reject(new RemoteReadError('the statement was abandoned while it waited for a stream', 'CLIENT_ABANDONED', { cause: null }));
      });
    });
  }

  /** A stream done with its statement: kept for the next one when `reusable`, else closed (and replaced for a waiter). */
  private giveBack(stream: hrana.WsStream, reusable: boolean): void {
    const stillKept = this.kept.has(stream);
    if (!(reusable && stillKept && !stream.closed && !this.isClosed)) {
      this.kept.delete(stream);
      stream.close();
      this.serveWaiters();
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.give(stream);
    else this.idle.push(stream);
  }

  /** Gives waiters new streams while there is room (after streams were closed or forgotten). */
  private serveWaiters(): void {
    while (this.waiters.length > 0 && this.kept.size < this.maxStreams && !this.isClosed) {
      const waiter = this.waiters.shift()!;
      try {
        waiter.give(this.openKept());
      } catch (error) {
        waiter.fail(error);
      }
    }
  }

  /**
   * Runs one read-only statement. `abandoned` resolves when the caller stops waiting (its timeout): the statement then
   * leaves the queue, or its stream is closed instead of kept, since the statement may still be out.
   */
  async query(stmt: InStatement, abandoned?: Promise<unknown>): Promise<ResultSet> {
    if (this.isClosed) throw new RemoteReadError('the read streams are closed', 'CLIENT_CLOSED', { cause: null });
    let stream: hrana.WsStream;
    try {
      const taken = this.take(abandoned);
      stream = taken instanceof Promise ? await taken : taken;
    } catch (error) {
      throw mapped(error);
    }
    let settled = false;
    const settle = (reusable: boolean) => {
      if (!settled) this.giveBack(stream, reusable);
      settled = true;
    };
    void abandoned?.then(() => settle(false));
    try {
      const rows = await stream.query(hranaStatement(stmt));
      settle(true);
      return resultSet(rows);
    } catch (error) {
      // the server's answer to the statement itself (a ResponseError) leaves the stream as it was
      settle(error instanceof hrana.ResponseError && !stream.closed);
      throw mapped(error);
    }
  }

  /**
   * One `SELECT 1` on this module's WebSocket (the heartbeat's and the health check's probe): on an idle kept stream
   * when there is one (a load balancer's probes then cost sqld no new connection), else on a stream of its own — never
   * waiting behind statements, so that busy streams are not taken for a silent server.
   */
  async ping(): Promise<void> {
    if (this.client?.closed) this.forgetStreams();
    const idle = this.idle.pop();
    let stream: hrana.WsStream;
    try {
      stream = idle ?? this.currentClient().openStream();
    } catch (error) {
      throw mapped(error);
    }
    let ok = false;
    try {
      await stream.query('SELECT 1');
      ok = true;
    } catch (error) {
      throw mapped(error);
    } finally {
      if (idle) this.giveBack(stream, ok);
      else stream.close();
    }
  }

  /**
   * Drops the WebSocket and its streams (the statements out on them fail, and are run again by their callers); the
   * statements waiting get streams on a new one.
   */
  replace(): void {
    const client = this.client;
    this.forgetStreams();
    this.client = null;
    client?.close();
    this.serveWaiters();
  }

  /** How many streams are kept, how many of them idle, how many statements wait (for tests and benchmarks). */
  get counts(): { kept: number; idle: number; waiting: number } {
    return { kept: this.kept.size, idle: this.idle.length, waiting: this.waiters.length };
  }

  close(): void {
    this.isClosed = true;
    const waiters = this.waiters.splice(0);
    this.replace();
    for (const waiter of waiters) waiter.fail(new RemoteReadError('the read streams are closed', 'CLIENT_CLOSED', { cause: null }));
  }
}
