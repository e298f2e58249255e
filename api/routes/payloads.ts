/** Payload routes (tag Payloads): /operations/spacecraft/{spacecraftId}/payloads[/{payloadId}]. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { created, entityTag, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag } from '../preconditions.ts';
import {
  PayloadCollectionPathSchema,
  PayloadListQuerySchema,
  PayloadPageSchema,
  PayloadPathSchema,
  PayloadRequestSchema,
  PayloadSchema,
} from '../schemas/payloads.ts';
import { createPayload, getPayload, listPayloadsOf, removePayload, replacePayloadOf } from '../services/payloads.ts';

const TAG = 'Payloads';
const COLLECTION = '/operations/spacecraft/{spacecraftId}/payloads';
const ITEM = '/operations/spacecraft/{spacecraftId}/payloads/{payloadId}';

const listRoute = createRoute({
  method: 'get',
  path: COLLECTION,
  tags: [TAG],
  summary: "List a spacecraft's payloads (paged; by slotIndex by default)",
  description: 'Permission read:spacecraft. Unknown spacecraft or another organization → 404.',
  security: SECURED,
  request: { params: PayloadCollectionPathSchema, query: PayloadListQuerySchema },
  responses: { 200: { description: 'A page of payloads of the craft', content: json(PayloadPageSchema) }, ...errorResponses(404) },
});

const createPayloadRoute = createRoute({
  method: 'post',
  path: COLLECTION,
  tags: [TAG],
  summary: 'Add a payload',
  description: 'slotIndex = highest slot ever assigned on the craft + 1 (first 0). Permission write:spacecraft.',
  security: SECURED,
  request: { params: PayloadCollectionPathSchema, body: { required: true, content: json(PayloadRequestSchema) } },
  responses: { 201: { description: 'The payload', headers: ETAG_HEADER, content: json(PayloadSchema) }, ...errorResponses(404, 415) },
});

const getRoute = createRoute({
  method: 'get',
  path: ITEM,
  tags: [TAG],
  summary: 'Read one payload',
  description: 'Permission read:spacecraft. Any miss (spacecraft, payload, another organization) is the same 404.',
  security: SECURED,
  request: { params: PayloadPathSchema },
  responses: { 200: { description: 'The payload', headers: ETAG_HEADER, content: json(PayloadSchema) }, ...errorResponses(404) },
});

const putRoute = createRoute({
  method: 'put',
  path: ITEM,
  tags: [TAG],
  summary: 'Replace a payload',
  description: 'Full replacement of the writable fields; slotIndex is kept. Permission write:spacecraft.',
  security: SECURED,
  request: { params: PayloadPathSchema, headers: IfMatchHeaderSchema, body: { required: true, content: json(PayloadRequestSchema) } },
  responses: { 200: { description: 'The payload', headers: ETAG_HEADER, content: json(PayloadSchema) }, ...errorResponses(404, 412, 415) },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: ITEM,
  tags: [TAG],
  summary: 'Remove a payload',
  description:
    'Its slot index stays as a gap and is never repacked or reused; any miss gives the same 404. Permission write:spacecraft.',
  security: SECURED,
  request: { params: PayloadPathSchema, headers: IfMatchHeaderSchema },
  responses: { 204: { description: 'Removed' }, ...errorResponses(404, 412) },
});

export function registerPayloadRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => {
    const page = await listPayloadsOf(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').spacecraftId, c.req.valid('query'));
    return c.json(page, 200);
  });

  app.openapi(createPayloadRoute, async (c) => {
    const { spacecraftId } = c.req.valid('param');
    const payload = await createPayload(c.get('deps').db, c.get('caller').organizationId, spacecraftId, c.req.valid('json'));
    return created(c.json(payload, 201), `/operations/spacecraft/${encodeURIComponent(spacecraftId)}/payloads/${payload.id}`, entityTag(payload));
  });

  app.openapi(getRoute, async (c) => {
    const { spacecraftId, payloadId } = c.req.valid('param');
    const payload = await getPayload(c.get('deps').db, c.get('caller').organizationId, spacecraftId, payloadId);
    return withEntityTag(c, entityTag(payload), c.json(payload, 200));
  });

  app.openapi(putRoute, async (c) => {
    const { spacecraftId, payloadId } = c.req.valid('param');
    const payload = await replacePayloadOf(c.get('deps').db, c.get('caller').organizationId, spacecraftId, payloadId, c.req.valid('json'), ifMatchOf(c));
    return withEntityTag(c, entityTag(payload), c.json(payload, 200));
  });

  app.openapi(deleteRoute, async (c) => {
    const { spacecraftId, payloadId } = c.req.valid('param');
    await removePayload(c.get('deps').db, c.get('caller').organizationId, spacecraftId, payloadId, ifMatchOf(c));
    return c.body(null, 204);
  });
}
