/**
 * Harris–Priester atmosphere (Montenbruck & Gill 2000, §3.5.2, eqs. 3.99–3.104), as Orekit's `HarrisPriester`:
 *  - density table for mean solar activity from `ootk-core` (`hpAtmosphere.js`, kg/m³ against km; identical to
 *    Orekit's built-in table and M&G Table 3.8), 100–1000 km, zero above 1000 km;
 *  - exponential interpolation in height between table nodes: ρ(h) = ρi·(ρi+1/ρi)^((h − hi)/(hi+1 − hi));
 *  - diurnal bulge: ρ = ρmin + (ρmax − ρmin)·cos^n(ψ/2), ψ the angle between the spacecraft and the bulge apex, the
 *    apex being the Earth-fixed Sun direction rotated by the 30° lag about the Earth's axis, n = 4 by default
 *    (M&G recommend 2 for low and 6 for polar orbits; Orekit's default 4 is used by the reference);
 *  - height h = r − a·sqrt((1 − e²)/(1 − e²·cos²φ)), φ the geocentric latitude (Orekit's approximation of the
 *    ellipsoidal height, WGS-84 a and e², within a few metres of the geodetic altitude).
 */
import { hpAtmosphere } from 'ootk-core/dist/data/values/hpAtmosphere.js';
import { WGS84_EQUATORIAL_RADIUS_M, WGS84_FLATTENING } from '../constants.ts';
import type { Atmosphere } from './drag.ts';
import type { ForceEvaluation } from './types.ts';

const LAG_RAD = (30 * Math.PI) / 180;
const COS_LAG = Math.cos(LAG_RAD);
const SIN_LAG = Math.sin(LAG_RAD);
const MIN_COS = 1e-12;

/** Orekit's Harris–Priester height above the WGS-84 ellipsoid (m), from an Earth-fixed position (m). */
export function harrisPriesterHeightM(x: number, y: number, z: number, a = WGS84_EQUATORIAL_RADIUS_M, f = WGS84_FLATTENING): number {
  const e2 = f * (2 - f);
  const r = Math.sqrt(x * x + y * y + z * z);
  const sl = z / r;
  const cl2 = 1 - sl * sl;
  return r - a * Math.sqrt((1 - e2) / (1 - e2 * cl2));
}

export class HarrisPriesterAtmosphere implements Atmosphere {
  readonly cosineExponent: number;
  readonly minHeightM: number;
  readonly maxHeightM: number;
  private readonly hM: Float64Array;
  private readonly rhoMin: Float64Array;
  private readonly rhoMax: Float64Array;
  private readonly logRatioMin: Float64Array;
  private readonly logRatioMax: Float64Array;
  private readonly slopeJump: Float64Array;
  private readonly topDensityBound: number;

  constructor(cosineExponent = 4) {
    this.cosineExponent = cosineExponent;
    const tab = hpAtmosphere as readonly (readonly number[])[];
    const n = tab.length;
    this.hM = new Float64Array(n);
    this.rhoMin = new Float64Array(n);
    this.rhoMax = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.hM[i] = tab[i]![0]! * 1000;
      this.rhoMin[i] = tab[i]![1]!;
      this.rhoMax[i] = tab[i]![2]!;
    }
    this.logRatioMin = new Float64Array(n - 1);
    this.logRatioMax = new Float64Array(n - 1);
    for (let i = 0; i < n - 1; i++) {
      this.logRatioMin[i] = Math.log(this.rhoMin[i + 1]! / this.rhoMin[i]!);
      this.logRatioMax[i] = Math.log(this.rhoMax[i + 1]! / this.rhoMax[i]!);
    }
    this.minHeightM = this.hM[0]!;
    this.maxHeightM = this.hM[n - 1]!;
    // Jumps of dρ/dh at the nodes. On segment i, ρ = ρi·exp(λi·(h − hi)) with λi = ln(ρi+1/ρi)/(hi+1 − hi), so
    // dρ/dh jumps by ρi·(λi − λi−1) at node i; below the first node the lowest segment is extrapolated (no kink);
    // above the top node ρ = 0 (slope λ = 0 there, and the density itself jumps). ρ = ρmin + (ρmax − ρmin)·c with the
    // bulge factor c ∈ [0, 1], so every jump is (1 − c)·Jmin + c·Jmax, at most max(|Jmin|, |Jmax|) in size.
    this.slopeJump = new Float64Array(n);
    for (let i = 1; i < n; i++) {
      const dh0 = this.hM[i]! - this.hM[i - 1]!;
      const lMin0 = this.logRatioMin[i - 1]! / dh0;
      const lMax0 = this.logRatioMax[i - 1]! / dh0;
      const lMin1 = i < n - 1 ? this.logRatioMin[i]! / (this.hM[i + 1]! - this.hM[i]!) : 0;
      const lMax1 = i < n - 1 ? this.logRatioMax[i]! / (this.hM[i + 1]! - this.hM[i]!) : 0;
      this.slopeJump[i] = Math.max(this.rhoMin[i]! * Math.abs(lMin1 - lMin0), this.rhoMax[i]! * Math.abs(lMax1 - lMax0));
    }
    this.topDensityBound = Math.max(this.rhoMin[n - 1]!, this.rhoMax[n - 1]!);
  }

  /** Number of table nodes. */
  get nodeCount(): number {
    return this.hM.length;
  }

  /** Height of table node i (m). */
  nodeHeightM(i: number): number {
    return this.hM[i]!;
  }

  /** Index of the table node nearest to height h (m). */
  nearestNode(h: number): number {
    const hM = this.hM;
    const n = hM.length;
    let i = 0;
    while (i < n - 1 && h > 0.5 * (hM[i]! + hM[i + 1]!)) i++;
    return i;
  }

  /**
   * Bound (kg/m³) on the jump of the density across node i, over every bulge factor: the top node's density (the
   * table ends there and ρ = 0 above), 0 elsewhere (the density is continuous).
   */
  densityJumpAtNode(i: number): number {
    return i === this.hM.length - 1 ? this.topDensityBound : 0;
  }

  /** Bound (kg/m⁴) on the jump of dρ/dh across node i (the kink of the piecewise-exponential table), every bulge factor. */
  densitySlopeJumpAtNode(i: number): number {
    return this.slopeJump[i] ?? 0;
  }

  /**
   * Switching function that changes sign at every table node (and at the 1000 km top, where the density drops to
   * 0): sin(π·u(h)) with u the piecewise-linear node index, held at ±1 above the top. The propagator uses it to end
   * integration steps exactly at the kinks of the piecewise-exponential density — the variant the reference README
   * shows to agree with the 1e-10 m reference to 2 mm (SSO) / 3.5 cm (GTO) — so that the adaptive step control
   * sees a smooth right-hand side and converges regularly.
   */
  nodeFunction(h: number): number {
    const hM = this.hM;
    const n = hM.length;
    let u: number;
    if (h <= hM[0]!) u = (h - hM[0]!) / (hM[1]! - hM[0]!);
    else if (h >= hM[n - 1]!) u = Math.min(n - 1 + (h - hM[n - 1]!) / (hM[n - 1]! - hM[n - 2]!), n - 0.5);
    else {
      let i = 0;
      while (i < n - 2 && h > hM[i + 1]!) i++;
      u = i + (h - hM[i]!) / (hM[i + 1]! - hM[i]!);
    }
    return Math.sin(Math.PI * u);
  }

  /** Smallest table spacing near height h (m), for the event check interval. */
  nodeSpacingNear(h: number): number {
    const hM = this.hM;
    const n = hM.length;
    let i = 0;
    while (i < n - 2 && h > hM[i + 1]!) i++;
    return Math.min(hM[i + 1]! - hM[i]!, i > 0 ? hM[i]! - hM[i - 1]! : Number.POSITIVE_INFINITY);
  }

  /** Density (kg/m³) at the evaluation's ITRF position, with the Sun rotated into ITRF. */
  densityKgM3(ev: ForceEvaluation): number {
    ev.ensureSunItrf();
    const p = ev.rItrfM;
    const s = ev.sunItrfM;
    return this.density(p[0]!, p[1]!, p[2]!, s[0]!, s[1]!, s[2]!);
  }

  /**
   * Density (kg/m³) at Earth-fixed position p (m) with the Earth-fixed Sun position s (m).
   * Heights below the table are clamped to the lowest node (the propagator's 100 km floor stops the run there).
   */
  density(px: number, py: number, pz: number, sx: number, sy: number, sz: number): number {
    const h = harrisPriesterHeightM(px, py, pz);
    if (h > this.maxHeightM) return 0;
    const hM = this.hM;
    const last = hM.length - 2;
    let ia = 0;
    // table nodes are 10–40 km apart: a short linear search from the bottom is as fast as bisection here
    while (ia < last && h > hM[ia + 1]!) ia++;
    const dH = (h - hM[ia]!) / (hM[ia + 1]! - hM[ia]!);
    const rhoMin = this.rhoMin[ia]! * Math.exp(this.logRatioMin[ia]! * dH);
    // bulge apex: Sun direction rotated by +30° about Z
    const sn = Math.sqrt(sx * sx + sy * sy + sz * sz);
    const ux = (sx * COS_LAG - sy * SIN_LAG) / sn;
    const uy = (sx * SIN_LAG + sy * COS_LAG) / sn;
    const uz = sz / sn;
    const pn = Math.sqrt(px * px + py * py + pz * pz);
    const cosPsi = (ux * px + uy * py + uz * pz) / pn;
    const c2Psi2 = 0.5 * (1 + cosPsi);
    const cPsi2 = Math.sqrt(c2Psi2);
    const cosPow = cPsi2 > MIN_COS ? c2Psi2 * Math.pow(cPsi2, this.cosineExponent - 2) : 0;
    if (cosPow === 0) return rhoMin;
    const rhoMax = this.rhoMax[ia]! * Math.exp(this.logRatioMax[ia]! * dH);
    return rhoMin + (rhoMax - rhoMin) * cosPow;
  }
}
