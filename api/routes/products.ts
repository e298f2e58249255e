/** Product routes (tag Products): /operations/products, /operations/products/{id}[/content]. */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { entityTag, REPRESENTATION_ETAG_HEADER, withEntityTag } from '../http/preconditions.ts';
import { OrbitDeterminationSchema } from '../schemas/orbitDeterminations.ts';
import { StateVectorSchema } from '../schemas/stateVectors.ts';
import { EclipsesSchema, PassSchema } from '../schemas/events.ts';
import { getProduct, PRODUCT_KINDS, productContentResponse, productView } from '../services/products/products.ts';
import { listProductsPage } from '../services/products/products.ts';

const TAG = 'Products';

const ProductSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    spacecraftId: z.string().nullable().openapi({ description: 'Null for a batch (see summary.spacecraftIds)' }),
    taskId: z.string().nullable(),
    taskRunId: z.string().nullable(),
    batchId: z.string().nullable(),
    fileName: z.string(),
    mediaType: z.string(),
    spanStart: z.string().nullable().openapi({ format: 'date-time' }),
    spanEnd: z.string().nullable().openapi({ format: 'date-time' }),
    contentSha256: z.string().openapi({ description: 'SHA-256 of the file (lower-case hex); also its ETag' }),
    sizeBytes: z.number().int(),
    storedBytes: z.number().int().openapi({ description: 'Bytes at rest (deflated)' }),
    summary: z.record(z.string(), z.unknown()),
    createdAt: z.string().openapi({ format: 'date-time' }),
    expiresAt: z.string().nullable().openapi({ format: 'date-time' }),
    contentUrl: z.string(),
  })
  .openapi('Product');

const IdParam = z.object({ id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' }, description: 'Product id' }) });

const instant = (description: string) => z.string().optional().openapi({ description, format: 'date-time' });

const listRoute = createRoute({
  method: 'get', path: '/operations/products', tags: [TAG], security: SECURED,
  summary: 'List stored products (paged)',
  description:
    'Filters: spacecraftId, taskId, kind (OEM, TLE, OEM_BATCH, OD_SOLUTION, EVENT_PLAN; repeatable or comma-separated), createdFrom/createdTo, spanFrom/spanTo ' +
    '(products whose span overlaps). Sortable: createdAt (default desc), spanStart, sizeBytes, kind. Permission read:products.',
  request: {
    query: z.object({
      ...pageableQuery,
      spacecraftId: z.string().optional(),
      taskId: z.string().optional(),
      kind: z.union([z.string(), z.array(z.string())]).optional(),
      createdFrom: instant('Created at or after'),
      createdTo: instant('Created at or before'),
      spanFrom: instant('Span ends at or after'),
      spanTo: instant('Span starts at or before'),
    }),
  },
  responses: { 200: { description: 'A page of products', content: json(pageSchema(ProductSchema, 'ProductPage')) }, ...errorResponses() },
});

const getRoute = createRoute({
  method: 'get', path: '/operations/products/{id}', tags: [TAG], security: SECURED,
  summary: 'Product metadata', description: 'Permission read:products.',
  request: { params: IdParam },
  responses: { 200: { description: 'The product', headers: REPRESENTATION_ETAG_HEADER, content: json(ProductSchema) }, ...errorResponses(404) },
});

const OdSolutionProductSchema = z
  .object({
    orbitDetermination: OrbitDeterminationSchema,
    // A union, not .nullable(): zod-to-openapi writes a nullable reference as allOf [StateVector, object|null],
    // which no null satisfies (and generated clients type as StateVector & Record<string, never>).
    acceptedStateVector: z.union([StateVectorSchema, z.null()]),
  })
  .openapi('OrbitDeterminationSolutionProduct', { description: 'OD_SOLUTION: the finished orbit determination, and the state vector it became when the task accepted it' });

const EventPlanProductSchema = z
  .object({
    spacecraftId: z.string(),
    from: z.string(),
    to: z.string(),
    truncatedAt: z.string().nullable(),
    passes: z.array(PassSchema),
    eclipses: EclipsesSchema.shape.eclipses.optional(),
    orbits: EclipsesSchema.shape.orbits.optional(),
    statistics: EclipsesSchema.shape.statistics,
  })
  .openapi('EventPlanProduct', { description: 'EVENT_PLAN (JSON): the passes of the span, and its eclipses with the share of each orbit in shadow unless the task left them out' });

/** The file as stored: OEM/TLE text, a pass plan (CSV), an orbit-determination solution or event plan (JSON), a batch ZIP. */
const FILE_CONTENT = {
  'text/plain': { schema: z.string() },
  'text/csv': { schema: z.string().openapi({ description: 'EVENT_PLAN in CSV: the pass plan, one row per pass' }) },
  'application/json': { schema: z.union([OdSolutionProductSchema, EventPlanProductSchema]) },
  'application/zip': { schema: z.string().openapi({ format: 'binary' }) },
};
/** One byte range of such a file: its bytes, in the file's media type. */
const RANGE_CONTENT = {
  'text/plain': { schema: z.string() },
  'text/csv': { schema: z.string() },
  'application/json': { schema: z.string().openapi({ format: 'binary', description: 'bytes of the JSON file' }) },
  'application/zip': { schema: z.string().openapi({ format: 'binary' }) },
};

const contentRoute = createRoute({
  method: 'get', path: '/operations/products/{id}/content', tags: [TAG], security: SECURED,
  summary: 'Download the file (OEM/TLE text, OD solution JSON or the batch ZIP)',
  description:
    'ETag = "<contentSha256>"; If-None-Match → 304; Range: bytes=a-b | a- | -n (one range) → 206 with Content-Range; ' +
    'unsatisfiable → 416 with Content-Range: bytes */size; several ranges are served as the whole file (200); If-Range with ' +
    'another ETag serves the whole file. Permission read:products.',
  request: {
    params: IdParam,
    headers: z.object({
      Range: z.string().optional().openapi({ param: { name: 'Range', in: 'header' }, description: 'One byte range: bytes=a-b, bytes=a- or bytes=-n', example: 'bytes=0-1023' }),
      'If-None-Match': z.string().optional().openapi({ param: { name: 'If-None-Match', in: 'header' }, description: 'The ETag you hold: 304 when it is current' }),
      'If-Range': z.string().optional().openapi({ param: { name: 'If-Range', in: 'header' }, description: 'Serve the Range only while the file still has this ETag (else the whole file)' }),
    }),
  },
  responses: {
    200: { description: 'The file', headers: { ETag: { description: '"<contentSha256>"', required: true, schema: { type: 'string' } } }, content: FILE_CONTENT },
    206: {
      description: 'One byte range of the file (the media type of the file)',
      headers: { 'Content-Range': { description: 'bytes first-last/size', required: true, schema: { type: 'string' } } },
      content: RANGE_CONTENT,
    },
    304: { description: 'Not modified' },
    416: { description: 'Range not satisfiable', headers: { 'Content-Range': { description: 'bytes */size', required: true, schema: { type: 'string' } } } },
    ...errorResponses(404),
  },
});

export function registerProductRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => c.json(await listProductsPage(c.get('deps').db, c.get('caller').organizationId, c.req.valid('query')), 200));

  app.openapi(getRoute, async (c) => {
    const view = productView(await getProduct(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id));
    return withEntityTag(c, entityTag(view), c.json(view, 200));
  });

  app.openapi(contentRoute, async (c) =>
    productContentResponse(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, c.req.raw.headers) as never,
  );
}
