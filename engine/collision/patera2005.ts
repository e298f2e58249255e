/**
 * Patera (2005), "Calculating collision probability for arbitrary space-vehicle shapes via numerical quadrature",
 * J. Guid. Control Dyn. 28(6), 1326–1328: the disk integral turned into a contour integral.
 *
 * Scaling x by s = σy/σx makes the density isotropic (σ = σy) and maps the hard-body disk to an ellipse with
 * boundary (x', y') = (s(xm + R cos t), ym + R sin t). In polar coordinates about the mean, the probability inside a
 * closed contour is, by Green's theorem (Patera's derivation),
 *
 *   Pc = (1/2π) ∮ (1 − e^{−r²/2σ²}) dθ,   dθ/dt = s R (xm cos t + ym sin t + R) / r²,   r² = x'² + y'².
 *
 * Two forms of this integral are used (both exact):
 *  - mean inside or on the disk, or within 0.1 σx of its edge (miss ≤ R + 0.1σx): the form above with
 *    1 − e^{−u} = −expm1(−u). Its integrand stays finite when the contour passes through the mean
 *    ((1 − e^{−r²/2σ²})/r² → 1/2σ²), so the case miss = R needs no special series (Orekit's Patera2005 switches to
 *    a truncated series within 0.1 m of miss = R, 0.4 % off on the reference file SYN-V-019), and it is positive
 *    for miss ≤ R (no cancellation);
 *  - mean outside: ∮ dθ = 0, so Pc = −(1/2π) ∮ e^{−r²/2σ²} dθ, which keeps its relative accuracy far in the tail
 *    (the first form would leave round-off of the ∮dθ = 0 part).
 * The integral over t ∈ [0, 2π] is computed by globally adaptive Gauss–Legendre quadrature to 1e-13 relative.
 *
 * Where the integrand is narrow: its mass lies where the scaled contour passes within a few σ of the mean, a band
 * |x'| ≲ σy, i.e. |xm + R cos t| ≲ σx, which the contour crosses in a t-width of about σx/R. With a nearly singular
 * covariance (σx = 0.1 mm, σy = 800 m, R = 10 m: width 1e-5 rad) no node of the first rule lands in it, the rule
 * saw 0 everywhere and stopped at Pc = 0 for an exact 0.0099. So:
 *  - the first intervals end at the candidate peaks — the crossings cos t = −xm/R (without any, t = 0 and π, the
 *    disk's ends along x), the local minima of r'²(t) (a trigonometric polynomial of degree 2: at most two, bracketed on a
 *    64-point grid and refined by golden section) — and around each at offsets growing by 4 from σx/(4R) to 1/4 rad,
 *    when σx/R < 0.1 (a wider peak the first rule sees);
 *  - around a crossing t_c the integrand is a function of the offset δ = t − t_c, held exactly, with
 *    xm + R cos t = R(cos τ − cos t0) written as a product whose small factor is sin(δ/2) (xOffset below): in t
 *    itself, a peak 1.4e-6 rad wide is 1e9 ulps of t, and the rounding of the nodes alone made the integrand
 *    noisy at 6e-10 relative, so the quadrature's error estimate never reached its tolerance (20,000 intervals,
 *    2 s, flagged unconverged although the value was right to 1e-12).
 */
import type { EncounterPlane } from './encounter.ts';
import { integratePieces, type QuadraturePiece, type QuadratureResult } from './quadrature.ts';

export interface PateraResult {
  value: number;
  /** Which form of the contour integral was used. */
  form: 'INSIDE_OR_EDGE' | 'OUTSIDE';
  quadrature: QuadratureResult;
}

export const PATERA_RELATIVE_TOLERANCE = 1e-13;

const TWO_PI = 2 * Math.PI;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** t of the minimum of g on [lo, hi] to `tolerance` by golden-section search (g unimodal there). */
function goldenMinimum(g: (t: number) => number, lo: number, hi: number, tolerance: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < 80 && b - a > tolerance; i++) {
    const c = b - GOLDEN * (b - a);
    const d = a + GOLDEN * (b - a);
    if (g(c) < g(d)) b = d;
    else a = c;
  }
  return 0.5 * (a + b);
}

/** t wrapped into [0, 2π). */
function wrapTurn(t: number): number {
  return ((t % TWO_PI) + TWO_PI) % TWO_PI;
}

/**
 * xm + R cos t, the contour's x before scaling, without the cancellation of the literal sum near its zeros (its
 * rounding, ε·R absolute, scaled by s = σy/σx is a relative noise of ε·R/σx where x' is a few σy).
 * Mirrored (t → π − t, sign flipped) so that the abscissa a = −|xm| ≤ 0; then with τ the mirrored t in (−π, π]:
 *  - |xm| ≤ R: R(cos τ − cos t0) = −2R sin((τ + t0)/2) sin((τ − t0)/2), t0 = acos(|xm|/R) ∈ [0, π/2], zero at τ = ±t0;
 *  - |xm| > R: (a + R) − 2R sin²(τ/2), two terms of one sign.
 * `crossings` are the zeros as t ∈ [0, 2π) with `near(k)`, the same function of the offset δ = t − t_k (exact):
 * the factor that vanishes there is sin(±δ/2).
 */
function xOffset(xm: number, r: number): { at: (t: number) => number; crossings: number[]; near: (k: number) => (delta: number) => number } {
  const mirrored = xm > 0;
  const sign = mirrored ? -1 : 1;
  const direction = mirrored ? -1 : 1; // dτ/dt
  const a = -Math.abs(xm);
  const tau = (t: number): number => {
    const u = mirrored ? Math.PI - t : t;
    return u > Math.PI ? u - TWO_PI : u;
  };
  if (-a > r) {
    const gap = a + r;
    return {
      at: (t) => {
        const half = Math.sin(0.5 * tau(t));
        return sign * (gap - 2 * r * half * half);
      },
      crossings: [],
      near: () => () => NaN,
    };
  }
  const t0 = Math.acos(-a / r);
  const product = (sumHalf: number, differenceHalf: number): number => sign * -2 * r * Math.sin(sumHalf) * Math.sin(differenceHalf);
  // τ = +t0 and τ = −t0 as t
  const crossings = (mirrored ? [Math.PI - t0, Math.PI + t0] : [t0, TWO_PI - t0]).map(wrapTurn);
  const tauAt = [t0, -t0];
  return {
    at: (t) => {
      const x = tau(t);
      return product(0.5 * (x + t0), 0.5 * (x - t0));
    },
    crossings,
    // τ = τ_k + direction·δ: at τ_k = +t0 the difference factor is sin(direction·δ/2), at −t0 the sum factor
    near: (k) => (delta) => {
      const d = 0.5 * direction * delta;
      return tauAt[k]! > 0 || t0 === 0 ? product(t0 + d, d) : product(d, -t0 + d);
    },
  };
}

/** Points where the first quadrature intervals end (see the module comment), as t in [0, 2π). */
function contourBreakPoints(ym: number, s: number, r: number, sx: number, x: (t: number) => number, crossings: readonly number[]): number[] {
  // a peak as wide as σx/R ≥ 0.1 rad is seen by the first rule on [0, 2π] (a node every ~0.6 rad, then bisection)
  const first = sx / (4 * r);
  if (first >= 0.025) return [];
  // the band is crossed at the crossings; without any, it is nearest at the disk's ends along x (t = 0, π)
  const centres = crossings.length > 0 ? [...crossings] : [0, Math.PI];
  // r'²(t) of the scaled contour; its local minima on a 64-point grid, refined
  const r2 = (t: number): number => (s * x(t)) ** 2 + (ym + r * Math.sin(t)) ** 2;
  const n = 64;
  const h = TWO_PI / n;
  const grid = Array.from({ length: n }, (_, i) => r2(i * h));
  for (let i = 0; i < n; i++) {
    if (grid[i]! <= grid[(i + n - 1) % n]! && grid[i]! <= grid[(i + 1) % n]!) {
      const t = goldenMinimum(r2, (i - 1) * h, (i + 1) * h, Math.max(first, 1e-15));
      // (one at a centre already, as the minima next to the crossings of a thin band are, adds nothing)
      if (!centres.some((c) => Math.abs(wrapTurn(t - c + Math.PI) - Math.PI) < 16 * first)) centres.push(t);
    }
  }
  const points: number[] = [];
  for (const centre of centres) {
    points.push(wrapTurn(centre));
    for (let offset = first; offset < 0.25; offset *= 4) points.push(wrapTurn(centre - offset), wrapTurn(centre + offset));
  }
  return points;
}

/** Patera 2005 Pc by adaptive quadrature of the contour integral (exact to ~1e-13 relative). */
export function pcPatera2005Detailed(plane: EncounterPlane): PateraResult {
  const { xmM: xm, ymM: ym, sigmaXM: sx, sigmaYM: sy, combinedHardBodyRadiusM: r } = plane;
  const s = sy / sx;
  const invTwoSigma2 = 1 / (2 * sy * sy);
  const miss = Math.hypot(xm, ym);
  const inside = miss <= r + 0.1 * sx;
  // the integrand at t with the contour's unscaled x there (exact where it is small)
  const integrand = inside
    ? (t: number, x: number): number => {
        const c = Math.cos(t);
        const sn = Math.sin(t);
        const xp = s * x;
        const yp = ym + r * sn;
        const r2 = xp * xp + yp * yp;
        const u = r2 * invTwoSigma2;
        // (1 − e^{−u})/r², continuous at r → 0
        const factor = u < 1e-8 ? invTwoSigma2 * (1 - 0.5 * u) : -Math.expm1(-u) / r2;
        return factor * s * r * (xm * c + ym * sn + r);
      }
    : (t: number, x: number): number => {
        const c = Math.cos(t);
        const sn = Math.sin(t);
        const xp = s * x;
        const yp = ym + r * sn;
        const r2 = xp * xp + yp * yp;
        return (-Math.exp(-r2 * invTwoSigma2) * s * r * (xm * c + ym * sn + r)) / r2;
      };
  const offset = xOffset(xm, r);
  const points = [...new Set(contourBreakPoints(ym, s, r, sx, offset.at, offset.crossings))].sort((p, q) => p - q);
  const pieces: QuadraturePiece[] = [];
  const crossings = offset.crossings;
  if (crossings.length === 0) {
    const edges = [0, ...points.filter((t) => t > 0), TWO_PI];
    for (let i = 0; i + 1 < edges.length; i++) pieces.push({ f: (t) => integrand(t, offset.at(t)), a: edges[i]!, b: edges[i + 1]! });
  } else {
    // each crossing's arc, up to halfway to the other one, in its own offset δ; its break points as offsets
    crossings.forEach((tc, k) => {
      const other = crossings[1 - k] ?? tc + Math.PI;
      const ahead = wrapTurn(other - tc);
      const high = crossings.length === 1 ? Math.PI : 0.5 * ahead;
      const low = crossings.length === 1 ? -Math.PI : -0.5 * (TWO_PI - ahead);
      const near = offset.near(k);
      const f = (delta: number): number => integrand(tc + delta, near(delta));
      const inArc = points.map((t) => {
        const d = wrapTurn(t - tc);
        return d > Math.PI ? d - TWO_PI : d;
      }).filter((d) => d > low && d < high);
      const edges = [low, ...new Set(inArc)].sort((p, q) => p - q);
      edges.push(high);
      for (let i = 0; i + 1 < edges.length; i++) pieces.push({ f, a: edges[i]!, b: edges[i + 1]! });
    });
  }
  const quadrature = integratePieces(pieces, { relTol: PATERA_RELATIVE_TOLERANCE, maxIntervals: 20000 });
  return { value: quadrature.value / TWO_PI, form: inside ? 'INSIDE_OR_EDGE' : 'OUTSIDE', quadrature };
}

/** Patera 2005 Pc. */
export function pcPatera2005(plane: EncounterPlane): number {
  return pcPatera2005Detailed(plane).value;
}
