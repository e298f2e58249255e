/**
 * `npm run bench:screening:fleet`: a fleet screening (mode FLEET: every spacecraft by its element set, the grid sieve,
 * the span in time slices) through the API — the issue's constellation workload.
 *
 *  1. A server process (WORKERS=2, a fresh database: the embedded file, or sqld with BENCH_BACKENDS=sqld) is started;
 *     the seeded synthetic catalog (bench/lib/syntheticCatalog.ts, the shape of today's public catalog: `--objects`,
 *     default 45,000) and a fleet of `--fleet` spacecraft (default 2,000: three Walker-like shells, 550 km / 53°,
 *     600 km sun-synchronous, 1,200 km / 88°, in the proportions 1/2, 3/10, 1/5) are uploaded as one 3LE file; the
 *     fleet's spacecraft are created with their NORAD ids (POST /operations/spacecraft, 8 at a time).
 *  2. `POST /operations/conjunctions/screenings` mode FLEET, secondaries BOTH, `--days` (7), sphere of `--radius-km`
 *     (5), Pc threshold `--pc-threshold` (1e-4), slices of `--slice-hours` (12), polled until SUCCEEDED. Printed: the end-to-end wall time (POST →
 *     SUCCEEDED), the time of the POST itself (the fleet's resolution), the worker time per stage summed over slices,
 *     the sieve's counts (object-steps, candidate pair-steps, after each test, windows), approaches, events, the merge's
 *     storing time, the server's peak resident memory (VmHWM: process and worker threads), the load average.
 *  3. With `--instances 2`, a second server process (WORKERS=2) shares the database and the same screening is run
 *     again on both: wall time, the slices each instance ran, and the approaches compared with the one-instance run
 *     (same pairs, TCA within 1 ms).
 *  4. "None missed" (unless `--skip-brute-force`): bench/lib/bruteForce.ts's 1-s search of `--check-primaries` (20)
 *     fleet members against a 1,000-object subset of the catalog (every 45th object), every minimum under the sphere
 *     a screening approach.
 * `--all-vs-all`: mode ALL_VS_ALL instead (the fleet and every pair of catalog objects, the SOCRATES workload; the
 * issue's goal is 45,000 × 1 day: `--all-vs-all --days 1 --fleet 3`); the brute force then checks `--check-primaries`
 * objects of the subset against the whole subset, either side of a catalog pair.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactTleLines, type GpElementSet } from '../engine/tle/gpElements.ts';
import type { PrimaryInput } from '../engine/collision/screening/index.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../test/helpers/serverProcess.ts';
import { sunSynchronousInclinationDeg, syntheticCatalog, walkerFleet } from './lib/syntheticCatalog.ts';
import { bruteForceCheck } from './lib/bruteForce.ts';
import { START, START_UTC, hasFlag, numericOption } from './lib/screeningScenario.ts';
import { apiCall, expectStatus, peakRssMiB, type Json } from './lib/apiCall.ts';
import { compareBackends, type BenchBackend, type Figure } from './lib/backends.ts';

const OBJECTS = numericOption('objects', 45_000);
const FLEET = numericOption('fleet', 2000);
const DAYS = numericOption('days', 7);
const RADIUS_KM = numericOption('radius-km', 5);
const SLICE_HOURS = numericOption('slice-hours', 12);
const INSTANCES = numericOption('instances', 1);
const CHECK_PRIMARIES = numericOption('check-primaries', 20);
const ALL_VS_ALL = hasFlag('all-vs-all');
const MODE = ALL_VS_ALL ? 'ALL_VS_ALL' : 'FLEET';
/** Events above it (default 1e-4: with no covariance every approach under ~5 km has a maximum-probability Pc ≥ 1e-6). */
const PC_THRESHOLD = numericOption('pc-threshold', 1e-4);
const SECRET = 'bench-screening-fleet-secret-0123456789';

const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' / ');
const call = (port: number, method: string, path: string, body?: { json?: unknown; form?: FormData }) => apiCall(port, SECRET, method, path, body);

/** The shells of the issue's fleet, scaled to `count` spacecraft (1/2, 3/10, 1/5). */
function fleetShells(count: number) {
  const shell = (share: number, heightKm: number, inclinationDeg: number) => {
    const n = Math.max(1, Math.round(count * share));
    const planes = Math.max(1, Math.round(Math.sqrt(n)));
    return { heightKm, inclinationDeg, planes, perPlane: Math.max(1, Math.round(n / planes)) };
  };
  return [shell(0.5, 550, 53), shell(0.3, 600, sunSynchronousInclinationDeg(600)), shell(0.2, 1200, 88)];
}

async function runOn(backend: BenchBackend): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-fleet-'));
  const env = {
    DATABASE_URL: backend.url ?? `file:${join(dir, 'apsis.db')}`, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0',
    BOOTSTRAP_API_KEY: SECRET, SCREENING_POLL_MS: '200', WORKERS: '2',
  };
  const servers: ServerProcess[] = [];
  try {
    console.log(`bench:screening:fleet on ${backend.label} — ${new Date().toISOString()}, ${cpus().length} cores, load average (1/5/15 min) ${load()}`);
    const first = await startServerProcess('node', env, 180_000);
    servers.push(first);
    const catalog = syntheticCatalog({ count: OBJECTS, seed: 20250225, reference: START });
    const fleet = walkerFleet(fleetShells(FLEET), { seed: 7, reference: START, firstNoradId: 80_001 });
    const lines: string[] = [];
    for (const e of [...catalog, ...fleet]) lines.push(e.name ?? `OBJECT ${e.noradId}`, ...exactTleLines(e)!);
    const form = new FormData();
    form.append('files', new Blob([`${lines.join('\n')}\n`]), 'catalog-and-fleet.3le');
    let t0 = performance.now();
    expectStatus('catalog upload', await call(first.port, 'POST', '/operations/catalog', { form }), 200);
    console.log(`catalog: ${catalog.length} objects + the fleet's ${fleet.length} uploaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
    /** NORAD id by spacecraft id (the brute force names primaries by NORAD id). */
    const craftNorad = new Map<string, number>();
    for (let k = 0; k < fleet.length; k += 8) {
      await Promise.all(fleet.slice(k, k + 8).map(async (e) => {
        const created = await call(first.port, 'POST', '/operations/spacecraft', { json: { name: e.name, noradId: e.noradId, launchMass: 300, dryMass: 250, dragArea: 1, srpArea: 1 } });
        expectStatus('spacecraft', created, 201);
        craftNorad.set(created.json.id, e.noradId);
      }));
    }
    console.log(`fleet: ${fleet.length} spacecraft created in ${((performance.now() - t0) / 1000).toFixed(1)} s (shells ${JSON.stringify(fleetShells(FLEET))})`);

    const request = { mode: MODE, secondaries: 'BOTH', start: START_UTC, durationDays: DAYS, volume: { shape: 'SPHERE', radiusKm: RADIUS_KM }, pcThreshold: PC_THRESHOLD, sliceHours: SLICE_HOURS };
    const screen = async (port: number) => {
      const s0 = performance.now();
      const created = await call(port, 'POST', '/operations/conjunctions/screenings', { json: request });
      expectStatus('create the screening', created, 202);
      const postS = (performance.now() - s0) / 1000;
      let view = created.json;
      while (!['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(view.status)) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        view = (await call(port, 'GET', `/operations/conjunctions/screenings/${created.json.id}`)).json;
      }
      const wallS = (performance.now() - s0) / 1000;
      if (view.status !== 'SUCCEEDED') throw new Error(`screening ${view.status}: ${view.error}`);
      const approaches: Json[] = [];
      for (let page = 0; ; page++) {
        const got = (await call(port, 'GET', `/operations/conjunctions/screenings/${view.id}/approaches?size=1000&page=${page}`)).json;
        approaches.push(...got.content);
        if (page + 1 >= got.totalPages) break;
      }
      return { wallS, postS, view, approaches };
    };
    const alone = await screen(first.port);
    const t = alone.view.timings ?? {};
    const c = alone.view.counts ?? {};
    const sliceMs = alone.view.chunks.filter((x: Json) => x.kind === 'SCREEN').map((x: Json) => x.computeMs as number);
    console.log(`${MODE} screening, one instance (2 workers): ${fleet.length} fleet primaries × ${catalog.length} catalog objects${ALL_VS_ALL ? ' and every catalog pair' : ''} × ${DAYS} d, sphere ${RADIUS_KM} km, slices of ${SLICE_HOURS} h: ${alone.wallS.toFixed(1)} s end to end (POST ${alone.postS.toFixed(1)} s)`);
    console.log(`  worker time summed over ${sliceMs.length} slices: ${(sliceMs.reduce((a: number, b: number) => a + b, 0) / 1000).toFixed(1)} s (slowest slice ${(Math.max(...sliceMs) / 1000).toFixed(1)} s); stages: set-up ${((t.setupMs ?? 0) / 1000).toFixed(1)} s, sieve (sampling, grid, candidates) ${((t.filtersMs ?? 0) / 1000).toFixed(1)} s, pair searches ${((t.samplingMs ?? 0) / 1000).toFixed(1)} s, refinement ${((t.refinementMs ?? 0) / 1000).toFixed(1)} s, Pc ${((t.pcMs ?? 0) / 1000).toFixed(1)} s; storing ${((t.storingMs ?? 0) / 1000).toFixed(1)} s`);
    console.log(`  sieve: ${c.sieveObjectSteps} object-steps, ${c.sieveCandidatePairSteps} candidate pair-steps → ${c.sieveAfterDistanceTest} after the distance test → ${c.sieveAfterSegmentTest} after the segment test; ${c.sievePairWindows} windows; pairs ${c.pairs}`);
    console.log(`  ${alone.view.approachCount} approaches, ${alone.view.eventCount} events, ${alone.view.issues.length} issues; server peak RSS ${peakRssMiB(first.child.pid!).toFixed(0)} MiB; load average ${load()}`);
    figures.push({ name: 'fleet screening, one instance', value: alone.wallS, unit: 's', better: 'lower', digits: 1 });

    if (INSTANCES >= 2) {
      const second = await startServerProcess('node', env, 180_000);
      servers.push(second);
      const shared = await screen(first.port);
      const owners = new Map<string, number>();
      for (const x of shared.view.chunks.filter((x: Json) => x.kind === 'SCREEN')) owners.set(x.ranBy, (owners.get(x.ranBy) ?? 0) + 1);
      const key = (a: Json) => `${a.primary.index ?? a.primary.noradId}|${a.secondary.spacecraftId ?? a.secondary.noradId}|${Math.round(Date.parse(a.tca) / 10)}`;
      const one = new Set(alone.approaches.map(key));
      const same = shared.approaches.length === alone.approaches.length && shared.approaches.every((a) => one.has(key(a)));
      console.log(`two instances (2 workers each): ${shared.wallS.toFixed(1)} s end to end (speed-up ${(alone.wallS / shared.wallS).toFixed(2)}×); slices per instance ${JSON.stringify([...owners.values()])}; approaches ${same ? 'the same' : 'DIFFERENT'} (${shared.approaches.length}); load average ${load()}`);
      figures.push({ name: 'fleet screening, two instances', value: shared.wallS, unit: 's', better: 'lower', digits: 1 });
    }

    if (!hasFlag('skip-brute-force')) {
      const subset = catalog.filter((_, k) => k % Math.max(1, Math.floor(catalog.length / 1000)) === 0).slice(0, 1000);
      // FLEET: fleet members against the subset; ALL_VS_ALL: members of the subset against the subset
      const from = ALL_VS_ALL ? subset : fleet;
      const step = Math.max(1, Math.floor(from.length / CHECK_PRIMARIES));
      const checked = from.filter((_, k) => k % step === 0).slice(0, CHECK_PRIMARIES);
      const checkedIds = new Set(checked.map((e) => e.noradId));
      const primaries: PrimaryInput[] = checked.map((e) => ({ id: String(e.noradId), noradId: e.noradId, trajectory: { kind: 'GP', elements: e as GpElementSet }, hardBodyRadiusM: 5 }));
      // every approach as (checked object, other object): a catalog pair's checked object may be either side
      const tcaS = (a: Json) => (Date.parse(a.tca) - Date.parse(START_UTC)) / 1000;
      const pairsOf = (a: Json): Array<{ primaryId: string; secondaryNoradId: number; tcaS: number }> => {
        const first = a.primary.spacecraftId ? craftNorad.get(a.primary.spacecraftId)! : (a.primary.noradId as number);
        const second = (a.secondary.noradId ?? -1) as number;
        return [[first, second], [second, first]].filter(([p]) => checkedIds.has(p!)).map(([p, o]) => ({ primaryId: String(p), secondaryNoradId: o!, tcaS: tcaS(a) }));
      };
      const outcome = bruteForceCheck({
        start: START, spanS: DAYS * 86400, radiusKm: RADIUS_KM, primaries, subset,
        // the checked primaries' approaches (the brute force matches each of them to a minimum)
        approaches: alone.approaches.flatMap(pairsOf),
      });
      console.log(`brute force (1-s search): ${checked.length} ${ALL_VS_ALL ? 'catalog objects' : 'fleet members'} × ${subset.length} objects × ${DAYS} d: ${outcome.bruteMinima} 1-s minima under 25 km, ${outcome.missed.length} under ${RADIUS_KM} km missed${outcome.missed.length ? `: ${outcome.missed.slice(0, 5).join('; ')}` : ''}; ${outcome.subsetApproaches} screening approaches in the subset (${outcome.unmatched} unmatched) in ${(outcome.elapsedMs / 1000).toFixed(0)} s`);
      if (outcome.missed.length > 0) process.exitCode = 1;
    }
    return figures;
  } finally {
    for (const s of servers) await stopServerProcess(s);
    rmSync(dir, { recursive: true, force: true });
  }
}

await compareBackends('bench:screening:fleet', runOn);
