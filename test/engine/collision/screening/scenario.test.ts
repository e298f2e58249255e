/**
 * Screening on a scenario of our own (test/fixtures/conjunction/screening/D1, runs on a fresh clone): a primary TLE
 * and 60 TLEs (16 built to pass close, from 25 m/s to 15 km/s, 44 background), 3 days, screened with Orekit 13.1 by
 * tools/ScreeningReference.java in the way of the S1 reference (approaches_orekit.json: every distance minimum
 * under 25 km). Checked:
 *  - every Orekit minimum under the volume is found and nothing else (sphere 25 km and 20 km, an RTN ellipsoid),
 *    TCA within 1 ms, miss distance and RTN within 0.1 m, relative velocity within 0.05 m/s;
 *  - a brute-force search of our own (every pair, distance sampled every second, local minima refined) finds no
 *    minimum under 25 km that the screening does not report;
 *  - the primary given as a 30 s ephemeris of its SGP4 states (the EPHEMERIS path) gives the same approaches.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readTleCatalog } from '../../../../engine/tle/catalog.ts';
import { sampledEphemeris, screenChunk, type ScreeningApproach, type ScreeningChunkInput, type ScreeningVolume, type PrimaryTrajectoryInput } from '../../../../engine/collision/screening/index.ts';
import { gpTrajectory, temeTable } from '../../../../engine/collision/screening/objects.ts';
import { Epoch } from '../../../../engine/time/epoch.ts';
import type { GpElementSet } from '../../../../engine/tle/gpElements.ts';

const DIR = new URL('../../../fixtures/conjunction/screening/D1/', import.meta.url);
const read = (name: string): string => readFileSync(new URL(name, DIR), 'utf8');

interface RefApproach { secondary_id: number; t_from_start_s: number; miss_distance_m: number; relative_position_rtn_m: number[]; relative_velocity_rtn_m_s: number[]; relative_speed_m_s: number }
const reference = JSON.parse(read('approaches_orekit.json')) as { approaches: RefApproach[] };
const primary = readTleCatalog(read('primary.tle')).entries[0]!;
const catalog = readTleCatalog(read('catalog.tle')).entries;
const SPAN = { startUtc: '2023-03-10T00:00:00Z', durationS: 3 * 86400 };

function input(volume: ScreeningVolume, trajectory: PrimaryTrajectoryInput = { kind: 'GP', elements: primary }, secondaries: GpElementSet[] = catalog): ScreeningChunkInput {
  return {
    span: SPAN,
    volume,
    primaries: [{ id: 'D1', trajectory, hardBodyRadiusM: 5, covariance: { rtnM2: [2500, 0, 0, 0, 40000, 0, 0, 0, 900] } }],
    secondaries: secondaries.map((elements) => ({ elements, covariance: { rtnM2: [10000, 0, 0, 0, 250000, 0, 0, 0, 3600] } })),
    options: { secondaryHardBodyRadiusM: 5 },
  };
}

/**
 * `velocityErrorMS`: a velocity difference of the primary (not an error of the search) moves the TCA, the root of
 * Δr·Δv, by up to miss·δv/v_rel² — seconds for the slow encounters: added to the TCA tolerance per approach.
 */
function compare(found: readonly ScreeningApproach[], expected: readonly RefApproach[], tolerance = { tcaS: 1e-3, m: 0.1, ms: 0.05, velocityErrorMS: 0 }): string {
  assert.deepEqual(found.map((a) => `${a.secondaryNoradId}@${Math.round(a.tcaS)}`), expected.map((r) => `${r.secondary_id}@${Math.round(r.t_from_start_s)}`));
  let dt = 0;
  let dm = 0;
  let dv = 0;
  found.forEach((a, i) => {
    const r = expected[i]!;
    const extraS = (r.miss_distance_m * tolerance.velocityErrorMS) / (r.relative_speed_m_s * r.relative_speed_m_s);
    dt = Math.max(dt, (Math.abs(a.tcaS - r.t_from_start_s) * tolerance.tcaS) / (tolerance.tcaS + extraS));
    // a TCA moved by δt moves the relative position by v_rel·δt along the relative velocity (not the miss distance)
    const rtnAllowed = tolerance.m + r.relative_speed_m_s * extraS;
    dm = Math.max(dm, Math.abs(a.missDistanceM - r.miss_distance_m), ...a.relativePositionRtnM.map((x, k) => (Math.abs(x - r.relative_position_rtn_m[k]!) * tolerance.m) / rtnAllowed));
    dv = Math.max(dv, ...a.relativeVelocityRtnMS.map((x, k) => Math.abs(x - r.relative_velocity_rtn_m_s[k]!)));
  });
  assert.ok(dt <= tolerance.tcaS, `TCA within ${tolerance.tcaS} s${tolerance.velocityErrorMS > 0 ? ' + miss·δv/v²' : ''} (${dt})`);
  assert.ok(dm <= tolerance.m, `miss and RTN within ${tolerance.m} m (${dm})`);
  assert.ok(dv <= tolerance.ms, `relative velocity within ${tolerance.ms} m/s (${dv})`);
  return `TCA ${(dt * 1e3).toExponential(2)} ms${tolerance.velocityErrorMS > 0 ? ' (TCA and RTN scaled for the slow encounters)' : ''}, miss/RTN ${dm.toExponential(2)} m, relative velocity ${dv.toExponential(2)} m/s`;
}

test('D1: every Orekit minimum inside the volume and nothing else, TCA ≤ 1 ms, miss/RTN ≤ 0.1 m', () => {
  assert.equal(catalog.length, 60);
  const sphere25 = screenChunk(input({ shape: 'SPHERE', radiusKm: 25 }));
  const reached = compare(sphere25.approaches, reference.approaches);
  const sphere20 = screenChunk(input({ shape: 'SPHERE', radiusKm: 20 }));
  compare(sphere20.approaches, reference.approaches.filter((r) => r.miss_distance_m <= 20000));
  const ellipsoid: ScreeningVolume = { shape: 'ELLIPSOID', radialKm: 2, inTrackKm: 25, crossTrackKm: 10 };
  const inEllipsoid = reference.approaches.filter((r) => {
    const [x, y, z] = r.relative_position_rtn_m.map((v) => v / 1000) as [number, number, number];
    return (x / 2) ** 2 + (y / 25) ** 2 + (z / 10) ** 2 <= 1;
  });
  assert.ok(inEllipsoid.length > 2 && inEllipsoid.length < reference.approaches.length);
  compare(screenChunk(input(ellipsoid)).approaches, inEllipsoid);
  // both covariances given: the exact Pc (LAAS_2015), not flagged as a maximum probability
  for (const a of sphere25.approaches) {
    assert.equal(a.pc?.method, 'LAAS_2015');
    assert.equal(a.pc?.isMaximumProbability, false);
    assert.ok(a.mahalanobisDistance !== null);
    assert.ok(!a.flags.some((f) => f.code.startsWith('MAXIMUM_PROBABILITY')));
  }
  console.log(`# D1 against Orekit (${reference.approaches.length} minima under 25 km, 26–15100 m/s): ${reached}; counts ${JSON.stringify(sphere25.counts)}`);
});

test('D1: a brute-force 1-s search finds no minimum under 25 km that the screening misses', () => {
  const result = screenChunk(input({ shape: 'SPHERE', radiusKm: 25 }));
  const start = Epoch.parse('2023-03-10T00:00:00', 'UTC');
  const table = temeTable(start, SPAN.durationS);
  const p = gpTrajectory(primary, table);
  assert.ok('trajectory' in p);
  const steps = SPAN.durationS;
  const primaryStates = new Float64Array(3 * (steps + 1));
  const s = new Float64Array(6);
  for (let k = 0; k <= steps; k++) {
    p.trajectory.stateAt(k, s);
    primaryStates.set(s.subarray(0, 3), 3 * k);
  }
  const missed: string[] = [];
  let minima = 0;
  for (const elements of catalog) {
    const built = gpTrajectory(elements, table);
    assert.ok('trajectory' in built);
    let d0 = Number.POSITIVE_INFINITY;
    let d1 = Number.POSITIVE_INFINITY;
    for (let k = 0; k <= steps; k++) {
      built.trajectory.stateAt(k, s);
      const d = Math.hypot(s[0]! - primaryStates[3 * k]!, s[1]! - primaryStates[3 * k + 1]!, s[2]! - primaryStates[3 * k + 2]!);
      if (k >= 2 && d1 <= d0 && d1 < d && d1 < 25) {
        minima++;
        // a sampled minimum under 25 km: the screening must report an approach within a second of it
        if (!result.approaches.some((a) => a.secondaryNoradId === elements.noradId && Math.abs(a.tcaS - (k - 1)) <= 1)) missed.push(`${elements.noradId} near ${k - 1} s at ${d1.toFixed(3)} km`);
      }
      d0 = d1;
      d1 = d;
    }
  }
  assert.deepEqual(missed, []);
  assert.ok(minima >= reference.approaches.length - 2, `the brute force sees the approaches too (${minima})`);
  console.log(`# D1 brute force (1-s samples, every pair): ${minima} sampled minima under 25 km, all reported by the screening`);
});

test('D1 with the primary as a 30 s ephemeris (EPHEMERIS path) gives the same approaches', () => {
  const start = Epoch.parse('2023-03-10T00:00:00', 'UTC');
  const table = temeTable(start, SPAN.durationS);
  const p = gpTrajectory(primary, table);
  assert.ok('trajectory' in p);
  const result = screenChunk(input({ shape: 'SPHERE', radiusKm: 25 }, sampledEphemeris(p.trajectory, SPAN.startUtc, SPAN.durationS, 30)));
  // Hermite interpolation of SGP4 states (whose velocity is not exactly the derivative of the position) moves the
  // primary by centimetres and its velocity by up to 0.1 m/s: looser tolerances, TCA scaled for the slow encounters
  const reached = compare(result.approaches, reference.approaches, { tcaS: 1e-3, m: 0.5, ms: 0.1, velocityErrorMS: 0.1 });
  console.log(`# D1, primary as a 30 s ephemeris: ${reached}`);
});
