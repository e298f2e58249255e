/**
 * Gravity force models: the central point mass (evaluated in GCRF with the orbit's mu, like Orekit's
 * `NewtonianAttraction`) and the non-central spherical-harmonic field (evaluated in ITRF, true pole, with the field's
 * own GM and radius, like Orekit's `HolmesFeatherstoneAttractionModel`).
 */
import { MU_EARTH_M3S2 } from '../constants.ts';
import type { ForceEvaluation, ForceModel } from './types.ts';
import { HolmesFeatherstoneField, type GravityFieldData } from './gravityField.ts';

export class CentralGravity implements ForceModel {
  readonly name = 'CENTRAL_BODY';
  readonly needsEnvironment = false;
  readonly muM3S2: number;

  constructor(muM3S2: number = MU_EARTH_M3S2) {
    this.muM3S2 = muM3S2;
  }

  addAcceleration(ev: ForceEvaluation, acc3: Float64Array): number {
    const r = ev.rGcrfM;
    const x = r[0]!;
    const y = r[1]!;
    const z = r[2]!;
    const r2 = x * x + y * y + z * z;
    const k = -this.muM3S2 / (r2 * Math.sqrt(r2));
    acc3[0] += k * x;
    acc3[1] += k * y;
    acc3[2] += k * z;
    return 0;
  }
}

/** Non-central harmonics (degree ≥ 2) of a gravity field, evaluated in ITRF and rotated back to GCRF. */
export class HarmonicGravity implements ForceModel {
  readonly name = 'GRAVITY_FIELD';
  readonly needsEnvironment = true;
  readonly evaluator: HolmesFeatherstoneField;
  private readonly aBody = new Float64Array(3);

  constructor(field: GravityFieldData, degree: number, order: number) {
    this.evaluator = new HolmesFeatherstoneField(field, degree, order);
  }

  addAcceleration(ev: ForceEvaluation, acc3: Float64Array): number {
    ev.ensureRotation();
    const p = ev.rItrfM;
    const a = this.aBody;
    this.evaluator.acceleration(p[0]!, p[1]!, p[2]!, a);
    const R = ev.rotation;
    // GCRF = Rᵀ · ITRF
    acc3[0] += R[0]! * a[0]! + R[3]! * a[1]! + R[6]! * a[2]!;
    acc3[1] += R[1]! * a[0]! + R[4]! * a[1]! + R[7]! * a[2]!;
    acc3[2] += R[2]! * a[0]! + R[5]! * a[1]! + R[8]! * a[2]!;
    return 0;
  }
}
