/**
 * Interactive API docs at GET /docs: Swagger UI, served entirely by this service — its assets come from the
 * `swagger-ui-dist` package (Apache-2.0) through the app itself, on Node and on Deno, never from a CDN, so the page
 * works offline and on air-gapped operations networks. No authentication (like /openapi.json).
 */
import { swaggerUI } from '@hono/swagger-ui';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';

/** Where the page loads its assets from: `${ASSET_BASE}/swagger-ui-dist/<file>`. */
const ASSET_BASE = '/docs/assets';

/** The only files served (no directory listing, no path from the request reaches the file system). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=UTF-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=UTF-8',
  'favicon-16x16.png': 'image/png',
  'favicon-32x32.png': 'image/png',
};

let directory: string | null = null;
/** The installed swagger-ui-dist folder (resolved once, like an import). */
function assetDirectory(): string {
  directory ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return directory;
}

const cache = new Map<string, Uint8Array>();

export function registerDocsRoutes(app: OpenAPIHono<AppEnv>): void {
  app.get('/docs', swaggerUI({ url: '/openapi.json', baseUrl: ASSET_BASE, title: 'Apsis Operations API' }));
  app.get(`${ASSET_BASE}/swagger-ui-dist/:file`, async (c) => {
    const file = c.req.param('file');
    const contentType = ASSETS[file];
    if (!contentType) return errorResponse(c, 404, 'Not Found', `No docs asset ${file}`);
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = new Uint8Array(await readFile(join(assetDirectory(), file)));
      cache.set(file, bytes);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=86400' });
  });
}
