/**
 * Every model's partial derivatives (w.r.t. the GCRF state at the transit time, light-time dependence included)
 * against central finite differences: |analytic − numeric| ≤ 1e-6 × the row's largest entry. Steps 1 m and 1 mm/s;
 * each perturbed evaluation re-solves the light time on the perturbed trajectory.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MeasurementModels, ModelEvaluation } from '../../../engine/measurements/models.ts';
import { prepareMeasurements } from '../../../engine/measurements/prepare.ts';
import { LocalTrajectory } from '../../../engine/measurements/trajectory.ts';
import type { ObservableKind } from '../../../engine/measurements/observables.ts';
import type { MeasurementInput } from '../../../engine/measurements/types.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { loadStations, loadTruth, truthAt } from './odReference.ts';

interface Case {
  kind: ObservableKind;
  twoWay: boolean;
  timetag: 'RECEIVE' | 'TRANSMIT';
  frame: string | null;
}

const CASES: Case[] = [];
for (const kind of ['RANGE', 'RANGE_RATE'] as const) {
  for (const twoWay of [true, false]) for (const timetag of ['RECEIVE', 'TRANSMIT'] as const) CASES.push({ kind, twoWay, timetag, frame: null });
}
for (const timetag of ['RECEIVE', 'TRANSMIT'] as const) {
  CASES.push({ kind: 'AZEL', twoWay: false, timetag, frame: null });
  for (const frame of ['EME2000', 'GCRF', 'TOD']) CASES.push({ kind: 'RADEC', twoWay: false, timetag, frame });
}
for (const frame of ['GCRF', 'EME2000', 'MOD', 'TEME', 'ITRF']) CASES.push({ kind: 'PV', twoWay: false, timetag: 'RECEIVE', frame });

// passes of the reference orbit over VIS-STN-1 early and late in the day (late: times near 86400 s)
const EPOCHS = ['2023-02-10T00:01:00Z', '2023-02-10T23:59:00Z'];

test('partials of every model match central differences (relative 1e-6)', (t) => {
  const truth = loadTruth();
  const eop = bundledEopTable();
  const epoch = Epoch.parse(truth.od_epoch_utc, 'UTC');
  const env = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS: 86400, eop });
  const measurements: MeasurementInput[] = [];
  for (const e of EPOCHS) {
    for (const c of CASES) {
      const dim = c.kind === 'PV' ? 6 : c.kind === 'AZEL' || c.kind === 'RADEC' ? 2 : 1;
      measurements.push({ id: `${c.kind}-${measurements.length}`, epochUtc: e, observed: new Array(dim).fill(0), sigma: null, stationId: 'VIS-STN-1', outlier: false, ...c });
    }
  }
  const set = prepareMeasurements(epoch, loadStations(), measurements, eop);
  assert.equal(set.skipped.length, 0, JSON.stringify(set.skipped));
  const models = new MeasurementModels(env);
  const R = new Float64Array(9);
  const traj = new LocalTrajectory();
  const ev = new ModelEvaluation();
  const plus = new ModelEvaluation();
  const minus = new ModelEvaluation();
  const r = new Float64Array(3);
  const v = new Float64Array(3);
  const a = new Float64Array(3);
  let worstOverall = 0;
  for (const rec of set.records) {
    env.gcrfToItrf(rec.tagS, R);
    const pole = [R[6]!, R[7]!, R[8]!];
    traj.setKm(rec.tagS, truthAt(truth, rec.tagS), 0, pole);
    // re-anchor the trajectory at the transit time: partials are w.r.t. the state there
    const tT = models.evaluate(rec, traj, ev).transitS;
    traj.at(tT, r, v, a);
    const xT = [...r, ...v].map((q) => q / 1000);
    traj.setKm(tT, xT, 0, pole);
    models.evaluate(rec, traj, ev);
    const dim = ev.dimension;
    const analytic = ev.partials.slice(0, 6 * dim);
    const numeric = new Float64Array(6 * dim);
    for (let j = 0; j < 6; j++) {
      const h = j < 3 ? 1e-3 : 1e-6;
      const xp = [...xT];
      const xm = [...xT];
      xp[j]! += h;
      xm[j]! -= h;
      traj.setKm(tT, xp, 0, pole);
      models.evaluate(rec, traj, plus);
      traj.setKm(tT, xm, 0, pole);
      models.evaluate(rec, traj, minus);
      for (let i = 0; i < dim; i++) numeric[6 * i + j] = (plus.value[i]! - minus.value[i]!) / (2 * h);
    }
    for (let i = 0; i < dim; i++) {
      let scale = 0;
      for (let j = 0; j < 6; j++) scale = Math.max(scale, Math.abs(numeric[6 * i + j]!));
      for (let j = 0; j < 6; j++) {
        const rel = Math.abs(analytic[6 * i + j]! - numeric[6 * i + j]!) / scale;
        worstOverall = Math.max(worstOverall, rel);
        assert.ok(rel <= 1e-6, `${rec.input.id} ${rec.kind} ${rec.twoWay ? 'two-way' : 'one-way'} ${rec.receiveTag ? 'RECEIVE' : 'TRANSMIT'} ${rec.input.frame ?? ''} row ${i} col ${j}: analytic ${analytic[6 * i + j]} numeric ${numeric[6 * i + j]}`);
      }
    }
  }
  t.diagnostic(`worst relative difference ${worstOverall.toExponential(2)} over ${set.records.length} cases`);
});
