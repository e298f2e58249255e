/**
 * Stored tracking data → model input (engine/measurements/fromTracking.ts), without storage: PATH decides one-way or
 * two-way, TIMETAG_REF the time tag, RANGE_UNITS the conversion (s: light time, c = 299792.458 km/s exactly by the SI
 * definition of the metre); what cannot be modelled is left out with its reason; legacy rows get stated assumptions.
 * The same cases over HTTP and the store: test/api/trackingInput.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  measurementFromTracking,
  TrackingAssumptions,
  type StoredMeasurement,
  type StoredTrackingContext,
  type TrackingStation,
} from '../../../engine/measurements/fromTracking.ts';

const C_KM_S = 299792.458;
const STATION: TrackingStation = { id: 'gs-1', name: 'STN', enabled: true };
const PARTICIPANTS = [{ number: 1, name: 'STN', roles: [] }, { number: 2, name: 'SAT', roles: [] }];

function row(type: StoredMeasurement['type'], values: number[], units: string[], extra: Partial<StoredMeasurement> = {}): StoredMeasurement {
  return { id: 'm-1', type, epoch: '2023-02-10T00:00:01.000000Z', values, units, sigma: null, frame: null, station: 'STN', outlier: false, ...extra };
}

function context(extra: Partial<StoredTrackingContext> = {}): StoredTrackingContext {
  return {
    recorded: true, dataKeyword: 'RANGE', participants: PARTICIPANTS, stationName: 'STN', groundStationId: 'gs-1',
    path: [1, 2, 1], path2: null, mode: null, timetagRef: null, rangeUnits: 'km', rangeModulus: null, referenceFrame: null, ...extra,
  };
}

test('RANGE: km as is two-way; seconds are light time, halved on the round trip (1,2,1), whole one way (2,1)', () => {
  const notes = new TrackingAssumptions();
  const km = measurementFromTracking(row('RANGE', [1000.5], ['km']), context(), STATION, notes);
  assert.deepEqual(km, { kind: 'RANGE', input: { id: 'm-1', epochUtc: '2023-02-10T00:00:01.000000Z', outlier: false, timetag: 'RECEIVE', stationId: 'gs-1', kind: 'RANGE', observed: [1000.5], sigma: null, twoWay: true, frame: null } });
  const twoWay = measurementFromTracking(row('RANGE', [0.008], ['s'], { sigma: [1e-9] }), context({ rangeUnits: 's' }), STATION, notes);
  assert.ok('input' in twoWay);
  assert.equal(twoWay.input.observed[0], 0.5 * C_KM_S * 0.008);
  assert.equal(twoWay.input.sigma![0], 0.5 * C_KM_S * 1e-9);
  const oneWay = measurementFromTracking(row('RANGE', [0.004], ['s']), context({ path: [2, 1], rangeUnits: 's', timetagRef: 'TRANSMIT' }), { ...STATION }, notes);
  assert.ok('input' in oneWay);
  assert.equal(oneWay.input.observed[0], C_KM_S * 0.004);
  assert.equal(oneWay.input.twoWay, false);
  assert.equal(oneWay.input.timetag, 'TRANSMIT');
  assert.deepEqual(notes.warnings(), []);
});

test('what cannot be modelled is left out with its reason', () => {
  const notes = new TrackingAssumptions();
  const reason = (r: StoredMeasurement, c: StoredTrackingContext | null, s: TrackingStation | null = STATION) => {
    const mapped = measurementFromTracking(r, c, s, notes);
    assert.ok('reason' in mapped, JSON.stringify(mapped));
    return mapped.reason;
  };
  assert.equal(reason(row('RANGE', [123456], ['RU']), context({ rangeUnits: 'RU' })), 'RANGE in RU (mission-specific range units) cannot be converted to km');
  assert.equal(reason(row('RANGE', [500], ['km']), context({ rangeModulus: 1000 })), 'ambiguous range (RANGE_MODULUS 1000) is not resolved');
  assert.equal(reason(row('RANGE', [1000], ['km']), context({ path: [1, 2] })), 'PATH 1,2 is not modelled (two-way 1,2,1 and one-way downlink 2,1 are)');
  assert.equal(reason(row('RANGE', [1000], ['km']), context({ mode: 'SINGLE_DIFF', path2: [1, 2] })), 'single-differenced (MODE = SINGLE_DIFF) data are not modelled');
  assert.equal(reason(row('DOPPLER', [2.2e9], ['Hz']), context({ dataKeyword: 'RECEIVE_FREQ_2' })), 'Doppler in Hz (RECEIVE_FREQ_2) is not modelled; DOPPLER_INSTANTANEOUS (km/s) is');
  assert.equal(reason(row('DOPPLER', [0.5], ['km/s']), context({ dataKeyword: 'DOPPLER_INTEGRATED' })), 'DOPPLER_INTEGRATED is not modelled; DOPPLER_INSTANTANEOUS is');
  assert.equal(reason(row('AZEL', [10, 20], ['deg', 'deg']), context(), { ...STATION, name: 'OFF', enabled: false }), 'station OFF is disabled');
  assert.equal(reason(row('RANGE', [1000], ['km']), context({ groundStationId: null, stationName: 'NOBODY' }), null),
    'station NOBODY is not a ground station of this organization (create one with this name or alias)');
  assert.equal(reason(row('RADEC', [100, -20], ['deg', 'deg']), context()), 'RADEC angles without REFERENCE_FRAME');
  assert.equal(reason(row('PV', [1, 2, 3, 4, 5, 6], ['km', 'km', 'km', 'km/s', 'km/s', 'km/s']), null), 'PV without a reference frame');
  assert.equal(reason(row('PV', [], ['km', 'km', 'km'], { values: [1, 2, 3, null, null, null] }), null), 'PV with a missing component (e.g. SP3 without velocity)');
  assert.equal(reason(row('AZEL', [10, 20], ['deg', 'deg']), null), 'AZEL without a stored context');
});

test('RADEC takes REFERENCE_FRAME; Doppler in km/s is a range rate; legacy rows are assumed two-way and counted', () => {
  const notes = new TrackingAssumptions();
  const radec = measurementFromTracking(row('RADEC', [100, -20], ['deg', 'deg']), context({ referenceFrame: 'EME2000' }), STATION, notes);
  assert.ok('input' in radec && radec.input.frame === 'EME2000' && radec.kind === 'RADEC');
  const legacy = context({ recorded: false, dataKeyword: null, participants: ['STN', 'SAT'], path: null, rangeUnits: null });
  for (let i = 0; i < 2; i++) {
    const doppler = measurementFromTracking(row('DOPPLER', [0.25], ['km/s']), legacy, STATION, notes);
    assert.ok('input' in doppler && doppler.kind === 'RANGE_RATE' && doppler.input.twoWay);
  }
  assert.deepEqual(notes.warnings(), [
    '2 measurements: Doppler stored before the TDM context was kept: taken as DOPPLER_INSTANTANEOUS',
    '2 measurements: stored before the TDM context was kept: assumed two-way (PATH 1,2,1), TIMETAG_REF RECEIVE',
  ]);
});
