/**
 * Acceleration of the zonal geopotential about an arbitrary pole direction.
 *
 * With s = sin φ = (r·u)/r (u = unit vector of the body's Z axis in the working frame) and
 *   U_n = −μ J_n Re^n r^{−(n+1)} P_n(s),
 * the gradient is (∇r = r̂, ∇s = (u − s r̂)/r)
 *   ∇U_n = (μ J_n Re^n / r^{n+2}) [ (n+1) P_n(s) r̂ − P_n'(s) (u − s r̂) ].
 * Legendre polynomials by Bonnet's recursion n P_n = (2n−1) s P_{n−1} − (n−1) P_{n−2} and their
 * derivatives by P_n' = P_{n−2}' + (2n−1) P_{n−1}, which stays regular at the poles (s = ±1).
 *
 * This is the force whose first-order averaged effect DSST's zonal model describes (Danielson et al.
 * 1995 §2.2, "zonal harmonics"; Orekit DSSTZonal uses the same potential with the pole of its body frame).
 */
import type { ZonalField } from './zonal-field.ts';

/**
 * Writes the zonal acceleration (km/s²) at position (x, y, z) km into `out` (length ≥ 3).
 * `poleX/Y/Z` is the unit pole vector; `maxDegree` ≤ field degree.
 */
export function zonalAcceleration(
  field: ZonalField,
  maxDegree: number,
  poleX: number,
  poleY: number,
  poleZ: number,
  x: number,
  y: number,
  z: number,
  out: Float64Array,
): void {
  const r2 = x * x + y * y + z * z;
  const r = Math.sqrt(r2);
  const ux = x / r, uy = y / r, uz = z / r;
  const s = ux * poleX + uy * poleY + uz * poleZ;
  const reOverR = field.radiusKm / r;
  // Legendre recursion state
  let pPrev2 = 1; // P_0
  let pPrev1 = s; // P_1
  let dPrev2 = 0; // P_0'
  let dPrev1 = 1; // P_1'
  let radial = 0; // Σ coefficient of r̂ (before the common factor μ/r²)
  let polar = 0; // Σ coefficient of (u − s r̂)
  let scale = reOverR; // (Re/r)^n, advanced in the loop
  for (let n = 2; n <= maxDegree; n++) {
    const pn = ((2 * n - 1) * s * pPrev1 - (n - 1) * pPrev2) / n;
    const dn = dPrev2 + (2 * n - 1) * pPrev1;
    scale *= reOverR;
    const c = field.jn[n]! * scale;
    radial += c * (n + 1) * pn;
    polar += c * dn;
    pPrev2 = pPrev1;
    pPrev1 = pn;
    dPrev2 = dPrev1;
    dPrev1 = dn;
  }
  const k = field.muKm3PerS2 / r2;
  const kr = k * (radial + polar * s);
  const kp = -k * polar;
  out[0] = kr * ux + kp * poleX;
  out[1] = kr * uy + kp * poleY;
  out[2] = kr * uz + kp * poleZ;
}
