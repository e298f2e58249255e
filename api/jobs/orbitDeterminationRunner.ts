/**
 * Runs queued orbit-determination jobs on the shared leased-job loop (leasedJobRunner.ts): rebuild the fit's input
 * from storage, run `od.estimate` on the worker pool with a progress port (each iteration's weighted RMS is written to
 * the job row) and a cancel flag (time budget, lost lease, shutdown), then store the solution and its post-fit
 * residuals and end the job in one transaction, only while the lease is still ours.
 *
 * Outcomes: converged → SUCCEEDED; the fit ran but did not converge (diverged, iteration limit) → FAILED with the
 * reason, the last solution and residuals kept for inspection; the input is no longer valid (state vector deleted,
 * too few measurements after the elevation mask) → FAILED; the time budget spent → FAILED; the worker died or the pool
 * was full → back to QUEUED with a backoff (at most `max_attempts` runs); shutdown → back to QUEUED. A process killed
 * mid-fit leaves the job RUNNING until its lease expires; the next runner (after a restart, or another instance) runs
 * it again from its stored request.
 */
import type { EstimationProgress } from '../../engine/estimation/common/types.ts';
import { type Db, inTransaction } from '../../storage/sql/db.ts';
import { recordChanges } from '../../storage/changes.ts';
import { orbitDeterminationFinished } from '../../domain/changes/model.ts';
import { claimNextOrbitDetermination, completeOrbitDetermination, failOrbitDetermination, renewOrbitDeterminationLease, writeOrbitDeterminationProgress, writeResidualRows } from '../../storage/orbitDeterminations.ts';
import type { OrbitDetermination, OrbitDeterminationProgress } from '../../domain/orbitDetermination/model.ts';
import { ApiError } from '../http/errors.ts';
import { logError, logInfo } from '../log.ts';
import { type EarthDataStore, earthDataWarningsFor } from '../services/earthData.ts';
import { CancellableRun, type CancelReason } from './cancellableRun.ts';
import { type JobLease, LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';
import { buildEstimationSetup, type EstimationSetup, fitOutcome, type NormalizedOdRequest, storedResidualRows } from '../services/orbitDetermination/orbitDeterminations.ts';

/** Longest a fit may run before it is cancelled (a bound on any job; the reference fits take well under 2 s). */
export const OD_TIME_BUDGET_MS = 10 * 60_000;

export interface OrbitDeterminationRunnerOptions extends LeasedJobRunnerOptions {
  timeBudgetMs?: number;
}


export class OrbitDeterminationRunner extends LeasedJobRunner<OrbitDetermination> {
  private readonly timeBudgetMs: number;
  /** The fit in progress: its cancel flag and why it was raised. */
  private current: CancellableRun | null = null;

  constructor(
    private readonly db: Db,
    private readonly earthData: EarthDataStore,
    options: OrbitDeterminationRunnerOptions = {},
  ) {
    super('od-runner', options);
    this.timeBudgetMs = options.timeBudgetMs ?? OD_TIME_BUDGET_MS;
  }

  protected claim(): Promise<OrbitDetermination | null> {
    return claimNextOrbitDetermination(this.db, this.owner, this.leaseMs);
  }

  protected renew(jobId: string): Promise<boolean> {
    return renewOrbitDeterminationLease(this.db, jobId, this.owner, this.leaseMs);
  }

  /** Stops polling; a fit in progress is cancelled and its job queued again (another runner or a restart resumes it). */
  override async stop(): Promise<void> {
    this.current?.cancel('shutdown');
    await super.stop();
  }

  protected async run(job: OrbitDetermination, lease: JobLease): Promise<void> {
    const request = job.request as unknown as NormalizedOdRequest;
    let setup: EstimationSetup;
    try {
      setup = await buildEstimationSetup({ db: this.db }, job.organizationId, request);
    } catch (error) {
      // The stored request no longer holds (state vector or spacecraft deleted, data changed): the job fails as is.
      const message = error instanceof ApiError ? `${error.error}: ${error.message}` : String((error as Error)?.message ?? error);
      await this.fail(job, message, !(error instanceof ApiError));
      return;
    }
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const run = new CancellableRun({ budgetMs: this.timeBudgetMs, lease, checkMs: 250, stopTask: () => Atomics.store(cancel, 0, 1) });
    this.current = run;
    const progress: OrbitDeterminationProgress = { iteration: 0, weightedRms: Number.NaN, rejected: 0, history: [] };
    let progressWrites = Promise.resolve();
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent) => {
      const p = event.data as EstimationProgress;
      progress.iteration = p.iteration;
      progress.weightedRms = p.weightedRms;
      progress.rejected = p.rejected;
      progress.history.push({ iteration: p.iteration, weightedRms: p.weightedRms, rejected: p.rejected });
      const snapshot = { ...progress, history: [...progress.history] };
      progressWrites = progressWrites
        .then(() => writeOrbitDeterminationProgress(this.db, job.id, this.owner, snapshot))
        .then(() => undefined)
        .catch((error: unknown) => logError('orbit determination progress write failed', { jobId: job.id, error: String(error) }));
    };
    const started = performance.now();
    let cancelReason: CancelReason | null = null;
    let result;
    let earthWarnings: string[] = [];
    try {
      const ran = await this.earthData.run('od.estimate', () => ({ ...setup.input, progressPort: channel.port2, cancel }), [channel.port2]);
      result = ran.output;
      const atmosphere = setup.input.apriori.forceModel.atmosphere;
      earthWarnings = earthDataWarningsFor(ran.snapshot, { ...setup.span, spaceWeather: atmosphere === 'NRLMSISE00' }).map((w) => w.message);
    } catch (error) {
      // Infrastructure: the worker died, the pool was full. Another attempt may succeed.
      logError('orbit determination task failed', { jobId: job.id, error: String(error) });
      await this.fail(job, `compute task failed: ${String((error as Error)?.message ?? error)}`, true);
      return;
    } finally {
      channel.port1.onmessage = null;
      channel.port1.close();
      cancelReason = run.end();
      this.current = null;
    }
    await progressWrites;
    const elapsedMs = performance.now() - started;
    if (!result.ok) {
      if (result.code === 'CANCELLED' && cancelReason) return await this.cancelled(job, cancelReason);
      await this.fail(job, `${result.code}: ${result.message}`, false);
      return;
    }
    const solution = result.solution;
    // The stored progress is the solution's own iteration log: the live messages come on a port of their own, whose
    // last one may still be on its way when the task's answer arrives (the port is closed then) under load.
    const outcome = fitOutcome(solution, setup, progressFrom(solution), elapsedMs, earthWarnings);
    const rows = await storedResidualRows(solution.residuals, setup.tracking);
    const committed = await inTransaction(this.db, async (tx) => {
      await writeResidualRows(tx, job.id, rows);
      const ended = solution.converged
        ? await completeOrbitDetermination(tx, job.id, this.owner, outcome)
        : await failOrbitDetermination(tx, job.id, this.owner, `the fit did not converge: ${solution.failureReason ?? 'no reason given'}`, false, outcome);
      if (!ended) throw new LeaseLostError();
      // converged or not, the fit ran to its end: told with its commit
      await recordChanges(tx, job.organizationId, [orbitDeterminationFinished({ id: job.id, spacecraftId: job.spacecraftId, converged: solution.converged })]);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof LeaseLostError) return false;
      throw error;
    });
    if (!committed) {
      logError('orbit determination lease lost before commit; another runner owns it', { jobId: job.id, owner: this.owner });
      return;
    }
    logInfo('orbit determination finished', {
      jobId: job.id,
      converged: solution.converged,
      iterations: solution.iterations.length - 1,
      measurements: setup.tracking.measurements.length,
      elapsedMs: Math.round(elapsedMs),
    });
  }

  private async cancelled(job: OrbitDetermination, reason: CancelReason): Promise<void> {
    logInfo('orbit determination cancelled', { jobId: job.id, reason });
    if (reason === 'lease') return; // another runner holds the job now
    if (reason === 'shutdown') return await this.fail(job, 'interrupted by a shutdown; queued again', true);
    await this.fail(job, `the fit exceeded its time budget of ${Math.round(this.timeBudgetMs / 1000)} s and was cancelled`, false);
  }

  private async fail(job: OrbitDetermination, message: string, retry: boolean): Promise<void> {
    await failOrbitDetermination(this.db, job.id, this.owner, message, retry).catch((error: unknown) =>
      logError('orbit determination could not be marked failed', { jobId: job.id, error: String(error) }));
  }
}

/** Progress from the solution's iteration log (what the job keeps once it ended). */
function progressFrom(solution: { iterations: Array<{ iteration: number; weightedRms: number; rejected: number }> }): OrbitDeterminationProgress {
  const history = solution.iterations.map((i) => ({ iteration: i.iteration, weightedRms: i.weightedRms, rejected: i.rejected }));
  const last = history[history.length - 1] ?? { iteration: 0, weightedRms: Number.NaN, rejected: 0 };
  return { ...last, history };
}

class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
    this.name = 'LeaseLostError';
  }
}
