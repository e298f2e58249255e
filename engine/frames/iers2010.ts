/**
 * IERS Conventions (2010) (IERS Technical Note 36, ch. 5) Earth orientation: IAU 2006 precession, IAU 2000A
 * nutation (with the IAU 2006 adjustments), the CIO locator s, the Earth rotation angle and polar motion
 * with s'. The chain is CIO based, as in ERFA c2t06a/c2ixys/pom00:
 *
 *   r_ITRF = W(xp, yp, s') · R3(ERA) · C2I(X + dX, Y + dY, s) · r_GCRF
 *
 * The functions read like the ERFA routines they cite; the only structural change is the evaluation of the
 * 1365-term nutation series, which uses precomputed multiple-angle tables instead of one sin/cos per term
 * (see `evaluateNutationSeries`).
 *
 * Times: two-part TT and UT1 Julian dates (jd1 + jd2); angles in radians unless the name says otherwise.
 */
import iau2000aJson from '../../resources/nutation/iau2000a.json' with { type: 'json' };
import { ARCSEC_TO_RAD, TURN_ARCSEC, TWO_PI, normalizeAngle0To2Pi } from '../math/angles.ts';
import { type Mat3, rotateXInPlace, rotateYInPlace, rotateZInPlace, setIdentity } from '../math/mat3.ts';
import { DAYS_PER_JULIAN_CENTURY, EARTH_ROTATION_RATE_NOMINAL_RAD_PER_S, JD_J2000, SECONDS_PER_DAY } from '../constants.ts';
import { julianCenturiesSinceJ2000 } from './iau1980.ts';

/** Polar motion, celestial pole offsets and length of day; a structural subset of eop.ts `EopValues`. */
export interface PolarMotionAndPoleOffsets {
  /** x_p, arcsec. */
  readonly xpArcsec: number;
  /** y_p, arcsec. */
  readonly ypArcsec: number;
  /** Celestial pole offset dX w.r.t. IAU 2006/2000A, arcsec. */
  readonly dxArcsec: number;
  /** Celestial pole offset dY w.r.t. IAU 2006/2000A, arcsec. */
  readonly dyArcsec: number;
  /** Excess length of day, s. */
  readonly lodSeconds: number;
}

/** Earth angular velocity about the CIP (PEF/TIRS z axis) corrected by the excess length of day, rad/s. */
export function earthRotationRateRadPerS(lodSeconds: number): number {
  return EARTH_ROTATION_RATE_NOMINAL_RAD_PER_S * (1.0 - lodSeconds / SECONDS_PER_DAY);
}

// ------------------------------------------------------------------------------------------- tables
interface NutationJson {
  nals_t: number[][];
  lunisolar_longitude_coefficients: number[][];
  lunisolar_obliquity_coefficients: number[][];
  napl_t: number[][];
  nutation_coefficients_longitude: number[][];
  nutation_coefficients_obliquity: number[][];
  ke0_t: number[][];
  se0_t_0: number[];
  se0_t_1: number[];
  ke1: number[];
  planetary_argument_constant_rad: number[];
  planetary_argument_rate_rad_per_century: number[];
}
const NUT = iau2000aJson as unknown as NutationJson;

/**
 * Argument slots of the shared multiple-angle table: 0-4 are the Delaunay arguments l, l', F, D, Ω
 * (IERS 2010 eq. 5.43), 5-18 the 14 planetary-nutation arguments of the vendored table (MHB2000 linear forms
 * of l, l', F, D, Ω, the mean longitudes of Mercury..Neptune, and the general precession p_A).
 */
const N_ARGS = 19;
const PLANETARY_SLOT = 5;

/** Sparse term list: for term j, table slots idx[start[j]..start[j+1]) (each slot = (arg, multiplier)). */
interface SparseTerms {
  readonly start: Int32Array;
  readonly slot: Int32Array;
}

const maxMultiplier = new Int32Array(N_ARGS);
function noteMultipliers(rows: number[][], argIndex: (column: number) => number): void {
  for (const row of rows) {
    for (let c = 0; c < row.length; c++) {
      const a = argIndex(c);
      maxMultiplier[a] = Math.max(maxMultiplier[a], Math.abs(row[c]));
    }
  }
}
const lsArg = (c: number): number => c;
const plArg = (c: number): number => PLANETARY_SLOT + c;
/** Complementary-terms columns: Delaunay first, then the same planetary slots as the nutation table. */
const eeArg = (c: number): number => (c < 5 ? c : PLANETARY_SLOT + c);
noteMultipliers(NUT.nals_t, lsArg);
noteMultipliers(NUT.napl_t, plArg);
noteMultipliers(NUT.ke0_t, eeArg);

/** Offset (in complex entries) of multiplier 0 of each argument in the multiple-angle table. */
const TABLE_ZERO = new Int32Array(N_ARGS);
let tableEntries = 0;
for (let a = 0; a < N_ARGS; a++) {
  TABLE_ZERO[a] = tableEntries + maxMultiplier[a];
  tableEntries += 2 * maxMultiplier[a] + 1;
}
/** Number of doubles a workspace's multiple-angle table needs (cos, sin per entry). */
const TABLE_DOUBLES = 2 * tableEntries;

/**
 * Evaluation order of a series: the terms grouped by their number of non-zero multipliers (largest
 * amplitude first inside a group, as tabulated), so that the inner product loop's trip count stays constant
 * over long runs (no measurable gain on the shared 2-core bench machine, kept as harmless); it changes only
 * the summation order (< 1e-7 µas against the tabulated order).
 */
function evaluationOrder(rows: number[][]): number[] {
  const nnz = (row: number[]): number => row.filter((m) => m !== 0).length;
  return rows.map((_, j) => j).sort((a, b) => nnz(rows[a]) - nnz(rows[b]) || a - b);
}

function packTerms(rows: number[][], argIndex: (column: number) => number, order: number[]): SparseTerms {
  const start = new Int32Array(rows.length + 1);
  const slots: number[] = [];
  order.forEach((source, j) => {
    const row = rows[source];
    start[j] = slots.length;
    for (let c = 0; c < row.length; c++) {
      if (row[c] !== 0) slots.push(2 * (TABLE_ZERO[argIndex(c)] + row[c]));
    }
  });
  start[rows.length] = slots.length;
  return { start, slot: Int32Array.from(slots) };
}

const LS_ORDER = evaluationOrder(NUT.nals_t);
const PL_ORDER = evaluationOrder(NUT.napl_t);
const LS_TERMS = packTerms(NUT.nals_t, lsArg, LS_ORDER);
const PL_TERMS = packTerms(NUT.napl_t, plArg, PL_ORDER);
const EE_TERMS = packTerms(NUT.ke0_t, eeArg, NUT.ke0_t.map((_, j) => j));
const EE1_TERMS = packTerms([NUT.ke1], eeArg, [0]);
const LS_COUNT = NUT.nals_t.length;
const PL_COUNT = NUT.napl_t.length;
const EE_COUNT = NUT.ke0_t.length;

/** Luni-solar coefficients per term: S, Ṡ, C' (longitude) and C, Ċ, S' (obliquity), 0.1 µas. */
const LS_COEF = new Float64Array(LS_COUNT * 6);
for (let j = 0; j < LS_COUNT; j++) {
  const lon = NUT.lunisolar_longitude_coefficients[LS_ORDER[j]];
  const obl = NUT.lunisolar_obliquity_coefficients[LS_ORDER[j]];
  LS_COEF.set([lon[0], lon[1], lon[2], obl[0], obl[1], obl[2]], 6 * j);
}
/** Planetary coefficients per term: S, C (longitude) and S, C (obliquity), 0.1 µas. */
const PL_COEF = new Float64Array(PL_COUNT * 4);
for (let j = 0; j < PL_COUNT; j++) {
  const lon = NUT.nutation_coefficients_longitude[PL_ORDER[j]];
  const obl = NUT.nutation_coefficients_obliquity[PL_ORDER[j]];
  PL_COEF.set([lon[0], lon[1], obl[0], obl[1]], 4 * j);
}
const EE_SIN_ARCSEC = Float64Array.from(NUT.se0_t_0);
const EE_COS_ARCSEC = Float64Array.from(NUT.se0_t_1);
/** The single t-dependent complementary term: −0.87 µas · t · sin(Ω) (IERS 2010 Table 5.2e; ERFA eect00). */
const EE1_SIN_ARCSEC = -0.87e-6;
const PLANETARY_CONSTANT_RAD = Float64Array.from(NUT.planetary_argument_constant_rad);
const PLANETARY_RATE_RAD = Float64Array.from(NUT.planetary_argument_rate_rad_per_century);
/** 0.1 µas to radians. */
const U_TO_RAD = ARCSEC_TO_RAD * 1e-7;

/** Term counts of the vendored series (678 luni-solar, 687 planetary, 33 complementary). */
export const IAU2000A_TERM_COUNTS = { lunisolar: LS_COUNT, planetary: PL_COUNT, complementary: EE_COUNT } as const;

// ------------------------------------------------------------------------------------------- workspace
/**
 * Scratch memory for one evaluation of the IERS 2010 chain (about 13 kB). Functions accept one so that a
 * caller evaluating many epochs (propagator, benchmark) allocates nothing per call; when omitted, a fresh
 * workspace is allocated (about 1 µs).
 */
export class Iers2010Workspace {
  /** cos/sin of every multiple of every fundamental argument in use. */
  readonly multipleAngles = new Float64Array(TABLE_DOUBLES);
  readonly fundamentalArgsRad = new Float64Array(N_ARGS);
  readonly nutationRad = new Float64Array(2);
  readonly npb = new Float64Array(9);
  readonly c2i = new Float64Array(9);
  readonly fwAnglesRad = new Float64Array(4);
}

/**
 * IAU 2006 Fukushima-Williams bias-precession angles [γ̄, φ̄, ψ̄, εA] in radians at t (TT Julian centuries
 * since J2000) into `out` (IERS Conventions 2010 eq. 5.40 and Table 5.? polynomials; ERFA pfw06, obl06).
 * The rotation GCRS → mean ecliptic/equinox of date is R1(−φ̄)... see ERFA fw2m; its transpose
 * R3(−γ̄)·R1(−φ̄)·R3(ψ̄) takes mean-ecliptic-of-date coordinates to GCRS (used for the Sun and Moon).
 */
export function fukushimaWilliamsAnglesRad(t: number, out: Float64Array): Float64Array {
  out[0] = (-0.052928 + (10.556378 + (0.4932044 + (-0.00031238 + (-0.000002788 + (0.0000000260) * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  out[1] = (84381.412819 + (-46.811016 + (0.0511268 + (0.00053289 + (-0.000000440 + (-0.0000000176) * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  out[2] = (-0.041775 + (5038.481484 + (1.5584175 + (-0.00018522 + (-0.000026452 + (-0.0000000148) * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  out[3] = (84381.406 + (-46.836769 + (-0.0001831 + (0.00200340 + (-0.000000576 + (-0.0000000434) * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  return out;
}

/**
 * Fills the fundamental arguments at t (TT Julian centuries since J2000) and the cos/sin table of all their
 * multiples needed by the three series, by the angle-addition recurrence (one sin/cos per argument).
 */
function fillMultipleAngles(t: number, ws: Iers2010Workspace): void {
  const a = ws.fundamentalArgsRad;
  // Delaunay arguments, IERS Conventions 2010 eq. 5.43 (Simon et al. 1994), as ERFA fal03..faom03
  // (l' and D with the MHB2000 constants of ERFA nut00a).
  a[0] = ((485868.249036 + t * (1717915923.2178 + t * (31.8792 + t * (0.051635 + t * -0.00024470)))) % TURN_ARCSEC) *
    ARCSEC_TO_RAD;
  a[1] = ((1287104.79305 + t * (129596581.0481 + t * (-0.5532 + t * (0.000136 + t * -0.00001149)))) % TURN_ARCSEC) *
    ARCSEC_TO_RAD;
  a[2] = ((335779.526232 + t * (1739527262.8478 + t * (-12.7512 + t * (-0.001037 + t * 0.00000417)))) % TURN_ARCSEC) *
    ARCSEC_TO_RAD;
  a[3] = ((1072260.70369 + t * (1602961601.2090 + t * (-6.3706 + t * (0.006593 + t * -0.00003169)))) % TURN_ARCSEC) *
    ARCSEC_TO_RAD;
  a[4] = ((450160.398036 + t * (-6962890.5431 + t * (7.4722 + t * (0.007702 + t * -0.00005939)))) % TURN_ARCSEC) *
    ARCSEC_TO_RAD;
  // Planetary arguments (linear in t; the last, p_A, is (c + r t)·t — IERS 2010 eq. 5.44, ERFA fapa03).
  for (let k = 0; k < 13; k++) {
    a[PLANETARY_SLOT + k] = (PLANETARY_CONSTANT_RAD[k] + PLANETARY_RATE_RAD[k] * t) % TWO_PI;
  }
  a[PLANETARY_SLOT + 13] = (PLANETARY_CONSTANT_RAD[13] + PLANETARY_RATE_RAD[13] * t) * t;

  const tab = ws.multipleAngles;
  for (let k = 0; k < N_ARGS; k++) {
    const mMax = maxMultiplier[k];
    const z = 2 * TABLE_ZERO[k];
    tab[z] = 1;
    tab[z + 1] = 0;
    if (mMax === 0) continue;
    const c1 = Math.cos(a[k]);
    const s1 = Math.sin(a[k]);
    let c = c1;
    let s = s1;
    for (let m = 1; m <= mMax; m++) {
      tab[z + 2 * m] = c;
      tab[z + 2 * m + 1] = s;
      tab[z - 2 * m] = c;
      tab[z - 2 * m + 1] = -s;
      const cn = c * c1 - s * s1;
      s = s * c1 + c * s1;
      c = cn;
    }
  }
}

/**
 * IAU 2000A nutation (MHB2000; IERS 2010 Tables 5.3a/5.3b; ERFA nut00a), from a filled table:
 * writes [Δψ, Δε] in radians to ws.nutationRad. Each term's cos/sin(Σ m_k a_k) is the product of the
 * tabulated cos/sin(m_k a_k) of its non-zero multipliers (about 2.4 complex products per term), which
 * replaces 1365 sin/cos pairs by 19.
 */
function evaluateNutationSeries(t: number, ws: Iers2010Workspace): void {
  const tab = ws.multipleAngles;
  let dp = 0;
  let de = 0;
  const lsStart = LS_TERMS.start;
  const lsSlot = LS_TERMS.slot;
  for (let j = 0; j < LS_COUNT; j++) {
    let p = lsStart[j];
    const end = lsStart[j + 1];
    let idx = lsSlot[p];
    let c = tab[idx];
    let s = tab[idx + 1];
    for (p++; p < end; p++) {
      idx = lsSlot[p];
      const c2 = tab[idx];
      const s2 = tab[idx + 1];
      const cn = c * c2 - s * s2;
      s = s * c2 + c * s2;
      c = cn;
    }
    const q = 6 * j;
    dp += (LS_COEF[q] + LS_COEF[q + 1] * t) * s + LS_COEF[q + 2] * c;
    de += (LS_COEF[q + 3] + LS_COEF[q + 4] * t) * c + LS_COEF[q + 5] * s;
  }
  const plStart = PL_TERMS.start;
  const plSlot = PL_TERMS.slot;
  for (let j = 0; j < PL_COUNT; j++) {
    let p = plStart[j];
    const end = plStart[j + 1];
    let idx = plSlot[p];
    let c = tab[idx];
    let s = tab[idx + 1];
    for (p++; p < end; p++) {
      idx = plSlot[p];
      const c2 = tab[idx];
      const s2 = tab[idx + 1];
      const cn = c * c2 - s * s2;
      s = s * c2 + c * s2;
      c = cn;
    }
    const q = 4 * j;
    dp += PL_COEF[q] * s + PL_COEF[q + 1] * c;
    de += PL_COEF[q + 2] * s + PL_COEF[q + 3] * c;
  }
  ws.nutationRad[0] = dp * U_TO_RAD;
  ws.nutationRad[1] = de * U_TO_RAD;
}

/** Complementary terms of the equation of the equinoxes from a filled table (ERFA eect00), radians. */
function evaluateComplementaryTerms(t: number, ws: Iers2010Workspace): number {
  const tab = ws.multipleAngles;
  let s0 = 0;
  for (let j = EE_COUNT - 1; j >= 0; j--) {
    let p = EE_TERMS.start[j];
    const end = EE_TERMS.start[j + 1];
    let c = 1;
    let s = 0;
    for (; p < end; p++) {
      const idx = EE_TERMS.slot[p];
      const c2 = tab[idx];
      const s2 = tab[idx + 1];
      const cn = c * c2 - s * s2;
      s = s * c2 + c * s2;
      c = cn;
    }
    s0 += EE_SIN_ARCSEC[j] * s + EE_COS_ARCSEC[j] * c;
  }
  const i1 = EE1_TERMS.slot[0]; // ke1 has one non-zero multiplier (Ω)
  const s1 = EE1_SIN_ARCSEC * tab[i1 + 1];
  return (s0 + s1 * t) * ARCSEC_TO_RAD;
}

// ------------------------------------------------------------------------------------------- public models
/** IAU 2000A nutation Δψ, Δε in radians (ERFA nut00a) into out[0], out[1]. */
export function nutationIau2000a(ttJd1: number, ttJd2: number, out: Float64Array, ws = new Iers2010Workspace()): Float64Array {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  fillMultipleAngles(t, ws);
  evaluateNutationSeries(t, ws);
  out[0] = ws.nutationRad[0];
  out[1] = ws.nutationRad[1];
  return out;
}

/**
 * IAU 2000A nutation adjusted to IAU 2006 precession (IERS 2010 §5.6.3, the J2 rate and the 0.4697e-6
 * factor of Capitaine et al. 2005; ERFA nut06a), in place on [Δψ, Δε].
 */
function applyIau2006Adjustment(t: number, nut: Float64Array): void {
  const fj2 = -2.7774e-6 * t;
  nut[0] *= 1.0 + 0.4697e-6 + fj2;
  nut[1] *= 1.0 + fj2;
}

/** IAU 2006/2000A nutation Δψ, Δε in radians (ERFA nut06a) into out[0], out[1]. */
export function nutationIau2006a(ttJd1: number, ttJd2: number, out: Float64Array, ws = new Iers2010Workspace()): Float64Array {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  nutationIau2000a(ttJd1, ttJd2, out, ws);
  applyIau2006Adjustment(t, out);
  return out;
}

/** Equation-of-the-equinoxes complementary terms, radians (IERS 2010 Table 5.2e; ERFA eect00). */
export function equationOfEquinoxesComplementaryRad(ttJd1: number, ttJd2: number, ws = new Iers2010Workspace()): number {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  fillMultipleAngles(t, ws);
  return evaluateComplementaryTerms(t, ws);
}

/** Mean obliquity of the ecliptic, IAU 2006 (IERS 2010 eq. 5.40; ERFA obl06), radians. */
export function meanObliquityIau2006Rad(ttJd1: number, ttJd2: number): number {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  return (84381.406 + (-46.836769 + (-0.0001831 + (0.00200340 + (-0.000000576 + (-0.0000000434) * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
}

/**
 * Bias-precession-nutation matrix (GCRS → true equator and equinox of date) from the IAU 2006
 * Fukushima-Williams angles γ̄, φ̄, ψ̄ (IERS 2010 eq. 5.40; ERFA pfw06) and the IAU 2006/2000A nutation
 * (ERFA pnm06a = fw2m(γ̄, φ̄, ψ̄ + Δψ, εA + Δε)). Also leaves [Δψ, Δε] in ws.nutationRad.
 */
function fillNpbIau2006a(t: number, ws: Iers2010Workspace): void {
  evaluateNutationSeries(t, ws);
  applyIau2006Adjustment(t, ws.nutationRad);
  const fw = fukushimaWilliamsAnglesRad(t, ws.fwAnglesRad);
  const gamb = fw[0];
  const phib = fw[1];
  const psib = fw[2];
  const epsa = fw[3];
  const m = setIdentity(ws.npb);
  rotateZInPlace(gamb, m);
  rotateXInPlace(phib, m);
  rotateZInPlace(-(psib + ws.nutationRad[0]), m);
  rotateXInPlace(-(epsa + ws.nutationRad[1]), m);
}

/** Bias-precession-nutation matrix, IAU 2006/2000A (ERFA pnm06a), into `out`. */
export function precessionNutationMatrixIau2006a(ttJd1: number, ttJd2: number, out: Mat3, ws = new Iers2010Workspace()): Mat3 {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  fillMultipleAngles(t, ws);
  fillNpbIau2006a(t, ws);
  for (let i = 0; i < 9; i++) out[i] = ws.npb[i];
  return out;
}

/** Earth rotation angle (IERS 2010 eq. 5.15; ERFA era00), radians in [0, 2π). */
export function earthRotationAngleRad(ut1Jd1: number, ut1Jd2: number): number {
  let d1: number;
  let d2: number;
  if (ut1Jd1 < ut1Jd2) {
    d1 = ut1Jd1;
    d2 = ut1Jd2;
  } else {
    d1 = ut1Jd2;
    d2 = ut1Jd1;
  }
  const t = d1 + (d2 - JD_J2000);
  const f = (d1 % 1.0) + (d2 % 1.0);
  return normalizeAngle0To2Pi(TWO_PI * (f + 0.7790572732640 + 0.00273781191135448 * t));
}

/**
 * Equation of the origins EO = −(GMST06 − ERA) − EE (IERS 2010 §5.5.7: EO polynomial of ERFA gmst06, the
 * equation of the equinoxes Δψ cos εA plus the Table 5.2e complementary terms), radians. Needs a filled
 * table and ws.nutationRad (IAU 2006 adjusted).
 */
function equationOfOriginsRad(t: number, ws: Iers2010Workspace): number {
  const gmstMinusEraArcsec =
    0.014506 + (4612.156534 + (1.3915817 + (-0.00000044 + (-0.000029956 + (-0.0000000368) * t) * t) * t) * t) * t;
  const epsa = (84381.406 + (-46.836769 + (-0.0001831 + (0.00200340 + (-0.000000576 + (-0.0000000434) * t) * t) * t) * t) * t) *
    ARCSEC_TO_RAD;
  const ee = ws.nutationRad[0] * Math.cos(epsa) + evaluateComplementaryTerms(t, ws);
  return -gmstMinusEraArcsec * ARCSEC_TO_RAD - ee;
}

/**
 * CIO locator s from the equation of the origins and the NPB matrix: ERFA eors gives EO = s − atan2(q, p)
 * (Wallace & Capitaine 2006 eq. 16), so s = EO + atan2(q, p). Against ERFA s06 this agrees to 0.6 µas over
 * 1950-2100 (checked with python3-erfa), i.e. 1 mm at 380 000 km, without a separate s series.
 */
function cioLocatorFromNpb(eoRad: number, npb: Mat3): number {
  const x = npb[6];
  const ax = x / (1.0 + npb[8]);
  const xs = 1.0 - ax * x;
  const ys = -ax * npb[7];
  const zs = -x;
  const p = npb[0] * xs + npb[1] * ys + npb[2] * zs;
  const q = npb[3] * xs + npb[4] * ys + npb[5] * zs;
  return p !== 0 || q !== 0 ? eoRad + Math.atan2(q, p) : eoRad;
}

/** Celestial-to-intermediate matrix from the CIP X, Y and the CIO locator s (ERFA c2ixys). */
export function celestialToIntermediateMatrix(xRad: number, yRad: number, sRad: number, out: Mat3): Mat3 {
  const r2 = xRad * xRad + yRad * yRad;
  const e = r2 > 0 ? Math.atan2(yRad, xRad) : 0;
  const d = Math.atan(Math.sqrt(r2 / (1.0 - r2)));
  setIdentity(out);
  rotateZInPlace(e, out);
  rotateYInPlace(d, out);
  rotateZInPlace(-(e + sRad), out);
  return out;
}

/**
 * GCRF → TIRS (PEF of the CIO-based chain) rotation R3(ERA)·C2I(X + dX, Y + dY, s) into `out`.
 * Cost: one evaluation of the full IAU 2000A series (678 + 687 terms) plus the complementary terms.
 */
export function gcrfToTirsMatrix(
  out: Mat3,
  ttJd1: number,
  ttJd2: number,
  ut1Jd1: number,
  ut1Jd2: number,
  dxArcsec: number,
  dyArcsec: number,
  ws = new Iers2010Workspace(),
): Mat3 {
  const t = julianCenturiesSinceJ2000(ttJd1, ttJd2);
  fillMultipleAngles(t, ws);
  fillNpbIau2006a(t, ws);
  const s = cioLocatorFromNpb(equationOfOriginsRad(t, ws), ws.npb);
  celestialToIntermediateMatrix(ws.npb[6] + dxArcsec * ARCSEC_TO_RAD, ws.npb[7] + dyArcsec * ARCSEC_TO_RAD, s, out);
  rotateZInPlace(earthRotationAngleRad(ut1Jd1, ut1Jd2), out);
  return out;
}

/** TIO locator s' = −47 µas · t (IERS 2010 eq. 5.13; ERFA sp00), radians. */
export function tioLocatorRad(ttJd1: number, ttJd2: number): number {
  return -47e-6 * julianCenturiesSinceJ2000(ttJd1, ttJd2) * ARCSEC_TO_RAD;
}

/** Polar-motion matrix W = R1(−yp)·R2(−xp)·R3(s') as r_ITRF = W·r_TIRS (IERS 2010 eq. 5.3; ERFA pom00). */
export function polarMotionMatrix(xpRad: number, ypRad: number, spRad: number, out: Mat3): Mat3 {
  setIdentity(out);
  rotateZInPlace(spRad, out);
  rotateYInPlace(-xpRad, out);
  rotateXInPlace(-ypRad, out);
  return out;
}

/**
 * GCRF → ITRF rotation (IERS Conventions 2010, CIO based, with dX/dY and polar motion) into `out`
 * (row-major Float64Array(9)): r_ITRF = out · r_GCRF.
 *
 * This is what the propagator calls for gravity in ITRF. Cost on the benchmark machine: about 10 µs
 * (dominated by the 1365-term nutation series); pass a reused `ws` to avoid allocating. The matrix changes
 * smoothly (the fastest part is the Earth rotation, 7.3e-5 rad/s), so a caller may interpolate the
 * precession-nutation part between nodes and apply ERA exactly.
 * The Earth angular velocity for v_ITRF = W·(R·v − ω×R·r) is `earthRotationRateRadPerS(eop.lodSeconds)` about
 * the TIRS z axis.
 */
export function gcrfToItrfMatrix(
  out: Mat3,
  ttJd1: number,
  ttJd2: number,
  ut1Jd1: number,
  ut1Jd2: number,
  eop: PolarMotionAndPoleOffsets,
  ws = new Iers2010Workspace(),
): Mat3 {
  gcrfToTirsMatrix(out, ttJd1, ttJd2, ut1Jd1, ut1Jd2, eop.dxArcsec, eop.dyArcsec, ws);
  const w = polarMotionMatrix(eop.xpArcsec * ARCSEC_TO_RAD, eop.ypArcsec * ARCSEC_TO_RAD, tioLocatorRad(ttJd1, ttJd2), ws.c2i);
  // out ← W·out
  const o0 = out[0], o1 = out[1], o2 = out[2], o3 = out[3], o4 = out[4], o5 = out[5], o6 = out[6], o7 = out[7], o8 = out[8];
  out[0] = w[0] * o0 + w[1] * o3 + w[2] * o6;
  out[1] = w[0] * o1 + w[1] * o4 + w[2] * o7;
  out[2] = w[0] * o2 + w[1] * o5 + w[2] * o8;
  out[3] = w[3] * o0 + w[4] * o3 + w[5] * o6;
  out[4] = w[3] * o1 + w[4] * o4 + w[5] * o7;
  out[5] = w[3] * o2 + w[4] * o5 + w[5] * o8;
  out[6] = w[6] * o0 + w[7] * o3 + w[8] * o6;
  out[7] = w[6] * o1 + w[7] * o4 + w[8] * o7;
  out[8] = w[6] * o2 + w[7] * o5 + w[8] * o8;
  return out;
}
