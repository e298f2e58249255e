/**
 * Small 3x3 matrix and 3-vector helpers on plain numbers.
 *
 * A matrix is a row-major Float64Array(9): m[3*i + j] is row i, column j. Rotations follow the passive
 * convention of SOFA/ERFA (iauRx, iauRy, iauRz): `rotateXInPlace(phi, m)` replaces m by Rx(phi)·m with
 *   Rx(phi) = [[1, 0, 0], [0, cos, sin], [0, -sin, cos]],
 * so that building a matrix as a sequence of in-place rotations reads exactly like the ERFA code it cites.
 * No function allocates; outputs are caller supplied and may alias inputs where stated.
 */

export type Mat3 = Float64Array;

/** A new identity matrix (allocates; use outside hot loops). */
export function mat3Identity(): Mat3 {
  const m = new Float64Array(9);
  m[0] = 1;
  m[4] = 1;
  m[8] = 1;
  return m;
}

/** Sets m to the identity. */
export function setIdentity(m: Mat3): Mat3 {
  m[0] = 1; m[1] = 0; m[2] = 0;
  m[3] = 0; m[4] = 1; m[5] = 0;
  m[6] = 0; m[7] = 0; m[8] = 1;
  return m;
}

/** m ← Rx(angleRad)·m (ERFA iauRx). */
export function rotateXInPlace(angleRad: number, m: Mat3): Mat3 {
  const s = Math.sin(angleRad);
  const c = Math.cos(angleRad);
  const a10 = c * m[3] + s * m[6];
  const a11 = c * m[4] + s * m[7];
  const a12 = c * m[5] + s * m[8];
  const a20 = -s * m[3] + c * m[6];
  const a21 = -s * m[4] + c * m[7];
  const a22 = -s * m[5] + c * m[8];
  m[3] = a10; m[4] = a11; m[5] = a12;
  m[6] = a20; m[7] = a21; m[8] = a22;
  return m;
}

/** m ← Ry(angleRad)·m (ERFA iauRy), Ry = [[c, 0, -s], [0, 1, 0], [s, 0, c]]. */
export function rotateYInPlace(angleRad: number, m: Mat3): Mat3 {
  const s = Math.sin(angleRad);
  const c = Math.cos(angleRad);
  const a00 = c * m[0] - s * m[6];
  const a01 = c * m[1] - s * m[7];
  const a02 = c * m[2] - s * m[8];
  const a20 = s * m[0] + c * m[6];
  const a21 = s * m[1] + c * m[7];
  const a22 = s * m[2] + c * m[8];
  m[0] = a00; m[1] = a01; m[2] = a02;
  m[6] = a20; m[7] = a21; m[8] = a22;
  return m;
}

/** m ← Rz(angleRad)·m (ERFA iauRz), Rz = [[c, s, 0], [-s, c, 0], [0, 0, 1]]. */
export function rotateZInPlace(angleRad: number, m: Mat3): Mat3 {
  const s = Math.sin(angleRad);
  const c = Math.cos(angleRad);
  const a00 = c * m[0] + s * m[3];
  const a01 = c * m[1] + s * m[4];
  const a02 = c * m[2] + s * m[5];
  const a10 = -s * m[0] + c * m[3];
  const a11 = -s * m[1] + c * m[4];
  const a12 = -s * m[2] + c * m[5];
  m[0] = a00; m[1] = a01; m[2] = a02;
  m[3] = a10; m[4] = a11; m[5] = a12;
  return m;
}

/** out ← a·b. `out` may alias a or b. */
export function mat3Multiply(out: Mat3, a: Mat3, b: Mat3): Mat3 {
  const a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
  const b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7], b8 = b[8];
  out[0] = a0 * b0 + a1 * b3 + a2 * b6;
  out[1] = a0 * b1 + a1 * b4 + a2 * b7;
  out[2] = a0 * b2 + a1 * b5 + a2 * b8;
  out[3] = a3 * b0 + a4 * b3 + a5 * b6;
  out[4] = a3 * b1 + a4 * b4 + a5 * b7;
  out[5] = a3 * b2 + a4 * b5 + a5 * b8;
  out[6] = a6 * b0 + a7 * b3 + a8 * b6;
  out[7] = a6 * b1 + a7 * b4 + a8 * b7;
  out[8] = a6 * b2 + a7 * b5 + a8 * b8;
  return out;
}

/** out ← a·bᵀ. `out` may alias a or b. */
export function mat3MultiplyTransposeB(out: Mat3, a: Mat3, b: Mat3): Mat3 {
  const a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
  const b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7], b8 = b[8];
  out[0] = a0 * b0 + a1 * b1 + a2 * b2;
  out[1] = a0 * b3 + a1 * b4 + a2 * b5;
  out[2] = a0 * b6 + a1 * b7 + a2 * b8;
  out[3] = a3 * b0 + a4 * b1 + a5 * b2;
  out[4] = a3 * b3 + a4 * b4 + a5 * b5;
  out[5] = a3 * b6 + a4 * b7 + a5 * b8;
  out[6] = a6 * b0 + a7 * b1 + a8 * b2;
  out[7] = a6 * b3 + a7 * b4 + a8 * b5;
  out[8] = a6 * b6 + a7 * b7 + a8 * b8;
  return out;
}

/** out ← mᵀ. `out` may alias m. */
export function mat3Transpose(out: Mat3, m: Mat3): Mat3 {
  const m1 = m[1], m2 = m[2], m5 = m[5];
  out[0] = m[0]; out[4] = m[4]; out[8] = m[8];
  out[1] = m[3]; out[3] = m1;
  out[2] = m[6]; out[6] = m2;
  out[5] = m[7]; out[7] = m5;
  return out;
}

/** out ← m (copy). */
export function mat3Copy(out: Mat3, m: Mat3): Mat3 {
  for (let i = 0; i < 9; i++) out[i] = m[i];
  return out;
}

/** out[outOffset..+3] ← m·v[vOffset..+3]. `out` may alias v at the same offset. */
export function mat3MulVec(
  out: Float64Array | number[],
  m: Mat3,
  v: ArrayLike<number>,
  vOffset = 0,
  outOffset = 0,
): void {
  const x = v[vOffset], y = v[vOffset + 1], z = v[vOffset + 2];
  out[outOffset] = m[0] * x + m[1] * y + m[2] * z;
  out[outOffset + 1] = m[3] * x + m[4] * y + m[5] * z;
  out[outOffset + 2] = m[6] * x + m[7] * y + m[8] * z;
}

/** out[outOffset..+3] ← mᵀ·v[vOffset..+3]. `out` may alias v at the same offset. */
export function mat3TransposeMulVec(
  out: Float64Array | number[],
  m: Mat3,
  v: ArrayLike<number>,
  vOffset = 0,
  outOffset = 0,
): void {
  const x = v[vOffset], y = v[vOffset + 1], z = v[vOffset + 2];
  out[outOffset] = m[0] * x + m[3] * y + m[6] * z;
  out[outOffset + 1] = m[1] * x + m[4] * y + m[7] * z;
  out[outOffset + 2] = m[2] * x + m[5] * y + m[8] * z;
}

/** Euclidean norm of v[offset..+3]. */
export function norm3(v: ArrayLike<number>, offset = 0): number {
  return Math.hypot(v[offset], v[offset + 1], v[offset + 2]);
}

/** Dot product of a[aOffset..+3] and b[bOffset..+3]. */
export function dot3(a: ArrayLike<number>, b: ArrayLike<number>, aOffset = 0, bOffset = 0): number {
  return a[aOffset] * b[bOffset] + a[aOffset + 1] * b[bOffset + 1] + a[aOffset + 2] * b[bOffset + 2];
}

/** out ← a × b (3-vectors at offset 0). `out` may alias a or b. */
export function cross3(out: Float64Array | number[], a: ArrayLike<number>, b: ArrayLike<number>): void {
  const x = a[1] * b[2] - a[2] * b[1];
  const y = a[2] * b[0] - a[0] * b[2];
  const z = a[0] * b[1] - a[1] * b[0];
  out[0] = x; out[1] = y; out[2] = z;
}

/** Angle between two 3-vectors in radians (robust for tiny angles: atan2 of |a×b| and a·b). */
export function angleBetweenRad(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const cx = a[1] * b[2] - a[2] * b[1];
  const cy = a[2] * b[0] - a[0] * b[2];
  const cz = a[0] * b[1] - a[1] * b[0];
  return Math.atan2(Math.hypot(cx, cy, cz), dot3(a, b));
}
