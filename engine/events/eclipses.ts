/**
 * Eclipse assembler: penumbra and umbra crossings (detectors/shadow.ts) → eclipses, and the share of each orbit
 * spent in shadow.
 *
 * An eclipse is one interval of shadow, i.e. where any part of the Sun is hidden (penumbra function ≤ 0), from
 * penumbra entry (first contact) to penumbra exit (last contact); the umbra intervals (the whole Sun hidden: second
 * to third contact) lie inside it, since g_u − g_p = 2ρ☉ > 0. An eclipse without umbra is penumbra-only. At the span
 * edges an eclipse (or its umbra) in progress is cut and flagged, its contact there null.
 *
 * Orbits for the shadow share run from one ascending node (GCRF equator) to the next; the pieces before the first
 * and after the last node are partial orbits (`complete` false).
 */
import { DEG_TO_RAD } from '../math/angles.ts';
import type { SwitchingSearch } from './search.ts';

const RAD_TO_DEG = 1 / DEG_TO_RAD;

/** A contact: when a shadow function crosses zero and how fast (deg/s of the angle σ − λ ∓ ρ☉). */
export interface ShadowContact {
  readonly tS: number;
  readonly rateDegS: number;
}

export interface UmbraInterval {
  readonly startS: number;
  readonly endS: number;
  readonly cutAtStart: boolean;
  readonly cutAtEnd: boolean;
  readonly entry: ShadowContact | null;
  readonly exit: ShadowContact | null;
}

export interface Eclipse {
  /** 1, 2, … */
  readonly number: number;
  readonly startS: number;
  readonly endS: number;
  readonly cutAtStart: boolean;
  readonly cutAtEnd: boolean;
  readonly hasUmbra: boolean;
  readonly penumbraEntry: ShadowContact | null;
  readonly penumbraExit: ShadowContact | null;
  /** The umbra (one interval in Earth orbit; a list so that no geometry is lost). */
  readonly umbra: readonly UmbraInterval[];
  /** Time with the Sun at least partly hidden, inside the span (s). */
  readonly shadowDurationS: number;
  /** Time with the Sun completely hidden, inside the span (s). */
  readonly umbraDurationS: number;
  readonly penumbraOnlyDurationS: number;
}

export interface OrbitShadowShare {
  /** 1, 2, … */
  readonly number: number;
  readonly startS: number;
  readonly endS: number;
  /** Bounded by two ascending nodes (else cut by the span). */
  readonly complete: boolean;
  readonly shadowDurationS: number;
  readonly umbraDurationS: number;
  /** Share of the orbit's time in shadow (penumbra or umbra), in [0, 1]. */
  readonly shadowFraction: number;
  readonly umbraFraction: number;
}

interface Interval {
  start: number;
  end: number;
  entry: number | null;
  exit: number | null;
}

/** Intervals where g ≤ 0 (in shadow) from a finished search over [fromS, toS]. */
function shadowIntervals(search: SwitchingSearch, fromS: number, toS: number): Interval[] {
  const out: Interval[] = [];
  let inShadow = !search.startPositive;
  let start = fromS;
  let entry: number | null = null;
  for (const c of search.crossings) {
    if (!c.increasing && !inShadow) {
      inShadow = true;
      start = c.tS;
      entry = c.tS;
    } else if (c.increasing && inShadow) {
      inShadow = false;
      out.push({ start, end: c.tS, entry, exit: c.tS });
      entry = null;
    }
  }
  if (inShadow) out.push({ start, end: toS, entry, exit: null });
  return out;
}

function overlapS(intervals: readonly { start: number; end: number }[], from: number, to: number): number {
  let total = 0;
  for (const iv of intervals) total += Math.max(0, Math.min(iv.end, to) - Math.max(iv.start, from));
  return total;
}

/**
 * Eclipses from the finished umbra and penumbra searches; `rateDegS(kind, t)` gives a shadow function's rate at a
 * contact (deg/s).
 */
export function assembleEclipses(
  penumbra: SwitchingSearch,
  umbra: SwitchingSearch,
  fromS: number,
  toS: number,
  rateRadS: (search: SwitchingSearch, t: number) => number,
): Eclipse[] {
  const contact = (search: SwitchingSearch, t: number | null): ShadowContact | null =>
    t === null ? null : { tS: t, rateDegS: rateRadS(search, t) * RAD_TO_DEG };
  const umbraIntervals = shadowIntervals(umbra, fromS, toS);
  return shadowIntervals(penumbra, fromS, toS).map((p, i) => {
    const inside = umbraIntervals.filter((u) => u.end > p.start && u.start < p.end);
    const umbraList: UmbraInterval[] = inside.map((u) => ({
      startS: u.start,
      endS: u.end,
      cutAtStart: u.entry === null,
      cutAtEnd: u.exit === null,
      entry: contact(umbra, u.entry),
      exit: contact(umbra, u.exit),
    }));
    const shadow = p.end - p.start;
    const umbraTotal = overlapS(inside, p.start, p.end);
    return {
      number: i + 1,
      startS: p.start,
      endS: p.end,
      cutAtStart: p.entry === null,
      cutAtEnd: p.exit === null,
      hasUmbra: umbraList.length > 0,
      penumbraEntry: contact(penumbra, p.entry),
      penumbraExit: contact(penumbra, p.exit),
      umbra: umbraList,
      shadowDurationS: shadow,
      umbraDurationS: umbraTotal,
      penumbraOnlyDurationS: shadow - umbraTotal,
    };
  });
}

/** Share of each orbit (ascending node to ascending node) in shadow and in umbra. */
export function orbitShadowShares(eclipses: readonly Eclipse[], ascendingNodesS: readonly number[], fromS: number, toS: number): OrbitShadowShare[] {
  const bounds = [fromS, ...ascendingNodesS.filter((t) => t > fromS && t < toS), toS];
  const shadow = eclipses.map((e) => ({ start: e.startS, end: e.endS }));
  const umbra = eclipses.flatMap((e) => e.umbra.map((u) => ({ start: u.startS, end: u.endS })));
  const out: OrbitShadowShare[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const start = bounds[k]!;
    const end = bounds[k + 1]!;
    if (!(end > start)) continue;
    const s = overlapS(shadow, start, end);
    const u = overlapS(umbra, start, end);
    out.push({
      number: out.length + 1,
      startS: start,
      endS: end,
      complete: k > 0 && k + 2 < bounds.length,
      shadowDurationS: s,
      umbraDurationS: u,
      shadowFraction: s / (end - start),
      umbraFraction: u / (end - start),
    });
  }
  return out;
}
