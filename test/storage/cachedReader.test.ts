/**
 * storage/sql/cachedReader.ts: a SELECT ending in LIMIT 1 is read with libsql's `get` (one native call); its answer is the
 * one the `all` path gives (the same rows, by name and by index), none when nothing matches, and a LIMIT 1 query that
 * could match several rows still gives only the first (SQLite's own LIMIT, the reference).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'libsql';
import { CachedReader } from '../../storage/sql/cachedReader.ts';

let dir: string;
let reader: CachedReader;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'apsis-cached-reader-'));
  const path = join(dir, 'a.db');
  const writer = new Database(path);
  writer.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER, x REAL, s TEXT)');
  const insert = writer.prepare('INSERT INTO t VALUES (?, ?, ?, ?)');
  for (let i = 0; i < 5; i++) insert.run([`id-${i}`, i, i / 4, i % 2 ? null : `text ${i}`]);
  writer.close();
  reader = new CachedReader(path, 1000);
});
after(() => {
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

test('LIMIT 1 point lookup: the same row as without LIMIT, by name and index; none when absent', () => {
  for (const id of ['id-0', 'id-3']) {
    const many = reader.execute({ sql: 'SELECT * FROM t WHERE id = ?', args: [id] });
    const one = reader.execute({ sql: 'SELECT * FROM t WHERE id = ? LIMIT 1', args: [id] });
    assert.equal(one.rows.length, 1);
    assert.deepEqual(one.columns, many.columns);
    for (const [i, column] of many.columns.entries()) {
      assert.equal(one.rows[0]![column], many.rows[0]![column], column);
      assert.equal(one.rows[0]![i], many.rows[0]![i], `${column} by index`);
    }
  }
  assert.equal(reader.execute({ sql: 'SELECT * FROM t WHERE id = ? LIMIT 1', args: ['absent'] }).rows.length, 0);
});

test('LIMIT 1 over several matches: the first in order, as SQLite gives it; without LIMIT: all of them', () => {
  const one = reader.execute({ sql: 'SELECT id FROM t WHERE n >= ? ORDER BY n DESC LIMIT 1', args: [1] });
  assert.deepEqual(one.rows.map((r) => r.id), ['id-4']);
  const all = reader.execute({ sql: 'SELECT id FROM t WHERE n >= ? ORDER BY n DESC', args: [1] });
  assert.deepEqual(all.rows.map((r) => r.id), ['id-4', 'id-3', 'id-2', 'id-1']);
  // LIMIT 10 is not a point lookup: read with `all`.
  assert.equal(reader.execute({ sql: 'SELECT id FROM t LIMIT 10', args: [] }).rows.length, 5);
});
