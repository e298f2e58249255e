/**
 * Examples in the OpenAPI document: the operations whose body is not obvious — uploads, screenings,
 * orbit determination, batch and single OEM generation, residuals, settings, tasks, webhooks, change feeds — carry a
 * request example (their JSON or multipart body) and, where listed, a response example (on the media type or on its
 * schema); every example of the document, wherever it is (media types and component schemas), validates against its
 * schema. A listed operation without one fails here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OpenApiContract } from '../helpers/openapiContract.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

type Json = Record<string, any>;

const NEEDS_REQUEST_EXAMPLE = [
  'POST /operations/conjunctions/screenings',
  'POST /operations/orbit-determinations',
  'POST /operations/ephemerides/batch',
  'POST /operations/state-vectors/{id}/generate-oem',
  'POST /operations/measurements/residuals',
  'PUT /operations/conjunctions/settings',
  'POST /operations/spacecraft/{spacecraftId}/tasks',
  'POST /operations/conjunctions/cdms',
  'POST /operations/catalog',
  'POST /operations/measurements',
  'POST /operations/webhooks',
  'PATCH /operations/webhooks/{id}',
];

/** Operation → the success status whose JSON body must show an example. */
const NEEDS_RESPONSE_EXAMPLE: Record<string, string> = {
  'POST /operations/webhooks': '201',
  'GET /operations/webhooks/{id}': '200',
  'GET /operations/webhooks/{id}/deliveries': '200',
  'GET /operations/conjunctions/changes': '200',
  'GET /operations/conjunctions/cdms/changes': '200',
  'GET /operations/conjunctions/screenings/changes': '200',
  'POST /operations/conjunctions/screenings': '202',
  'GET /operations/conjunctions/screenings/{id}': '200',
  'POST /operations/orbit-determinations': '202',
  'GET /operations/orbit-determinations/{id}': '200',
  'POST /operations/measurements': '202',
  'POST /operations/catalog': '200',
  'POST /operations/conjunctions/cdms': '200',
};

describe('OpenAPI examples', () => {
  let svc: TestService;
  let doc: Json;
  let contract: OpenApiContract;
  before(async () => {
    svc = await createTestService();
    doc = await (await svc.request('GET', '/openapi.json')).json();
    contract = new OpenApiContract(doc);
  });
  after(async () => svc.close());

  const operation = (key: string): Json => {
    const [method, path] = key.split(' ') as [string, string];
    const found = doc.paths[path]?.[method.toLowerCase()];
    assert.ok(found, `${key} is an operation of the document`);
    return found;
  };
  /** The example a media type shows: its own, or its schema's (a component's, through $ref). */
  const exampleOf = (media: Json): unknown => {
    if (media.example !== undefined) return media.example;
    const schema = media.schema?.$ref ? doc.components.schemas[String(media.schema.$ref).split('/').pop()!] : media.schema;
    return schema?.example;
  };

  test('every listed operation shows a request example', () => {
    for (const key of NEEDS_REQUEST_EXAMPLE) {
      const content = operation(key).requestBody?.content as Record<string, Json> | undefined;
      assert.ok(content, `${key} has a request body`);
      const media = Object.values(content)[0]!;
      assert.notEqual(exampleOf(media), undefined, `${key}: its request body shows an example (api/examples.ts or its schema)`);
    }
  });

  test('every listed operation shows a response example', () => {
    for (const [key, status] of Object.entries(NEEDS_RESPONSE_EXAMPLE)) {
      const media = operation(key).responses[status]?.content?.['application/json'];
      assert.ok(media, `${key} answers ${status} with JSON`);
      assert.notEqual(exampleOf(media), undefined, `${key}: its ${status} shows an example`);
    }
  });

  test('every example of the document validates against its schema', () => {
    let checked = 0;
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        if (!op || typeof op !== 'object' || !('responses' in op)) continue;
        const medias: Array<[string, Json]> = [
          ...Object.entries<Json>(op.requestBody?.content ?? {}).map(([type, media]) => [`${method.toUpperCase()} ${path} request ${type}`, media] as [string, Json]),
          ...Object.entries<Json>(op.responses).flatMap(([status, response]) =>
            Object.entries<Json>(response?.content ?? {}).map(([type, media]) => [`${method.toUpperCase()} ${path} ${status} ${type}`, media] as [string, Json])),
        ];
        for (const [where, media] of medias) {
          if (media.example === undefined || !media.schema) continue;
          assert.deepEqual(contract.problemsOf(media.schema, media.example), [], `${where}: its example`);
          checked++;
        }
      }
    }
    for (const [name, schema] of Object.entries<Json>(doc.components.schemas)) {
      if (schema.example === undefined) continue;
      const { example, ...rest } = schema;
      assert.deepEqual(contract.problemsOf(rest, example), [], `components.schemas.${name}: its example`);
      checked++;
    }
    assert.ok(checked >= NEEDS_REQUEST_EXAMPLE.length + 4, `${checked} examples checked`);
  });
});
