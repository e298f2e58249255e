/** Real listening servers: Node (`npm start`) with graceful shutdown, and Deno (`deno task start`). */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { startServerProcess, type Runtime, type ServerProcess } from '../helpers/serverProcess.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { browserSkipReason, openDocsPage } from '../helpers/browser.ts';
import { makeTdm } from '../helpers/tracking.ts';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `npm start` / `deno task start` on a fresh database file (in a folder created on demand), as test/helpers/serverProcess.ts starts them. */
async function start(runtime: Runtime, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; port: number; server: ServerProcess }> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-srv-'));
  dirs.push(dir);
  const server = await startServerProcess(runtime, { DATABASE_URL: `file:${join(dir, 'db', 'apsis.db')}`, ...extraEnv });
  return { child: server.child, port: server.port, server };
}

test('Node server: serves with the embedded libSQL file (folder created on demand) and shuts down gracefully on SIGTERM', async () => {
  // `npm start` runs `tsx api/server.ts`; node --import tsx is the same without npm's signal handling in between.
  const { child, port, server } = await start('node', { BOOTSTRAP_API_KEY: 'node-test-key' });
  try {
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(health.status, 200);
    const res = await fetch(`http://127.0.0.1:${port}/operations/spacecraft`, { headers: { Authorization: 'Bearer node-test-key' } });
    assert.equal(res.status, 200);
    // An in-flight request (connected, its body still being sent) completes after SIGTERM; then the process exits 0.
    // The connection is made before the signal: a request not yet connected would be refused, rightly.
    const exit = server.exited();
    const body = JSON.stringify({ name: 'sent across the shutdown' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/operations/spacecraft', headers: {
        Authorization: 'Bearer node-test-key', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body),
      } }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.on('error', reject);
      request.on('socket', (socket) => socket.once('connect', () => {
        request.write(body.slice(0, 5));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(5)), 200);
        }, 100);
      }));
    });
    const { status, text } = await answer;
    assert.equal(status, 201, text);
    assert.equal(await exit, 0);
  } finally {
    server.signal('SIGKILL');
  }
});

test('Deno server: `deno task start` serves the same app and answers an authenticated request', { timeout: 120_000 }, async () => {
  const { child, port, server } = await start('deno', { BOOTSTRAP_API_KEY: 'deno-test-key' });
  try {
    const res = await fetch(`http://127.0.0.1:${port}/operations/spacecraft`, { headers: { Authorization: 'Bearer deno-test-key' } });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.totalElements, 0);
    const unauth = await fetch(`http://127.0.0.1:${port}/operations/spacecraft`);
    assert.equal(unauth.status, 401);
    // A multipart upload is read by the streaming reader (api/middleware/multipart.ts) on Deno too.
    const form = new FormData();
    form.append('file', new File([makeTdm({ participants: ['DSS-65', 'DENO-SAT'], start: '2026-10-01T00:00:00', count: 3 })], 'deno.tdm'));
    const inspect = await fetch(`http://127.0.0.1:${port}/operations/measurements/inspect`, { method: 'POST', headers: { Authorization: 'Bearer deno-test-key' }, body: form });
    const inspected = await inspect.json();
    assert.equal(inspect.status, 200, JSON.stringify(inspected));
    assert.equal(inspected.format, 'TDM', JSON.stringify(inspected));
    assert.equal(inspected.measurementCount, 6, JSON.stringify(inspected)); // 3 ranges, 3 az/el pairs
    assert.equal(inspected.unresolvedObjects.length, 1, 'no spacecraft DENO-SAT: reported, not an error');
    // /docs and its Swagger UI assets (swagger-ui-dist, through the app) work on Deno too — no CDN.
    const docs = await (await fetch(`http://127.0.0.1:${port}/docs`)).text();
    assert.match(docs, /\/docs\/assets\/swagger-ui-dist\/swagger-ui-bundle\.js/);
    const bundle = await fetch(`http://127.0.0.1:${port}/docs/assets/swagger-ui-dist/swagger-ui-bundle.js`);
    assert.equal(bundle.status, 200);
    assert.ok((await bundle.arrayBuffer()).byteLength > 100_000);
    if (!browserSkipReason()) {
      const document = await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json();
      const count = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
      const page = await openDocsPage(`http://127.0.0.1:${port}`, count);
      assert.equal(page.operations.length, count, 'Swagger UI served by Deno lists every operation');
      assert.deepEqual(page.foreignRequests, []);
    } else {
      console.log(`# SKIP Deno docs browser check: ${browserSkipReason()}`);
    }
  } finally {
    const exit = server.exited();
    server.signal('SIGTERM');
    const timer = setTimeout(() => server.signal('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  }
});

test('Node server: SIGTERM writes every buffered audit row (usage and failed authentications) before exiting', async () => {
  // A flush interval far longer than the test: only the shutdown can have written the rows.
  const dbDir = mkdtempSync(join(tmpdir(), 'apsis-audit-'));
  dirs.push(dbDir);
  const dbFile = join(dbDir, 'audit.db');
  const { child, port, server } = await start('node', {
    BOOTSTRAP_API_KEY: 'audit-test-key',
    AUDIT_FLUSH_MS: '600000',
    DATABASE_URL: `file:${dbFile}`,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const answered = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${base}/operations/spacecraft`, { headers: { Authorization: 'Bearer audit-test-key', 'X-Correlation-Id': `sigterm-${i}` } }).then((r) => r.status),
      ),
    );
    assert.ok(answered.every((status) => status === 200));
    const failures = await Promise.all(Array.from({ length: 3 }, () => fetch(`${base}/operations/spacecraft`, { headers: { Authorization: 'Bearer wrong-key-000000' } }).then((r) => r.status)));
    assert.deepEqual(failures, [401, 401, 401]);
    const exit = server.exited();
    child.kill('SIGTERM');
    assert.equal(await exit, 0);
  } finally {
    server.signal('SIGKILL');
  }
  const { openDatabase } = await import('../../storage/sql/db.ts');
  const db = await openDatabase({ url: `file:${dbFile}` });
  try {
    const usage = await db.execute("SELECT correlation_id FROM api_key_audit WHERE correlation_id LIKE 'sigterm-%'");
    assert.equal(usage.rows.length, 60);
    const failed = await db.execute("SELECT reason FROM auth_failures WHERE reason = 'UNKNOWN_KEY'");
    assert.equal(failed.rows.length, 3);
  } finally {
    db.close();
  }
});

test('Node server: closing the connection of a long request stops its computation (worker free within 1 s)', async () => {
  const { child, port, server } = await start('node', { BOOTSTRAP_API_KEY: 'cancel-test-key' });
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = { Authorization: 'Bearer cancel-test-key', 'Content-Type': 'application/json' };
    const craft = await (await fetch(`${base}/operations/spacecraft`, {
      method: 'POST', headers, body: JSON.stringify({ name: 'Cancel craft', launchMass: 1000, dryMass: 800, dragArea: 2, srpArea: 2 }),
    })).json();
    const state = await fetch(`${base}/operations/state-vectors`, {
      method: 'POST', headers, body: JSON.stringify({
        spacecraftId: craft.id, epoch: '2023-03-08T06:30:00Z', referenceFrame: 'GCRF', mass: 1000,
        position: [1078.7057558860126, 473.89419427067367, -6987.482439539717], velocity: [6.0638805111585015, -4.359194026524568, 0.643596859521826],
      }),
    });
    assert.equal(state.status, 201);
    const running = async () => ((await (await fetch(`${base}/health`, { headers })).json()) as { pool: { running: number } }).pool.running;
    const client = new AbortController();
    // 59 days of full-model propagation: seconds of work on one worker.
    const request = fetch(`${base}/operations/spacecraft/${craft.id}/tle?epoch=2023-05-06T00:00:00Z`, { headers, signal: client.signal }).catch(() => null);
    const deadline = Date.now() + 20_000;
    while ((await running()) === 0) {
      assert.ok(Date.now() < deadline, 'the TLE computation never started');
      await new Promise((r) => setTimeout(r, 20));
    }
    client.abort();
    const aborted = performance.now();
    while ((await running()) > 0) {
      assert.ok(performance.now() - aborted < 1000, 'worker still busy 1 s after the client left');
      await new Promise((r) => setTimeout(r, 20));
    }
    await request;
  } finally {
    server.signal('SIGKILL');
  }
});
