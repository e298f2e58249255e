/** Shared setup of the event tests that need nothing outside the repository. */
import { keplerianToCartesian, meanMotionRadPerS } from '../../../engine/orbits/keplerian.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { formatTleLines } from '../../../engine/tle/format.ts';
import type { EventStationInput } from '../../../engine/events/index.ts';
import type { Trajectory } from '../../../engine/trajectories/index.ts';
import { bundledEopTable } from '../../../earthData/files.ts';

const DEG = Math.PI / 180;

/** Two-body motion from osculating elements (engine/orbits `keplerianToCartesian` at M₀ + n·t): an exact trajectory. */
export class KeplerTrajectory implements Trajectory {
  readonly epoch: Epoch;
  readonly startS: number;
  readonly endS: number;
  readonly meanMotionRadS: number;

  constructor(
    epoch: Epoch,
    readonly elements: { aKm: number; e: number; iDeg: number; raanDeg: number; argPerigeeDeg: number; meanAnomalyDeg: number },
    endS: number,
  ) {
    this.epoch = epoch;
    this.startS = 0;
    this.endS = endS;
    this.meanMotionRadS = meanMotionRadPerS(elements.aKm);
  }

  stateAt(tS: number, out: Float64Array): void {
    const el = this.elements;
    const s = keplerianToCartesian({
      aKm: el.aKm,
      e: el.e,
      iRad: el.iDeg * DEG,
      raanRad: el.raanDeg * DEG,
      argPerigeeRad: el.argPerigeeDeg * DEG,
      meanAnomalyRad: el.meanAnomalyDeg * DEG + this.meanMotionRadS * tS,
    });
    out.set(s.positionKm, 0);
    out.set(s.velocityKmPerS, 3);
  }
}

export const TEST_EPOCH = Epoch.parse('2023-03-10T00:00:00', 'UTC');

export function environmentFor(epoch: Epoch, endS: number): InterpolatedEarthEnvironment {
  return new InterpolatedEarthEnvironment({ epoch, startS: 0, endS, eop: bundledEopTable() });
}

export const TEST_STATIONS: EventStationInput[] = [
  { id: 'svalbard', name: 'Svalbard', latitudeDeg: 78.23, longitudeDeg: 15.41, heightM: 450, elevationMaskDeg: 5 },
  { id: 'weilheim', name: 'Weilheim', latitudeDeg: 47.88, longitudeDeg: 11.08, heightM: 660, elevationMaskDeg: 10 },
  { id: 'kourou', name: 'Kourou', latitudeDeg: 5.25, longitudeDeg: -52.8, heightM: 20, elevationMaskDeg: 10 },
  { id: 'hartrao', name: 'Hartebeesthoek', latitudeDeg: -25.89, longitudeDeg: 27.69, heightM: 1415, elevationMaskDeg: 7.5 },
];

/** A synthetic sun-synchronous TLE (made for these tests) at the test epoch. */
export function testTle(): [string, string] {
  return formatTleLines({
    catalogNumber: 99801,
    epoch: { year: 2023, dayOfYear: 69 },
    bstarPerEarthRadius: 1.2e-4,
    ndotOver2RevPerDay2: 2e-5,
    inclinationDeg: 97.6,
    raanDeg: 140.0,
    eccentricity: 0.0011,
    argPerigeeDeg: 80,
    meanAnomalyDeg: 20,
    meanMotionRevPerDay: 15.21,
  });
}

/** Azimuth difference a − b in (−180°, 180°]. */
export function azimuthDifference(a: number, b: number): number {
  return ((((a - b) % 360) + 540) % 360) - 180;
}
