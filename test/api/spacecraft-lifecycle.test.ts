/** PUT /operations/spacecraft/{id}/lifecycle: the spec's state table, scheduled tasks, strict id resolution. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { countScheduledTasks } from '../../storage/scheduledTasks.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let key: string;
let organizationId: string;
let otherOrgKey: string;

before(async () => {
  service = await createTestService();
  const minted = await service.key({ organization: 'life-a' });
  key = minted.secret;
  organizationId = minted.organizationId;
  otherOrgKey = (await service.key({ organization: 'life-b' })).secret;
});
after(async () => {
  await service.close();
});

async function create(body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const response = await service.request('POST', '/operations/spacecraft', { key, json: { name: 'Craft', ...body } });
  assert.equal(response.status, 201);
  return (await response.json()) as Record<string, any>;
}

/** Real tasks, created through the task API. */
async function addTasks(spacecraftId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const response = await service.request('POST', `/operations/spacecraft/${spacecraftId}/tasks`, {
      key,
      json: { name: `task ${i}`, kind: 'GENERATE_TLE', schedule: { type: 'ONCE', at: `2031-01-0${i + 1}T00:00:00Z` } },
    });
    assert.equal(response.status, 201, await response.clone().text());
  }
}

function lifecycle(id: string, json: unknown, secret = key): Promise<Response> {
  return service.request('PUT', `/operations/spacecraft/${id}/lifecycle`, { key: secret, json });
}

describe('Active → Archived', () => {
  test('without scheduled tasks: archived, no confirmation needed', async () => {
    const craft = await create();
    await new Promise((resolve) => setTimeout(resolve, 3));
    const response = await lifecycle(craft.id, { lifecycleStatus: 'Archived' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as any;
    assert.equal(body.lifecycleStatus, 'Archived');
    assert.equal(body.id, craft.id);
    assert.ok(body.updatedAt > craft.updatedAt);
    const read = (await (await service.request('GET', `/operations/spacecraft/${craft.id}`, { key })).json()) as any;
    assert.equal(read.lifecycleStatus, 'Archived');
  });

  test('without tasks, confirmTaskDeletion false is ignored', async () => {
    const craft = await create();
    const response = await lifecycle(craft.id, { lifecycleStatus: 'Archived', confirmTaskDeletion: false });
    assert.equal(response.status, 200);
  });

  test('with tasks and no confirmation: 409 with taskCount, nothing changes', async () => {
    const craft = await create();
    await addTasks(craft.id, 3);
    for (const body of [{ lifecycleStatus: 'Archived' }, { lifecycleStatus: 'Archived', confirmTaskDeletion: false }]) {
      const response = await lifecycle(craft.id, body);
      assert.equal(response.status, 409);
      const envelope = (await response.json()) as any;
      assert.equal(envelope.taskCount, 3);
      assert.deepEqual(envelope.details, { taskCount: 3 });
      assert.equal(envelope.error, 'TASK_DELETION_NOT_CONFIRMED');
      assert.equal(envelope.status, 409);
      assert.equal(envelope.path, `/operations/spacecraft/${craft.id}/lifecycle`);
    }
    assert.equal(await countScheduledTasks(service.db, organizationId, craft.id), 3);
    const read = (await (await service.request('GET', `/operations/spacecraft/${craft.id}`, { key })).json()) as any;
    assert.equal(read.lifecycleStatus, 'Active');
  });

  test('with tasks and confirmTaskDeletion true: archived and the tasks are deleted', async () => {
    const craft = await create();
    const bystander = await create({ name: 'Bystander' });
    await addTasks(craft.id, 2);
    await addTasks(bystander.id, 1);
    const response = await lifecycle(craft.id, { lifecycleStatus: 'Archived', confirmTaskDeletion: true });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as any).lifecycleStatus, 'Archived');
    assert.equal(await countScheduledTasks(service.db, organizationId, craft.id), 0);
    assert.equal(await countScheduledTasks(service.db, organizationId, bystander.id), 1, 'other craft keep their tasks');
  });
});

describe('Archived → Active (restore)', () => {
  test('restores and ignores confirmTaskDeletion in either value', async () => {
    for (const confirm of [undefined, false, true]) {
      const craft = await create();
      assert.equal((await lifecycle(craft.id, { lifecycleStatus: 'Archived' })).status, 200);
      const response = await lifecycle(craft.id, { lifecycleStatus: 'Active', confirmTaskDeletion: confirm });
      assert.equal(response.status, 200, String(confirm));
      assert.equal(((await response.json()) as any).lifecycleStatus, 'Active');
    }
  });

  test('an archived craft takes no task (409 SPACECRAFT_ARCHIVED); once restored it does again', async () => {
    const craft = await create();
    assert.equal((await lifecycle(craft.id, { lifecycleStatus: 'Archived' })).status, 200);
    const refused = await service.request('POST', `/operations/spacecraft/${craft.id}/tasks`, {
      key,
      json: { name: 'late', kind: 'GENERATE_TLE', schedule: { type: 'ONCE', at: '2031-01-01T00:00:00Z' } },
    });
    assert.equal(refused.status, 409);
    assert.equal(((await refused.json()) as any).error, 'SPACECRAFT_ARCHIVED');
    assert.equal(await countScheduledTasks(service.db, organizationId, craft.id), 0);
    const response = await lifecycle(craft.id, { lifecycleStatus: 'Active' });
    assert.equal(response.status, 200);
    await addTasks(craft.id, 1);
    assert.equal(await countScheduledTasks(service.db, organizationId, craft.id), 1);
  });
});

describe('same-status requests', () => {
  test('Active → Active returns the record unchanged', async () => {
    const craft = await create();
    const response = await lifecycle(craft.id, { lifecycleStatus: 'Active' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as any;
    assert.equal(body.lifecycleStatus, 'Active');
    assert.equal(body.updatedAt, craft.updatedAt);
  });
});

describe('request validation and resolution', () => {
  test('lifecycleStatus required and must match ^(Active|Archived)$', async () => {
    const craft = await create();
    for (const body of [{}, { lifecycleStatus: 'archived' }, { lifecycleStatus: 'Deleted' }, { lifecycleStatus: 'Active ' }, { lifecycleStatus: 1 }]) {
      const response = await lifecycle(craft.id, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      const envelope = (await response.json()) as any;
      assert.equal(envelope.error, 'VALIDATION_ERROR');
      assert.ok('lifecycleStatus' in envelope.fieldErrors);
    }
    const flag = await lifecycle(craft.id, { lifecycleStatus: 'Archived', confirmTaskDeletion: 'yes' });
    assert.equal(flag.status, 400);
    assert.ok('confirmTaskDeletion' in ((await flag.json()) as any).fieldErrors);
  });

  test('the id is resolved strictly: name, NORAD id, COSPAR id and externalKey are 404', async () => {
    const craft = await create({ name: 'Strict', noradId: 43210, cosparId: '2018-001A', externalKey: 'strict-key' });
    for (const identifier of ['Strict', '43210', '2018-001A', 'strict-key', 'unknown']) {
      const response = await lifecycle(identifier, { lifecycleStatus: 'Archived' });
      assert.equal(response.status, 404, identifier);
      assert.equal(((await response.json()) as any).error, 'SC-4040');
    }
    const read = (await (await service.request('GET', `/operations/spacecraft/${craft.id}`, { key })).json()) as any;
    assert.equal(read.lifecycleStatus, 'Active');
  });

  test('another organization\'s craft is 404 and is not archived, even with confirmation', async () => {
    const craft = await create();
    await addTasks(craft.id, 1);
    const response = await lifecycle(craft.id, { lifecycleStatus: 'Archived', confirmTaskDeletion: true }, otherOrgKey);
    assert.equal(response.status, 404);
    assert.equal(await countScheduledTasks(service.db, organizationId, craft.id), 1);
    const read = (await (await service.request('GET', `/operations/spacecraft/${craft.id}`, { key })).json()) as any;
    assert.equal(read.lifecycleStatus, 'Active');
  });
});
