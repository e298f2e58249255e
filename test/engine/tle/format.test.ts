import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeCatalogNumber,
  encodeCatalogNumber,
  MAX_ALPHA5_CATALOG_NUMBER,
} from '../../../engine/tle/alpha5.ts';
import { TleCatalogNumberError, TleFormatError, TleParseError } from '../../../engine/tle/errors.ts';
import {
  formatAngleDeg,
  formatEccentricity,
  formatEpoch,
  formatExponentField,
  formatInternationalDesignator,
  formatNdotOver2,
  formatTle,
  formatTleLines,
  tleChecksum,
  type TleFields,
} from '../../../engine/tle/format.ts';
import { parseTle, parseTleLines } from '../../../engine/tle/parse.ts';
import { roundTleEpoch, tleEpochFromJulianDate } from '../../../engine/tle/epoch.ts';

const ISS: [string, string] = [
  '1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927',
  '2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537',
];

const BASE: TleFields = {
  catalogNumber: 12345,
  cosparId: '2000-001A',
  epoch: { year: 2022, dayOfYear: 45.25 },
  bstarPerEarthRadius: 0,
  inclinationDeg: 52.9373898681823,
  raanDeg: 140.3650359202164,
  eccentricity: 0.0006369219830964061,
  argPerigeeDeg: 340.0299079308123,
  meanAnomalyDeg: 304.8655735709902,
  meanMotionRevPerDay: 15.038703550756795,
};

test('Alpha-5 boundaries: 99999, 100000, 339999 encode; 340000 is a typed error', () => {
  assert.equal(encodeCatalogNumber(0), '00000');
  assert.equal(encodeCatalogNumber(5), '00005');
  assert.equal(encodeCatalogNumber(99999), '99999');
  assert.equal(encodeCatalogNumber(100000), 'A0000');
  assert.equal(encodeCatalogNumber(148493), 'E8493'); // reference/sgp4 A-S09
  assert.equal(encodeCatalogNumber(179999), 'H9999');
  assert.equal(encodeCatalogNumber(180000), 'J0000'); // I skipped
  assert.equal(encodeCatalogNumber(229999), 'N9999');
  assert.equal(encodeCatalogNumber(230000), 'P0000'); // O skipped
  assert.equal(encodeCatalogNumber(339999), 'Z9999');
  assert.equal(MAX_ALPHA5_CATALOG_NUMBER, 339999);
  for (const bad of [340000, 1_000_000, -1, 1.5, Number.NaN]) {
    assert.throws(() => encodeCatalogNumber(bad), (e: unknown) => e instanceof TleCatalogNumberError && e.code === 'TLE_CATALOG_NUMBER_OUT_OF_RANGE');
  }
  assert.throws(() => formatTle({ ...BASE, catalogNumber: 340000 }), TleCatalogNumberError);
});

test('Alpha-5 decode is the inverse over the whole range and rejects I, O and junk', () => {
  for (let n = 0; n <= 339999; n += 7) assert.equal(decodeCatalogNumber(encodeCatalogNumber(n)), n);
  for (const n of [99999, 100000, 339999]) assert.equal(decodeCatalogNumber(encodeCatalogNumber(n)), n);
  assert.equal(decodeCatalogNumber('I0000'), null);
  assert.equal(decodeCatalogNumber('O1234'), null);
  assert.equal(decodeCatalogNumber('a0000'), null);
  assert.equal(decodeCatalogNumber('A00x0'), null);
  assert.equal(decodeCatalogNumber(' 5544'), 5544);
});

test('no NORAD id writes the 99999 placeholder in both lines', () => {
  for (const catalogNumber of [undefined, null]) {
    const [l1, l2] = formatTleLines({ ...BASE, catalogNumber });
    assert.equal(l1.slice(2, 7), '99999');
    assert.equal(l2.slice(2, 7), '99999');
  }
});

test('checksum: digits sum, minus counts 1, letters/plus/blank/period count 0', () => {
  assert.equal(tleChecksum(ISS[0]), 7);
  assert.equal(tleChecksum(ISS[1]), 7);
  assert.equal(tleChecksum('1 A----' + ' '.repeat(61)), 5);
  assert.equal(tleChecksum('+.ABC 9' + ' '.repeat(61)), 9);
  // the 69th character (the checksum itself) is not summed
  assert.equal(tleChecksum('1'.repeat(68) + '5'), 68 % 10);
});

test('exponent fields: zero, sign, carry and range', () => {
  assert.equal(formatExponentField(0), ' 00000-0');
  assert.equal(formatExponentField(-0), ' 00000-0');
  assert.equal(formatExponentField(-0.11606e-4), '-11606-4');
  assert.equal(formatExponentField(0.12345e-2), ' 12345-2');
  assert.equal(formatExponentField(1.2345e-4), ' 12345-3');
  assert.equal(formatExponentField(9.99999e-5), ' 10000-3'); // rounding carry moves the exponent
  assert.equal(formatExponentField(9.99994e-5), ' 99999-4');
  assert.equal(formatExponentField(-9.999996e-1), '-10000+1');
  assert.equal(formatExponentField(0.5), ' 50000+0');
  assert.equal(formatExponentField(0.12345e-9), ' 12345-9');
  assert.equal(formatExponentField(3e-14), ' 00003-9'); // below 0.1e-9: fixed resolution 1e-14
  assert.equal(formatExponentField(4e-15), ' 00000-0');
  assert.throws(() => formatExponentField(1e9), TleFormatError);
  assert.throws(() => formatExponentField(Number.POSITIVE_INFINITY), TleFormatError);
});

test('ndot/2 field: sign column, 8 decimals, range', () => {
  assert.equal(formatNdotOver2(0), ' .00000000');
  assert.equal(formatNdotOver2(-0.00002182), '-.00002182');
  assert.equal(formatNdotOver2(0.000123456789), ' .00012346');
  assert.equal(formatNdotOver2(-1e-10), ' .00000000'); // rounds to zero: no "-0"
  assert.throws(() => formatNdotOver2(0.999999996), TleFormatError);
});

test('angles wrap into [0, 360) including the rounding carry', () => {
  assert.equal(formatAngleDeg(359.99996, 'x'), '  0.0000');
  assert.equal(formatAngleDeg(359.99994, 'x'), '359.9999');
  assert.equal(formatAngleDeg(-0.00001, 'x'), '  0.0000');
  assert.equal(formatAngleDeg(-90, 'x'), '270.0000');
  assert.equal(formatAngleDeg(720.5, 'x'), '  0.5000');
  assert.equal(formatAngleDeg(5.00005, 'x').length, 8);
  const [, l2] = formatTleLines({ ...BASE, raanDeg: 359.99996, meanAnomalyDeg: -1e-9 });
  assert.equal(l2.slice(17, 25), '  0.0000');
  assert.equal(l2.slice(43, 51), '  0.0000');
  assert.throws(() => formatTleLines({ ...BASE, inclinationDeg: 180.1 }), TleFormatError);
});

test('eccentricity: 7 digits without the point; rounding to 1 is rejected', () => {
  assert.equal(formatEccentricity(0.0006703), '0006703');
  assert.equal(formatEccentricity(0.00000004), '0000000');
  assert.equal(formatEccentricity(0.69997335), '6999734');
  assert.throws(() => formatEccentricity(0.99999996), TleFormatError);
  assert.throws(() => formatEccentricity(-0.1), TleFormatError);
});

test('epoch field: yyddd.dddddddd, century window, rounding to 1e-8 day with year roll-over', () => {
  assert.equal(formatEpoch({ year: 2008, dayOfYear: 264.51782528 }), '08264.51782528');
  assert.equal(formatEpoch({ year: 1999, dayOfYear: 1 }), '99001.00000000');
  assert.equal(formatEpoch({ year: 2000, dayOfYear: 9.123456784 }), '00009.12345678');
  assert.equal(formatEpoch({ year: 2022, dayOfYear: 365.999999996 }), '23001.00000000');
  assert.equal(formatEpoch({ year: 2024, dayOfYear: 366.999999996 }), '25001.00000000');
  assert.equal(formatEpoch({ year: 2024, dayOfYear: 365.999999996 }), '24366.00000000');
  assert.throws(() => formatEpoch({ year: 2057, dayOfYear: 1 }), TleFormatError);
  assert.throws(() => formatEpoch({ year: 2022, dayOfYear: 366.5 }), TleFormatError);
  assert.deepEqual(roundTleEpoch({ year: 2022, dayOfYear: 365.999999996 }), { year: 2023, dayOfYear: 1 });
});

test('two-part Julian date → TLE epoch keeps sub-ms resolution', () => {
  // 2022-02-14T06:00:00 UTC = JD 2459624.75
  const e1 = tleEpochFromJulianDate(2459624.5, 0.25);
  assert.equal(e1.year, 2022);
  assert.equal(e1.dayOfYear, 45.25);
  const e2 = tleEpochFromJulianDate(0.25 + 1e-9, 2459624.5);
  assert.ok(Math.abs(e2.dayOfYear - (45.25 + 1e-9)) < 1e-12);
  assert.deepEqual(tleEpochFromJulianDate(2451544.5, 0), { year: 2000, dayOfYear: 1 });
  assert.deepEqual(tleEpochFromJulianDate(2451910.0, 0.49), { year: 2000, dayOfYear: 366.99 }); // leap year end
});

test('international designator from the COSPAR id', () => {
  assert.equal(formatInternationalDesignator('1998-067A'), '98067A  ');
  assert.equal(formatInternationalDesignator('2023-001ABC'), '23001ABC');
  assert.equal(formatInternationalDesignator(null), '        ');
  assert.equal(formatInternationalDesignator(undefined), '        ');
  assert.throws(() => formatInternationalDesignator('98067A'), TleFormatError);
  const [l1] = formatTleLines({ ...BASE, cosparId: null });
  assert.equal(l1.slice(9, 17), '        ');
});

test('layout: two 69-character lines joined by one newline, blanks where the format puts them', () => {
  const text = formatTle(BASE);
  const lines = text.split('\n');
  assert.equal(lines.length, 2);
  assert.ok(!text.endsWith('\n'));
  for (const l of lines) assert.equal(l.length, 69);
  // Orekit 13.1 output for reference case A-TLE1 with the same template (reference/tle/tle_fixedpoint.json)
  assert.equal(lines[0], '1 12345U 00001A   22045.25000000  .00000000  00000-0  00000-0 0  9996');
  assert.equal(lines[1], '2 12345  52.9374 140.3650 0006369 340.0299 304.8656 15.03870355    06');
});

test('Alpha-5 catalogue number appears in both lines with valid checksums', () => {
  for (const [n, field] of [[100000, 'A0000'], [339999, 'Z9999'], [99999, '99999']] as const) {
    const [l1, l2] = formatTleLines({ ...BASE, catalogNumber: n });
    assert.equal(l1.slice(2, 7), field);
    assert.equal(l2.slice(2, 7), field);
    assert.equal(parseTleLines(l1, l2).catalogNumber, n);
  }
});

test('element set number and revolution number fields', () => {
  const [l1, l2] = formatTleLines({ ...BASE, elementSetNumber: 7, revolutionNumberAtEpoch: 123456 });
  assert.equal(l1.slice(64, 68), '   7');
  assert.equal(l2.slice(63, 68), '23456'); // modulo 100000, as the 5-digit field rolls over
  assert.equal(formatTleLines(BASE)[0].slice(64, 68), ' 999');
  assert.throws(() => formatTleLines({ ...BASE, elementSetNumber: 10000 }), TleFormatError);
});

test('parse ∘ format reproduces real TLEs character for character', () => {
  const p = parseTleLines(ISS[0], ISS[1]);
  assert.equal(p.catalogNumber, 25544);
  assert.equal(p.cosparId, '1998-067A');
  assert.deepEqual(p.epoch, { year: 2008, dayOfYear: 264.51782528 });
  assert.equal(p.ndotOver2RevPerDay2, -0.00002182);
  assert.equal(p.bstarPerEarthRadius, -0.11606e-4);
  assert.equal(p.eccentricity, 0.0006703);
  assert.equal(p.revolutionNumberAtEpoch, 56353);
  assert.equal(p.elementSetNumber, 292);
  const again = formatTleLines({ ...p, classification: 'U' });
  assert.deepEqual(again, ISS);
});

test('format ∘ parse: fields survive to their printed precision over random element sets', () => {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let k = 0; k < 500; k++) {
    const fields: TleFields = {
      catalogNumber: Math.floor(rnd() * 340000),
      cosparId: rnd() < 0.5 ? null : `${1957 + Math.floor(rnd() * 99)}-${String(Math.floor(rnd() * 999) + 1).padStart(3, '0')}B`,
      epoch: { year: 1957 + Math.floor(rnd() * 99), dayOfYear: 1 + rnd() * 364.99 },
      ndotOver2RevPerDay2: (rnd() - 0.5) * 1e-3,
      nddotOver6RevPerDay3: (rnd() - 0.5) * 1e-8,
      bstarPerEarthRadius: (rnd() - 0.5) * 10 ** -(1 + Math.floor(rnd() * 8)),
      elementSetNumber: Math.floor(rnd() * 10000),
      inclinationDeg: rnd() * 180,
      raanDeg: rnd() * 720 - 360,
      eccentricity: rnd() * 0.99,
      argPerigeeDeg: rnd() * 360,
      meanAnomalyDeg: rnd() * 360,
      meanMotionRevPerDay: 0.5 + rnd() * 16,
      revolutionNumberAtEpoch: Math.floor(rnd() * 99999),
    };
    const text = formatTle(fields);
    const p = parseTle(text);
    assert.equal(p.catalogNumber, fields.catalogNumber);
    assert.equal(p.cosparId, fields.cosparId);
    assert.ok(Math.abs(p.inclinationDeg - fields.inclinationDeg) <= 0.5e-4 + 1e-12);
    assert.ok(Math.abs(p.eccentricity - fields.eccentricity) <= 0.5e-7 + 1e-15);
    assert.ok(Math.abs(p.meanMotionRevPerDay - fields.meanMotionRevPerDay) <= 0.5e-8 + 1e-14);
    const draan = (((p.raanDeg - fields.raanDeg) % 360) + 540) % 360 - 180;
    assert.ok(Math.abs(draan) <= 0.5e-4 + 1e-9);
    const b = fields.bstarPerEarthRadius;
    assert.ok(Math.abs(p.bstarPerEarthRadius - b) <= Math.abs(b) * 5e-5 + 1e-14, `${b} vs ${p.bstarPerEarthRadius}`);
    assert.ok(Math.abs(p.epoch.dayOfYear - fields.epoch.dayOfYear) <= 0.5e-8 + 1e-11);
    // printing the parsed values again is a fixed point of the text
    assert.equal(formatTle({ ...p, classification: 'U' }), text);
  }
});

test('parser rejects broken checksums, columns, catalogue mismatches and bad Alpha-5', () => {
  const [l1, l2] = formatTleLines(BASE);
  const bump = (l: string) => l.slice(0, 68) + String((Number(l[68]) + 1) % 10);
  assert.throws(() => parseTleLines(bump(l1), l2), (e: unknown) => e instanceof TleParseError && e.line === 1);
  assert.throws(() => parseTleLines(l1, bump(l2)), (e: unknown) => e instanceof TleParseError && e.line === 2);
  assert.throws(() => parseTleLines(l1 + ' ', l2), TleParseError);
  assert.throws(() => parseTle(`${l1}\r\n${l2}`), TleParseError);
  assert.throws(() => parseTle(`name\n${l1}\n${l2}`), TleParseError);
  const fix = (body: string) => body + String(tleChecksum(body));
  // catalogue number in line 2 differs
  const other = formatTleLines({ ...BASE, catalogNumber: 12346 })[1];
  assert.throws(() => parseTleLines(l1, other), TleParseError);
  // 'I' is not an Alpha-5 letter
  const withI = (l: string) => fix(l.slice(0, 2) + 'I2345' + l.slice(7, 68));
  assert.throws(() => parseTleLines(withI(l1), withI(l2)), /neither digits nor Alpha-5/);
  // a shifted column (field moved into a blank separator)
  const shifted = fix(l2.slice(0, 16) + '0' + l2.slice(17, 68));
  assert.throws(() => parseTleLines(l1, shifted), /column 17 must be blank/);
  assert.doesNotThrow(() => parseTle(`${l1}\n${l2}\n`));
});

test('TLE epoch from engine/time Epoch: UTC day of year, formatted like Orekit', async () => {
  const { Epoch } = await import('../../../engine/time/epoch.ts');
  const { tleEpochFromEpoch } = await import('../../../engine/tle/epoch.ts');
  const e = tleEpochFromEpoch(Epoch.parse('2022-02-14T06:00:00Z'));
  assert.deepEqual(e, { year: 2022, dayOfYear: 45.25 });
  assert.equal(formatEpoch(tleEpochFromEpoch(Epoch.parse('2008-09-20T12:25:40.104192Z'))), '08264.51782528');
  assert.equal(formatEpoch(tleEpochFromEpoch(Epoch.parse('2024-12-31T23:59:59.9999999Z'))), '25001.00000000');
});
