/**
 * State Vectors tag: manual create, OPM import, list, latest, get, delete, OPM export and OEM generation.
 * Routes are thin: validate → service → response. `latest` and `import` are registered before `{id}`.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { textBody } from '../http/textBody.ts';
import { attachmentDisposition, uploadedParts } from '../http/fileNames.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { created, entityTag, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag } from '../http/preconditions.ts';
import { pageEnvelope, parsePageable } from '../http/paging.ts';
import {
  CreateStateVectorSchema,
  GenerateOemSchema,
  ImportFormSchema,
  ImportQuerySchema,
  ImportResponseSchema,
  LatestQuerySchema,
  ListStateVectorsQuerySchema,
  StateVectorPageSchema,
  StateVectorSchema,
} from '../schemas/stateVectors.ts';
import { generateOemForStateVector } from '../services/products/ephemeris.ts';
import { EARTH_DATA_WARNING_HEADER, setWarningHeaders } from '../services/earthData.ts';
import {
  createStateVector,
  exportOpm,
  getStateVector,
  importOpmFiles,
  latestStateVector,
  listStateVectorPage,
  removeStateVector,
  stateVectorView,
} from '../services/states/stateVectors.ts';
import { STATE_VECTOR_SORT_COLUMNS } from '../../storage/stateVectors.ts';

const TAG = ['State Vectors'];
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'SV-1', description: 'Display id SV-<n>' }) });

const createSvRoute = createRoute({
  method: 'post', path: '/operations/state-vectors', tags: TAG, security: SECURED,
  summary: 'Store a state vector entered by hand (sourceType MANUAL)',
  description:
    'The covariance (optional) must be a symmetric positive semi-definite 6×6 matrix (km², km²/s, km²/s²). ' +
    'Mean elements are derived by DSST averaging. A perigee altitude below 120 km is a warning; a state inside the Earth is a 422.',
  request: { body: { content: json(CreateStateVectorSchema), required: true } },
  responses: { 201: { description: 'The stored state vector', headers: ETAG_HEADER, content: json(StateVectorSchema) }, ...errorResponses(404, 415, 422, 503) },
});

const importRoute = createRoute({
  method: 'post', path: '/operations/state-vectors/import', tags: TAG, security: SECURED,
  summary: 'Import CCSDS OPM files (KVN or XML, OPM 1.0–3.0); per-file results',
  description:
    'Each file is stored or refused on its own. The target spacecraft is the query spacecraftId, else the one whose COSPAR id, ' +
    'NORAD id, externalKey or id equals OBJECT_ID, else whose name equals OBJECT_NAME. Maneuvers and Keplerian elements in an OPM ' +
    'are reported as warnings (not stored). 200 all stored; 207 per-file results when some failed or were ambiguous; 400 when all failed.',
  request: { query: ImportQuerySchema, body: { content: { 'multipart/form-data': { schema: ImportFormSchema } }, required: true } },
  responses: {
    200: { description: 'All files stored', content: json(ImportResponseSchema) },
    207: { description: 'Per-file results, at least one file failed or was ambiguous', content: json(ImportResponseSchema) },
    ...errorResponses(404, 413, 415, 503),
  },
});

const listRoute = createRoute({
  method: 'get', path: '/operations/state-vectors', tags: TAG, security: SECURED,
  summary: 'List state vectors (filters, paged, newest epoch first by default)',
  description: 'Sortable fields: epoch, creationDate, id. startDate/endDate are inclusive epoch bounds (ISO instants with zone).',
  request: { query: ListStateVectorsQuerySchema },
  responses: { 200: { description: 'A page of state vectors', content: json(StateVectorPageSchema) }, ...errorResponses() },
});

const latestRoute = createRoute({
  method: 'get', path: '/operations/state-vectors/latest', tags: TAG, security: SECURED,
  summary: 'Latest state vector of a spacecraft',
  description:
    'Latest by epoch. Manual entries and OPM imports are always eligible; orbit-determination results only when converged, ' +
    'unless includeNonConverged=true. 400 without spacecraftId; 404 when the spacecraft has none.',
  request: { query: LatestQuerySchema },
  responses: { 200: { description: 'The state vector (ETag as on GET /operations/state-vectors/{id})', headers: ETAG_HEADER, content: json(StateVectorSchema) }, ...errorResponses(404) },
});

const getRoute = createRoute({
  method: 'get', path: '/operations/state-vectors/{id}', tags: TAG, security: SECURED,
  summary: 'One state vector', request: { params: IdParam },
  responses: { 200: { description: 'The state vector', headers: ETAG_HEADER, content: json(StateVectorSchema) }, ...errorResponses(404) },
});

const deleteRoute = createRoute({
  method: 'delete', path: '/operations/state-vectors/{id}', tags: TAG, security: SECURED,
  summary: 'Delete a state vector', request: { params: IdParam, headers: IfMatchHeaderSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404, 412) },
});

const opmRoute = createRoute({
  method: 'get', path: '/operations/state-vectors/{id}/opm', tags: TAG, security: SECURED,
  summary: 'Export one state vector as a CCSDS OPM 2.0 KVN (re-importable)', request: { params: IdParam },
  responses: { 200: { description: 'OPM text', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses(404, 422) },
});

const oemRoute = createRoute({
  method: 'post', path: '/operations/state-vectors/{id}/generate-oem', tags: TAG, security: SECURED,
  summary: 'Generate a CCSDS OEM 2.0 (KVN) by numerical propagation of a stored state vector',
  description:
    'Points every timeBetweenPoints from initialDate through finalDate (finalDate included), forwards or backwards from the state ' +
    'epoch, with the spacecraft force model and its stored maneuvers as finite burns. Span at most 30 days. With includeCovariance ' +
    'the state covariance is propagated through the state transition matrix and written per epoch in RTN or TNW (both 3×3 blocks ' +
    'rotated with the frame axes, no frame-rate term). Reaching the 100 km altitude floor ends the ephemeris (COMMENT). ' +
    '422: covariance requested for a state without one, incomplete force-model configuration (details.missingFields), propagation failure.',
  request: { params: IdParam, body: { content: json(GenerateOemSchema), required: true } },
  responses: {
    200: {
      description:
        'CCSDS OEM 2.0 KVN text. When the span leaves observed Earth data (EOP, space weather with NRLMSISE-00, leap seconds), ' +
        'one `Warning: 299 apsis "…"` header and one COMMENT line per kind name the epoch and the last covered date.',
      headers: EARTH_DATA_WARNING_HEADER,
      content: { 'text/plain': { schema: z.string() } },
    },
    ...errorResponses(404, 415, 422, 503),
  },
});

function attachment(filename: string): Record<string, string> {
  return { 'Content-Type': 'text/plain; charset=UTF-8', 'Content-Disposition': attachmentDisposition(filename) };
}

export function registerStateVectorRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(createSvRoute, async (c) => {
    const { view, etag } = await createStateVector(c.get('deps'), c.get('caller').organizationId, c.req.valid('json'));
    return created(c.json(view, 201), `/operations/state-vectors/${view.id}`, etag);
  });

  app.openapi(importRoute, async (c) => {
    const files = (await uploadedParts(c, ['files', 'file'])).map((f) => ({ filename: f.name, bytes: f.bytes }));
    const query = c.req.valid('query');
    const { status, body } = await importOpmFiles(c.get('deps'), c.get('caller').organizationId, files, query.spacecraftId, query.allowDuplicate === 'true');
    return c.json(body, status);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = parsePageable(query, Object.keys(STATE_VECTOR_SORT_COLUMNS), [{ field: 'epoch', direction: 'desc' }]);
    const result = await listStateVectorPage(c.get('deps').db, c.get('caller').organizationId, query, page);
    return c.json(pageEnvelope(result.items.map(stateVectorView), result.totalElements, page), 200);
  });

  app.openapi(latestRoute, async (c) => {
    const query = c.req.valid('query');
    const sv = await latestStateVector(c.get('deps').db, c.get('caller').organizationId, query.spacecraftId, query.includeNonConverged === 'true');
    return withEntityTag(c, entityTag(sv), c.json(stateVectorView(sv), 200));
  });

  app.openapi(getRoute, async (c) => {
    const sv = await getStateVector(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return withEntityTag(c, entityTag(sv), c.json(stateVectorView(sv), 200));
  });

  app.openapi(deleteRoute, async (c) => {
    await removeStateVector(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, ifMatchOf(c));
    return c.body(null, 204);
  });

  app.openapi(opmRoute, async (c) => {
    const { filename, text } = await exportOpm(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return c.text(text, 200, attachment(filename));
  });

  app.openapi(oemRoute, async (c) => {
    const { filename, text, warnings } = await generateOemForStateVector(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id, c.req.valid('json'));
    setWarningHeaders(c, warnings);
    // Up to 5 MB (30 days at 60 s): encoded while it is sent, a slice at a time (api/http/textBody.ts).
    const { body, byteLength } = textBody(text);
    return c.body(body, 200, { ...attachment(filename), 'Content-Length': String(byteLength) }) as never;
  });
}
