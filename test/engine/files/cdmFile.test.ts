/**
 * Cutting a CDM file into its messages (engine/files/cdm/cdmFile.ts): every KVN message starts at a line whose keyword
 * is CCSDS_CDM_VERS (CCSDS 508.0-B-1 §3.2); an XML document is one message. Checked on Orekit's samples
 * concatenated with each line terminator the KVN lexer accepts, window by window as large files are scanned, and by
 * reading each piece back with the reader (line numbers counted in the file).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CdmKvnSplitter, cdmMessageRanges, isXmlDocument } from '../../../engine/files/cdm/cdmFile.ts';
import { parseCdm } from '../../../engine/files/cdm/cdmReader.ts';
import { fixture } from './helpers.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const samples = ['CDMExample1.txt', 'CDMExample2.txt', 'AlfanoTestCase01.cdm', 'ION_SCV8_vs_STARLINK_1233.txt'].map((name) => fixture('cdm', name));

test('messages one after another are cut at each CCSDS_CDM_VERS line, with LF, CR LF or CR, and read back as they were', () => {
  for (const eol of ['\n', '\r\n', '\r']) {
    const texts = samples.map((s) => s.split(/\r\n|\r|\n/).join(eol));
    const file = encoder.encode(texts.join(eol));
    const ranges = cdmMessageRanges(file);
    assert.equal(ranges.length, samples.length, JSON.stringify(eol));
    let line = 1;
    ranges.forEach((r, k) => {
      assert.equal(r.firstLine, line, `message ${k} starts at line ${line}`);
      const piece = decoder.decode(file.subarray(r.start, r.end));
      assert.deepEqual(parseCdm(piece).header, parseCdm(samples[k]!).header);
      line += texts[k]!.split(eol).length;
    });
    assert.equal(ranges[ranges.length - 1]!.end, file.length);
  }
});

test('scanned window by window (even one byte at a time) the cut is the same; the keyword inside a comment or a longer word does not cut', () => {
  const text = `\uFEFF${samples[0]}\nCOMMENT the next CCSDS_CDM_VERS = 1.0 is not a message\n  CCSDS_CDM_VERSION = 2\n${samples[1]}`;
  const file = encoder.encode(text);
  const whole = cdmMessageRanges(file);
  assert.equal(whole.length, 2);
  for (const window of [1, 7, 64, 4096]) {
    const splitter = new CdmKvnSplitter(file);
    let steps = 0;
    while (!splitter.scan(window)) steps++;
    assert.deepEqual(splitter.ranges(), whole, `window ${window}`);
    assert.ok(steps > 0 || window >= file.length);
  }
  // text before the first message stays with it (the reader then names it)
  const junk = encoder.encode(`hello\n${samples[0]}`);
  const [first] = cdmMessageRanges(junk);
  assert.deepEqual(first, { start: 0, end: junk.length, firstLine: 1 });
  assert.throws(() => parseCdm(decoder.decode(junk)), /line 1/);
});

test('an XML document is one message, whatever it contains; a file without the keyword is one message', () => {
  const xml = encoder.encode(`  \n${fixture('cdm', 'CDMExample1.xml')}`);
  assert.ok(isXmlDocument(xml));
  assert.deepEqual(cdmMessageRanges(xml), [{ start: 0, end: xml.length, firstLine: 1 }]);
  assert.ok(!isXmlDocument(encoder.encode(samples[0]!)));
  const none = encoder.encode('no message here\n');
  assert.deepEqual(cdmMessageRanges(none), [{ start: 0, end: none.length, firstLine: 1 }]);
  assert.deepEqual(cdmMessageRanges(new Uint8Array(0)), [{ start: 0, end: 0, firstLine: 1 }]);
});
