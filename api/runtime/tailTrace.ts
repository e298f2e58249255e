/**
 * For benchmarks only (`APSIS_TRACE_TAIL=<file>`, set by bench/lib/server.ts with BENCH_TRACE_TAIL=1): a timeline of
 * what ran on this process's event loop, to find what a slow request waited for (issue 37, "the light-request
 * tail"). Off by default: every call below returns at once, and nothing of it reaches clients.
 *
 * Three lists, every time on the monotonic clock in µs (CLOCK_MONOTONIC, the same in every process of the machine, so
 * a load generator's request timestamps can be laid over them):
 *  - stalls: each turn of the loop that made a 1 ms timer at least STALL_FROM_MS late, with the part of it the thread
 *    spent runnable but waiting for a core (Linux schedstat): the lateness less that wait is what this process held;
 *  - GC pauses (perf_hooks `gc` entries): start, length, kind;
 *  - work: named spans of periodic background work (the audit flush, a job runner's poll, an API-key lookup, the WAL
 *    restart holding the write lock), recorded by `traceWork`.
 *
 * The bench's load-generator process (bench/lib/loadProcess.ts) runs the same stall and GC trace on itself, since on a
 * shared 2-core machine the client's own pauses land in its latencies too. The server writes its timeline to the file
 * when it exits (api/server.ts).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { GC_KINDS, mainThreadTimesMs, monotonicUs } from './eventLoopProbe.ts';

/** A turn that kept the 1 ms tick this much late is a stall. */
const STALL_FROM_MS = 3;
const TICK_MS = 1;
/** Entries kept per list (a 5-minute bench at a few stalls a second stays far below). */
const MAX_ENTRIES = 200_000;

export interface Stall {
  fromUs: number;
  toUs: number;
  /** Of the lateness, the time the thread was runnable but off a core (null off Linux). */
  runQueueMs: number | null;
}

export interface GcPause {
  fromUs: number;
  ms: number;
  kind: string;
}

export interface WorkSpan {
  name: string;
  fromUs: number;
  toUs: number;
  detail?: Record<string, unknown>;
}

export interface TailTimeline {
  stalls: Stall[];
  gc: GcPause[];
  work: WorkSpan[];
}

let timeline: TailTimeline | null = null;

/** Starts the stall and GC trace of this thread (once). */
export function startTailTrace(): void {
  if (timeline) return;
  const traced: TailTimeline = { stalls: [], gc: [], work: [] };
  timeline = traced;
  // performance-clock ms → monotonic µs
  const originUs = monotonicUs() - performance.now() * 1000;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (traced.gc.length >= MAX_ENTRIES) return;
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      traced.gc.push({ fromUs: originUs + entry.startTime * 1000, ms: entry.duration, kind: kind === undefined ? '?' : (GC_KINDS[kind] ?? String(kind)) });
    }
  }).observe({ entryTypes: ['gc'] });
  let lastUs = monotonicUs();
  let lastTimes = mainThreadTimesMs();
  const tick = () => {
    const nowUs = monotonicUs();
    const times = mainThreadTimesMs();
    const lateMs = (nowUs - lastUs) / 1000 - TICK_MS;
    if (lateMs >= STALL_FROM_MS && traced.stalls.length < MAX_ENTRIES) {
      traced.stalls.push({ fromUs: lastUs, toUs: nowUs, runQueueMs: times && lastTimes ? times.runQueue - lastTimes.runQueue : null });
    }
    lastUs = nowUs;
    lastTimes = times;
    setTimeout(tick, TICK_MS).unref();
  };
  setTimeout(tick, TICK_MS).unref();
}

/** The clock for a span of work (µs), or 0 when the trace is off: pass it to `traceWork` when the work ends. */
export function traceClock(): number {
  return timeline ? monotonicUs() : 0;
}

/** Records the span from `fromUs` (traceClock) to now under `name`; nothing when the trace is off. */
export function traceWork(name: string, fromUs: number, detail?: Record<string, unknown>): void {
  if (!timeline || fromUs === 0 || timeline.work.length >= MAX_ENTRIES) return;
  timeline.work.push({ name, fromUs, toUs: monotonicUs(), ...(detail ? { detail } : {}) });
}

/** What was traced so far (null when the trace is off). */
export function tailTimeline(): TailTimeline | null {
  return timeline;
}
