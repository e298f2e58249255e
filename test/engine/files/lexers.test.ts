import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CcsdsParseError } from '../../../engine/files/common/errors.ts';
import { KvnLineSplitter, lexKvn, lexKvnLine } from '../../../engine/files/common/kvnLexer.ts';
import { XmlEventReader, parseXmlDocument, type XmlEvent } from '../../../engine/files/common/xmlReader.ts';
import { parseNumber, splitValueAndUnits, unitConversionFactor, formatNumberLossless } from '../../../engine/files/common/values.ts';
import { parseEpochFields, parseFrame, parseTimeSystem } from '../../../engine/files/common/definitions.ts';
import { fixture } from './helpers.ts';

test('KVN lexer: entries, comments, blocks, raw lines, 1-based lines', () => {
  const tokens = Array.from(lexKvn('CCSDS_OEM_VERS = 2.0\n\n  COMMENT  hello world\nMETA_START\n\tX = 1.5 [km]\n2024-01-01T00:00:00 1 2 3\nCOMMENT = with equals\nCOMMENT\nMETA_STOP'));
  assert.deepEqual(tokens, [
    { kind: 'entry', keyword: 'CCSDS_OEM_VERS', value: '2.0', units: null, line: 1 },
    { kind: 'comment', text: 'hello world', line: 3 },
    { kind: 'start', block: 'META', line: 4 },
    { kind: 'entry', keyword: 'X', value: '1.5 [km]', units: null, line: 5 },
    { kind: 'raw', text: '2024-01-01T00:00:00 1 2 3', line: 6 },
    { kind: 'comment', text: 'with equals', line: 7 },
    { kind: 'comment', text: '', line: 8 },
    { kind: 'stop', block: 'META', line: 9 },
  ]);
});

test('KVN lexer: malformed keyword names its line', () => {
  assert.throws(() => lexKvnLine('BAD KEY = 3', 7), (e: unknown) => e instanceof CcsdsParseError && e.line === 7 && /line 7: malformed keyword/.test(e.message));
});

test('KVN line splitter handles CRLF, CR, chunk boundaries and a missing final newline', () => {
  const lines: [string, number][] = [];
  const splitter = new KvnLineSplitter((text, line) => lines.push([text, line]));
  for (const chunk of ['\uFEFFA = 1\r', '\nB = 2\rC', ' = 3\n\nD = 4']) splitter.push(chunk);
  splitter.end();
  assert.deepEqual(lines, [['A = 1', 1], ['B = 2', 2], ['C = 3', 3], ['', 4], ['D = 4', 5]]);
});

test('values: numbers, units, lossless formatting', () => {
  assert.equal(parseNumber('-063.042', 1, 'X'), -63.042);
  assert.equal(parseNumber('1.', 1, 'X'), 1);
  assert.equal(parseNumber('.357', 1, 'X'), 0.357);
  assert.equal(parseNumber('4.2e-16', 1, 'X'), 4.2e-16);
  for (const bad of ['', 'abc', '0x10', 'Infinity', '1e999', '1.2.3', '--1']) {
    assert.throws(() => parseNumber(bad, 12, 'THR_ISP'), (e: unknown) => e instanceof CcsdsParseError && e.line === 12 && e.keyword === 'THR_ISP');
  }
  assert.throws(() => parseNumber('abc', 12, 'THR_ISP'), { message: 'line 12: THR_ISP must be a number, got "abc"' });
  assert.deepEqual(splitValueAndUnits('6503.514 [km]'), { value: '6503.514', units: 'km' });
  assert.deepEqual(splitValueAndUnits('[km, km/s]'), { value: '[km, km/s]', units: null });
  assert.equal(unitConversionFactor('m', 'km', 1, 'X'), 1e-3);
  assert.equal(unitConversionFactor('km**3/s**2', 'km**3/s**2', 1, 'GM'), 1);
  assert.throws(() => unitConversionFactor('s', 'm**2', 20, 'SOLAR_RAD_AREA'), { message: 'line 20: SOLAR_RAD_AREA units must be compatible with [m**2], got [s]' });
  for (const x of [0.1, 1 / 3, -1e-300, 123456789.123456789, 5e-324, 1e21]) assert.equal(Number(formatNumberLossless(x)), x);
});

test('definitions: epochs, frames, time systems', () => {
  assert.deepEqual(parseEpochFields('1996-353T12:00:00.331', 1, 'E'), { year: 1996, month: 12, day: 18, hour: 12, minute: 0, second: 0.331 });
  assert.deepEqual(parseEpochFields('2016-12-31T23:59:60.5Z', 1, 'E'), { year: 2016, month: 12, day: 31, hour: 23, minute: 59, second: 60.5 });
  for (const bad of ['2021-02-29T00:00:00', '2021-13-01T00:00:00', '2021-01-01T24:00:00', '2021-01-01T12:00:60', '2021-01-01', 'yesterday', '2021-366T00:00:00']) {
    assert.throws(() => parseEpochFields(bad, 4, 'EPOCH'), (e: unknown) => e instanceof CcsdsParseError && e.line === 4, bad);
  }
  assert.equal(parseFrame('ITRF-97', 1, 'REF_FRAME'), 'ITRF-97');
  assert.equal(parseFrame('TNW_INERTIAL', 1, 'MAN_REF_FRAME'), 'TNW_INERTIAL');
  assert.throws(() => parseFrame('ZZRF', 9, 'REF_FRAME'), { message: 'line 9: REF_FRAME: unknown reference frame "ZZRF"' });
  assert.equal(parseTimeSystem('utc', 1), 'UTC');
  assert.throws(() => parseTimeSystem('WRONG-TIME-SYSTEM', 7), /line 7: TIME_SYSTEM "WRONG-TIME-SYSTEM" is not a CCSDS time system/);
});

test('XML reader: elements, attributes, CDATA, entities, lines', () => {
  const root = parseXmlDocument('<?xml version="1.0"?>\n<!-- c -->\n<a x="1" y=\'&lt;2&gt;\'>\n  <b>t&amp;u &#65;&#x42;</b>\n  <c><![CDATA[<raw>&amp;]]></c><d/>\n</a>\n');
  assert.equal(root.name, 'a');
  assert.deepEqual(root.attributes, { x: '1', y: '<2>' });
  assert.equal(root.children[0]!.text, 't&u AB');
  assert.equal(root.children[0]!.line, 4);
  assert.equal(root.children[1]!.text, '<raw>&amp;');
  assert.equal(root.children[2]!.name, 'd');
});

test('XML reader: incremental chunks give the same events as one piece', () => {
  const text = fixture('oem', 'OEMExample3.xml');
  const whole: XmlEvent[] = [];
  const reader1 = new XmlEventReader((e) => whole.push(e));
  reader1.push(text);
  reader1.end();
  const pieces: XmlEvent[] = [];
  const reader2 = new XmlEventReader((e) => pieces.push(e));
  for (let i = 0; i < text.length; i += 7) reader2.push(text.slice(i, i + 7));
  reader2.end();
  const merge = (events: XmlEvent[]) => {
    const out: XmlEvent[] = [];
    for (const e of events) {
      const last = out[out.length - 1];
      if (e.type === 'text' && last?.type === 'text') out[out.length - 1] = { ...last, text: last.text + e.text };
      else out.push(e);
    }
    return out.map((e) => (e.type === 'text' ? { type: 'text', text: e.text } : e));
  };
  assert.deepEqual(merge(pieces), merge(whole));
});

test('XML reader refuses DOCTYPE, DTDs, custom and external entities (XXE)', () => {
  const xxe = fixture('tdm', 'TDM-external-doctype.xml');
  assert.throws(() => parseXmlDocument(xxe), (e: unknown) => e instanceof CcsdsParseError && e.line === 2 && /DOCTYPE declarations are refused/.test(e.message));
  assert.throws(() => parseXmlDocument('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'), /line 1: XML: DOCTYPE/);
  assert.throws(() => parseXmlDocument('<a>\n&x;</a>'), /line 2: XML: entity "&x;" is not allowed/);
  assert.throws(() => parseXmlDocument('<a>&#0;</a>'), /invalid character reference/);
});

test('XML reader: malformed documents fail with a line', () => {
  const cases: [string, RegExp][] = [
    ['<a>\n<b></a>', /line 2: XML: closing tag <\/a> does not match <b>/],
    ['<a>\n<b>', /XML: document ends before <\/b>/],
    ['<a></a><b></b>', /second root element/],
    ['text<a/>', /text outside the root element/],
    ['<a x="1" x="2"/>', /duplicate attribute/],
    ['<a><b x=1/></a>', /malformed attributes/],
    ['<a', /document ends inside a tag/],
  ];
  for (const [text, pattern] of cases) {
    assert.throws(() => parseXmlDocument(text), (e: unknown) => e instanceof CcsdsParseError && pattern.test(e.message), text);
  }
});
