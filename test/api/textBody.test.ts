/**
 * api/http/textBody.ts: a large text answer streamed as UTF-8 slices is byte for byte the UTF-8 of the text (node:buffer's
 * encoder is the reference), with its declared byte length, and a surrogate pair across a slice boundary is kept whole.
 * Over the socket (a 12 h OEM in several slices, identity and coded): test/api/representation.test.ts.
 */
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { test } from 'node:test';
import { jsonTextInPieces, textBody } from '../../api/http/textBody.ts';

async function collect(body: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const part of body as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

test('a text of several slices with multi-byte characters and a surrogate pair on each slice boundary is sent whole', async () => {
  const slice = 64 * 1024;
  // '🛰' (U+1F6F0) is a surrogate pair; placed so that its high half is the last character of the first slices.
  let text = 'a'.repeat(slice - 1) + '🛰' + 'é'.repeat(slice - 2) + '🛰' + 'ü₂'.repeat(1000) + '\n';
  text += text;
  const { body, byteLength } = textBody(text);
  const expected = Buffer.from(text, 'utf8');
  const { bytes, chunks } = await collect(body);
  assert.equal(byteLength, expected.byteLength);
  assert.ok(bytes.equals(expected), 'the streamed bytes are the UTF-8 of the text');
  assert.ok(!bytes.toString('utf8').includes('\uFFFD'), 'no replacement character');
  assert.ok(chunks >= 4, `${chunks} slices`);
});

test('an empty text is an empty body of length 0', async () => {
  const { body, byteLength } = textBody('');
  assert.equal(byteLength, 0);
  assert.equal((await collect(body)).bytes.byteLength, 0);
});

test('jsonTextInPieces is JSON.stringify of the value, the array member written last', async () => {
  const results = Array.from({ length: 5 }, (_, k) => ({ file: `f${k}.txt`, cdms: [{ id: k, note: 'é"\\\n' }], missing: undefined, status: k % 2 ? 'failed' : 'success' }));
  const value = { uploadId: 'u-1', successCount: 3, failureCount: 2, results, totalCount: 5 };
  const text = await jsonTextInPieces(value, 'results');
  assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(value)));
  assert.equal(text, JSON.stringify({ uploadId: 'u-1', successCount: 3, failureCount: 2, totalCount: 5, results }));
  assert.equal(await jsonTextInPieces({ results: [] as unknown[] }, 'results'), '{"results":[]}');
  assert.equal(await jsonTextInPieces({ results: [1, null, 'x', undefined] }, 'results'), JSON.stringify({ results: [1, null, 'x', undefined] }));
});
