/**
 * Screening tasks of the compute pool (registered in tasks.ts): one chunk of a screening, the merge of
 * its chunks' results with the CDMs of the approaches that reach the Pc threshold, and the check of an uploaded OEM.
 * Thin adapters over engine/collision/screening and domain/conjunctions; nothing here runs on the event loop.
 *
 * A spacecraft primary arrives as its propagation set-up (latest eligible state, force model, stored maneuvers, fixed
 * when the screening was created) and is propagated here with dense output. Every chunk of a screening needs the same
 * primaries, so the trajectories are cached per worker by `cacheKey` (screening id and primary index): a worker
 * propagates each primary once per screening, whatever the number of its chunks it runs. The propagation is
 * deterministic, so chunks on other workers or instances screen against the same trajectory. What crosses the thread
 * boundary (inputs, outputs, codes) is in contracts.ts.
 */
import { CollisionInputError } from '../engine/collision/errors.ts';
import { ephemerisFromOem, mergeChunkResults, screenChunk, screenWithGrid, type ApproachFlag, type PrimaryInput, type PrimaryTrajectoryInput, type RtnCovarianceInput, type ScreeningApproach, type ScreeningChunkResult, type ScreeningSpan, type SecondaryInput } from '../engine/collision/screening/index.ts';
import { accelerationBoundKmS2 } from '../engine/events/storedState.ts';
import { OemTrajectoryError } from '../engine/trajectories/oem.ts';
import { CcsdsParseError } from '../engine/files/common/errors.ts';
import { parseOem } from '../engine/files/oem/oemReader.ts';
import { propagateStoredState } from '../engine/propagation/storedState.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { gpElementsFromJsonBytes, type GpElementSet } from '../engine/tle/gpElements.ts';
import { keptBySlice, mergedSliceIssues, paddedSlice, uniqueApproaches } from '../domain/screenings/slices.ts';
import { receiveCdms } from '../domain/conjunctions/cdmDigest.ts';
import { approachObservation, type ApproachCovarianceMatrices, type ApproachObservation } from '../domain/screenings/approachObservations.ts';
import { sha256Hex } from '../domain/contentHash.ts';
import { catalogPrimaryId, catalogPrimaryNoradId, NO_COVARIANCE_USED, type CovarianceUsed, type StateVectorCovarianceSpec } from '../domain/screenings/model.ts';
import { earthDataFor } from '../earthData/files.ts';
import { cdmCovarianceFor, nearestOemCovariance, oemCovarianceBlocks, propagatedPrimaryCovariances, withCovariances } from '../domain/screenings/covariances.ts';
import { failure } from './ephemerisTasks.ts';
import {
  MERGE_BATCH, OEM_NOT_LOADED, OEM_PART_BYTES,
  type MergedApproach, type OemObjectIdentity, type ScreeningChunkTaskInput, type ScreeningChunkTaskOutput, type ScreeningMergeIssue, type ScreeningSieveTaskInput,
  type ScreeningMergeTaskInput, type ScreeningMergeTaskOutput, type ScreeningPrimarySpec, type TaskFailure, type WithEarthData,
} from './contracts.ts';
import { handOver } from './handOver.ts';

class OemNotLoadedError extends Error {
  constructor(readonly primaryId: string) {
    super(`the OEM of primary ${primaryId} was not handed over to this worker`);
  }
}

/** The text of an OEM primary from its parts (a part handed over twice arrives empty: detached). */
function oemTextOf(spec: Extract<ScreeningPrimarySpec, { kind: 'OEM' }>): string {
  const parts = spec.oemParts;
  if (!parts || parts.length === 0 || parts.some((part) => part.byteLength === 0)) throw new OemNotLoadedError(spec.id);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let text = '';
  parts.forEach((part, k) => (text += decoder.decode(part, { stream: k + 1 < parts.length })));
  return text;
}

function oemNotLoaded(error: OemNotLoadedError): TaskFailure {
  return { ok: false, kind: 'UNPROCESSABLE', code: OEM_NOT_LOADED, message: error.message, details: { primaryId: error.primaryId } };
}

/** Trajectories built in this worker, by cache key (a few screenings' primaries; oldest dropped first). */
const trajectories = new Map<string, { trajectory: PrimaryTrajectoryInput; acceleration: number }>();
const MAX_CACHED_TRAJECTORIES = 64;

function trajectoryOf(spec: ScreeningPrimarySpec, span: ScreeningSpan, input: WithEarthData): { trajectory: PrimaryTrajectoryInput; acceleration: number } {
  const cached = trajectories.get(spec.cacheKey);
  if (cached) return cached;
  let built: { trajectory: PrimaryTrajectoryInput; acceleration: number };
  if (spec.kind === 'GP') {
    // a fleet screening's primary goes to the sieve (sieveChunkTask), which reads its set itself
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `primaries[${spec.id}]`, 'an element-set primary is screened by a fleet screening’s sieve chunks');
  } else if (spec.kind === 'OEM') {
    built = { trajectory: ephemerisFromOem(parseOem(oemTextOf(spec))), acceleration: spec.nonGravitationalAccelerationKmS2 ?? 1e-4 };
  } else {
    const stateEpoch = Epoch.parse(spec.propagation.state.epoch, 'UTC');
    const startS = Epoch.parseInstant(span.startUtc).secondsSince(stateEpoch);
    const endS = startS + span.durationS;
    // The whole span and the state epoch: the dense output covers every instant a chunk may evaluate.
    const run = propagateStoredState(spec.propagation, Float64Array.of(Math.min(0, startS), Math.max(0, endS)), earthDataFor(input.earthData), undefined, undefined, { denseOutput: true });
    if (run.result.truncated) {
      throw new CollisionInputError('PRIMARY_DECAYS_IN_SPAN', 'UNPROCESSABLE', `primaries[${spec.id}]`, `the propagation stops at the altitude floor ${run.result.truncated.tS.toFixed(0)} s after the state epoch, inside the span`);
    }
    built = { trajectory: { kind: 'DENSE_OUTPUT', epochUtc: run.epoch.toIsoString(9), denseOutput: run.result.denseOutput! }, acceleration: accelerationBoundKmS2(spec.propagation) };
  }
  trajectories.set(spec.cacheKey, built);
  while (trajectories.size > MAX_CACHED_TRAJECTORIES) trajectories.delete(trajectories.keys().next().value!);
  return built;
}

function screeningFailure(error: unknown): TaskFailure {
  if (error instanceof OemNotLoadedError) return oemNotLoaded(error);
  if (error instanceof CollisionInputError) {
    return { ok: false, kind: error.kind === 'INVALID_INPUT' ? 'INVALID_INPUT' : 'UNPROCESSABLE', code: error.code, message: error.message, details: { field: error.field } };
  }
  if (error instanceof OemTrajectoryError) {
    return { ok: false, kind: 'PARSE', code: 'OEM_UNUSABLE', message: error.message, ...(error.line !== null ? { line: error.line } : {}), details: { field: error.field } };
  }
  return failure(error);
}

/** A chunk's secondaries: those given as objects, then those given as element-set JSON. */
function secondariesOf(input: ScreeningChunkTaskInput): SecondaryInput[] {
  if (!input.secondaryElementsJson?.length) return input.secondaries;
  const out = [...input.secondaries];
  for (const elements of gpElementsFromJsonBytes(input.secondaryElementsJson)) out.push({ elements });
  return out;
}

/** One chunk: the primaries (propagated or read, cached) against the chunk's secondaries. The result as JSON text. */
export function screenChunkTask(input: ScreeningChunkTaskInput): ScreeningChunkTaskOutput {
  const started = performance.now();
  try {
    const primaries: PrimaryInput[] = input.primaries.map((spec) => {
      const { trajectory, acceleration } = trajectoryOf(spec, input.span, input);
      return { id: spec.id, ...(spec.noradId !== undefined ? { noradId: spec.noradId } : {}), trajectory, hardBodyRadiusM: spec.hardBodyRadiusM, nonGravitationalAccelerationKmS2: acceleration };
    });
    const result = screenChunk({
      span: input.span,
      volume: input.volume,
      primaries,
      secondaries: secondariesOf(input),
      options: { secondaryHardBodyRadiusM: input.secondaryHardBodyRadiusM, ...(input.pcMethod ? { pcMethod: input.pcMethod } : {}), now: () => performance.now() },
    });
    return { ok: true, resultJson: JSON.stringify(result), approachCount: result.approaches.length, computeMs: performance.now() - started };
  } catch (error) {
    return screeningFailure(error);
  }
}

/**
 * The fine step of a fleet screening's sieve against the catalog (mode PRIMARIES), s. Its cost is the catalog's
 * object-steps (∝ 1/step) plus the fleet's candidates (∝ step², fewer than all-vs-all's: only the primaries look):
 * 1,992 fleet primaries × 45,000 objects × 1 day through the API (bench:screening:fleet, 6-h slices, 2026-12-08, quiet
 * host) took 62.7 s of sieve at 10 s, 58.0 at 15, 51.8 at 20, **45.3 at 30** and 51.4 at 45 (230 M candidate
 * pair-steps at 30 s, 365 M at 45), the same 40,401 approaches each. The pairs among the catalog objects (ALL_VS_ALL)
 * and among the fleet take the engine's default (gridSieve.ts DEFAULT_FINE_STEP_S): every object looks there.
 */
export const FLEET_SIEVE_FINE_STEP_S = 30;

/**
 * One time slice of a fleet screening (domain/screenings/slices.ts): the grid sieve over the padded slice, primaries
 * (GP) against the catalog less the primaries' own entries, then, when asked, the primaries against one another (the
 * sieve's ALL_VS_ALL over their sets: a pair's primary is the one of lower NORAD id); the approaches the slice keeps,
 * their times from the span start.
 */
export function sieveChunkTask(input: ScreeningSieveTaskInput): ScreeningChunkTaskOutput {
  const started = performance.now();
  try {
    const catalog = input.catalogElementsJson.length > 0 ? gpElementsFromJsonBytes(input.catalogElementsJson) : [];
    const byNorad = new Map<number, GpElementSet>();
    for (const elements of catalog) byNorad.set(elements.noradId, elements);
    const primarySets = input.primaries.map((spec): GpElementSet => {
      if (spec.kind !== 'GP') throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `primaries[${spec.id}]`, 'a fleet screening takes element-set primaries');
      const elements = spec.fromCatalog ? byNorad.get(spec.noradId!) : spec.elements;
      if (!elements) throw new CollisionInputError('INVALID_VALUE', 'UNPROCESSABLE', `primaries[${spec.id}]`, `the catalog snapshot holds no element set of NORAD ${String(spec.noradId)}`);
      return elements;
    });
    const padded = paddedSlice(input.slice, input.span.durationS);
    const span = { startUtc: Epoch.parseInstant(input.span.startUtc).plusSeconds(padded.fromS).toIsoString(6), durationS: padded.toS - padded.fromS };
    const options = { secondaryHardBodyRadiusM: input.secondaryHardBodyRadiusM, ...(input.pcMethod ? { pcMethod: input.pcMethod } : {}), now: () => performance.now() };
    const results = [];
    if (input.againstCatalog) {
      const ours = new Set(input.primaries.flatMap((p) => (p.noradId !== undefined ? [p.noradId] : [])));
      // engine ids `p<index>` for the primaries: told apart from the NORAD ids of catalog pairs (ALL_VS_ALL)
      const result = screenWithGrid({
        mode: input.catalogPairs ? 'ALL_VS_ALL' : 'PRIMARIES', span, volume: input.volume, options,
        ...(input.catalogPairs ? {} : { sieve: { fineStepS: FLEET_SIEVE_FINE_STEP_S } }),
        primaries: input.primaries.map((spec, i): PrimaryInput => ({ id: `p${spec.id}`, ...(spec.noradId !== undefined ? { noradId: spec.noradId } : {}), trajectory: { kind: 'GP', elements: primarySets[i]! }, hardBodyRadiusM: spec.hardBodyRadiusM })),
        secondaries: catalog.filter((e) => !ours.has(e.noradId)).map((elements) => ({ elements })),
      });
      results.push({
        ...result,
        approaches: result.approaches.map((a) => (a.primaryId.startsWith('p')
          ? { ...a, primaryId: a.primaryId.slice(1) }
          : { ...a, primaryId: catalogPrimaryId(Number(a.primaryId)), primaryName: byNorad.get(Number(a.primaryId))?.name ?? null })),
        issues: result.issues.map((i) => (i.primaryId?.startsWith('p') ? { ...i, primaryId: i.primaryId.slice(1) } : i)),
      });
    }
    if (input.againstEachOther && input.primaries.length > 1) {
      const indexByNorad = new Map(primarySets.map((e, i) => [e.noradId, i]));
      const result = screenWithGrid({
        mode: 'ALL_VS_ALL', span, volume: input.volume, options, primaries: [],
        secondaries: primarySets.map((elements, i) => ({ elements, hardBodyRadiusM: input.primaries[i]!.hardBodyRadiusM })),
      });
      // the pair's primary (its lower NORAD id) by its index among the primaries
      results.push({ ...result, approaches: result.approaches.map((a) => ({ ...a, primaryId: String(indexByNorad.get(Number(a.primaryId))!) })) });
    }
    const merged = mergeChunkResults(results);
    const approaches = merged.approaches
      .map((a) => ({ ...a, tcaS: a.tcaS + padded.fromS }))
      .filter((a) => keptBySlice(a.tcaS, input.slice, input.span.durationS));
    const issues = merged.issues.map((i) => (i.screenedUntilS !== undefined ? { ...i, screenedUntilS: i.screenedUntilS + padded.fromS } : i));
    const sieveCounts = results.reduce((sum, r) => ({
      sieveObjectSteps: sum.sieveObjectSteps + r.sieve.objectSteps,
      sieveCandidatePairSteps: sum.sieveCandidatePairSteps + r.sieve.candidatePairSteps,
      sieveAfterDistanceTest: sum.sieveAfterDistanceTest + r.sieve.afterDistanceTest,
      sieveAfterSegmentTest: sum.sieveAfterSegmentTest + r.sieve.afterSegmentTest,
      sievePairWindows: sum.sievePairWindows + r.sieve.pairWindows,
    }), { sieveObjectSteps: 0, sieveCandidatePairSteps: 0, sieveAfterDistanceTest: 0, sieveAfterSegmentTest: 0, sievePairWindows: 0 });
    // pairs are counted once per screening (by the first slice), not once per slice
    const counts = { ...merged.counts, ...sieveCounts, approaches: approaches.length, pairs: input.slice.fromS === 0 ? merged.counts.pairs : 0 };
    const result = { approaches, issues, counts, timings: merged.timings };
    return { ok: true, resultJson: JSON.stringify(result), approachCount: approaches.length, computeMs: performance.now() - started };
  } catch (error) {
    return screeningFailure(error);
  }
}

/**
 * The screening's result from its chunks' (engine's mergeChunkResults: independent of the split), and its CDMs;
 * OEM_NOT_LOADED when an OEM primary with approaches came without its text.
 */
export function mergeScreeningTask(input: ScreeningMergeTaskInput): ScreeningMergeTaskOutput | TaskFailure {
  try {
    return mergeScreening(input);
  } catch (error) {
    if (error instanceof OemNotLoadedError) return oemNotLoaded(error);
    throw error;
  }
}

function mergeScreening(input: ScreeningMergeTaskInput): ScreeningMergeTaskOutput {
  const chunks = mergeChunkResults(input.results.map((text) => JSON.parse(text) as ScreeningChunkResult));
  // time slices: an approach two neighbouring slices kept, once; an object's issues of every slice, once
  const merged = input.sliced ? { ...chunks, approaches: uniqueApproaches(chunks.approaches), issues: mergedSliceIssues(chunks.issues) } : chunks;
  if (input.sliced) merged.counts.approaches = merged.approaches.length;
  const { covariances, issues: covarianceIssues } = attachCovariances(input, merged.approaches);
  const { observations, cdmProblems } = approachEvents(input, merged.approaches, covariances);
  const approachBatches: string[] = [];
  for (let start = 0; start < merged.approaches.length; start += MERGE_BATCH) {
    approachBatches.push(JSON.stringify(merged.approaches.slice(start, start + MERGE_BATCH).map(({ primaryStateGcrf: _p, secondaryStateGcrf: _s, ...rest }, k): MergedApproach => ({
      ...rest,
      covariances: covariances[start + k]!.used,
    }))));
  }
  return { ok: true, approachCount: merged.approaches.length, approachBatches, issues: [...merged.issues, ...covarianceIssues], counts: merged.counts, timings: merged.timings, observations, cdmProblems };
}

/** The observations of the approaches whose Pc reaches the threshold (an approach whose CDM cannot be written: a problem). */
function approachEvents(input: ScreeningMergeTaskInput, approaches: readonly ScreeningApproach[], covariances: readonly ApproachCovariance[]): Pick<ScreeningMergeTaskOutput, 'observations' | 'cdmProblems'> {
  const eop = earthDataFor(input.earthData).eop;
  const made: Array<{ index: number; observation: ApproachObservation }> = [];
  const cdmProblems: ScreeningMergeTaskOutput['cdmProblems'] = [];
  approaches.forEach((a, index) => {
    if (a.pc === null || !(a.pc.value >= input.pcThreshold)) return;
    // a pair of two catalog objects (ALL_VS_ALL) is reported, not a conjunction event of ours
    if (catalogPrimaryNoradId(a.primaryId) !== null) return;
    try {
      made.push({ index, observation: approachObservation(a, index, covariances[index]!, input.events, eop) });
    } catch (error) {
      cdmProblems.push({ index, message: error instanceof Error ? error.message : String(error) });
    }
  });
  const received = receiveCdms(made.map(({ observation }) => ({ ok: true, digest: observation.digest })));
  const utf8 = new TextEncoder();
  const items = made.map(({ index, observation: { text, spacecraftIds, assessed } }) => {
    const bytes = utf8.encode(text);
    return { index, bytes, contentSha256: sha256Hex(bytes), spacecraftIds, assessed };
  });
  return { observations: { received, items }, cdmProblems };
}

/** Which covariances an approach's Pc used, and the matrices its CDM carries. */
interface ApproachCovariance extends ApproachCovarianceMatrices {
  used: MergedApproach['covariances'];
}

/** The primaries' covariances at the approaches' TCAs, by approach index (absent: none known). */
interface PrimaryCovariances {
  covariance: Array<RtnCovarianceInput | undefined>;
  used: CovarianceUsed[];
  /** Flags the covariance adds to the approach (an OEM block's offset from TCA). */
  flags: ApproachFlag[][];
  issues: ScreeningMergeIssue[];
}

/**
 * Each approach's covariances at its TCA (domain/screenings/covariances.ts: the primary's propagated from its state
 * vector or the nearest OEM block, the secondary's from a received CDM) and its Pc recomputed with them, in place. A
 * primary whose covariance cannot be propagated keeps the maximum-probability Pc and the screening gets an issue saying why.
 */
function attachCovariances(input: ScreeningMergeTaskInput, approaches: ScreeningApproach[]): { covariances: ApproachCovariance[]; issues: ScreeningMergeIssue[] } {
  const primaries = primaryCovariancesAtTca(input, approaches);
  const covariances = approaches.map((a, i): ApproachCovariance => {
    const cdm = cdmCovarianceFor(input.secondaryCovariances[String(a.secondaryNoradId)], Date.parse(a.tcaUtc) / 1000, input.cdmCovarianceWindowS);
    const secondary: RtnCovarianceInput | undefined = cdm ? { rtnM2: cdm.covarianceRtnM2 } : undefined;
    const primary = primaries.covariance[i];
    if (primary !== undefined || secondary !== undefined) approaches[i] = withCovariances(a, input.pcMethod, primary, secondary, primaries.flags[i]!);
    return {
      used: { primary: primaries.used[i]!, secondary: cdm ? { source: 'CDM', reference: cdm.cdmId, epoch: cdm.tca, toTca: 'CDM_TCA_WITHIN_WINDOW' } : NO_COVARIANCE_USED },
      ...(primary ? { primaryRtnM2: primary.rtnM2 } : {}),
      ...(secondary ? { secondaryRtnM2: secondary.rtnM2 } : {}),
    };
  });
  return { covariances, issues: primaries.issues };
}

/** Per primary (its approaches together: one propagation, one OEM read), the covariance at each of its TCAs. */
function primaryCovariancesAtTca(input: ScreeningMergeTaskInput, approaches: readonly ScreeningApproach[]): PrimaryCovariances {
  const out: PrimaryCovariances = {
    covariance: new Array<RtnCovarianceInput | undefined>(approaches.length),
    used: new Array<CovarianceUsed>(approaches.length).fill(NO_COVARIANCE_USED),
    flags: approaches.map(() => []),
    issues: [],
  };
  const byPrimary = new Map<string, number[]>();
  approaches.forEach((a, i) => {
    const indices = byPrimary.get(a.primaryId);
    if (indices) indices.push(i);
    else byPrimary.set(a.primaryId, [i]);
  });
  for (const [primaryId, indices] of byPrimary) {
    const spec = input.primarySpecs[Number(primaryId)];
    try {
      if (spec?.kind === 'PROPAGATED' && spec.covariance) propagatedCovariances(input, spec, spec.covariance, approaches, indices, out);
      else if (spec?.kind === 'OEM') oemBlockCovariances(input, spec, primaryId, approaches, indices, out);
    } catch (error) {
      if (error instanceof OemNotLoadedError) throw error;
      out.issues.push({
        code: 'PRIMARY_COVARIANCE_UNUSABLE',
        primaryId,
        message: `the primary's covariance could not be brought to its TCAs (${error instanceof Error ? error.message : String(error)}): its Pc values are the maximum probability`,
      });
    }
  }
  return out;
}

function propagatedCovariances(
  input: ScreeningMergeTaskInput, spec: Extract<ScreeningPrimarySpec, { kind: 'PROPAGATED' }>, covariance: StateVectorCovarianceSpec,
  approaches: readonly ScreeningApproach[], indices: readonly number[], out: PrimaryCovariances,
): void {
  const tcaS = indices.map((i) => approaches[i]!.tcaS);
  const statesGcrf = indices.map((i) => approaches[i]!.primaryStateGcrf);
  const rtn = propagatedPrimaryCovariances(spec.propagation, covariance, input.spanStartUtc, tcaS, statesGcrf, earthDataFor(input.earthData));
  indices.forEach((i, k) => {
    out.covariance[i] = rtn[k];
    out.used[i] = { source: 'STATE_VECTOR', reference: covariance.stateVectorId, epoch: spec.propagation.state.epoch, toTca: 'PROPAGATED' };
  });
}

function oemBlockCovariances(
  input: ScreeningMergeTaskInput, spec: Extract<ScreeningPrimarySpec, { kind: 'OEM' }>, primaryId: string,
  approaches: readonly ScreeningApproach[], indices: readonly number[], out: PrimaryCovariances,
): void {
  const blocks = oemCovarianceBlocks(oemTextOf(spec), Epoch.parseInstant(input.spanStartUtc));
  if (blocks.length === 0) return;
  for (const i of indices) {
    const nearest = nearestOemCovariance(blocks, approaches[i]!.tcaS, spec.oemName ?? 'OEM');
    if (!nearest) continue;
    out.covariance[i] = nearest.covariance;
    out.used[i] = nearest.used;
    out.flags[i]!.push(nearest.flag);
  }
  const unusable = blocks.find((b) => b.frameProblem !== null);
  if (unusable) out.issues.push({ code: 'PRIMARY_COVARIANCE_UNUSABLE', primaryId, message: `OEM line ${unusable.line}: ${unusable.frameProblem}` });
}

/**
 * Checks an uploaded OEM primary (it reads, and covers the span). `bytes` may be handed over by the caller: the file
 * is decoded here, and handed back in parts of OEM_PART_BYTES, as the screening stores it (`oemParts`).
 */
export function checkScreeningOemTask(input: { bytes: Uint8Array; span: ScreeningSpan }): { ok: true; objects: OemObjectIdentity[]; parts: Uint8Array[] } | TaskFailure {
  try {
    const message = parseOem(new TextDecoder('utf-8', { fatal: false }).decode(input.bytes));
    const trajectory = ephemerisFromOem(message);
    if (trajectory.kind !== 'EPHEMERIS') throw new Error('unreachable');
    // the OEM adapter's epoch is UTC without a zone letter
    const oemEpoch = Epoch.parse(trajectory.epochUtc.replace(/Z$/, ''), 'UTC');
    const offsetS = Epoch.parseInstant(input.span.startUtc).secondsSince(oemEpoch);
    const first = trajectory.segments[0]!.timesS[0]!;
    const lastSegment = trajectory.segments[trajectory.segments.length - 1]!;
    const last = lastSegment.timesS[lastSegment.timesS.length - 1]!;
    if (first > offsetS + 1e-6 || last < offsetS + input.span.durationS - 1e-6) {
      return {
        ok: false, kind: 'UNPROCESSABLE', code: 'OEM_DOES_NOT_COVER_SPAN',
        message: `the OEM covers ${oemEpoch.plusSeconds(first).toIsoString(3)} – ${oemEpoch.plusSeconds(last).toIsoString(3)}, not the whole screening span`,
      };
    }
    // every segment's object (the screening checks each names the primary's spacecraft), each distinct one once
    const objects = new Map<string, OemObjectIdentity>();
    for (const { metadata } of message.segments) objects.set(`${metadata.objectName}\u0000${metadata.objectId}`, { objectName: metadata.objectName, objectId: metadata.objectId });
    const parts: Uint8Array[] = [];
    for (let at = 0; at < input.bytes.byteLength; at += OEM_PART_BYTES) parts.push(input.bytes.slice(at, at + OEM_PART_BYTES));
    return handOver({ ok: true as const, objects: [...objects.values()], parts }, parts.map((part) => part.buffer as ArrayBuffer));
  } catch (error) {
    if (error instanceof CcsdsParseError) return { ok: false, kind: 'PARSE', code: 'PARSE_ERROR', message: error.message, line: error.line };
    return screeningFailure(error);
  }
}
