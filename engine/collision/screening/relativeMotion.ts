/**
 * The relative motion of a secondary with respect to a primary and the bounds that make the sampled search safe.
 *
 * With Δr = r₂ − r₁, Δv the difference of the trajectories' velocity outputs and ρ = |Δr|:
 *
 *   ρ̈ = (|Δṙ|² − ρ̇²)/ρ + Δr·Δr̈/ρ ≥ −|Δr̈|          (the first term is ≥ 0: ρ is "convex up to" the acceleration)
 *
 * so from one sample, for τ ≥ 0,   ρ(t + τ) ≥ ρ(t) + (ρ̇(t) − εv)·τ − A·τ²/2,   where
 *  - εv bounds the difference between a trajectory's velocity output and the time derivative of its position
 *    (SGP4's velocity is not exactly the derivative of its position: sgp4Envelope.ts; an ephemeris's Hermite
 *    velocity and the dense output's velocity are, to the integrator's tolerance), summed over the two objects;
 *  - A bounds |Δr̈| over the step: the central-body parts differ by at most the gravity gradient along the segment
 *    between the objects (its largest eigenvalue is 2μ/r³: |g(r₂) − g(r₁)| ≤ 2μρ/r_s³ with r_s ≥ √(r_lo² − ρ²/4)
 *    the segment's closest approach to the Earth's centre when both ends are outside r_lo), never more than the
 *    sum of the two gravity bounds; the rest (geopotential beyond the central term, drag, thrust) is bounded per
 *    object and added.
 * This is the step rule of the sampled search (pairSearch.ts): the next sample is where that lower bound could
 * first reach the search radius. Near an approach the same quantities bound the switching function
 * f = D² − ρ² of the local search (engine/events/search.ts): f' = −2Δr·Δṙ, f'' = −2(|Δṙ|² + Δr·Δr̈).
 */
import { MU_EARTH_KM3_S2 } from '../../constants.ts';
import type { SwitchingFunction } from '../../events/search.ts';
import type { Trajectory } from '../../trajectories/trajectory.ts';

/** Per-pair constants of the bounds. */
export interface PairBounds {
  /** Sum of the two objects' acceleration bounds, km/s². */
  readonly accelerationSumKmS2: number;
  /** Sum of the two objects' accelerations beyond the central body (geopotential, drag, thrust), km/s². */
  readonly perturbationKmS2: number;
  /** Smallest radius either object reaches over the span, km. */
  readonly radiusLowKm: number;
  /** Sum of the two velocity-mismatch bounds, km/s. */
  readonly velocityMismatchKmS: number;
}

/** Bound on |Δr̈| while the separation stays ≤ rhoMaxKm (module comment). */
export function relativeAccelerationBound(bounds: PairBounds, rhoMaxKm: number): number {
  const rLo = bounds.radiusLowKm;
  const s2 = rLo * rLo - 0.25 * rhoMaxKm * rhoMaxKm;
  if (!(s2 > 0)) return bounds.accelerationSumKmS2;
  const rs = Math.sqrt(s2);
  const gradient = (2 * MU_EARTH_KM3_S2 * rhoMaxKm) / (rs * rs * rs) + bounds.perturbationKmS2;
  return Math.min(gradient, bounds.accelerationSumKmS2);
}

/** The two objects' states and their difference at one instant (what the searches evaluate). */
export class PairGeometry {
  t = Number.NaN;
  readonly primary = new Float64Array(6);
  readonly secondary = new Float64Array(6);
  /** Δr (km) and Δv (km/s). */
  readonly relative = new Float64Array(6);
  rhoKm = 0;
  /** Δr·Δv (km²/s). */
  rangeRateProduct = 0;
  relativeSpeedKmS = 0;
  evaluations = 0;

  constructor(
    readonly primaryTrajectory: Trajectory,
    readonly secondaryTrajectory: Trajectory,
  ) {}

  at(t: number): void {
    const p = this.primary;
    const s = this.secondary;
    this.primaryTrajectory.stateAt(t, p);
    this.secondaryTrajectory.stateAt(t, s);
    const d = this.relative;
    for (let i = 0; i < 6; i++) d[i] = s[i]! - p[i]!;
    this.rhoKm = Math.sqrt(d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]!);
    this.rangeRateProduct = d[0]! * d[3]! + d[1]! * d[4]! + d[2]! * d[5]!;
    this.relativeSpeedKmS = Math.sqrt(d[3]! * d[3]! + d[4]! * d[4]! + d[5]! * d[5]!);
    this.t = t;
    this.evaluations++;
  }
}

/**
 * The longest step τ from a sample (ρ, ρ·ρ̇, |Δv|) over which ρ is proven to stay above `radiusKm` (0 when ρ is not
 * above it): the first root of ρ + (ρ̇ − εv)τ − Aτ²/2 = radius, with A the gravity-gradient bound for the largest
 * separation the step can reach when that gives a longer proven step (module comment), else the plain sum.
 */
export function provenClearStep(bounds: PairBounds, rho: number, rangeRateProduct: number, relativeSpeed: number, radiusKm: number): number {
  const gap = rho - radiusKm;
  if (!(gap > 0)) return 0;
  const slope = rangeRateProduct / rho - bounds.velocityMismatchKmS;
  // first positive root of gap + slope·τ − a·τ²/2, written without cancellation for either sign of the slope
  const root = (acceleration: number): number => {
    const s = Math.sqrt(slope * slope + 2 * acceleration * gap);
    return slope <= 0 ? (2 * gap) / (s - slope) : (slope + s) / acceleration;
  };
  const aMax = bounds.accelerationSumKmS2;
  const safe = root(aMax);
  // separation reachable within τ: ρ + (|Δv| + εv)τ + aMax τ²/2
  const reach = (tau: number): number => rho + (relativeSpeed + bounds.velocityMismatchKmS) * tau + 0.5 * aMax * tau * tau;
  let candidate = root(relativeAccelerationBound(bounds, reach(safe)));
  for (let k = 0; k < 3 && candidate > safe; k++) {
    if (root(relativeAccelerationBound(bounds, reach(candidate))) >= candidate) return candidate;
    candidate = 0.5 * (candidate + safe);
  }
  return safe;
}

/**
 * f = D² − ρ² for the local search (engine/events/search.ts finds its maxima where f > 0: the minima of the
 * distance inside the search sphere, refined to the root of Δr·Δv). Sample layout: f, f', ρ, |Δv|.
 */
export class InsideSphereFunction implements SwitchingFunction<PairGeometry> {
  readonly sampleSize = 4;
  private readonly radiusSquared: number;

  constructor(
    radiusKm: number,
    private readonly pair: PairBounds,
  ) {
    this.radiusSquared = radiusKm * radiusKm;
  }

  evaluate(geometry: PairGeometry, sample: Float64Array, o: number): void {
    sample[o] = this.radiusSquared - geometry.rhoKm * geometry.rhoKm;
    sample[o + 1] = -2 * geometry.rangeRateProduct;
    sample[o + 2] = geometry.rhoKm;
    sample[o + 3] = geometry.relativeSpeedKmS;
  }

  bounds(a: Float64Array, b: Float64Array, h: number, out: Float64Array): void {
    const bd = this.pair;
    const eps = bd.velocityMismatchKmS;
    // |Δṙ| ≤ W over [a, b]; ρ ≤ ρmax
    const w = 0.5 * (a[3]! + b[3]! + bd.accelerationSumKmS2 * h) + eps;
    const rhoMax = 0.5 * (a[2]! + b[2]! + w * h);
    const acceleration = relativeAccelerationBound(bd, rhoMax);
    out[0] = 2 * rhoMax * w;
    out[1] = 2 * (w * w + rhoMax * acceleration);
    out[2] = 2 * rhoMax * eps;
  }
}
