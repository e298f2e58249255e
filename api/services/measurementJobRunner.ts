/**
 * Runs queued tracking-upload jobs: claim (atomic lease) → parse on the compute pool → insert the
 * measurements and mark the job SUCCEEDED in one transaction. Each service instance runs one of
 * these; the lease makes instances sharing a database safe, and lets a restarted instance pick up
 * a job a killed process left RUNNING once the lease has expired.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../../storage/db.ts';
import { claimNextJob, completeJob, failJob, renewLease, type ClaimedJob } from '../../storage/measurementJobs.ts';
import { insertMeasurementColumns, measurementInsertContext, type MeasurementGroupRow } from '../../storage/measurements.ts';
import type { ComputePool } from '../../workers/pool.ts';
import { PoolSaturatedError } from '../../workers/pool.ts';
import type { TrackingStreamMessage } from '../../workers/tasks.ts';
import type { MeasurementBatch } from '../../engine/tracking/model.ts';
import { logError, logInfo } from '../log.ts';

export interface JobRunnerOptions {
  /** Lease length; a job whose runner died becomes claimable this long after its last renewal. */
  leaseMs?: number;
  /** Poll interval when idle (uploads also wake the runner at once). */
  pollMs?: number;
  /** Identity written into leases (default: a fresh UUID per runner). */
  owner?: string;
}

/** What the job's summary records about spacecraft resolution (written by the upload service). */
export interface JobResolution {
  /** Tracked-object key → the spacecraft it resolved to and the identifier that matched. */
  resolution: Record<string, { spacecraftId: string; identifier: string }>;
}

export class MeasurementJobRunner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wakeRequested = false;

  constructor(
    private readonly db: Db,
    private readonly pool: ComputePool,
    options: JobRunnerOptions = {},
  ) {
    this.owner = options.owner ?? `runner-${randomUUID()}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 2_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Asks the runner to look for work now (called after an upload queued jobs). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().then(() => undefined).finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.wakeRequested) {
        this.wakeRequested = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.pollMs);
        // Polling alone never keeps a process alive; the HTTP server (or a test) does.
        this.timer.unref?.();
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs jobs until none is claimable. Returns the number of jobs this call finished. */
  async drain(): Promise<number> {
    let finished = 0;
    for (;;) {
      let claimed: ClaimedJob | null;
      try {
        claimed = await claimNextJob(this.db, this.owner, this.leaseMs);
      } catch (error) {
        logError('job claim failed', { owner: this.owner, error: String(error) });
        return finished;
      }
      if (!claimed) return finished;
      await this.runJob(claimed);
      finished++;
      if (this.stopped) return finished;
    }
  }

  private async runJob({ job, content }: ClaimedJob): Promise<void> {
    const renewal = setInterval(() => {
      renewLease(this.db, job.id, this.owner, this.leaseMs).catch((error: unknown) =>
        logError('lease renewal failed', { jobId: job.id, error: String(error) }),
      );
    }, Math.max(1000, this.leaseMs / 3));
    const stream = new TrackingStream(this.pool, new TextDecoder().decode(content));
    const timing = { started: performance.now(), parseMs: 0, insertMs: 0 };
    try {
      const resolution = (job.summary as Partial<JobResolution>).resolution ?? {};
      // 1. Receive the parsed rows as compact column batches (≈ 130 bytes a row instead of a few KiB as objects).
      //    This must happen OUTSIDE the write transaction: the embedded database is synchronous, so any other write
      //    of this process that ran while we awaited the worker inside the transaction would block the event loop
      //    on the lock we hold (busy_timeout) and stall us with it.
      const groups: MeasurementGroupRow[] = [];
      const batches: MeasurementBatch[] = [];
      const unresolved = new Set<string>();
      let invalid: string | null = null;
      for (;;) {
        const message = await stream.next();
        if ('end' in message) {
          if (!message.end.ok) invalid = message.end.errors.map((e) => e.message).join('; ');
          break;
        }
        const { batch } = message;
        for (const group of batch.newGroups) {
          const target = resolution[group.objectKey];
          if (!target) unresolved.add(group.objectKey);
          groups.push({
            spacecraftId: target?.spacecraftId ?? '', type: group.type, units: group.units, participants: group.participants, frame: group.frame,
            // The participants that are not the spacecraft are the station(s) (TDM PATH).
            station: group.participants.filter((p) => p !== target?.identifier).join(',') || null,
          });
        }
        if (unresolved.size > 0) {
          invalid = `unresolved objects: ${[...unresolved].join(', ')}`;
          break;
        }
        batches.push(batch);
        stream.ack();
      }
      stream.close();
      timing.parseMs = performance.now() - timing.started;
      // 2. One transaction: every row, then SUCCEEDED, or nothing. Its awaits settle synchronously (no I/O turn).
      const insertStarted = performance.now();
      const outcome: JobOutcome = invalid !== null
        ? { kind: 'invalid', error: invalid }
        : await inTransaction(this.db, async (tx): Promise<JobOutcome> => {
            const context = measurementInsertContext(job.organizationId, job.id, job.filename);
            let count = 0;
            while (batches.length > 0) count += await insertMeasurementColumns(tx, context, groups, batches.shift()!);
            // Only the lease holder may commit; otherwise roll the inserts back.
            if (!(await completeJob(tx, job.id, this.owner, count))) throw new LeaseLostError();
            return { kind: 'committed', count };
          }).catch((error: unknown): JobOutcome => {
            if (error instanceof LeaseLostError) return { kind: 'lease-lost' };
            throw error;
          });
      timing.insertMs = performance.now() - insertStarted;
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
      stream.close();
      clearInterval(renewal);
    }
  }
}

type JobOutcome = { kind: 'committed'; count: number } | { kind: 'invalid'; error: string } | { kind: 'lease-lost' };

/** Batch size and read-ahead of `tracking.stream`: 8,192 rows ≈ 1 MiB per batch, at most 3 unacknowledged. */
const STREAM_BATCH_ROWS = 8192;
const STREAM_MAX_IN_FLIGHT = 3;

/**
 * The consumer side of the `tracking.stream` task: its messages in order through next(), ack() per stored batch
 * (the worker's read-ahead credit), close() to stop the worker and release the channel.
 */
class TrackingStream {
  private readonly port: MessagePort;
  private readonly queue: TrackingStreamMessage[] = [];
  private waiter: { resolve: (message: TrackingStreamMessage) => void; reject: (error: unknown) => void } | null = null;
  private failure: unknown = null;
  private ended = false;
  private closed = false;

  constructor(pool: ComputePool, text: string) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (event: MessageEvent) => this.deliver(event.data as TrackingStreamMessage);
    pool
      .run('tracking.stream', { text, port: channel.port2, batchSize: STREAM_BATCH_ROWS, maxInFlight: STREAM_MAX_IN_FLIGHT }, [channel.port2])
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

class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
    this.name = 'LeaseLostError';
  }
}
