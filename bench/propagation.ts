/**
 * Propagation benchmark: `npm run bench:propagation`.
 *
 * Orekit anchor on this machine class (reference README, 2 CPUs, JIT warm, dP = 1e-3 m): 1-day LEO full model at
 * 60 s output in 125–172 ms, 30 days in 4.4 s. Goal: ≤ 60 ms and ≤ 2 s with ≤ 1 m error against the converged
 * reference (our own run at dP = 1e-9 m with the same force model and environment).
 *
 * Timed: environment construction (EOP/nutation nodes, Sun/Moon nodes) + propagate() with 60 s outputs.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { propagate, DEFAULT_POSITION_TOLERANCE_M, type PropagationRequest } from '../engine/propagation/propagator.ts';
import { InterpolatedEarthEnvironment } from '../engine/propagation/earthEnvironment.ts';
import { EopTable, type EopRow } from '../engine/frames/eop.ts';
import { Epoch } from '../engine/time/epoch.ts';

const FIX = new URL('../test/fixtures/propagation/', import.meta.url);
const ref = JSON.parse(readFileSync(new URL('SSO_700_98.2.json', FIX), 'utf8')) as {
  orbit: { initial_state_gcrf: { pos_km: number[]; vel_km_s: number[] } };
};
const gto = JSON.parse(readFileSync(new URL('GTO_250x35786_27.json', FIX), 'utf8')) as typeof ref;

function loadEop(): EopTable {
  const lines = readFileSync(new URL('eopc04_20.2023-03.csv', FIX), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const h = lines[0]!.split(';');
  const c = (n: string): number => h.indexOf(n);
  const rows: EopRow[] = lines.slice(1).map((l) => {
    const f = l.split(';');
    return {
      mjd: Number(f[c('MJD')]),
      xpArcsec: Number(f[c('x_pole')]),
      ypArcsec: Number(f[c('y_pole')]),
      dut1Seconds: Number(f[c('UT1-UTC')]),
      lodSeconds: Number(f[c('LOD')]),
      dxArcsec: Number(f[c('dX')]),
      dyArcsec: Number(f[c('dY')]),
      ddPsiArcsec: 0,
      ddEpsArcsec: 0,
      predicted: false,
    };
  });
  return EopTable.fromRows(rows);
}
const eop = loadEop();

const SC = { massKg: 800, dryMassKg: 500, dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 };

function request(orbit: typeof ref, epoch: Epoch, days: number, dP: number, env: InterpolatedEarthEnvironment): PropagationRequest {
  const times: number[] = [];
  for (let t = 0; t <= days * 86400; t += 60) times.push(t);
  return {
    positionKm: orbit.orbit.initial_state_gcrf.pos_km,
    velocityKmS: orbit.orbit.initial_state_gcrf.vel_km_s,
    spacecraft: SC,
    outputTimesS: times,
    environment: env,
    integrator: { positionToleranceM: dP },
  };
}

function timed(orbit: typeof ref, epoch: Epoch, days: number, dP: number): { ms: number; states: Float64Array; evals: number; steps: number } {
  const t0 = performance.now();
  const env = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS: days * 86400, eop });
  const res = propagate(request(orbit, epoch, days, dP, env));
  const ms = performance.now() - t0;
  return { ms, states: res.statesKm, evals: res.statistics.evaluations, steps: res.statistics.steps };
}

function maxDevM(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i += 6) m = Math.max(m, Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!, a[i + 2]! - b[i + 2]!) * 1000);
  return m;
}

function median(xs: number[]): number {
  const s = [...xs].sort((p, q) => p - q);
  return s[Math.floor(s.length / 2)]!;
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Apsis propagation benchmark — ${cpu}, ${os.cpus().length} CPUs, Node ${process.version}`);
console.log('full model: EGM96 20×20 + Harris–Priester + SRP (conical shadow, events) + Sun/Moon; 60 s outputs\n');

const cases = [
  { label: 'SSO 700 km, 1 day', orbit: ref, epoch: Epoch.parse('2023-03-08T06:30:00', 'UTC'), days: 1, rounds: 15 },
  { label: 'GTO 250×35786 km, 1 day', orbit: gto, epoch: Epoch.parse('2023-03-21T12:00:00', 'UTC'), days: 1, rounds: 15 },
  { label: 'SSO 700 km, 30 days', orbit: ref, epoch: Epoch.parse('2023-03-01T06:30:00', 'UTC'), days: 30, rounds: 3 },
];
const tolerances = [1e-3, 1e-4, DEFAULT_POSITION_TOLERANCE_M];
console.log('case                     | dP [m] | ms median (min) | steps | evals | evals/s   | max dev vs converged [m]');
console.log('-------------------------|--------|-----------------|-------|-------|-----------|-------------------------');
for (const c of cases) {
  const conv = timed(c.orbit, c.epoch, c.days, 1e-9).states;
  for (const dP of tolerances) {
    for (let w = 0; w < 3; w++) timed(c.orbit, c.epoch, c.days, dP); // warm-up
    const times: number[] = [];
    let last = timed(c.orbit, c.epoch, c.days, dP);
    for (let r = 0; r < c.rounds; r++) {
      last = timed(c.orbit, c.epoch, c.days, dP);
      times.push(last.ms);
    }
    const med = median(times);
    const evPerS = last.evals / (med / 1000);
    console.log(
      `${c.label.padEnd(25)}| ${dP.toExponential(0).padEnd(7)}| ${med.toFixed(1).padStart(7)} (${Math.min(...times).toFixed(1)})`.padEnd(62) +
        `| ${String(last.steps).padStart(5)} | ${String(last.evals).padStart(6)}| ${(evPerS / 1e6).toFixed(2)} M/s  | ${maxDevM(last.states, conv).toFixed(3)}`,
    );
  }
}
