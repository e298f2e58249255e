// Epoch parsing, formatting, arithmetic and rejection of impossible dates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Epoch, EpochParseError, julianCenturiesTT } from '../../../engine/time/index.ts';

test('parse: ISO with any number of fractional digits, Z, numeric offsets, DOY, date only — exact instants', () => {
  const base = Epoch.parse('2024-03-01T12:00:00');
  assert.equal(Epoch.parse('2024-03-01T12:00:00Z').secondsSince(base), 0);
  assert.equal(Epoch.parse('2024-03-01t12:00:00z').secondsSince(base), 0);
  assert.equal(Epoch.parse('2024-03-01T17:30:00+05:30').secondsSince(base), 0);
  assert.equal(Epoch.parse('2024-03-01T04:00:00-0800').secondsSince(base), 0);
  assert.equal(Epoch.parse('2024-03-01T13:00:00+01').secondsSince(base), 0);
  assert.equal(Epoch.parse('2024-061T12:00:00').secondsSince(base), 0);
  assert.equal(Epoch.parse('2024-061T12:00').secondsSince(base), 0);
  assert.equal(Epoch.parse('2024-03-01').secondsSince(base), -43200);
  assert.equal(Epoch.parse('2024-02-29T24:00:00').secondsSince(base), -43200);
  // Offsets that cross midnight and the year.
  assert.equal(Epoch.parse('2024-01-01T01:00:00+02:00').toString(), '2023-12-31T23:00:00.000');
  assert.equal(Epoch.parse('2023-12-31T20:00:00-05:00').toString(), '2024-01-01T01:00:00.000');
  // Fractions: 1 digit to 15 digits, resolution better than 0.1 ns at 2024.
  assert.equal(Epoch.parse('2024-03-01T12:00:00.5').secondsSince(base), 0.5);
  const fine = Epoch.parse('2024-03-01T12:00:00.123456789012345');
  assert.ok(Math.abs(fine.secondsSince(base) - 0.123456789012345) < 2e-11);
  // 10 digits are meaningful at 43200 s of day (double spacing 7e-12 s).
  assert.equal(fine.toString('UTC', 10), '2024-03-01T12:00:00.1234567890');
  assert.equal(Epoch.parse('2024-03-01T12:00:00,25').secondsSince(base), 0.25);
});

test('parse: a text with a zone in a non-UTC scale, and second 60 outside a leap second, are rejected', () => {
  assert.throws(() => Epoch.parse('2024-03-01T12:00:00Z', 'TDB'), (e: unknown) => e instanceof EpochParseError && /only allowed for UTC/.test(e.message));
  assert.throws(() => Epoch.parse('2024-03-01T12:00:00+01:00', 'TT'), EpochParseError);
  assert.throws(() => Epoch.parse('2016-12-31T23:59:60', 'TAI'), /second 60 exists only in UTC/);
  assert.throws(() => Epoch.parse('2016-12-31T23:58:60'), /only valid at 23:59 UTC/);
  assert.throws(() => Epoch.parse('2017-12-31T23:59:60'), /has no leap second/);
  assert.throws(() => Epoch.parse('2016-12-30T23:59:60.5'), /has no leap second/);
  assert.throws(() => Epoch.parse('2016-12-31T23:59:61'), /out of range/);
  // Leap second with an offset: 2017-01-01T05:29:60+05:30 is 2016-12-31T23:59:60 UTC.
  assert.equal(Epoch.parse('2017-01-01T05:29:60.25+05:30').toString('UTC', 2), '2016-12-31T23:59:60.25');
  assert.throws(() => Epoch.parse('2016-365T23:59:60.999'), /2016-12-30 has no leap second/);
  assert.equal(Epoch.parse('2016-366T23:59:60.999').toString('UTC', 3), '2016-12-31T23:59:60.999');
});

test('parse: impossible dates and garbage give EpochParseError saying why', () => {
  const cases: Array<[string, RegExp]> = [
    ['2023-02-29T00:00:00', /day 29 is out of range 01-28 for 2023-02/],
    ['2100-02-29T00:00:00', /day 29 is out of range 01-28 for 2100-02/],
    ['2024-04-31T00:00:00', /day 31 is out of range 01-30/],
    ['2024-01-00T00:00:00', /day 00 is out of range/],
    ['2024-13-01T00:00:00', /month 13 is out of range/],
    ['2024-00-10T00:00:00', /month 00 is out of range/],
    ['2024-01-01T24:00:01', /hour 24 is only allowed as 24:00:00/],
    ['2024-01-01T24:00:00.001', /hour 24/],
    ['2024-01-01T25:00:00', /hour 25 is out of range/],
    ['2024-01-01T12:60:00', /minute 60 is out of range/],
    ['2024-01-01T12:00:75', /second 75 is out of range/],
    ['2023-366T00:00:00', /day of year 366 is out of range 001-365 for 2023/],
    ['2024-367T00:00:00', /day of year 367 is out of range 001-366/],
    ['2024-000T00:00:00', /day of year 000/],
    ['2024-03-01T12:00:00+24:00', /UTC offset/],
    ['2024-03-01T12:00:00+05:60', /UTC offset/],
    ['garbage', /expected YYYY-MM-DD/],
    ['', /expected/],
    ['2024-3-1T12:00:00', /expected/],
    ['2024-03-01T12:00:00.', /expected/],
    ['2024-03-01T12:00:00Zjunk', /expected/],
    ['24-03-01T12:00:00', /expected/],
    ['2024-03-01T1:00:00', /expected/],
  ];
  for (const [text, why] of cases) {
    assert.throws(
      () => Epoch.parse(text),
      (e: unknown) => e instanceof EpochParseError && e instanceof Error && why.test(e.message) && e.message.includes(`'${text}'`),
      `expected rejection of '${text}' with ${why}`,
    );
  }
  assert.equal(Epoch.tryParse('2023-02-29T00:00:00'), null);
  assert.ok(Epoch.tryParse('2024-02-29T00:00:00'));
});

test('hasExplicitZone / parseInstant', () => {
  assert.equal(Epoch.hasExplicitZone('2024-03-01T12:00:00Z'), true);
  assert.equal(Epoch.hasExplicitZone('2024-03-01T12:00:00.123+05:30'), true);
  assert.equal(Epoch.hasExplicitZone('2024-03-01T12:00:00-0800'), true);
  assert.equal(Epoch.hasExplicitZone('2024-03-01T12:00:00'), false);
  assert.equal(Epoch.hasExplicitZone('2024-03-01'), false);
  assert.equal(Epoch.hasExplicitZone('nonsense Z'), false);
  assert.throws(() => Epoch.parseInstant('2024-03-01T12:00:00'), /time zone designator/);
  assert.throws(() => Epoch.parseInstant('garbage'), /not an ISO-8601 instant/, 'garbage is not "missing a zone"');
  assert.equal(Epoch.parseInstant('2024-03-01T12:00:00+01:00').toIsoString(0), '2024-03-01T11:00:00Z');
});

test('format: rounding with carry into minute, day, year, and into/out of a leap second', () => {
  assert.equal(Epoch.parse('2024-03-01T12:34:59.9996').toString('UTC', 3), '2024-03-01T12:35:00.000');
  assert.equal(Epoch.parse('2024-03-01T12:34:59.9994').toString('UTC', 3), '2024-03-01T12:34:59.999');
  assert.equal(Epoch.parse('2023-12-31T23:59:59.9996').toString('UTC', 3), '2024-01-01T00:00:00.000');
  assert.equal(Epoch.parse('2023-12-31T23:59:59.5').toString('UTC', 0), '2024-01-01T00:00:00');
  // On a leap-second day the carry goes into 23:59:60, and from 60.9996 into the next day.
  assert.equal(Epoch.parse('2016-12-31T23:59:59.9996').toString('UTC', 3), '2016-12-31T23:59:60.000');
  assert.equal(Epoch.parse('2016-12-31T23:59:60.9996').toString('UTC', 3), '2017-01-01T00:00:00.000');
  assert.equal(Epoch.parse('2016-12-31T23:59:60.123').toIsoString(), '2016-12-31T23:59:60.123Z');
  // TAI has no leap second: the same instants print continuously.
  assert.equal(Epoch.parse('2016-12-31T23:59:60.5').toString('TAI', 1), '2017-01-01T00:00:36.5');
  assert.equal(Epoch.parse('2024-03-01T12:00:00.123456789').toString('UTC', 0), '2024-03-01T12:00:00');
  assert.equal(Epoch.parse('2024-03-01T12:00:00.123456789').toString('UTC', 6), '2024-03-01T12:00:00.123457');
  assert.equal(Epoch.parse('2024-03-01T12:00:00').toDayOfYearString('UTC', 1), '2024-061T12:00:00.0');
  assert.equal(Epoch.parse('2016-12-31T23:59:60.5').toDayOfYearString('UTC', 1), '2016-366T23:59:60.5');
  assert.throws(() => Epoch.parse('2024-03-01').toString('UTC', 13), RangeError);
  assert.throws(() => Epoch.parse('2024-03-01').toString('UT1'), /needs UT1−UTC/);
});

test('parse → format round trips in every scale (random labels 1950–2100, 9 digits, exact strings)', () => {
  let seed = 12345;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (const scale of ['UTC', 'TAI', 'TT', 'TDB', 'TCG', 'TCB', 'GPS'] as const) {
    for (let i = 0; i < 300; i++) {
      const y = 1950 + rnd(151);
      const mo = 1 + rnd(12);
      const d = 1 + rnd(28);
      const text = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(rnd(24)).padStart(2, '0')}:${String(rnd(60)).padStart(2, '0')}:${String(rnd(60)).padStart(2, '0')}.${String(rnd(1e9)).padStart(9, '0')}`;
      const e = Epoch.parse(text, scale);
      assert.equal(e.toString(scale, 9), text, `${scale} ${text}`);
      // DOY text of the same label parses to the same instant.
      assert.ok(Epoch.parse(e.toDayOfYearString(scale, 9), scale).equals(e, 1e-9), `${scale} DOY ${text}`);
    }
  }
  // UT1 with a given dut1.
  const e = Epoch.parse('2020-02-29T18:00:00.250000000', 'UT1', -0.2);
  assert.equal(e.toString('UTC', 9), '2020-02-29T18:00:00.450000000');
  assert.equal(e.toString('UT1', 9, -0.2), '2020-02-29T18:00:00.250000000');
});

test('arithmetic: plusSeconds/secondsSince exact to < 1 ns over a month and across leap seconds', () => {
  const a = Epoch.parse('2016-12-15T00:00:00.000000001');
  const b = a.plusSeconds(31 * 86400 + 0.123456789);
  // December 2016 has a leap second: the UTC label moves by one second less than the SI span.
  assert.equal(b.toString('UTC', 9), '2017-01-14T23:59:59.123456790');
  assert.ok(Math.abs(b.secondsSince(a) - (31 * 86400 + 0.123456789)) < 1e-9);
  const c = Epoch.parse('2017-01-15T00:00:00.123456790');
  assert.ok(Math.abs(c.secondsSince(a) - (31 * 86400 + 1 + 0.123456789)) < 1e-9);
  // 1e-9 s steps are resolved at 2100.
  const z = Epoch.parse('2100-12-31T23:59:59.999999998');
  assert.equal(z.plusSeconds(1e-9).toString('UTC', 9), '2100-12-31T23:59:59.999999999');
  assert.ok(Math.abs(z.plusSeconds(1e-9).secondsSince(z) - 1e-9) < 1e-12);
  // Many small steps accumulate no more error than the representation (1.5e-11 s per step).
  let t = Epoch.parse('2024-01-01T00:00:00');
  for (let i = 0; i < 86400; i++) t = t.plusSeconds(1);
  assert.equal(t.toString('UTC', 9), '2024-01-02T00:00:00.000000000');
  assert.equal(Epoch.parse('2024-01-01').plusSeconds(-86400 * 3652).toString('TT', 3), '2014-01-01T00:01:09.184');
  assert.equal(Epoch.parse('2024-01-01').plusDays(1.5).toString(), '2024-01-02T12:00:00.000');
});

test('Epoch instances are frozen (immutable at run time too)', () => {
  const e = Epoch.parse('2024-03-01T12:00:00');
  assert.ok(Object.isFrozen(e));
  assert.throws(() => {
    (e as unknown as { taiSeconds: number }).taiSeconds = 0;
  }, TypeError);
  assert.equal(e.toString(), '2024-03-01T12:00:00.000');
});

test('comparison: compareTo/equals/isBefore/isAfter/min/max', () => {
  const a = Epoch.parse('2016-12-31T23:59:60.5');
  const b = Epoch.parse('2017-01-01T00:00:00');
  assert.equal(a.compareTo(b), -1);
  assert.equal(b.compareTo(a), 1);
  assert.equal(a.compareTo(Epoch.parse('2017-01-01T00:00:36.5', 'TAI')), 0);
  assert.ok(a.isBefore(b) && b.isAfter(a) && !a.isAfter(b));
  assert.ok(a.equals(Epoch.parse('2016-12-31T23:59:60.500')));
  assert.ok(!a.equals(b) && a.equals(b, 0.5));
  assert.equal(Epoch.min(a, b), a);
  assert.equal(Epoch.max(a, b), b);
});

test('Julian dates, MJD, day of year, calendar; J2000 and julianCenturiesTT (exact)', () => {
  assert.equal(Epoch.J2000.toString('TT', 3), '2000-01-01T12:00:00.000');
  assert.equal(Epoch.J2000.toString('UTC', 3), '2000-01-01T11:58:55.816');
  assert.deepEqual(Epoch.J2000.julianDate('TT'), { jd1: 2451545, jd2: 0 });
  assert.equal(julianCenturiesTT(Epoch.J2000), 0);
  assert.equal(julianCenturiesTT(Epoch.parse('2100-01-01T12:00:00', 'TT')), 1);
  const e = Epoch.parse('2024-03-01T18:00:00');
  assert.deepEqual(e.julianDate('UTC'), { jd1: 2460371, jd2: 0.25 });
  assert.ok(Epoch.fromJulianDate(2460371, 0.25, 'UTC').equals(e));
  assert.ok(Epoch.fromJulianDate(2460371.25, 0.5, 'UTC').equals(e.plusSeconds(12 * 3600)));
  assert.ok(Epoch.fromJulianDate(2400000.5, 60370.75, 'UTC').equals(e));
  const tdb = e.julianDate('TDB');
  assert.ok(Epoch.fromJulianDate(tdb.jd1, tdb.jd2, 'TDB').equals(e, 1e-9));
  assert.equal(e.mjd('UTC'), 60370.75);
  assert.ok(Epoch.fromMjd(60370.75).equals(e));
  assert.equal(e.dayOfYear('UTC'), 61.75);
  assert.equal(Epoch.parse('2024-12-31T12:00:00').dayOfYear(), 366.5);
  assert.deepEqual(e.toCalendar('TAI'), { year: 2024, month: 3, day: 1, hour: 18, minute: 0, second: 37 });
  assert.deepEqual(Epoch.parse('2016-12-31T23:59:60.25').toCalendar('UTC'), { year: 2016, month: 12, day: 31, hour: 23, minute: 59, second: 60.25 });
  assert.ok(Epoch.fromCalendar(2016, 12, 31, 23, 59, 60.25).equals(Epoch.parse('2016-12-31T23:59:60.25')));
  assert.ok(Epoch.fromCalendar(2024, 3, 1, 18, 0, 37, 'TAI').equals(e));
  assert.throws(() => Epoch.fromCalendar(2023, 2, 29), RangeError);
  assert.throws(() => Epoch.fromCalendar(2017, 12, 31, 23, 59, 60), /leap second/);
  // UT1 Julian date: the UTC quasi-JD shifted by dut1.
  const ut1 = e.julianDateUt1(-0.1);
  assert.equal(ut1.jd1, 2460371);
  assert.ok(Math.abs(ut1.jd2 - (0.25 - 0.1 / 86400)) < 1e-15);
});

test('epochs cross worker boundaries as plain data and JSON (lossless to 1 ns)', () => {
  const e = Epoch.parse('2016-12-31T23:59:60.123456789');
  const plain = structuredClone({ taiDay: e.taiDay, taiSeconds: e.taiSeconds });
  assert.ok(Epoch.fromJSON(plain).equals(e));
  const json = JSON.parse(JSON.stringify({ e })) as { e: string };
  assert.equal(json.e, '2016-12-31T23:59:60.123456789Z');
  assert.ok(Epoch.fromJSON(json.e).equals(e, 1e-9));
});
