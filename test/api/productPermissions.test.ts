/** The admin CLI grants the task and product permissions, and a key holding them reaches exactly those routes. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runAdmin } from '../../api/cli/admin.ts';
import { createTestService } from '../helpers/service.ts';

test('key create --permissions read:tasks,write:tasks,read:products', async () => {
  const svc = await createTestService();
  try {
    await runAdmin(svc.db, ['org', 'create', 'perm-org']);
    const created = (await runAdmin(svc.db, ['key', 'create', '--org', 'perm-org', '--owner', 'ops@perm.example', '--permissions', 'read:tasks,write:tasks,read:products'])) as { id: string; secret: string };
    const listed = (await runAdmin(svc.db, ['key', 'list', '--org', 'perm-org'])) as Array<{ permissions: string[] }>;
    assert.deepEqual([...listed[0]!.permissions].sort(), ['read:products', 'read:tasks', 'write:tasks']);
    const key = created.secret;
    assert.equal((await svc.request('GET', '/operations/products', { key })).status, 200);
    assert.equal((await svc.request('GET', '/operations/spacecraft/none/tasks', { key })).status, 404, 'allowed, then not found');
    assert.equal((await svc.request('GET', '/operations/ephemerides/batch', { key })).status, 403, 'batches need read:ephemeris');
    assert.equal((await svc.request('GET', '/operations/spacecraft/none', { key })).status, 403);
  } finally {
    await svc.close();
  }
});
