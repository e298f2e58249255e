/**
 * From the trade space to a plan: which candidates meet the target, how they rank (smallest Δv first, then the
 * shortest lead time: at equal cost the later burn, decided on a fresher orbit), which are re-propagated
 * (repropagation.ts) — the cheapest of each lead time × direction that meets the target linearly, up to a count —
 * and how far each linear prediction was from its re-propagation.
 */
import type { PcMethod } from '../collision/probability.ts';
import { linearDifference, repropagateCandidate, type BurnExecution, type LinearDifference, type RepropagatedCandidate } from './repropagation.ts';
import { burnPoints, linearTradeSpace, type AvoidancePropagation, type EncounterOutcome, type LinearCandidate, type TradeSpace, type TradeSpaceRequest } from './tradeSpace.ts';

/** What "safe" means: every bound given must hold (at least one). */
export interface AvoidanceTarget {
  /** Pc strictly below this value (by the encounter's method). */
  readonly maxPc?: number;
  readonly minMissDistanceM?: number;
  readonly minMahalanobisDistance?: number;
}

export function meetsTarget(outcome: EncounterOutcome, target: AvoidanceTarget): boolean {
  if (target.maxPc !== undefined) {
    const pc = outcome.probability.pc;
    if (pc === null || !(pc.value < target.maxPc)) return false;
  }
  if (target.minMissDistanceM !== undefined && !(outcome.missDistanceM >= target.minMissDistanceM)) return false;
  if (target.minMahalanobisDistance !== undefined) {
    const d = outcome.probability.mahalanobisDistance;
    if (d === null || !(d >= target.minMahalanobisDistance)) return false;
  }
  return true;
}

/** Smallest Δv first, then the shortest lead time, then the direction's order in the request. */
export function compareCandidates(a: Pick<LinearCandidate, 'deltaVMetersPerSecond' | 'leadTimeS'>, b: Pick<LinearCandidate, 'deltaVMetersPerSecond' | 'leadTimeS'>): number {
  return a.deltaVMetersPerSecond - b.deltaVMetersPerSecond || a.leadTimeS - b.leadTimeS;
}

export interface AvoidancePlanRequest extends Pick<TradeSpaceRequest, 'encounter' | 'directions' | 'deltaVSizesMetersPerSecond' | 'executionErrors'> {
  readonly propagation: AvoidancePropagation;
  readonly target: AvoidanceTarget;
  readonly leadTimesS: readonly number[];
  /** The burn's execution; its Isp sizes the trade space's propellant too. */
  readonly execution: BurnExecution;
  /** Most candidates re-propagated (default 12). */
  readonly maxRepropagated?: number;
  /** Post-maneuver trajectory kept after the TCA for each re-propagated candidate, s (default 0). */
  readonly horizonS?: number;
}

export interface PlannedCandidate {
  /** Index in the trade space's candidates. */
  readonly index: number;
  readonly linear: LinearCandidate;
  readonly numerical: RepropagatedCandidate;
  readonly difference: LinearDifference;
  /** The re-propagated outcome meets the target. */
  readonly meetsTarget: boolean;
}

export interface AvoidancePlanResult {
  readonly tradeSpace: TradeSpace;
  readonly pcMethod: PcMethod;
  /** Trade-space indices meeting the target linearly, ranked. */
  readonly linearRanking: number[];
  /** The re-propagated candidates, ranked (those meeting the target numerically first, each group by Δv then lead). */
  readonly candidates: PlannedCandidate[];
}

/** The linear trade space, then the re-propagation of the cheapest candidates that meet the target. */
export function planAvoidance(request: AvoidancePlanRequest): AvoidancePlanResult {
  const points = burnPoints(request.encounter.primaryStateKm, request.leadTimesS, request.propagation);
  const tradeSpace = linearTradeSpace({
    encounter: request.encounter,
    burnPoints: points,
    directions: request.directions,
    deltaVSizesMetersPerSecond: request.deltaVSizesMetersPerSecond,
    executionErrors: request.executionErrors,
    ispS: request.execution.ispS,
  });
  const linearRanking = tradeSpace.candidates
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => meetsTarget(c.outcome, request.target))
    .sort((x, y) => compareCandidates(x.c, y.c))
    .map(({ i }) => i);
  // the cheapest of each lead time × direction
  const seen = new Set<string>();
  const chosen: number[] = [];
  for (const i of linearRanking) {
    const c = tradeSpace.candidates[i]!;
    const key = `${c.leadTimeS}/${c.direction}`;
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(i);
    if (chosen.length >= (request.maxRepropagated ?? 12)) break;
  }
  const candidates: PlannedCandidate[] = [];
  for (const index of chosen) {
    const linear = tradeSpace.candidates[index]!;
    let numerical: RepropagatedCandidate;
    try {
      numerical = repropagateCandidate({
        encounter: request.encounter,
        propagation: request.propagation,
        burn: linear,
        execution: request.execution,
        executionErrors: request.executionErrors,
        ...(request.horizonS !== undefined ? { horizonS: request.horizonS } : {}),
      });
    } catch (error) {
      // a finite burn that would not end before the TCA, a trajectory reaching the floor: not a candidate
      if (error instanceof RangeError) continue;
      throw error;
    }
    candidates.push({ index, linear, numerical, difference: linearDifference(linear, numerical), meetsTarget: meetsTarget(numerical.outcome, request.target) });
  }
  candidates.sort((a, b) => Number(b.meetsTarget) - Number(a.meetsTarget) || compareCandidates(a.linear, b.linear));
  return { tradeSpace, pcMethod: request.encounter.pcMethod, linearRanking, candidates };
}
