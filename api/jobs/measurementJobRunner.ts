/**
 * Runs queued tracking-upload jobs on the shared leased-job loop (leasedJobRunner.ts): take the batches the
 * upload's validation already parsed in this process (ParsedFileCache), or parse the stored bytes again on the
 * compute pool → stage the measurements chunk by chunk (storage/sql/stagedWrites.ts) and publish them together with
 * the job's SUCCEEDED in one small transaction.
 */
import { databaseErrorCode, type Db, isDataRefusal } from '../../storage/sql/db.ts';
import { type ClaimedJob, claimNextJob, completeJob, deleteJobContent, failJob, readJobContent, renewLease } from '../../storage/measurementJobs.ts';
import { insertMeasurementColumns, type MeasurementGroupRow, measurementInsertContext, MEASUREMENTS_TABLE } from '../../storage/measurements.ts';
import { StagedBatch, StagedBatchAbandonedError } from '../../storage/sql/stagedWrites.ts';
import { MEASUREMENT_CONTEXTS_TABLE } from '../../storage/measurementContexts.ts';
import { MeasurementContextWriter } from '../services/measurements/contexts.ts';
import { type BatchSource, CachedBatches, ParsedFileCache, TrackingStream } from '../services/measurements/trackingStream.ts';
import type { JobResolution } from '../services/measurements/upload.ts';
import { type ComputePool, PoolSaturatedError, TaskTimeoutError } from '../../workers/poolTypes.ts';
import { TRACKING_ERROR_CODES } from '../../engine/tracking/index.ts';
import { logError, logInfo } from '../log.ts';
import { type JobLease, LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';

export interface JobRunnerOptions extends LeasedJobRunnerOptions {
  /** Cap of the parsed-upload cache (default 256 MiB). */
  parsedCacheBytes?: number;
}

/** A claimed upload job: the job and its stored bytes. */
type ClaimedUpload = ClaimedJob & { id: string };

export class MeasurementJobRunner extends LeasedJobRunner<ClaimedUpload> {
  /** Parses the upload already did, handed to the jobs it queued (see ParsedFileCache). */
  readonly parsedFiles: ParsedFileCache;

  constructor(
    private readonly db: Db,
    private readonly pool: ComputePool,
    options: JobRunnerOptions = {},
  ) {
    super('runner', options);
    this.parsedFiles = new ParsedFileCache(options.parsedCacheBytes);
  }

  protected async claim(): Promise<ClaimedUpload | null> {
    const claimed = await claimNextJob(this.db, this.owner, this.leaseMs);
    return claimed ? { ...claimed, id: claimed.job.id } : null;
  }

  protected renew(jobId: string): Promise<boolean> {
    return renewLease(this.db, jobId, this.owner, this.leaseMs);
  }

  protected run(claimed: ClaimedUpload, lease: JobLease): Promise<void> {
    return this.runJob(claimed, lease);
  }

  /** A job that will not run (cancelled): drop the parse kept for it. */
  forget(jobId: string): void {
    this.parsedFiles.delete(jobId);
  }

  private async runJob({ job }: ClaimedJob, lease: JobLease): Promise<void> {
    // Parsed at upload by this process and still cached: no second parse. Otherwise (evicted, too big, uploaded by
    // another instance, restarted, retried) parse the stored bytes again on the pool.
    const cached = this.parsedFiles.take(job.id);
    const timing = { started: performance.now(), parseMs: 0, insertMs: 0 };
    let staged: StagedBatch | null = null;
    let source: BatchSource | null = null;
    try {
      if (cached) source = new CachedBatches(cached);
      else {
        const content = await readJobContent(this.db, job.id);
        if (!content) throw new InvalidContentError(`${TRACKING_ERROR_CODES.UNSUPPORTED_CONTENT}: the stored file of this job is gone`);
        // Transferred (the worker decodes it): the event loop never copies or decodes the file.
        source = new TrackingStream(this.pool, { bytes: content }, STREAM_MAX_IN_FLIGHT, [content.buffer as ArrayBuffer]);
      }
      const resolution = (job.summary as Partial<JobResolution>).resolution ?? {};
      // A staged batch (storage/sql/stagedWrites.ts): the rows go in as chunks of a few hundred, each its own short
      // transaction, hidden from every reader; one small transaction publishes them with the job's SUCCEEDED, and
      // only while this runner holds the lease. Batches are inserted as they arrive and dropped, so memory holds a
      // few batches whatever the file size.
      staged = await StagedBatch.open(this.db, { kind: MEASUREMENT_JOBS_TABLE, key: job.id, owner: this.owner }, STAGED_TABLES);
      const batch = staged;
      const context = measurementInsertContext(job.organizationId, job.id, job.filename, batch.id);
      const groups: MeasurementGroupRow[] = [];
      const contexts = new MeasurementContextWriter(job.organizationId, job.id, job.filename, batch.id);
      let count = 0;
      for (;;) {
        const waited = performance.now();
        const message = await source.next();
        timing.parseMs += performance.now() - waited;
        if ('end' in message) {
          if (!message.end.ok) throw new InvalidContentError(message.end.errors.map((e) => `${e.code}: ${e.message}`).join('; '));
          break;
        }
        const rows = message.batch;
        const unresolved: string[] = [];
        const firstNewGroup = groups.length;
        for (const group of rows.newGroups) {
          const target = resolution[group.objectKey];
          if (!target) unresolved.push(group.objectKey);
          groups.push({
            spacecraftId: target?.spacecraftId ?? '', type: group.type, units: group.units, participants: group.participants, frame: group.frame,
            // The participants that are not the spacecraft are the station(s) (TDM PATH).
            station: group.participants.filter((p) => p !== target?.identifier).join(',') || null,
          });
        }
        if (unresolved.length > 0) throw new InvalidContentError(`${TRACKING_ERROR_CODES.UNRESOLVED_SPACECRAFT}: unresolved objects: ${unresolved.join(', ')}`);
        const inserting = performance.now();
        // The new groups' contexts (TDM: one per segment and data keyword, a handful) go in a chunk of their own.
        const withContext = rows.newGroups.map((group, k) => ({ group, row: groups[firstNewGroup + k]! })).filter(({ group }) => group.context);
        if (withContext.length > 0) {
          if (lease.lost) throw new LeaseLostError();
          await batch.chunk(async (tx) => {
            for (const { group, row } of withContext) row.contextId = await contexts.add(tx, group, resolution[group.objectKey]!);
          });
        }
        contexts.count(groups, rows);
        for (let from = 0; from < rows.count; from += CHUNK_ROWS) {
          if (lease.lost) throw new LeaseLostError();
          const to = Math.min(rows.count, from + CHUNK_ROWS);
          await batch.chunk((tx) => insertMeasurementColumns(tx, context, groups, rows, from, to).then(() => undefined));
          count += to - from;
          this.reportProgress(job.id, count);
        }
        timing.insertMs += performance.now() - inserting;
        source.ack();
      }
      // Only the lease holder may publish; otherwise the staged rows are removed below.
      const completing = performance.now();
      const stations = contexts.stationSummary();
      const published = await batch.publish(async (tx) => {
        if (!(await completeJob(tx, job.id, this.owner, count, stations ? { stations } : undefined))) return false;
        await contexts.finish(tx);
        return true;
      });
      if (!published) throw new LeaseLostError();
      staged = null;
      // The bytes are not needed any more (a leftover is swept: stagedWriteSweeper).
      await deleteJobContent(this.db, job.id).catch((error: unknown) => logError('job content not deleted', { jobId: job.id, error: String(error) }));
      timing.insertMs += performance.now() - completing;
      logInfo('measurement job succeeded', {
        jobId: job.id,
        measurements: count,
        parsedAtUpload: cached !== null,
        parseMs: Math.round(timing.parseMs),
        insertMs: Math.round(timing.insertMs),
        totalMs: Math.round(performance.now() - timing.started),
      });
    } catch (error) {
      // Nothing of this attempt becomes visible: its staged rows are deleted (a retry starts a new batch).
      if (staged) await staged.abandon().catch((cleanup: unknown) => logError('staged rows not removed (the next attempt removes them)', { jobId: job.id, error: String(cleanup) }));
      if (error instanceof LeaseLostError || error instanceof StagedBatchAbandonedError) {
        logError('job lease lost before commit; another runner owns it', { jobId: job.id, owner: this.owner });
        return;
      }
      const failure = classifyJobFailure(error);
      logError('measurement job failed', { jobId: job.id, retry: failure.retry, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      await failJob(this.db, job.id, this.owner, failure.message, failure.retry).catch(() => undefined);
    } finally {
      source?.close();
    }
  }
}

/** Rows per staged chunk: one short transaction of about a millisecond of inserts, then the event loop runs. */
const CHUNK_ROWS = 500;
/** What a job attempt stages: its measurements and their TDM contexts. */
export const MEASUREMENT_JOB_STAGED_TABLES = [MEASUREMENTS_TABLE, MEASUREMENT_CONTEXTS_TABLE] as const;
const STAGED_TABLES = MEASUREMENT_JOB_STAGED_TABLES;
/** The job table, the owner kind of its attempts' staged batches. */
export const MEASUREMENT_JOBS_TABLE = 'measurement_jobs';

/**
 * Why a job attempt failed, as the job's `error` says it, and whether another attempt may succeed. The file's content
 * is at fault (a parse error at job time, an unresolved object, a value the database refuses): fail at once, with a
 * TRK code. Anything else (pool saturated, worker died, time budget exceeded, database busy or unavailable) is
 * infrastructure: retried up to the job's attempts. Database messages are never passed on (no SQL text, no column
 * names): only their result code.
 */
export function classifyJobFailure(error: unknown): { retry: boolean; message: string } {
  if (error instanceof InvalidContentError) return { retry: false, message: error.message };
  if (error instanceof Error && error.name === 'CcsdsParseError') return { retry: false, message: `${TRACKING_ERROR_CODES.PARSE_FAILED}: ${error.message}` };
  const code = databaseErrorCode(error);
  if (code !== null) {
    return isDataRefusal(error)
      ? { retry: false, message: `${TRACKING_ERROR_CODES.UNSUPPORTED_CONTENT}: the database refused a value of the file (${code})` }
      : { retry: true, message: `database unavailable (${code}); the job is retried` };
  }
  if (error instanceof PoolSaturatedError) return { retry: true, message: 'the compute pool was saturated; the job is retried' };
  if (error instanceof TaskTimeoutError) return { retry: true, message: `parsing exceeded its time budget (${error.budgetMs} ms); the job is retried` };
  return { retry: true, message: `infrastructure failure (${error instanceof Error ? error.name : 'unknown'}); the job is retried` };
}

/** Read-ahead of `tracking.stream` for a job: at most 3 batches unacknowledged (trackingStream.ts). */
const STREAM_MAX_IN_FLIGHT = 3;

/** The file's content is at fault (parse error at job time, unresolved object): fail the job without retry. */
class InvalidContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidContentError';
  }
}

class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
    this.name = 'LeaseLostError';
  }
}
