/** The error envelope, correlation ids and generic HTTP errors. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';

/** Some /operations route whose request body is JSON, found from the OpenAPI document. */
async function jsonBodyRoute(svc: TestService): Promise<{ method: string; path: string }> {
  const doc = await (await svc.request('GET', '/openapi.json')).json();
  for (const [path, ops] of Object.entries<Record<string, { requestBody?: { content?: Record<string, unknown> } }>>(doc.paths)) {
    if (!path.startsWith('/operations') || path.includes('{')) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (op.requestBody?.content?.['application/json']) return { method: method.toUpperCase(), path };
    }
  }
  throw new Error('no JSON-body route registered');
}

function assertEnvelope(body: Record<string, unknown>, status: number, path: string): void {
  assert.equal(body.status, status);
  assert.equal(typeof body.timestamp, 'string');
  assert.ok(!Number.isNaN(Date.parse(body.timestamp as string)));
  assert.equal(typeof body.error, 'string');
  assert.equal(typeof body.message, 'string');
  assert.equal(body.path, path);
  assert.equal(typeof body.correlationId, 'string');
}

describe('errors and correlation ids', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await createTestService({ maxUploadBytes: 4096 });
    key = (await svc.key()).secret;
  });
  after(async () => svc.close());

  test('X-Correlation-Id is echoed when given, generated otherwise', async () => {
    const echoed = await svc.request('GET', '/health', { headers: { 'X-Correlation-Id': 'abc-123' } });
    assert.equal(echoed.headers.get('x-correlation-id'), 'abc-123');
    const generated = await svc.request('GET', '/health');
    assert.match(generated.headers.get('x-correlation-id') ?? '', /^[0-9a-f-]{36}$/);
    const unauthorized = await svc.request('GET', '/operations/spacecraft');
    assert.ok(unauthorized.headers.get('x-correlation-id'));
  });

  test('unknown route → 404 envelope', async () => {
    const res = await svc.request('GET', '/operations/nothing-here', { key });
    assert.equal(res.status, 404);
    assertEnvelope(await res.json(), 404, '/operations/nothing-here');
    assert.equal((await svc.request('GET', '/nothing')).status, 404);
  });

  test('known path, wrong method → 405 with Allow', async () => {
    const res = await svc.request('DELETE', '/health');
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET, HEAD');
    assertEnvelope(await res.json(), 405, '/health');
    assert.equal((await svc.request('HEAD', '/health')).status, 200, 'HEAD, as Allow says');
    const ops = await svc.request('DELETE', '/operations/spacecraft', { key });
    assert.equal(ops.status, 405);
  });

  test('malformed JSON → 400 VALIDATION_ERROR with fieldErrors', async () => {
    const { method, path } = await jsonBodyRoute(svc);
    const res = await svc.request(method, path, { key, body: '{"name": ', headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 400);
    const body = await res.json();
    assertEnvelope(body, 400, path);
    assert.equal(body.error, 'VALIDATION_ERROR');
    assert.ok(body.fieldErrors && Object.keys(body.fieldErrors).length > 0);
  });

  test('schema violation → 400 VALIDATION_ERROR naming the field', async () => {
    const { method, path } = await jsonBodyRoute(svc);
    const res = await svc.request(method, path, { key, json: [] });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.error, 'VALIDATION_ERROR');
    assert.ok(Object.keys(body.fieldErrors).length > 0);
  });

  test('unsupported content type → 415', async () => {
    const { method, path } = await jsonBodyRoute(svc);
    const res = await svc.request(method, path, { key, body: 'name=x', headers: { 'Content-Type': 'text/plain' } });
    assert.equal(res.status, 415);
    assertEnvelope(await res.json(), 415, path);
  });

  test('body over MAX_UPLOAD_BYTES → 413', async () => {
    const { method, path } = await jsonBodyRoute(svc);
    const big = JSON.stringify({ name: 'x'.repeat(10_000) });
    const res = await svc.request(method, path, { key, body: big, headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 413);
    assertEnvelope(await res.json(), 413, path);
  });

  test('unexpected failure → 500 "Internal Server Error" without a stack trace', async () => {
    const broken = await createTestService();
    const { secret } = await broken.key();
    await broken.jobRunner.stop();
    broken.db.close();
    const original = console.error;
    const logged: string[] = [];
    console.error = (line: string) => logged.push(line);
    try {
      const res = await broken.request('GET', '/operations/spacecraft', { key: secret, headers: { 'X-Correlation-Id': 'boom-1' } });
      assert.equal(res.status, 500);
      const body = await res.json();
      assertEnvelope(body, 500, '/operations/spacecraft');
      assert.equal(body.error, 'Internal Server Error');
      assert.doesNotMatch(JSON.stringify(body), /at .*\.ts:\d+|Error:/);
      assert.ok(logged.some((line) => line.includes('boom-1')), 'the failure is logged with the correlation id');
    } finally {
      console.error = original;
      // The database is already closed: the rest of the shutdown (audit flush) may fail; the listener and pool stop.
      await broken.close().catch(() => undefined);
      await broken.pool.close();
    }
  });
});
