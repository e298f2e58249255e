/**
 * What runs the service needs besides /health: GET /metrics (Prometheus text, api/metrics.ts; permission
 * read:metrics, or anonymous on METRICS_PORT: api/runtime/metricsServer.ts), GET /livez (the process answers: a
 * load balancer or orchestrator restarts it when not) and GET /readyz (it can serve: migrations applied, database
 * reachable, compute pool up, Earth data loaded — take it out of rotation when not). /livez and /readyz need no key.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { pingDatabase } from '../../storage/sql/db.ts';
import { schemaState } from '../../storage/sql/migrations.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { errorResponses, SECURED } from '../openapi.ts';

const TAG = ['Service'];
const TEXT = { 'text/plain': { schema: z.string() } };

const metricsRoute = createRoute({
  method: 'get', path: '/metrics', tags: TAG, security: SECURED, operationId: 'getMetrics',
  summary: 'The instance’s metrics in the Prometheus text format (requests, latency, pool, jobs, leases, event loop, database, webhooks)',
  description: 'Permission read:metrics. With METRICS_PORT set, the same text is served without a key on that port (a scraper on the host’s network).',
  responses: { 200: { description: 'Prometheus text exposition format 0.0.4', content: TEXT }, ...errorResponses() },
});

const CheckSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });
const ReadinessSchema = z
  .object({
    status: z.enum(['READY', 'NOT_READY']),
    checks: z.object({ migrations: CheckSchema, database: CheckSchema, pool: CheckSchema, earthData: CheckSchema }),
  })
  .openapi('Readiness');

const livezRoute = createRoute({
  method: 'get', path: '/livez', tags: TAG, security: [], operationId: 'getLiveness',
  summary: 'Liveness: 200 while the process answers (no key; nothing else is checked)',
  responses: { 200: { description: 'Alive', content: { 'application/json': { schema: z.object({ status: z.literal('UP') }).openapi('Liveness') } } } },
});

const readyzRoute = createRoute({
  method: 'get', path: '/readyz', tags: TAG, security: [], operationId: 'getReadiness',
  summary: 'Readiness: 200 when the instance can serve (migrations applied, database reachable, compute pool up, Earth data loaded), 503 saying which check failed (no key)',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: ReadinessSchema } } },
    503: { description: 'Not ready: the failed checks say why', content: { 'application/json': { schema: ReadinessSchema } } },
  },
});

/** The readiness checks, each with what failed. */
export async function readiness(deps: Pick<AppDeps, 'db' | 'pool' | 'earthData'>) {
  const check = async (probe: () => Promise<string | null>) => {
    try {
      const problem = await probe();
      return problem === null ? { ok: true } : { ok: false, detail: problem };
    } catch (error) {
      return { ok: false, detail: String((error as Error)?.message ?? error).slice(0, 200) };
    }
  };
  const database = await check(async () => (await pingDatabase(deps.db), null));
  const migrations = database.ok
    ? await check(async () => {
        const state = await schemaState(deps.db);
        return state.upToDate ? null : `the database is at schema version ${state.version}, older than this build's`;
      })
    : { ok: false, detail: 'the database does not answer' };
  const pool = await check(async () => (deps.pool.stats().size > 0 ? null : 'no compute worker'));
  const earthData = await check(async () => (deps.earthData.snapshot(), null));
  const checks = { migrations, database, pool, earthData };
  return { status: Object.values(checks).every((c) => c.ok) ? ('READY' as const) : ('NOT_READY' as const), checks };
}

export function registerServiceRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(metricsRoute, async (c) => {
    const { text, contentType } = await c.get('deps').metrics.scrape();
    return c.body(text, 200, { 'Content-Type': contentType }) as never;
  });
  app.openapi(livezRoute, (c) => c.json({ status: 'UP' as const }, 200));
  app.openapi(readyzRoute, async (c) => {
    const body = await readiness(c.get('deps'));
    return c.json(body, body.status === 'READY' ? 200 : 503);
  });
}
