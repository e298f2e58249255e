/** GET /health (no auth): database reachability, compute-pool load, and the Earth data in use (source, coverage, staleness). */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { pingDatabase } from '../../storage/db.ts';
import type { AppEnv } from '../context.ts';
import { ErrorEnvelopeSchema } from '../openapi.ts';

const EarthDataKindSchema = z
  .object({
    source: z.string().openapi({ description: 'The file in use (absolute path), or "bundled: …" / "built-in …" when the data directory has none' }),
    bundled: z.boolean(),
    format: z.string(),
    files: z.array(z.object({ path: z.string(), sha256: z.string() })).openapi({ description: 'Files by identity (EOP: spliced in order, the last wins where it has rows)' }),
    firstDate: z.string().nullable(),
    lastObservedDate: z.string().nullable().openapi({ description: 'Last observed day (leap seconds: the bulletin date the list reflects)' }),
    predictionEnd: z.string().nullable().openapi({ description: 'End of the predictions (leap seconds: the date until which the list is valid)' }),
    ageDays: z.number().nullable(),
    stale: z.boolean().openapi({ description: 'Observations older than APSIS_DATA_MAX_AGE_DAYS (leap seconds: expired, or the file disagrees with the built-in table)' }),
    taiMinusUtcSeconds: z.number().optional(),
    agreesWithBuiltIn: z.boolean().optional(),
    problems: z.array(z.string()).optional(),
  })
  .openapi('EarthDataKindStatus');

const HealthSchema = z
  .object({
    status: z.enum(['UP', 'DOWN']),
    database: z.object({ status: z.enum(['UP', 'DOWN']), error: z.string().optional() }),
    pool: z.object({ size: z.number().int(), running: z.number().int(), queueDepth: z.number().int(), maxQueue: z.number().int() }),
    earthData: z.object({
      dataDirectory: z.string(),
      loadedAt: z.string(),
      eop: EarthDataKindSchema,
      leapSeconds: EarthDataKindSchema,
      spaceWeather: EarthDataKindSchema,
      rejected: z.array(z.object({ kind: z.string(), path: z.string(), error: z.string(), line: z.number().int().nullable() })),
    }),
  })
  .openapi('Health');

const route = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  summary: 'Service health (no authentication)',
  security: [],
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: HealthSchema } } },
    500: { description: 'Unexpected error', content: { 'application/json': { schema: ErrorEnvelopeSchema } } },
  },
});

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(route, async (c) => {
    const { db, pool, earthData } = c.get('deps');
    let database: { status: 'UP' | 'DOWN'; error?: string } = { status: 'UP' };
    try {
      await pingDatabase(db);
    } catch (error) {
      database = { status: 'DOWN', error: String((error as Error)?.message ?? error) };
    }
    const earth = earthData.snapshot();
    const body = {
      status: database.status,
      database,
      pool: pool.stats(),
      earthData: { dataDirectory: earthData.options.dataDir, loadedAt: earth.loadedAt, ...earth.status, rejected: earth.rejected },
    };
    return c.json(body, database.status === 'UP' ? 200 : 503);
  });
}
