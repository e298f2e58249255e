/** Thrusters over HTTP: CRUD, validation, normalization, references from maneuverCapabilities, scoping. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let key: string;
let otherOrgKey: string;

before(async () => {
  service = await createTestService();
  key = (await service.key({ organization: 'thr-a' })).secret;
  otherOrgKey = (await service.key({ organization: 'thr-b' })).secret;
});
after(async () => {
  await service.close();
});

async function craft(secret = key): Promise<string> {
  const response = await service.request('POST', '/operations/spacecraft', { key: secret, json: { name: 'Thrusty' } });
  assert.equal(response.status, 201);
  return ((await response.json()) as any).id;
}

const valid = { name: 'Main engine', thrustN: 22, ispS: 220, direction: { x: 0, y: 0, z: 2 } };

async function addThruster(spacecraftId: string, body: Record<string, unknown> = valid, secret = key): Promise<any> {
  const response = await service.request('POST', `/operations/spacecraft/${spacecraftId}/thrusters`, { key: secret, json: body });
  assert.equal(response.status, 201, await response.clone().text());
  return await response.json();
}

describe('thruster CRUD', () => {
  test('create (201) normalizes the direction and applies defaults; get and list return it', async () => {
    const id = await craft();
    const thruster = await addThruster(id);
    assert.match(thruster.id, /^[0-9a-f-]{36}$/);
    assert.equal(thruster.spacecraftId, id);
    assert.equal(thruster.name, 'Main engine');
    assert.equal(thruster.thrustN, 22);
    assert.equal(thruster.ispS, 220);
    assert.deepEqual(thruster.direction, { x: 0, y: 0, z: 1 });
    assert.deepEqual(thruster.positionM, { x: 0, y: 0, z: 0 });
    assert.equal(thruster.enabled, true);
    assert.equal(thruster.createdAt, thruster.updatedAt);
    const read = await service.request('GET', `/operations/spacecraft/${id}/thrusters/${thruster.id}`, { key });
    assert.equal(read.status, 200);
    assert.deepEqual(await read.json(), thruster);
    const second = await addThruster(id, { ...valid, name: 'RCS 1', direction: { x: 3, y: 4, z: 0 }, positionM: { x: 0.5, y: -0.5, z: 1 }, enabled: false });
    assert.deepEqual(second.direction, { x: 0.6, y: 0.8, z: 0 });
    assert.deepEqual(second.positionM, { x: 0.5, y: -0.5, z: 1 });
    assert.equal(second.enabled, false);
    const list = await service.request('GET', `/operations/spacecraft/${id}/thrusters`, { key });
    assert.equal(list.status, 200);
    assert.deepEqual(((await list.json()).content as any[]).map((t) => t.id), [thruster.id, second.id]);
  });

  test('an empty craft lists an empty page', async () => {
    const id = await craft();
    const list = await service.request('GET', `/operations/spacecraft/${id}/thrusters`, { key });
    const body = await list.json();
    assert.deepEqual(body.content, []);
    assert.equal(body.totalElements, 0);
    assert.equal(body.empty, true);
  });

  test('the list is a Spring page: page/size/sort, unknown sort field → 400', async () => {
    const id = await craft();
    for (const name of ['B', 'C', 'A']) await addThruster(id, { ...valid, name });
    const first = await (await service.request('GET', `/operations/spacecraft/${id}/thrusters?size=2&sort=name,asc`, { key })).json();
    assert.deepEqual(first.content.map((t: { name: string }) => t.name), ['A', 'B']);
    assert.deepEqual([first.totalElements, first.totalPages, first.number, first.size, first.first, first.last], [3, 2, 0, 2, true, false]);
    const second = await (await service.request('GET', `/operations/spacecraft/${id}/thrusters?size=2&page=1&sort=name,asc`, { key })).json();
    assert.deepEqual(second.content.map((t: { name: string }) => t.name), ['C']);
    const bad = await service.request('GET', `/operations/spacecraft/${id}/thrusters?sort=color,asc`, { key });
    assert.equal(bad.status, 400);
    assert.ok((await bad.json()).fieldErrors.sort);
  });

  test('PUT replaces every field (omitted optional fields take defaults)', async () => {
    const id = await craft();
    const thruster = await addThruster(id, { ...valid, positionM: { x: 1, y: 1, z: 1 }, enabled: false });
    await new Promise((resolve) => setTimeout(resolve, 3));
    const response = await service.request('PUT', `/operations/spacecraft/${id}/thrusters/${thruster.id}`, {
      key, json: { name: 'Renamed', thrustN: 1, ispS: 3000, direction: { x: -5, y: 0, z: 0 } },
    });
    assert.equal(response.status, 200);
    const replaced = (await response.json()) as any;
    assert.equal(replaced.id, thruster.id);
    assert.equal(replaced.name, 'Renamed');
    assert.equal(replaced.thrustN, 1);
    assert.equal(replaced.ispS, 3000);
    assert.deepEqual(replaced.direction, { x: -1, y: 0, z: 0 });
    assert.deepEqual(replaced.positionM, { x: 0, y: 0, z: 0 });
    assert.equal(replaced.enabled, true);
    assert.equal(replaced.createdAt, thruster.createdAt);
    assert.ok(replaced.updatedAt > thruster.updatedAt);
    const read = await service.request('GET', `/operations/spacecraft/${id}/thrusters/${thruster.id}`, { key });
    assert.deepEqual(await read.json(), replaced);
  });

  test('DELETE → 204, then 404', async () => {
    const id = await craft();
    const thruster = await addThruster(id);
    const response = await service.request('DELETE', `/operations/spacecraft/${id}/thrusters/${thruster.id}`, { key });
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    assert.equal((await service.request('GET', `/operations/spacecraft/${id}/thrusters/${thruster.id}`, { key })).status, 404);
    assert.equal((await service.request('DELETE', `/operations/spacecraft/${id}/thrusters/${thruster.id}`, { key })).status, 404);
  });
});

describe('thruster validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['name missing', { ...valid, name: undefined }, 'name'],
    ['name blank', { ...valid, name: ' ' }, 'name'],
    ['thrustN zero', { ...valid, thrustN: 0 }, 'thrustN'],
    ['thrustN negative', { ...valid, thrustN: -1 }, 'thrustN'],
    ['ispS below 50', { ...valid, ispS: 49.9 }, 'ispS'],
    ['ispS above 10000', { ...valid, ispS: 10000.1 }, 'ispS'],
    ['direction missing', { ...valid, direction: undefined }, 'direction'],
    ['direction zero', { ...valid, direction: { x: 0, y: 0, z: 0 } }, 'direction'],
    ['direction incomplete', { ...valid, direction: { x: 1, y: 0 } }, 'direction.z'],
    ['position not a number', { ...valid, positionM: { x: 'a', y: 0, z: 0 } }, 'positionM.x'],
    ['enabled not boolean', { ...valid, enabled: 'yes' }, 'enabled'],
  ];
  for (const [label, body, field] of cases) {
    test(`${label} → 400 naming ${field} (POST and PUT)`, async () => {
      const id = await craft();
      const existing = await addThruster(id);
      for (const [method, path] of [
        ['POST', `/operations/spacecraft/${id}/thrusters`],
        ['PUT', `/operations/spacecraft/${id}/thrusters/${existing.id}`],
      ] as const) {
        const response = await service.request(method, path, { key, json: body });
        assert.equal(response.status, 400, method);
        const envelope = (await response.json()) as any;
        assert.equal(envelope.error, 'VALIDATION_ERROR');
        assert.ok(field in envelope.fieldErrors, `${method}: ${JSON.stringify(envelope.fieldErrors)}`);
      }
    });
  }
  test('ispS bounds 50 and 10000 are accepted', async () => {
    const id = await craft();
    await addThruster(id, { ...valid, ispS: 50 });
    await addThruster(id, { ...valid, ispS: 10000 });
  });
});

describe('maneuverCapabilities references', () => {
  test('capabilities accept existing thruster ids; a referenced thruster cannot be deleted (409 naming the reference)', async () => {
    const id = await craft();
    const main = await addThruster(id);
    const rcs = await addThruster(id, { ...valid, name: 'RCS' });
    const spare = await addThruster(id, { ...valid, name: 'Spare' });
    const patch = await service.request('PATCH', `/operations/spacecraft/${id}`, {
      key,
      json: {
        maneuverCapabilities: {
          thrusters: [{
            thrusterId: main.id,
            allowedDirections: ['RADIAL_OUT', 'PROGRADE'],
            eclipsePolicy: 'SUNLIGHT_ONLY',
            maximumDutyCycle: 0.5,
            overheadBurns: [{ anchor: 'BEFORE_MAIN_BURN', direction: 'RADIAL_OUT', durationSeconds: 2, offsetSeconds: 10, thrusterId: rcs.id }],
          }],
        },
      },
    });
    assert.equal(patch.status, 200, await patch.clone().text());
    const capabilities = ((await patch.json()) as any).maneuverCapabilities;
    assert.deepEqual(capabilities.thrusters[0], {
      thrusterId: main.id,
      alignmentError: { xRadians: 0, yRadians: 0, zRadians: 0 },
      allowedDirections: ['RADIAL_OUT', 'PROGRADE'],
      combinedSteeringAllowed: false,
      dutyCycleWindowSeconds: null,
      eclipsePolicy: 'SUNLIGHT_ONLY',
      maximumDutyCycle: 0.5,
      minimumBurnSeconds: null,
      minimumImpulseNewtonSeconds: null,
      requiredPowerWatts: null,
      settlingSeconds: null,
      overheadBurns: [{ anchor: 'BEFORE_MAIN_BURN', direction: 'RADIAL_OUT', durationSeconds: 2, offsetSeconds: 10, thrusterId: rcs.id }],
    });

    const mainDelete = await service.request('DELETE', `/operations/spacecraft/${id}/thrusters/${main.id}`, { key });
    assert.equal(mainDelete.status, 409);
    const envelope = (await mainDelete.json()) as any;
    assert.equal(envelope.error, 'THRUSTER_IN_USE');
    assert.deepEqual(envelope.details.references, ['maneuverCapabilities.thrusters.0.thrusterId']);
    assert.match(envelope.message, /maneuverCapabilities\.thrusters\.0\.thrusterId/);

    const rcsDelete = await service.request('DELETE', `/operations/spacecraft/${id}/thrusters/${rcs.id}`, { key });
    assert.equal(rcsDelete.status, 409);
    assert.deepEqual(((await rcsDelete.json()) as any).details.references, ['maneuverCapabilities.thrusters.0.overheadBurns.0.thrusterId']);

    assert.equal((await service.request('DELETE', `/operations/spacecraft/${id}/thrusters/${spare.id}`, { key })).status, 204);
    // Once the capabilities no longer name it, the thruster can go.
    const cleared = await service.request('PATCH', `/operations/spacecraft/${id}`, { key, json: { maneuverCapabilities: null } });
    assert.equal(((await cleared.json()) as any).maneuverCapabilities, null);
    assert.equal((await service.request('DELETE', `/operations/spacecraft/${id}/thrusters/${main.id}`, { key })).status, 204);
  });

  test('capabilities reject unknown, deleted, foreign and repeated thruster ids and repeated directions', async () => {
    const id = await craft();
    const other = await craft();
    const own = await addThruster(id);
    const foreign = await addThruster(other);
    const gone = await addThruster(id, { ...valid, name: 'Gone' });
    assert.equal((await service.request('DELETE', `/operations/spacecraft/${id}/thrusters/${gone.id}`, { key })).status, 204);
    const cases: Array<[unknown, string]> = [
      [{ thrusters: [{ thrusterId: foreign.id, allowedDirections: ['RADIAL_OUT'] }] }, 'maneuverCapabilities.thrusters.0.thrusterId'],
      [{ thrusters: [{ thrusterId: gone.id, allowedDirections: ['RADIAL_OUT'] }] }, 'maneuverCapabilities.thrusters.0.thrusterId'],
      [{ thrusters: [{ thrusterId: own.id, allowedDirections: ['RADIAL_OUT'] }, { thrusterId: own.id, allowedDirections: ['NORMAL'] }] }, 'maneuverCapabilities.thrusters.1.thrusterId'],
      [{ thrusters: [{ thrusterId: own.id, allowedDirections: ['NORMAL', 'NORMAL'] }] }, 'maneuverCapabilities.thrusters.0.allowedDirections'],
      [{ thrusters: [{ thrusterId: own.id, allowedDirections: [] }] }, 'maneuverCapabilities.thrusters.0.allowedDirections'],
      [{ thrusters: [{ thrusterId: own.id, allowedDirections: ['UP'] }] }, 'maneuverCapabilities.thrusters.0.allowedDirections.0'],
      [{ thrusters: [{ thrusterId: own.id, allowedDirections: ['NORMAL'], maximumDutyCycle: 1.5 }] }, 'maneuverCapabilities.thrusters.0.maximumDutyCycle'],
      [{ thrusters: [{ thrusterId: own.id, allowedDirections: ['NORMAL'], overheadBurns: [{ anchor: 'BEFORE_MAIN_BURN', direction: 'NORMAL', durationSeconds: 1, offsetSeconds: 0, thrusterId: 'nope' }] }] },
        'maneuverCapabilities.thrusters.0.overheadBurns.0.thrusterId'],
    ];
    for (const [maneuverCapabilities, field] of cases) {
      const response = await service.request('PATCH', `/operations/spacecraft/${id}`, { key, json: { maneuverCapabilities } });
      assert.equal(response.status, 400, field);
      assert.ok(field in ((await response.json()) as any).fieldErrors, field);
    }
  });
});

describe('scoping and permissions', () => {
  test('another organization gets 404 on every thruster route and changes nothing', async () => {
    const id = await craft();
    const thruster = await addThruster(id);
    const collection = `/operations/spacecraft/${id}/thrusters`;
    const item = `${collection}/${thruster.id}`;
    for (const [method, path, json] of [
      ['GET', collection, undefined],
      ['POST', collection, valid],
      ['GET', item, undefined],
      ['PUT', item, { ...valid, name: 'Hijacked' }],
      ['DELETE', item, undefined],
    ] as const) {
      const response = await service.request(method, path, { key: otherOrgKey, json });
      assert.equal(response.status, 404, `${method} ${path}`);
    }
    const list = ((await (await service.request('GET', collection, { key })).json()) as any).content as any[];
    assert.equal(list.length, 1);
    assert.equal(list[0].name, 'Main engine');
  });

  test('a thruster of another craft of the same organization is 404 under the wrong craft', async () => {
    const first = await craft();
    const second = await craft();
    const thruster = await addThruster(first);
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await service.request(method, `/operations/spacecraft/${second}/thrusters/${thruster.id}`, { key });
      assert.equal(response.status, 404);
      assert.equal(((await response.json()) as any).error, 'THRUSTER_NOT_FOUND');
    }
    const put = await service.request('PUT', `/operations/spacecraft/${second}/thrusters/${thruster.id}`, { key, json: valid });
    assert.equal(put.status, 404);
  });

  test('unknown spacecraft → 404 on the collection', async () => {
    assert.equal((await service.request('GET', '/operations/spacecraft/none/thrusters', { key })).status, 404);
    assert.equal((await service.request('POST', '/operations/spacecraft/none/thrusters', { key, json: valid })).status, 404);
  });

  test('read:spacecraft for reads, write:spacecraft for writes (403 otherwise)', async () => {
    const id = await craft();
    const thruster = await addThruster(id);
    const readOnly = (await service.key({ organization: 'thr-a', permissions: ['read:spacecraft'] })).secret;
    const writeOnly = (await service.key({ organization: 'thr-a', permissions: ['write:spacecraft'] })).secret;
    const collection = `/operations/spacecraft/${id}/thrusters`;
    const item = `${collection}/${thruster.id}`;
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

  test('documented in OpenAPI under the Thrusters tag', async () => {
    const doc = (await (await service.request('GET', '/openapi.json')).json()) as any;
    // The session's path convention: a sub-collection of a spacecraft is …/spacecraft/{spacecraftId}/<things>/{thingId}.
    const collection = doc.paths['/operations/spacecraft/{spacecraftId}/thrusters'];
    const item = doc.paths['/operations/spacecraft/{spacecraftId}/thrusters/{thrusterId}'];
    for (const operation of [collection.get, collection.post, item.get, item.put, item.delete]) {
      assert.deepEqual(operation.tags, ['Thrusters']);
      assert.deepEqual(operation.security, [{ apiKeyAuth: [] }]);
    }
    assert.ok(item.delete.responses['204']);
    assert.ok(doc.components.schemas.Thruster);
  });
});
