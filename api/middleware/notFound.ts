import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';

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

/**
 * Which route a request is for. Hono runs the first registered route of the method whose path matches, and a route
 * path with a parameter matches a literal segment too: `DELETE /operations/maneuvers/export` matched
 * `DELETE /operations/maneuvers/{maneuverId}` with the id "export". But `/operations/maneuvers/export` is a path of
 * its own (GET only), as routing says for a GET; so, as in `methodNotAllowedOrNotFound`, the route whose path names
 * more of the request's path literally owns it, and a method it lacks is a 405 with its `Allow` — for every method
 * and every such pair of paths, not only this one.
 */
export class RouteTable {
  /**
   * For each route path with a parameter, the patterns of the paths that can own a request it matches: more literal
   * segments, the same count, and no segment where both are literal and differ (read once every route exists). Most
   * paths have none, so a request is not tested against every route of its length (two scans per request before).
   */
  #shadowers: Map<string, RegExp[]> | null = null;

  constructor(private readonly app: OpenAPIHono<AppEnv>) {}

  /** The route that handles the request, or undefined when none does (no route matches, or the path is another route's). */
  handling(c: Context): RouterRoute | undefined {
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
    return route === undefined || this.#ownedByAnother(route, c) ? undefined : route;
  }

  /** True when a route matched the request but its path is another route's, which lacks the method (→ 405). */
  shadowed(c: Context): boolean {
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
    return route !== undefined && this.#ownedByAnother(route, c);
  }

  #ownedByAnother(route: RouterRoute, c: Context): boolean {
    if (!route.path.includes(':')) return false;
    const shadowers = this.#index().get(route.path);
    if (shadowers === undefined || shadowers.length === 0) return false;
    const path = c.req.path;
    return shadowers.some((pattern) => pattern.test(path));
  }

  #index(): Map<string, RegExp[]> {
    if (this.#shadowers) return this.#shadowers;
    const paths = [...new Set(this.app.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => r.path))];
    const index = new Map<string, RegExp[]>();
    for (const path of paths) {
      if (!path.includes(':')) continue;
      const segments = path.split('/');
      const literal = literalSegments(path);
      index.set(path, paths
        .filter((other) => {
          const otherSegments = other.split('/');
          return otherSegments.length === segments.length && literalSegments(other) > literal
            && otherSegments.every((segment, i) => segment.startsWith(':') || segments[i]!.startsWith(':') || segment === segments[i]);
        })
        .map(pathPattern));
    }
    return (this.#shadowers = index);
  }
}

/** A request whose path is another route's than the one that matched it (RouteTable) is answered 405 with that route's Allow. */
export function refuseShadowedMethods(app: OpenAPIHono<AppEnv>, routes: RouteTable): MiddlewareHandler<AppEnv> {
  return async (c, next) => (routes.shadowed(c) ? methodNotAllowedOrNotFound(app, c) : next());
}
