/**
 * `npm run bench:oem`: OEM generation through HTTP against a real listening server (real worker pool, in-memory
 * libSQL). LEO (SSO 700 km) with the default force model (EGM96 20×20, Harris–Priester drag, SRP with shadow,
 * Sun and Moon), 60 s steps, 1-day / 7-day / 30-day spans; sequential and 8 concurrent requests; p50/p99 latency,
 * OEMs per second, peak RSS, and the p99 of light GETs issued while the OEMs run.
 * WORKERS (default 2) sets the pool size; BENCH_QUICK=1 runs fewer requests. The server runs in its own process
 * (bench/lib/server.ts), so the client's event loop does not share the server's.
 */
import { duringLoad } from './lib/load.ts';
import { machineDescription, percentile, startBenchServer } from './lib/server.ts';

const workers = Number(process.env.WORKERS ?? 2);
const quick = process.env.BENCH_QUICK === '1';
const server = await startBenchServer({ WORKERS: String(workers), DATABASE_URL: ':memory:' });
try {
  const base = server.baseUrl;
  // identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
  const headers = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json', 'Accept-Encoding': 'identity' };

  async function post(path: string, body: unknown): Promise<Response> {
    return await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  const sc = (await (await post('/operations/spacecraft', {
    name: 'BENCH-LEO', launchMass: 1000, dryMass: 800, dragArea: 2, dragCoefficient: 2.2, srpArea: 2, reflectivityCoefficient: 1.3,
  })).json()) as { id: string };
  const EPOCH = '2024-01-01T00:00:00Z';
  const svResponse = await post('/operations/state-vectors', {
    spacecraftId: sc.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 1000,
    position: [1078.7057558860126, 473.89419427067367, -6987.482439539717], velocity: [6.0638805111585015, -4.359194026524568, 0.643596859521826],
  });
  const sv = (await svResponse.json()) as { id: string };

  function finalDate(days: number): string {
    return new Date(Date.parse(EPOCH) + days * 86400_000).toISOString();
  }

  async function generate(days: number): Promise<{ ms: number; bytes: number }> {
    const t0 = performance.now();
    const r = await post(`/operations/state-vectors/${sv.id}/generate-oem`, { initialDate: EPOCH, finalDate: finalDate(days), timeBetweenPoints: 60 });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`OEM ${days} d: ${r.status} ${text.slice(0, 300)}`);
    return { ms: performance.now() - t0, bytes: text.length };
  }

  /**
   * Light GETs, one every 5 ms, while `work` runs; returns their latencies. From a process of their own: on this one
   * an answer would also wait while it reads the OEMs (up to 5 MiB of text each).
   */
  async function withLightGets<T>(work: () => Promise<T>): Promise<{ result: T; getMs: number[] }> {
    const { value, load } = await duringLoad({ baseUrl: base, paths: [`/operations/state-vectors/${sv.id}`], headers: [headers], connections: 1, durationMs: 3_600_000, pauseMs: 5 }, work);
    return { result: value, getMs: load.latencies };
  }


  await generate(1); // warm-up: worker start, EOP load, module JIT
  for (let i = 0; i < workers; i++) await generate(1);
  const rows: string[] = [];
  console.log(`OEM benchmark: ${workers} workers, LEO default force model, 60 s steps; ${machineDescription()}`);
  for (const days of [1, 7, 30]) {
    const sequentialCount = quick ? 2 : days === 1 ? 20 : days === 7 ? 6 : 2;
    const seq: number[] = [];
    let bytes = 0;
    const s0 = performance.now();
    for (let i = 0; i < sequentialCount; i++) {
      const r = await generate(days);
      seq.push(r.ms);
      bytes = r.bytes;
    }
    const seqSeconds = (performance.now() - s0) / 1000;
    const concurrentCount = quick ? 8 : days === 1 ? 80 : days === 7 ? 16 : 8;
    const conc: number[] = [];
    const c0 = performance.now();
    const { getMs } = await withLightGets(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < concurrentCount) {
            next++;
            conc.push((await generate(days)).ms);
          }
        }),
      );
    });
    const concSeconds = (performance.now() - c0) / 1000;
    rows.push(
      `${String(days).padStart(2)} d | ${(bytes / 1e6).toFixed(2)} MB | sequential n=${sequentialCount} p50 ${percentile(seq, 50).toFixed(0)} ms p99 ${percentile(seq, 99).toFixed(0)} ms ` +
        `${(sequentialCount / seqSeconds).toFixed(2)} OEM/s | 8 concurrent n=${concurrentCount} p50 ${percentile(conc, 50).toFixed(0)} ms p99 ${percentile(conc, 99).toFixed(0)} ms ` +
        `${(concurrentCount / concSeconds).toFixed(2)} OEM/s | light GET n=${getMs.length} p50 ${percentile(getMs, 50).toFixed(1)} ms p99 ${percentile(getMs, 99).toFixed(1)} ms`,
    );
    console.log(rows[rows.length - 1]);
  }
  console.log(`peak RSS ${server.peakRssMiB().toFixed(0)} MiB (server process)`);
} finally {
  await server.stop();
}
