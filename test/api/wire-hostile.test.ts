/**
 * What a hostile-client probe found (issue 34 items 7 and 9), checked against `npm start` and `deno task start` in
 * their own processes, over the socket (raw sockets, fetch). One server per runtime serves every check. Each check
 * failed on the main of 2026-12-01.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../api/runtime/timeouts.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { rawExchange } from './wire.helpers.ts';

/** Small, so that a 413 is cheap to provoke with its whole body sent. */
const MAX_UPLOAD_BYTES = 4096;

for (const runtime of RUNTIMES) {
  describe(`hostile clients (${runtime})`, { timeout: 240_000 }, () => {
    let svc: WireService;
    let key: string;
    before(async () => {
      svc = await startWireService(runtime, { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES), BODY_IDLE_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '2000' });
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
  });
}
