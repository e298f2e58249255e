/**
 * The content hash of an uploaded file: SHA-256 of its bytes, lower-case hex. Import previews
 * return it and callers send it back as `X-Content-Hash` (maneuver OCM import, tracking upload).
 */
import { createHash } from 'node:crypto';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

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
