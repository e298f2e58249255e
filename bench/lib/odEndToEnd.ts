/**
 * Orbit determination end to end through the API (the API figure of `npm run bench:od`): against a real listening
 * server in its own process (bench/lib/server.ts: real worker pool, file libSQL), for each visible reference scenario
 * (test/fixtures/od: V1 range + range rate, V2 az/el, 1 day; and V3 — HEO, range + range rate + az/el, 48 h — from
 * ../shared/reference/od/V3 when that folder exists; 3 stations, full force model):
 *   upload the TDM files → their ingest jobs SUCCEEDED → POST /operations/orbit-determinations from the stated a priori
 *   → the job SUCCEEDED → GET the solution.
 * Set-up (spacecraft, stations, a priori state) is not timed. One warm-up run per scenario, then `runs` timed runs;
 * each run uses a fresh spacecraft (the previous one is renamed so the TDM participant resolves to the new one).
 * Goal: ≤ 2 s end to end for V1 and V2, next to Orekit's 17–19 s for `BatchLSEstimator.estimate()` alone;
 * V3 ≥ 10× faster than Orekit's 40 s.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { percentile, startBenchServer, type BenchServer } from './server.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/od/', import.meta.url));
const SHARED_V3 = fileURLToPath(new URL('../../../shared/reference/od/V3/', import.meta.url));

export type OdBenchScenarioId = 'V1' | 'V2' | 'V3';

/** Where a scenario's files are, its TDM files, span and Orekit's estimate() median time. */
interface OdBenchScenario {
  id: OdBenchScenarioId;
  directory: string;
  files: string[];
  startDate: string;
  endDate: string;
  truth: { od_epoch_utc: string; a_priori_state_gcrf: { pos_km: number[]; vel_km_s: number[] }; truth_state_at_od_epoch_gcrf: { pos_km: number[] } };
  orekitMedianMs: number;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The scenarios that can run here: V1 and V2 always, V3 when ../shared/reference/od/V3 exists. */
export function odBenchScenarios(): OdBenchScenario[] {
  const truth = readJson<OdBenchScenario['truth']>(`${FIXTURES}truth.json`);
  const orekit = (path: string) => readJson<{ timing: { wall_ms_median: number } }>(path).timing.wall_ms_median;
  const day = { startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-11T00:00:00Z' };
  const list: OdBenchScenario[] = [
    { id: 'V1', directory: FIXTURES, files: ['V1_range.tdm', 'V1_rangerate.tdm'], ...day, truth, orekitMedianMs: orekit(`${FIXTURES}V1_solution.json`) },
    { id: 'V2', directory: FIXTURES, files: ['V2_azel.tdm'], ...day, truth, orekitMedianMs: orekit(`${FIXTURES}V2_solution.json`) },
  ];
  if (existsSync(`${SHARED_V3}orekit_solution.json`)) {
    const v3 = readJson<OdBenchScenario['truth'] & { span_s: number }>(`${SHARED_V3}truth.json`);
    const solution = readJson<{ tdm_files: string[]; timing: { wall_ms_median: number } }>(`${SHARED_V3}orekit_solution.json`);
    list.push({
      id: 'V3',
      directory: SHARED_V3,
      files: solution.tdm_files.map((f) => f.split('/').pop()!),
      startDate: v3.od_epoch_utc,
      endDate: new Date(Date.parse(v3.od_epoch_utc) + v3.span_s * 1000).toISOString(),
      truth: v3,
      orekitMedianMs: solution.timing.wall_ms_median,
    });
  }
  return list;
}

export interface OdEndToEndFigure {
  scenario: OdBenchScenarioId;
  orekitMedianMs: number;
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
    // identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
    headers: { Authorization: `Bearer ${server.key}`, 'Accept-Encoding': 'identity', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 400)}`);
  return json;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(server: BenchServer, scenario: OdBenchScenario, run: number): Promise<{ totalMs: number; uploadMs: number; odJobMs: number; solution: any; measurements: number }> {
  const name = `ODREF-${scenario.id}`;
  const previous = await call(server, 'GET', `/operations/spacecraft?name=${name}`);
  for (const craft of previous.content) await call(server, 'PATCH', `/operations/spacecraft/${craft.id}`, { name: `${name}-run-${run}-${craft.id.slice(0, 8)}` });
  const craft = await call(server, 'POST', '/operations/spacecraft', { name, launchMass: 500, dryMass: 500, dragArea: 1, srpArea: 1, dragCoefficient: 2.2, reflectivityCoefficient: 1.5 });
  const apriori = await call(server, 'POST', '/operations/state-vectors', {
    spacecraftId: craft.id, epoch: scenario.truth.od_epoch_utc, referenceFrame: 'GCRF', mass: 500, position: scenario.truth.a_priori_state_gcrf.pos_km, velocity: scenario.truth.a_priori_state_gcrf.vel_km_s,
  });
  const started = performance.now();
  const form = new FormData();
  for (const file of scenario.files) form.append('files', new Blob([readFileSync(scenario.directory + file, 'utf8')]), file);
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
    spacecraftId: craft.id, startDate: scenario.startDate, endDate: scenario.endDate, aprioriStateVectorId: apriori.id,
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
    // V3 uses the V1/V2 stations (../shared/reference/od/V3/stations.json lists the same three)
    const stations = readJson<{ min_elevation_deg: number; stations: Array<{ name: string; lat_deg: number; lon_deg: number; alt_m: number }> }>(`${FIXTURES}stations.json`);
    for (const s of stations.stations) {
      await call(server, 'POST', '/operations/ground-stations', {
        name: s.name, latitudeDeg: s.lat_deg, longitudeDeg: s.lon_deg, heightM: s.alt_m, elevationMaskDeg: stations.min_elevation_deg,
        sigma: { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 },
      });
    }
    const figures: OdEndToEndFigure[] = [];
    let counter = 0;
    for (const scenario of odBenchScenarios()) {
      await run(server, scenario, counter++); // warm-up: JIT of the worker and the server
      const timed = [];
      for (let i = 0; i < runs; i++) timed.push(await run(server, scenario, counter++));
      const last = timed[timed.length - 1]!;
      const p = last.solution.state.positionKm as number[];
      const t = scenario.truth.truth_state_at_od_epoch_gcrf.pos_km;
      figures.push({
        scenario: scenario.id,
        orekitMedianMs: scenario.orekitMedianMs,
        measurements: last.measurements,
        totalMs: timed.map((r) => r.totalMs),
        uploadMs: timed.map((r) => r.uploadMs),
        odJobMs: timed.map((r) => r.odJobMs),
        fitMs: timed.map((r) => Number(r.solution.elapsedMs)),
        iterations: last.solution.iterations.length,
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
        `${f.iterations} evaluations, position error ${f.positionErrorM.toFixed(3)} m`,
    );
  }
}
