/**
 * Webhook subscription and delivery schemas (validation + OpenAPI). The URL's address rules (no
 * loopback or private targets without WEBHOOK_ALLOW_PRIVATE) need the configuration and live in api/services/changes/webhooks.ts,
 * whose 422 names the field `url`.
 */
import { z } from '@hono/zod-openapi';
import { CHANGE_EVENT_TYPES } from '../../domain/changes/model.ts';
import { RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageObject, pageSchema } from '../http/paging.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../net/webhookTarget.ts';
import { safeText } from './limits.ts';
import { JOB_STATUSES } from '../../domain/jobs/model.ts';

const EventTypeSchema = z.enum(CHANGE_EVENT_TYPES).openapi({ description: 'A change event type (README → Webhooks)' });

const eventTypes = z
  .array(EventTypeSchema)
  .min(1, 'must name at least one event type')
  .max(CHANGE_EVENT_TYPES.length, `at most ${CHANGE_EVENT_TYPES.length} event types`)
  .refine((types) => new Set(types).size === types.length, 'must not repeat an event type')
  .openapi({ description: 'The event types delivered to this subscription', example: ['conjunction.created', 'conjunction.risk_changed'] });

const url = z.string().min(1, 'is required').max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`).openapi({
  description: 'Where deliveries are POSTed (https or http). Loopback, private, link-local, unique-local and multicast targets are refused (422) unless the administrator sets WEBHOOK_ALLOW_PRIVATE=true; redirects are never followed.',
  example: 'https://oncall.example.org/hooks/apsis',
});

const description = safeText(200).nullable().optional().openapi({ description: 'A note for people (at most 200 characters)', example: 'on-call pager' });

export const WebhookCreateSchema = z
  .object({ url, eventTypes, description, enabled: z.boolean().optional().openapi({ description: 'Default true' }) })
  .openapi('WebhookCreateRequest', {
    example: { url: 'https://oncall.example.org/hooks/apsis', eventTypes: ['conjunction.created', 'conjunction.risk_changed', 'screening.finished'], description: 'on-call pager' },
  });

export const WebhookPatchSchema = z
  .object({
    url: url.optional(),
    eventTypes: eventTypes.optional(),
    description,
    enabled: z.boolean().optional().openapi({ description: 'false pauses deliveries; true enables again (the failure count starts afresh, disabledReason is cleared)' }),
  })
  .openapi('WebhookPatchRequest', { example: { enabled: true } });

const subscriptionFields = {
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  consecutiveFailures: z.number().int().openapi({ description: 'Failed attempts in a row; at WEBHOOK_DISABLE_AFTER the subscription is disabled' }),
  disabledReason: z.string().nullable().openapi({ description: 'Why the service disabled it (null: enabled, or paused by a client)' }),
  createdAt: RecordTimestampSchema,
  updatedAt: RecordTimestampSchema,
};

const EXAMPLE_SUBSCRIPTION = {
  id: '6f1c2f52-57d4-4c0a-9d51-0c8a3c2b7e11',
  url: 'https://oncall.example.org/hooks/apsis',
  description: 'on-call pager',
  eventTypes: ['conjunction.created', 'conjunction.risk_changed', 'screening.finished'],
  enabled: true,
  consecutiveFailures: 0,
  disabledReason: null,
  createdAt: '2026-12-02T06:00:00.000Z',
  updatedAt: '2026-12-02T06:00:00.000Z',
};

const EXAMPLE_DELIVERY = {
  id: 'msg_4c1f0e7a9b2d4e6f8a1b3c5d7e9f0a12',
  subscriptionId: '6f1c2f52-57d4-4c0a-9d51-0c8a3c2b7e11',
  eventType: 'conjunction.created',
  status: 'SUCCEEDED',
  attempts: 3,
  maxAttempts: 8,
  lastStatusCode: 200,
  lastError: null,
  lastAttemptAt: '2026-12-02T06:00:12.417Z',
  nextAttemptAt: null,
  createdAt: '2026-12-02T06:00:00.000Z',
  updatedAt: '2026-12-02T06:00:12.417Z',
  finishedAt: '2026-12-02T06:00:12.417Z',
  payload: {
    type: 'conjunction.created',
    timestamp: '2026-12-02T06:00:00.000Z',
    data: { conjunctionId: '0b6f…', primarySpacecraftId: '9d2e…', secondaryDesignator: '43013', tca: '2026-12-03T11:22:33.000000Z', links: { self: '/operations/conjunctions/0b6f…' } },
  },
};

export const WebhookSchema = z.object(subscriptionFields).openapi('Webhook', { example: EXAMPLE_SUBSCRIPTION });

export const WebhookCreatedSchema = z
  .object({
    ...subscriptionFields,
    secret: z.string().openapi({ description: 'The Standard Webhooks signing secret (whsec_…): shown only in this answer; verify each delivery with it' }),
  })
  .openapi('WebhookCreated', { example: { ...EXAMPLE_SUBSCRIPTION, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } });

export const WebhookPageSchema = pageSchema(WebhookSchema, 'WebhookPage');

export const WebhookPathSchema = z.object({
  id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' }, description: 'Subscription id' }),
});

export const WebhookListQuerySchema = z.object({ ...pageableQuery });

export const WebhookDeliverySchema = z
  .object({
    id: z.string().openapi({ description: 'The message id, sent as webhook-id (the same on every attempt: deduplicate by it)' }),
    subscriptionId: z.string(),
    eventType: z.string(),
    status: z.enum(JOB_STATUSES).openapi({ description: 'QUEUED (due, or waiting for its retry), RUNNING (an attempt in progress), SUCCEEDED (a 2xx), FAILED (attempts exhausted), CANCELLED (the subscription was disabled)' }),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastStatusCode: z.number().int().nullable().openapi({ description: 'The status of the last answer (null: none came)' }),
    lastError: z.string().nullable(),
    lastAttemptAt: RecordTimestampSchema.nullable(),
    nextAttemptAt: RecordTimestampSchema.nullable().openapi({ description: 'When a QUEUED delivery is attempted next (null otherwise)' }),
    createdAt: RecordTimestampSchema,
    updatedAt: RecordTimestampSchema,
    finishedAt: RecordTimestampSchema.nullable(),
    payload: z.unknown().openapi({ description: 'The body delivered: {type, timestamp, data}' }),
  })
  .openapi('WebhookDelivery', { example: EXAMPLE_DELIVERY });

export const WebhookDeliveryPageSchema = pageObject(WebhookDeliverySchema).openapi('WebhookDeliveryPage', {
  example: { content: [EXAMPLE_DELIVERY], totalElements: 1, totalPages: 1, number: 0, size: 20, numberOfElements: 1, first: true, last: true, empty: false },
});

export const WebhookTestResponseSchema = z
  .object({ delivery: WebhookDeliverySchema })
  .openapi('WebhookTestResponse');
