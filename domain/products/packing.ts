/**
 * How a product file is packed: hashed (SHA-256) and deflated with fflate, either as storage pieces of
 * PRODUCT_CHUNK_BYTES each deflated on its own (a stored product, read back piece by piece for Range requests) or as
 * one ZIP entry (a batch's archive). Runs on the workers (workers/productTasks.ts) and in the task runner (api/jobs/taskRunner.ts).
 */
import { deflateSync, ZipDeflate } from 'fflate';
import { sha256Hex } from '../contentHash.ts';

/** Uncompressed bytes per stored piece: a Range request inflates at most two pieces more than it returns. */
export const PRODUCT_CHUNK_BYTES = 256 * 1024;
/**
 * fflate level for stored products and batch entries. OEM text deflates to ~30 % at level 6 but level 1 is ~3×
 * faster for ~35 % (bench/batch.ts prints both): a batch spends its worker time on propagation, not on compression.
 */
export const PRODUCT_DEFLATE_LEVEL = 6;
export const BATCH_DEFLATE_LEVEL = 1;

/** A file as stored: pieces of PRODUCT_CHUNK_BYTES (the last shorter), each deflated on its own. */
export interface PackedProduct {
  chunks: Uint8Array[];
  chunkBytes: number;
  sha256: string;
  sizeBytes: number;
  storedBytes: number;
}

/** One ZIP entry's data: raw DEFLATE stream, CRC-32 and uncompressed size (APPNOTE 4.4.7–4.4.9). */
export interface ZipEntryData {
  data: Uint8Array;
  crc: number;
  sizeBytes: number;
}

export function packProduct(bytes: Uint8Array, level = PRODUCT_DEFLATE_LEVEL, chunkBytes = PRODUCT_CHUNK_BYTES): PackedProduct {
  const chunks: Uint8Array[] = [];
  let storedBytes = 0;
  for (let offset = 0; offset < bytes.length || (offset === 0 && chunks.length === 0); offset += chunkBytes) {
    const piece = deflateSync(bytes.subarray(offset, Math.min(bytes.length, offset + chunkBytes)), { level: level as 6 });
    chunks.push(piece);
    storedBytes += piece.length;
    if (bytes.length === 0) break;
  }
  return { chunks, chunkBytes, sha256: sha256Hex(bytes), sizeBytes: bytes.length, storedBytes };
}

/** Deflates `bytes` as a ZIP entry with fflate's own ZIP stream (which also computes the CRC-32). */
export function zipEntry(bytes: Uint8Array, level = BATCH_DEFLATE_LEVEL): ZipEntryData {
  const pieces: Uint8Array[] = [];
  const entry = new ZipDeflate('entry', { level: level as 1 });
  entry.ondata = (error, data) => {
    if (error) throw error;
    pieces.push(data);
  };
  entry.push(bytes, true);
  const total = pieces.reduce((n, p) => n + p.length, 0);
  const data = pieces.length === 1 ? pieces[0]! : new Uint8Array(total);
  if (pieces.length > 1) {
    let at = 0;
    for (const piece of pieces) {
      data.set(piece, at);
      at += piece.length;
    }
  }
  return { data, crc: entry.crc >>> 0, sizeBytes: entry.size };
}
