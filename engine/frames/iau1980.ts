/**
 * IAU 1976 precession, IAU 1980 nutation and Greenwich sidereal time (IAU 1982 GMST + 1994 equation of the
 * equinoxes): the FK5 reduction of Vallado, "Fundamentals of Astrodynamics and Applications", 4th ed., §3.7,
 * implemented exactly as the ERFA functions it cites (prec76, pmat76, nut80, obl80, numat, eqeq94, gmst82,
 * bp00) so that MOD/TOD/TEME/PEF agree with ERFA to double-precision rounding.
 *
 * Times: `ttJd1 + ttJd2` is a two-part TT Julian date, `ut1Jd1 + ut1Jd2` a two-part UT1 Julian date (either
 * split works; put the large part in jd1 for best precision).
 */
import iau1980Json from '../../resources/nutation/iau1980.json' with { type: 'json' };
import { DAYS_PER_JULIAN_CENTURY, JD_J2000, SECONDS_PER_DAY } from '../constants.ts';
import { ARCSEC_TO_RAD, TWO_PI, normalizeAngle0To2Pi, normalizeAngleMinusPiToPi } from '../math/angles.ts';
import { type Mat3, rotateXInPlace, rotateYInPlace, rotateZInPlace, setIdentity } from '../math/mat3.ts';

/** Seconds of time to radians (ERFA_DS2R). */
const SECONDS_OF_TIME_TO_RAD = (7.272205216643039903848712e-5);

/** Julian centuries of TT since J2000.0 from a two-part Julian date. */
export function julianCenturiesSinceJ2000(jd1: number, jd2: number): number {
  return ((jd1 - JD_J2000) + jd2) / DAYS_PER_JULIAN_CENTURY;
}

// ---------------------------------------------------------------------------------------------- series
// The 106-term table is vendored from ERFA (see resources/nutation/iau1980.json `_about`). It is re-packed
// once into typed arrays, smallest terms first, to sum the series in the same order as eraNut80.
const NUT80_TERMS = (iau1980Json as { terms: number[][] }).terms;
const NUT80_COUNT = NUT80_TERMS.length;
const NUT80_MULT = new Float64Array(NUT80_COUNT * 5);
const NUT80_COEF = new Float64Array(NUT80_COUNT * 4);
for (let j = 0; j < NUT80_COUNT; j++) {
  const row = NUT80_TERMS[NUT80_COUNT - 1 - j];
  for (let k = 0; k < 5; k++) NUT80_MULT[5 * j + k] = row[k];
  for (let k = 0; k < 4; k++) NUT80_COEF[4 * j + k] = row[5 + k];
}
/** 0.1 mas to radians. */
const U80_TO_RAD = ARCSEC_TO_RAD / 1e4;

/** Number of terms in the vendored IAU 1980 series (106). */
export const IAU1980_TERM_COUNT = NUT80_COUNT;

/** Mean longitude of the Moon's ascending node, IAU 1980 (ERFA nut80/eqeq94), radians in [-π, π). */
function moonNodeIau1980Rad(t: number): number {
  return normalizeAngleMinusPiToPi(
    (450160.280 + (-482890.539 + (7.455 + 0.008 * t) * t) * t) * ARCSEC_TO_RAD + ((-5.0 * t) % 1.0) * TWO_PI,
  );
}

/**
 * IAU 1980 nutation in longitude and obliquity (ERFA nut80): writes [dpsiRad, depsRad] into `out`.
 * Fundamental arguments: Seidelmann 1982 / ERFA nut80 (arcsec polynomials plus whole revolutions).
 */
export function nutationIau1980(ttJd1: number, ttJd2: number, out: Float64Array): Float64Array {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  const el = normalizeAngleMinusPiToPi(
    (485866.733 + (715922.633 + (31.310 + 0.064 * t) * t) * t) * ARCSEC_TO_RAD + ((1325.0 * t) % 1.0) * TWO_PI,
  );
  const elp = normalizeAngleMinusPiToPi(
    (1287099.804 + (1292581.224 + (-0.577 - 0.012 * t) * t) * t) * ARCSEC_TO_RAD + ((99.0 * t) % 1.0) * TWO_PI,
  );
  const f = normalizeAngleMinusPiToPi(
    (335778.877 + (295263.137 + (-13.257 + 0.011 * t) * t) * t) * ARCSEC_TO_RAD + ((1342.0 * t) % 1.0) * TWO_PI,
  );
  const d = normalizeAngleMinusPiToPi(
    (1072261.307 + (1105601.328 + (-6.891 + 0.019 * t) * t) * t) * ARCSEC_TO_RAD + ((1236.0 * t) % 1.0) * TWO_PI,
  );
  const om = moonNodeIau1980Rad(t);
  let dp = 0;
  let de = 0;
  for (let j = 0; j < NUT80_COUNT; j++) {
    const m = 5 * j;
    const arg = NUT80_MULT[m] * el + NUT80_MULT[m + 1] * elp + NUT80_MULT[m + 2] * f + NUT80_MULT[m + 3] * d +
      NUT80_MULT[m + 4] * om;
    const c = 4 * j;
    const s = NUT80_COEF[c] + NUT80_COEF[c + 1] * t;
    const co = NUT80_COEF[c + 2] + NUT80_COEF[c + 3] * t;
    if (s !== 0) dp += s * Math.sin(arg);
    if (co !== 0) de += co * Math.cos(arg);
  }
  out[0] = dp * U80_TO_RAD;
  out[1] = de * U80_TO_RAD;
  return out;
}

/** Mean obliquity of the ecliptic, IAU 1980 (Lieske et al. 1977; ERFA obl80), radians. */
export function meanObliquityIau1980Rad(ttJd1: number, ttJd2: number): number {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  return ARCSEC_TO_RAD * (84381.448 + (-46.8150 + (-0.00059 + 0.001813 * t) * t) * t);
}

/**
 * The IAU 1994 equation of the equinoxes (ERFA eqeq94) for a given nutation in longitude: dpsi·cos(εA) plus the
 * two "kinematic" terms 0.00264" sin Ω + 0.000063" sin 2Ω (IERS Conventions 1996, ch. 5). Passing a dpsi that
 * includes the EOP correction δΔψ reproduces the oracle's corrected GAST (reference README §1).
 */
export function equationOfEquinoxes1994Rad(ttJd1: number, ttJd2: number, dpsiRad: number, epsARad: number): number {
  const om = moonNodeIau1980Rad(julianCenturiesSinceJ2000(ttJd1, ttJd2));
  return dpsiRad * Math.cos(epsARad) + ARCSEC_TO_RAD * (0.00264 * Math.sin(om) + 0.000063 * Math.sin(om + om));
}

/** Greenwich mean sidereal time, IAU 1982 (Aoki et al. 1982; ERFA gmst82), radians in [0, 2π). */
export function gmst1982Rad(ut1Jd1: number, ut1Jd2: number): number {
  const A = 24110.54841 - SECONDS_PER_DAY / 2.0;
  const B = 8640184.812866;
  const C = 0.093104;
  const D = -6.2e-6;
  let d1: number;
  let d2: number;
  if (ut1Jd1 < ut1Jd2) {
    d1 = ut1Jd1;
    d2 = ut1Jd2;
  } else {
    d1 = ut1Jd2;
    d2 = ut1Jd1;
  }
  const t = (d1 + (d2 - JD_J2000)) / DAYS_PER_JULIAN_CENTURY;
  const f = SECONDS_PER_DAY * ((d1 % 1.0) + (d2 % 1.0));
  return normalizeAngle0To2Pi(SECONDS_OF_TIME_TO_RAD * ((A + (B + (C + D * t) * t) * t) + f));
}

// ---------------------------------------------------------------------------------------------- matrices
/** IAU 2000 frame bias (IERS Conventions 2010 eq. 5.21; ERFA bi00): dψ, dε, dα0 in arcsec. */
const FRAME_BIAS_DPSI_ARCSEC = -0.041775;
const FRAME_BIAS_DEPS_ARCSEC = -0.0068192;
const FRAME_BIAS_DRA0_ARCSEC = -0.0146;
const EPS0_J2000_RAD = 84381.448 * ARCSEC_TO_RAD;

/** Fills `out` with the frame-bias matrix B: r_EME2000 = B·r_GCRF (ERFA bp00 `rb`). */
export function frameBiasMatrix(out: Mat3): Mat3 {
  setIdentity(out);
  rotateZInPlace(FRAME_BIAS_DRA0_ARCSEC * ARCSEC_TO_RAD, out);
  rotateYInPlace(FRAME_BIAS_DPSI_ARCSEC * ARCSEC_TO_RAD * Math.sin(EPS0_J2000_RAD), out);
  rotateXInPlace(-FRAME_BIAS_DEPS_ARCSEC * ARCSEC_TO_RAD, out);
  return out;
}

/**
 * IAU 1976 precession matrix from J2000 to the mean equator and equinox of date, r_MOD = P·r_EME2000
 * (Lieske et al. 1977 ζ, z, θ; Vallado 4th ed. eq. 3-88; ERFA prec76 with the start epoch J2000, pmat76).
 */
export function precessionIau1976Matrix(ttJd1: number, ttJd2: number, out: Mat3): Mat3 {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  const tas2r = t * ARCSEC_TO_RAD;
  const w = 2306.2181;
  const zeta = (w + (0.30188 + 0.017998 * t) * t) * tas2r;
  const z = (w + (1.09468 + 0.018203 * t) * t) * tas2r;
  const theta = (2004.3109 + (-0.42665 - 0.041833 * t) * t) * tas2r;
  setIdentity(out);
  rotateZInPlace(-zeta, out);
  rotateYInPlace(theta, out);
  rotateZInPlace(-z, out);
  return out;
}

/** Nutation matrix r_TOD = N·r_MOD from the mean obliquity and the nutation angles (ERFA numat). */
export function nutationMatrix(epsARad: number, dpsiRad: number, depsRad: number, out: Mat3): Mat3 {
  setIdentity(out);
  rotateXInPlace(epsARad, out);
  rotateZInPlace(-dpsiRad, out);
  rotateXInPlace(-(epsARad + depsRad), out);
  return out;
}
