/**
 * What an SGP4 trajectory can do over the screening span, bounded from SGP4's own structure (Hoots & Roehrich,
 * Spacetrack Report #3, 1980; Vallado et al., "Revisiting Spacetrack Report #3", AIAA 2006-6753) without sampling
 * its positions: the radius range (for the apogee/perigee filter), the mismatch between SGP4's velocity output
 * and the time derivative of its position (for the search's bounds) and an acceleration bound.
 *
 * SGP4 evaluates, at time t, mean elements (am, em, im, Ω, ω, M: secular J2 rates, drag polynomials, and for SDP4
 * the lunisolar secular and resonance terms) returned as `meanElements`, then adds the long-period J3 terms, the
 * lunisolar periodics (SDP4, `dpper`) and the short-period J2 terms. The osculating radius is (sgp4.js, `mrt`)
 *
 *   r = rl·(1 − 1.5·temp2·βl·con41) + 0.5·temp1·x1mth2·cos 2u,   rl = am·(1 − eL·cos(E − ω)),
 *   eL ≤ ep + |aycof|/(am(1 − ep²))   (the long-period J3 term added to e·sin ω),
 *   temp1 = J2/(2 pl), temp2 = temp1/pl, pl = am(1 − eL²), βl ≤ 1, |con41| = |3cos²i − 1| ≤ 2, x1mth2 = sin²i ≤ 1,
 *
 * so r ∈ [am(1 − eL) − δ, am(1 + eL) + δ] with δ = am(1 + eL)·1.5·temp2·|con41| + 0.5·temp1·x1mth2 (Earth radii).
 * ep is em plus, for SDP4, the lunisolar periodic of e: |Δe| ≤ ½(|se2| + |se3| + |ee2| + |e3|) (dpper: the solar and
 * lunar terms are coefficient × f2 or f3 with |f2|, |f3| ≤ ¼, taken relative to their epoch values). For SGP4 the
 * returned em holds the drag term −B*·cc5·(sin M − sin M0), which swings by up to 2|B*·cc5| within an orbit: added.
 *
 * am and em change slowly (drag, resonance): they are sampled every ≤ `SAMPLE_SPACING_S` over the span, and the
 * largest change between two neighbouring samples is added on both sides (a smooth function cannot leave the hull
 * of its samples by more than its change over one sample interval between two of them).
 *
 * Velocity mismatch. SGP4's velocity is the derivative of its position with the mean elements held at their
 * Keplerian rates; the secular J2 rates of M, ω, Ω and the drag terms are not all in it. Measured (finite
 * differences of SGP4 positions, 0.1 s) it is 1–6 cm/s for near-circular orbits, 0.3–0.9 m/s at e ≈ 0.1 and
 * 2.5 m/s at the perigee of a GTO (e ≈ 0.7), up to metres per second near the end of a decaying orbit. The bound
 * used is the size of the secular J2 rate difference at perigee speed plus the drag terms,
 *
 *   εv = max(2·J2·(Re/p)²·vp·(0.05 + eL) + 3·(r·|n0·L'(t) − (n(t) − n0)| + |dam/dt|), 0.5 m/s),
 *
 * (vp the perigee speed, p the semi-latus rectum; L(t) = t2cof·t² + t3cof·t³ + t4cof·t⁴ + t5cof·t⁵ the drag terms
 * of the mean longitude, n(t) = n0/tempa³ the mean motion of am(t) = a0·tempa², tempa = 1 − cc1·t − d2·t² − d3·t³ −
 * d4·t⁴: the along-track and radial rates SGP4's velocity leaves out, exact to first order, growing as the orbit
 * decays): test/engine/collision/screening/envelope.test.ts checks it, the
 * radius range and the acceleration bound against dense finite differences over 14 days for LEO, SSO, eccentric
 * LEO, decaying, GTO, Molniya, GNSS and GEO element sets, and reports the largest share of each bound used.
 */
import { constants as sgp4Constants, sgp4, type SatRec } from 'satellite.js';
import { SGP4_EARTH_RADIUS_KM, SGP4_MU_KM3_PER_S2 } from '../../tle/fit.ts';

/**
 * Added to each end of the radius range, km. The range above is attained when every term is at its extreme at the
 * same instant (a near-circular orbit at its perigee with ω = ±90°): the tests find SGP4 within metres of it.
 */
export const RADIUS_SAFETY_KM = 0.1;
/** Largest spacing of the mean-element samples (s). */
export const SAMPLE_SPACING_S = 14400;
/** Geopotential beyond the central term plus SGP4's modelling, relative to μ/r² (3·J2 at the surface is 0.33 %; SGP4 positions reach 1.0055 μ/r² by finite differences). */
export const SGP4_GRAVITY_MARGIN = 1.02;
/**
 * Smallest velocity-mismatch bound (km/s): the secular rates of SDP4 (lunisolar, resonance) leave 2–7 cm/s at MEO
 * and GEO, outside the J2 term; 0.5 m/s costs the search nothing (it widens a bound by 0.5 m per second of step).
 */
export const VELOCITY_MISMATCH_FLOOR_KM_S = 5e-4;
/** Bound on SGP4's drag acceleration (B* ≤ 1e-2 /ER at 150 km gives < 1e-5 km/s²). */
export const SGP4_DRAG_ACCELERATION_KM_S2 = 2e-5;

/** SGP4's mean elements at the envelope's sample times (sgp4.js `meanElements`: before the periodic terms). */
export interface MeanElementSamples {
  readonly count: number;
  /** s from the span origin. */
  readonly tS: Float64Array;
  /** Earth radii (WGS-72). */
  readonly am: Float64Array;
  readonly em: Float64Array;
  /** rad. */
  readonly im: Float64Array;
  readonly nodeRad: Float64Array;
  readonly argPerigeeRad: Float64Array;
  /** Mean argument of latitude ω + M, unwrapped (continuous across samples), rad. */
  readonly meanArgumentOfLatitudeRad: Float64Array;
}

export interface Sgp4Envelope {
  /** The satrec could be evaluated over the whole span. */
  readonly complete: boolean;
  /** When not complete: the last instant (s from the span origin) SGP4 answered, and its error code. */
  readonly failedAfterS: number | null;
  readonly sgp4Error: number;
  /** Radius range over the (answered part of the) span, km. */
  readonly radiusMinKm: number;
  readonly radiusMaxKm: number;
  /** Bound on |SGP4 velocity − d(SGP4 position)/dt|, km/s. */
  readonly velocityMismatchKmS: number;
  /** Bound on |d²(SGP4 position)/dt²|, km/s². */
  readonly accelerationBoundKmS2: number;
  /** The mean-element samples the envelope was made from. */
  readonly samples: MeanElementSamples;
}

/**
 * SGP4's drag rates at t (minutes from the element-set epoch) that its velocity leaves out, ER/min: the along-track
 * rate r·|n0·L'(t) − (n(t) − n0)| at radius `radiusEr` plus the radial rate |dam/dt| (module comment).
 */
function dragRates(satrec: SatRec, t: number, radiusEr: number): number {
  const simple = satrec.isimp === 1;
  const t2 = t * t;
  const t3 = t2 * t;
  const tempa = simple ? 1 - satrec.cc1 * t : 1 - satrec.cc1 * t - satrec.d2 * t2 - satrec.d3 * t3 - satrec.d4 * t3 * t;
  const tempaRate = simple ? -satrec.cc1 : -(satrec.cc1 + 2 * satrec.d2 * t + 3 * satrec.d3 * t2 + 4 * satrec.d4 * t3);
  const templRate = simple ? 2 * satrec.t2cof * t : 2 * satrec.t2cof * t + 3 * satrec.t3cof * t2 + 4 * satrec.t4cof * t3 + 5 * satrec.t5cof * t3 * t;
  if (!(tempa > 0)) return Number.POSITIVE_INFINITY;
  const a0 = Math.pow(sgp4Constants.xke / satrec.no, 2 / 3);
  const along = Math.abs(satrec.no * templRate - (satrec.no / (tempa * tempa * tempa) - satrec.no)) * radiusEr;
  const radial = Math.abs(2 * a0 * tempa * tempaRate);
  return along + radial;
}

interface MeanSample {
  tS: number;
  am: number;
  em: number;
  im: number;
  node: number;
  argp: number;
  lambda: number;
}

/**
 * The envelope of an SGP4 satrec over [startS, endS] (s from the span origin); `elementsEpochS` is the element
 * set's epoch on the same time axis.
 */
export function sgp4Envelope(satrec: SatRec, elementsEpochS: number, startS: number, endS: number): Sgp4Envelope {
  const count = Math.max(2, Math.ceil((endS - startS) / SAMPLE_SPACING_S) + 1);
  const samples: MeanSample[] = [];
  let failedAfterS: number | null = null;
  let sgp4Error = 0;
  for (let k = 0; k < count; k++) {
    const tS = k === count - 1 ? endS : startS + ((endS - startS) * k) / (count - 1);
    const result = sgp4(satrec, (tS - elementsEpochS) / 60);
    if (result === null || satrec.error !== 0) {
      failedAfterS = k === 0 ? startS : samples[samples.length - 1]!.tS;
      sgp4Error = satrec.error;
      break;
    }
    const m = result.meanElements;
    // ω + M is returned modulo 2π: continue it from the previous sample with the mean motion (rad/min)
    let lambda = m.om + m.mm;
    const previous = samples[samples.length - 1];
    if (previous !== undefined) {
      const expected = previous.lambda + (m.nm * (tS - previous.tS)) / 60;
      lambda += 2 * Math.PI * Math.round((expected - lambda) / (2 * Math.PI));
    }
    samples.push({ tS, am: m.am, em: m.em, im: m.im, node: m.Om, argp: m.om, lambda });
  }
  const packed = packSamples(samples);
  if (samples.length === 0) {
    return { complete: false, failedAfterS, sgp4Error, radiusMinKm: 0, radiusMaxKm: 0, velocityMismatchKmS: 0, accelerationBoundKmS2: 0, samples: packed };
  }
  const deep = satrec.method === 'd';
  const j2 = sgp4Constants.j2;
  const aycofBound = deep ? 0.5 * Math.abs(sgp4Constants.j3oj2) : Math.abs(satrec.aycof);
  const con41 = deep ? 2 : Math.abs(satrec.con41);
  const x1mth2 = deep ? 1 : satrec.x1mth2;
  const dragSwing = deep ? 0 : 2 * Math.abs(satrec.bstar * satrec.cc5);
  const lunisolar = deep ? 0.5 * (Math.abs(satrec.se2) + Math.abs(satrec.se3) + Math.abs(satrec.ee2) + Math.abs(satrec.e3)) : 0;
  let amChange = 0;
  let emChange = 0;
  for (let k = 1; k < samples.length; k++) {
    amChange = Math.max(amChange, Math.abs(samples[k]!.am - samples[k - 1]!.am));
    emChange = Math.max(emChange, Math.abs(samples[k]!.em - samples[k - 1]!.em));
  }
  let rMin = Number.POSITIVE_INFINITY;
  let rMax = 0;
  let mismatch = 0;
  let dragRate = 0; // ER/min along-track (per unit radius) and radial, see the module comment
  for (const s of samples) {
    const amLo = s.am - amChange;
    const amHi = s.am + amChange;
    const ep = Math.min(Math.abs(s.em) + emChange + dragSwing + lunisolar, 0.999);
    const eL = Math.min(ep + aycofBound / (amLo * (1 - ep * ep)), 0.999);
    const pl = amLo * (1 - eL * eL);
    const temp1 = (0.5 * j2) / pl;
    const temp2 = temp1 / pl;
    const delta = amHi * (1 + eL) * 1.5 * temp2 * con41 + 0.5 * temp1 * x1mth2;
    rMin = Math.min(rMin, amLo * (1 - eL) - delta);
    rMax = Math.max(rMax, amHi * (1 + eL) + delta);
    const aKm = amLo * SGP4_EARTH_RADIUS_KM;
    const pKm = pl * SGP4_EARTH_RADIUS_KM;
    const perigeeSpeed = Math.sqrt((SGP4_MU_KM3_PER_S2 * (1 + eL)) / (aKm * (1 - eL)));
    const q = SGP4_EARTH_RADIUS_KM / pKm;
    mismatch = Math.max(mismatch, 2 * j2 * q * q * perigeeSpeed * (0.05 + eL));
    dragRate = Math.max(dragRate, dragRates(satrec, (s.tS - elementsEpochS) / 60, amHi * (1 + eL)));
  }
  // the drag terms grow with time: the sample at the end of each interval bounds the interval (both ends are samples)
  mismatch = Math.max(mismatch + (3 * dragRate * SGP4_EARTH_RADIUS_KM) / 60, VELOCITY_MISMATCH_FLOOR_KM_S);
  // the bounds are attainable (every term at its extreme together): a safety pad on top (module comment)
  const radiusMinKm = Math.max(rMin * SGP4_EARTH_RADIUS_KM - RADIUS_SAFETY_KM, 1);
  return {
    complete: failedAfterS === null,
    failedAfterS,
    sgp4Error,
    radiusMinKm,
    radiusMaxKm: rMax * SGP4_EARTH_RADIUS_KM + RADIUS_SAFETY_KM,
    velocityMismatchKmS: mismatch,
    accelerationBoundKmS2: (SGP4_GRAVITY_MARGIN * SGP4_MU_KM3_PER_S2) / (radiusMinKm * radiusMinKm) + SGP4_DRAG_ACCELERATION_KM_S2,
    samples: packed,
  };
}

function packSamples(samples: readonly MeanSample[]): MeanElementSamples {
  const n = samples.length;
  const column = (pick: (s: MeanSample) => number): Float64Array => Float64Array.from(samples, pick);
  return {
    count: n,
    tS: column((s) => s.tS),
    am: column((s) => s.am),
    em: column((s) => s.em),
    im: column((s) => s.im),
    nodeRad: column((s) => s.node),
    argPerigeeRad: column((s) => s.argp),
    meanArgumentOfLatitudeRad: column((s) => s.lambda),
  };
}
