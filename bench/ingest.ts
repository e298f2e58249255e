/**
 * `npm run bench:ingest`: tracking-measurement ingest end to end through HTTP against a real listening server
 * (`api/server.ts` in a child process: real Piscina pool, libSQL file database in WAL mode in a temp directory).
 *
 *  1. Ingest: a generated 100,000-measurement TDM (KVN; RANGE, RADEC pairs, DOPPLER of SAT-1 from DSS-25), a
 *     96-satellite 1-day SP3-d (P+V every 5 min = 27,648 PV records), then 2× and 4× bigger TDMs. For each file:
 *     measurements per second from upload start to the job's SUCCEEDED, the split upload/validate (POST round
 *     trip, which parses the file once and hands its batches to the job), queue wait (job created → started), the
 *     job's run and insert time (from the runner's `measurement job succeeded` log line), and the server's peak RSS during that file (VmHWM from /proc/<pid>/status, reset before each file
 *     through /proc/<pid>/clear_refs; falls back to sampled VmRSS).
 *  2. Responsiveness: 20 keep-alive clients send authenticated `GET /operations/spacecraft/{id}` back to back
 *     while a 500,000-measurement TDM job inserts (from its 202 to its SUCCEEDED): p50, p99 and max latency (goal:
 *     p99 ≤ 50 ms, none over 200 ms), and the job's insert rate meanwhile.
 *  3. Query over 1,000,000 rows: a second server on a fresh temp database; 1M measurements (10 spacecraft,
 *     10 days) written through the storage layer's bulk path (insertMeasurements in one transaction), then
 *     `GET /operations/measurements` over one day with the default sort (epoch desc), with a spacecraft filter, and
 *     a deep page; EXPLAIN QUERY PLAN of each shows the index used.
 *
 * Env: WORKERS (server pool size, default 2), BENCH_QUICK=1 (skips the 4× TDM, a 200k job for part 2 and 200k rows for
 * part 3), QUERY_ROWS (rows for part 3, default 1,000,000), BENCH_PARTS (e.g. `responsive,query`; default all).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDatabase, inTransaction, openDatabase } from '../storage/sql/db.ts';
import { explainMeasurementQuery, insertMeasurements } from '../storage/measurements.ts';
import type { NewMeasurement } from '../domain/measurements/model.ts';
import { migrate } from '../storage/sql/migrations.ts';
import { ensureOrganization } from '../storage/organizations.ts';
import { runLoad } from './lib/load.ts';
import { percentile, startBenchServer } from './lib/server.ts';
import { sp3Chunks, tdmKvnChunks } from './parsers.ts';

const quick = process.env.BENCH_QUICK === '1';
const workers = process.env.WORKERS ?? '2';
const queryRows = Number(process.env.QUERY_ROWS ?? (quick ? 200_000 : 1_000_000));
const tmp = mkdtempSync(join(tmpdir(), 'apsis-ingest-'));
const MIB = 2 ** 20;

interface Server {
  pid: number;
  isRunning(): boolean;
  base: string;
  secret: string;
  logs: Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** The server in its own process on `dbFile`, with its JSON log records collected (job timings). */
async function startServer(dbFile: string): Promise<Server> {
  const logs: Array<Record<string, unknown>> = [];
  const server = await startBenchServer({ DATABASE_URL: `file:${dbFile}`, WORKERS: workers }, { onLog: (record) => logs.push(record) });
  return { pid: server.pid, isRunning: () => server.isRunning(), base: server.baseUrl, secret: server.key, logs, stop: () => server.stop() };
}

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Peak RSS of `pid` while `work` runs: VmHWM after resetting it, and the sampled VmRSS maximum as a cross-check. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakBytes: number; startBytes: number }> {
  let reset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    reset = true;
  } catch { /* not permitted here: rely on sampling */ }
  const startBytes = procStatus(pid, 'VmRSS');
  let sampled = startBytes;
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, procStatus(pid, 'VmRSS'));
    } catch { /* exited */ }
  }, 10);
  try {
    const result = await work();
    sampled = Math.max(sampled, procStatus(pid, 'VmRSS'));
    const peakBytes = reset ? Math.max(procStatus(pid, 'VmHWM'), sampled) : sampled;
    return { result, peakBytes, startBytes };
  } finally {
    clearInterval(timer);
  }
}

async function api(server: Server, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const request = () => fetch(server.base + path, {
    method,
    // identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
    headers: { Authorization: `Bearer ${server.secret}`, 'Accept-Encoding': 'identity', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    // A keep-alive socket the server closed while we were busy (idle > keepAliveTimeout): retry GETs once.
    if (method !== 'GET' || !server.isRunning()) throw error;
    console.error(`(retrying GET ${path} after ${String((error as Error).cause ?? error)})`);
    response = await request();
  }
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function createSpacecraft(server: Server, name: string, externalKey?: string): Promise<string> {
  const r = await api(server, 'POST', '/operations/spacecraft', externalKey ? { name, externalKey } : { name });
  if (r.status !== 201) throw new Error(`create spacecraft ${name}: ${r.status} ${JSON.stringify(r.json)}`);
  return String(r.json.id);
}

interface IngestResult {
  label: string;
  bytes: number;
  measurements: number;
  totalMs: number;
  uploadMs: number;
  queueMs: number;
  runMs: number;
  parseMs: number | null;
  insertMs: number | null;
  /** The job inserted the batches the upload's validation parsed (no second parse). */
  parsedAtUpload: boolean | null;
  peakRss: number;
  startRss: number;
}

async function ingest(server: Server, label: string, fileName: string, content: string): Promise<IngestResult> {
  const bytes = Buffer.byteLength(content);
  const { result, peakBytes, startBytes } = await withPeakRss(server.pid, async () => {
    const started = performance.now();
    const form = new FormData();
    form.append('files', new Blob([content]), fileName);
    const response = await fetch(`${server.base}/operations/measurements`, { method: 'POST', headers: { Authorization: `Bearer ${server.secret}` }, body: form });
    const upload = (await response.json()) as { results: Array<{ jobId: string | null; status: string; message: string; errors: unknown[] }> };
    const uploadMs = performance.now() - started;
    const file = upload.results?.[0];
    if (response.status !== 202 || !file?.jobId) throw new Error(`${label}: upload ${response.status} ${JSON.stringify(upload).slice(0, 500)}`);
    let job: any;
    for (;;) {
      job = (await api(server, 'GET', `/operations/measurements/jobs/${file.jobId}`)).json;
      if (job.status === 'SUCCEEDED') break;
      if (job.status === 'FAILED') throw new Error(`${label}: job failed: ${job.error}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const totalMs = performance.now() - started;
    return { job, uploadMs, totalMs };
  });
  const { job, uploadMs, totalMs } = result;
  const log = server.logs.find((l) => l.message === 'measurement job succeeded' && l.jobId === job.jobId);
  const createdAt = Date.parse(job.createdAt);
  const startedAt = Date.parse(job.startedAt);
  const finishedAt = Date.parse(job.finishedAt);
  return {
    label,
    bytes,
    measurements: Number(job.measurementCount),
    totalMs,
    uploadMs,
    queueMs: startedAt - createdAt,
    runMs: finishedAt - startedAt,
    parseMs: log ? Number(log.parseMs) : null,
    insertMs: log ? Number(log.insertMs) : null,
    parsedAtUpload: log && typeof log.parsedAtUpload === 'boolean' ? log.parsedAtUpload : null,
    peakRss: peakBytes,
    startRss: startBytes,
  };
}

/** A TDM with about `measurements` measurements: 4 observations (RANGE, ANGLE_1, ANGLE_2, DOPPLER) give 3. */
function tdmText(measurements: number, satellite: string): string {
  return [...tdmKvnChunks(Math.ceil((measurements * 4) / 3), satellite)].join('');
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function printIngest(r: IngestResult): void {
  const rate = r.measurements / (r.totalMs / 1000);
  const split = [
    `upload/validate ${fmt(r.uploadMs)} ms`,
    `queue ${fmt(r.queueMs)} ms`,
    r.parseMs === null
      ? `job ${fmt(r.runMs)} ms`
      : r.parsedAtUpload
        ? `job ${fmt(r.runMs)} ms (insert ${fmt(r.insertMs!)} ms; parsed once, at upload)`
        : `parse ${fmt(r.parseMs)} ms, insert ${fmt(r.insertMs!)} ms (re-parsed in the job)`,
  ].join(', ');
  console.log(
    `${r.label.padEnd(34)} ${fmt(r.measurements).padStart(9)} meas ${(r.bytes / MIB).toFixed(1).padStart(5)} MiB  ` +
      `${fmt(r.totalMs).padStart(6)} ms  ${fmt(rate).padStart(8)} meas/s  peak RSS ${fmt(r.peakRss / MIB).padStart(4)} MiB ` +
      `(+${fmt((r.peakRss - r.startRss) / MIB)} over ${fmt(r.startRss / MIB)})`,
  );
  console.log(`${''.padEnd(34)} ${split}`);
}

async function ingestPart(): Promise<void> {
  const server = await startServer(join(tmp, 'ingest.db'));
  try {
    await createSpacecraft(server, 'SAT-1');
    await createSpacecraft(server, 'SAT-2');
    await createSpacecraft(server, 'SAT-3');
    await createSpacecraft(server, 'SAT-4');
    const sp3 = [...sp3Chunks()].join('');
    const satIds = [...new Set([...sp3.matchAll(/^P([A-Z]\d\d)/gm)].map((m) => m[1]!))];
    for (const id of satIds) await createSpacecraft(server, `GNSS ${id}`, id);
    console.log(`server pid ${server.pid}, WORKERS=${workers}, idle RSS ${fmt(procStatus(server.pid, 'VmRSS') / MIB)} MiB`);

    // Warm-up (JIT, pool threads, SQLite pages), not reported.
    await ingest(server, 'warm-up', 'warmup.tdm', tdmText(3_000, 'SAT-4'));

    const results: IngestResult[] = [];
    results.push(await ingest(server, 'TDM 100k (1×)', 'tdm-100k.tdm', tdmText(100_000, 'SAT-1')));
    printIngest(results.at(-1)!);
    results.push(await ingest(server, 'SP3-d 96 sats × 288 epochs (P+V)', 'igs-day.sp3', sp3));
    printIngest(results.at(-1)!);
    results.push(await ingest(server, 'TDM 200k (2×)', 'tdm-200k.tdm', tdmText(200_000, 'SAT-2')));
    printIngest(results.at(-1)!);
    if (!quick) {
      results.push(await ingest(server, 'TDM 400k (4×)', 'tdm-400k.tdm', tdmText(400_000, 'SAT-3')));
      printIngest(results.at(-1)!);
    }
    const tdm = results.filter((r) => r.label.startsWith('TDM'));
    const total = results.reduce((s, r) => s + r.measurements, 0) / (results.reduce((s, r) => s + r.totalMs, 0) / 1000);
    console.log(`overall ${fmt(total)} measurements/s end-to-end (goal ≥ 100,000)`);
    console.log(
      `RSS growth over idle by TDM size: ${tdm.map((r) => `${r.label.split(' ')[1]} +${fmt((r.peakRss - r.startRss) / MIB)} MiB`).join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}

/** Light GETs from 20 clients while a 500k TDM job inserts (the job runs on the same server). */
async function responsivenessPart(): Promise<void> {
  const size = quick ? 200_000 : 500_000;
  const content = tdmText(size, 'SAT-R');
  const server = await startServer(join(tmp, 'responsive.db'));
  try {
    await createSpacecraft(server, 'SAT-R');
    const probe = await createSpacecraft(server, 'PROBE');
    const headers = { Authorization: `Bearer ${server.secret}` };
    await runLoad({ baseUrl: server.base, path: () => `/operations/spacecraft/${probe}`, headers, connections: 20, durationMs: 1500 }); // warm-up
    const form = new FormData();
    form.append('files', new Blob([content]), 'responsive.tdm');
    const response = await fetch(`${server.base}/operations/measurements`, { method: 'POST', headers, body: form });
    const upload = (await response.json()) as { results: Array<{ jobId: string | null }> };
    const jobId = upload.results?.[0]?.jobId;
    if (response.status !== 202 || !jobId) throw new Error(`responsiveness upload: ${response.status} ${JSON.stringify(upload).slice(0, 300)}`);
    let finished = false;
    let job: any = null;
    const watcher = (async () => {
      while (!finished) {
        job = (await api(server, 'GET', `/operations/measurements/jobs/${jobId}`)).json;
        if (job.status === 'SUCCEEDED' || job.status === 'FAILED') finished = true;
        else await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const started = performance.now();
    const load = await runLoad({ baseUrl: server.base, path: () => `/operations/spacecraft/${probe}`, headers, connections: 20, durationMs: 600_000, keepGoing: () => !finished });
    await watcher;
    const ms = performance.now() - started;
    if (job.status !== 'SUCCEEDED') throw new Error(`responsiveness job: ${job.status} ${job.error}`);
    const l = load.latencies;
    console.log(
      `GET /operations/spacecraft/{id}, 20 clients, during a ${fmt(size)}-measurement TDM job (${fmt(ms)} ms, ${fmt(size / (ms / 1000))} meas/s): ` +
        `${fmt(l.length / load.seconds)} req/s, p50 ${fmt(percentile(l, 50), 1)} ms, p99 ${fmt(percentile(l, 99), 1)} ms, max ${fmt(Math.max(...l), 1)} ms, ` +
        `errors ${load.errors}  (goal: p99 ≤ 50 ms, max ≤ 200 ms)`,
    );
  } finally {
    await server.stop();
  }
}

/** 1M synthetic measurements straight through storage (what a big ingest leaves behind), then HTTP queries. */
async function queryPart(): Promise<void> {
  const dbFile = join(tmp, 'query.db');
  const server = await startServer(dbFile);
  const db = await openDatabase({ url: `file:${dbFile}` });
  try {
    await migrate(db);
    const org = await ensureOrganization(db, 'default'); // the bootstrap key's organization
    const crafts: string[] = [];
    for (let i = 0; i < 10; i++) crafts.push(await createSpacecraft(server, `Q-SAT-${i}`));
    const days = 10;
    const base = Date.UTC(2025, 0, 1);
    const stepMs = (days * 86_400_000) / queryRows;
    const started = performance.now();
    const perJob = 100_000;
    for (let offset = 0; offset < queryRows; offset += perJob) {
      const rows: NewMeasurement[] = [];
      for (let i = offset; i < Math.min(queryRows, offset + perJob); i++) {
        const epoch = `${new Date(base + Math.floor(i * stepMs)).toISOString().slice(0, -1)}000Z`;
        const craft = crafts[i % crafts.length]!;
        rows.push(i % 2 === 0
          ? { spacecraftId: craft, type: 'RANGE', epoch, values: [7000 + (i % 1000)], units: ['km'], sigma: null, participants: ['DSS-25', `Q-SAT-${i % 10}`], station: 'DSS-25', frame: null }
          : { spacecraftId: craft, type: 'RADEC', epoch, values: [i % 360, (i % 180) - 90], units: ['deg', 'deg'], sigma: null, participants: ['DSS-25', `Q-SAT-${i % 10}`], station: 'DSS-25', frame: 'EME2000' });
      }
      await inTransaction(db, (tx) => insertMeasurements(tx, org.id, `bulk-${offset}`, `bulk-${offset / perJob}.tdm`, rows));
    }
    const insertS = (performance.now() - started) / 1000;
    console.log(`inserted ${fmt(queryRows)} measurements through storage in ${insertS.toFixed(1)} s (${fmt(queryRows / insertS)} rows/s)`);
    await analyzeDatabase(db);

    const day = { startDate: '2025-01-05T00:00:00Z', endDate: '2025-01-05T23:59:59.999Z' };
    const cases: Array<{ label: string; params: Record<string, string>; spacecraftIds: string[] | null; page: number; sort: 'epoch' | 'spacecraftId' }> = [
      { label: 'one day, default sort', params: { ...day }, spacecraftIds: null, page: 0, sort: 'epoch' },
      { label: 'one day, spacecraftIds=1 craft', params: { ...day, spacecraftIds: crafts[3]! }, spacecraftIds: [crafts[3]!], page: 0, sort: 'epoch' },
      { label: 'one day, spacecraftIds=1 craft, page 50', params: { ...day, spacecraftIds: crafts[3]!, page: '50' }, spacecraftIds: [crafts[3]!], page: 50, sort: 'epoch' },
      { label: 'one day, default sort, page 500', params: { ...day, page: '500' }, spacecraftIds: null, page: 500, sort: 'epoch' },
    ];
    for (const c of cases) {
      const qs = new URLSearchParams(c.params).toString();
      const times: number[] = [];
      let total = 0;
      let items = 0;
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        const r = await api(server, 'GET', `/operations/measurements?${qs}`);
        times.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`${c.label}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
        total = Number(r.json.totalElements ?? r.json.total ?? r.json.page?.totalElements ?? 0);
        items = (r.json.content ?? r.json.items ?? []).length;
      }
      const first = times[0]!;
      times.sort((a, b) => a - b);
      console.log(`GET ${c.label.padEnd(40)} first ${fmt(first, 1).padStart(5)} ms, median of 7 ${fmt(times[3]!, 1).padStart(5)} ms  (${items} items of ${fmt(total)})`);
      const plan = await explainMeasurementQuery(db, org.id, {
        startEpoch: '2025-01-05T00:00:00.000000Z', endEpoch: '2025-01-05T23:59:59.999000Z', spacecraftIds: c.spacecraftIds, types: null, includeOutliers: false,
      }, { page: c.page, size: 20, sort: [{ field: c.sort, direction: 'desc' }] });
      for (const line of plan) console.log(`    plan: ${line}`);
    }
  } finally {
    db.close();
    await server.stop();
  }
}

try {
  console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, node ${process.version}`);
  if (process.env.BENCH_PARTS === undefined || process.env.BENCH_PARTS.includes('responsive')) await responsivenessPart();
  if (process.env.BENCH_PARTS === undefined || process.env.BENCH_PARTS.includes('ingest')) await ingestPart();
  if (process.env.BENCH_PARTS === undefined || process.env.BENCH_PARTS.includes('query')) await queryPart();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
