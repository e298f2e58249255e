/**
 * For benchmarks only (`APSIS_EVENT_LOOP_PROBE=1`, set by bench/lib/server.ts): how long the server's event loop was
 * held, measured inside the server process. Off by default; nothing of it reaches clients.
 *
 * Its figures (the first two as bench/writePaths.ts takes them in-process):
 *  - Node's event-loop delay histogram (perf_hooks.monitorEventLoopDelay, 1 ms resolution): max and p99;
 *  - the self-block: each 5 ms tick's lateness minus the time the main thread spent runnable but waiting for a core
 *    meanwhile (Linux /proc/self/task/<pid>/schedstat, field 2, ns). On a machine shared with other work a late tick
 *    is often the thread waiting for a core, which the code does not cause; the self-block is the part it does (CPU
 *    work, synchronous I/O). Null where schedstat cannot be read;
 *  - the CPU block: the most CPU time the main thread used between two ticks that came late (schedstat field 1) —
 *    the work that held the loop, which unlike lateness does not grow with what else the machine runs (a wait on
 *    GC helper threads or on I/O is not in it; the kernel updates the count at least every scheduler tick, a few ms);
 *  - the longest garbage-collection pause (perf_hooks `gc` entries, wall time), part of any self-block it falls in;
 *  - the holds, measured with a 1 ms tick: each tick's lateness minus the main thread's wait for a core meanwhile (as
 *    the self-block, at 1 ms instead of 5 ms) — how long one turn of the loop ran our work, GC included. The longest,
 *    the count over 5 and over 10 ms, and the HOLDS_LISTED longest with their intervals on the monotonic clock (µs, the
 *    clock of a V8 CPU profile's timestamps), so `tsx bench/profileBlocks.ts` can show what ran in them. Unlike the
 *    CPU block, this does not depend on the kernel's CPU-time accounting, which /proc updates only at each scheduler
 *    tick (4 ms here, CONFIG_HZ=250): the CPU block is only good to ±4 ms;
 *  - the holds less their GC: each hold over 3 ms less the GC pauses that overlap its interval (perf_hooks `gc`
 *    entries arrive after the pause, so this is worked out at the report) — the part of a turn that was not V8's
 *    collector: our code, a statement, a syscall. The longest, and the count over 5 ms.
 *
 * On SIGUSR2 the server logs one `event loop probe` record with the figures since the previous report, then starts
 * over (SIGUSR1 is Node's inspector signal).
 */
import { readFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { logInfo } from '../log.ts';

const TICK_MS = 5;
/** The hold tick (ms): short, so a tick's lateness is the length of the turn that delayed it. */
const HOLD_TICK_MS = 1;
/** Holds listed with their intervals in each report. */
const HOLDS_LISTED = 5;
/** Holds kept to take their GC out at the report: those over this, at most LONG_HOLDS_KEPT of them. */
const HOLD_LESS_GC_FROM_MS = 3;
const LONG_HOLDS_KEPT = 10_000;

/** One hold: how long the loop ran our work (ms), and the interval on the monotonic clock (µs). */
export interface Hold {
  ms: number;
  fromUs: number;
  toUs: number;
}

/** Monotonic clock, µs (CLOCK_MONOTONIC on Linux, as V8's profiler timestamps). */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

export const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor (scavenge)',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major (mark-compact)',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/**
 * The main thread's scheduler times so far (ms): on a core, and runnable but waiting for one (Linux
 * /proc/self/task/<pid>/schedstat fields 1 and 2, ns); null where schedstat is unavailable.
 */
export function mainThreadTimesMs(): { onCpu: number; runQueue: number } | null {
  try {
    const [onCpu, runQueue] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ');
    return { onCpu: Number(onCpu) / 1e6, runQueue: Number(runQueue) / 1e6 };
  } catch {
    return null;
  }
}

export function startEventLoopProbe(): void {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let selfBlockMaxMs = 0;
  let selfBlocksOver10Ms = 0;
  let cpuBlockMaxMs = 0;
  let ticks = 0;
  let gcMaxMs = 0;
  let gcTotalMs = 0;
  let gcMaxKind: string | null = null;
  /** Every GC pause since the last report (start, end; ms on the performance clock), to see what the CPU block held. */
  let gcSpans: Array<[number, number]> = [];
  let cpuBlockSpan: [number, number] | null = null;
  /** The longest holds since the last report, longest first; their maximum and counts. */
  let holds: Hold[] = [];
  let holdMaxMs = 0;
  let holdsOver5Ms = 0;
  let holdsOver10Ms = 0;
  /** Every hold over HOLD_LESS_GC_FROM_MS since the last report (performance clock), to take its GC out at the report. */
  let longHolds: Array<{ ms: number; from: number; to: number }> = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcSpans.push([entry.startTime, entry.startTime + entry.duration]);
      gcTotalMs += entry.duration;
      if (entry.duration > gcMaxMs) {
        gcMaxMs = entry.duration;
        const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
        gcMaxKind = kind === undefined ? null : (GC_KINDS[kind] ?? String(kind));
      }
    }
  }).observe({ entryTypes: ['gc'] });
  let atReset = mainThreadTimesMs();
  let last = performance.now();
  let lastTimes = atReset;
  const tick = () => {
    const now = performance.now();
    const times = mainThreadTimesMs();
    const lateMs = now - last - TICK_MS;
    if (times !== null && lastTimes !== null) {
      const selfMs = Math.max(0, lateMs - (times.runQueue - lastTimes.runQueue));
      if (selfMs > selfBlockMaxMs) selfBlockMaxMs = selfMs;
      if (selfMs > 10) selfBlocksOver10Ms++;
      // CPU the main thread used between two ticks: what held the loop, whatever else the machine ran
      const cpuMs = times.onCpu - lastTimes.onCpu;
      if (lateMs > 1 && cpuMs > cpuBlockMaxMs) {
        cpuBlockMaxMs = Math.min(cpuMs, lateMs + TICK_MS);
        cpuBlockSpan = [last, now];
      }
    }
    ticks++;
    last = now;
    lastTimes = times;
    setTimeout(tick, TICK_MS).unref();
  };
  setTimeout(tick, TICK_MS).unref();
  let holdLast = performance.now();
  let holdLastUs = monotonicUs();
  let holdLastTimes = atReset;
  const holdTick = () => {
    const now = performance.now();
    const nowUs = monotonicUs();
    const times = mainThreadTimesMs();
    if (times !== null && holdLastTimes !== null) {
      const holdMs = Math.max(0, now - holdLast - HOLD_TICK_MS - (times.runQueue - holdLastTimes.runQueue));
      if (holdMs > holdMaxMs) holdMaxMs = holdMs;
      if (holdMs > 5) holdsOver5Ms++;
      if (holdMs > 10) holdsOver10Ms++;
      if (holdMs > HOLD_LESS_GC_FROM_MS && longHolds.length < LONG_HOLDS_KEPT) longHolds.push({ ms: holdMs, from: holdLast, to: now });
      if (holdMs > 1 && (holds.length < HOLDS_LISTED || holdMs > holds[holds.length - 1]!.ms)) {
        holds.push({ ms: holdMs, fromUs: holdLastUs, toUs: nowUs });
        holds.sort((a, b) => b.ms - a.ms);
        holds.length = Math.min(holds.length, HOLDS_LISTED);
      }
    }
    holdLast = now;
    holdLastUs = nowUs;
    holdLastTimes = times;
    setTimeout(holdTick, HOLD_TICK_MS).unref();
  };
  setTimeout(holdTick, HOLD_TICK_MS).unref();
  process.on('SIGUSR2', () => {
    const times = mainThreadTimesMs();
    const linux = times !== null && atReset !== null;
    // GC wall time inside the interval of the longest CPU block
    let gcInCpuBlockMs = 0;
    if (cpuBlockSpan) for (const [from, to] of gcSpans) gcInCpuBlockMs += Math.max(0, Math.min(to, cpuBlockSpan[1]) - Math.max(from, cpuBlockSpan[0]));
    // each long hold less the GC pauses inside its interval
    let holdLessGcMaxMs = 0;
    let holdsLessGcOver5Ms = 0;
    for (const hold of longHolds) {
      let gcMs = 0;
      for (const [from, to] of gcSpans) gcMs += Math.max(0, Math.min(to, hold.to) - Math.max(from, hold.from));
      const lessGcMs = Math.max(0, hold.ms - gcMs);
      if (lessGcMs > holdLessGcMaxMs) holdLessGcMaxMs = lessGcMs;
      if (lessGcMs > 5) holdsLessGcOver5Ms++;
    }
    logInfo('event loop probe', {
      eventLoopDelayMaxMs: histogram.max / 1e6,
      eventLoopDelayP99Ms: histogram.percentile(99) / 1e6,
      selfBlockMaxMs: linux ? selfBlockMaxMs : null,
      selfBlocksOver10Ms: linux ? selfBlocksOver10Ms : null,
      cpuBlockMaxMs: linux ? cpuBlockMaxMs : null,
      gcInCpuBlockMs: linux ? gcInCpuBlockMs : null,
      mainThreadCpuMs: linux ? times.onCpu - atReset!.onCpu : null,
      runQueueWaitMs: linux ? times.runQueue - atReset!.runQueue : null,
      gcPauseMaxMs: gcMaxMs,
      gcPauseMaxKind: gcMaxKind,
      gcPauseTotalMs: gcTotalMs,
      holdMaxMs: linux ? holdMaxMs : null,
      holdsOver5Ms: linux ? holdsOver5Ms : null,
      holdsOver10Ms: linux ? holdsOver10Ms : null,
      holds: linux ? holds : [],
      holdLessGcMaxMs: linux ? holdLessGcMaxMs : null,
      holdsLessGcOver5Ms: linux ? holdsLessGcOver5Ms : null,
      ticks,
    });
    holds = [];
    longHolds = [];
    holdMaxMs = 0;
    holdsOver5Ms = 0;
    holdsOver10Ms = 0;
    histogram.reset();
    selfBlockMaxMs = 0;
    selfBlocksOver10Ms = 0;
    cpuBlockMaxMs = 0;
    cpuBlockSpan = null;
    gcSpans = [];
    gcMaxMs = 0;
    gcTotalMs = 0;
    gcMaxKind = null;
    ticks = 0;
    atReset = times;
  });
}
