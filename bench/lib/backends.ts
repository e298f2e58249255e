/**
 * The two database backends a benchmark runs on (the goal: "the benchmarks take DATABASE_URL and print
 * both"): the embedded file (a fresh `file:` database of the benchmark's own) and a libSQL server — a sqld this
 * process starts for the run (scripts/sqld.ts `startSqld`, fresh data folder, `ws://` URL), or the server
 * `DATABASE_URL` names when it is set (a `ws://`, `http(s)://` or `libsql://` URL; it is not emptied first).
 *
 * `BENCH_BACKENDS=embedded|sqld|both` (default both) picks which. `compareBackends` runs a benchmark's body once per
 * backend, one after the other (never at the same time: the machine has 2 cores), then prints each figure side by
 * side with the ratio sqld / embedded. `statementCounts` reads a server's database requests from its /metrics
 * (apsis_db_statement_duration_seconds, fed by storage/sql/db.ts `onStatement`: one per statement or batch sent, its
 * time a round trip on a server), `cpuSeconds` the sqld process's CPU time (its share of the work).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSqld, type SqldServer } from '../../scripts/sqld.ts';

export type BackendName = 'embedded' | 'sqld';

export interface BenchBackend {
  readonly name: BackendName;
  /** What the figures are labelled with: `embedded`, `sqld ws://…` (started here) or the DATABASE_URL given. */
  readonly label: string;
  /** The DATABASE_URL for a server process: null on the embedded file (the benchmark's own temp file). */
  readonly url: string | null;
  /** `{ DATABASE_URL }` for a server's environment ({} on the embedded file). */
  env(): Record<string, string>;
  /** The sqld started here (null on the embedded file or a DATABASE_URL server). */
  readonly sqld: SqldServer | null;
  /** CPU time (user + system, s) the sqld started here has used so far (0 otherwise). */
  cpuSeconds(): number;
  close(): Promise<void>;
}

/** The backends this run measures (BENCH_BACKENDS, default both). */
export function backendsToRun(): BackendName[] {
  const asked = process.env.BENCH_BACKENDS ?? 'both';
  if (asked === 'both') return ['embedded', 'sqld'];
  if (asked === 'embedded' || asked === 'sqld') return [asked];
  throw new Error(`BENCH_BACKENDS must be embedded, sqld or both, not ${asked}`);
}

/** A remote DATABASE_URL given to the benchmark (a file: URL there is ignored: the embedded run uses its own file). */
function givenRemoteUrl(): string | null {
  const url = process.env.DATABASE_URL;
  return url && /^(wss?|https?|libsql):\/\//.test(url) ? url : null;
}

function processCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Opens one backend: nothing to do on the embedded file; a sqld of its own (or DATABASE_URL's server) otherwise. */
export async function openBackend(name: BackendName): Promise<BenchBackend> {
  if (name === 'embedded') {
    return { name, label: 'embedded', url: null, env: () => ({}), sqld: null, cpuSeconds: () => 0, close: async () => undefined };
  }
  const given = givenRemoteUrl();
  if (given) {
    return { name, label: `server ${given} (DATABASE_URL)`, url: given, env: () => ({ DATABASE_URL: given }), sqld: null, cpuSeconds: () => 0, close: async () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-sqld-'));
  const sqld = await startSqld({ dataDir: dir });
  return {
    name,
    label: `sqld ${sqld.wsUrl}`,
    url: sqld.wsUrl,
    env: () => ({ DATABASE_URL: sqld.wsUrl }),
    sqld,
    cpuSeconds: () => processCpuSeconds(sqld.child.pid),
    close: async () => {
      await sqld.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One figure of a run, to be compared across backends. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Which way is better (for the ratio's reading). */
  better: 'lower' | 'higher';
  digits?: number;
}

export const loadAverage = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * Runs `body` on each backend of this run in turn (a fresh database each), then prints every figure it returned side
 * by side with the ratio sqld / embedded and the load average of each run.
 */
export async function compareBackends(title: string, body: (backend: BenchBackend) => Promise<Figure[]>): Promise<void> {
  const runs: Array<{ backend: BenchBackend; figures: Figure[]; load: string }> = [];
  for (const name of backendsToRun()) {
    const backend = await openBackend(name);
    try {
      console.log(`\n=== ${title} on ${backend.label} (load average ${loadAverage()}) ===`);
      const figures = await body(backend);
      runs.push({ backend, figures, load: loadAverage() });
    } finally {
      await backend.close();
    }
  }
  printComparison(title, runs);
}

function printComparison(title: string, runs: Array<{ backend: BenchBackend; figures: Figure[]; load: string }>): void {
  if (runs.length === 0) return;
  const fmt = (f: Figure | undefined) => (f === undefined ? '—' : `${f.value.toLocaleString('en-US', { maximumFractionDigits: f.digits ?? 1, minimumFractionDigits: f.digits ?? 1 })} ${f.unit}`);
  const names = [...new Set(runs.flatMap((r) => r.figures.map((f) => f.name)))];
  const width = Math.max(20, ...names.map((n) => n.length));
  console.log(`\n=== ${title}: side by side ===`);
  console.log(`${''.padEnd(width)}  ${runs.map((r) => r.backend.name.padStart(18)).join('  ')}${runs.length === 2 ? '   sqld / embedded' : ''}`);
  for (const name of names) {
    const cells = runs.map((r) => r.figures.find((f) => f.name === name));
    let ratio = '';
    if (runs.length === 2 && cells[0] && cells[1] && cells[0].value !== 0) {
      const r = cells[1].value / cells[0].value;
      ratio = `   ${r.toFixed(2)} ×${cells[0].better === 'lower' ? ' (time: lower is better)' : ''}`;
    }
    console.log(`${name.padEnd(width)}  ${cells.map((c) => fmt(c).padStart(18)).join('  ')}${ratio}`);
  }
  for (const r of runs) console.log(`  ${r.backend.name}: ${r.backend.label}; load average at its end ${r.load}`);
}

/** A server's database requests so far (its /metrics): statements or batches sent, by kind, and their summed time. */
export interface StatementCounts {
  reads: number;
  writes: number;
  readSeconds: number;
  writeSeconds: number;
}

/** Reads `apsis_db_statement_duration_seconds` of the server at `baseUrl` (a key with read:metrics). */
export async function statementCounts(baseUrl: string, key: string): Promise<StatementCounts> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { Authorization: `Bearer ${key}` } })).text();
  const value = (suffix: string, kind: string) => {
    const re = new RegExp(`^apsis_db_statement_duration_seconds_${suffix}\\{[^}]*kind="${kind}"[^}]*\\} ([0-9.e+-]+)`, 'm');
    return Number(re.exec(text)?.[1] ?? 0);
  };
  return { reads: value('count', 'read'), writes: value('count', 'write'), readSeconds: value('sum', 'read'), writeSeconds: value('sum', 'write') };
}

/** `after - before`, described per unit of work (e.g. per request): statements, and the mean time of one. */
export function describeStatements(before: StatementCounts, after: StatementCounts, units: number, unitName: string): string {
  const reads = after.reads - before.reads;
  const writes = after.writes - before.writes;
  const readMs = reads > 0 ? ((after.readSeconds - before.readSeconds) / reads) * 1000 : 0;
  const writeMs = writes > 0 ? ((after.writeSeconds - before.writeSeconds) / writes) * 1000 : 0;
  return (
    `database requests: ${reads.toLocaleString('en-US')} reads + ${writes.toLocaleString('en-US')} writes ` +
    `(${(reads / units).toFixed(2)} + ${(writes / units).toFixed(2)} per ${unitName}; mean ${readMs.toFixed(2)} ms per read, ${writeMs.toFixed(2)} ms per write)`
  );
}
