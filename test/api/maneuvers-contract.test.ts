/** Stored maneuvers: retired 1.0.0 routes (Versioning §2) and the contract metadata in OpenAPI. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';
import { createOk, createSpacecraft, maneuver, segment } from './maneuvers.helpers.ts';

type Operation = Record<string, unknown> & { operationId?: string; tags?: string[] };
type Paths = Record<string, Record<string, Operation>>;

const MANEUVER_OPERATIONS = [
  'get /operations/maneuvers',
  'post /operations/maneuvers',
  'get /operations/maneuvers/export',
  'post /operations/maneuvers/import',
  'post /operations/maneuvers/import/inspect',
  'get /operations/maneuvers/{maneuverId}',
  'put /operations/maneuvers/{maneuverId}',
  'delete /operations/maneuvers/{maneuverId}',
];

function operations(paths: Paths): string[] {
  return Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
}

describe('stored maneuvers: retired routes', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key);
    await createOk(svc, key, [maneuver(craft, 'R1', [segment('2025-01-01T00:00:00Z', 10)])]);
  });
  after(async () => svc.close());

  test('POST /operations/maneuvers/export → 405 (GET export replaces it)', async () => {
    const response = await svc.request('POST', '/operations/maneuvers/export', { key, json: { maneuverIds: ['R1'], format: 'OCM' } });
    assert.equal(response.status, 405);
    assert.ok(response.headers.get('allow')!.split(', ').includes('GET'));
    assert.ok(!response.headers.get('allow')!.split(', ').includes('POST'));
  });

  test('/operations/maneuvers/{id}/export → 404 for every method', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await svc.request(method, `/operations/maneuvers/R1/export?spacecraftId=${craft}`, { key });
      assert.equal(response.status, 404, method);
    }
  });

  test('/api/v1/... and /v1/... maneuver routes → 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/maneuvers'],
      ['POST', '/api/v1/maneuvers'],
      ['GET', '/api/v1/maneuvers/R1'],
      ['POST', '/api/v1/maneuvers/import'],
      ['POST', '/api/v1/maneuvers/export'],
      ['GET', '/v1/maneuvers'],
      ['GET', '/v1/maneuvers/R1'],
      ['POST', '/v1/maneuvers/import'],
      ['GET', '/api/v1/operations/maneuvers'],
      ['GET', '/v1/operations/maneuvers'],
    ] as const) {
      const response = await svc.request(method, path, { key });
      assert.equal(response.status, 404, `${method} ${path}`);
    }
  });

  test('no /projections/refresh, no report-file, no /{maneuverId}/report-epoch', async () => {
    for (const [method, path] of [
      ['POST', '/operations/maneuvers/projections/refresh'],
      ['GET', '/operations/maneuvers/projections/refresh'],
      ['POST', `/operations/maneuvers/R1/report-epoch?spacecraftId=${craft}`],
      ['PUT', `/operations/maneuvers/R1/report-epoch?spacecraftId=${craft}`],
      ['POST', '/operations/maneuvers/report-file/upload'],
      ['POST', '/api/v1/maneuvers/report-file'],
    ] as const) {
      const response = await svc.request(method, path, { key });
      assert.equal(response.status, 404, `${method} ${path}`);
    }
    // /operations/maneuvers/report-file is only the path of a maneuver named "report-file": no POST operation exists
    const reportFile = await svc.request('POST', '/operations/maneuvers/report-file', { key });
    assert.equal(reportFile.status, 405);
    assert.ok(!reportFile.headers.get('allow')!.split(', ').includes('POST'));
    assert.equal((await svc.request('GET', `/operations/maneuvers/report-file?spacecraftId=${craft}`, { key })).status, 404);
  });

  test('the full document describes none of the retired routes', async () => {
    const document = await (await svc.request('GET', '/openapi.json')).json();
    for (const path of Object.keys(document.paths)) {
      assert.ok(!/\/v1\/|report-file|report-epoch|projections|\{maneuverId\}\/export/.test(path), path);
    }
    assert.ok(!('post' in document.paths['/operations/maneuvers/export']));
  });
});

describe('stored maneuvers: OpenAPI contract metadata', () => {
  let svc: TestService;
  before(async () => {
    svc = await createTestService();
  });
  after(async () => svc.close());

  test('every maneuver operation carries x-apsis-contract-version 2.0.0; one export operation exportOperationsManeuvers', async () => {
    const document = await (await svc.request('GET', '/openapi.json')).json();
    assert.equal(document.info.version, '1.0.0');
    assert.equal(document.info['x-apsis-maneuver-api-version'], '2.0.0');
    const paths = document.paths as Paths;
    for (const key of MANEUVER_OPERATIONS) {
      const [method, path] = key.split(' ') as [string, string];
      const operation = paths[path]?.[method];
      assert.ok(operation, key);
      assert.equal(operation['x-apsis-contract-version'], '2.0.0', key);
      assert.deepEqual(operation.tags, ['Maneuvers'], key);
    }
    const exportIds = Object.values(paths).flatMap((item) => Object.values(item)).filter((op) => op.operationId === 'exportOperationsManeuvers');
    assert.equal(exportIds.length, 1);
    assert.equal(paths['/operations/maneuvers/export']!.get!.operationId, 'exportOperationsManeuvers');
    const exportContent = Object.keys((paths['/operations/maneuvers/export']!.get!.responses as Record<string, { content: object }>)['200']!.content);
    assert.deepEqual(exportContent.sort(), ['application/zip', 'text/plain']);
    // other tags' operations do not carry the maneuver contract version
    for (const [key, operation] of Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([m, op]) => [`${m} ${path}`, op] as const))) {
      if (!MANEUVER_OPERATIONS.includes(key)) assert.equal(operation['x-apsis-contract-version'], undefined, key);
    }
  });

  test('GET /openapi/maneuvers.json (no auth): only the maneuver operations, info.version 2.0.0, resolvable refs', async () => {
    const response = await svc.request('GET', '/openapi/maneuvers.json');
    assert.equal(response.status, 200);
    const contract = await response.json();
    assert.equal(contract.info.version, '2.0.0');
    assert.match(contract.openapi, /^3\.1/);
    assert.deepEqual(operations(contract.paths).sort(), [...MANEUVER_OPERATIONS].sort());
    const full = await (await svc.request('GET', '/openapi.json')).json();
    assert.deepEqual(contract.paths['/operations/maneuvers/export'], full.paths['/operations/maneuvers/export'], 'filtered, not rewritten');
    const refs = JSON.stringify(contract).match(/#\/components\/schemas\/[A-Za-z0-9_.-]+/g) ?? [];
    assert.ok(refs.length > 0);
    for (const ref of refs) assert.ok(ref.slice('#/components/schemas/'.length) in contract.components.schemas, ref);
    assert.ok('Maneuver' in contract.components.schemas);
    assert.ok(!('Spacecraft' in contract.components.schemas), 'schemas of other resources are left out');
    assert.ok('apiKeyAuth' in contract.components.securitySchemes);
  });
});
