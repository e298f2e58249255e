/**
 * The two conjunction pictures (domain/plots/encounterSvg.ts, timelineSvg.ts): the geometry is true (equal scale on
 * both axes, so the drawn ellipses, disk and miss vector keep the ratios of the numbers they stand for: semi-axes
 * k·√λ of the covariance, their orientation, |miss|, R), escaping, edge cases (a Pc below the axis, a disk below a
 * pixel, a degenerate covariance), and a real render in headless Chromium (skipped visibly without a browser).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ENCOUNTER_COLOURS, encounterSvg, type EncounterPlotInput } from '../../../domain/plots/encounterSvg.ts';
import { TIMELINE_COLOURS, timelineSvg, type TimelinePlotInput } from '../../../domain/plots/timelineSvg.ts';
import { parseXmlDocument } from '../../../engine/files/common/xmlReader.ts';
import { findChromium, renderSvgPixels } from '../../helpers/chromium.ts';

/** A covariance with eigenvalues 400² and 100² m², the major axis at 30° from x; the secondary 500 m along x, 150 m up. */
const THETA = Math.PI / 6;
const encounter: EncounterPlotInput = {
  title: 'Encounter <test>',
  subtitle: 'A & B',
  covarianceM2: (() => {
    const [l1, l2, c, s] = [400 ** 2, 100 ** 2, Math.cos(THETA), Math.sin(THETA)];
    return [[l1 * c * c + l2 * s * s, (l1 - l2) * c * s], [(l1 - l2) * c * s, l1 * s * s + l2 * c * c]] as [[number, number], [number, number]];
  })(),
  missVectorM: [500, 150],
  hardBodyRadiusM: 40,
  notes: ['Pc 1e-3'],
};

function attributes(svg: string, cls: string): Record<string, string> {
  const element = new RegExp(`<[a-z]+ class="${cls}"([^>]*)/>`).exec(svg);
  assert.ok(element, `element ${cls}`);
  return Object.fromEntries([...element[1]!.matchAll(/([a-z0-9-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

test('encounter plane: the ellipses are k√λ on the eigen-axes, 1σ and 3σ; the disk and the miss vector at the same scale', () => {
  const svg = encounterSvg(encounter);
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /Encounter &lt;test&gt;/);
  assert.doesNotMatch(svg, /NaN|undefined|Infinity/);
  const one = attributes(svg, 'sigma1');
  const three = attributes(svg, 'sigma3');
  const disk = attributes(svg, 'hard-body');
  const miss = attributes(svg, 'miss');
  const close = (a: number, b: number, tolerance: number, what: string) => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);
  close(Number(one.rx) / Number(one.ry), 4, 0.02, 'axis ratio √(λmax/λmin)');
  close(Number(three.rx) / Number(one.rx), 3, 0.01, '3σ / 1σ');
  const scale = Number(one.rx) / 400; // px per metre
  close(Number(disk.r), 40 * scale, 0.01, 'disk radius R at the same scale');
  close(Math.hypot(Number(miss.x2) - Number(miss.x1), Number(miss.y2) - Number(miss.y1)), Math.hypot(500, 150) * scale, 0.02, '|miss|');
  close(Number(miss.y1) - Number(miss.y2), 150 * scale, 0.02, 'y up on the page');
  assert.match(one.transform!, /^rotate\(-30\.00 /, 'major axis at +30°: −30° in SVG coordinates (y down)');
  assert.equal(one.cx, miss.x2, 'ellipses centred on the secondary');
  // a disk much smaller than a pixel is drawn at 3 px and says so; a degenerate covariance still draws
  const tiny = encounterSvg({ ...encounter, hardBodyRadiusM: 0.01, covarianceM2: [[1e6, 0], [0, 0]] });
  assert.equal(attributes(tiny, 'hard-body').r, '3.00');
  assert.match(tiny, /drawn at 3 px/);
  assert.doesNotMatch(tiny, /NaN/);
});

const timeline: TimelinePlotInput = {
  title: 'Timeline',
  subtitle: '3 CDMs',
  pcLabel: 'Pc (LAAS_2015)',
  thresholds: { mediumPc: 1e-7, highPc: 1e-4 },
  points: [
    { timeToTcaS: 3 * 86400, pc: 2e-6, statedPc: 1e-6, missDistanceM: 900 },
    { timeToTcaS: 2 * 86400, pc: 3e-5, statedPc: null, missDistanceM: 500 },
    { timeToTcaS: 6 * 3600, pc: 0, statedPc: 2e-4, missDistanceM: 120 },
  ],
};

test('timeline: a point per CDM in both panels, earlier CDMs to the left, a zero Pc on the bottom edge, the thresholds drawn', () => {
  const svg = timelineSvg(timeline);
  assert.equal((svg.match(/class="miss"/g) ?? []).length, 3);
  assert.equal((svg.match(/class="pc"/g) ?? []).length, 2);
  assert.equal((svg.match(/class="pc-below"/g) ?? []).length, 1, 'Pc 0 cannot sit on a log axis');
  assert.equal((svg.match(/class="stated"/g) ?? []).length, 2);
  assert.match(svg, /class="threshold-medium"/);
  assert.match(svg, /class="threshold-high"/);
  const xs = [...svg.matchAll(/<circle class="miss" cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  assert.ok(xs[0]![0] < xs[1]![0] && xs[1]![0] < xs[2]![0], 'time to TCA decreases to the right');
  assert.ok(xs[0]![1] < xs[1]![1] && xs[1]![1] < xs[2]![1], 'a larger miss distance is higher');
  assert.doesNotMatch(svg, /NaN|undefined|Infinity/);
  // one CDM at TCA, no Pc at all: still a document
  assert.doesNotMatch(timelineSvg({ ...timeline, points: [{ timeToTcaS: 0, pc: null, statedPc: null, missDistanceM: 0 }] }), /NaN|Infinity/);
});

const bounded: TimelinePlotInput = {
  ...timeline,
  pcLabel: 'Pc (ALFRIEND_1999_MAX)',
  points: timeline.points.map((p) => ({ ...p, isMaximumProbability: true })),
};

test('timeline: a maximum-probability Pc is an open circle, and the legend says it is an upper bound', () => {
  const svg = timelineSvg(bounded);
  assert.equal((svg.match(/class="pc-maximum"/g) ?? []).length, 2, 'the two positive Pcs, hollow');
  assert.equal((svg.match(/class="pc"/g) ?? []).length, 0, 'no filled (estimated) Pc');
  assert.match(svg, /class="maximum-legend"[^>]*>maximum Pc \(upper bound:/);
  assert.doesNotMatch(timelineSvg(timeline), /maximum-legend/, 'estimates only: no such legend');
});

test('a title with a NUL, a bidi override, U+2028 or a lone surrogate (a name stored before the text rule) still gives well-formed SVG, the name readable', () => {
  const hostile = 'SAT\u0000A \u202Eevil\u2028B \ud800 & <C>';
  const pictures = [
    encounterSvg({ ...encounter, title: hostile, subtitle: hostile, notes: [hostile] }),
    timelineSvg({ ...timeline, title: hostile, subtitle: hostile }),
  ];
  for (const svg of pictures) {
    // XML 1.0 §2.2 Char only, and none of the characters the text rule refuses
    assert.doesNotMatch(svg, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\u2028\u202e]|[\ud800-\udbff](?![\udc00-\udfff])/);
    assert.equal(parseXmlDocument(svg).name, 'svg');
    assert.match(svg, /SAT A evil B &amp; &lt;C&gt;/);
  }
});

test('both pictures render in headless Chromium with every element visible', (t) => {
  const chromium = findChromium();
  if (!chromium) {
    t.skip('no chromium on this machine (apt-get install -y chromium): the SVGs were not rendered in a browser');
    return;
  }
  for (const [svg, colours] of [
    [encounterSvg(encounter), { ...ENCOUNTER_COLOURS }],
    [timelineSvg(timeline), { pc: TIMELINE_COLOURS.pc, miss: TIMELINE_COLOURS.miss, medium: TIMELINE_COLOURS.medium, high: TIMELINE_COLOURS.high }],
    [timelineSvg(bounded), { pc: TIMELINE_COLOURS.pc, miss: TIMELINE_COLOURS.miss }],
  ] as const) {
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number) as [unknown, number, number];
    const result = renderSvgPixels(chromium, svg, width, height, colours);
    assert.ok(result.loaded, result.loaded ? '' : result.detail);
    if (result.loaded) for (const [name, count] of Object.entries(result.counts)) assert.ok(count > 50, `${name}: ${count} px`);
    assert.equal(renderSvgPixels(chromium, svg.replace('</svg>', ''), width, height, {}).loaded, false);
  }
});
