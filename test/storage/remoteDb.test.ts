/**
 * The libSQL server path (storage/sql/remoteDb.ts) against a real sqld: a server killed and restarted under a stream of
 * write transactions (each committed exactly once, none half-applied, the failures reported as unavailable within
 * the retry budget), a server that stays down (DatabaseUnavailableError in bounded time), a server gone silent
 * (SIGSTOP: its connections open, nothing answered — what a network cut looks like), a transaction run again after
 * the server dropped it before its COMMIT, and read-your-writes through a read replica.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSqld, type SqldServer } from '../../scripts/sqld.ts';
import { DatabaseUnavailableError, inTransaction, openDatabase, type Db } from '../../storage/sql/db.ts';
import { migrate } from '../../storage/sql/migrations.ts';
import { classifyRemoteFailure, RemoteDb } from '../../storage/sql/remoteDb.ts';
import { sqldSkipReason } from '../helpers/database.ts';

/** Until every thread of process `pid` is stopped (state T in /proc/<pid>/task/<tid>/stat), at most 2 s. */
async function untilStopped(pid: number): Promise<void> {
  const deadline = Date.now() + 2_000;
  const stopped = () => readdirSync(`/proc/${pid}/task`).every((tid) => {
    try {
      // the state follows the command name in parentheses, which may itself hold blanks
      return /\)\s+(\S)/.exec(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))?.[1] === 'T';
    } catch {
      return true; // the thread ended
    }
  });
  while (!stopped()) {
    assert.ok(Date.now() < deadline, `sqld (pid ${pid}) did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const skip = sqldSkipReason();

describe('a libSQL server (sqld) as the database', { skip: skip ?? false, timeout: 300_000 }, () => {
  let dir: string;
  let server: SqldServer;
  let db: Db;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-remote-'));
    server = await startSqld({ dataDir: join(dir, 'primary') });
    db = await openDatabase({ url: server.wsUrl, retryBudgetMs: 3_000 });
    assert.ok(db instanceof RemoteDb);
    await db.execute('CREATE TABLE ledger (id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, seq INTEGER NOT NULL, UNIQUE (writer, seq))');
  });
  after(async () => {
    await db?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the failures are told apart: busy, never sent, lost, and the database’s own refusals', async () => {
    assert.equal(classifyRemoteFailure(Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' })), 'busy');
    assert.equal(classifyRemoteFailure(Object.assign(new Error('Transaction timed out'), { code: 'TRANSACTION_TIMEOUT' })), 'busy');
    assert.equal(classifyRemoteFailure(Object.assign(new Error('HRANA_WEBSOCKET_ERROR: connect ECONNREFUSED 127.0.0.1:1'), { code: 'HRANA_WEBSOCKET_ERROR' })), 'not-sent');
    assert.equal(classifyRemoteFailure(Object.assign(new Error('Client is closed: WebSocket was closed with code 1006'), { code: 'HRANA_WEBSOCKET_ERROR' })), 'lost');
    assert.equal(classifyRemoteFailure(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) })), 'not-sent');
    // Deno's words for the same
    assert.equal(classifyRemoteFailure(Object.assign(new Error('HRANA_WEBSOCKET_ERROR: NetworkError: failed to connect to WebSocket: tcp connect error'), { code: 'HRANA_WEBSOCKET_ERROR' })), 'not-sent');
    await assert.rejects(db.execute({ sql: 'INSERT INTO ledger (writer, seq) VALUES (NULL, 1)', args: [] }), (error: unknown) => {
      assert.equal(classifyRemoteFailure(error), 'other');
      return !(error instanceof DatabaseUnavailableError);
    });
  });

  test('killed and restarted under a stream of write transactions: each committed once and whole, or reported unavailable', async () => {
    const committed: number[] = [];
    const unavailable: Array<{ seq: number; ambiguous: boolean }> = [];
    const writer = (async () => {
      for (let seq = 1; seq <= 400; seq++) {
        try {
          await inTransaction(db, async (tx) => {
            // two rows per transaction: a half-applied one would leave one without the other
            await tx.execute({ sql: 'INSERT INTO ledger (writer, seq) VALUES (1, ?)', args: [seq] });
            await tx.execute({ sql: 'INSERT INTO ledger (writer, seq) VALUES (2, ?)', args: [seq] });
          });
          committed.push(seq);
        } catch (error) {
          assert.ok(error instanceof DatabaseUnavailableError, String(error));
          unavailable.push({ seq, ambiguous: error.ambiguous });
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await server.kill();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.restart();
    await writer;
    const rows = (await db.execute('SELECT writer, seq FROM ledger ORDER BY seq, writer')).rows.map((r) => [Number(r.writer), Number(r.seq)]);
    const seqs = new Map<number, number[]>();
    for (const [w, s] of rows) seqs.set(s!, [...(seqs.get(s!) ?? []), w!]);
    for (const [seq, writers] of seqs) assert.deepEqual(writers, [1, 2], `transaction ${seq} applied whole`);
    // every transaction reported committed is there; one reported unavailable is there only when ambiguous
    for (const seq of committed) assert.ok(seqs.has(seq), `committed ${seq} is stored`);
    for (const { seq, ambiguous } of unavailable) if (!ambiguous) assert.ok(!seqs.has(seq), `unavailable ${seq} was not applied`);
    assert.ok(committed.length >= 300, `most transactions rode over the restart (${committed.length} committed, ${unavailable.length} unavailable)`);
  });

  test('a server that stays down: reads and writes fail as unavailable within the retry budget, then work again once it is back', async () => {
    await server.kill();
    const started = performance.now();
    await assert.rejects(db.execute('SELECT COUNT(*) FROM ledger'), DatabaseUnavailableError);
    const readMs = performance.now() - started;
    await assert.rejects(inTransaction(db, (tx) => tx.execute('INSERT INTO ledger (writer, seq) VALUES (3, 1)')), (error: unknown) => {
      assert.ok(error instanceof DatabaseUnavailableError);
      assert.equal(error.ambiguous, false, 'never sent: known not applied');
      assert.equal(error.retryAfterSeconds, 2);
      return true;
    });
    assert.ok(readMs >= 2_000 && readMs < 6_000, `the read was retried for the budget, then failed (${readMs.toFixed(0)} ms)`);
    await server.restart();
    assert.equal((await db.execute("SELECT COUNT(*) AS n FROM ledger WHERE writer = 3")).rows[0]!.n, 0);
    await inTransaction(db, (tx) => tx.execute('INSERT INTO ledger (writer, seq) VALUES (3, 1)'));
    assert.equal((await db.execute("SELECT COUNT(*) AS n FROM ledger WHERE writer = 3")).rows[0]!.n, 1);
  });

  test('a silent server (stopped, its connections open): what waits fails as unavailable in bounded time, then the replaced client serves', async () => {
    await db.execute('SELECT 1');
    process.kill(server.child.pid!, 'SIGSTOP');
    // the signal stops sqld's threads a moment later: a statement sent at once was answered once (3.7 ms, a loaded host)
    await untilStopped(server.child.pid!);
    const started = performance.now();
    try {
      await assert.rejects(db.execute('SELECT COUNT(*) FROM ledger'), DatabaseUnavailableError);
    } finally {
      process.kill(server.child.pid!, 'SIGCONT');
    }
    const waitedMs = performance.now() - started;
    // three heartbeats unanswered for 5 s each, 2 s apart, then the retry budget: well under the statement's own 60 s
    assert.ok(waitedMs < 40_000, `failed after ${waitedMs.toFixed(0)} ms`);
    assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM ledger WHERE writer = 3')).rows[0]!.n), 1);
  });

  test('a transaction whose server died before its COMMIT is run again from the start, once it is back', async () => {
    let runs = 0;
    const write = inTransaction(db, async (tx) => {
      runs++;
      await tx.execute({ sql: 'INSERT INTO ledger (writer, seq) VALUES (4, ?)', args: [runs] });
      if (runs === 1) {
        await server.kill();
        void new Promise((resolve) => setTimeout(resolve, 300)).then(() => server.restart());
      }
      await tx.execute({ sql: 'INSERT INTO ledger (writer, seq) VALUES (5, ?)', args: [runs] });
    });
    await write;
    assert.ok(runs >= 2, 'run again');
    const rows = (await db.execute('SELECT writer, seq FROM ledger WHERE writer IN (4, 5) ORDER BY writer')).rows.map((r) => [Number(r.writer), Number(r.seq)]);
    assert.deepEqual(rows, [[4, runs], [5, runs]], 'only the last run is stored, whole');
  });

  test('through a read replica: every write read back at once by the instance that wrote it', async () => {
    const replica = await startSqld({ dataDir: join(dir, 'replica'), replicaOf: server.grpcUrl! });
    const through = (await openDatabase({ url: replica.wsUrl })) as RemoteDb;
    try {
      await migrate(through);
      await through.startReadYourWrites('test-instance');
      await through.execute('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
      let unseen = 0;
      for (let i = 1; i <= 100; i++) {
        if (i % 2 === 0) await inTransaction(through, (tx) => tx.execute({ sql: 'INSERT INTO notes (id, text) VALUES (?, ?)', args: [i, `note ${i}`] }));
        else await through.execute({ sql: 'INSERT INTO notes (id, text) VALUES (?, ?)', args: [i, `note ${i}`] });
        const got = await through.execute({ sql: 'SELECT text FROM notes WHERE id = ?', args: [i] });
        if (got.rows.length !== 1) unseen++;
      }
      assert.equal(unseen, 0, 'every write read back at once');
      const marks = await db.execute("SELECT mark FROM replica_write_marks WHERE instance_id = 'test-instance'");
      // one mark per write that changed a row (the 100 notes; the CREATE TABLE before them changed none, but changes()
      // may still count the connection's earlier statement), on the primary
      assert.ok([100, 101].includes(Number(marks.rows[0]!.mark)), String(marks.rows[0]!.mark));
      // a write that changes nothing carries no mark: nothing for the replica to catch up on
      await through.execute({ sql: 'UPDATE notes SET text = text WHERE id = ?', args: [-1] });
      const after = await db.execute("SELECT mark FROM replica_write_marks WHERE instance_id = 'test-instance'");
      assert.equal(after.rows[0]!.mark, marks.rows[0]!.mark);
    } finally {
      await through.close();
      await replica.stop();
    }
  });
});
