/**
 * Stored products: retention by count and by age, listing filters, metadata, and the download — whole file, ETag and
 * If-None-Match, single byte ranges across storage pieces (RFC 9110 §14: 206, suffix ranges, 416), If-Range —,
 * isolation and permissions.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { parseRange } from '../../api/services/products/products.ts';
import { createTask, updateTask } from '../../api/services/scheduledTasks.ts';
import { TaskRunRunner } from '../../api/jobs/taskRunner.ts';
import { PRODUCT_CHUNK_BYTES } from '../../domain/products/packing.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { createSpacecraft, createStateVector, ssoState } from './stateVectors.helpers.ts';

const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
const T0 = Date.parse('2023-03-08T07:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let svc: TestService;
let key: string;
let organizationId: string;
let clock = T0;
let runner: TaskRunRunner;

before(async () => {
  svc = await createTestService({ workers: 2 });
  await svc.taskRunner.stop();
  const minted = await svc.key({ organization: 'products-org' });
  key = minted.secret;
  organizationId = minted.organizationId;
  runner = new TaskRunRunner(svc, { owner: 'products-test', clock: () => clock, sweepEveryMs: 0 });
});
after(async () => {
  await svc.close();
});

async function craft(): Promise<string> {
  const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY, cosparId: '2023-042A' });
  await createStateVector(svc, key, ssoState(sc));
  return sc;
}

async function productIds(taskId: string): Promise<string[]> {
  const page = (await (await svc.request('GET', `/operations/products?taskId=${taskId}&sort=createdAt,asc`, { key })).json()) as any;
  return page.content.map((p: any) => p.id);
}

describe('retention', () => {
  test('maxCount keeps the newest products of the task; maxAgeDays removes older ones, also after a PATCH', async () => {
    const sc = await craft();
    clock = T0;
    const task = await createTask(svc.db, organizationId, sc, {
      name: 'tle hourly', kind: 'GENERATE_TLE', schedule: { type: 'INTERVAL', intervalSeconds: 3600, start: new Date(T0).toISOString() },
      retention: { maxCount: 2 },
    } as never, T0);
    const made: string[] = [];
    for (let k = 0; k < 4; k++) {
      clock = T0 + k * HOUR;
      assert.equal(await runner.drain(), 1);
      made.push(((await svc.db.execute({ sql: 'SELECT product_id FROM task_runs WHERE task_id = ? ORDER BY scheduled_for DESC LIMIT 1', args: [task.id] })).rows[0]!.product_id) as string);
      assert.deepEqual(await productIds(task.id), made.slice(-2));
    }
    const pieces = await svc.db.execute({ sql: 'SELECT COUNT(*) AS n FROM product_chunks WHERE product_id IN (?, ?)', args: [made[0]!, made[1]!] });
    assert.equal(Number(pieces.rows[0]!.n), 0, 'the pieces of deleted products are gone');

    // Age: products created at T0+2h and T0+3h; 1 day later with maxAgeDays 1 the older goes on PATCH.
    clock = T0 + 2 * HOUR + DAY + 1;
    await updateTask(svc.db, organizationId, sc, task.id, { retention: { maxCount: null, maxAgeDays: 1 } }, clock);
    assert.deepEqual(await productIds(task.id), [made[3]!]);
    // A disabled task stores nothing new, yet its products still age out (the runner's sweep).
    await updateTask(svc.db, organizationId, sc, task.id, { enabled: false }, clock);
    clock = T0 + 3 * HOUR + DAY - 1;
    await runner.drain();
    assert.deepEqual(await productIds(task.id), [made[3]!], 'not yet a day old');
    clock = T0 + 3 * HOUR + DAY + 1;
    await runner.drain();
    assert.deepEqual(await productIds(task.id), []);
  });
});

describe('download', () => {
  let productId: string;
  let text: string;
  let bytes: Uint8Array;

  before(async () => {
    const sc = await craft();
    clock = T0;
    // 2 days at 60 s ≈ 356 kB: more than one storage piece.
    const task = await createTask(svc.db, organizationId, sc, {
      name: 'oem', kind: 'GENERATE_OEM', schedule: { type: 'ONCE', at: new Date(T0).toISOString() }, parameters: { durationSeconds: 2 * 86400 },
    } as never, T0);
    assert.equal(await runner.drain(), 1);
    productId = (await productIds(task.id))[0]!;
    const response = await svc.request('GET', `/operations/products/${productId}/content`, { key });
    assert.equal(response.status, 200);
    text = await response.text();
    bytes = new TextEncoder().encode(text);
  });

  test('metadata: kind, span, hash and size of the file; stored deflated', async () => {
    const meta = (await (await svc.request('GET', `/operations/products/${productId}`, { key })).json()) as any;
    assert.equal(meta.kind, 'OEM');
    assert.equal(meta.mediaType, 'text/plain; charset=UTF-8');
    assert.equal(meta.spanStart, new Date(T0).toISOString());
    assert.equal(meta.spanEnd, new Date(T0 + 2 * DAY).toISOString());
    assert.equal(meta.sizeBytes, bytes.length);
    assert.ok(bytes.length > PRODUCT_CHUNK_BYTES, `${bytes.length} bytes span several pieces`);
    assert.equal(meta.contentSha256, createHash('sha256').update(bytes).digest('hex'));
    assert.ok(meta.storedBytes < meta.sizeBytes / 2, `deflated at rest: ${meta.storedBytes} of ${meta.sizeBytes}`);
    assert.match(text, /^CCSDS_OEM_VERS\s+= 2\.0\n/);
    assert.equal(meta.summary.pointCount, 2 * 1440 + 1);
  });

  test('whole file: ETag, Accept-Ranges, Content-Length, attachment; If-None-Match → 304', async () => {
    // The identity representation (fetch asks for gzip by default; coded downloads: test/api/representation.test.ts).
    const identity = { 'Accept-Encoding': 'identity' };
    const response = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: identity });
    const etag = response.headers.get('etag')!;
    assert.equal(etag, `"${createHash('sha256').update(bytes).digest('hex')}"`);
    assert.equal(response.headers.get('accept-ranges'), 'bytes');
    assert.equal(response.headers.get('content-length'), String(bytes.length));
    assert.match(response.headers.get('content-disposition')!, /^attachment; filename="2023-042A_20230308T070000Z\.oem"$/);
    await response.arrayBuffer();
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: { ...identity, 'If-None-Match': value } });
      assert.equal(cached.status, 304, value);
      assert.equal(cached.headers.get('etag'), etag);
    }
    const changed = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: { ...identity, 'If-None-Match': '"other"' } });
    assert.equal(changed.status, 200);
    await changed.arrayBuffer();
  });

  test('byte ranges: first-last across a piece boundary, open-ended, suffix; 416 beyond the end', async () => {
    const size = bytes.length;
    const boundary = PRODUCT_CHUNK_BYTES;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      [`bytes=${boundary - 10}-${boundary + 9}`, boundary - 10, boundary + 9],
      [`bytes=${size - 30}-`, size - 30, size - 1],
      ['bytes=-25', size - 25, size - 1],
      [`bytes=${size - 5}-${size + 1000}`, size - 5, size - 1],
      [`bytes=-${size + 10}`, 0, size - 1],
    ];
    for (const [range, first, last] of cases) {
      const response = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: { Range: range } });
      assert.equal(response.status, 206, range);
      assert.equal(response.headers.get('content-range'), `bytes ${first}-${last}/${size}`, range);
      assert.equal(response.headers.get('content-length'), String(last - first + 1));
      assert.deepEqual(new Uint8Array(await response.arrayBuffer()), bytes.subarray(first, last + 1), range);
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
      const response = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: { Range: range } });
      assert.equal(response.status, 416, range);
      assert.equal(response.headers.get('content-range'), `bytes */${size}`);
    }
    // Several ranges, another unit, nonsense: the whole file (a server may ignore Range).
    for (const range of ['bytes=0-1,5-9', 'items=0-1', 'bytes=9-2', 'bytes=abc']) {
      const response = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: { Range: range } });
      assert.equal(response.status, 200, range);
      assert.equal((await response.arrayBuffer()).byteLength, size);
    }
    // If-Range: the range only while the representation is the one the client has.
    const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`;
    const same = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    assert.equal(same.status, 206);
    await same.arrayBuffer();
    const stale = await svc.request('GET', `/operations/products/${productId}/content`, { key, headers: { Range: 'bytes=0-9', 'If-Range': '"old"' } });
    assert.equal(stale.status, 200);
    assert.equal((await stale.arrayBuffer()).byteLength, size);
  });

  test('parseRange follows RFC 9110 §14.1.2', () => {
    assert.deepEqual(parseRange('bytes=0-0', 10), { first: 0, last: 0 });
    assert.deepEqual(parseRange(' bytes = 3-', 10), { first: 3, last: 9 });
    assert.deepEqual(parseRange('BYTES=-3', 10), { first: 7, last: 9 });
    assert.equal(parseRange('bytes=10-', 10), 'unsatisfiable');
    assert.equal(parseRange('bytes=-1', 0), 'unsatisfiable');
    assert.equal(parseRange('bytes=-', 10), null);
    assert.equal(parseRange(undefined, 10), null);
  });

  test("filters, permissions and isolation: another organization's product is 404", async () => {
    const byKind = (await (await svc.request('GET', '/operations/products?kind=OEM', { key })).json()) as any;
    assert.ok(byKind.content.every((p: any) => p.kind === 'OEM'));
    assert.ok(byKind.content.some((p: any) => p.id === productId));
    const tle = (await (await svc.request('GET', '/operations/products?kind=TLE', { key })).json()) as any;
    assert.ok(tle.content.every((p: any) => p.kind === 'TLE'));
    const later = (await (await svc.request('GET', `/operations/products?spanFrom=${new Date(T0 + 3 * DAY).toISOString()}`, { key })).json()) as any;
    assert.ok(!later.content.some((p: any) => p.id === productId), 'span ends before spanFrom');
    const overlapping = (await (await svc.request('GET', `/operations/products?spanFrom=${new Date(T0 + DAY).toISOString()}&spanTo=${new Date(T0 + DAY).toISOString()}`, { key })).json()) as any;
    assert.ok(overlapping.content.some((p: any) => p.id === productId));
    const bad = await svc.request('GET', '/operations/products?kind=CDM', { key });
    assert.equal(bad.status, 400);
    assert.ok('kind' in ((await bad.json()) as any).fieldErrors);

    const other = (await svc.key({ organization: 'products-other' })).secret;
    for (const url of [`/operations/products/${productId}`, `/operations/products/${productId}/content`]) {
      assert.equal((await svc.request('GET', url, { key: other })).status, 404);
    }
    assert.equal(((await (await svc.request('GET', '/operations/products', { key: other })).json()) as any).totalElements, 0);
    const noPermission = (await svc.key({ organization: 'products-org', permissions: ['read:tasks'] })).secret;
    assert.equal((await svc.request('GET', `/operations/products/${productId}`, { key: noPermission })).status, 403);
  });
});

test('archiving with confirmTaskDeletion deletes the tasks with their runs, products and pieces; DELETE of a task too', async () => {
  const sc = await craft();
  clock = T0;
  const make = (name: string) =>
    createTask(svc.db, organizationId, sc, { name, kind: 'GENERATE_TLE', schedule: { type: 'ONCE', at: new Date(T0).toISOString() } } as never, T0);
  const kept = await make('deleted by DELETE');
  const archived = await make('deleted by archiving');
  assert.equal(await runner.drain(), 2);
  const count = async (sql: string, id: string) => Number((await svc.db.execute({ sql, args: [id] })).rows[0]!.n);
  const piecesOf = 'SELECT COUNT(*) AS n FROM product_chunks c JOIN products p ON p.id = c.product_id WHERE p.task_id = ?';
  assert.equal(await count(piecesOf, archived.id), 1);

  assert.equal((await svc.request('DELETE', `/operations/spacecraft/${sc}/tasks/${kept.id}`, { key })).status, 204);
  assert.equal(await count('SELECT COUNT(*) AS n FROM products WHERE task_id = ?', kept.id), 0);
  assert.equal(await count('SELECT COUNT(*) AS n FROM task_runs WHERE task_id = ?', kept.id), 0);

  const refused = await svc.request('PUT', `/operations/spacecraft/${sc}/lifecycle`, { key, json: { lifecycleStatus: 'Archived' } });
  assert.equal(refused.status, 409);
  assert.equal(((await refused.json()) as any).taskCount, 1);
  const productId = (await productIds(archived.id))[0]!;
  const archivedNow = await svc.request('PUT', `/operations/spacecraft/${sc}/lifecycle`, { key, json: { lifecycleStatus: 'Archived', confirmTaskDeletion: true } });
  assert.equal(archivedNow.status, 200);
  assert.equal((await svc.request('GET', `/operations/products/${productId}`, { key })).status, 404);
  assert.equal(await count('SELECT COUNT(*) AS n FROM product_chunks WHERE product_id = ?', productId), 0);
  assert.equal(await count('SELECT COUNT(*) AS n FROM task_runs WHERE task_id = ?', archived.id), 0);
  assert.equal((await svc.request('GET', `/operations/spacecraft/${sc}/tasks`, { key })).status, 200);
});

describe('a product named after a non-ASCII COSPAR id', () => {
  test('downloads with an ASCII filename and the whole name in filename* (RFC 6266), not a 500', async () => {
    // the COSPAR id names the file (`<object>_<time>.oem`); a character outside Latin-1 in a header made the runtime throw
    const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY, cosparId: '卫星-1"Ω' });
    await createStateVector(svc, key, ssoState(sc));
    clock = T0;
    const task = await createTask(svc.db, organizationId, sc, {
      name: 'oem unicode', kind: 'GENERATE_OEM', schedule: { type: 'ONCE', at: new Date(T0).toISOString() }, parameters: { durationSeconds: 3600 },
    } as never, T0);
    assert.equal(await runner.drain(), 1);
    const [productId] = await productIds(task.id);
    assert.ok(productId, 'the run stored its product');
    const response = await svc.request('GET', `/operations/products/${productId}/content`, { key });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    const disposition = response.headers.get('content-disposition')!;
    assert.equal(disposition, `attachment; filename="__-1__${'_'}20230308T070000Z.oem"; filename*=UTF-8''%E5%8D%AB%E6%98%9F-1%22%CE%A9_20230308T070000Z.oem`);
    // what a client that reads filename* gets back
    assert.equal(decodeURIComponent(disposition.split("UTF-8''")[1]!), '卫星-1"Ω_20230308T070000Z.oem');
  });
});
