/**
 * Runs queued tracking-upload jobs on the shared leased-job loop (leasedJobRunner.ts): take the batches the
 * upload's validation already parsed in this process (ParsedFileCache), or parse the stored bytes again on the
 * compute pool → insert the measurements batch by batch and mark the job SUCCEEDED in one transaction.
 */
import { inTransaction, type Db } from '../../storage/db.ts';
import { claimNextJob, completeJob, failJob, renewLease, type ClaimedJob } from '../../storage/measurementJobs.ts';
import { insertMeasurementColumns, measurementInsertContext, type MeasurementGroupRow } from '../../storage/measurements.ts';
import { MeasurementContextWriter } from './measurementContexts.ts';
import type { ComputePool } from '../../workers/pool.ts';
import { PoolSaturatedError } from '../../workers/pool.ts';
import type { TrackingStreamMessage } from '../../workers/tasks.ts';
import type { MeasurementBatch, TrackingStreamResult } from '../../engine/tracking/index.ts';
import { logError, logInfo } from '../log.ts';
import { LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';

export interface JobRunnerOptions extends LeasedJobRunnerOptions {
  /** Cap of the parsed-upload cache (default 256 MiB). */
  parsedCacheBytes?: number;
}

/** What the job's summary records about spacecraft resolution (written by the upload service). */
export interface JobResolution {
  /** Tracked-object key → the spacecraft it resolved to and the identifier that matched. */
  resolution: Record<string, { spacecraftId: string; identifier: string }>;
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

  protected run(claimed: ClaimedUpload): Promise<void> {
    return this.runJob(claimed);
  }

  private async runJob({ job, content }: ClaimedJob): Promise<void> {
    // Parsed at upload by this process and still cached: no second parse. Otherwise (evicted, too big, uploaded by
    // another instance, restarted, retried) parse the stored bytes again on the pool.
    const cached = this.parsedFiles.take(job.id);
    const source: BatchSource = cached
      ? new CachedBatches(cached)
      : new TrackingStream(this.pool, new TextDecoder().decode(content), STREAM_MAX_IN_FLIGHT);
    const timing = { started: performance.now(), parseMs: 0, insertMs: 0 };
    try {
      const resolution = (job.summary as Partial<JobResolution>).resolution ?? {};
      // One transaction: every row, then SUCCEEDED, or nothing. Batches are inserted as they arrive and dropped, so
      // memory holds a few batches whatever the file size. Waiting for the worker inside the transaction is safe:
      // other writes of this process queue on the Db write lock (asynchronously) until it commits.
      const outcome: JobOutcome = await inTransaction(this.db, async (tx): Promise<JobOutcome> => {
        const context = measurementInsertContext(job.organizationId, job.id, job.filename);
        const groups: MeasurementGroupRow[] = [];
        const contexts = new MeasurementContextWriter(tx, job.organizationId, job.id, job.filename);
        let count = 0;
        for (;;) {
          const waited = performance.now();
          const message = await source.next();
          timing.parseMs += performance.now() - waited;
          if ('end' in message) {
            if (!message.end.ok) throw new InvalidContentError(message.end.errors.map((e) => e.message).join('; '));
            break;
          }
          const { batch } = message;
          const unresolved: string[] = [];
          for (const group of batch.newGroups) {
            const target = resolution[group.objectKey];
            if (!target) unresolved.push(group.objectKey);
            const row: MeasurementGroupRow = {
              spacecraftId: target?.spacecraftId ?? '', type: group.type, units: group.units, participants: group.participants, frame: group.frame,
              // The participants that are not the spacecraft are the station(s) (TDM PATH).
              station: group.participants.filter((p) => p !== target?.identifier).join(',') || null,
            };
            if (target && group.context) row.contextId = await contexts.add(group, target);
            groups.push(row);
          }
          if (unresolved.length > 0) throw new InvalidContentError(`unresolved objects: ${unresolved.join(', ')}`);
          const inserting = performance.now();
          contexts.count(groups, batch);
          count += await insertMeasurementColumns(tx, context, groups, batch);
          timing.insertMs += performance.now() - inserting;
          source.ack();
        }
        // Only the lease holder may commit; otherwise roll the inserts back.
        const completing = performance.now();
        await contexts.finish();
        const stations = contexts.stationSummary();
        if (!(await completeJob(tx, job.id, this.owner, count, stations ? { stations } : undefined))) throw new LeaseLostError();
        timing.insertMs += performance.now() - completing;
        return { kind: 'committed', count };
      }).catch((error: unknown): JobOutcome => {
        if (error instanceof LeaseLostError) return { kind: 'lease-lost' };
        if (error instanceof InvalidContentError) return { kind: 'invalid', error: error.message };
        throw error;
      });
      if (outcome.kind === 'invalid') {
        // Rolled back above: nothing of this file is stored. The content is at fault, so no retry.
        await failJob(this.db, job.id, this.owner, outcome.error, false);
      } else if (outcome.kind === 'lease-lost') {
        logError('job lease lost before commit; another runner owns it', { jobId: job.id, owner: this.owner });
      } else {
        const totalMs = performance.now() - timing.started;
        logInfo('measurement job succeeded', {
          jobId: job.id,
          measurements: outcome.count,
          parsedAtUpload: cached !== null,
          parseMs: Math.round(timing.parseMs),
          insertMs: Math.round(timing.insertMs),
          totalMs: Math.round(totalMs),
        });
      }
    } catch (error) {
      // Infrastructure failures (pool full, worker died, database busy) are retried; the attempt count bounds it.
      const retry = error instanceof PoolSaturatedError || !(error instanceof Error && error.name === 'CcsdsParseError');
      logError('measurement job failed', { jobId: job.id, retry, error: String(error) });
      await failJob(this.db, job.id, this.owner, String((error as Error)?.message ?? error), retry).catch(() => undefined);
    } finally {
      source.close();
    }
  }
}

type JobOutcome = { kind: 'committed'; count: number } | { kind: 'invalid'; error: string } | { kind: 'lease-lost' };

/** Batch size and read-ahead of `tracking.stream`: 8,192 rows ≈ 0.4-1 MiB per batch, at most 3 unacknowledged. */
const STREAM_BATCH_ROWS = 8192;
const STREAM_MAX_IN_FLIGHT = 3;

/** Where a job's batches come from: the upload's parse (cache) or a new parse of the stored bytes. */
interface BatchSource {
  next(): Promise<TrackingStreamMessage>;
  ack(): void;
  close(): void;
}

/** What the upload's validation parse produced for a job: every batch, then its end message. */
export interface ParsedFile {
  batches: MeasurementBatch[];
  end: TrackingStreamResult;
  bytes: number;
}

/** A cached parse as a BatchSource; each batch is released once handed out. */
class CachedBatches implements BatchSource {
  private index = 0;
  constructor(private parsed: ParsedFile | null) {}

  next(): Promise<TrackingStreamMessage> {
    const parsed = this.parsed;
    if (!parsed) return Promise.reject(new Error('cached batches already closed'));
    if (this.index < parsed.batches.length) {
      const batch = parsed.batches[this.index]!;
      parsed.batches[this.index++] = undefined as never;
      return Promise.resolve({ batch });
    }
    return Promise.resolve({ end: parsed.end });
  }

  ack(): void {}

  close(): void {
    this.parsed = null;
  }
}

/**
 * Parsed uploads waiting for their job, keyed by job id, in this process only: at most `capBytes` in total (oldest
 * dropped first) and each at most `maxAgeMs` old. A job whose entry is gone re-parses its stored bytes.
 */
export class ParsedFileCache {
  private readonly entries = new Map<string, { parsed: ParsedFile; at: number }>();
  private total = 0;

  constructor(
    readonly capBytes = 256 * 2 ** 20,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** Keeps `parsed` for `jobId` unless it alone exceeds the cap; evicts the oldest entries to make room. */
  put(jobId: string, parsed: ParsedFile, now = Date.now()): boolean {
    this.delete(jobId);
    for (const [id, entry] of this.entries) if (now - entry.at > this.maxAgeMs) this.delete(id);
    if (parsed.bytes > this.capBytes) return false;
    for (const id of this.entries.keys()) {
      if (this.total + parsed.bytes <= this.capBytes) break;
      this.delete(id);
    }
    this.entries.set(jobId, { parsed, at: now });
    this.total += parsed.bytes;
    return true;
  }

  /** Removes and returns the entry of `jobId` (a job takes its parse once, when it runs). */
  take(jobId: string): ParsedFile | null {
    const entry = this.entries.get(jobId);
    if (!entry) return null;
    this.delete(jobId);
    return entry.parsed;
  }

  delete(jobId: string): void {
    const entry = this.entries.get(jobId);
    if (!entry) return;
    this.entries.delete(jobId);
    this.total -= entry.parsed.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/**
 * The consumer side of the `tracking.stream` task: its messages in order through next(), ack() per stored batch
 * (the worker's read-ahead credit), close() to stop the worker and release the channel.
 */
export class TrackingStream implements BatchSource {
  private readonly port: MessagePort;
  private readonly queue: TrackingStreamMessage[] = [];
  private waiter: { resolve: (message: TrackingStreamMessage) => void; reject: (error: unknown) => void } | null = null;
  private failure: unknown = null;
  private ended = false;
  private closed = false;

  constructor(pool: ComputePool, text: string, maxInFlight: number) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (event: MessageEvent) => this.deliver(event.data as TrackingStreamMessage);
    pool
      .run('tracking.stream', { text, port: channel.port2, batchSize: STREAM_BATCH_ROWS, maxInFlight }, [channel.port2])
      .catch((error: unknown) => {
        // The task failed (worker died, pool saturated) before its `end` message: fail the consumer.
        if (this.ended) return;
        this.failure = error;
        this.waiter?.reject(error);
        this.waiter = null;
      });
  }

  private deliver(message: TrackingStreamMessage): void {
    if ('end' in message) this.ended = true;
    if (this.waiter) {
      this.waiter.resolve(message);
      this.waiter = null;
    } else this.queue.push(message);
  }

  next(): Promise<TrackingStreamMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  ack(): void {
    if (!this.closed) this.port.postMessage('ack');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.ended) this.port.postMessage('cancel');
    this.port.onmessage = null;
    this.port.close();
    this.queue.length = 0;
  }
}

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
