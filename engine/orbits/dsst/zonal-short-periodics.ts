/**
 * First-order DSST short-periodic variations η_i of the equinoctial elements due to the zonal
 * harmonics J2..JN: osculating = mean + η(mean).
 *
 * Definition (Danielson et al. 1995 §2.5.2, first-order averaging in the fast variable λ): with F_i
 * the Gauss/Lagrange rates of element i at the mean orbit (slow elements held fixed, λ varying),
 *   n ∂η_i/∂λ = F_i − ⟨F_i⟩_λ                          (i = a, k, h, q, p)
 *   n ∂η_λ/∂λ = F_λ − ⟨F_λ⟩_λ − (3/2)(n/a) η_a         (the Keplerian n(a) responding to δa)
 * and every η_i has zero average over λ. Orekit's DSSTZonal evaluates the same functions in closed
 * form as Fourier series in the true longitude (the C_i^j, S_i^j, ρ_j, σ_j, C_i^0 and D_i coefficients,
 * eqs. 4.1-(20)…(25), with Hansen kernels K_0^{−n−1,s} and Jacobi/GHIJ polynomials). Here the Fourier
 * coefficients in λ are obtained by quadrature instead — the approach DSST itself uses for the
 * non-conservative forces (Danielson §4.3, Orekit AbstractGaussianContribution):
 *   - F_i is sampled at N equally spaced mean longitudes λ_m = λ0 + 2πm/N on the mean orbit (the
 *     trapezoidal rule is spectrally exact for periodic functions up to aliasing);
 *   - the integration over λ is done term by term on the Fourier series, which for the value at λ0
 *     reduces to two fixed kernels
 *       η_i(λ0) = (2/(N n)) Σ_m F_i(λ_m) W_m,     W_m = −Σ_{j=1..K} sin(2π j m/N) / j
 *       η_λ(λ0) += (3/(a n N)) Σ_m F_a(λ_m) V_m,  V_m =  Σ_{j=1..K} cos(2π j m/N) / j²
 *     with K = N/2 − 1 harmonics.
 * The zonal rates are trigonometric polynomials of degree 2N+1 in the true longitude, so in λ their
 * harmonics decay like β^j with β = e/(1+√(1−e²)); N is chosen so that the neglected and aliased
 * harmonics are below 1e-17 of the leading ones. The result is therefore the exact first-order
 * solution, i.e. Orekit's up to its eccentricity-power truncation (s ≤ 4, O(J6·e⁵) for J2..J6).
 */
import { meanToTrueLongitude, equinoctialFrame } from '../equinoctial.ts';
import { gaussConstants, gaussRates } from './gauss-equations.ts';
import { zonalAcceleration } from './zonal-acceleration.ts';
import type { ZonalField } from './zonal-field.ts';

/** Mean equinoctial elements (Orekit's EquinoctialOrbit definitions, mean longitude). */
export interface EquinoctialMean {
  aKm: number;
  ex: number;
  ey: number;
  hx: number;
  hy: number;
  meanLongitudeRad: number;
}

export interface ZonalModel {
  field: ZonalField;
  /** Highest degree used (2..field degree). */
  maxDegree: number;
  /** Unit vector of the body's Z axis (rotation pole) in the working inertial frame. */
  poleX: number;
  poleY: number;
  poleZ: number;
}

/** Largest harmonic of the zonal rates in the true longitude for degree N: 2N + 1 (Orekit's maxFrequencyShortPeriodics default). */
function maxTrueLongitudeFrequency(maxDegree: number): number {
  return 2 * maxDegree + 1;
}

/**
 * Number of samples in mean longitude: K = N/2 − 1 harmonics must cover the 2N+1 true-longitude
 * harmonics plus the tail of the eccentricity expansion down to β^j < 1e-17.
 */
export function quadratureSize(e: number, maxDegree: number): number {
  const beta = e / (1 + Math.sqrt((1 - e) * (1 + e)));
  const tail = beta > 1e-17 ? Math.ceil(17 / -Math.log10(beta)) : 0;
  const harmonics = maxTrueLongitudeFrequency(maxDegree) + 2 + tail;
  const n = 2 * (harmonics + 1);
  return Math.min(8 * Math.ceil(n / 8), 8192);
}

/**
 * Short-periodic variations η = [δa (km), δex, δey, δhx, δhy, δλ (rad)] of the zonal model at the
 * mean elements, written into `out` (length ≥ 6). The field μ is used for the potential and for the
 * mean motion inside the theory, as in Orekit's DSSTGravityContext.
 */
export function zonalShortPeriodics(mean: EquinoctialMean, model: ZonalModel, out: Float64Array): void {
  const { aKm, ex, ey, hx, hy, meanLongitudeRad } = mean;
  const mu = model.field.muKm3PerS2;
  const c = gaussConstants(mu, aKm, ex, ey, hx, hy);
  const { f, g, w } = equinoctialFrame(hx, hy);
  const e = Math.hypot(ex, ey);
  const N = quadratureSize(e, model.maxDegree);
  const K = N / 2 - 1;
  const n = c.nRadPerS;
  const naOverB = (n * aKm) / c.B;
  const B2 = c.B * c.B;

  const acc = new Float64Array(3);
  const rates = new Float64Array(6);
  const sums = new Float64Array(6);
  let couplingSum = 0;
  const dTheta = (2 * Math.PI) / N;
  for (let m = 0; m < N; m++) {
    // Kernels W_m, V_m (Fourier integration of the sampled rates, see the module comment)
    let Wm = 0;
    let Vm = 0;
    for (let j = 1; j <= K; j++) {
      const angle = dTheta * ((j * m) % N);
      Wm -= Math.sin(angle) / j;
      Vm += Math.cos(angle) / (j * j);
    }

    // Point of the mean orbit at mean longitude λ_m (Danielson eq. 2.1.4-(2), 2.1.5-(1))
    const L = meanToTrueLongitude(ex, ey, meanLongitudeRad + dTheta * m);
    const cosL = Math.cos(L);
    const sinL = Math.sin(L);
    const rKm = (aKm * B2) / (1 + ex * cosL + ey * sinL);
    const X = rKm * cosL;
    const Y = rKm * sinL;
    const Xdot = -naOverB * (ey + sinL);
    const Ydot = naOverB * (ex + cosL);
    const px = X * f[0] + Y * g[0];
    const py = X * f[1] + Y * g[1];
    const pz = X * f[2] + Y * g[2];
    zonalAcceleration(model.field, model.maxDegree, model.poleX, model.poleY, model.poleZ, px, py, pz, acc);
    const af = acc[0]! * f[0] + acc[1]! * f[1] + acc[2]! * f[2];
    const ag = acc[0]! * g[0] + acc[1]! * g[1] + acc[2]! * g[2];
    const aw = acc[0]! * w[0] + acc[1]! * w[1] + acc[2]! * w[2];
    gaussRates(c, X, Y, Xdot, Ydot, af, ag, aw, rates);
    for (let i = 0; i < 6; i++) sums[i]! += rates[i]! * Wm;
    couplingSum += rates[0]! * Vm;
  }
  const scale = 2 / (N * n);
  for (let i = 0; i < 6; i++) out[i] = sums[i]! * scale;
  out[5]! += (3 / (aKm * n * N)) * couplingSum;
}
