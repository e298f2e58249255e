/**
 * multipart/form-data bodies (RFC 7578, framing of RFC 2046 §5.1.1), read as the request streams in.
 *
 * The platform parser (undici's `Response.formData()`, which Hono's form validator uses) first concatenates the whole
 * body and then parses it in one go: a 20 MB tracking upload held the event loop ~200 ms on our 2-core machine, plus
 * the copy when a File is read back. Here each network chunk is scanned for the delimiter as it arrives (native
 * `indexOf`), so the loop is held for one chunk at a time; a part's bytes are joined once, when it ends. The parts
 * are handed to Hono as a ready FormData (its body cache), so the validators and `parseBody` use them as they are,
 * and `fileBytes` gives a part's bytes without reading the File back.
 */
import type { Context } from 'hono';
import { Buffer } from 'node:buffer';
import { HTTPException } from 'hono/http-exception';
import { yieldIfDue } from '../../storage/sql/db.ts';

/** Header block of one part, at most (names and file names are short). */
const MAX_PART_HEADER_BYTES = 16 * 1024;
/** Parts of one body, at most. */
const MAX_PARTS = 1000;

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

type ParseState = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';

/** One part: its field name, file name (null for a text field), media type and bytes. */
export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  bytes: Uint8Array;
}

function malformed(reason: string): HTTPException {
  return new HTTPException(400, { message: `Malformed multipart body: ${reason}` });
}

/** The `boundary` parameter of a multipart Content-Type (quoted or not), or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2])! : null;
}

/** A parameter of a Content-Disposition value (`name="x"`, `filename*=UTF-8''a%20b`), or null. */
function dispositionParameter(value: string, parameter: string): string | null {
  const extended = new RegExp(`;\\s*${parameter}\\*\\s*=\\s*([^;]*)`, 'i').exec(value);
  if (extended) {
    // RFC 8187: charset'language'percent-encoded
    const encoded = /^[^']*'[^']*'(.*)$/.exec(extended[1]!.trim());
    if (encoded) {
      try {
        return decodeURIComponent(encoded[1]!);
      } catch {
        throw malformed(`the ${parameter}* parameter is not valid percent-encoding`);
      }
    }
  }
  const quoted = new RegExp(`;\\s*${parameter}\\s*=\\s*"((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(value);
  // Browsers write `"`, CR and LF of a name as %22, %0D, %0A (HTML's multipart/form-data encoding); the platform's
  // parser decodes them, and so do we.
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1').replace(/%22|%0D|%0A/gi, (escape) => decodeURIComponent(escape));
  const token = new RegExp(`;\\s*${parameter}\\s*=\\s*([^;\\s]+)`, 'i').exec(value);
  return token ? token[1]! : null;
}

function partHeaders(block: Buffer): { name: string; filename: string | null; contentType: string | null } {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed(`a part header line is not "Name: value" (${JSON.stringify(line.slice(0, 60))})`);
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-disposition') disposition = value;
    else if (header === 'content-type') contentType = value;
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw malformed('a part has no Content-Disposition: form-data header');
  const name = dispositionParameter(`;${disposition.slice(disposition.indexOf(';') + 1)}`, 'name');
  if (name === null) throw malformed('a part has no name');
  return { name, filename: dispositionParameter(`;${disposition.slice(disposition.indexOf(';') + 1)}`, 'filename'), contentType };
}

/**
 * Body bytes read between two looks at the event-loop slice (storage/sql/db.ts yieldIfDue): chunks already queued are
 * read without a turn of the loop (each read resolves at once), and 4 MB of a fast client's chunks were scanned in
 * one turn (6–19 ms, bench:catalog-ingest); between looks the stream's queue fills and pauses the socket.
 */
const READ_WINDOW_BYTES = 256 * 1024;

/**
 * Reads every part of a multipart body from `stream`, chunk by chunk. Errors of the stream itself (e.g. the body
 * limit) are passed on as they are; a body that does not follow the framing is a 400 (HTTPException).
 */
export async function readMultipart(stream: ReadableStream<Uint8Array>, boundary: string): Promise<MultipartPart[]> {
  // Every delimiter is CRLF "--" boundary; the body is read as if a CRLF preceded it, so the first one is too.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  let pending: Buffer = Buffer.from(CRLF);
  let state = 'preamble' as ParseState;
  let current: { name: string; filename: string | null; contentType: string | null; chunks: Buffer[] } | null = null;
  const reader = stream.getReader();
  let ended = false;
  let sinceLook = 0;
  for (;;) {
    // Parse what `pending` holds as far as it goes.
    let progressed = true;
    while (progressed && (state as ParseState) !== 'done') {
      progressed = false;
      if (state === 'preamble' || state === 'body') {
        const at = pending.indexOf(delimiter);
        if (at >= 0) {
          if (state === 'body') current!.chunks.push(pending.subarray(0, at));
          if (current) {
            parts.push({ name: current.name, filename: current.filename, contentType: current.contentType, bytes: await joinChunks(current.chunks) });
            current = null;
          }
          pending = pending.subarray(at + delimiter.length);
          state = 'afterDelimiter';
          progressed = true;
        } else {
          // Keep what could be the start of a delimiter that the next chunk completes.
          const keep = Math.min(pending.length, delimiter.length - 1);
          if (state === 'body' && pending.length > keep) current!.chunks.push(pending.subarray(0, pending.length - keep));
          pending = pending.subarray(pending.length - keep);
        }
      } else if (state === 'afterDelimiter') {
        if (pending.length < 2) break;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = 'done';
          break;
        }
        // Transport padding (RFC 2046 §5.1.1), then CRLF.
        let i = 0;
        while (i < pending.length && (pending[i] === 0x20 || pending[i] === 0x09)) i++;
        if (pending.length - i < 2) break;
        if (pending[i] !== 0x0d || pending[i + 1] !== 0x0a) throw malformed('the boundary line does not end with CRLF');
        pending = pending.subarray(i + 2);
        state = 'headers';
        progressed = true;
      } else if (state === 'headers') {
        // An empty header block: the part starts with CRLF right away.
        const at = pending.subarray(0, 2).equals(CRLF) ? -2 : pending.indexOf(HEADER_END);
        if (at === -1) {
          if (pending.length > MAX_PART_HEADER_BYTES) throw malformed(`a part's headers exceed ${MAX_PART_HEADER_BYTES} bytes`);
          break;
        }
        if (at === -2) throw malformed('a part has no Content-Disposition: form-data header');
        if (at > MAX_PART_HEADER_BYTES) throw malformed(`a part's headers exceed ${MAX_PART_HEADER_BYTES} bytes`);
        if (parts.length >= MAX_PARTS) throw malformed(`more than ${MAX_PARTS} parts`);
        current = { ...partHeaders(pending.subarray(0, at)), chunks: [] };
        pending = pending.subarray(at + HEADER_END.length);
        state = 'body';
        progressed = true;
      }
    }
    if (state === 'done' || ended) break;
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      continue;
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    if (pending.length === 0) pending = chunk;
    else if ((state === 'body' || state === 'preamble') && pending.length < delimiter.length && chunk.length >= delimiter.length - 1) {
      // The undecided tail of a part (shorter than a delimiter): the chunk is kept as it is, not copied behind it,
      // unless a delimiter straddles the seam (one starting in the tail ends within the chunk's first bytes).
      const seam = Buffer.concat([pending, chunk.subarray(0, delimiter.length - 1)]);
      if (seam.indexOf(delimiter) >= 0) pending = Buffer.concat([pending, chunk]);
      else {
        if (state === 'body') current!.chunks.push(pending);
        pending = chunk;
      }
    } else {
      // Only an undecided tail is copied (an incomplete header block, a boundary line's end).
      pending = Buffer.concat([pending, chunk]);
    }
    sinceLook += value.byteLength;
    if (sinceLook >= READ_WINDOW_BYTES) {
      sinceLook = 0;
      await yieldIfDue();
    }
  }
  if (state !== 'done') {
    await reader.cancel().catch(() => undefined);
    throw malformed(`the body ends before the closing boundary "--${boundary}--"`);
  }
  // The epilogue (after the closing delimiter) is ignored, but read so the connection stays usable.
  while (!(await reader.read()).done) {
    /* drain */
  }
  return parts;
}

/** Bytes copied between two looks at the event-loop slice (a 2.6 MiB part joined at once held the loop ~5 ms). */
const JOIN_WINDOW_BYTES = 256 * 1024;

/** A part's chunks joined into one buffer, a window at a time with the event loop free to turn between windows. */
async function joinChunks(chunks: readonly Buffer[]): Promise<Buffer> {
  const joined = Buffer.allocUnsafeSlow(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  let sinceLook = 0;
  for (const chunk of chunks) {
    if (sinceLook >= JOIN_WINDOW_BYTES) {
      sinceLook = 0;
      await yieldIfDue();
    }
    joined.set(chunk, offset);
    offset += chunk.length;
    sinceLook += chunk.length;
  }
  return joined;
}

/**
 * An uploaded file part as a File that holds the parser's bytes instead of a copy. `new File([bytes])` copies them
 * into the Blob's own store, on the event loop: a request of five 2.6 MiB CDM files held it ~4 ms in one step
 * (bench:cdm-ingest, CPU profile). The File's methods read the held bytes; routes take them with `fileBytes`.
 */
class ReceivedFile extends File {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>, name: string, options: FilePropertyBag) {
    super([], name, options);
    this.#bytes = bytes;
  }

  /** The bytes themselves (not a copy): callers must not change them. */
  get heldBytes(): Uint8Array<ArrayBuffer> {
    return this.#bytes;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#bytes.slice();
  }

  override async text(): Promise<string> {
    return new TextDecoder().decode(this.#bytes);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return new Blob([this.#bytes]).stream();
  }

  override slice(start?: number, end?: number, contentType?: string): Blob {
    return new Blob([this.#bytes]).slice(start, end, contentType);
  }
}

/** The bytes of an uploaded file part. */
export async function fileBytes(file: Blob): Promise<Uint8Array> {
  return file instanceof ReceivedFile ? file.heldBytes : new Uint8Array(await file.arrayBuffer());
}

/**
 * Middleware: a POST/PUT/PATCH with a multipart/form-data body is read here (see the module comment) and handed to
 * Hono's body cache as FormData; other requests pass untouched.
 */
export function readMultipartBodies() {
  return async (c: Context, next: () => Promise<void>) => {
    const method = c.req.method;
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      const contentType = c.req.header('content-type');
      if (contentType && /^multipart\/form-data/i.test(contentType.trim())) {
        const boundary = multipartBoundary(contentType);
        if (!boundary) throw malformed('the Content-Type has no boundary parameter');
        const body = c.req.raw.body;
        if (!body) throw malformed('the body is empty');
        const form = new FormData();
        for (const part of await readMultipart(body, boundary)) {
          if (part.filename === null) {
            form.append(part.name, new TextDecoder().decode(part.bytes));
            continue;
          }
          form.append(part.name, new ReceivedFile(part.bytes as Uint8Array<ArrayBuffer>, part.filename, part.contentType ? { type: part.contentType } : {}));
        }
        (c.req.bodyCache as { formData?: Promise<FormData> }).formData = Promise.resolve(form);
      }
    }
    await next();
  };
}
