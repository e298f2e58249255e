/**
 * Runs queued batch OEM jobs on the shared leased-job loop (leasedJobRunner.ts): the items are fanned out over every
 * worker as background pool work, each OEM is added to one ZIP as soon as it is ready (fflate's streaming Zip; the
 * entry was deflated on the worker) and the ZIP is appended to the product piece by piece. Memory is bounded whatever
 * the item count: at most `concurrency` OEMs in flight, the ZIP buffered up to one piece, one line of the item list
 * parsed at a time. An item that fails is recorded (progress and per-item errors) and does not fail the batch.
 * The request side (validation, queueing, status, cancel) is api/services/products/ephemerisBatch.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Zip, type ZipInputFile } from 'fflate';
import { Epoch } from '../../engine/time/epoch.ts';
import { type Db, inTransaction, type SqlExecutor } from '../../storage/sql/db.ts';
import { recordChanges } from '../../storage/changes.ts';
import { productReady } from '../../domain/changes/model.ts';
import { type ClaimedBatch, claimNextBatch, completeBatch, failBatch, finishCancelledBatch, recordBatchProgress, renewBatchLease, resetBatchProgress, unfinishedBatchProducts } from '../../storage/ephemerisBatches.ts';
import type { BatchFailure } from '../../domain/ephemerisBatch/model.ts';
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

export interface BatchRunnerOptions extends LeasedJobRunnerOptions {
  clock?: () => number;
  /** OEMs in flight at once (default 2 × pool size: every worker busy, the next item ready). */
  concurrency?: number;
  /** Bytes per stored ZIP piece (default PRODUCT_CHUNK_BYTES, 256 KiB: one INSERT ≈ 1.5 ms on the event loop; 512 KiB ≈ 3.3 ms). */
  pieceBytes?: number;
  /** Progress is written at most this often (default 1 s). */
  progressEveryMs?: number;
  backoff?: RetryBackoff;
}

export interface BatchRunnerDeps {
  db: Db;
  pool: ComputePool;
  earthData: EarthDataStore;
}

/** High-water marks of the last batch run (tests and the benchmark check that memory stays bounded). */
export interface BatchRunStats {
  items: number;
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

export class EphemerisBatchRunner extends LeasedJobRunner<ClaimedBatch> {
  private readonly clock: () => number;
  private readonly concurrency: number;
  private readonly pieceBytes: number;
  private readonly progressEveryMs: number;
  private readonly backoff: RetryBackoff;
  lastRunStats: BatchRunStats | null = null;
  /** Set by stop(): the batch in progress is put back in the queue instead of holding shutdown for minutes. */
  private interrupted = false;

  constructor(
    private readonly deps: BatchRunnerDeps,
    options: BatchRunnerOptions = {},
  ) {
    super('batches', options);
    this.clock = options.clock ?? Date.now;
    this.concurrency = options.concurrency ?? Math.max(2, 2 * deps.pool.stats().size);
    this.pieceBytes = options.pieceBytes ?? PRODUCT_CHUNK_BYTES;
    this.progressEveryMs = options.progressEveryMs ?? 1_000;
    this.backoff = options.backoff ?? { baseMs: 30_000, maxMs: 10 * 60_000 };
  }

  override start(): void {
    this.interrupted = false;
    super.start();
  }

  override async stop(): Promise<void> {
    this.interrupted = true;
    await super.stop();
  }

  protected claim(): Promise<ClaimedBatch | null> {
    if (this.interrupted) return Promise.resolve(null);
    return claimNextBatch(this.deps.db, this.owner, this.leaseMs, new Date(this.clock()));
  }

  protected renew(id: string): Promise<boolean> {
    return renewBatchLease(this.deps.db, id, this.owner, this.leaseMs, this.clock());
  }

  protected async run(job: ClaimedBatch, lease: JobLease): Promise<void> {
    const { db } = this.deps;
    let productId: string | null = null;
    try {
      // A killed earlier attempt left its partial ZIP and counters: start over.
      for (const stale of await unfinishedBatchProducts(db, job.id)) await deleteProduct(db, stale);
      if (job.attempts > 1) await resetBatchProgress(db, job.id);
      productId = randomUUID();
      const createdAt = new Date(this.clock()).toISOString();
      await db.execute(
        insertProductStatement({
          id: productId, organizationId: job.organizationId, kind: 'OEM_BATCH', status: 'WRITING', spacecraftId: null, taskId: null, taskRunId: null,
          batchId: job.id, fileName: `ephemerides-${job.id}.zip`, mediaType: 'application/zip', spanStart: null, spanEnd: null, contentSha256: null,
          sizeBytes: null, storedBytes: null, encoding: 'identity', chunkBytes: this.pieceBytes, chunkCount: null, summary: {}, createdAt, expiresAt: null,
        }),
      );
      const result = await this.writeZip(job, lease, productId);
      if (result.outcome === 'cancelled') {
        await deleteProduct(db, productId);
        await finishCancelledBatch(db, job.id, this.owner, new Date(this.clock()).toISOString());
        logInfo('batch cancelled', { batchId: job.id, itemsDone: result.done });
        return;
      }
      if (result.outcome === 'interrupted') {
        // Shutting down: back to the queue at once; the next runner (here after a restart, or another instance) starts it over.
        await deleteProduct(db, productId);
        await failBatch(db, job.id, this.owner, 'interrupted by a shutdown; started again by the next runner', true, { baseMs: 0, maxMs: 0 }, this.clock());
        logInfo('batch interrupted by shutdown', { batchId: job.id, itemsDone: result.done });
        return;
      }
      if (result.outcome === 'lease-lost') {
        await deleteProduct(db, productId);
        logError('batch lease lost; another runner owns it', { batchId: job.id, owner: this.owner });
        return;
      }
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
      logInfo('batch succeeded', { batchId: job.id, items: job.itemCount, failed: result.failed, bytes: result.size, ...this.lastRunStats });
    } catch (error) {
      logError('batch failed', { batchId: job.id, attempt: job.attempts, error: String(error) });
      if (productId) await deleteProduct(db, productId).catch(() => undefined);
      await failBatch(db, job.id, this.owner, String((error as Error)?.message ?? error), true, this.backoff, this.clock()).catch(() => false);
    }
  }

  private async writeZip(job: ClaimedBatch, lease: JobLease, productId: string) {
    const loopDelay = eventLoopDelayMonitor();
    try {
      return await this.streamZip(job, lease, productId, loopDelay);
    } finally {
      loopDelay?.disable();
    }
  }

  /** Fans the items out, zips each OEM as it arrives, appends the ZIP to the product; then the manifest and the directory. */
  private async streamZip(job: ClaimedBatch, lease: JobLease, productId: string, loopDelay: IntervalHistogram | null) {
    const { db, pool } = this.deps;
    const lines = job.itemsNdjson.split('\n');
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
    // One line per item, by index (items finish out of order).
    const manifest: string[] = new Array<string>(lines.length);
    const failures: BatchFailure[] = [];
    const spacecraftIds = new Set<string>();
    let spanStart: string | null = null;
    let spanEnd: string | null = null;
    let done = 0;
    let failed = 0;
    let next = 0;
    let lastProgress = this.clock();
    const stats: BatchRunStats = {
      items: lines.length, maxInFlight: 0, maxBufferedBytes: 0, zipBytes: 0, maxZipStepMs: 0, maxPieceWriteMs: 0, zipAndWriteMs: 0,
      eventLoopDelayP99Ms: null, eventLoopDelayMaxMs: null,
    };
    writer.onPieceWritten = (ms) => {
      stats.maxPieceWriteMs = Math.max(stats.maxPieceWriteMs, ms);
      stats.zipAndWriteMs += ms;
    };
    const inFlight = new Set<Promise<void>>();
    const finishItem = (index: number, item: BatchItem, outcome: ItemOutcome) => {
      done++;
      if (outcome.ok && writer.size + outcome.entry.data.length > ZIP_LIMIT_BYTES) {
        outcome = { ok: false, error: 'ZIP_SIZE_LIMIT', message: 'the ZIP would exceed 4 GiB; split the batch' };
      }
      if (outcome.ok) {
        const started = performance.now();
        addEntry(outcome.name, outcome.entry);
        const stepMs = performance.now() - started;
        stats.maxZipStepMs = Math.max(stats.maxZipStepMs, stepMs);
        stats.zipAndWriteMs += stepMs;
        spacecraftIds.add(outcome.spacecraftId);
        if (spanStart === null || outcome.spanStart < spanStart) spanStart = outcome.spanStart;
        if (spanEnd === null || outcome.spanEnd > spanEnd) spanEnd = outcome.spanEnd;
        manifest[index] = csv([index, outcome.stateVectorId, outcome.spacecraftId, 'OK', outcome.name, '', '']);
      } else {
        failed++;
        failures.push({ index, error: outcome.error, message: outcome.message });
        manifest[index] = csv([index, item.stateVectorId ?? '', item.spacecraftId ?? '', 'FAILED', '', outcome.error, outcome.message]);
      }
      stats.maxBufferedBytes = Math.max(stats.maxBufferedBytes, writer.buffered);
    };
    const spacecraftCache = new Map<string, Spacecraft>();
    for (;;) {
      while (inFlight.size < this.concurrency && next < lines.length && !this.interrupted) {
        const index = next++;
        const item = JSON.parse(lines[index]!) as BatchItem;
        const running: Promise<void> = this.item(job.organizationId, index, item, spacecraftCache).then((outcome) => {
          inFlight.delete(running);
          finishItem(index, item, outcome);
        });
        inFlight.add(running);
        stats.maxInFlight = Math.max(stats.maxInFlight, inFlight.size);
      }
      if (inFlight.size === 0) {
        // nothing in flight and items not started: stop() came between two items (no item was running to be awaited
        // below). Finishing here would publish a partial ZIP as a SUCCEEDED batch.
        if (next < lines.length) return { outcome: 'interrupted' as const, done };
        break;
      }
      await Promise.race(inFlight);
      if (this.interrupted) {
        await Promise.allSettled(inFlight);
        return { outcome: 'interrupted' as const, done };
      }
      if (zipError) throw zipError;
      await writer.flush(false);
      const nowMs = this.clock();
      if (nowMs - lastProgress >= this.progressEveryMs) {
        lastProgress = nowMs;
        const progress = await recordBatchProgress(db, job.id, this.owner, done, failed, failures.splice(0), new Date(nowMs).toISOString());
        if (!progress.held || lease.lost) {
          await Promise.allSettled(inFlight);
          return { outcome: 'lease-lost' as const, done };
        }
        if (progress.cancelRequested) {
          await Promise.allSettled(inFlight);
          return { outcome: 'cancelled' as const, done };
        }
      }
    }
    // The manifest lists every item; it is deflated on a worker like the OEMs.
    addEntry('manifest.csv', await pool.run('products.textZipEntry', { text: `index,stateVectorId,spacecraftId,status,file,error,message\n${manifest.join('\n')}\n` }, { background: true }));
    zip.end();
    if (zipError) throw zipError;
    await writer.flush(true);
    await recordBatchProgress(db, job.id, this.owner, done, failed, failures.splice(0), new Date(this.clock()).toISOString());
    stats.zipBytes = writer.size;
    if (loopDelay) {
      stats.eventLoopDelayP99Ms = loopDelay.percentile(99) / 1e6;
      stats.eventLoopDelayMaxMs = loopDelay.max / 1e6;
    }
    this.lastRunStats = stats;
    return {
      outcome: 'done' as const, done, failed, size: writer.size, pieces: writer.pieces, sha256: writer.digest(),
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
