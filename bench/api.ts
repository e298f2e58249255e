/**
 * API under load (`npm run bench:api`): authenticated light reads and writes against a real
 * server process, N concurrent clients for a fixed duration each. Prints requests/s and latency
 * percentiles. Every request goes through auth (key lookup + audit row), validation and libSQL.
 */
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Scenario {
  name: string;
  request(i: number): { method: string; path: string; body?: unknown };
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
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${scenario.name.padEnd(34)} ${String(Math.round(latencies.length / seconds)).padStart(6)} req/s   ` +
      `p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(6)} ms   ` +
      `errors ${errors}/${latencies.length}`,
  );
}

const server = await startBenchServer({ WORKERS: '2' });
try {
  const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' };
  const ids: string[] = [];
  for (let n = 0; n < 200; n++) {
    const res = await fetch(`${server.baseUrl}/operations/spacecraft`, { method: 'POST', headers, body: JSON.stringify({ name: `BENCH-${n}`, noradId: 40000 + n }) });
    ids.push(((await res.json()) as { id: string }).id);
  }
  console.log(`API under load: ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per scenario; server WORKERS=2; ${machineDescription()}`);
  await run(server.baseUrl, server.key, { name: 'GET /health (no auth)', request: () => ({ method: 'GET', path: '/health' }) });
  await run(server.baseUrl, server.key, { name: 'GET /operations/spacecraft/{id}', request: (i) => ({ method: 'GET', path: `/operations/spacecraft/${ids[i % ids.length]}` }) });
  await run(server.baseUrl, server.key, { name: 'GET /operations/spacecraft (page 20)', request: (i) => ({ method: 'GET', path: `/operations/spacecraft?page=${i % 10}&size=20&sort=name,asc` }) });
  await run(server.baseUrl, server.key, {
    name: 'POST /operations/spacecraft',
    request: (i) => ({ method: 'POST', path: '/operations/spacecraft', body: { name: `LOAD-${i}`, launchMass: 500, dryMass: 400 } }),
  });
  await run(server.baseUrl, server.key, {
    name: 'PATCH /operations/spacecraft/{id}',
    request: (i) => ({ method: 'PATCH', path: `/operations/spacecraft/${ids[i % ids.length]}`, body: { color: i % 2 ? '#FF8800' : '#0088FF' } }),
  });
  console.log(`server peak RSS ${server.peakRssMiB().toFixed(0)} MiB`);
} finally {
  await server.stop();
}
