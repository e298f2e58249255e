/**
 * Content codings of responses (RFC 9110 §8.4.1, §12.5.3): which coding a request accepts, which bodies are worth
 * coding, and the coder itself — a stream that never holds the event loop for long.
 *
 * Codings: `br` (Brotli, RFC 7932), `gzip` (RFC 1952) and `zstd` (RFC 8878) where the runtime has it: Deno's
 * `node:zlib` has `createZstdCompress`; Node has it from 22.15/23.8, so Node 20 serves br and gzip only
 * (`AVAILABLE_CODINGS` is decided at load time by looking). `deflate` is not offered (its two historical meanings,
 * zlib and raw, are still confused by clients).
 *
 * Off the event loop, or in bounded chunks: the coder is fed at most SLICE_BYTES at a time and waits for each slice
 * to be coded before the next. On Node, zlib and Brotli run on libuv's thread pool, so the event loop only moves
 * buffers (each slice's completion comes back through the loop's I/O phase). On Deno, `node:zlib` codes synchronously
 * on the calling thread, so after each slice the coder also yields to the event loop with a timer (setTimeout 0: on
 * Deno, node:timers' setImmediate and MessageChannel both starve the server's I/O — a trivial request waited 30 ms at
 * the median behind a loop of them): the longest block is one slice's coding, about 1–2 ms on the 2-core host, whatever
 * the body's size (`npx deno run -A bench/compression.ts`).
 */
import zlib from 'node:zlib';

export type Coding = 'br' | 'zstd' | 'gzip';

type ZstdFactory = (options?: object) => zlib.Gzip;
const createZstdCompress = (zlib as unknown as { createZstdCompress?: ZstdFactory }).createZstdCompress;

/** The codings this runtime can produce, in our order of preference when a client rates several equally. */
export const AVAILABLE_CODINGS: readonly Coding[] =
  typeof createZstdCompress === 'function' ? ['br', 'zstd', 'gzip'] : ['br', 'gzip'];

/** Bodies smaller than this are sent as they are (a coded 1 KB body saves less than its header and CPU cost). */
export const MIN_CODED_BYTES = 1024;

/** The largest piece of a body handed to the coder at once (bounds each event-loop block on Deno). */
const SLICE_BYTES = 64 * 1024;

/** Deno's node:zlib codes on the calling thread (Node's on the thread pool). */
const CODES_ON_EVENT_LOOP = typeof (globalThis as { Deno?: unknown }).Deno !== 'undefined';

/** What a request's Accept-Encoding allows (RFC 9110 §12.5.3). */
export interface CodingPreference {
  /** The coding to use for a body worth coding; 'identity' when none of ours is preferred; null when nothing is acceptable. */
  coding: Coding | 'identity' | null;
  /** identity is refused (`identity;q=0`, or `*;q=0` without an identity entry): a body must be coded whatever it is. */
  identityRefused: boolean;
}

const NO_PREFERENCE: CodingPreference = { coding: 'identity', identityRefused: false };
const ELEMENT = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:;\s*q\s*=\s*((?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)))?$/i;

const parsed = new Map<string, CodingPreference>();

/**
 * The preference a request's Accept-Encoding states. No header: no preference (identity, the safe answer: the client
 * said nothing about what it can decode). An empty value: identity only. Otherwise each listed coding has its q (1 when
 * not given), `*` gives its q to every coding not listed, a coding neither listed nor covered by `*` is not acceptable,
 * and identity is acceptable unless refused. The highest q wins; between a coding of ours and identity at the same q the
 * coding wins (the client listed it); between codings of ours at the same q, our order. Elements that do not parse are
 * ignored (a server may ignore what it does not understand). Results are remembered per header value (clients send few).
 */
export function codingPreference(header: string | undefined): CodingPreference {
  if (header === undefined) return NO_PREFERENCE;
  const known = parsed.get(header);
  if (known) return known;
  const quality = new Map<string, number>();
  for (const element of header.split(',')) {
    const match = ELEMENT.exec(element.trim());
    if (!match) continue;
    const name = match[1]!.toLowerCase();
    const q = match[2] === undefined ? 1 : Number(match[2]);
    // A coding listed twice: the first wins (no rule says otherwise; the first is what the client wrote first).
    if (!quality.has(name)) quality.set(name, q);
  }
  const star = quality.get('*');
  // Identity: its own q, else the `*` q, else acceptable by default at the lowest rank (below any listed coding).
  const identityQ = quality.get('identity') ?? star ?? (header.trim() === '' ? 1 : Number.MIN_VALUE);
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of AVAILABLE_CODINGS) {
    const q = quality.get(coding) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  const identityRefused = identityQ === 0;
  const coding: CodingPreference["coding"] = best !== null && bestQ >= identityQ ? best : identityRefused ? null : 'identity';
  const preference: CodingPreference = { coding, identityRefused };
  if (parsed.size >= 256) parsed.clear();
  parsed.set(header, preference);
  return preference;
}

/** Media types worth coding: text, JSON, XML, JavaScript, SVG. Not ZIP, images or other already-compressed data. */
export function isCompressible(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript'
  );
}

function createCoder(coding: Coding, sizeHint: number | undefined): zlib.Gzip | zlib.BrotliCompress {
  if (coding === 'gzip') return zlib.createGzip();
  if (coding === 'zstd') return createZstdCompress!();
  // Quality 3: gzip's speed or better at gzip's size or smaller (the default 11 is ~50× slower). Not 4: from 4 on the
  // encoder gathers input into large blocks, and on Deno (coding on the event loop) a 16 KiB write then sometimes takes
  // 5 ms and the final flush 25 ms, where at 3 every write stays near 1 ms; 4 saves only ~5 % on JSON, < 1 % on OEMs.
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint !== undefined) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return zlib.createBrotliCompress({ params });
}

/** Lets the event loop serve I/O and timers before the next slice (on Deno; see the top of this file). */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `source` (already-read `head` chunks, then whatever `rest` still yields) coded as `coding`, as a stream that codes
 * only as fast as it is read (backpressure: the next input slice is taken when the reader asks for more). Cancelling
 * the result cancels `rest` and frees the coder.
 */
export function encodeBody(
  head: readonly Uint8Array[],
  rest: ReadableStreamDefaultReader<Uint8Array> | null,
  coding: Coding,
  sizeHint?: number,
): ReadableStream<Uint8Array> {
  const coder = createCoder(coding, sizeHint);
  const output: Uint8Array[] = [];
  let failure: Error | null = null;
  let inputDone = false;
  let headIndex = 0;
  const finished = new Promise<void>((resolve) => {
    coder.on('end', resolve);
    coder.on('error', (error: Error) => {
      failure = error;
      resolve();
    });
  });
  coder.on('data', (chunk: Buffer) => output.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));

  const write = (slice: Uint8Array) =>
    new Promise<void>((resolve, reject) => coder.write(slice, (error) => (error ? reject(error) : resolve())));

  /** The next input chunk, or null at the end. */
  const nextInput = async (): Promise<Uint8Array | null> => {
    if (headIndex < head.length) return head[headIndex++]!;
    if (!rest) return null;
    const { done, value } = await rest.read();
    return done ? null : value;
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // Feed slices until the coder has produced something or the input is over.
        while (output.length === 0 && !inputDone) {
          const chunk = await nextInput();
          if (chunk === null) {
            inputDone = true;
            coder.end();
            await finished;
            break;
          }
          for (let offset = 0; offset < chunk.byteLength; offset += SLICE_BYTES) {
            await write(chunk.subarray(offset, Math.min(chunk.byteLength, offset + SLICE_BYTES)));
            if (CODES_ON_EVENT_LOOP) await yieldToEventLoop();
          }
        }
        if (failure) throw failure;
        while (output.length > 0) controller.enqueue(output.shift()!);
        if (inputDone) controller.close();
      } catch (error) {
        coder.destroy();
        await rest?.cancel(error).catch(() => undefined);
        controller.error(error);
      }
    },
    async cancel(reason) {
      coder.destroy();
      await rest?.cancel(reason).catch(() => undefined);
    },
  });
}
