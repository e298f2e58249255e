/**
 * 6×6 position/velocity covariance helpers (km², km²/s, km²/s²; rows/columns x, y, z, vx, vy, vz):
 * validation (finite, symmetric, positive semi-definite), derived standard deviations, lower-triangle packing,
 * and rotations between inertial and local orbital frames.
 *
 * Local orbital frames (RTN, TNW) follow the convention of CCSDS conjunction data messages and Orekit's
 * `*_INERTIAL` LOF types: both 3×3 blocks are rotated with the frame's axes built from the inertial state, and no
 * frame-rate (ω × r) term is added to the velocity block.
 */

export const COVARIANCE_SIZE = 6;

export type LocalOrbitalFrame = 'RTN' | 'TNW';
export const LOCAL_ORBITAL_FRAMES: readonly LocalOrbitalFrame[] = ['RTN', 'TNW'];

export function isLocalOrbitalFrame(name: string): name is LocalOrbitalFrame {
  return name === 'RTN' || name === 'TNW';
}

export class CovarianceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CovarianceError';
  }
}

/** Row-major 36 values from a 6×6 nested array (throws CovarianceError on a wrong shape). */
export function flattenCovariance(matrix: readonly (readonly number[])[]): Float64Array {
  if (matrix.length !== 6 || matrix.some((row) => row.length !== 6)) throw new CovarianceError('covariance must be a 6×6 matrix');
  const out = new Float64Array(36);
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) out[i * 6 + j] = matrix[i]![j]!;
  return out;
}

export function toNested(p: ArrayLike<number>): number[][] {
  return Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => p[i * 6 + j]!));
}

/** Full symmetric row-major matrix from the 21 lower-triangle values (row by row). */
export function fromLowerTriangle(lower: ArrayLike<number>): Float64Array {
  if (lower.length !== 21) throw new CovarianceError('a covariance lower triangle has 21 values');
  const out = new Float64Array(36);
  let k = 0;
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j <= i; j++) {
      out[i * 6 + j] = lower[k]!;
      out[j * 6 + i] = lower[k]!;
      k++;
    }
  }
  return out;
}

export function lowerTriangle(p: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < 6; i++) for (let j = 0; j <= i; j++) out.push(p[i * 6 + j]!);
  return out;
}

/** Eigenvalues of a symmetric n×n matrix (cyclic Jacobi; n is 6 here, so cost is irrelevant). */
export function symmetricEigenvalues(a: ArrayLike<number>, n: number): number[] {
  return [...symmetricEigenDecomposition(a, n).values].sort((x, y) => x - y);
}

/**
 * Eigenvalues and eigenvectors of a symmetric n×n matrix by cyclic Jacobi rotations (Golub & Van Loan, Matrix
 * Computations, 4th ed., §8.5): `values[i]` (unsorted) with its unit eigenvector in column i of `vectors` (row-major
 * n×n), A = V diag(values) Vᵀ.
 */
export function symmetricEigenDecomposition(a: ArrayLike<number>, n: number): { values: Float64Array; vectors: Float64Array } {
  const m = Float64Array.from(a as ArrayLike<number>);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += m[p * n + q]! ** 2;
    if (off < 1e-300) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (m[q * n + q]! - m[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = m[k * n + p]!;
          const akq = m[k * n + q]!;
          m[k * n + p] = c * akp - s * akq;
          m[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = m[p * n + k]!;
          const aqk = m[q * n + k]!;
          m[p * n + k] = c * apk - s * aqk;
          m[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: Float64Array.from({ length: n }, (_, i) => m[i * n + i]!), vectors: v };
}

/** Relative tolerance of the symmetry and PSD checks (on the correlation matrix, i.e. unit-free). */
export const PSD_TOLERANCE = 1e-9;

/**
 * Checks an n×n covariance (6×6 by default; the conjunction engine checks 3×3 position blocks): finite, non-negative
 * variances, symmetric (|Pij − Pji| ≤ 1e-9·σiσj) and positive semi-definite (smallest eigenvalue of the correlation
 * matrix ≥ −1e-9, so that units do not matter; a zero variance needs a zero row). Returns the symmetrized matrix or
 * throws CovarianceError naming the cause.
 */
export function validateCovariance(p: ArrayLike<number>, n: number = COVARIANCE_SIZE): Float64Array {
  if (p.length !== n * n) throw new CovarianceError(`covariance must have ${n * n} values (${n}×${n})`);
  for (let k = 0; k < n * n; k++) if (!Number.isFinite(p[k])) throw new CovarianceError('covariance values must be finite numbers');
  const sigma = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = p[i * n + i]!;
    if (v < 0) throw new CovarianceError(`covariance diagonal element [${i}][${i}] is negative (${v})`);
    sigma[i] = Math.sqrt(v);
  }
  const sym = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = p[i * n + j]!;
      const b = p[j * n + i]!;
      if (Math.abs(a - b) > PSD_TOLERANCE * Math.max(sigma[i]! * sigma[j]!, Math.abs(a), Math.abs(b), 1e-300)) {
        throw new CovarianceError(`covariance is not symmetric: [${i}][${j}] = ${a} but [${j}][${i}] = ${b}`);
      }
      sym[i * n + j] = 0.5 * (a + b);
    }
  }
  const corr = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const s = sigma[i]! * sigma[j]!;
      const v = sym[i * n + j]!;
      if (s === 0) {
        if (v !== 0) throw new CovarianceError(`covariance is not positive semi-definite: [${i}][${j}] is ${v} while a variance is zero`);
        corr[i * n + j] = 0;
      } else {
        corr[i * n + j] = v / s;
      }
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j && Math.abs(corr[i * n + j]!) > 1 + PSD_TOLERANCE) {
        throw new CovarianceError(`covariance is not positive semi-definite: correlation [${i}][${j}] = ${corr[i * n + j]!.toPrecision(6)} exceeds 1 in magnitude`);
      }
    }
  }
  const lambdaMin = symmetricEigenvalues(corr, n)[0]!;
  if (lambdaMin < -PSD_TOLERANCE) {
    throw new CovarianceError(`covariance is not positive semi-definite: the smallest eigenvalue of its correlation matrix is ${lambdaMin.toPrecision(6)}`);
  }
  return sym;
}

/** Standard deviations (square roots of the diagonal): position km, velocity km/s. */
export function standardDeviations(p: ArrayLike<number>): { positionKm: [number, number, number]; velocityKmS: [number, number, number] } {
  const s = (i: number): number => Math.sqrt(Math.max(0, p[i * 6 + i]!));
  return { positionKm: [s(0), s(1), s(2)], velocityKmS: [s(3), s(4), s(5)] };
}

/**
 * Axes of a local orbital frame from an inertial state, as the rows of the rotation inertial → LOF (row-major 9):
 *  - RTN: R = r/|r|, N = (r × v)/|r × v|, T = N × R          (rows R, T, N)
 *  - TNW: T = v/|v|, W = (r × v)/|r × v|, N = W × T          (rows T, N, W)
 */
export function localOrbitalRotation(frame: LocalOrbitalFrame, r: ArrayLike<number>, v: ArrayLike<number>, out = new Float64Array(9)): Float64Array {
  const hx = r[1]! * v[2]! - r[2]! * v[1]!;
  const hy = r[2]! * v[0]! - r[0]! * v[2]!;
  const hz = r[0]! * v[1]! - r[1]! * v[0]!;
  const hn = Math.hypot(hx, hy, hz);
  const w0 = hx / hn, w1 = hy / hn, w2 = hz / hn;
  if (frame === 'RTN') {
    const rn = Math.hypot(r[0]!, r[1]!, r[2]!);
    const r0 = r[0]! / rn, r1 = r[1]! / rn, r2 = r[2]! / rn;
    out[0] = r0; out[1] = r1; out[2] = r2;
    out[3] = w1 * r2 - w2 * r1; out[4] = w2 * r0 - w0 * r2; out[5] = w0 * r1 - w1 * r0;
    out[6] = w0; out[7] = w1; out[8] = w2;
  } else {
    const vn = Math.hypot(v[0]!, v[1]!, v[2]!);
    const t0 = v[0]! / vn, t1 = v[1]! / vn, t2 = v[2]! / vn;
    out[0] = t0; out[1] = t1; out[2] = t2;
    out[3] = w1 * t2 - w2 * t1; out[4] = w2 * t0 - w0 * t2; out[5] = w0 * t1 - w1 * t0;
    out[6] = w0; out[7] = w1; out[8] = w2;
  }
  return out;
}

/**
 * P' = J P Jᵀ for a square Jacobian J (row-major, n×n with n² = j.length; 6×6 for a state): the one covariance
 * transform — a frame change (J the state Jacobian of the transformation), a propagation (J = Φ, the state transition
 * matrix), or an orbit determination's parameters mapped to another epoch (Φ bordered by the coefficient columns).
 */
export function transformCovariance(p: ArrayLike<number>, j: ArrayLike<number>, out?: Float64Array): Float64Array {
  const n = Math.round(Math.sqrt(j.length));
  const result = out ?? new Float64Array(n * n);
  const tmp = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += j[a * n + k]! * p[k * n + b]!;
      tmp[a * n + b] = s;
    }
  }
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += tmp[a * n + k]! * j[b * n + k]!;
      result[a * n + b] = s;
    }
  }
  return result;
}

/** Jacobian diag(M, M) + [[0, 0], [N, 0]] of r' = M r, v' = M v + N r (N may be omitted for pure rotations). */
export function stateJacobian(m: ArrayLike<number>, n?: ArrayLike<number>): Float64Array {
  const j = new Float64Array(36);
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) {
      j[a * 6 + b] = m[a * 3 + b]!;
      j[(a + 3) * 6 + b + 3] = m[a * 3 + b]!;
      if (n) j[(a + 3) * 6 + b] = n[a * 3 + b]!;
    }
  }
  return j;
}

/** Transpose of a row-major 3×3. */
export function transpose3(m: ArrayLike<number>): Float64Array {
  return Float64Array.from([m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!]);
}

/**
 * The nearest symmetric positive semi-definite matrix to a symmetric n×n `a` in the Frobenius norm, V·max(Λ, 0)·Vᵀ for
 * a = V·Λ·Vᵀ (Higham 1988, "Computing a nearest symmetric positive semidefinite matrix", Linear Algebra Appl. 103,
 * 103–118, Theorem 2.1), with a's smallest eigenvalue; `a` itself (a copy) when none is negative. Received covariances
 * are not always one (CCSDS's CDM example 1: an eigenvalue −6e-3 m²/s² in its position–velocity terms), and a linear
 * propagation amplifies the negative direction (a negative radial variance a few hours later).
 */
export function nearestPositiveSemiDefinite(a: ArrayLike<number>, n: number): { matrix: Float64Array; smallestEigenvalue: number; repaired: boolean } {
  const { values, vectors } = symmetricEigenDecomposition(a, n);
  const smallestEigenvalue = Math.min(...values);
  if (!(smallestEigenvalue < 0)) return { matrix: Float64Array.from(a as ArrayLike<number>), smallestEigenvalue, repaired: false };
  const matrix = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    const lambda = Math.max(values[k]!, 0);
    if (lambda === 0) continue;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) matrix[i * n + j]! += lambda * vectors[i * n + k]! * vectors[j * n + k]!;
  }
  // exactly symmetric (the sums above differ in their last bits)
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) matrix[i * n + j] = matrix[j * n + i] = 0.5 * (matrix[i * n + j]! + matrix[j * n + i]!);
  return { matrix, smallestEigenvalue, repaired: true };
}
