/**
 * A light HTTP load generator for the benchmarks: `connections` keep-alive connections (node:http, no fetch
 * overhead), each sending its next request as soon as the previous answer is read, for `durationMs`. Returns every
 * latency (ms), the non-2xx/3xx count and the count of each status. Light enough that one client process can drive thousands of requests
 * per second (the figures are the server's, not the client's).
 */
import http from 'node:http';

export interface LoadResult {
  latencies: number[];
  errors: number;
  seconds: number;
  /** Responses per status code (0: the request failed). */
  statuses: Map<number, number>;
}

export interface LoadOptions {
  baseUrl: string;
  path: (i: number) => string;
  /** Request headers, or a function of the request's index (the same index `path` gets). */
  headers?: Record<string, string> | ((i: number) => Record<string, string>);
  connections: number;
  durationMs: number;
  /** Stop early when this returns false (checked before each request). */
  keepGoing?: () => boolean;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const statuses = new Map<number, number>();
  let i = 0;
  const headersOf = typeof options.headers === 'function' ? options.headers : () => options.headers as Record<string, string> | undefined;
  const until = performance.now() + options.durationMs;
  const one = (path: string, headers: Record<string, string> | undefined) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path, method: 'GET', agent, headers },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end();
    });
  const client = async () => {
    while (performance.now() < until && (options.keepGoing?.() ?? true)) {
      const t0 = performance.now();
      let status = 0;
      try {
        const n = i++;
        status = await one(options.path(n), headersOf(n));
      } catch {
        status = 0;
      }
      latencies.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status < 200 || status >= 400) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, client));
  agent.destroy();
  return { latencies, errors, statuses, seconds: (performance.now() - started) / 1000 };
}
