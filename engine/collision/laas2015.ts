/**
 * Serra, Arzelier, Joldes, Lasserre, Rondepierre & Salvy (2016), "Fast and accurate computation of orbital
 * collision probability for short-term encounters", J. Guid. Control Dyn. 39(5), 1009–1021 (LAAS-CNRS report
 * hal-01131384, 2015): the exact disk integral of the Gaussian as e^{−pR²} times a power series in R² with
 * positive coefficients, from the Laplace transform of Pc as a function of R².
 *
 * Derivation as used here (the paper's method; notation of the paper where it has one):
 *   p = 1/(2σx²), φ = 1 − σx²/σy² ∈ [0, 1), q = pφ, ωx = (xm/2σx²)², ωy = (ym/2σy²)²,
 *   α0 = exp(−(xm²/σx² + ym²/σy²)/2) / (2σxσy).
 * With z = R², Pc(z) = P(X² + Y² ≤ z) for the Gaussian offset by (xm, ym). Its Laplace transform is
 * L[Pc](s) = (1/s) Π_i (1 + 2sσi²)^{−1/2} exp(−s mi²/(1 + 2sσi²)); shifting s by p gives, with t = 1/s,
 *   L[e^{pz} Pc](1/t) = α0 t² E(t),   E(t) = (1 − pt)^{−1} (1 − qt)^{−1/2} exp(ωx t + ωy t/(1 − qt)),
 * so that Pc = e^{−pz} Σ_{k≥0} c_k with c_k = α0 e_k z^{k+1}/(k+1)! where E(t) = Σ e_k t^k. Every factor of E has
 * non-negative coefficients, so every c_k ≥ 0: the sum has no cancellation. E is D-finite:
 *   A(t) E'(t) = B(t) E(t),  A = (1 − pt)(1 − qt)²,
 *   B = p(1 − qt)² + (q/2)(1 − pt)(1 − qt) + ωx (1 − pt)(1 − qt)² + ωy (1 − pt),
 * whose coefficients give the four-term recurrence (n ≥ 0, e_{<0} = 0)
 *   (n+1) e_{n+1} = (B0 − nA1) e_n + (B1 − (n−1)A2) e_{n−1} + (B2 − (n−2)A3) e_{n−2} + B3 e_{n−3},
 * the recurrence of the paper (and of Orekit 13.1's Laas2015) written for c_k.
 *
 * Bounds (the paper's a-priori bounds, as Orekit reports them): E dominates (1 − pt)^{−1} and is dominated by
 * (1 − Pt)^{−1} with P = p(1 + Ω) = B0, Ω = φ/2 + (ωx + ωy)/p (compare the log-derivatives coefficientwise), hence
 *   l0 = α0 (1 − e^{−pz}) / p ≤ Pc ≤ u0 = α0 (e^{pΩz} − e^{−pz}) / (p(1 + Ω)).
 * Stopping rule (a rigorous bound on the neglected tail): for n ≥ 2 the coefficients K1 and K3 of the recurrence
 * below are ≤ 0 and K0, K2 ≥ 0, so c_{n+1} ≤ ρ_n max(c_n, c_{n−1}, c_{n−2}) with
 * ρ_n = z K0/((n+1)(n+2)) + z³ K2/((n+1)²(n+2)n), which decreases with n. Once ρ_n < 1 every later term is at most
 * ρ_n^j times that maximum M_n in its j-th block of three, so Σ_{k>n} c_k ≤ 3 M_n ρ_n/(1 − ρ_n); the sum stops
 * when this is below the relative accuracy.
 *
 * The sum can exceed the double range (e^{pz} for pz > 709, the Alfano cases) and α0 can underflow (a mean far
 * from the disk in σ units): the series is summed with a running power-of-ten rescaling and combined in
 * logarithms, so neither overflows to NaN (Orekit returns 0 with a NaN upper bound for SYN-V-016).
 * When more than `maxTerms` terms would be needed (a huge pz(1 + Ω), e.g. centimetre sigmas and a metre-size disk),
 * the result says `converged: false` and the caller falls back to the contour integral.
 */
import type { EncounterPlane } from './encounter.ts';
import { erfc } from './errorFunction.ts';

export interface Laas2015Options {
  /** Relative accuracy of the series (default 1e-15). */
  relativeAccuracy?: number;
  /** Most terms before giving up (default 200000). */
  maxTerms?: number;
}

export interface Laas2015Result {
  /** The series value (when not converged: a lower bound, the a-priori l0 if the series was not attempted). */
  value: number;
  /** A-priori bounds l0 ≤ Pc ≤ u0 of Serra et al. (u0 capped at 1). */
  lowerBound: number;
  upperBound: number;
  terms: number;
  converged: boolean;
}

const RESCALE_THRESHOLD = 1e200;
const LOG_RESCALE = Math.log(RESCALE_THRESHOLD);
const LOG_SMALLEST_DOUBLE = Math.log(Number.MIN_VALUE);

/** ln(1 − e^{−x}) for x ≥ 0, accurate for small and large x. */
function logOneMinusExpMinus(x: number): number {
  return x < Math.LN2 ? Math.log(-Math.expm1(-x)) : Math.log1p(-Math.exp(-x));
}

/** Laas 2015 (Serra et al. 2016) Pc with its a-priori bounds. */
export function pcLaas2015(plane: EncounterPlane, options: Laas2015Options = {}): Laas2015Result {
  const relativeAccuracy = options.relativeAccuracy ?? 1e-15;
  const maxTerms = options.maxTerms ?? 200000;
  const { xmM: xm, ymM: ym, sigmaXM: sx, sigmaYM: sy, combinedHardBodyRadiusM: radius } = plane;
  if (radius === 0) return { value: 0, lowerBound: 0, upperBound: 0, terms: 0, converged: true };
  const z = radius * radius;
  const p = 1 / (2 * sx * sx);
  const phi = 1 - (sx / sy) * (sx / sy);
  const q = p * phi;
  const omegaX = (xm / (2 * sx * sx)) ** 2;
  const omegaY = (ym / (2 * sy * sy)) ** 2;
  const logAlpha0 = -0.5 * ((xm * xm) / (sx * sx) + (ym * ym) / (sy * sy)) - Math.log(2 * sx * sy);
  const bigOmega = 0.5 * phi + (omegaX + omegaY) / p;
  const pz = p * z;

  // a-priori bounds, in logarithms
  const logLower = logAlpha0 + logOneMinusExpMinus(pz) - Math.log(p);
  const logUpper = logAlpha0 + pz * bigOmega + logOneMinusExpMinus(pz * (1 + bigOmega)) - Math.log(p * (1 + bigOmega));
  const lowerBound = Math.min(1, Math.exp(logLower));
  const upperBound = Math.min(1, Math.exp(logUpper));
  // 0 ≤ Pc ≤ u0 below the smallest double: the answer is 0 to double precision. The same holds when the disk
  // lies beyond a line at (miss − R) from the mean, Pc ≤ ½ erfc((miss − R)/(√2 σn)), σn the sigma along the miss
  // direction (u0 is useless there: centimetre sigmas put it at 1).
  if (logUpper < LOG_SMALLEST_DOUBLE) return { value: 0, lowerBound: 0, upperBound: 0, terms: 0, converged: true };
  const miss = Math.hypot(xm, ym);
  if (miss > radius) {
    const sigmaAlongMiss = Math.hypot((xm / miss) * sx, (ym / miss) * sy);
    if (0.5 * erfc((miss - radius) / (Math.SQRT2 * sigmaAlongMiss)) === 0) return { value: 0, lowerBound, upperBound, terms: 0, converged: true };
  }

  // recurrence coefficients: A(t) = 1 + A1 t + A2 t² + A3 t³, B(t) = B0 + B1 t + B2 t² + B3 t³
  const a1 = -(p + 2 * q);
  const a2 = q * (2 * p + q);
  const a3 = -p * q * q;
  const b0 = p + 0.5 * q + omegaX + omegaY;
  const b1 = -2 * p * q - 0.5 * q * (p + q) - omegaX * (p + 2 * q) - omegaY * p;
  const b2 = 1.5 * p * q * q + omegaX * q * (2 * p + q);
  const b3 = -omegaX * p * q * q;

  // ρ_n < 1 (needed by the stopping rule) from about n = z(p+2q)/2 + √((z(p+2q)/2)² + z B0): beyond maxTerms
  // (centimetre sigmas against a metre-size disk) the series is not attempted
  const halfGrowth = 0.5 * z * (p + 2 * q);
  if (halfGrowth + Math.sqrt(halfGrowth * halfGrowth + z * b0) > maxTerms) {
    return { value: lowerBound, lowerBound, upperBound, terms: 0, converged: false };
  }

  // c_k / (α0 z): c0 = 1, then c_{n+1} = z/((n+1)(n+2)) [K0 c_n + K1 c_{n−1} z/(n+1) + K2 c_{n−2} z²/((n+1)n) + K3 c_{n−3} z³/((n+1)n(n−1))]
  let cn = 1; // c_n
  let cn1 = 0; // c_{n−1}
  let cn2 = 0; // c_{n−2}
  let cn3 = 0; // c_{n−3}
  let sum = 1;
  let logScale = 0;
  let terms = 1;
  let converged = false;
  for (let n = 0; n < maxTerms; n++) {
    const k0 = b0 - n * a1;
    const k1 = b1 - (n - 1) * a2;
    const k2 = b2 - (n - 2) * a3;
    if (n >= 2) {
      const rho = (z * k0) / ((n + 1) * (n + 2)) + (z * z * z * k2) / ((n + 1) * (n + 1) * (n + 2) * n);
      if (rho < 1 && (3 * Math.max(cn, cn1, cn2) * rho) / (1 - rho) <= relativeAccuracy * sum) {
        converged = true;
        break;
      }
    }
    let bracket = k0 * cn;
    if (n >= 1) bracket += (k1 * cn1 * z) / (n + 1);
    if (n >= 2) bracket += (k2 * cn2 * z * z) / ((n + 1) * n);
    if (n >= 3) bracket += (b3 * cn3 * z * z * z) / ((n + 1) * n * (n - 1));
    const cNext = (z * bracket) / ((n + 1) * (n + 2));
    cn3 = cn2;
    cn2 = cn1;
    cn1 = cn;
    cn = cNext;
    sum += cNext;
    terms++;
    if (sum > RESCALE_THRESHOLD) {
      sum /= RESCALE_THRESHOLD;
      cn /= RESCALE_THRESHOLD;
      cn1 /= RESCALE_THRESHOLD;
      cn2 /= RESCALE_THRESHOLD;
      cn3 /= RESCALE_THRESHOLD;
      logScale += LOG_RESCALE;
    }
  }
  const value = Math.exp(logAlpha0 + Math.log(z) - pz + Math.log(sum) + logScale);
  return { value, lowerBound, upperBound, terms, converged };
}
