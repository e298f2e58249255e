/**
 * POST /operations/measurements/residuals end to end: the Orekit reference TDMs uploaded with
 * the reference stations stored; residuals against the truth state have the stated noise (RMS within 10 % per type:
 * 5 m, 1 mm/s, 0.01°), against a state 1 km off along-track they are far larger; paging, filters and bad input.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';
import { NOISE, offsetAlongTrack, realizedNoiseRms, setUpScenario, storeState, type Scenario } from '../helpers/odScenario.ts';

const SPAN = { startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-11T00:00:00Z' };

describe('residuals against an orbit', () => {
  let svc: TestService;
  let key: string;
  let v1: Scenario;
  let v2: Scenario;
  const states: Record<string, string> = {};
  before(async () => {
    svc = await createTestService({ workers: 2 });
    key = (await svc.key({ organization: 'res-a' })).secret;
    v1 = await setUpScenario(svc, key, 'V1');
    v2 = await setUpScenario(svc, key, 'V2');
    for (const [name, scenario] of [['V1', v1], ['V2', v2]] as const) {
      const truth = scenario.truth.truth_state_at_od_epoch_gcrf;
      states[`${name}-truth`] = await storeState(svc, key, scenario, truth.pos_km, truth.vel_km_s);
      states[`${name}-offset`] = await storeState(svc, key, scenario, offsetAlongTrack(truth, 1), truth.vel_km_s);
    }
  });
  after(async () => svc.close());

  const residuals = async (body: Record<string, unknown>, query = '') => {
    const res = await svc.request('POST', `/operations/measurements/residuals${query}`, { key, json: body });
    return { status: res.status, body: await res.json() };
  };

  test('V1 truth state: range RMS 5 m ±10 %, range-rate RMS 1 mm/s ±10 %, = the drawn noise to 1 mm / 0.02 mm/s (all 410 modelled); 1 km along-track off: > 20× larger', async () => {
    const { status, body } = await residuals({ spacecraftId: v1.spacecraftId, ...SPAN, stateVectorId: states['V1-truth'] });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.storedCount, 410);
    assert.equal(body.modelledCount, 410);
    assert.equal(body.skipped.count, 0);
    const byKind = Object.fromEntries(body.statistics.byType.map((s: { kind: string }) => [s.kind, s]));
    assert.equal(byKind.RANGE.count, 205);
    assert.equal(byKind.RANGE_RATE.count, 205);
    const rangeRms = byKind.RANGE.rms[0];
    const rateRms = byKind.RANGE_RATE.rms[0];
    assert.ok(Math.abs(rangeRms / NOISE.rangeKm - 1) < 0.1, `range RMS ${(rangeRms * 1000).toFixed(3)} m`);
    assert.ok(Math.abs(rateRms / NOISE.rangeRateKmS - 1) < 0.1, `range-rate RMS ${(rateRms * 1e6).toFixed(4)} mm/s`);
    assert.ok(Math.abs(byKind.RANGE.normalizedRms - 1) < 0.1);
    // Sharper: the residuals of the truth reproduce the noise actually drawn (observed − Orekit's noise-free value).
    const realized = realizedNoiseRms('V1');
    assert.ok(Math.abs(rangeRms - realized.RANGE![0]!) < 1e-6, `range RMS ${rangeRms} vs drawn ${realized.RANGE![0]} km (1 mm)`);
    assert.ok(Math.abs(rateRms - realized.RANGE_RATE![0]!) < 2e-8, `range-rate RMS ${rateRms} vs drawn ${realized.RANGE_RATE![0]} km/s (0.02 mm/s)`);
    assert.equal(body.statistics.byStation.length, 6);
    assert.ok(body.statistics.byStation.every((s: { stationName: string }) => /^VIS-STN-[123]$/.test(s.stationName)));
    console.log(`V1 truth: range RMS ${(rangeRms * 1000).toFixed(3)} m, range-rate RMS ${(rateRms * 1e6).toFixed(4)} mm/s`);

    const off = await residuals({ spacecraftId: v1.spacecraftId, ...SPAN, stateVectorId: states['V1-offset'] });
    assert.equal(off.status, 200);
    const offByKind = Object.fromEntries(off.body.statistics.byType.map((s: { kind: string }) => [s.kind, s]));
    assert.ok(offByKind.RANGE.rms[0] > 20 * NOISE.rangeKm, `offset range RMS ${offByKind.RANGE.rms[0] * 1000} m`);
    assert.ok(offByKind.RANGE_RATE.rms[0] > 20 * NOISE.rangeRateKmS, `offset range-rate RMS ${offByKind.RANGE_RATE.rms[0] * 1e6} mm/s`);
    console.log(`V1 1 km along-track: range RMS ${(offByKind.RANGE.rms[0] * 1000).toFixed(1)} m, range-rate RMS ${(offByKind.RANGE_RATE.rms[0] * 1e6).toFixed(2)} mm/s`);
  });

  test('V2 truth state: azimuth and elevation RMS 0.01° ±10 % and = the drawn noise to 1e-6°; 1 km along-track off: > 3× larger', async () => {
    const { status, body } = await residuals({ spacecraftId: v2.spacecraftId, ...SPAN, stateVectorId: states['V2-truth'] });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.modelledCount, 205);
    const azel = body.statistics.byType.find((s: { kind: string }) => s.kind === 'AZEL');
    assert.deepEqual(azel.components, ['azimuth', 'elevation']);
    for (const [i, name] of ['azimuth', 'elevation'].entries()) {
      assert.ok(Math.abs(azel.rms[i] / NOISE.angleDeg - 1) < 0.1, `${name} RMS ${azel.rms[i]}°`);
    }
    const realized = realizedNoiseRms('V2').AZEL!;
    for (let i = 0; i < 2; i++) assert.ok(Math.abs(azel.rms[i] - realized[i]!) < 1e-6, `angle ${i}: ${azel.rms[i]} vs drawn ${realized[i]}° (1e-6°)`);
    console.log(`V2 truth: azimuth RMS ${azel.rms[0].toFixed(5)}°, elevation RMS ${azel.rms[1].toFixed(5)}°`);
    const off = await residuals({ spacecraftId: v2.spacecraftId, ...SPAN, stateVectorId: states['V2-offset'] });
    const offAzel = off.body.statistics.byType.find((s: { kind: string }) => s.kind === 'AZEL');
    assert.ok(offAzel.normalizedRms > 3, `offset normalized RMS ${offAzel.normalizedRms}`);
    console.log(`V2 1 km along-track: azimuth RMS ${offAzel.rms[0].toFixed(4)}°, elevation RMS ${offAzel.rms[1].toFixed(4)}°`);
  });

  test('paging of the computed rows: pages partition the selection in epoch order; sort=normalized,desc is worst first', async () => {
    const base = { spacecraftId: v1.spacecraftId, ...SPAN, stateVectorId: states['V1-truth'] };
    const first = (await residuals(base, '?page=0&size=100')).body;
    assert.equal(first.residuals.totalElements, 410);
    assert.equal(first.residuals.totalPages, 5);
    assert.equal(first.residuals.content.length, 100);
    const last = (await residuals(base, '?page=4&size=100')).body;
    assert.equal(last.residuals.content.length, 10);
    assert.equal(last.residuals.last, true);
    const epochs = first.residuals.content.map((r: { epoch: string }) => r.epoch);
    assert.deepEqual(epochs, [...epochs].sort());
    const row = first.residuals.content[0];
    assert.equal(row.stationName, 'VIS-STN-1');
    assert.ok(['RANGE', 'RANGE_RATE'].includes(row.kind));
    assert.equal(row.residual.length, 1);
    assert.ok(row.elevationDeg >= 9.9);
    const worst = (await residuals(base, '?size=5&sort=normalized,desc')).body.residuals.content;
    const magnitudes = worst.map((r: { normalized: number[] }) => Math.abs(r.normalized[0]!));
    assert.deepEqual(magnitudes, [...magnitudes].sort((a: number, b: number) => b - a));
    assert.ok(magnitudes[0] > 2);
  });

  test('filters: measurementTypes, stationIds; default state = the latest eligible one', async () => {
    const stn2 = v1.stationIds['VIS-STN-2']!;
    const { body } = await residuals({ spacecraftId: v1.spacecraftId, ...SPAN, measurementTypes: ['RANGE_RATE'], stationIds: [stn2] });
    assert.equal(body.stateVectorId, states['V1-offset'], 'the latest eligible state (same epoch, newest record)');
    assert.ok(body.modelledCount > 0 && body.modelledCount < 205);
    assert.deepEqual(body.statistics.byType.map((s: { kind: string }) => s.kind), ['RANGE_RATE']);
    assert.deepEqual(body.statistics.byStation.map((s: { stationId: string }) => s.stationId), [stn2]);
  });

  test('bad input: 404 unknown spacecraft/state/station, 400 span, 200 with zero counts for an empty span', async () => {
    const base = { spacecraftId: v1.spacecraftId, ...SPAN };
    assert.equal((await residuals({ ...base, stateVectorId: 'SV-999999' })).status, 404);
    assert.equal((await residuals({ ...base, stationIds: ['no-such-station'] })).status, 404);
    assert.equal((await residuals({ ...base, spacecraftId: 'no-such-craft' })).status, 404);
    const backwards = await residuals({ ...base, startDate: SPAN.endDate, endDate: SPAN.startDate });
    assert.equal(backwards.status, 400);
    assert.ok(backwards.body.fieldErrors.endDate);
    const long = await residuals({ ...base, endDate: '2023-03-20T00:00:00Z' });
    assert.equal(long.status, 400);
    assert.match(long.body.message, /30 days/);
    assert.equal((await residuals({ ...base, startDate: 'yesterday' })).status, 400);
    assert.equal((await residuals({ ...base, measurementTypes: ['FREQUENCY'] })).status, 400);
    assert.equal((await residuals({ ...base, stateVectorId: states['V2-truth'] })).status, 400, 'a state of another craft');
    const empty = await residuals({ ...base, startDate: '2023-02-12T00:00:00Z', endDate: '2023-02-13T00:00:00Z' });
    assert.equal(empty.status, 200);
    assert.equal(empty.body.modelledCount, 0);
    assert.equal(empty.body.residuals.totalElements, 0);
    assert.deepEqual(empty.body.statistics, { byType: [], byStation: [] });
    const other = (await svc.key({ organization: 'res-b' })).secret;
    const isolated = await svc.request('POST', '/operations/measurements/residuals', { key: other, json: base });
    assert.equal(isolated.status, 404);
  });

  test('outliers: excluded by default; with includeOutliers they are rows marked outlier, left out of the statistics', async () => {
    const base = { spacecraftId: v1.spacecraftId, ...SPAN, stateVectorId: states['V1-truth'] };
    const first = (await residuals(base, '?size=1')).body.residuals.content[0];
    await svc.request('PATCH', '/operations/measurements/outliers', { key, json: { measurementIds: [first.measurementId], outlier: true } });
    try {
      const without = (await residuals(base, '?size=1')).body;
      assert.equal(without.storedCount, 409);
      const withOutliers = (await residuals({ ...base, includeOutliers: true }, '?size=1')).body;
      assert.equal(withOutliers.residualCount, 410);
      assert.equal(withOutliers.residuals.content[0].measurementId, first.measurementId);
      assert.equal(withOutliers.residuals.content[0].outlier, true);
      const counted = withOutliers.statistics.byType.reduce((n: number, s: { count: number }) => n + s.count, 0);
      assert.equal(counted, 409);
    } finally {
      await svc.request('PATCH', '/operations/measurements/outliers', { key, json: { measurementIds: [first.measurementId], outlier: false } });
    }
  });

  test('a disabled station\'s measurements are reported as skipped, not failed', async () => {
    const stn3 = v1.stationIds['VIS-STN-3']!;
    // Disable one station: its measurements are skipped with the reason.
    await svc.request('PATCH', `/operations/ground-stations/${stn3}`, { key, json: { enabled: false } });
    try {
      const { status, body } = await residuals({ spacecraftId: v1.spacecraftId, ...SPAN, stateVectorId: states['V1-truth'] });
      assert.equal(status, 200);
      assert.ok(body.skipped.count > 0);
      assert.match(body.skipped.reasons[0].reason, /VIS-STN-3 is disabled/);
      assert.equal(body.modelledCount + body.skipped.count, 410);
    } finally {
      await svc.request('PATCH', `/operations/ground-stations/${stn3}`, { key, json: { enabled: true } });
    }
  });
});
