/**
 * Element sets of every orbit regime for the bound checks against SGP4 (bounds.test.ts, gridSieve.test.ts): per
 * shape, perigee and apogee heights, inclination and B* drawn from a seeded generator; epochs up to 3 days before
 * 2023-02-15 (day 46 of 2023).
 */
import { MU_EARTH_KM3_S2, WGS84_EQUATORIAL_RADIUS_KM } from '../../../../engine/constants.ts';
import { formatTleLines } from '../../../../engine/tle/format.ts';
import { seededRandom } from '../../../helpers/random.ts';

export interface RegimeShape { name: string; perigeeKm: [number, number]; apogeeExtraKm: [number, number]; inclinationDeg?: number; bstar: [number, number] }

/** The regimes (the decaying LEO decays within 14 days). */
export const REGIME_SHAPES: readonly RegimeShape[] = [
  { name: 'decaying LEO', perigeeKm: [160, 330], apogeeExtraKm: [0, 30], bstar: [3e-4, 3e-3] },
  { name: 'LEO', perigeeKm: [400, 1300], apogeeExtraKm: [0, 20], bstar: [1e-5, 5e-4] },
  { name: 'SSO', perigeeKm: [500, 850], apogeeExtraKm: [0, 10], inclinationDeg: 98.2, bstar: [1e-5, 3e-4] },
  { name: 'eccentric LEO', perigeeKm: [300, 1500], apogeeExtraKm: [500, 3500], bstar: [1e-5, 3e-4] },
  { name: 'GTO', perigeeKm: [200, 800], apogeeExtraKm: [34500, 35800], bstar: [1e-5, 2e-4] },
  { name: 'Molniya', perigeeKm: [500, 1500], apogeeExtraKm: [38000, 39000], inclinationDeg: 63.4, bstar: [0, 1e-4] },
  { name: 'GNSS', perigeeKm: [19000, 23300], apogeeExtraKm: [0, 400], bstar: [0, 1e-4] },
  { name: 'GEO', perigeeKm: [35700, 35860], apogeeExtraKm: [0, 100], bstar: [0, 1e-4] },
];

/** `perShape` TLEs of each shape, catalog numbers from `firstCatalogNumber`; `epochS` from 2023-02-15T00:00Z. */
export function regimeTles(shapes: readonly RegimeShape[], perShape: number, seed: number, firstCatalogNumber: number): { shape: string; line1: string; line2: string; epochS: number }[] {
  const random = seededRandom(seed);
  const out: { shape: string; line1: string; line2: string; epochS: number }[] = [];
  for (const shape of shapes) {
    for (let k = 0; k < perShape; k++) {
      const hp = shape.perigeeKm[0] + random() * (shape.perigeeKm[1] - shape.perigeeKm[0]);
      const ha = hp + shape.apogeeExtraKm[0] + random() * (shape.apogeeExtraKm[1] - shape.apogeeExtraKm[0]);
      const a = WGS84_EQUATORIAL_RADIUS_KM + 0.5 * (hp + ha);
      const epochS = -random() * 3 * 86400;
      const [line1, line2] = formatTleLines({
        catalogNumber: firstCatalogNumber + out.length,
        epoch: { year: 2023, dayOfYear: 46 + epochS / 86400 },
        bstarPerEarthRadius: shape.bstar[0] + random() * (shape.bstar[1] - shape.bstar[0]),
        inclinationDeg: shape.inclinationDeg ?? (shape.name === 'GEO' ? random() * 10 : random() * 110),
        raanDeg: random() * 360,
        eccentricity: (ha - hp) / (2 * a),
        argPerigeeDeg: shape.name === 'Molniya' ? 270 : random() * 360,
        meanAnomalyDeg: random() * 360,
        meanMotionRevPerDay: (Math.sqrt(MU_EARTH_KM3_S2 / (a * a * a)) * 86400) / (2 * Math.PI),
      });
      // day 46 of 2023 is 15 February: the epoch is that day + epochS (to the 1e-8-day grid of the field)
      out.push({ shape: shape.name, line1, line2, epochS });
    }
  }
  return out;
}
