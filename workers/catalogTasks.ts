/**
 * Catalog task of the compute pool (registered in tasks.ts): reading an uploaded TLE/3LE or OMM (KVN, XML) file into
 * its element sets, off the event loop. The format is detected from the content (engine/files/common/detectFormat).
 *
 * The answer is built for a cheap hand-over to the event loop: the sets come as the rows the catalog stores
 * (domain/catalog/catalogRow.ts: identity key, filter columns, the set's exact JSON — everything computed here),
 * sorted by NORAD id and cut into chunks of about `chunkSets` (all the sets of one NORAD id in one chunk), each
 * chunk one JSON text encoded as UTF-8 bytes. Bytes cross the thread boundary as one copy of a buffer each; 120
 * chunks as strings (26 MB of text for 30,000 sets) cost the event loop ~15 ms to deserialize in the single callback
 * that receives the answer (bench:catalog-ingest), as bytes a fraction of a millisecond. Each chunk is decoded and
 * parsed (TextDecoder, JSON.parse: ~0.5 ms) only when it is written.
 */
import { detectFormat } from '../engine/files/common/detectFormat.ts';
import { readOmmCatalog } from '../engine/files/omm/ommCatalog.ts';
import { readTleCatalog, type CatalogLineError, type CatalogReadResult } from '../engine/tle/catalog.ts';
import { gpElementProblem, type GpElementSet } from '../engine/tle/gpElements.ts';
import { catalogChunks } from '../domain/catalog/catalogRow.ts';
import { sha256Hex } from '../domain/contentHash.ts';
import { buffersHandedOver, handOver, ownedBytes } from './handOver.ts';
import type { CatalogFileFormat } from '../domain/catalog/model.ts';

/** Bytes of the file's start that decide its format. */
const DETECTION_BYTES = 4096;

/** What reading a file gives: its content hash (SHA-256 hex, hashed here: on the event loop, WebCrypto's copy of a 4 MB file's bytes alone took 3–6 ms), and its sets or its errors. */
export type CatalogReadOutcome = { contentHash: string } & CatalogReadResultOf;

type CatalogReadResultOf =
  | {
      ok: true;
      format: CatalogFileFormat;
      setCount: number;
      objectCount: number;
      /** JSON of CatalogSetRow[] each as UTF-8 bytes, ascending NORAD ids, with the NORAD id range of each chunk. */
      chunks: Array<{ rows: Uint8Array; fromNoradId: number; toNoradId: number }>;
    }
  | {
      ok: false;
      format: CatalogFileFormat | null;
      /** UNSUPPORTED_FORMAT, ENCODING, NO_ELEMENT_SETS or PARSE_ERROR. */
      code: string;
      message: string;
      /** Every bad line (at most `maxErrors`, ascending by line); errorCount counts them all. */
      errors: CatalogLineError[];
      errorCount: number;
    };

/**
 * Reads a catalog file. `bytes` may be handed over (transferred) by the caller: the event loop then neither copies
 * nor hashes the file.
 */
export function readCatalogFileTask(input: { bytes: Uint8Array; chunkSets: number; maxErrors: number }): CatalogReadOutcome {
  const contentHash = sha256Hex(input.bytes);
  const outcome = readCatalogFile(input);
  return handOver({ contentHash, ...outcome }, buffersHandedOver(outcome) ?? []);
}

function readCatalogFile(input: { bytes: Uint8Array; chunkSets: number; maxErrors: number }): CatalogReadResultOf {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input.bytes);
  } catch {
    return { ok: false, format: null, code: 'ENCODING', message: 'the file is not UTF-8 text', errors: [], errorCount: 0 };
  }
  const detected = detectFormat(text.slice(0, DETECTION_BYTES));
  if (detected !== 'TLE' && detected !== 'OMM') {
    return {
      ok: false, format: null, code: 'UNSUPPORTED_FORMAT', errors: [], errorCount: 0,
      message: `not a TLE/3LE or OMM (KVN or XML) file${detected === 'unknown' ? '' : ` (this is ${detected === 'OEM' || detected === 'OPM' || detected === 'OCM' || detected === 'CDM' || detected === 'TDM' ? `a CCSDS ${detected}` : detected})`}`,
    };
  }
  const read: CatalogReadResult = detected === 'TLE' ? readTleCatalog(text) : readOmmCatalog(text);
  const errors = [...read.errors];
  // sets the reader took but SGP4 cannot run (e.g. e ≥ 1) are bad lines too: a file is taken whole or not at all
  for (const set of read.entries) {
    const problem = gpElementProblem(set);
    if (problem !== null) errors.push({ line: set.source?.line ?? 0, message: problem, noradId: set.noradId });
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.line - b.line);
    return {
      ok: false, format: detected, code: 'PARSE_ERROR', errorCount: errors.length, errors: errors.slice(0, input.maxErrors),
      message: `${errors.length} bad line${errors.length === 1 ? '' : 's'} (first at line ${errors[0]!.line}: ${errors[0]!.message}); nothing of the file is stored`,
    };
  }
  if (read.entries.length === 0) {
    return { ok: false, format: detected, code: 'NO_ELEMENT_SETS', message: 'the file holds no element set', errors: [], errorCount: 0 };
  }
  const { chunks: rowChunks, setCount, objectCount } = catalogChunks(read.entries, input.chunkSets, detected);
  const utf8 = new TextEncoder();
  const chunks = rowChunks.map((rows) => ({ rows: ownedBytes(utf8.encode(JSON.stringify(rows))), fromNoradId: rows[0]!.noradId, toNoradId: rows.at(-1)!.noradId }));
  // moved to the event loop's thread, not copied (handOver.ts: 26 MB copied held it ~18 ms)
  return handOver({ ok: true as const, format: detected, setCount, objectCount, chunks }, chunks.map((c) => c.rows.buffer as ArrayBuffer));
}
