/**
 * Runs queued tracking-upload jobs: claim (atomic lease) → parse on the compute pool → insert the
 * measurements and mark the job SUCCEEDED in one transaction. Each service instance runs one of
 * these; the lease makes instances sharing a database safe, and lets a restarted instance pick up
 * a job a killed process left RUNNING once the lease has expired.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../../storage/db.ts';
import { claimNextJob, completeJob, failJob, renewLease, type ClaimedJob } from '../../storage/measurementJobs.ts';
import { insertMeasurements, type NewMeasurement } from '../../storage/measurements.ts';
import type { ComputePool } from '../../workers/pool.ts';
import { PoolSaturatedError } from '../../workers/pool.ts';
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
    try {
      const parseStarted = performance.now();
      const text = new TextDecoder().decode(content);
      const parsed = await this.pool.run('tracking.parse', { text, fileName: job.filename });
      if (!parsed.ok) {
        await failJob(this.db, job.id, this.owner, parsed.errors.map((e) => e.message).join('; '), false);
        return;
      }
      const resolution = (job.summary as Partial<JobResolution>).resolution ?? {};
      const rows: NewMeasurement[] = [];
      const unresolved = new Set<string>();
      for (const m of parsed.measurements) {
        const target = resolution[m.objectKey];
        if (!target) {
          unresolved.add(m.objectKey);
          continue;
        }
        rows.push({
          spacecraftId: target.spacecraftId, type: m.type, epoch: m.epochUtc, values: m.values, units: m.units,
          sigma: m.sigma, participants: m.participants, frame: m.frame,
          // The participants that are not the spacecraft are the station(s) (TDM PATH).
          station: m.participants.filter((p) => p !== target.identifier).join(',') || null,
        });
      }
      if (unresolved.size > 0) {
        await failJob(this.db, job.id, this.owner, `unresolved objects: ${[...unresolved].join(', ')}`, false);
        return;
      }
      const parseMs = performance.now() - parseStarted;
      const insertStarted = performance.now();
      const committed = await inTransaction(this.db, async (tx) => {
        await insertMeasurements(tx, job.organizationId, job.id, job.filename, rows);
        // Only the lease holder may commit; otherwise roll the inserts back.
        if (!(await completeJob(tx, job.id, this.owner, rows.length))) throw new LeaseLostError();
        return true;
      }).catch((error: unknown) => {
        if (error instanceof LeaseLostError) return false;
        throw error;
      });
      if (!committed) logError('job lease lost before commit; another runner owns it', { jobId: job.id, owner: this.owner });
      else {
        logInfo('measurement job succeeded', {
          jobId: job.id, measurements: rows.length, parseMs: Math.round(parseMs), insertMs: Math.round(performance.now() - insertStarted),
        });
      }
    } catch (error) {
      // Infrastructure failures (pool full, database busy) are retried; the attempt count bounds it.
      const retry = error instanceof PoolSaturatedError || !(error instanceof Error && error.name === 'CcsdsParseError');
      logError('measurement job failed', { jobId: job.id, retry, error: String(error) });
      await failJob(this.db, job.id, this.owner, String((error as Error)?.message ?? error), retry).catch(() => undefined);
    } finally {
      clearInterval(renewal);
    }
  }
}

class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
    this.name = 'LeaseLostError';
  }
}
