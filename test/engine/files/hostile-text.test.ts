/**
 * Issue 34 item 4, the readers' side: every text of a CCSDS file (keyword values, units, comments, data lines) passes
 * the text rule of engine/text.ts on the one reading skeleton (common/ndmMessageParser.ts), so a NUL, a U+2028, a bidi
 * control or a zero-width character in OBJECT_NAME, ORIGINATOR, MESSAGE_ID, a designator or a COMMENT is refused with
 * its line and keyword in every message type (CDM, OMM, OPM, OEM, OCM, TDM; KVN and XML) — also at the end of a value,
 * where String.trim used to drop it while the file kept it. Catalog files: a 3LE name line is held to the same rule,
 * and TLE and OMM epochs outside the supported span are refused with their line. The writers, defence in depth: XML
 * output is XML 1.0 Char text, a KVN line or XML element never carries a refused character.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCdm } from '../../../engine/files/cdm/cdmReader.ts';
import { writeCdmKvn, writeCdmXml } from '../../../engine/files/cdm/cdmWriter.ts';
import { CcsdsParseError, CcsdsWriteError } from '../../../engine/files/common/errors.ts';
import { kvnLine } from '../../../engine/files/common/kvnWriter.ts';
import { escapeXmlDisplayText, escapeXmlText, xmlElement } from '../../../engine/files/common/xmlWriter.ts';
import { readOmmCatalog } from '../../../engine/files/omm/ommCatalog.ts';
import { parseOmm } from '../../../engine/files/omm/ommReader.ts';
import { parseOcm } from '../../../engine/files/ocm/ocmReader.ts';
import { parseOem } from '../../../engine/files/oem/oemReader.ts';
import { parseOpm } from '../../../engine/files/opm/opmReader.ts';
import { parseTdm } from '../../../engine/files/tdm/tdmReader.ts';
import { readTleCatalog } from '../../../engine/tle/catalog.ts';
import { formatTleLines } from '../../../engine/tle/format.ts';
import { fixture } from './helpers.ts';
import { readFileSync } from 'node:fs';

const catalogFixture = (name: string) => readFileSync(new URL(`../../fixtures/conjunction/catalog/${name}`, import.meta.url), 'utf8');

/** `parse(text)` fails with a CcsdsParseError at `line` whose message matches `pattern` (and names `keyword` when given). */
function refused(parse: (text: string) => unknown, text: string, line: number, pattern: RegExp, keyword?: string): void {
  assert.throws(() => parse(text), (error: unknown) => {
    assert.ok(error instanceof CcsdsParseError, String(error));
    assert.equal(error.line, line, error.message);
    assert.match(error.message, pattern);
    if (keyword !== undefined) assert.equal(error.keyword, keyword);
    // the message names the character, it never carries it
    assert.doesNotMatch(error.message, /[\u0000\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/);
    return true;
  });
}

/** The file with the value of `keyword` on its first line holding it replaced by `value`; and that line's number. */
function withValue(text: string, keyword: string, value: string): { text: string; line: number } {
  const lines = text.split('\n');
  const index = lines.findIndex((l) => new RegExp(`^\\s*${keyword}\\s*=`).test(l));
  assert.ok(index >= 0, keyword);
  lines[index] = `${keyword} = ${value}`;
  return { text: lines.join('\n'), line: index + 1 };
}

test('CDM KVN: NUL, U+2028, bidi and zero-width characters in OBJECT_NAME, ORIGINATOR, MESSAGE_ID, designators and comments are refused with line and keyword', () => {
  const base = fixture('cdm', 'CDMExample1.txt');
  const cases: Array<[string, string, RegExp]> = [
    ['OBJECT_NAME', 'SATELLITE\u0000A', /OBJECT_NAME must not contain U\+0000 NULL at character 10/],
    ['ORIGINATOR', 'JSPOC\u2028', /ORIGINATOR must not contain U\+2028 LINE SEPARATOR at character 6: a line break/],
    ['MESSAGE_ID', '2011\u202E13719185', /MESSAGE_ID must not contain U\+202E RIGHT-TO-LEFT OVERRIDE/],
    ['OBJECT_DESIGNATOR', '12345\u200B', /OBJECT_DESIGNATOR must not contain U\+200B ZERO WIDTH SPACE/],
    ['INTERNATIONAL_DESIGNATOR', '\uFEFF1997-030E', /INTERNATIONAL_DESIGNATOR must not contain U\+FEFF/],
    ['OBJECT_NAME', 'X\u2028REF_FRAME = ITRF', /U\+2028 LINE SEPARATOR/],
    ['OBJECT_NAME', 'SATELLITE\tA', /U\+0009 CHARACTER TABULATION/],
    ['OPERATOR_ORGANIZATION', 'ACME\u061C', /U\+061C ARABIC LETTER MARK/],
  ];
  for (const [keyword, value, pattern] of cases) {
    if (!new RegExp(`^\\s*${keyword}\\s*=`, 'm').test(base)) continue;
    const { text, line } = withValue(base, keyword, value);
    refused(parseCdm, text, line, pattern, keyword);
  }
  const lines = base.split('\n');
  lines.splice(4, 0, 'COMMENT provider \u2029 note');
  refused(parseCdm, lines.join('\n'), 5, /COMMENT must not contain U\+2029 PARAGRAPH SEPARATOR/, 'COMMENT');
  // a byte-order mark in the middle of a file (two files concatenated) is named, not read as part of a keyword
  refused(parseCdm, base.replace(/^MESSAGE_ID/m, '\uFEFFMESSAGE_ID'), 4, /a keyword must not contain U\+FEFF/);
  // the file's own byte-order mark is its signature, not text
  assert.equal(parseCdm(`\uFEFF${base}`).header.originator, 'JSPOC');
  // a no-break space is a visible space: allowed
  assert.equal(parseCdm(withValue(base, 'OBJECT_NAME', 'SATELLITE\u00A0A').text).objects[0].metadata.objectName, 'SATELLITE\u00A0A');
});

test('CDM XML: a refused character written raw or as a character reference is refused; references outside XML 1.0 Char are XML errors', () => {
  const base = fixture('cdm', 'CDMExample1.xml');
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
  const originatorLine = lineOf(base, '<ORIGINATOR>');
  refused(parseCdm, base.replace(/<ORIGINATOR>([^<]*)</, '<ORIGINATOR>$1&#x202E;<'), originatorLine, /ORIGINATOR must not contain U\+202E/, 'ORIGINATOR');
  refused(parseCdm, base.replace(/<ORIGINATOR>([^<]*)</, '<ORIGINATOR>$1\u2028<'), originatorLine, /ORIGINATOR must not contain U\+2028/, 'ORIGINATOR');
  refused(parseCdm, base.replace(/<ORIGINATOR>([^<]*)</, '<ORIGINATOR>$1\u0000<'), originatorLine, /U\+0000 NULL/, 'ORIGINATOR');
  for (const reference of ['&#0;', '&#1;', '&#x1F;', '&#xFFFE;', '&#xD800;']) {
    refused(parseCdm, base.replace(/<ORIGINATOR>([^<]*)</, `<ORIGINATOR>$1${reference}<`), originatorLine, /XML: invalid character reference/);
  }
  // text between elements that only String.trim would call blank is not dropped (reported where the text starts)
  refused(parseCdm, base.replace('<ORIGINATOR>', '\u2028<ORIGINATOR>'), originatorLine - 1, /XML: unexpected text "\\u2028"/);
});

test('OMM, OPM, OEM, OCM and TDM: the same rule on their text keywords, comments and XML USER_DEFINED parameters', () => {
  const omm = catalogFixture('sample-spacetrack.kvn').split(/(?=CCSDS_OMM_VERS)/)[0]!;
  const ommName = withValue(omm, 'OBJECT_NAME', 'APSIS\u0000TEST');
  refused(parseOmm, ommName.text, ommName.line, /OBJECT_NAME must not contain U\+0000 NULL/, 'OBJECT_NAME');
  const ommUser = withValue(omm, 'USER_DEFINED_OBJECT_TYPE', 'PAY\u200DLOAD');
  refused(parseOmm, ommUser.text, ommUser.line, /USER_DEFINED_OBJECT_TYPE must not contain U\+200D ZERO WIDTH JOINER/);
  const xml = catalogFixture('sample-celestrak.xml');
  const xmlLine = xml.slice(0, xml.indexOf('</tleParameters>')).split('\n').length;
  const xmlResult = readOmmCatalog(xml.replace('</tleParameters>', '</tleParameters><userDefinedParameters><USER_DEFINED parameter="X&#x2066;">1</USER_DEFINED></userDefinedParameters>'));
  assert.equal(xmlResult.errors.length, 1);
  assert.equal(xmlResult.errors[0]!.line, xmlLine);
  assert.match(xmlResult.errors[0]!.message, /the USER_DEFINED parameter must not contain U\+2066 LEFT-TO-RIGHT ISOLATE/);

  const opm = withValue(fixture('opm', 'OPMExample1.txt'), 'OBJECT_NAME', 'GODZILLA\u20285');
  refused(parseOpm, opm.text, opm.line, /OBJECT_NAME must not contain U\+2028/, 'OBJECT_NAME');
  const opmComment = fixture('opm', 'OPMExample1.txt').replace('COMMENT          GEOCENTRIC', 'COMMENT          GEO\u202ECENTRIC');
  refused(parseOpm, opmComment, 5, /COMMENT must not contain U\+202E/, 'COMMENT');
  const oem = withValue(fixture('oem', 'OEMExample1.txt'), 'OBJECT_NAME', 'MARS\u00ADGLOBAL');
  refused(parseOem, oem.text, oem.line, /OBJECT_NAME must not contain U\+00AD SOFT HYPHEN/, 'OBJECT_NAME');
  const ocm = withValue(fixture('ocm', 'OCMExample1.txt'), 'ORIGINATOR', 'JAXA\u{E0041}');
  refused(parseOcm, ocm.text, ocm.line, /ORIGINATOR must not contain U\+E0041 \(tag character\)/, 'ORIGINATOR');
  const tdm = withValue(fixture('tdm', 'TDMExample2.txt'), 'PARTICIPANT_1', 'DSS\u200F-25');
  refused(parseTdm, tdm.text, tdm.line, /PARTICIPANT_1 must not contain U\+200F RIGHT-TO-LEFT MARK/, 'PARTICIPANT_1');
});

test('data lines: TABs separate fields; U+2028, NUL or a no-break space between fields is refused with the line', () => {
  const base = fixture('oem', 'OEMExample1.txt');
  const lines = base.split('\n');
  const at = lines.findIndex((l) => l.startsWith('1996-12-18T12:00:00.331'));
  const withLine = (line: string) => lines.map((l, i) => (i === at ? line : l)).join('\n');
  const fields = lines[at]!.split(/ +/);
  assert.equal(parseOem(withLine(fields.join('\t'))).segments[0]!.states[0]!.positionKm[0], Number(fields[1]));
  refused(parseOem, withLine(fields.join(' ') + '\u2028'), at + 1, /a data line must not contain U\+2028 LINE SEPARATOR/);
  refused(parseOem, withLine(fields.join(' ').replace(' ', ' \u0000')), at + 1, /a data line must not contain U\+0000 NULL/);
  assert.throws(() => parseOem(withLine(fields.join('\u00A0'))), (error: unknown) => error instanceof CcsdsParseError && error.line === at + 1);
});

test('3LE catalog: a name line with a refused character is the bad line; an epoch before Sputnik 1 is refused on line 1', () => {
  const text = catalogFixture('sample.3le');
  const lines = text.split('\n');
  lines[0] = '0 APSIS\u0000TEST LEO53 A';
  lines[3] = 'APSIS-TEST \u202EISS-LIKE';
  const bad = readTleCatalog(lines.join('\n'));
  assert.deepEqual(bad.errors.map((e) => e.line), [1, 4]);
  assert.match(bad.errors[0]!.message, /^the name must not contain U\+0000 NULL at character 6/);
  assert.equal(bad.errors[0]!.noradId, 99001);
  assert.match(bad.errors[1]!.message, /U\+202E RIGHT-TO-LEFT OVERRIDE/);
  assert.ok(!bad.entries.some((e) => e.noradId === 99001 || e.noradId === 99002), 'no set of a bad record is taken');
  // a line of nothing but U+2028 is not a blank line
  const separator = readTleCatalog(`\u2028\n${text}`);
  assert.equal(separator.errors[0]!.line, 1);
  assert.match(separator.errors[0]!.message, /U\+2028/);
  // valid names beyond ASCII are kept
  const named = readTleCatalog(text.replace('0 APSIS-TEST LEO53 A', '0 天宫 Ñandú'));
  assert.deepEqual(named.errors, []);
  assert.equal(named.entries[0]!.name, '天宫 Ñandú');

  const set = bad.entries[0]!;
  const tle = (year: number, dayOfYear: number) => formatTleLines({
    catalogNumber: 99100, cosparId: null, epoch: { year, dayOfYear }, ndotOver2RevPerDay2: 0, nddotOver6RevPerDay3: 0,
    bstarPerEarthRadius: set.bstarPerEarthRadius, ephemerisType: 0, elementSetNumber: 1, inclinationDeg: set.inclinationDeg,
    raanDeg: set.raanDeg, eccentricity: set.eccentricity, argPerigeeDeg: set.argPerigeeDeg, meanAnomalyDeg: set.meanAnomalyDeg,
    meanMotionRevPerDay: set.meanMotionRevPerDay, revolutionNumberAtEpoch: 1,
  });
  const early = readTleCatalog(`EARLY\n${tle(1957, 100.5).join('\n')}\n`);
  assert.deepEqual(early.errors.map((e) => e.line), [2]);
  assert.match(early.errors[0]!.message, /^epoch 1957-04-10T12:00:00\.000000Z is outside the supported range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59\.999Z/);
  assert.deepEqual(early.entries, []);
  assert.equal(readTleCatalog(`SPUTNIK\n${tle(1957, 277).join('\n')}\n`).errors.length, 0, '1957-10-04 00:00 is the first supported instant');
});

test('OMM catalog: an EPOCH after 2100 or before 1957-10-04 is refused on its line; the bounds themselves are taken', () => {
  const kvn = catalogFixture('sample-spacetrack.kvn');
  const messages = kvn.split(/(?=CCSDS_OMM_VERS)/);
  const epochLine = (k: number) => messages.slice(0, k).join('').split('\n').length - 1 + messages[k]!.split('\n').findIndex((l) => l.startsWith('EPOCH')) + 1;
  messages[0] = messages[0]!.replace(/^EPOCH = .*$/m, 'EPOCH = 2200-01-01T00:00:00');
  messages[1] = messages[1]!.replace(/^EPOCH = .*$/m, 'EPOCH = 1950-06-01T00:00:00');
  messages[2] = messages[2]!.replace(/^EPOCH = .*$/m, 'EPOCH = 2100-12-31T23:59:59.999');
  messages[3] = messages[3]!.replace(/^EPOCH = .*$/m, 'EPOCH = 1957-10-04T00:00:00');
  const { entries, errors } = readOmmCatalog(messages.join(''));
  assert.equal(errors.length, 2);
  assert.equal(errors[0]!.line, epochLine(0));
  assert.match(errors[0]!.message, /EPOCH 2200-01-01T00:00:00\.000000Z is outside the supported range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59\.999Z/);
  assert.equal(errors[1]!.line, epochLine(1));
  assert.match(errors[1]!.message, /EPOCH 1950-06-01/);
  assert.deepEqual(entries.slice(0, 2).map((e) => e.epochUtc), ['2100-12-31T23:59:59.999000', '1957-10-04T00:00:00.000000']);
});

test('writers: escapeXmlText emits XML 1.0 Chars only; a KVN line or XML element never carries a refused character, whoever wrote its value', () => {
  assert.equal(escapeXmlText('a\u0000b\uFFFEc\ud800d<&>'), 'a\uFFFDb\uFFFDc\uFFFDd&lt;&amp;&gt;');
  assert.equal(escapeXmlText('天宫 🛰 Ñandú\t'), '天宫 🛰 Ñandú\t');
  assert.equal(escapeXmlDisplayText('SAT\u0000A\u202E'), 'SAT A');
  for (const value of ['X\u2028REF_FRAME = ITRF', 'A\u0000', 'B\u202E', 'C\u200B']) {
    assert.throws(() => kvnLine('OBJECT_NAME', value), (error: unknown) => error instanceof CcsdsWriteError && error.keyword === 'OBJECT_NAME');
    assert.throws(() => xmlElement('OBJECT_NAME', value), CcsdsWriteError);
  }
  assert.throws(() => kvnLine('X', '1.0', 'k\u2028m'), CcsdsWriteError);
  const cdm = parseCdm(fixture('cdm', 'CDMExample1.txt'));
  cdm.objects[0].metadata.objectName = 'SATELLITE\u2029A';
  for (const write of [writeCdmKvn, writeCdmXml]) {
    assert.throws(() => write(cdm), (error: unknown) => error instanceof CcsdsWriteError && error.keyword === 'OBJECT_NAME' && /U\+2029 PARAGRAPH SEPARATOR/.test(error.message));
  }
  cdm.objects[0].metadata.objectName = '天宫 Ñandú';
  assert.equal(parseCdm(writeCdmKvn(cdm)).objects[0].metadata.objectName, '天宫 Ñandú');
  assert.equal(parseCdm(writeCdmXml(cdm)).objects[0].metadata.objectName, '天宫 Ñandú');
});
