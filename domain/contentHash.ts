/**
 * The content hash of an uploaded file: SHA-256 of its bytes, lower-case hex. Import previews return it and callers
 * send it back as `X-Content-Hash` (maneuver OCM import, tracking upload). Here (not in api/) so that a pool task
 * reading a large file hashes it on its own thread (workers/catalogTasks.ts).
 */
import { createHash } from 'node:crypto';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
