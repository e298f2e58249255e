/** Batch OEM request and job schemas (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { pageableQuery } from '../paging.ts';
import { OEM_COVARIANCE_FRAME_VALUES, OEM_FRAME_VALUES, TIME_SYSTEM_VALUES } from './stateVectors.ts';

export const MAX_BATCH_ITEMS = 10_000;
/** Bound of a whole batch's work and size: the sum of output points over its items. */
export const MAX_BATCH_POINTS = 20_000_000;

const oemOptions = {
  initialDate: z.string().min(1).max(64).optional().openapi({ format: 'date-time', description: 'Start of the span (ISO-8601 instant with zone)' }),
  finalDate: z.string().min(1).max(64).optional().openapi({ format: 'date-time', description: 'End of the span; after initialDate, at most 30 days later' }),
  timeBetweenPoints: z.number().int().min(60).max(86400).optional().openapi({ description: 'Seconds, 60..86400' }),
  referenceFrame: z.enum(OEM_FRAME_VALUES).optional(),
  timeSystem: z.enum(TIME_SYSTEM_VALUES).optional(),
  includeCovariance: z.boolean().optional(),
  covarianceFrame: z.enum(OEM_COVARIANCE_FRAME_VALUES).optional(),
};

export const BatchItemSchema = z
  .object({
    stateVectorId: z.string().min(1).max(32).optional().openapi({ description: 'A stored state (SV-<n>)', example: 'SV-12' }),
    spacecraftId: z.string().min(1).max(64).optional().openapi({ description: "Or a spacecraft: its latest eligible state when the job runs" }),
    ...oemOptions,
  })
  .strict()
  .openapi('EphemerisBatchItem', { description: 'Exactly one of stateVectorId, spacecraftId; OEM options override the batch defaults' });

export const CreateBatchSchema = z
  .object({
    items: z.array(BatchItemSchema).min(1).max(MAX_BATCH_ITEMS).openapi({ description: `1..${MAX_BATCH_ITEMS} items` }),
    ...oemOptions,
    retentionDays: z.number().int().min(1).max(365).optional().openapi({ description: 'The ZIP product is deleted this many days after it is ready (default 7)' }),
  })
  .strict()
  .openapi('CreateEphemerisBatchRequest', {
    description: 'Top-level OEM options are the defaults of every item (timeBetweenPoints 60, GCRF, UTC, no covariance, RTN when not given)',
  });

export type CreateBatchInput = z.infer<typeof CreateBatchSchema>;

export const BatchSchema = z
  .object({
    id: z.string(),
    status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
    itemCount: z.number().int(),
    itemsDone: z.number().int().openapi({ description: 'Items finished (succeeded or failed)' }),
    itemsFailed: z.number().int(),
    attempts: z.number().int(),
    error: z.string().nullable().openapi({ description: 'Why the whole batch failed (infrastructure), never an item error' }),
    failures: z
      .array(z.object({ index: z.number().int(), error: z.string(), message: z.string() }))
      .openapi({ description: 'Per-item errors (first 100 by index; the ZIP manifest.csv lists every item)' }),
    productId: z.string().nullable().openapi({ description: 'The ZIP product once SUCCEEDED' }),
    retentionDays: z.number().int(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi('EphemerisBatch');

export const BatchIdParam = z.object({ id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' }, description: 'Batch id' }) });
export const BatchListQuery = z.object({ ...pageableQuery });
export const BATCH_SORTABLE = ['createdAt', 'status'] as const;
