/**
 * Geocentric Sun and Moon positions in GCRF from analytic series — cheap enough for every force evaluation
 * (drag Sun direction, SRP and shadow, third-body gravity): no allocation, a few dozen sin/cos.
 * Positions are geometric (no light time, no aberration), which is what the force models need.
 *
 * Sun: J. Meeus, "Astronomical Algorithms", 2nd ed. (1998), ch. 25 low-accuracy solar coordinates (mean
 *   longitude, anomaly and equation of the centre with their T-dependence; true geometric longitude on the
 *   mean ecliptic and equinox of date; latitude < 1.2" neglected; Meeus: ~0.01°).
 * Moon: Meeus ch. 47 (ELP-2000/82 truncated: 60 longitude/distance + 60 latitude terms, the Venus, Jupiter
 *   and flattening additive terms and the E factor; Meeus: ~10" in longitude, 4" in latitude), the algorithm
 *   of ERFA moon98, whose tables are vendored in moonSeries.generated.ts.
 * Both are referred to the mean ecliptic and equinox of date and rotated to GCRS with the IAU 2006
 *   Fukushima-Williams angles: r_GCRS = R3(−γ̄)·R1(−φ̄)·R3(ψ̄)·r_ecliptic-of-date (ERFA moon98, Note 6).
 * Accuracy against astropy/ERFA: see test/engine/bodies (reached figures in the test names/logs).
 */
import { ASTRONOMICAL_UNIT_KM } from '../constants.ts';
import { ARCSEC_TO_RAD, DEG_TO_RAD } from '../math/angles.ts';
import { julianCenturiesSinceJ2000 } from '../frames/iau1980.ts';
import { MOON_LATITUDE_TERMS, MOON_LONGITUDE_DISTANCE_TERMS } from './moonSeries.generated.ts';

/**
 * out ← R3(−γ̄)·R1(−φ̄)·R3(ψ̄)·(x, y, z): mean ecliptic and equinox of date → GCRS, with the IAU 2006
 * Fukushima-Williams angles (IERS 2010 §5.6.4; ERFA pfw06).
 */
function eclipticOfDateToGcrf(t: number, x: number, y: number, z: number, out: Float64Array | number[], offset: number): void {
  const gamb = (-0.052928 + (10.556378 + (0.4932044 + (-0.00031238 + (-0.000002788 + 0.0000000260 * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  const phib = (84381.412819 + (-46.811016 + (0.0511268 + (0.00053289 + (-0.000000440 - 0.0000000176 * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  const psib = (-0.041775 + (5038.481484 + (1.5584175 + (-0.00018522 + (-0.000026452 - 0.0000000148 * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  // R3(ψ̄), passive: [[c, s, 0], [−s, c, 0], [0, 0, 1]]
  let c = Math.cos(psib);
  let s = Math.sin(psib);
  const x1 = c * x + s * y;
  const y1 = -s * x + c * y;
  // R1(−φ̄): [[1, 0, 0], [0, c, −s], [0, s, c]] with c, s of φ̄
  c = Math.cos(phib);
  s = Math.sin(phib);
  const y2 = c * y1 - s * z;
  const z2 = s * y1 + c * z;
  // R3(−γ̄): [[c, −s, 0], [s, c, 0], [0, 0, 1]]
  c = Math.cos(gamb);
  s = Math.sin(gamb);
  out[offset] = c * x1 - s * y2;
  out[offset + 1] = s * x1 + c * y2;
  out[offset + 2] = z2;
}

/**
 * Geocentric Sun position in GCRF, km, into out[offset..+3]. TT as a two-part Julian date (TDB − TT ≤ 1.7 ms
 * is irrelevant at this accuracy). Cost: 12 sin/cos, no allocation.
 */
export function sunPositionGcrfKm(ttJd1: number, ttJd2: number, out: Float64Array | number[], offset = 0): void {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  // Meeus (25.2)-(25.4), degrees.
  const l0 = 280.46646 + (36000.76983 + 0.0003032 * t) * t;
  const mDeg = 357.52911 + (35999.05029 - 0.0001537 * t) * t;
  const e = 0.016708634 - (0.000042037 + 0.0000001267 * t) * t;
  const m = (mDeg % 360) * DEG_TO_RAD;
  const cDeg = (1.914602 - (0.004817 + 0.000014 * t) * t) * Math.sin(m) + (0.019993 - 0.000101 * t) * Math.sin(2 * m) +
    0.000289 * Math.sin(3 * m);
  const lonRad = ((l0 + cDeg) % 360) * DEG_TO_RAD;
  // Meeus (25.5): radius vector, au.
  const rKm = (ASTRONOMICAL_UNIT_KM * 1.000001018 * (1 - e * e)) / (1 + e * Math.cos(m + cDeg * DEG_TO_RAD));
  eclipticOfDateToGcrf(t, rKm * Math.cos(lonRad), rKm * Math.sin(lonRad), 0, out, offset);
}

// Moon series, re-packed once: multipliers of D, M, M', F and coefficients (deg, m, deg).
const N_LR = MOON_LONGITUDE_DISTANCE_TERMS.length;
const N_B = MOON_LATITUDE_TERMS.length;
const LR_MULT = new Int32Array(4 * N_LR);
const LR_COEF = new Float64Array(2 * N_LR);
const B_MULT = new Int32Array(4 * N_B);
const B_COEF = new Float64Array(N_B);
MOON_LONGITUDE_DISTANCE_TERMS.forEach((row, j) => {
  for (let k = 0; k < 4; k++) LR_MULT[4 * j + k] = row[k];
  LR_COEF[2 * j] = row[4];
  LR_COEF[2 * j + 1] = row[5];
});
MOON_LATITUDE_TERMS.forEach((row, j) => {
  for (let k = 0; k < 4; k++) B_MULT[4 * j + k] = row[k];
  B_COEF[j] = row[4];
});

function polyDeg(t: number, c0: number, c1: number, c2: number, c3: number, c4: number): number {
  return ((c0 + (c1 + (c2 + (c3 + c4 * t) * t) * t) * t) % 360) * DEG_TO_RAD;
}

/**
 * Geocentric Moon position in GCRF, km, into out[offset..+3] (Meeus ch. 47 as ERFA moon98). Cost: about
 * 140 sin/cos (≈ 2 µs), no allocation.
 */
export function moonPositionGcrfKm(ttJd1: number, ttJd2: number, out: Float64Array | number[], offset = 0): void {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  // Meeus (47.1)-(47.5): L', D, M, M', F (degrees, with the polynomial coefficients of ERFA moon98).
  const elp = polyDeg(t, 218.31665436, 481267.88123421, -0.0015786, 1.0 / 538841.0, -1.0 / 65194000.0);
  const d = polyDeg(t, 297.8501921, 445267.1114034, -0.0018819, 1.0 / 545868.0, 1.0 / 113065000.0);
  const em = polyDeg(t, 357.5291092, 35999.0502909, -0.0001536, 1.0 / 24490000.0, 0.0);
  const emp = polyDeg(t, 134.9633964, 477198.8675055, 0.0087414, 1.0 / 69699.0, -1.0 / 14712000.0);
  const f = polyDeg(t, 93.2720950, 483202.0175233, -0.0036539, 1.0 / 3526000.0, 1.0 / 863310000.0);
  // Meeus A1 (Venus), A2 (Jupiter), A3 and the E factor (47.6).
  const a1 = ((119.75 + 131.848 * t) % 360) * DEG_TO_RAD;
  const a2 = ((53.09 + 479264.290 * t) % 360) * DEG_TO_RAD;
  const a3 = ((313.45 + 481266.484 * t) % 360) * DEG_TO_RAD;
  const e = 1.0 + (-0.002516 - 0.0000074 * t) * t;
  const eSq = e * e;
  // Additive terms (Meeus p. 338), degrees.
  let v = 0.003958 * Math.sin(a1) + 0.001962 * Math.sin(elp - f) + 0.000318 * Math.sin(a2);
  let u = -0.002235 * Math.sin(elp) + 0.000382 * Math.sin(a3) + 0.000175 * Math.sin(a1 - f) +
    0.000175 * Math.sin(a1 + f) + 0.000127 * Math.sin(elp - emp) - 0.000115 * Math.sin(elp + emp);
  let rM = 385000560.0;

  for (let j = N_LR - 1; j >= 0; j--) {
    const q = 4 * j;
    const nem = LR_MULT[q + 1];
    const en = nem === 0 ? 1 : nem === 1 || nem === -1 ? e : eSq;
    const arg = LR_MULT[q] * d + nem * em + LR_MULT[q + 2] * emp + LR_MULT[q + 3] * f;
    v += LR_COEF[2 * j] * en * Math.sin(arg);
    rM += LR_COEF[2 * j + 1] * en * Math.cos(arg);
  }
  for (let j = N_B - 1; j >= 0; j--) {
    const q = 4 * j;
    const nem = B_MULT[q + 1];
    const en = nem === 0 ? 1 : nem === 1 || nem === -1 ? e : eSq;
    u += B_COEF[j] * en * Math.sin(B_MULT[q] * d + nem * em + B_MULT[q + 2] * emp + B_MULT[q + 3] * f);
  }
  const lon = elp + v * DEG_TO_RAD;
  const lat = u * DEG_TO_RAD;
  const rKm = rM / 1000;
  const cb = Math.cos(lat);
  eclipticOfDateToGcrf(t, rKm * cb * Math.cos(lon), rKm * cb * Math.sin(lon), rKm * Math.sin(lat), out, offset);
}
