/**
 * Bounds on the spacecraft's motion between two samples, the raw material of every detector's bounds on |g'| and
 * |g''| (search.ts). From the radius r and speed v (inertial) at both ends of an interval of length h:
 *
 *   acceleration  |a| ≤ A = 1.005·μ/r_lo² + a_ng        (central gravity; 1.005 covers J2 and the rest of the
 *                                                          geopotential, 3·J2·(Re/r)² ≤ 0.33 %; Sun and Moon
 *                                                          ≤ 1e-9 km/s² are inside a_ng)
 *   speed         |v(t)| ≤ min(v_a + A·τ, v_b + A·(h − τ)) ≤ V = (v_a + v_b + A·h)/2
 *   radius        (r_a + r_b − V·h)/2 ≤ r(t) ≤ (r_a + r_b + V·h)/2   (|dr/dt| ≤ |v|)
 *
 * a_ng bounds every non-gravitational acceleration (drag, solar pressure, thrust). The default 1e-4 km/s²
 * (0.1 m/s²) covers drag down to ~150 km, solar pressure and the thrust of electric or small chemical engines
 * (50 N on 500 kg); a trajectory with stronger burns must say so (`EventSearchOptions`), otherwise the search's
 * guarantee may not hold during those burns. A is first taken at the surface (r ≥ WGS-84 polar radius), then
 * tightened with the r_lo it implies (both are valid bounds).
 *
 * J2 (EGM96, tide-free) also bounds the perturbing acceleration where a detector needs it separately
 * (apsides): |a_J2| ≤ 3·J2·μ·Re²/r⁴ (the largest of the radial and polar components, Vallado 4th ed. eq. 8-29).
 */
import { WGS84_POLAR_RADIUS_KM } from '../bodies/ellipsoid.ts';
import { EGM96_RADIUS_M, egm96Field } from '../forces/gravityField.ts';
import { MU_EARTH_KM3_S2 } from '../constants.ts';

export const DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 = 1e-4;
/** Geopotential beyond the central term, relative (3·J2 at the surface, with margin). */
export const GEOPOTENTIAL_MARGIN = 1.005;
/** EGM96 J2 = −√5·C̄20. */
export const J2 = -Math.sqrt(5) * egm96Field().c[3]!;
const EARTH_RADIUS_KM = EGM96_RADIUS_M / 1000;

/** Bound on the acceleration at radii ≥ rLo (km): central gravity with the geopotential margin, plus a_ng (km/s²). */
export function accelerationBound(rLoKm: number, nonGravitationalKmS2: number): number {
  return (GEOPOTENTIAL_MARGIN * MU_EARTH_KM3_S2) / (rLoKm * rLoKm) + nonGravitationalKmS2;
}

/** Bounds of the inertial motion over an interval: out = [rLo, rHi, vHi, aHi] (km, km/s, km/s²). */
export function inertialMotionBounds(rA: number, vA: number, rB: number, vB: number, h: number, nonGravitationalKmS2: number, out: Float64Array): void {
  let a = (GEOPOTENTIAL_MARGIN * MU_EARTH_KM3_S2) / (WGS84_POLAR_RADIUS_KM * WGS84_POLAR_RADIUS_KM) + nonGravitationalKmS2;
  let v = 0.5 * (vA + vB + a * h);
  const rLo = Math.max(0.5 * (rA + rB - v * h), WGS84_POLAR_RADIUS_KM);
  a = (GEOPOTENTIAL_MARGIN * MU_EARTH_KM3_S2) / (rLo * rLo) + nonGravitationalKmS2;
  v = 0.5 * (vA + vB + a * h);
  out[0] = rLo;
  out[1] = 0.5 * (rA + rB + v * h);
  out[2] = v;
  out[3] = a;
}

/** Bound of the J2 acceleration at radii ≥ r (km/s²). */
export function j2AccelerationBound(r: number): number {
  const q = EARTH_RADIUS_KM / r;
  return (3 * J2 * MU_EARTH_KM3_S2 * q * q) / (r * r);
}
