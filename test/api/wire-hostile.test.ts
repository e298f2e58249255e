/**
 * What a hostile-client probe found, checked against `npm start` and `deno task start` in
 * their own processes, over the socket (raw sockets, fetch). One server per runtime serves every check. Each check
 * failed on the main of 2026-12-01.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { PERMISSIONS } from '../../api/permissions.ts';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../api/runtime/timeouts.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { filesForm } from '../helpers/service.ts';
import { maneuver, segment } from './maneuvers.helpers.ts';
import { ssoState } from './stateVectors.helpers.ts';
import { rawExchange } from './wire.helpers.ts';

/** The page origin CORS is configured for. */
const ORIGIN = 'https://console.example.org';
/** Small, so that a 413 is cheap to provoke with its whole body sent. */
const MAX_UPLOAD_BYTES = 4096;

/** Header fields a HEAD must answer as its GET does (RFC 9110 §9.3.2); Date and X-Correlation-Id differ by nature. */
const REPRESENTATION_HEADERS = ['content-length', 'content-type', 'content-encoding', 'content-disposition', 'etag', 'vary', 'cache-control', 'allow', 'www-authenticate', 'warning'];

for (const runtime of RUNTIMES) {
  describe(`hostile clients (${runtime})`, { timeout: 240_000 }, () => {
    let svc: WireService;
    let key: string;
    before(async () => {
      svc = await startWireService(runtime, { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES), BODY_IDLE_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '2000', CORS_ORIGINS: ORIGIN });
      key = (await svc.key()).secret;
    });
    after(async () => svc?.close());

    test('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS, whatever the request before it (Node); Deno keeps it (documented)', async () => {
      const json = '{"name":"KEEP-ALIVE"}';
      const big = 'x'.repeat(MAX_UPLOAD_BYTES + 1);
      const requests: Record<string, string> = {
        'GET': 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n',
        'HEAD': 'HEAD /health HTTP/1.1\r\nHost: x\r\n\r\n',
        'DELETE without a body': `DELETE /operations/ground-stations/none HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`,
        'POST with a body': `POST /operations/spacecraft HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
        '401 before the body was read': `POST /operations/spacecraft HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
        '413 before the body was read': `POST /operations/spacecraft HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
      };
      // Several sockets of each kind at once, as a probe would open them.
      const waitMs = KEEP_ALIVE_TIMEOUT_MS + 4_000;
      const kinds = Object.entries(requests);
      const results = await Promise.all(kinds.flatMap(([kind, request]) => Array.from({ length: 10 }, async () => ({ kind, ...(await rawExchange(svc.server.port, request, waitMs)) }))));
      for (const { kind, text, closedAfterMs } of results) {
        assert.match(text, /^HTTP\/1\.1 [2-4]\d\d /, `${kind}: answered`);
        if (runtime === 'node') {
          assert.doesNotMatch(text, /connection: close/i, `${kind}: the answer keeps the connection`);
          // Node says `Keep-Alive: timeout=5` and closes 1 s later (api/runtime/timeouts.ts).
          assert.ok(closedAfterMs !== null, `${kind}: still open after ${waitMs} ms`);
          assert.ok(closedAfterMs >= KEEP_ALIVE_TIMEOUT_MS - 500 && closedAfterMs <= KEEP_ALIVE_TIMEOUT_MS + 3_500, `${kind}: closed after ${closedAfterMs} ms`);
        } else if (!/connection: close/i.test(text)) {
          // (Deno answers `connection: close` when the handler did not read the body: the 413.)
          // Deno.serve has no idle keep-alive timeout and a handler cannot close a connection (README → Connections).
          assert.equal(closedAfterMs, null, `${kind}: Deno closed an idle connection after ${closedAfterMs} ms: update the README`);
        }
      }
    });

    test('HEAD answers the header fields GET does, Content-Length included, on every GET of the document and on real resources', async () => {
      const craft = (await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'HEAD-CRAFT', launchMass: 1000, dryMass: 800 } })).json()).id as string;
      const state = (await (await svc.request('POST', '/operations/state-vectors', { key, json: ssoState(craft) })).json()).id as string;
      const station = (await (await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'HEAD-GS', latitudeDeg: 40, longitudeDeg: -3, heightM: 600 } })).json()).id as string;
      const created = await svc.request('POST', '/operations/maneuvers', { key, json: { maneuvers: [maneuver(craft, 'HEAD-BURN', [segment('2026-01-01T00:00:00Z', 60)])] } });
      assert.equal(created.status, 201);
      // `volatile`: the body holds the moment it was made (an OCM's CREATION_DATE, its fraction trimmed), so two answers
      // may differ in length by a digit or so; there the length is compared for being stated on both.
      const compare = async (path: string, headers: Record<string, string> = {}, volatile = false) => {
        const get = await svc.request('GET', path, { key, headers });
        const bytes = (await get.arrayBuffer()).byteLength;
        const head = await svc.request('HEAD', path, { key, headers });
        assert.equal(head.status, get.status, `HEAD ${path}`);
        assert.equal((await head.arrayBuffer()).byteLength, 0, `HEAD ${path} has no body`);
        for (const name of REPRESENTATION_HEADERS) {
          if (volatile && name === 'content-length') assert.equal(head.headers.has(name), get.headers.has(name), `HEAD ${path}: ${name}`);
          else assert.equal(head.headers.get(name), get.headers.get(name), `HEAD ${path}: ${name}`);
        }
        // fetch decodes a coded body, so the length is compared only for identity answers.
        if (get.headers.get('content-encoding') === null && get.headers.get('content-length') !== null) assert.equal(Number(get.headers.get('content-length')), bytes, `GET ${path}`);
        return get;
      };
      const document = await (await svc.request('GET', '/openapi.json')).json();
      const ids: Record<string, string> = { spacecraftId: craft, maneuverId: 'HEAD-BURN' };
      const byCollection: Record<string, string> = { '/operations/spacecraft/{id}': craft, '/operations/state-vectors/{id}': state, '/operations/ground-stations/{id}': station };
      let walked = 0;
      for (const [template, item] of Object.entries<Record<string, unknown>>(document.paths)) {
        if (!('get' in item)) continue;
        const path = template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
          const collection = Object.keys(byCollection).find((prefix) => template.startsWith(prefix.slice(0, -'{id}'.length)) && name === 'id');
          return encodeURIComponent(collection ? byCollection[collection]! : (ids[name] ?? 'no-such-id'));
        });
        await compare(path);
        walked++;
      }
      assert.ok(walked >= 40, `only ${walked} GET paths`);
      // Real answers of every kind, uncoded (a stated length) and coded (none, on GET and HEAD alike; fetch asks for
      // gzip, deflate, br by itself): a JSON item and list, a file download, an OCM export, the document, the docs
      // page, an error.
      for (const [path, volatile] of [
        [`/operations/spacecraft/${craft}`],
        ['/operations/spacecraft?size=100'],
        [`/operations/state-vectors/${state}/opm`],
        [`/operations/maneuvers/export?spacecraftIds=${craft}&maneuverIds=HEAD-BURN`, true],
        [`/operations/maneuvers/HEAD-BURN?spacecraftId=${craft}`],
        ['/openapi.json'],
        ['/docs'],
        ['/health'],
        ['/operations/spacecraft/no-such-craft'],
      ] as Array<[string, boolean?]>) {
        const identity = await compare(path, { 'Accept-Encoding': 'identity' }, volatile);
        assert.ok(identity.status < 400 || path.includes('no-such'), `GET ${path} → ${identity.status}`);
        assert.ok(identity.headers.has('content-length'), `GET ${path}: identity answers state their length`);
        await compare(path, { 'Accept-Encoding': 'gzip' }, volatile);
      }
      assert.equal((await compare('/openapi.json', { 'Accept-Encoding': 'gzip' })).headers.get('content-encoding'), 'gzip');
    });

    test('a request body in a content coding is a 415 with Accept-Encoding: identity (RFC 7694 §3), whatever the coding; identity is taken', async () => {
      const json = JSON.stringify({ name: 'CODED-BODY' });
      for (const [coding, body] of [['gzip', gzipSync(json)], ['br', Buffer.from(json)], ['x-unknown', Buffer.from(json)], ['identity, gzip', gzipSync(json)]] as const) {
        const response = await svc.request('POST', '/operations/spacecraft', { key, body, headers: { 'Content-Type': 'application/json', 'Content-Encoding': coding } });
        const envelope = await response.json();
        assert.equal(response.status, 415, `${coding}: ${JSON.stringify(envelope)}`);
        assert.equal(response.headers.get('accept-encoding'), 'identity', coding);
        assert.deepEqual([envelope.status, envelope.error, envelope.code], [415, 'Unsupported Media Type', 'request.content-encoding.unsupported']);
      }
      // A multipart upload too, and a PATCH; a 415 for the media type says nothing of codings (RFC 7694 §3: MUST NOT).
      const upload = await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'a.tdm', content: 'x' }]), headers: { 'Content-Encoding': 'gzip' } });
      assert.deepEqual([upload.status, upload.headers.get('accept-encoding')], [415, 'identity']);
      const craft = await svc.request('POST', '/operations/spacecraft', { key, body: json, headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'identity' } });
      assert.equal(craft.status, 201);
      const patch = await svc.request('PATCH', `/operations/spacecraft/${(await craft.json()).id}`, { key, body: gzipSync('{}'), headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } });
      assert.equal(patch.status, 415);
      const mediaType = await svc.request('POST', '/operations/spacecraft', { key, body: json, headers: { 'Content-Type': 'text/plain' } });
      assert.deepEqual([mediaType.status, mediaType.headers.get('accept-encoding')], [415, null]);
      // A bodiless request naming a coding has nothing to decode.
      assert.equal((await svc.request('GET', '/operations/spacecraft', { key, headers: { 'Content-Encoding': 'gzip' } })).status, 200);
    });

    test('a literal path beside a parametrized one is its own: another method is a 405 with its Allow (DELETE/PUT …/maneuvers/export), not the item route', async (t) => {
      const document = await (await svc.request('GET', '/openapi.json')).json();
      const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
      const pattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const literal = (template: string) => template.split('/').filter((s) => s && !s.startsWith('{')).length;
      const paths = Object.keys(document.paths);
      const checked: string[] = [];
      for (const path of paths) {
        // `path` names more literally what `other` (with a parameter where it has a word) also matches.
        const owned = METHODS.filter((m) => m in document.paths[path]);
        const concrete = path.replace(/\{[^}]+\}/g, 'x1');
        for (const other of paths) {
          if (other === path || !pattern(other).test(concrete) || literal(other) >= literal(path)) continue;
          for (const method of METHODS.filter((m) => m in document.paths[other] && !owned.includes(m))) {
            const response = await svc.request(method.toUpperCase(), concrete, { key });
            const allow = [...owned.map((m) => m.toUpperCase()), ...(owned.includes('get') ? ['HEAD'] : [])].sort().join(', ');
            assert.equal(response.status, 405, `${method.toUpperCase()} ${concrete} (also ${other}) → ${response.status} ${await response.clone().text()}`);
            assert.equal(response.headers.get('allow'), allow, `${method.toUpperCase()} ${concrete}`);
            checked.push(`${method.toUpperCase()} ${concrete}`);
          }
        }
      }
      t.diagnostic(`literal paths checked: ${checked.join('; ')}`);
      assert.ok(checked.includes('DELETE /operations/maneuvers/export') && checked.includes('PUT /operations/maneuvers/export'), checked.join('; '));
      // Whatever the key may do: a key that may not delete maneuvers gets the 405 too (not a 403), and no key a 401 (as
      // for any method of a known path).
      const reader = (await svc.key({ permissions: ['read:plannedmaneuvers'] })).secret;
      const refused = await svc.request('DELETE', '/operations/maneuvers/export', { key: reader });
      assert.deepEqual([refused.status, refused.headers.get('allow')], [405, 'GET, HEAD']);
      assert.equal((await svc.request('DELETE', '/operations/maneuvers/export')).status, 401);
      // The item route still serves its own ids.
      assert.equal((await svc.request('DELETE', '/operations/maneuvers/exported?spacecraftId=none', { key })).status, 404);
    });

    test('CORS preflights are answered as the document’s x-apsis-cors says, on every path, before authentication; the document lists no OPTIONS operation', async () => {
      const document = await (await svc.request('GET', '/openapi.json')).json();
      const cors = document['x-apsis-cors'];
      assert.ok(cors?.preflight, 'x-apsis-cors describes the preflight');
      const expected = cors.preflight.headers as Record<string, string>;
      for (const [template, item] of Object.entries<Record<string, unknown>>(document.paths)) {
        assert.ok(!('options' in item), `${template}: preflights are described once, not per path`);
        const path = template.replace(/\{[^}]+\}/g, 'x1');
        const preflight = await fetch(`${svc.baseUrl}${path}`, {
          method: 'OPTIONS',
          headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization, content-type, if-match' },
        });
        assert.equal(preflight.status, cors.preflight.status, `OPTIONS ${path}`);
        for (const name of ['Access-Control-Allow-Methods', 'Access-Control-Allow-Headers', 'Access-Control-Max-Age']) {
          assert.equal(preflight.headers.get(name), expected[name], `OPTIONS ${path}: ${name}`);
        }
        assert.deepEqual([preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-credentials'), preflight.headers.get('vary')], [ORIGIN, 'true', 'Origin']);
      }
      // Another origin: an OPTIONS like any method the path lacks, as the document says.
      const other = { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' };
      assert.equal((await svc.request('OPTIONS', '/operations/spacecraft', { headers: other })).status, 401);
      const known = await svc.request('OPTIONS', '/operations/spacecraft', { key, headers: other });
      assert.deepEqual([known.status, known.headers.get('allow'), known.headers.get('access-control-allow-origin')], [405, 'GET, HEAD, POST', null]);
      const answer = await svc.request('GET', '/operations/spacecraft', { key, headers: { Origin: ORIGIN } });
      assert.equal(answer.headers.get('access-control-expose-headers'), cors.exposedHeaders.join(', '));
    });

    test('/health tells anyone its status and version only; the database, pool and Earth-data files need a key holding read:health', async () => {
      const anonymous = await svc.request('GET', '/health');
      const text = await anonymous.text();
      assert.equal(anonymous.status, 200);
      assert.deepEqual(JSON.parse(text), { status: 'UP', version: '1.0.0' });
      assert.doesNotMatch(text, /\/|earthData|pool|sha256/, 'no server paths, file identities or pool details');
      const operator = await (await svc.request('GET', '/health', { key })).json();
      assert.deepEqual([operator.status, operator.version, operator.database.status], ['UP', '1.0.0', 'UP']);
      assert.equal(typeof operator.pool.size, 'number');
      assert.match(operator.earthData.dataDirectory, /^\//);
      assert.ok(operator.earthData.eop.source, 'the EOP in use');
      // A key without the permission is refused (as on /operations); an unknown key is a 401.
      const other = (await svc.key({ permissions: PERMISSIONS.filter((p) => p !== 'read:health') })).secret;
      const refused = await svc.request('GET', '/health', { key: other });
      assert.deepEqual([refused.status, (await refused.json()).error], [403, 'ACCESS_ERROR']);
      assert.equal((await svc.request('GET', '/health', { key: 'apsis_not-a-key' })).status, 401);
      assert.equal((await svc.request('HEAD', '/health')).status, 200);
    });

    test('a text filter of a list with a control character, a bidi override or NUL is a 400 naming the parameter, not an empty or unfiltered page', async () => {
      // A file name is filtered by the rule of the file names it is compared with (controls refused, as by-file
      // operations do); the other filters by the rule of stored names, keys and designators (engine/text.ts).
      const filters: Array<[string, string, boolean?]> = [
        ['/operations/catalog/objects', 'name'],
        ['/operations/spacecraft', 'name'],
        ['/operations/spacecraft', 'cosparId'],
        ['/operations/spacecraft', 'externalKey'],
        ['/operations/spacecraft', 'noradId'],
        ['/operations/ground-stations', 'name'],
        ['/operations/measurements/jobs', 'file', true],
      ];
      for (const [path, parameter, fileName] of filters) {
        for (const bad of ['%00', 'A%00B', '%0A', '%09', '%C2%85', ...(fileName ? [] : ['x%E2%80%AEy'])]) {
          const response = await svc.request('GET', `${path}?${parameter}=${bad}`, { key });
          const envelope = await response.json();
          assert.equal(response.status, 400, `${path}?${parameter}=${bad} → ${response.status} ${JSON.stringify(envelope)}`);
          assert.equal(envelope.error, 'VALIDATION_ERROR');
          assert.ok(envelope.fieldErrors?.[parameter], `${path}?${parameter}=${bad} names the parameter: ${JSON.stringify(envelope.fieldErrors)}`);
        }
        assert.equal((await svc.request('GET', `${path}?${parameter}=Ñuñoa-1`, { key })).status, 200, `${path}?${parameter}= a plain text`);
      }
    });
  });
}
