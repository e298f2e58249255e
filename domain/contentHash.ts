/**
 * SHA-256, lower-case hex, of bytes or of a text's UTF-8: the content hash of an uploaded file (import previews return
 * it and callers send it back as `X-Content-Hash`: maneuver OCM import, tracking upload), of a packed product, of an
 * API key's secret (storage/apiKeys.ts). Here (not in api/) so that a pool task reading a large file hashes it on its
 * own thread (workers/catalogTasks.ts). (earthData/files.ts has its own: that layer may not import domain/.)
 */
import { createHash } from 'node:crypto';

export function sha256Hex(data: Uint8Array | string): string {
  return typeof data === 'string' ? createHash('sha256').update(data, 'utf8').digest('hex') : createHash('sha256').update(data).digest('hex');
}
