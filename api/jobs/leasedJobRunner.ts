/**
 * The loop every durable job queue runs (storage/sql/leasedJobs.ts): claim a job with a lease, run it while renewing
 * the lease, claim the next, sleep `pollMs` when idle; `wake()` looks for work at once (after a request queued
 * some). Subclasses say how to claim and how to run one job; the loop, the renewal timer and shutdown are here,
 * once. Each service instance runs one runner per queue; the lease makes instances sharing a database safe and lets
 * a restarted instance take over a job a killed process left RUNNING once its lease has expired.
 */
import { randomUUID } from 'node:crypto';
import { logError } from '../log.ts';
import { traceClock, traceWork } from '../runtime/tailTrace.ts';

export interface LeasedJobRunnerOptions {
  /** Lease length; a job whose runner died becomes claimable this long after its last renewal (default 60 s). */
  leaseMs?: number;
  /** Poll interval when idle (default 2 s). */
  pollMs?: number;
  /** Identity written into leases (default: `<prefix>-<uuid>`). */
  owner?: string;
}

/** The lease a running job holds: renewed in the background until the job's run ends. */
export interface JobLease {
  readonly owner: string;
  readonly jobId: string;
  /** Set once a renewal found the lease taken over (the job must not commit). */
  readonly lost: boolean;
}

export abstract class LeasedJobRunner<Job extends { id: string }> {
  readonly owner: string;
  protected readonly leaseMs: number;
  private readonly pollMs: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wakeRequested = false;
  /** Bumped by stop(): a drain in progress ends after its current job. */
  private stopGeneration = 0;
  /** Progress of the jobs this runner is running now (units done: rows, items, …), readable in-process. */
  private readonly progress = new Map<string, number>();

  constructor(ownerPrefix: string, options: LeasedJobRunnerOptions = {}) {
    this.owner = options.owner ?? `${ownerPrefix}-${randomUUID()}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 2_000;
  }

  /** Claims the next runnable job for `this.owner` with a lease of `this.leaseMs`, or null when none is. */
  protected abstract claim(): Promise<Job | null>;
  /**
   * Renews the lease of `jobId` (`job`: the claimed job, for a lease held by the claim: storage/sql/leasedJobs.ts
   * `claimNextLeasedJobByClaim`); false when another owner holds it now (or the job ended).
   */
  protected abstract renew(jobId: string, job: Job): Promise<boolean>;
  /** Runs one claimed job to its end (complete, fail, or lease lost); must not throw. */
  protected abstract run(job: Job, lease: JobLease): Promise<void>;

  /** True between start() and stop(). */
  get active(): boolean {
    return !this.stopped;
  }

  /**
   * Progress of a job this runner is running (undefined otherwise): what the subclass last reported. Lets a job's
   * status show progress at once, also while the work is inside one long transaction that hides its rows.
   */
  progressOf(jobId: string): number | undefined {
    return this.progress.get(jobId);
  }

  /** Called by subclasses while running a job: units done so far. */
  protected reportProgress(jobId: string, done: number): void {
    this.progress.set(jobId, done);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Asks the runner to look for work now. */
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

  /** Stops polling and waits for the job in progress (if any) to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopGeneration++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs jobs until none is claimable (or stop() is called meanwhile). Returns the number of jobs this call ran. */
  async drain(): Promise<number> {
    const generation = this.stopGeneration;
    let finished = 0;
    for (;;) {
      let job: Job | null;
      const claimedFromUs = traceClock();
      try {
        job = await this.claim();
        traceWork('job poll', claimedFromUs, { owner: this.owner, found: job !== null });
      } catch (error) {
        logError('job claim failed', { owner: this.owner, error: String(error) });
        return finished;
      }
      if (!job) return finished;
      await this.runWithLease(job);
      finished++;
      if (this.stopGeneration !== generation) return finished;
    }
  }

  private async runWithLease(job: Job): Promise<void> {
    const lease = { owner: this.owner, jobId: job.id, lost: false };
    const renewal = setInterval(() => {
      this.renew(job.id, job)
        .then((held) => {
          if (!held) lease.lost = true;
        })
        .catch((error: unknown) => logError('lease renewal failed', { jobId: job.id, error: String(error) }));
    }, Math.max(1000, this.leaseMs / 3));
    try {
      await this.run(job, lease);
    } catch (error) {
      logError('job run threw', { jobId: job.id, owner: this.owner, error: String(error) });
    } finally {
      clearInterval(renewal);
      this.progress.delete(job.id);
    }
  }
}
