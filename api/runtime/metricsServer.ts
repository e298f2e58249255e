/**
 * The metrics port (METRICS_PORT): GET /metrics without a key, on an address of its own (METRICS_HOST, loopback by
 * default), for a Prometheus scraper on the host's network that holds no API key. Everything else there is a 404.
 * The same handler for Node (api/server.ts, @hono/node-server) and Deno (api/server.deno.ts, Deno.serve).
 */
import type { ServiceMetrics } from '../metrics.ts';

export function metricsFetch(metrics: ServiceMetrics): (request: Request) => Promise<Response> {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== '/metrics') return new Response('not found: this port serves GET /metrics only\n', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    const { text, contentType } = await metrics.scrape();
    return new Response(request.method === 'HEAD' ? null : text, { status: 200, headers: { 'Content-Type': contentType } });
  };
}
