/**
 * The bounds the screening's guarantee rests on, checked against SGP4 itself: for element sets of every regime
 * (decaying and ordinary LEO, sun-synchronous, eccentric LEO, GTO, Molniya, GNSS, GEO), SGP4 is sampled every
 * few seconds over 14 days (time steps drawn at random) and
 *  - its radius stays in the envelope's range (sgp4Envelope.ts), its velocity output differs from the central
 *    difference of its positions by less than the velocity-mismatch bound, its acceleration (second difference)
 *    stays below the acceleration bound;
 *  - its position stays within the orbit model's out-of-plane bound, in-plane angle bound and radius pad about the
 *    model conic (orbitModels.ts), which the orbit-path and phasing filters use.
 * Each check prints the largest share of its bound used; a bound exceeded fails.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sgp4, twoline2satrec } from 'satellite.js';
import { sgp4Envelope } from '../../../../engine/collision/screening/sgp4Envelope.ts';
import { gpBounds, temeTable } from '../../../../engine/collision/screening/objects.ts';
import { ModelState, Sgp4OrbitModel, equationOfCentreBound, spanTemeRotation } from '../../../../engine/collision/screening/orbitModels.ts';
import { SatrecTrajectory } from '../../../../engine/trajectories/sgp4.ts';
import { Epoch } from '../../../../engine/time/epoch.ts';
import { seededRandom } from '../../../helpers/random.ts';
import { REGIME_SHAPES, regimeTles } from './regimes.ts';

const SPAN_S = 14 * 86400;
const START = Epoch.parse('2023-02-15T00:00:00', 'UTC');

const elementSets = (perShape: number, seed: number) => regimeTles(REGIME_SHAPES, perShape, seed, 80000);

test('the equation-of-centre bound is the largest ν − M (checked by scanning M)', () => {
  for (const e of [1e-4, 0.01, 0.1, 0.3, 0.7, 0.9]) {
    let max = 0;
    for (let k = 0; k <= 20000; k++) {
      const m = (Math.PI * k) / 20000;
      let E = m + e * Math.sin(m);
      for (let i = 0; i < 20; i++) E -= (E - e * Math.sin(E) - m) / (1 - e * Math.cos(E));
      const nu = 2 * Math.atan(Math.sqrt((1 + e) / (1 - e)) * Math.tan(E / 2));
      max = Math.max(max, Math.abs(nu - m));
    }
    const bound = equationOfCentreBound(e);
    // the scan's step (π/20000) can only find a value below the maximum, by far less than 1e-6
    assert.ok(bound >= max - 1e-12 && bound <= max + 1e-6, `e = ${e}: bound ${bound}, scanned ${max}`);
  }
});

test('SGP4 stays inside its envelopes and orbit-model bounds over 14 days (every regime)', () => {
  const table = temeTable(START, SPAN_S);
  const frame = spanTemeRotation(table, SPAN_S);
  const random = seededRandom(99);
  const worst: Record<string, { share: number; what: string }> = {};
  const note = (key: string, share: number, what: string): void => {
    if (!(key in worst) || share > worst[key]!.share) worst[key] = { share, what };
  };
  const sets = elementSets(6, 2024);
  const state = new Float64Array(6);
  const model = new ModelState();
  for (const set of sets) {
    const satrec = twoline2satrec(set.line1, set.line2);
    const trajectory = new SatrecTrajectory(satrec, START.plusSeconds(set.epochS), table);
    const envelope = sgp4Envelope(satrec, trajectory.tleEpochS, 0, SPAN_S);
    const bounds = gpBounds(envelope);
    const orbit = new Sgp4OrbitModel(satrec, envelope, bounds, frame);
    const end = envelope.failedAfterS ?? SPAN_S;
    for (let t = 1; t < end - 1; t += 20 + random() * 100) {
      const m = (t - trajectory.tleEpochS) / 60;
      const h = 0.1 / 60;
      const p0 = sgp4(satrec, m);
      const pm = sgp4(satrec, m - h);
      const pp = sgp4(satrec, m + h);
      if (p0 === null || pm === null || pp === null) break;
      const r = Math.hypot(p0.position.x, p0.position.y, p0.position.z);
      // radius: the gap to the nearer end of the range, as a share of the pad the range adds (km from the end)
      const gap = Math.min(r - envelope.radiusMinKm, envelope.radiusMaxKm - r);
      note('radius range (−gap to the nearer end, km)', -gap, `${set.shape} r ${r.toFixed(3)} in [${envelope.radiusMinKm.toFixed(3)}, ${envelope.radiusMaxKm.toFixed(3)}]`);
      const dv = (['x', 'y', 'z'] as const).map((c) => (pp.position[c] - pm.position[c]) / 0.2 - p0.velocity[c]);
      note('velocity mismatch', Math.hypot(...dv) / envelope.velocityMismatchKmS, set.shape);
      const acc = (['x', 'y', 'z'] as const).map((c) => (pp.position[c] - 2 * p0.position[c] + pm.position[c]) / 0.01);
      note('acceleration', Math.hypot(...acc) / envelope.accelerationBoundKmS2, set.shape);
      if (!orbit.usable) continue;
      trajectory.stateAt(t, state);
      orbit.at(t, model);
      const z = state[0]! * model.n[0]! + state[1]! * model.n[1]! + state[2]! * model.n[2]!;
      note('out of plane', Math.abs(z) / orbit.outOfPlaneKm(), `${set.shape} ${z.toFixed(3)} km`);
      const u = Math.atan2(state[0]! * model.y[0]! + state[1]! * model.y[1]! + state[2]! * model.y[2]!, state[0]! * model.x[0]! + state[1]! * model.x[1]! + state[2]! * model.x[2]!);
      const dev = u - model.lambda - 2 * Math.PI * Math.round((u - model.lambda) / (2 * Math.PI));
      note('in-plane angle', Math.abs(dev) / orbit.angleRad(), `${set.shape} ${dev.toExponential(2)} rad`);
      const conic = model.pKm / (1 + model.e * Math.cos(u - model.argPerigee));
      const rs = Math.hypot(state[0]!, state[1]!, state[2]!);
      note('radius about the conic', Math.abs(rs - conic) / orbit.radiusPadKm, `${set.shape} ${(rs - conic).toFixed(3)} km`);
    }
  }
  for (const [key, w] of Object.entries(worst)) console.log(`# ${key}: largest share of the bound ${w.share.toFixed(3)} (${w.what})`);
  for (const [key, w] of Object.entries(worst)) assert.ok(key.startsWith('radius range') ? w.share <= 0 : w.share <= 1, `${key} exceeds its bound: ${w.share} (${w.what})`);
});
