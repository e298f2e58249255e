/**
 * A light HTTP load generator for the benchmarks: `connections` keep-alive connections (node:http, no fetch
 * overhead), each sending its next request as soon as the previous answer is read, for `durationMs`. Returns every
 * latency (ms) and the non-2xx/3xx count. Light enough that one client process can drive thousands of requests
 * per second (the figures are the server's, not the client's).
 */
import http from 'node:http';

export interface LoadResult {
  latencies: number[];
  errors: number;
  seconds: number;
}

export interface LoadOptions {
  baseUrl: string;
  path: (i: number) => string;
  headers?: Record<string, string>;
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
  let i = 0;
  const until = performance.now() + options.durationMs;
  const one = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path, method: 'GET', agent, headers: options.headers },
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
        status = await one(options.path(i++));
      } catch {
        status = 0;
      }
      latencies.push(performance.now() - t0);
      if (status < 200 || status >= 400) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, client));
  agent.destroy();
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}
