/** Tracking-upload jobs as the API shows them: read one, list, cancel a queued one (README → Jobs). */
import type { Db } from '../../../storage/sql/db.ts';
import { cancelQueuedJob, deleteJobContent, findJob, JOB_SORT_COLUMNS, listJobs } from '../../../storage/measurementJobs.ts';
import type { MeasurementJob } from '../../../domain/measurements/model.ts';
import { type PageableInput, pageEnvelope, parsePageable } from '../../http/paging.ts';
import { ApiError, jobNotCancellable, notFound, validationError } from '../../http/errors.ts';
import { logError } from '../../log.ts';
import { JOB_STATUSES } from '../../../domain/jobs/model.ts';
import { enumListValues } from '../../http/queryLists.ts';

/**
 * A job as the API shows it. `progress`: rows stored so far of the rows expected (the count the upload's validation
 * found); `liveRowsStored` is the runner's in-process count while this instance runs the job (more recent than the
 * stored one while one long transaction holds the rows).
 */
export function jobView(job: MeasurementJob, liveRowsStored?: number) {
  const summary = job.summary as { measurementContext?: unknown; uncertaintySummary?: string; measurementCount?: number; stations?: unknown };
  const expected = summary.measurementCount ?? null;
  const rowsStored = job.status === 'RUNNING' && liveRowsStored !== undefined ? Math.max(job.rowsStored, liveRowsStored) : job.rowsStored;
  return {
    jobId: job.id,
    batchId: job.batchId,
    filename: job.filename,
    format: job.format,
    spacecraftIds: job.spacecraftIds,
    status: job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    progress: {
      rowsStored,
      expectedRows: expected,
      fraction: expected && expected > 0 ? Math.min(1, rowsStored / expected) : job.status === 'SUCCEEDED' ? 1 : 0,
    },
    expectedMeasurementCount: expected,
    measurementCount: job.measurementCount,
    error: job.error,
    contentHash: job.contentSha256,
    measurementContext: summary.measurementContext ?? null,
    uncertaintySummary: summary.uncertaintySummary ?? null,
    stations: summary.stations ?? null,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

/** What the job routes need from this process's runner (in-process progress, the parse it holds for a job). */
export interface JobRunnerView {
  progressOf?(jobId: string): number | undefined;
  forget?(jobId: string): void;
}

function jobNotFound(jobId: string): ApiError {
  return notFound(`No measurement job ${jobId}`, 'JOB_NOT_FOUND', { code: 'measurement.job.not-found' });
}

export async function getJob(db: Db, organizationId: string, jobId: string, runner: JobRunnerView | null = null) {
  const job = await findJob(db, organizationId, jobId);
  if (!job) throw jobNotFound(jobId);
  return jobView(job, runner?.progressOf?.(job.id));
}

export interface JobListQuery extends PageableInput {
  status?: string | string[];
  spacecraftId?: string;
  file?: string;
  batchId?: string;
}

/** A page of the organization's upload jobs (newest first by default), filtered by status, spacecraft, file, batch. */
export async function listUploadJobs(db: Db, organizationId: string, query: JobListQuery, runner: JobRunnerView | null = null) {
  const page = parsePageable(query, Object.keys(JOB_SORT_COLUMNS), [{ field: 'createdAt', direction: 'desc' }]);
  const { values: statuses, problem } = enumListValues(query.status, JOB_STATUSES);
  if (problem !== null) throw validationError({ status: problem });
  const { items, totalElements } = await listJobs(
    db,
    organizationId,
    {
      statuses,
      ...(query.spacecraftId !== undefined ? { spacecraftId: query.spacecraftId } : {}),
      ...(query.file !== undefined ? { filename: query.file } : {}),
      ...(query.batchId !== undefined ? { batchId: query.batchId } : {}),
    },
    page,
  );
  return pageEnvelope(items.map((job) => jobView(job, runner?.progressOf?.(job.id))), totalElements, page);
}

/** Cancels a QUEUED job (it becomes CANCELLED, nothing of it is stored); 409 when it runs or has finished. */
export async function cancelUploadJob(db: Db, organizationId: string, jobId: string, runner: JobRunnerView | null = null) {
  if (await cancelQueuedJob(db, organizationId, jobId)) {
    runner?.forget?.(jobId);
    // A leftover (the process stopped in between) is swept: stagedWriteSweeper.
    await deleteJobContent(db, jobId).catch((error: unknown) => logError('job content not deleted', { jobId, error: String(error) }));
    return jobView((await findJob(db, organizationId, jobId))!);
  }
  const job = await findJob(db, organizationId, jobId);
  if (!job) throw jobNotFound(jobId);
  throw jobNotCancellable('Job', jobId, job.status, 'measurement.job');
}
