/** Webhook routes (tag Webhooks): /operations/webhooks[/{id}[/deliveries | /test]]. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { CHANGE_EVENT_TYPES } from '../../domain/changes/model.ts';
import { WEBHOOK_MAX_ATTEMPTS } from '../../domain/changes/delivery.ts';
import { DELIVERY_SORT_COLUMNS, WEBHOOK_SORT_COLUMNS } from '../../storage/webhooks.ts';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { parsePageable } from '../http/paging.ts';
import {
  WebhookCreatedSchema,
  WebhookCreateSchema,
  WebhookDeliveryPageSchema,
  WebhookListQuerySchema,
  WebhookPageSchema,
  WebhookPatchSchema,
  WebhookPathSchema,
  WebhookSchema,
  WebhookTestResponseSchema,
} from '../schemas/webhooks.ts';
import { createWebhook, getWebhook, listWebhooks, patchWebhook, removeWebhook, sendTestEvent, webhookDeliveries } from '../services/changes/webhooks.ts';

const TAG = ['Webhooks'];
const COLLECTION = '/operations/webhooks';
const ITEM = '/operations/webhooks/{id}';

const createRouteDef = createRoute({
  method: 'post', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'Subscribe a URL to change events',
  description:
    `Event types: ${CHANGE_EVENT_TYPES.join(', ')}. Each delivery is a POST of {type, timestamp, data} signed as the Standard ` +
    'Webhooks specification says (headers webhook-id, webhook-timestamp, webhook-signature; verify with any Standard Webhooks ' +
    'library and the secret of this answer — shown only here). At least once: retried with exponential backoff and jitter ' +
    `(WEBHOOK_RETRY_BASE_MS) up to ${WEBHOOK_MAX_ATTEMPTS} attempts; any 2xx is delivered, a 3xx is a failure (redirects are not followed); ` +
    'the subscription is disabled after WEBHOOK_DISABLE_AFTER failed attempts in a row. 422 WEBHOOK_TARGET_REFUSED (fieldErrors.url) ' +
    'for a loopback, private, link-local, unique-local or multicast target unless WEBHOOK_ALLOW_PRIVATE=true. Permission write:webhooks.',
  request: { body: { required: true, content: json(WebhookCreateSchema) } },
  responses: { 201: { description: 'The subscription, with its signing secret (shown once)', content: json(WebhookCreatedSchema) }, ...errorResponses(415, 422) },
});

const listRouteDef = createRoute({
  method: 'get', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'List the organization’s webhook subscriptions (paged; without secrets)',
  description: `Default sort createdAt,asc; sortable ${Object.keys(WEBHOOK_SORT_COLUMNS).join(', ')}. Permission read:webhooks.`,
  request: { query: WebhookListQuerySchema },
  responses: { 200: { description: 'Page of subscriptions', content: json(WebhookPageSchema) }, ...errorResponses() },
});

const getRouteDef = createRoute({
  method: 'get', path: ITEM, tags: TAG, security: SECURED,
  summary: 'One webhook subscription',
  description: 'enabled, consecutiveFailures, and disabledReason when the service disabled it. Another organization’s is 404. Permission read:webhooks.',
  request: { params: WebhookPathSchema },
  responses: { 200: { description: 'The subscription', content: json(WebhookSchema) }, ...errorResponses(404) },
});

const patchRouteDef = createRoute({
  method: 'patch', path: ITEM, tags: TAG, security: SECURED,
  summary: 'Change a webhook subscription (URL, event types, description, enabled)',
  description: 'enabled=true enables a disabled subscription again (its failure count starts afresh). A new URL is checked as on create (422). Permission write:webhooks.',
  request: { params: WebhookPathSchema, body: { required: true, content: json(WebhookPatchSchema) } },
  responses: { 200: { description: 'The subscription', content: json(WebhookSchema) }, ...errorResponses(404, 415, 422) },
});

const deleteRouteDef = createRoute({
  method: 'delete', path: ITEM, tags: TAG, security: SECURED,
  summary: 'Delete a webhook subscription and its delivery log',
  description: 'Queued deliveries are not attempted. Permission write:webhooks.',
  request: { params: WebhookPathSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404) },
});

const deliveriesRouteDef = createRoute({
  method: 'get', path: `${ITEM}/deliveries`, tags: TAG, security: SECURED,
  summary: 'The delivery log of a subscription (paged)',
  description: `Per delivery: status, attempts, last status code and error, times, the body. Default sort createdAt,desc; sortable ${Object.keys(DELIVERY_SORT_COLUMNS).join(', ')}. Permission read:webhooks.`,
  request: { params: WebhookPathSchema, query: WebhookListQuerySchema },
  responses: { 200: { description: 'Page of deliveries', content: json(WebhookDeliveryPageSchema) }, ...errorResponses(404) },
});

const testRouteDef = createRoute({
  method: 'post', path: `${ITEM}/test`, tags: TAG, security: SECURED,
  summary: 'Send a test event (webhook.test) to this subscription only',
  description: 'Queued at once and delivered, signed and retried like any event (also to a disabled subscription, to check a receiver before enabling it again); follow it in the delivery log. Permission write:webhooks.',
  request: { params: WebhookPathSchema },
  responses: { 202: { description: 'The queued test delivery', content: json(WebhookTestResponseSchema) }, ...errorResponses(404) },
});

export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(createRouteDef, async (c) => {
    const created = await createWebhook(c.get('deps'), c.get('caller').organizationId, c.req.valid('json'));
    c.header('Location', `${COLLECTION}/${created.id}`);
    return c.json(created as never, 201);
  });

  app.openapi(listRouteDef, async (c) => {
    const page = parsePageable(c.req.valid('query'), Object.keys(WEBHOOK_SORT_COLUMNS), [{ field: 'createdAt', direction: 'asc' }]);
    return c.json((await listWebhooks(c.get('deps').db, c.get('caller').organizationId, page)) as never, 200);
  });

  app.openapi(getRouteDef, async (c) => c.json((await getWebhook(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id)) as never, 200));

  app.openapi(patchRouteDef, async (c) =>
    c.json((await patchWebhook(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id, c.req.valid('json'))) as never, 200));

  app.openapi(deleteRouteDef, async (c) => {
    await removeWebhook(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(deliveriesRouteDef, async (c) => {
    const page = parsePageable(c.req.valid('query'), Object.keys(DELIVERY_SORT_COLUMNS), [{ field: 'createdAt', direction: 'desc' }]);
    return c.json((await webhookDeliveries(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, page)) as never, 200);
  });

  app.openapi(testRouteDef, async (c) => c.json((await sendTestEvent(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id)) as never, 202));
}
