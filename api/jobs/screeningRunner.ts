/**
 * Runs screening chunks on the shared leased-job loop (leasedJobRunner.ts; storage/screenings.ts for the claim
 * rules). Every instance sharing the database runs one: each claims the next chunk of any screening with a lease, runs
 * it on its compute pool (background priority: requests never queue behind it for more than one chunk), and stores its
 * result with its completion — only if it still holds the lease, so a chunk taken over from an instance that stopped
 * renewing is completed once. The MERGE chunk becomes claimable when every SCREEN chunk has succeeded; its holder
 * merges (engine mergeChunkResults, on the pool), writes a CDM for each approach whose Pc reaches the threshold and
 * stores it through the CDM ingest (source SCREENING: the same grouping and assessment as received CDMs), then stores
 * the approaches in bounded batches and completes the screening.
 *
 * Cancel: a chunk checks its screening's cancel flag before it starts and every second while its pool task runs
 * (then aborts it: the worker is stopped and replaced); a cancelled chunk stores nothing.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { GpElementSet } from '../../engine/tle/gpElements.ts';
import { catalogElementSetsJson } from '../../storage/catalog.ts';
import { inTransaction, yieldToEventLoop, type Db } from '../../storage/sql/db.ts';
import { type ClaimedScreeningChunk, claimNextScreeningChunk, completeScreeningChunk, completeScreeningMerge, deleteScreeningApproaches, endScreeningChunkCancelled, failScreening, failScreeningChunk, findScreening, findScreeningInputs, finishCancelledScreening, insertScreeningApproaches, renewScreeningChunkLease, screeningCancelRequested, screeningChunkResults, screeningPrimaryOemParts, screeningsWithFailedChunks, type ScreeningApproachRow } from '../../storage/screenings.ts';
import { catalogPrimaryNoradId, isSyntheticNoradId, type CdmCovarianceCandidate, type Screening, type ScreeningChunk } from '../../domain/screenings/model.ts';
import { cdmCovarianceCandidatesByNorad } from '../../domain/screenings/covariances.ts';
import type { ComputePool } from '../../workers/poolTypes.ts';
import { OEM_NOT_LOADED, type MergedApproach, type ScreeningChunkTaskOutput, type ScreeningMergeTaskOutput, type ScreeningPrimarySpec } from '../../workers/contracts.ts';
import { findReceivedCdmCovariances } from '../../storage/conjunctions.ts';
import type { EarthDataStore } from '../services/earthData.ts';
import { ingestObservations } from '../services/conjunctions/ingest.ts';
import type { ConjunctionObservation } from '../../domain/conjunctions/model.ts';
import type { ApproachObservationContext } from '../../domain/screenings/approachObservations.ts';
import type { ScreeningInputs } from '../services/conjunctions/screenings.ts';
import { logError, logInfo } from '../log.ts';
import { eventLoopDelayMonitor } from './ephemerisBatchRunner.ts';
import { type JobLease, LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';

export interface ScreeningRunnerDeps {
  db: Db;
  pool: ComputePool;
  earthData: EarthDataStore;
}

export interface ScreeningRunnerOptions extends LeasedJobRunnerOptions {
  /** How often a running chunk checks its screening's cancel flag (default 1 s). */
  cancelCheckMs?: number;
  /** Chunks run at once by this instance (default: the pool's size, one per worker). */
  lanes?: number;
}

/** Parsed inputs of the screenings this instance works on (an OEM primary's text can be megabytes). */
const MAX_CACHED_INPUTS = 8;

class ChunkCancelled extends Error {}

/**
 * The instance's screening runner: `lanes` claim loops (one per pool worker by default) under ONE owner, the
 * instance's name (host, process, a random suffix) — the chunks' `ranBy` and `attemptOwners` show which instance ran
 * them. A claim is one atomic UPDATE and a claimed chunk is not claimable again while its lease runs; the lease is
 * the claim's (`holder`, storage/sql/leasedJobs.ts `claimNextLeasedJobByClaim`), so when a lane's renewal comes late and another
 * lane of this instance takes its chunk over, only the second's writes count (the merge's approach rows too).
 */
export class ScreeningRunner {
  readonly owner: string;
  private readonly lanes: ScreeningLane[];

  constructor(deps: ScreeningRunnerDeps, options: ScreeningRunnerOptions = {}) {
    this.owner = options.owner ?? `screening-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    const shared: LaneShared = { inputsCache: new Map(), loopDelay: null };
    const count = Math.max(1, options.lanes ?? deps.pool.stats().size);
    this.lanes = Array.from({ length: count }, () => new ScreeningLane(deps, shared, { ...options, owner: this.owner }));
  }

  get active(): boolean {
    return this.lanes.some((lane) => lane.active);
  }

  start(): void {
    for (const lane of this.lanes) lane.start();
  }

  wake(): void {
    for (const lane of this.lanes) lane.wake();
  }

  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }

  /** Runs chunks until none is claimable (all lanes at once); the number run. */
  async drain(): Promise<number> {
    return (await Promise.all(this.lanes.map((lane) => lane.drain()))).reduce((a, b) => a + b, 0);
  }
}

/** What the lanes of one instance share: parsed inputs, and the event-loop delay histogram of the instance. */
interface LaneShared {
  inputsCache: Map<string, ScreeningInputs>;
  /**
   * Event-loop delay of this process since it ran the first chunk of the screening being merged (reset on every
   * chunk 0): the merge reports it with the timings (the merging instance's view of "the event loop is never held").
   */
  loopDelay: ReturnType<typeof eventLoopDelayMonitor>;
}

class ScreeningLane extends LeasedJobRunner<ClaimedScreeningChunk> {
  private readonly cancelCheckMs: number;
  private readonly inputsCache: Map<string, ScreeningInputs>;

  constructor(
    private readonly deps: ScreeningRunnerDeps,
    private readonly shared: LaneShared,
    options: ScreeningRunnerOptions & { owner: string },
  ) {
    super('screening', options);
    this.cancelCheckMs = options.cancelCheckMs ?? 1_000;
    this.inputsCache = shared.inputsCache;
  }

  protected async claim(): Promise<ClaimedScreeningChunk | null> {
    const { db } = this.deps;
    const chunk = await claimNextScreeningChunk(db, this.owner, this.leaseMs, new Date());
    // A chunk whose runners died on every attempt was failed by the claim's rule: its screening fails with it.
    for (const failed of await screeningsWithFailedChunks(db)) await failScreening(db, failed.id, `a chunk failed: ${failed.error}`, new Date().toISOString());
    return chunk;
  }

  protected renew(id: string, chunk: ClaimedScreeningChunk): Promise<boolean> {
    return renewScreeningChunkLease(this.deps.db, id, chunk.holder, this.leaseMs, Date.now());
  }

  private async inputsOf(screeningId: string): Promise<ScreeningInputs> {
    const cached = this.inputsCache.get(screeningId);
    if (cached) return cached;
    const text = await findScreeningInputs(this.deps.db, screeningId);
    if (text === null) throw new Error(`screening ${screeningId} is gone`);
    const inputs = JSON.parse(text) as ScreeningInputs;
    this.inputsCache.set(screeningId, inputs);
    while (this.inputsCache.size > MAX_CACHED_INPUTS) this.inputsCache.delete(this.inputsCache.keys().next().value!);
    return inputs;
  }

  protected async run(chunk: ClaimedScreeningChunk, lease: JobLease): Promise<void> {
    const { db } = this.deps;
    try {
      if (await screeningCancelRequested(db, chunk.screeningId)) throw new ChunkCancelled();
      if (chunk.index === 0) {
        this.shared.loopDelay ??= eventLoopDelayMonitor();
        this.shared.loopDelay?.reset();
      }
      if (chunk.kind === 'MERGE') await this.merge(chunk, lease);
      else await this.screen(chunk, lease);
    } catch (error) {
      const now = Date.now();
      if (error instanceof ChunkCancelled) {
        await endScreeningChunkCancelled(db, chunk.id, chunk.holder, now);
        await finishCancelledScreening(db, chunk.screeningId, new Date(now).toISOString());
        logInfo('screening chunk cancelled', { screeningId: chunk.screeningId, chunk: chunk.index });
        return;
      }
      const permanent = error instanceof PermanentChunkError;
      const message = String((error as Error)?.message ?? error);
      logError('screening chunk failed', { screeningId: chunk.screeningId, chunk: chunk.index, attempt: chunk.attempts, permanent, error: message });
      await failScreeningChunk(db, chunk.id, chunk.holder, message, !permanent, now).catch(() => false);
      if (permanent || chunk.attempts >= chunk.maxAttempts) await failScreening(db, chunk.screeningId, `chunk ${chunk.index} (${chunk.planKey}): ${message}`, new Date(now).toISOString());
    }
  }

  /** Runs `work` (a pool task) while checking the cancel flag; aborts the task when a cancel is asked for. */
  private async withCancelCheck<T>(screeningId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let cancelled = false;
    const timer = setInterval(() => {
      screeningCancelRequested(this.deps.db, screeningId)
        .then((requested) => {
          if (requested && !cancelled) {
            cancelled = true;
            controller.abort();
          }
        })
        .catch(() => undefined);
    }, this.cancelCheckMs);
    try {
      return await work(controller.signal);
    } catch (error) {
      if (cancelled) throw new ChunkCancelled();
      throw error;
    } finally {
      clearInterval(timer);
    }
  }

  private async screen(chunk: ClaimedScreeningChunk, lease: JobLease): Promise<void> {
    const { db } = this.deps;
    const screening = await findScreening(db, chunk.organizationId, chunk.screeningId);
    if (!screening) throw new PermanentChunkError('the screening is gone');
    const inputs = await this.inputsOf(chunk.screeningId);
    if (chunk.slice !== null) {
      await this.sieve(chunk, screening, inputs, chunk.slice, lease);
      return;
    }
    const from = chunk.fromNoradId!;
    const to = chunk.toNoradId!;
    let secondaries: Array<{ elements: GpElementSet }> = [];
    /**
     * Catalog secondaries as stored (JSON), one array per sub-range in UTF-8 bytes: the worker decodes them. Copied,
     * not transferred (a chunk's ≤ 3,000 sets are ~1 MB): a task the pool runs again still has them.
     */
    const secondaryElementsJson: Uint8Array[] = [];
    if (chunk.secondarySource === 'CATALOG') {
      // one sub-range of the partition per statement
      secondaryElementsJson.push(...await catalogElementSetsJson(db, chunk.organizationId, screening.catalogSnapshot, catalogRanges(chunk)));
    } else {
      secondaries = inputs.fleet.filter((f) => f.noradId >= from && f.noradId <= to).map((f) => ({ elements: f.elements }));
    }
    const specs = chunk.primaryIndices.map((i) => inputs.primaries[i]!);
    const output = await this.withOemsWhenNeeded(chunk.screeningId, specs, false, (primaries, transfer) => this.withCancelCheck(chunk.screeningId, async (signal) => (await this.deps.earthData.run('screening.chunk', () => {
      keepAttached(transfer);
      return {
        span: inputs.span,
        volume: inputs.volume,
        primaries,
        secondaries,
        secondaryElementsJson,
        secondaryHardBodyRadiusM: inputs.secondaryHardBodyRadiusM,
      };
    }, { background: true, signal, transfer })).output));
    if (!output.ok && output.code === OEM_NOT_LOADED) throw new Error(`${output.code}: ${output.message}`);
    await this.storeChunkOutput(chunk, output, lease);
  }

  /**
   * A SCREEN chunk's answer stored with its completion — only by the lease holder, and not once a cancel was asked
   * for; a refusal of its input fails the screening (another attempt would repeat it).
   */
  private async storeChunkOutput(chunk: ClaimedScreeningChunk, output: ScreeningChunkTaskOutput, lease: JobLease): Promise<void> {
    if (!output.ok) {
      const where = output.details?.field ? ` (${String(output.details.field)})` : '';
      throw new PermanentChunkError(`${output.code}: ${output.message}${where}`);
    }
    if (lease.lost) throw new Error('lease lost: another instance took the chunk over');
    if (await screeningCancelRequested(this.deps.db, chunk.screeningId)) throw new ChunkCancelled();
    const stored = await completeScreeningChunk(this.deps.db, chunk.id, chunk.holder, { json: output.resultJson, approachCount: output.approachCount, computeMs: output.computeMs }, Date.now());
    if (!stored) logError('screening chunk lease lost before its result was stored; another instance owns it', { chunkId: chunk.id, owner: this.owner });
  }

  /**
   * A fleet screening's time slice (mode FLEET): the whole catalog snapshot read in sub-ranges (a few ms each on the
   * event loop) as element-set JSON bytes, copied to the worker (a task the pool runs again still has them), the
   * sieve there, the result stored with the chunk's completion as a NORAD-range chunk's.
   */
  private async sieve(chunk: ClaimedScreeningChunk, screening: Screening, inputs: ScreeningInputs, slice: NonNullable<ScreeningChunk['slice']>, lease: JobLease): Promise<void> {
    const { db } = this.deps;
    const fleetSieve = inputs.fleetSieve ?? { againstCatalog: true, againstEachOther: false };
    const catalogElementsJson: Uint8Array[] = [];
    if (chunk.fromNoradId !== null && chunk.toNoradId !== null) {
      catalogElementsJson.push(...await catalogElementSetsJson(db, chunk.organizationId, screening.catalogSnapshot, catalogRanges(chunk)));
    }
    const output = await this.withCancelCheck(chunk.screeningId, async (signal) => (await this.deps.earthData.run('screening.sieve', () => ({
      span: inputs.span,
      slice,
      volume: inputs.volume,
      primaries: chunk.primaryIndices.map((i) => inputs.primaries[i]!),
      catalogElementsJson,
      againstCatalog: fleetSieve.againstCatalog,
      againstEachOther: fleetSieve.againstEachOther,
      ...(fleetSieve.catalogPairs ? { catalogPairs: true } : {}),
      secondaryHardBodyRadiusM: inputs.secondaryHardBodyRadiusM,
    }), { background: true, signal })).output);
    await this.storeChunkOutput(chunk, output, lease);
  }

  /**
   * Runs a pool task over `specs`. An OEM primary's text (stored apart, migration 0017) is handed over only where it is
   * needed: with `sendOems` false the task first goes without it (a worker that built the primary's trajectory for an
   * earlier chunk needs none); when it answers OEM_NOT_LOADED it goes again with the texts, read part by part and
   * moved to the worker — and once more if that answer comes again (a task the pool re-ran after the hand-over finds
   * the parts detached).
   */
  private async withOemsWhenNeeded<T extends { ok: boolean; code?: string }>(
    screeningId: string,
    specs: readonly ScreeningPrimarySpec[],
    sendOems: boolean,
    run: (specs: ScreeningPrimarySpec[], transfer: ArrayBuffer[]) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const transfer: ArrayBuffer[] = [];
      const sent: ScreeningPrimarySpec[] = [];
      for (const spec of specs) {
        if (spec.kind !== 'OEM' || !(sendOems || attempt > 0)) {
          sent.push(spec);
          continue;
        }
        const oemParts = await screeningPrimaryOemParts(this.deps.db, screeningId, Number(spec.id));
        for (const part of oemParts) transfer.push(part.buffer as ArrayBuffer);
        sent.push({ ...spec, oemParts });
      }
      const output = await run(sent, transfer);
      if (output.ok || output.code !== OEM_NOT_LOADED || attempt >= 2) return output;
    }
  }

  /**
   * The RTN covariances of catalog objects in the CDMs received for the organization whose TCA may fall within the
   * window of an approach (the span widened by the window), by NORAD id; DEFAULT covariances (not an estimate) left
   * out. The merge task picks, per approach, the one that applies (domain/screenings/covariances.ts).
   */
  private async receivedCdmCovariances(organizationId: string, inputs: ScreeningInputs): Promise<Record<string, CdmCovarianceCandidate[]>> {
    const windowS = inputs.cdmCovarianceWindowS ?? DEFAULT_CDM_COVARIANCE_WINDOW_S;
    const startS = Date.parse(inputs.span.startUtc.endsWith('Z') ? inputs.span.startUtc : `${inputs.span.startUtc}Z`) / 1000;
    return cdmCovarianceCandidatesByNorad(await findReceivedCdmCovariances(this.deps.db, organizationId, startS - windowS, startS + inputs.span.durationS + windowS));
  }

  /**
   * The merge, exactly once per screening (the MERGE chunk is claimable only when every SCREEN chunk succeeded): the
   * merge task on the pool, the events from its observations, the approach rows, then the screening SUCCEEDED with the
   * chunk's completion in one transaction.
   */
  private async merge(chunk: ClaimedScreeningChunk, lease: JobLease): Promise<void> {
    const { db } = this.deps;
    const screening = await findScreening(db, chunk.organizationId, chunk.screeningId);
    if (!screening) throw new PermanentChunkError('the screening is gone');
    const inputs = await this.inputsOf(chunk.screeningId);
    // An earlier attempt (a killed merger) may have stored some approaches: start over. Its CDMs are recognised by
    // their MESSAGE_ID by the ingest and not stored twice.
    await deleteScreeningApproaches(db, chunk.screeningId, { chunkId: chunk.id, holder: chunk.holder });
    const merged = await this.mergeOnPool(chunk, screening, inputs);
    if (lease.lost) throw new Error('lease lost: another instance took the merge over');

    const storingStarted = performance.now();
    const events = await this.storeEvents(chunk, screening, merged);
    if (await screeningCancelRequested(db, chunk.screeningId)) throw new ChunkCancelled();
    const eventCount = await this.storeApproaches(chunk, inputs, merged, events);
    const storingMs = performance.now() - storingStarted;
    const issues = [
      ...inputs.issues,
      ...merged.issues,
      ...[...events.entries()].filter(([, e]) => e.problem !== null).map(([index, e]) => ({ code: 'NOT_AN_EVENT', message: `approach ${index + 1}: ${e.problem}` })),
    ];
    const completed = await inTransaction(db, async (tx) => {
      const done = await completeScreeningMerge(tx, chunk, chunk.holder, {
        approachCount: merged.approachCount,
        eventCount,
        issues: JSON.stringify(issues),
        counts: JSON.stringify(merged.counts),
        timings: JSON.stringify({ ...(merged.timings ?? {}), storingMs, ...loopDelayFigures(this.shared.loopDelay) }),
      }, Date.now());
      if (!done) throw new Error('lease lost before the merge committed');
      return true;
    }).catch((error: unknown) => {
      logError('screening merge commit failed', { screeningId: chunk.screeningId, error: String(error) });
      return false;
    });
    if (completed) logInfo('screening merged', { screeningId: chunk.screeningId, approaches: merged.approachCount, events: eventCount, owner: this.owner });
  }

  /** The merge task on the pool (background priority, cancelled with the screening): approaches, covariances, Pc, observations. */
  private async mergeOnPool(chunk: ScreeningChunk, screening: Screening, inputs: ScreeningInputs): Promise<ScreeningMergeTaskOutput> {
    const results = await screeningChunkResults(this.deps.db, chunk.screeningId);
    const events = approachObservationContextOf(screening, inputs);
    const secondaryCovariances = await this.receivedCdmCovariances(chunk.organizationId, inputs);
    const output = await this.withOemsWhenNeeded(chunk.screeningId, inputs.primaries, true, (primarySpecs, transfer) => this.withCancelCheck(chunk.screeningId, async (signal) => (await this.deps.earthData.run('screening.merge', () => {
      keepAttached(transfer);
      return {
        results,
        pcThreshold: screening.pcThreshold,
        spanStartUtc: inputs.span.startUtc,
        primarySpecs,
        pcMethod: inputs.pcMethod ?? 'LAAS_2015',
        secondaryCovariances,
        cdmCovarianceWindowS: inputs.cdmCovarianceWindowS ?? DEFAULT_CDM_COVARIANCE_WINDOW_S,
        events,
        ...(inputs.fleetSieve ? { sliced: true } : {}),
      };
    }, { background: true, signal, transfer })).output));
    if (!output.ok) throw new Error(`${output.code}: ${output.message}`);
    return output;
  }

  /**
   * The approaches with Pc ≥ threshold become conjunction events, handed over typed (each stored alone: one that
   * cannot be stored does not take the others with it). By approach index: its event and CDM, or why it is none.
   */
  private async storeEvents(chunk: ScreeningChunk, screening: Screening, merged: ScreeningMergeTaskOutput): Promise<Map<number, ApproachEvent>> {
    const events = new Map<number, ApproachEvent>();
    for (const p of merged.cdmProblems) events.set(p.index, { eventId: null, cdmId: null, problem: `CDM not written: ${p.message}` });
    const { received, items } = merged.observations;
    const observations = items.map((item, k): ConjunctionObservation => {
      const outcome = received.outcomes[k]!;
      if (!outcome.ok) throw new Error(`approach ${item.index + 1}: ${outcome.message}`);
      return { bytes: item.bytes, contentSha256: item.contentSha256, messageIndex: 0, firstLine: 1, digest: outcome.cdm, json: received.json, spacecraftIds: item.spacecraftIds, assessed: item.assessed };
    });
    const ingest = await ingestObservations(this.deps, chunk.organizationId, observations, { source: 'SCREENING', uploadId: screening.id });
    ingest.results.forEach((result, k) => {
      const item = result.cdms[0];
      events.set(items[k]!.index, item ? { eventId: item.eventId, cdmId: item.cdmId, problem: null } : { eventId: null, cdmId: null, problem: `${result.error ?? 'FAILED'}: ${result.message}` });
    });
    return events;
  }

  /**
   * One batch of the merge's output parsed, shaped and stored at a time (≤ MERGE_BATCH rows; storage/screenings.ts
   * inserts them in short statements), the event loop yielded between two. Answers how many approaches have an event.
   */
  private async storeApproaches(chunk: ClaimedScreeningChunk, inputs: ScreeningInputs, merged: ScreeningMergeTaskOutput, events: ReadonlyMap<number, ApproachEvent>): Promise<number> {
    const ours = new Map<number, { spacecraftId: string; fitted: boolean }>();
    for (const f of inputs.fleet) ours.set(f.noradId, { spacecraftId: f.spacecraftId, fitted: f.fitted });
    for (const f of inputs.fleetInCatalog) ours.set(f.noradId, { spacecraftId: f.spacecraftId, fitted: false });
    let eventCount = 0;
    let seq = 0;
    for (const batch of merged.approachBatches) {
      const rows = (JSON.parse(batch) as MergedApproach[]).map((approach) => {
        const index = seq++;
        const event = events.get(index);
        if (event?.eventId) eventCount++;
        return approachRow(approach, index, inputs, ours.get(approach.secondaryNoradId), event);
      });
      if (!(await insertScreeningApproaches(this.deps.db, chunk.screeningId, chunk.organizationId, rows, { chunkId: chunk.id, holder: chunk.holder }))) {
        throw new Error('lease lost: another claim took the merge over');
      }
      await yieldToEventLoop();
    }
    return eventCount;
  }
}

/** A catalog chunk's NORAD range as sub-ranges of at most a few hundred objects: one statement each. */
function catalogRanges(chunk: ScreeningChunk): Array<{ fromNoradId: number; toNoradId: number }> {
  const cuts = chunk.noradCuts.length > 0 ? chunk.noradCuts : [chunk.fromNoradId!];
  return cuts.map((cut, k) => ({ fromNoradId: cut, toNoradId: k + 1 < cuts.length ? cuts[k + 1]! - 1 : chunk.toNoradId! }));
}

/** An approach's event and CDM, or why it has none. */
interface ApproachEvent {
  eventId: string | null;
  cdmId: string | null;
  problem: string | null;
}

/** The stored row of the approach with index `index` (0-based; `seq` 1-based): ours by id, its event, its Pc as computed. */
function approachRow(a: MergedApproach, index: number, inputs: ScreeningInputs, secondary: { spacecraftId: string; fitted: boolean } | undefined, event: ApproachEvent | undefined): ScreeningApproachRow {
  const catalogPrimary = catalogPrimaryNoradId(a.primaryId);
  const primaryIndex = catalogPrimary === null ? Number(a.primaryId) : null;
  return {
    seq: index + 1,
    primaryIndex,
    primarySpacecraftId: primaryIndex === null ? null : inputs.primarySpacecraft[primaryIndex]!.spacecraftId,
    primaryNoradId: catalogPrimary,
    primaryName: catalogPrimary === null ? null : a.primaryName ?? null,
    secondaryNoradId: isSyntheticNoradId(a.secondaryNoradId) ? null : a.secondaryNoradId,
    secondaryName: a.secondaryName,
    secondarySpacecraftId: secondary?.spacecraftId ?? null,
    secondaryFitted: secondary?.fitted ?? false,
    tca: a.tcaUtc,
    tcaS: a.tcaS,
    missDistanceM: a.missDistanceM,
    relativeSpeedMS: a.relativeSpeedMS,
    relativeStateRtn: { positionM: a.relativePositionRtnM, velocityMS: a.relativeVelocityRtnMS },
    pc: a.pc?.value ?? null,
    pcMethod: a.pc?.method ?? null,
    pcMaximumProbability: a.pc ? a.pc.isMaximumProbability : null,
    flags: a.flags.map((f) => ({ code: f.code, message: f.message })),
    covariances: a.covariances,
    eventId: event?.eventId ?? null,
    cdmId: event?.cdmId ?? null,
    eventProblem: event?.problem ?? null,
  };
}

/**
 * Drops from a transfer list the buffers an earlier attempt of the same task already handed over (detached: length 0),
 * in place — earthData.run builds a task's input again when it retries it, with the same options — so the retry is
 * not refused; the worker then finds those OEM parts empty and answers OEM_NOT_LOADED (withOemsWhenNeeded).
 */
function keepAttached(transfer: ArrayBuffer[]): void {
  const attached = transfer.filter((buffer) => buffer.byteLength > 0);
  if (attached.length < transfer.length) transfer.splice(0, transfer.length, ...attached);
}

/** The window of a screening created before it was recorded (the default event grouping window), s. */
const DEFAULT_CDM_COVARIANCE_WINDOW_S = 600;

/** p99 and max of an event-loop delay histogram, ms (none without one). */
function loopDelayFigures(histogram: LaneShared['loopDelay']): Record<string, number> {
  if (!histogram || histogram.count === 0) return {};
  return { eventLoopDelayP99Ms: histogram.percentile(99) / 1e6, eventLoopDelayMaxMs: histogram.max / 1e6 };
}

/** A failure that another attempt would repeat (bad input, a trajectory that does not cover the span): no retry. */
class PermanentChunkError extends Error {}

/**
 * What the approaches' observations of a screening share (domain/screenings/approachObservations.ts): the CDM's common
 * fields, our primaries and fleet secondaries with their spacecraft, and the radii the screening used.
 */
function approachObservationContextOf(screening: { id: string; spanStart: string; spanEnd: string; pcThreshold: number }, inputs: ScreeningInputs): ApproachObservationContext {
  const primaries: ApproachObservationContext['primaries'] = {};
  inputs.primarySpacecraft.forEach((p, i) => {
    const radiusM = inputs.primaries[i]!.hardBodyRadiusM;
    // screenings created before `ownHardBodyRadius` was recorded: a radius other than the default was the craft's own
    primaries[String(i)] = { ...p.identity, spacecraftId: p.spacecraftId, hardBodyRadiusM: radiusM, ownHardBodyRadius: p.ownHardBodyRadius ?? radiusM !== inputs.secondaryHardBodyRadiusM };
  });
  const fleet: ApproachObservationContext['fleet'] = {};
  for (const f of [...inputs.fleet, ...inputs.fleetInCatalog]) fleet[String(f.noradId)] = { ...f.identity, spacecraftId: f.spacecraftId };
  const v = inputs.volume;
  return {
    cdm: {
      originator: 'APSIS',
      messageIdPrefix: `SCREENING-${screening.id}`,
      creationDate: new Date().toISOString(),
      volume: v.shape === 'SPHERE' ? { shape: 'SPHERE' as const, radiusM: v.radiusKm * 1000 } : { shape: 'ELLIPSOID' as const, radialM: v.radialKm * 1000, inTrackM: v.inTrackKm * 1000, crossTrackM: v.crossTrackKm * 1000 },
      spanStart: screening.spanStart,
      spanEnd: screening.spanEnd,
      pcThreshold: screening.pcThreshold,
      comments: [`Apsis conjunction screening ${screening.id}`],
    },
    primaries,
    fleet,
    secondaryHardBodyRadiusM: inputs.secondaryHardBodyRadiusM,
  };
}
