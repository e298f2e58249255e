import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CcsdsParseError } from '../../../engine/files/common/errors.ts';
import { OemReader, parseOem, type OemState } from '../../../engine/files/oem/oemReader.ts';
import { fromLowerTriangle, toNested } from '../../../engine/math/covariance.ts';
import { oemKvnChunks, writeOemKvn, type OemFileToWrite } from '../../../engine/files/oem/oemWriter.ts';
import { fixture } from './helpers.ts';

test('OEM example 1 (v3.0): segments, states, covariances', () => {
  const oem = parseOem(fixture('oem', 'OEMExample1.txt'));
  assert.equal(oem.header.version, '3.0');
  assert.equal(oem.header.classification, 'public, test-data');
  assert.deepEqual(oem.segments.map((s) => s.states.length), [4, 4, 5]);
  const s1 = oem.segments[0]!;
  assert.equal(s1.metadata.objectName, 'MARS GLOBAL SURVEYOR');
  assert.equal(s1.metadata.objectId, '1996-062A');
  assert.equal(s1.metadata.centerName, 'MARS BARYCENTER');
  assert.equal(s1.metadata.refFrame, 'J2000');
  assert.equal(s1.metadata.interpolationDegree, 7);
  assert.equal(s1.metadata.useableStartTime, '1996-12-18T12:10:00.331');
  assert.deepEqual(s1.metadata.dataComments, ['This file was produced by M.R. Somebody, MSOO NAV/JPL, 1996NOV 04. It is', 'to be used for DSN scheduling purposes only.']);
  assert.deepEqual(s1.states[0], { epoch: '1996-12-18T12:00:00.331', positionKm: [2789.619, -280.045, -1746.755], velocityKmS: [4.73372, -2.49586, -1.04195], accelerationKmS2: null, line: 23 });
  assert.equal(oem.segments[1]!.states[0]!.positionKm[1], -63.042);
  const cov = oem.segments[2]!.covariances;
  assert.equal(cov.length, 2);
  assert.equal(cov[0]!.refFrame, 'RTN');
  assert.equal(cov[0]!.epoch, '1996-12-28T21:29:07.267');
  assert.equal(cov[0]!.lowerTriangle[0], 3.3313494e-4);
  assert.equal(cov[0]!.lowerTriangle[20], 6.2244443e-10);
  assert.equal(cov[1]!.refFrame, 'EME2000');
  const full = toNested(fromLowerTriangle(cov[1]!.lowerTriangle));
  assert.equal(full[0]![1], 4.5078162e-4);
  assert.equal(full[1]![0], 4.5078162e-4);
  assert.equal(full[5]![4], 1.0077514e-10);
});

test('OEM XML (example 3) has accelerations and the covariance keywords', () => {
  const oem = parseOem(fixture('oem', 'OEMExample3.xml'));
  assert.equal(oem.notation, 'XML');
  assert.equal(oem.header.messageId, 'OEM 201113719185');
  const segment = oem.segments[0]!;
  assert.equal(segment.metadata.objectId, '2000-028A');
  assert.equal(segment.states.length, 4);
  assert.deepEqual(segment.states[0]!.accelerationKmS2, [0.008, 0.001, -0.159]);
  assert.equal(segment.states[3]!.positionKm[0], -3881.0);
  assert.equal(segment.states[3]!.line, 66);
  assert.equal(segment.covariances[0]!.refFrame, 'ITRF1997');
  assert.equal(segment.covariances[0]!.lowerTriangle[1], 0.722);
  assert.equal(segment.covariances[0]!.lowerTriangle[20], 0.991);
});

test('OEM: versions 1.0 and 2.0, day-of-year dates, MRT, lower-case values, mixed 7/10 columns', () => {
  const v1 = parseOem(fixture('oem', 'oemLowerCaseValue.oem'));
  assert.equal(v1.header.version, '1.0');
  assert.equal(v1.segments[0]!.metadata.interpolation, 'Lagrange');
  assert.equal(v1.segments[0]!.states[5]!.velocityKmS[2], -2.416769251589093e-2);
  const doy = parseOem(fixture('oem', 'OEMExample2.txt'));
  assert.equal(doy.segments[0]!.metadata.timeSystem, 'MRT');
  assert.equal(doy.segments[0]!.metadata.refFrameEpoch, '1996-353T12:00:00.331');
  const mixed = parseOem(fixture('oem', 'OEMExample6.txt'));
  assert.deepEqual(mixed.segments[1]!.states[0]!.accelerationKmS2, [0, 0, 0]);
  assert.equal(mixed.segments[1]!.states[1]!.accelerationKmS2, null);
  for (const name of ['OEMExample4.txt', 'OEMExample8.txt', 'test_cov.oem', 'ISS.resampled.truncated.txt']) {
    assert.ok(parseOem(fixture('oem', name)).segments.length > 0, name);
  }
  assert.equal(parseOem(fixture('oem', 'ISS.resampled.truncated.txt')).segments[0]!.states.length, 25);
});

test('OEM: every malformed sample fails with its line (same lines as Orekit)', () => {
  const expected: Record<string, RegExp> = {
    'OEM-ephemeris-number-format-error.txt': /^line 44: Z must be a number, got "this-is-not-a-number"$/,
    'OEM-covariance-number-format-error.txt': /^line 52: covariance row 2 value 2 must be a number/,
    'OEM-inconsistent-time-systems.txt': /^line 33: TIME_SYSTEM TCG differs from UTC/,
    'OEM-wrong-keyword.txt': /^line 19: unexpected keyword WRONG_KEYWORD in the metadata$/,
    'OEM-too-few-covariance-columns.txt': /^line 55: covariance row 5 must have 5 values/,
    'OEM-keyword-within-ephemeris.txt': /^line 24: unexpected keyword USER_DEFINED_TEST_KEY in the ephemeris data$/,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    assert.throws(() => parseOem(fixture('oem', name)), (e: unknown) => e instanceof CcsdsParseError && pattern.test(e.message), name);
  }
});

test('OEM reader streams: chunked input gives the same states, without collecting them', () => {
  const text = fixture('oem', 'OEMExample1.txt');
  const expected = parseOem(text).segments.flatMap((s) => s.states);
  const seen: OemState[] = [];
  const segments: number[] = [];
  const reader = new OemReader({ onState: (s, seg) => { seen.push(s); segments.push(seg.index); } });
  for (let i = 0; i < text.length; i += 13) reader.push(text.slice(i, i + 13));
  const summary = reader.end();
  assert.deepEqual(seen, expected);
  assert.deepEqual([...new Set(segments)], [0, 1, 2]);
  assert.deepEqual([summary.segmentCount, summary.stateCount, summary.covarianceCount], [3, 13, 3]);
});

test('OEM reader: truncated and structural errors', () => {
  const text = fixture('oem', 'OEMExample4.txt');
  assert.throws(() => parseOem(text.slice(0, text.indexOf('META_STOP'))), /META_STOP missing/);
  assert.throws(() => parseOem('CCSDS_OEM_VERS = 4.0\n'), /line 1: CCSDS_OEM_VERS "4.0" is not supported/);
  assert.throws(() => parseOem('CCSDS_OPM_VERS = 2.0\n'), /line 1: the message must start with CCSDS_OEM_VERS/);
  assert.throws(() => parseOem(''), /empty file/);
  assert.throws(() => parseOem(text.replace('OBJECT_ID', 'COMMENT x\nXOBJECT_ID')), /unexpected keyword XOBJECT_ID/);
});

function sampleOem(stateCount: number): OemFileToWrite {
  const states = Array.from({ length: stateCount }, (_, i) => ({
    epoch: `${new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().slice(0, -1)}000`,
    positionKm: [7000.1234564 + i, -1234.000000499, 0.0000004] as [number, number, number],
    velocityKmS: [-0.0000000004, 7.5123456789, -1.000000001] as [number, number, number],
  }));
  return {
    creationDate: '2024-01-01T00:00:00.000',
    originator: 'APSIS',
    comments: ['generated by a test'],
    segments: [
      {
        objectName: 'SAT A',
        objectId: '2024-001A',
        centerName: 'EARTH',
        refFrame: 'EME2000',
        timeSystem: 'UTC',
        startTime: states[0]!.epoch,
        stopTime: states[states.length - 1]!.epoch,
        useableStartTime: states[0]!.epoch,
        useableStopTime: states[states.length - 1]!.epoch,
        interpolation: 'LAGRANGE',
        interpolationDegree: 7,
        states,
        covariances: [
          { epoch: states[0]!.epoch, refFrame: 'RTN', lowerTriangle: Array.from({ length: 21 }, (_, k) => (k + 1) * 1.2345678901234567e-7 * (k % 3 === 0 ? -1 : 1)) },
          { epoch: states[1]!.epoch, refFrame: 'TNW', lowerTriangle: Array.from({ length: 21 }, (_, k) => k * 3.3e-9) },
        ],
        covarianceComments: ['RTN/TNW: both 3x3 blocks rotated, no frame-rate term'],
      },
    ],
  };
}

test('OEM 2.0 writer: exact layout per 502.0-B-2 and read back by our reader', () => {
  const input = sampleOem(3);
  const text = writeOemKvn(input);
  const lines = text.split('\n');
  assert.equal(lines[0], 'CCSDS_OEM_VERS       = 2.0');
  assert.equal(lines[1], 'COMMENT generated by a test');
  assert.match(lines[2]!, /^CREATION_DATE\s+= 2024-01-01T00:00:00.000$/);
  assert.deepEqual(
    lines.filter((l) => /^[A-Z_]+\s*=/.test(l)).map((l) => l.split('=')[0]!.trim()).slice(3, 14),
    ['OBJECT_NAME', 'OBJECT_ID', 'CENTER_NAME', 'REF_FRAME', 'TIME_SYSTEM', 'START_TIME', 'USEABLE_START_TIME', 'USEABLE_STOP_TIME', 'STOP_TIME', 'INTERPOLATION', 'INTERPOLATION_DEGREE'],
  );
  assert.ok(lines.includes('2024-01-01T00:00:00.000000      7000.123456     -1234.000000         0.000000   -0.000000000    7.512345679   -1.000000001'));
  assert.ok(text.endsWith('COVARIANCE_STOP\n'));
  const oem = parseOem(text);
  assert.equal(oem.header.version, '2.0');
  const segment = oem.segments[0]!;
  assert.equal(segment.metadata.interpolationDegree, 7);
  assert.equal(segment.states.length, 3);
  for (let i = 0; i < 3; i++) {
    const written = (input.segments[0]!.states as { epoch: string; positionKm: number[]; velocityKmS: number[] }[])[i]!;
    const read = segment.states[i]!;
    assert.equal(read.epoch, written.epoch);
    for (let k = 0; k < 3; k++) {
      assert.ok(Math.abs(read.positionKm[k]! - written.positionKm[k]!) <= 5e-7, 'position to the mm');
      assert.ok(Math.abs(read.velocityKmS[k]! - written.velocityKmS[k]!) <= 5e-10, 'velocity to the µm/s');
    }
  }
  assert.equal(segment.covariances.length, 2);
  assert.equal(segment.covariances[0]!.refFrame, 'RTN');
  assert.deepEqual(segment.covariances[0]!.lowerTriangle, [...(input.segments[0]!.covariances as { lowerTriangle: number[] }[])[0]!.lowerTriangle]);
  assert.deepEqual(segment.covariances[1]!.lowerTriangle, [...(input.segments[0]!.covariances as { lowerTriangle: number[] }[])[1]!.lowerTriangle]);
});

test('OEM writer streams chunks; a 100k-state ephemeris is written and read back incrementally', () => {
  const input = sampleOem(100_000);
  let states = 0;
  let chunks = 0;
  const reader = new OemReader({ onState: () => { states++; } });
  for (const chunk of oemKvnChunks(input)) {
    chunks++;
    reader.push(chunk);
  }
  const summary = reader.end();
  assert.equal(states, 100_000);
  assert.equal(summary.covarianceCount, 2);
  assert.ok(chunks > 100, 'data lines are produced in many chunks');
  assert.throws(() => writeOemKvn({ ...input, segments: [{ ...input.segments[0]!, states: [{ epoch: 'bad', positionKm: [0, 0, 0], velocityKmS: [0, 0, 0] }] }] }), /invalid epoch/);
  assert.throws(() => writeOemKvn({ ...input, segments: [{ ...input.segments[0]!, states: [{ epoch: '2024-01-01T00:00:00', positionKm: [NaN, 0, 0], velocityKmS: [0, 0, 0] }] }] }), /non-finite/);
});
