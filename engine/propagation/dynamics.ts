/**
 * Equations of motion in GCRF (SI): y = [r (m), v (m/s), m (kg)] and optionally the 6×6 state transition matrix Φ
 * (row-major, 36 values) integrated with the variational equations Φ' = A·Φ, A = [[0, I], [∂a/∂r, ∂a/∂v]]
 * (Montenbruck & Gill 2000, §7.2, eqs. 7.42–7.45).
 *
 * Partials: analytic for the central body (M&G eq. 7.57) and for the J2 term of the field (in ITRF, rotated),
 * central finite differences for everything else (the remaining harmonics, drag, SRP, third bodies, thrust) —
 * the variational-equation form of what Orekit gets by automatic differentiation. For a central + J2 model the
 * partials are fully analytic and no finite difference is evaluated.
 */
import type { OdeSystem } from './dop853.ts';
import { ForceEvaluation, type EarthEnvironment, type ForceModel } from '../forces/types.ts';
import { CentralGravity, HarmonicGravity } from '../forces/gravity.ts';
import { j2AccelerationAndGradient } from '../forces/gravityField.ts';

export const MAIN_STATE_DIMENSION = 7;
export const STM_STATE_DIMENSION = 7 + 36;

export class OrbitDynamics implements OdeSystem {
  readonly dimension: number;
  readonly withStm: boolean;
  readonly central: CentralGravity;
  readonly forces: readonly ForceModel[];
  readonly evaluation: ForceEvaluation;
  private readonly acc = new Float64Array(3);
  // STM scratch
  private readonly fdEval: ForceEvaluation;
  private readonly yPert = new Float64Array(7);
  private readonly accP = new Float64Array(3);
  private readonly accM = new Float64Array(3);
  private readonly A = new Float64Array(36);
  private readonly g9 = new Float64Array(9);
  private readonly tmp9 = new Float64Array(9);
  private readonly j2Acc = new Float64Array(3);
  private readonly harmonic: HarmonicGravity | null;
  private readonly j2: number;
  private readonly needsResidualPartials: boolean;
  /** Derivative evaluations performed (main state). */
  evaluations = 0;

  constructor(central: CentralGravity, forces: readonly ForceModel[], env: EarthEnvironment | null, withStm: boolean) {
    this.central = central;
    this.forces = forces;
    this.withStm = withStm;
    this.dimension = withStm ? STM_STATE_DIMENSION : MAIN_STATE_DIMENSION;
    this.evaluation = new ForceEvaluation(env);
    this.fdEval = new ForceEvaluation(env);
    this.harmonic = (forces.find((f) => f instanceof HarmonicGravity) as HarmonicGravity | undefined) ?? null;
    const hf = this.harmonic?.evaluator;
    this.j2 = hf && hf.degree >= 2 ? -Math.sqrt(5) * hf.field.c[3]! : 0;
    const onlyJ2 = hf !== undefined && hf.degree === 2 && hf.order === 0;
    this.needsResidualPartials = forces.some((f) => !(f instanceof HarmonicGravity)) || (hf !== undefined && !onlyJ2);
  }

  computeDerivatives(t: number, y: Float64Array, yDot: Float64Array): void {
    this.evaluations++;
    const ev = this.evaluation;
    ev.begin(t, y);
    const acc = this.acc;
    acc[0] = 0;
    acc[1] = 0;
    acc[2] = 0;
    this.central.addAcceleration(ev, acc);
    let mDot = 0;
    const forces = this.forces;
    for (let i = 0; i < forces.length; i++) mDot += forces[i]!.addAcceleration(ev, acc);
    yDot[0] = y[3]!;
    yDot[1] = y[4]!;
    yDot[2] = y[5]!;
    yDot[3] = acc[0]!;
    yDot[4] = acc[1]!;
    yDot[5] = acc[2]!;
    yDot[6] = mDot;
    if (this.withStm) this.stmDerivatives(t, y, yDot);
  }

  /** Jacobian of the acceleration into A (6×6, row-major: rows 3..5 hold [∂a/∂r, ∂a/∂v]). */
  computeJacobian(t: number, y: Float64Array, A: Float64Array): void {
    A.fill(0);
    A[0 * 6 + 3] = 1;
    A[1 * 6 + 4] = 1;
    A[2 * 6 + 5] = 1;
    const x = y[0]!;
    const yy = y[1]!;
    const z = y[2]!;
    const r2 = x * x + yy * yy + z * z;
    const r = Math.sqrt(r2);
    const mu = this.central.muM3S2;
    const k = mu / (r2 * r);
    const p = [x, yy, z];
    // central body: ∂a/∂r = −mu/r³ (I − 3 r rᵀ / r²)
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        A[(3 + i) * 6 + j] = -k * ((i === j ? 1 : 0) - (3 * p[i]! * p[j]!) / r2);
      }
    }
    const ev = this.fdEval;
    if (this.harmonic !== null && this.j2 !== 0) {
      ev.begin(t, y);
      ev.ensureRotation();
      const R = ev.rotation;
      const q = ev.rItrfM;
      const f = this.harmonic.evaluator.field;
      j2AccelerationAndGradient(f.gmM3S2, f.radiusM, this.j2, q[0]!, q[1]!, q[2]!, null, this.g9);
      // G_gcrf = Rᵀ G R
      const G = this.g9;
      const T = this.tmp9;
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          T[i * 3 + j] = G[i * 3]! * R[j]! + G[i * 3 + 1]! * R[3 + j]! + G[i * 3 + 2]! * R[6 + j]!;
        }
      }
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          A[(3 + i) * 6 + j] += R[i]! * T[j]! + R[3 + i]! * T[3 + j]! + R[6 + i]! * T[6 + j]!;
        }
      }
    }
    if (this.needsResidualPartials) {
      // central differences of the residual acceleration (all forces minus the analytic J2)
      const yp = this.yPert;
      for (let c = 0; c < 6; c++) {
        const h = c < 3 ? Math.max(1, 1e-7 * r) : 1e-3;
        yp.set(y.subarray(0, 7));
        yp[c] = y[c]! + h;
        this.residualAcceleration(t, yp, this.accP);
        yp[c] = y[c]! - h;
        this.residualAcceleration(t, yp, this.accM);
        for (let i = 0; i < 3; i++) A[(3 + i) * 6 + c] += (this.accP[i]! - this.accM[i]!) / (2 * h);
      }
    }
  }

  private residualAcceleration(t: number, y: Float64Array, out: Float64Array): void {
    const ev = this.fdEval;
    ev.begin(t, y);
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    for (let i = 0; i < this.forces.length; i++) this.forces[i]!.addAcceleration(ev, out);
    if (this.harmonic !== null && this.j2 !== 0) {
      ev.ensureRotation();
      const R = ev.rotation;
      const q = ev.rItrfM;
      const f = this.harmonic.evaluator.field;
      const a = this.j2Acc;
      j2AccelerationAndGradient(f.gmM3S2, f.radiusM, this.j2, q[0]!, q[1]!, q[2]!, a, null);
      out[0] -= R[0]! * a[0]! + R[3]! * a[1]! + R[6]! * a[2]!;
      out[1] -= R[1]! * a[0]! + R[4]! * a[1]! + R[7]! * a[2]!;
      out[2] -= R[2]! * a[0]! + R[5]! * a[1]! + R[8]! * a[2]!;
    }
  }

  private stmDerivatives(t: number, y: Float64Array, yDot: Float64Array): void {
    const A = this.A;
    this.computeJacobian(t, y, A);
    // Φ' = A Φ; rows 0..2 of A are [0 I], so Φ'[0..2][*] = Φ[3..5][*]
    const o = 7;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 6; j++) yDot[o + i * 6 + j] = y[o + (3 + i) * 6 + j]!;
    }
    for (let i = 3; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        let s = 0;
        for (let l = 0; l < 6; l++) s += A[i * 6 + l]! * y[o + l * 6 + j]!;
        yDot[o + i * 6 + j] = s;
      }
    }
  }
}
