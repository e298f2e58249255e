// Leap-second files (IETF leap-seconds.list with its SHA-1, IERS Leap_Second.dat) and their comparison with the
// built-in ΔAT table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sha1Hex } from '../../../engine/math/sha1.ts';
import { compareWithBuiltInTable, LeapSecondFileError, parseLeapSecondFile } from '../../../engine/time/leapSecondFiles.ts';
import { LEAP_SECONDS_VALID_UNTIL, mjdFromCalendarDate } from '../../../engine/time/leapSeconds.ts';
import { LEAP_SECONDS_LIST, leapSecondDat } from '../../helpers/earthDataFiles.ts';

test('SHA-1 equals node:crypto on lengths around the 64-byte block edges', () => {
  for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
    assert.equal(sha1Hex(bytes), createHash('sha1').update(bytes).digest('hex'), `length ${n}`);
  }
});

test('leap-seconds.list (tzdata 2026f): 28 steps, expiry = LEAP_SECONDS_VALID_UNTIL, SHA-1 verified, agrees with the table', () => {
  const file = parseLeapSecondFile(LEAP_SECONDS_LIST);
  assert.equal(file.format, 'IETF_LEAP_SECONDS_LIST');
  assert.equal(file.steps.length, 28);
  assert.deepEqual(file.steps[0], { mjd: mjdFromCalendarDate(1972, 1, 1), taiMinusUtcSeconds: 10 });
  assert.deepEqual(file.steps[27], { mjd: mjdFromCalendarDate(2017, 1, 1), taiMinusUtcSeconds: 37 });
  const [y, m, d] = LEAP_SECONDS_VALID_UNTIL.split('-').map(Number) as [number, number, number];
  assert.equal(file.expiresMjd, mjdFromCalendarDate(y, m, d));
  assert.deepEqual(compareWithBuiltInTable(file), { agrees: true, unknownSteps: [], conflicts: [] });
  // any edit of a number breaks the hash; a list cut before its #h line is incomplete
  const edited = LEAP_SECONDS_LIST.replace(/^#@(\s+)4023129600/m, '#@$14054665600'); // a year later
  assert.throws(() => parseLeapSecondFile(edited), /SHA-1 mismatch/);
  const cut = LEAP_SECONDS_LIST.slice(0, LEAP_SECONDS_LIST.indexOf('#h'));
  assert.throws(() => parseLeapSecondFile(cut), /no #h \(SHA-1\) line: the file is incomplete/);
});

test('IERS Leap_Second.dat: steps, expiry and bulletin date; a step the table lacks is reported, not applied', () => {
  const file = parseLeapSecondFile(leapSecondDat('28 June 2027'));
  assert.equal(file.format, 'IERS_LEAP_SECOND_DAT');
  assert.equal(file.steps.length, 28);
  assert.equal(file.expiresMjd, mjdFromCalendarDate(2027, 6, 28));
  assert.equal(file.updatedMjd, mjdFromCalendarDate(2025, 7, 1));
  assert.ok(compareWithBuiltInTable(file).agrees);
  const announced = parseLeapSecondFile(leapSecondDat('28 June 2027', { mjd: mjdFromCalendarDate(2026, 7, 1), date: '2026-07-01', dat: 38 }));
  const comparison = compareWithBuiltInTable(announced);
  assert.equal(comparison.agrees, false);
  assert.deepEqual(comparison.unknownSteps, [{ mjd: mjdFromCalendarDate(2026, 7, 1), taiMinusUtcSeconds: 38 }]);
  assert.deepEqual(comparison.conflicts, []);
  // a file that misses a step the table has, or gives another value, conflicts
  const missing = leapSecondDat().split('\n').filter((l) => !/ 1  7 2015 /.test(l)).join('\n');
  assert.throws(() => parseLeapSecondFile(missing), /TAI-UTC steps from 35 to 37 s/);
});

test('malformed leap-second files fail with the line', () => {
  const lines = leapSecondDat().split('\n');
  const badLine = lines.map((l, i) => (i === 14 ? '    41683.0    1  1 1973      1x' : l)).join('\n');
  assert.throws(() => parseLeapSecondFile(badLine), (e: unknown) => e instanceof LeapSecondFileError && e.line === 15);
  const badDate = lines.map((l, i) => (i === 12 ? l.replace('41499.0', '41498.0') : l)).join('\n');
  assert.throws(() => parseLeapSecondFile(badDate), /line 13: date 1972-7-1 does not match MJD 41498/);
  assert.throws(() => parseLeapSecondFile(lines.filter((l) => !/expires/.test(l)).join('\n')), /not a leap-second file/);
  assert.throws(() => parseLeapSecondFile('hello'), /not a leap-second file/);
});
