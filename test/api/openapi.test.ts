/** OpenAPI 3.1 document generated from the route definitions, and the permission table (issue 2 §9). */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ROUTE_PERMISSIONS, toHonoPath } from '../../api/permissions.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

describe('OpenAPI', () => {
  let svc: TestService;
  let doc: Record<string, any>;
  before(async () => {
    svc = await createTestService();
    doc = await (await svc.request('GET', '/openapi.json')).json();
  });
  after(async () => svc.close());

  test('document metadata, tags, bearer scheme and extension key', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    assert.equal(doc.info['x-apsis-maneuver-api-version'], '2.0.0');
    assert.deepEqual(
      doc.tags.map((t: { name: string }) => t.name),
      ['State Vectors', 'Spacecraft', 'Thrusters', 'Payloads', 'Maneuvers', 'Measurements', 'Ground Stations', 'Orbit Determination', 'Tasks', 'Products', 'Ephemeris Batches', 'Events', 'Conjunctions', 'Conjunction Screenings', 'Catalog'],
    );
    assert.deepEqual(doc.components.securitySchemes.apiKeyAuth, {
      type: 'http',
      scheme: 'bearer',
      description: doc.components.securitySchemes.apiKeyAuth.description,
    });
  });

  test('every registered route is documented; every /operations operation is secured and has a permission', () => {
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        documented.add(`${method.toUpperCase()} ${toHonoPath(path)}`);
        if (path.startsWith('/operations')) {
          assert.deepEqual(op.security, [{ apiKeyAuth: [] }], `${method} ${path} is secured`);
          assert.ok(ROUTE_PERMISSIONS[`${method.toUpperCase()} ${path}`], `${method} ${path} has a permission`);
          assert.ok(op.tags?.length === 1, `${method} ${path} has one tag`);
        }
      }
    }
    for (const route of svc.app.routes) {
      // The documents themselves (/openapi.json, /openapi/maneuvers.json, /docs) are not operations.
      if (route.method === 'ALL' || route.path.startsWith('/openapi') || route.path === '/docs' || route.path.startsWith('/docs/')) continue;
      assert.ok(documented.has(`${route.method} ${route.path}`), `${route.method} ${route.path} is in the OpenAPI document`);
    }
  });

  test('interactive docs at /docs', async () => {
    const res = await svc.request('GET', '/docs');
    assert.equal(res.status, 200);
    assert.match(await res.text(), /swagger/i);
  });
});
