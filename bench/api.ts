/**
 * API under load (`npm run bench:api`): authenticated light reads and writes against a real server process.
 *
 *  1. Issue 27's figure: an authenticated `GET /operations/spacecraft/{id}` at 1, 16 and 50 keep-alive connections
 *     (bench/lib/load.ts): requests per second, p50, p99 (goal at 50 connections: ≥ 5,000 req/s, p99 ≤ 25 ms on
 *     2 cores with this load generator on the same machine), and the CPU time the server's event-loop thread spent
 *     per request (a figure that, unlike req/s, does not depend on what else runs on the machine: 1 / that time bounds
 *     the req/s of one core). Then the same GET made conditional (`If-None-Match` with the record's ETag → 304, goal:
 *     at least as fast) and the same GET with `Accept-Encoding: gzip` (a 2 KB record is compressed).
 *  2. Other light requests at 16 clients (fetch): /health, a list page, POST, PATCH.
 *
 * Every request goes through auth (key lookup, cached), validation, libSQL and the audit log (batched). The machine is
 * shared: the 1-minute load average is printed before each scenario (figures taken under load are the machine's, not
 * only ours).
 *
 * Both backends (bench/lib/backends.ts): the embedded file, then a sqld started for the run (or DATABASE_URL's server),
 * each figure side by side with the ratio; BENCH_BACKENDS=embedded|sqld|both. With each scenario: the database
 * requests per HTTP request (the server's /metrics) and, on sqld, the sqld process's CPU per request.
 *
 * Env: BENCH_DURATION_MS (per scenario, default 5000). BENCH_CPU_PROF=1: the server runs under `node --cpu-prof`, and
 * where the event-loop thread spent its time during the 50-connection GET is printed per request (bench/lib/cpuProfile.ts;
 * the sampling profiler itself costs a few per cent).
 */
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';
import { runLoad } from './lib/load.ts';
import { formatProfileSummary, hrtimeMicros, summarizeCpuProfile } from './lib/cpuProfile.ts';
import { loadavg } from 'node:os';
import { compareBackends, describeStatements, statementCounts, type BenchBackend, type Figure } from './lib/backends.ts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

async function run(baseUrl: string, key: string, scenario: Scenario): Promise<{ count: number; seconds: number; p99: number }> {
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
        // identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
        headers: { Authorization: `Bearer ${key}`, 'Accept-Encoding': 'identity', ...(body ? { 'Content-Type': 'application/json' } : {}) },
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
  console.log(line(scenario.name, latencies.length, seconds, latencies, errors));
  return { count: latencies.length, seconds, p99: percentile(latencies, 99) };
}

async function runOn(backend: BenchBackend): Promise<Figure[]> {
const figures: Figure[] = [];
const profileDir = process.env.BENCH_CPU_PROF === '1' ? mkdtempSync(join(tmpdir(), 'apsis-cpuprof-')) : null;
const server = await startBenchServer({ WORKERS: '2', ...backend.env() }, { cpuProfileDir: profileDir || undefined });
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
let profileWindow: { from: number; to: number; requests: number } | null = null;
try {
  const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' };
  const ids: string[] = [];
  for (let n = 0; n < 200; n++) {
    const res = await fetch(`${server.baseUrl}/operations/spacecraft`, { method: 'POST', headers, body: JSON.stringify({ name: `BENCH-${n}`, noradId: 40000 + n }) });
    ids.push(((await res.json()) as { id: string }).id);
  }
  // The ETag of each record, for the conditional GETs.
  const tags: string[] = [];
  for (const id of ids) tags.push((await fetch(`${server.baseUrl}/operations/spacecraft/${id}`, { headers })).headers.get('etag')!);
  const recordBytes = (await (await fetch(`${server.baseUrl}/operations/spacecraft/${ids[0]}`, { headers })).arrayBuffer()).byteLength;
  console.log(`API under load: ${DURATION_MS / 1000} s per scenario; server WORKERS=2; ${machineDescription()}; ${load()} at start`);
  const auth = { Authorization: `Bearer ${server.key}` };
  const byId = (i: number) => `/operations/spacecraft/${ids[i % ids.length]}`;
  // Warm-up (JIT, key cache, SQLite pages), not reported.
  await runLoad({ baseUrl: server.baseUrl, path: byId, headers: auth, connections: 16, durationMs: 1500 });
  await runLoad({ baseUrl: server.baseUrl, path: byId, headers: (i) => ({ ...auth, 'If-None-Match': tags[i % ids.length]! }), connections: 16, durationMs: 500 });
  const scenarios: Array<{ name: string; short: string; connections: number; headers: Record<string, string> | ((i: number) => Record<string, string>); expectStatus: number; profile?: boolean }> = [
    { name: 'GET /operations/spacecraft/{id}, 1 conn', short: 'GET one, 1 conn', connections: 1, headers: auth, expectStatus: 200 },
    { name: 'GET /operations/spacecraft/{id}, 16 conn', short: 'GET one, 16 conn', connections: 16, headers: auth, expectStatus: 200 },
    { name: 'GET /operations/spacecraft/{id}, 50 conn', short: 'GET one, 50 conn', connections: 50, headers: auth, expectStatus: 200, profile: true },
    { name: 'GET …/{id} If-None-Match → 304, 50 conn', short: 'GET 304, 50 conn', connections: 50, headers: (i) => ({ ...auth, 'If-None-Match': tags[i % ids.length]! }), expectStatus: 304 },
    { name: `GET …/{id} gzip (${recordBytes} B record), 50 conn`, short: 'GET gzip, 50 conn', connections: 50, headers: { ...auth, 'Accept-Encoding': 'gzip' }, expectStatus: 200 },
  ];
  for (const scenario of scenarios) {
    const loadBefore = load();
    const cpuBefore = server.mainThreadCpuSeconds();
    const sqldCpuBefore = backend.cpuSeconds();
    const statementsBefore = await statementCounts(server.baseUrl, server.key);
    const from = hrtimeMicros();
    const result = await runLoad({ baseUrl: server.baseUrl, path: byId, headers: scenario.headers, connections: scenario.connections, durationMs: DURATION_MS });
    if (scenario.profile) profileWindow = { from, to: hrtimeMicros(), requests: result.latencies.length };
    const count = result.latencies.length;
    const cpuPerRequestUs = ((server.mainThreadCpuSeconds() - cpuBefore) / count) * 1e6;
    const sqldCpu = backend.cpuSeconds() - sqldCpuBefore;
    const statements = describeStatements(statementsBefore, await statementCounts(server.baseUrl, server.key), count, 'request');
    const unexpected = result.statuses.size === 1 && result.statuses.has(scenario.expectStatus) ? '' : `   statuses ${JSON.stringify(Object.fromEntries(result.statuses))}`;
    console.log(
      `${line(scenario.name, count, result.seconds, result.latencies, result.errors)}` +
        `   server event-loop CPU ${cpuPerRequestUs.toFixed(0)} µs/request   (${loadBefore})${unexpected}`,
    );
    console.log(`  ${statements}${backend.sqld ? `; sqld CPU ${((sqldCpu / count) * 1e6).toFixed(0)} µs/request (${((100 * sqldCpu) / result.seconds).toFixed(0)} % of a core)` : ''}`);
    figures.push(
      { name: `${scenario.short}: req/s`, value: count / result.seconds, unit: 'req/s', better: 'higher', digits: 0 },
      { name: `${scenario.short}: p99`, value: percentile(result.latencies, 99), unit: 'ms', better: 'lower' },
      { name: `${scenario.short}: server CPU`, value: cpuPerRequestUs, unit: 'µs/req', better: 'lower', digits: 0 },
    );
  }
  console.log(`(goal at 50 connections: ≥ 5000 req/s, p99 ≤ 25 ms on the embedded file; ≥ 3000 req/s, p99 ≤ 30 ms on ws:// sqld; the conditional GET at least as fast)`);
  for (const scenario of [
    { name: 'GET /health (no auth), 16 clients', short: 'GET /health, 16 cl.', request: () => ({ method: 'GET', path: '/health' }) },
    { name: 'GET /operations/spacecraft (page 20), 16 cl.', short: 'list page, 16 cl.', request: (i: number) => ({ method: 'GET', path: `/operations/spacecraft?page=${i % 10}&size=20&sort=name,asc` }) },
    {
      name: 'POST /operations/spacecraft, 16 clients', short: 'POST, 16 cl.',
      request: (i: number) => ({ method: 'POST', path: '/operations/spacecraft', body: { name: `LOAD-${i}`, launchMass: 500, dryMass: 400 } }),
    },
    {
      name: 'PATCH /operations/spacecraft/{id}, 16 clients', short: 'PATCH, 16 cl.',
      request: (i: number) => ({ method: 'PATCH', path: `/operations/spacecraft/${ids[i % ids.length]}`, body: { color: i % 2 ? '#FF8800' : '#0088FF' } }),
    },
  ] satisfies Array<Scenario & { short: string }>) {
    const statementsBefore = await statementCounts(server.baseUrl, server.key);
    const r = await run(server.baseUrl, server.key, scenario);
    console.log(`  ${describeStatements(statementsBefore, await statementCounts(server.baseUrl, server.key), r.count, 'request')}`);
    figures.push({ name: `${scenario.short}: req/s`, value: r.count / r.seconds, unit: 'req/s', better: 'higher', digits: 0 }, { name: `${scenario.short}: p99`, value: r.p99, unit: 'ms', better: 'lower' });
  }
  console.log(`server peak RSS ${server.peakRssMiB().toFixed(0)} MiB; ${load()} at the end`);
} finally {
  await server.stop();
}
if (profileDir && profileWindow) {
  const file = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(profileDir, f))[0];
  if (file) console.log(formatProfileSummary(summarizeCpuProfile(file, profileWindow.from, profileWindow.to), profileWindow.requests));
  else console.log(`no CPU profile was written in ${profileDir}`);
  rmSync(profileDir, { recursive: true, force: true });
}
return figures;
}

await compareBackends('bench:api', runOn);
