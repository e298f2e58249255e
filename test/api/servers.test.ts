/** Real listening servers: Node (`npm start`) with graceful shutdown, and Deno (`deno task start`). */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

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
  } finally {
    const exit = exited(child);
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  }
});

test('Node server: SIGTERM writes every buffered audit row (usage and failed authentications) before exiting', async () => {
  // A flush interval far longer than the test: only the shutdown can have written the rows.
  const dbDir = mkdtempSync(join(tmpdir(), 'apsis-audit-'));
  dirs.push(dbDir);
  const dbFile = join(dbDir, 'audit.db');
  const { child, port } = await start(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
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
    const exit = exited(child);
    child.kill('SIGTERM');
    assert.equal(await exit, 0);
  } finally {
    signalGroup(child, 'SIGKILL');
  }
  const { openDatabase } = await import('../../storage/db.ts');
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
