/**
 * Stored-maneuver routes (tag Maneuvers, contract 2.0.0): list, batch create, export, import, import preview,
 * read, replace, delete — and the standalone maneuver contract at GET /openapi/maneuvers.json (no auth).
 * Permissions come from api/permissions.ts; the organization only from the caller's key.
 *
 * Registration order matters: the fixed paths (export, import) come before /{maneuverId}, so that
 * `export` and `import` are never taken for maneuver ids (they are reserved names).
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { validationError } from '../http/errors.ts';
import { attachmentDisposition, uploadedParts } from '../http/fileNames.ts';
import { errorResponses, json, MANEUVER_CONTRACT_VERSION, openApiDocument, SECURED, TAGS } from '../openapi.ts';
import { created, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag } from '../http/preconditions.ts';
import {
  CreateManeuverRequestSchema,
  CreateManeuverResponseSchema,
  ImportFormSchema,
  ImportHeadersSchema,
  ImportPreviewSchema,
  ImportQuerySchema,
  ImportResultSchema,
  ManeuverExportQuerySchema,
  ManeuverListQuerySchema,
  ManeuverListResponseSchema,
  ManeuverPathSchema,
  ManeuverSchema,
  SpacecraftIdQuerySchema,
  UpdateManeuverRequestSchema,
} from '../schemas/maneuvers.ts';
import { exportManeuvers } from '../services/maneuvers/export.ts';
import { importManeuverFiles, inspectManeuverFile, type UploadedFile } from '../services/maneuvers/import.ts';
import { createManeuvers, getManeuver, removeManeuver, replaceManeuver, type CreatedManeuvers } from '../services/maneuvers/crud.ts';
import { listManeuvers, MAX_LIST_SPACECRAFT } from '../services/maneuvers/query.ts';

const TAG = 'Maneuvers';
/** Operation extension carried by every maneuver operation (ARCHITECTURE → extension keys). */
const CONTRACT = { 'x-apsis-contract-version': MANEUVER_CONTRACT_VERSION } as const;
export const CONTRACT_EXTENSION_KEY = 'x-apsis-contract-version';

const listRoute = createRoute({
  method: 'get',
  path: '/operations/maneuvers',
  tags: [TAG],
  operationId: 'listOperationsManeuvers',
  summary: 'List stored maneuvers of 1–50 spacecraft intersecting a time window',
  description:
    'spacecraftIds (repeated or comma-separated, 1–50, actual ids), startDate < endDate (instants with zone). A record is listed when its ' +
    'interval [start, end) intersects [startDate, endDate). conflictingManeuverIds includes overlaps outside the window. ' +
    'Permission read:plannedmaneuvers.',
  security: SECURED,
  request: { query: ManeuverListQuerySchema },
  responses: {
    200: {
      description: 'Matching records; empty items when nothing matches (unknown spacecraft ids, or ids of another organization, match nothing)',
      content: json(ManeuverListResponseSchema),
    },
    ...errorResponses(),
  },
  ...CONTRACT,
});

const createManeuversRoute = createRoute({
  method: 'post',
  path: '/operations/maneuvers',
  tags: [TAG],
  operationId: 'createOperationsManeuvers',
  summary: 'Create stored maneuvers (atomic batch)',
  description:
    'Every record is validated and checked for identity and overlap conflicts (against stored records and within the batch) in one ' +
    'transaction; any failure creates nothing. Collisions inside the batch → 400; with stored records → 409 MANEUVER_CONFLICT; an archived ' +
    "spacecraft → 409 SPACECRAFT_ARCHIVED; a hard limit of the craft's maneuverCapabilities (blackout or allowed windows) → 422 " +
    'MANEUVER_CAPABILITY_VIOLATION; soft limits (minimum separation, duty cycle, minimum burn) → stored, listed in warnings. Derived fields sent are ignored. Location: the created record when there is one, ' +
    'else the list query covering every created record (their spacecraft ids and enclosing window). Permission write:plannedmaneuvers.',
  security: SECURED,
  request: { body: { required: true, content: json(CreateManeuverRequestSchema) } },
  responses: {
    201: { description: 'All records created (with the soft planning warnings)', content: json(CreateManeuverResponseSchema) },
    ...errorResponses(404, 409, 415, 422),
  },
  ...CONTRACT,
});

const exportRoute = createRoute({
  method: 'get',
  path: '/operations/maneuvers/export',
  tags: [TAG],
  operationId: 'exportOperationsManeuvers',
  summary: 'Export stored maneuvers as CCSDS OCM (by ids or by range)',
  description:
    'Either by ids (exactly one spacecraftIds, 1–100 repeated maneuverIds, no dates) or by range (1–50 spacecraftIds, startDate < endDate, ' +
    'no maneuverIds). One OCM → text/plain; several → application/zip: by ids one file `<spacecraftId>_<maneuverId>.ocm` per maneuver, ' +
    'by range one file `<spacecraftId>.ocm` per spacecraft (characters outside [A-Za-z0-9._-] become `_` plus an 8-hex hash of the ' +
    'original). OCM KVN, TIME_SYSTEM UTC, OBJECT_DESIGNATOR = spacecraft id, PHYS WET_MASS, no MAN_BASIS. Permission read:plannedmaneuvers.',
  security: SECURED,
  request: { query: ManeuverExportQuerySchema },
  responses: {
    200: {
      description: 'One OCM (text/plain) or a ZIP of OCM files (application/zip)',
      content: {
        'text/plain': { schema: z.string() },
        'application/zip': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    ...errorResponses(404, 503),
  },
  ...CONTRACT,
});

const importRoute = createRoute({
  method: 'post',
  path: '/operations/maneuvers/import',
  tags: [TAG],
  operationId: 'importOperationsManeuvers',
  summary: 'Import CCSDS OCM files (each file atomic and independent)',
  description:
    '200: every file succeeded. 207: per-file results with at least one failed or ambiguous file (an all-ambiguous batch too). ' +
    'Every file failed without ambiguity: 409 MANEUVER_CONFLICT when all failures are conflicts with stored records, else 400 ' +
    'VALIDATION_ERROR (details carry the per-file results). The target comes from the file metadata (OBJECT_DESIGNATOR: id, externalKey ' +
    'or NORAD id; INTERNATIONAL_DESIGNATOR: COSPAR id; OBJECT_NAME: id, externalKey or name — strongest kind wins, unique match only) or ' +
    'from spacecraftId. X-Content-Hash / X-Resolution-Fingerprint from the preview bind a single file; a mismatch is 409 ' +
    'IMPORT_STALE_PREVIEW. Permission write:plannedmaneuvers.',
  security: SECURED,
  request: {
    query: ImportQuerySchema,
    headers: ImportHeadersSchema,
    body: { required: true, content: { 'multipart/form-data': { schema: ImportFormSchema } } },
  },
  responses: {
    200: { description: 'All files imported', content: json(ImportResultSchema) },
    207: { description: 'Per-file results (some failed or ambiguous)', content: json(ImportResultSchema) },
    ...errorResponses(404, 409, 413, 415, 422, 503),
  },
  ...CONTRACT,
});

const inspectRoute = createRoute({
  method: 'post',
  path: '/operations/maneuvers/import/inspect',
  tags: [TAG],
  operationId: 'inspectOperationsManeuversImport',
  summary: 'Preview the import of one OCM file (nothing stored)',
  description:
    'Returns what importing the file now would do, its contentHash (SHA-256 of the bytes) and resolutionFingerprint (SHA-256 of the ' +
    'resolved target, candidates and MAN_IDs), to be sent back as X-Content-Hash / X-Resolution-Fingerprint. Permission write:plannedmaneuvers.',
  security: SECURED,
  request: {
    query: ImportQuerySchema,
    body: { required: true, content: { 'multipart/form-data': { schema: ImportFormSchema } } },
  },
  responses: {
    200: { description: 'Preview of the file', content: json(ImportPreviewSchema) },
    ...errorResponses(404, 413, 415, 503),
  },
  ...CONTRACT,
});

const getRoute = createRoute({
  method: 'get',
  path: '/operations/maneuvers/{maneuverId}',
  tags: [TAG],
  operationId: 'getOperationsManeuver',
  summary: 'Read one stored maneuver',
  description: 'Addressed by maneuverId (URL-encoded) and the actual spacecraftId. Permission read:plannedmaneuvers.',
  security: SECURED,
  request: { params: ManeuverPathSchema, query: SpacecraftIdQuerySchema },
  responses: {
    200: { description: 'The record', headers: ETAG_HEADER, content: json(ManeuverSchema) },
    ...errorResponses(404),
  },
  ...CONTRACT,
});

const putRoute = createRoute({
  method: 'put',
  path: '/operations/maneuvers/{maneuverId}',
  tags: [TAG],
  operationId: 'replaceOperationsManeuver',
  summary: 'Replace the editable fields of a stored maneuver',
  description:
    'Replaces name, purpose, attitudeMode and the full composition; omitted purpose is cleared. The resulting interval must not overlap any ' +
    'other record of the spacecraft (also for a name-only edit). Permission write:plannedmaneuvers.',
  security: SECURED,
  request: {
    params: ManeuverPathSchema,
    query: SpacecraftIdQuerySchema,
    headers: IfMatchHeaderSchema,
    body: { required: true, content: json(UpdateManeuverRequestSchema) },
  },
  responses: {
    200: { description: 'The complete updated record', headers: ETAG_HEADER, content: json(ManeuverSchema) },
    ...errorResponses(404, 409, 412, 415, 422),
  },
  ...CONTRACT,
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/operations/maneuvers/{maneuverId}',
  tags: [TAG],
  operationId: 'deleteOperationsManeuver',
  summary: 'Delete a stored maneuver',
  description: 'Permission delete:plannedmaneuvers.',
  security: SECURED,
  request: { params: ManeuverPathSchema, query: SpacecraftIdQuerySchema, headers: IfMatchHeaderSchema },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(404, 412),
  },
  ...CONTRACT,
});

/**
 * Location of a batch create: the record itself when one was created; otherwise the list query that returns every
 * created record (their spacecraft ids and enclosing window — it may list older records of that window too). More
 * spacecraft than a list takes (50): the first created record.
 */
function createdLocation(records: CreatedManeuvers['created']): string {
  const detail = (r: CreatedManeuvers['created'][number]) =>
    `/operations/maneuvers/${encodeURIComponent(r.maneuverId)}?spacecraftId=${encodeURIComponent(r.spacecraftId)}`;
  const spacecraftIds = [...new Set(records.map((r) => r.spacecraftId))];
  if (records.length === 1 || spacecraftIds.length > MAX_LIST_SPACECRAFT) return detail(records[0]!);
  const query = new URLSearchParams();
  for (const id of spacecraftIds) query.append('spacecraftIds', id);
  query.set('startDate', records.reduce((min, r) => (r.start < min ? r.start : min), records[0]!.start));
  query.set('endDate', records.reduce((max, r) => (r.end > max ? r.end : max), records[0]!.end));
  return `/operations/maneuvers?${query}`;
}

/** The `files` parts of a multipart body: at least one, each a file with a name that can be stored, and no other part (uploadedParts). */
async function uploadedFiles(c: Context): Promise<UploadedFile[]> {
  const parts = await uploadedParts(c, ['files']);
  if (parts.length === 0) throw validationError({ files: 'at least one file is required (multipart part `files`)' });
  return parts.map((part) => ({ filename: part.name, bytes: part.bytes }));
}

function rawQuery(c: Context): Record<string, string[]> {
  return c.req.queries() ?? {};
}

export function registerManeuverRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => {
    const body = await listManeuvers(c.get('deps').db, c.get('caller').organizationId, rawQuery(c));
    return c.json(body, 200);
  });

  app.openapi(createManeuversRoute, async (c) => {
    const { response, created: records } = await createManeuvers(c.get('deps').db, c.get('caller').organizationId, c.req.valid('json').maneuvers);
    return created(c.json(response, 201), createdLocation(records));
  });

  app.openapi(exportRoute, async (c) => {
    const result = await exportManeuvers(c.get('deps').db, c.get('deps').pool, c.get('caller').organizationId, rawQuery(c));
    const headers = { 'Content-Disposition': attachmentDisposition(result.filename) };
    if (result.contentType === 'text/plain') {
      return new Response(result.text, { status: 200, headers: { ...headers, 'Content-Type': 'text/plain; charset=UTF-8' } });
    }
    return new Response(result.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, 'Content-Type': 'application/zip' } });
  });

  app.openapi(importRoute, async (c) => {
    const files = await uploadedFiles(c);
    const outcome = await importManeuverFiles(c.get('deps').db, c.get('deps').pool, c.get('caller').organizationId, files, c.req.valid('query').spacecraftId, {
      contentHash: c.req.header('X-Content-Hash'),
      resolutionFingerprint: c.req.header('X-Resolution-Fingerprint'),
    });
    return c.json(outcome.body, outcome.httpStatus);
  });

  app.openapi(inspectRoute, async (c) => {
    const files = await uploadedFiles(c);
    if (files.length !== 1) throw validationError({ files: 'exactly one file is inspected per request' });
    const preview = await inspectManeuverFile(c.get('deps').db, c.get('deps').pool, c.get('caller').organizationId, files[0]!, c.req.valid('query').spacecraftId);
    return c.json(preview, 200);
  });

  app.openapi(getRoute, async (c) => {
    const { maneuver, etag } = await getManeuver(c.get('deps').db, c.get('caller').organizationId, c.req.valid('query').spacecraftId, c.req.valid('param').maneuverId);
    return withEntityTag(c, etag, c.json(maneuver, 200));
  });

  app.openapi(putRoute, async (c) => {
    const { maneuver, etag } = await replaceManeuver(
      c.get('deps').db,
      c.get('caller').organizationId,
      c.req.valid('query').spacecraftId,
      c.req.valid('param').maneuverId,
      c.req.valid('json'),
      ifMatchOf(c),
    );
    return withEntityTag(c, etag, c.json(maneuver, 200));
  });

  app.openapi(deleteRoute, async (c) => {
    await removeManeuver(c.get('deps').db, c.get('caller').organizationId, c.req.valid('query').spacecraftId, c.req.valid('param').maneuverId, ifMatchOf(c));
    return c.body(null, 204);
  });

  let contract: Record<string, unknown> | null = null;
  app.get('/openapi/maneuvers.json', (c) => c.json((contract ??= maneuverContract(app))));
}

type Json = Record<string, unknown>;

/**
 * The standalone maneuver contract: the generated document filtered to the operations carrying
 * `x-apsis-contract-version`, with the components they reference, and `info.version` 2.0.0.
 */
export function maneuverContract(app: OpenAPIHono<AppEnv>): Json {
  const document = openApiDocument(app);
  const paths: Json = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const operations: Json = {};
    for (const [method, operation] of Object.entries(item)) {
      if (operation && typeof operation === 'object' && (operation as Json)[CONTRACT_EXTENSION_KEY] === MANEUVER_CONTRACT_VERSION) {
        operations[method] = operation;
      }
    }
    if (Object.keys(operations).length > 0) paths[path] = operations;
  }
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  const schemas = components.schemas ?? {};
  const kept: Json = {};
  const pending = collectSchemaRefs(paths);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name in kept || !(name in schemas)) continue;
    kept[name] = schemas[name];
    pending.push(...collectSchemaRefs(schemas[name]));
  }
  return {
    openapi: document.openapi,
    info: {
      title: 'Apsis stored maneuvers',
      version: MANEUVER_CONTRACT_VERSION,
      description: 'Stored-maneuver operations of the Apsis operations API (contract 2.0.0): CRUD with overlap rules, CCSDS OCM import with preview, OCM/ZIP export.',
      'x-apsis-maneuver-api-version': MANEUVER_CONTRACT_VERSION,
    },
    servers: document.servers,
    tags: TAGS.filter((t) => t.name === TAG),
    paths,
    components: { schemas: kept, securitySchemes: components.securitySchemes ?? {} },
  };
}

function collectSchemaRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collectSchemaRefs(v, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) out.push(v.slice('#/components/schemas/'.length));
      else collectSchemaRefs(v, out);
    }
  }
  return out;
}
