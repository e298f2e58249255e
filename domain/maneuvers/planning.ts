/**
 * Planning rules a spacecraft declares in its `maneuverCapabilities`, applied to a maneuver being stored (created,
 * imported or replaced). Pure: times are seconds from a common origin, the caller gathers the craft's other
 * maneuvers around the candidate.
 *
 * Hard limits — the maneuver is refused (422 MANEUVER_CAPABILITY_VIOLATION):
 *  - blackoutWindows: no burn segment may overlap a blackout window (half-open intervals; touching is allowed);
 *  - allowedWindows: when any are declared, every burn segment must lie inside one of them.
 * Soft limits — the maneuver is stored and the response carries `warnings[]`:
 *  - minimumManeuverSeparationSeconds: the gap between this maneuver and another one of the craft is shorter;
 *  - duty cycle (per thruster: maximumDutyCycle over dutyCycleWindowSeconds): in some window of that length the
 *    craft's burns (this maneuver and its neighbours) exceed the fraction — for every thruster that declares one
 *    (burn segments name no thruster, so the maneuver is flyable when any declared thruster can fly it);
 *  - minimumBurnSeconds: a segment is shorter than the minimum burn of every thruster that declares one.
 * Windows and separations are facts of the record; thrusters are a judgement of who flies the burn, hence soft.
 */
import type { ThrusterCapability } from '../spacecraft/model.ts';

/** One burn segment: [startS, startS + durationS). */
export interface BurnInterval {
  startS: number;
  durationS: number;
}

export interface PlannedManeuver {
  maneuverId: string;
  burns: BurnInterval[];
}

export interface PlanningWindow {
  startS: number;
  endS: number;
  /** How the window is named in messages (its instants). */
  label: string;
}

/** What the rules read of a thruster: its duty cycle and minimum burn (the spacecraft model's capability). */
export type ThrusterLimits = Pick<ThrusterCapability, 'thrusterId' | 'dutyCycleWindowSeconds' | 'maximumDutyCycle' | 'minimumBurnSeconds'>;

export interface PlanningRules {
  allowedWindows: PlanningWindow[];
  blackoutWindows: PlanningWindow[];
  minimumSeparationS: number | null;
  thrusters: ThrusterLimits[];
}

export const PLANNING_CODES = ['BLACKOUT_WINDOW', 'OUTSIDE_ALLOWED_WINDOWS', 'MINIMUM_SEPARATION', 'DUTY_CYCLE', 'MINIMUM_BURN', 'WET_MASS_BELOW_DRY_MASS'] as const;
export type PlanningCode = (typeof PLANNING_CODES)[number];

export interface PlanningFinding {
  code: PlanningCode;
  maneuverId: string;
  message: string;
  details?: Record<string, unknown>;
}

const HARD_LIMITS: ReadonlySet<PlanningCode> = new Set(['BLACKOUT_WINDOW', 'OUTSIDE_ALLOWED_WINDOWS']);

export function isHardLimit(code: PlanningCode): boolean {
  return HARD_LIMITS.has(code);
}

function span(m: PlannedManeuver): { startS: number; endS: number } {
  let startS = Infinity;
  let endS = -Infinity;
  for (const burn of m.burns) {
    startS = Math.min(startS, burn.startS);
    endS = Math.max(endS, burn.startS + burn.durationS);
  }
  return { startS, endS };
}

const seconds = (value: number) => `${Number(value.toFixed(3))} s`;

/** Total burn time inside [from, to) of the given burns. */
function burnTimeWithin(burns: readonly BurnInterval[], from: number, to: number): number {
  let total = 0;
  for (const burn of burns) {
    const overlap = Math.min(to, burn.startS + burn.durationS) - Math.max(from, burn.startS);
    if (overlap > 0) total += overlap;
  }
  return total;
}

/**
 * The largest burn time in any window of length `windowS` that overlaps the candidate's span. The maximum of the
 * sliding sum is reached with a window edge on a burn edge, so only those windows are tried.
 */
function maxBurnTimeInWindow(candidate: PlannedManeuver, all: readonly BurnInterval[], windowS: number): { burnS: number; fromS: number } {
  const { startS, endS } = span(candidate);
  let best = { burnS: 0, fromS: startS };
  for (const burn of all) {
    for (const from of [burn.startS, burn.startS + burn.durationS - windowS]) {
      if (from + windowS <= startS || from >= endS) continue; // the window must concern this maneuver
      const burnS = burnTimeWithin(all, from, from + windowS);
      if (burnS > best.burnS) best = { burnS, fromS: from };
    }
  }
  return best;
}

/** Every finding of `candidate` against the rules and the craft's other maneuvers (`others`, never the candidate). */
export function checkPlanningRules(candidate: PlannedManeuver, others: readonly PlannedManeuver[], rules: PlanningRules): PlanningFinding[] {
  const findings: PlanningFinding[] = [];
  const id = candidate.maneuverId;
  candidate.burns.forEach((burn, index) => {
    const burnEnd = burn.startS + burn.durationS;
    for (const window of rules.blackoutWindows) {
      if (burn.startS < window.endS && window.startS < burnEnd) {
        findings.push({
          code: 'BLACKOUT_WINDOW',
          maneuverId: id,
          message: `burn segment ${index} overlaps the blackout window ${window.label}`,
          details: { segment: index, window: window.label },
        });
      }
    }
    if (rules.allowedWindows.length > 0 && !rules.allowedWindows.some((w) => w.startS <= burn.startS && burnEnd <= w.endS)) {
      findings.push({
        code: 'OUTSIDE_ALLOWED_WINDOWS',
        maneuverId: id,
        message: `burn segment ${index} is not inside any allowed window (${rules.allowedWindows.map((w) => w.label).join(', ')})`,
        details: { segment: index },
      });
    }
    const minimums = rules.thrusters.map((t) => t.minimumBurnSeconds).filter((v): v is number => v !== null);
    if (minimums.length > 0 && burn.durationS < Math.min(...minimums)) {
      findings.push({
        code: 'MINIMUM_BURN',
        maneuverId: id,
        message: `burn segment ${index} lasts ${seconds(burn.durationS)}, shorter than the minimum burn of every thruster (${seconds(Math.min(...minimums))})`,
        details: { segment: index, durationSeconds: burn.durationS, minimumBurnSeconds: Math.min(...minimums) },
      });
    }
  });

  if (rules.minimumSeparationS !== null && rules.minimumSeparationS > 0) {
    const own = span(candidate);
    for (const other of others) {
      const theirs = span(other);
      const gap = Math.max(theirs.startS - own.endS, own.startS - theirs.endS);
      if (gap >= 0 && gap < rules.minimumSeparationS) {
        findings.push({
          code: 'MINIMUM_SEPARATION',
          maneuverId: id,
          message: `only ${seconds(gap)} from maneuver ${JSON.stringify(other.maneuverId)}; the minimum separation is ${seconds(rules.minimumSeparationS)}`,
          details: { otherManeuverId: other.maneuverId, gapSeconds: gap, minimumSeparationSeconds: rules.minimumSeparationS },
        });
      }
    }
  }

  const dutyLimited = rules.thrusters.filter((t) => t.dutyCycleWindowSeconds !== null && t.maximumDutyCycle !== null);
  if (dutyLimited.length > 0) {
    const all = [...candidate.burns, ...others.flatMap((o) => o.burns)];
    const outcomes = dutyLimited.map((t) => {
      const worst = maxBurnTimeInWindow(candidate, all, t.dutyCycleWindowSeconds!);
      return { thruster: t, duty: worst.burnS / t.dutyCycleWindowSeconds!, fromS: worst.fromS };
    });
    if (outcomes.every((o) => o.duty > o.thruster.maximumDutyCycle! + 1e-12)) {
      const best = outcomes.reduce((a, b) => (b.duty / b.thruster.maximumDutyCycle! < a.duty / a.thruster.maximumDutyCycle! ? b : a));
      findings.push({
        code: 'DUTY_CYCLE',
        maneuverId: id,
        message:
          `burning ${(best.duty * 100).toFixed(1)} % of a ${seconds(best.thruster.dutyCycleWindowSeconds!)} window exceeds the duty cycle of every thruster ` +
          `(best: ${best.thruster.thrusterId}, ${(best.thruster.maximumDutyCycle! * 100).toFixed(1)} %)`,
        details: { dutyCycle: best.duty, thrusterId: best.thruster.thrusterId, maximumDutyCycle: best.thruster.maximumDutyCycle, windowSeconds: best.thruster.dutyCycleWindowSeconds },
      });
    }
  }
  return findings;
}
