/**
 * Conjunction screening routes (tag Conjunction Screenings): /operations/conjunctions/screenings[/{id}[/approaches]].
 * Registered before the conjunction routes (a GET of /operations/conjunctions/screenings would also match
 * /operations/conjunctions/{id}; the first registered answers).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationError } from '../http/errors.ts';
import { multipartParts, type UploadedPart } from '../http/fileNames.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { LOCATION_HEADER } from '../http/preconditions.ts';
import { pageSchema } from '../http/paging.ts';
import { jsonAnswerInPieces } from '../http/textBody.ts';
import {
  CreateScreeningFormSchema,
  CreateScreeningSchema,
  SCREENING_MAX_SPAN_DAYS,
  ScreeningApproachQuerySchema,
  ScreeningApproachSchema,
  ScreeningListQuerySchema,
  ScreeningPathSchema,
  ScreeningSchema,
} from '../schemas/screenings.ts';
import {
  cancelScreening,
  createScreening,
  getScreening,
  listApproachesPage,
  listScreeningsPage,
  parseScreeningRequest,
  requestFromMultipartText,
  screeningView,
} from '../services/conjunctions/screenings.ts';

const TAG = ['Conjunction Screenings'];
const COLLECTION = '/operations/conjunctions/screenings';
const ITEM = `${COLLECTION}/{id}`;

const createRouteDef = createRoute({
  method: 'post', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'Screen primaries against the catalog and/or our fleet (202, durable job split into chunks)',
  description:
    'Primaries: a spacecraft (its latest eligible state propagated with its force model and stored maneuvers), a stored state vector, ' +
    'or an uploaded OEM (a hypothetical trajectory of one of our spacecraft). Secondaries: CATALOG (the organization’s catalog as of ' +
    `now), FLEET (our other spacecraft), BOTH. Span ≤ ${SCREENING_MAX_SPAN_DAYS} days (start defaults to now), a volume (RTN ellipsoid or ` +
    'sphere, km) and a Pc threshold. Send JSON, or multipart/form-data with a part `request` (the same JSON as text) and OEM parts ' +
    '`files` named by the primaries’ `oemFile` (each file once, each named by a primary, each of its primary’s spacecraft by OBJECT_ID or ' +
    'OBJECT_NAME; `request` once; no other part: else 400 naming the part). An archived spacecraft is not screened (422 SPACECRAFT_ARCHIVED). ' +
    'The screening is cut into chunks (primaries × catalog NORAD range) that every instance ' +
    'sharing the database claims; poll GET …/screenings/{id} (progress), then GET …/{id}/approaches. Approaches whose Pc reaches the ' +
    'threshold become conjunction events (source SCREENING) with a CDM each. Permission write:conjunctions.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: CreateScreeningSchema }, 'multipart/form-data': { schema: CreateScreeningFormSchema } },
    },
  },
  responses: { 202: { description: 'The queued screening', headers: LOCATION_HEADER, content: json(ScreeningSchema) }, ...errorResponses(413, 415, 422, 503) },
});

const listRoute = createRoute({
  method: 'get', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'List screenings (paged)', description: 'Sortable: createdAt (default desc), status. Chunks are listed by GET …/{id}. Permission read:conjunctions.',
  request: { query: ScreeningListQuerySchema },
  responses: { 200: { description: 'A page of screenings', content: json(pageSchema(ScreeningSchema, 'ScreeningPage')) }, ...errorResponses() },
});

const getRouteDef = createRoute({
  method: 'get', path: ITEM, tags: TAG, security: SECURED,
  summary: 'A screening: status, progress (chunks done/total, approaches so far), chunks (which instance ran each, attempts), issues',
  description: 'Permission read:conjunctions.',
  request: { params: ScreeningPathSchema },
  responses: { 200: { description: 'The screening', content: json(ScreeningSchema) }, ...errorResponses(404) },
});

const approachesRoute = createRoute({
  method: 'get', path: `${ITEM}/approaches`, tags: TAG, security: SECURED,
  summary: 'The approaches of a screening (paged): TCA, miss distance, relative speed, RTN components, Pc, secondary, conjunction event',
  description:
    'In the screening’s total order (TCA, primary, NORAD id) by default; sortable tca, missDistanceM, pc, seq; filters spacecraftId ' +
    '(as primary or secondary), ours (only approaches with one of our spacecraft), minPc, maxMissDistanceM. Empty until the screening has SUCCEEDED. Permission read:conjunctions.',
  request: { params: ScreeningPathSchema, query: ScreeningApproachQuerySchema },
  responses: { 200: { description: 'A page of approaches', content: json(pageSchema(ScreeningApproachSchema, 'ScreeningApproachPage')) }, ...errorResponses(404) },
});

const cancelRoute = createRoute({
  method: 'delete', path: ITEM, tags: TAG, security: SECURED,
  summary: 'Cancel a screening',
  description:
    'No chunk is claimed any more and the queued ones are CANCELLED; a running chunk stops within about a second (its pool task is ' +
    'stopped, nothing of it stored). A finished screening is 409 JOB_NOT_CANCELLABLE naming its status. Permission write:conjunctions.',
  request: { params: ScreeningPathSchema },
  responses: { 200: { description: 'The screening after the request', content: json(ScreeningSchema) }, ...errorResponses(404, 409) },
});

export function registerScreeningRoutes(app: OpenAPIHono<AppEnv>): void {
  // Documented from the schemas; the body (JSON, or multipart with a JSON part and OEM files) is read here.
  app.openAPIRegistry.registerPath(createRouteDef);
  app.post(COLLECTION, async (c) => {
    const deps = c.get('deps');
    const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    let request;
    let files: UploadedPart[] = [];
    if (multipart) {
      // one `request`, OEM `files`, nothing else (a second `request`, or a part of another name, is a 400 naming it)
      const parts = await multipartParts(c, { files: ['files'], fields: ['request'] });
      request = requestFromMultipartText(parts.fields.request);
      files = parts.files;
    } else {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch (error) {
        throw validationError({ body: `is not JSON: ${(error as Error).message}` });
      }
      request = parseScreeningRequest(body);
    }
    const screening = await createScreening(deps, c.get('caller').organizationId, request, files);
    deps.screeningRunner?.wake();
    c.header('Location', `${COLLECTION}/${screening.id}`);
    return c.json(await screeningView(deps.db, screening), 202);
  });

  app.openapi(listRoute, async (c) => c.json(await listScreeningsPage(c.get('deps').db, c.get('caller').organizationId, c.req.valid('query')) as never, 200));

  app.openapi(getRouteDef, async (c) => c.json(await getScreening(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id) as never, 200));

  app.openapi(approachesRoute, async (c) => {
    const page = await listApproachesPage(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, c.req.valid('query'));
    // up to 1,000 approaches: made into JSON one at a time and sent a slice at a time (api/http/textBody.ts)
    const answer = await jsonAnswerInPieces(page, 'content');
    return c.body(answer.body, 200, answer.headers) as never;
  });

  app.openapi(cancelRoute, async (c) => c.json(await cancelScreening(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id) as never, 200));
}
