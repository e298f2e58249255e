/** End to end through HTTP with the service's own runner and real clock: a one-off TLE task runs and its product downloads. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestService } from '../helpers/service.ts';
import { createSpacecraft, createStateVector, SSO_POSITION_KM, SSO_VELOCITY_KM_S } from './stateVectors.helpers.ts';

test('POST a task due in 2 s → the running service produces its TLE product; lastRun SUCCEEDED', async () => {
  const svc = await createTestService();
  try {
    const key = (await svc.key({ organization: 'e2e-tasks' })).secret;
    const sc = await createSpacecraft(svc, key, { noradId: 25544, cosparId: '1998-067A' });
    const epoch = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    await createStateVector(svc, key, { spacecraftId: sc, epoch, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S, referenceFrame: 'GCRF', mass: 1000 });
    const at = new Date(Date.now() + 2000).toISOString();
    const created = await svc.request('POST', `/operations/spacecraft/${sc}/tasks`, { key, json: { name: 'tle soon', kind: 'GENERATE_TLE', schedule: { type: 'ONCE', at } } });
    assert.equal(created.status, 201);
    const task = (await created.json()) as any;
    let products: any = { content: [] };
    for (let i = 0; i < 300 && products.content.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      products = await (await svc.request('GET', `/operations/products?taskId=${task.id}`, { key })).json();
    }
    assert.equal(products.content.length, 1, 'the product appeared');
    const product = products.content[0];
    assert.equal(product.kind, 'TLE');
    assert.equal(product.spacecraftId, sc);
    const text = await (await svc.request('GET', `/operations/products/${product.id}/content`, { key })).text();
    assert.match(text, /^1 25544U 98067A {3}\d{5}\.\d{8} .*\n2 25544 /);
    const after = (await (await svc.request('GET', `/operations/spacecraft/${sc}/tasks/${task.id}`, { key })).json()) as any;
    assert.equal(after.lastRun.status, 'SUCCEEDED');
    assert.equal(after.lastRun.productId, product.id);
    assert.equal(after.enabled, false);
    const runs = (await (await svc.request('GET', `/operations/spacecraft/${sc}/tasks/${task.id}/runs`, { key })).json()) as any;
    assert.equal(runs.totalElements, 1);
    assert.equal(runs.content[0].scheduledFor, at);
  } finally {
    await svc.close();
  }
});

test('POST a batch → the running service finishes it; the ZIP downloads', async () => {
  const svc = await createTestService();
  try {
    const key = (await svc.key({ organization: 'e2e-batch' })).secret;
    const sc = await createSpacecraft(svc, key, { forceModel: { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] } });
    const epoch = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const sv = await createStateVector(svc, key, { spacecraftId: sc, epoch, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S, referenceFrame: 'GCRF', mass: 1000 });
    const finalDate = new Date(Date.parse(epoch) + 3_600_000).toISOString();
    const created = await svc.request('POST', '/operations/ephemerides/batch', { key, json: { initialDate: epoch, finalDate, timeBetweenPoints: 600, items: [{ stateVectorId: sv.id }, { spacecraftId: sc }] } });
    assert.equal(created.status, 202);
    const location = created.headers.get('location')!;
    let batch: any = await created.json();
    for (let i = 0; i < 300 && (batch.status === 'QUEUED' || batch.status === 'RUNNING'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      batch = await (await svc.request('GET', location, { key })).json();
    }
    assert.equal(batch.status, 'SUCCEEDED', JSON.stringify(batch));
    assert.equal(batch.itemsDone, 2);
    const zip = await svc.request('GET', `/operations/products/${batch.productId}/content`, { key });
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get('content-type'), 'application/zip');
    const bytes = new Uint8Array(await zip.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'a ZIP local file header');
  } finally {
    await svc.close();
  }
});
