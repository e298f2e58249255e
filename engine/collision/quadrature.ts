/**
 * Globally adaptive Gauss–Legendre quadrature of a smooth function on [a, b].
 *
 * Nodes and weights of the n-point rule are computed once by Newton's method on the Legendre polynomial
 * (three-term recurrence (k+1)P_{k+1} = (2k+1)xP_k − kP_{k−1}, first guess cos(π(i − 1/4)/(n + 1/2)),
 * weight 2/((1 − x²)P_n'(x)²): Abramowitz & Stegun 25.4.29 and 22.16.6), not read from a table.
 *
 * Error control (the QUADPACK QAG strategy of Piessens et al. 1983 with a Gauss pair instead of Gauss–Kronrod):
 * every interval carries the sum of the n-point rule on its two halves as its value and the difference from the
 * rule on the whole interval as its error estimate; the interval with the largest error is bisected until the sum
 * of the errors is below max(absTol, relTol·|integral|, the round-off floor 50ε·∫|f|).
 */

export interface GaussLegendreRule {
  readonly nodes: Float64Array;
  readonly weights: Float64Array;
}

/** The n-point Gauss–Legendre rule on [−1, 1]. */
export function gaussLegendreRule(n: number): GaussLegendreRule {
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new RangeError(`Gauss–Legendre order must be an integer in 1…200 (got ${n})`);
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < Math.ceil(n / 2); i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 1; k < n; k++) {
        const p2 = ((2 * k + 1) * x * p1 - k * p0) / (k + 1);
        p0 = p1;
        p1 = p2;
      }
      // P_n'(x) = n (x P_n − P_{n−1}) / (x² − 1)
      derivative = (n * (x * p1 - p0)) / (x * x - 1);
      const dx = p1 / derivative;
      x -= dx;
      if (Math.abs(dx) <= 1e-16) break;
    }
    const w = 2 / ((1 - x * x) * derivative * derivative);
    nodes[i] = -x;
    nodes[n - 1 - i] = x;
    weights[i] = w;
    weights[n - 1 - i] = w;
  }
  if (n % 2 === 1) nodes[(n - 1) / 2] = 0;
  return { nodes, weights };
}

const RULE = gaussLegendreRule(10);

function gauss(f: (x: number) => number, a: number, b: number): { value: number; absValue: number } {
  const half = 0.5 * (b - a);
  const mid = 0.5 * (a + b);
  let value = 0;
  let absValue = 0;
  for (let i = 0; i < RULE.nodes.length; i++) {
    const y = RULE.weights[i]! * f(mid + half * RULE.nodes[i]!);
    value += y;
    absValue += Math.abs(y);
  }
  return { value: value * half, absValue: absValue * Math.abs(half) };
}

export interface QuadratureOptions {
  /** Relative tolerance on the integral (default 1e-12). */
  relTol?: number;
  /** Absolute tolerance (default 0). */
  absTol?: number;
  /** Most intervals before giving up (default 4000). */
  maxIntervals?: number;
}

export interface QuadratureResult {
  value: number;
  /** Estimated absolute error (sum of the interval estimates). */
  errorEstimate: number;
  intervals: number;
  /** False when maxIntervals was reached before the tolerance. */
  converged: boolean;
}

/** One term ∫_a^b f(x) dx of a sum (integratePieces). */
export interface QuadraturePiece {
  f: (x: number) => number;
  a: number;
  b: number;
}

/** ∫_a^b f(x) dx by globally adaptive bisection (see the module comment). */
export function integrateAdaptive(f: (x: number) => number, a: number, b: number, options: QuadratureOptions = {}): QuadratureResult {
  return integratePieces([{ f, a, b }], options);
}

/**
 * Σ ∫ of the pieces by one globally adaptive bisection: every piece's intervals compete for the next bisection under
 * one error target for the sum. Pieces serve an integrand with peaks narrower than the rule's node spacing (each
 * piece then starts next to one, so that the first rule sees it; on one interval every node would see ~0, and the
 * error estimate too), and one whose pieces are written in a variable of their own (an offset from the peak, exact
 * where a peak's width is a few ulps of the original variable).
 */
export function integratePieces(pieces: readonly QuadraturePiece[], options: QuadratureOptions = {}): QuadratureResult {
  const relTol = options.relTol ?? 1e-12;
  const absTol = options.absTol ?? 0;
  const maxIntervals = options.maxIntervals ?? 4000;
  const piece: number[] = [];
  const lo: number[] = [];
  const hi: number[] = [];
  const val: number[] = [];
  const err: number[] = [];
  const mag: number[] = [];
  const leftValue: number[] = [];
  const rightValue: number[] = [];
  const push = (k: number, x0: number, x1: number, whole: number): void => {
    const f = pieces[k]!.f;
    const m = 0.5 * (x0 + x1);
    const left = gauss(f, x0, m);
    const right = gauss(f, m, x1);
    const v = left.value + right.value;
    piece.push(k);
    lo.push(x0);
    hi.push(x1);
    val.push(v);
    err.push(Math.abs(v - whole));
    mag.push(left.absValue + right.absValue);
    leftValue.push(left.value);
    rightValue.push(right.value);
  };
  pieces.forEach(({ f, a, b }, k) => {
    if (b !== a) push(k, a, b, gauss(f, a, b).value);
  });
  if (val.length === 0) return { value: 0, errorEstimate: 0, intervals: 0, converged: true };
  for (;;) {
    let total = 0;
    let totalError = 0;
    let totalMagnitude = 0;
    let worst = 0;
    for (let i = 0; i < val.length; i++) {
      total += val[i]!;
      totalError += err[i]!;
      totalMagnitude += mag[i]!;
      if (err[i]! > err[worst]!) worst = i;
    }
    const target = Math.max(absTol, relTol * Math.abs(total), 50 * Number.EPSILON * totalMagnitude);
    if (totalError <= target || !Number.isFinite(total)) {
      return { value: total, errorEstimate: totalError, intervals: val.length, converged: Number.isFinite(total) };
    }
    if (val.length >= maxIntervals) return { value: total, errorEstimate: totalError, intervals: val.length, converged: false };
    const k = piece[worst]!;
    const x0 = lo[worst]!;
    const x1 = hi[worst]!;
    const m = 0.5 * (x0 + x1);
    // the halves' one-rule values are the "whole" estimates of the two new intervals
    const leftWhole = leftValue[worst]!;
    const rightWhole = rightValue[worst]!;
    for (const column of [piece, lo, hi, val, err, mag, leftValue, rightValue]) {
      column[worst] = column[column.length - 1]!;
      column.pop();
    }
    push(k, x0, m, leftWhole);
    push(k, m, x1, rightWhole);
  }
}
