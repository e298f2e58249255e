/**
 * `npm run bench:batch`: batch OEM generation against the same work as sequential single requests, through HTTP on a
 * real listening server (own process, embedded libSQL file, WORKERS workers, default 2). 1-day LEO OEMs (SSO 700 km,
 * default full force model: EGM96 20×20, Harris–Priester, SRP, Sun/Moon), 60 s steps.
 *
 * Prints: the sequential single-request rate (OEM/s), the batch rate for 1,000 items (POST → SUCCEEDED), the ratio to
 * the goal 0.9 × single rate × workers, the server's RSS during a 250- and a 1,000-item batch (flat = memory does not
 * grow with the item count), light GET latency while the batch runs, and the event-loop time the server spent on the
 * ZIP and its pieces (from its log). BENCH_QUICK=1: 100 sequential requests and smaller batches.
 *
 * BENCH_VOLUME=N (issue 37's figure, e.g. 10000): instead, one batch of N mixed one-day OEMs at 60 s — a third each
 * from a LEO (SSO 700 km), a MEO (GNSS-like, 20,200 km, 55°) and a HEO (Molniya-like, 500 × 39,800 km, 63.4°) state,
 * every tenth item with its covariance (RTN) — with its wall time, OEM/s, the server's peak RSS (sampled and VmHWM),
 * the worker and main-thread CPU per item, and light GET latency meanwhile. Goal: 10,000 ≤ 120 s on two workers.
 * BENCH_INSTANCES=2: a second server process (same WORKERS) shares the database for the batch: its items are shared
 * over both instances (slices, docs/tasks-products-batch.md); printed with each instance's CPU.
 *
 * Scaling beyond this machine: during each batch the server's CPU time is read from /proc — the main
 * thread's (the serial part: leasing, fan-out, ZIP assembly, piece writes, HTTP) and the rest of the process (the
 * workers' propagation and deflate, plus libuv and GC threads). Per item: w = worker CPU, s = main-thread CPU. With N
 * workers on at least N + 1 free cores the main thread works beside the workers, so the rate is bounded by
 * min(N / w, 1 / s); with N workers on N cores it is about N / (w + s). Both are printed for 4 and 8 workers, beside
 * what the same model says for the workers measured here (to see how well it holds on this machine), and as ratios to
 * one request at a time on a free core (1 / the server's CPU per single request), which the machine's load does not
 * move the way it moves wall-clock rates. The main-thread figure includes this bench's own polling GETs (about two
 * every 20 ms), so it overstates the serial part a little.
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';
import { compareBackends, describeStatements, statementCounts, type BenchBackend, type Figure } from './lib/backends.ts';
import { VOLUME_COVARIANCE, VOLUME_EPOCH, VOLUME_SPACECRAFT, VOLUME_SPAN, VOLUME_STATES } from './lib/volumeMix.ts';

const workers = Number(process.env.WORKERS ?? 2);
const quick = process.env.BENCH_QUICK === '1';
const sequentialCount = quick ? 100 : 1000;
const batchSizes = quick ? [50, 200] : [250, 1000];
const volume = Number(process.env.BENCH_VOLUME ?? 0);
const instances = Number(process.env.BENCH_INSTANCES ?? 1);

async function runOn(backend: BenchBackend): Promise<Figure[]> {
const figures: Figure[] = [];
const batchLogs: Array<Record<string, unknown>> = [];
const server = await startBenchServer({ WORKERS: String(workers), ...backend.env() }, { onLog: (r) => r.message === 'batch succeeded' && batchLogs.push(r) });

function rssMiB(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

try {
  const base = server.baseUrl;
  // identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
  const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json', 'Accept-Encoding': 'identity' };
  const post = (path: string, body: unknown) => fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const get = (path: string) => fetch(base + path, { headers });

  const sc = (await (await post('/operations/spacecraft', VOLUME_SPACECRAFT)).json()) as { id: string };
  const EPOCH = VOLUME_EPOCH;
  const sv = (await (await post('/operations/state-vectors', { spacecraftId: sc.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 1000, ...VOLUME_STATES.LEO })).json()) as { id: string };
  const SPAN = VOLUME_SPAN;

  if (volume > 0) {
    await volumeBatch(volume);
    return figures;
  }

  async function single(): Promise<number> {
    const r = await post(`/operations/state-vectors/${sv.id}/generate-oem`, SPAN);
    const text = await r.text();
    if (r.status !== 200) throw new Error(`OEM: ${r.status} ${text.slice(0, 200)}`);
    return text.length;
  }

  /** Runs a batch of `count` items; samples the server's RSS and light GET latency meanwhile. */
  async function batch(count: number) {
    const gets: number[] = [];
    let rssPeak = rssMiB();
    const rssStart = rssPeak;
    const mainCpu0 = server.mainThreadCpuSeconds();
    const statements0 = await statementCounts(server.baseUrl, server.key);
    const sqldCpu0 = backend.cpuSeconds();
    const processCpu0 = server.processCpuSeconds();
    const t0 = performance.now();
    const created = await post('/operations/ephemerides/batch', { ...SPAN, items: Array.from({ length: count }, () => ({ stateVectorId: sv.id })) });
    const postMs = performance.now() - t0;
    const job = (await created.json()) as { id: string; status: string };
    if (created.status !== 202) throw new Error(`batch: ${created.status} ${JSON.stringify(job)}`);
    let status: { status: string; itemsDone: number; itemsFailed: number; productId: string | null } = job as never;
    while (status.status === 'QUEUED' || status.status === 'RUNNING') {
      const g0 = performance.now();
      const r = await get(`/operations/state-vectors/${sv.id}`);
      await r.arrayBuffer();
      gets.push(performance.now() - g0);
      rssPeak = Math.max(rssPeak, rssMiB());
      status = (await (await get(`/operations/ephemerides/batch/${job.id}`)).json()) as never;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - t0) / 1000;
    const sqldCpuSeconds = backend.cpuSeconds() - sqldCpu0;
    const statements = describeStatements(statements0, await statementCounts(server.baseUrl, server.key), count, 'item');
    const mainCpuSeconds = server.mainThreadCpuSeconds() - mainCpu0;
    const workerCpuSeconds = server.processCpuSeconds() - processCpu0 - mainCpuSeconds;
    if (status.status !== 'SUCCEEDED' || status.itemsFailed > 0) throw new Error(`batch ended ${JSON.stringify(status)}`);
    const meta = (await (await get(`/operations/products/${status.productId}`)).json()) as { sizeBytes: number; contentSha256: string };
    const zip = new Uint8Array(await (await get(`/operations/products/${status.productId}/content`)).arrayBuffer());
    if (zip.length !== meta.sizeBytes || createHash('sha256').update(zip).digest('hex') !== meta.contentSha256) throw new Error('ZIP download does not match its metadata');
    return {
      count, seconds, rate: count / seconds, postMs, gets, rssStart, rssPeak, zipMiB: zip.length / 2 ** 20,
      statements, sqldCpuSeconds, serialMsPerItem: (mainCpuSeconds / count) * 1000, workerMsPerItem: (workerCpuSeconds / count) * 1000,
    };
  }

  /** The issue-37 batch: mixed LEO/MEO/HEO one-day OEMs, a tenth with covariance. */
  async function volumeBatch(count: number): Promise<void> {
    const covariance = VOLUME_COVARIANCE;
    const states = VOLUME_STATES;
    const ids: string[] = [];
    const covIds: string[] = [];
    for (const [name, st] of Object.entries(states)) {
      for (const withCovariance of [false, true]) {
        const r = await post('/operations/state-vectors', { spacecraftId: sc.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 1000, ...st, ...(withCovariance ? { covariance } : {}) });
        const body = (await r.json()) as { id: string };
        if (r.status !== 201) throw new Error(`${name} state: ${r.status} ${JSON.stringify(body)}`);
        (withCovariance ? covIds : ids).push(body.id);
      }
    }
    const items = Array.from({ length: count }, (_, i) => (i % 10 === 9 ? { stateVectorId: covIds[i % 3]!, includeCovariance: true } : { stateVectorId: ids[i % 3]! }));
    // warm-up: every worker's Earth data and JIT
    const warm = await post('/operations/ephemerides/batch', { ...SPAN, items: items.slice(0, 20) });
    const warmJob = (await warm.json()) as { id: string };
    for (let s = ''; s !== 'SUCCEEDED' && s !== 'FAILED';) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      s = ((await (await get(`/operations/ephemerides/batch/${warmJob.id}`)).json()) as { status: string }).status;
    }
    const others = [];
    for (let k = 1; k < instances; k++) others.push(await startBenchServer({ WORKERS: String(workers), ...backend.env(), DATABASE_URL: server.databaseUrl }));
    const othersCpu0 = others.map((o) => o.processCpuSeconds());
    console.log(`Batch OEM at volume: ${count} mixed one-day OEMs (LEO/MEO/HEO, every tenth with covariance), 60 s, ${workers} workers × ${instances} instance(s); ${machineDescription()}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const gets: number[] = [];
    const rssStart = rssMiB();
    let rssPeak = rssStart;
    const mainCpu0 = server.mainThreadCpuSeconds();
    const processCpu0 = server.processCpuSeconds();
    const t0 = performance.now();
    const created = await post('/operations/ephemerides/batch', { ...SPAN, items });
    const job = (await created.json()) as { id: string };
    if (created.status !== 202) throw new Error(`batch: ${created.status} ${JSON.stringify(job)}`);
    let status: { status: string; itemsDone: number; itemsFailed: number; productId: string | null } = job as never;
    let lastReport = t0;
    while (status.status === 'QUEUED' || status.status === 'RUNNING') {
      const g0 = performance.now();
      await (await get(`/operations/state-vectors/${ids[0]}`)).arrayBuffer();
      gets.push(performance.now() - g0);
      rssPeak = Math.max(rssPeak, rssMiB());
      status = (await (await get(`/operations/ephemerides/batch/${job.id}`)).json()) as never;
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        console.log(`  ${((lastReport - t0) / 1000).toFixed(0)} s: ${status.itemsDone} done, RSS ${rssMiB().toFixed(0)} MiB`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    const mainCpu = server.mainThreadCpuSeconds() - mainCpu0;
    const workerCpu = server.processCpuSeconds() - processCpu0 - mainCpu;
    const othersCpu = others.map((o, k) => o.processCpuSeconds() - othersCpu0[k]!);
    for (const o of others) await o.stop();
    if (status.status !== 'SUCCEEDED' || status.itemsFailed > 0) throw new Error(`batch ended ${JSON.stringify(status)}`);
    const meta = (await (await get(`/operations/products/${status.productId}`)).json()) as { sizeBytes: number };
    const log = batchLogs.at(-1) ?? {};
    console.log(
      `${count} OEMs in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(1)} OEM/s (goal 10,000 ≤ 120 s: ${count >= 10_000 ? (seconds <= 120 ? 'met' : 'NOT met') : 'projected ' + ((10_000 * seconds) / count).toFixed(0) + ' s'}); ZIP ${(meta.sizeBytes / 2 ** 20).toFixed(0)} MiB; ` +
        `per item: worker CPU ${((workerCpu / count) * 1000).toFixed(1)} ms, main thread ${((mainCpu / count) * 1000).toFixed(2)} ms` +
        (others.length ? ` (first instance); the other instance(s) used ${othersCpu.map((c) => c.toFixed(0) + ' s').join(', ')} of CPU against the first's ${(workerCpu + mainCpu).toFixed(0)} s` : ''),
    );
    console.log(
      `  server RSS ${rssStart.toFixed(0)} → peak ${rssPeak.toFixed(0)} MiB sampled, VmHWM ${server.peakRssMiB().toFixed(0)} MiB; max buffered ${(Number(log.maxBufferedBytes ?? 0) / 1024).toFixed(0)} KiB, max in flight ${log.maxInFlight}; ` +
        `light GET meanwhile p50 ${percentile(gets, 50).toFixed(1)} ms, p99 ${percentile(gets, 99).toFixed(1)} ms, max ${Math.max(...gets).toFixed(1)} ms (${gets.length}); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
    figures.push({ name: `batch of ${count} mixed: wall time`, value: seconds, unit: 's', better: 'lower', digits: 1 }, { name: `batch of ${count} mixed: OEM/s`, value: count / seconds, unit: 'OEM/s', better: 'higher' });
  }

  // Warm-up: every worker's EOP table and JIT.
  for (let i = 0; i < 2 * workers; i++) await single();
  await batch(2 * workers);

  console.log(`Batch OEM benchmark: ${workers} workers, 1-day LEO OEMs, default full force model, 60 s steps; ${machineDescription()}`);
  const s0 = performance.now();
  const singleCpu0 = server.processCpuSeconds();
  for (let i = 0; i < sequentialCount; i++) await single();
  const singleRate = sequentialCount / ((performance.now() - s0) / 1000);
  // CPU per single request, whole server process: its rate on one free core is 1 / this, whatever the machine's load.
  const singleCpuSeconds = (server.processCpuSeconds() - singleCpu0) / sequentialCount;
  console.log(
    `sequential single requests: ${sequentialCount} OEMs at ${singleRate.toFixed(1)} OEM/s (${(1000 / singleRate).toFixed(1)} ms each); ` +
      `server CPU ${(singleCpuSeconds * 1000).toFixed(1)} ms per request (${(1 / singleCpuSeconds).toFixed(1)} OEM/s on one free core)`,
  );

  figures.push({ name: 'single requests: OEM/s', value: singleRate, unit: 'OEM/s', better: 'higher' });
  const goal = 0.9 * singleRate * workers;
  const results = [];
  for (const size of batchSizes) {
    const r = await batch(size);
    results.push(r);
    const log = batchLogs.at(-1) ?? {};
    console.log(
      `batch of ${size}: ${r.seconds.toFixed(1)} s, ${r.rate.toFixed(1)} OEM/s = ${(r.rate / singleRate).toFixed(2)} × single ` +
        `(goal ≥ ${goal.toFixed(1)} OEM/s = 0.9 × single × ${workers}: ${r.rate >= goal ? 'met' : 'NOT met'}); ZIP ${r.zipMiB.toFixed(1)} MiB; ` +
        `POST ${r.postMs.toFixed(0)} ms`,
    );
    console.log(`  ${r.statements} (the status polls included)${backend.sqld ? `; sqld CPU ${r.sqldCpuSeconds.toFixed(2)} s (${((100 * r.sqldCpuSeconds) / r.seconds).toFixed(0)} % of a core)` : ''}`);
    figures.push({ name: `batch of ${size}: wall time`, value: r.seconds, unit: 's', better: 'lower', digits: 1 }, { name: `batch of ${size}: OEM/s`, value: r.rate, unit: 'OEM/s', better: 'higher' }, { name: `batch of ${size}: main-thread CPU/item`, value: r.serialMsPerItem, unit: 'ms', better: 'lower', digits: 2 });
    console.log(
      `  server RSS ${r.rssStart.toFixed(0)} → peak ${r.rssPeak.toFixed(0)} MiB; light GET during the batch p50 ${percentile(r.gets, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(r.gets, 99).toFixed(1)} ms, max ${Math.max(...r.gets).toFixed(1)} ms (${r.gets.length} GETs)`,
    );
    console.log(
      `  event loop on the ZIP: longest entry step ${Number(log.maxZipStepMs ?? NaN).toFixed(2)} ms, longest piece write ${Number(log.maxPieceWriteMs ?? NaN).toFixed(2)} ms, ` +
        `total ${Number(log.zipAndWriteMs ?? NaN).toFixed(0)} ms; server event-loop delay p99 ${Number(log.eventLoopDelayP99Ms ?? NaN).toFixed(1)} ms, ` +
        `max ${Number(log.eventLoopDelayMaxMs ?? NaN).toFixed(1)} ms; max buffered ${(Number(log.maxBufferedBytes ?? 0) / 1024).toFixed(0)} KiB, max in flight ${log.maxInFlight}`,
    );
  }
  const [small, large] = results;
  // Scaling model from the largest batch (see the top of this file).
  const w = large!.workerMsPerItem / 1000;
  const sSerial = large!.serialMsPerItem / 1000;
  const pipelined = (n: number) => Math.min(n / w, 1 / sSerial);
  const sharedCores = (n: number) => n / (w + sSerial);
  console.log(
    `per item (batch of ${large!.count}): worker CPU ${(w * 1000).toFixed(1)} ms, main-thread (serial) CPU ${(sSerial * 1000).toFixed(2)} ms ` +
      `(${((100 * sSerial) / (w + sSerial)).toFixed(1)} % of the item's CPU); single request ${(1000 / singleRate).toFixed(1)} ms wall`,
  );
  // Against the single rate on one free core (from CPU time): the ratio a quiet machine would show, load aside.
  const singleFree = 1 / singleCpuSeconds;
  console.log(
    `model vs one request at a time on a free core (${singleFree.toFixed(1)} OEM/s): ` +
      [workers, 4, 8].map((n) => `${n} workers ${(pipelined(n) / singleFree).toFixed(2)} × (${(sharedCores(n) / singleFree).toFixed(2)} × with the main thread sharing the ${n} cores)`).join(', '),
  );
  console.log(
    `model: ${workers} workers → ${pipelined(workers).toFixed(1)} OEM/s on ${workers + 1}+ cores, ${sharedCores(workers).toFixed(1)} on ${workers} (measured here ${large!.rate.toFixed(1)}); ` +
      [4, 8].map((n) => `${n} workers → ${pipelined(n).toFixed(1)} OEM/s on ${n + 1}+ cores (${(pipelined(n) / singleRate).toFixed(1)} × single), ${sharedCores(n).toFixed(1)} on ${n} cores`).join('; ') +
      `; the serial part caps any pool at ${(1 / sSerial).toFixed(0)} OEM/s`,
  );
  console.log(`memory: peak RSS ${small!.rssPeak.toFixed(0)} MiB (${small!.count} items) vs ${large!.rssPeak.toFixed(0)} MiB (${large!.count} items); server VmHWM ${server.peakRssMiB().toFixed(0)} MiB`);
} finally {
  await server.stop();
}
return figures;
}

await compareBackends('bench:batch', runOn);
