/** The request body must be what the matched route declares in the OpenAPI document (400 / 415 otherwise). */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../errors.ts';
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
