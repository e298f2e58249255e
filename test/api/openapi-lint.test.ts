/**
 * The OpenAPI documents are exact: linted by Redocly's OpenAPI linter (@redocly/openapi-core,
 * the engine of `redocly lint`, "recommended" rules) with zero errors, and the facts the contract fixes are in them.
 * (Every real response is checked against the document by the test harness: test/helpers/openapiContract.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestService, type TestService } from '../helpers/service.ts';

type Json = Record<string, any>;

async function lint(document: Json, name: string) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: name, config });
  const format = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`;
  return { errors: problems.filter((p) => p.severity === 'error').map(format), warnings: problems.filter((p) => p.severity === 'warn').map(format) };
}

describe('OpenAPI documents: lint and contract facts', () => {
  let svc: TestService;
  let doc: Json;
  before(async () => {
    svc = await createTestService();
    doc = await (await svc.request('GET', '/openapi.json')).json();
  });
  after(async () => svc.close());

  test('/openapi.json: zero lint errors (Redocly recommended rules)', async () => {
    const { errors, warnings } = await lint(doc, 'openapi.json');
    assert.deepEqual(errors, []);
    if (warnings.length > 0) console.log(`# /openapi.json: ${warnings.length} lint warnings (not errors), e.g. ${warnings[0]}`);
  });

  test('/openapi/maneuvers.json (the standalone maneuver contract): zero lint errors', async () => {
    const maneuvers = await (await svc.request('GET', '/openapi/maneuvers.json')).json();
    assert.deepEqual((await lint(maneuvers, 'maneuvers.json')).errors, []);
  });

  test('servers, and /health is declared with optional security (anonymous, or the bearer key for its details)', () => {
    assert.ok(Array.isArray(doc.servers) && doc.servers.length > 0);
    assert.deepEqual(doc.paths['/health'].get.security, [{}, { apiKeyAuth: [] }]);
  });

  test('401 is documented as it really is: bearer-error body or empty, always WWW-Authenticate; 500 everywhere', () => {
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      if (!path.startsWith('/operations')) continue;
      for (const [method, operation] of Object.entries<Json>(item)) {
        const unauthorized = operation.responses['401'];
        assert.equal(unauthorized.content['application/json'].schema.$ref, '#/components/schemas/BearerError', `${method} ${path}`);
        assert.equal(unauthorized.headers['WWW-Authenticate'].required, true);
        assert.equal(unauthorized['x-apsis-body-optional'], true);
        assert.ok(operation.responses['500'], `${method} ${path} documents 500`);
        if (operation.requestBody) assert.ok(operation.responses['413'] && operation.responses['415'], `${method} ${path} documents 413/415`);
      }
    }
    assert.deepEqual(doc.components.schemas.BearerError.required.sort(), ['error', 'error_description']);
  });

  test('parameters the contract requires are required; jobId and X-Content-Hash are declared; upload forms require files', () => {
    const parameter = (path: string, method: string, name: string) =>
      (doc.paths[path][method].parameters as Json[]).find((p) => p.name === name);
    for (const name of ['spacecraftIds', 'startDate', 'endDate']) assert.equal(parameter('/operations/maneuvers', 'get', name)?.required, true, name);
    assert.equal(parameter('/operations/state-vectors/latest', 'get', 'spacecraftId')?.required, true);
    assert.equal(parameter('/operations/spacecraft/{spacecraftId}/tle', 'get', 'epoch')?.required, true);
    for (const name of ['startDate', 'endDate']) assert.equal(parameter('/operations/measurements', 'get', name)?.required, true, name);
    assert.equal(parameter('/operations/measurements/jobs/{jobId}', 'get', 'jobId')?.in, 'path');
    assert.equal(parameter('/operations/measurements', 'post', 'X-Content-Hash')?.in, 'header');
    const form = (path: string) => {
      const schema = doc.paths[path].post.requestBody.content['multipart/form-data'].schema;
      return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    };
    assert.deepEqual(form('/operations/measurements').required, ['files']);
    assert.deepEqual(form('/operations/maneuvers/import').required, ['files']);
    assert.deepEqual(form('/operations/state-vectors/import').required, ['files']);
    // Exactly one of the two parts (the service answers 400 otherwise), each alternative a whole object schema.
    assert.deepEqual(form('/operations/measurements/inspect').oneOf.map((s: Json) => s.required), [['file'], ['files']]);
  });

  test('instants are documented in their one printed form (record timestamps ms, data epochs µs)', () => {
    const schemas = doc.components.schemas;
    assert.match(schemas.Spacecraft.properties.createdAt.pattern, /\{3\}Z\$$/);
    assert.match(schemas.Measurement.properties.epoch.pattern, /\{6\}Z\$$/);
    assert.match(schemas.StateVector.properties.epoch.pattern, /\{6\}Z\$$/);
    assert.match(schemas.ErrorEnvelope.properties.timestamp.pattern, /\{3\}Z\$$/);
  });
});
