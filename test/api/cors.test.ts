/**
 * CORS for browser callers on other origins (api/middleware/cors.ts), over a real socket:
 *
 *  - CORS_ORIGINS unset: no CORS header on any answer (a preflight goes to authentication like any request: 401).
 *  - A list: a preflight from a listed origin answered 204 without authentication, naming the methods, the request
 *    headers a page may send (Authorization, If-Match, If-None-Match, Content-Type, X-Content-Hash, …) and a max age,
 *    with the origin and credentials; actual answers (errors included) carry the origin, credentials and the exposed
 *    headers (ETag, Location, Warning, X-Correlation-Id, Retry-After, Content-Range, …); an origin not listed gets no grant.
 *  - `*`: every answer says `*`, never with credentials.
 *  - In headless Chromium, on Node and on Deno: a page served by another local server (another port, so another
 *    origin) sends a preflighted PATCH (Authorization, If-Match, JSON) and reads the exposed ETag and X-Correlation-Id,
 *    gets a 304 for a conditional GET, and a page on an origin not listed is refused by the browser.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../api/config.ts';
import { ALLOWED_HEADERS, EXPOSED_HEADERS } from '../../api/middleware/cors.ts';
import { browserSkipReason, withBrowser } from '../helpers/browser.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';

const PAGE_ORIGIN = 'https://ops.example';
const OTHER_ORIGIN = 'https://elsewhere.example';

const corsHeaders = (response: Response) => {
  const names: string[] = [];
  response.headers.forEach((_value, name) => name.startsWith('access-control-') && names.push(name));
  return names;
};
const list = (value: string | null) => (value ?? '').split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);

describe('CORS_ORIGINS', () => {
  test('is parsed strictly: *, or origins exactly as browsers send them; anything else stops start-up naming the entry', () => {
    assert.deepEqual(loadConfig({}).corsOrigins, []);
    assert.equal(loadConfig({ CORS_ORIGINS: ' * ' }).corsOrigins, '*');
    assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://ops.example, http://127.0.0.1:5173' }).corsOrigins, ['https://ops.example', 'http://127.0.0.1:5173']);
    for (const [value, named] of [
      ['https://ops.example/', 'https://ops.example/'],
      ['https://ops.example/app', 'https://ops.example/app'],
      ['ops.example', 'ops.example'],
      ['https://OPS.example', 'https://OPS.example'],
      ['https://ops.example:443', 'https://ops.example:443'],
      ['ftp://ops.example', 'ftp://ops.example'],
      ['*, https://ops.example', '"*"'],
    ]) {
      assert.throws(() => loadConfig({ CORS_ORIGINS: value }), (error: Error) => error.message.startsWith('CORS_ORIGINS') && error.message.includes(named), value);
    }
  });
});

describe('CORS over the socket', () => {
  let off: TestService;
  let listed: TestService;
  let any: TestService;
  let keyOff: string;
  let keyListed: string;
  let keyAny: string;
  before(async () => {
    [off, listed, any] = await Promise.all([createTestService(), createTestService({ corsOrigins: [PAGE_ORIGIN] }), createTestService({ corsOrigins: '*' })]);
    [keyOff, keyListed, keyAny] = await Promise.all([off.key(), listed.key(), any.key()]).then((keys) => keys.map((k) => k.secret));
  });
  after(async () => Promise.all([off?.close(), listed?.close(), any?.close()]));

  const preflight = (svc: TestService, origin: string, method = 'PATCH', headers = 'authorization, if-match, content-type') =>
    svc.request('OPTIONS', '/operations/spacecraft/some-id', { headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers } });

  test('unset: no CORS header on any answer; a preflight is an unauthenticated request like any other (401)', async () => {
    for (const response of [
      await preflight(off, PAGE_ORIGIN),
      await off.request('GET', '/operations/spacecraft', { key: keyOff, headers: { Origin: PAGE_ORIGIN } }),
      await off.request('GET', '/operations/spacecraft', { headers: { Origin: PAGE_ORIGIN } }),
      await off.request('GET', '/health', { headers: { Origin: PAGE_ORIGIN } }),
    ]) {
      assert.deepEqual(corsHeaders(response), [], `${response.status} ${response.url}`);
      assert.ok(!list(response.headers.get('vary')).includes('origin'));
      await response.arrayBuffer();
    }
    assert.equal((await preflight(off, PAGE_ORIGIN)).status, 401);
  });

  test('a list: the preflight of a listed origin is answered without authentication; actual answers, errors too, carry the grant', async () => {
    const answer = await preflight(listed, PAGE_ORIGIN);
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
    assert.deepEqual(list(answer.headers.get('access-control-allow-methods')), ['get', 'head', 'post', 'put', 'patch', 'delete']);
    const allowed = list(answer.headers.get('access-control-allow-headers'));
    for (const name of ['authorization', 'if-match', 'if-none-match', 'content-type', 'x-content-hash', 'x-resolution-fingerprint', 'x-correlation-id', 'range']) {
      assert.ok(allowed.includes(name), `${name} in ${allowed}`);
    }
    assert.deepEqual(allowed, ALLOWED_HEADERS.map((h) => h.toLowerCase()));
    assert.equal(answer.headers.get('access-control-max-age'), '600');
    assert.ok(list(answer.headers.get('vary')).includes('origin'));

    const read = await listed.request('GET', '/operations/spacecraft', { key: keyListed, headers: { Origin: PAGE_ORIGIN } });
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    assert.equal(read.headers.get('access-control-allow-credentials'), 'true');
    const exposed = list(read.headers.get('access-control-expose-headers'));
    for (const name of ['etag', 'location', 'warning', 'x-correlation-id', 'retry-after', 'content-range', 'www-authenticate']) assert.ok(exposed.includes(name), `${name} exposed`);
    assert.deepEqual(exposed, EXPOSED_HEADERS.map((h) => h.toLowerCase()));
    assert.ok(list(read.headers.get('vary')).includes('origin'));
    await read.arrayBuffer();
    // A 401 must be readable by the page too.
    const refused = await listed.request('GET', '/operations/spacecraft', { headers: { Origin: PAGE_ORIGIN } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), PAGE_ORIGIN);

    // An origin not listed: no grant (the preflight goes on to authentication), and Vary: Origin all the same.
    const stranger = await preflight(listed, OTHER_ORIGIN);
    assert.equal(stranger.status, 401);
    assert.equal(stranger.headers.get('access-control-allow-origin'), null);
    const strangerRead = await listed.request('GET', '/operations/spacecraft', { key: keyListed, headers: { Origin: OTHER_ORIGIN } });
    assert.equal(strangerRead.status, 200);
    assert.deepEqual(corsHeaders(strangerRead), []);
    assert.ok(list(strangerRead.headers.get('vary')).includes('origin'));
    await strangerRead.arrayBuffer();
    // Same-origin and non-browser requests (no Origin): no grant either.
    const noOrigin = await listed.request('GET', '/operations/spacecraft', { key: keyListed });
    assert.deepEqual(corsHeaders(noOrigin), []);
    await noOrigin.arrayBuffer();
  });

  test('*: every answer says *, never with credentials', async () => {
    const answer = await preflight(any, OTHER_ORIGIN, 'DELETE', 'authorization');
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    assert.equal(answer.headers.get('access-control-allow-credentials'), null);
    for (const response of [
      await any.request('GET', '/operations/spacecraft', { key: keyAny, headers: { Origin: OTHER_ORIGIN } }),
      await any.request('GET', '/operations/spacecraft', { key: keyAny }),
      await any.request('GET', '/operations/spacecraft', { headers: { Origin: PAGE_ORIGIN } }),
    ]) {
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.equal(response.headers.get('access-control-allow-credentials'), null, 'credentials are never allowed with *');
      assert.ok(list(response.headers.get('access-control-expose-headers')).includes('etag'));
      await response.arrayBuffer();
    }
  });
});

/** A local server of pages: its own port, so its own origin (http://127.0.0.1:<port>). */
async function pageServer(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' });
    response.end('<!doctype html><html><head><title>operations console</title></head><body>console</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

for (const runtime of RUNTIMES) {
  describe(`CORS in headless Chromium: a page on another origin calls the API (${runtime})`, { skip: browserSkipReason(), timeout: 240_000 }, () => {
    let page: { origin: string; server: Server };
    let stranger: { origin: string; server: Server };
    let svc: WireService;
    let key: string;
    before(async () => {
      page = await pageServer();
      stranger = await pageServer();
      svc = await startWireService(runtime, { CORS_ORIGINS: page.origin });
      key = (await svc.key()).secret;
    });
    after(async () => {
      await svc?.close();
      page?.server.close();
      stranger?.server.close();
    });

    test('a preflighted PATCH with If-Match, reading the exposed ETag and X-Correlation-Id; a 304; a page of an origin not listed is refused', async () => {
      const craft = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: `CORS-${runtime}` } })).json();
      const tag = (await svc.request('GET', `/operations/spacecraft/${craft.id}`, { key })).headers.get('etag')!;
      const api = svc.baseUrl;
      await withBrowser(async (context) => {
        const tab = await context.newPage();
        await tab.goto(`${page.origin}/console`);
        const seen = await tab.evaluate(
          async ({ api, key, id, tag }) => {
            // Authorization, If-Match and a JSON body make this a preflighted request (not a CORS-safelisted one).
            const patched = await fetch(`${api}/operations/spacecraft/${id}`, {
              method: 'PATCH',
              headers: { Authorization: `Bearer ${key}`, 'If-Match': tag, 'Content-Type': 'application/json', 'X-Correlation-Id': 'console-42' },
              body: JSON.stringify({ color: '#AA5500' }),
            });
            const body = await patched.json();
            const conditional = await fetch(`${api}/operations/spacecraft/${id}`, { headers: { Authorization: `Bearer ${key}`, 'If-None-Match': patched.headers.get('ETag') ?? '' } });
            const stale = await fetch(`${api}/operations/spacecraft/${id}`, { method: 'PATCH', headers: { Authorization: `Bearer ${key}`, 'If-Match': tag, 'Content-Type': 'application/json' }, body: '{}' });
            return {
              origin: location.origin,
              status: patched.status,
              color: body.color,
              etag: patched.headers.get('ETag'),
              correlationId: patched.headers.get('X-Correlation-Id'),
              conditionalStatus: conditional.status,
              staleStatus: stale.status,
              staleEtag: (await stale.json()).details?.etag,
            };
          },
          { api, key, id: craft.id as string, tag },
        );
        assert.equal(seen.origin, page.origin);
        assert.notEqual(new URL(api).origin, page.origin, 'the page and the API are different origins');
        assert.equal(seen.status, 200);
        assert.equal(seen.color, '#AA5500');
        assert.match(seen.etag ?? '', /^"[0-9a-f]+"$/, 'ETag is readable (exposed)');
        assert.notEqual(seen.etag, tag);
        assert.equal(seen.correlationId, 'console-42', 'X-Correlation-Id is readable (exposed)');
        assert.equal(seen.conditionalStatus, 304);
        assert.equal(seen.staleStatus, 412);
        assert.equal(seen.staleEtag, seen.etag);

        const other = await context.newPage();
        await other.goto(`${stranger.origin}/console`);
        const refused = await other.evaluate(async ({ api, key, id }) => {
          try {
            await fetch(`${api}/operations/spacecraft/${id}`, { headers: { Authorization: `Bearer ${key}` } });
            return 'answered';
          } catch (error) {
            return String((error as Error).name);
          }
        }, { api, key, id: craft.id as string });
        assert.equal(refused, 'TypeError', 'the browser refuses the answer to an origin not listed');
      });
    });
  });
}
