/**
 * Screening against Orekit 13.1: ../shared/reference/conjunction/screening/S1 (a LEO primary, 208 TLEs, 7 days,
 * every approach under 20 km Orekit finds). The folder is not marked redistributable: it is read in place and these
 * tests skip when it is absent (fresh clone); scenario.test.ts checks the same things on a scenario of our own.
 *
 * Tolerances (the reference README): every approach found and nothing else under 20 km; TCA within 2 ms; miss
 * distance and RTN components within 0.1 m (we use Orekit's TEME → GCRF chain: IAU-76/80 without EOP corrections,
 * frame bias); relative velocity within 0.05 m/s.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseOem } from '../../../../engine/files/oem/oemReader.ts';
import { readTleCatalog } from '../../../../engine/tle/catalog.ts';
import { ephemerisFromOem, mergeChunkResults, planScreeningChunks, screenChunk, screenWithGrid, type ScreeningApproach, type ScreeningChunkInput, type ScreeningVolume } from '../../../../engine/collision/screening/index.ts';
import { InterpolatedEarthEnvironment } from '../../../../engine/propagation/earthEnvironment.ts';
import { propagate } from '../../../../engine/propagation/propagator.ts';
import { DenseOutputTrajectory, oemTrajectory } from '../../../../engine/trajectories/index.ts';
import { Epoch } from '../../../../engine/time/epoch.ts';
import { bundledEopTable } from '../../../../earthData/files.ts';

const DIR = fileURLToPath(new URL('../../../../../shared/reference/conjunction/screening/S1/', import.meta.url));
const ABSENT = existsSync(DIR + 'approaches.json') ? false : '../shared/reference/conjunction/screening/S1 is not present (fresh clone): the Orekit screening reference is not redistributable';

interface RefApproach {
  secondary_id: number;
  t_from_start_s: number;
  miss_distance_m: number;
  relative_position_rtn_m: number[];
  relative_velocity_rtn_m_s: number[];
  relative_speed_m_s: number;
  primary_gcrf: { pos_km: number[] };
}

const SPAN = { startUtc: '2023-02-15T00:00:00Z', durationS: 7 * 86400 };
const SPHERE: ScreeningVolume = { shape: 'SPHERE', radiusKm: 20 };

function load() {
  const ref = JSON.parse(readFileSync(DIR + 'approaches.json', 'utf8')) as { approaches: RefApproach[]; must_find: { secondary_id: number }[] };
  const catalog = readTleCatalog(readFileSync(DIR + 'catalog.tle', 'utf8'));
  const oem = parseOem(readFileSync(DIR + 'primary.oem', 'utf8'));
  const primaryJson = JSON.parse(readFileSync(DIR + 'primary.json', 'utf8'));
  return { ref, catalog, oem, primaryJson };
}

function chunk(primaryTrajectory: ScreeningChunkInput['primaries'][number]['trajectory'], secondaries: ReturnType<typeof load>['catalog']['entries'], volume = SPHERE): ScreeningChunkInput {
  return {
    span: SPAN,
    volume,
    primaries: [{ id: 'S1', trajectory: primaryTrajectory, hardBodyRadiusM: 10 }],
    secondaries: secondaries.map((elements) => ({ elements })),
    options: { secondaryHardBodyRadiusM: 5 },
  };
}

interface Reached { tcaS: number; missM: number; rtnM: number; relVelMS: number }

function compare(found: readonly ScreeningApproach[], reference: readonly RefApproach[]): Reached {
  assert.deepEqual(found.map((a) => a.secondaryNoradId), reference.map((r) => r.secondary_id), 'the same approaches, in TCA order');
  const reached: Reached = { tcaS: 0, missM: 0, rtnM: 0, relVelMS: 0 };
  found.forEach((a, i) => {
    const r = reference[i]!;
    reached.tcaS = Math.max(reached.tcaS, Math.abs(a.tcaS - r.t_from_start_s));
    reached.missM = Math.max(reached.missM, Math.abs(a.missDistanceM - r.miss_distance_m));
    for (let k = 0; k < 3; k++) {
      reached.rtnM = Math.max(reached.rtnM, Math.abs(a.relativePositionRtnM[k]! - r.relative_position_rtn_m[k]!));
      reached.relVelMS = Math.max(reached.relVelMS, Math.abs(a.relativeVelocityRtnMS[k]! - r.relative_velocity_rtn_m_s[k]!));
    }
  });
  return reached;
}

const format = (r: Reached): string => `TCA ${(r.tcaS * 1e3).toExponential(2)} ms, miss ${r.missM.toExponential(2)} m, RTN ${r.rtnM.toExponential(2)} m, relative velocity ${r.relVelMS.toExponential(2)} m/s`;

test('S1 from the primary OEM: the eight approaches under 20 km and nothing else, within the reference tolerances', { skip: ABSENT }, () => {
  const { ref, catalog, oem } = load();
  assert.equal(catalog.entries.length, 208);
  const result = screenChunk(chunk(ephemerisFromOem(oem), catalog.entries));
  const reached = compare(result.approaches, ref.approaches);
  for (const m of ref.must_find) assert.ok(result.approaches.some((a) => a.secondaryNoradId === m.secondary_id), `must find ${m.secondary_id}`);
  assert.ok(reached.tcaS <= 2e-3, `TCA within 2 ms (${reached.tcaS} s)`);
  assert.ok(reached.missM <= 0.1 && reached.rtnM <= 0.1, `miss and RTN within 0.1 m (${reached.missM}, ${reached.rtnM} m)`);
  assert.ok(reached.relVelMS <= 0.05, `relative velocity within 0.05 m/s (${reached.relVelMS})`);
  assert.deepEqual(result.issues, []);
  for (const a of result.approaches) {
    assert.equal(a.pc?.method, 'ALFRIEND_1999_MAX');
    assert.ok(a.pc!.isMaximumProbability);
    assert.equal(a.flags[0]!.code, 'MAXIMUM_PROBABILITY_NO_COVARIANCE');
    const expected = Math.min(1, (15 * 15) / (Math.E * a.missDistanceM * a.missDistanceM));
    assert.ok(Math.abs(a.pc!.value - expected) <= 1e-6 * expected, `Pc_max = R²/(e·miss²): ${a.pc!.value} vs ${expected}`);
  }
  console.log(`# S1 from the OEM: ${format(reached)}; counts ${JSON.stringify(result.counts)}`);
});

test('S1 through the catalog-scale grid sieve (screenWithGrid, PRIMARIES): the same eight approaches within the reference tolerances', { skip: ABSENT }, () => {
  const { ref, catalog, oem } = load();
  const result = screenWithGrid({ ...chunk(ephemerisFromOem(oem), catalog.entries), mode: 'PRIMARIES' });
  const reached = compare(result.approaches, ref.approaches);
  for (const m of ref.must_find) assert.ok(result.approaches.some((a) => a.secondaryNoradId === m.secondary_id), `must find ${m.secondary_id}`);
  assert.ok(reached.tcaS <= 2e-3, `TCA within 2 ms (${reached.tcaS} s)`);
  assert.ok(reached.missM <= 0.1 && reached.rtnM <= 0.1, `miss and RTN within 0.1 m (${reached.missM}, ${reached.rtnM} m)`);
  assert.ok(reached.relVelMS <= 0.05, `relative velocity within 0.05 m/s (${reached.relVelMS})`);
  console.log(`# S1 through the grid sieve: ${format(reached)}; sieve ${JSON.stringify(result.sieve)}`);
});

test('S1 with our own propagation of primary.json: the same approaches within the difference of the trajectories', { skip: ABSENT }, () => {
  const { ref, catalog, oem, primaryJson } = load();
  const epoch = Epoch.parse('2023-02-15T00:00:00', 'UTC');
  const environment = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS: SPAN.durationS, eop: bundledEopTable() });
  const run = propagate({
    positionKm: primaryJson.initial_state_gcrf.pos_km,
    velocityKmS: primaryJson.initial_state_gcrf.vel_km_s,
    spacecraft: { massKg: primaryJson.mass_kg, dragAreaM2: primaryJson.area_m2, dragCoefficient: primaryJson.cd, srpAreaM2: primaryJson.area_m2, reflectivityCoefficient: primaryJson.cr },
    forceModel: { gravityDegree: 20, gravityOrder: 20, atmosphere: 'HARRIS_PRIESTER', solarRadiationPressure: true, thirdBodies: ['SUN', 'MOON'] },
    outputTimesS: [SPAN.durationS],
    environment,
    denseOutput: true,
  });
  // the difference of the two trajectories, over the span and at each TCA
  const ours = new DenseOutputTrajectory(run.denseOutput!, epoch);
  const reference = oemTrajectory(oem, epoch);
  const a = new Float64Array(6);
  const b = new Float64Array(6);
  const distanceM = (t: number): number => {
    ours.stateAt(t, a);
    reference.stateAt(t, b);
    return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) * 1000;
  };
  let worstM = 0;
  for (let t = 0; t <= SPAN.durationS; t += 300) worstM = Math.max(worstM, distanceM(t));
  const result = screenChunk(chunk({ kind: 'DENSE_OUTPUT', epochUtc: SPAN.startUtc, denseOutput: run.denseOutput! }, catalog.entries));
  assert.deepEqual(result.approaches.map((x) => x.secondaryNoradId), ref.approaches.map((r) => r.secondary_id));
  let worstTcaShare = 0;
  let worstMissShare = 0;
  const lines: string[] = [];
  result.approaches.forEach((x, i) => {
    const r = ref.approaches[i]!;
    const d = distanceM(r.t_from_start_s);
    // allowed: the reference tolerances plus what a primary moved by d can change (d in position; d/v_rel in time)
    const tcaAllowed = 2e-3 + d / r.relative_speed_m_s;
    const missAllowed = 0.5 + d;
    const dt = Math.abs(x.tcaS - r.t_from_start_s);
    const dm = Math.max(Math.abs(x.missDistanceM - r.miss_distance_m), ...x.relativePositionRtnM.map((v, k) => Math.abs(v - r.relative_position_rtn_m[k]!)));
    worstTcaShare = Math.max(worstTcaShare, dt / tcaAllowed);
    worstMissShare = Math.max(worstMissShare, dm / missAllowed);
    lines.push(`${r.secondary_id}: primary ${d.toFixed(3)} m apart, TCA ${(dt * 1e3).toFixed(3)} ms, miss/RTN ${dm.toFixed(3)} m`);
  });
  console.log(`# S1 own propagation: trajectories within ${worstM.toFixed(3)} m over 7 days; ${lines.join('; ')}`);
  assert.ok(worstTcaShare <= 1 && worstMissShare <= 1, `within the tolerance plus the trajectory difference (shares ${worstTcaShare}, ${worstMissShare})`);
});

test('S1 with an RTN ellipsoid keeps exactly the reference approaches whose RTN position lies inside', { skip: ABSENT }, () => {
  const { ref, catalog, oem } = load();
  const volume: ScreeningVolume = { shape: 'ELLIPSOID', radialKm: 1, inTrackKm: 10, crossTrackKm: 10 };
  const inside = ref.approaches.filter((r) => {
    const [x, y, z] = r.relative_position_rtn_m.map((v) => v / 1000) as [number, number, number];
    return (x / 1) ** 2 + (y / 10) ** 2 + (z / 10) ** 2 <= 1;
  });
  assert.ok(inside.length >= 3 && inside.length < ref.approaches.length);
  const result = screenChunk(chunk(ephemerisFromOem(oem), catalog.entries, volume));
  compare(result.approaches, inside);
});

test('S1 split into chunks (3 catalog partitions, any order) merges into the one-chunk result', { skip: ABSENT }, () => {
  const { catalog, oem } = load();
  const whole = screenChunk(chunk(ephemerisFromOem(oem), catalog.entries));
  const shuffled = [...catalog.entries].reverse();
  const plans = planScreeningChunks(1, shuffled.map((e) => e.noradId), { secondariesPerChunk: 70 });
  assert.equal(plans.length, 3);
  const trajectory = ephemerisFromOem(oem);
  const parts = plans.reverse().map((p) => screenChunk(chunk(trajectory, p.secondaryIndices.map((i) => shuffled[i]!))));
  const merged = mergeChunkResults(parts);
  assert.deepEqual(merged.approaches, whole.approaches);
  assert.deepEqual(merged.counts, whole.counts);
});
