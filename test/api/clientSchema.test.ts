/**
 * The generated client cannot drift from the API: its types (clients/typescript/schema.d.ts) are regenerated here
 * from the served GET /openapi.json with openapi-typescript's default settings and compared with the committed file.
 * And the document is one that default-settings generators type correctly: numbers and booleans in the
 * query typed as such, request fields with a default optional, nullable references expressible, no `unknown` bodies.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { CLIENT_SCHEMA_PATH, clientSchemaSource } from '../../scripts/clientSchema.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

type Json = Record<string, any>;

const SCHEMA_REF = '#/components/schemas/';

/** Names of the component schemas reachable from any request body (through $ref, transitively). */
function requestSchemaNames(doc: Json): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
        const name = child.slice(SCHEMA_REF.length);
        if (!names.has(name)) {
          names.add(name);
          visit(doc.components.schemas[name]);
        }
      } else visit(child);
    }
  };
  for (const item of Object.values<Json>(doc.paths)) for (const operation of Object.values<Json>(item)) visit(operation.requestBody);
  return names;
}

/** Every (pointer, schema object) under `value`. */
function* schemaObjects(value: unknown, pointer: string): Generator<[string, Json]> {
  if (Array.isArray(value)) {
    for (const [i, child] of value.entries()) yield* schemaObjects(child, `${pointer}/${i}`);
  } else if (value && typeof value === 'object') {
    yield [pointer, value as Json];
    for (const [key, child] of Object.entries(value)) yield* schemaObjects(child, `${pointer}/${key}`);
  }
}

describe('generated TypeScript client: committed types match the API', () => {
  let svc: TestService;
  let doc: Json;
  before(async () => {
    svc = await createTestService();
    doc = await (await svc.request('GET', '/openapi.json')).json();
  });
  after(async () => svc.close());

  test(`${CLIENT_SCHEMA_PATH} is what openapi-typescript (default settings) generates from GET /openapi.json`, async () => {
    const generated = await clientSchemaSource(doc);
    const committed = readFileSync(CLIENT_SCHEMA_PATH, 'utf8');
    if (generated !== committed) {
      const a = generated.split('\n');
      const b = committed.split('\n');
      const line = a.findIndex((text, i) => text !== b[i]);
      assert.fail(
        `${CLIENT_SCHEMA_PATH} is out of date: run \`npm run client:generate\` and commit it.\n` +
          `First difference at line ${line + 1}:\n  generated: ${a[line]}\n  committed: ${b[line]}`,
      );
    }
    // What a default-settings client gets wrong when the document is not written for it.
    assert.doesNotMatch(generated, /\| unknown\b/, 'no schema alternative typed unknown (it would make the whole type unknown)');
    assert.doesNotMatch(generated, /& \(Record<string, never> \| null\)/, 'no nullable reference typed as an intersection');
  });

  test('request schemas carry no `default` keyword: the defaults are in descriptions and applied by the service', () => {
    // openapi-typescript (defaultNonNullable, on by default) types a property with a `default` as required — in a
    // component schema even when it is only used in request bodies (openapi-ts/openapi-typescript#2012).
    const offending: string[] = [];
    for (const name of requestSchemaNames(doc)) {
      for (const [pointer, schema] of schemaObjects(doc.components.schemas[name], `${SCHEMA_REF}${name}`)) {
        for (const [property, value] of Object.entries<Json>(schema.properties ?? {})) {
          if (value && typeof value === 'object' && 'default' in value) offending.push(`${pointer}/properties/${property}`);
        }
      }
    }
    assert.deepEqual(offending, []);
    assert.deepEqual(doc.components.schemas.GenerateOemRequest.required, ['initialDate', 'finalDate']);
  });

  test('query parameters: page and size are integers, flags are booleans', () => {
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        for (const parameter of (operation.parameters ?? []) as Json[]) {
          if (parameter.in !== 'query') continue;
          const where = `${method.toUpperCase()} ${path} ?${parameter.name}`;
          if (parameter.name === 'page' || parameter.name === 'size') {
            assert.equal(parameter.schema.type, 'integer', where);
            assert.equal(parameter.schema.minimum, parameter.name === 'page' ? 0 : 1, where);
          }
          const values = parameter.schema.enum as unknown[] | undefined;
          assert.ok(!(values && values.length === 2 && values.includes('true') && values.includes('false')), `${where} is a boolean, typed as a string enum`);
        }
      }
    }
    const flag = (path: string, method: string, name: string) => (doc.paths[path][method].parameters as Json[]).find((p) => p.name === name)!.schema.type;
    assert.equal(flag('/operations/spacecraft', 'get', 'includeArchived'), 'boolean');
    assert.equal(flag('/operations/ground-stations/{id}', 'delete', 'force'), 'boolean');
    assert.equal(flag('/operations/measurements', 'post', 'allowDuplicate'), 'boolean');
  });

  test('no nullable reference written as allOf [X, object|null] (no null satisfies it)', () => {
    const offending: string[] = [];
    for (const [pointer, schema] of schemaObjects(doc, '#')) {
      if (!Array.isArray(schema.allOf)) continue;
      if (schema.allOf.some((part: Json) => Array.isArray(part?.type) && part.type.includes('null'))) offending.push(pointer);
    }
    assert.deepEqual(offending, []);
    assert.deepEqual(doc.components.schemas.OrbitDeterminationSolutionProduct.properties.acceptedStateVector, {
      anyOf: [{ $ref: `${SCHEMA_REF}StateVector` }, { type: 'null' }],
    });
  });

  test('maneuver names: the limits of create (63, the permanent maneuverId) and PUT (255) are in the schema', () => {
    const schemas = doc.components.schemas;
    assert.equal(schemas.CreateManeuver.properties.name.maxLength, 63);
    assert.equal(schemas.UpdateManeuverRequest.properties.name.maxLength, 255);
    assert.equal(schemas.CreateManeuver.properties.name.minLength, 1);
  });
});
