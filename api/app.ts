/**
 * The Hono app factory: one app for Node and Deno. Cross-cutting concerns are the middleware of api/middleware/, in
 * the order below; resources are registered by their routers (api/routes/*).
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { AppDeps, AppEnv } from './context.ts';
import { fieldErrorsFromZod, validationError } from './http/errors.ts';
import { authenticate } from './middleware/auth.ts';
import { correlationId } from './middleware/correlation.ts';
import { cors } from './middleware/cors.ts';
import { limitBodyBytes, limitHeaderBytes } from './middleware/limits.ts';
import { declaredMediaTypes, requireDeclaredMediaType } from './middleware/mediaType.ts';
import { readMultipartBodies } from './middleware/multipart.ts';
import { methodNotAllowedOrNotFound, refuseShadowedMethods, RouteTable } from './middleware/notFound.ts';
import { toErrorResponse } from './middleware/onError.ts';
import { bindRequestDeps } from './middleware/requestDeps.ts';
import { headLikeGet, negotiateRepresentation } from './middleware/representation.ts';
import { requireUtf8JsonBody } from './middleware/utf8Json.ts';
import { openApiDocument, registerSecurityScheme } from './openapi.ts';
import { entityTag } from './http/preconditions.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerServiceRoutes } from './routes/service.ts';
import { requestMetrics } from './middleware/requestMetrics.ts';
import { ROUTERS } from './routes/index.ts';

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(fieldErrorsFromZod(result.error as ZodError, result.target));
    },
  });

  // First, so that whatever answers a HEAD (a route, an error, a refusal of any middleware) has GET's Content-Length.
  app.use('*', headLikeGet());
  app.use('*', correlationId());
  app.use('*', requestMetrics(deps.metrics));
  // Before everything that may answer, so every answer (431, 401, 406…) carries the grant a page needs to read it.
  app.use('*', cors(deps.config.corsOrigins));
  app.use('*', limitHeaderBytes());
  // Conditional GET and content coding of whatever the routes answer (errors included).
  app.use('*', negotiateRepresentation());
  app.use('*', bindRequestDeps(deps));
  app.use('*', limitBodyBytes(deps.config.maxUploadBytes));
  const routes = new RouteTable(app);
  const authentication = authenticate(deps.config, routes);
  app.use('/operations/*', authentication);
  app.use('/metrics', authentication);
  // /health: anonymous for load balancers (status and version); a request that sends a key is authenticated as on
  // /operations and, with read:health, gets the operator's details (api/routes/health.ts).
  app.use('/health', (c, next) => (c.req.header('authorization') === undefined ? next() : authentication(c, next)));
  // After authentication, like every 405 of a known path (api/middleware/notFound.ts).
  app.use('*', refuseShadowedMethods(app, routes));
  // Filled once every route is registered (below); the middleware reads it per request. Header checks (a body where
  // none is taken, its media type, its coding) before anything reads the body.
  const mediaTypes = new Map<string, string[]>();
  app.use('/operations/*', requireDeclaredMediaType(mediaTypes));
  app.use('/operations/*', requireUtf8JsonBody());
  app.use('/operations/*', readMultipartBodies());

  registerSecurityScheme(app);
  registerHealthRoutes(app);
  registerServiceRoutes(app);
  for (const register of ROUTERS) register(app);
  for (const [key, types] of declaredMediaTypes(app)) mediaTypes.set(key, types);

  // Serialized once (300 KB): a strong ETag of its text lets callers revalidate it with If-None-Match.
  let document: { text: string; etag: string } | null = null;
  app.get('/openapi.json', (c) => {
    if (!document) {
      const text = JSON.stringify(openApiDocument(app));
      document = { text, etag: entityTag(text) };
    }
    return c.body(document.text, 200, { 'Content-Type': 'application/json', ETag: document.etag });
  });
  registerDocsRoutes(app);

  app.notFound((c) => methodNotAllowedOrNotFound(app, c));
  app.onError((error, c) => toErrorResponse(error, c));
  return app;
}
