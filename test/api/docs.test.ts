/**
 * GET /docs works offline: Swagger UI's assets come from the `swagger-ui-dist` package through the
 * app itself, never from a CDN. Checked in a real headless Chromium with every request outside the service refused:
 * the page must list every operation of the OpenAPI document.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import { browserSkipReason, openDocsPage } from '../helpers/browser.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

const skip = browserSkipReason();
if (skip) console.log(`# SKIP docs browser check: ${skip}`);

describe('interactive docs (/docs) without the internet', () => {
  let svc: TestService;
  let server: ServerType;
  let baseUrl: string;
  let operations: string[];
  before(async () => {
    svc = await createTestService();
    server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const document = await (await svc.request('GET', '/openapi.json')).json();
    operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await svc.close();
  });

  test('the page references only the service itself; its assets are served by the app', async () => {
    const page = await (await fetch(`${baseUrl}/docs`)).text();
    const urls = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(urls.length >= 2, 'a stylesheet and a script');
    for (const url of urls) assert.ok(url.startsWith('/'), `${url} is served by the service (no CDN)`);
    assert.doesNotMatch(page, /cdn\.|jsdelivr|unpkg/i);
    for (const url of urls) {
      const asset = await fetch(`${baseUrl}${url}`);
      assert.equal(asset.status, 200, url);
      assert.ok((await asset.arrayBuffer()).byteLength > 10_000, `${url} has content`);
    }
    const css = await fetch(`${baseUrl}/docs/assets/swagger-ui-dist/swagger-ui.css`);
    assert.match(css.headers.get('content-type')!, /^text\/css/);
    assert.equal((await fetch(`${baseUrl}/docs/assets/swagger-ui-dist/..%2Fpackage.json`)).status, 404, 'only the listed files');
    assert.equal((await fetch(`${baseUrl}/docs/assets/swagger-ui-dist/index.html`)).status, 404);
  });

  test('headless Chromium, no internet: Swagger UI lists every operation of the document', { skip, timeout: 120_000 }, async () => {
    const page = await openDocsPage(baseUrl, operations.length);
    assert.deepEqual(page.foreignRequests, [], 'nothing is fetched from outside the service');
    assert.deepEqual([...page.operations].sort(), [...operations].sort());
    assert.ok(page.operations.includes('GET /operations/maneuvers'));
  });
});
