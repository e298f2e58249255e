/**
 * SHA-256, lower-case hex, of bytes or of a text's UTF-8: the content hash of an uploaded file (import previews return
 * it and callers send it back as `X-Content-Hash`: maneuver OCM import, tracking upload), of a packed product, of an
 * API key's secret (storage/apiKeys.ts). Here (not in api/) so that a pool task reading a large file hashes it on its
 * own thread (workers/catalogTasks.ts), and of every Earth-data file (earthData/files.ts: the one domain module that
 * layer imports).
 *
 * One-shot `crypto.hash` (Node ≥ 20.12, Deno 2), not `createHash`: each Hash object is a native object that the
 * garbage collector must finalize, and a CDM upload made one per message and a GET one per entity tag. Freeing their
 * native state inside a scavenge waited on the allocator's lock, which the pool threads hold as often as the event loop
 * (a scheduler trace of bench:cdm-ingest: ~40 such waits in one upload's GC pauses).
 */
import { hash } from 'node:crypto';

/** A text is hashed as its UTF-8 bytes. */
export function sha256Hex(data: Uint8Array | string): string {
  return hash('sha256', data, 'hex');
}
