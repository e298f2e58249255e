import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CcsdsParseError } from '../../../engine/files/common/errors.ts';
import { TdmReader, parseTdm, type TdmObservation } from '../../../engine/files/tdm/tdmReader.ts';
import { tdmMeasurementType } from '../../../engine/tracking/tdmMeasurements.ts';
import { fixture } from './helpers.ts';

test('TDM example 8 (KVN): two segments, ANGLE_TYPE, range units, participants and path', () => {
  const tdm = parseTdm(fixture('tdm', 'TDMExample8.txt'));
  assert.equal(tdm.header.originator, 'GSOC');
  assert.equal(tdm.segments.length, 2);
  const [s1, s2] = tdm.segments;
  assert.equal(s1!.metadata.angleType, 'XSYE');
  assert.deepEqual(s1!.metadata.participants, ['HBSTK', 'SAT', null, null, null]);
  assert.deepEqual(s1!.metadata.path, [1, 2, 1]);
  assert.equal(s1!.observations.length, 9);
  assert.deepEqual(
    { keyword: s1!.observations[1]!.keyword, epoch: s1!.observations[1]!.epoch, value: s1!.observations[1]!.value, line: s1!.observations[1]!.line },
    { keyword: 'ANGLE_1', epoch: '2007-08-29T07:00:02.000', value: 67.01312389, line: 22 },
  );
  assert.equal(s2!.metadata.angleType, 'AZEL');
  assert.equal(s2!.metadata.rangeUnits, 's');
  assert.equal(s2!.metadata.rangeModulus, 1e7);
  assert.equal(s2!.observations[0]!.keyword, 'RANGE');
  assert.equal(s2!.observations[0]!.value, 4.0016524895367e4);
  assert.equal(s2!.observations[0]!.segment, s2!.metadata);
  assert.equal(tdmMeasurementType('ANGLE_2', s2!.metadata.angleType), 'AZEL');
  assert.equal(tdmMeasurementType('ANGLE_1', 'RADEC'), 'RADEC');
  assert.equal(tdmMeasurementType('RECEIVE_FREQ_3', null), 'DOPPLER');
  assert.equal(tdmMeasurementType('DOPPLER_INTEGRATED', null), 'DOPPLER');
  assert.equal(tdmMeasurementType('RANGE', null), 'RANGE');
  assert.equal(tdmMeasurementType('PR_N0', null), null);
});

test('TDM: KVN and XML versions of the same examples give the same observations', () => {
  const strip = (o: TdmObservation) => [o.keyword, o.value];
  for (const [kvn, xml] of [['TDMExample2.txt', 'TDMExample2.xml'], ['TDMExample8.txt', 'TDMExample8.xml']] as const) {
    const a = parseTdm(fixture('tdm', kvn));
    const b = parseTdm(fixture('tdm', xml));
    assert.equal(b.notation, 'XML');
    assert.deepEqual(b.segments.flatMap((s) => s.observations.map(strip)), a.segments.flatMap((s) => s.observations.map(strip)));
  }
  const xml = parseTdm(fixture('tdm', 'TDMExample2.xml'));
  assert.equal(xml.segments[0]!.observations[0]!.epoch, '2005-06-08T17:41:00.000');
  assert.equal(xml.segments[0]!.observations[0]!.line, 33);
  assert.equal(xml.segments[0]!.metadata.values['FREQ_OFFSET'], 3.20210352e10);
});

test('TDM 2.0: every metadata and data keyword (KVN sequential and XML single-diff)', () => {
  const kvn = parseTdm(fixture('tdm', 'TDMExampleAllKeywordsSequential.txt'));
  assert.equal(kvn.header.version, '2.0');
  assert.equal(kvn.header.messageId, '04655f62-1ba0-4ca6-92e9-eb3411db3d44');
  const meta = kvn.segments[0]!.metadata;
  assert.deepEqual(meta.participants, ['DSS-25', 'yyyy-nnnA', 'P3', 'P4', 'P5']);
  assert.equal(meta.values['TURNAROUND_NUMERATOR'], 240);
  assert.equal(meta.referenceFrame, 'EME2000');
  assert.equal(kvn.segments[0]!.observations.length, 47);
  assert.equal(kvn.segments[0]!.observations.find((o) => o.keyword === 'STEC')!.value, 42.0e-16);
  const xml = parseTdm(fixture('tdm', 'TDMExampleAllKeywordsSingleDiff.xml'));
  assert.equal(xml.segments[0]!.metadata.mode, 'SINGLE_DIFF');
  assert.deepEqual(xml.segments[0]!.metadata.path1, [4, 5]);
  assert.deepEqual(xml.segments[0]!.observations.map((o) => o.keyword), kvn.segments[0]!.observations.map((o) => o.keyword));
  const doy = parseTdm(fixture('tdm', 'TDMExample4.txt'));
  assert.equal(doy.segments[0]!.metadata.rangeUnits, 'RU');
  assert.equal(doy.segments[0]!.observations[2]!.epoch, '2005-191T00:31:51');
  // Orekit accepts different time systems per TDM segment; so do we (each observation carries its segment)
  const mixed = parseTdm(fixture('tdm', 'TDM-inconsistent-time-systems.txt'));
  assert.deepEqual(mixed.segments.map((s) => s.metadata.timeSystem), ['UTC', 'TCG', 'UTC']);
});

test('TDM: every malformed sample fails with its line; the XXE sample is refused', () => {
  const expected: Record<string, RegExp> = {
    'TDM-data-inconsistent-line.txt': /^line 25: RECEIVE_FREQ_1 data line must be "epoch value", got 3 fields/,
    'TDM-data-wrong-keyword.txt': /^line 26: unexpected keyword WRONG_KEYWORD in the data section$/,
    'TDM-metadata-timesystem-not-implemented.txt': /^line 7: TIME_SYSTEM "WRONG-TIME-SYSTEM" is not a CCSDS time system/,
    'TDM-missing-participants.xml': /^line 15: PARTICIPANT_1 is required in the metadata$/,
    'TDM-external-doctype.xml': /^line 2: XML: DOCTYPE declarations are refused/,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    assert.throws(() => parseTdm(fixture('tdm', name)), (e: unknown) => e instanceof CcsdsParseError && pattern.test(e.message), name);
  }
});

test('TDM: targeted errors (bad epoch, bad value, unknown path participant, truncated)', () => {
  const text = fixture('tdm', 'TDMExample2.txt');
  assert.throws(() => parseTdm(text.replace('2005-159T17:41:03 -294.9673', '2005-159T25:41:03 -294.9673')), /line 28: RECEIVE_FREQ_1 epoch: invalid epoch/);
  assert.throws(() => parseTdm(text.replace('-294.9673', 'abc')), /line 28: RECEIVE_FREQ_1 must be a number, got "abc"/);
  assert.throws(() => parseTdm(text.replace('PATH = 2,1', 'PATH = 2,3')), /line 14: PATH refers to PARTICIPANT_3/);
  assert.throws(() => parseTdm(text.replace('ANGLE_TYPE', 'X').replace('MODE = SEQUENTIAL', 'ANGLE_TYPE = NORTH')), /line 13: ANGLE_TYPE must be one of AZEL, RADEC, XEYN, XSYE/);
  assert.throws(() => parseTdm(text.slice(0, text.indexOf('DATA_STOP'))), /DATA_STOP missing/);
  const xml = fixture('tdm', 'TDMExample2.xml');
  assert.throws(() => parseTdm(xml.slice(0, xml.length - 40)), /XML: document ends before/);
});

test('TDM reader streams observations chunk by chunk (KVN and XML)', () => {
  for (const name of ['TDMExample8.txt', 'TDMExample8.xml']) {
    const text = fixture('tdm', name);
    const expected = parseTdm(text).segments.flatMap((s) => s.observations);
    const seen: TdmObservation[] = [];
    const reader = new TdmReader({ onObservation: (o) => seen.push(o) });
    for (let i = 0; i < text.length; i += 5) reader.push(text.slice(i, i + 5));
    const summary = reader.end();
    assert.deepEqual(seen, expected);
    assert.equal(summary.observationCount, 21);
  }
});

test('benchmark generators: KVN and XML TDMs with the requested number of observations', async () => {
  const { tdmKvnChunks, tdmXmlChunks } = await import('../../../bench/parsers.ts');
  for (const chunks of [tdmKvnChunks(1001), tdmXmlChunks(1001)]) {
    let count = 0;
    const reader = new TdmReader({ onObservation: (o) => { count++; assert.equal(o.segment.participants[1], 'SAT-1'); } });
    for (const chunk of chunks) reader.push(chunk);
    assert.equal(reader.end().observationCount, 1001);
    assert.equal(count, 1001);
  }
});
