/**
 * GET /health: what a load balancer needs, to anyone (no key): `status` UP or DOWN (200 / 503: the database answers or
 * not) and the API `version`. With a key holding `read:health` (api/permissions.ts), also what only the service's
 * operators should see — the database error, the compute pool's load, and the Earth data in use (file paths on the
 * server, file identities, coverage, staleness, rejected files). A key is optional here: without an Authorization
 * header the request is not authenticated (api/app.ts); with one it is, as on /operations (401, 403, 429, audit).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { pingDatabase } from '../../storage/sql/db.ts';
import type { AppEnv } from '../context.ts';
import { API_VERSION, errorResponses, RETRY_AFTER_HEADER, SECURED } from '../openapi.ts';

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

const DETAIL = 'Only for a key holding read:health';

const HealthSchema = z
  .object({
    status: z.enum(['UP', 'DOWN']).openapi({ description: 'UP (200) when the service can serve: its database answers; DOWN (503) otherwise' }),
    version: z.string().openapi({ description: 'The API version (info.version of the OpenAPI document)', example: API_VERSION }),
    database: z.object({ status: z.enum(['UP', 'DOWN']), error: z.string().optional() }).optional().openapi({ description: DETAIL }),
    pool: z.object({ size: z.number().int(), running: z.number().int(), queueDepth: z.number().int(), maxQueue: z.number().int() }).optional().openapi({ description: DETAIL }),
    earthData: z.object({
      dataDirectory: z.string(),
      loadedAt: z.string(),
      eop: EarthDataKindSchema,
      leapSeconds: EarthDataKindSchema,
      spaceWeather: EarthDataKindSchema,
      rejected: z.array(z.object({ kind: z.string(), path: z.string(), error: z.string(), line: z.number().int().nullable() })),
    }).optional().openapi({ description: DETAIL }),
  })
  .openapi('Health');

// 400 cannot happen here; 401, 403 and 429 only when a key is sent.
const { 400: _badRequest, ...errors } = errorResponses(429, 431);

const route = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: ['Service'],
  summary: 'Service health: status and version to anyone; database, compute pool and Earth data for a key holding read:health',
  description:
    'No key: `status` and `version` only (what a load balancer needs). With `Authorization: Bearer <key>` the key is checked as on ' +
    '/operations (401, 403 without read:health or the Operations environment, 429), and the answer adds `database`, `pool` and `earthData`.',
  // Anonymous, or the bearer key (OpenAPI 3.1 §4.8.10: an empty requirement makes security optional).
  security: [{}, ...SECURED],
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: HealthSchema } } },
    ...errors,
    429: { ...errors[429], headers: RETRY_AFTER_HEADER } as never,
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
    const status = database.status === 'UP' ? 200 : 503;
    // Set by the authentication of a request that sent a key (and passed its permission check): the operator's view.
    if (c.get('caller') === undefined) return c.json({ status: database.status, version: API_VERSION }, status);
    const earth = earthData.snapshot();
    const body = {
      status: database.status,
      version: API_VERSION,
      database,
      pool: pool.stats(),
      earthData: { dataDirectory: earthData.options.dataDir, loadedAt: earth.loadedAt, ...earth.status, rejected: earth.rejected },
    };
    return c.json(body, status);
  });
}
