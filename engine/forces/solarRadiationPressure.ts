/**
 * Cannonball solar radiation pressure with a conical Earth shadow (umbra + penumbra).
 *
 * a = ν · P_ref · (D_ref/d)² · Cr · A / m · (p − s)/|p − s|   (Montenbruck & Gill 2000, eq. 3.75, with the actual
 * Sun–spacecraft distance d as Orekit's `SolarRadiationPressure`), ν the lit fraction from `shadow.ts`.
 * P_ref = 4.56e-6 N/m² at D_ref = 149 597 870 000 m (reference README).
 */
import type { ForceEvaluation, ForceModel } from './types.ts';
import { WGS84_EQUATORIAL_RADIUS_M, WGS84_FLATTENING } from '../constants.ts';
import { certainlyLit, lightingRatio, occultationAngles, SUN_RADIUS_M } from './shadow.ts';

export const SRP_P_REF_N_M2 = 4.56e-6;
export const SRP_D_REF_M = 149597870000;

export class SolarRadiationPressure implements ForceModel {
  readonly name = 'SOLAR_RADIATION_PRESSURE';
  readonly needsEnvironment = true;
  readonly areaM2: number;
  readonly reflectivityCoefficient: number;
  private readonly kRef: number;
  private readonly pole = new Float64Array(3);
  private readonly angles = new Float64Array(3);
  private readonly eclipseAngles = new Float64Array(3);
  private readonly eclipseKey = new Float64Array(4).fill(Number.NaN);
  private eclipseEnvironment: unknown = null;
  readonly equatorialRadiusM: number;
  readonly polarRadiusM: number;

  constructor(areaM2: number, reflectivityCoefficient: number, equatorialRadiusM = WGS84_EQUATORIAL_RADIUS_M, flattening = WGS84_FLATTENING) {
    this.areaM2 = areaM2;
    this.reflectivityCoefficient = reflectivityCoefficient;
    this.kRef = SRP_P_REF_N_M2 * SRP_D_REF_M * SRP_D_REF_M;
    this.equatorialRadiusM = equatorialRadiusM;
    this.polarRadiusM = equatorialRadiusM * (1 - flattening);
  }

  /** Lit fraction ν ∈ [0, 1] for this evaluation. */
  lighting(ev: ForceEvaluation): number {
    ev.ensureSun();
    // far from the shadow cone: exactly 1 without the occultation angles (shadow.ts certainlyLit)
    if (certainlyLit(ev.rGcrfM, ev.sunGcrfM, this.equatorialRadiusM, SUN_RADIUS_M)) return 1;
    const an = this.angles;
    if (!this.occultation(ev)) return 1;
    return lightingRatio(an[0]!, an[1]!, an[2]!);
  }

  /**
   * Fills `this.angles` with the occultation angles of the Sun by the Earth's limb seen from the
   * satellite (the Earth's pole is ITRF Z, the third row of GCRF→ITRF); false when the Sun is not
   * behind the Earth at all. Scratch arrays only: no allocation per force evaluation.
   */
  private occultation(ev: ForceEvaluation): boolean {
    ev.ensureSun();
    ev.ensureRotation();
    const R = ev.rotation;
    const k = this.pole;
    k[0] = R[6]!;
    k[1] = R[7]!;
    k[2] = R[8]!;
    return occultationAngles(ev.rGcrfM, ev.sunGcrfM, k, this.equatorialRadiusM, this.polarRadiusM, SUN_RADIUS_M, this.angles);
  }

  /**
   * Umbra (which = 0) or penumbra (which = 1) switching function of Orekit's eclipse detectors, with margins. The
   * two detectors sample the same times and states, so the angles of the last call are reused when the time and the
   * position are the same (they depend on nothing else in one propagation).
   */
  eclipseFunction(ev: ForceEvaluation, which: 0 | 1): number {
    const an = this.angles;
    const r = ev.rGcrfM;
    const key = this.eclipseKey;
    if (ev.t !== key[0] || r[0] !== key[1] || r[1] !== key[2] || r[2] !== key[3] || ev.environment !== this.eclipseEnvironment) {
      this.occultation(ev);
      this.eclipseAngles.set(an);
      key[0] = ev.t;
      key[1] = r[0]!;
      key[2] = r[1]!;
      key[3] = r[2]!;
      this.eclipseEnvironment = ev.environment;
    }
    const e = this.eclipseAngles;
    return which === 0 ? e[0]! - e[1]! + e[2]! - 1e-10 : e[0]! - e[1]! - e[2]! + 1e-10;
  }

  addAcceleration(ev: ForceEvaluation, acc3: Float64Array): number {
    const nu = this.lighting(ev);
    if (nu === 0) return 0;
    const r = ev.rGcrfM;
    const s = ev.sunGcrfM;
    const dx = r[0]! - s[0]!;
    const dy = r[1]! - s[1]!;
    const dz = r[2]! - s[2]!;
    const d2 = dx * dx + dy * dy + dz * dz;
    const d = Math.sqrt(d2);
    const f = (nu * this.kRef * this.reflectivityCoefficient * this.areaM2) / (ev.massKg * d2 * d);
    acc3[0] += f * dx;
    acc3[1] += f * dy;
    acc3[2] += f * dz;
    return 0;
  }
}
