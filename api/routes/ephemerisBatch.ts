/** Batch OEM routes (tag Ephemeris Batches): /operations/ephemerides/batch[/{id}]. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { pageSchema } from '../http/paging.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { entityTag, REPRESENTATION_ETAG_HEADER, withEntityTag } from '../http/preconditions.ts';
import { BatchIdParam, BatchListQuery, BatchSchema } from '../schemas/ephemerisBatch.ts';
import { CreateBatchSchema, MAX_BATCH_ITEMS } from '../../domain/ephemerisBatch/request.ts';
import { batchView, cancelBatch, createBatch, getBatch, listBatchesPage } from '../services/products/ephemerisBatch.ts';

const TAG = 'Ephemeris Batches';
const COLLECTION = '/operations/ephemerides/batch';

const createRouteDef = createRoute({
  method: 'post', path: COLLECTION, tags: [TAG], security: SECURED,
  summary: `Generate up to ${MAX_BATCH_ITEMS} OEMs into one ZIP product (202, durable job)`,
  description:
    'Each item: a stored state (stateVectorId) or a spacecraft (its latest eligible state when the job runs), with the OEM options of ' +
    'generate-oem (batch-level defaults, per-item overrides). The job fans the items over every worker; an item that fails is reported ' +
    '(failures, manifest.csv) without failing the batch. Poll GET …/batch/{id}; the ZIP is GET /operations/products/{productId}/content. ' +
    'Permission read:ephemeris (the download needs read:products).',
  request: { body: { required: true, content: json(CreateBatchSchema) } },
  responses: { 202: { description: 'The queued batch (Location header)', content: json(BatchSchema) }, ...errorResponses(413, 415, 503) },
});

const listRoute = createRoute({
  method: 'get', path: COLLECTION, tags: [TAG], security: SECURED,
  summary: 'List batches (paged)', description: 'Sortable: createdAt (default desc), status. Permission read:ephemeris.',
  request: { query: BatchListQuery },
  responses: { 200: { description: 'A page of batches', content: json(pageSchema(BatchSchema, 'EphemerisBatchPage')) }, ...errorResponses() },
});

const getRouteDef = createRoute({
  method: 'get', path: `${COLLECTION}/{id}`, tags: [TAG], security: SECURED,
  summary: 'Batch status: progress, per-item errors, product', description: 'Permission read:ephemeris.',
  request: { params: BatchIdParam },
  responses: { 200: { description: 'The batch', headers: REPRESENTATION_ETAG_HEADER, content: json(BatchSchema) }, ...errorResponses(404) },
});

const cancelRoute = createRoute({
  method: 'delete', path: `${COLLECTION}/{id}`, tags: [TAG], security: SECURED,
  summary: 'Cancel a batch',
  description:
    'A queued batch is CANCELLED at once; a running one stops within about a second (its partial ZIP is deleted). A finished batch ' +
    'is 409 JOB_NOT_CANCELLABLE naming its status (the rule of every job). Permission read:ephemeris.',
  request: { params: BatchIdParam },
  responses: { 200: { description: 'The batch after the request', content: json(BatchSchema) }, ...errorResponses(404, 409) },
});

export function registerEphemerisBatchRoutes(app: OpenAPIHono<AppEnv>): void {
  // Documented from the schema, but validated on the pool (10,000 items of zod and epoch parsing would hold the
  // event loop for a good part of a second): the body is taken as text here.
  app.openAPIRegistry.registerPath(createRouteDef);
  app.post(COLLECTION, async (c) => {
    const deps = c.get('deps');
    const batch = await createBatch(deps, c.get('caller').organizationId, await c.req.text());
    deps.batchRunner?.wake();
    c.header('Location', `${COLLECTION}/${batch.id}`);
    return c.json(await batchView(deps.db, batch), 202);
  });

  app.openapi(listRoute, async (c) => c.json(await listBatchesPage(c.get('deps').db, c.get('caller').organizationId, c.req.valid('query')), 200));

  app.openapi(getRouteDef, async (c) => {
    const batch = await getBatch(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return withEntityTag(c, entityTag(batch), c.json(batch, 200));
  });

  app.openapi(cancelRoute, async (c) => c.json(await cancelBatch(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id), 200));
}
