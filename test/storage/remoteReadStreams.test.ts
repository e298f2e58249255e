/**
 * Reads on kept Hrana streams (storage/sql/remoteReadStreams.ts) against a real sqld: streams are kept and reused (the
 * reason the module exists: sqld opens a connection per new stream), a kept stream reads every commit made elsewhere
 * at once (autocommit, no stale snapshot), statements beyond the kept streams wait and are served first come first
 * served, a statement the server refuses leaves its stream kept, an abandoned one closes its stream, the probe uses an
 * idle stream and never queues, a replaced WebSocket serves what waited, and RemoteDb's single reads go on these streams (and survive a server restart).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient, type Client } from '@libsql/client';
import { startSqld, type SqldServer } from '../../scripts/sqld.ts';
import { openDatabase } from '../../storage/sql/db.ts';
import { classifyRemoteFailure, RemoteDb } from '../../storage/sql/remoteDb.ts';
import { MAX_KEPT_STREAMS, RemoteReadError, RemoteReadStreams } from '../../storage/sql/remoteReadStreams.ts';
import { sqldSkipReason } from '../helpers/database.ts';

const skip = sqldSkipReason();

/** A read that keeps sqld busy for about a second (a recursive count). */
const SLOW_READ = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) SELECT count(*) AS n FROM c';

describe('reads on kept streams to sqld', { skip: skip ?? false, timeout: 120_000 }, () => {
  let dir: string;
  let server: SqldServer;
  let writer: Client;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-read-streams-'));
    server = await startSqld({ dataDir: join(dir, 'primary') });
    writer = createClient({ url: server.wsUrl, intMode: 'number' });
    await writer.execute('CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL, label TEXT)');
    await writer.execute("INSERT INTO counter (id, value, label) VALUES (1, 0, 'one')");
  });
  after(async () => {
    writer?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('one stream serves a run of reads, and each read sees the commit made just before it by another connection', async () => {
    const streams = new RemoteReadStreams(server.wsUrl, undefined);
    try {
      for (let value = 1; value <= 50; value++) {
        await writer.execute({ sql: 'UPDATE counter SET value = ? WHERE id = 1', args: [value] });
        const result = await streams.query({ sql: 'SELECT value, label FROM counter WHERE id = ?', args: [1] });
        // named and indexed, integers as numbers: the rows @libsql/client gives
        assert.equal(result.rows[0]!.value, value);
        assert.equal(result.rows[0]![0], value);
        assert.equal(result.rows[0]!.label, 'one');
        assert.deepEqual(result.columns, ['value', 'label']);
      }
      assert.deepEqual(streams.counts, { kept: 1, idle: 1, waiting: 0 });
    } finally {
      streams.close();
    }
  });

  test('at most the kept streams at once: the rest wait and are all served', async () => {
    const streams = new RemoteReadStreams(server.wsUrl, undefined, 3);
    try {
      let widest = 0;
      const reads = Array.from({ length: 40 }, async (_, i) => {
        const pending = streams.query({ sql: 'SELECT ? AS i', args: [i] });
        widest = Math.max(widest, streams.counts.kept);
        return Number((await pending).rows[0]!.i);
      });
      assert.equal(streams.counts.waiting, 40 - 3);
      assert.deepEqual(await Promise.all(reads), Array.from({ length: 40 }, (_, i) => i));
      assert.equal(widest, 3);
      assert.deepEqual(streams.counts, { kept: 3, idle: 3, waiting: 0 });
    } finally {
      streams.close();
    }
    assert.ok(MAX_KEPT_STREAMS >= 2, 'several kept streams, so that both server cores have work');
  });

  test('a statement the server refuses fails as the database’s own refusal, and its stream is kept', async () => {
    const streams = new RemoteReadStreams(server.wsUrl, undefined);
    try {
      await streams.query('SELECT 1');
      await assert.rejects(streams.query('SELECT * FROM no_such_table'), (error: unknown) => {
        assert.ok(error instanceof RemoteReadError);
        assert.match(error.message, /no such table/);
        assert.equal(classifyRemoteFailure(error), 'other');
        return true;
      });
      assert.deepEqual(streams.counts, { kept: 1, idle: 1, waiting: 0 });
      assert.equal((await streams.query('SELECT 2 AS two')).rows[0]!.two, 2);
    } finally {
      streams.close();
    }
  });

  test('an abandoned statement closes its stream instead of keeping it; the next read gets a fresh one', async () => {
    const streams = new RemoteReadStreams(server.wsUrl, undefined, 1);
    try {
      let abandon!: () => void;
      const abandoned = new Promise<void>((resolve) => (abandon = resolve));
      const slow = streams.query(SLOW_READ, abandoned);
      // a second read waits for the only stream
      const waiting = streams.query('SELECT 7 AS seven');
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(streams.counts.waiting, 1);
      abandon();
      // the waiting read is served on a new stream, not behind the abandoned statement
      const started = performance.now();
      assert.equal((await waiting).rows[0]!.seven, 7);
      assert.ok(performance.now() - started < 500, 'served without waiting for the abandoned statement');
      // a statement abandoned while it waits leaves the queue, failed at once
      let abandonWaiting!: () => void;
      const waitingAbandoned = new Promise<void>((resolve) => (abandonWaiting = resolve));
      const occupant = streams.query(SLOW_READ);
      const queued = streams.query('SELECT 9', waitingAbandoned);
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(streams.counts.waiting, 1);
      abandonWaiting();
      await assert.rejects(queued, /abandoned while it waited/);
      assert.equal(streams.counts.waiting, 0);
      await occupant;
      // (the statement already sent still answers: hrana-client's close fails only what it had not sent)
      await slow.catch(() => undefined);
      assert.deepEqual(streams.counts, { kept: 1, idle: 1, waiting: 0 });
    } finally {
      streams.close();
    }
  });

  test('the probe (heartbeat, /health) runs on an idle kept stream, and never waits behind busy ones', async () => {
    const streams = new RemoteReadStreams(server.wsUrl, undefined, 1);
    try {
      await streams.query('SELECT 1');
      await streams.ping();
      assert.deepEqual(streams.counts, { kept: 1, idle: 1, waiting: 0 }, 'the idle stream probed and kept');
      const slow = streams.query(SLOW_READ);
      const started = performance.now();
      await streams.ping();
      assert.ok(performance.now() - started < 500, 'answered on a stream of its own while the only kept one is busy');
      assert.equal(Number((await slow).rows[0]!.n), 20_000_000);
    } finally {
      streams.close();
    }
  });

  test('a replaced WebSocket fails what was out on it as lost and serves what waited on a new one', async () => {
    const streams = new RemoteReadStreams(server.wsUrl, undefined, 1);
    try {
      const out = streams.query(SLOW_READ);
      const waiting = streams.query('SELECT 8 AS eight');
      await new Promise((resolve) => setTimeout(resolve, 50));
      streams.replace();
      await assert.rejects(out, (error: unknown) => classifyRemoteFailure(error) === 'lost');
      assert.equal((await waiting).rows[0]!.eight, 8);
    } finally {
      streams.close();
    }
  });

  test('RemoteDb on ws:// reads on kept streams, and reads again on them after a server restart', async () => {
    const db = await openDatabase({ url: server.wsUrl, retryBudgetMs: 5_000 });
    try {
      assert.ok(db instanceof RemoteDb);
      for (let i = 0; i < 20; i++) await db.execute({ sql: 'SELECT value FROM counter WHERE id = ?', args: [1] });
      const kept = db.readStreamCounts!.kept;
      assert.ok(kept >= 1 && kept <= 2, `one or two streams served 21 sequential reads (${kept})`);
      await server.kill();
      const restarting = server.restart();
      // the read is retried within the budget while the server comes back, then on a new WebSocket
      const read = await db.execute('SELECT label FROM counter WHERE id = 1');
      assert.equal(read.rows[0]!.label, 'one');
      await restarting;
      assert.ok(db.readStreamCounts!.kept >= 1);
    } finally {
      await db.close();
    }
    // a writer's connection also came back
    writer.close();
    writer = createClient({ url: server.wsUrl, intMode: 'number' });
  });
});
