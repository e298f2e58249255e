/**
 * A general-perturbations element set: the SGP4 mean elements and TLE-related parameters that Space-Track and
 * CelesTrak publish, whether as a two-line element set (catalog.ts) or as a CCSDS OMM (engine/files/omm). Both
 * readers produce this one type, and SGP4 runs from it the same way (`satrecOf`): an OMM and the TLE it was made
 * from give the same satrec, hence the same states.
 *
 * Field meanings follow the TLE (Spacetrack Report #3; CelesTrak "NORAD Two-Line Element Set Format") and their
 * OMM names (CCSDS 502.0-B-3 §4.2.4, tables 4-2 and 4-3, as Space-Track and CelesTrak fill them):
 *
 *   noradId                  NORAD_CAT_ID           catalogue number
 *   cosparId                 OBJECT_ID              international designator, `1998-067A`
 *   epoch / epochUtc         EPOCH                  UTC; SGP4 counts time from it
 *   meanMotionRevPerDay      MEAN_MOTION            Kozai mean motion, rev/day
 *   eccentricity, inclinationDeg, raanDeg (RA_OF_ASC_NODE), argPerigeeDeg (ARG_OF_PERICENTER), meanAnomalyDeg
 *   bstarPerEarthRadius      BSTAR                  1/ER
 *   ndotOver2RevPerDay2      MEAN_MOTION_DOT        the TLE field ṅ/2 (rev/day²): both publishers copy the TLE
 *                                                   field into the OMM keyword; SGP4 does not use it
 *   nddotOver6RevPerDay3     MEAN_MOTION_DDOT       the TLE field n̈/6 (rev/day³); not used by SGP4
 *   ephemerisType            EPHEMERIS_TYPE         0 for SGP4 element sets
 *   elementSetNumber         ELEMENT_SET_NO
 *   revolutionNumberAtEpoch  REV_AT_EPOCH
 *   classification           CLASSIFICATION_TYPE    U, C or S
 */
import { json2satrec, twoline2satrec, type OMMJsonObject, type SatRec } from 'satellite.js';
import { MU_EARTH_KM3_S2, SECONDS_PER_DAY, WGS84_EQUATORIAL_RADIUS_KM } from '../constants.ts';
import { tleEpochToUnixMs, type TleEpoch } from './epoch.ts';
import { formatTleLines } from './format.ts';
import { parseTleLines } from './parse.ts';

export interface GpElementSet {
  readonly noradId: number;
  /** Object name (a 3LE name line, OMM OBJECT_NAME), null when the file gives none. */
  readonly name: string | null;
  readonly cosparId: string | null;
  /** U, C or S; null when an OMM leaves CLASSIFICATION_TYPE out. */
  readonly classification: string | null;
  /** UTC year and fractional day of year (1.0 = 1 January 00:00). */
  readonly epoch: TleEpoch;
  /** The same instant as ISO-8601 UTC with microseconds and no zone letter (`2023-02-14T00:02:00.145248`). */
  readonly epochUtc: string;
  readonly meanMotionRevPerDay: number;
  readonly eccentricity: number;
  readonly inclinationDeg: number;
  readonly raanDeg: number;
  readonly argPerigeeDeg: number;
  readonly meanAnomalyDeg: number;
  readonly bstarPerEarthRadius: number;
  /** The optional TLE parameters of an OMM are null when left out (a TLE always has them). */
  readonly ndotOver2RevPerDay2: number | null;
  readonly nddotOver6RevPerDay3: number | null;
  readonly ephemerisType: number | null;
  readonly elementSetNumber: number | null;
  readonly revolutionNumberAtEpoch: number | null;
  /** Where the set was read (format and first line), when it comes from a file. */
  readonly source?: { readonly format: 'TLE' | 'OMM'; readonly line: number };
}

/**
 * The two lines that carry exactly these numbers (every field read back from the text is the same double), or null
 * when the set has more digits than a TLE holds (an OMM may) or a field a TLE cannot write.
 */
export function exactTleLines(elements: GpElementSet): [string, string] | null {
  let lines: [string, string];
  try {
    lines = formatTleLines({
      catalogNumber: elements.noradId,
      cosparId: elements.cosparId,
      epoch: elements.epoch,
      ndotOver2RevPerDay2: elements.ndotOver2RevPerDay2 ?? 0,
      nddotOver6RevPerDay3: elements.nddotOver6RevPerDay3 ?? 0,
      bstarPerEarthRadius: elements.bstarPerEarthRadius,
      ephemerisType: elements.ephemerisType ?? 0,
      elementSetNumber: elements.elementSetNumber ?? 0,
      inclinationDeg: elements.inclinationDeg,
      raanDeg: elements.raanDeg,
      eccentricity: elements.eccentricity,
      argPerigeeDeg: elements.argPerigeeDeg,
      meanAnomalyDeg: elements.meanAnomalyDeg,
      meanMotionRevPerDay: elements.meanMotionRevPerDay,
      revolutionNumberAtEpoch: elements.revolutionNumberAtEpoch ?? 0,
    });
  } catch {
    return null;
  }
  const p = parseTleLines(lines[0], lines[1]);
  // the epoch field holds 1e-8 day (864 µs): the set's epoch must be on that grid, to 1e-4 of a unit (86 ns). The
  // bound is not tighter because (dayOfYear − 1)·1e8 carries the rounding of dayOfYear itself: one ulp of a day of
  // year above 256 is 5.7e-14 day, i.e. 5.7e-6 of a unit (a 1e-6 bound refused every TLE of the year's second half)
  const units = (elements.epoch.dayOfYear - 1) * 1e8;
  const same =
    p.epoch.year === elements.epoch.year &&
    Math.abs(units - Math.round(units)) < 1e-4 &&
    Math.round((p.epoch.dayOfYear - 1) * 1e8) === Math.round(units) &&
    p.meanMotionRevPerDay === elements.meanMotionRevPerDay &&
    p.eccentricity === elements.eccentricity &&
    p.inclinationDeg === elements.inclinationDeg &&
    p.raanDeg === elements.raanDeg &&
    p.argPerigeeDeg === elements.argPerigeeDeg &&
    p.meanAnomalyDeg === elements.meanAnomalyDeg &&
    p.bstarPerEarthRadius === elements.bstarPerEarthRadius;
  return same ? lines : null;
}

/**
 * Below this Kozai mean motion (a period above 225 min, Spacetrack Report #3) satellite.js, like every SGP4
 * implementation, switches to SDP4. A margin of 0.5 % keeps the sets near the switch on the exact-epoch path.
 */
const DEEP_SPACE_MEAN_MOTION_REV_PER_DAY = (1440 / 225) * 1.005;

/**
 * The satellite.js satrec of an element set (SGP4 for periods below 225 min, SDP4 above, chosen by satellite.js as
 * every SGP4 consumer does).
 *
 * Near-Earth sets are built with json2satrec from the full-precision numbers, as engine/tle/fit.ts does: its epoch
 * argument (rounded to the millisecond) only feeds the epoch-dependent terms of SDP4's initialisation, which SGP4
 * does not have, so the satrec is the one twoline2satrec makes from the same numbers. A deep-space set that a TLE
 * can carry exactly (every TLE, and the OMMs Space-Track and CelesTrak make from TLEs) goes through its two lines
 * (`twoline2satrec`): the epoch then enters SDP4's initialisation exactly, as in every TLE consumer, so an OMM and
 * its TLE give the same satrec. A deep-space set with more digits (or an epoch off the TLE's 1e-8-day grid) goes
 * through json2satrec: the millisecond epoch moves SDP4's lunar and solar angles and its Greenwich sidereal time
 * for the resonance terms: 3 mm after 7 days on a Molniya orbit in the tests. The time since epoch is the caller's,
 * counted from `epochUtc` exactly either way.
 * `satrec.error` ≠ 0 when SGP4 refuses the elements (e.g. eccentricity ≥ 1).
 */
export function satrecOf(elements: GpElementSet): SatRec {
  // near-Earth sets (periods under 225 min, SGP4): the epoch does not enter the initialisation at all, so the
  // full-precision path below is exact for them; deep-space sets (SDP4) go through the TLE text when it is exact
  if (elements.meanMotionRevPerDay < DEEP_SPACE_MEAN_MOTION_REV_PER_DAY) {
    const lines = exactTleLines(elements);
    if (lines !== null) return twoline2satrec(lines[0], lines[1]);
  }
  const omm: OMMJsonObject = {
    OBJECT_NAME: elements.name ?? String(elements.noradId),
    OBJECT_ID: elements.cosparId ?? '',
    EPOCH: new Date(Math.round(tleEpochToUnixMs(elements.epoch))).toISOString(),
    MEAN_MOTION: elements.meanMotionRevPerDay,
    ECCENTRICITY: elements.eccentricity,
    INCLINATION: elements.inclinationDeg,
    RA_OF_ASC_NODE: elements.raanDeg,
    ARG_OF_PERICENTER: elements.argPerigeeDeg,
    MEAN_ANOMALY: elements.meanAnomalyDeg,
    NORAD_CAT_ID: elements.noradId,
    // the next three are carried by satellite.js but never used by SGP4's propagation: 0 when the set has none
    ELEMENT_SET_NO: elements.elementSetNumber ?? 0,
    BSTAR: elements.bstarPerEarthRadius,
    MEAN_MOTION_DOT: elements.ndotOver2RevPerDay2 ?? 0,
    MEAN_MOTION_DDOT: elements.nddotOver6RevPerDay3 ?? 0,
  };
  return json2satrec(omm);
}

/** Why an element set cannot go into SGP4 (a bound Earth orbit: n > 0, 0 ≤ e < 1, finite values), or null. */
export function gpElementProblem(elements: GpElementSet): string | null {
  const checks: [boolean, string][] = [
    [Number.isInteger(elements.noradId) && elements.noradId >= 0, `noradId ${elements.noradId} is not a non-negative integer`],
    [elements.meanMotionRevPerDay > 0 && Number.isFinite(elements.meanMotionRevPerDay), `mean motion ${elements.meanMotionRevPerDay} rev/day must be positive`],
    [elements.eccentricity >= 0 && elements.eccentricity < 1, `eccentricity ${elements.eccentricity} outside [0, 1)`],
    [elements.inclinationDeg >= 0 && elements.inclinationDeg <= 180, `inclination ${elements.inclinationDeg}° outside [0, 180]`],
    [Number.isFinite(elements.raanDeg) && Number.isFinite(elements.argPerigeeDeg) && Number.isFinite(elements.meanAnomalyDeg), 'angles must be finite'],
    [Number.isFinite(elements.bstarPerEarthRadius), `B* ${elements.bstarPerEarthRadius} is not finite`],
  ];
  for (const [ok, message] of checks) if (!ok) return message;
  return null;
}

/** The size of a general-perturbations orbit, for catalog filters and listings. */
export interface GpOrbitSize {
  readonly semiMajorAxisKm: number;
  /** Heights of perigee and apogee above the WGS-84 equatorial radius (a sphere: not geodetic altitudes). */
  readonly perigeeAltitudeKm: number;
  readonly apogeeAltitudeKm: number;
  readonly periodMinutes: number;
}

/**
 * Semi-major axis from the mean motion by Kepler's third law, a = (μ / n²)^(1/3), with μ = MU_EARTH_KM3_S2
 * (398600.4418 km³/s², engine/constants.ts); perigee/apogee heights a(1 ∓ e) − R⊕ with R⊕ =
 * WGS84_EQUATORIAL_RADIUS_KM (6378.137 km); period 1440 / n minutes. The Kozai mean motion of the set is used as
 * published (SATCAT-style figures): SGP4's un-Kozai'd mean motion and its WGS-72 μ (398600.8) move a by a few km at
 * most in LEO (the J2 term of the Kozai → Brouwer conversion), which is below the meaning of a catalog filter.
 */
export function gpOrbitSize(elements: Pick<GpElementSet, 'meanMotionRevPerDay' | 'eccentricity'>): GpOrbitSize {
  const meanMotionRadPerS = (elements.meanMotionRevPerDay * 2 * Math.PI) / SECONDS_PER_DAY;
  const semiMajorAxisKm = Math.cbrt(MU_EARTH_KM3_S2 / (meanMotionRadPerS * meanMotionRadPerS));
  return {
    semiMajorAxisKm,
    perigeeAltitudeKm: semiMajorAxisKm * (1 - elements.eccentricity) - WGS84_EQUATORIAL_RADIUS_KM,
    apogeeAltitudeKm: semiMajorAxisKm * (1 + elements.eccentricity) - WGS84_EQUATORIAL_RADIUS_KM,
    periodMinutes: 1440 / elements.meanMotionRevPerDay,
  };
}

const NEGATIVE_ZERO_TEXT = '-0';
/** The numeric fields of a GpElementSet (its epoch's and source's included). */
const GP_NUMERIC_FIELDS = new Set([
  'noradId', 'year', 'dayOfYear', 'meanMotionRevPerDay', 'eccentricity', 'inclinationDeg', 'raanDeg', 'argPerigeeDeg',
  'meanAnomalyDeg', 'bstarPerEarthRadius', 'ndotOver2RevPerDay2', 'nddotOver6RevPerDay3', 'ephemerisType',
  'elementSetNumber', 'revolutionNumberAtEpoch', 'line',
]);

/**
 * JSON of element sets (one or an array) that reads back (`gpElementsFromJson`) as the same doubles: JSON.stringify
 * writes the shortest text that parses to the same double (ECMA-262 Number::toString), and −0, which JSON cannot
 * tell from 0, is written as the string "-0" in a numeric field.
 */
export function gpElementsToJson(value: GpElementSet | readonly GpElementSet[]): string {
  const sets: readonly GpElementSet[] = Array.isArray(value) ? value : [value as GpElementSet];
  // a replacer makes JSON.stringify several times slower: only sets holding a −0 need it
  if (!sets.some(hasNegativeZero)) return JSON.stringify(value);
  return JSON.stringify(value, (key, v) => (GP_NUMERIC_FIELDS.has(key) && Object.is(v, -0) ? NEGATIVE_ZERO_TEXT : v));
}

function hasNegativeZero(set: GpElementSet): boolean {
  return (
    Object.is(set.meanMotionRevPerDay, -0) || Object.is(set.eccentricity, -0) || Object.is(set.inclinationDeg, -0) ||
    Object.is(set.raanDeg, -0) || Object.is(set.argPerigeeDeg, -0) || Object.is(set.meanAnomalyDeg, -0) ||
    Object.is(set.bstarPerEarthRadius, -0) || Object.is(set.ndotOver2RevPerDay2, -0) || Object.is(set.nddotOver6RevPerDay3, -0) ||
    Object.is(set.noradId, -0) || Object.is(set.epoch.dayOfYear, -0) || Object.is(set.ephemerisType, -0) ||
    Object.is(set.elementSetNumber, -0) || Object.is(set.revolutionNumberAtEpoch, -0)
  );
}

export function gpElementsFromJson<T extends GpElementSet | GpElementSet[]>(text: string): T {
  // a reviver makes JSON.parse several times slower: only a text holding the −0 marker needs it
  if (!text.includes(`"${NEGATIVE_ZERO_TEXT}"`)) return JSON.parse(text) as T;
  return JSON.parse(text, (key, v) => (GP_NUMERIC_FIELDS.has(key) && v === NEGATIVE_ZERO_TEXT ? -0 : v)) as T;
}

/**
 * The element sets of JSON arrays given as UTF-8 bytes (`gpElementsToJson` of arrays, e.g. the catalog's stored sets
 * as storage/catalog.ts `catalogElementSetsJson` assembles them for a worker), in order.
 */
export function gpElementsFromJsonBytes(parts: readonly Uint8Array[]): GpElementSet[] {
  const decoder = new TextDecoder();
  const out: GpElementSet[] = [];
  for (const part of parts) for (const elements of gpElementsFromJson<GpElementSet[]>(decoder.decode(part))) out.push(elements);
  return out;
}
