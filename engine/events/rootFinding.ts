/**
 * Brent's method for a root of f in a bracket [a, b] with f(a)·f(b) ≤ 0: inverse quadratic interpolation, secant
 * and bisection steps, never leaving the bracket, converging to an absolute time tolerance. R. P. Brent,
 * "Algorithms for Minimization without Derivatives", Prentice-Hall 1973, ch. 4 (procedure `zero`), in the form of
 * Forsythe, Malcolm & Moler, "Computer Methods for Mathematical Computations", 1977, §7.2 (`zeroin`).
 *
 * The result lies within max(toleranceS, 4·ε·|t|) of a sign change of f (ε the double precision epsilon; for
 * times of a few days that term is below 1e-10 s), and the number of evaluations is bounded by that of bisection
 * plus a constant factor (Brent 1973, ch. 4, §2), usually 6–10 from a minute-wide bracket down to 1e-6 s.
 */

const EPSILON = Number.EPSILON;

/** A scalar function of time: nothing else is assumed about it between the bracket ends. */
export type ScalarFunction = (t: number) => number;

export function brentRoot(f: ScalarFunction, a: number, fa: number, b: number, fb: number, toleranceS: number): number {
  if (fa === 0) return a;
  if (fb === 0) return b;
  if ((fa > 0) === (fb > 0)) throw new RangeError(`brentRoot: f(${a}) = ${fa} and f(${b}) = ${fb} do not bracket a root`);
  // b: best estimate; a: previous b; c: the other end of the bracket [b, c]
  let c = b;
  let fc = fb;
  let d = b - a;
  let e = d;
  for (let iteration = 0; iteration < 200; iteration++) {
    if ((fb > 0) === (fc > 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * EPSILON * Math.abs(b) + 0.5 * toleranceS;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      // interpolation: secant when only two distinct points, inverse quadratic otherwise
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      // accept the interpolation only if it falls well inside the bracket and shrinks faster than bisection
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}
