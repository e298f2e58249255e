/**
 * An organization's conjunction-assessment settings and the rules that read them: the risk level of a Pc and the
 * defaults a new organization starts with.
 *
 * Risk thresholds: NASA CARA's practice ("NASA Spacecraft Conjunction Assessment and Collision Avoidance Best Practices
 * Handbook", NASA/SP-20205011318, 2020): a Pc of 1e-4 or more calls for mitigation (an avoidance maneuver is
 * planned), 1e-7 or more merits attention; below, no action. Each organization sets its own.
 *
 * Those thresholds judge an estimate. A maximum probability (Alfriend et al. 1999: a covariance unknown or DEFAULT,
 * engine/collision/maximumProbability.ts) is an upper bound over every covariance the object could have: it can clear
 * an event — a bound below the MEDIUM threshold means the true Pc is below it too — but it cannot establish a high
 * risk, since the same geometry with any real covariance may give a Pc orders of magnitude smaller (CARA's handbook,
 * §6: a Pc from an unrealistic covariance is not actionable; obtain a covariance first). So an event whose Pc is a
 * maximum is LOW below mediumPc and MEDIUM otherwise ("obtain a covariance"), never HIGH; its risk basis says
 * MAXIMUM_PROBABILITY.
 */
import { MAXIMUM_PROBABILITY_METHOD } from '../../engine/collision/maximumProbability.ts';
import { PC_METHODS, type PcMethod } from '../../engine/collision/probability.ts';
import { hardBodyRadiusProblem } from './hardBodyRadius.ts';

export interface RiskThresholds {
  /** Pc at or above which an event is MEDIUM (attention). */
  mediumPc: number;
  /** Pc at or above which an event is HIGH (mitigation). */
  highPc: number;
}

export interface ConjunctionSettings {
  /**
   * Hard-body radius (m) of an object the CDM gives none for and that is not a spacecraft of the organization with
   * its own hardBodyRadiusM (the other object, usually); used only when the CDM gives no radius at all.
   */
  defaultHardBodyRadiusM: number;
  riskThresholds: RiskThresholds;
  /** CDMs of one object pair whose TCAs lie within this of an event's TCAs belong to that event, s. */
  eventGroupingWindowS: number;
  /** The method of every stored Pc (the list, the risk level, the timeline). */
  defaultPcMethod: PcMethod;
}

/**
 * The defaults. 5 m per object gives the 10 m combined radius the conjunction reference set uses for a CDM without
 * any (its hard-body radius rule 3; docs/conjunction-assessment.md). LAAS_2015 (Serra et al. 2016): the
 * exact integral of the 2-D Gaussian over the disk as a convergent series with a-priori bounds — the value every
 * other method approximates (Foster's integral, computed exactly), see README "Probability of collision".
 */
export const DEFAULT_CONJUNCTION_SETTINGS: Readonly<ConjunctionSettings> = Object.freeze({
  defaultHardBodyRadiusM: 5,
  riskThresholds: Object.freeze({ mediumPc: 1e-7, highPc: 1e-4 }),
  eventGroupingWindowS: 600,
  defaultPcMethod: 'LAAS_2015' as PcMethod,
});

/** Bounds of the settings (checked at the API edge; also in the OpenAPI document). */
export const MIN_EVENT_GROUPING_WINDOW_S = 1;
export const MAX_EVENT_GROUPING_WINDOW_S = 86_400;

export const RISK_LEVELS = ['HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * What an event's risk level rests on: ASSESSED, our Pc estimated with both covariances; MAXIMUM_PROBABILITY, our
 * Pc as an upper bound (a covariance unknown or DEFAULT); STATED, the CDM's own Pc when we can compute none; NONE.
 */
export const RISK_BASES = ['ASSESSED', 'MAXIMUM_PROBABILITY', 'STATED', 'NONE'] as const;
export type RiskBasis = (typeof RISK_BASES)[number];

/** The Pc that decides an event's risk, and what it is. */
export interface RiskPc {
  pc: number | null;
  basis: RiskBasis;
}

/** An event's deciding Pc: ours (an estimate, or a maximum by its method), else the CDM's stated one. */
export function riskPcOf(event: { pc: number | null; pcMethod: string | null; statedPc: number | null }): RiskPc {
  if (event.pc !== null) return { pc: event.pc, basis: event.pcMethod === MAXIMUM_PROBABILITY_METHOD ? 'MAXIMUM_PROBABILITY' : 'ASSESSED' };
  if (event.statedPc !== null) return { pc: event.statedPc, basis: 'STATED' };
  return { pc: null, basis: 'NONE' };
}

/**
 * HIGH ≥ highPc, MEDIUM ≥ mediumPc, LOW below; UNKNOWN without a Pc. A maximum probability is never HIGH: LOW below
 * mediumPc, MEDIUM otherwise (see the header).
 */
export function riskLevel(risk: RiskPc, thresholds: RiskThresholds): RiskLevel {
  const { pc, basis } = risk;
  if (pc === null) return 'UNKNOWN';
  if (pc >= thresholds.highPc && basis !== 'MAXIMUM_PROBABILITY') return 'HIGH';
  if (pc >= thresholds.mediumPc) return 'MEDIUM';
  return 'LOW';
}

/** Why `settings` cannot be stored (field → problem), or an empty object. */
export function settingsProblems(settings: ConjunctionSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  const { mediumPc, highPc } = settings.riskThresholds;
  if (!(mediumPc < highPc)) problems['riskThresholds.highPc'] = `must be greater than riskThresholds.mediumPc (${mediumPc})`;
  if (!(PC_METHODS as readonly string[]).includes(settings.defaultPcMethod)) problems.defaultPcMethod = `must be one of ${PC_METHODS.join(', ')}`;
  const radius = hardBodyRadiusProblem(settings.defaultHardBodyRadiusM);
  if (radius !== null) problems.defaultHardBodyRadiusM = radius;
  return problems;
}

export interface StoredConjunctionSettings extends ConjunctionSettings {
  updatedAt: string | null;
}
