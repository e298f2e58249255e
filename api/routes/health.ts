/** GET /health (no auth): database reachability and compute-pool load. */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { pingDatabase } from '../../storage/db.ts';
import type { AppEnv } from '../context.ts';
import { ErrorEnvelopeSchema } from '../openapi.ts';

const HealthSchema = z
  .object({
    status: z.enum(['UP', 'DOWN']),
    database: z.object({ status: z.enum(['UP', 'DOWN']), error: z.string().optional() }),
    pool: z.object({ size: z.number().int(), running: z.number().int(), queueDepth: z.number().int(), maxQueue: z.number().int() }),
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
    const { db, pool } = c.get('deps');
    let database: { status: 'UP' | 'DOWN'; error?: string } = { status: 'UP' };
    try {
      await pingDatabase(db);
    } catch (error) {
      database = { status: 'DOWN', error: String((error as Error)?.message ?? error) };
    }
    const body = { status: database.status, database, pool: pool.stats() };
    return c.json(body, database.status === 'UP' ? 200 : 503);
  });
}
