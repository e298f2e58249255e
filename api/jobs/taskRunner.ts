/**
 * Runs scheduled tasks on the shared leased-job loop (leasedJobRunner.ts). Each pass first turns due tasks into runs
 * (one per task: the latest due slot; every slot missed during downtime collapses into it), with a compare-and-set on
 * the task's `next_run_at` in the same transaction as the run's insert, so instances sharing a database schedule a
 * slot once. Runs are then claimed with a lease (storage/taskRuns.ts), produced on the compute pool as background
 * work (requests go first), stored as a product in one transaction with the run's completion (only by the lease
 * holder), and failures are retried with exponential backoff (`available_at`) before the run is FAILED.
 *
 * Time comes from `clock` so that tests drive schedules, leases and backoff without waiting.
 */
import { randomUUID } from 'node:crypto';
import { Epoch } from '../../engine/time/epoch.ts';
import { type Db, inTransaction } from '../../storage/sql/db.ts';
import { recordChanges } from '../../storage/changes.ts';
import { productReady } from '../../domain/changes/model.ts';
import type { RetryBackoff } from '../../storage/sql/leasedJobs.ts';
import { insertProductStatements } from '../../storage/products.ts';
import type { Product } from '../../domain/products/model.ts';
import { advanceNextRunStatement, findScheduledTaskById, listDueTasks, recordLastRun } from '../../storage/scheduledTasks.ts';
import type { ScheduledTask, TaskRun } from '../../domain/tasks/model.ts';
import { findSpacecraftById } from '../../storage/spacecraft.ts';
import { findLatestEligibleStateVector } from '../../storage/stateVectors.ts';
import { claimNextTaskRun, completeTaskRun, failTaskRun, findTaskRun, insertTaskRunStatement, renewTaskRunLease, supersedeQueuedRunsStatement } from '../../storage/taskRuns.ts';
import { type PackedProduct, packProduct } from '../../domain/products/packing.ts';
import type { AppDeps } from '../context.ts';
import { OD_TIME_BUDGET_MS } from './orbitDeterminationRunner.ts';
import { acceptOrbitDetermination, getOrbitDetermination, startOrbitDetermination } from '../services/orbitDetermination/orbitDeterminations.ts';
import { ApiError, unprocessable } from '../http/errors.ts';
import { logError, logInfo } from '../log.ts';
import type { EarthDataStore } from '../services/earthData.ts';
import { oemGenerationFailed, prepareOemGeneration, runOemTask } from '../services/products/ephemeris.ts';
import { type JobLease, LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';
import { applyTaskRetention, purgeExpiredProducts } from '../services/products/products.ts';
import { spacecraftNotFound } from '../services/spacecraft/spacecraft.ts';
import { predictSpacecraftEvents } from '../services/events.ts';
import { displayId, objectIdOf } from '../services/states/stateVectors.ts';
import { isoMs, latestSlotAtOrBefore, slotAfter } from '../../domain/tasks/schedule.ts';
import { prepareTleGeneration, runTleTask, tleGenerationFailed } from '../services/products/tle.ts';

export interface TaskRunnerOptions extends LeasedJobRunnerOptions {
  /** Current time in ms (default Date.now). */
  clock?: () => number;
  /** Retry delay after a failed attempt: base · 2^(attempt − 1), capped (default 30 s … 15 min). */
  backoff?: RetryBackoff;
  /** Attempts per run before it is FAILED (default 3). */
  maxAttempts?: number;
  /** Due tasks turned into runs per pass (default 50). */
  scheduleBatch?: number;
  /** How often expired products are purged (default every 60 s). */
  sweepEveryMs?: number;
}

/** What the runner uses of the service: the database, the Earth data (every pool task goes through it) and, for
 * ORBIT_DETERMINATION tasks, what the orbit-determination service needs (the OD runner is woken by it). */
export type TaskRunnerDeps = Pick<AppDeps, 'db' | 'earthData'> & Partial<AppDeps>;

/** What a task kind produced: the packed file and its metadata. */
interface Produced {
  kind: Product['kind'];
  fileName: string;
  mediaType: string;
  spanStart: string;
  spanEnd: string;
  packed: PackedProduct;
  summary: Record<string, unknown>;
}

export class TaskRunRunner extends LeasedJobRunner<TaskRun> {
  private readonly clock: () => number;
  private readonly backoff: RetryBackoff;
  private readonly maxAttempts: number;
  private readonly scheduleBatch: number;
  private readonly sweepEveryMs: number;
  private lastSweepMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly deps: TaskRunnerDeps,
    options: TaskRunnerOptions = {},
  ) {
    super('tasks', { pollMs: 1_000, ...options });
    this.clock = options.clock ?? Date.now;
    this.backoff = options.backoff ?? { baseMs: 30_000, maxMs: 15 * 60_000 };
    this.maxAttempts = options.maxAttempts ?? 3;
    this.scheduleBatch = options.scheduleBatch ?? 50;
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
  }

  protected async claim(): Promise<TaskRun | null> {
    await this.scheduleDueRuns();
    await this.sweep();
    return await claimNextTaskRun(this.deps.db, this.owner, this.leaseMs, new Date(this.clock()));
  }

  protected renew(runId: string): Promise<boolean> {
    return renewTaskRunLease(this.deps.db, runId, this.owner, this.leaseMs, this.clock());
  }

  /**
   * Turns every due task (up to `scheduleBatch`) into one run for its latest due slot and moves its next run past
   * now. Returns the number of runs this instance created.
   */
  async scheduleDueRuns(): Promise<number> {
    const nowMs = this.clock();
    const now = isoMs(nowMs);
    const due = await listDueTasks(this.deps.db, now, this.scheduleBatch);
    let created = 0;
    for (const task of due) {
      const slot = latestSlotAtOrBefore(task.schedule, nowMs) ?? Date.parse(task.nextRunAt!);
      const next = slotAfter(task.schedule, nowMs);
      const scheduledFor = isoMs(slot);
      const inserted = await inTransaction(this.deps.db, async (tx) => {
        const advanced = await tx.execute(advanceNextRunStatement(task.id, task.nextRunAt!, next === null ? null : isoMs(next), now));
        if (advanced.rowsAffected !== 1) return false; // another instance scheduled it
        await tx.execute(supersedeQueuedRunsStatement(task.id, scheduledFor, now));
        const result = await tx.execute(
          insertTaskRunStatement({
            id: randomUUID(),
            organizationId: task.organizationId,
            taskId: task.id,
            spacecraftId: task.spacecraftId,
            kind: task.kind,
            scheduledFor,
            dueSince: task.nextRunAt!,
            maxAttempts: this.maxAttempts,
            createdAt: now,
          }),
        );
        return result.rowsAffected === 1;
      });
      if (inserted) created++;
    }
    return created;
  }

  private async sweep(): Promise<void> {
    const nowMs = this.clock();
    if (nowMs - this.lastSweepMs < this.sweepEveryMs) return;
    this.lastSweepMs = nowMs;
    try {
      await purgeExpiredProducts(this.deps.db, nowMs);
    } catch (error) {
      logError('product expiry sweep failed', { error: String(error) });
    }
  }

  protected async run(run: TaskRun, lease: JobLease): Promise<void> {
    const { db } = this.deps;
    const task = await findScheduledTaskById(db, run.taskId);
    if (!task) return; // deleted meanwhile: its runs went with it
    await recordLastRun(db, task.id, { runId: run.id, at: isoMs(this.clock()), status: 'RUNNING', error: null, productId: null });
    try {
      const produced = await this.produce(task, run, lease);
      const nowMs = this.clock();
      const product: Product = {
        id: randomUUID(),
        organizationId: task.organizationId,
        kind: produced.kind,
        status: 'READY',
        spacecraftId: task.spacecraftId,
        taskId: task.id,
        taskRunId: run.id,
        batchId: null,
        fileName: produced.fileName,
        mediaType: produced.mediaType,
        spanStart: produced.spanStart,
        spanEnd: produced.spanEnd,
        contentSha256: produced.packed.sha256,
        sizeBytes: produced.packed.sizeBytes,
        storedBytes: produced.packed.storedBytes,
        encoding: 'deflate',
        chunkBytes: produced.packed.chunkBytes,
        chunkCount: produced.packed.chunks.length,
        summary: produced.summary,
        createdAt: isoMs(nowMs),
        expiresAt: null,
      };
      const committed = await inTransaction(db, async (tx) => {
        if (lease.lost) return false;
        for (const statement of insertProductStatements(product, produced.packed.chunks)) await tx.execute(statement);
        if (!(await completeTaskRun(tx, run.id, this.owner, product.id, nowMs))) throw new LeaseLostError();
        await recordChanges(tx, task.organizationId, [productReady({ productId: product.id, origin: 'TASK_RUN', originId: run.id })], product.createdAt);
        await recordLastRun(tx, task.id, { runId: run.id, at: product.createdAt, status: 'SUCCEEDED', error: null, productId: product.id });
        return true;
      }).catch((error: unknown) => {
        if (error instanceof LeaseLostError) return false;
        throw error;
      });
      if (!committed) {
        logError('task run lease lost before commit; another runner owns it', { runId: run.id, owner: this.owner });
        return;
      }
      logInfo('task run succeeded', { taskId: task.id, runId: run.id, productId: product.id, bytes: product.sizeBytes });
      await applyTaskRetention(db, task, nowMs);
    } catch (error) {
      const reason = error instanceof ApiError ? `${error.error}: ${error.message}` : String((error as Error)?.message ?? error);
      const nowMs = this.clock();
      await failTaskRun(db, run.id, this.owner, reason, this.backoff, nowMs).catch(() => false);
      const after = await findTaskRun(db, run.id);
      if (after) {
        const status = after.status === 'QUEUED' ? 'RETRYING' : after.status;
        await recordLastRun(db, task.id, { runId: run.id, at: isoMs(nowMs), status, error: reason, productId: null });
      }
      logError('task run failed', { taskId: task.id, runId: run.id, attempt: run.attempts, status: after?.status, error: reason });
    }
  }

  /** Produces the file of one run on the pool (background priority). */
  private async produce(task: ScheduledTask, run: TaskRun, lease: JobLease): Promise<Produced> {
    const { db, earthData } = this.deps;
    const spacecraft = await findSpacecraftById(db, task.organizationId, task.spacecraftId);
    if (!spacecraft) throw spacecraftNotFound(task.spacecraftId);
    const reference = Epoch.parseInstant(run.scheduledFor);
    const p = task.parameters;
    switch (task.kind) {
      case 'GENERATE_OEM': {
        const sv = await findLatestEligibleStateVector(db, task.organizationId, spacecraft.id);
        if (!sv) {
          throw unprocessable('NO_ELIGIBLE_STATE', `Spacecraft ${spacecraft.id} has no eligible stored state to propagate`, {
            details: { spacecraftId: spacecraft.id },
          });
        }
        const initial = reference.plusSeconds(Number(p.startOffsetSeconds));
        const final = initial.plusSeconds(Number(p.durationSeconds));
        const prepared = await prepareOemGeneration(db, task.organizationId, sv, spacecraft, {
          initial,
          final,
          stepS: Number(p.timeBetweenPoints),
          referenceFrame: p.referenceFrame as never,
          timeSystem: p.timeSystem as never,
          covarianceFrame: p.includeCovariance ? (p.covarianceFrame as never) : null,
        });
        const { output: result, warnings } = await runOemTask(earthData, 'products.oem', prepared, { background: true });
        if (!result.ok) throw oemGenerationFailed(result);
        return {
          kind: 'OEM',
          fileName: `${objectIdOf(spacecraft)}_${compactTime(run.scheduledFor)}.oem`,
          mediaType: 'text/plain; charset=UTF-8',
          spanStart: initial.toIsoString(3),
          spanEnd: final.toIsoString(3),
          packed: result.product,
          summary: {
            stateVectorId: displayId(sv.displayNumber), pointCount: result.pointCount, truncatedAt: result.truncatedAt,
            warnings: warnings.map((w) => w.message),
          },
        };
      }
      case 'GENERATE_TLE': {
        const epoch = reference.plusSeconds(Number(p.epochOffsetSeconds));
        const prepared = await prepareTleGeneration(db, task.organizationId, spacecraft, epoch);
        const { output: result, warnings } = await runTleTask(earthData, 'products.tle', prepared, { background: true });
        if (!result.ok) throw tleGenerationFailed(result, spacecraft.id, prepared.stateVectorId);
        return {
          kind: 'TLE',
          fileName: `${objectIdOf(spacecraft)}_${compactTime(run.scheduledFor)}.tle`,
          mediaType: 'text/plain; charset=UTF-8',
          spanStart: epoch.toIsoString(3),
          spanEnd: epoch.toIsoString(3),
          packed: result.product,
          summary: { stateVectorId: prepared.stateVectorId, warnings: warnings.map((w) => w.message) },
        };
      }
      case 'ORBIT_DETERMINATION':
        return await this.orbitDetermination(task, run, reference, lease);
      case 'PREDICT_EVENTS': {
        const from = reference.plusSeconds(Number(p.startOffsetSeconds));
        const to = from.plusSeconds(Number(p.durationSeconds));
        const csv = p.format === 'CSV';
        const answer = await predictSpacecraftEvents(
          this.deps as AppDeps,
          task.organizationId,
          spacecraft.id,
          csv ? 'PASSES_CSV' : 'EVENT_PLAN',
          {
            from: from.toIsoString(3),
            to: to.toIsoString(3),
            ...(Array.isArray(p.stationIds) ? { stationIds: p.stationIds as string[] } : {}),
            ...(p.minElevationDeg !== undefined ? { minElevationDeg: String(p.minElevationDeg) } : {}),
            eclipses: p.eclipses !== false,
          },
          { background: true, pack: true },
        );
        const output = answer.output as Extract<typeof answer.output, { product: PackedProduct }>;
        return {
          kind: 'EVENT_PLAN',
          fileName: `${objectIdOf(spacecraft)}_${compactTime(run.scheduledFor)}_events.${csv ? 'csv' : 'json'}`,
          mediaType: csv ? 'text/csv; charset=UTF-8' : 'application/json',
          spanStart: from.toIsoString(3),
          spanEnd: to.toIsoString(3),
          packed: output.product,
          summary: { stateVectorId: answer.basis.stateVectorId, ...output.counts, warnings: answer.warnings.map((w) => w.message) },
        };
      }
      default:
        throw unprocessable('TASK_KIND_NOT_RUNNABLE', `A task of kind ${task.kind} cannot run`, { details: { kind: task.kind } });
    }
  }

  /**
   * ORBIT_DETERMINATION: starts an orbit determination over the span (the OD service's own job, validation and
   * limits), waits for it while this run's lease is renewed, accepts a converged solution when `autoAccept`, and
   * stores the solution (the OD's JSON view) as the product. A fit that does not converge fails the run with its reason.
   */
  private async orbitDetermination(task: ScheduledTask, run: TaskRun, reference: Epoch, lease: JobLease): Promise<Produced> {
    const deps = this.deps as AppDeps;
    const p = task.parameters;
    const start = reference.plusSeconds(Number(p.startOffsetSeconds));
    const end = start.plusSeconds(Number(p.durationSeconds));
    const started = await startOrbitDetermination(deps, task.organizationId, {
      spacecraftId: task.spacecraftId,
      startDate: start.toIsoString(3),
      endDate: end.toIsoString(3),
    } as never);
    const deadline = Date.now() + OD_TIME_BUDGET_MS + 60_000;
    let od = await getOrbitDetermination(deps.db, task.organizationId, started.id);
    while (od.status === 'QUEUED' || od.status === 'RUNNING') {
      if (lease.lost) throw new Error(`lease lost while waiting for orbit determination ${od.id}`);
      if (Date.now() > deadline) throw unprocessable('OD_TIMEOUT', `Orbit determination ${od.id} did not finish in time`, { details: { orbitDeterminationId: od.id } });
      await new Promise((resolve) => setTimeout(resolve, OD_POLL_MS));
      od = await getOrbitDetermination(deps.db, task.organizationId, started.id);
    }
    if (od.status !== 'SUCCEEDED' || od.converged !== true) {
      throw unprocessable('OD_NOT_CONVERGED', `Orbit determination ${od.id} ended ${od.status}${od.error ? `: ${od.error}` : ''}`, {
        details: { orbitDeterminationId: od.id, status: od.status },
      });
    }
    const accepted = p.autoAccept ? (await acceptOrbitDetermination(deps, task.organizationId, od.id)).stateVector : null;
    // The OD as it is now (accepted: it names its state vector).
    const finished = accepted ? await getOrbitDetermination(deps.db, task.organizationId, od.id) : od;
    const text = `${JSON.stringify({ orbitDetermination: finished, acceptedStateVector: accepted }, null, 2)}\n`;
    return {
      kind: 'OD_SOLUTION',
      fileName: `${task.spacecraftId}_${compactTime(run.scheduledFor)}_od.json`,
      mediaType: 'application/json',
      spanStart: start.toIsoString(3),
      spanEnd: end.toIsoString(3),
      // A few kB of JSON: deflated here, it costs far less than a round trip to a worker.
      packed: packProduct(new TextEncoder().encode(text)),
      summary: { orbitDeterminationId: od.id, converged: true, acceptedStateVectorId: accepted?.id ?? null },
    };
  }
}

/** How often a run polls the orbit determination it started, and how long it waits at most (the OD's own budget). */
const OD_POLL_MS = 1_000;

/** `2026-03-01T06:00:00.000Z` → `20260301T060000Z` (file names). */
function compactTime(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
    this.name = 'LeaseLostError';
  }
}
