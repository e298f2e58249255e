/**
 * The CDMs of one file. CCSDS 508.0-B-1 defines one message per KVN document, and bulk deliveries of CDMs put several
 * messages one after another; XML carries one `<cdm>` per document (an `<ndm>` wrapper of CCSDS 505.0-B-2 around
 * one message is read, several are refused by the reader). So a KVN file is cut before every line whose keyword is
 * `CCSDS_CDM_VERS` (the standard's first keyword of every CDM, §3.2), an XML file is one message.
 *
 * The cut works on the bytes (0x0A, 0x0D and the ASCII keyword are single bytes in UTF-8, so line numbers counted on
 * the bytes are the reader's): a caller splits a file of tens of megabytes without decoding it, window by window
 * ({@link CdmKvnSplitter.scan}), and hands each message's own bytes to the reader. Line terminators are those of the
 * KVN lexer (common/kvnLexer.ts): LF, CR LF or a lone CR.
 */

/** One message of a file: its bytes [start, end) and the line number (1-based) of its first line in the file. */
export interface CdmMessageRange {
  start: number;
  end: number;
  firstLine: number;
}

const KEYWORD = 'CCSDS_CDM_VERS';
const KEYWORD_BYTES = Array.from(KEYWORD, (c) => c.charCodeAt(0));
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const EQUALS = 0x3d;

/** True when the bytes start (after a UTF-8 byte-order mark and white space) with `<`: an XML document. */
export function isXmlDocument(bytes: Uint8Array): boolean {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === SPACE || bytes[i] === TAB || bytes[i] === LF || bytes[i] === CR)) i++;
  return i < bytes.length && bytes[i] === 0x3c;
}

/** Whether the line starting at `at` is `[blanks]CCSDS_CDM_VERS[blanks]=` (the keyword, not a longer word). */
function startsMessage(bytes: Uint8Array, at: number): boolean {
  let i = at;
  if (i === 0 && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && (bytes[i] === SPACE || bytes[i] === TAB)) i++;
  for (const code of KEYWORD_BYTES) if (bytes[i++] !== code) return false;
  while (i < bytes.length && (bytes[i] === SPACE || bytes[i] === TAB)) i++;
  return bytes[i] === EQUALS;
}

/**
 * Finds the message starts of a KVN CDM file incrementally: `scan(maxBytes)` reads at most about that many bytes
 * further (whole lines), so a caller can yield between windows; `ranges()` gives the messages once `done`. Text
 * before the first `CCSDS_CDM_VERS` line stays with the first message (the reader then names it).
 */
export class CdmKvnSplitter {
  private position = 0;
  private line = 1;
  /** Offsets of the next LF and CR at or after the position (-1: none left; -2: not searched yet). */
  private nextLf = -2;
  private nextCr = -2;
  private readonly starts: Array<{ start: number; line: number }> = [];

  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.position >= this.bytes.length;
  }

  /** Reads lines from where it stopped until at least `maxBytes` more were read or the end; returns `done`. */
  scan(maxBytes: number): boolean {
    const bytes = this.bytes;
    const until = Math.min(bytes.length, this.position + Math.max(1, maxBytes));
    while (this.position < until) {
      const at = this.position;
      if (startsMessage(bytes, at)) this.starts.push({ start: at, line: this.line });
      // the end of this line: the first CR or LF from here (each searched again only once passed: a file with LF
      // only has no CR, and searching the whole rest for one at every line would be quadratic)
      if (this.nextLf !== -1 && this.nextLf < at) this.nextLf = bytes.indexOf(LF, at);
      if (this.nextCr !== -1 && this.nextCr < at) this.nextCr = bytes.indexOf(CR, at);
      const lf = this.nextLf;
      const cr = this.nextCr;
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (end < 0) {
        this.position = bytes.length;
        break;
      }
      this.position = bytes[end] === CR && bytes[end + 1] === LF ? end + 2 : end + 1;
      this.line++;
    }
    return this.done;
  }

  /** The messages found (the whole file as one when no line starts a message). */
  ranges(): CdmMessageRange[] {
    if (!this.done) throw new Error('CdmKvnSplitter.ranges() before the whole file was scanned');
    const length = this.bytes.length;
    if (this.starts.length === 0) return [{ start: 0, end: length, firstLine: 1 }];
    return this.starts.map((s, k) => ({
      start: k === 0 ? 0 : s.start,
      end: k + 1 < this.starts.length ? this.starts[k + 1]!.start : length,
      firstLine: k === 0 ? 1 : s.line,
    }));
  }
}

/** Every message of a CDM file at once (XML: the whole file). For small files; large ones use CdmKvnSplitter. */
export function cdmMessageRanges(bytes: Uint8Array): CdmMessageRange[] {
  if (isXmlDocument(bytes)) return [{ start: 0, end: bytes.length, firstLine: 1 }];
  const splitter = new CdmKvnSplitter(bytes);
  splitter.scan(bytes.length);
  return splitter.ranges();
}
