/**
 * Linear least squares min |A·x − b| by Householder QR (Golub & Van Loan, "Matrix Computations", 4th ed.,
 * Alg. 5.2.1 and §5.3.3), with the covariance (AᵀA)⁻¹ = R⁻¹R⁻ᵀ from the triangular factor — the normal equations
 * are never formed, so the condition number enters once, not squared (what Hipparchus' QRDecomposer does for
 * Orekit's Gauss–Newton).
 *
 * A is m×n column-major (column j at a[j·m … j·m + m − 1]) and is overwritten; b is overwritten by Qᵀb.
 */

export interface LeastSquaresSolution {
  /** Solution x (n). */
  readonly x: Float64Array;
  /** (AᵀA)⁻¹, n×n row-major. */
  readonly covariance: Float64Array;
  /** |R_jj| per column (the column's independent information). */
  readonly rDiagonal: Float64Array;
}

/** A column whose |R_jj| is at most `threshold` × max |R_ii|: the problem is rank deficient there. */
export class RankDeficientError extends Error {
  constructor(readonly column: number) {
    super(`least-squares matrix is rank deficient at column ${column}`);
    this.name = 'RankDeficientError';
  }
}

/**
 * Solves min |A x − b| (m ≥ n). Throws RankDeficientError when a column is (numerically) a combination of the
 * previous ones: |R_jj| ≤ threshold·max_i |R_ii| (default 1e-11, Orekit's QRDecomposer threshold).
 */
export function solveLeastSquares(a: Float64Array, b: Float64Array, m: number, n: number, threshold = 1e-11): LeastSquaresSolution {
  if (m < n) throw new RangeError(`least squares needs at least as many rows (${m}) as unknowns (${n})`);
  const rDiag = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const cj = j * m;
    let norm2 = 0;
    for (let i = j; i < m; i++) norm2 += a[cj + i]! * a[cj + i]!;
    const norm = Math.sqrt(norm2);
    if (norm === 0) {
      rDiag[j] = 0;
      continue;
    }
    // v = x − α e1 with α = −sign(x1)|x|; stored in place of the column below the diagonal
    const alpha = a[cj + j]! > 0 ? -norm : norm;
    const v0 = a[cj + j]! - alpha;
    a[cj + j] = v0;
    let vv = v0 * v0;
    for (let i = j + 1; i < m; i++) vv += a[cj + i]! * a[cj + i]!;
    // apply H = I − 2 v vᵀ / (vᵀv) to the remaining columns and to b
    for (let k = j + 1; k < n; k++) {
      const ck = k * m;
      let s = 0;
      for (let i = j; i < m; i++) s += a[cj + i]! * a[ck + i]!;
      const f = (2 * s) / vv;
      for (let i = j; i < m; i++) a[ck + i] = a[ck + i]! - f * a[cj + i]!;
    }
    let s = 0;
    for (let i = j; i < m; i++) s += a[cj + i]! * b[i]!;
    const f = (2 * s) / vv;
    for (let i = j; i < m; i++) b[i] = b[i]! - f * a[cj + i]!;
    rDiag[j] = alpha;
  }
  let maxR = 0;
  for (let j = 0; j < n; j++) maxR = Math.max(maxR, Math.abs(rDiag[j]!));
  for (let j = 0; j < n; j++) if (!(Math.abs(rDiag[j]!) > threshold * maxR)) throw new RankDeficientError(j);
  // R: diagonal rDiag, above-diagonal entries a[k·m + j] (row j, column k > j)
  const R = (row: number, col: number): number => (row === col ? rDiag[row]! : a[col * m + row]!);
  const x = new Float64Array(n);
  for (let j = n - 1; j >= 0; j--) {
    let s = b[j]!;
    for (let k = j + 1; k < n; k++) s -= R(j, k) * x[k]!;
    x[j] = s / rDiag[j]!;
  }
  // R⁻¹ (upper triangular), then (AᵀA)⁻¹ = R⁻¹ R⁻ᵀ
  const rInv = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    rInv[j * n + j] = 1 / rDiag[j]!;
    for (let i = j - 1; i >= 0; i--) {
      let s = 0;
      for (let k = i + 1; k <= j; k++) s += R(i, k) * rInv[k * n + j]!;
      rInv[i * n + j] = -s / rDiag[i]!;
    }
  }
  const covariance = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      let s = 0;
      for (let k = j; k < n; k++) s += rInv[i * n + k]! * rInv[j * n + k]!;
      covariance[i * n + j] = s;
      covariance[j * n + i] = s;
    }
  }
  const absDiag = rDiag.map(Math.abs);
  return { x, covariance, rDiagonal: absDiag };
}
