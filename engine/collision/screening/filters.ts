/**
 * The orbit filters of Hoots, Crawford & Roehrich (1984), "An analytical method to determine future close
 * approaches between satellites", Celestial Mechanics 33, 143–158, with pads for the screening volume and for the
 * orbits' variation over the span.
 *
 * (a) Apogee/perigee filter: two objects can come within D of each other only if their radius ranges over the span,
 *     [q₁, Q₁] and [q₂, Q₂], come within D: max(q₁, q₂) − min(Q₁, Q₂) ≤ D. The ranges are bounds over the whole span
 *     (objects.ts for the primary: sampled, with a Taylor bound between samples; sgp4Envelope.ts for SGP4 sets: from
 *     SGP4's own mean elements, long- and short-period terms, drag and lunisolar periodics), so the filter's pad for
 *     the orbits' variation is inside the ranges and the only other pad is the search radius D (the volume's
 *     largest semi-axis plus the search margin).
 */
import type { ObjectBounds } from './objects.ts';

/** (a): true when the two radius ranges come within `distanceKm` of each other. */
export function apogeePerigeeOverlap(a: ObjectBounds, b: ObjectBounds, distanceKm: number): boolean {
  return Math.max(a.radiusMinKm, b.radiusMinKm) - Math.min(a.radiusMaxKm, b.radiusMaxKm) <= distanceKm;
}
