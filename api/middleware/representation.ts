/**
 * The representation a response is sent as, for every route at once: its content coding (compression) and the
 * conditional GET that depends on it.
 *
 * Content coding (RFC 9110 §8.4, §12.5.3; api/http/contentCoding.ts): a response whose body is JSON, text, XML, JavaScript or
 * SVG and at least MIN_CODED_BYTES long is sent in the coding the request's Accept-Encoding prefers — br, gzip, or zstd
 * where the runtime has it — streamed, with `Content-Encoding`, without `Content-Length`. Every such response (coded or
 * not) carries `Vary: Accept-Encoding`, so a cache keeps the variants apart. ZIP files and other media types are sent
 * as they are; so are 206 partial content (a byte range is of the identity representation), bodies that already have
 * a `Content-Encoding`, and responses marked `Cache-Control: no-transform`.
 *
 * When Accept-Encoding refuses identity (`identity;q=0`, or `*;q=0` without an identity entry):
 *  - and accepts one of our codings: every body is coded, whatever its size or type;
 *  - and accepts none of them: a GET or HEAD is answered 406 NOT_ACCEPTABLE (RFC 9110 §15.5.7: honour the header
 *    rather than disregard it — the caller said it cannot take what we would send) before any work is done; another
 *    method is answered as if the header were absent (identity), since its effect has already happened and must be
 *    reported.
 *
 * ETags across codings (RFC 9110 §8.8.3): a coded response is another representation with its own strong tag,
 * `"<tag>-<coding>"` (api/http/preconditions.ts `codedTag`); If-Match takes either form.
 *
 * Conditional GET (RFC 9110 §13.1.2, §15.4.5): a GET or HEAD whose 200 (or 206, 416: a Range answer) carries an ETag, and whose
 * If-None-Match names the tag of the representation this request would get (weak comparison), is answered 304 with no
 * body, carrying the ETag, Vary, Cache-Control, Expires, Content-Location and Last-Modified the 200 would carry. The
 * handler has run (it read the record to know its tag); the body is not coded or sent.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { AVAILABLE_CODINGS, codingPreference, encodeBody, isCompressible, MIN_CODED_BYTES, type Coding } from '../http/contentCoding.ts';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';
import { codedTag, ifNoneMatchMatches } from '../http/preconditions.ts';

/** Headers a 304 carries over from the 200 it stands for (RFC 9110 §15.4.5; Last-Modified guides cache updates). */
const NOT_MODIFIED_HEADERS = ['etag', 'vary', 'cache-control', 'expires', 'content-location', 'last-modified'];

/** Adds `token` to the response's Vary unless it is there. */
export function appendVary(headers: Headers, token: string): void {
  const vary = headers.get('vary');
  if (vary === null) headers.set('Vary', token);
  else if (!vary.split(',').some((t) => t.trim().toLowerCase() === token.toLowerCase() || t.trim() === '*')) headers.set('Vary', `${vary}, ${token}`);
}

/**
 * Puts `response` in place of the current one. Hono's `c.res = …` copies the previous response's headers onto the new
 * one (for middleware that set headers before the handler ran); these responses already carry exactly the headers they
 * must (a 304 must not inherit Content-Type or Content-Length, a coded body not the identity ETag), hence the reset.
 */
function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}

function notModified(c: Context, tag: string, from: Headers): void {
  const headers = new Headers();
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('ETag', tag);
  replaceResponse(c, new Response(null, { status: 304, headers }));
}

/** Reads a body until MIN_CODED_BYTES are in hand or it ends: what was read, and the reader of the rest (null at the end). */
async function peek(body: ReadableStream<Uint8Array>): Promise<{ head: Uint8Array[]; bytes: number; rest: ReadableStreamDefaultReader<Uint8Array> | null }> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let bytes = 0;
  while (bytes < MIN_CODED_BYTES) {
    const { done, value } = await reader.read();
    if (done) return { head, bytes, rest: null };
    head.push(value);
    bytes += value.byteLength;
  }
  return { head, bytes, rest: reader };
}

/** What `peek` read and what it left, as one body: bytes when it read everything (so the length is sent), else a stream. */
function rejoin(head: Uint8Array[], rest: ReadableStreamDefaultReader<Uint8Array> | null): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (rest === null) {
    const bytes = new Uint8Array(head.reduce((n, chunk) => n + chunk.byteLength, 0));
    let offset = 0;
    for (const chunk of head) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  }
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index < head.length) return controller.enqueue(head[index++]!);
      const next = rest ? await rest.read() : { done: true as const, value: undefined };
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => rest?.cancel(reason),
  });
}

export function negotiateRepresentation(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const safe = method === 'GET' || method === 'HEAD';
    const acceptEncoding = c.req.header('accept-encoding');
    const preference = codingPreference(acceptEncoding);
    if (safe && preference.coding === null) {
      return errorResponse(
        c,
        406,
        'NOT_ACCEPTABLE',
        `Accept-Encoding refuses identity and accepts none of the content codings this service sends (${AVAILABLE_CODINGS.join(', ')})`,
        { code: 'request.accept-encoding.unsatisfiable', details: { acceptEncoding, available: [...AVAILABLE_CODINGS, 'identity'] }, headers: { Vary: 'Accept-Encoding' } },
      );
    }
    await next();

    const res = c.res;
    const status = res.status;
    if (status < 200 || status === 204 || status === 304) return;
    const headers = res.headers;
    if (headers.has('content-encoding')) return;
    const compressible = isCompressible(headers.get('content-type'));
    if (compressible) appendVary(headers, 'Accept-Encoding');
    const etag = headers.get('etag');
    // 416 too: If-None-Match is evaluated before Range (RFC 9110 §13.2.2).
    const ifNoneMatch = safe && etag !== null && (status === 200 || status === 206 || status === 416) ? c.req.header('if-none-match') : undefined;

    let coding: Coding | 'identity' = preference.coding ?? 'identity';
    if (
      coding !== 'identity' &&
      (status === 206 || res.body === null || (!compressible && !preference.identityRefused) || headers.has('content-range') || /\bno-transform\b/i.test(headers.get('cache-control') ?? ''))
    ) {
      coding = 'identity';
    }
    if (coding === 'identity') {
      if (ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, etag!)) notModified(c, etag!, headers);
      return;
    }

    // Worth coding? The declared length, else the first MIN_CODED_BYTES of the body (in memory for JSON answers).
    let head: Uint8Array[] = [];
    let rest: ReadableStreamDefaultReader<Uint8Array> | null = null;
    let peeked = false;
    const declaredLength = headers.get('content-length');
    if (declaredLength !== null) {
      if (Number(declaredLength) < MIN_CODED_BYTES && !preference.identityRefused) coding = 'identity';
    } else {
      ({ head, rest } = await peek(res.body!));
      peeked = true;
      if (rest === null && head.reduce((n, chunk) => n + chunk.byteLength, 0) < MIN_CODED_BYTES && !preference.identityRefused) coding = 'identity';
    }
    const tag = etag === null ? null : coding === 'identity' ? etag : codedTag(etag, coding);
    if (ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, tag!)) {
      await rest?.cancel();
      notModified(c, tag!, headers);
      return;
    }
    if (coding === 'identity') {
      if (peeked) replaceResponse(c, new Response(rejoin(head, rest), { status, headers }));
      return;
    }

    const reader = peeked ? rest : res.body!.getReader();
    const sizeHint = declaredLength !== null ? Number(declaredLength) : undefined;
    const codedHeaders = new Headers(headers);
    codedHeaders.delete('content-length');
    codedHeaders.set('Content-Encoding', coding);
    if (tag !== null) codedHeaders.set('ETag', tag);
    if (!compressible) appendVary(codedHeaders, 'Accept-Encoding');
    if (method === 'HEAD') {
      await reader?.cancel();
      replaceResponse(c, new Response(null, { status, headers: codedHeaders }));
      return;
    }
    replaceResponse(c, new Response(encodeBody(head, reader, coding, sizeHint), { status, headers: codedHeaders }));
  };
}

/**
 * HEAD answers the header fields GET would (RFC 9110 §9.3.2), Content-Length included: Hono answers a HEAD with the
 * GET route's response minus its body, and a runtime then either sends no Content-Length (Node) or `Content-Length: 0`
 * (Deno) — the second is false (RFC 9110 §8.6: a HEAD's Content-Length must be the length GET would send). So when the
 * GET answer has a body of unstated length, its length is stated here. Such a body is in memory (JSON and text
 * answers; every streamed answer states its length itself, api/http/textBody.ts, product downloads), so reading it costs
 * what GET's answer cost. A coded answer stays without one (negotiateRepresentation sends no body for HEAD: its
 * length is known only once coded, which §9.3.2 lets a server leave out), as GET sends it chunked.
 */
export function headLikeGet(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'HEAD') return;
    const res = c.res;
    if (res.body === null || res.status < 200 || res.status === 204 || res.status === 304 || res.headers.has('content-length')) return;
    const length = (await res.arrayBuffer()).byteLength;
    const headers = new Headers(res.headers);
    headers.set('Content-Length', String(length));
    replaceResponse(c, new Response(null, { status: res.status, headers }));
  };
}
