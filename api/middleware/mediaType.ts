/** The request body must be what the matched route declares in the OpenAPI document (400 / 415 otherwise). */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';
import { declaresBody } from '../net/messageBody.ts';
import { toHonoPath } from '../permissions.ts';

/** `METHOD /hono/:path` → request body media types, read from the OpenAPI route definitions. */
export function declaredMediaTypes(app: OpenAPIHono<AppEnv>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const content = definition.route.request?.body?.content as Record<string, unknown> | undefined;
    if (!content) continue;
    out.set(`${definition.route.method.toUpperCase()} ${toHonoPath(definition.route.path)}`, Object.keys(content));
  }
  return out;
}

/** True when the request carries a body (api/net/messageBody.ts: its framing, not the stream the server hands over). */
function hasBody(c: Context): boolean {
  return declaresBody(c.req.header('content-length'), c.req.header('transfer-encoding'));
}

/**
 * The request body must be what the matched route declares: a body on a route that takes none (GET export, DELETE,
 * …) is a 400 like an unknown parameter, and a body whose Content-Type the route does not declare is a 415.
 *
 * Request bodies are taken uncoded only: a body with a Content-Encoding other than `identity` (gzip, br, deflate, …)
 * is a 415 with `Accept-Encoding: identity` (RFC 7694 §3; RFC 9110 §15.5.16), before anything reads it — not a JSON
 * or multipart parse of compressed bytes (a 400 saying "not valid UTF-8"). Decoding them is not offered: a compressed
 * upload would need its decoded size bounded like MAX_UPLOAD_BYTES, for little gain (tracking files are uploaded
 * once, and a proxy in front can decode). Header checks only: this runs before any middleware reads the body.
 */
export function requireDeclaredMediaType(mediaTypes: Map<string, string[]>) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // The first matching route handles the request (GET /operations/maneuvers/export, not …/{maneuverId}).
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.method === c.req.method);
    const declared = route ? mediaTypes.get(`${route.method} ${route.path}`) : undefined;
    if (route && declared === undefined && hasBody(c)) {
      return errorResponse(c, 400, 'VALIDATION_ERROR', `${c.req.method} ${route.path.replace(/:(\w+)/g, '{$1}')} takes no request body`, {
        fieldErrors: { body: 'must be absent (this operation takes no request body)' },
      });
    }
    const codings = route && hasBody(c) ? contentCodings(c.req.header('content-encoding')) : [];
    if (codings.length > 0) {
      return errorResponse(c, 415, 'Unsupported Media Type', `Content-Encoding ${codings.join(', ')} is not accepted: send the request body uncoded (identity)`, {
        code: 'request.content-encoding.unsupported',
        details: { contentEncoding: codings, accepted: ['identity'] },
        headers: { 'Accept-Encoding': 'identity' },
      });
    }
    if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
      if (declared && declared.length > 0) {
        const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        if (!declared.includes(contentType)) {
          return errorResponse(c, 415, 'Unsupported Media Type', `Content-Type must be ${declared.join(' or ')}`);
        }
      }
    }
    await next();
  };
}

/** The content codings a Content-Encoding value applies, other than `identity` (RFC 9110 §8.4: a comma-separated list). */
function contentCodings(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((token) => token.trim().toLowerCase()).filter((token) => token !== '' && token !== 'identity');
}
