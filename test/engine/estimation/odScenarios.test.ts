/**
 * Batch least squares against Orekit 13.1's BatchLSEstimator on the OD references: V1 (LEO,
 * range + range rate), V2 (LEO, az/el), V3 (HEO 700 × 25,000 km, range + range rate + az/el, 48 h) and its outlier
 * variant, each from the stated a priori (1118 m, 1 m/s off) with the default settings (Levenberg–Marquardt, 3σ
 * editor, dP 1e-4 m), solved for the start, the middle and the end of the span — 12 fits. At each solution epoch t:
 *   - position error vs the truth ≤ 1.5 × Orekit's + 1 m, velocity error ≤ 1.5 × Orekit's + 1 mm/s — Orekit's error at
 *     the OD epoch, elsewhere the largest over the span of its estimate propagated by Orekit (`error_vs_truth`; Orekit's
 *     estimate propagated by us is no measure there: on V1 its energy is 7 mm in semi-major axis off the truth's, a
 *     drift of 0.9 m a day, where Orekit's own propagation of it stays within 0.069 m — the reference README's "only
 *     consistent to ~mm" direction);
 *   - evaluations ≤ Orekit's + 3; normalized RMS in 0.8–1.2;
 *   - the truth within 3σ of our covariance on every GCRF axis (position and velocity);
 *   - RSS σ of position and of velocity within ±20 % of Orekit's (its covariance mapped to t with Φ of that propagation);
 *   - the same orbit whatever the solution epoch: the middle and end solutions are the start solution propagated, to
 *     0.01 σ on every axis.
 * Reached (2026-11-25, also in the README): V1 0.061 / 0.053 / 0.059 m (Orekit 0.055 m at the start), V2 4.71 / 40.8 /
 * 16.2 m (4.71 m), V3 0.90 / 1.33 / 0.43 m (0.73 m), V3-outliers 0.86 / 1.21 / 0.37 m (0.77 m); 6, 6, 8 and 9 evaluations
 * (Orekit 6, 6, 18, 17); truth within 2.1σ per axis; RSS σ within 0.1 % of Orekit's. The synthetic gross-error variants
 * of V1 and V2 (solved for the end of the span) and the poor a priori (5 km radial, 5 m/s along-track: Gauss–Newton
 * diverges on V1 and V3, Levenberg–Marquardt with arc extension converges on all three) follow. V3 needs
 * ../shared/reference/od/V3 (not redistributable here) and is skipped, with the reason, without it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateOrbit, OD_POSITION_TOLERANCE_M } from '../../../engine/estimation/leastSquares/batchLeastSquares.ts';
import type { EstimationInput, EstimationResult, Optimizer } from '../../../engine/estimation/common/types.ts';
import type { MeasurementInput } from '../../../engine/measurements/types.ts';
import { propagateStoredState } from '../../../engine/propagation/storedState.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { bundledEarthData } from '../../../earthData/files.ts';
import { loadMeasurements, loadOdCase, type OdCase, type OdCaseId } from '../measurements/odReference.ts';
import { caseKey, loadModelCases, SHARED_OD } from '../measurements/orekitModelCases.ts';
import { assertSymmetricPositiveDefinite } from './helpers.ts';
import { seededRandom } from '../../helpers/random.ts';

const SIGMA = { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 };
const earth = bundledEarthData();
const cases = new Map<OdCaseId, OdCase | null>();
const caseOf = (id: OdCaseId): OdCase | null => {
  if (!cases.has(id)) cases.set(id, loadOdCase(id, SHARED_OD));
  return cases.get(id)!;
};
const skipReason = (id: OdCaseId): string | false =>
  caseOf(id) === null ? `needs ${SHARED_OD}V3 (the V3 reference files are not redistributable, so not in test/fixtures)` : false;

function fit(c: OdCase, options: Partial<EstimationInput> = {}, measurements: MeasurementInput[] = c.measurements): EstimationResult {
  return estimateOrbit({ apriori: c.apriori, solveFor: {}, stations: c.stations.map((s) => ({ ...s, sigma: SIGMA })), measurements, ...options }, earth);
}

/** Orekit's covariance (km, km/s) at t seconds from the OD epoch: mapped with Φ along its estimate (our propagator). */
function orekitCovarianceAt(c: OdCase, tS: number): Float64Array {
  const o = c.orekit;
  const p0 = new Float64Array(36);
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) p0[6 * i + j] = o.covariance[i]![j]! * 1e-6;
  if (tS === 0) return p0;
  const input = { ...c.apriori, state: { ...c.apriori.state, positionKm: o.state.pos_km, velocityKmS: o.state.vel_km_s }, integrator: { positionToleranceM: 1e-6 } };
  const prop = propagateStoredState(input, Float64Array.of(tS), earth, undefined, {
    stm: true,
    partials: 'SEMI_ANALYTIC',
  });
  const phi = prop.result.stm!;
  const mapped = new Float64Array(36);
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      let s = 0;
      for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) s += phi[6 * i + a]! * p0[6 * a + b]! * phi[6 * j + b]!;
      mapped[6 * i + j] = s;
    }
  }
  return mapped;
}

const rss3 = (x: ArrayLike<number>, offset: number): number => Math.hypot(x[offset]!, x[offset + 1]!, x[offset + 2]!);

/** The "Done when" figures of `res` solved for t seconds from the OD epoch; returns the error vector (m, m/s). */
function checkAgainstOrekit(c: OdCase, res: EstimationResult, tS: number, label: string, t: { diagnostic(s: string): void }): number[] {
  assert.equal(res.converged, true, res.failureReason ?? '');
  assert.equal(Epoch.parse(res.epochUtc, 'UTC').secondsSince(Epoch.parse(c.odEpochUtc, 'UTC')), tS);
  const truth = c.truthAt(tS);
  const est = [...res.positionKm, ...res.velocityKmS];
  const err = est.map((x, i) => (x - truth[i]!) * 1000);
  const orekitCovariance = orekitCovarianceAt(c, tS);
  const orekitPos = tS === 0 ? c.orekit.positionErrorM : c.orekit.positionErrorOverArcM;
  const orekitVel = tS === 0 ? c.orekit.velocityErrorMS : c.orekit.velocityErrorOverArcMS;
  const pos = rss3(err, 0);
  const vel = rss3(err, 3);
  const rms = res.iterations.at(-1)!.weightedRms;
  const n = res.parameterNames.length;
  assertSymmetricPositiveDefinite(res.covariance, n);
  const sigma = [0, 1, 2, 3, 4, 5].map((i) => Math.sqrt(res.covariance[i * n + i]!) * 1000);
  const orekitSigma = [0, 1, 2, 3, 4, 5].map((i) => Math.sqrt(orekitCovariance[6 * i + i]!) * 1000);
  const z = err.map((e, i) => e / sigma[i]!);
  const rssRatio = rss3(sigma, 0) / rss3(orekitSigma, 0);
  const rssVelocityRatio = rss3(sigma, 3) / rss3(orekitSigma, 3);
  t.diagnostic(
    `${label}: |Δr| ${pos.toFixed(3)} m (Orekit ${orekitPos.toFixed(3)} m${tS === 0 ? '' : ' over the span'}), |Δv| ${(vel * 1000).toFixed(3)} mm/s (Orekit ${(orekitVel * 1000).toFixed(3)}); ` +
      `${res.iterations.length} evaluations (Orekit ${c.orekit.iterations}), RMS ${rms.toFixed(4)}, rejected ${res.residuals.filter((r) => r.rejected).length} (Orekit ${c.orekit.rejected}); ` +
      `error/σ ${z.map((x) => x.toFixed(2)).join(' ')}; RSS σ ${rss3(sigma, 0).toFixed(4)} m (Orekit ${rss3(orekitSigma, 0).toFixed(4)}, ${((rssRatio - 1) * 100).toFixed(2)} %), ` +
      `${(rss3(sigma, 3) * 1000).toFixed(4)} mm/s (${((rssVelocityRatio - 1) * 100).toFixed(2)} %)`,
  );
  assert.ok(pos <= 1.5 * orekitPos + 1, `position error ${pos} m > 1.5 × ${orekitPos} + 1 m`);
  assert.ok(vel <= 1.5 * orekitVel + 1e-3, `velocity error ${vel} m/s > 1.5 × ${orekitVel} + 1e-3 m/s`);
  assert.ok(res.iterations.length <= c.orekit.iterations + 3, `${res.iterations.length} evaluations (Orekit ${c.orekit.iterations})`);
  assert.ok(rms > 0.8 && rms < 1.2, `normalized RMS ${rms}`);
  z.forEach((x, i) => assert.ok(Math.abs(x) < 3, `${res.parameterNames[i]}: the truth is ${x.toFixed(2)}σ away`));
  assert.ok(Math.abs(rssRatio - 1) <= 0.2, `RSS position σ ${rss3(sigma, 0)} m vs Orekit ${rss3(orekitSigma, 0)} m`);
  assert.ok(Math.abs(rssVelocityRatio - 1) <= 0.2, `RSS velocity σ ${rss3(sigma, 3)} m/s vs Orekit ${rss3(orekitSigma, 3)} m/s`);
  return err;
}

/** Solution at the start of the span, per case: the later epochs must be this orbit. */
const startSolutions = new Map<OdCaseId, EstimationResult>();

const EPOCHS = [
  ['start', 0],
  ['middle', 0.5],
  ['end', 1],
] as const;

for (const id of ['V1', 'V2', 'V3', 'V3-outliers'] as OdCaseId[]) {
  for (const [where, fraction] of EPOCHS) {
    test(`${id}, solution epoch at the ${where} of the span: error ≤ 1.5 × Orekit's + 1 m / + 1 mm/s, evaluations ≤ Orekit's + 3, truth within 3σ per axis, RSS σ within ±20 % of Orekit's`, { skip: skipReason(id) }, (t) => {
      const c = caseOf(id)!;
      const tS = fraction * c.spanS;
      const epoch = Epoch.parse(c.odEpochUtc, 'UTC').plusSeconds(tS).toIsoString(3);
      const res = fit(c, tS === 0 ? {} : { solutionEpochUtc: epoch });
      checkAgainstOrekit(c, res, tS, `${id} @ ${where}`, t);
      assert.equal(res.optimizer, 'LEVENBERG_MARQUARDT');
      assert.equal(res.fitEpochUtc.slice(0, 19), c.odEpochUtc.slice(0, 19), 'iterated at the a priori epoch');
      if (tS === 0) {
        // the same minimum as Orekit's: within a fraction of its σ on every axis
        const n = res.parameterNames.length;
        const o = [...c.orekit.state.pos_km, ...c.orekit.state.vel_km_s];
        const fromOrekit = [...res.positionKm, ...res.velocityKmS].map((x, i) => Math.abs(x - o[i]!) / Math.sqrt(res.covariance[i * n + i]!));
        t.diagnostic(`${id}: |ours − Orekit's estimate| / σ per axis ${fromOrekit.map((x) => x.toFixed(2)).join(' ')}`);
        fromOrekit.forEach((x, i) => assert.ok(x < 1, `${res.parameterNames[i]}: ${x}σ from Orekit's estimate`));
        startSolutions.set(id, res);
        return;
      }
      // the same orbit: the start solution propagated to t (the fit's own propagation settings)
      const start = startSolutions.get(id);
      if (!start) {
        t.diagnostic('the start-of-span fit did not run: no comparison');
        return;
      }
      const mapped = propagateStoredState(
        { ...c.apriori, state: { ...c.apriori.state, positionKm: start.positionKm, velocityKmS: start.velocityKmS }, integrator: { positionToleranceM: OD_POSITION_TOLERANCE_M } },
        Float64Array.of(tS),
        earth,
      ).result.statesKm;
      const n = res.parameterNames.length;
      const est = [...res.positionKm, ...res.velocityKmS];
      const ratios = est.map((x, i) => Math.abs(x - mapped[i]!) / Math.sqrt(res.covariance[i * n + i]!));
      t.diagnostic(`${id} @ ${where}: |solution − start solution propagated| / σ ≤ ${Math.max(...ratios).toExponential(2)}`);
      ratios.forEach((r, i) => assert.ok(r < 0.01, `${res.parameterNames[i]}: ${r}σ from the start solution propagated`));
      assert.equal(res.iterations.length, start.iterations.length);
    });
  }
}

test('V3-outliers: every injected gross range error (+3 km) is rejected, and nothing else but a handful', { skip: skipReason('V3-outliers') }, (t) => {
  const c = caseOf('V3-outliers')!;
  const noiseFree = loadModelCases('V3').noiseFree;
  const injected = new Set(
    c.measurements.filter((m) => m.kind === 'RANGE' && Math.abs(m.observed[0]! - noiseFree.get(caseKey(m.kind, m.stationId!, m.epochUtc))![0]!) > 1).map((m) => m.id),
  );
  const res = startSolutions.get('V3-outliers') ?? fit(c);
  const rejected = res.residuals.filter((r) => r.rejected);
  t.diagnostic(`injected ${injected.size}; rejected ${rejected.length} (Orekit ${c.orekit.rejected}: it also rejects 5 az/el pairs on a single 3σ component, we test a pair by the RMS of its two)`);
  assert.ok(injected.size >= 20);
  for (const id of injected) assert.ok(rejected.some((r) => r.id === id), `${id} not rejected`);
  assert.ok(rejected.length <= c.orekit.rejected, `${rejected.length} rejected`);
});

for (const id of ['V1', 'V2'] as const) {
  test(`${id} with synthetic gross errors, solved for the end of the span: all rejected by the editor, the same bounds hold`, (t) => {
    const c = caseOf(id)!;
    const { measurements } = loadMeasurements(id);
    const random = seededRandom(id === 'V1' ? 1301 : 1302);
    const corrupted = new Map<string, MeasurementInput>();
    const pool = id === 'V1' ? measurements.filter((m) => m.kind === 'RANGE') : measurements;
    const count = Math.ceil(0.02 * pool.length) * 2;
    while (corrupted.size < count) {
      const m = pool[Math.floor(random() * pool.length)]!;
      if (corrupted.has(m.id)) continue;
      const first = corrupted.size < count / 2;
      // V1: +3 km / −2 km in range; V2: +0.5° in azimuth / −0.3° in elevation
      const observed = id === 'V1' ? [m.observed[0]! + (first ? 3 : -2)] : first ? [m.observed[0]! + 0.5, m.observed[1]!] : [m.observed[0]!, m.observed[1]! - 0.3];
      corrupted.set(m.id, { ...m, observed });
    }
    const data = measurements.map((m) => corrupted.get(m.id) ?? m);
    const res = fit(c, { solutionEpochUtc: '2023-02-11T00:00:00.000Z' }, data);
    checkAgainstOrekit(c, res, 86400, `${id} + gross errors @ end`, t);
    const rejected = new Set(res.residuals.filter((r) => r.rejected).map((r) => r.id));
    for (const m of corrupted.keys()) assert.ok(rejected.has(m), `${m} not rejected`);
    assert.ok(rejected.size <= corrupted.size + 2, `${rejected.size} rejected for ${corrupted.size} injected`);
    for (const r of res.residuals.filter((x) => x.rejected)) assert.equal(r.rejectionReason, 'EDITOR');
    t.diagnostic(`rejected ${rejected.size} (${corrupted.size} injected)`);
  });
}

/** The a priori 5 km off radially and 5 m/s along-track (the truth's RSW axes): the hardest direction measured. */
function poorApriori(c: OdCase): EstimationInput['apriori'] {
  const r = c.truthState.pos_km;
  const v = c.truthState.vel_km_s;
  const unit = (a: number[]) => a.map((x) => x / Math.hypot(a[0]!, a[1]!, a[2]!));
  const cross = (a: number[], b: number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
  const radial = unit(r);
  const normal = unit(cross(r, v));
  const along = cross(normal, radial);
  return {
    ...c.apriori,
    state: { ...c.apriori.state, positionKm: r.map((x, i) => x + 5 * radial[i]!), velocityKmS: v.map((x, i) => x + 0.005 * along[i]!) },
  };
}

for (const [id, gaussNewtonDiverges] of [
  ['V1', true],
  ['V2', false],
  ['V3', true],
] as const) {
  test(`${id} from a poor a priori (5 km radial, 5 m/s along-track): Levenberg–Marquardt with arc extension converges to the same bounds${gaussNewtonDiverges ? '; Gauss–Newton diverges' : ''}`, { skip: skipReason(id) }, (t) => {
    const c = caseOf(id)!;
    const apriori = poorApriori(c);
    const res = fit(c, { apriori });
    assert.equal(res.converged, true, res.failureReason ?? '');
    const truth = c.truthAt(0);
    const pos = Math.hypot(res.positionKm[0] - truth[0]!, res.positionKm[1] - truth[1]!, res.positionKm[2] - truth[2]!) * 1000;
    const arcs = res.iterations.filter((x) => x.arcSeconds !== null);
    t.diagnostic(
      `${id}: ${res.iterations.length} evaluations (${arcs.length} on arcs of ±${[...new Set(arcs.map((x) => (x.arcSeconds! / 3600).toFixed(1)))].join(', ±')} h, ` +
        `${res.iterations.filter((x) => !x.accepted).length} points rejected, largest damping ${Math.max(...res.iterations.map((x) => x.damping ?? 0)).toPrecision(3)}); ` +
        `|Δr| ${pos.toFixed(3)} m (Orekit from its 1 km a priori ${c.orekit.positionErrorM.toFixed(3)} m)`,
    );
    assert.ok(pos <= 1.5 * c.orekit.positionErrorM + 1, `${pos} m`);
    assert.ok(res.iterations.length <= 50, `${res.iterations.length} evaluations`);
    if (!gaussNewtonDiverges) return;
    const gn = fit(c, { apriori, optimizer: 'GAUSS_NEWTON' as Optimizer });
    assert.equal(gn.converged, false);
    assert.match(gn.failureReason!, /diverging|decays/);
    t.diagnostic(`${id} Gauss–Newton: ${gn.failureReason}`);
  });
}
