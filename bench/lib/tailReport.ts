/**
 * The light-request tail laid over the timelines (issue 37 item 5): the load process's requests (their starts and
 * latencies, bench/lib/loadProcess.ts) against the server's and the load process's own timelines of stalls, GC pauses
 * and background work (api/runtime/tailTrace.ts), all on the monotonic clock. For the requests slower than
 * `slowMs`: which overlapped a stall of the server's loop (and what was in that stall: GC, the machine's run queue,
 * the audit flush, a job poll, a key lookup), which a stall of the client's own loop, and which neither.
 */
import type { Stall, TailTimeline, WorkSpan } from '../../api/runtime/tailTrace.ts';
import type { ProcessLoadResult } from './load.ts';

/** A stall this long counts as holding a request. */
const STALL_COUNTED_MS = 5;
const STALLS_LISTED = 5;

const overlaps = (a: { fromUs: number; toUs: number }, fromUs: number, toUs: number) => a.fromUs < toUs && a.toUs > fromUs;

/** What ran in a stall: its GC pauses (ms, by kind), run-queue wait and work spans. */
function stallContents(stall: Stall, timeline: TailTimeline): { gcMs: number; gcKinds: string[]; work: WorkSpan[] } {
  let gcMs = 0;
  const gcKinds = new Set<string>();
  for (const pause of timeline.gc) {
    const toUs = pause.fromUs + pause.ms * 1000;
    if (!overlaps({ fromUs: pause.fromUs, toUs }, stall.fromUs, stall.toUs)) continue;
    gcMs += (Math.min(toUs, stall.toUs) - Math.max(pause.fromUs, stall.fromUs)) / 1000;
    gcKinds.add(pause.kind);
  }
  return { gcMs, gcKinds: [...gcKinds], work: timeline.work.filter((w) => overlaps(w, stall.fromUs, stall.toUs)) };
}

function describeStall(stall: Stall, timeline: TailTimeline, originUs: number): string {
  const { gcMs, gcKinds, work } = stallContents(stall, timeline);
  const parts = [`${((stall.toUs - stall.fromUs) / 1000).toFixed(1)} ms at +${((stall.fromUs - originUs) / 1e6).toFixed(2)} s`];
  if (stall.runQueueMs !== null) parts.push(`waiting for a core ${stall.runQueueMs.toFixed(1)} ms`);
  if (gcMs > 0) parts.push(`GC ${gcMs.toFixed(1)} ms (${gcKinds.join(', ')})`);
  const names = new Map<string, number>();
  for (const w of work) names.set(w.name, (names.get(w.name) ?? 0) + 1);
  for (const [name, n] of names) parts.push(n > 1 ? `${name} ×${n}` : name);
  return parts.join(', ');
}

/** Lines describing the tail of one load run (its window: the first request's start to the last one's end). */
export function tailReport(load: ProcessLoadResult, server: TailTimeline, slowMs: number): string[] {
  const starts = load.startsUs;
  const client = load.timeline;
  if (!starts || !client) return ['  tail trace: the load process recorded no timeline'];
  let fromUs = Infinity;
  let toUs = -Infinity;
  for (let k = 0; k < starts.length; k++) {
    fromUs = Math.min(fromUs, starts[k]!);
    toUs = Math.max(toUs, starts[k]! + load.latencies[k]! * 1000);
  }
  const inWindow = (s: Stall) => overlaps(s, fromUs, toUs) && s.toUs - s.fromUs >= STALL_COUNTED_MS * 1000;
  const serverStalls = server.stalls.filter(inWindow);
  const clientStalls = client.stalls.filter(inWindow);
  let slow = 0;
  let byServer = 0;
  let byClient = 0;
  let byBoth = 0;
  const unexplained: number[] = [];
  const slowSpans: Array<[number, number]> = [];
  for (let k = 0; k < starts.length; k++) {
    const ms = load.latencies[k]!;
    if (ms <= slowMs) continue;
    slow++;
    const s = starts[k]!;
    const e = s + ms * 1000;
    slowSpans.push([s, e]);
    const inServer = serverStalls.some((st) => overlaps(st, s, e));
    const inClient = clientStalls.some((st) => overlaps(st, s, e));
    if (inServer && inClient) byBoth++;
    else if (inServer) byServer++;
    else if (inClient) byClient++;
    else unexplained.push(ms);
  }
  const longest = (stalls: Stall[]) => [...stalls].sort((a, b) => b.toUs - b.fromUs - (a.toUs - a.fromUs)).slice(0, STALLS_LISTED);
  const withGc = (stalls: Stall[], timeline: TailTimeline) => stalls.filter((st) => stallContents(st, timeline).gcMs > 0).length;
  const runQueueShare = (stalls: Stall[]) => {
    const total = stalls.reduce((sum, st) => sum + (st.toUs - st.fromUs) / 1000, 0);
    const waiting = stalls.reduce((sum, st) => sum + (st.runQueueMs ?? 0), 0);
    return total > 0 ? `${((100 * waiting) / total).toFixed(0)} % of it waiting for a core` : 'none';
  };
  const lines = [
    `  tail trace: ${slow} of ${starts.length} requests over ${slowMs} ms; overlapping a stall ≥ ${STALL_COUNTED_MS} ms of the server's loop only: ${byServer}, ` +
      `of the load process's only: ${byClient}, of both: ${byBoth}, of neither: ${unexplained.length}` +
      (unexplained.length ? ` (their latencies: max ${Math.max(...unexplained).toFixed(1)} ms, median ${unexplained.sort((a, b) => a - b)[unexplained.length >> 1]!.toFixed(1)} ms)` : ''),
    `  server stalls ≥ ${STALL_COUNTED_MS} ms: ${serverStalls.length} (${runQueueShare(serverStalls)}; with a GC pause in them: ${withGc(serverStalls, server)}); ` +
      `load-process stalls: ${clientStalls.length} (${runQueueShare(clientStalls)}; with GC: ${withGc(clientStalls, client)})`,
  ];
  const gcLine = (who: string, timeline: TailTimeline) => {
    const pauses = timeline.gc.filter((g) => overlaps({ fromUs: g.fromUs, toUs: g.fromUs + g.ms * 1000 }, fromUs, toUs));
    const byKind = new Map<string, { n: number; maxMs: number }>();
    for (const g of pauses) {
      const entry = byKind.get(g.kind) ?? { n: 0, maxMs: 0 };
      entry.n++;
      entry.maxMs = Math.max(entry.maxMs, g.ms);
      byKind.set(g.kind, entry);
    }
    const totalMs = pauses.reduce((sum, g) => sum + g.ms, 0);
    return `${who} GC: ${pauses.length} pauses, ${totalMs.toFixed(0)} ms in all (${[...byKind].map(([kind, { n, maxMs }]) => `${kind} ×${n}, longest ${maxMs.toFixed(1)} ms`).join('; ') || 'none'})`;
  };
  lines.push(`  ${gcLine('server', server)}; ${gcLine('load process', client)}`);
  for (const st of longest(serverStalls)) lines.push(`    server: ${describeStall(st, server, fromUs)}`);
  for (const st of longest(clientStalls)) lines.push(`    load process: ${describeStall(st, client, fromUs)}`);
  const work = new Map<string, { n: number; maxMs: number }>();
  const sliceWaits = server.work.filter((w) => w.name === 'slice wait' && overlaps(w, fromUs, toUs));
  if (sliceWaits.length) {
    const long = sliceWaits.filter((w) => w.toUs - w.fromUs >= STALL_COUNTED_MS * 1000);
    const slowHeld = slowSpans.filter(([s, e]) => long.some((w) => overlaps(w, s, e))).length;
    lines.push(
      `  statements that waited for the loop's slice: ${sliceWaits.length} (${long.length} ≥ ${STALL_COUNTED_MS} ms, longest ${(Math.max(...sliceWaits.map((w) => w.toUs - w.fromUs)) / 1000).toFixed(1)} ms, ` +
        `up to ${Math.max(...sliceWaits.map((w) => Number(w.detail?.queued ?? 0)))} queued ahead); slow requests overlapping such a wait: ${slowHeld} of ${slow}`,
    );
  }
  for (const w of server.work) {
    if (w.name === 'slice wait' || !overlaps(w, fromUs, toUs)) continue;
    const entry = work.get(w.name) ?? { n: 0, maxMs: 0 };
    entry.n++;
    entry.maxMs = Math.max(entry.maxMs, (w.toUs - w.fromUs) / 1000);
    work.set(w.name, entry);
  }
  if (work.size) lines.push(`  server background work in the window: ${[...work].map(([name, { n, maxMs }]) => `${name} ×${n} (longest ${maxMs.toFixed(1)} ms)`).join('; ')}`);
  return lines;
}
