/** Payloads over HTTP: CRUD, slot indexes (gaps never repacked or reused), validation, uniform 404, scoping. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let key: string;
let otherOrgKey: string;

before(async () => {
  service = await createTestService();
  key = (await service.key({ organization: 'pay-a' })).secret;
  otherOrgKey = (await service.key({ organization: 'pay-b' })).secret;
});
after(async () => {
  await service.close();
});

async function craft(secret = key): Promise<string> {
  const response = await service.request('POST', '/operations/spacecraft', { key: secret, json: { name: 'Sensor bus' } });
  assert.equal(response.status, 201);
  return ((await response.json()) as any).id;
}

const valid = { name: 'Imager', type: 'CAMERA' };

async function addPayload(spacecraftId: string, body: Record<string, unknown> = valid, secret = key): Promise<any> {
  const response = await service.request('POST', `/operations/spacecraft/${spacecraftId}/payloads`, { key: secret, json: body });
  assert.equal(response.status, 201, await response.clone().text());
  return await response.json();
}

async function slots(spacecraftId: string): Promise<number[]> {
  const response = await service.request('GET', `/operations/spacecraft/${spacecraftId}/payloads`, { key });
  assert.equal(response.status, 200);
  return ((await response.json()).content as any[]).map((p) => p.slotIndex);
}

describe('payload CRUD', () => {
  test('create (201) with defaults; get returns it', async () => {
    const id = await craft();
    const payload = await addPayload(id);
    assert.match(payload.id, /^[0-9a-f-]{36}$/);
    assert.equal(payload.spacecraftId, id);
    assert.equal(payload.name, 'Imager');
    assert.equal(payload.type, 'CAMERA');
    assert.equal(payload.slotIndex, 0);
    assert.equal(payload.massKg, null);
    assert.equal(payload.powerW, null);
    assert.deepEqual(payload.boresight, { x: 0, y: 0, z: 1 });
    assert.equal(payload.fieldOfViewDeg, null);
    const read = await service.request('GET', `/operations/spacecraft/${id}/payloads/${payload.id}`, { key });
    assert.equal(read.status, 200);
    assert.deepEqual(await read.json(), payload);
  });

  test('all fields stored; boresight normalized', async () => {
    const id = await craft();
    const payload = await addPayload(id, { name: 'SAR', type: 'RADAR', massKg: 120.5, powerW: 0, boresight: { x: 0, y: -3, z: 4 }, fieldOfViewDeg: 180 });
    assert.equal(payload.massKg, 120.5);
    assert.equal(payload.powerW, 0);
    assert.deepEqual(payload.boresight, { x: 0, y: -0.6, z: 0.8 });
    assert.equal(payload.fieldOfViewDeg, 180);
  });

  test('PUT replaces the writable fields and keeps slotIndex', async () => {
    const id = await craft();
    await addPayload(id);
    const payload = await addPayload(id, { ...valid, massKg: 3, fieldOfViewDeg: 10 });
    await new Promise((resolve) => setTimeout(resolve, 3));
    const response = await service.request('PUT', `/operations/spacecraft/${id}/payloads/${payload.id}`, {
      key, json: { name: 'Antenna', type: 'RF', powerW: 40, boresight: { x: 2, y: 0, z: 0 }, slotIndex: 7 },
    });
    assert.equal(response.status, 200);
    const replaced = (await response.json()) as any;
    assert.equal(replaced.slotIndex, 1, 'slotIndex is not writable');
    assert.equal(replaced.name, 'Antenna');
    assert.equal(replaced.type, 'RF');
    assert.equal(replaced.massKg, null);
    assert.equal(replaced.powerW, 40);
    assert.deepEqual(replaced.boresight, { x: 1, y: 0, z: 0 });
    assert.equal(replaced.fieldOfViewDeg, null);
    assert.equal(replaced.createdAt, payload.createdAt);
    assert.ok(replaced.updatedAt > payload.updatedAt);
    const read = await service.request('GET', `/operations/spacecraft/${id}/payloads/${payload.id}`, { key });
    assert.deepEqual(await read.json(), replaced);
  });

  test('DELETE → 204 with no body, then the same 404', async () => {
    const id = await craft();
    const payload = await addPayload(id);
    const response = await service.request('DELETE', `/operations/spacecraft/${id}/payloads/${payload.id}`, { key });
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    for (const method of ['GET', 'DELETE'] as const) {
      const again = await service.request(method, `/operations/spacecraft/${id}/payloads/${payload.id}`, { key });
      assert.equal(again.status, 404);
      assert.equal(((await again.json()) as any).error, 'PAYLOAD_NOT_FOUND');
    }
  });
});

describe('slot indexes', () => {
  test('assigned max+1 in order; deleted slots stay as gaps and are never repacked', async () => {
    const id = await craft();
    const created = [];
    for (let i = 0; i < 4; i += 1) created.push(await addPayload(id, { ...valid, name: `P${i}` }));
    assert.deepEqual(created.map((p) => p.slotIndex), [0, 1, 2, 3]);
    assert.equal((await service.request('DELETE', `/operations/spacecraft/${id}/payloads/${created[1].id}`, { key })).status, 204);
    assert.deepEqual(await slots(id), [0, 2, 3], 'the gap at 1 stays');
    const next = await addPayload(id, { ...valid, name: 'P4' });
    assert.equal(next.slotIndex, 4, 'the gap is not refilled');
    assert.deepEqual(await slots(id), [0, 2, 3, 4]);
  });

  test('the list is a Spring page (page/size/sort; default slotIndex,asc); page beyond 2^31 → 400', async () => {
    const id = await craft();
    for (const name of ['Z', 'Y', 'X']) await addPayload(id, { ...valid, name });
    const page = await (await service.request('GET', `/operations/spacecraft/${id}/payloads?size=2&page=1`, { key })).json();
    assert.deepEqual(page.content.map((p: { name: string }) => p.name), ['X']);
    assert.deepEqual([page.totalElements, page.totalPages, page.number, page.last], [3, 2, 1, true]);
    const byName = await (await service.request('GET', `/operations/spacecraft/${id}/payloads?sort=name,asc`, { key })).json();
    assert.deepEqual(byName.content.map((p: { name: string }) => p.name), ['X', 'Y', 'Z']);
    const huge = await service.request('GET', `/operations/spacecraft/${id}/payloads?page=${2 ** 31}`, { key });
    assert.equal(huge.status, 400);
    assert.match((await huge.json()).fieldErrors.page, /from 0 to 2147483647/);
  });

  test('deleting the highest slot does not make it available again', async () => {
    const id = await craft();
    await addPayload(id);
    const top = await addPayload(id);
    assert.equal(top.slotIndex, 1);
    assert.equal((await service.request('DELETE', `/operations/spacecraft/${id}/payloads/${top.id}`, { key })).status, 204);
    assert.equal((await addPayload(id)).slotIndex, 2);
  });

  test('slots are per spacecraft', async () => {
    const first = await craft();
    const second = await craft();
    await addPayload(first);
    await addPayload(first);
    assert.equal((await addPayload(second)).slotIndex, 0);
  });

  test('concurrent creates get distinct slots', async () => {
    const id = await craft();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => addPayload(id, { ...valid, name: `C${i}` })));
    assert.deepEqual(results.map((p) => p.slotIndex).sort((a, b) => a - b), [0, 1, 2, 3, 4, 5]);
  });
});

describe('payload validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['name missing', { type: 'CAMERA' }, 'name'],
    ['name blank', { ...valid, name: '' }, 'name'],
    ['type missing', { name: 'x' }, 'type'],
    ['type unknown', { ...valid, type: 'TELESCOPE' }, 'type'],
    ['mass zero', { ...valid, massKg: 0 }, 'massKg'],
    ['power negative', { ...valid, powerW: -1 }, 'powerW'],
    ['boresight zero', { ...valid, boresight: { x: 0, y: 0, z: 0 } }, 'boresight'],
    ['boresight incomplete', { ...valid, boresight: { x: 1 } }, 'boresight.y'],
    ['field of view zero', { ...valid, fieldOfViewDeg: 0 }, 'fieldOfViewDeg'],
    ['field of view above 180', { ...valid, fieldOfViewDeg: 181 }, 'fieldOfViewDeg'],
  ];
  for (const [label, body, field] of cases) {
    test(`${label} → 400 naming ${field} (POST and PUT)`, async () => {
      const id = await craft();
      const existing = await addPayload(id);
      for (const [method, path] of [
        ['POST', `/operations/spacecraft/${id}/payloads`],
        ['PUT', `/operations/spacecraft/${id}/payloads/${existing.id}`],
      ] as const) {
        const response = await service.request(method, path, { key, json: body });
        assert.equal(response.status, 400, method);
        const envelope = (await response.json()) as any;
        assert.equal(envelope.error, 'VALIDATION_ERROR');
        assert.ok(field in envelope.fieldErrors, `${method}: ${JSON.stringify(envelope.fieldErrors)}`);
      }
      assert.deepEqual(await slots(id), [0], 'a rejected create claims no slot');
    });
  }
});

describe('uniform 404 and scoping', () => {
  test('wrong spacecraft, wrong payload and another organization give the same 404', async () => {
    const id = await craft();
    const sibling = await craft();
    const payload = await addPayload(id);
    const foreignCraft = await craft(otherOrgKey);
    const foreignPayload = await addPayload(foreignCraft, valid, otherOrgKey);
    const misses: Array<[string, string]> = [
      [sibling, payload.id], // payload exists, under another craft
      [id, 'no-such-payload'],
      ['no-such-craft', payload.id],
      [foreignCraft, foreignPayload.id], // another organization's craft and payload
      [id, foreignPayload.id],
    ];
    const bodies = new Set<string>();
    for (const [spacecraftId, payloadId] of misses) {
      for (const [method, json] of [['GET', undefined], ['PUT', valid], ['DELETE', undefined]] as const) {
        const response = await service.request(method, `/operations/spacecraft/${spacecraftId}/payloads/${payloadId}`, { key, json });
        assert.equal(response.status, 404, `${method} ${spacecraftId}/${payloadId}`);
        const envelope = (await response.json()) as any;
        bodies.add(`${envelope.error}|${envelope.message}`);
      }
    }
    assert.deepEqual([...bodies], ['PAYLOAD_NOT_FOUND|Payload not found']);
    // Nothing was touched.
    const foreign = await service.request('GET', `/operations/spacecraft/${foreignCraft}/payloads/${foreignPayload.id}`, { key: otherOrgKey });
    assert.equal(((await foreign.json()) as any).name, 'Imager');
  });

  test("another organization cannot list or add payloads on our craft", async () => {
    const id = await craft();
    await addPayload(id);
    assert.equal((await service.request('GET', `/operations/spacecraft/${id}/payloads`, { key: otherOrgKey })).status, 404);
    assert.equal((await service.request('POST', `/operations/spacecraft/${id}/payloads`, { key: otherOrgKey, json: valid })).status, 404);
    assert.deepEqual(await slots(id), [0]);
  });

  test('read:spacecraft for reads, write:spacecraft for writes (403 otherwise)', async () => {
    const id = await craft();
    const payload = await addPayload(id);
    const readOnly = (await service.key({ organization: 'pay-a', permissions: ['read:spacecraft'] })).secret;
    const writeOnly = (await service.key({ organization: 'pay-a', permissions: ['write:spacecraft'] })).secret;
    const collection = `/operations/spacecraft/${id}/payloads`;
    const item = `${collection}/${payload.id}`;
    assert.equal((await service.request('GET', collection, { key: readOnly })).status, 200);
    assert.equal((await service.request('GET', item, { key: readOnly })).status, 200);
    for (const [secret, method, path, json] of [
      [writeOnly, 'GET', collection, undefined],
      [writeOnly, 'GET', item, undefined],
      [readOnly, 'POST', collection, valid],
      [readOnly, 'PUT', item, valid],
      [readOnly, 'DELETE', item, undefined],
    ] as const) {
      const response = await service.request(method, path, { key: secret, json });
      assert.equal(response.status, 403, `${method} ${path}`);
      assert.equal(((await response.json()) as any).error, 'ACCESS_ERROR');
    }
    assert.equal((await service.request('DELETE', item, { key: writeOnly })).status, 204);
  });

  test('documented in OpenAPI under the Payloads tag', async () => {
    const doc = (await (await service.request('GET', '/openapi.json')).json()) as any;
    const collection = doc.paths['/operations/spacecraft/{spacecraftId}/payloads'];
    const item = doc.paths['/operations/spacecraft/{spacecraftId}/payloads/{payloadId}'];
    for (const operation of [collection.get, collection.post, item.get, item.put, item.delete]) {
      assert.deepEqual(operation.tags, ['Payloads']);
      assert.deepEqual(operation.security, [{ apiKeyAuth: [] }]);
    }
    assert.ok(item.delete.responses['204']);
    assert.ok(doc.components.schemas.Payload);
  });
});
