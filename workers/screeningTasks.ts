/**
 * Screening tasks of the compute pool (registered in tasks.ts): one chunk of a screening (issue 25 §2), the merge of
 * its chunks' results with the CDMs of the approaches that reach the Pc threshold, and the check of an uploaded OEM.
 * Thin adapters over engine/collision/screening and domain/conjunctions; nothing here runs on the event loop.
 *
 * A spacecraft primary arrives as its propagation set-up (latest eligible state, force model, stored maneuvers, fixed
 * when the screening was created) and is propagated here with dense output. Every chunk of a screening needs the same
 * primaries, so the trajectories are cached per worker by `cacheKey` (screening id and primary index): a worker
 * propagates each primary once per screening, whatever the number of its chunks it runs. The propagation is
 * deterministic, so chunks on other workers or instances screen against the same trajectory.
 */
import { CollisionInputError } from '../engine/collision/errors.ts';
import { ephemerisFromOem, mergeChunkResults, screenChunk, type PrimaryInput, type PrimaryTrajectoryInput, type ScreeningApproach, type ScreeningChunkResult, type ScreeningSpan, type ScreeningVolume, type SecondaryInput } from '../engine/collision/screening/index.ts';
import type { PcMethod } from '../engine/collision/probability.ts';
import { accelerationBoundKmS2 } from '../engine/events/storedState.ts';
import { OemTrajectoryError } from '../engine/events/trajectories/oem.ts';
import { writeCdmKvn } from '../engine/files/cdm/cdmWriter.ts';
import { CcsdsParseError } from '../engine/files/common/errors.ts';
import { parseOem } from '../engine/files/oem/oemReader.ts';
import { propagateStoredState, type StoredStatePropagationInput } from '../engine/propagation/storedState.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { screeningApproachCdm, type ScreeningCdmInput } from '../domain/conjunctions/screeningCdm.ts';
import { earthDataFor } from '../earthData/files.ts';
import { failure, type TaskFailure, type WithEarthData } from './ephemerisTasks.ts';

/** A primary as a chunk receives it. */
export type ScreeningPrimarySpec = {
  id: string;
  noradId?: number;
  hardBodyRadiusM: number;
  /** Worker cache key of its trajectory (the screening id and the primary's index). */
  cacheKey: string;
} & ({ kind: 'PROPAGATED'; propagation: StoredStatePropagationInput } | { kind: 'OEM'; oemText: string; nonGravitationalAccelerationKmS2?: number });

export interface ScreeningChunkTaskInput extends WithEarthData {
  span: ScreeningSpan;
  volume: ScreeningVolume;
  primaries: ScreeningPrimarySpec[];
  secondaries: SecondaryInput[];
  secondaryHardBodyRadiusM: number;
  pcMethod?: PcMethod;
}

export type ScreeningChunkTaskOutput = { ok: true; resultJson: string; approachCount: number; computeMs: number } | TaskFailure;

/** Trajectories built in this worker, by cache key (a few screenings' primaries; oldest dropped first). */
const trajectories = new Map<string, { trajectory: PrimaryTrajectoryInput; acceleration: number }>();
const MAX_CACHED_TRAJECTORIES = 64;

function trajectoryOf(spec: ScreeningPrimarySpec, span: ScreeningSpan, input: WithEarthData): { trajectory: PrimaryTrajectoryInput; acceleration: number } {
  const cached = trajectories.get(spec.cacheKey);
  if (cached) return cached;
  let built: { trajectory: PrimaryTrajectoryInput; acceleration: number };
  if (spec.kind === 'OEM') {
    built = { trajectory: ephemerisFromOem(parseOem(spec.oemText)), acceleration: spec.nonGravitationalAccelerationKmS2 ?? 1e-4 };
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
  if (error instanceof CollisionInputError) {
    return { ok: false, kind: error.kind === 'INVALID_INPUT' ? 'INVALID_INPUT' : 'UNPROCESSABLE', code: error.code, message: error.message, details: { field: error.field } };
  }
  if (error instanceof OemTrajectoryError) {
    return { ok: false, kind: 'PARSE', code: 'OEM_UNUSABLE', message: error.message, ...(error.line !== null ? { line: error.line } : {}), details: { field: error.field } };
  }
  return failure(error);
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
      secondaries: input.secondaries,
      options: { secondaryHardBodyRadiusM: input.secondaryHardBodyRadiusM, ...(input.pcMethod ? { pcMethod: input.pcMethod } : {}), now: () => performance.now() },
    });
    return { ok: true, resultJson: JSON.stringify(result), approachCount: result.approaches.length, computeMs: performance.now() - started };
  } catch (error) {
    return screeningFailure(error);
  }
}

/** Approaches per batch handed to the event loop (and per INSERT there). */
export const MERGE_BATCH = 200;

/** What the merge needs to write the CDM of an approach: per primary and per secondary NORAD id, the CDM objects. */
export interface ScreeningMergeTaskInput {
  /** The SCREEN chunks' results (JSON texts), any order. */
  results: string[];
  pcThreshold: number;
  /** CDM fields common to every message, and each object's identity (by primary id, and by secondary NORAD id). */
  cdm: Omit<ScreeningCdmInput, 'tca' | 'missDistanceM' | 'relativeSpeedMS' | 'relativePositionRtnM' | 'relativeVelocityRtnMS' | 'pc' | 'pcIsMaximumProbability' | 'combinedHardBodyRadiusM' | 'objects' | 'messageId'> & {
    messageIdPrefix: string;
  };
  primaries: Record<string, Omit<ScreeningCdmInput['objects'][0], 'stateGcrf'>>;
  /** Fleet secondaries by (possibly synthetic) NORAD id; others are catalog objects described from their element set. */
  fleet: Record<string, Omit<ScreeningCdmInput['objects'][0], 'stateGcrf'>>;
}

/** One approach as the merge hands it to the event loop (the states at TCA stay on the worker: they went into the CDM). */
export type MergedApproach = Omit<ScreeningApproach, 'primaryStateGcrf' | 'secondaryStateGcrf'>;

export interface ScreeningMergeTaskOutput {
  ok: true;
  approachCount: number;
  /**
   * The approaches in their total order as JSON arrays of at most MERGE_BATCH: the event loop parses one batch at a
   * time, just before storing it, instead of deserializing thousands of approaches in one step.
   */
  approachBatches: string[];
  issues: ScreeningChunkResult['issues'];
  counts: ScreeningChunkResult['counts'];
  timings: ScreeningChunkResult['timings'];
  /** KVN CDMs of the approaches whose Pc reaches the threshold, by approach index in `merged.approaches`. */
  cdms: Array<{ index: number; text: string }>;
  cdmProblems: Array<{ index: number; message: string }>;
}

/** The screening's result from its chunks' (engine's mergeChunkResults: independent of the split), and its CDMs. */
export function mergeScreeningTask(input: ScreeningMergeTaskInput): ScreeningMergeTaskOutput {
  const merged = mergeChunkResults(input.results.map((text) => JSON.parse(text) as ScreeningChunkResult));
  const cdms: ScreeningMergeTaskOutput['cdms'] = [];
  const cdmProblems: ScreeningMergeTaskOutput['cdmProblems'] = [];
  merged.approaches.forEach((a, index) => {
    if (a.pc === null || !(a.pc.value >= input.pcThreshold)) return;
    const primary = input.primaries[a.primaryId];
    const secondary = input.fleet[String(a.secondaryNoradId)] ?? {
      designator: String(a.secondaryNoradId),
      name: a.secondaryName ?? `NORAD ${a.secondaryNoradId}`,
      internationalDesignator: 'UNKNOWN',
      objectType: 'UNKNOWN' as const,
      maneuverable: 'N/A' as const,
      ephemerisName: 'NONE (GP element set, SGP4)',
    };
    try {
      const { messageIdPrefix, ...common } = input.cdm;
      const text = writeCdmKvn(screeningApproachCdm({
        ...common,
        messageId: `${messageIdPrefix}-${index + 1}`,
        tca: a.tcaUtc,
        missDistanceM: a.missDistanceM,
        relativeSpeedMS: a.relativeSpeedMS,
        relativePositionRtnM: a.relativePositionRtnM,
        relativeVelocityRtnMS: a.relativeVelocityRtnMS,
        pc: a.pc.value,
        pcIsMaximumProbability: a.pc.isMaximumProbability,
        combinedHardBodyRadiusM: a.combinedHardBodyRadiusM,
        objects: [{ ...primary!, stateGcrf: a.primaryStateGcrf }, { ...secondary, stateGcrf: a.secondaryStateGcrf }],
      }));
      cdms.push({ index, text });
    } catch (error) {
      cdmProblems.push({ index, message: error instanceof Error ? error.message : String(error) });
    }
  });
  const approachBatches: string[] = [];
  for (let start = 0; start < merged.approaches.length; start += MERGE_BATCH) {
    approachBatches.push(JSON.stringify(merged.approaches.slice(start, start + MERGE_BATCH).map(({ primaryStateGcrf: _p, secondaryStateGcrf: _s, ...rest }) => rest)));
  }
  return { ok: true, approachCount: merged.approaches.length, approachBatches, issues: merged.issues, counts: merged.counts, timings: merged.timings, cdms, cdmProblems };
}

/** An uploaded OEM primary: read and checked to cover the span (400 naming the line otherwise). */
export function checkScreeningOemTask(input: { text: string; span: ScreeningSpan }): { ok: true; objectName: string; objectId: string } | TaskFailure {
  try {
    const message = parseOem(input.text);
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
    const segment = message.segments[0]!;
    return { ok: true, objectName: segment.metadata.objectName, objectId: segment.metadata.objectId };
  } catch (error) {
    if (error instanceof CcsdsParseError) return { ok: false, kind: 'PARSE', code: 'PARSE_ERROR', message: error.message, line: error.line };
    return screeningFailure(error);
  }
}
