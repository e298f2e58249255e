/**
 * Cannonball atmospheric drag with a co-rotating atmosphere (Montenbruck & Gill 2000, §3.5, eq. 3.97):
 *   a = −½·ρ·Cd·A/m·|v_r|·v_r,  v_r = v − ω_E×r
 * as Orekit's `DragForce` + `IsotropicDrag`. ω_E is along the ITRF Z axis with the environment's rotation rate.
 */
import type { ForceEvaluation, ForceModel } from './types.ts';

/** An atmosphere model: the mass density (kg/m³) at the evaluation's position and time (Earth-fixed, co-rotating). */
export interface Atmosphere {
  densityKgM3(ev: ForceEvaluation): number;
}

export class AtmosphericDrag<A extends Atmosphere = Atmosphere> implements ForceModel {
  readonly name = 'DRAG';
  readonly needsEnvironment = true;
  readonly areaM2: number;
  readonly dragCoefficient: number;
  readonly atmosphere: A;
  /** Density of the last evaluation (kg/m³), for diagnostics. */
  lastDensityKgM3 = 0;
  /**
   * Time, GCRF position and environment of `lastDensityKgM3`: the density depends on nothing else in one propagation,
   * and the variational equations evaluate drag again at the same instant and position with only the velocity
   * perturbed (propagation/dynamics.ts), so the density is reused there instead of recomputed (same value).
   */
  private readonly densityKey = new Float64Array(4).fill(Number.NaN);
  private densityEnvironment: unknown = null;

  constructor(atmosphere: A, areaM2: number, dragCoefficient: number) {
    this.atmosphere = atmosphere;
    this.areaM2 = areaM2;
    this.dragCoefficient = dragCoefficient;
  }

  addAcceleration(ev: ForceEvaluation, acc3: Float64Array): number {
    const r = ev.rGcrfM;
    const key = this.densityKey;
    let rho: number;
    if (ev.t === key[0] && r[0] === key[1] && r[1] === key[2] && r[2] === key[3] && ev.environment === this.densityEnvironment) {
      rho = this.lastDensityKgM3;
    } else {
      rho = this.atmosphere.densityKgM3(ev);
      this.lastDensityKgM3 = rho;
      key[0] = ev.t;
      key[1] = r[0]!;
      key[2] = r[1]!;
      key[3] = r[2]!;
      this.densityEnvironment = ev.environment;
    }
    if (rho === 0) return 0;
    ev.ensureRotation();
    const R = ev.rotation;
    const w = ev.environment!.earthAngularVelocityRadS(ev.t);
    // ω k × r in GCRF, k = ITRF Z axis expressed in GCRF (third row of R)
    const kx = R[6]!;
    const ky = R[7]!;
    const kz = R[8]!;
    const v = ev.vGcrfMS;
    const vax = w * (ky * r[2]! - kz * r[1]!);
    const vay = w * (kz * r[0]! - kx * r[2]!);
    const vaz = w * (kx * r[1]! - ky * r[0]!);
    const vrx = v[0]! - vax;
    const vry = v[1]! - vay;
    const vrz = v[2]! - vaz;
    const vr = Math.sqrt(vrx * vrx + vry * vry + vrz * vrz);
    const f = (-0.5 * rho * this.dragCoefficient * this.areaM2 * vr) / ev.massKg;
    acc3[0] += f * vrx;
    acc3[1] += f * vry;
    acc3[2] += f * vrz;
    return 0;
  }
}
