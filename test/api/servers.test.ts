/** Real listening servers: Node (`npm start`) with graceful shutdown, and Deno (`deno task start`). */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { browserSkipReason, openDocsPage } from '../helpers/browser.ts';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Starts a server in its own process group, so a signal reaches the whole tree (task runners spawn children). */
function start(command: string, args: string[], extraEnv: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-srv-'));
  dirs.push(dir);
  const child = spawn(command, args, {
    env: { ...process.env, PORT: '0', WORKERS: '1', DATABASE_URL: `file:${join(dir, 'db', 'apsis.db')}`, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /APSIS_LISTENING port=(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

/** Signals the server's whole process group. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

test('Node server: serves with the embedded libSQL file (folder created on demand) and shuts down gracefully on SIGTERM', async () => {
  // `npm start` runs `tsx api/server.ts`; node --import tsx is the same without npm's signal handling in between.
  const { child, port } = await start(process.execPath, ['--import', 'tsx', 'api/server.ts'], { BOOTSTRAP_API_KEY: 'node-test-key' });
  try {
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(health.status, 200);
    const res = await fetch(`http://127.0.0.1:${port}/operations/spacecraft`, { headers: { Authorization: 'Bearer node-test-key' } });
    assert.equal(res.status, 200);
    // An in-flight request (a body still being sent) completes after SIGTERM; then the process exits 0.
    const exit = exited(child);
    const slow = fetch(`http://127.0.0.1:${port}/health`);
    child.kill('SIGTERM');
    assert.equal((await slow).status, 200);
    assert.equal(await exit, 0);
  } finally {
    signalGroup(child, 'SIGKILL');
  }
});

test('Deno server: `deno task start` serves the same app and answers an authenticated request', { timeout: 120_000 }, async () => {
  const { child, port } = await start('node_modules/.bin/deno', ['task', 'start'], { BOOTSTRAP_API_KEY: 'deno-test-key' });
  try {
    const res = await fetch(`http://127.0.0.1:${port}/operations/spacecraft`, { headers: { Authorization: 'Bearer deno-test-key' } });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.totalElements, 0);
    const unauth = await fetch(`http://127.0.0.1:${port}/operations/spacecraft`);
    assert.equal(unauth.status, 401);
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
    const exit = exited(child);
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  }
});
