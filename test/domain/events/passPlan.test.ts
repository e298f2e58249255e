/**
 * The pass-plan writers (domain/events/passPlan.ts) hold to the text rule for names stored before it:
 * a line break, U+2028, NUL or bidi control in a spacecraft or station name never puts a line break into a CSV
 * field or an iCalendar value, nor a control character into either; names beyond ASCII come out intact.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PassView } from '../../../domain/events/eventViews.ts';
import { csvField, icsText, passPlanCsv, passPlanIcs } from '../../../domain/events/passPlan.ts';
import { textProblem } from '../../../engine/text.ts';

const point = (time: string) => ({ time, elevationDeg: 10, azimuthDeg: 120, rangeKm: 1500 });
const pass = (stationName: string): PassView => ({
  index: 0, stationId: 'gs-1', stationName, number: 1, elevationThresholdDeg: 10,
  start: '2026-01-01T00:00:00.000Z', end: '2026-01-01T00:10:00.000Z', durationS: 600, cutAtStart: false, cutAtEnd: false,
  aos: point('2026-01-01T00:00:00.000Z'), los: point('2026-01-01T00:10:00.000Z'),
  maximum: { ...point('2026-01-01T00:05:00.000Z'), atSpanEdge: false }, localMaximaCount: 1,
});

test('a CSV field never holds a line break or a refused character; quoting and the injection guard still apply', () => {
  assert.equal(csvField('LEGACY\nNAME'), 'LEGACY NAME');
  assert.equal(csvField('X\u2028REF_FRAME = ITRF'), 'X REF_FRAME = ITRF');
  assert.equal(csvField('a\u0000b\u202Ec'), 'a b c');
  assert.equal(csvField('Madrid, "DSS-63"'), '"Madrid, ""DSS-63"""');
  assert.equal(csvField('\n=1+1'), "'=1+1", 'a formula behind a line break is still guarded');
  assert.equal(csvField('天宫 Ñandú'), '天宫 Ñandú');
  const csv = passPlanCsv([pass('GS\r\nTWO'), pass('Ñandú')]);
  assert.equal(csv.split('\r\n').length, 4, 'header, two rows, the final line break');
  assert.match(csv, /\r\nGS TWO,gs-1,/);
  assert.match(csv, /\r\nÑandú,gs-1,/);
});

test('an iCalendar value stays on its content line: line breaks become \\n, refused characters spaces; names intact', () => {
  assert.equal(icsText('a\nb\r\nc\rd'), 'a\\nb\\nc\\nd');
  assert.equal(icsText('x\u2028y;z,w\\'), 'x y\\;z\\,w\\\\');
  const ics = passPlanIcs({ spacecraftId: 'sc-1', spacecraftName: 'LEGACY\nNAME\u202E', generatedAt: '2026-01-01T00:00:00Z', passes: [pass('GS\u0000ONE'), pass('天宫')] });
  const lines = ics.split('\r\n');
  for (const line of lines) assert.equal(textProblem(line), null, JSON.stringify(line));
  assert.ok(lines.includes('SUMMARY:LEGACY NAME over GS ONE (max 10.0°)'));
  assert.ok(lines.includes('LOCATION:天宫'));
  const named = passPlanIcs({ spacecraftId: 'sc-2', spacecraftName: 'Sentinel-6 Michael Freilich', generatedAt: '2026-01-01T00:00:00Z', passes: [pass('Ñandú')] });
  assert.ok(named.split('\r\n').some((l) => l.startsWith('SUMMARY:Sentinel-6 Michael Freilich over Ñandú')));
});
