/**
 * The orbit filters of Hoots, Crawford & Roehrich (1984), "An analytical method to determine future close
 * approaches between satellites", Celestial Mechanics 33, 143–158, with pads for the screening volume and for the
 * orbits' variation over the span.
 *
 * (a) Apogee/perigee filter: two objects can come within D of each other only if their radius ranges over the span,
 *     [q₁, Q₁] and [q₂, Q₂], come within D: max(q₁, q₂) − min(Q₁, Q₂) ≤ D. The ranges are bounds over the whole span
 *     (objects.ts for the primary: sampled, with a Taylor bound between samples; sgp4Envelope.ts for SGP4 sets: from
 *     SGP4's own mean elements, long- and short-period terms, drag and lunisolar periodics): the pad for the orbits'
 *     variation is inside the ranges, the other pad is the search radius D.
 *
 * (b) Orbit-path filter, at each crossing of the mutual line of nodes, and the phasing (time) filter that goes with
 *     it. Two objects in planes with normals n₁, n₂ can only be close near the line N = n₁ × n₂ common to both planes:
 *     at distance ρ ≤ D, the secondary is within D of the primary's plane, so |n₁·r₂| ≤ D + b₁ (b₁: how far the
 *     primary's actual position leaves its model plane), and with r₂ in its own model plane up to b₂ and at angle θ₂
 *     from N there, |r₂|·sin i_rel·|sin θ₂| ≤ D + b₁ + b₂: θ₂ lies within α₂ = asin((D + b₁ + b₂)/(r₂,min·sin i_rel))
 *     of 0 or π. Symmetrically θ₁ within α₁ of the same node (both near +N or both near −N). The filter walks the
 *     secondary's node crossings (θ₂ = kπ, from the models' angle rates, refined once by Newton for the slow motion
 *     of N), and keeps the time window around each crossing where
 *       - the secondary's model angle is within α₂ + c₂ of the node (c: the model's angle bound, orbitModels.ts),
 *       - the primary's is within α₁ + c₁ of the same node (phasing: Hoots' time filter), and
 *       - the secondary's radius over its arc [kπ − α₂ − c₂, kπ + α₂ + c₂] (its conic ± its radius pad) comes within
 *         D of the primary's radius band over the window (the orbit-path test, at the node: Hoots' geometric filter).
 *     The windows carry the rest of the pads (5 % on the angular rates, 1 s). When the planes are so close that the
 *     node line gives no constraint (α ≥ π/2: nearly coplanar orbits), or a model is unusable, the pair keeps the
 *     whole span; the sampled search (pairSearch.ts) then does all the work, with the same guarantee.
 */
import type { ObjectBounds } from './objects.ts';
import { ModelState, type OrbitModel } from './orbitModels.ts';

const TWO_PI = 2 * Math.PI;

/** (a): true when the two radius ranges come within `distanceKm` of each other. */
export function apogeePerigeeOverlap(a: ObjectBounds, b: ObjectBounds, distanceKm: number): boolean {
  return Math.max(a.radiusMinKm, b.radiusMinKm) - Math.min(a.radiusMaxKm, b.radiusMaxKm) <= distanceKm;
}

export interface WindowCounts {
  /** Node crossings of secondaries examined, and those left by the phasing and by the path test. */
  crossings: number;
  afterPhasing: number;
  afterPath: number;
  /** Pairs that kept their whole span (nearly coplanar, or a model unusable). */
  unfiltered: number;
}

const wrapToPi = (x: number): number => x - TWO_PI * Math.round(x / TWO_PI);
/** Angular rates are taken this much slower for the window widths (the node line's own drift, ≤ 1.4 % GEO/LEO). */
const ANGLE_RATE_MARGIN = 1.05;
/** Added to every window half-width, s. */
const WINDOW_PAD_S = 1;

/** Scratch state of the pair geometry at one instant. */
class NodeGeometry {
  readonly p = new ModelState();
  readonly s = new ModelState();
  sinRel = 0;
  /** Angles from +N in each plane (rad, in (−π, π]) and their rates. */
  thetaS = 0;
  thetaP = 0;
  rateS = 0;
  rateP = 0;
  /** The secondary's perigee direction from +N (rad). */
  perigeeFromNodeS = 0;

  evaluate(primary: OrbitModel, secondary: OrbitModel, t: number): void {
    primary.at(t, this.p);
    secondary.at(t, this.s);
    const a = this.p.n;
    const b = this.s.n;
    const nx = a[1]! * b[2]! - a[2]! * b[1]!;
    const ny = a[2]! * b[0]! - a[0]! * b[2]!;
    const nz = a[0]! * b[1]! - a[1]! * b[0]!;
    this.sinRel = Math.hypot(nx, ny, nz);
    const uS = Math.atan2(nx * this.s.y[0]! + ny * this.s.y[1]! + nz * this.s.y[2]!, nx * this.s.x[0]! + ny * this.s.x[1]! + nz * this.s.x[2]!);
    const uP = Math.atan2(nx * this.p.y[0]! + ny * this.p.y[1]! + nz * this.p.y[2]!, nx * this.p.x[0]! + ny * this.p.x[1]! + nz * this.p.x[2]!);
    this.thetaS = wrapToPi(this.s.lambda - uS);
    this.thetaP = wrapToPi(this.p.lambda - uP);
    this.rateS = this.s.lambdaRate;
    this.rateP = this.p.lambdaRate;
    this.perigeeFromNodeS = this.s.argPerigee - uS;
  }
}

/** Range of cos over [c − w, c + w] (w ≥ 0) into out[0] (lowest) and out[1] (highest). */
export function cosRange(c: number, w: number, out: Float64Array): void {
  if (w >= Math.PI) {
    out[0] = -1;
    out[1] = 1;
    return;
  }
  const a = Math.cos(c - w);
  const b = Math.cos(c + w);
  out[0] = Math.abs(wrapToPi(c - Math.PI)) <= w ? -1 : Math.min(a, b);
  out[1] = Math.abs(wrapToPi(c)) <= w ? 1 : Math.max(a, b);
}

/**
 * (b): the time windows of [from, to] where the pair can come within `distanceKm` (module comment), sorted and
 * disjoint.
 */
export function candidateWindows(
  primary: OrbitModel,
  secondary: OrbitModel & { readonly usable?: boolean },
  distanceKm: number,
  from: number,
  to: number,
  counts: WindowCounts,
): [number, number][] {
  if (!(to > from)) return [];
  if (secondary.usable === false) {
    counts.unfiltered++;
    return [[from, to]];
  }
  const g = new NodeGeometry();
  const cosines = new Float64Array(2);
  const windows: [number, number][] = [];
  const bS = secondary.outOfPlaneKm(from, to);
  const cS = secondary.angleRad(from, to);
  g.evaluate(primary, secondary, from);
  if (!(g.rateS > 0) || !(g.rateP > 0)) {
    counts.unfiltered++;
    return [[from, to]];
  }
  // start half a revolution early: a window around a crossing just before `from` may reach into the span
  let t = from - Math.PI / g.rateS;
  g.evaluate(primary, secondary, t);
  let phase = g.thetaS; // the secondary's angle from +N at t, continued crossing after crossing
  let target = (Math.floor(phase / Math.PI) + 1) * Math.PI;
  const maxCrossings = 4 * Math.ceil(((to - from) * g.rateS) / Math.PI) + 16;
  for (let guard = 0; guard < maxCrossings; guard++) {
    // next crossing θ_S = target: one evaluation at the step predicted by the angle rate; the remaining error
    // (the node line drifts meanwhile) is corrected to first order, the primary's angle moved along with it
    const rate0 = g.rateS;
    let tj = t + (target - phase) / rate0;
    g.evaluate(primary, secondary, tj);
    const correction = wrapToPi(g.thetaS - target) / g.rateS;
    tj -= correction;
    g.thetaP -= g.rateP * correction;
    // the angle rate relative to N over the step (the node line drifts): the smaller one sets the window
    const rateS = Math.min(g.rateS, tj > t ? (target - phase) / (tj - t) : g.rateS);
    const parity = Math.round(target / Math.PI) & 1; // 0: both near +N, 1: both near −N
    phase = target;
    target += Math.PI;
    t = tj;
    if (tj - Math.PI / rateS > to) break;
    if (!(rateS > 0)) {
      counts.unfiltered++;
      return mergeWindows([...windows, [from, to]]);
    }
    counts.crossings++;
    const bP = primary.outOfPlaneKm(tj - 600, tj + 600);
    const cP = primary.angleRad(tj - 600, tj + 600);
    const z = distanceKm + bP + bS;
    const sS = z / ((secondary.radiusMinKm - bS) * g.sinRel);
    const sP = z / ((primary.radiusMinKm - bP) * g.sinRel);
    if (!(sS < 1 && sP < 1) || !(secondary.radiusMinKm > bS) || !(primary.radiusMinKm > bP)) {
      // nearly coplanar here: the node line gives no constraint from this crossing on
      counts.unfiltered++;
      return mergeWindows([...windows, [Math.max(from, tj - Math.PI / rateS), to]]);
    }
    const halfS = Math.asin(sS) + cS;
    const wS = (ANGLE_RATE_MARGIN * halfS) / rateS + WINDOW_PAD_S;
    const a0 = tj - wS;
    const a1 = tj + wS;
    // the primary's angle from the same node at tj; it is near that node when dP + rateP·(t − tj) = 2πk
    const dP = wrapToPi(g.thetaP - parity * Math.PI);
    const halfP = Math.asin(sP) + cP;
    const rateP = g.rateP / ANGLE_RATE_MARGIN;
    const wP = halfP / rateP + WINDOW_PAD_S;
    const kFirst = Math.ceil((dP + rateP * (a0 - wP - tj)) / TWO_PI);
    const kLast = Math.floor((dP + rateP * (a1 + wP - tj)) / TWO_PI);
    if (kFirst > kLast) continue;
    // the secondary's radius over its arc at this node (the path test below)
    cosRange(parity * Math.PI - g.perigeeFromNodeS, halfS, cosines);
    const e = g.s.e;
    const rSLo = g.s.pKm / (1 + e * cosines[1]!) - secondary.radiusPadKm;
    const rSHi = g.s.pKm / (1 + e * cosines[0]!) + secondary.radiusPadKm;
    const rateTrue = g.rateP;
    let kept = false;
    let pathKept = false;
    for (let k = kFirst; k <= kLast && k - kFirst < 64; k++) {
      // the primary's pass from its angle rate; more than a minute away, corrected at the predicted instant for the
      // drift of N meanwhile (within a minute it moves the pass by < 0.1 s, inside the pads)
      let centre = tj + (TWO_PI * k - dP) / rateTrue;
      if (Math.abs(centre - tj) > 60) {
        g.evaluate(primary, secondary, centre);
        centre -= wrapToPi(g.thetaP - parity * Math.PI) / g.rateP;
      }
      const lo = Math.max(a0, centre - wP, from);
      const hi = Math.min(a1, centre + wP, to);
      if (!(hi > lo)) continue;
      if (!kept) counts.afterPhasing++;
      kept = true;
      // path test at the node: the secondary's radius over its arc against the primary's band over the window
      const band = primary.radiusBand(lo, hi) ?? [primary.radiusMinKm, Number.POSITIVE_INFINITY];
      if (rSLo > band[1] + distanceKm || rSHi < band[0] - distanceKm) continue;
      if (!pathKept) counts.afterPath++;
      pathKept = true;
      windows.push([lo, hi]);
    }
  }
  return mergeWindows(windows);
}

/** Sorted union of intervals. */
export function mergeWindows(windows: [number, number][]): [number, number][] {
  windows.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const w of windows) {
    const last = out[out.length - 1];
    if (last !== undefined && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else out.push([w[0], w[1]]);
  }
  return out;
}
