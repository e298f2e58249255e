/** Residuals of stored measurements against an orbit (tag Measurements): POST /operations/measurements/residuals. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { parsePageable } from '../http/paging.ts';
import { ResidualPageQuerySchema, ResidualsRequestSchema, ResidualsResponseSchema } from '../schemas/residuals.ts';
import { EARTH_DATA_WARNING_HEADER, setWarningHeaders } from '../services/earthData.ts';
import { computeResiduals, RESIDUAL_SORT_FIELDS, RESIDUALS_MAX_MEASUREMENTS } from '../services/orbitDetermination/residuals.ts';

const residualsRoute = createRoute({
  method: 'post',
  path: '/operations/measurements/residuals',
  tags: ['Measurements'],
  security: SECURED,
  summary: 'Residuals (observed − computed) of stored measurements against a stored state',
  description:
    'Propagates the state (stateVectorId, default the latest eligible state) with the spacecraft force model and stored ' +
    'maneuvers (as OEM/TLE generation) and models every selected measurement with light time on the worker pool. Returns ' +
    'statistics per type and per station over the whole selection and one page of per-measurement residuals: page/size/sort ' +
    `in the query (sort epoch (default, asc) or normalized (largest |residual/σ| first with desc)). Each request computes ` +
    `again (nothing is stored); span ≤ 30 days, ≤ ${RESIDUALS_MAX_MEASUREMENTS} measurements (else 422 TOO_MANY_MEASUREMENTS). ` +
    'Measurements that cannot be modelled (unknown station, RU ranges, frequencies, integrated Doppler, …) are listed in ' +
    'skipped with the reason. No measurement in the span → 200 with zero counts. Unknown spacecraft, state vector or ' +
    'station → 404; end ≤ start or span > 30 days → 400. Permission read:tracking.',
  request: { query: ResidualPageQuerySchema, body: { required: true, content: json(ResidualsRequestSchema) } },
  responses: {
    200: { description: 'Statistics and a page of residuals (Earth-data staleness also in `warnings`)', headers: EARTH_DATA_WARNING_HEADER, content: json(ResidualsResponseSchema) },
    ...errorResponses(404, 415, 422, 503),
  },
});

export function registerResidualRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(residualsRoute, async (c) => {
    const page = parsePageable(c.req.valid('query'), RESIDUAL_SORT_FIELDS, [{ field: 'epoch', direction: 'asc' }]);
    const { body, earthWarnings } = await computeResiduals(c.get('deps'), c.get('caller').organizationId, c.req.valid('json'), page);
    setWarningHeaders(c, earthWarnings);
    return c.json(body as never, 200);
  });
}
