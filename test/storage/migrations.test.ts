/**
 * Every migration runs on both backends — an embedded file and a libSQL server (sqld) — from an empty database and
 * from each earlier version, and every path ends in the same schema: the same tables, indexes and triggers with the
 * same SQL text, on either backend. (sqld's parser refuses some of what SQLite takes: a migration that used it fails
 * here on sqld.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, describe, test } from 'node:test';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';
import { sqldSkipReason, testDatabase, type TestBackend } from '../helpers/database.ts';

const run = promisify(execFile);
const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The schema as sqlite_schema holds it (SQLite's and libSQL's own objects left out). */
async function schemaOf(db: Db): Promise<string[]> {
  const rows = (await db.execute(
    `SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'libsql_%' ORDER BY type, name`,
  )).rows;
  return rows.map((r) => `${r.type} ${r.name} on ${r.tbl_name}: ${r.sql}`);
}

/** A fresh database of `backend`, migrated to `upTo` first (when given), then to the latest version. */
async function migratedSchema(backend: TestBackend, upTo?: number): Promise<{ schema: string[]; versions: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), `apsis-migrations-${backend}-`));
  dirs.push(dir);
  const database = await testDatabase(dir, backend);
  const db = await openDatabase({ url: database.url });
  try {
    if (upTo !== undefined) assert.deepEqual(await migrate(db, MIGRATIONS.filter((m) => m.version <= upTo)), MIGRATIONS.filter((m) => m.version <= upTo).map((m) => m.version));
    await migrate(db);
    assert.deepEqual(await migrate(db), [], 'a second run applies nothing');
    const versions = (await db.execute('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => Number(r.version));
    return { schema: await schemaOf(db), versions };
  } finally {
    await db.close();
    await database.close();
  }
}

/** The versions a migration run in a process of its own applied (test/helpers/migrateProcess.ts). */
async function migrateInProcess(url: string): Promise<number[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../helpers/migrateProcess.ts', import.meta.url)), url], { timeout: 120_000 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as number[];
}

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));
const ALL_VERSIONS = MIGRATIONS.map((m) => m.version).sort((a, b) => a - b);
const fresh = new Map<TestBackend, string[]>();

for (const backend of ['embedded', 'sqld'] as const) {
  const skip = backend === 'sqld' ? sqldSkipReason() : null;
  describe(`migrations on the ${backend === 'sqld' ? 'libSQL server (sqld)' : 'embedded file'}`, { skip: skip ?? false, timeout: 300_000 }, () => {
    test('from an empty database: every version applied', async () => {
      const { schema, versions } = await migratedSchema(backend);
      assert.deepEqual(versions, ALL_VERSIONS);
      assert.ok(schema.some((s) => s.startsWith('table spacecraft ')), 'tables are there');
      fresh.set(backend, schema);
    });

    test('three instances started at once on one empty database: each migration applied once, the same schema', async () => {
      // what three Apsis instances starting together do (sqld-faults, multi-host): each migrates in a process of its own
      for (let round = 0; round < 3; round++) {
        const dir = mkdtempSync(join(tmpdir(), `apsis-migrations-race-${backend}-`));
        dirs.push(dir);
        const database = await testDatabase(dir, backend);
        try {
          const ran = await Promise.all([0, 1, 2].map(() => migrateInProcess(database.url)));
          assert.deepEqual(ran.flat().sort((a, b) => a - b), ALL_VERSIONS, `round ${round}: every migration ran once, in one of the instances`);
          const db = await openDatabase({ url: database.url });
          try {
            const versions = (await db.execute('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => Number(r.version));
            assert.deepEqual(versions, ALL_VERSIONS);
            if (fresh.has(backend)) assert.deepEqual(await schemaOf(db), fresh.get(backend), `round ${round}`);
          } finally {
            await db.close();
          }
        } finally {
          await database.close();
        }
      }
    });

    test('from each earlier version: the same schema as from an empty database', async () => {
      for (let version = 1; version < LATEST; version++) {
        const { schema, versions } = await migratedSchema(backend, version);
        assert.deepEqual(versions, ALL_VERSIONS, `from version ${version}`);
        assert.deepEqual(schema, fresh.get(backend), `from version ${version}`);
      }
    });
  });
}

test('both backends end in the same schema', { skip: sqldSkipReason() ?? false }, () => {
  assert.ok(fresh.get('embedded') && fresh.get('sqld'), 'both ran');
  assert.deepEqual(fresh.get('sqld'), fresh.get('embedded'));
});
