/**
 * `npm run bench:events`: 30 days of passes over 10 ground stations and of eclipses (with the orbits' shadow share)
 * for a LEO spacecraft, on one thread. Goal: under 1 s of compute for the event search.
 *
 * Three trajectory sources, each timed apart from the search:
 *  - our numerical propagation with dense output (EGM96 20×20, Harris–Priester, SRP, Sun and Moon; the state of the
 *    events reference case E1, 542 × 562 km, i 53°), 30 days;
 *  - SGP4 from a TLE (the reference case E3's, 424 × 444 km, i 51.6°), 30 days;
 *  - an ephemeris of 60 s states (the dense output sampled, as an OEM would hold it) with Hermite interpolation.
 * Each search is run 3 times after a warm-up; the median is printed with the evaluation count. The machine has 2
 * cores shared with other work: figures are noisy (compare runs of the same moment).
 */
import { bundledEopTable } from '../earthData/files.ts';
import { InterpolatedEarthEnvironment } from '../engine/propagation/earthEnvironment.ts';
import { propagate } from '../engine/propagation/propagator.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { predictEvents, type EventStationInput } from '../engine/events/index.ts';
import { DenseOutputTrajectory, HermiteTrajectory, Sgp4Trajectory, type Trajectory } from '../engine/trajectories/index.ts';

const DAYS = 30;
const SPAN_S = DAYS * 86400;
const eop = bundledEopTable();

const STATIONS: EventStationInput[] = [
  ['GS-A (Weilheim-like)', 48.08, 11.28, 600, 10],
  ['GS-B (Kiruna-like)', 67.86, 20.96, 400, 10],
  ['GS-C (Canberra-like)', -35.4, 148.98, 690, 5],
  ['Svalbard', 78.23, 15.41, 450, 5],
  ['Hartebeesthoek', -25.89, 27.69, 1415, 10],
  ['Santiago', -33.15, -70.67, 700, 10],
  ['Wallops', 37.94, -75.46, 10, 5],
  ['Fairbanks', 64.86, -147.85, 200, 5],
  ['Singapore', 1.35, 103.82, 30, 10],
  ['Kourou', 5.25, -52.8, 20, 10],
].map(([name, lat, lon, h, mask], i) => ({
  id: `st-${i + 1}`,
  name: name as string,
  latitudeDeg: lat as number,
  longitudeDeg: lon as number,
  heightM: h as number,
  elevationMaskDeg: mask as number,
}));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function timeSearch(label: string, trajectory: Trajectory, environment: InterpolatedEarthEnvironment): void {
  const run = () => predictEvents({ trajectory, environment, fromS: 0, toS: SPAN_S, passes: { stations: STATIONS }, eclipses: true });
  run(); // warm-up (JIT)
  const ms: number[] = [];
  let last = run();
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    last = run();
    ms.push(performance.now() - t0);
  }
  const passes = last.passes!;
  const eclipses = last.eclipses!;
  const umbraS = eclipses.reduce((s, e) => s + e.umbraDurationS, 0);
  console.log(
    `${label.padEnd(40)} ${median(ms).toFixed(0).padStart(5)} ms  (${ms.map((x) => x.toFixed(0)).join(' / ')})  ` +
      `${passes.length} passes, ${eclipses.length} eclipses (${(umbraS / 3600).toFixed(1)} h umbra), ${last.orbitShadow!.length} orbits, ` +
      `${(last.statistics.evaluations / 1e6).toFixed(2)} M evaluations`,
  );
}

const epoch = Epoch.parse('2023-01-16T00:00:00', 'UTC');
console.log(`events over ${DAYS} days, ${STATIONS.length} stations + eclipses (+ nodes for the orbit shares), one thread\n`);

// ---- numerical propagation with dense output ----
let t0 = performance.now();
const environment = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS: SPAN_S, eop });
const envMs = performance.now() - t0;
t0 = performance.now();
const propagation = propagate({
  positionKm: [3341.3374741342263, 6051.388928158365, -495.1637971982136],
  velocityKmS: [-4.209709320813666, 1.8409061798710893, -6.0321719757561745],
  spacecraft: { massKg: 500, dragAreaM2: 1, dragCoefficient: 2.2, srpAreaM2: 1, reflectivityCoefficient: 1.5 },
  outputTimesS: [SPAN_S],
  environment,
  denseOutput: true,
});
const propMs = performance.now() - t0;
const dense = propagation.denseOutput!;
console.log(
  `Earth environment (30 d) ${envMs.toFixed(0)} ms; propagation with dense output ${propMs.toFixed(0)} ms ` +
    `(${dense.stepCount} steps, ${(dense.steps.byteLength / 2 ** 20).toFixed(1)} MiB)`,
);
const denseTrajectory = new DenseOutputTrajectory(dense, epoch);
timeSearch('search on the dense output', denseTrajectory, environment);

// ---- an ephemeris at 60 s (Hermite, 8 points) ----
const n = SPAN_S / 60 + 1;
const times = new Float64Array(n);
const states = new Float64Array(6 * n);
const st = new Float64Array(6);
for (let i = 0; i < n; i++) {
  times[i] = 60 * i;
  denseTrajectory.stateAt(times[i]!, st);
  states.set(st, 6 * i);
}
timeSearch('search on a 60 s ephemeris (Hermite)', new HermiteTrajectory(epoch, times, states), environment);

// ---- SGP4 ----
const tleEpoch = Epoch.parse('2023-02-24T12:00:00', 'UTC');
t0 = performance.now();
const sgp4 = new Sgp4Trajectory(
  '1 99903U 23903A   23055.25000000  .00008000  00000-0  15000-3 0  9996',
  '2 99903  51.6400 123.4567 0006000  75.0000 285.0000 15.48000000123452',
  { epoch: tleEpoch, startS: 0, endS: SPAN_S, eop },
);
const sgp4Env = new InterpolatedEarthEnvironment({ epoch: tleEpoch, startS: 0, endS: SPAN_S, eop });
console.log(`SGP4 trajectory and its Earth environment set up in ${(performance.now() - t0).toFixed(0)} ms`);
timeSearch('search on SGP4 (TLE)', sgp4, sgp4Env);
