/**
 * Equations of motion in GCRF (SI): y = [r (m), v (m/s), m (kg)] and optionally the 6×6 state transition matrix Φ
 * (row-major, 36 values) integrated with the variational equations Φ' = A·Φ, A = [[0, I], [∂a/∂r, ∂a/∂v]]
 * (Montenbruck & Gill 2000, §7.2, eqs. 7.42–7.45).
 *
 * Partials (`FINITE_DIFFERENCES`, the default): analytic for the central body (M&G eq. 7.57) and for the J2 term of
 * the field (in ITRF, rotated), central finite differences for everything else (the remaining harmonics, drag, SRP,
 * third bodies, thrust) — the variational-equation form of what Orekit gets by automatic differentiation. For a
 * central + J2 model the partials are fully analytic and no finite difference is evaluated.
 *
 * Partials `SEMI_ANALYTIC` (orbit determination: ~4× cheaper, same STM to ~1e-8 relative over a day in LEO):
 * analytic central body and third bodies (∂a/∂r = GM/d³·(3 d̂d̂ᵀ − I), M&G eq. 7.75), the harmonic field's gradient
 * by forward differences of its ITRF acceleration only (3 field evaluations, 1 m steps: error ~1e-7 of the
 * field gradient, itself ≤ 1e-3 of the central one), forward differences over position and velocity of the
 * remaining forces at the same instant (rotation, Sun and Moon reused): drag and thrust over position and velocity,
 * SRP over position only (its gradient is the shadow function's: dropping it costs 2e-6 of the STM over a day,
 * dropping drag's 7e-5, measured on the reference LEO orbit).
 *
 * Partials `CENTRAL_J2`: the analytic central body and J2 only (about 3e-3 of the STM over a day in LEO, at the cost of
 * the orbit alone): a cheap Jacobian for the first steps of an orbit determination.
 *
 * Scale parameters: for forces named in `scaledForces` (drag, SRP: accelerations linear in Cd and Cr) the
 * sensitivities Ψ = ∂x/∂s of the state to the force's scale factor s (1 = nominal) are integrated with
 * Ψ' = A·Ψ + [0; a_force] (M&G eq. 7.43); ∂x/∂Cd = Ψ/Cd.
 */
import type { OdeSystem } from './dop853.ts';
import { ForceEvaluation, type EarthEnvironment, type ForceModel } from '../forces/types.ts';
import { CentralGravity, HarmonicGravity } from '../forces/gravity.ts';
import { ThirdBodyAttraction } from '../forces/thirdBody.ts';
import { j2AccelerationAndGradient } from '../forces/gravityField.ts';

export const MAIN_STATE_DIMENSION = 7;
export const STM_STATE_DIMENSION = 7 + 36;

export type VariationalPartials = 'FINITE_DIFFERENCES' | 'SEMI_ANALYTIC' | 'CENTRAL_J2';

export interface VariationalSettings {
  /** How ∂a/∂(r, v) is computed (default FINITE_DIFFERENCES). */
  readonly partials?: VariationalPartials;
  /** `ForceModel.name`s whose scale-factor sensitivities are integrated (6 values each, after the STM). */
  readonly scaledForces?: readonly string[];
}

/** How the semi-analytic Jacobian treats a force. */
const FD_FORCE = 0;
const HARMONIC_FORCE = 1;
const THIRD_BODY_FORCE = 2;
/** Position-only forward differences (forces independent of the velocity: SRP). */
const POSITION_FD_FORCE = 3;

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
  /** Number of scale parameters (sensitivity columns after the STM). */
  readonly parameterCount: number;
  private readonly semiAnalytic: boolean;
  /** Per force: its parameter index or −1. */
  private readonly parameterOf: Int32Array;
  /** Per force: FD_FORCE, HARMONIC_FORCE, THIRD_BODY_FORCE or POSITION_FD_FORCE (semi-analytic Jacobian). */
  private readonly treatment: Int32Array;
  /** Per force: its acceleration in the current evaluation (3 each), when per-force values are needed. */
  private readonly forceAcc: Float64Array;
  private readonly storePerForce: boolean;
  private readonly one = new Float64Array(3);
  private readonly aBody = new Float64Array(3);
  private readonly aStep = new Float64Array(3);
  /** Derivative evaluations performed (main state). */
  evaluations = 0;

  constructor(central: CentralGravity, forces: readonly ForceModel[], env: EarthEnvironment | null, withStm: boolean, variational: VariationalSettings = {}) {
    this.central = central;
    this.forces = forces;
    this.withStm = withStm;
    const scaled = variational.scaledForces ?? [];
    this.parameterCount = withStm ? scaled.length : 0;
    this.dimension = withStm ? STM_STATE_DIMENSION + 6 * this.parameterCount : MAIN_STATE_DIMENSION;
    this.semiAnalytic = variational.partials === 'SEMI_ANALYTIC';
    this.parameterOf = new Int32Array(forces.length).fill(-1);
    this.treatment = new Int32Array(forces.length);
    scaled.forEach((name, p) => {
      const i = forces.findIndex((f) => f.name === name);
      if (i < 0) throw new Error(`no force named ${name} in the model`);
      this.parameterOf[i] = p;
    });
    forces.forEach((f, i) => {
      this.treatment[i] =
        f instanceof HarmonicGravity ? HARMONIC_FORCE : f instanceof ThirdBodyAttraction ? THIRD_BODY_FORCE : f.name === 'SOLAR_RADIATION_PRESSURE' ? POSITION_FD_FORCE : FD_FORCE;
    });
    this.forceAcc = new Float64Array(3 * forces.length);
    this.storePerForce = withStm && (this.parameterCount > 0 || this.semiAnalytic);
    this.evaluation = new ForceEvaluation(env);
    this.fdEval = new ForceEvaluation(env);
    this.harmonic = (forces.find((f) => f instanceof HarmonicGravity) as HarmonicGravity | undefined) ?? null;
    const hf = this.harmonic?.evaluator;
    this.j2 = hf && hf.degree >= 2 ? -Math.sqrt(5) * hf.field.c[3]! : 0;
    const onlyJ2 = hf !== undefined && hf.degree === 2 && hf.order === 0;
    this.needsResidualPartials = variational.partials !== 'CENTRAL_J2' && (forces.some((f) => !(f instanceof HarmonicGravity)) || (hf !== undefined && !onlyJ2));
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
    if (this.storePerForce) {
      const one = this.one;
      const fa = this.forceAcc;
      for (let i = 0; i < forces.length; i++) {
        one[0] = 0;
        one[1] = 0;
        one[2] = 0;
        mDot += forces[i]!.addAcceleration(ev, one);
        fa[3 * i] = one[0]!;
        fa[3 * i + 1] = one[1]!;
        fa[3 * i + 2] = one[2]!;
        acc[0] += one[0]!;
        acc[1] += one[1]!;
        acc[2] += one[2]!;
      }
    } else {
      for (let i = 0; i < forces.length; i++) mDot += forces[i]!.addAcceleration(ev, acc);
    }
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

  /**
   * Semi-analytic Jacobian (see the header) into A, right after `computeDerivatives` filled `evaluation` and the
   * per-force accelerations at (t, y).
   */
  private semiAnalyticJacobian(y: Float64Array, A: Float64Array): void {
    A.fill(0);
    A[3] = 1;
    A[10] = 1;
    A[17] = 1;
    const x = y[0]!;
    const yy = y[1]!;
    const z = y[2]!;
    const r2 = x * x + yy * yy + z * z;
    const k = this.central.muM3S2 / (r2 * Math.sqrt(r2));
    const p0 = x, p1 = yy, p2 = z;
    A[18] = -k * (1 - (3 * p0 * p0) / r2);
    A[19] = (3 * k * p0 * p1) / r2;
    A[20] = (3 * k * p0 * p2) / r2;
    A[24] = A[19]!;
    A[25] = -k * (1 - (3 * p1 * p1) / r2);
    A[26] = (3 * k * p1 * p2) / r2;
    A[30] = A[20]!;
    A[31] = A[26]!;
    A[32] = -k * (1 - (3 * p2 * p2) / r2);
    const ev = this.evaluation;
    const forces = this.forces;
    const fa = this.forceAcc;
    for (let f = 0; f < forces.length; f++) {
      const kind = this.treatment[f]!;
      if (kind === HARMONIC_FORCE) {
        // G_body by forward differences of the field acceleration in ITRF, then Rᵀ G R
        const R = ev.rotation;
        const q = ev.rItrfM;
        const ab = this.aBody;
        // base acceleration in the body frame: R·a_gcrf
        for (let i = 0; i < 3; i++) ab[i] = R[3 * i]! * fa[3 * f]! + R[3 * i + 1]! * fa[3 * f + 1]! + R[3 * i + 2]! * fa[3 * f + 2]!;
        const G = this.g9;
        const h = 1;
        const field = (forces[f] as HarmonicGravity).evaluator;
        const as = this.aStep;
        for (let c = 0; c < 3; c++) {
          field.acceleration(q[0]! + (c === 0 ? h : 0), q[1]! + (c === 1 ? h : 0), q[2]! + (c === 2 ? h : 0), as);
          for (let i = 0; i < 3; i++) G[3 * i + c] = (as[i]! - ab[i]!) / h;
        }
        const T = this.tmp9;
        for (let i = 0; i < 3; i++) {
          for (let j = 0; j < 3; j++) T[i * 3 + j] = G[i * 3]! * R[j]! + G[i * 3 + 1]! * R[3 + j]! + G[i * 3 + 2]! * R[6 + j]!;
        }
        for (let i = 0; i < 3; i++) {
          for (let j = 0; j < 3; j++) A[(3 + i) * 6 + j] += R[i]! * T[j]! + R[3 + i]! * T[3 + j]! + R[6 + i]! * T[6 + j]!;
        }
      } else if (kind === THIRD_BODY_FORCE) {
        const tb = forces[f] as ThirdBodyAttraction;
        const s = tb.body === 'SUN' ? ev.sunGcrfM : ev.moonGcrfM;
        const dx = s[0]! - x;
        const dy = s[1]! - yy;
        const dz = s[2]! - z;
        const d2 = dx * dx + dy * dy + dz * dz;
        const g = tb.gmM3S2 / (d2 * Math.sqrt(d2));
        const g3 = (3 * g) / d2;
        A[18] += g3 * dx * dx - g;
        A[19] += g3 * dx * dy;
        A[20] += g3 * dx * dz;
        A[24] += g3 * dy * dx;
        A[25] += g3 * dy * dy - g;
        A[26] += g3 * dy * dz;
        A[30] += g3 * dz * dx;
        A[31] += g3 * dz * dy;
        A[32] += g3 * dz * dz - g;
      } else {
        const force = forces[f]!;
        if ((force as { active?: boolean }).active === false) continue;
        const yp = this.yPert;
        const as = this.aStep;
        const fd = this.fdEval;
        const columns = kind === POSITION_FD_FORCE ? 3 : 6;
        for (let k = 0; k < 7; k++) yp[k] = y[k]!;
        let previous = -1;
        for (let j = 0; j < columns; j++) {
          // velocity columns first, right after the evaluation at y: the position is still y's there, and drag reuses
          // its density (forces/drag.ts) instead of evaluating the atmosphere three more times
          const c = columns === 6 ? (j + 3) % 6 : j;
          const h = c < 3 ? 1 : 1e-3;
          if (previous >= 0) yp[previous] = y[previous]!;
          yp[c] = y[c]! + h;
          previous = c;
          fd.beginFrom(ev, yp);
          as[0] = 0;
          as[1] = 0;
          as[2] = 0;
          force.addAcceleration(fd, as);
          for (let i = 0; i < 3; i++) A[(3 + i) * 6 + c] += (as[i]! - fa[3 * f + i]!) / h;
        }
      }
    }
  }

  private stmDerivatives(t: number, y: Float64Array, yDot: Float64Array): void {
    const A = this.A;
    if (this.semiAnalytic) this.semiAnalyticJacobian(y, A);
    else this.computeJacobian(t, y, A);
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
    // scale-parameter sensitivities Ψ (6 × np, row-major after Φ): Ψ' = A Ψ + [0; a_force]
    const np = this.parameterCount;
    if (np === 0) return;
    const q = STM_STATE_DIMENSION;
    for (let i = 0; i < 3; i++) {
      for (let p = 0; p < np; p++) yDot[q + i * np + p] = y[q + (3 + i) * np + p]!;
    }
    for (let i = 3; i < 6; i++) {
      for (let p = 0; p < np; p++) {
        let s = 0;
        for (let l = 0; l < 6; l++) s += A[i * 6 + l]! * y[q + l * np + p]!;
        yDot[q + i * np + p] = s;
      }
    }
    const fa = this.forceAcc;
    for (let f = 0; f < this.forces.length; f++) {
      const p = this.parameterOf[f]!;
      if (p < 0) continue;
      for (let i = 0; i < 3; i++) yDot[q + (3 + i) * np + p] += fa[3 * f + i]!;
    }
  }
}
