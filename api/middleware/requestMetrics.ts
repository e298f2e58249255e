/**
 * Counts and times every request (api/metrics.ts), labelled by the matched route's template — the last route that is
 * not a middleware — so that ids in paths do not make a label value each; a path no route has is `unmatched`.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../context.ts';
import type { ServiceMetrics } from '../metrics.ts';

export function requestMetrics(metrics: ServiceMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? 'unmatched';
      metrics.recordRequest(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    }
  };
}
