/**
 * Every bad data record of a tracking file is reported with its line (up to MAX_REPORTED_ERRORS), not only the first;
 * structural errors stay fatal; the file fails as a whole. Mutation fuzzing of the recovering readers: a result is
 * always ok or a list of line-numbered errors, never a crash.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspectTrackingFile, MAX_REPORTED_ERRORS, TRACKING_ERROR_CODES } from '../../../engine/tracking/index.ts';
import { fixture, fixtureNames } from '../files/helpers.ts';
import { seededRandom } from '../../helpers/random.ts';
import { makeTdm } from '../../helpers/tracking.ts';

function lineOf(text: string, fragment: string): number {
  return text.split('\n').findIndex((line) => line.includes(fragment)) + 1;
}

test('TDM: three bad observations are three errors, each with its line; nothing is accepted', () => {
  const good = makeTdm({ participants: ['DSS-1', 'SAT-A'], start: '2026-11-01T00:00:00', count: 5 });
  const bad = good
    .replace('RANGE = 2026-11-01T00:00:01.000 1001.000', 'RANGE = 2026-11-01T00:00:01.000 10x1.000')
    .replace('ANGLE_1 = 2026-11-01T00:00:02.000', 'ANGLE_1 = 2026-13-01T00:00:02.000')
    .replace('RANGE = 2026-11-01T00:00:04.000 1004.000', 'RANGE = 2026-11-01T00:00:04.000 1004.000 7');
  const result = inspectTrackingFile(bad);
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(
    result.errors.map((e) => e.line),
    [lineOf(bad, '10x1.000'), lineOf(bad, '2026-13-01'), lineOf(bad, '1004.000 7')],
  );
  for (const error of result.errors) {
    assert.equal(error.code, TRACKING_ERROR_CODES.PARSE_FAILED);
    assert.match(error.message, /^line \d+: /);
  }
  assert.equal(result.errorsTruncated, undefined);
});

test(`TDM: the report stops at ${MAX_REPORTED_ERRORS} errors and says so`, () => {
  const good = makeTdm({ participants: ['DSS-1', 'SAT-A'], start: '2026-11-01T00:00:00', count: 80 });
  const bad = good.replace(/^(RANGE = \S+) (\S+)$/gm, '$1 bad');
  const result = inspectTrackingFile(bad);
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.errors.length, MAX_REPORTED_ERRORS);
  assert.equal(result.errorsTruncated, true);
});

test('TDM: a structural error after bad records is reported after them (and still fails the file)', () => {
  const good = makeTdm({ participants: ['DSS-1', 'SAT-A'], start: '2026-11-01T00:00:00', count: 3 });
  const bad = good.replace('RANGE = 2026-11-01T00:00:00.000 1000.000', 'RANGE = 2026-11-01T00:00:00.000 x').replace('DATA_STOP\n', '');
  const result = inspectTrackingFile(bad);
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.errors.length, 2);
  assert.match(result.errors[0]!.message, /RANGE/);
  assert.match(result.errors[1]!.message, /DATA_STOP missing/);
});

test('OEM: every unreadable ephemeris line is reported', () => {
  const text = fixture('oem', 'OEMExample1.txt');
  const lines = text.split('\n');
  const dataLines = lines.map((line, i) => ({ line, i })).filter(({ line }) => /^\d{4}-\d{2}-\d{2}T\S+\s+-?\d/.test(line.trim()));
  assert.ok(dataLines.length > 3);
  const broken = [dataLines[0]!.i, dataLines[2]!.i];
  lines[broken[0]!] = lines[broken[0]!]!.replace(/(\s)(-?\d+\.\d+)/, '$1oops');
  lines[broken[1]!] = `${lines[broken[1]!]} 1.0`; // 8 fields
  const result = inspectTrackingFile(lines.join('\n'));
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.errors.map((e) => e.line), [broken[0]! + 1, broken[1]! + 1]);
});

test('SP3: a bad P record is one error (its V record is skipped, not reported again); other records go on', () => {
  const text = fixture('sp3', 'example-c-2.sp3'); // position and velocity (P + V records)
  assert.ok(inspectTrackingFile(text).ok);
  const lines = text.split('\n');
  const records = lines.map((line, i) => ({ line, i })).filter(({ line }) => /^P[A-Z]\d\d/.test(line) && !/\s0\.000000\s+0\.000000/.test(line));
  const p1 = records[0]!.i;
  const p2 = records[3]!.i;
  assert.ok(lines.slice(p1 + 1, p1 + 4).some((line) => line.startsWith('V')), 'the P record has a V record');
  lines[p1] = `${lines[p1]!.slice(0, 5)}abc${lines[p1]!.slice(8)}`;
  lines[p2] = `${lines[p2]!.slice(0, 20)}x${lines[p2]!.slice(21)}`;
  const result = inspectTrackingFile(lines.join('\n'));
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.errors.map((e) => e.line), [p1 + 1, p2 + 1]);
});

test('fuzz: the recovering readers never crash; a failure is a list of coded, line-numbered errors', () => {
  const rnd = seededRandom(0x15c0de);
  let failures = 0;
  for (const kind of ['tdm', 'oem', 'sp3']) {
    for (const name of fixtureNames(kind)) {
      const original = fixture(kind, name);
      if (!inspectTrackingFile(original).ok) continue;
      for (let round = 0; round < 40; round++) {
        const lines = original.split('\n');
        // corrupt several numbers on several lines at once: the case where "every error" matters
        for (let k = 0; k < 1 + Math.floor(rnd() * 6); k++) {
          const i = Math.floor(rnd() * lines.length);
          lines[i] = lines[i]!.replace(/\d/, ['x', '.', '-', 'e', ' '][Math.floor(rnd() * 5)]!);
        }
        const result = inspectTrackingFile(lines.join('\n'));
        if (result.ok) continue;
        failures++;
        assert.ok(result.errors.length >= 1 && result.errors.length <= MAX_REPORTED_ERRORS + 1);
        for (const error of result.errors) {
          assert.ok(Object.values(TRACKING_ERROR_CODES).includes(error.code), error.code);
          assert.equal(typeof error.message, 'string');
        }
      }
    }
  }
  assert.ok(failures > 50, `most corruptions fail (${failures})`);
});
