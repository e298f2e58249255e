/**
 * The batch a CDM reader thread hands the ingest (domain/conjunctions/cdmDigest.ts `receiveCdms`): each message's
 * JSON at byte offsets into one UTF-8 buffer. Offsets in bytes, not UTF-16 units: a text with characters beyond ASCII
 * (a provider's method name, "1997−030E" with U+2212) shifts every later message's pieces.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { encounterStatesJsonOf, readCdmMessage, receiveCdms, statedJsonOf, type CdmReadOutcome } from '../../../domain/conjunctions/cdmDigest.ts';
import { bundledEopTable } from '../../../earthData/files.ts';

const example = readFileSync(new URL('../../fixtures/ccsds/cdm/CDMExample1.txt', import.meta.url));

test('each message of a batch decodes to its own JSON, whatever characters the messages before it hold', () => {
  const read = readCdmMessage(example, 1, bundledEopTable());
  assert.ok(read.ok, 'the example is read');
  const methods = ['FOSTER-1992', 'ALFANO – 2005 é', '𝜋 ≈ 3.14159 😀', 'PLAIN'];
  const reads: CdmReadOutcome[] = [];
  for (const [k, method] of methods.entries()) {
    const digest = structuredClone(read.digest);
    digest.stated.collisionProbabilityMethod = method;
    digest.stated.missDistanceM = 100 + k;
    // the third without states at TCA (an XYZ covariance), so its pieces are one, not two
    if (k === 2) digest.encounterStates = null;
    reads.push({ ok: true, digest });
    if (k === 1) reads.push({ ok: false, line: 7, keyword: 'TCA', message: 'refused' });
  }
  const { outcomes, json } = receiveCdms(reads);
  const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));
  assert.equal(outcomes.length, reads.length);
  assert.ok(json.buffer.byteLength === json.byteLength, 'the buffer is the JSON alone (it is handed over whole)');
  for (const [k, outcome] of outcomes.entries()) {
    const source = reads[k]!;
    if (!source.ok) {
      assert.deepEqual(outcome, source, 'a refused message passes as it is');
      continue;
    }
    assert.ok(outcome.ok);
    assert.equal(text(statedJsonOf(outcome.cdm, json)), JSON.stringify(source.digest.stated));
    const states = text(encounterStatesJsonOf(outcome.cdm, json));
    assert.equal(states, source.digest.encounterStates === null ? null : JSON.stringify(source.digest.encounterStates));
    assert.equal(outcome.cdm.missDistanceM, source.digest.stated.missDistanceM);
  }
  assert.notEqual(Buffer.byteLength(methods.join('')), methods.join('').length, 'the texts have characters beyond ASCII');
});
