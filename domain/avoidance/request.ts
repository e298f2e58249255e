/**
 * The rules of an avoidance-plan request: its defaults (target Pc = the organization's HIGH threshold ÷ 100 by the
 * organization's Pc method; the burn window from two days before the TCA, or now, to 30 min before it; every
 * direction; 20 Δv sizes from 5 mm/s to 1 m/s; 1 % magnitude and 1° pointing errors), the bounds of every input
 * (model.ts AVOIDANCE_LIMITS), and what the spacecraft must have: a mass, the force model's areas, and for a finite
 * burn an enabled thruster. A request the rules refuse is answered with its field problems (400) or with what the
 * spacecraft lacks (422); both name the fields.
 */
import { deltaVSizesMetersPerSecond } from '../../engine/avoidance/index.ts';
import type { PcMethod } from '../../engine/collision/probability.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import type { Spacecraft, Thruster } from '../spacecraft/model.ts';
import { spacecraftPropagation } from '../spacecraft/propagation.ts';
import { instantText } from '../instants.ts';
import type { RiskThresholds } from '../conjunctions/settings.ts';
import { AVOIDANCE_DEFAULTS, AVOIDANCE_DIRECTIONS, AVOIDANCE_LIMITS, type AvoidanceDirection, type AvoidanceExecutionKind, type AvoidanceTarget, type NormalizedAvoidanceRequest, type SecondaryVolume, type StoredExecution, type StoredSecondaryScreening } from './model.ts';

/** The request's body as the API's schema admits it (every field optional). */
export interface AvoidancePlanRequestInput {
  target?: { maxPc?: number; minMissDistanceM?: number; minMahalanobisDistance?: number };
  burnWindow?: { earliestBurnTime?: Epoch; minimumLeadTimeS?: number };
  leadTimesS?: number[];
  leadTimeCount?: number;
  directions?: AvoidanceDirection[];
  deltaV?: { sizesMetersPerSecond?: number[]; minMetersPerSecond?: number; maxMetersPerSecond?: number; count?: number };
  execution?: { kind?: AvoidanceExecutionKind; thrusterId?: string; ispS?: number };
  executionErrors?: { magnitudeFraction?: number; magnitudeMetersPerSecond?: number; pointingDeg?: number };
  massKg?: number;
  maxRepropagated?: number;
  horizonS?: number;
  secondaryScreening?: { enabled?: boolean; horizonDays?: number; volume?: SecondaryVolume; maxCandidates?: number; maximumProbabilityMissDistanceM?: number };
}

/** What the rules read besides the request. */
export interface AvoidanceRequestContext {
  eventId: string;
  cdmId: string;
  tca: Epoch;
  now: Epoch;
  thresholds: RiskThresholds;
  /** The method the event's Pc is computed by (the organization's, or the maximum probability without covariances). */
  pcMethod: PcMethod;
  combinedHardBodyRadiusM: number;
  spacecraft: Spacecraft;
  thrusters: readonly Thruster[];
  /** Hard-body radii of the secondary screening, m (default the combined radius's half). */
  primaryHardBodyRadiusM?: number;
  secondaryHardBodyRadiusM?: number;
}

export type AvoidanceRequestOutcome =
  | { ok: true; request: NormalizedAvoidanceRequest }
  | { ok: false; kind: 'INVALID'; fieldErrors: Record<string, string> }
  | { ok: false; kind: 'MISSING'; missingFields: string[] }
  | { ok: false; kind: 'WINDOW'; message: string; fieldErrors: Record<string, string> };

export function normalizeAvoidanceRequest(input: AvoidancePlanRequestInput, context: AvoidanceRequestContext): AvoidanceRequestOutcome {
  const problems: Record<string, string> = {};
  const L = AVOIDANCE_LIMITS;
  const D = AVOIDANCE_DEFAULTS;

  // target: what is given, else the default Pc
  const given = input.target ?? {};
  const target: AvoidanceTarget = {
    ...(given.maxPc !== undefined ? { maxPc: given.maxPc } : {}),
    ...(given.minMissDistanceM !== undefined ? { minMissDistanceM: given.minMissDistanceM } : {}),
    ...(given.minMahalanobisDistance !== undefined ? { minMahalanobisDistance: given.minMahalanobisDistance } : {}),
  };
  const targetSource = Object.keys(target).length > 0 ? 'REQUEST' : 'DEFAULT';
  const finalTarget: AvoidanceTarget = targetSource === 'DEFAULT' ? { maxPc: context.thresholds.highPc / D.targetPcDivisor } : target;

  // burn window
  const minimumLeadTimeS = input.burnWindow?.minimumLeadTimeS ?? D.minLeadTimeS;
  const defaultEarliest = Epoch.max(context.now, context.tca.plusSeconds(-D.maxLeadTimeS));
  const earliest = input.burnWindow?.earliestBurnTime ?? defaultEarliest;
  const maximumLeadTimeS = context.tca.secondsSince(earliest);
  if (maximumLeadTimeS > L.maxLeadTimeS) problems['burnWindow.earliestBurnTime'] = `must be at most ${L.maxLeadTimeS / 86_400} days before the TCA (${instantText(context.tca)})`;
  if (!(maximumLeadTimeS >= minimumLeadTimeS)) {
    const message = input.burnWindow?.earliestBurnTime
      ? `the earliest burn time must be at least ${minimumLeadTimeS} s (burnWindow.minimumLeadTimeS) before the TCA ${instantText(context.tca)}`
      : `no burn window is left: the TCA ${instantText(context.tca)} is less than ${minimumLeadTimeS} s from now; give burnWindow.earliestBurnTime to plan in hindsight`;
    if (!problems['burnWindow.earliestBurnTime']) return { ok: false, kind: 'WINDOW', message, fieldErrors: { 'burnWindow.earliestBurnTime': message } };
  }

  // lead times
  let leadTimesS: number[] | null = null;
  if (input.leadTimesS !== undefined) {
    leadTimesS = [...new Set(input.leadTimesS)].sort((a, b) => a - b);
    if (leadTimesS.length > L.maxLeadTimes) problems.leadTimesS = `at most ${L.maxLeadTimes} lead times`;
    const outside = leadTimesS.filter((t) => t < minimumLeadTimeS || t > maximumLeadTimeS);
    if (outside.length > 0) problems.leadTimesS = `${outside.join(', ')} s: outside the burn window [${minimumLeadTimeS}, ${Math.floor(maximumLeadTimeS)}] s before the TCA`;
  }
  const leadTimeCount = leadTimesS?.length ?? input.leadTimeCount ?? D.leadTimeCount;

  // directions, sizes
  const directions = [...new Set(input.directions ?? AVOIDANCE_DIRECTIONS)];
  const dv = input.deltaV ?? {};
  let sizes: number[];
  if (dv.sizesMetersPerSecond !== undefined) {
    sizes = [...new Set(dv.sizesMetersPerSecond)].sort((a, b) => a - b);
    if (dv.minMetersPerSecond !== undefined || dv.maxMetersPerSecond !== undefined || dv.count !== undefined) problems['deltaV.sizesMetersPerSecond'] = 'give either the sizes or min, max and count';
  } else {
    const min = dv.minMetersPerSecond ?? D.deltaVMinMetersPerSecond;
    const max = dv.maxMetersPerSecond ?? D.deltaVMaxMetersPerSecond;
    const count = dv.count ?? D.deltaVCount;
    if (!(max >= min)) problems['deltaV.maxMetersPerSecond'] = `must not be below deltaV.minMetersPerSecond (${min})`;
    sizes = max >= min ? deltaVSizesMetersPerSecond(min, max, count) : [];
  }
  const tradeSpace = leadTimeCount * directions.length * sizes.length;
  if (tradeSpace > L.maxTradeSpaceCandidates) {
    problems.deltaV = `the trade space would hold ${leadTimeCount} lead times × ${directions.length} directions × ${sizes.length} sizes = ${tradeSpace} candidates; at most ${L.maxTradeSpaceCandidates}`;
  }
  if (Object.keys(problems).length > 0) return { ok: false, kind: 'INVALID', fieldErrors: problems };

  // what the spacecraft must have
  const craft = context.spacecraft;
  const kind = input.execution?.kind ?? 'IMPULSIVE';
  const missing: string[] = [];
  const massKg = input.massKg ?? craft.launchMass;
  const properties = spacecraftPropagation(craft, massKg, 'spacecraft launchMass, or massKg in the request', false);
  missing.push(...properties.missing);
  let thruster: Thruster | null = null;
  const thrusterId = input.execution?.thrusterId;
  if (thrusterId !== undefined) {
    thruster = context.thrusters.find((t) => t.id === thrusterId) ?? null;
    if (!thruster) return { ok: false, kind: 'INVALID', fieldErrors: { 'execution.thrusterId': `spacecraft ${craft.id} has no thruster ${thrusterId}` } };
    if (!thruster.enabled) return { ok: false, kind: 'INVALID', fieldErrors: { 'execution.thrusterId': `thruster ${thruster.name} (${thruster.id}) is disabled` } };
  } else if (kind === 'FINITE') {
    thruster = context.thrusters.find((t) => t.enabled) ?? null;
    if (!thruster) missing.push(context.thrusters.length === 0 ? 'thrusters (a finite burn needs one of the spacecraft’s thrusters)' : 'an enabled thruster (every thruster of the spacecraft is disabled)');
  }
  if (missing.length > 0) return { ok: false, kind: 'MISSING', missingFields: missing };

  const execution: StoredExecution = {
    kind,
    thrusterId: thruster?.id ?? null,
    thrusterName: thruster?.name ?? null,
    thrustN: thruster?.thrustN ?? null,
    ispS: thruster?.ispS ?? input.execution?.ispS ?? D.impulsiveIspS,
    thrusterDirectionBody: thruster ? [thruster.direction.x, thruster.direction.y, thruster.direction.z] : null,
  };
  if (thruster && input.execution?.ispS !== undefined && input.execution.ispS !== thruster.ispS) {
    return { ok: false, kind: 'INVALID', fieldErrors: { 'execution.ispS': `the thruster's Isp (${thruster.ispS} s) applies; leave ispS out with a thruster` } };
  }
  return {
    ok: true,
    request: {
      eventId: context.eventId,
      cdmId: context.cdmId,
      spacecraftId: craft.id,
      tca: instantText(context.tca),
      target: finalTarget,
      targetSource,
      pcMethod: context.pcMethod,
      combinedHardBodyRadiusM: context.combinedHardBodyRadiusM,
      burnWindow: { earliestBurnTime: instantText(earliest), minimumLeadTimeS, maximumLeadTimeS },
      leadTimesS,
      leadTimeCount,
      directions,
      deltaVSizesMetersPerSecond: sizes,
      execution,
      executionErrors: {
        magnitudeFraction: input.executionErrors?.magnitudeFraction ?? D.magnitudeFraction,
        magnitudeMetersPerSecond: input.executionErrors?.magnitudeMetersPerSecond ?? D.magnitudeMetersPerSecond,
        pointingDeg: input.executionErrors?.pointingDeg ?? D.pointingDeg,
      },
      maxRepropagated: input.maxRepropagated ?? D.maxRepropagated,
      horizonS: input.horizonS ?? D.horizonS,
      secondaryScreening: secondaryScreeningOf(input, context),
      massKg: massKg!,
      spacecraft: { ...properties.spacecraft, massKg: massKg! },
      forceModel: properties.forceModel,
    },
  };
}

/**
 * The secondary-screening option as stored: `enabled` left out stays null (the runner screens when the organization
 * has a catalog, else states why it did not); the horizon in days (default 7, at most the screening's 14), the volume
 * (default a 10 km sphere), the candidates screened (default 3, at most 5), the maximum-probability policy's miss
 * distance (default the target's minMissDistanceM, else 1 km). The schema bounds each field.
 */
function secondaryScreeningOf(input: AvoidancePlanRequestInput, context: AvoidanceRequestContext): StoredSecondaryScreening {
  const s = input.secondaryScreening ?? {};
  const D = AVOIDANCE_DEFAULTS;
  const half = context.combinedHardBodyRadiusM / 2;
  return {
    enabled: s.enabled ?? null,
    horizonS: (s.horizonDays ?? D.secondaryHorizonDays) * 86_400,
    volume: s.volume ?? { ...D.secondaryVolume },
    maxCandidates: s.maxCandidates ?? D.secondaryCandidates,
    maximumProbabilityMissDistanceM: s.maximumProbabilityMissDistanceM ?? input.target?.minMissDistanceM ?? D.maximumProbabilityMissDistanceM,
    primaryHardBodyRadiusM: context.primaryHardBodyRadiusM ?? half,
    secondaryHardBodyRadiusM: context.secondaryHardBodyRadiusM ?? half,
    primaryNoradId: context.spacecraft.noradId ?? null,
  };
}
