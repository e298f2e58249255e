/**
 * Accuracy per tolerance against Orekit 13.1 (test/fixtures/propagation/orekit_tolerance_runs.json, made by
 * tools/OrekitPropagation.java): at each dP of the benchmark, our one-day full-model propagation stays at least as
 * close to our converged run (dP 1e-9 m) as Orekit's stays to its own converged run (dP 1e-10 m) — the accuracy side
 * of the speed comparison in `npm run bench:propagation`. And the 500 × 12,000 km HEO of that benchmark against
 * Orekit's reference samples (HEO_500x12000_63.4.json).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { propagate } from '../../../engine/propagation/propagator.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { FIXTURES, compareSamples, loadEop2023 } from './referenceData.ts';

interface OrekitRuns {
  orbits: Record<'SSO' | 'GTO' | 'HEO', { runs: { dP_m: number; steps: number; evaluations: number; max_position_deviation_from_reference_m: number }[] }>;
}
interface OrbitFile {
  orbit: { epoch_utc: string; initial_state_gcrf: { pos_km: number[]; vel_km_s: number[] } };
  cases: { full: { samples: number[][] } };
}

const runs = JSON.parse(readFileSync(FIXTURES + 'orekit_tolerance_runs.json', 'utf8')) as OrekitRuns;
const load = (file: string): OrbitFile => JSON.parse(readFileSync(FIXTURES + file, 'utf8')) as OrbitFile;
const ORBITS = { SSO: load('SSO_700_98.2.json'), GTO: load('GTO_250x35786_27.json'), HEO: load('HEO_500x12000_63.4.json') };
const SPACECRAFT = { massKg: 800, dryMassKg: 500, dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 };
const eop = loadEop2023();

function run(orbit: OrbitFile, outputTimesS: number[], positionToleranceM?: number) {
  const environment = new InterpolatedEarthEnvironment({ epoch: Epoch.parse(orbit.orbit.epoch_utc, 'UTC'), startS: 0, endS: 86400, eop });
  return propagate({
    positionKm: orbit.orbit.initial_state_gcrf.pos_km,
    velocityKmS: orbit.orbit.initial_state_gcrf.vel_km_s,
    spacecraft: SPACECRAFT,
    outputTimesS,
    environment,
    ...(positionToleranceM === undefined ? {} : { integrator: { positionToleranceM } }),
  });
}

const minutes = Array.from({ length: 1441 }, (_, i) => 60 * i);

function maxDevM(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i += 6) m = Math.max(m, Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!, a[i + 2]! - b[i + 2]!) * 1000);
  return m;
}

for (const name of ['SSO', 'GTO', 'HEO'] as const) {
  test(`${name} full, dP 1e-3 / 1e-4 / 1e-5 m: no farther from our converged run than Orekit from its own at the same dP`, (t) => {
    const converged = run(ORBITS[name], minutes, 1e-9).statesKm;
    for (const o of runs.orbits[name].runs) {
      const res = run(ORBITS[name], minutes, o.dP_m);
      const dev = maxDevM(res.statesKm, converged);
      t.diagnostic(
        `dP ${o.dP_m}: ${dev.toFixed(4)} m, ${res.statistics.steps} steps, ${res.statistics.evaluations} evaluations ` +
          `(Orekit ${o.max_position_deviation_from_reference_m.toFixed(4)} m, ${o.steps} steps, ${o.evaluations} evaluations)`,
      );
      assert.ok(dev <= o.max_position_deviation_from_reference_m, `dP ${o.dP_m}: ${dev} m > Orekit's ${o.max_position_deviation_from_reference_m} m`);
    }
  });
}

test('HEO 500 × 12,000 km full: ≤ 1 m from Orekit over 1 day (default tolerances)', (t) => {
  const samples = ORBITS.HEO.cases.full.samples;
  const res = run(ORBITS.HEO, samples.map((s) => s[0]!));
  const d = compareSamples(samples, res.statesKm);
  t.diagnostic(`reached: max ${d.maxPosM.toFixed(4)} m, final ${d.finalPosM.toFixed(4)} m, ${res.statistics.steps} steps`);
  assert.ok(d.maxPosM <= 1, `max position difference ${d.maxPosM.toFixed(4)} m exceeds 1 m`);
});
