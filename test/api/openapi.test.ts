import { readFileSync } from 'node:fs';
/** OpenAPI 3.1 document generated from the route definitions, and the permission table. */
import { OPERATION_IDS } from '../../api/operationIds.ts';
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
      ['Service', 'State Vectors', 'Spacecraft', 'Thrusters', 'Payloads', 'Maneuvers', 'Measurements', 'Ground Stations', 'Orbit Determination', 'Tasks', 'Products', 'Ephemeris Batches', 'Events', 'Conjunctions', 'Conjunction Screenings', 'Webhooks', 'Change Feeds', 'Catalog'],
    );
    assert.deepEqual(doc.components.securitySchemes.apiKeyAuth, {
      type: 'http',
      scheme: 'bearer',
      description: doc.components.securitySchemes.apiKeyAuth.description,
    });
  });

  test('every operation has a stable operationId (unique, camelCase, a verb first) and a tag; every name of the table names an operation', () => {
    const seen = new Map<string, string>();
    const tagged = new Set(doc.tags.map((t: { name: string }) => t.name));
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        if (!op || typeof op !== 'object' || !('responses' in op)) continue;
        const where = `${method.toUpperCase()} ${path}`;
        assert.ok(typeof op.operationId === 'string', `${where} has an operationId`);
        assert.match(op.operationId, /^(get|list|create|update|replace|delete|set|upload|inspect|query|import|export|generate|compute|accept|cancel|download|send)[A-Z][A-Za-z0-9]*$/, `${where}: ${op.operationId}`);
        assert.equal(seen.get(op.operationId), undefined, `${op.operationId} names ${where} and ${seen.get(op.operationId)}`);
        seen.set(op.operationId, where);
        assert.ok(op.tags?.length === 1 && tagged.has(op.tags[0]), `${where} has one declared tag`);
      }
    }
    for (const [where, name] of Object.entries(OPERATION_IDS)) assert.equal(seen.get(name), where, `the table's ${name} names ${where}`);
    // and the docs page lists each, with its method and path
    const listed = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    for (const [name, where] of seen) {
      const [method, path] = where.split(' ');
      assert.ok(listed.includes(`| \`${name}\` | ${method} | \`${path}\` |`), `docs/operations.md lists ${name} (${where})`);
    }
    assert.ok(seen.size >= 89);
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
