/**
 * The content hash of an uploaded file (domain/contentHash.ts: SHA-256 of its bytes, lower-case hex).
 */
export { sha256Hex } from '../domain/contentHash.ts';

/**
 * The content hash of a file, computed off the event loop (WebCrypto digests run on the runtime's thread pool):
 * hashing 33 MB synchronously held the loop ~70 ms.
 */
export async function contentHashOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
