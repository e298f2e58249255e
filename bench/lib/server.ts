/**
 * Benchmarks talk to a real listening server in its own process (so client and server do not
 * share an event loop): `tsx api/server.ts` on a temp database, PORT=0, a bootstrap key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  baseUrl: string;
  key: string;
  pid: number;
  /** Peak resident set size of the server process so far (VmHWM), MiB. */
  peakRssMiB(): number;
  /** False once the server process has exited. */
  isRunning(): boolean;
  /** CPU time (user + system, seconds) the server's main thread (its event loop) has used so far; Linux only. */
  mainThreadCpuSeconds(): number;
  /** CPU time (user + system, seconds) of the whole server process (every thread: workers, libuv, GC); Linux only. */
  processCpuSeconds(): number;
  stop(): Promise<void>;
}

/** Secret of the bootstrap key every benchmark authenticates with (BOOTSTRAP_API_KEY / `bootstrapApiKey`). */
export const BENCH_API_KEY = 'bench-key-0123456789';

export interface BenchServerOptions {
  /** Receives every structured (JSON) log line the server writes, e.g. the job runner's timings. */
  onLog?: (record: Record<string, unknown>) => void;
  /** Extra arguments for the server's `node` (e.g. `--cpu-prof`, `--cpu-prof-dir=…`), before the entry point. */
  nodeArgs?: string[];
}

/** `env` is added to (and overrides) the server's environment, e.g. `{ WORKERS: '2', DATABASE_URL: ':memory:' }`. */
export async function startBenchServer(env: Record<string, string> = {}, options: BenchServerOptions = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-'));
  const key = BENCH_API_KEY;
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'api/server.ts'], {
    env: { ...process.env, PORT: '0', DATABASE_URL: `file:${join(dir, 'bench.db')}`, BOOTSTRAP_API_KEY: key, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const port = await new Promise<number>((resolve, reject) => {
    // Server output, line by line: the listening line, JSON log records, anything else to our stderr.
    const onLine = (line: string) => {
      const match = /^APSIS_LISTENING port=(\d+)/.exec(line);
      if (match) return resolve(Number(match[1]));
      if (line.startsWith('{')) {
        try {
          const record = JSON.parse(line) as Record<string, unknown>;
          if (record.level === 'error') process.stderr.write(`[server] ${line}\n`);
          options.onLog?.(record);
          return;
        } catch {
          // not a log record
        }
      }
      if (line.trim()) process.stderr.write(`[server] ${line}\n`);
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffered = '';
      stream.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          onLine(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
        }
      });
    }
    child.once('exit', (code, signal) => {
      if (!stopping) reject(new Error(`server exited with ${code ?? signal}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    key,
    pid: child.pid!,
    isRunning() {
      return child.exitCode === null && child.signalCode === null;
    },
    mainThreadCpuSeconds() {
      // /proc/<pid>/task/<pid>/stat: fields 14 and 15 (utime, stime) in clock ticks (100 Hz).
      const stat = readFileSync(`/proc/${child.pid}/task/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    processCpuSeconds() {
      // /proc/<pid>/stat: the same fields, summed over the process's threads.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    peakRssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Nearest-rank percentile (the smallest value with at least p % of the values at or below it); any order. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function machineDescription(): string {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const cpu = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1] ?? 'unknown CPU';
  const cores = cpuinfo.split('\n').filter((l) => l.startsWith('processor')).length;
  return `${cpu}, ${cores} cores, Node ${process.version}`;
}
