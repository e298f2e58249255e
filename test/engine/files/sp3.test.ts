import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CcsdsParseError, Sp3ParseError } from '../../../engine/files/common/errors.ts';
import { Sp3Reader, parseSp3, sp3TimeScale, type Sp3Record } from '../../../engine/files/sp3/sp3Reader.ts';
import { FIXTURES } from './helpers.ts';

const sp3 = (name: string): string => readFileSync(join(FIXTURES, 'sp3', name), 'utf8');

test('SP3-a position file: header, integer satellite ids, absent positions, sampling gaps', () => {
  const file = parseSp3(sp3('example-a-1.sp3'));
  assert.equal(file.header.version, 'a');
  assert.equal(file.header.positionVelocityFlag, 'P');
  assert.equal(file.header.numberOfEpochs, 3);
  assert.equal(file.header.epochIntervalS, 900);
  assert.equal(file.header.gpsWeek, 779);
  assert.equal(file.header.coordinateSystem, 'ITR92');
  assert.equal(file.header.timeSystem, 'GPS');
  assert.equal(file.header.satelliteIds.length, 25);
  assert.equal(file.header.satelliteIds[0], 'G01');
  assert.equal(file.header.accuracyExponents[0], 7);
  assert.equal(file.epochCount, 3);
  const first = file.records[0]!;
  assert.deepEqual(first.positionKm, [16258.524750, -3529.015750, -20611.427050]);
  assert.equal(first.clockUs, -62.5406);
  assert.equal(first.epoch, '1994-12-17T00:00:00.00000000');
  assert.equal(first.velocityKmS, null);
  assert.equal(file.records[file.records.length - 1]!.epoch, '1994-12-17T23:45:00.00000000');
  assert.equal(file.skippedRecordCount, 1, 'P  3 is not in the header list and is skipped');
});

test('SP3-a and SP3-c velocity files: V records in dm/s become km/s', () => {
  const a2 = parseSp3(sp3('example-a-2.sp3'));
  assert.deepEqual(a2.records[0]!.velocityKmS, [-0.6560373522, 2.5605954994, -0.9460427179]);
  assert.equal(a2.records[0]!.clockRate, -0.024236);
  const c2 = parseSp3(sp3('example-c-2.sp3'));
  assert.equal(c2.header.version, 'c');
  assert.deepEqual(c2.records[0]!.velocityKmS, [2.0298880364, -1.8462044804, 0.1381387685]);
  assert.equal(c2.records[0]!.satelliteId, 'G01');
});

test('SP3-c/d: GNSS ids, absent positions, time systems, >85 satellites in d, LEO clock sentinel', () => {
  const c1 = parseSp3(sp3('example-c-1.sp3'));
  assert.equal(c1.header.fileType, 'G');
  assert.equal(c1.header.positionVelocityBase, 1.25);
  const g07 = c1.records.find((r) => r.satelliteId === 'G07' && r.epochIndex === 0)!;
  assert.equal(g07.positionKm, null);
  assert.equal(g07.line, 30);
  const d1 = parseSp3(sp3('example-d-1.sp3'));
  assert.equal(d1.header.satelliteIds.length, 140);
  assert.equal(d1.header.satelliteIds[139], 'S38');
  assert.equal(d1.header.fileType, 'M');
  const d3 = parseSp3(sp3('example-d-3.sp3'));
  assert.equal(d3.header.timeSystem, 'UTC');
  assert.equal(d3.records[0]!.satelliteId, 'I01');
  const lageos = parseSp3(sp3('issue895-clock-record.sp3'));
  assert.equal(lageos.header.timeSystem, 'UTC');
  assert.equal(lageos.records[0]!.clockUs, null);
  assert.equal(lageos.records[0]!.clockRate, null);
  assert.deepEqual(lageos.records[0]!.positionKm, [5029.867893, 1304.36216, -11075.527276]);
  assert.deepEqual(sp3TimeScale('BDT'), { scale: 'GPS', offsetS: 14 });
  assert.deepEqual(sp3TimeScale('GAL'), { scale: 'GPS', offsetS: 0 });
});

test('SP3: every malformed sample fails with its line', () => {
  const expected: Record<string, RegExp> = {
    'missing-eof.sp3': /^line 24: file ends without the EOF line \(truncated\?\): 1 of 192 announced epochs found$/,
    'unsupported-version.sp3': /^line 1: unsupported SP3 version "z"/,
    'wrong-line-identifier.sp3': /^line 13: expected "%c" header line, got "@@ G/,
    'truncated-line.sp3': /^line 27: P record is truncated/,
    'inconsistent-sampling-dates.sp3': /^line 37: epoch is not on the 900 s sampling grid/,
    'too-long-comment-d.sp3': /^line 21: comment line is 81 characters long, SP3-d allows 80$/,
    'exceeded-sat-count.sp3': /^line 3: SP3-c allows at most 85 satellites \(99 tolerated\), the header lists 140$/,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    assert.throws(() => parseSp3(sp3(name)), (e: unknown) => e instanceof Sp3ParseError && e instanceof CcsdsParseError && pattern.test(e.message), name);
  }
});

test('SP3: more errors (epoch count, duplicate satellite, bad numbers, V without P)', () => {
  const base = sp3('example-c-1.sp3');
  assert.throws(() => parseSp3(base.replace('       2 ORBIT', '       3 ORBIT')), /header announces 3 epochs but the file has 2/);
  assert.throws(() => parseSp3(base.replace('PG02 -12593.593500', 'PG01 -12593.593500')), /line 25: satellite G01 appears twice/);
  assert.throws(() => parseSp3(base.replace('PG03   9335.606450', 'PG03   9335.6x6450')), /line 26: P record x must be a number/);
  assert.throws(() => parseSp3(base.replace('*  2001  8  9 23 45', '*  2001 13  9 23 45')), /invalid epoch/);
  assert.throws(() => parseSp3(base.replace('PG01 -11044', 'VG01 -11044')), /line 24: V record for G01 does not follow its P record/);
  assert.throws(() => parseSp3(base.replace('%c G ', '%c X ')), /line 13: unknown SP3 file type "X"/);
  assert.throws(() => parseSp3(base.replace('GPS ccc', 'XYZ ccc')), /line 13: unknown SP3 time system "XYZ"/);
});

test('SP3 reader streams records chunk by chunk', () => {
  const text = sp3('example-c-2.sp3');
  const expected = parseSp3(text).records;
  const seen: Sp3Record[] = [];
  const reader = new Sp3Reader({ onRecord: (r) => seen.push(r) });
  for (let i = 0; i < text.length; i += 11) reader.push(text.slice(i, i + 11));
  const summary = reader.end();
  assert.deepEqual(seen, expected);
  assert.equal(summary.recordCount, expected.length);
});

test('benchmark generator: 96-satellite SP3-d with velocities is valid and streams', async () => {
  const { sp3Chunks } = await import('../../../bench/parsers.ts');
  let count = 0;
  let last: Sp3Record | null = null;
  const reader = new Sp3Reader({ onRecord: (r) => { count++; last = r; } });
  for (const chunk of sp3Chunks(96, 12, 300)) reader.push(chunk);
  const summary = reader.end();
  assert.equal(summary.header.satelliteIds.length, 96);
  assert.equal(summary.epochCount, 12);
  assert.equal(count, 96 * 12);
  const speed = Math.hypot(...last!.velocityKmS!);
  assert.ok(speed > 3.8 && speed < 3.95, `GPS-like orbital speed in km/s, got ${speed}`);
  assert.equal(last!.epoch, '2024-01-01T00:55:00.00000000');
});
