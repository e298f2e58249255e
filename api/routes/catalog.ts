/**
 * Catalog routes (tag Catalog): POST /operations/catalog, GET /operations/catalog/objects[/{noradId}], and the bulk
 * query by NORAD ids — `noradIds=…` on the list, or POST /operations/catalog/objects/query for long lists (the
 * Space-Track habit: many ids in one request, not one request per id).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { CATALOG_OBJECT_SORT_COLUMNS } from '../../storage/catalog.ts';
import type { AppEnv } from '../context.ts';
import { uploadedParts } from '../http/fileNames.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { parsePageable } from '../http/paging.ts';
import { integerParameter, numberParameter } from '../http/queryNumbers.ts';
import { validationError } from '../http/errors.ts';
import {
  CatalogListQuerySchema,
  CatalogObjectQueryBodySchema,
  CatalogObjectQueryPageSchema,
  MAX_QUERY_NORAD_IDS,
  CatalogObjectDetailSchema,
  CatalogObjectPageSchema,
  CatalogObjectPathSchema,
  CatalogUploadFormSchema,
  CatalogUploadResponseSchema,
  MAX_NORAD_ID,
} from '../schemas/catalog.ts';
import { getCatalogObject, listCatalog, queryCatalog, uploadCatalogFiles, type CatalogListFilter } from '../services/catalog.ts';

const TAG = ['Catalog'];
const COLLECTION = '/operations/catalog';
const OBJECTS = '/operations/catalog/objects';

const uploadRoute = createRoute({
  method: 'post', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'Upload catalog files (TLE/3LE, CCSDS OMM KVN or XML): element sets stored by NORAD id, the newest epoch current',
  description:
    'Each file is read on the compute pool (format from the content) and is atomic: a file with any bad line (or a set SGP4 cannot ' +
    'run) is refused whole, every bad line listed with its line number and reason, and nothing of it is stored. Sets are kept (older ' +
    'ones too); the same set (NORAD id, epoch and elements) is stored once; an object’s current set is its newest epoch. Large files ' +
    'are written in short staged chunks and appear at once (a crash leaves the whole file or none of it). Uploads of one organization are ' +
    'written one at a time: an upload waits for another one being written (up to 60 s, then 503 CATALOG_BUSY with Retry-After). ' +
    '200 when every file was stored or is a duplicate, 207 when any failed. ' +
    'Permission write:conjunctions.',
  request: { body: { content: { 'multipart/form-data': { schema: CatalogUploadFormSchema } }, required: true } },
  responses: {
    200: { description: 'Every file stored or duplicate', content: json(CatalogUploadResponseSchema) },
    207: { description: 'Per-file results; at least one file failed (nothing of it stored)', content: json(CatalogUploadResponseSchema) },
    ...errorResponses(413, 415, 503),
  },
});

const listRoute = createRoute({
  method: 'get', path: OBJECTS, tags: TAG, security: SECURED,
  summary: 'List the catalog’s objects with their current set (paged)',
  description:
    'Filters on the current set: noradId, noradIds (comma-separated, up to 500; POST …/objects/query for more), name (case-insensitive contains), minPerigeeKm/maxPerigeeKm, minApogeeKm/maxApogeeKm (heights ' +
    `above the WGS-84 equatorial radius), maxEpochAgeDays. Default sort noradId,asc; sortable ${Object.keys(CATALOG_OBJECT_SORT_COLUMNS).join(', ')}. ` +
    'Permission read:conjunctions.',
  request: { query: CatalogListQuerySchema },
  responses: { 200: { description: 'A page of objects', content: json(CatalogObjectPageSchema) }, ...errorResponses() },
});

const queryRoute = createRoute({
  method: 'post', path: `${OBJECTS}/query`, tags: TAG, security: SECURED,
  summary: 'Objects of the catalog by NORAD ids (up to 10,000 in one request), with the list’s filters, paged',
  description:
    'The list of GET /operations/catalog/objects for the NORAD ids the body names, and which of them the catalog holds nothing of ' +
    '(`missingNoradIds`). Paging and sort in the query string as for the list. Permission read:conjunctions.',
  request: { query: CatalogListQuerySchema.pick({ page: true, size: true, sort: true }), body: { required: true, content: json(CatalogObjectQueryBodySchema) } },
  responses: { 200: { description: 'A page of objects, and the ids not found', content: json(CatalogObjectQueryPageSchema) }, ...errorResponses(415) },
});

/** `noradIds=25544,43013`: distinct ids in the order given, each a catalog number; a 400 naming the parameter else. */
function parseNoradIds(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  const ids = new Set<number>();
  for (const part of parts) {
    if (!/^\d{1,9}$/.test(part)) throw validationError({ noradIds: `"${part.slice(0, 20)}" is not a NORAD catalog number (comma-separated integers 0–${MAX_NORAD_ID})` });
    ids.add(Number(part));
  }
  if (ids.size > MAX_QUERY_NORAD_IDS) throw validationError({ noradIds: `at most ${MAX_QUERY_NORAD_IDS} ids in the query string (${ids.size} given); POST ${OBJECTS}/query takes up to 10,000` });
  return [...ids];
}

const getRoute = createRoute({
  method: 'get', path: `${OBJECTS}/{noradId}`, tags: TAG, security: SECURED,
  summary: 'One catalog object: its current set (with its TLE lines when a TLE carries it exactly, derived sizes) and the history of its sets',
  description: 'Another organization’s object is a 404. Permission read:conjunctions.',
  request: { params: CatalogObjectPathSchema },
  responses: { 200: { description: 'The object', content: json(CatalogObjectDetailSchema) }, ...errorResponses(404) },
});

export function registerCatalogRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(uploadRoute, async (c) => {
    const files = await uploadedParts(c, ['files']);
    const { status, body } = await uploadCatalogFiles(c.get('deps'), c.get('caller').organizationId, files, c.req.raw.signal);
    return c.json(body as never, status);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const filter: CatalogListFilter = {};
    const noradId = integerParameter(query.noradId, 'noradId', 0, MAX_NORAD_ID);
    if (noradId !== undefined) filter.noradId = noradId;
    if (query.noradIds !== undefined) filter.noradIds = parseNoradIds(query.noradIds);
    if (query.name !== undefined) filter.name = query.name;
    const bounds = ['minPerigeeKm', 'maxPerigeeKm', 'minApogeeKm', 'maxApogeeKm'] as const;
    for (const field of bounds) {
      const value = numberParameter(query[field], field, -Number.MAX_VALUE, Number.MAX_VALUE);
      if (value !== undefined) filter[field] = value;
    }
    const age = numberParameter(query.maxEpochAgeDays, 'maxEpochAgeDays', 0, Number.MAX_VALUE);
    if (age !== undefined) filter.maxEpochAgeDays = age;
    const page = parsePageable(query, Object.keys(CATALOG_OBJECT_SORT_COLUMNS), [{ field: 'noradId', direction: 'asc' }]);
    return c.json((await listCatalog(c.get('deps').db, c.get('caller').organizationId, filter, page)) as never, 200);
  });

  app.openapi(queryRoute, async (c) => {
    const body = c.req.valid('json');
    const page = parsePageable(c.req.valid('query'), Object.keys(CATALOG_OBJECT_SORT_COLUMNS), [{ field: 'noradId', direction: 'asc' }]);
    const filter = { ...body, noradIds: [...new Set(body.noradIds)] };
    return c.json((await queryCatalog(c.get('deps').db, c.get('caller').organizationId, filter, page)) as never, 200);
  });

  app.openapi(getRoute, async (c) => {
    const noradId = integerParameter(c.req.valid('param').noradId, 'noradId', 0, MAX_NORAD_ID)!;
    return c.json((await getCatalogObject(c.get('deps').db, c.get('caller').organizationId, noradId)) as never, 200);
  });
}
