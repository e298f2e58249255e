/**
 * Migration 0018 rebuilds the catalog object list's indexes with the NORAD id (and adds one by name) on a database
 * that already holds a catalog: the objects are kept, and the key lookup of a list page (storage/catalog.ts
 * listCatalogObjects) is answered from an index alone. The list's results themselves: test/storage/catalog.test.ts
 * and test/api/catalog.test.ts (on databases with every migration).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../storage/sql/db.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';
import { insertRow } from '../helpers/oldSchema.ts';

test('0018: the catalog list indexes hold the NORAD id, objects are kept, a page\'s keys come from an index alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-0018-'));
  const db = await openDatabase({ url: `file:${join(dir, 'old.db')}` });
  try {
    await migrate(db, MIGRATIONS.filter((m) => m.version < 18));
    await db.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('org', 'org', '2026-01-01T00:00:00.000Z')`);
    for (let k = 0; k < 50; k++) {
      await insertRow(db, 'catalog_objects', { organization_id: 'org', norad_id: 40_000 + k, current_set_id: k + 1, name: `OBJ ${k}`, perigee_km: 400 + 10 * k, apogee_km: 500 + 10 * k });
    }
    assert.deepEqual(await migrate(db, MIGRATIONS.filter((m) => m.version <= 18)), [18]);
    const columnsOf = async (index: string) => (await db.execute(`PRAGMA index_info(${index})`)).rows.map((r) => String(r.name));
    assert.deepEqual(await columnsOf('catalog_objects_perigee'), ['organization_id', 'perigee_km', 'norad_id']);
    assert.deepEqual(await columnsOf('catalog_objects_apogee'), ['organization_id', 'apogee_km', 'norad_id']);
    assert.deepEqual(await columnsOf('catalog_objects_name'), ['organization_id', 'name', 'norad_id']);
    assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM catalog_objects')).rows[0]!.n), 50);
    const plan = async (where: string, args: Array<string | number>) =>
      (await db.execute({ sql: `EXPLAIN QUERY PLAN SELECT o.norad_id FROM catalog_objects o WHERE ${where} ORDER BY o.norad_id ASC LIMIT 100 OFFSET 0`, args })).rows
        .map((r) => String(r.detail)).join(' | ');
    assert.match(await plan('o.organization_id = ? AND o.perigee_km >= ? AND o.perigee_km <= ?', ['org', 500, 600]), /COVERING INDEX catalog_objects_perigee/);
    assert.match(await plan('o.organization_id = ? AND o.apogee_km >= ?', ['org', 800]), /COVERING INDEX catalog_objects_apogee/);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
