/**
 * The residual plot writer (domain/plots/residualsSvg.ts): structure, escaping, clipping of gross errors, and a real
 * render in headless chromium (station colours and rejected crosses visible; skipped with a message without a browser).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeXmlText } from '../../../engine/files/common/xmlWriter.ts';
import { niceStep, residualsSvg, type PlotInput, type PlotRow } from '../../../domain/plots/residualsSvg.ts';
import { findChromium, renderSvgPixels } from '../../helpers/chromium.ts';

/** Two panels, two stations, Gaussian-looking residuals (deterministic), two gross errors rejected. */
function sample(): PlotInput {
  const rows: PlotRow[] = [];
  let seed = 7;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 3.4;
  };
  for (let i = 0; i < 300; i++) {
    const tS = i * 288;
    const series = i % 2 === 0 ? 'VIS-STN-1' : 'VIS-<2>&';
    rows.push({ tS, panel: 'RANGE:range', series, value: 5 * noise(), rejected: false });
    rows.push({ tS, panel: 'RANGE_RATE:rangeRate', series, value: noise(), rejected: false });
  }
  rows.push({ tS: 40_000, panel: 'RANGE:range', series: 'VIS-STN-1', value: 3000, rejected: true });
  rows.push({ tS: 50_000, panel: 'RANGE:range', series: 'VIS-STN-1', value: 12, rejected: true });
  return {
    title: 'Post-fit residuals — TEST',
    subtitle: 'converged',
    startLabel: '2023-02-10T00:00:00Z',
    panels: [
      { key: 'RANGE:range', title: 'range', unit: 'm', band: 15, bandLabel: '±3σ' },
      { key: 'RANGE_RATE:rangeRate', title: 'range rate', unit: 'mm/s', band: 3, bandLabel: '±3σ' },
      { key: 'AZEL:azimuth', title: 'azimuth', unit: 'deg', band: null },
    ],
    rows,
  };
}

test('residual SVG: one panel per component with data, a point per used row, crosses for rejected, gross errors clipped to the edge', () => {
  const svg = residualsSvg(sample());
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /<\/svg>\n$/);
  assert.equal((svg.match(/<g class="panel"/g) ?? []).length, 2, 'the azimuth panel without data is left out');
  assert.equal((svg.match(/<circle cx="[\d.]+" cy="[\d.]+" r="2.2"/g) ?? []).length, 600);
  assert.equal((svg.match(/class="rejected"/g) ?? []).length, 1, 'the 12 m rejected point is a cross');
  assert.equal((svg.match(/class="clipped"/g) ?? []).length, 1, 'the 3 km gross error sits on the edge');
  assert.match(svg, /1 beyond ±/);
  assert.match(svg, /VIS-&lt;2&gt;&amp;/, 'names are escaped');
  assert.doesNotMatch(svg, /NaN|undefined/);
  assert.equal(escapeXmlText(`a<b>"c"&'d'`), 'a&lt;b&gt;&quot;c&quot;&amp;&apos;d&apos;');
  assert.equal(niceStep(24, 8), 5);
  assert.equal(niceStep(0.03, 6), 0.005);
});

test('residual SVG renders in headless chromium: station colours and red rejected marks are drawn', (t) => {
  const chromium = findChromium();
  if (!chromium) {
    t.skip('no chromium on this machine (apt-get install -y chromium): the SVG was not rendered in a browser');
    return;
  }
  const svg = residualsSvg(sample());
  const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number) as [unknown, number, number];
  const result = renderSvgPixels(chromium, svg, width, height, { station1: '#1f77b4', station2: '#2ca02c', rejected: '#d62728' });
  assert.ok(result.loaded, result.loaded ? '' : result.detail);
  assert.ok(result.counts.station1! > 1000, `station 1 pixels ${result.counts.station1}`);
  assert.ok(result.counts.station2! > 1000, `station 2 pixels ${result.counts.station2}`);
  assert.ok(result.counts.rejected! > 20, `rejected pixels ${result.counts.rejected}`);
  assert.ok(result.nonWhite > 20_000, `non-white pixels ${result.nonWhite}`);
  // A broken document does not load: the check above can fail.
  assert.equal(renderSvgPixels(chromium, svg.replace('</svg>', ''), width, height, {}).loaded, false);
});
