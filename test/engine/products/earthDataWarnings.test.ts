// Which spans get which Earth-data warnings, and what they say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { earthDataWarnings, type EarthDataCoverage } from '../../../engine/products/earthDataWarnings.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { mjdFromCalendarDate } from '../../../engine/time/leapSeconds.ts';

const mjd = (y: number, m: number, d: number) => mjdFromCalendarDate(y, m, d);
const COVERAGE: EarthDataCoverage = {
  eop: { format: 'finals2000A', rows: 100, firstMjd: mjd(1973, 1, 2), lastObservedMjd: mjd(2026, 11, 20), lastMjd: mjd(2027, 11, 20), source: 'data/eop/finals2000A.all' },
  spaceWeather: {
    format: 'CSV',
    rows: 10,
    firstMjd: mjd(1957, 10, 1),
    lastObservedMjd: mjd(2026, 11, 19),
    lastDailyMjd: mjd(2027, 1, 3),
    lastMjd: mjd(2031, 1, 1),
    updated: null,
    source: 'data/space-weather/SW-All.csv',
  },
  leapSeconds: { source: 'data/leap-seconds/Leap_Second.dat', validUntilMjd: mjd(2027, 6, 28), unknownSteps: [] },
};
const span = (a: string, b: string, spaceWeather = false) => ({ start: Epoch.parse(a), end: Epoch.parse(b), spaceWeather });

test('inside observed coverage: no warning', () => {
  assert.deepEqual(earthDataWarnings(COVERAGE, span('2026-11-01T00:00:00Z', '2026-11-19T12:00:00Z', true)), []);
});

test('EOP: predicted after the last observed day, missing after the predictions (both directions of the span)', () => {
  const [predicted] = earthDataWarnings(COVERAGE, span('2026-11-18T00:00:00Z', '2026-12-01T00:00:00Z'));
  assert.deepEqual(
    { ...predicted, message: undefined },
    {
      kind: 'EOP',
      code: 'EOP_PREDICTED',
      epoch: '2026-11-20T00:00:00.000Z',
      lastCoveredDate: '2026-11-20',
      predictionEnd: '2027-11-20',
      source: 'data/eop/finals2000A.all',
      message: undefined,
    },
  );
  assert.equal(
    predicted!.message,
    'EOP: the span reaches 2026-11-20T00:00:00.000Z, after the last observed EOP (2026-11-20, source data/eop/finals2000A.all): predicted values used (predictions to 2027-11-20)',
  );
  // backwards span (end before start) reads the same
  assert.deepEqual(earthDataWarnings(COVERAGE, span('2026-12-01T00:00:00Z', '2026-11-18T00:00:00Z')), [predicted]);
  const [missing] = earthDataWarnings(COVERAGE, span('2027-11-01T00:00:00Z', '2027-12-01T00:00:00Z'));
  assert.equal(missing!.code, 'EOP_MISSING');
  assert.equal(missing!.epoch, '2027-11-20T00:00:00.000Z');
  assert.match(missing!.message, /zero corrections used there \(UT1=UTC, no polar motion\).*predicted values used from 2026-11-20 to 2027-11-20/);
  const [early] = earthDataWarnings(COVERAGE, span('1970-01-01T00:00:00Z', '1970-01-02T00:00:00Z'));
  assert.equal(early!.code, 'EOP_MISSING');
  assert.equal(early!.epoch, '1970-01-01T00:00:00.000Z');
});

test('space weather only for NRLMSISE-00 spans, after the end of the last observed day', () => {
  assert.deepEqual(earthDataWarnings(COVERAGE, span('2026-11-19T00:00:00Z', '2026-11-19T23:59:59Z', true)), []);
  const w = earthDataWarnings(COVERAGE, span('2026-11-19T00:00:00Z', '2026-11-20T06:00:00Z', true)).filter((x) => x.kind === 'SPACE_WEATHER');
  assert.deepEqual(w.map((x) => x.code), ['SPACE_WEATHER_PREDICTED']);
  assert.equal(w[0]!.epoch, '2026-11-20T00:00:00.000Z');
  assert.match(w[0]!.message, /NRLMSISE-00 used predicted F10.7 and Ap \(daily to 2027-01-03, monthly to 2031-01-01\)/);
  assert.deepEqual(earthDataWarnings(COVERAGE, span('2026-11-19T00:00:00Z', '2026-11-20T06:00:00Z', false)).map((x) => x.kind), ['EOP']);
});

test('leap seconds: unverified after the list expires; a step the build lacks is named from its date on', () => {
  const w = earthDataWarnings(COVERAGE, span('2027-06-01T00:00:00Z', '2027-07-01T00:00:00Z'));
  assert.deepEqual(w.map((x) => x.code), ['EOP_PREDICTED', 'LEAP_SECONDS_UNVERIFIED']);
  assert.equal(w[1]!.epoch, '2027-06-28T00:00:00.000Z');
  const announced = { ...COVERAGE, leapSeconds: { ...COVERAGE.leapSeconds, unknownSteps: [{ mjd: mjd(2026, 12, 1), taiMinusUtcSeconds: 38 }] } };
  assert.deepEqual(earthDataWarnings(announced, span('2026-11-01T00:00:00Z', '2026-11-19T00:00:00Z')), []);
  const [step] = earthDataWarnings(announced, span('2026-11-15T00:00:00Z', '2026-12-02T00:00:00Z')).filter((x) => x.kind === 'LEAP_SECONDS');
  assert.equal(step!.code, 'LEAP_SECOND_NOT_APPLIED');
  assert.equal(step!.epoch, '2026-12-01T00:00:00.000Z');
  assert.match(step!.message, /announces TAI-UTC = 38 s from 2026-12-01.*off by 1 s/);
});

test('every message is one line of printable ASCII (it goes into HTTP headers and OEM COMMENTs)', () => {
  const all = earthDataWarnings(
    { ...COVERAGE, eop: { ...COVERAGE.eop, rows: 0 } },
    span('2030-01-01T00:00:00Z', '2030-02-01T00:00:00Z', true),
  );
  assert.equal(all.length, 3);
  for (const w of all) assert.match(w.message, /^[\x20-\x7e]+$/);
});
