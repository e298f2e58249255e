/**
 * Migration 0011 widens the kind constraints of scheduled_tasks and products by rebuilding both tables with foreign
 * keys off (storage/sql/migrations/tableRebuild.ts): every task, its runs and its products survive (a rebuild with foreign
 * keys on would cascade them away), the new kinds are accepted, unknown kinds are still refused, the cascade still
 * works, the indexes are back, and other connections see the new schema.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../storage/sql/db.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';
import { replaceOnce, tableRebuildStatements } from '../../storage/sql/migrations/tableRebuild.ts';
import { insertRow } from '../helpers/oldSchema.ts';

test('0011 adds PREDICT_EVENTS and EVENT_PLAN without losing a task, run or product; other kinds still refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-0011-'));
  const url = `file:${join(dir, 'old.db')}`;
  try {
    const db = await openDatabase({ url });
    await migrate(db, MIGRATIONS.filter((m) => m.version < 11));
    const t = '2026-01-01T00:00:00.000Z';
    await db.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('org', 'org', '${t}')`);
    await insertRow(db, 'spacecraft', { id: 'sc', organization_id: 'org', name: 'SC', name_folded: 'sc', lifecycle_status: 'Active', body_shape: 'BOX' });
    await db.execute(`INSERT INTO scheduled_tasks (id, organization_id, spacecraft_id, name, kind, parameters, schedule_type, enabled, created_at, updated_at)
      VALUES ('task', 'org', 'sc', 'daily TLE', 'GENERATE_TLE', '{}', 'ONCE', 1, '${t}', '${t}')`);
    await db.execute(`INSERT INTO task_runs (id, organization_id, task_id, spacecraft_id, kind, scheduled_for, due_since, status, created_at, updated_at)
      VALUES ('run', 'org', 'task', 'sc', 'GENERATE_TLE', '${t}', '${t}', 'SUCCEEDED', '${t}', '${t}')`);
    await db.execute(`INSERT INTO products (id, organization_id, kind, status, spacecraft_id, task_id, file_name, media_type, encoding, chunk_bytes, summary, created_at)
      VALUES ('product', 'org', 'TLE', 'READY', 'sc', 'task', 'x.tle', 'text/plain', 'deflate', 262144, '{}', '${t}')`);
    const indexes = async () => (await db.execute(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('scheduled_tasks', 'products') ORDER BY name`)).rows.map((r) => [r.name, r.sql]);
    const indexesBefore = await indexes();
    assert.ok(indexesBefore.length >= 2, 'the tables have indexes to keep');
    assert.deepEqual(await migrate(db, MIGRATIONS.filter((m) => m.version === 11)), [11]);
    assert.deepEqual(await indexes(), indexesBefore, 'every index is back, as it was');
    assert.deepEqual(await migrate(db), MIGRATIONS.filter((m) => m.version > 11).map((m) => m.version));
    const count = async (table: string) => Number((await db.execute(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0]!.n);
    assert.deepEqual([await count('scheduled_tasks'), await count('task_runs'), await count('products')], [1, 1, 1]);
    await db.execute(`UPDATE scheduled_tasks SET kind = 'PREDICT_EVENTS' WHERE id = 'task'`);
    await db.execute(`UPDATE products SET kind = 'EVENT_PLAN' WHERE id = 'product'`);
    await assert.rejects(db.execute(`UPDATE scheduled_tasks SET kind = 'SOMETHING' WHERE id = 'task'`), /CHECK constraint/);
    await assert.rejects(db.execute(`UPDATE products SET kind = 'SOMETHING' WHERE id = 'product'`), /CHECK constraint/);
    // The cascade still works (the constraint edit kept the foreign keys).
    await db.execute(`DELETE FROM scheduled_tasks WHERE id = 'task'`);
    assert.deepEqual([await count('task_runs'), await count('products')], [0, 0]);
    await db.close();
    // Another connection, opened afterwards, reads the new definition.
    const other = await openDatabase({ url });
    const sql = String((await other.execute(`SELECT sql FROM sqlite_schema WHERE name = 'scheduled_tasks'`)).rows[0]!.sql);
    assert.match(sql, /'PREDICT_EVENTS'/);
    // The helper refuses an edit it cannot place exactly once, and a table it does not find.
    await assert.rejects(tableRebuildStatements(other, 'products', replaceOnce('products', 'no such text', 'x')), /found it 0 times/);
    await assert.rejects(tableRebuildStatements(other, 'no_such_table', (sql) => `${sql} `), /no table no_such_table/);
    await other.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
