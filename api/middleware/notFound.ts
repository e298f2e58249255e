import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../errors.ts';

/**
 * Unknown route → 404; a known path with another method → 405 with `Allow`. The path must match a route exactly (a
 * trailing slash is another path: 404, naming the path without it). Where several route paths match, the most
 * specific wins, as in routing: `/maneuvers/export` is the export route (GET) and not `/maneuvers/{maneuverId}`, so
 * its `Allow` lists only GET.
 */
export function methodNotAllowedOrNotFound(app: OpenAPIHono<AppEnv>, c: Context): Response {
  const path = new URL(c.req.url).pathname;
  const matching = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    if (!pathPattern(route.path).test(path)) continue;
    const methods = matching.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    matching.set(route.path, methods);
  }
  if (matching.size > 0) {
    const mostLiteral = Math.max(...[...matching.keys()].map(literalSegments));
    const allowed = new Set<string>();
    for (const [routePath, methods] of matching) if (literalSegments(routePath) === mostLiteral) methods.forEach((m) => allowed.add(m));
    if (allowed.has('GET')) allowed.add('HEAD');
    return errorResponse(c, 405, 'Method Not Allowed', `${c.req.method} is not supported on ${path}`, {
      headers: { Allow: [...allowed].sort().join(', ') },
    });
  }
  if (path.length > 1 && path.endsWith('/')) {
    const trimmed = path.replace(/\/+$/, '');
    if ([...app.routes].some((route) => route.method !== 'ALL' && !route.path.includes('*') && pathPattern(route.path).test(trimmed))) {
      return errorResponse(c, 404, 'Not Found', `No route for ${c.req.method} ${path}; did you mean ${trimmed} (without the trailing slash)?`);
    }
  }
  return errorResponse(c, 404, 'Not Found', `No route for ${c.req.method} ${path}`);
}

function literalSegments(honoPath: string): number {
  return honoPath.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
}

const patternCache = new Map<string, RegExp>();
function pathPattern(honoPath: string): RegExp {
  let pattern = patternCache.get(honoPath);
  if (!pattern) {
    const body = honoPath
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${body}$`);
    patternCache.set(honoPath, pattern);
  }
  return pattern;
}
