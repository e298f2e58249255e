/**
 * Passes, eclipses and orbit events (tag Events): `GET /operations/spacecraft/{spacecraftId}/passes` (JSON, CSV or
 * iCalendar by Accept), `…/passes/{index}/sky.svg`, `…/eclipses`, `…/orbit-events`. Permission read:spacecraft (and read:conjunctions
 * with source=CATALOG: api/permissions.ts QUERY_VALUE_PERMISSIONS).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireMediaType } from '../http/accept.ts';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import {
  CATALOG_MAX_EPOCH_DISTANCE_DAYS,
  EclipsesSchema,
  EVENT_MAX_SPAN_DAYS,
  OrbitEventQuery,
  OrbitEventsSchema,
  PassesSchema,
  PassIndexPath,
  PassQuery,
  SpacecraftEventPath,
  SpanQuery,
} from '../schemas/events.ts';
import { EARTH_DATA_WARNING_HEADER, setWarningHeaders } from '../services/earthData.ts';
import { predictSpacecraftEvents, type EventAnswer } from '../services/events.ts';
import type { EventAnswerForm } from '../../workers/contracts.ts';

const TAG = ['Events'];
const BASE = '/operations/spacecraft/{spacecraftId}';
const SOURCE =
  `source=STATE (default): the latest eligible stored state (manual, OPM import or converged orbit determination) is propagated with the ` +
  `spacecraft's force model and its stored maneuvers over the span (at most ${EVENT_MAX_SPAN_DAYS} days, at most 60 days from the state), on the ` +
  'compute pool. source=CATALOG: SGP4 of the current catalog element set of the spacecraft’s NORAD id (422 NO_NORAD_ID, ' +
  `NO_CATALOG_ELEMENT_SET; CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than ${CATALOG_MAX_EPOCH_DISTANCE_DAYS} days before or after the set's epoch), ` +
  'which needs the catalog’s permission read:conjunctions as well. The answer names its basis (source, stateVectorId or elementSet). ';

const PASS_MEDIA = ['application/json', 'text/csv', 'text/calendar'] as const;
const FORMS: Record<(typeof PASS_MEDIA)[number], EventAnswerForm> = { 'application/json': 'PASSES', 'text/csv': 'PASSES_CSV', 'text/calendar': 'PASSES_ICS' };

const passesRoute = createRoute({
  method: 'get', path: `${BASE}/passes`, tags: TAG, security: SECURED,
  summary: 'Ground-station passes (AOS, LOS, maximum elevation) over a span: JSON, CSV or iCalendar',
  description:
    SOURCE +
    "Each pass: the station, AOS and LOS (elevation through the station's mask, or minElevationDeg where higher; geometric elevation " +
    'above the WGS-84 ellipsoid normal, no refraction), duration, the maximum elevation with its time, azimuth and range, and the ' +
    'azimuths at AOS and LOS. A pass in progress at either end of the span is cut there (cutAtStart/cutAtEnd, AOS or LOS null). ' +
    'Every pass longer than 1 ms is found (README → Passes and eclipses). Accept: application/json (default), text/csv (RFC 4180), ' +
    'text/calendar (RFC 5545, one VEVENT per pass). 422: no eligible state, FORCE_MODEL_INCOMPLETE, PROPAGATION_SPAN_TOO_LONG, ' +
    'NO_GROUND_STATIONS. Permission read:spacecraft.',
  request: { params: SpacecraftEventPath, query: PassQuery },
  responses: {
    200: {
      description: 'The passes, by start time (all stations)',
      headers: EARTH_DATA_WARNING_HEADER,
      content: {
        'application/json': { schema: PassesSchema },
        'text/csv': { schema: z.string().openapi({ description: 'One row per pass; header line first' }) },
        'text/calendar': { schema: z.string().openapi({ description: 'VCALENDAR with one VEVENT per pass' }) },
      },
    },
    ...errorResponses(404, 406, 422, 503),
  },
});

const skyRoute = createRoute({
  method: 'get', path: `${BASE}/passes/{index}/sky.svg`, tags: TAG, security: SECURED,
  summary: 'Sky plot of one pass (polar azimuth/elevation chart with the station mask), SVG',
  description:
    'The same query as GET …/passes; `index` is the pass `index` of that answer. The track from AOS to LOS (121 points), AOS, ' +
    'maximum and LOS marked, the sky below the station mask shaded. 404 when the span has no pass with that index. Permission read:spacecraft.',
  request: { params: PassIndexPath, query: PassQuery },
  responses: {
    200: { description: 'The sky plot', headers: EARTH_DATA_WARNING_HEADER, content: { 'image/svg+xml': { schema: z.string() } } },
    ...errorResponses(404, 422, 503),
  },
});

const eclipsesRoute = createRoute({
  method: 'get', path: `${BASE}/eclipses`, tags: TAG, security: SECURED,
  summary: 'Eclipses by the Earth (penumbra and umbra) and the share of each orbit in shadow',
  description:
    SOURCE +
    'Conical shadow of the WGS-84 Earth with the analytic Sun, the solar-radiation-pressure force model: penumbra entry/exit and ' +
    'umbra intervals inside, durations, cut flags at the span ends; per orbit (ascending node to ascending node) the time and ' +
    'fraction in shadow. Permission read:spacecraft.',
  request: { params: SpacecraftEventPath, query: SpanQuery },
  responses: { 200: { description: 'Eclipses and orbit shares', headers: EARTH_DATA_WARNING_HEADER, content: json(EclipsesSchema) }, ...errorResponses(404, 422, 503) },
});

const orbitEventsRoute = createRoute({
  method: 'get', path: `${BASE}/orbit-events`, tags: TAG, security: SECURED,
  summary: 'Ascending and descending nodes (GCRF equator) and apsides (perigee, apogee)',
  description: SOURCE + 'types: NODE, APSIS (default both). Apsides are the zeros of r·v of the propagated trajectory. Permission read:spacecraft.',
  request: { params: SpacecraftEventPath, query: OrbitEventQuery },
  responses: { 200: { description: 'Nodes and apsides by time', headers: EARTH_DATA_WARNING_HEADER, content: json(OrbitEventsSchema) }, ...errorResponses(404, 422, 503) },
});

function withBasis(answer: EventAnswer): Record<string, unknown> {
  const { output } = answer;
  return { ...answer.basis, ...('view' in output ? output.view : {}) };
}

function answerText(c: Context<AppEnv>, answer: EventAnswer, contentType: string) {
  setWarningHeaders(c, answer.warnings);
  c.header('Content-Type', `${contentType}; charset=utf-8`);
  return c.body('text' in answer.output ? answer.output.text : '', 200);
}

export function registerEventRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(passesRoute, async (c) => {
    const media = requireMediaType(c.req.header('accept'), PASS_MEDIA, 'events.not-acceptable');
    const query = { ...c.req.valid('query'), stationIds: c.req.queries('stationIds') ?? undefined };
    const answer = await predictSpacecraftEvents(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').spacecraftId, FORMS[media], query);
    if (media !== 'application/json') return answerText(c, answer, media) as never;
    setWarningHeaders(c, answer.warnings);
    return c.json(withBasis(answer) as never, 200);
  });

  app.openapi(skyRoute, async (c) => {
    const { spacecraftId, index } = c.req.valid('param');
    const query = { ...c.req.valid('query'), stationIds: c.req.queries('stationIds') ?? undefined, trackPass: Number(index) };
    const answer = await predictSpacecraftEvents(c.get('deps'), c.get('caller').organizationId, spacecraftId, 'PASS_SKY_SVG', query);
    if (!answer.output.found) throw new ApiError(404, 'PASS_NOT_FOUND', `The span has no pass with index ${index}`, { code: 'events.pass.not-found', details: { index: Number(index) } });
    return answerText(c, answer, 'image/svg+xml') as never;
  });

  app.openapi(eclipsesRoute, async (c) => {
    const answer = await predictSpacecraftEvents(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').spacecraftId, 'ECLIPSES', c.req.valid('query'));
    setWarningHeaders(c, answer.warnings);
    return c.json(withBasis(answer) as never, 200);
  });

  app.openapi(orbitEventsRoute, async (c) => {
    const query = { ...c.req.valid('query'), types: c.req.queries('types') ?? undefined };
    const answer = await predictSpacecraftEvents(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').spacecraftId, 'ORBIT_EVENTS', query);
    setWarningHeaders(c, answer.warnings);
    return c.json(withBasis(answer) as never, 200);
  });
}
