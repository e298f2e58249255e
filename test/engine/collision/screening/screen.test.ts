/**
 * The screening's contract on a fresh clone (no reference needed): malformed input is refused naming the field,
 * element sets SGP4 cannot use or that decay within the span become issues (the rest is screened), a primary's own
 * catalog entry is not screened against it, the Pc rules (both covariances → the method asked for; one → Alfriend's
 * maximum over that covariance; none → R²/(e·miss²)), chunk plans and merges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readTleCatalog } from '../../../../engine/tle/catalog.ts';
import type { GpElementSet } from '../../../../engine/tle/gpElements.ts';
import { CollisionInputError } from '../../../../engine/collision/errors.ts';
import { pcAlfriend1999Max } from '../../../../engine/collision/alfriend1999.ts';
import { insideVolume, mergeChunkResults, planScreeningChunks, screenChunk, type ScreeningChunkInput } from '../../../../engine/collision/screening/index.ts';
import { formatTleLines } from '../../../../engine/tle/format.ts';
import { cosRange } from '../../../../engine/collision/screening/filters.ts';
import { Epoch } from '../../../../engine/time/epoch.ts';
import { syntheticCatalog } from '../../../../bench/lib/syntheticCatalog.ts';

const DIR = new URL('../../../fixtures/conjunction/screening/D1/', import.meta.url);
const primary = readTleCatalog(readFileSync(new URL('primary.tle', DIR), 'utf8')).entries[0]!;
const catalog = readTleCatalog(readFileSync(new URL('catalog.tle', DIR), 'utf8')).entries;
const built = catalog.filter((e) => e.name?.endsWith('BUILT'));

function base(secondaries: GpElementSet[] = built.slice(0, 4)): ScreeningChunkInput {
  return {
    span: { startUtc: '2023-03-10T00:00:00Z', durationS: 86400 },
    volume: { shape: 'SPHERE', radiusKm: 25 },
    primaries: [{ id: 'D1', trajectory: { kind: 'GP', elements: primary }, hardBodyRadiusM: 5 }],
    secondaries: secondaries.map((elements) => ({ elements })),
    options: { secondaryHardBodyRadiusM: 5 },
  };
}

function refusedAt(input: ScreeningChunkInput, field: string): void {
  assert.throws(() => screenChunk(input), (e: unknown) => e instanceof CollisionInputError && e.field === field, `refused naming ${field}`);
}

test('malformed input is refused with the field named', () => {
  refusedAt({ ...base(), span: { startUtc: '2023-03-10T00:00:00Z', durationS: 15 * 86400 } }, 'span.durationS');
  refusedAt({ ...base(), span: { startUtc: '2023-13-10T00:00:00Z', durationS: 86400 } }, 'span.startUtc');
  refusedAt({ ...base(), volume: { shape: 'SPHERE', radiusKm: -1 } }, 'volume.radiusKm');
  refusedAt({ ...base(), volume: { shape: 'ELLIPSOID', radialKm: 1, inTrackKm: 0, crossTrackKm: 1 } }, 'volume.inTrackKm');
  refusedAt({ ...base(), volume: { shape: 'BOX', radiusKm: 1 } as never }, 'volume.shape');
  refusedAt({ ...base(), options: {} }, 'secondaries[0].hardBodyRadiusM');
  refusedAt({ ...base(), primaries: [{ ...base().primaries[0]!, hardBodyRadiusM: Number.NaN }] }, 'primaries[0].hardBodyRadiusM');
  refusedAt({ ...base(), primaries: [base().primaries[0]!, base().primaries[0]!] }, 'primaries[1].id');
  const times = new Float64Array([0, 60, 60]);
  refusedAt({ ...base(), primaries: [{ id: 'E', hardBodyRadiusM: 1, trajectory: { kind: 'EPHEMERIS', epochUtc: '2023-03-10T00:00:00Z', segments: [{ timesS: times, statesKm: new Float64Array(18) }] } }] }, 'primaries[0].trajectory.segments[0].timesS[2]');
  const short = new Float64Array([0, 3600]);
  const states = new Float64Array([7000, 0, 0, 0, 7.5, 0, 7000, 450, 0, 0, 7.5, 0]);
  assert.throws(
    () => screenChunk({ ...base(), primaries: [{ id: 'E', hardBodyRadiusM: 1, trajectory: { kind: 'EPHEMERIS', epochUtc: '2023-03-10T00:00:00Z', segments: [{ timesS: short, statesKm: states }] } }] }),
    (e: unknown) => e instanceof CollisionInputError && e.code === 'SPAN_NOT_COVERED' && e.httpStatus === 422,
  );
});

test('unusable and decaying element sets become issues; the rest is screened; the primary is not its own secondary', () => {
  const [l1, l2] = formatTleLines({
    catalogNumber: 91001, epoch: { year: 2023, dayOfYear: 69 }, bstarPerEarthRadius: 0.01, ndotOver2RevPerDay2: 0.01,
    inclinationDeg: 51.6, raanDeg: 10, eccentricity: 0.001, argPerigeeDeg: 0, meanAnomalyDeg: 0, meanMotionRevPerDay: 16.1,
  });
  const decaying = readTleCatalog(`${l1}\n${l2}`).entries[0]!;
  const hyperbolic: GpElementSet = { ...built[0]!, noradId: 91002, eccentricity: 1.2 };
  const self: GpElementSet = { ...primary };
  const span = { startUtc: '2023-03-10T00:00:00Z', durationS: 2 * 86400 };
  const input = { ...base([...built.slice(0, 4), decaying, hyperbolic, self]), span };
  const result = screenChunk({ ...input, primaries: [{ ...input.primaries[0]!, noradId: primary.noradId }] });
  const codes = result.issues.map((i) => `${i.code}:${i.secondaryNoradId}`).sort();
  assert.deepEqual(codes, ['ELEMENTS_REFUSED:91002', 'SGP4_FAILED_DURING_SPAN:91001']);
  const decay = result.issues.find((i) => i.secondaryNoradId === 91001)!;
  assert.ok(decay.screenedUntilS! > 86400 && decay.screenedUntilS! < 2 * 86400, `screened up to the decay after 29 h (${decay.screenedUntilS} s)`);
  assert.equal(result.counts.pairs, 5, 'the primary is not screened against its own entry; the refused set is not a pair');
  assert.ok(!result.approaches.some((a) => a.secondaryNoradId === primary.noradId));
  const plain = screenChunk({ ...base(), span });
  assert.deepEqual(result.approaches, plain.approaches, 'the other pairs give the same approaches');
});

test('Pc: both covariances → the method asked for; one → Alfriend max over it; none → R²/(e·miss²)', () => {
  const covariance = { rtnM2: [400, 0, 0, 0, 90000, 0, 0, 0, 2500] };
  const input = base();
  const both = screenChunk({ ...input, primaries: [{ ...input.primaries[0]!, covariance }], secondaries: input.secondaries.map((s) => ({ ...s, covariance })), options: { ...input.options, pcMethod: 'PATERA_2005' } });
  const one = screenChunk({ ...input, primaries: [{ ...input.primaries[0]!, covariance }] });
  const none = screenChunk(input);
  assert.ok(none.approaches.length >= 2);
  none.approaches.forEach((a, i) => {
    assert.equal(both.approaches[i]!.pc?.method, 'PATERA_2005');
    assert.equal(both.approaches[i]!.pc?.isMaximumProbability, false);
    assert.equal(one.approaches[i]!.pc?.method, 'ALFRIEND_1999_MAX');
    assert.equal(one.approaches[i]!.flags[0]!.code, 'MAXIMUM_PROBABILITY_ONE_COVARIANCE');
    assert.equal(a.flags[0]!.code, 'MAXIMUM_PROBABILITY_NO_COVARIANCE');
    // isotropic maximum: R²/(e·miss²), R = 5 + 5 m (any isotropic plane gives it: the maximum is scale-free)
    const expected = Math.min(1, pcAlfriend1999Max({ xmM: a.missDistanceM, ymM: 0, sigmaXM: 1, sigmaYM: 1, combinedHardBodyRadiusM: 10 }));
    assert.ok(Math.abs(a.pc!.value - expected) <= 1e-6 * expected, `${a.pc!.value} vs ${expected}`);
    assert.ok(one.approaches[i]!.pc!.value <= 1 && both.approaches[i]!.pc!.value <= one.approaches[i]!.pc!.value + 1e-12);
  });
});

test('a covariance that is not one (indefinite position block) is left out as if unknown: never a lower Pc', () => {
  const covariance = { rtnM2: [400, 0, 0, 0, 90000, 0, 0, 0, 2500] };
  // a correlation of 10 between R and T: its projection can have a negative variance, taken as σx = 0 and Pc = 0
  const indefinite = { rtnM2: [400, 2000, 0, 2000, 400, 0, 0, 0, 2500] };
  const input = base();
  const primaries = [{ ...input.primaries[0]!, covariance }];
  const one = screenChunk({ ...input, primaries });
  const withInvalid = screenChunk({ ...input, primaries, secondaries: input.secondaries.map((s) => ({ ...s, covariance: indefinite })) });
  const none = screenChunk(input);
  const bothInvalid = screenChunk({ ...input, primaries: [{ ...input.primaries[0]!, covariance: indefinite }], secondaries: input.secondaries.map((s) => ({ ...s, covariance: indefinite })) });
  assert.ok(one.approaches.length >= 2);
  one.approaches.forEach((a, i) => {
    const invalid = withInvalid.approaches[i]!;
    assert.deepEqual(invalid.pc, a.pc, 'the Pc of an unknown secondary covariance: Alfriend\'s maximum over the primary\'s');
    assert.deepEqual(invalid.flags.map((f) => f.code), ['SECONDARY_COVARIANCE_INVALID', 'MAXIMUM_PROBABILITY_ONE_COVARIANCE']);
    assert.match(invalid.flags[0]!.message, /secondaryCovariance\.rtnM2: the position covariance is not a covariance: .*correlation \[0\]\[1\] = 5\.00000 exceeds 1.*left out/);
    const neither = bothInvalid.approaches[i]!;
    assert.deepEqual(neither.pc, none.approaches[i]!.pc);
    assert.deepEqual(neither.flags.map((f) => f.code), ['PRIMARY_COVARIANCE_INVALID', 'SECONDARY_COVARIANCE_INVALID', 'MAXIMUM_PROBABILITY_NO_COVARIANCE']);
  });
});

test('chunk plans cover every pair once, deterministically; merges are independent of chunking and order', () => {
  const plans = planScreeningChunks(3, [5, 3, 9, 1, 7], { secondariesPerChunk: 2, primariesPerChunk: 2 });
  assert.deepEqual(plans.map((p) => [p.key, p.primaryIndices, p.secondaryIndices]), [
    ['p0-1:s0-1', [0, 1], [3, 1]],
    ['p0-1:s2-3', [0, 1], [0, 4]],
    ['p0-1:s4-4', [0, 1], [2]],
    ['p2-2:s0-1', [2], [3, 1]],
    ['p2-2:s2-3', [2], [0, 4]],
    ['p2-2:s4-4', [2], [2]],
  ]);
  const input = base(built);
  const whole = screenChunk(input);
  const parts = planScreeningChunks(1, built.map((e) => e.noradId), { secondariesPerChunk: 5 }).map((p) => screenChunk({ ...input, secondaries: p.secondaryIndices.map((i) => input.secondaries[i]!) }));
  assert.deepEqual(mergeChunkResults(parts.reverse()).approaches, whole.approaches);
  assert.deepEqual(mergeChunkResults(parts).counts, whole.counts);
});

test('the RTN volume test', () => {
  const e = { shape: 'ELLIPSOID', radialKm: 2, inTrackKm: 25, crossTrackKm: 10 } as const;
  assert.ok(insideVolume(e, 2, 0, 0) && insideVolume(e, 0, -25, 0) && insideVolume(e, 1, 12, 5));
  assert.ok(!insideVolume(e, 2.001, 0, 0) && !insideVolume(e, 1.5, 20, 0));
  assert.ok(insideVolume({ shape: 'SPHERE', radiusKm: 5 }, 3, 4, 0) && !insideVolume({ shape: 'SPHERE', radiusKm: 5 }, 3, 4, 0.01));
});

test('cosRange bounds cos over an arc (the path test)', () => {
  const out = new Float64Array(2);
  for (const c of [-4, -1, 0, 0.3, 2, 3.1, 5]) {
    for (const w of [0, 0.01, 0.5, 2, 4]) {
      cosRange(c, w, out);
      let lo = 1;
      let hi = -1;
      for (let k = 0; k <= 2000; k++) {
        const v = Math.cos(c - w + (2 * w * k) / 2000);
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      // tight to the scan's resolution: 2000 samples over 2w ≤ 8 rad miss an extremum of cos by at most (4e-3 / 2)² / 2 = 2e-6
      assert.ok(out[0]! <= lo + 1e-12 && out[1]! >= hi - 1e-12 && out[0]! >= lo - 1e-5 && out[1]! <= hi + 1e-5, `c ${c}, w ${w}`);
    }
  }
});

test('the orbit-path and phasing filter removes search time, never an approach (synthetic catalog, 2 days)', () => {
  const start = Epoch.parse('2023-02-15T00:00:00', 'UTC');
  const catalog2 = syntheticCatalog({ count: 1500, seed: 5, reference: start });
  const input: ScreeningChunkInput = {
    span: { startUtc: '2023-02-15T00:00:00Z', durationS: 2 * 86400 },
    volume: { shape: 'SPHERE', radiusKm: 30 },
    primaries: [catalog2[7]!, catalog2[11]!, catalog2[12]!].map((elements, i) => ({ id: `P${i}`, noradId: elements.noradId, trajectory: { kind: 'GP' as const, elements }, hardBodyRadiusM: 5 })),
    secondaries: catalog2.map((elements) => ({ elements })),
    options: { secondaryHardBodyRadiusM: 5 },
  };
  const filtered = screenChunk(input);
  const unfiltered = screenChunk({ ...input, options: { ...input.options, orbitPathFilter: false } });
  const key = (a: { primaryId: string; secondaryNoradId: number; tcaS: number }): string => `${a.primaryId}|${a.secondaryNoradId}|${a.tcaS.toFixed(3)}`;
  assert.ok(unfiltered.approaches.length > 5, `approaches to compare (${unfiltered.approaches.length})`);
  assert.deepEqual(filtered.approaches.map(key), unfiltered.approaches.map(key));
  assert.ok(filtered.counts.sieveEvaluations < unfiltered.counts.sieveEvaluations / 5);
  console.log(`# filter check: ${filtered.approaches.length} approaches either way; sieve evaluations ${filtered.counts.sieveEvaluations} vs ${unfiltered.counts.sieveEvaluations} without the filter`);
});

test('two objects that stay together (one object listed twice) are reported as an issue, within a bounded search', () => {
  const start = Epoch.parse('2023-02-15T00:00:00', 'UTC');
  const elements = syntheticCatalog({ count: 10, seed: 5, reference: start })[7]!;
  const result = screenChunk({
    span: { startUtc: '2023-02-15T00:00:00Z', durationS: 86400 },
    volume: { shape: 'SPHERE', radiusKm: 5 },
    primaries: [{ id: 'P', trajectory: { kind: 'GP', elements }, hardBodyRadiusM: 5 }],
    secondaries: [{ elements }],
    options: { secondaryHardBodyRadiusM: 5 },
  });
  assert.equal(result.approaches.length, 0);
  assert.equal(result.issues.length, 1);
  assert.equal(result.issues[0]!.code, 'PAIR_STAYS_CLOSE');
  assert.ok(result.issues[0]!.screenedUntilS! < 86400);
  assert.ok(result.counts.localEvaluations < 500_000, `${result.counts.localEvaluations} evaluations`);
});
