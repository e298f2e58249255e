/**
 * The timeline of a conjunction event as a standalone SVG document: one point per CDM against its time to TCA
 * (TCA − CREATION_DATE of that CDM, hours; earlier CDMs to the left, TCA at the right), in two panels sharing the
 * axis — the Pc (log scale: the assessed Pc as blue circles joined in order, the Pc the CDM states as grey diamonds,
 * the organization's risk thresholds as dashed lines) and the miss distance (m). A Pc of zero or below the axis sits
 * on the bottom edge as a triangle pointing down. A Pc that is a maximum probability (an upper bound, no real
 * covariance) is an open circle, and the legend says so: a bound must not read as an estimate. Pure: points in, text out.
 */
import { niceStep } from './residualsSvg.ts';
import { escapeXmlDisplayText } from '../../engine/files/common/xmlWriter.ts';

export interface TimelinePoint {
  /** TCA − CREATION_DATE of the CDM, s (negative for a CDM made after its TCA). */
  timeToTcaS: number;
  /** The assessed Pc (null when none could be computed). */
  pc: number | null;
  /** The assessed Pc is a maximum probability (an upper bound), not an estimate. */
  isMaximumProbability?: boolean;
  statedPc: number | null;
  missDistanceM: number;
}

export interface TimelinePlotInput {
  title: string;
  subtitle: string;
  /** Label of the assessed Pc, e.g. `Pc (LAAS_2015)`. */
  pcLabel: string;
  thresholds: { mediumPc: number; highPc: number };
  points: readonly TimelinePoint[];
}

export const TIMELINE_COLOURS = { pc: '#1f77b4', stated: '#7f7f7f', miss: '#2ca02c', medium: '#ff7f0e', high: '#d62728' } as const;

const WIDTH = 900;
const LEFT = 90;
const RIGHT = 200;
const TOP = 70;
const PANEL = 240;
const GAP = 60;
const HEIGHT = TOP + 2 * PANEL + GAP + 60;

const f = (v: number) => v.toFixed(1);

function formatTick(value: number, step: number): string {
  const decimals = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  const text = value.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

export function timelineSvg(input: TimelinePlotInput): string {
  const points = [...input.points].sort((p, q) => q.timeToTcaS - p.timeToTcaS);
  const plotWidth = WIDTH - LEFT - RIGHT;
  // x: hours to TCA, decreasing to the right; always includes TCA (0)
  const hours = points.map((p) => p.timeToTcaS / 3600);
  const hMax = Math.max(0, ...hours);
  const hMin = Math.min(0, ...hours);
  const xStep = niceStep(Math.max(hMax - hMin, 1), 8);
  const xLeft = Math.ceil(hMax / xStep - 1e-9) * xStep + (hMax === 0 ? xStep : 0);
  const xRight = Math.floor(hMin / xStep + 1e-9) * xStep;
  const x = (h: number) => LEFT + ((xLeft - h) / (xLeft - xRight)) * plotWidth;
  // Pc panel: log10 from a floor to 1
  const positive = points.flatMap((p) => [p.pc, p.statedPc]).filter((v): v is number => v !== null && v > 0);
  const lowest = Math.min(input.thresholds.mediumPc / 10, ...positive);
  const decadeMin = Math.max(-30, Math.floor(Math.log10(lowest)));
  const pcTop = TOP;
  const yPc = (pc: number) => pcTop + PANEL - ((Math.max(Math.log10(pc), decadeMin) - decadeMin) / (0 - decadeMin)) * PANEL;
  // miss panel: 0 … max
  const missTop = TOP + PANEL + GAP;
  const missMax = Math.max(1e-3, ...points.map((p) => p.missDistanceM));
  const yStep = niceStep(missMax, 5);
  const yTop = Math.ceil((missMax * 1.05) / yStep) * yStep;
  const yMiss = (m: number) => missTop + PANEL - (m / yTop) * PANEL;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="24" font-size="16" font-weight="bold">${escapeXmlDisplayText(input.title)}</text>`,
    `<text x="${LEFT}" y="44" fill="#444">${escapeXmlDisplayText(input.subtitle)}</text>`,
  );
  for (const [top, title] of [[pcTop, `${input.pcLabel} (log scale)`], [missTop, 'miss distance [m]']] as const) {
    out.push(
      `<text x="${LEFT}" y="${top - 8}" font-weight="bold">${escapeXmlDisplayText(title)}</text>`,
      `<rect x="${LEFT}" y="${top}" width="${plotWidth}" height="${PANEL}" fill="#fafafa" stroke="#999"/>`,
    );
    for (let h = xRight; h <= xLeft + xStep / 2; h += xStep) {
      out.push(`<line x1="${f(x(h))}" x2="${f(x(h))}" y1="${top}" y2="${top + PANEL}" stroke="${Math.abs(h) < xStep / 2 ? '#888' : '#eeeeee'}"/>`);
      out.push(`<text x="${f(x(h))}" y="${top + PANEL + 15}" text-anchor="middle" fill="#333">${formatTick(Math.abs(h) < xStep / 2 ? 0 : h, xStep)}</text>`);
    }
  }
  const decadeStep = Math.max(1, Math.ceil(-decadeMin / 8));
  for (let d = 0; d >= decadeMin; d -= decadeStep) {
    out.push(
      `<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${f(yPc(10 ** d))}" y2="${f(yPc(10 ** d))}" stroke="#e3e3e3"/>`,
      `<text x="${LEFT - 6}" y="${f(yPc(10 ** d) + 4)}" text-anchor="end" fill="#333">${d === 0 ? '1' : `1e${d}`}</text>`,
    );
  }
  for (const [key, value, label] of [['medium', input.thresholds.mediumPc, 'MEDIUM'], ['high', input.thresholds.highPc, 'HIGH']] as const) {
    if (value <= 0 || Math.log10(value) < decadeMin) continue;
    out.push(
      `<line class="threshold-${key}" x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${f(yPc(value))}" y2="${f(yPc(value))}" stroke="${TIMELINE_COLOURS[key]}" stroke-width="2" stroke-dasharray="6,4"/>`,
      `<text x="${LEFT + plotWidth + 6}" y="${f(yPc(value) + 4)}" fill="${TIMELINE_COLOURS[key]}">${label} ≥ ${value.toExponential(0)}</text>`,
    );
  }
  for (let m = 0; m <= yTop + yStep / 2; m += yStep) {
    out.push(
      `<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${f(yMiss(m))}" y2="${f(yMiss(m))}" stroke="#e3e3e3"/>`,
      `<text x="${LEFT - 6}" y="${f(yMiss(m) + 4)}" text-anchor="end" fill="#333">${formatTick(m, yStep)}</text>`,
    );
  }
  const floor = 10 ** decadeMin;
  const assessed = points.filter((p) => p.pc !== null);
  if (assessed.length > 1) {
    out.push(`<polyline fill="none" stroke="${TIMELINE_COLOURS.pc}" stroke-width="1.5" points="${assessed.map((p) => `${f(x(p.timeToTcaS / 3600))},${f(yPc(Math.max(p.pc!, floor)))}`).join(' ')}"/>`);
  }
  if (points.length > 1) {
    out.push(`<polyline fill="none" stroke="${TIMELINE_COLOURS.miss}" stroke-width="1.5" points="${points.map((p) => `${f(x(p.timeToTcaS / 3600))},${f(yMiss(p.missDistanceM))}`).join(' ')}"/>`);
  }
  for (const p of points) {
    const cx = x(p.timeToTcaS / 3600);
    if (p.statedPc !== null) {
      const cy = yPc(Math.max(p.statedPc, floor));
      out.push(`<path class="stated" d="M${f(cx)},${f(cy - 6)} L${f(cx + 6)},${f(cy)} L${f(cx)},${f(cy + 6)} L${f(cx - 6)},${f(cy)} Z" fill="${TIMELINE_COLOURS.stated}"/>`);
    }
    if (p.pc !== null) {
      if (p.pc < floor) {
        const cy = pcTop + PANEL;
        out.push(`<path class="pc-below" d="M${f(cx - 6)},${f(cy - 10)} L${f(cx + 6)},${f(cy - 10)} L${f(cx)},${f(cy)} Z" fill="${TIMELINE_COLOURS.pc}"/>`);
      } else {
        out.push(p.isMaximumProbability
          ? `<circle class="pc-maximum" cx="${f(cx)}" cy="${f(yPc(p.pc))}" r="5" fill="#fff" stroke="${TIMELINE_COLOURS.pc}" stroke-width="2"/>`
          : `<circle class="pc" cx="${f(cx)}" cy="${f(yPc(p.pc))}" r="5.5" fill="${TIMELINE_COLOURS.pc}"/>`);
      }
    }
    out.push(`<circle class="miss" cx="${f(cx)}" cy="${f(yMiss(p.missDistanceM))}" r="5.5" fill="${TIMELINE_COLOURS.miss}"/>`);
  }
  out.push(`<text x="${LEFT + plotWidth / 2}" y="${missTop + PANEL + 38}" text-anchor="middle" fill="#333">time to TCA [h] (TCA − CDM creation; TCA at the right)</text>`);
  const legend: Array<[string, string]> = [[TIMELINE_COLOURS.pc, input.pcLabel], [TIMELINE_COLOURS.stated, 'Pc stated by the CDM'], [TIMELINE_COLOURS.miss, 'miss distance']];
  legend.forEach(([colour, label], i) => {
    const ly = TOP + 16 + i * 20;
    out.push(`<circle cx="${LEFT + plotWidth + 16}" cy="${ly - 4}" r="5" fill="${colour}"/>`, `<text x="${LEFT + plotWidth + 26}" y="${ly}">${escapeXmlDisplayText(label)}</text>`);
  });
  let countY = TOP + 90;
  if (points.some((p) => p.pc !== null && p.isMaximumProbability)) {
    const ly = TOP + 16 + legend.length * 20;
    out.push(
      `<circle cx="${LEFT + plotWidth + 16}" cy="${ly - 4}" r="4.5" fill="#fff" stroke="${TIMELINE_COLOURS.pc}" stroke-width="2"/>`,
      `<text class="maximum-legend" x="${LEFT + plotWidth + 26}" y="${ly}">maximum Pc (upper bound:</text>`,
      `<text x="${LEFT + plotWidth + 26}" y="${ly + 14}">no real covariance)</text>`,
    );
    countY += 34;
  }
  out.push(`<text x="${LEFT + plotWidth + 10}" y="${countY}" fill="#444">${points.length} CDM${points.length === 1 ? '' : 's'}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
