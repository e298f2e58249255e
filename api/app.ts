/**
 * The Hono app factory: one app for Node and Deno. Cross-cutting concerns live here as small
 * middleware; resources are registered by their routers (api/routes/*).
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { matchedRoutes } from 'hono/route';
import type { ZodError } from 'zod';
import { readMultipartBodies } from './multipart.ts';
import { CcsdsWriteError } from '../engine/files/common/errors.ts';
import { withSignal } from '../workers/pool.ts';
import { PoolSaturatedError, TaskCancelledError, TaskTimeoutError } from '../workers/poolTypes.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { ApiError, errorResponse, REASON_PHRASES } from './errors.ts';
import { logError, logInfo } from './log.ts';
import { authenticate } from './middleware/auth.ts';
import { correlationId } from './middleware/correlation.ts';
import { limitHeaderBytes } from './middleware/limits.ts';
import { toHonoPath } from './permissions.ts';
import { openApiDocument, registerSecurityScheme } from './openapi.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { ROUTERS } from './routes/index.ts';

/** zod issues → `fieldErrors` (dotted path → message). */
export function fieldErrorsFromZod(error: ZodError, target?: string): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || target || 'body';
    if (!(path in fieldErrors)) fieldErrors[path] = issue.message;
  }
  return fieldErrors;
}

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const fieldErrors = fieldErrorsFromZod(result.error as ZodError, result.target);
        throw new ApiError(400, 'VALIDATION_ERROR', describe(fieldErrors), { fieldErrors });
      }
    },
  });

  app.use('*', correlationId());
  app.use('*', limitHeaderBytes());
  app.use('*', async (c, next) => {
    // Computations started for this request stop when its client disconnects (the request's signal aborts).
    const signal = () => c.req.raw.signal;
    c.set('deps', { ...deps, pool: withSignal(deps.pool, signal), earthData: deps.earthData.withSignal(signal) });
    await next();
  });
  const limitBody = bodyLimit({
    maxSize: deps.config.maxUploadBytes,
    onError: (c) =>
      errorResponse(c, 413, 'PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${deps.config.maxUploadBytes} bytes`),
  });
  // Only where a body is read: the limit looks at `c.req.raw.body`, which on Node builds a full Request object (an
  // eighth of the work of a light GET).
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'DELETE' ? next() : limitBody(c, next)));
  app.use('/operations/*', authenticate(deps.config));
  app.use('/operations/*', requireUtf8JsonBody());
  const mediaTypes = new Map<string, string[]>();
  app.use('/operations/*', requireDeclaredMediaType(mediaTypes));
  app.use('/operations/*', readMultipartBodies());

  registerSecurityScheme(app);
  registerHealthRoutes(app);
  for (const register of ROUTERS) register(app);
  for (const [key, types] of declaredMediaTypes(app)) mediaTypes.set(key, types);

  let document: Record<string, unknown> | null = null;
  app.get('/openapi.json', (c) => c.json((document ??= openApiDocument(app))));
  registerDocsRoutes(app);

  app.notFound((c) => methodNotAllowedOrNotFound(app, c));
  app.onError((error, c) => toErrorResponse(error, c));
  return app;
}

function describe(fieldErrors: Record<string, string>): string {
  const entries = Object.entries(fieldErrors);
  return entries.length === 0 ? 'Invalid request' : `Invalid request: ${entries.map(([k, v]) => `${k}: ${v}`).join('; ')}`;
}

export function toErrorResponse(error: unknown, c: Context): Response {
  if (error instanceof ApiError) {
    return errorResponse(c, error.status, error.error, error.message, error.options);
  }
  if (error instanceof PoolSaturatedError) {
    return errorResponse(c, 503, 'SERVICE_UNAVAILABLE', error.message, {
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
    });
  }
  if (error instanceof TaskTimeoutError) {
    return errorResponse(c, 503, 'COMPUTE_TIME_BUDGET_EXCEEDED', error.message, {
      code: 'compute.time-budget.exceeded',
      details: { task: error.task, budgetMs: error.budgetMs },
    });
  }
  if (error instanceof TaskCancelledError) {
    // The client went away: nobody reads this answer.
    logInfo('request cancelled by the client; its computation was stopped', { correlationId: c.get('correlationId'), task: error.task });
    return errorResponse(c, 503, 'REQUEST_CANCELLED', error.message);
  }
  if (error instanceof CcsdsWriteError) {
    // A stored text no file may hold (stored before the rule at the door): the record's owner can fix it.
    return errorResponse(c, 422, 'UNWRITABLE_TEXT', `The file cannot be written: ${error.message}; correct the record and retry`, {
      code: 'file.text.unwritable',
      details: { keyword: error.keyword },
    });
  }
  if (error instanceof HTTPException) {
    // Hono raises these for malformed JSON / form bodies in its validators.
    if (error.status === 400) {
      const message = error.message || 'Malformed request body';
      return errorResponse(c, 400, 'VALIDATION_ERROR', message, { fieldErrors: { body: message } });
    }
    return errorResponse(c, error.status, REASON_PHRASES[error.status] ?? 'Error', error.message || 'Request failed');
  }
  logError('unexpected error', {
    correlationId: c.get('correlationId'),
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error),
  });
  return errorResponse(c, 500, 'Internal Server Error', 'An unexpected error occurred');
}

/**
 * Unknown route → 404; a known path with another method → 405 with `Allow`. The path must match a route exactly (a
 * trailing slash is another path: 404, naming the path without it). Where several route paths match, the most
 * specific wins, as in routing: `/maneuvers/export` is the export route (GET) and not `/maneuvers/{maneuverId}`, so
 * its `Allow` lists only GET.
 */
function methodNotAllowedOrNotFound(app: OpenAPIHono<AppEnv>, c: Context): Response {
  const path = new URL(c.req.url).pathname;
  const matching = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    if (!pathPattern(route.path).test(path)) continue;
    const methods = matching.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    matching.set(route.path, methods);
  }
  if (matching.size > 0) {
    const mostLiteral = Math.max(...[...matching.keys()].map(literalSegments));
    const allowed = new Set<string>();
    for (const [routePath, methods] of matching) if (literalSegments(routePath) === mostLiteral) methods.forEach((m) => allowed.add(m));
    if (allowed.has('GET')) allowed.add('HEAD');
    return errorResponse(c, 405, 'Method Not Allowed', `${c.req.method} is not supported on ${path}`, {
      headers: { Allow: [...allowed].sort().join(', ') },
    });
  }
  if (path.length > 1 && path.endsWith('/')) {
    const trimmed = path.replace(/\/+$/, '');
    if ([...app.routes].some((route) => route.method !== 'ALL' && !route.path.includes('*') && pathPattern(route.path).test(trimmed))) {
      return errorResponse(c, 404, 'Not Found', `No route for ${c.req.method} ${path}; did you mean ${trimmed} (without the trailing slash)?`);
    }
  }
  return errorResponse(c, 404, 'Not Found', `No route for ${c.req.method} ${path}`);
}

function literalSegments(honoPath: string): number {
  return honoPath.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
}

const patternCache = new Map<string, RegExp>();
function pathPattern(honoPath: string): RegExp {
  let pattern = patternCache.get(honoPath);
  if (!pattern) {
    const body = honoPath
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${body}$`);
    patternCache.set(honoPath, pattern);
  }
  return pattern;
}

/** `METHOD /hono/:path` → request body media types, read from the OpenAPI route definitions. */
function declaredMediaTypes(app: OpenAPIHono<AppEnv>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const content = definition.route.request?.body?.content as Record<string, unknown> | undefined;
    if (!content) continue;
    out.set(`${definition.route.method.toUpperCase()} ${toHonoPath(definition.route.path)}`, Object.keys(content));
  }
  return out;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A JSON body must be valid UTF-8 (RFC 8259 §8.1): decoded strictly here, so a byte sequence that is not UTF-8 is a
 * 400 naming the body instead of being stored as U+FFFD. The decoded text is handed to Hono's body cache, which the
 * route's JSON validator then parses.
 */
function requireUtf8JsonBody() {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // Only bodies that can be JSON; reading `c.req.raw.body` of a GET would build a full Request object for nothing.
    const method = c.req.method;
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
    if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && JSON_MEDIA_TYPE.test(contentType) && c.req.raw.body !== null) {
      let text: string;
      try {
        text = decoder.decode(await c.req.arrayBuffer());
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        const message = 'The request body is not valid UTF-8';
        return errorResponse(c, 400, 'VALIDATION_ERROR', message, { fieldErrors: { body: message } });
      }
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    }
    await next();
  };
}

/**
 * True when the request carries a body. On the wire a request has a body exactly when it sends Content-Length or
 * Transfer-Encoding (RFC 9112 §6.1); the servers hand every DELETE, OPTIONS, … a body stream even without one, so the
 * stream is not evidence (a bodiless DELETE from curl, fetch or Python must not be refused).
 */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined && length.trim() !== '') return Number(length) !== 0;
  return c.req.header('transfer-encoding') !== undefined;
}

/**
 * The request body must be what the matched route declares: a body on a route that takes none (GET export, DELETE,
 * …) is a 400 like an unknown parameter, and a body whose Content-Type the route does not declare is a 415.
 */
function requireDeclaredMediaType(mediaTypes: Map<string, string[]>) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // The first matching route handles the request (GET /operations/maneuvers/export, not …/{maneuverId}).
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.method === c.req.method);
    const declared = route ? mediaTypes.get(`${route.method} ${route.path}`) : undefined;
    if (route && declared === undefined && hasBody(c)) {
      return errorResponse(c, 400, 'VALIDATION_ERROR', `${c.req.method} ${route.path.replace(/:(\w+)/g, '{$1}')} takes no request body`, {
        fieldErrors: { body: 'must be absent (this operation takes no request body)' },
      });
    }
    if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
      if (declared && declared.length > 0) {
        const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        if (!declared.includes(contentType)) {
          return errorResponse(c, 415, 'Unsupported Media Type', `Content-Type must be ${declared.join(' or ')}`);
        }
      }
    }
    await next();
  };
}
