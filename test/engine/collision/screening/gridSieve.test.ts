/**
 * The catalog-scale sieve (engine/collision/screening/gridSieve.ts, sampledPositions.ts):
 *  - the interpolation bounds against SGP4 itself: for element sets of every regime (LEO, decaying LEO, SSO,
 *    eccentric LEO, GTO, Molniya, GNSS, GEO), the Hermite position error and the error of its derivative at random
 *    instants over 2 days, and SGP4's fourth differences against the fourth-derivative bound; the largest share of
 *    each bound used is printed, a bound exceeded fails;
 *  - PRIMARIES mode gives screenChunk's approaches (pair, TCA to 1 ms, miss to 1 mm) on a synthetic catalog with a
 *    dense shell, and ALL_VS_ALL gives screenChunk's with every object as a primary (each pair once);
 *  - ALL_VS_ALL misses nothing a brute-force 1-s search finds under the volume (bench/lib/bruteForce.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readTleCatalog } from '../../../../engine/tle/catalog.ts';
import type { GpElementSet } from '../../../../engine/tle/gpElements.ts';
import { sgp4Envelope } from '../../../../engine/collision/screening/sgp4Envelope.ts';
import { buildPrimary, gpBounds, gpTrajectory, temeTable } from '../../../../engine/collision/screening/objects.ts';
import { SampledPositions, fourthDerivativeBoundKmS4 } from '../../../../engine/collision/screening/sampledPositions.ts';
import { sampledEphemeris, screenChunk, screenWithGrid, type PrimaryInput, type ScreeningApproach, type SecondaryInput } from '../../../../engine/collision/screening/index.ts';
import { CollisionInputError } from '../../../../engine/collision/errors.ts';
import { Epoch } from '../../../../engine/time/epoch.ts';
import { seededRandom } from '../../../helpers/random.ts';
import { REGIME_SHAPES, regimeTles } from './regimes.ts';
import { syntheticCatalog } from '../../../../bench/lib/syntheticCatalog.ts';
import { bruteForceCheck } from '../../../../bench/lib/bruteForce.ts';

const START_UTC = '2023-02-15T00:00:00Z';
const START = Epoch.parseInstant(START_UTC);

/** The regimes of bounds.test.ts, the decaying LEO one that lasts the 2 days sampled here. */
const SHAPES = REGIME_SHAPES.map((s) => (s.name === 'decaying LEO' ? { ...s, perigeeKm: [200, 330] as [number, number], bstar: [3e-4, 1e-3] as [number, number] } : s));

function regimeSets(perShape: number, seed: number): { shape: string; elements: GpElementSet }[] {
  const tles = regimeTles(SHAPES, perShape, seed, 70000);
  const { entries, errors } = readTleCatalog(tles.map((t, i) => `${t.shape} ${i % perShape}\n${t.line1}\n${t.line2}`).join('\n'));
  assert.equal(errors.length, 0);
  return entries.map((elements, i) => ({ shape: tles[i]!.shape, elements }));
}

test('the Hermite interpolation bounds hold against SGP4 in every regime (largest share printed)', () => {
  const spanS = 2 * 86400;
  const table = temeTable(START, spanS);
  const random = seededRandom(11);
  const worst = new Map<string, { position: number; velocity: number; snap: number; stepS: number; errorKm: number }>();
  const sets = regimeSets(8, 2026);
  const truth = new Float64Array(6);
  const ahead = new Float64Array(6);
  const behind = new Float64Array(6);
  const interpolated = new Float64Array(6);
  const fourth = [new Float64Array(6), new Float64Array(6), new Float64Array(6), new Float64Array(6), new Float64Array(6)];
  for (const { shape, elements } of sets) {
    const built = gpTrajectory(elements, table);
    assert.ok(!('problem' in built));
    const envelope = sgp4Envelope(built.trajectory.satrec, built.epochS, 0, spanS);
    const bounds = gpBounds(envelope);
    const endS = envelope.failedAfterS ?? spanS;
    if (endS < 3600) continue;
    const sampled = new SampledPositions([{ trajectory: built.trajectory, bounds, nonGravitationalKmS2: 0, endS }]);
    const snap = fourthDerivativeBoundKmS4(bounds.radiusMinKm, bounds.radiusMaxKm);
    const w = worst.get(shape) ?? { position: 0, velocity: 0, snap: 0, stepS: sampled.stepS[0]!, errorKm: sampled.errorKm[0]! };
    for (let k = 0; k < 1500; k++) {
      const t = 1 + random() * (endS - 2);
      built.trajectory.stateAt(t, truth);
      sampled.stateAt(0, t, interpolated, 0);
      const dp = Math.hypot(interpolated[0]! - truth[0]!, interpolated[1]! - truth[1]!, interpolated[2]! - truth[2]!);
      w.position = Math.max(w.position, dp / sampled.errorKm[0]!);
      // the derivative of SGP4's position (central difference over ±0.5 s: error ≈ |r⃛|/24 s², < 1e-6 km/s)
      built.trajectory.stateAt(t + 0.5, ahead);
      built.trajectory.stateAt(t - 0.5, behind);
      const dv = Math.hypot(interpolated[3]! - (ahead[0]! - behind[0]!), interpolated[4]! - (ahead[1]! - behind[1]!), interpolated[5]! - (ahead[2]! - behind[2]!));
      w.velocity = Math.max(w.velocity, dv / sampled.velocityErrorKmS[0]!);
      // fourth difference with steps of an eighth of the node step (truncation ≈ (n·h)²/6 relative, < 1e-3; rounding
      // of the positions ≪ the bound): r⁗ at some instant within ±2 steps
      const hS = sampled.stepS[0]! / 8;
      if (t > 2 * hS + 1 && t < endS - 2 * hS - 1) {
        for (let m = 0; m < 5; m++) built.trajectory.stateAt(t + (m - 2) * hS, fourth[m]!);
        const d4 = [0, 1, 2].map((c) => (fourth[0]![c]! - 4 * fourth[1]![c]! + 6 * fourth[2]![c]! - 4 * fourth[3]![c]! + fourth[4]![c]!) / hS ** 4);
        w.snap = Math.max(w.snap, Math.hypot(d4[0]!, d4[1]!, d4[2]!) / snap);
      }
    }
    worst.set(shape, w);
  }
  let largest = 0;
  for (const [shape, w] of worst) {
    console.log(`${shape.padEnd(14)} step ${w.stepS.toFixed(0).padStart(5)} s, ε ${(w.errorKm * 1000).toFixed(0)} m: share of ε ${w.position.toFixed(3)}, of η ${w.velocity.toFixed(3)}, of S (4th differences) ${w.snap.toFixed(3)}`);
    assert.ok(w.position <= 1, `${shape}: the position interpolation error exceeds its bound (share ${w.position})`);
    assert.ok(w.velocity <= 1, `${shape}: the velocity interpolation error exceeds its bound (share ${w.velocity})`);
    assert.ok(w.snap <= 1, `${shape}: SGP4's fourth differences exceed the bound (share ${w.snap})`);
    largest = Math.max(largest, w.position);
  }
  assert.equal(worst.size, SHAPES.length);
  // the bound is not vacuous: somewhere a sizeable share of it is used
  assert.ok(largest > 0.05, `largest share of ε ${largest}`);
});

test('the interpolation bounds hold for an ephemeris primary (its non-gravitational term sets its node step)', () => {
  const spanS = 86400;
  const table = temeTable(START, spanS);
  const [{ elements }] = regimeSets(1, 99).filter((x) => x.shape === 'LEO');
  const source = gpTrajectory(elements!, table);
  assert.ok(!('problem' in source));
  const primary = buildPrimary({ id: 'e', trajectory: sampledEphemeris(source.trajectory, START_UTC, spanS, 60), hardBodyRadiusM: 1 }, 0, START, spanS, table);
  const sampled = new SampledPositions([{ trajectory: primary.trajectory, bounds: primary.bounds, nonGravitationalKmS2: 1e-4, endS: spanS }]);
  const random = seededRandom(5);
  const truth = new Float64Array(6);
  const interpolated = new Float64Array(6);
  let share = 0;
  for (let k = 0; k < 3000; k++) {
    const t = random() * spanS;
    primary.trajectory.stateAt(t, truth);
    sampled.stateAt(0, t, interpolated, 0);
    share = Math.max(share, Math.hypot(interpolated[0]! - truth[0]!, interpolated[1]! - truth[1]!, interpolated[2]! - truth[2]!) / sampled.errorKm[0]!);
  }
  console.log(`ephemeris primary: node step ${sampled.stepS[0]!.toFixed(1)} s, ε ${(sampled.errorKm[0]! * 1000).toFixed(0)} m, largest share ${share.toExponential(2)}`);
  assert.ok(share <= 1);
  assert.ok(sampled.stepS[0]! < 60, 'the a_ng term shortens the step');
});

/** A synthetic catalog thinned outside the dense 53° shell, so that a few hundred objects have many approaches. */
function denseCatalog(count: number): GpElementSet[] {
  const all = syntheticCatalog({ count: count * 4, seed: 4242, reference: START });
  const shell = all.filter((e) => Math.abs(e.inclinationDeg - 53.1) < 0.2 && e.meanMotionRevPerDay > 15);
  const rest = all.filter((e) => !shell.includes(e));
  return [...shell.slice(0, Math.floor(count * 0.6)), ...rest.slice(0, count - Math.min(shell.length, Math.floor(count * 0.6)))];
}

const key = (a: ScreeningApproach): string => `${a.primaryId}|${a.secondaryNoradId}`;

/** Every approach of `expected` in `actual` (same pair, TCA to 1 ms, miss to 1 mm) and nothing else. */
function assertSameApproaches(actual: readonly ScreeningApproach[], expected: readonly ScreeningApproach[]): void {
  const remaining = [...actual];
  for (const e of expected) {
    const i = remaining.findIndex((a) => key(a) === key(e) && Math.abs(a.tcaS - e.tcaS) <= 1e-3);
    assert.ok(i >= 0, `missing ${key(e)} at ${e.tcaS.toFixed(3)} s (${e.missDistanceM.toFixed(1)} m)`);
    assert.ok(Math.abs(remaining[i]!.missDistanceM - e.missDistanceM) <= 1e-3, `${key(e)}: miss ${remaining[i]!.missDistanceM} m vs ${e.missDistanceM} m`);
    remaining.splice(i, 1);
  }
  assert.deepEqual(remaining.map((a) => `${key(a)} at ${a.tcaS.toFixed(3)}`), [], 'approaches the reference does not have');
}

test('PRIMARIES mode gives screenChunk\'s approaches (dense shell, 12 h, 20 km sphere)', () => {
  const catalog = denseCatalog(400);
  const secondaries: SecondaryInput[] = catalog.map((elements) => ({ elements }));
  const primaries: PrimaryInput[] = [0, 3, 7, 11, 19, 250, 320].map((i) => ({
    id: `p-${catalog[i]!.noradId}`, noradId: catalog[i]!.noradId, trajectory: { kind: 'GP', elements: catalog[i]! }, hardBodyRadiusM: 5,
  }));
  const span = { startUtc: START_UTC, durationS: 12 * 3600 };
  // and an ephemeris primary (a 60 s OEM-like table of a shell member's SGP4 states: the a_ng terms of the bounds)
  const ephemerisSource = catalog[5]!;
  const source = gpTrajectory(ephemerisSource, temeTable(START, span.durationS));
  assert.ok(!('problem' in source));
  primaries.push({ id: 'ephemeris', noradId: ephemerisSource.noradId, trajectory: sampledEphemeris(source.trajectory, START_UTC, span.durationS, 60), hardBodyRadiusM: 5 });
  const volume = { shape: 'SPHERE' as const, radiusKm: 20 };
  const options = { secondaryHardBodyRadiusM: 3 };
  const reference = screenChunk({ span, volume, primaries, secondaries, options });
  const grid = screenWithGrid({ mode: 'PRIMARIES', span, volume, primaries, secondaries, options });
  console.log(`PRIMARIES: ${reference.approaches.length} approaches; sieve ${JSON.stringify(grid.sieve)}`);
  assert.ok(reference.approaches.length >= 10, `a test with few approaches proves little (${reference.approaches.length})`);
  assert.ok(reference.approaches.some((a) => a.primaryId === 'ephemeris'), 'the ephemeris primary has approaches');
  assertSameApproaches(grid.approaches, reference.approaches);
  assert.equal(grid.counts.pairs, reference.counts.pairs);
  // the same Pc and RTN geometry (approach.ts for both)
  for (const a of grid.approaches) {
    const r = reference.approaches.find((x) => key(x) === key(a) && Math.abs(x.tcaS - a.tcaS) <= 1e-3)!;
    assert.ok(Math.abs(a.pc!.value - r.pc!.value) <= 1e-9 * Math.max(1e-12, r.pc!.value) + 1e-15);
    for (let c = 0; c < 3; c++) assert.ok(Math.abs(a.relativePositionRtnM[c]! - r.relativePositionRtnM[c]!) <= 1e-2);
  }
  // a deterministic order: the same screening again gives the same result
  assert.deepEqual(screenWithGrid({ mode: 'PRIMARIES', span, volume, primaries, secondaries, options }).approaches, grid.approaches);
});

test('ALL_VS_ALL gives screenChunk\'s approaches with every object as a primary, each pair once', () => {
  const catalog = denseCatalog(200);
  const secondaries: SecondaryInput[] = catalog.map((elements) => ({ elements }));
  const span = { startUtc: START_UTC, durationS: 8 * 3600 };
  const volume = { shape: 'ELLIPSOID' as const, radialKm: 10, inTrackKm: 20, crossTrackKm: 20 };
  const options = { secondaryHardBodyRadiusM: 3 };
  const grid = screenWithGrid({ mode: 'ALL_VS_ALL', span, volume, primaries: [], secondaries, options });
  const asPrimaries: PrimaryInput[] = catalog.map((e) => ({ id: String(e.noradId), noradId: e.noradId, trajectory: { kind: 'GP', elements: e }, hardBodyRadiusM: 3 }));
  const reference = screenChunk({ span, volume, primaries: asPrimaries, secondaries, options });
  // each pair once, the lower NORAD id as the pair's primary (the ellipsoid lies in its RTN frame: the reference with
  // the other object as the primary may keep another set)
  const once = reference.approaches.filter((a) => Number(a.primaryId) < a.secondaryNoradId);
  console.log(`ALL_VS_ALL: ${once.length} approaches (the reference has ${reference.approaches.length} over both orders); sieve ${JSON.stringify(grid.sieve)}`);
  assert.ok(once.length >= 15, `a test with few approaches proves little (${once.length})`);
  assertSameApproaches(grid.approaches, once);
  assert.equal(grid.counts.pairs, (catalog.length * (catalog.length - 1)) / 2);
  // other sieve settings (cells of R_max with up to 27 neighbours, a longer fine step, a tighter tolerance): the same
  for (const sieve of [{ cellFactor: 1 }, { fineStepS: 25, cellFactor: 3.5 }, { interpolationToleranceKm: 0.02 }]) {
    assertSameApproaches(screenWithGrid({ mode: 'ALL_VS_ALL', span, volume, primaries: [], secondaries, options, sieve }).approaches, once);
  }
});

test('ALL_VS_ALL misses nothing a brute-force 1-s search finds under the volume (600 objects, 4 h)', () => {
  const catalog = denseCatalog(600);
  const spanS = 4 * 3600;
  const radiusKm = 20;
  const grid = screenWithGrid({
    mode: 'ALL_VS_ALL', span: { startUtc: START_UTC, durationS: spanS }, volume: { shape: 'SPHERE', radiusKm }, primaries: [],
    secondaries: catalog.map((elements) => ({ elements })), options: { secondaryHardBodyRadiusM: 3 },
  });
  // the brute force screens primaries × a subset: every object as a primary, the pair's approach under both orders
  const primaries: PrimaryInput[] = catalog.map((e) => ({ id: String(e.noradId), trajectory: { kind: 'GP', elements: e }, hardBodyRadiusM: 3 }));
  const both = grid.approaches.flatMap((a) => [
    { primaryId: a.primaryId, secondaryNoradId: a.secondaryNoradId, tcaS: a.tcaS },
    { primaryId: String(a.secondaryNoradId), secondaryNoradId: Number(a.primaryId), tcaS: a.tcaS },
  ]);
  const outcome = bruteForceCheck({ start: START, spanS, radiusKm, primaries, subset: catalog, approaches: both });
  console.log(`brute force: ${outcome.bruteMinima / 2} sampled minima < 25 km, ${grid.approaches.length} approaches, missed ${outcome.missed.length}, unmatched ${outcome.unmatched / 2}, ${(outcome.elapsedMs / 1000).toFixed(1)} s`);
  assert.ok(grid.approaches.length >= 20, `a test with few approaches proves little (${grid.approaches.length})`);
  assert.deepEqual(outcome.missed, []);
  assert.equal(outcome.unmatched, 0);
});

test('malformed sieve settings and modes are refused with the field named', () => {
  const base = { span: { startUtc: START_UTC, durationS: 3600 }, volume: { shape: 'SPHERE' as const, radiusKm: 5 }, primaries: [], secondaries: [], options: { secondaryHardBodyRadiusM: 1 } };
  const field = (f: () => unknown): string => {
    try {
      f();
    } catch (error) {
      assert.ok(error instanceof CollisionInputError);
      return error.field;
    }
    return 'none';
  };
  assert.equal(field(() => screenWithGrid({ ...base, mode: 'EVERYTHING' as 'ALL_VS_ALL' })), 'mode');
  assert.equal(field(() => screenWithGrid({ ...base, mode: 'ALL_VS_ALL', sieve: { fineStepS: 0 } })), 'sieve.fineStepS');
  assert.equal(field(() => screenWithGrid({ ...base, mode: 'ALL_VS_ALL', sieve: { cellFactor: 0.5 } })), 'sieve.cellFactor');
  assert.equal(field(() => screenWithGrid({ ...base, mode: 'ALL_VS_ALL', span: { startUtc: START_UTC, durationS: -1 } })), 'span.durationS');
  assert.equal(screenWithGrid({ ...base, mode: 'ALL_VS_ALL' }).approaches.length, 0);
});
