/**
 * The cancellation of one running job whose pool task can be stopped midway (orbit determination, avoidance plans),
 * written once for their runners:
 *  - reasons: the time budget (a timer from the start), a lost lease (`lease.lost`, polled), the client's request
 *    (an optional `clientRequested` check, polled) and shutdown (`cancel('shutdown')` from the runner's `stop`);
 *  - the first reason wins, and `stopTask` (how the task is told: an Atomics flag the worker reads, an AbortController
 *    the pool honours) is called once, for it;
 *  - `end()` clears the timers whatever happened (call it in a `finally`) and says why the run was cancelled, or null.
 * A failing client check is ignored: the next poll asks again.
 */
import type { JobLease } from './leasedJobRunner.ts';

export type CancelReason = 'budget' | 'lease' | 'shutdown' | 'client';

export interface CancellableRunOptions {
  budgetMs: number;
  lease: Pick<JobLease, 'lost'>;
  /** How often the lease (and the client's request) are looked at, ms. */
  checkMs: number;
  /** Tells the running task to stop. */
  stopTask(): void;
  /** Whether the client asked to cancel (e.g. a flag on the job's row). */
  clientRequested?: () => Promise<boolean>;
}

export class CancellableRun {
  private cancelledFor: CancelReason | null = null;
  private readonly budget: ReturnType<typeof setTimeout>;
  private readonly watch: ReturnType<typeof setInterval>;

  constructor(private readonly options: CancellableRunOptions) {
    this.budget = setTimeout(() => this.cancel('budget'), options.budgetMs);
    this.watch = setInterval(() => {
      if (options.lease.lost) this.cancel('lease');
      options.clientRequested?.()
        .then((requested) => {
          if (requested) this.cancel('client');
        })
        .catch(() => undefined);
    }, options.checkMs);
  }

  /** Why the run was cancelled so far, or null. */
  get reason(): CancelReason | null {
    return this.cancelledFor;
  }

  cancel(reason: CancelReason): void {
    if (this.cancelledFor) return;
    this.cancelledFor = reason;
    this.options.stopTask();
  }

  end(): CancelReason | null {
    clearTimeout(this.budget);
    clearInterval(this.watch);
    return this.cancelledFor;
  }
}
