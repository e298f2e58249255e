/**
 * API under load (`npm run bench:api`): authenticated light reads and writes against a real server process.
 *
 *  1. Issue 27's figure: an authenticated `GET /operations/spacecraft/{id}` at 1, 16 and 50 keep-alive connections
 *     (bench/lib/load.ts): requests per second, p50, p99, max (goal at 50 connections: ≥ 5,000 req/s, p99 ≤ 25 ms,
 *     max ≤ 100 ms on 2 cores with the load generator on the same machine), and the CPU time the server's event-loop thread spent
 *     per request (a figure that, unlike req/s, does not depend on what else runs on the machine: 1 / that time bounds
 *     the req/s of one core). Then the same GET made conditional (`If-None-Match` with the record's ETag → 304, goal:
 *     at least as fast) and the same GET with `Accept-Encoding: gzip` (a 2 KB record is compressed).
 *  2. Other light requests at 16 connections: /health, a list page, POST, PATCH.
 *
 * The load generator runs in a process of its own (bench/lib/loadProcess.ts): this bench, the load generator and the
 * server are three processes, so the latencies hold neither this process's work nor its GC.
 *
 * Every request goes through auth (key lookup, cached), validation, libSQL and the audit log (batched). The machine is
 * shared: the 1-minute load average is printed before each scenario (figures taken under load are the machine's, not
 * only ours).
 *
 * Both backends (bench/lib/backends.ts): the embedded file, then a sqld started for the run (or DATABASE_URL's server),
 * each figure side by side with the ratio; BENCH_BACKENDS=embedded|sqld|both. With each scenario: the database
 * requests per HTTP request (the server's /metrics) and, on sqld, the sqld process's CPU per request.
 *
 * Env: BENCH_DURATION_MS (per scenario, default 5000). BENCH_TRACE_TAIL=1: the server and the load process record
 * their event loops' timelines (stalls, GC pauses, background work: api/runtime/tailTrace.ts) and every request's
 * start, and each 50-connection scenario's requests over 25 ms are laid over them (bench/lib/tailReport.ts). BENCH_CPU_PROF=1: the server runs under `node --cpu-prof`, and
 * where the event-loop thread spent its time during the 50-connection GET is printed per request (bench/lib/cpuProfile.ts;
 * the sampling profiler itself costs a few per cent).
 */
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';
import { LoadProcess, type ProcessLoadOptions, type ProcessLoadResult } from './lib/load.ts';
import { tailReport } from './lib/tailReport.ts';
import { formatProfileSummary, hrtimeMicros, summarizeCpuProfile } from './lib/cpuProfile.ts';
import { loadavg } from 'node:os';
import { compareBackends, describeStatements, statementCounts, type BenchBackend, type Figure } from './lib/backends.ts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = 16;

/** The latency the goal puts p99 under; with BENCH_TRACE_TAIL, requests slower than this are traced. */
const SLOW_MS = 25;
const TRACE_TAIL = process.env.BENCH_TRACE_TAIL === '1';

function line(name: string, result: ProcessLoadResult): string {
  const { latencies, seconds, errors } = result;
  const count = latencies.length;
  const ms = (p: number) => percentile(latencies, p).toFixed(1).padStart(6);
  return (
    `${name.padEnd(44)} ${String(Math.round(count / seconds)).padStart(6)} req/s   ` +
    `p50 ${ms(50)} ms   p99 ${ms(99)} ms   max ${ms(100)} ms   errors ${errors}/${count}`
  );
}

async function runOn(backend: BenchBackend): Promise<Figure[]> {
const figures: Figure[] = [];
const profileDir = process.env.BENCH_CPU_PROF === '1' ? mkdtempSync(join(tmpdir(), 'apsis-cpuprof-')) : null;
const server = await startBenchServer({ WORKERS: '2', ...backend.env() }, { cpuProfileDir: profileDir || undefined, traceTail: TRACE_TAIL });
const loadProcess = await LoadProcess.start();
/** Runs to lay over the server's timeline once it has stopped (BENCH_TRACE_TAIL). */
const traced: Array<{ name: string; result: ProcessLoadResult }> = [];
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
  // request i asks for ids[i % 200]; the conditional GET sends that record's ETag (the same index)
  const paths = ids.map((id) => `/operations/spacecraft/${id}`);
  const conditional = tags.map((tag) => ({ ...auth, 'If-None-Match': tag }));
  const send = (options: Omit<ProcessLoadOptions, 'baseUrl'>) => loadProcess.run({ baseUrl: server.baseUrl, ...options });
  // Warm-up (JIT of server and load process, key cache, SQLite pages), not reported.
  await send({ paths, headers: [auth], connections: 16, durationMs: 1500 });
  await send({ paths, headers: conditional, connections: 16, durationMs: 500 });
  const scenarios: Array<{ name: string; short: string; connections: number; headers: Array<Record<string, string>>; expectStatus: number; profile?: boolean }> = [
    { name: 'GET /operations/spacecraft/{id}, 1 conn', short: 'GET one, 1 conn', connections: 1, headers: [auth], expectStatus: 200 },
    { name: 'GET /operations/spacecraft/{id}, 16 conn', short: 'GET one, 16 conn', connections: 16, headers: [auth], expectStatus: 200 },
    { name: 'GET /operations/spacecraft/{id}, 50 conn', short: 'GET one, 50 conn', connections: 50, headers: [auth], expectStatus: 200, profile: true },
    { name: 'GET …/{id} If-None-Match → 304, 50 conn', short: 'GET 304, 50 conn', connections: 50, headers: conditional, expectStatus: 304 },
    { name: `GET …/{id} gzip (${recordBytes} B record), 50 conn`, short: 'GET gzip, 50 conn', connections: 50, headers: [{ ...auth, 'Accept-Encoding': 'gzip' }], expectStatus: 200 },
  ];
  for (const scenario of scenarios) {
    const loadBefore = load();
    const cpuBefore = server.mainThreadCpuSeconds();
    const sqldCpuBefore = backend.cpuSeconds();
    const statementsBefore = await statementCounts(server.baseUrl, server.key);
    const from = hrtimeMicros();
    const result = await send({ paths, headers: scenario.headers, connections: scenario.connections, durationMs: DURATION_MS, trace: TRACE_TAIL && scenario.connections === 50 });
    if (result.startsUs) traced.push({ name: scenario.name, result });
    if (scenario.profile) profileWindow = { from, to: hrtimeMicros(), requests: result.latencies.length };
    const count = result.latencies.length;
    const cpuPerRequestUs = ((server.mainThreadCpuSeconds() - cpuBefore) / count) * 1e6;
    const sqldCpu = backend.cpuSeconds() - sqldCpuBefore;
    const statements = describeStatements(statementsBefore, await statementCounts(server.baseUrl, server.key), count, 'request');
    const unexpected = result.statuses.size === 1 && result.statuses.has(scenario.expectStatus) ? '' : `   statuses ${JSON.stringify(Object.fromEntries(result.statuses))}`;
    console.log(
      `${line(scenario.name, result)}` +
        `   server event-loop CPU ${cpuPerRequestUs.toFixed(0)} µs/request   (${loadBefore})${unexpected}`,
    );
    console.log(`  ${statements}${backend.sqld ? `; sqld CPU ${((sqldCpu / count) * 1e6).toFixed(0)} µs/request (${((100 * sqldCpu) / result.seconds).toFixed(0)} % of a core)` : ''}`);
    figures.push(
      { name: `${scenario.short}: req/s`, value: count / result.seconds, unit: 'req/s', better: 'higher', digits: 0 },
      { name: `${scenario.short}: p99`, value: percentile(result.latencies, 99), unit: 'ms', better: 'lower' },
      { name: `${scenario.short}: max`, value: percentile(result.latencies, 100), unit: 'ms', better: 'lower' },
      { name: `${scenario.short}: server CPU`, value: cpuPerRequestUs, unit: 'µs/req', better: 'lower', digits: 0 },
    );
  }
  console.log(`(goal at 50 connections: ≥ 5000 req/s, p99 ≤ 25 ms, max ≤ 100 ms on the embedded file; ≥ 3000 req/s, p99 ≤ 30 ms on ws:// sqld; the conditional GET at least as fast)`);
  const json = { ...auth, 'Content-Type': 'application/json' };
  const pages = Array.from({ length: 10 }, (_, page) => `/operations/spacecraft?page=${page}&size=20&sort=name,asc`);
  const others: Array<{ name: string; short: string; run: Omit<ProcessLoadOptions, 'baseUrl' | 'connections' | 'durationMs'> }> = [
    { name: 'GET /health (no auth), 16 conn', short: 'GET /health, 16 conn', run: { paths: ['/health'] } },
    { name: 'GET /operations/spacecraft (page 20), 16 conn', short: 'list page, 16 conn', run: { paths: pages, headers: [auth] } },
    {
      name: 'POST /operations/spacecraft, 16 conn', short: 'POST, 16 conn',
      run: { method: 'POST', paths: ['/operations/spacecraft'], headers: [json], bodies: Array.from({ length: 100 }, (_, k) => ({ name: `LOAD-${k}`, launchMass: 500, dryMass: 400 })) },
    },
    { name: 'PATCH /operations/spacecraft/{id}, 16 conn', short: 'PATCH, 16 conn', run: { method: 'PATCH', paths, headers: [json], bodies: [{ color: '#0088FF' }, { color: '#FF8800' }] } },
  ];
  for (const scenario of others) {
    const loadBefore = load();
    const statementsBefore = await statementCounts(server.baseUrl, server.key);
    const result = await send({ ...scenario.run, connections: CONCURRENCY, durationMs: DURATION_MS });
    console.log(`${line(scenario.name, result)}   (${loadBefore})`);
    console.log(`  ${describeStatements(statementsBefore, await statementCounts(server.baseUrl, server.key), result.latencies.length, 'request')}`);
    figures.push(
      { name: `${scenario.short}: req/s`, value: result.latencies.length / result.seconds, unit: 'req/s', better: 'higher', digits: 0 },
      { name: `${scenario.short}: p99`, value: percentile(result.latencies, 99), unit: 'ms', better: 'lower' },
    );
  }
  console.log(`server peak RSS ${server.peakRssMiB().toFixed(0)} MiB; ${load()} at the end`);
} finally {
  await loadProcess.close();
  await server.stop();
}
const serverTimeline = server.tailTimeline();
for (const { name, result } of traced) {
  console.log(`${name}: the requests over ${SLOW_MS} ms on the timelines`);
  for (const l of serverTimeline ? tailReport(result, serverTimeline, SLOW_MS) : ['  no server timeline was written']) console.log(l);
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
