/**
 * Umbra and penumbra entry and exit: the conical Earth shadow of the solar radiation pressure force.
 *
 * Model: engine/forces/shadow.ts `occultationAngles`, called exactly as `SolarRadiationPressure` calls it — the
 * spacecraft and the Sun in GCRF (m), the Sun of the Earth environment (the propagator's Sun), the WGS-84
 * ellipsoid about the ITRF pole (third row of the environment's GCRF → ITRF rotation), the Sun radius
 * SUN_RADIUS_M — which gives, seen from the spacecraft, the separation σ of the Sun's and the Earth's centres, the
 * angular radius λ of the Earth's limb towards the Sun and the Sun's angular radius ρ☉. The switching functions are
 * those of `SolarRadiationPressure.eclipseFunction` (Orekit's eclipse detectors, with the same 1e-10 rad margin):
 *   penumbra  g_p = σ − λ − ρ☉ + margin   (< 0: part of the solar disk is hidden)
 *   umbra     g_u = σ − λ + ρ☉ − margin   (< 0: all of it is hidden)
 * so the intervals found are the intervals where the propagator's SRP is partly or totally switched off.
 *
 * The rate g' is a central difference over ±δ (δ = 0.5 s): the spacecraft at r ± v·δ (the acceleration term is
 * symmetric and cancels), the Sun at t ± δ. Its error, δ²·|g'''|/6 + rounding, is below 1e-10 rad/s in Earth orbit;
 * 1e-9 rad/s is declared to the search.
 *
 * Bounds (search.ts), from the inertial motion bounds (motionBounds.ts: r_lo, V, A):
 *  - Earth-centre direction w = −r/|r|:  |w'| ≤ W1 = V/r_lo,  |w''| ≤ W2 = A/r_lo + (2/√3)·W1²
 *    (as for the elevation's unit vector);
 *  - Sun direction from the spacecraft: |u'| ≤ S1 = (v⊕ + V)/d_min (the Earth's orbital speed, ≤ 30.5 km/s,
 *    plus the spacecraft's; d_min = 0.98 au, below the perihelion distance), |u''| ≤ S2 = (A + μ☉/d_min²)/d_min +
 *    (2/√3)·S1²;
 *  - separation, the angle between two unit vectors: |σ'| ≤ W1 + S1,
 *    |σ''| ≤ W2 + S2 + (W1 + S1)²/sin σ (the last the curvature of the distance on the sphere; σ over the interval
 *    from the samples and |σ'|; no bound when σ may reach 0 or π — then only the Lipschitz test applies);
 *  - limb, λ = asin(q), q = R/r on a sphere of radius R = a (WGS-84 equatorial, the largest):
 *    |λ'| ≤ q·V/(r·cos λ),  |λ''| ≤ R·(3V²/r + A)/(r²·cos λ) + q·(R·V/r²)²/cos³λ at r = r_lo;
 *  - the ellipsoid differs from that sphere by terms of order f = 1/298 whose rates are of order f·W1 and
 *    f·W1²: covered by a factor 1.1 on the sum and 0.05·W1² added;
 *  - ρ☉ changes by < 2e-9 rad/s (the Sun distance varies by < 40 km/s).
 */
import { ASTRONOMICAL_UNIT_KM, WGS84_EQUATORIAL_RADIUS_M, WGS84_FLATTENING } from '../../constants.ts';
import { GM_SUN_M3S2 } from '../../forces/thirdBody.ts';
import { ECLIPSE_ANGULAR_MARGIN, SUN_RADIUS_M, occultationAngles } from '../../forces/shadow.ts';
import type { EventGeometry } from '../geometry.ts';
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2, inertialMotionBounds } from '../motionBounds.ts';
import type { SwitchingFunction } from '../search.ts';

export type ShadowKind = 'UMBRA' | 'PENUMBRA';

const POLAR_RADIUS_M = WGS84_EQUATORIAL_RADIUS_M * (1 - WGS84_FLATTENING);
const HALF_STEP_S = 0.5;
const RATE_ERROR_RAD_S = 1e-9;
const TWO_OVER_SQRT3 = 2 / Math.sqrt(3);
/** Perihelion distance (0.983 au), rounded down. */
const SUN_DISTANCE_MIN_KM = 0.98 * ASTRONOMICAL_UNIT_KM;
const GM_SUN_KM3_S2 = GM_SUN_M3S2 / 1e9;
/** The Earth's heliocentric speed and acceleration at most (vis-viva with a = 1 au at d_min; μ☉/d_min²). */
const EARTH_ORBITAL_SPEED_KM_S = Math.sqrt(GM_SUN_KM3_S2 * (2 / SUN_DISTANCE_MIN_KM - 1 / ASTRONOMICAL_UNIT_KM));
const EARTH_ORBITAL_ACCELERATION_KM_S2 = GM_SUN_KM3_S2 / (SUN_DISTANCE_MIN_KM * SUN_DISTANCE_MIN_KM);
const EQUATORIAL_RADIUS_KM = WGS84_EQUATORIAL_RADIUS_M / 1000;

/**
 * σ, λ, ρ☉ (rad) at t and their central-difference rates, computed once per geometry instant and shared by the
 * umbra and penumbra functions.
 */
export class ShadowAngles {
  private geometry: EventGeometry | null = null;
  private t = Number.NaN;
  readonly angles = new Float64Array(3);
  readonly rates = new Float64Array(3);
  private readonly satM = new Float64Array(3);
  private readonly sunM = new Float64Array(3);
  private readonly pole = new Float64Array(3);
  private readonly plus = new Float64Array(3);
  private readonly minus = new Float64Array(3);

  /** Angles (σ, λ, ρ☉) at the geometry's instant into `angles`, their rates into `rates`. */
  update(geometry: EventGeometry): void {
    if (geometry === this.geometry && geometry.t === this.t) return;
    const R = geometry.rotation;
    this.pole[0] = R[6]!;
    this.pole[1] = R[7]!;
    this.pole[2] = R[8]!;
    this.anglesAt(geometry, 0, this.angles);
    this.anglesAt(geometry, HALF_STEP_S, this.plus);
    this.anglesAt(geometry, -HALF_STEP_S, this.minus);
    for (let i = 0; i < 3; i++) this.rates[i] = (this.plus[i]! - this.minus[i]!) / (2 * HALF_STEP_S);
    this.geometry = geometry;
    this.t = geometry.t;
  }

  private anglesAt(geometry: EventGeometry, dt: number, out: Float64Array): void {
    const s = geometry.stateGcrf;
    for (let i = 0; i < 3; i++) this.satM[i] = (s[i]! + s[3 + i]! * dt) * 1000;
    if (dt === 0) this.sunM.set(geometry.sunGcrfM());
    else geometry.environment.sunPositionGcrfM(geometry.t + dt, this.sunM);
    // (false only inside the Sun, with full-light angles in `out`)
    occultationAngles(this.satM, this.sunM, this.pole, WGS84_EQUATORIAL_RADIUS_M, POLAR_RADIUS_M, SUN_RADIUS_M, out);
  }
}

/** Sample layout: g, g', r (km), v (km/s), σ (rad). */
export class ShadowFunction implements SwitchingFunction {
  readonly sampleSize = 5;
  readonly kind: ShadowKind;
  private readonly angles: ShadowAngles;
  private readonly sign: number;
  private readonly margin: number;
  private readonly nonGravitationalKmS2: number;
  private readonly motion = new Float64Array(4);

  constructor(kind: ShadowKind, angles: ShadowAngles, nonGravitationalKmS2 = DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2) {
    this.kind = kind;
    this.angles = angles;
    // umbra: σ − λ + ρ☉ − margin; penumbra: σ − λ − ρ☉ + margin
    this.sign = kind === 'UMBRA' ? 1 : -1;
    this.margin = kind === 'UMBRA' ? -ECLIPSE_ANGULAR_MARGIN : ECLIPSE_ANGULAR_MARGIN;
    this.nonGravitationalKmS2 = nonGravitationalKmS2;
  }

  evaluate(geometry: EventGeometry, sample: Float64Array, o: number): void {
    const sh = this.angles;
    sh.update(geometry);
    const an = sh.angles;
    const ra = sh.rates;
    sample[o] = an[0]! - an[1]! + this.sign * an[2]! + this.margin;
    sample[o + 1] = ra[0]! - ra[1]! + this.sign * ra[2]!;
    sample[o + 2] = geometry.radiusKm;
    sample[o + 3] = geometry.speedKmS;
    sample[o + 4] = an[0]!;
  }

  bounds(a: Float64Array, b: Float64Array, h: number, out: Float64Array): void {
    const m = this.motion;
    inertialMotionBounds(a[2]!, a[3]!, b[2]!, b[3]!, h, this.nonGravitationalKmS2, m);
    const rLo = m[0]!;
    const V = m[2]!;
    const A = m[3]!;
    const w1 = V / rLo;
    const w2 = A / rLo + TWO_OVER_SQRT3 * w1 * w1;
    const s1 = (EARTH_ORBITAL_SPEED_KM_S + V) / SUN_DISTANCE_MIN_KM;
    const s2 = (A + EARTH_ORBITAL_ACCELERATION_KM_S2) / SUN_DISTANCE_MIN_KM + TWO_OVER_SQRT3 * s1 * s1;
    const sigmaRate = w1 + s1;
    const sigmaLo = Math.min(a[4]!, b[4]!) - 0.5 * sigmaRate * h;
    const sigmaHi = Math.max(a[4]!, b[4]!) + 0.5 * sigmaRate * h;
    const sinSigma = sigmaLo <= 0 || sigmaHi >= Math.PI ? 0 : Math.min(Math.sin(sigmaLo), Math.sin(sigmaHi));
    const sigmaCurvature = sinSigma > 0 ? w2 + s2 + (sigmaRate * sigmaRate) / sinSigma : Number.POSITIVE_INFINITY;
    const R = EQUATORIAL_RADIUS_KM;
    const q = R / rLo;
    let limbRate = Number.POSITIVE_INFINITY;
    let limbCurvature = Number.POSITIVE_INFINITY;
    if (q < 1) {
      const cosL = Math.sqrt(1 - q * q);
      limbRate = (q * V) / (rLo * cosL);
      const qRate = (R * V) / (rLo * rLo);
      limbCurvature = (R * ((3 * V * V) / rLo + A)) / (rLo * rLo * cosL) + (q * qRate * qRate) / (cosL * cosL * cosL);
    }
    out[0] = 1.1 * (sigmaRate + limbRate) + 2e-9 + RATE_ERROR_RAD_S;
    out[1] = 1.1 * (sigmaCurvature + limbCurvature) + 0.05 * w1 * w1 + 1e-13;
    out[2] = RATE_ERROR_RAD_S;
  }
}
