/**
 * The checkpoint thread (storage/checkpointer.ts, checkpointWorker.mjs) keeps the event loop's writers from
 * restarting the WAL — a restart makes the writer fsync the new WAL header, 5–20 ms on the event loop — and restarts
 * it itself, with the process's write lock held, once it passes its size. Who restarted is read from the WAL file's
 * header: a restart writes new salts (SQLite's WAL format, bytes 16–23), so a write on the event loop that leaves them
 * unchanged did not restart the WAL, and a change between two writes was the thread's.
 */
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { inTransaction, openDatabase } from '../../storage/db.ts';

function walSalt(path: string): string {
  const fd = openSync(`${path}-wal`, 'r');
  try {
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    return header.subarray(16, 24).toString('hex');
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('writes on the event loop never restart the WAL; the checkpoint thread restarts it past its size, and no write is lost', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-checkpointer-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'wal.db');
  const db = await openDatabase({ url: `file:${path}`, checkpointIntervalMs: 10, walRestartFrames: 8 });
  try {
    assert.ok(db.checkpointer, 'the checkpoint thread started');
    await db.execute('CREATE TABLE t (k INTEGER PRIMARY KEY, payload TEXT)');
    await sleep(100);
    let restartsByWriters = 0;
    let restartsBetweenWrites = 0;
    let previous = walSalt(path);
    for (let k = 0; k < 60; k++) {
      const before = walSalt(path);
      if (before !== previous) restartsBetweenWrites++;
      // a transaction of several pages, as bulk writes are, then an autocommit statement
      await inTransaction(db, async (tx) => {
        for (let j = 0; j < 4; j++) await tx.execute({ sql: 'INSERT INTO t (k, payload) VALUES (?, ?)', args: [k * 10 + j, 'x'.repeat(3000)] });
      });
      await db.execute({ sql: 'INSERT INTO t (k, payload) VALUES (?, ?)', args: [k * 10 + 9, 'y'] });
      previous = walSalt(path);
      if (previous !== before) restartsByWriters++;
      await sleep(15);
    }
    assert.equal(restartsByWriters, 0, 'no write of the event loop restarted the WAL');
    assert.ok(restartsBetweenWrites >= 3, `the checkpoint thread restarted the WAL (${restartsBetweenWrites} times)`);
    const count = Number((await db.execute('SELECT count(*) AS n FROM t')).rows[0]!.n);
    assert.equal(count, 300);
  } finally {
    await db.close();
  }
  // everything is in the file after a close and a reopen
  const again = await openDatabase({ url: `file:${path}` });
  try {
    assert.equal(Number((await again.execute('SELECT count(*) AS n FROM t')).rows[0]!.n), 300);
    assert.equal(String((await again.execute('PRAGMA integrity_check')).rows[0]![0]), 'ok');
  } finally {
    await again.close();
  }
});
