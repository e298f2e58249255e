/**
 * Benchmarks talk to a real listening server in its own process (so client and server do not
 * share an event loop): `tsx api/server.ts` on a temp database, PORT=0, a bootstrap key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { TailTimeline } from '../../api/runtime/tailTrace.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  baseUrl: string;
  key: string;
  /** The database it uses (a second instance of the same service is started with it). */
  databaseUrl: string;
  pid: number;
  /** Peak resident set size of the server process so far (VmHWM), MiB. */
  peakRssMiB(): number;
  /** False once the server process has exited. */
  isRunning(): boolean;
  /** CPU time (user + system, seconds) the server's main thread (its event loop) has used so far; Linux only. */
  mainThreadCpuSeconds(): number;
  /**
   * With `eventLoopProbe`: the server's event-loop figures since the previous call (api/runtime/eventLoopProbe.ts),
   * asked by SIGUSR2 and read from its log record; the first call only starts the count.
   */
  eventLoopProbe(): Promise<EventLoopProbeRecord>;
  /** CPU time (user + system, seconds) of the whole server process (every thread: workers, libuv, GC); Linux only. */
  processCpuSeconds(): number;
  /** With `traceTail`: the server's timeline (api/runtime/tailTrace.ts), read when it stopped; null before. */
  tailTimeline(): TailTimeline | null;
  stop(): Promise<void>;
}

/** Secret of the bootstrap key every benchmark authenticates with (BOOTSTRAP_API_KEY / `bootstrapApiKey`). */
export const BENCH_API_KEY = 'bench-key-0123456789';

export interface BenchServerOptions {
  /** Receives every structured (JSON) log line the server writes, e.g. the job runner's timings. */
  onLog?: (record: Record<string, unknown>) => void;
  /** Starts the server's event-loop probe (APSIS_EVENT_LOOP_PROBE=1), read with `eventLoopProbe()`. */
  eventLoopProbe?: boolean;
  /**
   * Writes a V8 CPU profile of the server's main thread into this directory when it stops (`node --cpu-prof`;
   * sampled every 100 µs so a few-ms callback shows; open the .cpuprofile in Chrome DevTools or speedscope). Benchmarks take it from BENCH_CPU_PROF.
   */
  cpuProfileDir?: string;
  /** Records the server's event-loop timeline (APSIS_TRACE_TAIL), read with `tailTimeline()` after `stop()`. */
  traceTail?: boolean;
}

/** Written beside a CPU profile: one line per probe report, its longest holds (bench/profileBlocks.ts reads it). */
export const HOLDS_FILE = 'holds.jsonl';

/** The `event loop probe` log record (times in ms; the self-block figures are null off Linux). */
export interface EventLoopProbeRecord {
  eventLoopDelayMaxMs: number;
  eventLoopDelayP99Ms: number;
  selfBlockMaxMs: number | null;
  selfBlocksOver10Ms: number | null;
  cpuBlockMaxMs: number | null;
  /** GC pause time (wall) inside the interval of that longest CPU block. */
  gcInCpuBlockMs: number | null;
  mainThreadCpuMs: number | null;
  runQueueWaitMs: number | null;
  gcPauseMaxMs: number;
  gcPauseMaxKind: string | null;
  gcPauseTotalMs: number;
  /**
   * Holds (1 ms tick: lateness minus the wait for a core; how long one turn ran our work, GC included): the longest,
   * how many over 5 and 10 ms, and the longest few with their intervals on the monotonic clock (µs) to find them in a
   * CPU profile. Null off Linux.
   */
  holdMaxMs: number | null;
  holdsOver5Ms: number | null;
  holdsOver10Ms: number | null;
  holds: Array<{ ms: number; fromUs: number; toUs: number }>;
  /** Each hold over 3 ms less the GC pauses inside its interval (our code, statements, syscalls): the longest, and how many over 5 ms. */
  holdLessGcMaxMs: number | null;
  holdsLessGcOver5Ms: number | null;
  ticks: number;
}

/** `env` is added to (and overrides) the server's environment, e.g. `{ WORKERS: '2', DATABASE_URL: ':memory:' }`. */
export async function startBenchServer(env: Record<string, string> = {}, options: BenchServerOptions = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-'));
  const key = BENCH_API_KEY;
  const profiling = options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const probing = options.eventLoopProbe ? { APSIS_EVENT_LOOP_PROBE: '1' } : {};
  const traceFile = join(dir, 'tail-trace.json');
  const tracing = options.traceTail ? { APSIS_TRACE_TAIL: traceFile } : {};
  let timeline: TailTimeline | null = null;
  // BENCH_SERVER_FLAGS: Node/V8 flags for the server process only, e.g. `--trace-gc` (not allowed in NODE_OPTIONS)
  const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter((f) => f !== '');
  const serverEnv = { ...process.env, PORT: '0', DATABASE_URL: `file:${join(dir, 'bench.db')}`, BOOTSTRAP_API_KEY: key, ...probing, ...tracing, ...env };
  const child: ChildProcess = spawn(process.execPath, [...serverFlags, ...profiling, '--import', 'tsx', 'api/server.ts'], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const probeWaiters: Array<(record: EventLoopProbeRecord) => void> = [];
  const port = await new Promise<number>((resolve, reject) => {
    // Server output, line by line: the listening line, JSON log records, anything else to our stderr.
    const onLine = (line: string) => {
      const match = /^APSIS_LISTENING port=(\d+)/.exec(line);
      if (match) return resolve(Number(match[1]));
      if (line.startsWith('{')) {
        try {
          const record = JSON.parse(line) as Record<string, unknown>;
          if (record.level === 'error') process.stderr.write(`[server] ${line}\n`);
          if (record.message === 'event loop probe') probeWaiters.shift()?.(record as unknown as EventLoopProbeRecord);
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
    databaseUrl: serverEnv.DATABASE_URL!,
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
    eventLoopProbe() {
      if (!options.eventLoopProbe) throw new Error('startBenchServer: eventLoopProbe was not asked for');
      const record = new Promise<EventLoopProbeRecord>((resolve) => probeWaiters.push(resolve));
      child.kill('SIGUSR2');
      // with a CPU profile: each report's longest holds beside it, for `tsx bench/profileBlocks.ts <dir>`
      if (options.cpuProfileDir) void record.then((r) => appendFileSync(join(options.cpuProfileDir!, HOLDS_FILE), `${JSON.stringify(r.holds)}\n`));
      return record;
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
    tailTimeline() {
      return timeline;
    },
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (options.traceTail && existsSync(traceFile)) timeline = JSON.parse(readFileSync(traceFile, 'utf8')) as TailTimeline;
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
