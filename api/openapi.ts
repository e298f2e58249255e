/**
 * The OpenAPI 3.1 document is generated from the zod route definitions; this module holds the
 * parts that are not per-route: info, tags, servers, the bearer scheme, the extension keys, the
 * instant formats, and the responses every operation has (added centrally by `openApiDocument`, so a
 * new route is documented exactly without repeating them).
 */
import { REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from './examples.ts';
import { OPERATION_IDS } from './operationIds.ts';
import { z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { EPOCH_PATTERN, RECORD_TIMESTAMP_PATTERN } from './http/instants.ts';
import { AVAILABLE_CODINGS, MIN_CODED_BYTES } from './http/contentCoding.ts';
import { CORS_DOCUMENTATION } from './middleware/cors.ts';
import { LOCATION_HEADER } from './http/preconditions.ts';

export const API_VERSION = '1.0.0';
export const MANEUVER_CONTRACT_VERSION = '2.0.0';

export const TAGS = [
  { name: 'Service', description: 'Health of the service (no authentication for its status)' },
  { name: 'State Vectors', description: 'Stored states, OPM import/export, latest state, OEM generation' },
  { name: 'Spacecraft', description: 'Spacecraft registry, lifecycle, TLE generation' },
  { name: 'Thrusters', description: 'Thrusters mounted on a spacecraft' },
  { name: 'Payloads', description: 'Payloads (sensors) mounted on a spacecraft' },
  { name: 'Maneuvers', description: 'Stored maneuvers (contract 2.0.0), CCSDS OCM import/export' },
  { name: 'Measurements', description: 'Tracking data upload (TDM, SP3, OEM), query, outliers, residuals against an orbit' },
  { name: 'Ground Stations', description: 'Tracking stations: position, elevation mask, per-type sigmas and biases' },
  { name: 'Orbit Determination', description: 'Batch least-squares orbit determination jobs, solutions, acceptance as state vectors' },
  { name: 'Tasks', description: 'Scheduled tasks of a spacecraft (OEM, TLE, orbit determination) and their runs' },
  { name: 'Products', description: 'Stored products of task runs and batches: metadata and download' },
  { name: 'Ephemeris Batches', description: 'Batch OEM generation into one ZIP product' },
  { name: 'Events', description: 'Ground-station passes, eclipses, nodes and apsides predicted from the latest stored state' },
  { name: 'Conjunctions', description: 'CCSDS CDM upload, conjunction events, probability of collision (six methods), encounter and timeline pictures, settings' },
  { name: 'Conjunction Screenings', description: 'Screening our orbits (spacecraft, stored states, hypothetical OEMs) against the catalog and our fleet: chunked jobs run by every instance, approaches, events' },
  { name: 'Webhooks', description: 'Subscriptions to change events (Standard Webhooks signatures), their delivery logs and test events' },
  { name: 'Change Feeds', description: 'What changed after a continuation token: conjunction events, CDMs, screening results' },
  { name: 'Catalog', description: 'The organization’s catalog of general-perturbations element sets (TLE/3LE, CCSDS OMM): upload, objects by NORAD id, history' },
] as const;

export const DOCUMENT_INFO = {
  title: 'Apsis Operations API',
  version: API_VERSION,
  description:
    'Spacecraft operations service: registry, stored maneuvers (CCSDS OCM), tracking measurements, state vectors, ' +
    'CCSDS OEM generation by numerical propagation, fitted TLEs, and conjunction assessment from CCSDS CDMs. All /operations routes need a bearer API key. ' +
    `Responses: a JSON or text body of ${MIN_CODED_BYTES} bytes or more is sent in the content coding the request's Accept-Encoding prefers ` +
    `(${AVAILABLE_CODINGS.join(', ')}; none without the header), with Content-Encoding, and every JSON or text response carries Vary: Accept-Encoding. ` +
    'ZIP files are sent as stored. A coded response has its own ETag: the identity ETag with -<coding> before the closing quote; If-Match takes either. ' +
    'Every GET whose 200 carries an ETag answers If-None-Match with 304 and no body. ' +
    'CORS preflights (OPTIONS) are described once, in x-apsis-cors at the root of this document, not as operations.',
  'x-apsis-maneuver-api-version': MANEUVER_CONTRACT_VERSION,
};

export function registerSecurityScheme(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKeyAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'API key issued for an organization: `Authorization: Bearer <API_KEY>`',
  });
  // Referenced by the responses openApiDocument adds to every operation.
  app.openAPIRegistry.register('ErrorEnvelope', ErrorEnvelopeSchema);
  app.openAPIRegistry.register('BearerError', BearerErrorSchema);
}

/** `content` of a JSON request body or response: `content: json(Schema)`. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** Security requirement for every /operations operation. */
export const SECURED = [{ apiKeyAuth: [] as string[] }];

/**
 * A record timestamp (when something happened in the service): UTC, milliseconds, `Z` (domain/instants.ts).
 * Use for createdAt, updatedAt, creationDate, job times.
 */
export const RecordTimestampSchema = z.string().openapi({
  format: 'date-time',
  pattern: RECORD_TIMESTAMP_PATTERN,
  example: '2026-11-21T23:18:17.636Z',
});

/** An epoch of data (measurements, burns, states, windows): UTC, microseconds, `Z` (domain/instants.ts). */
export const EpochSchema = z.string().openapi({
  format: 'date-time',
  pattern: EPOCH_PATTERN,
  example: '2026-11-01T12:00:00.000000Z',
});

export const ErrorEnvelopeSchema = z
  .object({
    timestamp: RecordTimestampSchema,
    status: z.number().int(),
    error: z.string().openapi({ description: 'Reason phrase or machine token (VALIDATION_ERROR, ACCESS_ERROR, …)' }),
    message: z.string(),
    path: z.string(),
    code: z.string().optional(),
    correlationId: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ErrorEnvelope');

/** The bearer-error body of a 401 for an unknown, expired or revoked key or a disabled owner (RFC 6750 §3). */
export const BearerErrorSchema = z
  .object({
    error: z.enum(['invalid_token']),
    error_description: z.string(),
  })
  .openapi('BearerError');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_ERROR with fieldErrors)',
  401: 'Missing or invalid credentials',
  403: 'Access denied (ACCESS_ERROR)',
  404: 'Not found',
  406: 'Not acceptable',
  409: 'Conflict',
  410: 'Gone: the change token is older than the change log’s retention (CHANGE_TOKEN_EXPIRED; RFC 9110 §15.5.11): start again without `after`',
  412: 'Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED)',
  413: 'Payload too large (over MAX_UPLOAD_BYTES)',
  415: 'Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity)',
  431: 'Request header fields too large (over 16 KiB in all)',
  422: 'Unmet precondition (details)',
  408: 'The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed',
  429: 'Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds',
  500: 'Unexpected error (no stack trace; logged with the correlation id)',
  503: 'Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED)',
};

/**
 * The 401 as it really is: `{error: "invalid_token", error_description}` for an unknown, expired or revoked key or a
 * disabled owner; an EMPTY body (no Content-Type) for a missing or malformed Authorization header. Both carry
 * `WWW-Authenticate`. `x-apsis-body-optional` says the body may be absent (OpenAPI cannot express that otherwise).
 */
const UNAUTHORIZED_RESPONSE = {
  description:
    'Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with ' +
    '`WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body ' +
    '`{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`.',
  headers: {
    'WWW-Authenticate': { description: 'Bearer challenge (RFC 6750)', required: true, schema: { type: 'string' } },
  },
  content: { 'application/json': { schema: BearerErrorSchema } },
  'x-apsis-body-optional': true,
};

/** Error responses of a route, merged into its `responses` (400, 401, 403 and 500 come with every operation anyway). */
export function errorResponses(...statuses: number[]): RouteConfig['responses'] {
  const out: RouteConfig['responses'] = {};
  for (const status of [400, 401, 403, ...statuses, 500]) {
    out[status] =
      status === 401
        ? (UNAUTHORIZED_RESPONSE as never)
        : { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: ErrorEnvelopeSchema } } };
  }
  return out;
}

type Json = Record<string, unknown>;

const IF_NONE_MATCH_PARAMETER = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison)',
  schema: { type: 'string' },
};

/** On a 415 for a coded request body only (RFC 7694 §3: never on a 415 for a media type): the codings we take. */
const ACCEPT_ENCODING_HEADER = {
  'Accept-Encoding': { description: 'Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded)', required: false, schema: { type: 'string' } },
};

export const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before retrying', required: true, schema: { type: 'string' } } };

/**
 * The served OpenAPI document: generated from the routes, then completed centrally so that every operation is
 * documented as it behaves: every /operations operation may answer 400, 401 (as above), 403, 429 (failed
 * authentications throttled), 431 (headers too large) and 500, and one with a request body also 408 (stalled body,
 * api/runtime/nodeServer.ts and denoServer.ts), 413 and 415 (with Accept-Encoding when the body was coded). Routes declare only what is particular to them.
 */
export function openApiDocument(app: OpenAPIHono<AppEnv>): Json {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: DOCUMENT_INFO,
    tags: [...TAGS],
    servers: [{ url: '/', description: 'This service: paths are relative to the address this document is served from' }],
  }) as unknown as Json;
  document['x-apsis-cors'] = CORS_DOCUMENTATION;
  // every operation named (api/operationIds.ts), but those that name themselves
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item) as Array<[string, Json]>) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      operation.operationId ??= OPERATION_IDS[`${method.toUpperCase()} ${path}`];
    }
  }
  // request examples where the body is not obvious (api/examples.ts), on the operation's first media type
  for (const [key, example] of Object.entries(REQUEST_EXAMPLES)) {
    const [method, path] = key.split(' ') as [string, string];
    const operation = ((document.paths as Record<string, Json> | undefined)?.[path]?.[method.toLowerCase()]) as Json | undefined;
    const content = (operation?.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
    const media = content ? Object.values(content)[0] : undefined;
    if (!media) throw new Error(`api/examples.ts: ${key} has no request body to show an example of`);
    media.example = example;
  }
  // response examples of the same operations (api/examples.ts), on the success response's JSON media type
  for (const [key, { status, example }] of Object.entries(RESPONSE_EXAMPLES)) {
    const [method, path] = key.split(' ') as [string, string];
    const operation = ((document.paths as Record<string, Json> | undefined)?.[path]?.[method.toLowerCase()]) as Json | undefined;
    const media = ((operation?.responses as Record<string, Json> | undefined)?.[status]?.content as Record<string, Json> | undefined)?.['application/json'];
    if (!media) throw new Error(`api/examples.ts: ${key} has no ${status} JSON response to show an example of`);
    media.example = example;
  }
  const envelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };
  const standard = (status: number): Json => ({ description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: envelopeRef } } });
  const unauthorized: Json = { ...UNAUTHORIZED_RESPONSE, content: { 'application/json': { schema: { $ref: '#/components/schemas/BearerError' } } } };
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item) as Array<[string, Json]>) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      completeRepresentation(method, operation, standard);
    }
  }
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    if (!path.startsWith('/operations')) continue;
    for (const operation of Object.values(item) as Json[]) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const responses = operation.responses as Json;
      for (const status of ['400', '403', '500']) responses[status] ??= standard(Number(status));
      responses['401'] ??= unauthorized;
      // Checked before any key is looked at (api/auth): any operation may answer it.
      responses['429'] ??= { ...standard(429), headers: RETRY_AFTER_HEADER };
      // Checked before routing (api/middleware/limits.ts): any operation may answer it.
      responses['431'] ??= standard(431);
      if (operation.requestBody) {
        for (const status of ['408', '413', '415']) responses[status] ??= standard(Number(status));
      }
      // api/middleware/mediaType.ts refuseCodedBodies.
      const unsupported = responses['415'] as Json | undefined;
      if (unsupported) unsupported.headers = { ...ACCEPT_ENCODING_HEADER, ...((unsupported.headers as Json | undefined) ?? {}) };
      // Every 201 names what it created (api/http/preconditions.ts); every If-Match write may answer 412.
      const createdResponse = responses['201'] as Json | undefined;
      if (createdResponse) createdResponse.headers = { ...LOCATION_HEADER, ...((createdResponse.headers as Json | undefined) ?? {}) };
      const takesIfMatch = ((operation.parameters as Json[] | undefined) ?? []).some((p) => p.in === 'header' && p.name === 'If-Match');
      if (takesIfMatch) responses['412'] ??= standard(412);
    }
  }
  return document;
}

/**
 * What api/middleware/representation.ts does to every GET, documented on each: 406 when Accept-Encoding refuses identity
 * and every coding we have; with an ETag on its 200, the If-None-Match parameter and 304 with no body. (Content-Encoding
 * and Vary, which any JSON or text response may carry, are described once, in the document's description.)
 */
function completeRepresentation(method: string, operation: Json, standard: (status: number) => Json): void {
  const responses = operation.responses as Json;
  if (method !== 'get') return;
  responses['406'] ??= {
    ...standard(406),
    description: "Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE)",
  };
  const ok = responses['200'] as Json | undefined;
  const etagged = ok && (ok.headers as Json | undefined)?.ETag !== undefined;
  if (!etagged) return;
  responses['304'] ??= {
    description: 'Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry.',
    headers: { ETag: { description: 'The current ETag', required: true, schema: { type: 'string' } } },
  };
  const parameters = ((operation.parameters as Json[] | undefined) ?? []);
  if (!parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'if-none-match')) operation.parameters = [...parameters, IF_NONE_MATCH_PARAMETER];
}
