/**
 * `npm run bench:cdm-ingest`: a 10,000-CDM upload through `POST /operations/conjunctions/cdms` against a real server
 * process (bench/lib/server.ts: `api/server.ts`, libSQL file database, WORKERS pool threads), and how long its event
 * loop was held meanwhile (the goal: "a 10,000-CDM upload is processed without holding the event loop more than a
 * few ms").
 *
 * The CDMs: 8 spacecraft are registered (their NORAD id, COSPAR id, name or externalKey is what the CDMs name them
 * by), in 40 object pairs (32 with a debris object that is not ours, 8 between two of ours); each pair has 25
 * conjunction events 6 h apart, and each event 10 successive CDMs over the 7 days before its TCA, as a screening
 * provider sends them: TCA refined by a few seconds each time, miss distance drifting around the event's own
 * (log-uniform 30 m … 3 km), both covariances shrinking as TCA nears. Each is the encounter of CCSDS 508.0-B-1's
 * example (Orekit's CDMExample1.txt, test/fixtures/ccsds/cdm/) read by our reader, changed as said, written by our
 * writer (KVN). Sorted by CREATION_DATE and cut into files of 500 messages (a provider's batch), uploaded 5 files per
 * request (≈ 13 MiB), requests one after another; later files add CDMs to events earlier ones formed.
 *
 * Printed: wall time and CDMs/s (upload start to last answer), events formed, and the server's event-loop figures
 * during the upload (api/runtime/eventLoopProbe.ts, asked by SIGUSR2): the longest hold — a 1 ms tick's lateness
 * minus the time the main thread waited for a core meanwhile: how long one turn of the loop ran our work, GC
 * included (it still holds waits on preempted GC helper threads, so it grows somewhat with the machine's load) — and
 * how many holds passed 5 and 10 ms; the longest CPU block — the most CPU time the main thread used between two 5 ms
 * ticks that came late; it does not grow with the load but is only good to ±4 ms (the kernel counts a thread's CPU
 * time at each 4 ms scheduler tick) and counts up to a tick of ordinary turns with the block; the longest
 * garbage-collection pause, and the longest hold less the GC pauses inside it (the part of a turn that was not V8's
 * collector); then the plain lateness figures: the longest delay of Node's event-loop delay histogram
 * (1 ms resolution) and its p99, the longest 5 ms self-block. Also the latency
 * of a light GET sent back to back by one client during the upload — from a process of its own (bench/lib/load.ts
 * `duringLoad`): sent from this process, its answers waited behind the uploads it sends and reads, and the maximum
 * (50–60 ms) was the client's — and the load average.
 *
 * Env: BENCH_CDMS (default 10000), BENCH_WARM_UP_CDMS (default 2000, uploaded first, not measured), BENCH_MESSAGES_PER_FILE (default 500), BENCH_FILES_PER_REQUEST (default 5), WORKERS (server pool, default 2), BENCH_CPU_PROF=<dir> (a V8 CPU profile of the
 * server's main thread written there when it stops, `node --cpu-prof`).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCdm, type CdmMessage } from '../engine/files/cdm/cdmReader.ts';
import { writeCdmKvn } from '../engine/files/cdm/cdmWriter.ts';
import { duringLoad } from './lib/load.ts';
import { machineDescription, percentile, startBenchServer, type BenchServer } from './lib/server.ts';
import { seededRandom } from '../test/helpers/random.ts';
import { compareBackends, describeStatements, statementCounts, type BenchBackend, type Figure } from './lib/backends.ts';

const CDM_COUNT = Number(process.env.BENCH_CDMS ?? 10_000);
const WORKERS = process.env.WORKERS ?? '2';
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const MESSAGES_PER_FILE = Number(process.env.BENCH_MESSAGES_PER_FILE ?? 500);
const FILES_PER_REQUEST = Number(process.env.BENCH_FILES_PER_REQUEST ?? 5);
const PRIMARIES = 8;
const PAIRS = 40;
const CDMS_PER_EVENT = 10;
const EVENT_SPACING_S = 6 * 3600;
const FIRST_TCA_MS = Date.UTC(2026, 2, 1, 0, 0, 0);
/** The warm-up's events, a year later (no TCA near the measured ones). */
const WARM_UP_FIRST_TCA_MS = Date.UTC(2027, 2, 1, 0, 0, 0);
/** CDMs uploaded before the measured upload (BENCH_WARM_UP_CDMS). */
const WARM_UP_CDMS = Number(process.env.BENCH_WARM_UP_CDMS ?? 2_000);
const BASE = parseCdm(readFileSync(fileURLToPath(new URL('../test/fixtures/ccsds/cdm/CDMExample1.txt', import.meta.url)), 'utf8'));

/** CCSDS epoch text (UTC, milliseconds, no zone letter) of a Unix time in ms. */
function ccsdsEpoch(ms: number): string {
  return new Date(ms).toISOString().slice(0, -1);
}

interface Identity {
  designator: string;
  name: string;
  internationalDesignator: string;
}

/** Our spacecraft: how each is registered, and how the CDMs name it. */
function primaries(): Array<{ identity: Identity; body: Record<string, unknown> }> {
  return Array.from({ length: PRIMARIES }, (_, i) => {
    const identity = { designator: String(61_000 + i), name: `APSIS-BENCH-${i}`, internationalDesignator: `2025-${String(100 + i).padStart(3, '0')}A` };
    // resolved by NORAD id, COSPAR id, name or externalKey (api/services/conjunctions/ingest.ts, candidatesOf)
    const by = i % 4;
    const body: Record<string, unknown> = { name: by === 2 ? identity.name : `Bench craft ${i}` };
    if (by === 0) body.noradId = 61_000 + i;
    if (by === 1) body.cosparId = identity.internationalDesignator;
    if (by === 3) body.externalKey = identity.designator;
    if (i % 2 === 0) body.hardBodyRadiusM = 2 + i / 2;
    return { identity, body };
  });
}

/** `count` CDMs (KVN text) in CREATION_DATE order, their events from `firstTcaMs` on; and how many events. */
function makeCdms(ours: Identity[], count: number, firstTcaMs: number, messageIdPrefix: string): { texts: string[]; events: number } {
  const random = seededRandom(24);
  const [o1, o2] = BASE.objects;
  const deltaKm = o2.stateVector.positionKm.map((v, k) => v - o1.stateVector.positionKm[k]!);
  const baseMissKm = Math.hypot(...deltaKm);
  const eventsPerPair = Math.ceil(count / (PAIRS * CDMS_PER_EVENT));
  const cdms: Array<{ created: number; text: string }> = [];
  let events = 0;
  for (let pair = 0; pair < PAIRS && cdms.length < count; pair++) {
    const primary = ours[pair % PRIMARIES]!;
    const secondary: Identity = pair < PAIRS - PRIMARIES
      ? { designator: String(40_000 + pair), name: `FENGYUN 1C DEB ${pair}`, internationalDesignator: `1999-025${String.fromCharCode(65 + (pair % 26))}${String.fromCharCode(65 + Math.floor(pair / 26))}` }
      : ours[(pair + 3) % PRIMARIES]!;
    for (let e = 0; e < eventsPerPair && cdms.length < count; e++) {
      events++;
      const tcaMs = firstTcaMs + (e * EVENT_SPACING_S + pair * 97) * 1000;
      const eventMissM = 30 * 100 ** random(); // 30 m … 3 km, log-uniform
      for (let k = 0; k < CDMS_PER_EVENT && cdms.length < count; k++) {
        const cdm = structuredClone(BASE) as CdmMessage;
        const daysBefore = 7 - (7 * k) / CDMS_PER_EVENT;
        const created = tcaMs - daysBefore * 86_400_000;
        // each update refines TCA (a few seconds, less as TCA nears) and the miss distance
        const thisTcaMs = tcaMs + (random() - 0.5) * 20_000 * daysBefore / 7;
        const missM = eventMissM * (1 + 0.4 * (random() - 0.5) * daysBefore / 7);
        const covarianceScale = 0.2 + daysBefore / 2;
        cdm.header.creationDate = ccsdsEpoch(created);
        cdm.header.messageId = `${messageIdPrefix}-${pair}-${e}-${k}`;
        cdm.relativeMetadata.tca = ccsdsEpoch(thisTcaMs);
        cdm.relativeMetadata.missDistanceM = Math.round(missM * 1000) / 1000;
        for (const [object, identity] of [[cdm.objects[0], primary], [cdm.objects[1], secondary]] as const) {
          object.metadata.objectDesignator = identity.designator;
          object.metadata.objectName = identity.name;
          object.metadata.internationalDesignator = identity.internationalDesignator;
          object.rtnCovariance!.positionVelocity = object.rtnCovariance!.positionVelocity.map((v) => v * covarianceScale);
        }
        // object 2 along the example's miss vector, at this miss distance
        const scale = missM / 1000 / baseMissKm;
        cdm.objects[1].stateVector.positionKm = o1.stateVector.positionKm.map((v, j) => v + deltaKm[j]! * scale) as [number, number, number];
        cdms.push({ created, text: writeCdmKvn(cdm) });
      }
    }
  }
  cdms.sort((a, b) => a.created - b.created);
  return { texts: cdms.map((c) => c.text), events };
}

interface UploadFile {
  name: string;
  text: string;
  messages: number;
}

/** Messages cut into files of MESSAGES_PER_FILE, as a provider sends them. */
function filesOf(texts: readonly string[], prefix: string): UploadFile[] {
  const files: UploadFile[] = [];
  for (let i = 0; i < texts.length; i += MESSAGES_PER_FILE) {
    const part = texts.slice(i, i + MESSAGES_PER_FILE);
    files.push({ name: `${prefix}-${String(files.length).padStart(3, '0')}.txt`, text: part.join(''), messages: part.length });
  }
  return files;
}

async function upload(server: BenchServer, files: UploadFile[]): Promise<{ stored: number; duplicates: number; failed: string[] }> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.text]), f.name);
  const response = await fetch(`${server.baseUrl}/operations/conjunctions/cdms`, { method: 'POST', headers: { Authorization: `Bearer ${server.key}` }, body: form });
  const body = (await response.json()) as { results?: Array<{ filename: string; status: string; message: string; storedCount: number; duplicateCount: number }> };
  if (!body.results) throw new Error(`upload: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  return {
    stored: body.results.reduce((s, r) => s + r.storedCount, 0),
    duplicates: body.results.reduce((s, r) => s + r.duplicateCount, 0),
    failed: body.results.filter((r) => r.status === 'failed').map((r) => `${r.filename}: ${r.message}`),
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

if (CPU_PROFILE_DIR) mkdirSync(CPU_PROFILE_DIR, { recursive: true });
async function runOn(backend: BenchBackend): Promise<Figure[]> {
const figures: Figure[] = [];
const server = await startBenchServer({ WORKERS, ...backend.env() }, { eventLoopProbe: true, cpuProfileDir: CPU_PROFILE_DIR });
try {
  const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' };
  const ours = primaries();
  let probeCraft = '';
  for (const { body } of ours) {
    const res = await fetch(`${server.baseUrl}/operations/spacecraft`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`create spacecraft: ${res.status} ${await res.text()}`);
    probeCraft = ((await res.json()) as { id: string }).id;
  }
  const made = performance.now();
  const { texts, events: eventsMade } = makeCdms(ours.map((o) => o.identity), CDM_COUNT, FIRST_TCA_MS, 'BENCH');
  const files = filesOf(texts, 'cdms');
  const totalBytes = files.reduce((s, f) => s + Buffer.byteLength(f.text), 0);
  console.log(`CDM upload: ${machineDescription()}; server WORKERS=${WORKERS}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15 min)`);
  console.log(
    `${fmt(texts.length)} CDMs (KVN, ${fmt(totalBytes / 2 ** 20, 1)} MiB, made in ${fmt(performance.now() - made)} ms) of ${PAIRS} pairs, ${eventsMade} events; ` +
      `${files.length} files of ≤ ${MESSAGES_PER_FILE} CDMs, ${FILES_PER_REQUEST} files per request, ${Math.ceil(files.length / FILES_PER_REQUEST)} requests in sequence`,
  );

  // Warm-up, not timed: WARM_UP_CDMS CDMs of events a year later (which stay stored), in files and requests of the
  // measured shape. It warms the pool threads and SQLite's pages, and it lets V8 compile the ingest's hot code: with
  // 50 CDMs, TurboFan still compiled it during the measured upload, on the helper threads that the main thread's GC
  // also waits for (perf: ~10 % of both cores on V8's threads, half of it compiling)
  const warm = makeCdms(ours.map((o) => o.identity), WARM_UP_CDMS, WARM_UP_FIRST_TCA_MS, 'WARM');
  const warmFiles = filesOf(warm.texts, 'warm-up');
  for (let i = 0; i < warmFiles.length; i += FILES_PER_REQUEST) {
    const { failed } = await upload(server, warmFiles.slice(i, i + FILES_PER_REQUEST));
    if (failed.length > 0) throw new Error(`warm-up: ${failed.join('; ')}`);
  }

  await server.eventLoopProbe(); // starts the count
  const statementsBefore = await statementCounts(server.baseUrl, server.key);
  const sqldCpuBefore = backend.cpuSeconds();
  const loadAverageBefore = loadavg()[0]!;
  let stored = 0;
  let duplicates = 0;
  const requestMs: number[] = [];
  let probe!: Awaited<ReturnType<BenchServer['eventLoopProbe']>>;
  let wallMs = 0;
  // the GETs from a process of their own: this one is busy sending the uploads and reading their answers
  const { load: gets } = await duringLoad(
    { baseUrl: server.baseUrl, paths: [`/operations/spacecraft/${probeCraft}`], headers: [{ Authorization: `Bearer ${server.key}` }], connections: 1, durationMs: 3_600_000 },
    async () => {
      const started = performance.now();
      for (let i = 0; i < files.length; i += FILES_PER_REQUEST) {
        const t0 = performance.now();
        const result = await upload(server, files.slice(i, i + FILES_PER_REQUEST));
        requestMs.push(performance.now() - t0);
        if (result.failed.length > 0) throw new Error(`upload: ${result.failed.join('; ').slice(0, 1000)}`);
        stored += result.stored;
        duplicates += result.duplicates;
      }
      wallMs = performance.now() - started;
      probe = await server.eventLoopProbe();
    },
  );

  const sqldCpu = backend.cpuSeconds() - sqldCpuBefore;
  const statementsAfter = await statementCounts(server.baseUrl, server.key);
  const list = await fetch(`${server.baseUrl}/operations/conjunctions?size=1`, { headers });
  const totalEvents = ((await list.json()) as { totalElements: number }).totalElements;
  const warmEvents = warm.events;

  console.log(
    `uploaded ${fmt(stored)} CDMs stored (${duplicates} duplicates) in ${fmt(wallMs)} ms: ${fmt(stored / (wallMs / 1000))} CDMs/s; ` +
      `requests ${requestMs.map((ms) => fmt(ms)).join(', ')} ms`,
  );
  console.log(`  ${describeStatements(statementsBefore, statementsAfter, stored, 'CDM')}${backend.sqld ? `; sqld CPU ${fmt(sqldCpu, 2)} s (${fmt((100 * sqldCpu) / (wallMs / 1000))} % of a core)` : ''}`);
  figures.push(
    { name: 'upload wall time', value: wallMs / 1000, unit: 's', better: 'lower', digits: 2 },
    { name: 'CDMs/s', value: stored / (wallMs / 1000), unit: 'CDM/s', better: 'higher', digits: 0 },
    { name: 'main-thread CPU per CDM', value: probe.mainThreadCpuMs === null ? NaN : (probe.mainThreadCpuMs * 1000) / stored, unit: 'µs', better: 'lower', digits: 0 },
    { name: 'longest hold', value: probe.holdMaxMs ?? NaN, unit: 'ms', better: 'lower' },
    { name: 'GET during upload p99', value: percentile(gets.latencies, 99), unit: 'ms', better: 'lower' },
  );
  console.log(`events formed: ${fmt(totalEvents - warmEvents)} (expected ${eventsMade}; ${warmEvents} more from the warm-up)`);
  const na = (v: number | null, digits = 1) => (v === null ? 'n/a' : `${fmt(v, digits)} ms`);
  console.log(
    `server event loop during the upload: longest hold ${na(probe.holdMaxMs)} (${probe.holdsOver5Ms ?? 'n/a'} over 5 ms, ${probe.holdsOver10Ms ?? 'n/a'} over 10 ms; 1 ms tick, the wait for a core taken out); ` +
      `longest CPU block ${na(probe.cpuBlockMaxMs)} (±4 ms; GC pauses in its interval ${na(probe.gcInCpuBlockMs)}); main thread CPU ${na(probe.mainThreadCpuMs, 0)} in all, ` +
      `${probe.mainThreadCpuMs === null ? 'n/a' : `${fmt((probe.mainThreadCpuMs * 1000) / stored, 0)} µs`} per CDM); ` +
      `longest GC pause ${fmt(probe.gcPauseMaxMs, 1)} ms, ${probe.gcPauseMaxKind ?? '?'} (GC ${fmt(probe.gcPauseTotalMs)} ms in all); ` +
      `longest hold less its GC pauses ${na(probe.holdLessGcMaxMs)} (${probe.holdsLessGcOver5Ms ?? 'n/a'} over 5 ms)`,
  );
  console.log(
    `  lateness (grows with the machine's load): event-loop delay max ${fmt(probe.eventLoopDelayMaxMs, 1)} ms, p99 ${fmt(probe.eventLoopDelayP99Ms, 1)} ms; ` +
      `longest self-block ${na(probe.selfBlockMaxMs)} (${probe.selfBlocksOver10Ms ?? 'n/a'} ticks over 10 ms); main thread waited ${na(probe.runQueueWaitMs, 0)} for a core`,
  );
  console.log(
    `GET /operations/spacecraft/{id}, 1 client, during the upload: ${fmt(gets.latencies.length)} requests, p50 ${fmt(percentile(gets.latencies, 50), 1)} ms, ` +
      `p99 ${fmt(percentile(gets.latencies, 99), 1)} ms, max ${fmt(Math.max(...gets.latencies), 1)} ms, errors ${gets.errors}`,
  );
  console.log(`load average: ${fmt(loadAverageBefore, 2)} before, ${loadavg().map((l) => fmt(l, 2)).join(' ')} after (1/5/15 min); server peak RSS ${fmt(server.peakRssMiB())} MiB`);
} finally {
  await server.stop();
  if (CPU_PROFILE_DIR) console.log(`CPU profile of the server's main thread written in ${CPU_PROFILE_DIR}`);
}
return figures;
}

await compareBackends('bench:cdm-ingest', runOn);
