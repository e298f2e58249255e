/**
 * A synthetic, seeded, deterministic catalog of general-perturbations element sets with the shape of today's public
 * catalog (about 30,000 tracked objects, a LEO majority). The shares below are rounded from public summaries of the
 * catalog in 2024–2025 (CelesTrak SATCAT counts, ESA's annual space environment report): they are approximate and
 * only meant to load the screening the way the real catalog does, with its dense shells.
 *
 *   group                                       share   altitude (km)            inclination (deg)   e
 *   Starlink-like 53° shell                      15 %   540–560                   53.0–53.2          < 3e-4
 *   other Starlink-like shells                    5 %   525–575                   43, 70, 97.6       < 3e-4
 *   OneWeb-like                                   2 %   1195–1205                 87.9               < 3e-4
 *   sun-synchronous band (payloads, debris)      17 %   450–900                   SSO for the height  5e-4–5e-3
 *   Iridium/Cosmos-like debris                    5 %   650–950                   74, 86.4            < 0.02
 *   other LEO                                    40 %   300–2000                  28.5…98.8 (clusters) < 0.05, mostly small
 *   eccentric LEO (rocket bodies, debris)         3 %   perigee 200–700, apogee to 4000
 *   GNSS and other MEO                            3 %   19,100–23,300 (GNSS), 2000–19,000   55–65
 *   GEO belt                                      6 %   a = 42,164 ± 300 km       0–15               < 5e-3
 *   GTO                                           3.5 % perigee 180–600, apogee 35,000–36,500   0–28
 *   Molniya-like HEO                              0.5 % perigee 500–1500, apogee 39,000–40,000  63.4 (ω ≈ 270°)
 *
 * Epochs lie 0.1–3 days before the reference instant; B* is log-uniform in 1e-5…5e-4 /ER in LEO (0…1e-4 above).
 * Every set is written as the two lines of a TLE (engine/tle format) and read back, so it is exactly a TLE.
 */
import { MU_EARTH_KM3_S2, WGS84_EQUATORIAL_RADIUS_KM } from '../../engine/constants.ts';
import { formatTleLines } from '../../engine/tle/format.ts';
import { readTleCatalog } from '../../engine/tle/catalog.ts';
import type { GpElementSet } from '../../engine/tle/gpElements.ts';
import { tleEpochFromEpoch } from '../../engine/tle/epoch.ts';
import { seededRandom } from '../../test/helpers/random.ts';
import type { Epoch } from '../../engine/time/epoch.ts';

interface Shape {
  perigeeKm: number;
  apogeeKm: number;
  inclinationDeg: number;
  argPerigeeDeg?: number;
  deep?: boolean;
}

/** Sun-synchronous inclination for a circular orbit at this height (J2 nodal rate = 360°/365.2422 d). */
export function sunSynchronousInclinationDeg(heightKm: number): number {
  const j2 = 1.08262668e-3;
  const a = WGS84_EQUATORIAL_RADIUS_KM + heightKm;
  const n = Math.sqrt(MU_EARTH_KM3_S2 / (a * a * a));
  const nodeRate = (2 * Math.PI) / (365.2422 * 86400);
  const cosI = -nodeRate / (1.5 * j2 * n * (WGS84_EQUATORIAL_RADIUS_KM / a) ** 2);
  return (Math.acos(cosI) * 180) / Math.PI;
}

function drawShape(random: () => number): Shape {
  const u = random();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const near = (h: number, spread: number): Shape => {
    const p = h + random() * spread;
    return { perigeeKm: p, apogeeKm: p, inclinationDeg: 0 };
  };
  // near-circular shells: near() gives apogee = perigee, the eccentricity (< 3e-4) is drawn in syntheticCatalog
  if (u < 0.15) return { ...near(540, 20), inclinationDeg: 53 + random() * 0.2 };
  if (u < 0.2) {
    const [h, i] = pick([[530, 43], [570, 70], [560, 97.6]] as const);
    return { ...near(h - 5, 10), inclinationDeg: i + random() * 0.1 };
  }
  if (u < 0.22) return { ...near(1195, 10), inclinationDeg: 87.9 };
  if (u < 0.39) {
    const h = 450 + random() * 450;
    const e = 5e-4 + random() * 4.5e-3;
    return { perigeeKm: h, apogeeKm: h + 2 * e * (WGS84_EQUATORIAL_RADIUS_KM + h), inclinationDeg: sunSynchronousInclinationDeg(h) + (random() - 0.5) * 0.6 };
  }
  if (u < 0.44) {
    const p = 650 + random() * 250;
    return { perigeeKm: p, apogeeKm: p + random() * random() * 250, inclinationDeg: pick([74, 86.4]) + (random() - 0.5) };
  }
  if (u < 0.84) {
    const p = 300 + random() * 1700;
    return { perigeeKm: p, apogeeKm: p + random() ** 4 * 600, inclinationDeg: pick([28.5, 35, 43, 51.6, 65, 71, 74, 82, 83, 98.8]) + (random() - 0.5) * 2 };
  }
  if (u < 0.87) {
    const p = 200 + random() * 500;
    return { perigeeKm: p, apogeeKm: p + 300 + random() * 3500, inclinationDeg: pick([28.5, 51.6, 65, 71, 82, 98]) + (random() - 0.5) * 3 };
  }
  if (u < 0.9) {
    if (random() < 0.6) {
      const h = pick([19100, 20180, 21530, 23222]);
      const p = h + (random() - 0.5) * 200;
      return { perigeeKm: p, apogeeKm: p + random() * 300, inclinationDeg: h === 19100 ? 64.8 : 55 + random() * 2, deep: true };
    }
    const p = 2000 + random() * 17000;
    return { perigeeKm: p, apogeeKm: p + random() * 1000, inclinationDeg: 30 + random() * 70, deep: true };
  }
  if (u < 0.96) {
    const a = 42164 + (random() - 0.5) * 600;
    const e = random() * 5e-3;
    const h = a - WGS84_EQUATORIAL_RADIUS_KM;
    return { perigeeKm: h - e * a, apogeeKm: h + e * a, inclinationDeg: random() ** 2 * 15, deep: true };
  }
  if (u < 0.995) return { perigeeKm: 180 + random() * 420, apogeeKm: 35000 + random() * 1500, inclinationDeg: random() * 28, deep: true };
  return { perigeeKm: 500 + random() * 1000, apogeeKm: 39000 + random() * 1000, inclinationDeg: 63.4, argPerigeeDeg: 270 + (random() - 0.5) * 10, deep: true };
}

export interface SyntheticCatalogOptions {
  readonly count: number;
  readonly seed: number;
  /** Element set epochs lie 0.1–3 days before this instant. */
  readonly reference: Epoch;
  /** First catalogue number (consecutive). */
  readonly firstNoradId?: number;
}

/** The catalog (module comment), as element sets read back from TLE text. */
export function syntheticCatalog(options: SyntheticCatalogOptions): GpElementSet[] {
  const random = seededRandom(options.seed);
  const first = options.firstNoradId ?? 10001;
  const lines: string[] = [];
  for (let k = 0; k < options.count; k++) {
    const shape = drawShape(random);
    let { perigeeKm, apogeeKm } = shape;
    if (apogeeKm < perigeeKm) apogeeKm = perigeeKm;
    if (apogeeKm === perigeeKm) apogeeKm = perigeeKm + random() * 2 * 3e-4 * (WGS84_EQUATORIAL_RADIUS_KM + perigeeKm);
    const a = WGS84_EQUATORIAL_RADIUS_KM + 0.5 * (perigeeKm + apogeeKm);
    const e = (apogeeKm - perigeeKm) / (2 * a);
    const meanMotion = (Math.sqrt(MU_EARTH_KM3_S2 / (a * a * a)) * 86400) / (2 * Math.PI);
    const epoch = tleEpochFromEpoch(options.reference.plusSeconds(-(0.1 + random() * 2.9) * 86400));
    const bstar = shape.deep ? random() * 1e-4 : Math.exp(Math.log(1e-5) + random() * Math.log(50));
    const [l1, l2] = formatTleLines({
      catalogNumber: first + k,
      epoch,
      bstarPerEarthRadius: bstar,
      ndotOver2RevPerDay2: shape.deep ? 0 : bstar * 1e-2 * random(),
      inclinationDeg: Math.min(Math.max(shape.inclinationDeg, 0), 180),
      raanDeg: random() * 360,
      eccentricity: e,
      argPerigeeDeg: shape.argPerigeeDeg ?? random() * 360,
      meanAnomalyDeg: random() * 360,
      meanMotionRevPerDay: meanMotion,
      revolutionNumberAtEpoch: Math.floor(random() * 90000),
      elementSetNumber: 1 + Math.floor(random() * 998),
    });
    lines.push(`SYN ${first + k}`, l1, l2);
  }
  const { entries, errors } = readTleCatalog(lines.join('\n'));
  if (errors.length > 0) throw new Error(`synthetic catalog: ${errors[0]!.message}`);
  return entries;
}

/** One Walker-like shell of a constellation: `planes` × `perPlane` circular orbits at `heightKm`, `inclinationDeg`. */
export interface FleetShell {
  readonly heightKm: number;
  readonly inclinationDeg: number;
  readonly planes: number;
  readonly perPlane: number;
}

/**
 * A constellation operator's fleet as element sets (the benchmark fleet): Walker-like shells (planes evenly
 * spaced in RAAN over 360°, satellites evenly in mean anomaly, a phase offset between planes), near-circular, with
 * NORAD ids from `firstNoradId`, epochs 0.1–1 day before `reference`.
 */
export function walkerFleet(shells: readonly FleetShell[], options: { readonly seed: number; readonly reference: Epoch; readonly firstNoradId: number }): GpElementSet[] {
  const random = seededRandom(options.seed);
  const lines: string[] = [];
  let id = options.firstNoradId;
  for (const shell of shells) {
    const a = WGS84_EQUATORIAL_RADIUS_KM + shell.heightKm;
    const meanMotion = (Math.sqrt(MU_EARTH_KM3_S2 / (a * a * a)) * 86400) / (2 * Math.PI);
    for (let p = 0; p < shell.planes; p++) {
      for (let s = 0; s < shell.perPlane; s++) {
        const [l1, l2] = formatTleLines({
          catalogNumber: id,
          epoch: tleEpochFromEpoch(options.reference.plusSeconds(-(0.1 + random() * 0.9) * 86400)),
          bstarPerEarthRadius: 1e-5 + random() * 4e-5,
          ndotOver2RevPerDay2: 0,
          inclinationDeg: shell.inclinationDeg,
          raanDeg: (360 * p) / shell.planes,
          eccentricity: 1e-4 + random() * 2e-4,
          // argument of perigee 0: the mean anomaly alone phases the satellites of a plane
          argPerigeeDeg: 0,
          meanAnomalyDeg: ((360 * s) / shell.perPlane + (360 * p) / (shell.planes * shell.perPlane)) % 360,
          meanMotionRevPerDay: meanMotion,
          revolutionNumberAtEpoch: 1000,
          elementSetNumber: 999,
        });
        lines.push(`FLEET ${id}`, l1, l2);
        id++;
      }
    }
  }
  const { entries, errors } = readTleCatalog(lines.join('\n'));
  if (errors.length > 0) throw new Error(`walker fleet: ${errors[0]!.message}`);
  return entries;
}
