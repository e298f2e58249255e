/**
 * Measurement models against Orekit 13.1 on the OD references V1 (LEO range + range rate), V2 (LEO az/el) and V3
 * (700 × 25,000 km HEO: range, range rate, az/el at up to 31,000 km): every TDM value's `noise_free` (Orekit's model,
 * two-way light time in GCRF, on the reference's trajectory) predicted by our models from the same spacecraft state
 * at the time tag. Reached (all three): range 0.058 mm, range rate 0.0010 mm/s, azimuth 7.8e-8° (one pass at 71°
 * elevation in V2, where azimuth is 3× more sensitive; elsewhere ≤ 8.3e-9°), elevation 4.1e-9°; asserted: 0.1 mm,
 * 0.005 mm/s, 1e-7° (the issue asks 1 mm, 0.05 mm/s, 1e-6°). What it took: EOP interpolated as Orekit does
 * (engine/frames/eop.ts; linear between the rows was 2.6 mm, 6e-7°) and the precession–nutation rate in the station
 * velocity (engine/measurements/station.ts; without it 0.040 mm/s on V3).
 * The states are those of the reference's measurement-generation run (test/fixtures/od/generation_states_*.json,
 * see orekitModelCases.ts): truth.json is a separate integration that differs from it by up to 9.7 mm near V3's
 * perigees, so on its interpolated samples the same models differ from noise_free by up to 7.5 mm, 0.06 mm/s and
 * 6e-7° — Orekit's own models on truth.json do the same (7.5 mm, 0.046 mm/s, 6.2e-7°). That comparison is kept as a
 * looser check (1 cm, 0.1 mm/s, 1e-6°). A model without light time is off by up to 39 m, one writing the round trip
 * by a factor 2. V3 needs the reference set's V3 files (outside the repository) and is skipped, with the reason, without it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MeasurementModels, ModelEvaluation } from '../../../engine/measurements/models.ts';
import { prepareMeasurements } from '../../../engine/measurements/prepare.ts';
import { LocalTrajectory } from '../../../engine/measurements/trajectory.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { loadMeasurements, loadSolution, loadStations, loadTruth, truthAt, type ScenarioId } from './odReference.ts';
import { caseKey, loadModelCases, sharedScenarioAvailable, SHARED_OD, type ModelScenarioId } from './orekitModelCases.ts';

/** Per kind and component (km, km/s, deg): on the generation-run states, and on the interpolated truth.json. */
const TOLERANCE: Record<string, number[]> = { RANGE: [1e-7], RANGE_RATE: [5e-9], AZEL: [1e-7, 1e-7] };
const TRUTH_FILE_TOLERANCE: Record<string, number[]> = { RANGE: [1e-5], RANGE_RATE: [1e-7], AZEL: [1e-6, 1e-6] };

for (const id of ['V1', 'V2'] as ScenarioId[]) {
  test(`${id}: the TDM files read by engine/files/tdm/tdmReader.ts give Orekit's segment and observation counts and epochs`, () => {
    const { measurements, counts } = loadMeasurements(id);
    const sol = loadSolution(id);
    for (const [file, check] of Object.entries(sol.tdm_parse_check)) {
      assert.equal(counts[file]?.segments, check.segments, `${file} segments`);
      assert.deepEqual(counts[file]?.keywords, check.observations_per_keyword, `${file} observations`);
    }
    const ours = new Set(measurements.map((m) => caseKey(m.kind, m.stationId!, m.epochUtc)));
    const theirs = new Set(sol.residuals.map(([type, station, epoch]) => caseKey(type, station, epoch)));
    assert.equal(ours.size, measurements.length, 'one measurement per kind, station and epoch');
    assert.deepEqual([...ours].sort(), [...theirs].sort());
  });
}

const format = (kind: string, x: number) => (kind === 'AZEL' ? `${x.toExponential(2)}°` : `${(x * 1e6).toFixed(4)} mm${kind === 'RANGE' ? '' : '/s'}`);

for (const id of ['V1', 'V2', 'V3'] as ModelScenarioId[]) {
  const skip = id === 'V3' && !sharedScenarioAvailable(id) ? `needs ${SHARED_OD}V3 (the V3 reference files are not copied into test/fixtures)` : false;
  test(`${id}: models on Orekit's states reproduce its noise-free values (range ≤ 0.1 mm, range rate ≤ 0.005 mm/s, angles ≤ 1e-7°)`, { skip }, (t) => {
    const c = loadModelCases(id);
    const eop = bundledEopTable();
    const epoch = Epoch.parse(c.odEpochUtc, 'UTC');
    const env = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS: c.spanS, eop });
    const set = prepareMeasurements(epoch, c.stations, c.measurements, eop);
    assert.equal(set.skipped.length, 0);
    assert.equal(set.records.length, c.noiseFree.size, 'every reference measurement read from the TDM files');
    const models = new MeasurementModels(env);
    const traj = new LocalTrajectory();
    const ev = new ModelEvaluation();
    const state = new Float64Array(6);
    const R = new Float64Array(9);
    const worst: Record<string, Record<string, number[]>> = { generation: {}, truthFile: {} };
    for (const rec of set.records) {
      const expected = c.noiseFree.get(caseKey(rec.kind, rec.station!.id, rec.input.epochUtc))!;
      assert.ok(expected, `${rec.kind} ${rec.input.epochUtc} has a noise-free value`);
      const generation = c.generationStates.get(rec.tagS);
      assert.ok(generation, `generation state at t = ${rec.tagS} s`);
      for (const [source, s] of [['generation', generation], ['truthFile', c.truthAt(rec.tagS, state)]] as const) {
        env.gcrfToItrf(rec.tagS, R);
        traj.setKm(rec.tagS, s, 0, [R[6]!, R[7]!, R[8]!]);
        models.evaluate(rec, traj, ev);
        const w = (worst[source]![rec.kind] ??= expected.map(() => 0));
        expected.forEach((v, i) => {
          let d = ev.value[i]! - v;
          if (rec.kind === 'AZEL' && i === 0) d = ((d + 540) % 360) - 180;
          w[i] = Math.max(w[i]!, Math.abs(d));
        });
        // transit before reception by the light time; two-way emission before the transit
        assert.ok(ev.transitS < ev.receiveS && ev.receiveS === rec.tagS);
        if (rec.kind !== 'AZEL') assert.ok(ev.emitS < ev.transitS);
      }
    }
    for (const [source, limits] of [['generation', TOLERANCE], ['truthFile', TRUTH_FILE_TOLERANCE]] as const) {
      for (const [kind, w] of Object.entries(worst[source]!)) {
        t.diagnostic(`${id} ${kind} on ${source === 'generation' ? "the generation run's states" : 'interpolated truth.json'}: max |ours − Orekit noise_free| = ${w.map((x) => format(kind, x)).join(', ')}`);
        w.forEach((x, i) => assert.ok(x <= limits[kind]![i]!, `${id} ${source} ${kind}[${i}] differs by ${x} (> ${limits[kind]![i]})`));
      }
    }
  });
}

test('RADEC and PV agree with the frames module: RA/Dec (GCRF, EME2000) is the az/el direction (≤ 1e-9 rad); PV is convertState (≤ 1 mm, 1 µm/s)', async () => {
  const { buildTransform } = await import('../../../engine/frames/index.ts');
  const { convertState } = await import('../../../engine/frames/stateFrames.ts');
  const truth = loadTruth();
  const eop = bundledEopTable();
  const epoch = Epoch.parse(truth.od_epoch_utc, 'UTC');
  const env = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS: 86400, eop });
  const base = { sigma: null, twoWay: false, timetag: 'RECEIVE' as const, stationId: 'VIS-STN-1', outlier: false };
  const epochs = ['2023-02-10T00:01:00Z', '2023-02-10T01:38:00Z'];
  const input = epochs.flatMap((e, k) => [
    { ...base, id: `azel${k}`, kind: 'AZEL' as const, epochUtc: e, observed: [0, 0], frame: null },
    { ...base, id: `gcrf${k}`, kind: 'RADEC' as const, epochUtc: e, observed: [0, 0], frame: 'GCRF' },
    { ...base, id: `eme${k}`, kind: 'RADEC' as const, epochUtc: e, observed: [0, 0], frame: 'EME2000' },
    ...['ITRF', 'EME2000', 'TEME', 'TOD'].map((f) => ({ ...base, id: `pv-${f}${k}`, kind: 'PV' as const, epochUtc: e, observed: [0, 0, 0, 0, 0, 0], frame: f, stationId: null })),
  ]);
  const set = prepareMeasurements(epoch, loadStations(), input, eop);
  assert.equal(set.skipped.length, 0);
  const models = new MeasurementModels(env);
  const traj = new LocalTrajectory();
  const R = new Float64Array(9);
  const values = new Map<string, number[]>();
  for (const rec of set.records) {
    env.gcrfToItrf(rec.tagS, R);
    traj.setKm(rec.tagS, truthAt(truth, rec.tagS), 0, [R[6]!, R[7]!, R[8]!]);
    const ev = models.evaluate(rec, traj, new ModelEvaluation());
    values.set(rec.input.id, Array.from(ev.value.slice(0, ev.dimension)));
    if (rec.kind === 'AZEL') {
      // the az/el unit vector in ENZ → ITRF → GCRF at the reception instant
      const az = (ev.value[0]! * Math.PI) / 180;
      const el = (ev.value[1]! * Math.PI) / 180;
      const st = rec.station!;
      const enz = [Math.cos(el) * Math.sin(az), Math.cos(el) * Math.cos(az), Math.sin(el)];
      const itrf = [0, 1, 2].map((i) => enz[0]! * st.east[i]! + enz[1]! * st.north[i]! + enz[2]! * st.zenith[i]!);
      env.gcrfToItrf(ev.receiveS, R);
      values.set(`dir${rec.input.id}`, [0, 1, 2].map((i) => R[i]! * itrf[0]! + R[3 + i]! * itrf[1]! + R[6 + i]! * itrf[2]!));
    }
  }
  const unit = (raDeg: number, decDeg: number) => {
    const ra = (raDeg * Math.PI) / 180;
    const dec = (decDeg * Math.PI) / 180;
    return [Math.cos(dec) * Math.cos(ra), Math.cos(dec) * Math.sin(ra), Math.sin(dec)];
  };
  const bias = buildTransform('GCRF', 'EME2000', epoch).rotation;
  epochs.forEach((e, k) => {
    const dir = values.get(`dirazel${k}`)!;
    const g = unit(...(values.get(`gcrf${k}`) as [number, number]));
    const eme = unit(...(values.get(`eme${k}`) as [number, number]));
    const dirEme = [0, 1, 2].map((i) => bias[3 * i]! * dir[0]! + bias[3 * i + 1]! * dir[1]! + bias[3 * i + 2]! * dir[2]!);
    assert.ok(Math.hypot(g[0]! - dir[0]!, g[1]! - dir[1]!, g[2]! - dir[2]!) < 1e-9, 'RADEC GCRF vs AZEL direction');
    assert.ok(Math.hypot(eme[0]! - dirEme[0]!, eme[1]! - dirEme[1]!, eme[2]! - dirEme[2]!) < 1e-9, 'RADEC EME2000 vs AZEL direction');
    const t = Epoch.parse(e, 'UTC');
    const gcrf = truthAt(truth, t.secondsSince(epoch));
    for (const f of ['ITRF', 'EME2000', 'TEME', 'TOD'] as const) {
      const expected = convertState(gcrf, 'GCRF', f, t, eop);
      const got = values.get(`pv-${f}${k}`)!;
      const dp = Math.hypot(got[0]! - expected[0]!, got[1]! - expected[1]!, got[2]! - expected[2]!) * 1e6;
      const dv = Math.hypot(got[3]! - expected[3]!, got[4]! - expected[4]!, got[5]! - expected[5]!) * 1e9;
      assert.ok(dp < 1 && dv < 1, `PV ${f}: ${dp.toFixed(4)} mm, ${dv.toFixed(4)} µm/s from convertState`);
    }
  });
});
