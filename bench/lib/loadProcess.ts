/**
 * The load generator's own process (`LoadProcess`, bench/lib/load.ts): runs `runLoad` with the options of each 'run'
 * message from the parent, until they run out or a 'stop' comes, and sends each result back; it exits when the
 * parent disconnects.
 *
 * Why a process and not the bench's thread: at 50 connections the client's own event loop and its GC pauses are in
 * every latency it measures, and on the bench's process they also share a heap and a loop with what the bench does
 * meanwhile (issue 37: "the server's figure is the server's"). With `trace`, this process records its own stalls and
 * GC pauses (api/runtime/tailTrace.ts) and every request's start on the monotonic clock, so a slow request can be put
 * on the same timeline as the server's (bench/lib/tailReport.ts) and the client's share of the tail told apart.
 */
import { monotonicUs } from '../../api/runtime/eventLoopProbe.ts';
import { startTailTrace, tailTimeline, type TailTimeline } from '../../api/runtime/tailTrace.ts';
import { runLoad, type ProcessLoadMessage, type ProcessLoadOptions } from './load.ts';

// performance-clock ms → monotonic µs, the clock of the server's timeline
const originUs = monotonicUs() - performance.now() * 1000;
let running = false;
let queue = Promise.resolve();

/** This process's stalls and GC pauses from `fromUs` on (the trace runs from the first traced run to the exit). */
function timelineSince(fromUs: number): TailTimeline | undefined {
  const all = tailTimeline();
  if (!all) return undefined;
  return { stalls: all.stalls.filter((s) => s.toUs >= fromUs), gc: all.gc.filter((g) => g.fromUs + g.ms * 1000 >= fromUs), work: [] };
}

async function run(options: ProcessLoadOptions): Promise<void> {
  if (options.trace) startTailTrace();
  const fromUs = monotonicUs();
  const variants = options.headers ?? [{}];
  const bodies = options.bodies;
  running = true;
  const result = await runLoad({
    baseUrl: options.baseUrl,
    method: options.method,
    path: (i) => options.paths[i % options.paths.length]!,
    headers: (i) => variants[i % variants.length]!,
    body: bodies ? (i) => bodies[i % bodies.length] : undefined,
    connections: options.connections,
    durationMs: options.durationMs,
    pauseMs: options.pauseMs,
    keepGoing: () => running,
    recordStarts: options.trace,
  });
  running = false;
  process.send!({
    type: 'result',
    latencies: result.latencies,
    errors: result.errors,
    seconds: result.seconds,
    statuses: [...result.statuses],
    startsUs: result.starts?.map((ms) => originUs + ms * 1000),
    timeline: options.trace ? timelineSince(fromUs) : undefined,
  } satisfies ProcessLoadMessage);
}

process.on('message', (message: ProcessLoadMessage) => {
  if (message.type === 'stop') running = false;
  else if (message.type === 'run') queue = queue.then(() => run(message.options));
});
process.on('disconnect', () => void queue.then(() => process.exit(0)));
process.send!({ type: 'ready' } satisfies ProcessLoadMessage);
