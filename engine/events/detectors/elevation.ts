/**
 * Station elevation above a mask, and its maxima.
 *
 * With ρ = r_ITRF − p the station-to-spacecraft vector at one instant (geometric: no light time, no aberration, no
 * refraction), û = ρ/|ρ| and the station's axes E, N, Z (Z the ellipsoid normal):
 *   elevation = asin(Z·û),  azimuth = atan2(E·û, N·û) from north towards east in [0°, 360°),  range = |ρ|
 * (events reference README, "Elevation, azimuth, range"; Vallado 4th ed. §4.4 in ITRF form).
 *
 * Switching function g = sin(elevation) − sin(mask) = Z·û − sin(mask): positive while the station sees the
 * spacecraft. It is the sine, not the angle, because the angle has a kink at 90° (an overhead pass) where its rate
 * jumps from +|ω| to −|ω|, while Z·û is smooth everywhere; both have the same zeros and the same maxima.
 *   g' = Z·û',   û' = (ρ' − û(û·ρ'))/|ρ|,   ρ' = v_ITRF (the station is fixed in ITRF).
 *
 * Bounds for the search (search.ts), over an interval of length h, with V ≥ |ρ'| and A ≥ |ρ''| there and |ρ| ≥ ρ_lo:
 *   |g'| ≤ |û'| ≤ V/ρ_lo,
 *   |g''| ≤ |û''| ≤ A/ρ_lo + (2/√3)·V²/ρ_lo².
 * The second: û'' = (ρ'' − û(û·ρ''))/|ρ| − (2ṙw + |w|²û)/|ρ|² with ṙ = û·ρ', w = ρ' − ṙû; the last term has norm
 * |w|·√(4ṙ² + |w|²) ≤ (2/√3)·|ρ'|² (maximum at |w|² = 2|ρ'|²/3).
 * In the rotating frame ρ'' = a − 2ω×v_ITRF − ω×(ω×r), so A = a_in + ω²·r_hi + 2ω·V, and V ≤ (V_a + V_b + A·h)/2,
 * solved for V: V = (V_a + V_b + (a_in + ω²r_hi)·h)/(2(1 − ω·h)). The range can be no smaller than
 * (ρ_a + ρ_b − V·h)/2 nor than the spacecraft's radius minus the station's (motionBounds.ts for a_in and r).
 */
import { EARTH_ROTATION_RATE_NOMINAL_RAD_PER_S } from '../../constants.ts';
import { DEG_TO_RAD } from '../../math/angles.ts';
import type { EventGeometry } from '../geometry.ts';
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2, inertialMotionBounds } from '../motionBounds.ts';
import type { SwitchingFunction } from '../search.ts';
import type { EventStation } from '../stations.ts';

const RAD_TO_DEG = 1 / DEG_TO_RAD;
const TWO_OVER_SQRT3 = 2 / Math.sqrt(3);
/** Smallest range used in the bounds (km): only reached by a spacecraft skimming the station. */
const RANGE_FLOOR_KM = 1;

/** Elevation, azimuth (deg), range (km) and elevation rate (deg/s) of the spacecraft seen from a station. */
export interface TopocentricView {
  elevationDeg: number;
  azimuthDeg: number;
  rangeKm: number;
  elevationRateDegS: number;
}

/** The view from `station` at the geometry's instant. */
export function topocentricView(geometry: EventGeometry, station: EventStation, out: TopocentricView): TopocentricView {
  const p = station.positionItrfKm;
  const r = geometry.positionItrf;
  const v = geometry.velocityItrf;
  const rx = r[0]! - p[0]!, ry = r[1]! - p[1]!, rz = r[2]! - p[2]!;
  const range = Math.sqrt(rx * rx + ry * ry + rz * rz);
  const E = station.east, N = station.north, Z = station.zenith;
  const e = (E[0]! * rx + E[1]! * ry + E[2]! * rz) / range;
  const n = (N[0]! * rx + N[1]! * ry + N[2]! * rz) / range;
  const s = Math.min(1, Math.max(-1, (Z[0]! * rx + Z[1]! * ry + Z[2]! * rz) / range));
  const radialRate = (rx * v[0]! + ry * v[1]! + rz * v[2]!) / range;
  const zRate = (Z[0]! * v[0]! + Z[1]! * v[1]! + Z[2]! * v[2]! - s * radialRate) / range;
  let az = Math.atan2(e, n) * RAD_TO_DEG;
  if (az < 0) az += 360;
  if (az >= 360) az -= 360;
  out.elevationDeg = Math.asin(s) * RAD_TO_DEG;
  out.azimuthDeg = az;
  out.rangeKm = range;
  // d(asin s)/dt = s'/√(1 − s²); undefined exactly overhead
  out.elevationRateDegS = (zRate / Math.sqrt(Math.max(1e-30, 1 - s * s))) * RAD_TO_DEG;
  return out;
}

/** Sample layout: g, g', |ρ| (km), |ρ'| (km/s), r (km), v (km/s). */
export class ElevationFunction implements SwitchingFunction {
  readonly sampleSize = 6;
  readonly station: EventStation;
  private readonly stationRadiusKm: number;
  private readonly nonGravitationalKmS2: number;
  private readonly motion = new Float64Array(4);
  /** Earth rotation rate of the last evaluated geometry (rad/s). */
  private earthRate = EARTH_ROTATION_RATE_NOMINAL_RAD_PER_S;

  constructor(station: EventStation, nonGravitationalKmS2 = DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2) {
    this.station = station;
    const p = station.positionItrfKm;
    this.stationRadiusKm = Math.hypot(p[0]!, p[1]!, p[2]!);
    this.nonGravitationalKmS2 = nonGravitationalKmS2;
  }

  evaluate(geometry: EventGeometry, sample: Float64Array, o: number): void {
    const p = this.station.positionItrfKm;
    const Z = this.station.zenith;
    const r = geometry.positionItrf;
    const v = geometry.velocityItrf;
    const rx = r[0]! - p[0]!, ry = r[1]! - p[1]!, rz = r[2]! - p[2]!;
    const range = Math.sqrt(rx * rx + ry * ry + rz * rz);
    const s = (Z[0]! * rx + Z[1]! * ry + Z[2]! * rz) / range;
    const radialRate = (rx * v[0]! + ry * v[1]! + rz * v[2]!) / range;
    sample[o] = s - this.station.sinMask;
    sample[o + 1] = (Z[0]! * v[0]! + Z[1]! * v[1]! + Z[2]! * v[2]! - s * radialRate) / range;
    sample[o + 2] = range;
    sample[o + 3] = Math.sqrt(v[0]! * v[0]! + v[1]! * v[1]! + v[2]! * v[2]!);
    sample[o + 4] = geometry.radiusKm;
    sample[o + 5] = geometry.speedKmS;
    this.earthRate = geometry.earthRateRadS;
  }

  bounds(a: Float64Array, b: Float64Array, h: number, out: Float64Array): void {
    const m = this.motion;
    inertialMotionBounds(a[4]!, a[5]!, b[4]!, b[5]!, h, this.nonGravitationalKmS2, m);
    const w = this.earthRate;
    // ITRF acceleration without its Coriolis part: inertial + centrifugal
    const aWithoutCoriolis = m[3]! + w * w * m[1]!;
    const wh = w * h;
    const V = wh < 0.5 ? (a[3]! + b[3]! + aWithoutCoriolis * h) / (2 * (1 - wh)) : Number.POSITIVE_INFINITY;
    const A = aWithoutCoriolis + 2 * w * V;
    const rangeLo = Math.max(0.5 * (a[2]! + b[2]! - V * h), m[0]! - this.stationRadiusKm, RANGE_FLOOR_KM);
    out[0] = V / rangeLo;
    out[1] = A / rangeLo + (TWO_OVER_SQRT3 * V * V) / (rangeLo * rangeLo);
    out[2] = 0;
  }
}
