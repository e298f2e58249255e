/** Synthetic encounters of the avoidance tests: orbits by their elements, a crossing secondary, the Earth data. */
import { Epoch } from '../../../engine/time/epoch.ts';
import type { ForceModelSettings } from '../../../engine/propagation/propagator.ts';
import type { EarthData } from '../../../engine/propagation/storedState.ts';
import type { SpaceWeatherTable } from '../../../engine/spaceWeather/spaceWeather.ts';
import { keplerianToCartesian } from '../../../engine/orbits/keplerian.ts';
import { localOrbitalRotation } from '../../../engine/math/covariance.ts';
import type { AvoidanceEncounter } from '../../../engine/avoidance/index.ts';
import { loadEop2023 } from '../propagation/referenceData.ts';

export const DEG = Math.PI / 180;
export const TWO_BODY: ForceModelSettings = { gravityDegree: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
export const EOP = loadEop2023();
export const TCA_EPOCH = Epoch.parse('2023-03-12T00:00:00Z', 'UTC');
/** The March 2023 EOP of the Orekit reference runs; no space weather (no NRLMSISE-00 here). */
export const EARTH: EarthData = {
  eop: EOP,
  get spaceWeather(): SpaceWeatherTable {
    throw new Error('no space weather in these tests');
  },
};

export function stateOf(aKm: number, e: number, iDeg: number, raanDeg: number, argpDeg: number, nuDeg: number): Float64Array {
  const c = keplerianToCartesian({ aKm, e, iRad: iDeg * DEG, raanRad: raanDeg * DEG, argPerigeeRad: argpDeg * DEG, trueAnomalyRad: nuDeg * DEG });
  return Float64Array.from([...c.positionKm, ...c.velocityKmPerS]);
}

/** A secondary crossing the primary at TCA (100° off its track in LEO and HEO, 10° in GEO), 150 m off radially and 20 m across, with covariances. */
export function syntheticEncounter(primary: Float64Array, regime: 'LEO' | 'HEO' | 'GEO'): AvoidanceEncounter {
  const m = localOrbitalRotation('RTN', primary.subarray(0, 3), primary.subarray(3, 6));
  const speed = Math.hypot(primary[3]!, primary[4]!, primary[5]!);
  const angle = regime === 'GEO' ? 10 * DEG : 100 * DEG;
  // secondary velocity: the primary's turned by `angle` about R (in the T–N plane)
  const vRtn = [0, speed * Math.cos(angle), speed * Math.sin(angle)];
  const offRtnKm = [0.15, 0, 0.02];
  const secondary = new Float64Array(6);
  for (let i = 0; i < 3; i++) {
    secondary[i] = primary[i]! + m[i]! * offRtnKm[0]! + m[3 + i]! * offRtnKm[1]! + m[6 + i]! * offRtnKm[2]!;
    secondary[3 + i] = m[i]! * vRtn[0]! + m[3 + i]! * vRtn[1]! + m[6 + i]! * vRtn[2]!;
  }
  const cov = (r: number, t: number, n: number): number[] => {
    const c = new Array<number>(36).fill(0);
    c[0] = r * r; c[7] = t * t; c[14] = n * n;
    c[21] = 1e-4; c[28] = 1e-2; c[35] = 1e-4;
    return c;
  };
  return { primaryStateKm: primary, secondaryStateKm: secondary, primaryCovarianceRtnM2: cov(40, 200, 20), secondaryCovarianceRtnM2: cov(60, 300, 30), combinedHardBodyRadiusM: 15, pcMethod: 'LAAS_2015' };
}

