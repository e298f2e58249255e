/**
 * Size limits of a request, answered in the error envelope.
 *
 * The header block a request may carry, the same on every runtime: Node refuses more than its `maxHeaderSize` with a
 * bare 431 and Deno with a bare 400, each at its own size. The app refuses from MAX_REQUEST_HEADER_BYTES on (below
 * both) with 431 in the error envelope, so a client sees one answer whatever serves it.
 *
 * The body: at most the configured upload size (413).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';

/** Names and values of every header line, in bytes of their text (RFC 9110 §5; 16 KiB is Node's default too). */
export const MAX_REQUEST_HEADER_BYTES = 16 * 1024;

export function limitHeaderBytes(maxBytes = MAX_REQUEST_HEADER_BYTES): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (headerBytes(c.env, c.req.raw) > maxBytes) {
      return errorResponse(c, 431, 'Request Header Fields Too Large', `The request's header fields exceed ${maxBytes} bytes in all`);
    }
    await next();
  };
}

/** Header bytes from Node's raw header list when there is one (no Headers object built for it), else from Headers. */
function headerBytes(env: unknown, request: Request): number {
  const raw = (env as { incoming?: { rawHeaders?: string[] } } | undefined)?.incoming?.rawHeaders;
  let total = 0;
  if (raw) {
    for (const text of raw) total += text.length + 2;
    return total;
  }
  request.headers.forEach((value, name) => (total += name.length + value.length + 4));
  return total;
}

/** 413 PAYLOAD_TOO_LARGE for a body over `maxBytes`. */
export function limitBodyBytes(maxBytes: number): MiddlewareHandler<AppEnv> {
  const limitBody = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => errorResponse(c, 413, 'PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${maxBytes} bytes`),
  });
  // Only where a body is read: the limit looks at `c.req.raw.body`, which on Node builds a full Request object (an
  // eighth of the work of a light GET).
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'DELETE' ? next() : limitBody(c, next));
}
