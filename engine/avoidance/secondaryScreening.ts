/**
 * Secondary conjunctions of avoidance candidates (issue 38, point 3): a re-propagated candidate's post-maneuver
 * trajectory is screened against the catalog and the fleet (the element sets the screening engine takes) over a
 * horizon after the burn, with the screening engine itself (engine/collision/screening `screenChunk`, the candidate as
 * its primary: no second screening implementation); an approach above the plan's target marks the candidate, and the
 * recommendation moves to the next candidate in rank order.
 *
 *  - Span: from the burn start (the trajectory before it is the nominal one, screened by the ordinary screening) for
 *    `horizonS` (default 7 days, at most the screening's 14). The candidate must have been re-propagated at least that
 *    far (`planAvoidance({ horizonS })`, after the TCA: a horizon after the TCA ≥ the one after the burn covers it).
 *  - Volume: default a 10 km sphere (every approach whose isotropic maximum Pc for a 15 m combined radius can reach
 *    1e-6 lies within 9.1 km); the search's guarantee is the screening engine's (its README), with the candidate's
 *    thrust/mass added to its non-gravitational acceleration bound for a finite burn.
 *  - Covariance: the search needs none. The Pc of each approach found needs the candidate's position covariance at
 *    that approach's TCA: it is propagated from the candidate's covariance at its new TCA (execution errors included)
 *    with the variational equations, in one run to all the approaches' TCAs (SEMI_ANALYTIC partials: the STM to
 *    ~1e-8 relative over a day in LEO), without process noise (so it is the linear mapping of the covariance at TCA,
 *    optimistic over days). So the re-propagation integrates the covariance only over the TCA window and the state
 *    alone beyond (repropagation.ts), and this costs one covariance run only when an approach is found. A secondary's
 *    covariance is the caller's: one for every approach (`SecondaryInput.covariance`), or one for an approach at a
 *    given time (`secondaryCovarianceAt`, e.g. a received CDM's of that encounter); without one the Pc is the
 *    screening engine's flagged maximum probability over the candidate's covariance (Alfriend et al. 1999).
 *  - Against the target (plan.ts `AvoidanceTarget`): an approach is above it when its Pc is not below `maxPc`, its miss
 *    distance below `minMissDistanceM`, or its Mahalanobis distance below `minMahalanobisDistance`. A maximum-probability
 *    Pc counts (an upper bound above the target cannot show the approach safe) unless
 *    `maximumProbabilityCountsAgainstTarget` is false; its Mahalanobis distance is unknown (null) and does not count.
 *  - Excluded: the original conjunction's secondary at the original TCA (the encounter the burn avoids: its post-burn
 *    Pc is the candidate's own, `RepropagatedCandidate.outcome`): an approach with that secondary's NORAD id within
 *    `windowS` (default 600 s, the re-propagation's TCA window; the same pair meets again at the other node, half an
 *    orbit later at the earliest) of the nominal TCA. Without a NORAD id, the approach whose secondary position, moved
 *    to the nominal TCA (second-order Taylor step, two-body acceleration), lies within `matchDistanceKm` (default 10 km)
 *    of the event's secondary state. Excluded approaches are returned apart, not judged.
 *  - Several candidates of a plan are best screened together (`screenCandidateGroupSecondaries`, or
 *    `groupScreeningChunk` per catalog partition + `assessGroupApproaches` on a pool): one primary per candidate, so
 *    the secondaries' SGP4 set-up — most of a screening's time — is done once (bench:avoidance: 16.7 s of CPU for three
 *    candidates × 45,000 objects together, 31.6 s one by one).
 *
 * Plain data out (numbers, strings, arrays): the service stores the results as JSON.
 */
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 } from '../events/motionBounds.ts';
import { MU_EARTH_KM3_S2 } from '../constants.ts';
import type { PcMethod } from '../collision/probability.ts';
import { approachProbability, screenChunk, MAX_SPAN_S, type ApproachFlag, type PrimaryInput, type RtnCovarianceInput, type ScreeningApproach, type ScreeningChunkInput, type ScreeningChunkResult, type ScreeningCounts, type ScreeningIssue, type ScreeningTimings, type ScreeningVolume, type SecondaryInput } from '../collision/screening/index.ts';
import { propagate, type DenseOutput } from '../propagation/propagator.ts';
import { DenseOutputTrajectory } from '../trajectories/denseOutput.ts';
import type { Epoch } from '../time/epoch.ts';
import type { AvoidanceTarget, AvoidancePlanResult, PlannedCandidate } from './plan.ts';
import { appendDenseOutput, shiftDenseOutput, type BurnExecution, type RepropagatedCandidate } from './repropagation.ts';
import { covarianceGcrfKmToRtnM2, type AvoidancePropagation } from './tradeSpace.ts';

export const DEFAULT_SECONDARY_HORIZON_S = 7 * 86400;
export const DEFAULT_SECONDARY_VOLUME: ScreeningVolume = Object.freeze({ shape: 'SPHERE', radiusKm: 10 });
/** Half-width of the exclusion of the original encounter about the nominal TCA, s. */
export const DEFAULT_ORIGINAL_WINDOW_S = 600;
export const DEFAULT_ORIGINAL_MATCH_KM = 10;

/** The conjunction the burn avoids, excluded from the secondary approaches. */
export interface OriginalEncounter {
  /** The event's secondary in the screened catalog or fleet. */
  readonly secondaryNoradId?: number;
  /** Without a NORAD id: the event's secondary at the nominal TCA (GCRF, km, km/s). */
  readonly secondaryStateKm?: ArrayLike<number>;
  readonly windowS?: number;
  readonly matchDistanceKm?: number;
}

/** What the secondary screening of one candidate takes (besides the candidate and the propagation). */
export interface SecondaryScreeningSettings {
  /** The catalog's and the fleet's element sets (fleet members as the service's screening builds them). */
  readonly secondaries: readonly SecondaryInput[];
  /** After the burn start, s (default 7 days, ≤ 14 days). */
  readonly horizonS?: number;
  readonly volume?: ScreeningVolume;
  readonly primaryHardBodyRadiusM: number;
  /** For secondaries that give none, m. */
  readonly secondaryHardBodyRadiusM: number;
  /** The spacecraft's own NORAD id: its catalog entry is not screened against it. */
  readonly primaryNoradId?: number;
  readonly target: AvoidanceTarget;
  readonly pcMethod: PcMethod;
  readonly original: OriginalEncounter;
  /** Default true (see the header). */
  readonly maximumProbabilityCountsAgainstTarget?: boolean;
  /**
   * The secondary's covariance at an approach (RTN at its TCA), when the caller knows one for that encounter (e.g. a
   * received CDM's whose TCA is within its window), with a reference echoed in the approach; else undefined. Asked
   * before `SecondaryInput.covariance`. Built where the screening runs (a function does not cross a worker boundary).
   */
  readonly secondaryCovarianceAt?: (secondaryNoradId: number, tcaUtc: string) => (RtnCovarianceInput & { readonly reference: string }) | undefined;
  /** A clock for the timings (ms), e.g. performance.now; without one they are null. */
  readonly now?: () => number;
}

export interface SecondaryScreeningRequest extends SecondaryScreeningSettings {
  readonly propagation: AvoidancePropagation;
  readonly candidate: RepropagatedCandidate;
  /** The burn's execution (a finite burn's thrust bounds the trajectory's acceleration for the search). */
  readonly execution: BurnExecution;
}

/** Several candidates of one plan screened together: one screening, the secondaries' set-up shared (see below). */
export interface GroupScreeningRequest extends SecondaryScreeningSettings {
  readonly propagation: AvoidancePropagation;
  readonly candidates: readonly RepropagatedCandidate[];
  readonly execution: BurnExecution;
}

export type TargetCriterion = 'PC' | 'MISS_DISTANCE' | 'MAHALANOBIS_DISTANCE';

/** One approach of the candidate's new trajectory (plain JSON). */
export interface SecondaryApproach {
  readonly secondaryNoradId: number;
  readonly secondaryName: string | null;
  readonly tcaUtc: string;
  /** From the burn start, s. */
  readonly tcaFromBurnS: number;
  /** From the nominal TCA of the event, s. */
  readonly tcaFromEventTcaS: number;
  readonly missDistanceM: number;
  readonly relativeSpeedMS: number;
  readonly relativePositionRtnM: [number, number, number];
  readonly combinedHardBodyRadiusM: number;
  /** With the candidate's covariance propagated to this TCA (see the header); null without an encounter plane. */
  readonly pc: { readonly method: PcMethod; readonly value: number; readonly isMaximumProbability: boolean } | null;
  readonly mahalanobisDistance: number | null;
  /** The candidate's position σ at this TCA in its RTN, m (null when not propagated: an excluded approach). */
  readonly primarySigmaRtnM: [number, number, number] | null;
  /** The reference of the secondary's covariance from `secondaryCovarianceAt` (e.g. a CDM id), else null. */
  readonly secondaryCovarianceReference: string | null;
  readonly flags: readonly ApproachFlag[];
  /** The target's bounds this approach violates (empty: below the target). */
  readonly aboveTarget: readonly TargetCriterion[];
}

export interface SecondaryScreeningResult {
  readonly spanStartUtc: string;
  readonly horizonS: number;
  readonly volume: ScreeningVolume;
  readonly pcMethod: PcMethod;
  readonly secondaryCount: number;
  /** Candidates screened in the same screening (its counts, issues without a primary, timings are shared). */
  readonly screenedTogether: number;
  /** Every approach in the volume but the original encounter, by TCA. */
  readonly approaches: SecondaryApproach[];
  /** The original encounter as the screening found it (not judged). */
  readonly excluded: SecondaryApproach[];
  /** The approaches above the target (a subset of `approaches`). */
  readonly aboveTarget: SecondaryApproach[];
  readonly issues: ScreeningIssue[];
  readonly counts: ScreeningCounts;
  /** The screening's stages, then the covariance propagation and the Pc (ms); null without a clock. */
  readonly timings: (ScreeningTimings & { covarianceMs: number }) | null;
}

/**
 * Where each candidate of a group sits in the group's screening span: the span runs from the earliest burn start to
 * the latest burn start + the horizon (≤ the horizon + the spread of the lead times), every candidate is a primary
 * of it, and its own window is [its burn start, + horizon]. A candidate that burns after the span start is extended
 * back to it by its own post-burn orbit propagated backward from its burn start (state only): a continuous
 * trajectory (no velocity jump for the search's bounds), whose approaches before the burn are not the candidate's and
 * are dropped.
 */
interface GroupLayout {
  readonly spanStart: Epoch;
  readonly spanS: number;
  readonly horizonS: number;
  /** Per candidate: its burn start from the span start, s. */
  readonly offsetsS: number[];
}

function groupLayout(request: GroupScreeningRequest): GroupLayout {
  const horizonS = request.horizonS ?? DEFAULT_SECONDARY_HORIZON_S;
  if (request.candidates.length === 0) throw new RangeError('no candidate to screen');
  const starts = request.candidates.map((c) => c.burnStartOffsetS);
  const first = Math.min(...starts);
  const spanS = Math.max(...starts) - first + horizonS;
  if (!(horizonS > 0 && spanS <= MAX_SPAN_S)) throw new RangeError(`the secondary-screening horizon (plus the spread of the burn times) must be in (0, ${MAX_SPAN_S}] s (got ${horizonS} + ${spanS - horizonS})`);
  const offsetsS = starts.map((s) => s - first);
  request.candidates.forEach((c, i) => {
    if (c.trajectoryEndS < spanS - offsetsS[i]! - 1e-6) {
      throw new RangeError(
        `candidate ${i}'s trajectory ends ${c.trajectoryEndS.toFixed(0)} s after its burn start, before the screening's end ${(spanS - offsetsS[i]!).toFixed(0)} s: re-propagate it with horizonS ≥ ${Math.ceil(horizonS)} s after the TCA`,
      );
    }
  });
  return { spanStart: request.propagation.tcaEpoch.plusSeconds(first), spanS, horizonS, offsetsS };
}

/** The candidate's trajectory from `backS` before its burn start (its own post-burn orbit backward), t = 0 there. */
function extendedBack(request: GroupScreeningRequest, c: RepropagatedCandidate, backS: number): DenseOutput {
  if (backS <= 0) return c.trajectory;
  const s0 = new Float64Array(6);
  new DenseOutputTrajectory(c.trajectory, request.propagation.tcaEpoch.plusSeconds(c.burnStartOffsetS)).stateAt(0, s0);
  const dyn = request.propagation.dynamicsAt(c.burnStartOffsetS, -backS, 0);
  const back = propagate({
    spacecraft: { ...request.propagation.spacecraft, massKg: request.execution.kind === 'FINITE' ? request.propagation.spacecraft.massKg : c.massAfterBurnKg },
    forceModel: dyn.forceModel,
    environment: dyn.environment,
    ...(request.propagation.integrator ? { integrator: request.propagation.integrator } : {}),
    positionKm: [s0[0]!, s0[1]!, s0[2]!],
    velocityKmS: [s0[3]!, s0[4]!, s0[5]!],
    outputTimesS: [-backS],
    denseOutput: true,
  });
  if (back.truncated) throw new RangeError(`candidate's orbit extended back ${backS} s reaches the altitude floor`);
  return appendDenseOutput(shiftDenseOutput(back.denseOutput!, backS), c.trajectory, backS);
}

/**
 * The screening chunk of a group of candidates against `secondaries` (all of them, or one partition of
 * `planScreeningChunks` for a job runner: screen each on the pool, `mergeChunkResults`, then `assessGroupApproaches`).
 * One primary per candidate (`candidate-<i>`), so the secondaries' SGP4 set-up — most of a screening's time — is
 * shared by the group.
 */
export function groupScreeningChunk(request: GroupScreeningRequest, secondaries: readonly SecondaryInput[] = request.secondaries): ScreeningChunkInput {
  const layout = groupLayout(request);
  const start = layout.spanStart.toString('UTC', 9);
  const execution = request.execution;
  const primaries: PrimaryInput[] = request.candidates.map((c, i) => {
    // drag and radiation pressure (the default bound), plus the thrust at the lowest mass during a finite burn
    const aNg = DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 + (execution.kind === 'FINITE' ? execution.thrustN / c.massAfterBurnKg / 1000 : 0);
    return {
      id: candidatePrimaryId(i),
      ...(request.primaryNoradId !== undefined ? { noradId: request.primaryNoradId } : {}),
      trajectory: { kind: 'DENSE_OUTPUT', epochUtc: start, denseOutput: extendedBack(request, c, layout.offsetsS[i]!) },
      hardBodyRadiusM: request.primaryHardBodyRadiusM,
      nonGravitationalAccelerationKmS2: aNg,
    };
  });
  return {
    span: { startUtc: start, durationS: layout.spanS },
    volume: request.volume ?? DEFAULT_SECONDARY_VOLUME,
    primaries,
    secondaries,
    options: { secondaryHardBodyRadiusM: request.secondaryHardBodyRadiusM, pcMethod: request.pcMethod, ...(request.now ? { now: request.now } : {}) },
  };
}

/** The primary id of the group's i-th candidate in its screening. */
export function candidatePrimaryId(i: number): string {
  return `candidate-${i}`;
}

const single = (request: SecondaryScreeningRequest): GroupScreeningRequest => {
  const { candidate, ...rest } = request;
  return { ...rest, candidates: [candidate] };
};

/** The screening chunk of one candidate (a group of one: the span starts at its burn). */
export function secondaryScreeningChunk(request: SecondaryScreeningRequest, secondaries: readonly SecondaryInput[] = request.secondaries): ScreeningChunkInput {
  return groupScreeningChunk(single(request), secondaries);
}

function isOriginal(approach: ScreeningApproach, fromEventTcaS: number, original: OriginalEncounter): boolean {
  if (Math.abs(fromEventTcaS) > (original.windowS ?? DEFAULT_ORIGINAL_WINDOW_S)) return false;
  if (original.secondaryNoradId !== undefined) return approach.secondaryNoradId === original.secondaryNoradId;
  const s = original.secondaryStateKm;
  if (s === undefined) return false;
  // the approach's secondary moved to the nominal TCA: r + v·dt + ½·a·dt², a two-body
  const x = approach.secondaryStateGcrf;
  const dt = -fromEventTcaS;
  const r = Math.hypot(x[0], x[1], x[2]);
  const k = -MU_EARTH_KM3_S2 / (r * r * r);
  const d = [0, 1, 2].map((i) => x[i]! + x[i + 3]! * dt + 0.5 * k * x[i]! * dt * dt - s[i]!);
  return Math.hypot(d[0]!, d[1]!, d[2]!) <= (original.matchDistanceKm ?? DEFAULT_ORIGINAL_MATCH_KM);
}

/** The target's bounds an approach violates. */
export function targetViolations(
  approach: Pick<SecondaryApproach, 'pc' | 'missDistanceM' | 'mahalanobisDistance'>,
  target: AvoidanceTarget,
  maximumProbabilityCounts = true,
): TargetCriterion[] {
  const out: TargetCriterion[] = [];
  if (target.maxPc !== undefined && approach.pc !== null && !(approach.pc.value < target.maxPc) && (maximumProbabilityCounts || !approach.pc.isMaximumProbability)) out.push('PC');
  if (target.minMissDistanceM !== undefined && approach.missDistanceM < target.minMissDistanceM) out.push('MISS_DISTANCE');
  if (target.minMahalanobisDistance !== undefined && approach.mahalanobisDistance !== null && approach.mahalanobisDistance < target.minMahalanobisDistance) out.push('MAHALANOBIS_DISTANCE');
  return out;
}

/**
 * From the group's screening (merged) result to each candidate's secondary approaches: its own window kept, the
 * original encounter set apart, the candidate's covariance propagated to every other approach's TCA, the Pc there,
 * the target test. One result per candidate, in the request's order (counts, issues and timings are the group's).
 */
export function assessGroupApproaches(request: GroupScreeningRequest, screening: ScreeningChunkResult): SecondaryScreeningResult[] {
  const layout = groupLayout(request);
  const secondaryCovariance = new Map<number, SecondaryInput['covariance']>();
  for (const s of request.secondaries) if (s.covariance) secondaryCovariance.set(s.elements.noradId, s.covariance);
  return request.candidates.map((candidate, i) => {
    const now = request.now ?? null;
    const t0 = now?.() ?? 0;
    const offset = layout.offsetsS[i]!;
    const mine = screening.approaches.filter((a) => a.primaryId === candidatePrimaryId(i) && a.tcaS >= offset && a.tcaS <= offset + layout.horizonS);
    const split = mine.map((a) => ({ a, fromBurn: a.tcaS - offset, fromEvent: a.tcaS - offset + candidate.burnStartOffsetS, original: false }));
    for (const x of split) x.original = isOriginal(x.a, x.fromEvent, request.original);
    const kept = split.filter((x) => !x.original);
    const covariances = covariancesAt(request, candidate, kept.map((x) => x.fromEvent - candidate.tcaOffsetS));
    const counts = request.maximumProbabilityCountsAgainstTarget ?? true;
    const shape = (x: (typeof split)[number]): SecondaryApproach => {
      const a = x.a;
      const cov = x.original ? undefined : covariances.get(x.fromEvent - candidate.tcaOffsetS);
      const atEncounter = cov ? request.secondaryCovarianceAt?.(a.secondaryNoradId, a.tcaUtc) : undefined;
      const probability = cov
        ? approachProbability(request.pcMethod, a.primaryStateGcrf, a.secondaryStateGcrf, a.combinedHardBodyRadiusM, cov, atEncounter ?? secondaryCovariance.get(a.secondaryNoradId))
        : { pc: a.pc, mahalanobisDistance: a.mahalanobisDistance, flags: a.flags };
      const pc = probability.pc === null ? null : { method: probability.pc.method, value: probability.pc.value, isMaximumProbability: probability.pc.isMaximumProbability };
      const base = {
        secondaryNoradId: a.secondaryNoradId,
        secondaryName: a.secondaryName,
        tcaUtc: a.tcaUtc,
        tcaFromBurnS: x.fromBurn,
        tcaFromEventTcaS: x.fromEvent,
        missDistanceM: a.missDistanceM,
        relativeSpeedMS: a.relativeSpeedMS,
        relativePositionRtnM: a.relativePositionRtnM,
        combinedHardBodyRadiusM: a.combinedHardBodyRadiusM,
        pc,
        mahalanobisDistance: probability.mahalanobisDistance,
        primarySigmaRtnM: cov ? [Math.sqrt(cov.rtnM2[0]!), Math.sqrt(cov.rtnM2[7]!), Math.sqrt(cov.rtnM2[14]!)] as [number, number, number] : null,
        secondaryCovarianceReference: atEncounter?.reference ?? null,
        flags: probability.flags,
      };
      return { ...base, aboveTarget: x.original ? [] : targetViolations(base, request.target, counts) };
    };
    const approaches = kept.map(shape);
    const covarianceMs = now === null ? 0 : now() - t0;
    return {
      spanStartUtc: request.propagation.tcaEpoch.plusSeconds(candidate.burnStartOffsetS).toIsoString(6),
      horizonS: layout.horizonS,
      volume: request.volume ?? DEFAULT_SECONDARY_VOLUME,
      pcMethod: request.pcMethod,
      secondaryCount: request.secondaries.length,
      screenedTogether: request.candidates.length,
      approaches,
      excluded: split.filter((x) => x.original).map(shape),
      aboveTarget: approaches.filter((a) => a.aboveTarget.length > 0),
      issues: screening.issues.filter((x) => x.primaryId === undefined || x.primaryId === candidatePrimaryId(i)),
      counts: screening.counts,
      timings: screening.timings === null || now === null ? null : { ...screening.timings, covarianceMs },
    };
  });
}

/** The candidate's covariance (RTN, m²) at these times from its new TCA: one variational run both ways (header). */
function covariancesAt(request: GroupScreeningRequest, candidate: RepropagatedCandidate, timesFromTca: readonly number[]): Map<number, { rtnM2: number[] }> {
  const out = new Map<number, { rtnM2: number[] }>();
  const times = [...new Set(timesFromTca)];
  if (times.length === 0) return out;
  const { propagation } = request;
  const dyn = propagation.dynamicsAt(candidate.tcaOffsetS, Math.min(0, ...times), Math.max(0, ...times));
  const s = candidate.primaryStateKm;
  const run = propagate({
    spacecraft: { ...propagation.spacecraft, massKg: candidate.massAfterBurnKg },
    forceModel: dyn.forceModel,
    environment: dyn.environment,
    ...(propagation.integrator ? { integrator: propagation.integrator } : {}),
    positionKm: [s[0]!, s[1]!, s[2]!],
    velocityKmS: [s[3]!, s[4]!, s[5]!],
    outputTimesS: times,
    covarianceKm: candidate.primaryCovarianceGcrfKm,
    variationalPartials: propagation.variationalPartials ?? 'SEMI_ANALYTIC',
  });
  for (let i = 0; i < run.timesS.length; i++) {
    const state = run.statesKm.subarray(6 * i, 6 * i + 6);
    out.set(run.timesS[i]!, { rtnM2: Array.from(covarianceGcrfKmToRtnM2(run.covarianceKm!.subarray(36 * i, 36 * i + 36), state)) });
  }
  return out;
}

/** One candidate's assessment (a group of one). */
export function assessSecondaryApproaches(request: SecondaryScreeningRequest, screening: ScreeningChunkResult): SecondaryScreeningResult {
  return assessGroupApproaches(single(request), screening)[0]!;
}

/** The secondary screening of one candidate on this thread: `screenChunk` over all the secondaries, then the assessment. */
export function screenCandidateSecondaries(request: SecondaryScreeningRequest): SecondaryScreeningResult {
  return assessSecondaryApproaches(request, screenChunk(secondaryScreeningChunk(request)));
}

/** The secondary screening of several candidates in one screening on this thread (the secondaries' set-up shared). */
export function screenCandidateGroupSecondaries(request: GroupScreeningRequest): SecondaryScreeningResult[] {
  return assessGroupApproaches(request, screenChunk(groupScreeningChunk(request)));
}

/** A candidate of the plan with its secondary-screening verdict (plain JSON apart from the plan's own fields). */
export interface CandidateRecommendation {
  /** Index in the trade space's candidates (PlannedCandidate.index). */
  readonly index: number;
  /** Position in the plan's ranking (plan.candidates). */
  readonly rank: number;
  readonly meetsTarget: boolean;
  /** Null: not screened (the recommendation stopped before it, or it does not meet the target). */
  readonly secondaryScreening: SecondaryScreeningResult | null;
  /** The approaches above the target its trajectory creates. */
  readonly secondaryConjunctions: SecondaryApproach[];
  readonly recommended: boolean;
  /** Why it is not recommended (null for the recommended one). */
  readonly reason: string | null;
}

export interface RecommendationResult {
  readonly candidates: CandidateRecommendation[];
  /** The recommended candidate's trade-space index and rank, or null when none is. */
  readonly recommendedIndex: number | null;
  readonly recommendedRank: number | null;
}

function describe(a: SecondaryApproach): string {
  const pc = a.pc === null ? 'no Pc' : `Pc ${a.pc.value.toExponential(2)}${a.pc.isMaximumProbability ? ' (maximum probability)' : ''}`;
  return `NORAD ${a.secondaryNoradId} at ${a.tcaUtc}: miss ${a.missDistanceM.toFixed(0)} m, ${pc} [${a.aboveTarget.join(', ')}]`;
}

/**
 * Marks the plan's candidates from their secondary screenings (by rank: `screenings[rank]`, undefined or null =
 * not screened): the first candidate in rank order that meets the target and whose screening has no approach above
 * the target is recommended; one with such approaches is marked (`secondaryConjunctions`, the reason) and the
 * recommendation moves on; an unscreened one cannot be recommended.
 */
export function markSecondaryConjunctions(plan: Pick<AvoidancePlanResult, 'candidates'>, screenings: readonly (SecondaryScreeningResult | null | undefined)[]): RecommendationResult {
  let recommendedRank: number | null = null;
  const candidates = plan.candidates.map((c: PlannedCandidate, rank): CandidateRecommendation => {
    const screening = screenings[rank] ?? null;
    const conjunctions = screening?.aboveTarget ?? [];
    let reason: string | null = null;
    if (!c.meetsTarget) reason = 'does not meet the target after re-propagation';
    else if (screening === null) reason = recommendedRank === null ? 'not screened for secondary conjunctions' : 'ranked after the recommended candidate (not screened)';
    else if (conjunctions.length > 0) reason = `creates ${conjunctions.length} approach${conjunctions.length > 1 ? 'es' : ''} above the target within ${(screening.horizonS / 86400).toFixed(1)} days of the burn: ${conjunctions.slice(0, 3).map(describe).join('; ')}${conjunctions.length > 3 ? '; …' : ''}`;
    else if (recommendedRank !== null) reason = 'ranked after the recommended candidate';
    const recommended = reason === null;
    if (recommended) recommendedRank = rank;
    return { index: c.index, rank, meetsTarget: c.meetsTarget, secondaryScreening: screening, secondaryConjunctions: conjunctions, recommended, reason };
  });
  return { candidates, recommendedIndex: recommendedRank === null ? null : plan.candidates[recommendedRank]!.index, recommendedRank };
}

/**
 * Screens the plan's candidates in rank order (those meeting the target), at most `maxScreened`, until one has no
 * approach above the target, then marks them (`markSecondaryConjunctions`). `screen` is the caller's: on this thread
 * `(c) => screenCandidateSecondaries({ ...settings, propagation, execution, candidate: c.numerical })`, or chunks on
 * the pool.
 */
export function recommendWithSecondaryScreening(
  plan: Pick<AvoidancePlanResult, 'candidates'>,
  screen: (candidate: PlannedCandidate, rank: number) => SecondaryScreeningResult,
  maxScreened = 3,
): RecommendationResult {
  const screenings: (SecondaryScreeningResult | null)[] = plan.candidates.map(() => null);
  let screened = 0;
  for (const [rank, c] of plan.candidates.entries()) {
    if (!c.meetsTarget || screened >= maxScreened) continue;
    const result = screen(c, rank);
    screenings[rank] = result;
    screened++;
    if (result.aboveTarget.length === 0) break;
  }
  return markSecondaryConjunctions(plan, screenings);
}
