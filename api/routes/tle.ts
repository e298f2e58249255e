/**
 * TLE generation (tag Spacecraft): `GET /operations/spacecraft/{spacecraftId}/tle?epoch=…` → text/plain, two lines.
 * The Accept header is negotiated before anything else (406 JSON envelope when text/plain is not acceptable or the
 * header is malformed); every error is a JSON envelope. Permission read:ephemeris (api/permissions.ts).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { negotiate } from '../http/accept.ts';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';
import { errorResponses, SECURED } from '../openapi.ts';
import { EARTH_DATA_WARNING_HEADER, setWarningHeaders } from '../services/earthData.ts';
import { generateSpacecraftTle } from '../services/products/tle.ts';

const ParamsSchema = z.object({
  spacecraftId: z.string().openapi({ param: { name: 'spacecraftId', in: 'path' }, description: 'Canonical spacecraft id (names, NORAD and COSPAR ids are 404)' }),
});

const QuerySchema = z.object({
  epoch: z.string({ error: 'is required' }).openapi({
    param: { name: 'epoch', in: 'query', required: true },
    description: 'TLE epoch: ISO-8601 instant with a time zone (Z or ±hh:mm), years 1957–2056; rounded to the TLE field resolution (1e-8 day = 0.864 ms)',
    example: '2024-05-01T12:00:00Z',
  }),
});

const tleRoute = createRoute({
  method: 'get',
  path: '/operations/spacecraft/{spacecraftId}/tle',
  tags: ['Spacecraft'],
  summary: 'Generate a fitted two-line element set at an epoch',
  description:
    'The latest eligible stored state (manual, OPM import or converged orbit determination; latest by epoch) is propagated ' +
    'with the spacecraft force model and its stored maneuvers (finite burns), forwards or backwards, to the requested epoch ' +
    'rounded to 1e-8 day, converted to TEME and fitted to SGP4/SDP4 mean elements (fixed point, damped fixed point, then ' +
    'least squares). B* = ρ0·Cd·A/(2m), ρ0 = 2.461e-5 kg/m²/km × 6378.135 km/ER, mass at the epoch; 0 when atmosphere is NONE. ' +
    'Catalogue number: noradId (Alpha-5 from 100000 to 339999; 99999 when absent; above 339999 → 400). International ' +
    'designator from cosparId. Element set number 999, revolution number 0. Response: text/plain, line 1 + "\\n" + line 2, ' +
    'no name line, no trailing newline. Accept must allow text/plain (absent, */*, text/*, text/plain; else 406). Nothing is ' +
    'stored and no job starts. 422: no eligible state, FORCE_MODEL_INCOMPLETE (details.missingFields), ' +
    'COMPUTE_STATE_INSIDE_ELLIPSOID, TLE_FIT_NOT_CONVERGED (details.positionResidualM, velocityResidualMPerS). ' +
    'Permission read:ephemeris.',
  security: SECURED,
  request: { params: ParamsSchema, query: QuerySchema },
  responses: {
    200: {
      description:
        'Two 69-character TLE lines separated by one newline. When the propagation span leaves observed Earth data (EOP, space ' +
        'weather with NRLMSISE-00, leap seconds), one `Warning: 299 apsis "…"` header per kind names the epoch and the last covered date.',
      headers: EARTH_DATA_WARNING_HEADER,
      content: { 'text/plain': { schema: z.string().openapi({ example: '1 25544U 98067A   24122.50000000  .00000000  00000-0  12345-3 0  9990\n2 25544  51.6400 123.4567 0005000  90.0000 270.0000 15.50000000    07' }) } },
    },
    ...errorResponses(404, 406, 422, 503),
  },
});

export function registerTleRoutes(app: OpenAPIHono<AppEnv>): void {
  app.use('/operations/spacecraft/:spacecraftId/tle', async (c, next) => {
    if (c.req.method !== 'GET') return await next();
    const accept = c.req.header('accept');
    const verdict = negotiate(accept, 'text/plain');
    if (verdict !== 'acceptable') {
      return errorResponse(
        c,
        406,
        'Not Acceptable',
        verdict === 'malformed' ? `Malformed Accept header: ${accept}` : `The TLE is only available as text/plain (Accept: ${accept})`,
        { code: 'tle.not-acceptable', details: { accept: accept ?? null, available: ['text/plain'] } },
      );
    }
    return await next();
  });

  app.openapi(tleRoute, async (c) => {
    const { text, warnings } = await generateSpacecraftTle(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').spacecraftId, c.req.valid('query').epoch);
    setWarningHeaders(c, warnings);
    return c.text(text, 200);
  });
}
