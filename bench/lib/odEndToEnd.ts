/**
 * Orbit determination end to end through the API (the API figure of `npm run bench:od`): against a real listening
 * server in its own process (bench/lib/server.ts: real worker pool, file libSQL), for each visible reference scenario
 * (test/fixtures/od: V1 range + range rate, V2 az/el; 1 day, 3 stations, full force model):
 *   upload the TDM files → their ingest jobs SUCCEEDED → POST /operations/orbit-determinations from the stated a priori
 *   → the job SUCCEEDED → GET the solution.
 * Set-up (spacecraft, stations, a priori state) is not timed. One warm-up run per scenario, then `runs` timed runs;
 * each run uses a fresh spacecraft (the previous one is renamed so the TDM participant resolves to the new one).
 * Goal (issue 13): ≤ 2 s end to end, next to Orekit's 17–19 s for `BatchLSEstimator.estimate()` alone.
 */
import { readFileSync } from 'node:fs';
import { percentile, startBenchServer, type BenchServer } from './server.ts';

const FIXTURES = new URL('../../test/fixtures/od/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const FILES: Record<'V1' | 'V2', string[]> = { V1: ['V1_range.tdm', 'V1_rangerate.tdm'], V2: ['V2_azel.tdm'] };

export interface OdEndToEndFigure {
  scenario: 'V1' | 'V2';
  measurements: number;
  /** Wall time of each timed run, ms: upload → ingest done → OD job done → solution read. */
  totalMs: number[];
  uploadMs: number[];
  odJobMs: number[];
  /** The fit itself on the worker (solution.elapsedMs). */
  fitMs: number[];
  iterations: number;
  positionErrorM: number;
}

async function call(server: BenchServer, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { Authorization: `Bearer ${server.key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 400)}`);
  return json;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(server: BenchServer, id: 'V1' | 'V2', run: number): Promise<{ totalMs: number; uploadMs: number; odJobMs: number; solution: any; measurements: number }> {
  const truth = JSON.parse(fixture('truth.json')) as { a_priori_state_gcrf: { pos_km: number[]; vel_km_s: number[] } };
  const name = `ODREF-${id}`;
  const previous = await call(server, 'GET', `/operations/spacecraft?name=${name}`);
  for (const craft of previous.content) await call(server, 'PATCH', `/operations/spacecraft/${craft.id}`, { name: `${name}-run-${run}-${craft.id.slice(0, 8)}` });
  const craft = await call(server, 'POST', '/operations/spacecraft', { name, launchMass: 500, dryMass: 500, dragArea: 1, srpArea: 1, dragCoefficient: 2.2, reflectivityCoefficient: 1.5 });
  const apriori = await call(server, 'POST', '/operations/state-vectors', {
    spacecraftId: craft.id, epoch: '2023-02-10T00:00:00Z', referenceFrame: 'GCRF', mass: 500, position: truth.a_priori_state_gcrf.pos_km, velocity: truth.a_priori_state_gcrf.vel_km_s,
  });
  const started = performance.now();
  const form = new FormData();
  for (const file of FILES[id]) form.append('files', new Blob([fixture(file)]), file);
  const upload = (await (await fetch(`${server.baseUrl}/operations/measurements`, { method: 'POST', headers: { Authorization: `Bearer ${server.key}` }, body: form })).json()) as { results: Array<{ jobId: string }> };
  let measurements = 0;
  for (const { jobId } of upload.results) {
    for (;;) {
      const job = await call(server, 'GET', `/operations/measurements/jobs/${jobId}`);
      if (job.status === 'SUCCEEDED') {
        measurements += job.measurementCount;
        break;
      }
      if (job.status === 'FAILED') throw new Error(job.error);
      await sleep(5);
    }
  }
  const uploaded = performance.now();
  const od = await call(server, 'POST', '/operations/orbit-determinations', {
    spacecraftId: craft.id, startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-11T00:00:00Z', aprioriStateVectorId: apriori.id,
  });
  for (;;) {
    const job = await call(server, 'GET', `/operations/orbit-determinations/${od.id}`);
    if (job.status === 'SUCCEEDED') break;
    if (job.status === 'FAILED') throw new Error(`OD failed: ${job.error}`);
    await sleep(5);
  }
  const odDone = performance.now();
  const result = await call(server, 'GET', `/operations/orbit-determinations/${od.id}`);
  const ended = performance.now();
  return { totalMs: ended - started, uploadMs: uploaded - started, odJobMs: odDone - uploaded, solution: result.solution, measurements };
}

/** Runs the scenarios against a fresh server (WORKERS from the environment, default 2). */
export async function benchmarkOdEndToEnd(runs = 3): Promise<OdEndToEndFigure[]> {
  const server = await startBenchServer({ WORKERS: process.env.WORKERS ?? '2' });
  try {
    const stations = JSON.parse(fixture('stations.json')) as { min_elevation_deg: number; stations: Array<{ name: string; lat_deg: number; lon_deg: number; alt_m: number }> };
    for (const s of stations.stations) {
      await call(server, 'POST', '/operations/ground-stations', {
        name: s.name, latitudeDeg: s.lat_deg, longitudeDeg: s.lon_deg, heightM: s.alt_m, elevationMaskDeg: stations.min_elevation_deg,
        sigma: { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 },
      });
    }
    const truth = JSON.parse(fixture('truth.json')) as { truth_state_at_od_epoch_gcrf: { pos_km: number[] } };
    const figures: OdEndToEndFigure[] = [];
    let counter = 0;
    for (const id of ['V1', 'V2'] as const) {
      await run(server, id, counter++); // warm-up: JIT of the worker and the server
      const timed = [];
      for (let i = 0; i < runs; i++) timed.push(await run(server, id, counter++));
      const last = timed[timed.length - 1]!;
      const p = last.solution.state.positionKm as number[];
      const t = truth.truth_state_at_od_epoch_gcrf.pos_km;
      figures.push({
        scenario: id,
        measurements: last.measurements,
        totalMs: timed.map((r) => r.totalMs),
        uploadMs: timed.map((r) => r.uploadMs),
        odJobMs: timed.map((r) => r.odJobMs),
        fitMs: timed.map((r) => Number(r.solution.elapsedMs)),
        iterations: last.solution.iterations.length - 1,
        positionErrorM: Math.hypot(p[0]! - t[0]!, p[1]! - t[1]!, p[2]! - t[2]!) * 1000,
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export function printOdEndToEnd(figures: OdEndToEndFigure[]): void {
  for (const f of figures) {
    const med = (values: number[]) => percentile(values, 50).toFixed(0).padStart(5);
    console.log(
      `${f.scenario} through the API (${f.measurements} measurements): end to end median ${med(f.totalMs)} ms (max ${Math.max(...f.totalMs).toFixed(0)}) = ` +
        `upload + ingest ${med(f.uploadMs)} ms + OD job ${med(f.odJobMs)} ms (fit on the worker ${med(f.fitMs)} ms); ` +
        `${f.iterations} iterations, position error ${f.positionErrorM.toFixed(3)} m`,
    );
  }
}
