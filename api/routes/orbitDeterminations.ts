/** Orbit-determination routes (tag Orbit Determination): /operations/orbit-determinations[/{id}[/residuals|/residuals.svg|/accept]]. */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { entityTag, REPRESENTATION_ETAG_HEADER, withEntityTag } from '../http/preconditions.ts';
import { parsePageable } from '../http/paging.ts';
import {
  AcceptResponseSchema,
  OrbitDeterminationListQuerySchema,
  OrbitDeterminationPageSchema,
  OrbitDeterminationPathSchema,
  OrbitDeterminationRequestSchema,
  OrbitDeterminationResidualPageSchema,
  OrbitDeterminationResidualQuerySchema,
  OrbitDeterminationSchema,
} from '../schemas/orbitDeterminations.ts';
import {
  acceptOrbitDetermination,
  getOrbitDetermination,
  listOrbitDeterminationPage,
  OD_MAX_MEASUREMENTS,
  orbitDeterminationResidualPage,
  orbitDeterminationResidualsSvg,
  startOrbitDetermination,
} from '../services/orbitDetermination/orbitDeterminations.ts';
import { ORBIT_DETERMINATION_SORT_COLUMNS } from '../../storage/orbitDeterminations.ts';

const TAG = ['Orbit Determination'];
const COLLECTION = '/operations/orbit-determinations';
const ITEM = '/operations/orbit-determinations/{id}';

const startRoute = createRoute({
  method: 'post', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'Start an orbit determination (batch least squares) from stored tracking data',
  description:
    'Validated at once against storage, then run as a durable background job (202 with the job and Location). The a ' +
    'priori state defaults to the latest eligible state with an epoch at or before endDate. Weighted batch least squares ' +
    '(Levenberg–Marquardt by default, or Gauss–Newton: optimizer) on the 6 GCRF state components plus the optional Cd, Cr and per-station biases, with the spacecraft ' +
    'force model and stored maneuvers; measurements flagged as outliers and below the station elevation mask are not ' +
    `used; an n-sigma editor (editingSigma, default 3) rejects gross errors. Span ≤ 30 days, ≤ ${OD_MAX_MEASUREMENTS} ` +
    'measurements. 400 bad fields or span; 404 unknown spacecraft, state vector or station; 422 NO_ELIGIBLE_STATE, ' +
    'FORCE_MODEL_INCOMPLETE, TOO_FEW_MEASUREMENTS (details.measurementComponents, details.parameters). ' +
    'Permission write:orbitdetermination.',
  request: { body: { required: true, content: json(OrbitDeterminationRequestSchema) } },
  responses: { 202: { description: 'The queued job', content: json(OrbitDeterminationSchema) }, ...errorResponses(404, 415, 422) },
});

const listRoute = createRoute({
  method: 'get', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'List orbit determinations (paged; without solutions)',
  description: `Filters spacecraftId, status. Default sort createdAt,desc; sortable ${Object.keys(ORBIT_DETERMINATION_SORT_COLUMNS).join(', ')}. Permission read:orbitdetermination.`,
  request: { query: OrbitDeterminationListQuerySchema },
  responses: { 200: { description: 'Page of jobs', content: json(OrbitDeterminationPageSchema) }, ...errorResponses() },
});

const getRoute = createRoute({
  method: 'get', path: ITEM, tags: TAG, security: SECURED,
  summary: 'One orbit determination: status, progress and, once ended, the solution',
  description:
    'solution: converged, the optimizer and per iteration the weighted RMS and the Levenberg–Marquardt damping, the ' +
    'estimated GCRF state (km, km/s) at its epoch (mapped from the fit epoch), the formal 6×6 ' +
    'covariance and that of every parameter, estimated Cd/Cr/biases, counts used/rejected per type and station, residual ' +
    'statistics, the force model. Permission read:orbitdetermination.',
  request: { params: OrbitDeterminationPathSchema },
  responses: { 200: { description: 'The job', headers: REPRESENTATION_ETAG_HEADER, content: json(OrbitDeterminationSchema) }, ...errorResponses(404) },
});

const residualsRoute = createRoute({
  method: 'get', path: `${ITEM}/residuals`, tags: TAG, security: SECURED,
  summary: 'Post-fit residuals of an orbit determination (paged)',
  description: 'Per measurement: observed, computed, residual, normalized, sigma, elevation, rejected flag and reason. Sort epoch (default) or normalized (with desc: worst first). Permission read:orbitdetermination.',
  request: { params: OrbitDeterminationPathSchema, query: OrbitDeterminationResidualQuerySchema },
  responses: { 200: { description: 'Page of residuals', content: json(OrbitDeterminationResidualPageSchema) }, ...errorResponses(404) },
});

const svgRoute = createRoute({
  method: 'get', path: `${ITEM}/residuals.svg`, tags: TAG, security: SECURED,
  summary: 'Post-fit residuals versus time as an SVG picture',
  description: 'One panel per measurement component, one colour per station, rejected measurements as red crosses, ±3σ lines. Permission read:orbitdetermination.',
  request: { params: OrbitDeterminationPathSchema },
  responses: { 200: { description: 'SVG document', content: { 'image/svg+xml': { schema: z.string() } } }, ...errorResponses(404) },
});

const acceptRoute = createRoute({
  method: 'post', path: `${ITEM}/accept`, tags: TAG, security: SECURED,
  summary: 'Accept a converged solution as a state vector',
  description:
    'Stores the estimated state (GCRF, with its covariance) as a state vector with sourceType ORBIT_DETERMINATION, ' +
    'orbitSolutionId = this id, converged = true; latest, OEM and TLE generation then use it like any eligible state. ' +
    '409 OD_NOT_FINISHED, OD_NOT_CONVERGED, OD_ALREADY_ACCEPTED. Permission write:orbitdetermination.',
  request: { params: OrbitDeterminationPathSchema },
  responses: { 201: { description: 'The stored state vector', content: json(AcceptResponseSchema) }, ...errorResponses(404, 409) },
});

export function registerOrbitDeterminationRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(startRoute, async (c) => {
    const job = await startOrbitDetermination(c.get('deps'), c.get('caller').organizationId, c.req.valid('json'));
    c.header('Location', `${COLLECTION}/${job.id}`);
    return c.json(job as never, 202);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = parsePageable(query, Object.keys(ORBIT_DETERMINATION_SORT_COLUMNS), [{ field: 'createdAt', direction: 'desc' }]);
    const filter = {
      ...(query.spacecraftId !== undefined ? { spacecraftId: query.spacecraftId } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
    };
    return c.json((await listOrbitDeterminationPage(c.get('deps').db, c.get('caller').organizationId, filter, page)) as never, 200);
  });

  app.openapi(getRoute, async (c) => {
    const job = await getOrbitDetermination(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return withEntityTag(c, entityTag(job), c.json(job as never, 200));
  });

  app.openapi(residualsRoute, async (c) => {
    const query = c.req.valid('query');
    const page = parsePageable(query, ['epoch', 'normalized'], [{ field: 'epoch', direction: 'asc' }]);
    const rejected = query.rejected === undefined ? undefined : query.rejected === 'true';
    const body = await orbitDeterminationResidualPage(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, page, rejected);
    return c.json(body as never, 200);
  });

  app.openapi(svgRoute, async (c) => {
    const svg = await orbitDeterminationResidualsSvg(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  app.openapi(acceptRoute, async (c) => {
    const body = await acceptOrbitDetermination(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id);
    c.header('Location', `/operations/state-vectors/${String(body.stateVector.id)}`);
    return c.json(body as never, 201);
  });
}
