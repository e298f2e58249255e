/**
 * Issue 15, contract deviations 3–5: a body where the contract says "no body", file names that cannot have been
 * stored, and the inspect part name. (Items 1 and 2 are in maneuvers.test.ts / maneuvers-ocm.test.ts.)
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';
import { createOk, createSpacecraft, maneuver, segment } from './maneuvers.helpers.ts';

/** A raw HTTP exchange (fetch cannot send a GET with a body; operators' tools can). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const framing = headers['Transfer-Encoding'] ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...framing, ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('contract deviations', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  let server: ServerType;
  let port: number;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { name: 'SAT-A' });
    await createOk(svc, key, [maneuver(craft, 'E1', [segment('2025-01-01T00:00:00Z', 10)])]);
    server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await svc.close();
  });

  test('3. GET export with a request body → 400 (the contract says no body), without a body → 200', async () => {
    const path = `/operations/maneuvers/export?spacecraftIds=${craft}&maneuverIds=E1`;
    const auth = { Authorization: `Bearer ${key}` };
    const withBody = await rawRequest(port, 'GET', path, { ...auth, 'Content-Type': 'application/json' }, '{"format":"OCM"}');
    assert.equal(withBody.status, 400);
    const body = JSON.parse(withBody.body);
    assert.equal(body.error, 'VALIDATION_ERROR');
    assert.match(body.fieldErrors.body, /must be absent/);
    assert.match(body.message, /GET \/operations\/maneuvers\/export takes no request body/);
    const chunked = await rawRequest(port, 'GET', path, { ...auth, 'Transfer-Encoding': 'chunked' }, 'x');
    assert.equal(chunked.status, 400, 'a chunked body counts too');
    const plain = await rawRequest(port, 'GET', path, auth, '');
    assert.equal(plain.status, 200);
    assert.match(plain.body, /CCSDS_OCM_VERS/);
  });

  test('3. the same rule for every bodiless operation (DELETE with a body → 400, nothing deleted)', async () => {
    const response = await svc.request('DELETE', `/operations/maneuvers/E1?spacecraftId=${craft}`, { key, json: { force: true } });
    assert.equal(response.status, 400);
    assert.equal((await svc.request('GET', `/operations/maneuvers/E1?spacecraftId=${craft}`, { key })).status, 200);
  });

  test('4. outliers/by-file refuses control characters and names longer than a stored file name (255)', async () => {
    for (const fileName of ['a\u0000b', 'pass\n.tdm', 'x'.repeat(256), ' ']) {
      const response = await svc.request('PATCH', '/operations/measurements/outliers/by-file', { key, json: { fileName, outlier: true } });
      assert.equal(response.status, 400, JSON.stringify(fileName.slice(0, 20)));
      const body = await response.json();
      assert.equal(body.error, 'VALIDATION_ERROR');
      assert.ok(body.fieldErrors.fileName, 'names the field');
    }
    const longest = await svc.request('PATCH', '/operations/measurements/outliers/by-file', { key, json: { fileName: 'x'.repeat(255), outlier: true } });
    assert.equal(longest.status, 200);
    assert.deepEqual(await longest.json(), { updatedCount: 0 });
    const hundredThousand = await svc.request('PATCH', '/operations/measurements/outliers/by-file', { key, json: { fileName: 'y'.repeat(100_000), outlier: false } });
    assert.equal(hundredThousand.status, 400);
    assert.match((await hundredThousand.json()).fieldErrors.fileName, /at most 255 characters/);
  });

  test('4. the same rule where names enter (upload) and for delete by file', async () => {
    const tdm = makeTdm({ participants: ['DSS-1', 'SAT-A'], start: '2026-11-01T00:00:00', count: 2 });
    const upload = await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'z'.repeat(300), content: tdm }]) });
    assert.equal(upload.status, 400);
    assert.ok((await upload.json()).fieldErrors['files.0']);
    const remove = await svc.request('DELETE', `/operations/measurements/by-file?spacecraftId=${craft}&file=${encodeURIComponent('a\u0001b')}`, { key });
    assert.equal(remove.status, 400);
    assert.ok((await remove.json()).fieldErrors.file);
  });

  test('5. inspect accepts the file in part `file` or `files` (one file either way)', async () => {
    const tdm = makeTdm({ participants: ['DSS-1', 'SAT-A'], start: '2026-11-01T00:00:00', count: 3 });
    for (const part of ['file', 'files']) {
      const response = await svc.request('POST', '/operations/measurements/inspect', { key, body: filesForm([{ name: 'a.tdm', content: tdm }], part) });
      assert.equal(response.status, 200, part);
      const body = await response.json();
      assert.equal(body.valid, true, part);
      assert.equal(body.measurementCount, 6, part);
    }
    const two = await svc.request('POST', '/operations/measurements/inspect', {
      key,
      body: filesForm([{ name: 'a.tdm', content: tdm }, { name: 'b.tdm', content: tdm }], 'files'),
    });
    assert.equal(two.status, 400);
    const none = await svc.request('POST', '/operations/measurements/inspect', { key, body: new FormData() });
    assert.equal(none.status, 400);
  });
});
