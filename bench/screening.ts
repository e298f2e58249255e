/**
 * `npm run bench:screening`: the conjunction screening at catalog scale through the API, on one
 * and on two server processes sharing one database file. The engine alone: `npm run bench:screening:engine`.
 *
 *  1. A server process (`node --import tsx api/server.ts`, WORKERS=2, a fresh database file) is started; the synthetic
 *     catalog of 30,000 objects (bench/lib/syntheticCatalog.ts: the shape of today's public catalog, seeded) is
 *     uploaded as one 3LE file with `POST /operations/catalog`.
 *  2. Ten primaries are created through the API (the engine bench's orbits: a 53° shell, ISS-like, three SSO, two
 *     polar, GNSS, GEO, Molniya): a spacecraft each with a GCRF state at the span start and a force model (EGM96 8×8,
 *     Harris–Priester, Sun and Moon); six are screened as spacecraft (the service propagates them with dense output),
 *     four as uploaded OEMs of their own propagation (generate-oem, 60 s), i.e. "hypothetical" trajectories.
 *  3. `POST /operations/conjunctions/screenings`: 10 primaries × the catalog × 7 days, sphere of 20 km, Pc threshold
 *     1e-6 (approaches inside ~6 km become conjunction events with a CDM each); polled until SUCCEEDED. Printed: the
 *     end-to-end wall time (POST → SUCCEEDED, and from the start of the catalog upload), the worker time per stage
 *     summed over chunks (set-up, filters, sampling, refinement, Pc) and the storing time (CDM ingest and approach
 *     rows), the peak resident memory of the server process (VmHWM: the process with its worker threads), and how
 *     long the server's event loop was held from POST to SUCCEEDED (api/runtime/eventLoopProbe.ts, as
 *     bench:catalog-ingest prints it: the longest hold and CPU block of the main thread, GC pauses), and again while
 *     its approaches are read in pages of 1,000.
 *     BENCH_CPU_PROF=<dir> writes that server's main-thread CPU profile and its longest holds there
 *     (`tsx bench/profileBlocks.ts <dir>`).
 *  4. The speed-up from one to two instances: the same screening on one server process with one worker, then on two
 *     server processes with one worker each sharing the database file; the merged approaches of every run are compared
 *     (they must be identical).
 *  5. "No approach missed": the brute-force 1-s search (bench/lib/bruteForce.ts, the engine bench's) on a 1,000-object
 *     subset (every 30th object) against the ten primaries' trajectories — the OEMs of our propagation (the four
 *     uploaded ones, and generate-oem at 60 s for the six spacecraft the service propagated: the same force model and
 *     state; < 1 mm apart from the dense output the service screened).
 *
 * The machine has 2 cores shared with other work: the load average is printed with the figures; compare runs made at
 * the same moment. Options: `--objects N` (30000), `--days D` (7), `--skip-brute-force`, `--skip-scaling`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { keplerianToCartesian } from '../engine/orbits/keplerian.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { exactTleLines } from '../engine/tle/gpElements.ts';
import { parseOem } from '../engine/files/oem/oemReader.ts';
import { ephemerisFromOem, type PrimaryInput } from '../engine/collision/screening/index.ts';
import { WGS84_EQUATORIAL_RADIUS_KM } from '../engine/constants.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../test/helpers/serverProcess.ts';
import { sunSynchronousInclinationDeg, syntheticCatalog } from './lib/syntheticCatalog.ts';
import { bruteForceCheck } from './lib/bruteForce.ts';
import { DAYS, OBJECTS, RADIUS_KM, SPAN_S, START, START_UTC, hasFlag } from './lib/screeningScenario.ts';
import { startBenchServer, type BenchServer, type EventLoopProbeRecord } from './lib/server.ts';
import { apiCall, expectStatus, peakRssMiB, type Json } from './lib/apiCall.ts';
import { compareBackends, type BenchBackend, type Figure } from './lib/backends.ts';

const PC_THRESHOLD = 1e-6;
const DEG = Math.PI / 180;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
if (CPU_PROFILE_DIR) mkdirSync(CPU_PROFILE_DIR, { recursive: true });
const SECRET = 'bench-screening-secret-0123456789abcdef';


async function runOn(backend: BenchBackend): Promise<Figure[]> {
const figures: Figure[] = [];
const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-screening-'));
const env = {
  DATABASE_URL: backend.url ?? `file:${join(dir, 'apsis.db')}`, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0',
  BOOTSTRAP_API_KEY: SECRET, SCREENING_POLL_MS: '200',
};
const servers: ServerProcess[] = [];
/** The server of parts 1–3 (bench/lib/server.ts: with the event-loop probe). */
let benchServer: BenchServer | undefined;

/** A server the benchmark talks to: its port, and its process id (for its peak memory). */
interface Target {
  port: number;
  pid: number;
}

const target = (server: ServerProcess): Target => ({ port: server.port, pid: server.child.pid! });

const call = (server: Target, method: string, path: string, body?: { json?: unknown; form?: FormData }) => apiCall(server.port, SECRET, method, path, body);

const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' / ');

async function start(workers: number): Promise<ServerProcess> {
  const server = await startServerProcess('node', { ...env, WORKERS: String(workers) }, 180_000);
  servers.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  await stopServerProcess(server);
  servers.splice(servers.indexOf(server), 1);
}

interface Run {
  wallS: number;
  /** Latencies of the status GETs sent every 100 ms while the screening ran (the event loop's responsiveness), ms. */
  pollMs: number[];
  view: Json;
  approaches: Json[];
}

/**
 * Runs a screening to its end; `onFinished` runs as soon as it is SUCCEEDED, before its approaches are read (pages of
 * 1,000), `onRead` once they are.
 */
async function screen(
  server: Target,
  request: Json,
  oems: ReadonlyArray<{ name: string; text: string }>,
  onFinished?: () => Promise<void>,
  onRead?: () => Promise<void>,
): Promise<Run> {
  const t0 = performance.now();
  let created;
  if (oems.length > 0) {
    const body = new FormData();
    body.append('request', JSON.stringify(request));
    for (const oem of oems) body.append('files', new Blob([oem.text]), oem.name);
    created = await call(server, 'POST', '/operations/conjunctions/screenings', { form: body });
  } else created = await call(server, 'POST', '/operations/conjunctions/screenings', { json: request });
  expectStatus('create the screening', created, 202);
  let view = created.json;
  const pollMs: number[] = [];
  while (!['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(view.status)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const g0 = performance.now();
    view = (await call(server, 'GET', `/operations/conjunctions/screenings/${created.json.id}`)).json;
    pollMs.push(performance.now() - g0);
  }
  const wallS = (performance.now() - t0) / 1000;
  await onFinished?.();
  if (view.status !== 'SUCCEEDED') throw new Error(`screening ${view.status}: ${view.error}`);
  const approaches: Json[] = [];
  for (let page = 0; ; page++) {
    const got = (await call(server, 'GET', `/operations/conjunctions/screenings/${view.id}/approaches?size=1000&page=${page}`)).json;
    approaches.push(...got.content);
    if (page + 1 >= got.totalPages) break;
  }
  await onRead?.();
  return { wallS, pollMs, view, approaches };
}

const sameApproaches = (a: Json[], b: Json[]): boolean =>
  a.length === b.length && a.every((x, i) => {
    const y = b[i]!;
    return x.tca === y.tca && x.missDistanceM === y.missDistanceM && x.secondary.noradId === y.secondary.noradId && x.primary.index === y.primary.index && x.pc === y.pc;
  });

try {
  console.log(`bench:screening through the API — ${new Date().toISOString()}, load average (1/5/15 min) ${load()} on ${(await import('node:os')).cpus().length} cores`);

  // 1. one server, the catalog (with the event-loop probe, and with BENCH_CPU_PROF its main thread's CPU profile)
  benchServer = await startBenchServer({ ...env, WORKERS: '2' }, { eventLoopProbe: true, ...(CPU_PROFILE_DIR ? { cpuProfileDir: CPU_PROFILE_DIR } : {}) });
  const first: Target = { port: Number(new URL(benchServer.baseUrl).port), pid: benchServer.pid };
  const catalog = syntheticCatalog({ count: OBJECTS, seed: 20250225, reference: START });
  const lines: string[] = [];
  for (const e of catalog) {
    const tle = exactTleLines(e);
    if (!tle) throw new Error(`no exact TLE for ${e.noradId}`);
    lines.push(e.name ?? `OBJECT ${e.noradId}`, tle[0], tle[1]);
  }
  const catalogText = `${lines.join('\n')}\n`;
  const upload0 = performance.now();
  const form = new FormData();
  form.append('files', new Blob([catalogText]), 'synthetic-catalog.3le');
  const uploaded = await call(first, 'POST', '/operations/catalog', { form });
  if (uploaded.status !== 200) throw new Error(`catalog upload: ${uploaded.status} ${uploaded.text.slice(0, 500)}`);
  const uploadS = (performance.now() - upload0) / 1000;
  console.log(`catalog: ${catalog.length} objects, ${(catalogText.length / 2 ** 20).toFixed(1)} MiB of 3LE uploaded (POST /operations/catalog) in ${uploadS.toFixed(1)} s`);

  // 2. ten primaries
  interface Design { name: string; perigeeKm: number; apogeeKm: number; inclinationDeg: number; raanDeg: number; argPerigeeDeg: number; oem: boolean }
  const designs: Design[] = [
    { name: 'shell-53', perigeeKm: 548, apogeeKm: 552, inclinationDeg: 53.05, raanDeg: 10, argPerigeeDeg: 0, oem: true },
    { name: 'iss-like', perigeeKm: 415, apogeeKm: 422, inclinationDeg: 51.64, raanDeg: 80, argPerigeeDeg: 30, oem: false },
    { name: 'sso-700', perigeeKm: 698, apogeeKm: 705, inclinationDeg: sunSynchronousInclinationDeg(700), raanDeg: 120, argPerigeeDeg: 90, oem: true },
    { name: 'sso-520', perigeeKm: 518, apogeeKm: 523, inclinationDeg: sunSynchronousInclinationDeg(520), raanDeg: 200, argPerigeeDeg: 0, oem: false },
    { name: 'sso-800', perigeeKm: 798, apogeeKm: 804, inclinationDeg: 98.6, raanDeg: 250, argPerigeeDeg: 45, oem: false },
    { name: 'polar-1200', perigeeKm: 1198, apogeeKm: 1203, inclinationDeg: 87.9, raanDeg: 300, argPerigeeDeg: 10, oem: true },
    { name: 'polar-780', perigeeKm: 778, apogeeKm: 782, inclinationDeg: 86.4, raanDeg: 35, argPerigeeDeg: 70, oem: false },
    { name: 'gnss', perigeeKm: 20170, apogeeKm: 20200, inclinationDeg: 55, raanDeg: 60, argPerigeeDeg: 0, oem: false },
    { name: 'geo', perigeeKm: 35780, apogeeKm: 35792, inclinationDeg: 0.05, raanDeg: 90, argPerigeeDeg: 0, oem: true },
    { name: 'molniya', perigeeKm: 600, apogeeKm: 39600, inclinationDeg: 63.4, raanDeg: 150, argPerigeeDeg: 270, oem: false },
  ];
  const p0 = performance.now();
  const primaries: Json[] = [];
  const oemFiles: Array<{ name: string; text: string }> = [];
  const oemTexts: string[] = [];
  for (const [k, d] of designs.entries()) {
    const a = WGS84_EQUATORIAL_RADIUS_KM + 0.5 * (d.perigeeKm + d.apogeeKm);
    const e = (d.apogeeKm - d.perigeeKm) / (2 * a);
    const s = keplerianToCartesian({ aKm: a, e, iRad: d.inclinationDeg * DEG, raanRad: d.raanDeg * DEG, argPerigeeRad: d.argPerigeeDeg * DEG, meanAnomalyRad: 37 * k * DEG });
    const craft = await call(first, 'POST', '/operations/spacecraft', {
      json: {
        name: `BENCH-${d.name}`, launchMass: 800, dryMass: 700, dragArea: 4, srpArea: 4, dragCoefficient: 2.2, reflectivityCoefficient: 1.3, hardBodyRadiusM: 5,
        forceModel: { gravityDegree: 8, gravityOrder: 8, atmosphere: 'HARRIS_PRIESTER', solarRadiationPressure: false, thirdBodies: ['SUN', 'MOON'] },
      },
    });
    expectStatus('create a spacecraft', craft, 201);
    const sv = await call(first, 'POST', '/operations/state-vectors', {
      json: { spacecraftId: craft.json.id, epoch: START_UTC, referenceFrame: 'GCRF', mass: 800, position: s.positionKm, velocity: s.velocityKmPerS },
    });
    expectStatus('store a state', sv, 201);
    // every primary's OEM (our propagation at 60 s): uploaded for the OEM primaries, the brute force's trajectory for all
    const oem = await call(first, 'POST', `/operations/state-vectors/${sv.json.id}/generate-oem`, {
      json: { initialDate: START_UTC, finalDate: START.plusSeconds(SPAN_S).toIsoString(3), referenceFrame: 'GCRF', timeBetweenPoints: 60 },
    });
    expectStatus('generate an OEM', oem, 200);
    oemTexts.push(oem.text);
    if (d.oem) {
      oemFiles.push({ name: `${d.name}.oem`, text: oem.text });
      primaries.push({ spacecraftId: craft.json.id, oemFile: `${d.name}.oem` });
    } else primaries.push({ spacecraftId: craft.json.id });
  }
  console.log(`primaries: ${designs.length} spacecraft with their states and force model, 4 of them as uploaded OEMs (${designs.filter((d) => d.oem).map((d) => d.name).join(', ')}), set up in ${((performance.now() - p0) / 1000).toFixed(1)} s`);

  // 3. the screening, one server with 2 workers
  const request = { primaries, secondaries: 'CATALOG', start: START_UTC, durationDays: DAYS, volume: { shape: 'SPHERE', radiusKm: RADIUS_KM }, pcThreshold: PC_THRESHOLD, secondariesPerChunk: 3000 };
  const loadBefore = load();
  await benchServer.eventLoopProbe(); // starts the count
  let loop!: EventLoopProbeRecord;
  let reading!: EventLoopProbeRecord;
  const main = await screen(first, request, oemFiles, async () => {
    loop = await benchServer!.eventLoopProbe();
  }, async () => {
    reading = await benchServer!.eventLoopProbe();
  });
  const t = main.view.timings;
  const c = main.view.counts;
  console.log(`\nscreening: ${designs.length} primaries × ${catalog.length} objects × ${DAYS} days, sphere ${RADIUS_KM} km, Pc threshold ${PC_THRESHOLD}, ${main.view.progress.chunksTotal} chunks, one server process with 2 workers`);
  figures.push({ name: 'screening POST → SUCCEEDED', value: main.wallS, unit: 's', better: 'lower' }, { name: 'catalog upload', value: uploadS, unit: 's', better: 'lower' }, { name: 'storing (CDM ingest + approach rows)', value: t.storingMs / 1000, unit: 's', better: 'lower', digits: 2 }, { name: 'longest hold', value: loop.holdMaxMs ?? NaN, unit: 'ms', better: 'lower' });
  console.log(`  END TO END: ${main.wallS.toFixed(1)} s from POST to SUCCEEDED; ${(main.wallS + uploadS).toFixed(1)} s with the catalog upload (load average before/after: ${loadBefore} → ${load()})`);
  console.log(`  per stage, worker time summed over the chunks (the engine's clock inside each chunk: on a loaded host it includes waiting for a core): set-up ${(t.setupMs / 1000).toFixed(2)} s (satrecs, envelopes, orbit models; primaries propagated/read once per worker), filters ${(t.filtersMs / 1000).toFixed(2)} s, sampling ${(t.samplingMs / 1000).toFixed(2)} s, refinement ${(t.refinementMs / 1000).toFixed(2)} s, Pc ${(t.pcMs / 1000).toFixed(2)} s; storing ${(t.storingMs / 1000).toFixed(2)} s (wall: ${main.view.eventCount} CDMs through the ingest → events, ${main.view.approachCount} approach rows)`);
  console.log(`  chunks: ${main.view.chunks.filter((x: Json) => x.kind === 'SCREEN').map((x: Json) => (x.computeMs / 1000).toFixed(1)).join(', ')} s each on the workers (propagation of the primaries included the first time a worker meets them)`);
  console.log(`  pairs ${c.pairs}; after apogee/perigee ${c.afterApogeePerigee}; pairs searched ${c.pairsSearched}; sieve ${c.sieveEvaluations}, local ${c.localEvaluations} evaluations; approaches ≤ ${RADIUS_KM} km ${main.view.approachCount}; events ${main.view.eventCount}; issues ${main.view.issues.length}`);
  const sorted = [...main.pollMs].sort((a, b) => a - b);
  const pct = (q: number): string => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  console.log(`  the server's event-loop delay while it ran (monitorEventLoopDelay, 10 ms resolution): p99 ${t.eventLoopDelayP99Ms?.toFixed(1)} ms, max ${t.eventLoopDelayMaxMs?.toFixed(1)} ms`);
  const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`);
  console.log(
    `  server event loop from POST to SUCCEEDED (api/runtime/eventLoopProbe.ts): longest hold ${ms(loop.holdMaxMs)} (${loop.holdsOver5Ms ?? 'n/a'} over 5 ms, ${loop.holdsOver10Ms ?? 'n/a'} over 10 ms; 1 ms tick, the wait for a core taken out); ` +
      `longest CPU block ${ms(loop.cpuBlockMaxMs)} (±4 ms; GC pauses in its interval ${ms(loop.gcInCpuBlockMs)}); ` +
      `longest GC pause ${loop.gcPauseMaxMs.toFixed(1)} ms (${loop.gcPauseMaxKind ?? 'n/a'}); longest hold less its GC pauses ${ms(loop.holdLessGcMaxMs)} (${loop.holdsLessGcOver5Ms ?? 'n/a'} over 5 ms); ` +
      `main thread CPU ${ms(loop.mainThreadCpuMs)}; lateness (grows with the load): delay max ${loop.eventLoopDelayMaxMs.toFixed(1)} ms, ` +
      `longest self-block ${ms(loop.selfBlockMaxMs)}, main thread waited ${ms(loop.runQueueWaitMs)} for a core; load average ${load()}`,
  );
  console.log(`  status GETs while it ran (${sorted.length}, every 100 ms, each reading the screening and its chunks): p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms`);
  console.log(
    `  reading its ${main.approaches.length} approaches (GET …/approaches?size=1000, page after page): longest hold ${ms(reading.holdMaxMs)} ` +
      `(${reading.holdsOver5Ms ?? 'n/a'} over 5 ms), longest GC pause ${reading.gcPauseMaxMs.toFixed(1)} ms, longest hold less its GC pauses ${ms(reading.holdLessGcMaxMs)}`,
  );
  console.log(`  peak resident memory of the server process (VmHWM, with its 2 workers): ${peakRssMiB(first.pid).toFixed(0)} MiB`);
  await benchServer.stop();
  benchServer = undefined;
  if (CPU_PROFILE_DIR) console.log(`  CPU profile of the server's main thread written in ${CPU_PROFILE_DIR} (tsx bench/profileBlocks.ts ${CPU_PROFILE_DIR})`);

  // 4. one instance (1 worker) against two instances (1 worker each) on one database file
  if (!hasFlag('skip-scaling')) {
    // Warm-up (not timed): each new process's worker loads and compiles the engine on its first task.
    const warmUp = { ...request, durationDays: 0.02 };
    const oneProcess = await start(1);
    const one = target(oneProcess);
    await screen(one, warmUp, oemFiles);
    const alone = await screen(one, request, oemFiles);
    console.log(`\nscaling: one server process with 1 worker: ${alone.wallS.toFixed(1)} s (load ${load()})`);
    const twoProcess = await start(1);
    const two = target(twoProcess);
    await screen(two, warmUp, oemFiles);
    const shared = await screen(one, request, oemFiles);
    const owners = new Map<string, number>();
    for (const chunk of shared.view.chunks) if (chunk.kind === 'SCREEN') owners.set(chunk.ranBy, (owners.get(chunk.ranBy) ?? 0) + 1);
    figures.push({ name: 'one process, 1 worker', value: alone.wallS, unit: 's', better: 'lower' }, { name: 'two processes, 1 worker each', value: shared.wallS, unit: 's', better: 'lower' });
    console.log(`  two server processes with 1 worker each, one database file: ${shared.wallS.toFixed(1)} s (chunks per instance ${[...owners.values()].join(' + ')}; merged by ${shared.view.mergedBy === [...owners.keys()][0] ? 'the first' : 'the second'}) — speed-up ${(alone.wallS / shared.wallS).toFixed(2)}× (load ${load()})`);
    console.log(`  merged results identical to the 2-worker run: one process ${sameApproaches(alone.approaches, main.approaches)}, two processes ${sameApproaches(shared.approaches, main.approaches)}`);
    if (!sameApproaches(alone.approaches, main.approaches) || !sameApproaches(shared.approaches, main.approaches)) process.exitCode = 1;
    console.log(`  peak resident memory: ${peakRssMiB(one.pid).toFixed(0)} MiB and ${peakRssMiB(two.pid).toFixed(0)} MiB`);
    await stop(twoProcess);
    await stop(oneProcess);
  }

  // 5. brute force on a 1,000-object subset
  if (!hasFlag('skip-brute-force')) {
    const trajectories: PrimaryInput[] = oemTexts.map((text, k) => ({ id: String(k), trajectory: ephemerisFromOem(parseOem(text)), hardBodyRadiusM: 5 }));
    const subset = catalog.filter((_, i) => i % 30 === 0).slice(0, 1000);
    const approaches = main.approaches.map((a) => ({ primaryId: String(a.primary.index), secondaryNoradId: a.secondary.noradId as number, tcaS: Epoch.parseInstant(a.tca).secondsSince(START) }));
    const outcome = bruteForceCheck({ start: START, spanS: SPAN_S, radiusKm: RADIUS_KM, primaries: trajectories, subset, approaches });
    console.log(`\nbrute force: ${subset.length} objects × ${trajectories.length} primaries, 1-s distances where the 30-s nodes do not exclude 25 km (${outcome.fineNodeIntervals} node intervals), ${(outcome.elapsedMs / 1000).toFixed(1)} s`);
    console.log(`  1-s minima under 25 km: ${outcome.bruteMinima}; under ${RADIUS_KM} km and not reported by the screening: ${outcome.missed.length}${outcome.missed.length > 0 ? ` (${outcome.missed.slice(0, 5).join('; ')})` : ''}`);
    console.log(`  screening approaches of the subset: ${outcome.subsetApproaches}, without a 1-s minimum under 25 km within 1 s: ${outcome.unmatched}`);
    if (outcome.missed.length > 0 || outcome.unmatched > 0) process.exitCode = 1;
  }
  console.log(`\nload average at the end: ${load()}`);
} finally {
  await benchServer?.stop().catch(() => undefined);
  for (const server of [...servers]) await stopServerProcess(server).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
return figures;
}

await compareBackends('bench:screening', runOn);
