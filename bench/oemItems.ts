/**
 * `npm run bench:oem-items`: where a batch worker's time per OEM goes — the CPU time of one item of each kind of issue
 * 37's mix (bench/lib/volumeMix.ts: LEO, MEO, HEO, each without and with covariance), on this thread, through the
 * worker task a batch runs (workers/productTasks.ts `oemZipEntryTask`: propagation, OEM text, deflate).
 *
 * The task inputs are the ones a batch sends: a service runs in this process (temporary database, one worker), the
 * states are stored through its API, a batch of the six items runs, and the inputs its runner hands to the pool are
 * kept. Then each kind runs BENCH_REPS times (default 9, after two warm-up runs), interleaved so that a change of the
 * machine's load touches every kind alike; printed: CPU ms per item (process.cpuUsage: this thread and GC) min and
 * median, the phases of one run (propagation and OEM text, encode, deflate), and the batch's mix (a third each orbit,
 * VOLUME_COVARIANCE_SHARE with covariance). BENCH_CPU_PROF=<dir>: also a V8 CPU profile of the timed runs per kind.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../api/config.ts';
import { applyBootstrapKey, startService } from '../api/service.ts';
import { zipEntry } from '../domain/products/packing.ts';
import { generateOemTask } from '../workers/ephemerisTasks.ts';
import { oemZipEntryTask } from '../workers/productTasks.ts';
import { machineDescription } from './lib/server.ts';
import { VOLUME_COVARIANCE, VOLUME_COVARIANCE_SHARE, VOLUME_EPOCH, VOLUME_SPACECRAFT, VOLUME_SPAN, VOLUME_STATES } from './lib/volumeMix.ts';

type TaskInput = Parameters<typeof oemZipEntryTask>[0];
const reps = Number(process.env.BENCH_REPS ?? 9);
const profileDir = process.env.BENCH_CPU_PROF;

/** The six task inputs, as the batch runner sends them to the pool. */
async function captureInputs(): Promise<Map<string, TaskInput>> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-oem-items-'));
  const config = { ...loadConfig({}), databaseUrl: `file:${join(dir, 'db.sqlite')}`, workers: 1, port: 0, dataDir: join(dir, 'earth-data'), dataCheckIntervalS: 0, dataMaxAgeDays: 36500 };
  const service = await startService(config);
  try {
    const secret = 'bench-oem-items-key-0123456789';
    await applyBootstrapKey(service.db, secret);
    const captured: TaskInput[] = [];
    const pool = service.pool;
    const run = pool.run.bind(pool);
    pool.run = ((task: string, input: unknown, options: unknown) => {
      if (task === 'products.oemZipEntry') captured.push(input as TaskInput);
      return run(task as never, input as never, options as never);
    }) as typeof pool.run;
    const headers = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await service.app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const json = (await r.json()) as Record<string, unknown>;
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
      return json;
    };
    const sc = await call('POST', '/operations/spacecraft', VOLUME_SPACECRAFT);
    const kinds = new Map<string, string>(); // state id → kind
    const items: Array<Record<string, unknown>> = [];
    for (const [name, state] of Object.entries(VOLUME_STATES)) {
      for (const withCovariance of [false, true]) {
        const sv = await call('POST', '/operations/state-vectors', {
          spacecraftId: sc.id, epoch: VOLUME_EPOCH, referenceFrame: 'GCRF', mass: 1000, ...state, ...(withCovariance ? { covariance: VOLUME_COVARIANCE } : {}),
        });
        kinds.set(sv.id as string, withCovariance ? `${name}+cov` : name);
        items.push(withCovariance ? { stateVectorId: sv.id, includeCovariance: true } : { stateVectorId: sv.id });
      }
    }
    const job = await call('POST', '/operations/ephemerides/batch', { ...VOLUME_SPAN, items });
    for (let status = ''; status !== 'SUCCEEDED';) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await call('GET', `/operations/ephemerides/batch/${job.id}`)).status as string;
      if (status === 'FAILED') throw new Error('the capture batch failed');
    }
    return new Map(captured.map((input) => [kinds.get(input.state.id)!, input]));
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const inputs = await captureInputs();
const kinds = [...inputs.keys()];
const cpuMs = (f: () => void): number => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const runItem = (kind: string) => {
  const result = oemZipEntryTask(inputs.get(kind)!);
  if (!result.ok) throw new Error(`${kind}: ${result.message}`);
};
for (let i = 0; i < 2; i++) for (const kind of kinds) runItem(kind);

const samples = new Map(kinds.map((k) => [k, [] as number[]]));
const session = profileDir ? new Session() : null;
if (session && profileDir) {
  mkdirSync(profileDir, { recursive: true });
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
}
for (const kind of kinds) {
  if (session) await session.post('Profiler.start');
  for (let i = 0; i < (session ? reps : 0); i++) runItem(kind);
  if (session) writeFileSync(join(profileDir!, `${kind}.cpuprofile`), JSON.stringify((await session.post('Profiler.stop')).profile));
}
for (let i = 0; i < reps; i++) for (const kind of kinds) samples.get(kind)!.push(cpuMs(() => runItem(kind)));

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const encoder = new TextEncoder();
console.log(`OEM batch items, CPU per item on one thread (${reps} runs each); ${machineDescription()}`);
for (const kind of kinds) {
  // the phases of one more run, by wall clock
  const t0 = performance.now();
  const generated = generateOemTask(inputs.get(kind)!);
  const t1 = performance.now();
  const bytes = encoder.encode(generated.ok ? generated.text : '');
  const t2 = performance.now();
  zipEntry(bytes);
  const t3 = performance.now();
  const s = samples.get(kind)!;
  console.log(
    `  ${kind.padEnd(8)} min ${Math.min(...s).toFixed(1).padStart(6)} ms, median ${median(s).toFixed(1).padStart(6)} ms` +
      `  (one run: propagation + OEM text ${(t1 - t0).toFixed(1)}, encode ${(t2 - t1).toFixed(1)}, deflate ${(t3 - t2).toFixed(1)} ms; ${(bytes.length / 1024).toFixed(0)} KiB)`,
  );
}
const mix = (f: (s: number[]) => number) => {
  const plain = ['LEO', 'MEO', 'HEO'].map((k) => f(samples.get(k)!));
  const cov = ['LEO+cov', 'MEO+cov', 'HEO+cov'].map((k) => f(samples.get(k)!));
  return ((1 - VOLUME_COVARIANCE_SHARE) * (plain[0]! + plain[1]! + plain[2]!)) / 3 + (VOLUME_COVARIANCE_SHARE * (cov[0]! + cov[1]! + cov[2]!)) / 3;
};
console.log(`  batch mix: min ${mix((s) => Math.min(...s)).toFixed(1)} ms, median ${mix(median).toFixed(1)} ms per item`);
process.exit(0);
