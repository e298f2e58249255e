/**
 * domain/contentHash.ts `sha256Hex` against the SHA-256 examples of FIPS 180-2 (Appendix B: "abc", and the 448-bit
 * message), as bytes and as text (a text is hashed as its UTF-8), and a text beyond ASCII against its bytes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sha256Hex } from '../../domain/contentHash.ts';

test('SHA-256 of FIPS 180-2 examples, as text and as bytes; a text is its UTF-8', () => {
  const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
  const long = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';
  const longHash = '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1';
  assert.equal(sha256Hex('abc'), abc);
  assert.equal(sha256Hex(new TextEncoder().encode('abc')), abc);
  assert.equal(sha256Hex(long), longHash);
  // a view into a larger buffer hashes only its own bytes
  const padded = new TextEncoder().encode(`xx${long}yy`);
  assert.equal(sha256Hex(padded.subarray(2, 2 + long.length)), longHash);
  const text = 'ALFANO – 2005 é 😀';
  assert.equal(sha256Hex(text), sha256Hex(new TextEncoder().encode(text)));
});
