/**
 * Secondary conjunctions of a plan's candidates (issue 38, point 3), as the service applies them: the first
 * `maxCandidates` candidates meeting the target, in rank order, screened together (engine
 * `screenCandidateGroupSecondaries`: one screening, the secondaries' set-up shared) against the organization's catalog
 * and our other spacecraft over the horizon after the burn; then the policy for maximum-probability Pc below; then
 * `markSecondaryConjunctions` (the recommendation moves to the first clean candidate in rank order).
 *
 * Policy (docs/avoidance.md, "Secondary conjunctions"): a catalog object has no covariance, so its Pc is only the
 * maximum probability over the unknown covariance — an upper bound that in a dense catalog exceeds a 1e-6 target for
 * nearly every approach inside the volume. Such a Pc counts against the Pc target only when the miss distance is also
 * inside `maximumProbabilityMissDistanceM` (the target's minMissDistanceM when it gives one, else 1 km); outside, the
 * approach is listed as flagged (shown, not counted). A Pc computed with both covariances (a secondary that carries
 * one) counts as it is; a miss-distance or Mahalanobis bound of the target counts as it is.
 */
import {
  DEFAULT_SECONDARY_HORIZON_S,
  markSecondaryConjunctions,
  screenCandidateGroupSecondaries,
  targetViolations,
  type AvoidancePlanResult,
  type AvoidancePropagation,
  type AvoidanceTarget,
  type BurnExecution,
  type GroupScreeningRequest,
  type RecommendationResult,
  type SecondaryApproach,
  type SecondaryScreeningResult,
  type TargetCriterion,
} from '../../engine/avoidance/index.ts';
import { MAX_SPAN_S, type SecondaryInput } from '../../engine/collision/screening/index.ts';
import type { PcMethod } from '../../engine/collision/probability.ts';
import type { Epoch } from '../../engine/time/epoch.ts';
import type { CandidateSecondaryView, SecondaryApproachView, SecondaryScreeningSummary, StoredSecondaryScreening } from './model.ts';
import { DEFAULT_CONJUNCTION_SETTINGS } from '../conjunctions/settings.ts';
import { cdmCovarianceFor } from '../screenings/covariances.ts';
import type { CdmCovarianceCandidate } from '../screenings/model.ts';

/** What the secondary screening of a plan receives besides the plan (the worker decodes the catalog into it). */
export interface SecondaryScreeningInput {
  /** The catalog's element sets and our other spacecraft's (catalog sets; our own primary's entry excluded by NORAD id). */
  secondaries: SecondaryInput[];
  /** Our spacecraft among the secondaries, by NORAD id (an engine id for one without). */
  fleetSpacecraft: Record<string, string>;
  /** Those of them screened from a TLE fitted to their latest state (no catalog set), by NORAD id. */
  fittedTle?: readonly number[];
  /**
   * Secondaries' covariances from the CDMs received for the organization, by NORAD id, and the window (the
   * organization's event grouping window) within which one applies to an approach — the ordinary screening's rule
   * (domain/screenings/covariances.ts `cdmCovarianceFor`).
   */
  cdmCovariances?: Record<string, CdmCovarianceCandidate[]>;
  cdmCovarianceWindowS?: number;
  catalogObjectCount: number;
  notScreened: string[];
}

/** Or why the runner did not gather any (disabled, no catalog). */
export type SecondaryScreeningPlanInput = SecondaryScreeningInput | { skipped: string };

/** The Pc-target criteria an approach violates under the maximum-probability policy, and whether it is only flagged. */
export function policyViolations(approach: SecondaryApproach, target: AvoidanceTarget, maximumProbabilityMissDistanceM: number): { aboveTarget: TargetCriterion[]; flagged: boolean } {
  const strict = targetViolations(approach, target, false);
  const boundAbove = target.maxPc !== undefined && approach.pc !== null && approach.pc.isMaximumProbability && !(approach.pc.value < target.maxPc);
  if (!boundAbove) return { aboveTarget: strict, flagged: false };
  if (approach.missDistanceM < maximumProbabilityMissDistanceM) return { aboveTarget: ['PC', ...strict], flagged: false };
  return { aboveTarget: strict, flagged: strict.length === 0 };
}

/** The screening result with `aboveTarget` as the policy counts it. */
function judged(result: SecondaryScreeningResult, target: AvoidanceTarget, missM: number): { result: SecondaryScreeningResult; flagged: SecondaryApproach[] } {
  const flagged: SecondaryApproach[] = [];
  const approaches = result.approaches.map((a) => {
    const v = policyViolations(a, target, missM);
    const out = { ...a, aboveTarget: v.aboveTarget };
    if (v.flagged) flagged.push(out);
    return out;
  });
  return { result: { ...result, approaches, aboveTarget: approaches.filter((a) => a.aboveTarget.length > 0) }, flagged };
}

function approachView(a: SecondaryApproach, input: SecondaryScreeningInput, flagged: boolean): SecondaryApproachView {
  return {
    secondaryNoradId: a.secondaryNoradId,
    secondaryName: a.secondaryName,
    secondarySpacecraftId: input.fleetSpacecraft[String(a.secondaryNoradId)] ?? null,
    secondaryFittedTle: input.fittedTle?.includes(a.secondaryNoradId) ?? false,
    secondaryCovarianceCdmId: a.secondaryCovarianceReference,
    tca: a.tcaUtc,
    tcaFromBurnS: a.tcaFromBurnS,
    missDistanceM: a.missDistanceM,
    relativeSpeedMS: a.relativeSpeedMS,
    relativePositionRtnM: a.relativePositionRtnM,
    pc: a.pc?.value ?? null,
    pcIsMaximumProbability: a.pc?.isMaximumProbability ?? false,
    mahalanobisDistance: a.mahalanobisDistance,
    aboveTarget: [...a.aboveTarget],
    flagged,
  };
}

export interface PlanSecondaryContext {
  plan: AvoidancePlanResult;
  propagation: AvoidancePropagation;
  execution: BurnExecution;
  target: AvoidanceTarget;
  pcMethod: PcMethod;
  settings: StoredSecondaryScreening;
  /** The event's secondary at the nominal TCA (GCRF km, km/s), and its NORAD id when known: excluded. */
  originalSecondaryStateKm: ArrayLike<number>;
  originalSecondaryNoradId?: number;
  tca: Epoch;
}

export interface PlanSecondaryOutcome {
  summary: SecondaryScreeningSummary;
  /** Null when skipped. */
  recommendation: RecommendationResult | null;
  /** Per rank (null: not screened). */
  views: (CandidateSecondaryView | null)[];
}

function summaryOf(settings: StoredSecondaryScreening, extra: Partial<SecondaryScreeningSummary>): SecondaryScreeningSummary {
  return {
    status: 'SKIPPED',
    reason: null,
    horizonS: settings.horizonS,
    volume: settings.volume,
    maxCandidates: settings.maxCandidates,
    screenedCandidates: 0,
    catalogObjectCount: 0,
    fleetSecondaryCount: 0,
    notScreened: [],
    maximumProbabilityMissDistanceM: settings.maximumProbabilityMissDistanceM,
    issues: [],
    computeMs: 0,
    ...extra,
  };
}

/** The plan's secondary screening (on a worker), or the stated reason it was skipped. */
export function screenPlanSecondaries(context: PlanSecondaryContext, input: SecondaryScreeningPlanInput | undefined): PlanSecondaryOutcome {
  const { plan, settings } = context;
  const none = { recommendation: null, views: plan.candidates.map(() => null) };
  if (input === undefined) return { summary: summaryOf(settings, { reason: 'not requested' }), ...none };
  if ('skipped' in input) return { summary: summaryOf(settings, { reason: input.skipped }), ...none };
  const base = { catalogObjectCount: input.catalogObjectCount, fleetSecondaryCount: Object.keys(input.fleetSpacecraft).length, notScreened: input.notScreened };
  const ranks = plan.candidates.flatMap((c, rank) => (c.meetsTarget ? [rank] : [])).slice(0, settings.maxCandidates);
  if (ranks.length === 0) return { summary: summaryOf(settings, { ...base, reason: 'no re-propagated candidate meets the target' }), ...none };
  if (input.secondaries.length === 0) return { summary: summaryOf(settings, { ...base, reason: 'no secondary to screen against (empty catalog, no other spacecraft with an element set)' }), ...none };
  const started = performance.now();
  const windowS = input.cdmCovarianceWindowS ?? DEFAULT_CONJUNCTION_SETTINGS.eventGroupingWindowS;
  const secondaryCovarianceAt = (noradId: number, tcaUtc: string) => {
    const found = cdmCovarianceFor(input.cdmCovariances?.[String(noradId)], Date.parse(tcaUtc) / 1000, windowS);
    return found ? { rtnM2: found.covarianceRtnM2, reference: found.cdmId } : undefined;
  };
  const request = (ofRanks: number[]): GroupScreeningRequest => ({
    secondaryCovarianceAt,
    secondaries: input.secondaries,
    horizonS: settings.horizonS ?? DEFAULT_SECONDARY_HORIZON_S,
    volume: settings.volume,
    primaryHardBodyRadiusM: settings.primaryHardBodyRadiusM,
    secondaryHardBodyRadiusM: settings.secondaryHardBodyRadiusM,
    ...(settings.primaryNoradId !== null ? { primaryNoradId: settings.primaryNoradId } : {}),
    target: context.target,
    pcMethod: context.pcMethod,
    original: { secondaryStateKm: context.originalSecondaryStateKm, ...(context.originalSecondaryNoradId !== undefined ? { secondaryNoradId: context.originalSecondaryNoradId } : {}) },
    maximumProbabilityCountsAgainstTarget: true,
    propagation: context.propagation,
    execution: context.execution,
    candidates: ofRanks.map((r) => plan.candidates[r]!.numerical),
  });
  // together when the group's span (the burn-time spread + the horizon) fits the screening's 14 days, else one by one
  const starts = ranks.map((r) => plan.candidates[r]!.numerical.burnStartOffsetS);
  const together = Math.max(...starts) - Math.min(...starts) + settings.horizonS <= MAX_SPAN_S;
  const raw = together ? screenCandidateGroupSecondaries(request(ranks)) : ranks.map((r) => screenCandidateGroupSecondaries(request([r]))[0]!);
  const screenings: (SecondaryScreeningResult | null)[] = plan.candidates.map(() => null);
  const views: (CandidateSecondaryView | null)[] = plan.candidates.map(() => null);
  const issues = new Set<string>();
  ranks.forEach((rank, k) => {
    const { result, flagged } = judged(raw[k]!, context.target, settings.maximumProbabilityMissDistanceM);
    screenings[rank] = result;
    for (const issue of result.issues) issues.add(`${issue.code}: ${issue.message}`);
    views[rank] = {
      screened: true,
      approachCount: result.approaches.length,
      secondaryConjunctions: result.aboveTarget.map((a) => approachView(a, input, false)),
      flaggedApproaches: flagged.map((a) => approachView(a, input, true)),
    };
  });
  const recommendation = markSecondaryConjunctions(plan, screenings);
  return {
    summary: summaryOf(settings, { ...base, status: 'SCREENED', screenedCandidates: ranks.length, issues: [...issues].slice(0, 20), computeMs: performance.now() - started }),
    recommendation,
    views,
  };
}
