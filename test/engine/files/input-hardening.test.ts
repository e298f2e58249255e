/**
 * Issue 14 item 8 (and the same rule for TDM and OCM metadata): an OEM cut inside its last number, repeated or
 * decreasing ephemeris epochs, and a keyword given twice in one metadata block are refused with their line.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CcsdsParseError } from '../../../engine/files/common/errors.ts';
import { parseOcm } from '../../../engine/files/ocm/ocmReader.ts';
import { parseOem } from '../../../engine/files/oem/oemReader.ts';
import { parseTdm } from '../../../engine/files/tdm/tdmReader.ts';
import { parseTrackingFile } from '../../../engine/tracking/index.ts';
import { fixture } from './helpers.ts';

const HEAD = [
  'CCSDS_OEM_VERS = 2.0', 'CREATION_DATE = 2026-01-01T00:00:00', 'ORIGINATOR = TEST', '', 'META_START', 'OBJECT_NAME = SAT-1',
  'OBJECT_ID = 2026-001A', 'CENTER_NAME = EARTH', 'REF_FRAME = GCRF', 'TIME_SYSTEM = UTC', 'START_TIME = 2026-01-01T00:00:00',
  'STOP_TIME = 2026-01-01T00:02:00', 'META_STOP', '',
];
const LINE_1 = '2026-01-01T00:00:00.000 7000.1234 0.0000 0.0000 0.0000 7.5461 -1.9676';
const LINE_2 = '2026-01-01T00:01:00.000 6999.8523 452.7012 -118.0721 -0.0901 7.5442 -1.9671';
const LINE_3 = '2026-01-01T00:02:00.000 6998.9301 905.1543 -236.0897 -0.1802 7.5384 -1.9654';

function rejects(text: string, line: number, pattern: RegExp): void {
  assert.throws(() => parseOem(text), (error: unknown) => {
    assert.ok(error instanceof CcsdsParseError, String(error));
    assert.equal(error.line, line, error.message);
    assert.match(error.message, pattern);
    return true;
  });
}

test('OEM: a last line cut inside a number (no final line break) is refused with its line', () => {
  // -1.9654 cut to -1: the value still parses; only the missing line break and the lost digits give it away.
  rejects([...HEAD, LINE_1, LINE_2, '2026-01-01T00:02:00.000 6998.9301 905.1543 -236.0897 -0.1802 7.5384 -1'].join('\n'), 17, /Z_DOT "-1".*truncated/);
  rejects([...HEAD, LINE_1, LINE_2, '2026-01-01T00:02:00.000 6998.9301 905.1543 -236.0897 -0.1802 7.5384 -1.9'].join('\n'), 17, /truncated/);
  // Complete last lines are accepted with or without the final line break.
  assert.equal(parseOem([...HEAD, LINE_1, LINE_2, LINE_3].join('\n')).segments[0]!.states.length, 3);
  assert.equal(parseOem([...HEAD, LINE_1, LINE_2, LINE_3, ''].join('\n')).segments[0]!.states.length, 3);
  // Orekit's samples end without a line break on a complete line written with one digit less: still accepted.
  assert.equal(parseOem(fixture('oem', 'OEMExample2.txt')).segments.at(-1)!.states.at(-1)!.velocityKmS[2], 0.88535);
  assert.equal(parseOem(fixture('oem', 'OEMExample8.txt')).segments.at(-1)!.states.at(-1)!.velocityKmS[2], 0.88535);
});

test('OEM: one state per epoch, epochs increasing; an exact repeated line is kept once', () => {
  rejects([...HEAD, LINE_1, LINE_2, LINE_2.replace('7.5442', '7.5443'), ''].join('\n'), 17, /repeats the epoch of line 16 with a different state/);
  rejects([...HEAD, LINE_1, LINE_2.replace('00:01:00.000', '00:01:00'), '2026-01-01T00:01:00 6999.8523 452.7012 -118.0721 -0.0901 7.5442 -1.9672', ''].join('\n'), 17, /repeats the epoch/);
  rejects([...HEAD, LINE_2, LINE_1, ''].join('\n'), 16, /is before the epoch .* of line 15/);
  const oem = parseOem([...HEAD, LINE_1, LINE_2, LINE_2, LINE_3, ''].join('\n'));
  assert.deepEqual(oem.segments[0]!.states.map((s) => s.repeatOfLine), [undefined, undefined, 16, undefined]);
  // As tracking data: stored once, and the upload says so with the line.
  const parsed = parseTrackingFile([...HEAD, LINE_1, LINE_2, LINE_2, LINE_3, ''].join('\n'));
  assert.ok(parsed.ok);
  assert.equal(parsed.measurements.length, 3);
  assert.deepEqual(parsed.summary.warnings, ['line 17: repeats line 16 (same epoch 2026-01-01T00:01:00.000 and state); stored once']);
});

test('a keyword given twice in one metadata block is refused (OEM OBJECT_ID, TDM, OCM)', () => {
  const twoIds = [...HEAD.slice(0, 7), 'OBJECT_ID = 2026-999Z', ...HEAD.slice(7), LINE_1, ''].join('\n');
  rejects(twoIds, 8, /OBJECT_ID given twice in one metadata block \(first at line 7\)/);
  const tdm = fixture('tdm', 'TDMExample2.txt').replace(/^(\s*PARTICIPANT_1\s*=.*)$/m, '$1\n$1');
  assert.throws(() => parseTdm(tdm), /PARTICIPANT_1 given twice in one metadata block/);
  const ocm = fixture('ocm', 'OCMMinimal.txt').replace(/^(\s*TIME_SYSTEM\s*=.*)$/m, '$1\n$1');
  assert.throws(() => parseOcm(ocm), /TIME_SYSTEM given twice in the metadata/);
});
