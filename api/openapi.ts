/**
 * The OpenAPI 3.1 document is generated from the zod route definitions; this module holds the
 * parts that are not per-route: info, tags, the bearer scheme and the extension keys.
 */
import { z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';

export const API_VERSION = '1.0.0';
export const MANEUVER_CONTRACT_VERSION = '2.0.0';

export const TAGS = [
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
] as const;

export const DOCUMENT_INFO = {
  title: 'Apsis Operations API',
  version: API_VERSION,
  description:
    'Spacecraft operations service: registry, stored maneuvers (CCSDS OCM), tracking measurements, state vectors, ' +
    'CCSDS OEM generation by numerical propagation, and fitted TLEs. All /operations routes need a bearer API key.',
  'x-apsis-maneuver-api-version': MANEUVER_CONTRACT_VERSION,
};

export function registerSecurityScheme(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKeyAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'API key issued for an organization: `Authorization: Bearer <API_KEY>`',
  });
}

/** `content` of a JSON request body or response: `content: json(Schema)`. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** Security requirement for every /operations operation. */
export const SECURED = [{ apiKeyAuth: [] as string[] }];

export const ErrorEnvelopeSchema = z
  .object({
    timestamp: z.string().openapi({ format: 'date-time' }),
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

/** Standard error responses, merged into each route's `responses`. */
export function errorResponses(...statuses: number[]): RouteConfig['responses'] {
  const descriptions: Record<number, string> = {
    400: 'Invalid input (VALIDATION_ERROR with fieldErrors)',
    401: 'Missing or invalid credentials',
    403: 'Access denied (ACCESS_ERROR)',
    404: 'Not found',
    406: 'Not acceptable',
    409: 'Conflict',
    413: 'Payload too large',
    415: 'Unsupported media type',
    422: 'Unmet precondition (details)',
    503: 'Compute queue full; retry after Retry-After seconds',
  };
  const out: RouteConfig['responses'] = {};
  for (const status of [400, 401, 403, ...statuses]) {
    out[status] = { description: descriptions[status] ?? 'Error', content: { 'application/json': { schema: ErrorEnvelopeSchema } } };
  }
  return out;
}
