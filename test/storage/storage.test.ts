/** Migrations, bootstrap key and the admin CLI. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runAdmin, UsageError } from '../../api/cli/admin.ts';
import { applyBootstrapKey } from '../../api/service.ts';
import { sha256Hex } from '../../domain/contentHash.ts';
import { findApiKeyBySecret } from '../../storage/apiKeys.ts';
import { openDatabase } from '../../storage/sql/db.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';
import { createTestService } from '../helpers/service.ts';

test('migrations are applied once, in order, and re-running is a no-op; file databases use WAL', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-'));
  try {
    const url = `file:${join(dir, 'nested', 'apsis.db')}`;
    const db = await openDatabase({ url });
    assert.deepEqual(await migrate(db), MIGRATIONS.map((m) => m.version));
    assert.deepEqual(await migrate(db), []);
    const mode = await db.execute('PRAGMA journal_mode');
    assert.equal(String(mode.rows[0]![0]).toLowerCase(), 'wal');
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a write issued while a transaction is open waits for it (no SQLITE_BUSY, no blocked event loop)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-busy-'));
  try {
    const db = await openDatabase({ url: `file:${join(dir, 'busy.db')}` });
    await migrate(db);
    const tx = await db.transaction('write');
    await tx.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('a', 'a', 'now')`);
    // This runs on another pooled connection and must wait for the lock instead of failing.
    const concurrent = db.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('b', 'b', 'now')`);
    // The event loop stays free while the write waits: a timer fires promptly.
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(performance.now() - t0 < 500, 'event loop not blocked by the waiting write');
    // Reads are not held up by the open write transaction (WAL).
    assert.equal((await db.execute('SELECT COUNT(*) AS n FROM organizations')).rows[0]!.n, 0);
    await tx.commit();
    tx.close();
    await concurrent;
    const rows = await db.execute('SELECT name FROM organizations ORDER BY name');
    assert.deepEqual(rows.rows.map((r) => r.name), ['a', 'b']);
    const fk = await db.execute('PRAGMA foreign_keys');
    assert.equal(Number(fk.rows[0]![0]), 1);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an in-memory database serves a read issued while a write transaction is open (after it commits)', async () => {
  const db = await openDatabase({ url: ':memory:' });
  await migrate(db);
  const tx = await db.transaction('write');
  await tx.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('m', 'm', 'now')`);
  const read = db.execute('SELECT COUNT(*) AS n FROM organizations');
  await new Promise((r) => setTimeout(r, 20));
  await tx.commit();
  tx.close();
  assert.equal(Number((await read).rows[0]!.n), 1);
  db.close();
});

test('BOOTSTRAP_API_KEY creates org default with an all-permission key, idempotently; only the hash is stored', async () => {
  const db = await openDatabase({ url: ':memory:' });
  await migrate(db);
  await applyBootstrapKey(db, 'boot-secret');
  await applyBootstrapKey(db, 'boot-secret');
  const keys = await db.execute('SELECT * FROM api_keys');
  assert.equal(keys.rows.length, 1);
  assert.equal(keys.rows[0]!.secret_sha256, sha256Hex('boot-secret'));
  assert.ok(!JSON.stringify(keys.rows).includes('"boot-secret"'));
  const key = await findApiKeyBySecret(db, 'boot-secret');
  assert.ok(key?.permissions.includes('write:plannedmaneuvers'));
  assert.deepEqual(key?.environments, ['Operations']);
  db.close();
});

test('admin CLI: org create, key create/list/revoke, owner disable', async () => {
  // Without the API-key cache every change is seen by the next request (with it: within API_KEY_CACHE_TTL_MS).
  const svc = await createTestService({ apiKeyCacheTtlMs: 0 });
  try {
    await runAdmin(svc.db, ['org', 'create', 'acme']);
    await assert.rejects(runAdmin(svc.db, ['org', 'create', 'acme']), UsageError);
    const created = (await runAdmin(svc.db, [
      'key', 'create', '--org', 'acme', '--owner', 'ops@acme.example', '--permissions', 'PERM_read:spacecraft,read:spacecraft',
      '--allow-ip', '127.0.0.1/32,::1', '--expires', '2099-01-01T00:00:00Z',
    ])) as { id: string; secret: string };
    assert.ok(created.secret.startsWith('apsis_'));
    assert.equal((await svc.request('GET', '/operations/spacecraft', { key: created.secret })).status, 200);
    const listed = (await runAdmin(svc.db, ['key', 'list', '--org', 'acme'])) as Array<Record<string, unknown>>;
    assert.equal(listed.length, 1);
    assert.equal(listed[0]!.prefix, created.secret.slice(0, 12));
    assert.ok(!JSON.stringify(listed).includes(created.secret));
    await assert.rejects(runAdmin(svc.db, ['key', 'create', '--org', 'acme', '--owner', 'x@y', '--permissions', 'fly:rockets']), UsageError);
    await assert.rejects(runAdmin(svc.db, ['key', 'create', '--org', 'acme', '--owner', 'x@y', '--permissions', 'all', '--allow-ip', '10.0.0.0/99']), UsageError);
    // Grants and allowlist can be changed on an existing key.
    await runAdmin(svc.db, ['key', 'update', created.id, '--permissions', 'read:spacecraft']);
    assert.equal((await svc.request('GET', '/operations/spacecraft', { key: created.secret })).status, 403);
    await runAdmin(svc.db, ['key', 'update', created.id, '--permissions', 'PERM_read:spacecraft', '--allow-ip', '127.9.0.0/16']);
    assert.equal((await svc.request('GET', '/operations/spacecraft', { key: created.secret })).status, 403, 'IP outside the new allowlist');
    assert.equal((await svc.request('GET', '/operations/spacecraft', { key: created.secret, remoteAddress: '127.9.1.1' })).status, 200);
    await runAdmin(svc.db, ['key', 'update', created.id, '--allow-ip', '']);
    assert.equal((await svc.request('GET', '/operations/spacecraft', { key: created.secret })).status, 200, 'empty allowlist = any address');
    await assert.rejects(runAdmin(svc.db, ['key', 'update', 'no-such-key', '--permissions', 'all']), UsageError);
    await runAdmin(svc.db, ['owner', 'disable', 'ops@acme.example']);
    assert.equal((await svc.request('GET', '/operations/spacecraft', { key: created.secret })).status, 401);
    await runAdmin(svc.db, ['key', 'revoke', created.id]);
    const after = (await runAdmin(svc.db, ['key', 'list', '--org', 'acme'])) as Array<Record<string, unknown>>;
    assert.equal(after[0]!.revoked, true);
  } finally {
    await svc.close();
  }
});

test('npm run admin prints the key JSON on stdout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-cli-'));
  try {
    const env = { ...process.env, DATABASE_URL: `file:${join(dir, 'a.db')}` };
    const org = spawnSync('npx', ['tsx', 'api/cli/admin.ts', 'org', 'create', 'cli-org'], { env, encoding: 'utf8' });
    assert.equal(org.status, 0, org.stderr);
    const key = spawnSync('npx', ['tsx', 'api/cli/admin.ts', 'key', 'create', '--org', 'cli-org', '--owner', 'a@b.c', '--permissions', 'all'], { env, encoding: 'utf8' });
    assert.equal(key.status, 0, key.stderr);
    const printed = JSON.parse(key.stdout);
    assert.equal(typeof printed.id, 'string');
    assert.match(printed.secret, /^apsis_/);
    const bad = spawnSync('npx', ['tsx', 'api/cli/admin.ts', 'key', 'frobnicate'], { env, encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /usage/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
