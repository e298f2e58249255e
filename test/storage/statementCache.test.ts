/**
 * storage/sql/statementCache.ts: the driver's `prepare` keeps one statement per SQL text and connection, and a statement
 * that returns no data answers the client's raw-mode probe with one error made once (no Error and stack per INSERT);
 * through the client, writes and reads still report what they did.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'libsql';
import { openDatabase } from '../../storage/sql/db.ts';
import { cacheStatements } from '../../storage/sql/statementCache.ts';

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

test('a statement is prepared once per connection; one that returns no data throws the same error from raw() each time', () => {
  cacheStatements();
  const db = new Database(':memory:');
  try {
    db.exec('CREATE TABLE t (n INTEGER)');
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    assert.equal(db.prepare('INSERT INTO t (n) VALUES (?)'), insert, 'the cached statement');
    const first = thrownBy(() => insert.raw(true));
    assert.ok(first instanceof Error, 'raw() of an INSERT throws');
    assert.equal(thrownBy(() => insert.raw(true)), first, 'the same error, not a new one with its stack');
    const select = db.prepare('SELECT n FROM t');
    assert.equal(thrownBy(() => select.raw(true)), undefined, 'raw() of a SELECT works');
    insert.run([7]);
    assert.deepEqual(select.all([]), [[7]]);
  } finally {
    db.close();
  }
});

test('through the client: INSERT, UPDATE and DELETE report their changes, SELECT its rows', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-statements-'));
  const db = await openDatabase({ url: `file:${join(dir, 'statements.db')}` });
  try {
    await db.execute('CREATE TABLE t (n INTEGER)');
    for (let k = 1; k <= 3; k++) {
      const inserted = await db.execute({ sql: 'INSERT INTO t (n) VALUES (?)', args: [k] });
      assert.equal(inserted.rowsAffected, 1);
      assert.equal(inserted.lastInsertRowid, BigInt(k));
      assert.deepEqual(inserted.rows, []);
    }
    assert.equal((await db.execute({ sql: 'UPDATE t SET n = n * 10 WHERE n >= ?', args: [2] })).rowsAffected, 2);
    assert.equal((await db.execute({ sql: 'DELETE FROM t WHERE n = ?', args: [1] })).rowsAffected, 1);
    assert.deepEqual((await db.execute('SELECT n FROM t ORDER BY n')).rows.map((r) => r.n), [20, 30]);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
