/**
 * `npm run bench:compression`: what content coding (api/http/contentCoding.ts, api/middleware/representation.ts) costs and
 * saves, and whether it holds the event loop.
 *
 *  1. Sizes and coding time of real bodies: /openapi.json, a page of 100 spacecraft, a 1-day and a 30-day OEM at 60 s
 *     (J2-only propagation: the text is what matters here), in each coding the runtime has.
 *  2. The coder alone on the 30-day OEM (≈ 5 MB): wall time and the longest event-loop block while it codes (a 1 ms
 *     interval timer's largest gap beyond its period). On Node the coding runs on libuv's thread pool; on Deno it runs
 *     on the event loop, one 16 KiB slice at a time (`npx deno run -A bench/compression.ts` prints this part on Deno).
 *  3. End to end (Node): the service on a socket in this process, the 30-day OEM requested by curl (another process, so
 *     the client does not share our loop) with Accept-Encoding identity, gzip and br: bytes on the wire, time to the
 *     last byte, and the longest event-loop block and p99 delay of the server's loop during the request
 *     (perf_hooks.monitorEventLoopDelay, 1 ms resolution) — what serving one such OEM costs the other callers.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AVAILABLE_CODINGS, encodeBody, type Coding } from '../api/http/contentCoding.ts';

declare const Deno: unknown;
const onDeno = typeof Deno !== 'undefined';
const run = promisify(execFile);
const BENCH_KEY = 'bench-compression-key-0123456789';
const EPOCH = '2024-01-01T00:00:00Z';

/** The largest gap between ticks of a 1 ms interval timer beyond its period, while `work` runs (ms). */
async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; blockMs: number; ms: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  worst = Math.max(worst, performance.now() - last - 1);
  clearInterval(timer);
  return { result, blockMs: Math.max(0, worst), ms };
}

async function code(bytes: Uint8Array, coding: Coding): Promise<number> {
  const stream = encodeBody([bytes], null, coding, bytes.byteLength);
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.byteLength;
  }
}

function describeSizes(name: string, bytes: Uint8Array, coded: Array<[Coding, number, number]>): string {
  return `${name.padEnd(34)} ${(bytes.byteLength / 1024).toFixed(0).padStart(6)} KiB  ` + coded.map(([coding, size, ms]) => `${coding} ${(size / 1024).toFixed(0)} KiB (${(bytes.byteLength / size).toFixed(1)}×, ${ms.toFixed(0)} ms)`).join('   ');
}

const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;

if (onDeno) {
  // Part 2 only: the coder on Deno's synchronous zlib, fed a synthetic OEM-like text of the 30-day size.
  const lines = Array.from({ length: 43_201 }, (_, i) => `2024-01-${String(1 + Math.floor(i / 1440)).padStart(2, '0')}T00:00:00.000000 ${(7000 * Math.sin(i / 97)).toExponential(16)} ${(7000 * Math.cos(i / 97)).toExponential(16)} ${(10 * Math.sin(i / 13)).toExponential(16)} ${(7.5 * Math.cos(i / 97)).toExponential(16)} ${(-7.5 * Math.sin(i / 97)).toExponential(16)} ${(0.01 * Math.cos(i / 13)).toExponential(16)}`);
  const bytes = new TextEncoder().encode(lines.join('\n'));
  console.log(`Coding on Deno (event loop, 16 KiB slices): ${(bytes.byteLength / 2 ** 20).toFixed(1)} MiB OEM-like text; ${load()}`);
  for (const coding of AVAILABLE_CODINGS) {
    const { result, blockMs, ms } = await longestBlock(() => code(bytes, coding));
    console.log(`  ${coding.padEnd(5)} ${(result / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms; longest event-loop block ${blockMs.toFixed(1)} ms`);
  }
} else {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const { loadConfig } = await import('../api/config.ts');
  const { startService } = await import('../api/service.ts');
  const { listenNode } = await import('../api/runtime/nodeServer.ts');
  const { machineDescription } = await import('./lib/server.ts');

  const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-compression-'));
  const config = loadConfig({ DATABASE_URL: `file:${join(dir, 'bench.db')}`, BOOTSTRAP_API_KEY: BENCH_KEY, WORKERS: '1', PORT: '0', APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0' });
  const service = await startService(config);
  const listener = await listenNode(service.app.fetch, { port: 0, hostname: '127.0.0.1' });
  const base = `http://127.0.0.1:${listener.port}`;
  const headers = { Authorization: `Bearer ${BENCH_KEY}`, 'Content-Type': 'application/json', 'Accept-Encoding': 'identity' };
  const post = async (path: string, body: unknown) => (await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<{ id: string }>;
  try {
    console.log(`Compression benchmark; ${machineDescription()}; codings here: ${AVAILABLE_CODINGS.join(', ')}; ${load()}`);
    const J2 = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
    const sc = await post('/operations/spacecraft', { name: 'BENCH-GZ', forceModel: J2, launchMass: 1000, dryMass: 800, dragArea: 2, dragCoefficient: 2.2, srpArea: 2, reflectivityCoefficient: 1.3 });
    for (let i = 0; i < 99; i++) await post('/operations/spacecraft', { name: `BENCH-GZ-${i}`, noradId: 41000 + i });
    const sv = await post('/operations/state-vectors', {
      spacecraftId: sc.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 1000,
      position: [1078.7057558860126, 473.89419427067367, -6987.482439539717], velocity: [6.0638805111585015, -4.359194026524568, 0.643596859521826],
    });
    const oemRequest = (days: number) => ({ initialDate: EPOCH, finalDate: new Date(Date.parse(EPOCH) + days * 86_400_000).toISOString(), timeBetweenPoints: 60 });
    const bodies: Array<[string, Uint8Array]> = [
      ['/openapi.json', new Uint8Array(await (await fetch(`${base}/openapi.json`, { headers })).arrayBuffer())],
      ['spacecraft page of 100', new Uint8Array(await (await fetch(`${base}/operations/spacecraft?size=100`, { headers })).arrayBuffer())],
      ['OEM 1 day, 60 s', new Uint8Array(await (await fetch(`${base}/operations/state-vectors/${sv.id}/generate-oem`, { method: 'POST', headers, body: JSON.stringify(oemRequest(1)) })).arrayBuffer())],
      ['OEM 30 days, 60 s', new Uint8Array(await (await fetch(`${base}/operations/state-vectors/${sv.id}/generate-oem`, { method: 'POST', headers, body: JSON.stringify(oemRequest(30)) })).arrayBuffer())],
    ];
    console.log('1. sizes (coding time on the thread pool, wall):');
    for (const [name, bytes] of bodies) {
      const coded: Array<[Coding, number, number]> = [];
      for (const coding of AVAILABLE_CODINGS) {
        const t0 = performance.now();
        const size = await code(bytes, coding);
        coded.push([coding, size, performance.now() - t0]);
      }
      console.log(`  ${describeSizes(name, bytes, coded)}`);
    }

    const oem = bodies.at(-1)![1];
    console.log(`2. the coder alone on the 30-day OEM (${(oem.byteLength / 2 ** 20).toFixed(1)} MiB), Node (thread pool):`);
    for (const coding of AVAILABLE_CODINGS) {
      const { result, blockMs, ms } = await longestBlock(() => code(oem, coding));
      console.log(`  ${coding.padEnd(5)} ${(result / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms; longest event-loop block ${blockMs.toFixed(1)} ms`);
    }

    console.log('3. end to end: POST generate-oem, 30 days at 60 s, by curl; the server loop meanwhile:');
    const body = JSON.stringify(oemRequest(30));
    for (const acceptEncoding of ['identity', ...AVAILABLE_CODINGS]) {
      const histogram = monitorEventLoopDelay({ resolution: 1 });
      const t0 = performance.now();
      const pending = run('curl', [
        '-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_starttransfer} %{time_total}',
        '-X', 'POST', '-H', `Authorization: Bearer ${BENCH_KEY}`, '-H', 'Content-Type: application/json', '-H', `Accept-Encoding: ${acceptEncoding}`,
        '--data-binary', body, `${base}/operations/state-vectors/${sv.id}/generate-oem`,
      ]);
      // Enabled once curl is spawned: starting a process is this bench's work (10–20 ms on this loop), not the server's.
      histogram.enable();
      const { stdout } = await pending;
      const ms = performance.now() - t0;
      histogram.disable();
      const [status, bytes, firstByteS, totalS] = stdout.split(' ');
      console.log(
        `  ${acceptEncoding.padEnd(8)} ${status} ${(Number(bytes) / 1024).toFixed(0).padStart(5)} KiB on the wire; first byte ${(Number(firstByteS) * 1000).toFixed(0)} ms, ` +
          `last ${(Number(totalS) * 1000).toFixed(0)} ms (${ms.toFixed(0)} ms with curl's start); server loop: longest block ${(histogram.max / 1e6 - 1).toFixed(1)} ms, ` +
          `p99 delay ${(histogram.percentile(99) / 1e6 - 1).toFixed(1)} ms; ${load()}`,
      );
    }
  } finally {
    await listener.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
