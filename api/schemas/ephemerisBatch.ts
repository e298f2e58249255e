/** Batch OEM job schemas (validation + OpenAPI); the request's schema is the domain's (domain/ephemerisBatch/request.ts). */
import { z } from '@hono/zod-openapi';
import { pageableQuery } from '../http/paging.ts';
import { JOB_STATUSES } from '../../domain/jobs/model.ts';

export const BatchSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
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
