/**
 * A light HTTP load generator for the benchmarks: `connections` keep-alive connections (node:http, no fetch
 * overhead), each sending its next request as soon as the previous answer is read, for `durationMs`. Returns every
 * latency (ms), the non-2xx/3xx count and the count of each status. Light enough that one client process can drive thousands of requests
 * per second (the figures are the server's, not the client's).
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  latencies: number[];
  errors: number;
  seconds: number;
  /** Responses per status code (0: the request failed). */
  statuses: Map<number, number>;
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
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const urls = (options.baseUrls ?? [options.baseUrl]).map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
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
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status < 200 || status >= 400) errors++;
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, client));
  agent.destroy();
  return { latencies, errors, statuses, seconds: (performance.now() - started) / 1000 };
}

/** What `startLoadInThread` sends the load thread: plain data (paths cycled by request index). */
export interface ThreadLoadOptions {
  baseUrl: string;
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  /** The longest it runs if never stopped. */
  durationMs: number;
  pauseMs?: number;
}

/**
 * `runLoad` on a thread of its own, until `stop()`. For a latency figure taken while the benchmark's own thread is
 * busy (sending uploads, reading large answers): on that thread, a request's answer would wait for the benchmark's
 * work, and the client's delays would be counted as the server's (up to ~60 ms during bench:cdm-ingest).
 */
export async function startLoadInThread(options: ThreadLoadOptions): Promise<{ stop: () => Promise<LoadResult> }> {
  // a .ts entry needs tsx registered in the thread first (as bench/writePaths.ts starts its thread)
  const entry = new URL('./loadWorker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { eval: true, workerData: options });
  type Message = { type: 'ready' } | { type: 'result'; latencies: number[]; errors: number; seconds: number; statuses: Array<[number, number]> };
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const result = new Promise<LoadResult>((resolve, reject) => {
    worker.on('message', (m: Message) => {
      if (m.type === 'ready') ready();
      else resolve({ latencies: m.latencies, errors: m.errors, seconds: m.seconds, statuses: new Map(m.statuses) });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load thread exited with code ${code} before its result`)));
  });
  result.catch(() => undefined);
  await Promise.race([started, result]);
  return {
    stop: async () => {
      worker.postMessage('stop');
      const r = await result;
      await worker.terminate();
      return r;
    },
  };
}

/**
 * `work` with `options`' requests sent from a thread of their own meanwhile (startLoadInThread): its value, how long
 * it took (from its start, the thread already running), and the requests' latencies. The thread is stopped whatever
 * `work` does (a thread left running would keep the benchmark's process alive).
 */
export async function duringLoadInThread<T>(options: ThreadLoadOptions, work: () => Promise<T>): Promise<{ value: T; seconds: number; load: LoadResult }> {
  const load = await startLoadInThread(options);
  let value: T;
  let seconds: number;
  try {
    const started = performance.now();
    value = await work();
    seconds = (performance.now() - started) / 1000;
  } catch (error) {
    await load.stop().catch(() => undefined);
    throw error;
  }
  return { value, seconds, load: await load.stop() };
}
