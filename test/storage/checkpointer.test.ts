/**
 * The checkpoint thread (storage/sql/checkpointer.ts, checkpointWorker.mjs) keeps the event loop's writers from
 * restarting the WAL — a restart makes the writer fsync the new WAL header, 5–20 ms on the event loop — and restarts
 * it itself, with the process's write lock held, once it passes its size. A restart writes new salts into the WAL
 * file's header (SQLite's WAL format, bytes 16–23). With the thread's own restarts out of the way (a size it never
 * reaches), the salts must not change at all while the event loop writes and the thread checkpoints: no writer
 * restarted the WAL. With a small size, they change: the thread restarted it, and nothing written is lost.
 */
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { inTransaction } from '../../storage/sql/db.ts';
import { openEmbeddedDatabase as openDatabase, type EmbeddedDb as Db } from '../../storage/sql/embeddedDb.ts';

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

/** Opens a database in a temp dir with the thread ticking every 10 ms; waits for the thread's first restart. */
async function openWithThread(t: { after(fn: () => void): void }, walRestartFrames: number): Promise<{ db: Db; path: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-checkpointer-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'wal.db');
  const db = await openDatabase({ url: `file:${path}`, checkpointIntervalMs: 10, walRestartFrames });
  assert.ok(db.checkpointer, 'the checkpoint thread started');
  await db.execute('CREATE TABLE t (k INTEGER PRIMARY KEY, payload TEXT)');
  // the thread restarts the WAL at its first tick: from then on the snapshot it holds lies in the WAL
  const created = walSalt(path);
  for (let i = 0; i < 500 && walSalt(path) === created; i++) await sleep(10);
  assert.notEqual(walSalt(path), created, 'the checkpoint thread restarted the WAL once started');
  return { db, path };
}

/** 60 rounds of a 4-page transaction and an autocommit statement, the thread checkpointing in between. */
async function writeRounds(db: Db, onRound: () => void): Promise<void> {
  for (let k = 0; k < 60; k++) {
    await inTransaction(db, async (tx) => {
      for (let j = 0; j < 4; j++) await tx.execute({ sql: 'INSERT INTO t (k, payload) VALUES (?, ?)', args: [k * 10 + j, 'x'.repeat(3000)] });
    });
    await db.execute({ sql: 'INSERT INTO t (k, payload) VALUES (?, ?)', args: [k * 10 + 9, 'y'] });
    onRound();
    await sleep(15);
  }
}

test('writes on the event loop never restart the WAL while the checkpoint thread copies it', async (t) => {
  const { db, path } = await openWithThread(t, 1e9);
  try {
    const salt = walSalt(path);
    const changedAt: number[] = [];
    let round = 0;
    await writeRounds(db, () => {
      if (walSalt(path) !== salt) changedAt.push(round);
      round++;
    });
    assert.deepEqual(changedAt, [], 'the WAL was never restarted: its salts never changed');
    // and the thread did copy it meanwhile (a writer would have restarted a WAL copied whole)
    const state = (await db.execute('PRAGMA wal_checkpoint(PASSIVE)')).rows[0]!;
    assert.ok(Number(state.checkpointed) > 0, 'the WAL was copied');
  } finally {
    await db.close();
  }
});

test('the checkpoint thread restarts the WAL past its size, and no write is lost', async (t) => {
  const { db, path } = await openWithThread(t, 8);
  let restarts = 0;
  try {
    let salt = walSalt(path);
    await writeRounds(db, () => {
      const now = walSalt(path);
      if (now !== salt) restarts++;
      salt = now;
    });
    assert.ok(restarts >= 3, `the WAL was restarted ${restarts} times`);
    assert.equal(Number((await db.execute('SELECT count(*) AS n FROM t')).rows[0]!.n), 300);
  } finally {
    await db.close();
  }
  const again = await openDatabase({ url: `file:${path}` });
  try {
    assert.equal(Number((await again.execute('SELECT count(*) AS n FROM t')).rows[0]!.n), 300);
    assert.equal(String((await again.execute('PRAGMA integrity_check')).rows[0]![0]), 'ok');
  } finally {
    await again.close();
  }
});
