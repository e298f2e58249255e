/**
 * The time-slice rules of a fleet screening (domain/screenings/slices.ts), alone and through the sieve task
 * (workers/screeningTasks.ts sieveChunkTask): a slice boundary placed exactly on an approach's TCA, and a microsecond
 * to either side of it, still gives that approach once — the cut changes nothing but the refinement's last digits.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keptBySlice, mergedSliceIssues, paddedSlice, planTimeSlices, SLICE_OVERLAP_S, SLICE_PAD_S, uniqueApproaches } from '../../../domain/screenings/slices.ts';
import { mergeChunkResults, type ScreeningApproach, type ScreeningChunkResult } from '../../../engine/collision/screening/index.ts';
import { sieveChunkTask } from '../../../workers/screeningTasks.ts';
import type { ScreeningPrimarySpec, ScreeningSieveTaskInput } from '../../../workers/contracts.ts';
import { smallCatalog } from '../../api/screenings.helpers.ts';
import { gpElementsToJson } from '../../../engine/tle/gpElements.ts';

test('slices: equal lengths covering the span, padded inside it, kept intervals overlapping by 2 s at each boundary', () => {
  assert.deepEqual(planTimeSlices(86_400, 36_000), [{ fromS: 0, toS: 28_800 }, { fromS: 28_800, toS: 57_600 }, { fromS: 57_600, toS: 86_400 }]);
  assert.deepEqual(planTimeSlices(3600, 43_200), [{ fromS: 0, toS: 3600 }]);
  assert.deepEqual(paddedSlice({ fromS: 0, toS: 100 }, 1000), { fromS: 0, toS: 100 + SLICE_PAD_S });
  assert.deepEqual(paddedSlice({ fromS: 900, toS: 1000 }, 1000), { fromS: 900 - SLICE_PAD_S, toS: 1000 });
  const [a, b] = planTimeSlices(1000, 500) as [{ fromS: number; toS: number }, { fromS: number; toS: number }];
  assert.ok(keptBySlice(-5, a, 1000), 'the first slice keeps from −∞ (a minimum at the span start)');
  assert.ok(keptBySlice(500 + SLICE_OVERLAP_S - 1e-9, a, 1000) && !keptBySlice(500 + SLICE_OVERLAP_S, a, 1000));
  assert.ok(keptBySlice(500 - SLICE_OVERLAP_S, b, 1000) && !keptBySlice(500 - SLICE_OVERLAP_S - 1e-9, b, 1000));
  assert.ok(keptBySlice(1000, b, 1000), 'the last slice keeps to +∞');
});

test('uniqueApproaches: one of the same pair within 2 s, distinct minima and other pairs kept', () => {
  const a = (primaryId: string, secondaryNoradId: number, tcaS: number, missDistanceM = 100) => ({ primaryId, secondaryNoradId, tcaS, missDistanceM });
  const list = [a('0', 7, 100), a('1', 7, 100.5), a('0', 7, 100.000001, 99), a('0', 8, 101), a('0', 7, 2900)];
  assert.deepEqual(uniqueApproaches(list), [a('0', 7, 100), a('1', 7, 100.5), a('0', 8, 101), a('0', 7, 2900)]);
  assert.deepEqual(uniqueApproaches([a('0', 7, 5, 100), a('0', 7, 5, 90)]), [a('0', 7, 5, 90)], 'the same TCA: the smaller miss');
});

test('mergedSliceIssues: a decay once at its earliest end, unusable in later slices dropped, others once', () => {
  const issues = [
    { code: 'SGP4_FAILED_DURING_SPAN', secondaryNoradId: 5, screenedUntilS: 7300, message: 'b' },
    { code: 'SGP4_FAILED_DURING_SPAN', secondaryNoradId: 5, screenedUntilS: 7200, message: 'a' },
    { code: 'SGP4_UNUSABLE_IN_SPAN', secondaryNoradId: 5, message: 'later' },
    { code: 'SGP4_UNUSABLE_IN_SPAN', secondaryNoradId: 6, message: 'x' },
    { code: 'SGP4_UNUSABLE_IN_SPAN', secondaryNoradId: 6, message: 'x' },
  ];
  assert.deepEqual(mergedSliceIssues(issues), [issues[1], issues[3]]);
});

test('the sieve task: a boundary on an approach’s TCA, or a microsecond either side, gives it once', () => {
  const catalog = smallCatalog(600, 3);
  const leo = catalog.filter((e) => e.meanMotionRevPerDay > 13).slice(0, 8);
  const ours = new Set(leo.map((e) => e.noradId));
  const primaries: ScreeningPrimarySpec[] = leo.map((elements, i) => ({ kind: 'GP', id: String(i), cacheKey: `t:${i}`, noradId: elements.noradId, hardBodyRadiusM: 5, fromCatalog: true }));
  const catalogElementsJson = [new TextEncoder().encode(gpElementsToJson(catalog))];
  const durationS = 6 * 3600;
  const base: Omit<ScreeningSieveTaskInput, 'slice'> = {
    earthData: undefined as never, span: { startUtc: '2023-02-15T00:00:00Z', durationS }, volume: { shape: 'SPHERE', radiusKm: 200 }, primaries,
    catalogElementsJson, againstCatalog: true, againstEachOther: true, secondaryHardBodyRadiusM: 5,
  };
  const run = (slice: { fromS: number; toS: number }): ScreeningChunkResult => {
    const output = sieveChunkTask({ ...base, slice });
    assert.ok(output.ok, JSON.stringify(output));
    return JSON.parse(output.resultJson) as ScreeningChunkResult;
  };
  const wholeResult = run({ fromS: 0, toS: durationS });
  const whole = wholeResult.approaches;
  // the radial-band filter (gridSieve.ts, guarantee 0) leaves out the catalog's objects far from the LEO primaries' heights
  assert.ok(wholeResult.counts.afterApogeePerigee > 0 && wholeResult.counts.afterApogeePerigee < 0.8 * wholeResult.counts.pairs, JSON.stringify(wholeResult.counts));
  assert.ok(whole.length >= 3, `approaches to cut at (${whole.length})`);
  const key = (a: ScreeningApproach) => `${a.primaryId}|${a.secondaryNoradId}`;
  for (const target of [whole[0]!, whole[Math.floor(whole.length / 2)]!]) {
    for (const offsetS of [0, 1e-6, -1e-6]) {
      const cut = target.tcaS + offsetS;
      const parts = [run({ fromS: 0, toS: cut }), run({ fromS: cut, toS: durationS })];
      const merged = uniqueApproaches(mergeChunkResults(parts).approaches);
      assert.deepEqual(merged.map(key).sort(), whole.map(key).sort(), `cut at TCA ${offsetS >= 0 ? '+' : ''}${offsetS} s`);
      for (const a of whole) {
        const same = merged.filter((m) => key(m) === key(a) && Math.abs(m.tcaS - a.tcaS) < 1);
        assert.equal(same.length, 1, `${key(a)} at ${a.tcaS} s: once`);
        assert.ok(Math.abs(same[0]!.tcaS - a.tcaS) < 1e-3 && Math.abs(same[0]!.missDistanceM - a.missDistanceM) < 1e-3);
      }
    }
  }
});
