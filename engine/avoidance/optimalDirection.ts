/**
 * The optimal direction of an impulsive avoidance burn of given size in the encounter plane, after Bombardelli &
 * Hernando-Ayuso (2015), "Optimal impulsive collision avoidance in low Earth orbit", Journal of Guidance, Control, and
 * Dynamics 38(2), 217–225: the burn Δv at t_b moves the primary at TCA by Φ_rv·Δv (Φ_rv the position–velocity block of
 * the state transition matrix Φ(t_TCA, t_b)); in the collision plane the secondary's position relative to the primary
 * becomes b = b₀ − K·Δv with K = E·Φ_rv (E: the two in-plane axes as rows). For a fixed |Δv| = δ the Pc of a small
 * hard body, Pc ≈ R²/(2σxσy)·exp(−d²/2) (Chan 1997; Alfriend et al. 1999), is smallest where the squared Mahalanobis
 * distance d² = bᵀ C⁻¹ b (C the combined covariance projected on the plane) is largest — the problem Bombardelli &
 * Hernando-Ayuso reduce the Pc minimisation to:
 *
 *   maximise  f(u) = δ² uᵀ G u − 2δ gᵀ u   over |u| = 1,   G = Kᵀ C⁻¹ K,  g = Kᵀ C⁻¹ b₀
 *
 * It is solved exactly as a trust-region subproblem (Moré & Sorensen 1983, "Computing a trust region step", SIAM J.
 * Sci. Stat. Comput. 4(3)): with G = Σ λᵢ eᵢeᵢᵀ, the maximiser is u(μ) = −δ Σ gᵢ/(μ − δ²λᵢ) eᵢ for the μ > δ²λ_max at
 * which |u(μ)| = 1 (|u| decreases with μ: bisection), and in the "hard case" (g ⟂ e_max, |u(δ²λ_max)| < 1)
 * u = u(δ²λ_max) + τ e_max with |u| = 1. With W = I instead of C⁻¹ the same gives the direction of the largest miss.
 */
import { symmetricEigenDecomposition } from '../math/covariance.ts';

/**
 * The unit vector u (3 values, in the frame of Φ_rv's columns) maximising (b₀ − δKu)ᵀ W (b₀ − δKu). `k` is 2×3
 * row-major (m per m/s), `w` 2×2 row-major (1/m²), `b0` 2 values (m), `deltaVMetersPerSecond` δ > 0.
 */
export function optimalBurnDirection(k: ArrayLike<number>, w: ArrayLike<number>, b0: ArrayLike<number>, deltaVMetersPerSecond: number): Float64Array {
  const delta = deltaVMetersPerSecond;
  // WK (2×3), G = Kᵀ W K (3×3), g = Kᵀ W b₀ (3)
  const wk = new Float64Array(6);
  for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) wk[r * 3 + c] = w[r * 2]! * k[c]! + w[r * 2 + 1]! * k[3 + c]!;
  const G = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) G[i * 3 + j] = k[i]! * wk[j]! + k[3 + i]! * wk[3 + j]!;
  const g = new Float64Array(3);
  for (let i = 0; i < 3; i++) g[i] = wk[i]! * b0[0]! + wk[3 + i]! * b0[1]!;
  const { values, vectors } = symmetricEigenDecomposition(G, 3);
  let top = 0;
  for (let i = 1; i < 3; i++) if (values[i]! > values[top]!) top = i;
  const lambda = Array.from(values, (l) => delta * delta * l);
  // g in the eigenbasis
  const gi = [0, 1, 2].map((i) => vectors[i]! * g[0]! + vectors[3 + i]! * g[1]! + vectors[6 + i]! * g[2]!);
  const norm2 = (mu: number): number => {
    let s = 0;
    for (let i = 0; i < 3; i++) {
      const d = mu - lambda[i]!;
      if (d <= 0) return Infinity;
      s += (delta * gi[i]!) ** 2 / (d * d);
    }
    return s;
  };
  const toFrame = (ui: readonly number[]): Float64Array => {
    const u = new Float64Array(3);
    for (let r = 0; r < 3; r++) u[r] = vectors[r * 3]! * ui[0]! + vectors[r * 3 + 1]! * ui[1]! + vectors[r * 3 + 2]! * ui[2]!;
    const n = Math.hypot(u[0]!, u[1]!, u[2]!);
    for (let r = 0; r < 3; r++) u[r] = u[r]! / n;
    return u;
  };
  const lMax = lambda[top]!;
  const scale = Math.max(Math.abs(lMax), delta * Math.hypot(gi[0]!, gi[1]!, gi[2]!), Number.MIN_VALUE);
  // hard case: the component of g along e_max vanishes (also g = 0: b₀ = 0, a head-on hit)
  const restAtMax = (): number[] => [0, 1, 2].map((i) => (i === top ? 0 : lambda[i]! < lMax ? (-delta * gi[i]!) / (lMax - lambda[i]!) : 0));
  if (Math.abs(delta * gi[top]!) <= 1e-12 * scale) {
    const rest = restAtMax();
    const r2 = rest.reduce((s, x) => s + x * x, 0);
    if (r2 < 1) {
      rest[top] = Math.sqrt(1 - r2);
      return toFrame(rest);
    }
  }
  // |u(μ)| = 1 on (λ_max, ∞): bracket, then bisect
  let lo = lMax;
  let step = scale;
  let hi = lMax + step;
  while (norm2(hi) > 1) {
    step *= 2;
    hi = lMax + step;
  }
  for (let it = 0; it < 200 && hi - lo > 1e-15 * Math.max(Math.abs(hi), scale); it++) {
    const mid = 0.5 * (lo + hi);
    if (norm2(mid) > 1) lo = mid;
    else hi = mid;
  }
  const mu = hi;
  return toFrame([0, 1, 2].map((i) => (-delta * gi[i]!) / (mu - lambda[i]!)));
}
