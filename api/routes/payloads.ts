/** Payload routes (tag Payloads): /operations/spacecraft/{spacecraftId}/payloads[/{payloadId}]. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { PayloadListQuerySchema, PayloadPageSchema, PayloadRequestSchema, PayloadSchema } from '../schemas/payloads.ts';
import { createPayload, getPayload, listPayloadsOf, removePayload, replacePayloadOf } from '../services/spacecraft/payloads.ts';
import { registerSpacecraftSubResource } from './spacecraftSubResource.ts';

export function registerPayloadRoutes(app: OpenAPIHono<AppEnv>): void {
  registerSpacecraftSubResource(app, {
    tag: 'Payloads',
    plural: 'payloads',
    singular: 'payload',
    idParam: 'payloadId',
    defaultOrder: 'by slotIndex',
    descriptions: {
      create: 'slotIndex = highest slot ever assigned on the craft + 1 (first 0). Permission write:spacecraft.',
      replace: 'Full replacement of the writable fields; slotIndex is kept. Permission write:spacecraft.',
      remove: 'Its slot index stays as a gap and is never repacked or reused; any miss gives the same 404. Permission write:spacecraft.',
    },
    removeErrors: [404, 412],
    schemas: { item: PayloadSchema, page: PayloadPageSchema, request: PayloadRequestSchema, listQuery: PayloadListQuerySchema },
    service: { list: listPayloadsOf, create: createPayload, get: getPayload, replace: replacePayloadOf, remove: removePayload },
  });
}
