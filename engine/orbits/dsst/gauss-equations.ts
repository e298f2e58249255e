/**
 * Gauss variational equations in equinoctial elements: the rates of (a, k, h, q, p, λ) produced by a
 * perturbing acceleration, written with the partial derivatives of the elements with respect to the
 * velocity (Danielson et al. 1995, eq. 2.1.7-(1) and 2.1.7-(2); the same expressions as Orekit's
 * AbstractGaussianContribution getAoV … getLoV), with retrograde factor I = +1.
 *
 * Notation (Danielson §2.1): k = ex, h = ey, q = hx, p = hy; (f, g, w) the equinoctial frame;
 * X, Y, Ẋ, Ẏ the position and velocity components in (f, g); A = √(μa), B = √(1 − k² − h²),
 * C = 1 + p² + q².
 *   ∂a/∂ṙ = 2ṙ / (n²a)
 *   ∂h/∂ṙ = [(2ẊY − XẎ) f − XẊ g] / μ + k (qY − pX) w / (AB)
 *   ∂k/∂ṙ = [(2XẎ − ẊY) g − YẎ f] / μ − h (qY − pX) w / (AB)
 *   ∂p/∂ṙ = C Y w / (2AB)          ∂q/∂ṙ = C X w / (2AB)
 *   ∂λ/∂ṙ = −2r/A + (k ∂h/∂ṙ − h ∂k/∂ṙ) / (1 + B) + (qY − pX) w / A
 */

/** Orbit-dependent constants of the Gauss equations on one (mean) orbit. */
export interface GaussConstants {
  muKm3PerS2: number;
  aKm: number;
  /** k = ex, h = ey, q = hx, p = hy */
  k: number;
  h: number;
  q: number;
  p: number;
  /** Keplerian mean motion √(μ/a³), rad/s. */
  nRadPerS: number;
  /** A = √(μ a) */
  A: number;
  /** B = √(1 − k² − h²) */
  B: number;
  /** C = 1 + p² + q² */
  C: number;
}

export function gaussConstants(muKm3PerS2: number, aKm: number, k: number, h: number, q: number, p: number): GaussConstants {
  return {
    muKm3PerS2,
    aKm,
    k,
    h,
    q,
    p,
    nRadPerS: Math.sqrt(muKm3PerS2 / (aKm * aKm * aKm)),
    A: Math.sqrt(muKm3PerS2 * aKm),
    B: Math.sqrt(1 - k * k - h * h),
    C: 1 + p * p + q * q,
  };
}

/**
 * Element rates [ȧ, k̇, ḣ, q̇, ṗ, λ̇ − n] (km/s, 1/s, rad/s) for an acceleration with components
 * (af, ag, aw) on the equinoctial frame, at in-plane position (X, Y) and velocity (Ẋ, Ẏ).
 * Order of `out` follows Orekit's equinoctial arrays: a, ex, ey, hx, hy, λ.
 */
export function gaussRates(
  c: GaussConstants,
  X: number,
  Y: number,
  Xdot: number,
  Ydot: number,
  af: number,
  ag: number,
  aw: number,
  out: Float64Array,
): void {
  const { muKm3PerS2: mu, aKm: a, k, h, q, p, nRadPerS: n, A, B, C } = c;
  const ooAB = 1 / (A * B);
  const qYmpX = q * Y - p * X;
  const dadt = (2 / (n * n * a)) * (Xdot * af + Ydot * ag);
  const dhdt = ((2 * Xdot * Y - X * Ydot) * af - X * Xdot * ag) / mu + k * qYmpX * ooAB * aw;
  const dkdt = (-Y * Ydot * af + (2 * X * Ydot - Xdot * Y) * ag) / mu - h * qYmpX * ooAB * aw;
  const dpdt = 0.5 * C * Y * ooAB * aw;
  const dqdt = 0.5 * C * X * ooAB * aw;
  const dldt = (-2 / A) * (X * af + Y * ag) + (k * dhdt - h * dkdt) / (1 + B) + (qYmpX / A) * aw;
  out[0] = dadt;
  out[1] = dkdt;
  out[2] = dhdt;
  out[3] = dqdt;
  out[4] = dpdt;
  out[5] = dldt;
}
