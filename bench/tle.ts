/**
 * `npm run bench:tle`: TLE generation figures.
 *  1. Fit only (engine/tle, no propagation, no HTTP): bench/tle-fit.ts's `benchmarkTleFit` (LEO fixed point, GEO
 *     least squares). Orekit 13.1 reference on this class of machine: 0.04 ms fixed point, 0.3 ms least squares.
 *  2. End to end through a real listening server in its own process (bench/lib/server.ts: real worker pool, file libSQL):
 *     `GET /operations/spacecraft/{id}/tle` with a 1-day propagation of an SSO 700 km state (default force model:
 *     EGM96 20×20, Harris–Priester drag, SRP with shadow, Sun and Moon), sequential requests, p50/p99; the same at the
 *     state epoch (no propagation: auth, storage reads, pool round trip, frames, fit); and 8 concurrent clients.
 * WORKERS (default 2) sets the pool size; BENCH_QUICK=1 runs fewer requests. Goal: p50 ≤ 20 ms (1-day, sequential).
 */
import { percentile, startBenchServer } from './lib/server.ts';
import { benchmarkTleFit, printTleFitBench } from './tle-fit.ts';

const workers = Number(process.env.WORKERS ?? 2);
const quick = process.env.BENCH_QUICK === '1';

console.log('== TLE fit only (engine/tle, per state) ==');
printTleFitBench(benchmarkTleFit(quick ? 300 : 2000));

// The server runs in its own process (bench/lib/server.ts), so the client does not share its event loop.
const server = await startBenchServer({ WORKERS: String(workers) });
const base = server.baseUrl;
// identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json', 'Accept-Encoding': 'identity' };

async function post(path: string, body: unknown): Promise<Response> {
  return await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
}

const EPOCH = '2024-01-01T00:00:00Z';
async function craft(name: string, forceModel?: Record<string, unknown>): Promise<string> {
  const r = await post('/operations/spacecraft', {
    name, noradId: 25544, cosparId: '1998-067A', launchMass: 1000, dryMass: 800, dragArea: 2, dragCoefficient: 2.2, srpArea: 2, reflectivityCoefficient: 1.3,
    ...(forceModel ? { forceModel } : {}),
  });
  if (r.status !== 201) throw new Error(`spacecraft: ${r.status} ${await r.text()}`);
  const { id } = (await r.json()) as { id: string };
  const sv = await post('/operations/state-vectors', {
    spacecraftId: id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 1000,
    position: [1078.7057558860126, 473.89419427067367, -6987.482439539717], velocity: [6.0638805111585015, -4.359194026524568, 0.643596859521826],
  });
  if (sv.status !== 201) throw new Error(`state vector: ${sv.status} ${await sv.text()}`);
  return id;
}

async function tle(id: string, epoch: string): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(`${base}/operations/spacecraft/${id}/tle?epoch=${encodeURIComponent(epoch)}`, { headers: { Authorization: headers.Authorization, Accept: 'text/plain' } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`TLE: ${r.status} ${text.slice(0, 300)}`);
  return performance.now() - t0;
}

async function sequential(label: string, id: string, epoch: string, n: number): Promise<void> {
  for (let k = 0; k < 5; k++) await tle(id, epoch); // warm-up (JIT, worker caches)
  const ms: number[] = [];
  const t0 = performance.now();
  for (let k = 0; k < n; k++) ms.push(await tle(id, epoch));
  const wall = performance.now() - t0;
  console.log(`${label.padEnd(58)} p50 ${percentile(ms, 50).toFixed(2).padStart(7)} ms  p99 ${percentile(ms, 99).toFixed(2).padStart(7)} ms  ${(n / (wall / 1000)).toFixed(1)} TLE/s  (n=${n})`);
}

async function concurrent(label: string, id: string, epoch: string, clients: number, perClient: number): Promise<void> {
  const ms: number[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let k = 0; k < perClient; k++) ms.push(await tle(id, epoch));
  }));
  const wall = performance.now() - t0;
  console.log(`${label.padEnd(58)} p50 ${percentile(ms, 50).toFixed(2).padStart(7)} ms  p99 ${percentile(ms, 99).toFixed(2).padStart(7)} ms  ${(ms.length / (wall / 1000)).toFixed(1)} TLE/s  (n=${ms.length})`);
}

const n = quick ? 30 : 200;
const full = await craft('BENCH-TLE-FULL');
const j2 = await craft('BENCH-TLE-J2', { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] });
const oneDay = '2024-01-02T00:00:00Z';
console.log(`\n== GET /operations/spacecraft/{id}/tle through ${base} (WORKERS=${workers}) ==`);
await sequential('default force model, 1-day propagation, sequential', full, oneDay, n);
await sequential('default force model, 1 day backwards, sequential', full, '2023-12-31T00:00:00Z', n);
await sequential('J2 only, 1-day propagation, sequential', j2, oneDay, n);
await sequential('at the state epoch (no propagation), sequential', full, EPOCH, n);
await concurrent('default force model, 1-day propagation, 8 concurrent clients', full, oneDay, 8, quick ? 4 : 25);

await server.stop();
