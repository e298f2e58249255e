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
 * non-negative coefficients, so every c_k ≥ 0: the sum has no cancellation.
 *
 * E is D-finite, and the paper (like Orekit 13.1's Laas2015) sums c_k from the four-term recurrence of
 * (1 − pt)(1 − qt)² E' = B(t) E. That recurrence mixes signs and loses digits as pR² grows (2e-7 at pR² = 3000,
 * 4e-9 on the Alfano cases 04 and 05, against mpmath). Here the same series is evaluated through the factorisation
 * E = F/(1 − pt), F(t) = (1 − qt)^{−1/2} exp(ωx t + ωy t/(1 − qt)):
 *  - F solves (1 − qt)² F' = [(q/2)(1 − qt) + ωx(1 − qt)² + ωy] F, i.e. (n ≥ 0, f_{<0} = 0, f_0 = 1)
 *      (n+1) f_{n+1} = (B0 + 2qn) f_n + (B1 − (n−1)q²) f_{n−1} + B2 f_{n−2},
 *      B0 = q/2 + ωx + ωy, B1 = −(q²/2 + 2qωx), B2 = ωx q²,
 *    a three-term (Laguerre-like) recurrence whose solution is the dominant one;
 *  - e_k = p e_{k−1} + f_k, a sum of positive terms.
 * In the scaled variables φ_k = f_k z^k/(k+1)!, ε_k = e_k z^k/(k+1)! (so Pc = α0 z e^{−pz} Σ ε_k):
 *   φ_{n+1} = z/((n+1)(n+2)) · [K0 φ_n + K1 φ_{n−1} z/(n+1) + K2 φ_{n−2} z²/((n+1)n)],  ε_{n+1} = pz/(n+2) ε_n + φ_{n+1},
 * with K0 = B0 + 2qn > 0, K1 = B1 − (n−1)q² < 0, K2 = B2 ≥ 0. Against mpmath this reaches 7e-12 on Alfano-like
 * planes (pR² ≈ 1000) and 1e-9 at pR² = 2e4, where the four-term form has 4e-9 and (at pR² = 3000) 2e-7.
 *
 * Bounds (the paper's a-priori bounds, as Orekit reports them): E dominates (1 − pt)^{−1} and is dominated by
 * (1 − Pt)^{−1} with P = p(1 + Ω) = p + B0, Ω = φ/2 + (ωx + ωy)/p (compare the log-derivatives coefficientwise),
 * hence l0 = α0 (1 − e^{−pz}) / p ≤ Pc ≤ u0 = α0 (e^{pΩz} − e^{−pz}) / (p(1 + Ω)).
 *
 * Stopping rule (a rigorous bound on the neglected tail): dropping the negative K1 term, φ_{k+1} ≤ ρ_k max(φ_k,
 * φ_{k−2}) with ρ_k = zK0/((k+1)(k+2)) + z³K2/((k+1)²(k+2)k), non-increasing for k ≥ 2. Once ρ_n < 1, every later
 * φ_k ≤ M_n r^{k−n} (M_n = max(φ_n, φ_{n−1}, φ_{n−2}), r = ρ_n^{1/3}), and with s = pz/(n+2) < 1 the tail of the
 * ε-sum is T ≤ (s ε_n + M_n r/(1 − r))/(1 − s). The sum stops when T is below the relative accuracy.
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
  // logUpper is NaN when α0 underflows while pΩz overflows (−∞ + ∞: a mean ~1e154 σ away, or ωy = ∞ with z = 0 for
  // sigmas near 1e-154 m): u0 is then not representable, and 1 — where the paper's u0 is capped anyway — is the bound
  const upperBound = Number.isNaN(logUpper) ? 1 : Math.min(1, Math.exp(logUpper));
  // 0 ≤ Pc ≤ u0 below the smallest double: the answer is 0 to double precision. The same holds when the disk
  // lies beyond a line at (miss − R) from the mean, Pc ≤ ½ erfc((miss − R)/(√2 σn)), σn the sigma along the miss
  // direction (u0 is useless there: centimetre sigmas put it at 1).
  if (logUpper < LOG_SMALLEST_DOUBLE) return { value: 0, lowerBound: 0, upperBound: 0, terms: 0, converged: true };
  const miss = Math.hypot(xm, ym);
  if (miss > radius) {
    const sigmaAlongMiss = Math.hypot((xm / miss) * sx, (ym / miss) * sy);
    if (0.5 * erfc((miss - radius) / (Math.SQRT2 * sigmaAlongMiss)) === 0) return { value: 0, lowerBound, upperBound, terms: 0, converged: true };
  }

  // coefficients of F's recurrence
  const b0 = 0.5 * q + omegaX + omegaY;
  const b1 = -(0.5 * q * q + 2 * q * omegaX);
  const b2 = omegaX * q * q;
  const q2 = q * q;

  // the tail bound needs ρ_n < 1 (from about n = qz + √((qz)² + zB0)) and pz/(n+2) < 1: beyond maxTerms
  // (centimetre sigmas against a metre-size disk) the series is not attempted
  // the same when a coefficient is not a finite double (ωx, ωy or z overflowed: the series cannot be summed in
  // doubles; the contour integral can): `!(… <= maxTerms)` is also true for NaN
  if (!(Math.max(pz, q * z + Math.sqrt(q * z * q * z + z * b0)) <= maxTerms) || !Number.isFinite(b1) || !Number.isFinite(b2)) {
    return { value: lowerBound, lowerBound, upperBound, terms: 0, converged: false };
  }

  let phiN = 1; // φ_n
  let phiN1 = 0; // φ_{n−1}
  let phiN2 = 0; // φ_{n−2}
  let epsN = 1; // ε_n
  let sum = 1;
  let logScale = 0;
  let terms = 1;
  let converged = false;
  for (let n = 0; n < maxTerms; n++) {
    const k0 = b0 + 2 * q * n;
    if (n >= 2) {
      const rho = (z * k0) / ((n + 1) * (n + 2)) + (z * z * z * b2) / ((n + 1) * (n + 1) * (n + 2) * n);
      const shrink = pz / (n + 2);
      if (rho < 1 && shrink < 1) {
        const r = Math.cbrt(rho);
        const tail = (shrink * epsN + (Math.max(phiN, phiN1, phiN2) * r) / (1 - r)) / (1 - shrink);
        if (tail <= relativeAccuracy * sum) {
          converged = true;
          break;
        }
      }
    }
    let bracket = k0 * phiN;
    if (n >= 1) bracket += ((b1 - (n - 1) * q2) * phiN1 * z) / (n + 1);
    if (n >= 2) bracket += (b2 * phiN2 * z * z) / ((n + 1) * n);
    const phiNext = (z * bracket) / ((n + 1) * (n + 2));
    phiN2 = phiN1;
    phiN1 = phiN;
    phiN = phiNext;
    epsN = (pz / (n + 2)) * epsN + phiNext;
    sum += epsN;
    terms++;
    if (sum > RESCALE_THRESHOLD) {
      sum /= RESCALE_THRESHOLD;
      epsN /= RESCALE_THRESHOLD;
      phiN /= RESCALE_THRESHOLD;
      phiN1 /= RESCALE_THRESHOLD;
      phiN2 /= RESCALE_THRESHOLD;
      logScale += LOG_RESCALE;
    }
  }
  const value = Math.exp(logAlpha0 + Math.log(z) - pz + Math.log(sum) + logScale);
  return { value, lowerBound, upperBound, terms, converged };
}
