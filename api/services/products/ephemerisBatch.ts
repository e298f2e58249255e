/**
 * Batch OEM generation: `POST /operations/ephemerides/batch` validates the items (field errors name the item) and
 * queues one durable job, run by api/jobs/ephemerisBatchRunner.ts; status, list and cancel of the batches.
 */
import { randomUUID } from 'node:crypto';
import type { Db, SqlExecutor } from '../../../storage/sql/db.ts';
import { findBatch, insertBatch, listBatches, listBatchFailures, requestBatchCancel } from '../../../storage/ephemerisBatches.ts';
import type { EphemerisBatch } from '../../../domain/ephemerisBatch/model.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import { ApiError, jobNotCancellable, notFound, validationError } from '../../http/errors.ts';
import { type PageableInput, pageEnvelope, type PageEnvelope, parsePageable } from '../../http/paging.ts';
import { BATCH_SORTABLE } from '../../schemas/ephemerisBatch.ts';

function batchNotFound(): ApiError {
  return notFound('Batch not found', 'BATCH_NOT_FOUND', { code: 'ephemeris.batch.not-found' });
}

/**
 * Queues a batch. The request body is parsed and validated on the pool (`ephemeris.parseBatch`): 10,000 items are
 * ~0.1-0.5 s of JSON, zod and epoch work that must not hold the event loop. 400 names the item (`items.12.finalDate`).
 */
export async function createBatch(deps: { db: Db; pool: ComputePool }, organizationId: string, bodyText: string, nowMs = Date.now()): Promise<EphemerisBatch> {
  const parsed = await deps.pool.run('ephemeris.parseBatch', { text: bodyText });
  if (!parsed.ok) throw validationError(parsed.fieldErrors, parsed.message);
  const id = randomUUID();
  await insertBatch(deps.db, {
    id,
    organizationId,
    itemCount: parsed.itemCount,
    itemsNdjson: parsed.itemsNdjson,
    retentionDays: parsed.retentionDays,
    maxAttempts: 3,
    createdAt: new Date(nowMs).toISOString(),
  });
  return (await findBatch(deps.db, organizationId, id))!;
}

export async function batchView(db: SqlExecutor, batch: EphemerisBatch) {
  return {
    id: batch.id,
    status: batch.status,
    itemCount: batch.itemCount,
    itemsDone: batch.itemsDone,
    itemsFailed: batch.itemsFailed,
    attempts: batch.attempts,
    error: batch.error,
    failures: batch.itemsFailed > 0 ? await listBatchFailures(db, batch.id, 100) : [],
    productId: batch.productId,
    retentionDays: batch.retentionDays,
    createdAt: batch.createdAt,
    startedAt: batch.startedAt,
    finishedAt: batch.finishedAt,
  };
}

export async function getBatch(db: SqlExecutor, organizationId: string, id: string) {
  const batch = await findBatch(db, organizationId, id);
  if (!batch) throw batchNotFound();
  return await batchView(db, batch);
}

export async function listBatchesPage(db: SqlExecutor, organizationId: string, query: PageableInput): Promise<PageEnvelope<Awaited<ReturnType<typeof batchView>>>> {
  const page = parsePageable(query, BATCH_SORTABLE, [{ field: 'createdAt', direction: 'desc' }]);
  const { items, totalElements } = await listBatches(db, organizationId, page);
  const views = [];
  for (const batch of items) views.push(await batchView(db, batch));
  return pageEnvelope(views, totalElements, page);
}

/**
 * Cancels a batch, by the rule every job follows (README → Jobs: cancelling): a QUEUED one is CANCELLED at once, a
 * RUNNING one stops within about a second, a finished one is 409 JOB_NOT_CANCELLABLE naming its status.
 */
export async function cancelBatch(db: SqlExecutor, organizationId: string, id: string) {
  const outcome = await requestBatchCancel(db, organizationId, id, new Date().toISOString());
  if (outcome === null) throw batchNotFound();
  const batch = await getBatch(db, organizationId, id);
  if (outcome === 'finished') throw jobNotCancellable('Batch', id, batch.status, 'batch');
  return batch;
}
