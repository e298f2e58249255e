/**
 * The avoidance pictures (domain/plots/avoidanceSvg.ts) from a real plan (engine/avoidance planAvoidance on the LEO
 * encounter of the avoidance tests, two-body for speed) as the service stores it (AvoidancePlanResultView, each
 * candidate with its post-burn encounter plane from postBurnEncounterPlane, as planning.ts keeps it): the trade space has a curve per lead time with a point per
 * size at the smallest Pc over the directions, on a logarithmic Pc axis that the target line, the re-propagated
 * candidates and the recommended mark share; the encounter planes before and after the recommended burn are at one
 * scale, the miss vectors as long as the miss distances; both render in headless Chromium (skipped visibly without a
 * browser).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AVOIDANCE_COLOURS, avoidanceEncounterPlanes, avoidanceEncounterSvg, avoidanceTradeSpaceSvg, recommendedCandidate, tradeSpaceCurves } from '../../../domain/plots/avoidanceSvg.ts';
import { postBurnEncounterPlane } from '../../../domain/avoidance/encounterPlane.ts';
import type { AvoidancePlanResultView, OutcomeView, PlanCandidateView } from '../../../domain/avoidance/model.ts';
import { ENCOUNTER_COLOURS } from '../../../domain/plots/encounterSvg.ts';
import { avoidancePropagation, keplerPeriodS, planAvoidance, type AvoidancePlanResult, type EncounterOutcome } from '../../../engine/avoidance/index.ts';
import { parseXmlDocument } from '../../../engine/files/common/xmlReader.ts';
import { findChromium, renderSvgPixels } from '../../helpers/chromium.ts';
import { EARTH, TCA_EPOCH, TWO_BODY, stateOf, syntheticEncounter } from '../../engine/avoidance/scenarios.ts';

const LEO = stateOf(7078.137, 0.001, 98.2, 10, 90, 30);
const encounter = syntheticEncounter(LEO, 'LEO');
const period = keplerPeriodS(LEO);
const target = { maxPc: 1e-6 };
const SIZES = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2];
const LEADS = [0.5 * period, 1.5 * period, 2.5 * period];
const engine = planAvoidance({
  encounter,
  propagation: avoidancePropagation(TCA_EPOCH, EARTH, { massKg: 500 }, TWO_BODY),
  target,
  leadTimesS: LEADS,
  directions: ['ALONG_TRACK_PLUS', 'ALONG_TRACK_MINUS', 'RADIAL_PLUS'],
  deltaVSizesMetersPerSecond: SIZES,
  execution: { kind: 'IMPULSIVE', ispS: 220 },
  executionErrors: { magnitudeFraction: 0.02, pointingRad: 0.01 },
  maxRepropagated: 4,
});

/** The engine's plan as the service stores it (the fields planning.ts computeAvoidancePlan keeps; no instants). */
function stored(p: AvoidancePlanResult): AvoidancePlanResultView {
  const ts = p.tradeSpace.candidates;
  const meets = new Set(p.linearRanking);
  const outcome = (o: EncounterOutcome): OutcomeView => ({ missDistanceM: o.missDistanceM, pc: o.probability.pc?.value ?? null, mahalanobisDistance: o.probability.mahalanobisDistance, relativePositionRtnM: o.relativePositionRtnM });
  const first = p.candidates.findIndex((c) => c.meetsTarget);
  const candidates = p.candidates.map((c, n): PlanCandidateView => ({
    n, tradeSpaceIndex: c.index, leadTimeS: c.linear.leadTimeS, burnTime: '', burnStart: '', burnDurationS: c.numerical.burnDurationS,
    direction: c.linear.direction, deltaVMetersPerSecond: c.linear.deltaVMetersPerSecond, deltaVRtnMetersPerSecond: c.linear.deltaVRtnMetersPerSecond, deltaVGcrfMetersPerSecond: c.linear.deltaVGcrfMetersPerSecond,
    propellantKg: c.numerical.propellantKg, massAfterBurnKg: c.numerical.massAfterBurnKg,
    linear: { ...outcome(c.linear.outcome), displacementAtTcaRtnM: c.linear.displacementAtTcaRtnM },
    numerical: { ...outcome(c.numerical.outcome), tcaOffsetS: c.numerical.tcaOffsetS, tca: '', encounterPlane: postBurnEncounterPlane(encounter, c) },
    difference: c.difference, orbitChange: c.numerical.orbitChange, meetsTarget: c.meetsTarget, recommended: n === first, notRecommendedReason: n === first ? null : 'not the first',
  }));
  return {
    pcMethod: p.pcMethod, target, periodS: period, leadTimesS: LEADS, nominal: outcome(p.tradeSpace.nominal),
    tradeSpace: {
      count: ts.length, meetingTargetCount: meets.size,
      leadTimeS: ts.map((c) => c.leadTimeS), direction: ts.map((c) => c.direction), deltaVMetersPerSecond: ts.map((c) => c.deltaVMetersPerSecond),
      missDistanceM: ts.map((c) => c.outcome.missDistanceM), pc: ts.map((c) => c.outcome.probability.pc?.value ?? null),
      mahalanobisDistance: ts.map((c) => c.outcome.probability.mahalanobisDistance), propellantKg: ts.map((c) => c.propellantKg), meetsTarget: ts.map((_, i) => meets.has(i)),
    },
    candidates, recommendedCandidate: first < 0 ? null : first, computeMs: 0, earthDataWarnings: [],
  };
}
const plan = stored(engine);
const input = { title: 'Avoidance <plan>', subtitle: 'SAT-1 & DEB-2', plan };

const attrs = (element: string): Record<string, string> => Object.fromEntries([...element.matchAll(/([a-z0-9-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
const elements = (svg: string, cls: string): Record<string, string>[] => [...svg.matchAll(new RegExp(`<[a-z]+ class="${cls}"[^>]*>`, 'g'))].map((m) => attrs(m[0]));

test('trade space: a curve per lead time, a point per size at the smallest Pc over the directions; the target line, the re-propagated candidates and the recommended mark on the same log Pc axis', () => {
  const svg = avoidanceTradeSpaceSvg(input);
  assert.equal(parseXmlDocument(svg).name, 'svg');
  assert.match(svg, /Avoidance &lt;plan&gt;/);
  assert.doesNotMatch(svg, /NaN|undefined|Infinity/);
  const groups = [...svg.matchAll(/<g class="lead-time" data-lead-time-s="([^"]+)">([\s\S]*?)<\/g>/g)];
  assert.deepEqual(groups.map((g) => Number(g[1])), LEADS, 'one curve per lead time, in order');
  const recommended = recommendedCandidate(input)!;
  assert.ok(recommended && recommended.meetsTarget, 'the plan has a recommended candidate');
  // the Pc axis from two drawn points: y = a + b·log10(Pc), b < 0 (larger Pc higher); Δv: x = c + d·log10(Δv)
  const points = groups.flatMap((g) => [...g[2]!.matchAll(/<circle class="point"[^>]*>/g)].map((m) => attrs(m[0])));
  const far = [points[0]!, points.reduce((p, q) => (Math.abs(Math.log10(Number(q['data-pc'])) - Math.log10(Number(points[0]!['data-pc']))) > Math.abs(Math.log10(Number(p['data-pc'])) - Math.log10(Number(points[0]!['data-pc']))) ? q : p))];
  const [l0, l1] = far.map((p) => Math.log10(Number(p['data-pc'])));
  const b = (Number(far[1]!.cy) - Number(far[0]!.cy)) / (l1! - l0!);
  const yOf = (pc: number) => Number(far[0]!.cy) + b * (Math.log10(pc) - l0!);
  assert.ok(b < 0, 'a larger Pc is higher on the page');
  const all = groups.flatMap((g) => [...g[2]!.matchAll(/<circle class="point[^"]*"[^>]*>/g)].map((m) => attrs(m[0])));
  assert.ok(all.some((p) => p.class === 'point-below'), 'this plan has Pcs under the axis floor: they sit on the bottom edge');
  const xs = new Map(all.map((p) => [Number(p['data-delta-v']), Number(p.cx)]));
  assert.equal(xs.size, SIZES.length);
  const xLog = SIZES.map((s) => Math.log10(s));
  const d = (xs.get(SIZES[SIZES.length - 1]!)! - xs.get(SIZES[0]!)!) / (xLog[xLog.length - 1]! - xLog[0]!);
  for (const s of SIZES) assert.ok(Math.abs(xs.get(s)! - (xs.get(SIZES[0]!)! + d * (Math.log10(s) - xLog[0]!))) < 0.02, `Δv ${s} on the log axis`);
  const curves = tradeSpaceCurves(plan);
  groups.forEach((g, i) => {
    const drawn = [...g[2]!.matchAll(/<circle class="point[^"]*"[^>]*>/g)].map((m) => attrs(m[0]));
    assert.equal(drawn.length, SIZES.length, `a point per size for τ ${g[1]}`);
    for (const p of drawn) {
      const dv = Number(p['data-delta-v']);
      const best = Math.min(...engine.tradeSpace.candidates.filter((c) => c.leadTimeS === LEADS[i] && c.deltaVMetersPerSecond === dv).map((c) => c.outcome.probability.pc!.value));
      assert.equal(Number(p['data-pc']), best, 'the smallest Pc over the directions');
      assert.equal(curves[i]!.points.find((q) => q.deltaVMetersPerSecond === dv)!.pc, best);
      if (p.class === 'point') assert.ok(Math.abs(Number(p.cy) - yOf(best)) < 0.02, 'on the log Pc axis');
    }
  });
  const [mark] = elements(svg, 'recommended');
  assert.equal(recommended.n, plan.recommendedCandidate, 'the plan’s recommended candidate');
  const pc = recommended.numerical.pc!;
  assert.equal(Number(mark!['data-n']), recommended.n);
  assert.equal(Number(mark!['data-delta-v']), recommended.deltaVMetersPerSecond);
  assert.equal(Number(mark!['data-pc']), pc);
  assert.ok(Math.abs(Number(mark!.cx) - xs.get(recommended.deltaVMetersPerSecond)!) < 0.01, 'the mark at its Δv');
  assert.ok(Math.abs(Number(mark!.cy) - yOf(pc)) < 0.02, 'the mark at its re-propagated Pc');
  const [line] = elements(svg, 'target');
  assert.ok(Math.abs(Number(line!.y1) - yOf(target.maxPc)) < 0.02, 'the target line at 1e-6');
  assert.ok(Number(mark!.cy) > Number(line!.y1), 'the recommended candidate is below the target');
  const [nominal] = elements(svg, 'nominal');
  assert.ok(Math.abs(Number(nominal!.y1) - yOf(plan.nominal.pc!)) < 0.02, 'the nominal Pc');
  assert.equal(elements(svg, 'repropagated').length, plan.candidates.length);
  // one direction only; no recommended candidate
  const along = avoidanceTradeSpaceSvg({ ...input, direction: 'RADIAL_PLUS', recommended: null });
  assert.equal(elements(along, 'recommended').length, 0);
  assert.match(along, /no recommended candidate/);
  assert.match(along, /RADIAL_PLUS only/);
  // an empty plan (no candidate at all) and a target without a Pc bound still draw, without a target line
  const empty = avoidanceTradeSpaceSvg({ ...input, plan: stored({ ...engine, tradeSpace: { ...engine.tradeSpace, candidates: [] }, linearRanking: [], candidates: [] }), target: { minMissDistanceM: 1000 } });
  assert.equal(parseXmlDocument(empty).name, 'svg');
  assert.doesNotMatch(empty, /NaN|undefined|Infinity/);
  assert.equal(elements(empty, 'target').length, 0);
  assert.match(empty, /target miss ≥ 1000 m/);
});

test('encounter plane before and after the recommended burn: one scale, the miss vectors as long as the miss distances, the after panel in the nominal plane', () => {
  const svg = avoidanceEncounterSvg({ ...input, encounter });
  assert.equal(parseXmlDocument(svg).name, 'svg');
  assert.doesNotMatch(svg, /NaN|undefined|Infinity/);
  const before = svg.slice(svg.indexOf('<g class="before">'), svg.indexOf('<g class="after">'));
  const after = svg.slice(svg.indexOf('<g class="after">'));
  const one = (part: string, cls: string) => elements(part, cls)[0]!;
  const length = (m: Record<string, string>) => Math.hypot(Number(m.x2) - Number(m.x1), Number(m.y2) - Number(m.y1));
  const recommended = recommendedCandidate(input)!;
  const missBefore = plan.nominal.missDistanceM;
  const missAfter = recommended.numerical.missDistanceM;
  assert.ok(missAfter > 2 * missBefore, 'the burn opens the miss distance');
  const scale = length(one(before, 'miss')) / missBefore;
  assert.ok(Math.abs(length(one(after, 'miss')) / missAfter - scale) < 0.01 * scale, 'the same scale in both panels');
  assert.equal(one(before, 'hard-body').r, one(after, 'hard-body').r, 'the same disk');
  // the planes: the nominal one is x along the miss; the after one rotated into it
  const { before: b, after: a, afterCovariance } = avoidanceEncounterPlanes(encounter, recommended);
  assert.equal(afterCovariance, 'POST_BURN');
  assert.ok(Math.abs(b.missVectorM[0] - missBefore) < 1e-6 && Math.abs(b.missVectorM[1]) < 1e-6);
  assert.ok(Math.abs(Math.hypot(...a!.missVectorM) - missAfter) < 1e-3 * missAfter, `|after miss| ${Math.hypot(...a!.missVectorM)} vs ${missAfter}`);
  assert.match(svg, new RegExp(`after: ${recommended.direction}`));
  assert.doesNotMatch(svg, /covariance before the burn/);
  // the execution errors grow our covariance: the after-plane's combined covariance is not the one before
  assert.ok(a!.covarianceM2[0][0] + a!.covarianceM2[1][1] > b.covarianceM2[0][0] + b.covarianceM2[1][1], 'the post-burn covariance is larger');
  // a plan stored without the post-burn plane: the relative position projected on the nominal plane, the covariance
  // before the burn, and the subtitle says so
  const { numerical: { encounterPlane: _, ...numerical }, ...rest } = recommended;
  const bare: PlanCandidateView = { ...rest, numerical };
  const old = avoidanceEncounterPlanes(encounter, bare);
  assert.equal(old.afterCovariance, 'BEFORE_BURN');
  assert.deepEqual(old.after!.covarianceM2, b.covarianceM2);
  const gap = Math.hypot(old.after!.missVectorM[0] - a!.missVectorM[0], old.after!.missVectorM[1] - a!.missVectorM[1]);
  assert.ok(gap < 0.01 * missAfter, `the projected relative position within 1 % of the stored plane's (${gap} m of ${missAfter} m)`);
  const oldSvg = avoidanceEncounterSvg({ ...input, encounter, plan: { ...plan, candidates: plan.candidates.map((c) => (c.n === bare.n ? bare : c)) } });
  assert.equal(parseXmlDocument(oldSvg).name, 'svg');
  assert.match(oldSvg, /after-plane drawn with the covariance before the burn/);
  // no candidate: the after panel says so
  const none = avoidanceEncounterSvg({ ...input, encounter, recommended: null });
  assert.match(none, /no candidate meets the target/);
  assert.equal(elements(none, 'miss').length, 1);
});

test('both avoidance pictures render in headless Chromium with every element visible', (t) => {
  const chromium = findChromium();
  if (!chromium) {
    t.skip('no chromium on this machine (apt-get install -y chromium): the SVGs were not rendered in a browser');
    return;
  }
  const leadColours = Object.fromEntries(LEADS.map((_, i) => [`lead ${i}`, AVOIDANCE_COLOURS.leadTimes[i]!]));
  for (const [svg, colours] of [
    [avoidanceTradeSpaceSvg(input), { ...leadColours, target: AVOIDANCE_COLOURS.target, recommended: AVOIDANCE_COLOURS.recommended }],
    [avoidanceEncounterSvg({ ...input, encounter }), { ...ENCOUNTER_COLOURS }],
  ] as const) {
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number) as [unknown, number, number];
    const result = renderSvgPixels(chromium, svg, width, height, colours);
    assert.ok(result.loaded, result.loaded ? '' : result.detail);
    if (result.loaded) {
      t.diagnostic(`${width}×${height}: ${JSON.stringify(result.counts)}`);
      // the 15 m disk is a few pixels at the after panel's kilometre scale (drawn at ≥ 3 px): fewer pixels than the lines
      for (const [name, count] of Object.entries(result.counts)) assert.ok(count > (name === 'disk' ? 10 : 50), `${name}: ${count} px`);
    }
  }
});
