/**
 * NRLMSISE-00 empirical atmosphere (Picone, Hedin, Drob & Aikin 2002, J. Geophys. Res. 107(A12), 1468), written
 * after the structure of the NRL release (Fortran `GTD7`, `GTD7D`, `GTS7`, `GLOBE7`, `GLOB7S`, `DENSU`, `DENSM`, …;
 * Hedin 1987/1991 for the MSIS formulation, whose equation numbers are cited below as "Hedin 1987 eq. A…").
 *
 *  - `gtd7`: temperatures and number densities of He, O, N2, O2, Ar, H, N and anomalous O from the ground up; the
 *    total mass density d[5] EXCLUDES anomalous oxygen (the published definition).
 *  - `gtd7d`: the same, with d[5] the "effective total mass density for drag", INCLUDING anomalous oxygen (16 amu).
 *    This is the density drag uses (Orekit's `NRLMSISE00.getDensity` too).
 *  - switches (24, the release's `TSELEC`): 0 = off, 1 = on; switch 0 selects the output units (0: cm⁻³ and g/cm³,
 *    1: m⁻³ and kg/m³); switch 9 = −1 uses the 7-element Ap history `ap[0..6]` instead of the daily Ap `ap[0]`.
 *
 * Inputs (the release's conventions): day of year, UT seconds of day, geodetic altitude (km), latitude and longitude
 * (deg), local apparent solar time (h), the 81-day centred average of F10.7 and the previous day's F10.7 (observed,
 * i.e. at the Earth–Sun distance, sfu) and the Ap history: [0] daily Ap, [1] 3-hour ap at the time, [2..4] 3, 6 and
 * 9 hours before, [5] the mean of the eight 3-hour values from 12 to 33 hours before, [6] from 36 to 57 hours before.
 *
 * Coefficient tables: `resources/nrlmsise00/coefficients.json` (the NRL release's numbers, public domain).
 * The computation is allocation-free after construction: every scratch array lives in the instance, so one instance
 * must not be shared between threads (none are: each worker builds its own).
 */
import tables from '../../resources/nrlmsise00/coefficients.json' with { type: 'json' };

const row = (values: readonly number[]): Float64Array => Float64Array.from(values);
const PT = row(tables.pt);
const PS = row(tables.ps);
const PD = tables.pd.map(row);
const PDL = tables.pdl.map(row);
const PTL = tables.ptl.map(row);
const PMA = tables.pma.map(row);
const PTM = row(tables.ptm);
const PDM = tables.pdm.map(row);
const PAVGM = row(tables.pavgm);
/** Spline node altitudes (km): lower thermosphere (ZN1), mesosphere/stratosphere (ZN2), stratosphere/troposphere (ZN3). */
const ZN1 = row(tables.zn1);
const ZN2 = row(tables.zn2);
const ZN3 = row(tables.zn3);

// The release's rounded conversion factors (kept as published: changing them moves the printed check values).
const DGTR = 1.74533e-2; // deg → rad
const DR = 1.72142e-2; // day → rad (2π/365)
const HR = 0.2618; // hour → rad
const SR = 7.2722e-5; // second → rad
/** Gas constant (cgs units of the release, per amu). */
const RGAS = 831.4;
/** Mass of one atomic mass unit in the release (g). */
const AMU_G = 1.66e-24;
const MASS_HE = 4;
const MASS_O = 16;
const MASS_N2 = 28;
const MASS_O2 = 32;
const MASS_AR = 40;
const MASS_H = 1;
const MASS_N = 14;
/** Altitude (km) below which the turbopause transition to full mixing is complete. */
const ZMIX = 62.5;
/** Upper bound of the density exponent (and of the ratio used when a temperature is not positive). */
const EXPONENT_LIMIT = 50;
/** Thermal diffusion coefficients and the altitudes up to which the mixing corrections apply, per species. */
const ALPHA = [-0.38, 0, 0, 0, 0.17, 0, -0.38, 0, 0];
const ALTL = [200, 300, 160, 250, 240, 450, 320, 450];

/**
 * The G(L) functions evaluate cos(k·(x − p[i])) for phase parameters p[i] of each table (day of year, local time,
 * UT seconds, longitude). They are computed as cos(kx)·cos(k·p[i]) + sin(kx)·sin(k·p[i]) with cos/sin(kx) once per
 * evaluation and cos/sin(k·p[i]) once per table here: the same value (to rounding) for a third of the cost.
 */
const GLOBE7_PHASES: readonly (readonly [number, number])[] = [
  [31, DR], [17, 2 * DR], [13, DR], [38, 2 * DR], // season
  [124, HR], [131, HR], // local time of the magnetic terms
  [71, SR], [79, SR], [75, SR], [58, SR], // universal time
  [63, DGTR], [118, DGTR], [97, DGTR], [136, DGTR], // longitude
];
const GLOB7S_PHASES: readonly (readonly [number, number])[] = [
  [31, DR], [17, 2 * DR], [13, DR], [38, 2 * DR], [81, DR], [86, 2 * DR], [84, DR], [88, 2 * DR],
];
/** Per table: [cos(k·p[i]), sin(k·p[i])] at [2i], [2i + 1]. */
const PHASES = new Map<Float64Array, Float64Array>();
function addPhases(tables: readonly Float64Array[], spec: readonly (readonly [number, number])[]): void {
  for (const p of tables) {
    const ph = new Float64Array(2 * p.length);
    for (const [i, k] of spec) {
      ph[2 * i] = Math.cos(k * p[i]!);
      ph[2 * i + 1] = Math.sin(k * p[i]!);
    }
    PHASES.set(p, ph);
  }
}
addPhases([PT, PS, ...PD], GLOBE7_PHASES);
addPhases([...PTL, ...PMA], GLOB7S_PHASES);

/** Index of each quantity in `Nrlmsise00Output.d`. */
export const NRLMSISE_DENSITY = {
  He: 0,
  O: 1,
  N2: 2,
  O2: 3,
  Ar: 4,
  /** total mass density: without anomalous O (gtd7) or with it (gtd7d) */
  TOTAL: 5,
  H: 6,
  N: 7,
  ANOMALOUS_O: 8,
} as const;

/** Inputs of one evaluation (mutable, so that a hot loop fills one instance instead of allocating). */
export class Nrlmsise00Input {
  /** Day of year (1–366). */
  doy = 1;
  /** Universal time, seconds of the day. */
  sec = 0;
  altKm = 0;
  gLatDeg = 0;
  gLongDeg = 0;
  /** Local apparent solar time (hours). */
  lstH = 0;
  /** 81-day average of F10.7, centred on the day (sfu). */
  f107A = 150;
  /** F10.7 of the previous day (sfu). */
  f107 = 150;
  /** [0] daily Ap; [1..6] the 3-hour history (used with switch 9 = −1), see the module comment. */
  readonly ap = new Float64Array(7);
}

/** Outputs: d[0..8] densities (order of `NRLMSISE_DENSITY`), t[0] exospheric temperature, t[1] temperature at altitude (K). */
export class Nrlmsise00Output {
  readonly d = new Float64Array(9);
  readonly t = new Float64Array(2);
}

/** All 24 switches on, SI output (m⁻³, kg/m³): what drag uses. */
export const NRLMSISE_SI_SWITCHES: readonly number[] = Object.freeze(new Array<number>(24).fill(1));

export class Nrlmsise00 {
  /** Main-effect and cross-effect switches after `TSELEC` (sw ∈ {0, 1}, sw[9] ∈ {−1, 0, 1}). */
  private readonly sw = new Float64Array(24);
  private readonly swc = new Float64Array(24);
  private readonly metric: boolean;

  // per-evaluation state (the release's COMMON blocks), set by `prepare` and the G(L) functions
  private doy = 0;
  private lat = 0;
  private f107A = 0;
  private f107 = 0;
  private readonly ap = new Float64Array(7);
  /** Gravity (cm/s²) and effective Earth radius (km) at the latitude (`GLATF`). */
  private gsurf = 0;
  private re = 0;
  /** Associated Legendre functions P(l, m) of sin(latitude), stored at [m][l]. */
  private readonly plg = [new Float64Array(8), new Float64Array(8), new Float64Array(8), new Float64Array(8)];
  private stloc = 0;
  private ctloc = 0;
  private s2tloc = 0;
  private c2tloc = 0;
  private s3tloc = 0;
  private c3tloc = 0;
  // cos/sin of the day-of-year, UT and longitude angles (for the phase identities above)
  private cDoy = 0;
  private sDoy = 0;
  private c2Doy = 0;
  private s2Doy = 0;
  private cSec = 0;
  private sSec = 0;
  private cLon = 0;
  private sLon = 0;
  private c2Lon = 0;
  private s2Lon = 0;
  /** Magnetic activity functions of the daily Ap (`APDF`) and of the 3-hour history (`APT`, Hedin 1987 eq. A24). */
  private apdf = 0;
  private apt = 0;
  /** Mixed N2 density at the altitude, for the transition below ZN2[0]. */
  private dm28 = 0;
  // temperatures at the spline nodes and gradients at the end nodes (the release's MESO7 block)
  private readonly tn1 = new Float64Array(5);
  private readonly tgn1 = new Float64Array(2);
  private readonly tn2 = new Float64Array(4);
  private readonly tgn2 = new Float64Array(2);
  private readonly tn3 = new Float64Array(5);
  private readonly tgn3 = new Float64Array(2);
  // last Bates profile point of `densu` (arguments → ζ, T)
  private batesZ = Number.NaN;
  private batesZlb = Number.NaN;
  private batesTinf = Number.NaN;
  private batesTlb = Number.NaN;
  private batesS = Number.NaN;
  private batesZeta = 0;
  private batesT = 0;
  // scratch
  private readonly terms = new Float64Array(14);
  private readonly xs = new Float64Array(5);
  private readonly ys = new Float64Array(5);
  private readonly y2 = new Float64Array(5);
  private readonly u = new Float64Array(5);
  private readonly thermo = new Float64Array(9);

  /** `switches`: 24 values as the release's `TSELEC` takes them (default: all 1, SI units). */
  constructor(switches: ArrayLike<number> = NRLMSISE_SI_SWITCHES) {
    if (switches.length !== 24) throw new RangeError(`NRLMSISE-00 needs 24 switches, got ${switches.length}`);
    for (let i = 0; i < 24; i++) {
      const v = switches[i]!;
      if (i === 9) {
        this.sw[i] = v === 1 || v === -1 ? v : 0;
        this.swc[i] = this.sw[i]!;
      } else {
        this.sw[i] = v === 1 ? 1 : 0;
        this.swc[i] = v > 0 ? 1 : 0;
      }
    }
    this.metric = this.sw[0] === 1;
  }

  /** Densities and temperatures; d[5] is the mass density of all species except anomalous oxygen. */
  gtd7(input: Nrlmsise00Input, out: Nrlmsise00Output): Nrlmsise00Output {
    this.prepare(input);
    this.gtd7Cgs(input.altKm, out);
    this.toOutputUnits(out, false);
    return out;
  }

  /** As `gtd7`, with d[5] the effective total mass density for drag (anomalous oxygen included). */
  gtd7d(input: Nrlmsise00Input, out: Nrlmsise00Output): Nrlmsise00Output {
    this.prepare(input);
    this.gtd7Cgs(input.altKm, out);
    this.toOutputUnits(out, true);
    return out;
  }

  /** cgs → the units of switch 0, and the total mass density (with or without anomalous O). */
  private toOutputUnits(out: Nrlmsise00Output, withAnomalousOxygen: boolean): void {
    const d = out.d;
    let massG =
      MASS_HE * d[0]! + MASS_O * d[1]! + MASS_N2 * d[2]! + MASS_O2 * d[3]! + MASS_AR * d[4]! + MASS_H * d[6]! + MASS_N * d[7]!;
    if (withAnomalousOxygen) massG += MASS_O * d[8]!;
    d[5] = AMU_G * massG;
    if (this.metric) {
      for (let i = 0; i < 9; i++) if (i !== 5) d[i] = d[i]! * 1e6;
      d[5] = d[5]! * 1e3; // g/cm³ → kg/m³
    }
  }

  /** Inputs, latitude-dependent gravity, Legendre functions and local-time harmonics (start of the release's GTD7/GLOBE7). */
  private prepare(input: Nrlmsise00Input): void {
    this.doy = input.doy;
    this.lat = input.gLatDeg;
    this.f107A = input.f107A;
    this.f107 = input.f107;
    this.ap.set(input.ap);
    // GLATF: latitude variation of gravity (none with switch 2 off) and the effective radius (km)
    const xlat = this.sw[2] === 0 ? 45 : input.gLatDeg;
    const c2 = Math.cos(2 * DGTR * xlat);
    this.gsurf = 980.616 * (1 - 0.0026373 * c2);
    this.re = ((2 * this.gsurf) / (3.085462e-6 + 2.27e-9 * c2)) * 1e-5;
    // P(l, m)(sin φ) by the standard recurrences (unnormalised, without the Condon–Shortley phase)
    const x = Math.sin(DGTR * input.gLatDeg);
    const y = Math.cos(DGTR * input.gLatDeg);
    const p0 = this.plg[0]!;
    const p1 = this.plg[1]!;
    const p2 = this.plg[2]!;
    const p3 = this.plg[3]!;
    p0[0] = 1;
    p0[1] = x;
    for (let l = 2; l <= 6; l++) p0[l] = ((2 * l - 1) * x * p0[l - 1]! - (l - 1) * p0[l - 2]!) / l;
    p1[1] = y;
    p1[2] = 3 * x * y;
    for (let l = 3; l <= 6; l++) p1[l] = ((2 * l - 1) * x * p1[l - 1]! - l * p1[l - 2]!) / (l - 1);
    p2[2] = 3 * y * y;
    p2[3] = 5 * x * p2[2]!;
    for (let l = 4; l <= 7; l++) p2[l] = ((2 * l - 1) * x * p2[l - 1]! - (l + 1) * p2[l - 2]!) / (l - 2);
    p3[3] = 15 * y * y * y;
    p3[4] = 7 * x * p3[3]!;
    for (let l = 5; l <= 6; l++) p3[l] = ((2 * l - 1) * x * p3[l - 1]! - (l + 2) * p3[l - 2]!) / (l - 3);
    if (!(this.sw[7] === 0 && this.sw[8] === 0 && this.sw[14] === 0)) {
      const tloc = HR * input.lstH;
      this.stloc = Math.sin(tloc);
      this.ctloc = Math.cos(tloc);
      this.s2tloc = Math.sin(2 * tloc);
      this.c2tloc = Math.cos(2 * tloc);
      this.s3tloc = Math.sin(3 * tloc);
      this.c3tloc = Math.cos(3 * tloc);
    } else {
      this.stloc = this.ctloc = this.s2tloc = this.c2tloc = this.s3tloc = this.c3tloc = 0;
    }
    this.cDoy = Math.cos(DR * input.doy);
    this.sDoy = Math.sin(DR * input.doy);
    this.c2Doy = Math.cos(2 * DR * input.doy);
    this.s2Doy = Math.sin(2 * DR * input.doy);
    this.cSec = Math.cos(SR * input.sec);
    this.sSec = Math.sin(SR * input.sec);
    this.cLon = Math.cos(DGTR * input.gLongDeg);
    this.sLon = Math.sin(DGTR * input.gLongDeg);
    this.c2Lon = Math.cos(2 * DGTR * input.gLongDeg);
    this.s2Lon = Math.sin(2 * DGTR * input.gLongDeg);
  }

  /** GTD7 in cgs: the thermosphere (GTS7) down to ZN2[0] = 72.5 km, then the mesosphere and below (DENSM). */
  private gtd7Cgs(alt: number, out: Nrlmsise00Output): void {
    const zn2Top = ZN2[0]!;
    const th = this.thermo;
    const temps = out.t;
    this.gts7(Math.max(alt, zn2Top), th, temps);
    const d = out.d;
    if (alt >= zn2Top) {
      d.set(th);
      return;
    }
    const sw = this.sw;
    // temperatures at the ZN2 nodes and gradients at its ends: inverse temperature linear in spherical harmonics
    const tn1 = this.tn1;
    const tgn1 = this.tgn1;
    const tn2 = this.tn2;
    const tgn2 = this.tgn2;
    const tn3 = this.tn3;
    const tgn3 = this.tgn3;
    tgn2[0] = tgn1[1]!;
    tn2[0] = tn1[4]!;
    tn2[1] = (PMA[0]![0]! * PAVGM[0]!) / (1 - sw[20]! * this.glob7s(PMA[0]!));
    tn2[2] = (PMA[1]![0]! * PAVGM[1]!) / (1 - sw[20]! * this.glob7s(PMA[1]!));
    tn2[3] = (PMA[2]![0]! * PAVGM[2]!) / (1 - sw[20]! * sw[22]! * this.glob7s(PMA[2]!));
    const r2 = PMA[2]![0]! * PAVGM[2]!;
    tgn2[1] = (PMA[9]![0]! * PAVGM[8]! * (1 + sw[20]! * sw[22]! * this.glob7s(PMA[9]!)) * tn2[3]! * tn2[3]!) / (r2 * r2);
    tn3[0] = tn2[3]!;
    if (alt <= ZN3[0]!) {
      // the ZN3 nodes (stratosphere and troposphere)
      tgn3[0] = tgn2[1]!;
      tn3[1] = (PMA[3]![0]! * PAVGM[3]!) / (1 - sw[22]! * this.glob7s(PMA[3]!));
      tn3[2] = (PMA[4]![0]! * PAVGM[4]!) / (1 - sw[22]! * this.glob7s(PMA[4]!));
      tn3[3] = (PMA[5]![0]! * PAVGM[5]!) / (1 - sw[22]! * this.glob7s(PMA[5]!));
      tn3[4] = (PMA[6]![0]! * PAVGM[6]!) / (1 - sw[22]! * this.glob7s(PMA[6]!));
      const r3 = PMA[6]![0]! * PAVGM[6]!;
      tgn3[1] = (PMA[7]![0]! * PAVGM[7]! * (1 + sw[22]! * this.glob7s(PMA[7]!)) * tn3[4]! * tn3[4]!) / (r3 * r3);
    }
    // linear transition to full mixing below ZN2[0]
    const dmc = alt > ZMIX ? 1 - (zn2Top - alt) / (zn2Top - ZMIX) : 0;
    const dz28 = th[2]!;
    const xmm = PDM[2]![4]!;
    let dmr = dz28 / this.dm28 - 1;
    d[2] = this.densm(alt, this.dm28, xmm) * (1 + dmr * dmc);
    dmr = th[0]! / (dz28 * PDM[0]![1]!) - 1;
    d[0] = d[2]! * PDM[0]![1]! * (1 + dmr * dmc);
    d[1] = 0;
    d[8] = 0;
    dmr = th[3]! / (dz28 * PDM[3]![1]!) - 1;
    d[3] = d[2]! * PDM[3]![1]! * (1 + dmr * dmc);
    dmr = th[4]! / (dz28 * PDM[4]![1]!) - 1;
    d[4] = d[2]! * PDM[4]![1]! * (1 + dmr * dmc);
    d[6] = 0;
    d[7] = 0;
    temps[1] = this.densm(alt, 1, 0);
  }

  /** GTS7: thermospheric densities (cm⁻³) and temperatures above ZN2[0] (Hedin 1987 §2, eqs. A1–A21). */
  private gts7(alt: number, d: Float64Array, temps: Float64Array): void {
    const sw = this.sw;
    const zn1 = ZN1;
    const xmm = PDM[2]![4]!;
    // exospheric temperature (its variations are not important below ZN1[0])
    let tinf = PTM[0]! * PT[0]!;
    if (alt > zn1[0]!) tinf *= 1 + sw[16]! * this.globe7(PT);
    temps[0] = tinf;
    // temperature gradient at the lower boundary (its variations are not important below ZN1[4])
    let g0 = PTM[3]! * PS[0]!;
    if (alt > zn1[4]!) g0 *= 1 + sw[19]! * this.globe7(PS);
    // temperature at the lower boundary and the Bates profile's shape factor
    const tlb = PTM[1]! * PD[3]![0]! * (1 + sw[17]! * this.globe7(PD[3]!));
    const s = g0 / (tinf - tlb);
    // lower-thermosphere node temperatures (not significant for densities above 300 km)
    const tn1 = this.tn1;
    const tgn1 = this.tgn1;
    tn1[1] = PTM[6]! * PTL[0]![0]!;
    tn1[2] = PTM[2]! * PTL[1]![0]!;
    tn1[3] = PTM[7]! * PTL[2]![0]!;
    tn1[4] = PTM[4]! * PTL[3]![0]!;
    tgn1[1] = PTM[8]! * PMA[8]![0]!;
    if (alt < 300) {
      tn1[1] = tn1[1]! / (1 - sw[18]! * this.glob7s(PTL[0]!));
      tn1[2] = tn1[2]! / (1 - sw[18]! * this.glob7s(PTL[1]!));
      tn1[3] = tn1[3]! / (1 - sw[18]! * this.glob7s(PTL[2]!));
      tn1[4] = tn1[4]! / (1 - sw[18]! * sw[20]! * this.glob7s(PTL[3]!));
      const r = PTM[4]! * PTL[3]![0]!;
      tgn1[1] = (tgn1[1]! * (1 + sw[18]! * sw[20]! * this.glob7s(PMA[8]!)) * tn1[4]! * tn1[4]!) / (r * r);
    }
    const zlb = PTM[5]!;
    // temperature at the altitude
    temps[1] = this.densu(alt, 1, tinf, tlb, 0, 0, zlb, s);

    // N2: diffusive density, then the turbopause mixing
    const db28 = PDM[2]![0]! * Math.exp(sw[21]! * this.globe7(PD[2]!)) * PD[2]![0]!;
    d[2] = this.densu(alt, db28, tinf, tlb, MASS_N2, ALPHA[2]!, zlb, s);
    // turbopause height, varying with latitude and season
    const zhf = PDL[1]![24]! * (1 + sw[5]! * PDL[0]![24]! * Math.sin(DGTR * this.lat) * Math.cos(DR * (this.doy - PT[13]!)));
    const zh28 = PDM[2]![2]! * zhf;
    const zhm28 = PDM[2]![3]! * PDL[1]![5]!;
    const b28 = this.densu(zh28, db28, tinf, tlb, MASS_N2 - xmm, ALPHA[2]! - 1, zlb, s);
    if (sw[15] !== 0 && alt <= ALTL[2]!) {
      this.dm28 = this.densu(alt, b28, tinf, tlb, xmm, ALPHA[2]!, zlb, s);
      d[2] = dnet(d[2]!, this.dm28, zhm28, xmm, MASS_N2);
    }

    // He
    const db04 = PDM[0]![0]! * Math.exp(sw[21]! * this.globe7(PD[0]!)) * PD[0]![0]!;
    d[0] = this.densu(alt, db04, tinf, tlb, MASS_HE, ALPHA[0]!, zlb, s);
    if (sw[15] !== 0 && alt < ALTL[0]!) {
      d[0] = this.turbopause(alt, d[0]!, db04, PDM[0]![2]!, MASS_HE, ALPHA[0]!, tinf, tlb, zlb, s, zhm28);
      const b04 = this.mixedBase;
      // correction to the specified mixing ratio at the ground
      const rl = Math.log((b28 * PDM[0]![1]!) / b04);
      d[0] = d[0]! * ccor(alt, rl, PDM[0]![5]! * PDL[1]![1]!, PDM[0]![4]! * PDL[1]![0]!);
    }

    // O
    const db16 = PDM[1]![0]! * Math.exp(sw[21]! * this.globe7(PD[1]!)) * PD[1]![0]!;
    d[1] = this.densu(alt, db16, tinf, tlb, MASS_O, ALPHA[1]!, zlb, s);
    if (sw[15] !== 0 && alt < ALTL[1]!) {
      d[1] = this.turbopause(alt, d[1]!, db16, PDM[1]![2]!, MASS_O, ALPHA[1]!, tinf, tlb, zlb, s, zhm28);
      const rl = PDM[1]![1]! * PDL[1]![16]! * (1 + sw[1]! * PDL[0]![23]! * (this.f107A - 150));
      d[1] = d[1]! * ccor2(alt, rl, PDM[1]![5]! * PDL[1]![3]!, PDM[1]![4]! * PDL[1]![2]!, PDM[1]![5]! * PDL[1]![4]!);
      // chemistry correction
      d[1] = d[1]! * ccor(alt, PDM[1]![3]! * PDL[1]![14]!, PDM[1]![7]! * PDL[1]![13]!, PDM[1]![6]! * PDL[1]![12]!);
    }

    // O2
    const db32 = PDM[3]![0]! * Math.exp(sw[21]! * this.globe7(PD[4]!)) * PD[4]![0]!;
    d[3] = this.densu(alt, db32, tinf, tlb, MASS_O2, ALPHA[3]!, zlb, s);
    if (sw[15] !== 0) {
      if (alt <= ALTL[3]!) {
        d[3] = this.turbopause(alt, d[3]!, db32, PDM[3]![2]!, MASS_O2, ALPHA[3]!, tinf, tlb, zlb, s, zhm28);
        const b32 = this.mixedBase;
        const rl = Math.log((b28 * PDM[3]![1]!) / b32);
        d[3] = d[3]! * ccor(alt, rl, PDM[3]![5]! * PDL[1]![7]!, PDM[3]![4]! * PDL[1]![6]!);
      }
      // correction for the general departure from diffusive equilibrium above the lower boundary
      const rc32 = PDM[3]![3]! * PDL[1]![23]! * (1 + sw[1]! * PDL[0]![23]! * (this.f107A - 150));
      d[3] = d[3]! * ccor2(alt, rc32, PDM[3]![7]! * PDL[1]![22]!, PDM[3]![6]! * PDL[1]![21]!, PDM[3]![7]! * PDL[0]![22]!);
    }

    // Ar
    const db40 = PDM[4]![0]! * Math.exp(sw[21]! * this.globe7(PD[5]!)) * PD[5]![0]!;
    d[4] = this.densu(alt, db40, tinf, tlb, MASS_AR, ALPHA[4]!, zlb, s);
    if (sw[15] !== 0 && alt <= ALTL[4]!) {
      d[4] = this.turbopause(alt, d[4]!, db40, PDM[4]![2]!, MASS_AR, ALPHA[4]!, tinf, tlb, zlb, s, zhm28);
      const b40 = this.mixedBase;
      const rl = Math.log((b28 * PDM[4]![1]!) / b40);
      d[4] = d[4]! * ccor(alt, rl, PDM[4]![5]! * PDL[1]![9]!, PDM[4]![4]! * PDL[1]![8]!);
    }

    // H
    const db01 = PDM[5]![0]! * Math.exp(sw[21]! * this.globe7(PD[6]!)) * PD[6]![0]!;
    d[6] = this.densu(alt, db01, tinf, tlb, MASS_H, ALPHA[6]!, zlb, s);
    if (sw[15] !== 0 && alt <= ALTL[6]!) {
      d[6] = this.turbopause(alt, d[6]!, db01, PDM[5]![2]!, MASS_H, ALPHA[6]!, tinf, tlb, zlb, s, zhm28);
      const b01 = this.mixedBase;
      const rl = Math.log((b28 * PDM[5]![1]! * Math.abs(PDL[1]![17]!)) / b01);
      d[6] = d[6]! * ccor(alt, rl, PDM[5]![5]! * PDL[1]![11]!, PDM[5]![4]! * PDL[1]![10]!);
      // chemistry correction
      d[6] = d[6]! * ccor(alt, PDM[5]![3]! * PDL[1]![20]!, PDM[5]![7]! * PDL[1]![19]!, PDM[5]![6]! * PDL[1]![18]!);
    }

    // N
    const db14 = PDM[6]![0]! * Math.exp(sw[21]! * this.globe7(PD[7]!)) * PD[7]![0]!;
    d[7] = this.densu(alt, db14, tinf, tlb, MASS_N, ALPHA[7]!, zlb, s);
    if (sw[15] !== 0 && alt <= ALTL[7]!) {
      d[7] = this.turbopause(alt, d[7]!, db14, PDM[6]![2]!, MASS_N, ALPHA[7]!, tinf, tlb, zlb, s, zhm28);
      const b14 = this.mixedBase;
      const rl = Math.log((b28 * PDM[6]![1]! * PDL[0]![2]!) / b14);
      d[7] = d[7]! * ccor(alt, rl, PDM[6]![5]! * PDL[0]![1]!, PDM[6]![4]! * PDL[0]![0]!);
      // chemistry correction
      d[7] = d[7]! * ccor(alt, PDM[6]![3]! * PDL[0]![5]!, PDM[6]![7]! * PDL[0]![4]!, PDM[6]![6]! * PDL[0]![3]!);
    }

    // anomalous (hot) oxygen: isothermal at tho, with an exponential upper-atmosphere correction
    const db16h = PDM[7]![0]! * Math.exp(sw[21]! * this.globe7(PD[8]!)) * PD[8]![0]!;
    const tho = PDM[7]![9]! * PDL[0]![6]!;
    const dAnomalous = this.densu(alt, db16h, tho, tho, MASS_O, ALPHA[8]!, zlb, s);
    const zsht = PDM[7]![5]!;
    const zmho = PDM[7]![4]!;
    const zsho = this.scaleHeight(zmho, MASS_O, tho);
    d[8] = dAnomalous * Math.exp((-zsht / zsho) * (Math.exp(-(alt - zmho) / zsht) - 1));
    d[5] = 0; // the total is formed by the caller, in the output units
  }

  /** GLOBE7: the upper-thermosphere G(L) function of latitude, season, local time, solar and magnetic activity (Hedin 1987 eq. A22). */
  private globe7(p: Float64Array): number {
    const sw = this.sw;
    const swc = this.swc;
    const plg = this.plg;
    const p0 = plg[0]!;
    const p1 = plg[1]!;
    const p2 = plg[2]!;
    const p3 = plg[3]!;
    const t = this.terms;
    t.fill(0);
    const ph = PHASES.get(p)!;
    // cos(k(x − p[i])) = cos kx · cos kp[i] + sin kx · sin kp[i]
    const cd32 = this.cDoy * ph[62]! + this.sDoy * ph[63]!;
    const cd18 = this.c2Doy * ph[34]! + this.s2Doy * ph[35]!;
    const cd14 = this.cDoy * ph[26]! + this.sDoy * ph[27]!;
    const cd39 = this.c2Doy * ph[76]! + this.s2Doy * ph[77]!;
    // F10.7
    const df = this.f107 - this.f107A;
    const dfa = this.f107A - 150;
    t[0] = p[19]! * df * (1 + p[59]! * dfa) + p[20]! * df * df + p[21]! * dfa + p[29]! * dfa * dfa;
    const f1 = 1 + (p[47]! * dfa + p[19]! * df + p[20]! * df * df) * swc[1]!;
    const f2 = 1 + (p[49]! * dfa + p[19]! * df + p[20]! * df * df) * swc[1]!;
    // time independent
    t[1] = p[1]! * p0[2]! + p[2]! * p0[4]! + p[22]! * p0[6]! + p[14]! * p0[2]! * dfa * swc[1]! + p[26]! * p0[1]!;
    // symmetrical annual and semiannual
    t[2] = p[18]! * cd32;
    t[3] = (p[15]! + p[16]! * p0[2]!) * cd18;
    // asymmetrical annual and semiannual
    t[4] = f1 * (p[9]! * p0[1]! + p[10]! * p0[3]!) * cd14;
    t[5] = p[37]! * p0[1]! * cd39;
    // diurnal, semidiurnal, terdiurnal
    if (sw[7] !== 0) {
      const t71 = p[11]! * p1[2]! * cd14 * swc[5]!;
      const t72 = p[12]! * p1[2]! * cd14 * swc[5]!;
      t[6] =
        f2 *
        ((p[3]! * p1[1]! + p[4]! * p1[3]! + p[27]! * p1[5]! + t71) * this.ctloc +
          (p[6]! * p1[1]! + p[7]! * p1[3]! + p[28]! * p1[5]! + t72) * this.stloc);
    }
    if (sw[8] !== 0) {
      const t81 = (p[23]! * p2[3]! + p[35]! * p2[5]!) * cd14 * swc[5]!;
      const t82 = (p[33]! * p2[3]! + p[36]! * p2[5]!) * cd14 * swc[5]!;
      t[7] = f2 * ((p[5]! * p2[2]! + p[41]! * p2[4]! + t81) * this.c2tloc + (p[8]! * p2[2]! + p[42]! * p2[4]! + t82) * this.s2tloc);
    }
    if (sw[14] !== 0) {
      t[13] =
        f2 *
        ((p[39]! * p3[3]! + (p[93]! * p3[4]! + p[46]! * p3[6]!) * cd14 * swc[5]!) * this.s3tloc +
          (p[40]! * p3[3]! + (p[94]! * p3[4]! + p[48]! * p3[6]!) * cd14 * swc[5]!) * this.c3tloc);
    }
    // magnetic activity: the 3-hour ap history (switch 9 = −1) or the daily Ap
    if (sw[9] === -1) {
      if (p[51] !== 0) {
        const exp1 = Math.min(Math.exp((-10800 * Math.abs(p[51]!)) / (1 + p[138]! * (45 - Math.abs(this.lat)))), 0.99999);
        this.apt = this.sg0(exp1, Math.max(p[24]!, 1e-4), p[25]!);
        t[8] =
          this.apt *
          (p[50]! +
            p[96]! * p0[2]! +
            p[54]! * p0[4]! +
            (p[125]! * p0[1]! + p[126]! * p0[3]! + p[127]! * p0[5]!) * cd14 * swc[5]! +
            (p[128]! * p1[1]! + p[129]! * p1[3]! + p[130]! * p1[5]!) * swc[7]! * (this.ctloc * ph[262]! + this.stloc * ph[263]!));
      }
    } else {
      const apd = this.ap[0]! - 4;
      const p44 = p[43]! < 0 ? 1e-5 : p[43]!;
      const p45 = p[44]!;
      this.apdf = apd + (p45 - 1) * (apd + (Math.exp(-p44 * apd) - 1) / p44);
      if (sw[9] !== 0) {
        t[8] =
          this.apdf *
          (p[32]! +
            p[45]! * p0[2]! +
            p[34]! * p0[4]! +
            (p[100]! * p0[1]! + p[101]! * p0[3]! + p[102]! * p0[5]!) * cd14 * swc[5]! +
            (p[121]! * p1[1]! + p[122]! * p1[3]! + p[123]! * p1[5]!) * swc[7]! * (this.ctloc * ph[248]! + this.stloc * ph[249]!));
      }
    }
    if (sw[10] !== 0) {
      const cosLon = this.cLon;
      const sinLon = this.sLon;
      // longitudinal
      if (sw[11] !== 0) {
        t[10] =
          (1 + p[80]! * dfa * swc[1]!) *
          ((p[64]! * p1[2]! +
            p[65]! * p1[4]! +
            p[66]! * p1[6]! +
            p[103]! * p1[1]! +
            p[104]! * p1[3]! +
            p[105]! * p1[5]! +
            (p[109]! * p1[1]! + p[110]! * p1[3]! + p[111]! * p1[5]!) * swc[5]! * cd14) *
            cosLon +
            (p[90]! * p1[2]! +
              p[91]! * p1[4]! +
              p[92]! * p1[6]! +
              p[106]! * p1[1]! +
              p[107]! * p1[3]! +
              p[108]! * p1[5]! +
              (p[112]! * p1[1]! + p[113]! * p1[3]! + p[114]! * p1[5]!) * swc[5]! * cd14) *
              sinLon);
      }
      // universal time and mixed UT/longitude
      if (sw[12] !== 0) {
        t[11] =
          (1 + p[95]! * p0[1]!) *
          (1 + p[81]! * dfa * swc[1]!) *
          (1 + p[119]! * p0[1]! * swc[5]! * cd14) *
          (p[68]! * p0[1]! + p[69]! * p0[3]! + p[70]! * p0[5]!) *
          (this.cSec * ph[142]! + this.sSec * ph[143]!);
        t[11] +=
          swc[11]! *
          (1 + p[137]! * dfa * swc[1]!) *
          (p[76]! * p2[3]! + p[77]! * p2[5]! + p[78]! * p2[7]!) *
          cosSum(this.cSec * ph[158]! + this.sSec * ph[159]!, this.sSec * ph[158]! - this.cSec * ph[159]!, this.c2Lon, this.s2Lon);
      }
      // UT, longitude and magnetic activity
      if (sw[13] !== 0) {
        if (sw[9] === -1) {
          if (p[51] !== 0) {
            t[12] =
              this.apt *
                swc[11]! *
                (1 + p[132]! * p0[1]!) *
                (p[52]! * p1[2]! + p[98]! * p1[4]! + p[67]! * p1[6]!) *
                (this.cLon * ph[194]! + this.sLon * ph[195]!) +
              this.apt * swc[11]! * swc[5]! * cd14 * (p[133]! * p1[1]! + p[134]! * p1[3]! + p[135]! * p1[5]!) * (this.cLon * ph[272]! + this.sLon * ph[273]!) +
              this.apt * swc[12]! * (p[55]! * p0[1]! + p[56]! * p0[3]! + p[57]! * p0[5]!) * (this.cSec * ph[116]! + this.sSec * ph[117]!);
          }
        } else {
          t[12] =
            this.apdf *
              swc[11]! *
              (1 + p[120]! * p0[1]!) *
              ((p[60]! * p1[2]! + p[61]! * p1[4]! + p[62]! * p1[6]!) * (this.cLon * ph[126]! + this.sLon * ph[127]!)) +
            this.apdf * swc[11]! * swc[5]! * cd14 * (p[115]! * p1[1]! + p[116]! * p1[3]! + p[117]! * p1[5]!) * (this.cLon * ph[236]! + this.sLon * ph[237]!) +
            this.apdf * swc[12]! * (p[83]! * p0[1]! + p[84]! * p0[3]! + p[85]! * p0[5]!) * (this.cSec * ph[150]! + this.sSec * ph[151]!);
        }
      }
    }
    // sum of the effects (parameters 82, 89, 99 and 139–149 are unused)
    let g = p[30]!;
    for (let i = 0; i < 14; i++) g += Math.abs(sw[i + 1]!) * t[i]!;
    return g;
  }

  /** GLOB7S: the G(L) function of the lower atmosphere (no solar-activity or UT terms beyond F10.7A). */
  private glob7s(p: Float64Array): number {
    const sw = this.sw;
    const swc = this.swc;
    const p0 = this.plg[0]!;
    const p1 = this.plg[1]!;
    const p2 = this.plg[2]!;
    const p3 = this.plg[3]!;
    const t = this.terms;
    t.fill(0);
    const ph = PHASES.get(p)!;
    const cd32 = this.cDoy * ph[62]! + this.sDoy * ph[63]!;
    const cd18 = this.c2Doy * ph[34]! + this.s2Doy * ph[35]!;
    const cd14 = this.cDoy * ph[26]! + this.sDoy * ph[27]!;
    const cd39 = this.c2Doy * ph[76]! + this.s2Doy * ph[77]!;
    t[0] = p[21]! * (this.f107A - 150);
    t[1] = p[1]! * p0[2]! + p[2]! * p0[4]! + p[22]! * p0[6]! + p[26]! * p0[1]! + p[14]! * p0[3]! + p[59]! * p0[5]!;
    t[2] = (p[18]! + p[47]! * p0[2]! + p[29]! * p0[4]!) * cd32;
    t[3] = (p[15]! + p[16]! * p0[2]! + p[30]! * p0[4]!) * cd18;
    t[4] = (p[9]! * p0[1]! + p[10]! * p0[3]! + p[20]! * p0[5]!) * cd14;
    t[5] = p[37]! * p0[1]! * cd39;
    if (sw[7] !== 0) {
      const t71 = p[11]! * p1[2]! * cd14 * swc[5]!;
      const t72 = p[12]! * p1[2]! * cd14 * swc[5]!;
      t[6] = (p[3]! * p1[1]! + p[4]! * p1[3]! + t71) * this.ctloc + (p[6]! * p1[1]! + p[7]! * p1[3]! + t72) * this.stloc;
    }
    if (sw[8] !== 0) {
      const t81 = (p[23]! * p2[3]! + p[35]! * p2[5]!) * cd14 * swc[5]!;
      const t82 = (p[33]! * p2[3]! + p[36]! * p2[5]!) * cd14 * swc[5]!;
      t[7] = (p[5]! * p2[2]! + p[41]! * p2[4]! + t81) * this.c2tloc + (p[8]! * p2[2]! + p[42]! * p2[4]! + t82) * this.s2tloc;
    }
    if (sw[14] !== 0) t[13] = p[39]! * p3[3]! * this.s3tloc + p[40]! * p3[3]! * this.c3tloc;
    if (sw[9] === 1) t[8] = this.apdf * (p[32]! + p[45]! * p0[2]! * swc[2]!);
    else if (sw[9] === -1) t[8] = this.apt * (p[50]! + p[96]! * p0[2]! * swc[2]!);
    if (!(sw[10] === 0 || sw[11] === 0)) {
      t[10] =
        (1 +
          p0[1]! * (p[80]! * swc[5]! * (this.cDoy * ph[162]! + this.sDoy * ph[163]!) + p[85]! * swc[6]! * (this.c2Doy * ph[172]! + this.s2Doy * ph[173]!)) +
          p[83]! * swc[3]! * (this.cDoy * ph[168]! + this.sDoy * ph[169]!) +
          p[87]! * swc[4]! * (this.c2Doy * ph[176]! + this.s2Doy * ph[177]!)) *
        ((p[64]! * p1[2]! + p[65]! * p1[4]! + p[66]! * p1[6]! + p[74]! * p1[1]! + p[75]! * p1[3]! + p[76]! * p1[5]!) * this.cLon +
          (p[90]! * p1[2]! + p[91]! * p1[4]! + p[92]! * p1[6]! + p[77]! * p1[1]! + p[78]! * p1[3]! + p[79]! * p1[5]!) * this.sLon);
    }
    let g = 0;
    for (let i = 0; i < 14; i++) g += Math.abs(sw[i + 1]!) * t[i]!;
    return g;
  }

  /** Mixed density at the turbopause of the last `turbopause` call (the base of the ground mixing-ratio corrections). */
  private mixedBase = 0;

  /**
   * Turbopause correction of one species (Hedin 1987 eqs. A17–A21): its fully mixed density at the altitude, from the
   * diffusive density `db` at the lower boundary carried to the turbopause height `zh`, combined with the diffusive
   * density `dd` by DNET. Keeps the mixed density at the turbopause in `mixedBase`.
   */
  private turbopause(
    alt: number, dd: number, db: number, zh: number, xm: number, alpha: number,
    tinf: number, tlb: number, zlb: number, s: number, zhm: number,
  ): number {
    const xmm = PDM[2]![4]!;
    this.mixedBase = this.densu(zh, db, tinf, tlb, xm - xmm, alpha - 1, zlb, s);
    const dm = this.densu(alt, this.mixedBase, tinf, tlb, xmm, 0, zlb, s);
    return dnet(dd, dm, zhm, xmm, xm);
  }

  /** Hedin 1987 eq. A24a: the magnetic activity function of the exponentially weighted 3-hour ap history. */
  private sg0(ex: number, p24: number, p25: number): number {
    const ap = this.ap;
    const g = (a: number): number => {
      // eq. A24d
      const am4 = a - 4;
      return am4 + (p25 - 1) * (am4 + (Math.exp(-p24 * am4) - 1) / p24);
    };
    const ex2 = ex * ex;
    const ex3 = ex2 * ex;
    const ex4 = ex2 * ex2;
    const ex8 = ex4 * ex4;
    const ex12 = ex8 * ex4;
    const ex19 = ex12 * ex4 * ex3;
    const sumex = 1 + ((1 - ex19) / (1 - ex)) * Math.sqrt(ex);
    return (g(ap[1]!) + (g(ap[2]!) * ex + g(ap[3]!) * ex2 + g(ap[4]!) * ex3 + ((g(ap[5]!) * ex4 + g(ap[6]!) * ex12) * (1 - ex8)) / (1 - ex))) / sumex;
  }

  /** Gravity at an altitude (cm/s²). */
  private gravity(altKm: number): number {
    const q = 1 + altKm / this.re;
    return this.gsurf / (q * q);
  }

  /** Geopotential height difference ζ(z, z_l) = (z − z_l)(R + z_l)/(R + z) (km). */
  private zeta(z: number, zl: number): number {
    return ((z - zl) * (this.re + zl)) / (this.re + z);
  }

  /** Scale height (km) of a species of molecular mass `xm` at temperature `temp`. */
  private scaleHeight(altKm: number, xm: number, temp: number): number {
    return (RGAS * temp) / (this.gravity(altKm) * xm);
  }

  /**
   * DENSU: temperature (xm = 0) or density of a species from the Bates temperature profile above ZN1[0] and the
   * inverse-temperature spline between the ZN1 nodes below it (Hedin 1987 eqs. A12–A19, Hedin 1991 §2).
   */
  private densu(alt: number, dlb: number, tinf: number, tlb: number, xm: number, alpha: number, zlb: number, s2: number): number {
    const zn1 = ZN1;
    const mn = zn1.length;
    const zA = zn1[0]!;
    // Bates temperature (shared by every species at one altitude: computed once per set of arguments)
    const z = Math.max(alt, zA);
    if (z !== this.batesZ || zlb !== this.batesZlb || tinf !== this.batesTinf || tlb !== this.batesTlb || s2 !== this.batesS) {
      this.batesZ = z;
      this.batesZlb = zlb;
      this.batesTinf = tinf;
      this.batesTlb = tlb;
      this.batesS = s2;
      this.batesZeta = this.zeta(z, zlb);
      this.batesT = tinf - (tinf - tlb) * Math.exp(-s2 * this.batesZeta);
    }
    const zg2 = this.batesZeta;
    const tt = this.batesT;
    let tz = tt;
    let x = 0;
    let zgdif = 0;
    const xs = this.xs;
    const ys = this.ys;
    const y2 = this.y2;
    const tn1 = this.tn1;
    const tgn1 = this.tgn1;
    if (alt < zA) {
      // below ZA: spline of 1/T through the ZN1 nodes, with the Bates gradient at ZA as the upper end condition
      const q0 = (this.re + zlb) / (this.re + zA);
      tgn1[0] = (tinf - tt) * s2 * q0 * q0;
      tn1[0] = tt;
      const z = Math.max(alt, zn1[mn - 1]!);
      const t1 = tn1[0]!;
      const t2 = tn1[mn - 1]!;
      const zg = this.zeta(z, zA);
      zgdif = this.zeta(zn1[mn - 1]!, zA);
      for (let k = 0; k < mn; k++) {
        xs[k] = this.zeta(zn1[k]!, zA) / zgdif;
        ys[k] = 1 / tn1[k]!;
      }
      const q = (this.re + zn1[mn - 1]!) / (this.re + zA);
      const yd1 = (-tgn1[0]! / (t1 * t1)) * zgdif;
      const yd2 = (-tgn1[1]! / (t2 * t2)) * zgdif * q * q;
      this.spline(mn, yd1, yd2);
      x = zg / zgdif;
      tz = 1 / splint(xs, ys, y2, mn, x);
    }
    if (xm === 0) return tz;
    // density above ZA (hydrostatic with thermal diffusion, Hedin 1987 eq. A13)
    let glb = this.gravity(zlb);
    let gamma = (xm * glb) / (RGAS * s2 * tinf);
    let expl = tt <= 0 ? EXPONENT_LIMIT : Math.min(EXPONENT_LIMIT, Math.exp(-s2 * gamma * zg2));
    let density = dlb * expl * Math.pow(tlb / tt, 1 + alpha + gamma);
    if (!Number.isFinite(density) && expl < EXPONENT_LIMIT) {
      // overflow of the power for extreme inputs: the same value in logarithmic form
      density = dlb * Math.exp(Math.log(tlb / tt) * (1 + alpha + gamma) - s2 * gamma * zg2);
    }
    if (alt < zA) {
      // density below ZA: integrate the spline temperature profile
      glb = this.gravity(zA);
      gamma = (xm * glb * zgdif) / RGAS;
      expl = tz <= 0 ? EXPONENT_LIMIT : Math.min(EXPONENT_LIMIT, gamma * splini(xs, ys, y2, mn, x));
      density *= Math.pow(tn1[0]! / tz, 1 + alpha) * Math.exp(-expl);
    }
    return density;
  }

  /** DENSM: temperature (xm = 0) or density below ZN2[0] from the ZN2 and ZN3 inverse-temperature splines. */
  private densm(alt: number, d0: number, xm: number): number {
    let density = d0;
    // stratosphere / mesosphere
    let tz = this.splineProfileStep(Math.max(alt, ZN2[ZN2.length - 1]!), ZN2, this.tn2, this.tgn2, xm);
    if (xm !== 0) density *= this.profileFactor;
    if (alt > ZN3[0]!) return xm === 0 ? tz : density;
    // troposphere / stratosphere
    tz = this.splineProfileStep(alt, ZN3, this.tn3, this.tgn3, xm);
    if (xm !== 0) density *= this.profileFactor;
    return xm === 0 ? tz : density;
  }

  /** Density factor of the last `splineProfileStep` (T1/Tz·exp(−∫)). */
  private profileFactor = 1;

  /** One DENSM layer: temperature at z from the spline through (zn, tn), and (xm ≠ 0) the density factor. */
  private splineProfileStep(z: number, zn: Float64Array, tn: Float64Array, tgn: Float64Array, xm: number): number {
    const mn = zn.length;
    const z1 = zn[0]!;
    const z2 = zn[mn - 1]!;
    const t1 = tn[0]!;
    const t2 = tn[mn - 1]!;
    const zg = this.zeta(z, z1);
    const zgdif = this.zeta(z2, z1);
    const xs = this.xs;
    const ys = this.ys;
    for (let k = 0; k < mn; k++) {
      xs[k] = this.zeta(zn[k]!, z1) / zgdif;
      ys[k] = 1 / tn[k]!;
    }
    const q = (this.re + z2) / (this.re + z1);
    const yd1 = (-tgn[0]! / (t1 * t1)) * zgdif;
    const yd2 = (-tgn[1]! / (t2 * t2)) * zgdif * q * q;
    this.spline(mn, yd1, yd2);
    const x = zg / zgdif;
    const tz = 1 / splint(xs, ys, this.y2, mn, x);
    if (xm !== 0) {
      const gamma = (xm * this.gravity(z1) * zgdif) / RGAS;
      const expl = Math.min(EXPONENT_LIMIT, gamma * splini(xs, ys, this.y2, mn, x));
      this.profileFactor = (t1 / tz) * Math.exp(-expl);
    }
    return tz;
  }

  /**
   * Second derivatives of the cubic spline through (xs, ys)[0..n) with end slopes yp1, ypn (a slope ≥ 1e30 means a
   * natural end), into `y2` (Press et al., Numerical Recipes, §3.3 `spline`).
   */
  private spline(n: number, yp1: number, ypn: number): void {
    const x = this.xs;
    const y = this.ys;
    const y2 = this.y2;
    const u = this.u;
    if (yp1 > 0.99e30) {
      y2[0] = 0;
      u[0] = 0;
    } else {
      y2[0] = -0.5;
      u[0] = (3 / (x[1]! - x[0]!)) * ((y[1]! - y[0]!) / (x[1]! - x[0]!) - yp1);
    }
    for (let i = 1; i < n - 1; i++) {
      const sig = (x[i]! - x[i - 1]!) / (x[i + 1]! - x[i - 1]!);
      const p = sig * y2[i - 1]! + 2;
      y2[i] = (sig - 1) / p;
      u[i] = ((6 * ((y[i + 1]! - y[i]!) / (x[i + 1]! - x[i]!) - (y[i]! - y[i - 1]!) / (x[i]! - x[i - 1]!))) / (x[i + 1]! - x[i - 1]!) - sig * u[i - 1]!) / p;
    }
    let qn = 0;
    let un = 0;
    if (!(ypn > 0.99e30)) {
      qn = 0.5;
      un = (3 / (x[n - 1]! - x[n - 2]!)) * (ypn - (y[n - 1]! - y[n - 2]!) / (x[n - 1]! - x[n - 2]!));
    }
    y2[n - 1] = (un - qn * u[n - 2]!) / (qn * y2[n - 2]! + 1);
    for (let k = n - 2; k >= 0; k--) y2[k] = y2[k]! * y2[k + 1]! + u[k]!;
  }
}

/** Cubic spline value at x (Numerical Recipes `splint`). */
function splint(xa: Float64Array, ya: Float64Array, y2a: Float64Array, n: number, x: number): number {
  let klo = 0;
  let khi = n - 1;
  while (khi - klo > 1) {
    const k = (khi + klo) >> 1;
    if (xa[k]! > x) khi = k;
    else klo = k;
  }
  const h = xa[khi]! - xa[klo]!;
  const a = (xa[khi]! - x) / h;
  const b = (x - xa[klo]!) / h;
  return a * ya[klo]! + b * ya[khi]! + (((a * a * a - a) * y2a[klo]! + (b * b * b - b) * y2a[khi]!) * h * h) / 6;
}

/** Integral of the cubic spline from xa[0] to x (the release's `SPLINI`). */
function splini(xa: Float64Array, ya: Float64Array, y2a: Float64Array, n: number, x: number): number {
  let yi = 0;
  let klo = 0;
  let khi = 1;
  while (x > xa[klo]! && khi < n) {
    const xx = khi < n - 1 ? Math.min(x, xa[khi]!) : x;
    const h = xa[khi]! - xa[klo]!;
    const a = (xa[khi]! - xx) / h;
    const b = (xx - xa[klo]!) / h;
    const a2 = a * a;
    const b2 = b * b;
    yi +=
      ((1 - a2) * ya[klo]! / 2 +
        (b2 * ya[khi]!) / 2 +
        (((-(1 + a2 * a2) / 4 + a2 / 2) * y2a[klo]! + (b2 * b2 / 4 - b2 / 2) * y2a[khi]!) * h * h) / 6) *
      h;
    klo++;
    khi++;
  }
  return yi;
}

/** cos(a + b) from cos a, sin a, cos b, sin b. */
function cosSum(ca: number, sa: number, cb: number, sb: number): number {
  return ca * cb - sa * sb;
}

/** DNET: turbopause correction, combining diffusive (dd) and fully mixed (dm) densities (Hedin 1987 eq. A21). */
function dnet(dd: number, dm: number, zhm: number, xmm: number, xm: number): number {
  if (!(dm > 0 && dd > 0)) {
    if (dd === 0 && dm === 0) return 1;
    if (dm === 0) return dd;
    if (dd === 0) return dm;
  }
  const a = zhm / (xmm - xm);
  const ylog = a * Math.log(dm / dd);
  if (ylog < -10) return dd;
  if (ylog > 10) return dm;
  return dd * Math.pow(1 + Math.exp(ylog), 1 / a);
}

/** CCOR: chemistry/dissociation correction with target ratio r, transition scale h1, half-way altitude zh. */
function ccor(alt: number, r: number, h1: number, zh: number): number {
  const e = (alt - zh) / h1;
  if (e > 70) return 1;
  if (e < -70) return Math.exp(r);
  return Math.exp(r / (1 + Math.exp(e)));
}

/** CCOR2: the O and O2 variant with two transition scales. */
function ccor2(alt: number, r: number, h1: number, zh: number, h2: number): number {
  const e1 = (alt - zh) / h1;
  const e2 = (alt - zh) / h2;
  if (e1 > 70 || e2 > 70) return 1;
  if (e1 < -70 && e2 < -70) return Math.exp(r);
  return Math.exp(r / (1 + 0.5 * (Math.exp(e1) + Math.exp(e2))));
}
