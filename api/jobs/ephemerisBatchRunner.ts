/**
 * Runs batch OEM jobs on the shared leased-job loop (leasedJobRunner.ts), their items shared over every instance
 * sharing the database. Each instance runs one runner; what it claims is either a batch or a slice of one:
 *
 * - The batch's lease holder (its "coordinator", one at a time: the batch is a leased job) cuts it into slices of
 *   `sliceItems` consecutive items (storage/ephemerisBatchSlices.ts; kept when the batch is taken over, with what they
 *   stored), runs slices of it itself, waits while other instances run the rest, and once every slice has succeeded
 *   assembles the ZIP — exactly once, since only the batch's lease holder assembles and its completion commits only
 *   while it holds the lease — then deletes the stored entries.
 * - Beside its batch loop, each runner has slice lanes (`sliceLanes`, default 1) that claim slices of any running
 *   batch (a leased row: a killed runner's slice is taken over once its lease expires). The lanes and the batch loop
 *   share one owner and `concurrency` item slots; the batch loop never runs another batch's slices, so a batch whose
 *   coordinator died is taken over within its lease plus a poll even by an instance busy with slices.
 *
 * A slice's items are fanned out over the instance's workers as background pool work (at most `concurrency` in
 * flight); each worker returns its OEM already deflated as a ZIP entry (ZipEntryData). The entries, or the items'
 * failures, are stored with the slice's progress every `progressEveryMs` (or `entryFlushBytes`), and the last ones with
 * the slice's completion in one transaction — every write only while the runner holds the slice's lease (its
 * statement checks it): a runner that lost its lease stores nothing more and stops; the next holder removes what it
 * had stored and runs the slice again, so each item is stored once. An item that fails (what is wrong with the item:
 * unknown state, no eligible state, covariance, force model, propagation, compute budget) is an item failure; only
 * infrastructure (database, pool) fails a slice's attempt (retried; a slice that fails for good fails the batch).
 *
 * The ZIP is assembled from the stored entries in item order with fflate's streaming Zip (the entries are not
 * deflated again) into the product's pieces: a few entries read per statement, each piece written as it fills, so
 * memory holds less than a piece plus a page of entries whatever the item count; `manifest.csv` (every item, in
 * order) is deflated on a worker. Progress (items done / failed) is the sum of the slices' counters, visible in the
 * batch's status while it runs; a cancel stops every slice within about a second (their next progress write) and the
 * coordinator ends the batch and deletes what was stored. stop(): the runner's slice is given back at once and, on the
 * coordinator, the batch goes back to the queue (kept slices are not run again). The request side (validation,
 * queueing, status, cancel) is api/services/products/ephemerisBatch.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Zip, type ZipInputFile } from 'fflate';
import { Epoch } from '../../engine/time/epoch.ts';
import { type Db, inTransaction, type SqlExecutor } from '../../storage/sql/db.ts';
import { recordChanges } from '../../storage/changes.ts';
import { productReady } from '../../domain/changes/model.ts';
import { type ClaimedBatch, claimNextBatch, completeBatch, failBatch, findBatch, finishCancelledBatch, renewBatchLease, unfinishedBatchProducts } from '../../storage/ephemerisBatches.ts';
import {
  abandonBatchSlices, batchSliceStates, type ClaimedSlice, claimNextBatchSlice, completeBatchSlice, deleteBatchEntries, endBatchSliceCancelled, ensureBatchSlices,
  failBatchSlice, finishedBatchesWithLeftovers, insertBatchFailures, readBatchEntries, reconcileBatchProgress, refreshBatchProgress, releaseBatchSlice,
  renewBatchSliceLease, storeSliceEntries,
} from '../../storage/ephemerisBatchSlices.ts';
import { BATCH_SLICE_ITEMS, batchSlices, type BatchFailure, type BatchItemEntry } from '../../domain/ephemerisBatch/model.ts';
import type { RetryBackoff } from '../../storage/sql/leasedJobs.ts';
import { finishProductStatement, insertChunkStatement, insertProductStatement } from '../../storage/products.ts';
import { findSpacecraftById } from '../../storage/spacecraft.ts';
import { type Spacecraft } from '../../domain/spacecraft/model.ts';
import { findLatestEligibleStateVector, findStateVector } from '../../storage/stateVectors.ts';
import type { StateVectorRecord } from '../../domain/stateVectors/model.ts';
import { type ComputePool, TaskTimeoutError } from '../../workers/poolTypes.ts';
import { PRODUCT_CHUNK_BYTES, type ZipEntryData } from '../../domain/products/packing.ts';
import type { EarthDataStore } from '../services/earthData.ts';
import { ApiError, notFound, unprocessable } from '../http/errors.ts';
import { logError, logInfo } from '../log.ts';
import type { BatchItem } from '../../domain/ephemerisBatch/request.ts';
import { oemGenerationFailed, prepareOemGeneration, runOemTask } from '../services/products/ephemeris.ts';
import { type JobLease, LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';
import { deleteProduct } from '../services/products/products.ts';
import { displayId, parseDisplayId } from '../services/states/stateVectors.ts';

const DAY_MS = 86_400_000;
/** Attempts of a slice (a runner that dies or fails on it each time): then the batch fails. */
const SLICE_MAX_ATTEMPTS = 3;
/** Stored entries read per statement while assembling (one-day OEMs at 60 s are ~70 kB each deflated). */
const ENTRIES_PER_READ = 16;
/** How often leftovers of finished batches (entries, unfinished slices) are looked for. */
const SWEEP_EVERY_MS = 60_000;

export interface BatchRunnerOptions extends LeasedJobRunnerOptions {
  clock?: () => number;
  /** OEMs in flight at once (default 2 × pool size: every worker busy, the next item ready). */
  concurrency?: number;
  /** Bytes per stored ZIP piece (default PRODUCT_CHUNK_BYTES, 256 KiB: one INSERT ≈ 1.5 ms on the event loop; 512 KiB ≈ 3.3 ms). */
  pieceBytes?: number;
  /** Progress (and the entries finished since) is written at most this often (default 1 s). */
  progressEveryMs?: number;
  /** Entries are also written once this many bytes of them wait (default 1 MiB). */
  entryFlushBytes?: number;
  /** Items per slice of a batch this runner cuts (default BATCH_SLICE_ITEMS, 250). */
  sliceItems?: number;
  /** How often the coordinator looks again while other instances run its batch's last slices (default 250 ms). */
  slicePollMs?: number;
  /**
   * Claim loops for slices of any batch beside the batch loop (default 1; 0: this runner runs only the slices of the
   * batches it coordinates). They share the runner's `concurrency`.
   */
  sliceLanes?: number;
  backoff?: RetryBackoff;
}

export interface BatchRunnerDeps {
  db: Db;
  pool: ComputePool;
  earthData: EarthDataStore;
}

/** High-water marks of the last batch this runner assembled (tests and the benchmark check that memory stays bounded). */
export interface BatchRunStats {
  items: number;
  /** Slices of the batch this runner ran (the others ran elsewhere). */
  slicesRun: number;
  maxInFlight: number;
  maxBufferedBytes: number;
  zipBytes: number;
  /** Longest single ZIP step on the event loop (one entry added: headers, copy, hash), ms. */
  maxZipStepMs: number;
  /** Longest single piece write (one INSERT of `pieceBytes`), ms. */
  maxPieceWriteMs: number;
  /** Event-loop time spent on the ZIP and its pieces in total, ms. */
  zipAndWriteMs: number;
  /** Event-loop delay while the batch ran (everything the process did, requests included): p99 and max, ms. */
  eventLoopDelayP99Ms: number | null;
  eventLoopDelayMaxMs: number | null;
}

/** ZIP without ZIP64 (fflate): offsets and sizes must stay below 4 GiB; keep room for the central directory. */
const ZIP_LIMIT_BYTES = 0xffffffff - 64 * 2 ** 20;

type ItemOutcome = { ok: true; name: string; stateVectorId: string; spacecraftId: string; entry: ZipEntryData; spanStart: string; spanEnd: string } | { ok: false; error: string; message: string };

/** What a runner claims: a batch (it coordinates it) or a slice of a batch another runner coordinates. */
export type BatchWork = { id: string; kind: 'batch'; batch: ClaimedBatch };

type SliceOutcome = 'done' | 'lease-lost' | 'cancelled' | 'interrupted';

/** A lease this runner renews itself (a slice the coordinator runs inside its batch's run). */
interface OwnLease {
  lost: boolean;
}

/**
 * The instance's batch runner: the batch loop (this class: claims batches, coordinates them) and `sliceLanes` slice
 * loops (SliceLane: claim slices of any batch), under one owner, sharing `concurrency` item slots. The batch loop is
 * never busy with another batch's slices, so a batch whose coordinator died is taken over within its lease plus a poll
 * even while this instance runs slices.
 */
export class EphemerisBatchRunner extends LeasedJobRunner<BatchWork> {
  private readonly clock: () => number;
  private readonly concurrency: number;
  private readonly pieceBytes: number;
  private readonly progressEveryMs: number;
  private readonly entryFlushBytes: number;
  private readonly sliceItems: number;
  private readonly slicePollMs: number;
  private readonly backoff: RetryBackoff;
  lastRunStats: BatchRunStats | null = null;
  /** Set by stop(): the slice in progress is given back and the batch put back in the queue instead of holding shutdown for minutes. */
  private interrupted = false;
  private lastSweep = Number.NEGATIVE_INFINITY;
  private readonly lanes: SliceLane[];
  /** Item slots shared by the batch loop and the slice lanes. */
  private readonly slots: Slots;

  constructor(
    private readonly deps: BatchRunnerDeps,
    options: BatchRunnerOptions = {},
  ) {
    super('batches', options);
    this.clock = options.clock ?? Date.now;
    this.concurrency = options.concurrency ?? Math.max(2, 2 * deps.pool.stats().size);
    this.pieceBytes = options.pieceBytes ?? PRODUCT_CHUNK_BYTES;
    this.progressEveryMs = options.progressEveryMs ?? 1_000;
    this.entryFlushBytes = options.entryFlushBytes ?? 2 ** 20;
    this.sliceItems = options.sliceItems ?? BATCH_SLICE_ITEMS;
    this.slicePollMs = options.slicePollMs ?? 250;
    this.backoff = options.backoff ?? { baseMs: 30_000, maxMs: 10 * 60_000 };
    this.slots = new Slots(this.concurrency);
    this.lanes = Array.from({ length: Math.max(0, options.sliceLanes ?? 1) }, () => new SliceLane(this, { ...options, owner: this.owner }));
  }

  override get active(): boolean {
    return super.active || this.lanes.some((lane) => lane.active);
  }

  override start(): void {
    this.interrupted = false;
    super.start();
    for (const lane of this.lanes) lane.start();
  }

  override wake(): void {
    super.wake();
    for (const lane of this.lanes) lane.wake();
  }

  override async stop(): Promise<void> {
    this.interrupted = true;
    await Promise.all([super.stop(), ...this.lanes.map((lane) => lane.stop())]);
  }

  // drain() (the loop's, also what wake() runs) runs batches until none is claimable, each with every slice of it that
  // it can claim: the lanes run their own loops once started and are not drained here.

  /** The next batch to coordinate (slices are the lanes'). */
  protected async claim(): Promise<BatchWork | null> {
    if (this.interrupted) return null;
    await this.sweep();
    const batch = await claimNextBatch(this.deps.db, this.owner, this.leaseMs, new Date(this.clock()));
    return batch ? { id: batch.id, kind: 'batch', batch } : null;
  }

  /** A slice lane's claim: the next slice of any running batch. */
  claimSlice(): Promise<ClaimedSlice | null> {
    if (this.interrupted) return Promise.resolve(null);
    return claimNextBatchSlice(this.deps.db, this.owner, this.leaseMs, new Date(this.clock()));
  }

  /** A slice lane's renewal of its claim. */
  renewSlice(slice: ClaimedSlice): Promise<boolean> {
    return renewBatchSliceLease(this.deps.db, slice.id, slice.holder, this.leaseMs, this.clock());
  }

  /** A slice lane's run. */
  async runLaneSlice(slice: ClaimedSlice, lease: JobLease): Promise<void> {
    await this.runClaimedSlice(slice, lease, new Map(), null);
  }

  protected renew(id: string): Promise<boolean> {
    return renewBatchLease(this.deps.db, id, this.owner, this.leaseMs, this.clock());
  }

  protected async run(work: BatchWork, lease: JobLease): Promise<void> {
    await this.runBatch(work.batch, lease);
  }

  /** Leftovers of batches that ended while their runner was gone (entries, unfinished slices), at most once a minute. */
  private async sweep(): Promise<void> {
    const nowMs = this.clock();
    if (nowMs - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = nowMs;
    try {
      for (const id of await finishedBatchesWithLeftovers(this.deps.db)) await abandonBatchSlices(this.deps.db, id, 'the batch ended', new Date(nowMs).toISOString());
    } catch (error) {
      logError('batch leftovers sweep failed', { error: String(error) });
    }
  }

  /** One claimed slice to its end: completed, given back (stop), cancelled, lease lost, or its attempt failed. */
  protected async runClaimedSlice(slice: ClaimedSlice, lease: OwnLease, spacecraftCache: Map<string, Spacecraft>, stats: BatchRunStats | null): Promise<SliceOutcome | 'failed'> {
    const { db } = this.deps;
    try {
      const outcome = await this.runSlice(slice, lease, spacecraftCache, stats);
      const nowMs = this.clock();
      if (outcome === 'cancelled') await endBatchSliceCancelled(db, slice.id, slice.holder, nowMs);
      else if (outcome === 'interrupted') await releaseBatchSlice(db, slice.id, slice.holder, new Date(nowMs).toISOString());
      else if (outcome === 'lease-lost') logError('batch slice lease lost; another claim holds it', { sliceId: slice.id, holder: slice.holder });
      return outcome;
    } catch (error) {
      logError('batch slice failed', { sliceId: slice.id, attempt: slice.attempts, error: String(error) });
      await failBatchSlice(db, slice.id, slice.holder, String((error as Error)?.message ?? error), true, this.clock()).catch(() => false);
      return 'failed';
    }
  }

  /** A slice the coordinator runs inside its batch's run: its lease renewed here. */
  private async runOwnSlice(slice: ClaimedSlice, spacecraftCache: Map<string, Spacecraft>, stats: BatchRunStats): Promise<SliceOutcome | 'failed'> {
    const lease: OwnLease = { lost: false };
    const renewal = setInterval(() => {
      renewBatchSliceLease(this.deps.db, slice.id, slice.holder, this.leaseMs, this.clock())
        .then((held) => {
          if (!held) lease.lost = true;
        })
        .catch((error: unknown) => logError('slice lease renewal failed', { sliceId: slice.id, error: String(error) }));
    }, Math.max(1000, this.leaseMs / 3));
    try {
      return await this.runClaimedSlice(slice, lease, spacecraftCache, stats);
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * The batch, as its lease holder: its slices (made unless a runner before made them), those it can claim run here,
   * then — every slice succeeded — the ZIP assembled and the batch completed.
   */
  private async runBatch(job: ClaimedBatch, lease: JobLease): Promise<void> {
    const { db } = this.deps;
    const loopDelay = eventLoopDelayMonitor();
    let productId: string | null = null;
    try {
      // A killed earlier attempt may have left a partial ZIP: removed (its slices and their entries are kept).
      for (const stale of await unfinishedBatchProducts(db, job.id)) await deleteProduct(db, stale);
      const lines = job.itemsNdjson.split('\n');
      await ensureBatchSlices(db, job, lines, batchSlices(job.itemCount, this.sliceItems), SLICE_MAX_ATTEMPTS);
      if (job.attempts > 1) await reconcileBatchProgress(db, job.id, this.owner, new Date(this.clock()).toISOString());
      const stats: BatchRunStats = {
        items: job.itemCount, slicesRun: 0, maxInFlight: 0, maxBufferedBytes: 0, zipBytes: 0, maxZipStepMs: 0, maxPieceWriteMs: 0, zipAndWriteMs: 0,
        eventLoopDelayP99Ms: null, eventLoopDelayMaxMs: null,
      };
      const spacecraftCache = new Map<string, Spacecraft>();
      for (;;) {
        if (this.interrupted) return await this.interruptBatch(job, 'before its slices were done');
        if (lease.lost) {
          logError('batch lease lost; another runner owns it', { batchId: job.id, owner: this.owner });
          return;
        }
        const slice = await claimNextBatchSlice(db, this.owner, this.leaseMs, new Date(this.clock()), job.id);
        if (slice) {
          const outcome = await this.runOwnSlice(slice, spacecraftCache, stats);
          if (outcome === 'done') stats.slicesRun++;
          if (outcome === 'interrupted') return await this.interruptBatch(job, `in slice ${slice.index}`);
          continue;
        }
        const progress = await refreshBatchProgress(db, job.id, new Date(this.clock()).toISOString());
        if (!progress.running) {
          logError('batch no longer running under this runner', { batchId: job.id, owner: this.owner });
          return;
        }
        if (progress.cancelRequested) return await this.cancelBatch(job);
        const states = await batchSliceStates(db, job.id);
        if ((states.byStatus.FAILED ?? 0) > 0) {
          await failBatch(db, job.id, this.owner, `a slice failed: ${states.failedError}`, false, this.backoff, this.clock());
          await abandonBatchSlices(db, job.id, 'the batch failed', new Date(this.clock()).toISOString());
          return;
        }
        if ((states.byStatus.SUCCEEDED ?? 0) === states.total) break;
        // the rest runs on other instances (or waits for a dead runner's lease to expire: then it is claimed here)
        await sleep(this.slicePollMs);
      }

      productId = randomUUID();
      const createdAt = new Date(this.clock()).toISOString();
      await db.execute(
        insertProductStatement({
          id: productId, organizationId: job.organizationId, kind: 'OEM_BATCH', status: 'WRITING', spacecraftId: null, taskId: null, taskRunId: null,
          batchId: job.id, fileName: `ephemerides-${job.id}.zip`, mediaType: 'application/zip', spanStart: null, spanEnd: null, contentSha256: null,
          sizeBytes: null, storedBytes: null, encoding: 'identity', chunkBytes: this.pieceBytes, chunkCount: null, summary: {}, createdAt, expiresAt: null,
        }),
      );
      const result = await this.assembleZip(job, lease, productId, stats);
      if (result.outcome === 'cancelled') {
        await deleteProduct(db, productId);
        await this.cancelBatch(job);
        return;
      }
      if (result.outcome === 'interrupted') {
        await deleteProduct(db, productId);
        await this.interruptBatch(job, 'while assembling its ZIP');
        return;
      }
      if (result.outcome === 'lease-lost') {
        await deleteProduct(db, productId);
        logError('batch lease lost; another runner owns it', { batchId: job.id, owner: this.owner });
        return;
      }
      if (loopDelay) {
        stats.eventLoopDelayP99Ms = loopDelay.percentile(99) / 1e6;
        stats.eventLoopDelayMaxMs = loopDelay.max / 1e6;
      }
      this.lastRunStats = stats;
      const nowMs = this.clock();
      const committed = await inTransaction(db, async (tx) => {
        await tx.execute(
          finishProductStatement(productId!, {
            contentSha256: result.sha256, sizeBytes: result.size, storedBytes: result.size, chunkCount: result.pieces,
            spanStart: result.spanStart, spanEnd: result.spanEnd, createdAt: new Date(nowMs).toISOString(),
            expiresAt: new Date(nowMs + job.retentionDays * DAY_MS).toISOString(),
            summary: { itemCount: job.itemCount, itemsSucceeded: result.done - result.failed, itemsFailed: result.failed, spacecraftIds: result.spacecraftIds },
          }),
        );
        await insertBatchFailures(tx, job.id, result.newFailures);
        if (!(await completeBatch(tx, job.id, this.owner, productId!, result.done, result.failed, nowMs))) throw new Error('lease lost before commit');
        await recordChanges(tx, job.organizationId, [productReady({ productId: productId!, origin: 'EPHEMERIS_BATCH', originId: job.id })], new Date(nowMs).toISOString());
        return true;
      }).catch((error: unknown) => {
        logError('batch commit failed', { batchId: job.id, error: String(error) });
        return false;
      });
      if (!committed) {
        await deleteProduct(db, productId).catch(() => undefined);
        return;
      }
      // the ZIP holds them now (a failure here leaves them to the sweep)
      await deleteBatchEntries(db, job.id).catch((error: unknown) => logError('batch entries not deleted', { batchId: job.id, error: String(error) }));
      logInfo('batch succeeded', { batchId: job.id, failed: result.failed, bytes: result.size, ...this.lastRunStats });
    } catch (error) {
      logError('batch failed', { batchId: job.id, attempt: job.attempts, error: String(error) });
      if (productId) await deleteProduct(db, productId).catch(() => undefined);
      await failBatch(db, job.id, this.owner, String((error as Error)?.message ?? error), true, this.backoff, this.clock()).catch(() => false);
      // failed for good: what its slices stored goes too
      const after = await findBatch(db, job.organizationId, job.id).catch(() => null);
      if (after?.status === 'FAILED') await abandonBatchSlices(db, job.id, 'the batch failed', new Date(this.clock()).toISOString()).catch(() => undefined);
    } finally {
      loopDelay?.disable();
    }
  }

  /** Shutting down: the batch back to the queue at once; the next runner (here after a restart, or another instance) goes on with its slices. */
  private async interruptBatch(job: ClaimedBatch, where: string): Promise<void> {
    await failBatch(this.deps.db, job.id, this.owner, 'interrupted by a shutdown; started again by the next runner', true, { baseMs: 0, maxMs: 0 }, this.clock());
    logInfo('batch interrupted by shutdown', { batchId: job.id, where });
  }

  /** The cancel asked for: every unfinished slice ended (their runners store nothing more), the stored entries deleted, the batch CANCELLED. */
  private async cancelBatch(job: ClaimedBatch): Promise<void> {
    const nowIso = new Date(this.clock()).toISOString();
    await abandonBatchSlices(this.deps.db, job.id, 'cancelled by the client', nowIso);
    await finishCancelledBatch(this.deps.db, job.id, this.owner, nowIso);
    logInfo('batch cancelled', { batchId: job.id });
  }

  /**
   * Runs one slice's items (at most `concurrency` in flight) and stores their outcomes while holding its lease: every
   * `progressEveryMs` or `entryFlushBytes` with the slice's progress, the rest with its completion.
   */
  private async runSlice(slice: ClaimedSlice, lease: OwnLease, spacecraftCache: Map<string, Spacecraft>, stats: BatchRunStats | null): Promise<SliceOutcome> {
    const { db } = this.deps;
    const lines = slice.itemCount === 0 ? [] : slice.itemsNdjson.split('\n');
    if (lines.length !== slice.itemCount) throw new Error(`slice ${slice.id}: ${lines.length} items stored, ${slice.itemCount} expected`);
    let pending: BatchItemEntry[] = [];
    let pendingBytes = 0;
    let done = 0;
    let failed = 0;
    let next = 0;
    let lastProgress = this.clock();
    const inFlight = new Set<Promise<void>>();
    /** Starts the next item in a slot already acquired. */
    const startItem = () => {
      const index = slice.firstItem + next;
      const item = JSON.parse(lines[next++]!) as BatchItem;
      const running: Promise<void> = this.item(slice.organizationId, index, item, spacecraftCache).then((outcome) => {
        inFlight.delete(running);
        finishItem(index, item, outcome);
      }).finally(() => this.slots.release());
      inFlight.add(running);
      if (stats) stats.maxInFlight = Math.max(stats.maxInFlight, inFlight.size);
    };
    const finishItem = (index: number, item: BatchItem, outcome: ItemOutcome) => {
      done++;
      if (outcome.ok) {
        const { entry } = outcome;
        pending.push({
          index, ok: true, name: outcome.name, stateVectorId: outcome.stateVectorId, spacecraftId: outcome.spacecraftId, crc: entry.crc, sizeBytes: entry.sizeBytes,
          data: entry.data, spanStart: outcome.spanStart, spanEnd: outcome.spanEnd,
        });
        pendingBytes += entry.data.length;
      } else {
        failed++;
        pending.push({ index, ok: false, stateVectorId: item.stateVectorId ?? '', spacecraftId: item.spacecraftId ?? '', error: outcome.error, message: outcome.message });
      }
      pendingBytes += 200;
    };
    const settle = async <T extends SliceOutcome>(outcome: T): Promise<T> => {
      await Promise.allSettled(inFlight);
      return outcome;
    };
    for (;;) {
      while (next < lines.length && !this.interrupted && this.slots.tryAcquire()) startItem();
      if (inFlight.size === 0) {
        if (next >= lines.length) break;
        // nothing in flight and items not started: stop() came between two items (no item was running to be awaited
        // below; completing here would store a partial slice as done) — or the other loop of this runner holds every
        // slot: wait for one
        if (this.interrupted) return 'interrupted';
        await this.slots.acquire();
        startItem();
        continue;
      }
      await Promise.race(inFlight);
      if (this.interrupted) return await settle('interrupted');
      if (lease.lost) return await settle('lease-lost');
      const nowMs = this.clock();
      if (pendingBytes >= this.entryFlushBytes || nowMs - lastProgress >= this.progressEveryMs) {
        lastProgress = nowMs;
        const batch = pending;
        pending = [];
        pendingBytes = 0;
        if (!(await storeSliceEntries(db, slice, slice.holder, batch, { done, failed }, new Date(nowMs).toISOString()))) return await settle('lease-lost');
        const progress = await refreshBatchProgress(db, slice.batchId, new Date(nowMs).toISOString());
        if (progress.cancelRequested) return await settle('cancelled');
      }
    }
    if (lease.lost) return 'lease-lost';
    if (!(await completeBatchSlice(db, slice, slice.holder, pending, { done, failed }, this.clock()))) return 'lease-lost';
    await refreshBatchProgress(db, slice.batchId, new Date(this.clock()).toISOString());
    return 'done';
  }

  /**
   * The ZIP from the stored outcomes, in item order (a page of entries per statement, each piece written as it fills),
   * then the manifest and the central directory.
   */
  private async assembleZip(job: ClaimedBatch, lease: JobLease, productId: string, stats: BatchRunStats) {
    const { db, pool } = this.deps;
    const writer = new PieceWriter(db, productId, this.pieceBytes);
    let zipError: unknown = null;
    const zip = new Zip((error, data) => {
      if (error) zipError = error;
      else writer.append(data);
    });
    const mtime = new Date(job.createdAt);
    const addEntry = (name: string, entry: ZipEntryData) => {
      const file: ZipInputFile = { filename: name, size: entry.sizeBytes, crc: entry.crc, compression: 8, mtime };
      zip.add(file);
      file.ondata!(null, entry.data as Uint8Array<ArrayBuffer>, true);
    };
    writer.onPieceWritten = (ms) => {
      stats.maxPieceWriteMs = Math.max(stats.maxPieceWriteMs, ms);
      stats.zipAndWriteMs += ms;
    };
    const manifest: string[] = [];
    const newFailures: BatchFailure[] = [];
    const spacecraftIds = new Set<string>();
    let spanStart: string | null = null;
    let spanEnd: string | null = null;
    let failed = 0;
    let next = 0;
    let lastCheck = this.clock();
    for (;;) {
      const page = await readBatchEntries(db, job.id, next, ENTRIES_PER_READ);
      if (page.length === 0) break;
      for (const stored of page) {
        if (stored.index !== next) throw new Error(`batch ${job.id}: item ${next} has no stored outcome`);
        next++;
        let entry: BatchItemEntry = stored;
        if (entry.ok && writer.size + entry.data.length > ZIP_LIMIT_BYTES) {
          entry = { index: entry.index, ok: false, stateVectorId: entry.stateVectorId, spacecraftId: entry.spacecraftId, error: 'ZIP_SIZE_LIMIT', message: 'the ZIP would exceed 4 GiB; split the batch' };
          newFailures.push({ index: entry.index, error: entry.error, message: entry.message });
        }
        if (entry.ok) {
          const started = performance.now();
          addEntry(entry.name, { data: entry.data, crc: entry.crc, sizeBytes: entry.sizeBytes });
          const stepMs = performance.now() - started;
          stats.maxZipStepMs = Math.max(stats.maxZipStepMs, stepMs);
          stats.zipAndWriteMs += stepMs;
          spacecraftIds.add(entry.spacecraftId);
          if (spanStart === null || entry.spanStart < spanStart) spanStart = entry.spanStart;
          if (spanEnd === null || entry.spanEnd > spanEnd) spanEnd = entry.spanEnd;
          manifest.push(csv([entry.index, entry.stateVectorId, entry.spacecraftId, 'OK', entry.name, '', '']));
        } else {
          failed++;
          manifest.push(csv([entry.index, entry.stateVectorId, entry.spacecraftId, 'FAILED', '', entry.error, entry.message]));
        }
        if (zipError) throw zipError;
        stats.maxBufferedBytes = Math.max(stats.maxBufferedBytes, writer.buffered);
        await writer.flush(false);
      }
      if (this.interrupted) return { outcome: 'interrupted' as const };
      if (lease.lost) return { outcome: 'lease-lost' as const };
      const nowMs = this.clock();
      if (nowMs - lastCheck >= this.progressEveryMs) {
        lastCheck = nowMs;
        const progress = await refreshBatchProgress(db, job.id, new Date(nowMs).toISOString());
        if (!progress.running) return { outcome: 'lease-lost' as const };
        if (progress.cancelRequested) return { outcome: 'cancelled' as const };
      }
    }
    if (next !== job.itemCount) throw new Error(`batch ${job.id}: ${next} of ${job.itemCount} items have a stored outcome`);
    // The manifest lists every item; it is deflated on a worker like the OEMs.
    addEntry('manifest.csv', await pool.run('products.textZipEntry', { text: `index,stateVectorId,spacecraftId,status,file,error,message\n${manifest.join('\n')}\n` }, { background: true }));
    zip.end();
    if (zipError) throw zipError;
    await writer.flush(true);
    stats.zipBytes = writer.size;
    return {
      outcome: 'done' as const, done: next, failed, newFailures, size: writer.size, pieces: writer.pieces, sha256: writer.digest(),
      spanStart, spanEnd, spacecraftIds: [...spacecraftIds],
    };
  }

  /** One item: its state, the OEM on a worker (background), as a ZIP entry; an ApiError becomes the item's error. */
  private async item(organizationId: string, index: number, item: BatchItem, spacecraftCache: Map<string, Spacecraft>): Promise<ItemOutcome> {
    const { db, pool } = this.deps;
    try {
      let sv: StateVectorRecord | null;
      if (item.stateVectorId !== undefined) {
        sv = await findStateVector(db, organizationId, parseDisplayId(item.stateVectorId));
        if (!sv) throw notFound(`State vector ${item.stateVectorId} not found`, 'NOT_FOUND');
      } else {
        sv = await findLatestEligibleStateVector(db, organizationId, item.spacecraftId!);
        if (!sv) throw unprocessable('NO_ELIGIBLE_STATE', `Spacecraft ${item.spacecraftId} has no eligible stored state (or does not exist)`);
      }
      let spacecraft = spacecraftCache.get(sv.spacecraftId);
      if (!spacecraft) {
        spacecraft = (await findSpacecraftById(db, organizationId, sv.spacecraftId))!;
        if (spacecraftCache.size >= 1000) spacecraftCache.clear();
        spacecraftCache.set(spacecraft.id, spacecraft);
      }
      const prepared = await prepareOemGeneration(db, organizationId, sv, spacecraft, {
        initial: Epoch.parseInstant(item.initialDate),
        final: Epoch.parseInstant(item.finalDate),
        stepS: item.stepS,
        referenceFrame: item.referenceFrame as never,
        timeSystem: item.timeSystem as never,
        covarianceFrame: item.covarianceFrame as never,
      });
      const { output: result } = await runOemTask(this.deps.earthData, 'products.oemZipEntry', prepared, { background: true });
      if (!result.ok) throw oemGenerationFailed(result);
      const svId = displayId(sv.displayNumber);
      return {
        ok: true,
        name: `${String(index).padStart(5, '0')}_${safeName(prepared.input.objectId)}_${svId}.oem`,
        stateVectorId: svId,
        spacecraftId: spacecraft.id,
        entry: result.entry,
        spanStart: item.initialDate.slice(0, 23) + 'Z',
        spanEnd: item.finalDate.slice(0, 23) + 'Z',
      };
    } catch (error) {
      // What is wrong with this item fails this item; only infrastructure (database, pool, lease) fails the batch.
      if (error instanceof ApiError) return { ok: false, error: error.error, message: error.message };
      if (error instanceof TaskTimeoutError) return { ok: false, error: 'COMPUTE_TIME_BUDGET_EXCEEDED', message: error.message };
      throw error;
    }
  }
}

/** Appends a stream of bytes to a product as pieces of exactly `pieceBytes` (the last shorter), hashing as it goes. */
class PieceWriter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private readonly hash = createHash('sha256');
  size = 0;
  pieces = 0;
  onPieceWritten: (ms: number) => void = () => undefined;

  constructor(
    private readonly db: SqlExecutor,
    private readonly productId: string,
    private readonly pieceBytes: number,
  ) {}

  get buffered(): number {
    return this.pendingBytes;
  }

  append(data: Uint8Array): void {
    this.pending.push(data);
    this.pendingBytes += data.length;
    this.size += data.length;
    this.hash.update(data);
  }

  /** Stores every complete piece (and, when `final`, the rest). */
  async flush(final: boolean): Promise<void> {
    while (this.pendingBytes >= this.pieceBytes || (final && this.pendingBytes > 0)) {
      const started = performance.now();
      const piece = this.take(Math.min(this.pieceBytes, this.pendingBytes));
      await this.db.execute(insertChunkStatement(this.productId, this.pieces++, piece));
      this.onPieceWritten(performance.now() - started);
    }
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  private take(n: number): Uint8Array {
    const piece = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const head = this.pending[0]!;
      const count = Math.min(head.length, n - at);
      piece.set(head.subarray(0, count), at);
      at += count;
      if (count === head.length) this.pending.shift();
      else this.pending[0] = head.subarray(count);
    }
    this.pendingBytes -= n;
    return piece;
  }
}

/** Node's event-loop delay histogram (10 ms resolution), or null where the runtime lacks it. */
/** A started event-loop delay histogram (10 ms resolution), or null where the runtime has none. */
export function eventLoopDelayMonitor(): IntervalHistogram | null {
  try {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    return histogram;
  } catch {
    return null;
  }
}

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** One CSV record (RFC 4180 quoting). */
function csv(fields: Array<string | number>): string {
  return fields.map((f) => (typeof f === 'string' && /[",\n\r]/.test(f) ? `"${f.replace(/"/g, '""')}"` : String(f))).join(',');
}

/**
 * A slice loop of the runner (its claims, renewals and runs are the runner's, under the runner's owner; each claim
 * holds its slice's lease under a holder of its own).
 */
class SliceLane extends LeasedJobRunner<ClaimedSlice> {
  constructor(
    private readonly runner: EphemerisBatchRunner,
    options: LeasedJobRunnerOptions & { owner: string },
  ) {
    super('batches', options);
  }

  protected claim(): Promise<ClaimedSlice | null> {
    return this.runner.claimSlice();
  }

  protected renew(_id: string, slice: ClaimedSlice): Promise<boolean> {
    return this.runner.renewSlice(slice);
  }

  protected run(slice: ClaimedSlice, lease: JobLease): Promise<void> {
    return this.runner.runLaneSlice(slice, lease);
  }
}

/** Counting slots (items in flight across the runner's loops). */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(count: number) {
    this.free = Math.max(1, count);
  }

  tryAcquire(): boolean {
    if (this.free === 0) return false;
    this.free--;
    return true;
  }

  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
