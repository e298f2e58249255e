/**
 * Reads a V8 CPU profile (`node --cpu-prof`) of the server and says where its event-loop thread spent its time
 * within a window of the run (the measured scenario only, not start-up or seeding), as microseconds per request:
 *
 *  - self time by place (our files by path; hono, @hono/node-server, libsql, zod, node's HTTP internals, GC, idle…),
 *  - inclusive time of named functions (the steps of one request: auth, key lookup, audit, ETag, row mapping, JSON…).
 *
 * The profile's timestamps are V8's monotonic clock in microseconds, which on Linux is CLOCK_MONOTONIC, the clock of
 * `process.hrtime` in any process: the benchmark passes the window it measured as `hrtimeMicros()` readings.
 */
import { readFileSync } from 'node:fs';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now on the profile's clock (µs, CLOCK_MONOTONIC). */
export function hrtimeMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** The place a frame belongs to, for the self-time table. */
function placeOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)' || functionName === '(idle)' || functionName === '(program)') return functionName;
    return `(native) ${functionName || 'anonymous'}`;
  }
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (modules) {
    const name = modules[1]!;
    if (name === 'hono' && /\/dist\/(?:cjs\/)?(router|utils|middleware|helper)\//.test(url)) return `hono (${/\/dist\/(?:cjs\/)?([a-z]+)\//.exec(url)![1]})`;
    return name;
  }
  if (url.startsWith('node:')) {
    if (/^node:(_http|http|internal\/http|net|internal\/stream|stream|internal\/streams)/.test(url)) return 'node: http, net, streams';
    if (/^node:internal\/(webstreams|deps\/undici|fetch)/.test(url)) return 'node: web streams, Request/Response';
    if (/^node:(internal\/)?(crypto)/.test(url)) return 'node: crypto';
    return `node: ${url.slice(5).replace(/^internal\//, '').split('/')[0]}`;
  }
  const repo = /\/(api|storage|domain|engine|workers|earthData)\/(.+)$/.exec(url);
  if (repo) return `${repo[1]}/${repo[2]}`;
  return url.replace(/^file:\/\//, '');
}

export interface ProfileSummary {
  /** Profiled time inside the window, µs (busy + idle). */
  windowMicros: number;
  /** Time the thread was not idle, µs. */
  busyMicros: number;
  /** Self time per place, µs, largest first. */
  selfByPlace: Array<[string, number]>;
  /** Inclusive time per function (`name (file)`), µs, largest first. */
  inclusiveByFunction: Array<[string, number]>;
}

export function summarizeCpuProfile(path: string, fromMicros: number, toMicros: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const self = new Map<number, number>();
  let time = profile.startTime;
  let windowMicros = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    // A sample's weight is the interval up to the next sample (V8 attributes the delta before a sample to it).
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (time < fromMicros || time > toMicros) continue;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + weight);
    windowMicros += weight;
  }
  const selfByPlace = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let idle = 0;
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const place = placeOf(node.callFrame.url, node.callFrame.functionName);
    if (place === '(idle)') idle += micros;
    selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + micros);
    // Inclusive time: every distinct function on the stack once (recursion counted once).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url) continue;
      const key = `${frame.functionName || '(anonymous)'} (${placeOf(frame.url, frame.functionName)}:${frame.lineNumber + 1})`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    }
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { windowMicros, busyMicros: windowMicros - idle, selfByPlace: sorted(selfByPlace), inclusiveByFunction: sorted(inclusive) };
}

/** The summary as text: µs per request of the top places and functions. */
export function formatProfileSummary(summary: ProfileSummary, requests: number, top = 22): string {
  const perRequest = (micros: number) => (micros / requests).toFixed(1).padStart(7);
  const lines = [
    `server event-loop thread, ${requests} requests: ${perRequest(summary.busyMicros)} µs busy per request ` +
      `(${((summary.busyMicros / summary.windowMicros) * 100).toFixed(0)} % of the window)`,
    '  self time by place (µs/request):',
  ];
  for (const [place, micros] of summary.selfByPlace.filter(([p]) => p !== '(idle)').slice(0, top)) lines.push(`    ${perRequest(micros)}  ${place}`);
  lines.push('  inclusive time of functions (µs/request):');
  for (const [name, micros] of summary.inclusiveByFunction.slice(0, top * 2)) lines.push(`    ${perRequest(micros)}  ${name}`);
  return lines.join('\n');
}
