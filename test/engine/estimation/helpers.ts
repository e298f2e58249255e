/** Small helpers of the estimation tests. */
import assert from 'node:assert/strict';

/** |estimate − reference| (m) of a result's position. */
export function positionError(res: { positionKm: number[] }, referenceKm: number[]): number {
  return Math.hypot(res.positionKm[0]! - referenceKm[0]!, res.positionKm[1]! - referenceKm[1]!, res.positionKm[2]! - referenceKm[2]!) * 1000;
}

/** Asserts symmetry (relative 1e-9) and positive definiteness (Cholesky succeeds) of an n×n row-major matrix. */
export function assertSymmetricPositiveDefinite(p: ArrayLike<number>, n: number): void {
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      const a = p[i * n + j]!;
      const b = p[j * n + i]!;
      assert.ok(Math.abs(a - b) <= 1e-9 * Math.sqrt(Math.abs(p[i * n + i]! * p[j * n + j]!)), `not symmetric at ${i},${j}: ${a} vs ${b}`);
    }
  }
  const l = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    let d = p[j * n + j]!;
    for (let k = 0; k < j; k++) d -= l[j * n + k]! ** 2;
    assert.ok(d > 0, `not positive definite (pivot ${j}: ${d})`);
    l[j * n + j] = Math.sqrt(d);
    for (let i = j + 1; i < n; i++) {
      let s = p[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      l[i * n + j] = s / l[j * n + j]!;
    }
  }
}
