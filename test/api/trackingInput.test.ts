/**
 * Stored tracking data → model input over the store (api/services/orbitDetermination/trackingInput.ts reading, engine/measurements/
 * fromTracking.ts mapping): the TDM context decides one-way vs two-way, the
 * time tag, the range units; what cannot be modelled is skipped with its reason; legacy rows get stated assumptions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadTrackingInput } from '../../api/services/orbitDetermination/trackingInput.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { insertMeasurements } from '../../storage/measurements.ts';
import { waitForJobs } from '../helpers/odScenario.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';

const C_KM_S = 299792.458;

function segment(station: string, craft: string, meta: string[], data: string[]): string[] {
  return ['META_START', 'TIME_SYSTEM = UTC', `PARTICIPANT_1 = ${station}`, `PARTICIPANT_2 = ${craft}`, ...meta, 'META_STOP', 'DATA_START', ...data, 'DATA_STOP'];
}

describe('tracking input mapping', () => {
  let svc: TestService;
  let key: string;
  let organizationId: string;
  let craftId: string;
  let stationId: string;
  before(async () => {
    svc = await createTestService();
    ({ secret: key, organizationId } = await svc.key({ organization: 'ti' }));
    craftId = (await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'TI-SAT' } })).json()).id;
    stationId = (await (await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'STN', latitudeDeg: 10, longitudeDeg: 20, heightM: 5 } })).json()).id;
    await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'OFF', latitudeDeg: 11, longitudeDeg: 21, heightM: 5, enabled: false } });
    const e = (s: number) => `2023-02-10T00:00:${String(s).padStart(2, '0')}`;
    const tdm = [
      'CCSDS_TDM_VERS = 2.0', 'CREATION_DATE = 2023-04-10T00:00:00', 'ORIGINATOR = TEST',
      ...segment('STN', 'TI-SAT', ['PATH = 1,2,1', 'RANGE_UNITS = km'], [`RANGE = ${e(1)} 1000.5`]),
      ...segment('STN', 'TI-SAT', ['PATH = 2,1', 'RANGE_UNITS = s', 'TIMETAG_REF = TRANSMIT'], [`RANGE = ${e(2)} 0.004`, `DOPPLER_INSTANTANEOUS = ${e(2)} -1.5`]),
      ...segment('STN', 'TI-SAT', ['PATH = 1,2,1', 'RANGE_UNITS = s'], [`RANGE = ${e(3)} 0.008`]),
      ...segment('STN', 'TI-SAT', ['PATH = 1,2,1', 'RANGE_UNITS = RU'], [`RANGE = ${e(4)} 123456`]),
      ...segment('STN', 'TI-SAT', ['PATH = 1,2,1', 'INTEGRATION_INTERVAL = 10'], [`DOPPLER_INTEGRATED = ${e(5)} 0.5`, `RECEIVE_FREQ_2 = ${e(5)} 2.2e9`]),
      ...segment('STN', 'TI-SAT', ['PATH = 1,2', 'RANGE_UNITS = km'], [`RANGE = ${e(6)} 1000`]),
      ...segment('STN', 'TI-SAT', ['PATH = 1,2,1', 'RANGE_UNITS = km', 'RANGE_MODULUS = 1000'], [`RANGE = ${e(7)} 500`]),
      ...segment('NOBODY', 'TI-SAT', ['PATH = 1,2,1', 'RANGE_UNITS = km'], [`RANGE = ${e(8)} 1000`]),
      ...segment('OFF', 'TI-SAT', ['PATH = 1,2,1', 'ANGLE_TYPE = AZEL'], [`ANGLE_1 = ${e(9)} 10`, `ANGLE_2 = ${e(9)} 20`]),
      ...segment('STN', 'TI-SAT', ['PATH = 1,2,1', 'ANGLE_TYPE = RADEC', 'REFERENCE_FRAME = EME2000'], [`ANGLE_1 = ${e(10)} 100`, `ANGLE_2 = ${e(10)} -20`]),
      '',
    ].join('\n');
    const upload = await (await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'mix.tdm', content: tdm }]) })).json();
    await waitForJobs(svc, key, [upload.results[0].jobId]);
    // A row stored before the context existed (no context id): a legacy two-way Doppler.
    const context = await svc.db.execute({
      sql: `INSERT INTO measurement_contexts (organization_id, spacecraft_id, job_id, source_file, measurement_type, station_name, ground_station_id,
              participants, recorded, measurement_count, created_at) VALUES (?, ?, 'old-job', 'old.tdm', 'DOPPLER', 'STN', ?, '["STN","TI-SAT"]', 0, 1, '2023-01-01T00:00:00Z') RETURNING id`,
      args: [organizationId, craftId, stationId],
    });
    await insertMeasurements(svc.db, organizationId, 'old-job', 'old.tdm', [{
      spacecraftId: craftId, type: 'DOPPLER', epoch: '2023-02-10T00:00:11.000000Z', values: [0.25], units: ['km/s'], sigma: null,
      participants: ['STN', 'TI-SAT'], station: 'STN', frame: null,
    }]);
    await svc.db.execute({ sql: `UPDATE measurements SET context_id = ? WHERE job_id = 'old-job'`, args: [Number(context.rows[0]!.id)] });
  });
  after(async () => svc.close());

  test('paths, units, time tags, and the reasons for what is not modelled', async () => {
    const input = await loadTrackingInput(svc.db, organizationId, {
      spacecraftId: craftId, start: Epoch.parseInstant('2023-02-10T00:00:00Z'), end: Epoch.parseInstant('2023-02-10T00:01:00Z'),
      types: null, stationIds: null, includeOutliers: false, maxMeasurements: 1000,
    });
    const byEpoch = new Map(input.measurements.map((m) => [`${m.epochUtc.slice(17, 19)}:${m.kind}`, m]));
    assert.deepEqual(byEpoch.get('01:RANGE')!.observed, [1000.5]);
    assert.equal(byEpoch.get('01:RANGE')!.twoWay, true);
    const oneWay = byEpoch.get('02:RANGE')!;
    assert.equal(oneWay.twoWay, false);
    assert.equal(oneWay.timetag, 'TRANSMIT');
    assert.ok(Math.abs(oneWay.observed[0]! - 0.004 * C_KM_S) < 1e-9, 'one-way light time × c');
    assert.equal(byEpoch.get('02:RANGE_RATE')!.twoWay, false);
    assert.ok(Math.abs(byEpoch.get('03:RANGE')!.observed[0]! - 0.004 * C_KM_S) < 1e-9, 'two-way light time × c / 2');
    assert.deepEqual(byEpoch.get('10:RADEC')!.frame, 'EME2000');
    assert.equal(byEpoch.get('10:RADEC')!.stationId, stationId);
    const legacy = byEpoch.get('11:RANGE_RATE')!;
    assert.equal(legacy.twoWay, true);
    assert.ok(input.warnings.some((w) => /stored before the TDM context was kept: assumed two-way/.test(w)));
    const reasons = input.skipped.map((s) => s.reason).join('\n');
    for (const expected of [/RU/, /DOPPLER_INTEGRATED is not modelled/, /Doppler in Hz/, /PATH 1,2 is not modelled/, /RANGE_MODULUS/, /station NOBODY is not a ground station/, /station OFF is disabled/]) {
      assert.match(reasons, expected);
    }
    assert.equal(input.storedCount, input.measurements.length + input.skipped.length);
    assert.deepEqual(input.stations.map((s) => s.id), [stationId]);
  });

  test('the station filter and the measurement cap', async () => {
    const span = { spacecraftId: craftId, start: Epoch.parseInstant('2023-02-10T00:00:00Z'), end: Epoch.parseInstant('2023-02-10T00:01:00Z'), types: null, includeOutliers: false };
    const onlyStn = await loadTrackingInput(svc.db, organizationId, { ...span, stationIds: [stationId], maxMeasurements: 1000 });
    assert.ok(onlyStn.storedCount > 0 && onlyStn.skipped.every((s) => !/NOBODY|OFF/.test(s.reason)));
    await assert.rejects(loadTrackingInput(svc.db, organizationId, { ...span, stationIds: null, maxMeasurements: 3 }), /More than 3 measurements/);
  });
});

test('residuals beyond the observed Earth data say so: a Warning header and a warnings entry (EOP)', async () => {
  const svc = await createTestService();
  try {
    const { secret: key } = await svc.key({ organization: 'ti-eop' });
    const craft = await (await svc.request('POST', '/operations/spacecraft', {
      key, json: { name: 'FUTURE-SAT', launchMass: 500, forceModel: { gravityDegree: 4, gravityOrder: 4, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] } },
    })).json();
    await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'FUT-STN', latitudeDeg: 48, longitudeDeg: 11, heightM: 600 } });
    await svc.request('POST', '/operations/state-vectors', {
      key, json: { spacecraftId: craft.id, epoch: '2031-01-01T00:00:00Z', referenceFrame: 'GCRF', position: [-4939.6, 1729.9, 4529.1], velocity: [0.841, -6.697, 3.477] },
    });
    const tdm = ['CCSDS_TDM_VERS = 2.0', 'CREATION_DATE = 2030-01-01T00:00:00', 'ORIGINATOR = TEST',
      ...segment('FUT-STN', 'FUTURE-SAT', ['PATH = 1,2,1', 'RANGE_UNITS = km'], ['RANGE = 2031-01-01T00:10:00 2000', 'RANGE = 2031-01-01T00:11:00 2100']), ''].join('\n');
    const upload = await (await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'future.tdm', content: tdm }]) })).json();
    await waitForJobs(svc, key, [upload.results[0].jobId]);
    const res = await svc.request('POST', '/operations/measurements/residuals', {
      key, json: { spacecraftId: craft.id, startDate: '2031-01-01T00:00:00Z', endDate: '2031-01-01T01:00:00Z' },
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.modelledCount, 2);
    assert.match(res.headers.get('warning') ?? '', /^299 apsis "EOP/);
    assert.ok(body.warnings.some((w: string) => /EOP/.test(w)), JSON.stringify(body.warnings));
  } finally {
    await svc.close();
  }
});
