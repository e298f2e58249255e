/**
 * `tsx bench/profileBlocks.ts <dir>`: what held the server's event loop in a benchmark run with BENCH_CPU_PROF=<dir>.
 *
 * The benchmark leaves there the server main thread's V8 CPU profile (`node --cpu-prof`, a sample every 100 µs) and,
 * per event-loop probe report, its longest holds (bench/lib/server.ts HOLDS_FILE: the intervals of the most late
 * 1 ms ticks, on the monotonic clock the profile's timestamps use). For each hold this prints the samples that
 * fall in it: time by function (self) and by call path (inclusive), garbage collection included, so the longest
 * stretch is traced to the code that ran it instead of guessed from a whole-run profile. The first report (the
 * server's start and warm-up) is left out unless ALL_REPORTS=1; BLOCKS=<n> blocks are shown (default 5).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CpuProfile, ProfileNode } from './lib/cpuProfile.ts';
import { HOLDS_FILE } from './lib/server.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx bench/profileBlocks.ts <BENCH_CPU_PROF directory> [frames shown, default 12]');
  process.exit(2);
}
const shown = Number(process.argv[3] ?? 12);
// The first report covers the server's start and warm-up (the benchmarks' first probe call only starts the count).
const blocks = readFileSync(join(dir, HOLDS_FILE), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .slice(process.env.ALL_REPORTS ? 0 : 1)
  .flatMap((l) => JSON.parse(l) as Array<{ ms: number; fromUs: number; toUs: number }>)
  .sort((a, b) => b.ms - a.ms);

// The main thread's profile is the one whose samples cover the blocks (workers write their own files).
const profiles = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile);

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').slice(-2).join('/');
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

function describe(block: { ms: number; fromUs: number; toUs: number }): void {
  const profile = profiles.find((p) => p.startTime <= block.fromUs && block.toUs <= p.endTime);
  if (!profile) {
    console.log(`\nhold ${block.ms.toFixed(1)} ms: no profile covers it`);
    return;
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let t = profile.startTime;
  let sampledUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const next = t + (profile.timeDeltas[i + 1] ?? 0);
    if (next <= block.fromUs || t >= block.toUs) continue;
    const us = Math.min(next, block.toUs) - Math.max(t, block.fromUs);
    const leaf = byId.get(profile.samples[i]!)!;
    if (leaf.callFrame.functionName === '(idle)') continue;
    sampledUs += us;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
      const name = label(byId.get(id)!);
      if (seen.has(name) || name === '(root)') continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  const top = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, shown).map(([name, us]) => `    ${(us / 1000).toFixed(2).padStart(6)} ms  ${name}`).join('\n');
  console.log(`\nhold ${block.ms.toFixed(1)} ms over ${((block.toUs - block.fromUs) / 1000).toFixed(1)} ms between ticks (${(sampledUs / 1000).toFixed(1)} ms sampled busy)`);
  console.log(`  self:\n${top(self)}`);
  console.log(`  inclusive:\n${top(inclusive)}`);
}

for (const block of blocks.slice(0, Number(process.env.BLOCKS ?? 5))) describe(block);
