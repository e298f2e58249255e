/**
 * `npm run bench:screening:sieve`: the catalog-scale sieve (engine/collision/screening/gridSieve.ts), all-vs-all on
 * the seeded synthetic catalog (bench/lib/syntheticCatalog.ts, the shape of today's public catalog; the same seed as
 * bench/screening-engine.ts), engine only, on this one thread.
 *
 * Prints the time per stage (set-up: satrecs and envelopes; SGP4 sampling at the nodes; interpolation and grid;
 * candidate tests; pair searches; TCA refinement; Pc), the counts of the cost model (objects, nodes, fine steps,
 * object-steps, candidate pair-steps, pair windows searched, approaches), the per-unit costs a, b, c, d of
 * time ≈ a·nodes + b·object-steps + c·candidate pair-steps + d·pair windows (+ the Pc per approach), the peak
 * resident memory and the load average before and after (the machine is shared: compare runs made together).
 *
 * Options: `--objects N` (default 5000), `--hours H` (24), `--radius-km R` (sphere, default 5), `--step S` (fine step,
 * s, default the engine's), `--cell-factor F`, `--tolerance-km E` (interpolation tolerance), `--mode PRIMARIES`
 * (the first 10 objects as GP primaries against the rest, instead of all-vs-all).
 */
import { loadavg } from 'node:os';
import { screenWithGrid, type PrimaryInput, type SecondaryInput } from '../engine/collision/screening/index.ts';
import { syntheticCatalog } from './lib/syntheticCatalog.ts';
import { START, START_UTC, numericOption } from './lib/screeningScenario.ts';

const objects = numericOption('objects', 5000);
const hours = numericOption('hours', 24);
const radiusKm = numericOption('radius-km', 5);
const step = numericOption('step', Number.NaN);
const cellFactor = numericOption('cell-factor', Number.NaN);
const toleranceKm = numericOption('tolerance-km', Number.NaN);
const modeArg = process.argv.indexOf('--mode');
const mode = modeArg >= 0 && process.argv[modeArg + 1] === 'PRIMARIES' ? 'PRIMARIES' : 'ALL_VS_ALL';

let rssPeak = 0;
const sampleMemory = (): void => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
};
const timer = setInterval(sampleMemory, 200);
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');

console.log(`load average before: ${load()}`);
let t0 = performance.now();
const catalog = syntheticCatalog({ count: objects, seed: 20250225, reference: START });
console.log(`catalog: ${catalog.length} element sets in ${(performance.now() - t0).toFixed(0)} ms`);
const secondaries: SecondaryInput[] = (mode === 'PRIMARIES' ? catalog.slice(10) : catalog).map((elements) => ({ elements }));
const primaries: PrimaryInput[] = mode === 'PRIMARIES'
  ? catalog.slice(0, 10).map((e) => ({ id: `p-${e.noradId}`, noradId: e.noradId, trajectory: { kind: 'GP', elements: e }, hardBodyRadiusM: 5 }))
  : [];

t0 = performance.now();
const result = screenWithGrid({
  mode,
  span: { startUtc: START_UTC, durationS: hours * 3600 },
  volume: { shape: 'SPHERE', radiusKm },
  primaries,
  secondaries,
  options: { secondaryHardBodyRadiusM: 5, now: () => performance.now() },
  sieve: {
    ...(Number.isFinite(step) ? { fineStepS: step } : {}),
    ...(Number.isFinite(cellFactor) ? { cellFactor } : {}),
    ...(Number.isFinite(toleranceKm) ? { interpolationToleranceKm: toleranceKm } : {}),
  },
});
const totalMs = performance.now() - t0;
sampleMemory();
clearInterval(timer);

const s = result.sieve;
const t = result.sieveTimings!;
const ms = (x: number): string => `${(x / 1000).toFixed(2)} s`;
console.log(`\n${mode}: ${s.objects} objects × ${hours} h, sphere ${radiusKm} km: ${ms(totalMs)} on one thread`);
console.log(`stages: set-up ${ms(t.setupMs)}, sampling ${ms(t.samplingMs)}, grid ${ms(t.gridMs)}, candidates ${ms(t.candidatesMs)}, pair searches ${ms(t.pairSearchMs)}, refinement ${ms(t.refinementMs)}, Pc ${ms(t.pcMs)}`);
console.log(`counts: ${s.nodes} nodes (${(s.nodes / s.objects).toFixed(0)} per object), ${s.fineSteps} fine steps of ${s.fineStepS.toFixed(2)} s, cells ${s.cellSizeKm.toFixed(0)} km, ${s.objectSteps} object-steps`);
console.log(`        ${s.candidatePairSteps} candidate pair-steps → ${s.afterDistanceTest} after the distance test → ${s.afterSegmentTest} after the segment test; ${s.pairWindows} windows of ${result.counts.pairsSearched} pairs searched (${result.counts.searchedPairSeconds.toFixed(0)} pair-seconds)`);
console.log(`        ${result.counts.sieveEvaluations} sieve and ${result.counts.localEvaluations} local evaluations, ${result.counts.minimaFound} minima, ${result.counts.approaches} approaches, ${result.issues.length} issues; of ${result.counts.pairs} pairs`);
console.log(`        largest interpolation bound ${(s.largestInterpolationErrorKm * 1000).toFixed(0)} m, largest speed bound ${s.largestSpeedKmS.toFixed(2)} km/s`);
const per = (x: number, n: number, unit: string): string => (n > 0 ? `${((x * 1e3) / n).toPrecision(3)} ${unit}` : '—');
console.log(`per unit: a = ${per(t.samplingMs, s.nodes, 'µs/node')}, b = ${per(t.gridMs, s.objectSteps, 'µs/object-step')}, c = ${per(t.candidatesMs, s.candidatePairSteps, 'µs/candidate pair-step')} (cell look-ups included: ${per(t.candidatesMs, s.objectSteps, 'µs/object-step')}), d = ${per(t.pairSearchMs + t.refinementMs, s.pairWindows, 'µs/window')}, Pc ${per(t.pcMs, result.counts.approaches, 'µs/approach')}`);
console.log(`peak resident memory ${(rssPeak / 2 ** 20).toFixed(0)} MiB; load average after: ${load()}`);
