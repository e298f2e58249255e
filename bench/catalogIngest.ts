/**
 * `npm run bench:catalog-ingest` (the goal: "30,000 objects ingest in seconds without holding the event loop").
 *
 * A 30,000-object 3LE file of the synthetic catalog (bench/lib/syntheticCatalog.ts: today's catalog's altitude,
 * inclination and eccentricity distribution), uploaded to POST /operations/catalog:
 *
 *  1. Through HTTP against a real server in its own process (api/server.ts, WORKERS=2, file database in WAL mode):
 *     the upload's round trip (read on the pool + staged chunked writes + publish), then the same file again (every set
 *     already known), then a newer epoch of every object (30,000 objects updated); meanwhile a probe sends
 *     `GET /health` every 10 ms: its p99 and maximum latency show how long the server's event loop was held. Then
 *     the object list with filters over the 30,000 objects (its latency).
 *  2. In this process, the same use case (api/services/catalog.ts `uploadCatalogFiles`, real worker pool) under
 *     perf_hooks.monitorEventLoopDelay (1 ms resolution): the longest event-loop block is printed exactly (the HTTP
 *     probe of part 1 adds the socket round trip and the scheduler's waits).
 *
 * Env: OBJECTS (default 30000). Figures on the shared 2-core machine are noisy (other work runs beside).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../api/config.ts';
import { startService } from '../api/service.ts';
import { uploadCatalogFiles } from '../api/services/catalog.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { exactTleLines, type GpElementSet } from '../engine/tle/gpElements.ts';
import { ensureOrganization } from '../storage/organizations.ts';
import { syntheticCatalog } from './lib/syntheticCatalog.ts';
import { duringLoad } from './lib/load.ts';
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';
import { compareBackends, describeStatements, statementCounts, type BenchBackend, type Figure } from './lib/backends.ts';

const objects = Number(process.env.OBJECTS ?? 30_000);
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
if (CPU_PROFILE_DIR) mkdirSync(CPU_PROFILE_DIR, { recursive: true });
const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function threeLineText(sets: readonly GpElementSet[]): string {
  const out: string[] = [];
  for (const set of sets) {
    const lines = exactTleLines(set);
    if (!lines) throw new Error(`set ${set.noradId} is not an exact TLE`);
    out.push(`0 ${set.name}`, lines[0], lines[1]);
  }
  return `${out.join('\n')}\n`;
}

const reference = Epoch.parse('2026-11-20T00:00:00');
const catalog = syntheticCatalog({ count: objects, seed: 25, reference });
const later = syntheticCatalog({ count: objects, seed: 26, reference: reference.plusSeconds(4 * 86400) });
const fileText = threeLineText(catalog);
const laterText = threeLineText(later);
console.log(`catalog ingest: ${objects} objects, 3LE file ${(fileText.length / 2 ** 20).toFixed(1)} MiB; ${machineDescription()}; ${new Date().toISOString()}`);

async function runOn(backend: BenchBackend): Promise<Figure[]> {
const figures: Figure[] = [];
// ---- 1. through HTTP ----
const server = await startBenchServer({ WORKERS: '2', ...backend.env() }, { eventLoopProbe: true, cpuProfileDir: CPU_PROFILE_DIR });
try {
  const auth = { Authorization: `Bearer ${server.key}` };
  // GET /health every 10 ms from a process of its own while `work` runs (from this one, the answers would also wait
  // for the upload's own sending and reading here)
  const probe = <T>(work: () => Promise<T>) =>
    duringLoad({ baseUrl: server.baseUrl, paths: ['/health'], connections: 1, durationMs: 3_600_000, pauseMs: 10 }, work);
  const upload = async (label: string, text: string) => {
    const form = new FormData();
    form.append('files', new Blob([text]), 'catalog.3le');
    await server.eventLoopProbe(); // starts the count
    const statements0 = await statementCounts(server.baseUrl, server.key);
    const sqldCpu0 = backend.cpuSeconds();
    const cpu0 = server.mainThreadCpuSeconds();
    const { value: response, seconds, load: { latencies } } = await probe(() => fetch(`${server.baseUrl}/operations/catalog`, { method: 'POST', headers: auth, body: form }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown })));
    const loop = await server.eventLoopProbe();
    const sqldCpu = backend.cpuSeconds() - sqldCpu0;
    const statements = describeStatements(statements0, await statementCounts(server.baseUrl, server.key), objects, 'object');
    const result = (response.body as { results: Array<Record<string, number | string>> }).results[0]!;
    if (response.status !== 200) throw new Error(`${label}: HTTP ${response.status} ${JSON.stringify(result).slice(0, 400)}`);
    const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`);
    console.log(
      `  ${label.padEnd(34)} ${seconds.toFixed(2)} s (${Math.round(objects / seconds)} sets/s), stored ${result.storedCount}, known ${result.alreadyKnownCount}, ` +
        `objects updated ${result.objectsUpdated}; server main thread CPU ${(server.mainThreadCpuSeconds() - cpu0).toFixed(2)} s; ` +
        `GET /health during it: ${latencies.length} probes, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );
    console.log(
      `  ${''.padEnd(34)} server event loop: longest hold ${ms(loop.holdMaxMs)} (${loop.holdsOver5Ms ?? 'n/a'} over 5 ms, ${loop.holdsOver10Ms ?? 'n/a'} over 10 ms; 1 ms tick, the wait for a core taken out); ` +
        `longest CPU block ${ms(loop.cpuBlockMaxMs)} (±4 ms; GC pauses in its interval ${ms(loop.gcInCpuBlockMs)}); ` +
        `longest GC pause ${loop.gcPauseMaxMs.toFixed(1)} ms; longest hold less its GC pauses ${ms(loop.holdLessGcMaxMs)} (${loop.holdsLessGcOver5Ms ?? 'n/a'} over 5 ms); ` +
        `lateness (grows with the load): delay max ${loop.eventLoopDelayMaxMs.toFixed(1)} ms, ` +
        `longest self-block ${ms(loop.selfBlockMaxMs)}, main thread waited ${ms(loop.runQueueWaitMs)} for a core; load average ${loadAverage()}`,
    );
    console.log(`  ${''.padEnd(34)} ${statements}${backend.sqld ? `; sqld CPU ${sqldCpu.toFixed(2)} s` : ''}`);
    figures.push({ name: `${label}: time`, value: seconds, unit: 's', better: 'lower', digits: 2 }, { name: `${label}: longest hold`, value: loop.holdMaxMs ?? NaN, unit: 'ms', better: 'lower' });
  };
  // The server's first requests build its router and compile the middleware: not the upload's doing, so done first.
  for (const path of ['/health', '/operations/catalog/objects?size=1']) await (await fetch(`${server.baseUrl}${path}`, { headers: auth })).arrayBuffer();
  console.log(`1. through HTTP (server process, WORKERS=2; warmed up with GET /health and GET /operations/catalog/objects); load average ${loadAverage()} (1/5/15 min)`);
  await upload('new catalog', fileText);
  await upload('same file again (all known)', fileText);
  await upload('newer epoch of every object', laterText);
  for (const query of ['size=100', 'minPerigeeKm=500&maxPerigeeKm=600&size=100', 'name=SYN%2012&size=100', 'minApogeeKm=30000&sort=perigeeKm,asc&size=100', 'page=200&size=100']) {
    const times: number[] = [];
    let total = 0;
    for (let k = 0; k < 5; k++) {
      const start = performance.now();
      const body = (await (await fetch(`${server.baseUrl}/operations/catalog/objects?${query}`, { headers: auth })).json()) as { totalElements: number };
      times.push(performance.now() - start);
      total = body.totalElements;
    }
    figures.push({ name: `list ?${query}: median`, value: percentile(times, 50), unit: 'ms', better: 'lower' });
    console.log(`  GET /operations/catalog/objects?${query.padEnd(44)} ${total} matches, median ${percentile(times, 50).toFixed(1)} ms`);
  }
  const start = performance.now();
  await (await fetch(`${server.baseUrl}/operations/catalog/objects/${catalog[100]!.noradId}`, { headers: auth })).json();
  console.log(`  GET /operations/catalog/objects/{noradId} (2 sets)                 ${(performance.now() - start).toFixed(1)} ms`);
} finally {
  await server.stop();
  if (CPU_PROFILE_DIR) console.log(`CPU profile of the server's main thread written in ${CPU_PROFILE_DIR}`);
}

// ---- 2. in this process, under the event-loop monitor ----
const dir = mkdtempSync(join(tmpdir(), 'apsis-catalog-bench-'));
const service = await startService({ ...loadConfig({}), databaseUrl: backend.url ?? `file:${join(dir, 'bench.db')}`, workers: 2, port: 0, dataDir: join(dir, 'earth-data'), dataCheckIntervalS: 0, dataMaxAgeDays: 36500 });
try {
  const organization = await ensureOrganization(service.db, 'bench');
  const bytes = new TextEncoder().encode(fileText);
  const laterBytes = new TextEncoder().encode(laterText);
  console.log('2. the use case in this process (uploadCatalogFiles, WORKERS=2), perf_hooks.monitorEventLoopDelay');
  for (const [label, file] of [['new catalog', bytes], ['newer epoch of every object', laterBytes]] as const) {
    const eld = monitorEventLoopDelay({ resolution: 1 });
    eld.enable();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const start = performance.now();
    const { body } = await uploadCatalogFiles(service, organization.id, [{ name: 'catalog.3le', bytes: file }]);
    const seconds = (performance.now() - start) / 1000;
    eld.disable();
    const result = body.results[0]!;
    figures.push({ name: `in-process ${label}: time`, value: seconds, unit: 's', better: 'lower', digits: 2 }, { name: `in-process ${label}: longest block`, value: eld.max / 1e6, unit: 'ms', better: 'lower' });
    console.log(
      `  ${label.padEnd(34)} ${seconds.toFixed(2)} s, stored ${result.storedCount}, objects updated ${result.objectsUpdated}; ` +
        `event-loop delay p99 ${(eld.percentile(99) / 1e6).toFixed(1)} ms, longest block ${(eld.max / 1e6).toFixed(1)} ms`,
    );
  }
} finally {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
}
return figures;
}

await compareBackends('bench:catalog-ingest', runOn);
