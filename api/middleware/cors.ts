/**
 * Cross-origin requests from browsers (the Fetch standard's CORS protocol), for the origins of CORS_ORIGINS only.
 *
 *  - CORS_ORIGINS unset or empty: no CORS header is ever sent; browsers keep pages of other origins out (the default).
 *  - A request whose `Origin` is listed gets `Access-Control-Allow-Origin` with that origin (and every response carries
 *    `Vary: Origin`); with CORS_ORIGINS=* every response carries `Access-Control-Allow-Origin: *`. Both come with
 *    `Access-Control-Expose-Headers` (EXPOSED_HEADERS: what a script may read
 *    beyond the CORS-safelisted headers) and, for a listed origin only, `Access-Control-Allow-Credentials: true`.
 *    Credentials are never allowed with `*` (the Fetch standard refuses the pair; it would hand any site the user's
 *    cookies or client certificate). Apsis itself uses none: a key travels in `Authorization`, which is a request
 *    header to allow, not a credential in CORS's sense.
 *  - A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) from an allowed origin is answered here,
 *    204, before authentication (a browser never sends credentials on a preflight, so authenticating it could only
 *    fail): the methods of the API, ALLOWED_HEADERS, and a max age of 10 minutes. Every other response to an allowed
 *    origin, errors included (401, 404, 429…), carries the headers above, so the page can read what went wrong.
 *  - A request from an origin not listed goes on as if it had no Origin: no grant (the browser withholds the response
 *    from the page; a preflight falls through to the normal handling, e.g. 401).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { appendVary } from './representation.ts';

/** Every method of the API (a preflight names one; the browser checks it against this list). */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Request headers a page may send beyond the CORS-safelisted ones: credentials, preconditions, ranges, the headers of
 * particular operations (X-Content-Hash: uploads; X-Resolution-Fingerprint: the maneuver import), the correlation id.
 * Authorization must be named: the Fetch standard never lets a `*` cover it.
 */
export const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'If-Match',
  'If-None-Match',
  'If-Range',
  'Range',
  'X-Content-Hash',
  'X-Resolution-Fingerprint',
  'X-Correlation-Id',
];

/** Response headers a page may read beyond the safelisted ones (Cache-Control, Content-Type, Content-Length, …). */
export const EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'Warning',
  'X-Correlation-Id',
  'Retry-After',
  'Content-Range',
  'Accept-Ranges',
  'Content-Disposition',
  'Content-Encoding',
  'WWW-Authenticate',
  'Allow',
  'Vary',
];

/** How long a browser may reuse a preflight's answer (seconds; Chromium caps it at 7,200). */
const PREFLIGHT_MAX_AGE_S = 600;

export function cors(origins: '*' | readonly string[]): MiddlewareHandler<AppEnv> {
  if (origins !== '*' && origins.length === 0) return (_c, next) => next();
  const any = origins === '*';
  const listed = new Set(any ? [] : origins);
  const allowMethods = ALLOWED_METHODS.join(', ');
  const allowHeaders = ALLOWED_HEADERS.join(', ');
  const exposeHeaders = EXPOSED_HEADERS.join(', ');

  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && (any || listed.has(origin));
    if (allowed && c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      const headers = new Headers({
        'Access-Control-Allow-Origin': any ? '*' : origin,
        'Access-Control-Allow-Methods': allowMethods,
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
      });
      if (!any) {
        headers.set('Access-Control-Allow-Credentials', 'true');
        headers.set('Vary', 'Origin');
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    const headers = c.res.headers;
    if (any) {
      // The same for every request (with or without Origin), so a cache may serve any of them to anyone.
      headers.set('Access-Control-Allow-Origin', '*');
      headers.set('Access-Control-Expose-Headers', exposeHeaders);
      return;
    }
    // The answer depends on Origin: every response says so, so a cache never serves one origin's grant to another.
    appendVary(headers, 'Origin');
    if (allowed) {
      headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Allow-Credentials', 'true');
      headers.set('Access-Control-Expose-Headers', exposeHeaders);
    }
  };
}

/**
 * The CORS answers above as the OpenAPI document states them (`x-apsis-cors` at its root; api/openapi.ts), made from
 * the same constants, so the document says what the middleware does.
 *
 * Preflights are not operations of the document, one OPTIONS per path: a browser sends them by itself and no client
 * calls them (a generated client would carry some 60 methods nobody uses); the answer is the same for every path; it
 * depends on the deployment (CORS_ORIGINS) and the request's Origin rather than on the path, and without an allowed
 * origin an OPTIONS is answered like any method a path lacks (401 without a key, else 405 with Allow) — which an
 * operation would have to declare as its normal answers; and every /operations operation is declared secured, with
 * a permission, while a preflight is answered before authentication.
 */
export const CORS_DOCUMENTATION = {
  description:
    'CORS (the Fetch standard) for the page origins of the deployment setting CORS_ORIGINS only: unset, no CORS header is sent. ' +
    'A preflight (OPTIONS with Origin and Access-Control-Request-Method) from an allowed origin is answered 204 with the headers below, ' +
    'on every path and before authentication; from another origin, or without Access-Control-Request-Method, an OPTIONS is answered like ' +
    'any method a path does not have (401 without a key, else 405 with Allow). Preflights are therefore not listed as operations.',
  preflight: {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': 'the request’s Origin (a listed origin), or * (CORS_ORIGINS=*)',
      'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
      'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '),
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
      'Access-Control-Allow-Credentials': 'true, for a listed origin only (never with *)',
      Vary: 'Origin, for a listed origin only',
    },
  },
  /** On every other answer to an allowed origin, errors included. */
  exposedHeaders: EXPOSED_HEADERS,
};
