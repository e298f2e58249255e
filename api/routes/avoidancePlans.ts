/**
 * Avoidance-plan routes (tag Conjunctions): /operations/conjunctions/{id}/avoidance-plans[/{planId}[/oem |
 * /candidates/{n}/accept | /trade-space.svg | /encounter.svg]].
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { parsePageable } from '../http/paging.ts';
import { AVOIDANCE_LIMITS } from '../../domain/avoidance/model.ts';
import { AVOIDANCE_PLAN_SORT_COLUMNS } from '../../storage/avoidancePlans.ts';
import { ConjunctionPathSchema } from '../schemas/conjunctions.ts';
import {
  AvoidanceAcceptQuerySchema,
  AvoidanceAcceptResponseSchema,
  AvoidanceCandidatePathSchema,
  AvoidancePlanListQuerySchema,
  AvoidancePlanPageSchema,
  AvoidancePlanPathSchema,
  AvoidancePlanRequestSchema,
  AvoidancePlanSchema,
} from '../schemas/avoidancePlans.ts';
import {
  acceptAvoidanceCandidate,
  avoidanceEncounterPicture,
  avoidanceTradeSpacePicture,
  avoidancePlanOem,
  cancelAvoidancePlanRequest,
  getAvoidancePlan,
  listAvoidancePlanPage,
  startAvoidancePlan,
} from '../services/conjunctions/avoidancePlans.ts';

const TAG = ['Conjunctions'];
const COLLECTION = '/operations/conjunctions/{id}/avoidance-plans';
const ITEM = `${COLLECTION}/{planId}`;

const startRoute = createRoute({
  method: 'post', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'Plan a collision-avoidance maneuver for a conjunction event (durable job)',
  description:
    'Validated at once against the event’s latest CDM (its states and covariances at TCA), the organization’s settings and the primary ' +
    'spacecraft, then run as a durable background job (202 with the plan and Location). The trade space (lead times over the burn window, ' +
    'the half-orbit points first, × directions × Δv sizes) is evaluated by linear mapping with the state transition matrix from the burn to ' +
    'the TCA (Clohessy–Wiltshire in near-circular orbits): miss distance, Pc by the plan’s pcMethod, Mahalanobis distance, propellant ' +
    '(Tsiolkovsky, the spacecraft’s mass). The cheapest candidate of each lead time × direction that meets the target is re-propagated ' +
    '(full force model, the finite burn of the thruster or the impulse, the primary’s covariance with the Gates execution errors), ' +
    'ranked by Δv then lead time, with its linear-vs-numerical difference and orbit change. ' +
    `Bounds: ≤ ${AVOIDANCE_LIMITS.maxLeadTimes} lead times, ≤ ${AVOIDANCE_LIMITS.maxDirections} directions, ≤ ${AVOIDANCE_LIMITS.maxDeltaVSizes} sizes, ` +
    `≤ ${AVOIDANCE_LIMITS.maxTradeSpaceCandidates} candidates, earliest burn ≤ ${AVOIDANCE_LIMITS.maxLeadTimeS / 86_400} days before the TCA; 5 min of compute. ` +
    '400 bad fields; 404 unknown event (or another organization’s); 422 NO_ENCOUNTER_STATES, NO_BURN_WINDOW, AVOIDANCE_INPUT_MISSING ' +
    '(details.missingFields: mass, areas of the force model, thrusters for a finite burn). Permission write:conjunctions.',
  request: { params: ConjunctionPathSchema, body: { required: true, content: json(AvoidancePlanRequestSchema) } },
  responses: { 202: { description: 'The queued plan', content: json(AvoidancePlanSchema) }, ...errorResponses(404, 415, 422) },
});

const listRoute = createRoute({
  method: 'get', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'The avoidance plans of a conjunction event (paged; without results)',
  description: `Default sort createdAt,desc; sortable ${Object.keys(AVOIDANCE_PLAN_SORT_COLUMNS).join(', ')}. Permission read:conjunctions.`,
  request: { params: ConjunctionPathSchema, query: AvoidancePlanListQuerySchema },
  responses: { 200: { description: 'Page of plans', content: json(AvoidancePlanPageSchema) }, ...errorResponses(404) },
});

const getRoute = createRoute({
  method: 'get', path: ITEM, tags: TAG, security: SECURED,
  summary: 'One avoidance plan: status and, once SUCCEEDED, the trade space and the ranked candidates',
  description: 'Permission read:conjunctions.',
  request: { params: AvoidancePlanPathSchema },
  responses: { 200: { description: 'The plan', content: json(AvoidancePlanSchema) }, ...errorResponses(404) },
});

const cancelRoute = createRoute({
  method: 'delete', path: ITEM, tags: TAG, security: SECURED,
  summary: 'Cancel an avoidance plan',
  description: 'A QUEUED plan becomes CANCELLED at once; a RUNNING one is stopped by its runner within a second or two (cancelRequested). 409 JOB_NOT_CANCELLABLE once it has ended. Permission write:conjunctions.',
  request: { params: AvoidancePlanPathSchema },
  responses: { 200: { description: 'The plan', content: json(AvoidancePlanSchema) }, ...errorResponses(404, 409) },
});

const acceptRoute = createRoute({
  method: 'post', path: `${ITEM}/candidates/{n}/accept`, tags: TAG, security: SECURED,
  summary: 'Accept a candidate: store its burn as a maneuver and its post-maneuver trajectory as a hypothetical OEM',
  description:
    'The burn becomes a stored maneuver (contract 2.0.0: one RTN segment, the thruster’s thrust along the Δv direction, its Isp; the overlap ' +
    'and planning rules of any maneuver: 409 on overlap); the candidate re-propagated from the burn to horizonS after the TCA becomes a ' +
    'CCSDS OEM (GCRF, with RTN covariance from the new TCA on) at …/oem. The event’s detail lists the accepted plan. 409 ' +
    'AVOIDANCE_PLAN_ALREADY_ACCEPTED, AVOIDANCE_PLAN_NOT_FINISHED, AVOIDANCE_CANDIDATE_NOT_RECOMMENDED (the candidate creates secondary ' +
    'conjunctions above the target: accepted only with ?force=true, the response then warns); 404 unknown candidate; 422 CANDIDATE_MISSES_TARGET. Permission write:conjunctions.',
  request: { params: AvoidanceCandidatePathSchema, query: AvoidanceAcceptQuerySchema },
  responses: { 201: { description: 'The maneuver and the OEM', content: json(AvoidanceAcceptResponseSchema) }, ...errorResponses(404, 409, 422) },
});

const oemRoute = createRoute({
  method: 'get', path: `${ITEM}/oem`, tags: TAG, security: SECURED,
  summary: 'The accepted candidate’s hypothetical post-maneuver OEM (CCSDS KVN, with covariance)',
  description: 'For the screening services (e.g. POST /operations/conjunctions/screenings with an OEM primary). 404 before a candidate is accepted. Permission read:conjunctions.',
  request: { params: AvoidancePlanPathSchema },
  responses: { 200: { description: 'CCSDS OEM 2.0 (KVN)', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses(404) },
});

const SVG = { 'image/svg+xml': { schema: z.string() } };

const tradeSpaceSvgRoute = createRoute({
  method: 'get', path: `${ITEM}/trade-space.svg`, tags: TAG, security: SECURED,
  summary: 'The plan’s trade space as an SVG picture: Pc against Δv, one curve per lead time',
  description:
    'Pc (log scale) against Δv (log scale when the sizes span a decade): per lead time, at each size the smallest linear Pc over the directions; ' +
    'the target Pc dashed, the nominal Pc dotted, the re-propagated candidates at their numerical Pc (diamonds), the recommended candidate ringed. ' +
    '409 AVOIDANCE_PLAN_NOT_FINISHED until the plan has SUCCEEDED. Permission read:conjunctions.',
  request: { params: AvoidancePlanPathSchema },
  responses: { 200: { description: 'SVG document', content: SVG }, ...errorResponses(404, 409) },
});

const encounterSvgRoute = createRoute({
  method: 'get', path: `${ITEM}/encounter.svg`, tags: TAG, security: SECURED,
  summary: 'The encounter plane before and after the recommended burn as an SVG picture',
  description:
    'Two panels at one scale in the nominal collision plane (x along the nominal miss vector): before, the plan’s CDM at TCA; after, the recommended ' +
    'candidate’s re-propagated closest approach with our covariance propagated with the execution errors. Hard-body disk, miss vector, 1σ/3σ ellipses. ' +
    '409 AVOIDANCE_PLAN_NOT_FINISHED until the plan has SUCCEEDED. Permission read:conjunctions.',
  request: { params: AvoidancePlanPathSchema },
  responses: { 200: { description: 'SVG document', content: SVG }, ...errorResponses(404, 409, 422) },
});

export function registerAvoidancePlanRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(startRoute, async (c) => {
    const plan = await startAvoidancePlan(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id, c.req.valid('json'));
    c.header('Location', `/operations/conjunctions/${plan.eventId}/avoidance-plans/${plan.id}`);
    return c.json(plan as never, 202);
  });

  app.openapi(listRoute, async (c) => {
    const page = parsePageable(c.req.valid('query'), Object.keys(AVOIDANCE_PLAN_SORT_COLUMNS), [{ field: 'createdAt', direction: 'desc' }]);
    return c.json((await listAvoidancePlanPage(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, page)) as never, 200);
  });

  app.openapi(getRoute, async (c) => {
    const { id, planId } = c.req.valid('param');
    return c.json((await getAvoidancePlan(c.get('deps').db, c.get('caller').organizationId, id, planId)) as never, 200);
  });

  app.openapi(cancelRoute, async (c) => {
    const { id, planId } = c.req.valid('param');
    return c.json((await cancelAvoidancePlanRequest(c.get('deps').db, c.get('caller').organizationId, id, planId)) as never, 200);
  });

  app.openapi(acceptRoute, async (c) => {
    const { id, planId, n } = c.req.valid('param');
    const body = await acceptAvoidanceCandidate(c.get('deps'), c.get('caller').organizationId, id, planId, n, c.req.valid('query').force === 'true');
    c.header('Location', body.maneuver.url);
    return c.json(body as never, 201);
  });

  app.openapi(oemRoute, async (c) => {
    const { id, planId } = c.req.valid('param');
    const { text, fileName } = await avoidancePlanOem(c.get('deps').db, c.get('caller').organizationId, id, planId);
    return c.body(text, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` }) as never;
  });

  app.openapi(tradeSpaceSvgRoute, async (c) => {
    const { id, planId } = c.req.valid('param');
    const svg = await avoidanceTradeSpacePicture(c.get('deps').db, c.get('caller').organizationId, id, planId);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  app.openapi(encounterSvgRoute, async (c) => {
    const { id, planId } = c.req.valid('param');
    const svg = await avoidanceEncounterPicture(c.get('deps').db, c.get('caller').organizationId, id, planId);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });
}
