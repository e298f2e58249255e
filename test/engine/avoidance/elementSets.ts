/** Element sets of the avoidance tests: a GP element set through a given state, a state crossing a trajectory. */
import { gpTrajectory, temeTable } from '../../../engine/collision/screening/objects.ts';
import { cartesianToKeplerian } from '../../../engine/orbits/keplerian.ts';
import { localOrbitalRotation } from '../../../engine/math/covariance.ts';
import { tleEpochFromEpoch, tleEpochToUtcString } from '../../../engine/tle/epoch.ts';
import type { GpElementSet } from '../../../engine/tle/gpElements.ts';
import type { Epoch } from '../../../engine/time/epoch.ts';
import { MU_EARTH_KM3_S2 } from '../../../engine/constants.ts';

export /** A GP element set whose SGP4 position (GCRF, as the screening sees it) at `epoch` is `stateKm`'s, to < 1 mm. */
function elementSetThrough(noradId: number, epoch: Epoch, stateKm: ArrayLike<number>): GpElementSet {
  const tle = tleEpochFromEpoch(epoch);
  const epochUtc = tleEpochToUtcString(tle);
  const table = temeTable(epoch.plusSeconds(-60), 120);
  const correction = [0, 0, 0];
  const out = new Float64Array(6);
  let set: GpElementSet | null = null;
  for (let it = 0; it < 12; it++) {
    const el = cartesianToKeplerian([0, 1, 2].map((i) => stateKm[i]! + correction[i]!), [stateKm[3]!, stateKm[4]!, stateKm[5]!]);
    set = {
      noradId, name: `TEST ${noradId}`, cosparId: null, classification: 'U', epoch: tle, epochUtc,
      meanMotionRevPerDay: (Math.sqrt(MU_EARTH_KM3_S2 / el.aKm ** 3) * 86400) / (2 * Math.PI),
      eccentricity: el.e, inclinationDeg: (el.iRad * 180) / Math.PI, raanDeg: (el.raanRad * 180) / Math.PI,
      argPerigeeDeg: (el.argPerigeeRad * 180) / Math.PI, meanAnomalyDeg: (el.meanAnomalyRad * 180) / Math.PI,
      bstarPerEarthRadius: 0, ndotOver2RevPerDay2: 0, nddotOver6RevPerDay3: 0, ephemerisType: 0, elementSetNumber: 999, revolutionNumberAtEpoch: 0,
    };
    const built = gpTrajectory(set, table);
    if ('problem' in built) throw new Error(built.problem);
    built.trajectory.stateAt(60, out);
    const d = [0, 1, 2].map((i) => stateKm[i]! - out[i]!);
    for (let i = 0; i < 3; i++) correction[i] = correction[i]! + d[i]!;
    if (Math.hypot(d[0]!, d[1]!, d[2]!) < 1e-6) break;
  }
  return set!;
}

/** A state `offRtnKm` off `primary` (GCRF, km, km/s) in its RTN, its velocity the primary's turned by `angleDeg` about R. */
export function crossingState(primary: ArrayLike<number>, offRtnKm: readonly [number, number, number] = [0.15, 0, 0.02], angleDeg = 100): Float64Array {
  const p = Float64Array.from(primary);
  const m = localOrbitalRotation('RTN', p.subarray(0, 3), p.subarray(3, 6));
  const speed = Math.hypot(p[3]!, p[4]!, p[5]!);
  const a = (angleDeg * Math.PI) / 180;
  const vRtn = [0, speed * Math.cos(a), speed * Math.sin(a)];
  const out = new Float64Array(6);
  for (let i = 0; i < 3; i++) {
    out[i] = p[i]! + m[i]! * offRtnKm[0] + m[3 + i]! * offRtnKm[1] + m[6 + i]! * offRtnKm[2];
    out[3 + i] = m[i]! * vRtn[0]! + m[3 + i]! * vRtn[1]! + m[6 + i]! * vRtn[2]!;
  }
  return out;
}
