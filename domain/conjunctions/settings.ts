/**
 * An organization's conjunction-assessment settings and the rules that read them: the risk level of a Pc and the
 * defaults a new organization starts with.
 *
 * Risk thresholds: NASA CARA's practice ("NASA Spacecraft Conjunction Assessment and Collision Avoidance Best Practices
 * Handbook", NASA/SP-20205011318, 2020): a Pc of 1e-4 or more calls for mitigation (an avoidance maneuver is
 * planned), 1e-7 or more merits attention; below, no action. Each organization sets its own.
 */
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
 * any (../shared/reference/conjunction/README.md, "Hard-body radius", rule 3). LAAS_2015 (Serra et al. 2016): the
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

/** HIGH ≥ highPc, MEDIUM ≥ mediumPc, LOW below; UNKNOWN without a Pc. */
export function riskLevel(pc: number | null, thresholds: RiskThresholds): RiskLevel {
  if (pc === null) return 'UNKNOWN';
  if (pc >= thresholds.highPc) return 'HIGH';
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
