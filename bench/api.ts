/**
 * API under load (`npm run bench:api`): authenticated light reads and writes against a real server process.
 *
 *  1. Issue 14's figure: an authenticated `GET /operations/spacecraft/{id}` at 1, 16 and 50 keep-alive connections
 *     (bench/lib/load.ts): requests per second, p50, p99 (goal at 50 connections: ≥ 3,000 req/s, p99 ≤ 50 ms on
 *     2 cores), and the CPU time the server's event-loop thread spent per request (a figure that, unlike req/s, does
 *     not depend on what else runs on the machine: 1 / that time bounds the req/s of one core).
 *  2. Other light requests at 16 clients (fetch): /health, a list page, POST, PATCH.
 *
 * Every request goes through auth (key lookup, cached), validation, libSQL and the audit log (batched).
 * Env: BENCH_DURATION_MS (per scenario, default 5000).
 */
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';
import { runLoad } from './lib/load.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = 16;

interface Scenario {
  name: string;
  request(i: number): { method: string; path: string; body?: unknown };
}

function line(name: string, count: number, seconds: number, latencies: number[], errors: number): string {
  return (
    `${name.padEnd(44)} ${String(Math.round(count / seconds)).padStart(6)} req/s   ` +
    `p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(6)} ms   ` +
    `errors ${errors}/${count}`
  );
}

async function run(baseUrl: string, key: string, scenario: Scenario): Promise<void> {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const until = performance.now() + DURATION_MS;
  const client = async () => {
    while (performance.now() < until) {
      const { method, path, body } = scenario.request(i++);
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status >= 400) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  console.log(line(scenario.name, latencies.length, (performance.now() - started) / 1000, latencies, errors));
}

const server = await startBenchServer({ WORKERS: '2' });
try {
  const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' };
  const ids: string[] = [];
  for (let n = 0; n < 200; n++) {
    const res = await fetch(`${server.baseUrl}/operations/spacecraft`, { method: 'POST', headers, body: JSON.stringify({ name: `BENCH-${n}`, noradId: 40000 + n }) });
    ids.push(((await res.json()) as { id: string }).id);
  }
  console.log(`API under load: ${DURATION_MS / 1000} s per scenario; server WORKERS=2; ${machineDescription()}`);
  // Warm-up (JIT, key cache, SQLite pages), not reported.
  await runLoad({ baseUrl: server.baseUrl, path: (i) => `/operations/spacecraft/${ids[i % ids.length]}`, headers: { Authorization: `Bearer ${server.key}` }, connections: 16, durationMs: 1500 });
  for (const connections of [1, 16, 50]) {
    const cpuBefore = server.mainThreadCpuSeconds();
    const result = await runLoad({
      baseUrl: server.baseUrl,
      path: (i) => `/operations/spacecraft/${ids[i % ids.length]}`,
      headers: { Authorization: `Bearer ${server.key}` },
      connections,
      durationMs: DURATION_MS,
    });
    const cpuPerRequestUs = ((server.mainThreadCpuSeconds() - cpuBefore) / result.latencies.length) * 1e6;
    console.log(
      `${line(`GET /operations/spacecraft/{id}, ${connections} conn`, result.latencies.length, result.seconds, result.latencies, result.errors)}` +
        `   server event-loop CPU ${cpuPerRequestUs.toFixed(0)} µs/request`,
    );
  }
  console.log(`(goal at 50 connections: ≥ 3000 req/s, p99 ≤ 50 ms)`);
  await run(server.baseUrl, server.key, { name: 'GET /health (no auth), 16 clients', request: () => ({ method: 'GET', path: '/health' }) });
  await run(server.baseUrl, server.key, { name: 'GET /operations/spacecraft (page 20), 16 cl.', request: (i) => ({ method: 'GET', path: `/operations/spacecraft?page=${i % 10}&size=20&sort=name,asc` }) });
  await run(server.baseUrl, server.key, {
    name: 'POST /operations/spacecraft, 16 clients',
    request: (i) => ({ method: 'POST', path: '/operations/spacecraft', body: { name: `LOAD-${i}`, launchMass: 500, dryMass: 400 } }),
  });
  await run(server.baseUrl, server.key, {
    name: 'PATCH /operations/spacecraft/{id}, 16 clients',
    request: (i) => ({ method: 'PATCH', path: `/operations/spacecraft/${ids[i % ids.length]}`, body: { color: i % 2 ? '#FF8800' : '#0088FF' } }),
  });
  console.log(`server peak RSS ${server.peakRssMiB().toFixed(0)} MiB`);
} finally {
  await server.stop();
}
