/**
 * Conjunction routes (tag Conjunctions): /operations/conjunctions[/settings | /cdms | /{id}[/cdms/{cdmId} | /cdm |
 * /probability | /encounter.svg | /timeline.svg]]. The settings routes are registered before /{id} (a GET of
 * /settings matches both; the first registered answers).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { RISK_BASES, RISK_LEVELS } from '../../domain/conjunctions/settings.ts';
import { MAX_COMBINED_HARD_BODY_RADIUS_M, MIN_HARD_BODY_RADIUS_M } from '../../domain/conjunctions/hardBodyRadius.ts';
import { utcSeconds } from '../../domain/conjunctions/cdmDigest.ts';
import { CONJUNCTION_EVENT_SORT_COLUMNS, type ConjunctionEventFilter } from '../../storage/conjunctions.ts';
import { requireMediaType } from '../http/accept.ts';
import type { AppEnv } from '../context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { uploadedParts } from '../http/fileNames.ts';
import { parseInstantField } from '../http/instants.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { parsePageable } from '../http/paging.ts';
import { numberParameter } from '../http/queryNumbers.ts';
import { ETAG_HEADER, IfMatchHeaderSchema, ifMatchOf, withEntityTag } from '../http/preconditions.ts';
import {
  CdmJsonSchema,
  CdmUploadFormSchema,
  CdmUploadResponseSchema,
  ConjunctionCdmPathSchema,
  ConjunctionDetailQuerySchema,
  ConjunctionDetailSchema,
  ConjunctionEventPageSchema,
  ConjunctionListQuerySchema,
  ConjunctionPathSchema,
  ConjunctionSettingsInputSchema,
  ConjunctionSettingsSchema,
  ProbabilityQuerySchema,
  ProbabilityResponseSchema,
} from '../schemas/conjunctions.ts';
import {
  cdmAsJson,
  cdmAsReceived,
  conjunctionProbability,
  encounterPicture,
  getConjunction,
  latestCdmWritten,
  listConjunctions,
  receivedMediaType,
  timelinePicture,
} from '../services/conjunctions/events.ts';
import { getConjunctionSettings, putConjunctionSettings } from '../services/conjunctions/settings.ts';
import { uploadCdms } from '../services/conjunctions/upload.ts';
import { jsonAnswerInPieces } from '../http/textBody.ts';
import { enumListValues } from '../http/queryLists.ts';

const TAG = ['Conjunctions'];
const COLLECTION = '/operations/conjunctions';
const ITEM = '/operations/conjunctions/{id}';
const SVG = { 'image/svg+xml': { schema: z.string() } };
const TEXT_CDM = z.string().openapi({ description: 'A CCSDS CDM' });

const getSettingsRoute = createRoute({
  method: 'get', path: `${COLLECTION}/settings`, tags: TAG, security: SECURED,
  summary: 'The organization’s conjunction settings',
  description: 'Default hard-body radius for an object without one, risk thresholds, event grouping window, default Pc method. Defaults until set (updatedAt null). Permission read:conjunctions.',
  responses: { 200: { description: 'The settings', headers: ETAG_HEADER, content: json(ConjunctionSettingsSchema) }, ...errorResponses() },
});

const putSettingsRoute = createRoute({
  method: 'put', path: `${COLLECTION}/settings`, tags: TAG, security: SECURED,
  summary: 'Replace the organization’s conjunction settings',
  description:
    'Every field is required. A new default method or radius assesses every stored CDM again before the answer (their Pc, the ' +
    'events’ risk levels and timelines follow); thresholds apply when read; a new grouping window applies to CDMs received afterwards. ' +
    'If-Match with the ETag of a GET writes only that version (412 otherwise). Permission write:conjunctions.',
  request: { headers: IfMatchHeaderSchema, body: { required: true, content: json(ConjunctionSettingsInputSchema) } },
  responses: {
    200: {
      description: 'The stored settings (the stored CDMs assessed with them; when that could not be finished, a Warning says so and the next PUT finishes it)',
      headers: { ...ETAG_HEADER, Warning: { description: '`299 apsis "…"` (RFC 9111 §5.5 form) when the stored CDMs could not all be assessed with the new settings', schema: { type: 'string' } } },
      content: json(ConjunctionSettingsSchema),
    },
    ...errorResponses(503),
  },
});

const uploadRoute = createRoute({
  method: 'post', path: `${COLLECTION}/cdms`, tags: TAG, security: SECURED,
  summary: 'Upload CDM files (CCSDS 508.0-B-1 and the 2.0 keywords, KVN or XML): each message stored with its conjunction event',
  description:
    'Each file is atomic: every message read (on the compute pool), OBJECT1/OBJECT2 resolved to our spacecraft (NORAD id, COSPAR id, ' +
    'name or externalKey), else nothing of the file is stored and its result names the line and keyword, or the designators. A KVN file ' +
    'may hold several messages one after another (each starting with CCSDS_CDM_VERS); an XML file holds one. A message already stored ' +
    '(same ORIGINATOR and MESSAGE_ID, or the same bytes) is not stored again: a file all of whose messages are is a `duplicate`. Each new ' +
    'message joins the event of its object pair whose TCAs lie within the grouping window (else opens one) and gets its Pc (default ' +
    'method, hard-body radius rule). 200 when every file was stored or is a duplicate, 207 when any failed. Permission write:conjunctions.',
  request: { body: { content: { 'multipart/form-data': { schema: CdmUploadFormSchema } }, required: true } },
  responses: {
    200: { description: 'Every file stored or duplicate', content: json(CdmUploadResponseSchema) },
    207: { description: 'Per-file results; at least one file failed (nothing of it stored)', content: json(CdmUploadResponseSchema) },
    ...errorResponses(413, 415, 503),
  },
});

/** A list filter of enumerated values (api/http/queryLists.ts), each once; a 400 naming it otherwise. */
function enumListParameter<T extends string>(value: string | string[], field: string, allowed: readonly T[]): T[] {
  const { values, problem } = enumListValues(value, allowed);
  if (problem !== null) throw validationError({ [field]: problem });
  return values;
}

const listRoute = createRoute({
  method: 'get', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'List conjunction events (paged)',
  description:
    `Filters spacecraftId (either object), tcaFrom/tcaTo (the latest TCA), minPc (assessed Pc, else stated), maxMissDistanceM, riskLevel, riskBasis. ` +
    `Default sort tca,desc; sortable ${Object.keys(CONJUNCTION_EVENT_SORT_COLUMNS).join(', ')}. Permission read:conjunctions.`,
  request: { query: ConjunctionListQuerySchema },
  responses: { 200: { description: 'A page of events', content: json(ConjunctionEventPageSchema) }, ...errorResponses() },
});

const getRoute = createRoute({
  method: 'get', path: ITEM, tags: TAG, security: SECURED,
  summary: 'One conjunction event: latest TCA, miss distance, relative speed, stated and recomputed Pc, risk, the timeline of its CDMs',
  description:
    'recomputed: the latest CDM’s Pc computed now by `method` (default the organization’s; LAAS_2015 unless changed) with the hard-body ' +
    'radius rule, the radius used and its source, and the encounter-plane quantities. Permission read:conjunctions.',
  request: { params: ConjunctionPathSchema, query: ConjunctionDetailQuerySchema },
  responses: { 200: { description: 'The event', content: json(ConjunctionDetailSchema) }, ...errorResponses(404, 503) },
});

const cdmRoute = createRoute({
  method: 'get', path: `${ITEM}/cdms/{cdmId}`, tags: TAG, security: SECURED,
  summary: 'One CDM of the event: as received (the original bytes) or parsed (JSON), by Accept',
  description:
    'Accept application/json: the parsed message (the reader’s structure, SI units). Otherwise the original bytes: text/plain for a KVN ' +
    'message, application/xml for an XML one (the other notation → 406; GET …/cdm writes the latest in either). Permission read:conjunctions.',
  request: { params: ConjunctionCdmPathSchema },
  responses: {
    200: {
      description: 'The CDM',
      content: { 'text/plain': { schema: TEXT_CDM }, 'application/xml': { schema: TEXT_CDM }, 'application/json': { schema: CdmJsonSchema } },
    },
    ...errorResponses(404, 406, 503),
  },
});

const latestCdmRoute = createRoute({
  method: 'get', path: `${ITEM}/cdm`, tags: TAG, security: SECURED,
  summary: 'The event’s latest CDM written by Apsis’ CDM writer: KVN (text/plain, the default) or XML (application/xml) by Accept',
  description: 'Lossless numbers, the standard’s units; Orekit 13.1’s CdmParser reads what it writes. Permission read:conjunctions.',
  request: { params: ConjunctionPathSchema },
  responses: {
    200: { description: 'The CDM', content: { 'text/plain': { schema: TEXT_CDM }, 'application/xml': { schema: TEXT_CDM } } },
    ...errorResponses(404, 406, 422, 503),
  },
});

const probabilityRoute = createRoute({
  method: 'get', path: `${ITEM}/probability`, tags: TAG, security: SECURED,
  summary: 'What-if: the latest CDM’s Pc for a method (every method when none is named) and a combined hard-body radius',
  description:
    `hardBodyRadiusM (${MIN_HARD_BODY_RADIUS_M}..${MAX_COMBINED_HARD_BODY_RADIUS_M} m) replaces the radius rule. 422 PC_NOT_COMPUTABLE when the CDM gives no usable states ` +
    'and covariances (details.reason). Permission read:conjunctions.',
  request: { params: ConjunctionPathSchema, query: ProbabilityQuerySchema },
  responses: { 200: { description: 'The Pc by method', content: json(ProbabilityResponseSchema) }, ...errorResponses(404, 422, 503) },
});

const encounterSvgRoute = createRoute({
  method: 'get', path: `${ITEM}/encounter.svg`, tags: TAG, security: SECURED,
  summary: 'The encounter plane of the latest CDM as an SVG picture',
  description:
    'The collision plane at TCA: our object at the origin with the hard-body disk, the miss vector to the secondary, the combined ' +
    'covariance ellipses (1σ, 3σ) around it; axes in metres, equal scale. 422 PC_NOT_COMPUTABLE without usable states. Permission read:conjunctions.',
  request: { params: ConjunctionPathSchema },
  responses: { 200: { description: 'SVG document', content: SVG }, ...errorResponses(404, 422, 503) },
});

const timelineSvgRoute = createRoute({
  method: 'get', path: `${ITEM}/timeline.svg`, tags: TAG, security: SECURED,
  summary: 'Pc and miss distance of every CDM of the event against time to TCA, as an SVG picture',
  description: 'The assessed Pc (log scale, with the risk thresholds) and the stated one; the miss distance. Permission read:conjunctions.',
  request: { params: ConjunctionPathSchema },
  responses: { 200: { description: 'SVG document', content: SVG }, ...errorResponses(404) },
});

export function registerConjunctionRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(getSettingsRoute, async (c) => {
    const { view, etag } = await getConjunctionSettings(c.get('deps').db, c.get('caller').organizationId);
    return withEntityTag(c, etag, c.json(view, 200));
  });

  app.openapi(putSettingsRoute, async (c) => {
    const { db, pool } = c.get('deps');
    const { view, etag, warnings } = await putConjunctionSettings(db, pool, c.get('caller').organizationId, c.req.valid('json'), ifMatchOf(c));
    for (const warning of warnings) c.header('Warning', `299 apsis "${warning}"`, { append: true });
    return withEntityTag(c, etag, c.json(view, 200));
  });

  app.openapi(uploadRoute, async (c) => {
    const files = await uploadedParts(c, ['files']);
    const { status, body } = await uploadCdms(c.get('deps'), c.get('caller').organizationId, files);
    // up to thousands of per-message results: made into JSON file by file and sent a slice at a time (api/http/textBody.ts)
    const answer = await jsonAnswerInPieces(body, 'results');
    return c.body(answer.body, status, answer.headers) as never;
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const filter: ConjunctionEventFilter = {};
    if (query.spacecraftId !== undefined) filter.spacecraftId = query.spacecraftId;
    const from = query.tcaFrom === undefined ? undefined : parseInstantField(query.tcaFrom, 'tcaFrom');
    const to = query.tcaTo === undefined ? undefined : parseInstantField(query.tcaTo, 'tcaTo');
    if (from && to && to.isBefore(from)) throw validationError({ tcaTo: 'must not be before tcaFrom' });
    if (from) filter.tcaFromS = utcSeconds(from);
    if (to) filter.tcaToS = utcSeconds(to);
    const minPc = numberParameter(query.minPc, 'minPc', 0, 1);
    if (minPc !== undefined) filter.minPc = minPc;
    const maxMiss = numberParameter(query.maxMissDistanceM, 'maxMissDistanceM', 0, Number.MAX_VALUE);
    if (maxMiss !== undefined) filter.maxMissDistanceM = maxMiss;
    if (query.riskLevel !== undefined) filter.riskLevels = enumListParameter(query.riskLevel, 'riskLevel', RISK_LEVELS);
    if (query.riskBasis !== undefined) filter.riskBases = enumListParameter(query.riskBasis, 'riskBasis', RISK_BASES);
    const page = parsePageable(query, Object.keys(CONJUNCTION_EVENT_SORT_COLUMNS), [{ field: 'tca', direction: 'desc' }]);
    return c.json((await listConjunctions(c.get('deps').db, c.get('caller').organizationId, filter, page)) as never, 200);
  });

  app.openapi(getRoute, async (c) => {
    const detail = await getConjunction(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id, c.req.valid('query').method);
    return c.json(detail as never, 200);
  });

  app.openapi(cdmRoute, async (c) => {
    const { id, cdmId } = c.req.valid('param');
    const organizationId = c.get('caller').organizationId;
    const { cdm, bytes } = await cdmAsReceived(c.get('deps').db, organizationId, id, cdmId);
    const offered = [receivedMediaType(cdm), 'application/json'];
    const chosen = requireMediaType(c.req.header('accept'), offered, 'conjunction.not-acceptable');
    if (chosen === 'application/json') return c.json((await cdmAsJson(c.get('deps'), organizationId, id, cdmId)) as never, 200);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': `${chosen}; charset=utf-8` }) as never;
  });

  app.openapi(latestCdmRoute, async (c) => {
    const offered = ['text/plain', 'application/xml'];
    const chosen = requireMediaType(c.req.header('accept'), offered, 'conjunction.not-acceptable');
    const text = await latestCdmWritten(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id, chosen === 'application/xml' ? 'XML' : 'KVN');
    return c.body(text, 200, { 'Content-Type': `${chosen}; charset=utf-8` }) as never;
  });

  app.openapi(probabilityRoute, async (c) => {
    const query = c.req.valid('query');
    const radius = numberParameter(query.hardBodyRadiusM, 'hardBodyRadiusM', MIN_HARD_BODY_RADIUS_M, MAX_COMBINED_HARD_BODY_RADIUS_M);
    const body = await conjunctionProbability(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id, query.method, radius);
    return c.json(body as never, 200);
  });

  app.openapi(encounterSvgRoute, async (c) => {
    const svg = await encounterPicture(c.get('deps'), c.get('caller').organizationId, c.req.valid('param').id);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  app.openapi(timelineSvgRoute, async (c) => {
    const svg = await timelinePicture(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });
}
