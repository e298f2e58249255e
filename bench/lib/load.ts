/**
 * A light HTTP load generator for the benchmarks: `connections` keep-alive connections (node:http, no fetch
 * overhead), each sending its next request as soon as the previous answer is read, for `durationMs`. Returns every
 * latency (ms), the non-2xx/3xx count and the count of each status. Light enough that one client process can drive thousands of requests
 * per second (the figures are the server's, not the client's).
 */
import http from 'node:http';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TailTimeline } from '../../api/runtime/tailTrace.ts';

export interface LoadResult {
  latencies: number[];
  errors: number;
  seconds: number;
  /** Responses per status code (0: the request failed). */
  statuses: Map<number, number>;
  /** With `recordStarts`: when each request was sent (performance.now(), ms), in the order of `latencies`. */
  starts?: number[];
}

export interface LoadOptions {
  baseUrl: string;
  /** Several servers: connection k talks to `baseUrls[k % n]` (instead of `baseUrl`). */
  baseUrls?: string[];
  /** The method (default GET) and a JSON body per request index (writes). */
  method?: string;
  body?: (i: number) => unknown;
  path: (i: number) => string;
  /** Request headers, or a function of the request's index (the same index `path` gets). */
  headers?: Record<string, string> | ((i: number) => Record<string, string>);
  connections: number;
  durationMs: number;
  /** Stop early when this returns false (checked before each request). */
  keepGoing?: () => boolean;
  /** Each client waits this long after an answer before its next request (default 0: back to back). */
  pauseMs?: number;
  /** Keep each request's start time (`starts`), to lay slow requests over a timeline (bench/lib/tailReport.ts). */
  recordStarts?: boolean;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const urls = (options.baseUrls ?? [options.baseUrl]).map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const starts: number[] | undefined = options.recordStarts ? [] : undefined;
  let errors = 0;
  const statuses = new Map<number, number>();
  let i = 0;
  const headersOf = typeof options.headers === 'function' ? options.headers : () => options.headers as Record<string, string> | undefined;
  const until = performance.now() + options.durationMs;
  const one = (url: URL, path: string, headers: Record<string, string> | undefined, body: string | undefined) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', agent, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' } },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const client = async (_: unknown, k: number) => {
    const url = urls[k % urls.length]!;
    while (performance.now() < until && (options.keepGoing?.() ?? true)) {
      const t0 = performance.now();
      let status = 0;
      try {
        const n = i++;
        status = await one(url, options.path(n), headersOf(n), options.body ? JSON.stringify(options.body(n)) : undefined);
      } catch {
        status = 0;
      }
      latencies.push(performance.now() - t0);
      starts?.push(t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status < 200 || status >= 400) errors++;
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, client));
  agent.destroy();
  return { latencies, errors, statuses, seconds: (performance.now() - started) / 1000, ...(starts ? { starts } : {}) };
}

/**
 * `work` with light requests (`options`, one run of a load process: `LoadProcess`) sent meanwhile: its value, how long
 * it took (from its start, the load already running), and the requests' latencies. Sent from this process, a
 * request's answer would wait for the benchmark's own work (sending uploads, reading large answers) and the client's
 * delays would be counted as the server's (up to ~60 ms during bench:cdm-ingest); from a thread of this process, it
 * still shared the machine's cores with no way to tell its pauses apart — its own process can trace them
 * (`trace`). The load process is stopped whatever `work` does.
 */
export async function duringLoad<T>(options: ProcessLoadOptions, work: () => Promise<T>): Promise<{ value: T; seconds: number; load: ProcessLoadResult }> {
  const loadProcess = await LoadProcess.start();
  const load = loadProcess.run(options);
  load.catch(() => undefined);
  try {
    const started = performance.now();
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    loadProcess.stop();
    return { value, seconds, load: await load };
  } finally {
    loadProcess.stop();
    await loadProcess.close();
  }
}

/** One run of the load process (bench/lib/loadProcess.ts): plain data, paths, header sets and bodies cycled by request index. */
export interface ProcessLoadOptions {
  baseUrl: string;
  paths: string[];
  /** Header sets, request i sending `headers[i % headers.length]` (so a path and its ETag go together). */
  headers?: Array<Record<string, string>>;
  /** The method (default GET) and, for writes, JSON bodies cycled the same way. */
  method?: string;
  bodies?: unknown[];
  connections: number;
  /** The longest it runs if never stopped. */
  durationMs: number;
  pauseMs?: number;
  /** Record each request's start and the load process's own stalls and GC pauses (bench/lib/tailReport.ts). */
  trace?: boolean;
}

export interface ProcessLoadResult extends LoadResult {
  /** With `trace`: each request's start on the monotonic clock (µs), in the order of `latencies`. */
  startsUs?: number[];
  /** With `trace`: the load process's own stalls and GC pauses during the run. */
  timeline?: TailTimeline;
}

/** The messages between the bench and the load process. */
export type ProcessLoadMessage =
  | { type: 'ready' }
  | { type: 'run'; options: ProcessLoadOptions }
  | { type: 'stop' }
  | { type: 'result'; latencies: number[]; errors: number; seconds: number; statuses: Array<[number, number]>; startsUs?: number[]; timeline?: TailTimeline };

/**
 * The load generator in a process of its own (bench/lib/loadProcess.ts, under tsx): the bench, the load generator and
 * the server are three processes, so neither the bench's work nor its heap and GC are in the latencies. One process
 * serves a bench's runs one after another (its JIT warmed up by the first), until `close()`.
 */
export class LoadProcess {
  private results: Array<{ resolve: (result: ProcessLoadResult) => void; reject: (error: Error) => void }> = [];

  private constructor(private readonly child: ChildProcess) {
    child.on('exit', (code) => {
      for (const waiting of this.results.splice(0)) waiting.reject(new Error(`load process exited with code ${code} during a run`));
    });
    child.on('message', (m: ProcessLoadMessage) => {
      if (m.type === 'result') {
        this.results.shift()?.resolve({ latencies: m.latencies, errors: m.errors, seconds: m.seconds, statuses: new Map(m.statuses), startsUs: m.startsUs, timeline: m.timeline });
      }
    });
  }

  /** Starts the process; resolves once it is ready (its loader and modules loaded), so a run starts at once. */
  static async start(): Promise<LoadProcess> {
    const child = fork(fileURLToPath(new URL('./loadProcess.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      // structured clone: the latency arrays of a long run are large for JSON
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', (m: ProcessLoadMessage) => (m.type === 'ready' ? resolve() : reject(new Error(`load process: ${JSON.stringify(m)}`))));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`load process exited with code ${code}`)));
    });
    child.removeAllListeners('exit');
    return new LoadProcess(child);
  }

  /** One run, to its `durationMs` or `stop()`; runs are one at a time. */
  run(options: ProcessLoadOptions): Promise<ProcessLoadResult> {
    const result = new Promise<ProcessLoadResult>((resolve, reject) => this.results.push({ resolve, reject }));
    this.child.send({ type: 'run', options } satisfies ProcessLoadMessage);
    return result;
  }

  /** Ends the current run early (its result still arrives through `run`). */
  stop(): void {
    if (this.child.connected) this.child.send({ type: 'stop' } satisfies ProcessLoadMessage);
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.disconnect();
    await exited;
  }
}
