/**
 * `npm run bench:residuals`: `POST /operations/measurements/residuals` through HTTP against a real listening server in
 * its own process (bench/lib/server.ts: real worker pool, file libSQL), for a 1-day span of 2,000 and of 20,000
 * two-way range + range-rate measurements from the three reference stations of the Orekit OD reference set (copied into
 * test/fixtures/od): the passes of scenario V1, sampled more densely (values interpolated from the reference TDMs; the
 * geometry, light time and station visibility are real). Full force model (EGM96 20×20, Harris–Priester, SRP, Sun and
 * Moon), 1-day propagation from the truth state. Each size: 2 warm-up requests, then the median and max of 7.
 * Issue 12 goal: a 1-day, 2,000-measurement request well under a second. WORKERS (default 2) sets the pool size.
 */
import { readFileSync } from 'node:fs';
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';

const FIXTURES = new URL('../test/fixtures/od/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const workers = process.env.WORKERS ?? '2';

interface Sample {
  station: string;
  tS: number;
  value: number;
}

const T0 = Date.parse('2023-02-10T00:00:00Z');

/** The reference observations of one TDM file: station, seconds from the OD epoch, value. */
function readTdm(name: string, keyword: string): Sample[] {
  const out: Sample[] = [];
  let station = '';
  for (const line of fixture(name).split('\n')) {
    const participant = /^PARTICIPANT_1\s*=\s*(\S+)/.exec(line);
    if (participant) station = participant[1]!;
    const data = new RegExp(`^${keyword}\\s*=\\s*(\\S+)\\s+(\\S+)`).exec(line);
    if (data) out.push({ station, tS: (Date.parse(`${data[1]}Z`) - T0) / 1000, value: Number(data[2]) });
  }
  return out;
}

/**
 * The same passes sampled `factor` times more densely: within each pass (consecutive 30 s samples of one station),
 * values linearly interpolated at 30/factor s.
 */
function densify(samples: Sample[], factor: number): Sample[] {
  const out: Sample[] = [];
  for (let i = 0; i < samples.length; i++) {
    const a = samples[i]!;
    out.push(a);
    const b = samples[i + 1];
    if (!b || b.station !== a.station || b.tS - a.tS > 30.5) continue;
    for (let k = 1; k < factor; k++) {
      const f = k / factor;
      out.push({ station: a.station, tS: a.tS + f * (b.tS - a.tS), value: a.value + f * (b.value - a.value) });
    }
  }
  return out;
}

function tdm(craft: string, keyword: string, samples: Sample[]): string {
  const lines = ['CCSDS_TDM_VERS = 2.0', 'CREATION_DATE = 2026-11-23T00:00:00', 'ORIGINATOR = APSIS-BENCH'];
  for (const station of [...new Set(samples.map((s) => s.station))]) {
    lines.push('META_START', 'TIME_SYSTEM = UTC', `PARTICIPANT_1 = ${station}`, `PARTICIPANT_2 = ${craft}`, 'MODE = SEQUENTIAL', 'PATH = 1,2,1',
      'TIMETAG_REF = RECEIVE', ...(keyword === 'RANGE' ? ['RANGE_UNITS = km'] : []), 'META_STOP', 'DATA_START');
    for (const s of samples.filter((x) => x.station === station)) {
      lines.push(`${keyword} = ${new Date(T0 + s.tS * 1000).toISOString().replace('Z', '')} ${s.value}`);
    }
    lines.push('DATA_STOP');
  }
  return `${lines.join('\n')}\n`;
}

const logs: Array<Record<string, unknown>> = [];
const server = await startBenchServer({ WORKERS: workers }, { onLog: (record) => logs.push(record) });
// identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
const auth = { Authorization: `Bearer ${server.key}`, 'Accept-Encoding': 'identity' };

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 400)}`);
  return json;
}

try {
  console.log(`machine: ${machineDescription()}; server WORKERS=${workers}`);
  const stations = JSON.parse(fixture('stations.json')) as { min_elevation_deg: number; stations: Array<{ name: string; lat_deg: number; lon_deg: number; alt_m: number }> };
  for (const s of stations.stations) {
    await call('POST', '/operations/ground-stations', {
      name: s.name, latitudeDeg: s.lat_deg, longitudeDeg: s.lon_deg, heightM: s.alt_m, elevationMaskDeg: stations.min_elevation_deg,
      sigma: { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 },
    });
  }
  const truth = JSON.parse(fixture('truth.json')) as { truth_state_at_od_epoch_gcrf: { pos_km: number[]; vel_km_s: number[] } };
  const range = readTdm('V1_range.tdm', 'RANGE');
  const rate = readTdm('V1_rangerate.tdm', 'DOPPLER_INSTANTANEOUS');
  for (const target of [2_000, 20_000]) {
    let factor = 1;
    while (densify(range, factor).length + densify(rate, factor).length < target) factor++;
    const name = `BENCH-${target}`;
    const craft = await call('POST', '/operations/spacecraft', { name, launchMass: 500, dryMass: 500, dragArea: 1, srpArea: 1, dragCoefficient: 2.2, reflectivityCoefficient: 1.5 });
    const sv = await call('POST', '/operations/state-vectors', {
      spacecraftId: craft.id, epoch: '2023-02-10T00:00:00Z', referenceFrame: 'GCRF', mass: 500,
      position: truth.truth_state_at_od_epoch_gcrf.pos_km, velocity: truth.truth_state_at_od_epoch_gcrf.vel_km_s,
    });
    const form = new FormData();
    form.append('files', new Blob([tdm(name, 'RANGE', densify(range, factor))]), `${name}-range.tdm`);
    form.append('files', new Blob([tdm(name, 'DOPPLER_INSTANTANEOUS', densify(rate, factor))]), `${name}-rate.tdm`);
    const upload = (await (await fetch(`${server.baseUrl}/operations/measurements`, { method: 'POST', headers: auth, body: form })).json()) as { results: Array<{ jobId: string }> };
    for (const { jobId } of upload.results) {
      for (;;) {
        const job = await call('GET', `/operations/measurements/jobs/${jobId}`);
        if (job.status === 'SUCCEEDED') break;
        if (job.status === 'FAILED') throw new Error(job.error);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const body = { spacecraftId: craft.id, startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-11T00:00:00Z', stateVectorId: sv.id };
    let count = 0;
    const once = async () => {
      const t0 = performance.now();
      const result = await call('POST', '/operations/measurements/residuals?size=100', body);
      count = result.modelledCount;
      return performance.now() - t0;
    };
    await once();
    await once();
    const ms: number[] = [];
    logs.length = 0;
    for (let i = 0; i < 7; i++) ms.push(await once());
    const records = logs.filter((r) => r.message === 'residuals computed');
    const median = (key: string) => percentile(records.map((r) => Number(r[key])), 50).toFixed(0);
    console.log(`residuals, 1 day, ${String(count).padStart(6)} measurements (range + range rate, 3 stations): median ${percentile(ms, 50).toFixed(0).padStart(5)} ms, max ${Math.max(...ms).toFixed(0).padStart(5)} ms`);
    console.log(`    server side (median): read + map ${median('readMs')} ms, pool task (propagation + models + statistics) ${median('computeMs')} ms, service total ${median('totalMs')} ms`);
  }
} finally {
  await server.stop();
}
