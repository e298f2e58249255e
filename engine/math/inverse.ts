/**
 * Inverse of a small dense square matrix (row-major) by Gauss–Jordan elimination with partial pivoting (Golub & Van
 * Loan, Matrix Computations, 4th ed., §3.4): what the avoidance planner needs to turn a backward state transition
 * matrix Φ(t_b, t_TCA) into the forward one Φ(t_TCA, t_b) = Φ(t_b, t_TCA)⁻¹. Throws RangeError for a singular matrix
 * (a pivot below `1e-14` of the largest absolute entry of its column).
 */
export function invertMatrix(a: ArrayLike<number>, n: number): Float64Array {
  if (a.length !== n * n) throw new RangeError(`invertMatrix: ${a.length} values are not a ${n}×${n} matrix`);
  const m = Float64Array.from(a);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    let best = Math.abs(m[col * n + col]!);
    let scale = best;
    for (let r = col + 1; r < n; r++) {
      const v = Math.abs(m[r * n + col]!);
      scale = Math.max(scale, v);
      if (v > best) {
        best = v;
        pivot = r;
      }
    }
    if (!(best > 1e-14 * scale) || best === 0) throw new RangeError(`invertMatrix: the matrix is singular (column ${col})`);
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        const t = m[col * n + k]!;
        m[col * n + k] = m[pivot * n + k]!;
        m[pivot * n + k] = t;
        const u = inv[col * n + k]!;
        inv[col * n + k] = inv[pivot * n + k]!;
        inv[pivot * n + k] = u;
      }
    }
    const d = 1 / m[col * n + col]!;
    for (let k = 0; k < n; k++) {
      m[col * n + k] = m[col * n + k]! * d;
      inv[col * n + k] = inv[col * n + k]! * d;
    }
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r * n + col]!;
      if (f === 0) continue;
      for (let k = 0; k < n; k++) {
        m[r * n + k] = m[r * n + k]! - f * m[col * n + k]!;
        inv[r * n + k] = inv[r * n + k]! - f * inv[col * n + k]!;
      }
    }
  }
  return inv;
}
