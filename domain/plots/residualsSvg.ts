/**
 * Residuals-versus-time plot as a standalone SVG document (no browser, no dependency): one panel per measurement
 * component (range, range rate, azimuth, elevation, …), x = hours from the first point, y = observed − computed in
 * operator units (m, mm/s, deg), one colour per station, measurements the fit rejected drawn as red crosses. The y
 * range is set by the used points (so one gross error does not flatten the rest); points beyond it sit on the panel
 * edge as triangles pointing out, with their count in the panel title. Pure: rows in, text out.
 */
import { escapeXmlDisplayText } from '../../engine/files/common/xmlWriter.ts';

export interface PlotRow {
  /** Seconds from the plot's start. */
  tS: number;
  /** Panel key, e.g. `RANGE:range`. */
  panel: string;
  /** Series (station) name. */
  series: string;
  /** In the panel's display unit. */
  value: number;
  rejected: boolean;
}

export interface PlotPanel {
  key: string;
  title: string;
  unit: string;
  /** ±band drawn as dashed lines (e.g. 3σ of the panel's typical sigma), same unit; null for none. */
  band: number | null;
  bandLabel?: string;
}

export interface PlotInput {
  title: string;
  subtitle: string;
  /** Label of t = 0 (e.g. the UTC epoch of the first point). */
  startLabel: string;
  panels: PlotPanel[];
  rows: readonly PlotRow[];
}

const WIDTH = 1000;
const PANEL_HEIGHT = 220;
const LEFT = 78;
const RIGHT = 170;
const TOP = 84;
const GAP = 46;
const PALETTE = ['#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#393b79'];
const REJECTED = '#d62728';

/** "Nice" tick step (1, 2, 5 × 10^k) giving about `count` intervals over `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
}

function formatTick(value: number, step: number): string {
  const decimals = Math.max(0, Math.min(8, -Math.floor(Math.log10(step) + 1e-9)));
  const text = value.toFixed(decimals);
  return text === `-${(0).toFixed(decimals)}` ? (0).toFixed(decimals) : text;
}

/** Symmetric y half-range from the used points: the 99th percentile of |value| with 25 % headroom (and the band). */
function halfRange(values: number[], band: number | null): number {
  const used = values.map(Math.abs).filter(Number.isFinite).sort((a, b) => a - b);
  const p99 = used.length > 0 ? used[Math.min(used.length - 1, Math.floor(0.99 * used.length))]! : 0;
  const half = Math.max(p99 * 1.25, band ? band * 1.15 : 0);
  return half > 0 ? half : 1;
}

/** The plot as an SVG document (UTF-8 text). */
export function residualsSvg(input: PlotInput): string {
  const panels = input.panels.filter((p) => input.rows.some((r) => r.panel === p.key));
  const series = [...new Set(input.rows.map((r) => r.series))].sort();
  const colour = new Map(series.map((s, i) => [s, PALETTE[i % PALETTE.length]!]));
  let maxT = 0;
  for (const r of input.rows) if (r.tS > maxT) maxT = r.tS;
  const hours = Math.max(maxT / 3600, 1e-3);
  const xStep = niceStep(hours, 8);
  const xSpan = Math.ceil(hours / xStep - 1e-9) * xStep;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const height = TOP + Math.max(1, panels.length) * (PANEL_HEIGHT + GAP) + 30;
  const x = (tS: number) => LEFT + (tS / 3600 / xSpan) * plotWidth;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="24" font-size="16" font-weight="bold">${escapeXmlDisplayText(input.title)}</text>`,
    `<text x="${LEFT}" y="44" fill="#444">${escapeXmlDisplayText(input.subtitle)}</text>`,
  );
  if (panels.length === 0) out.push(`<text x="${LEFT}" y="${TOP + 40}" fill="#444">No residuals to plot.</text>`);
  panels.forEach((panel, index) => {
    const top = TOP + index * (PANEL_HEIGHT + GAP);
    const rows = input.rows.filter((r) => r.panel === panel.key);
    const half = halfRange(rows.filter((r) => !r.rejected).map((r) => r.value), panel.band);
    const yStep = niceStep(2 * half, 6);
    const yMax = Math.ceil(half / yStep) * yStep;
    const y = (v: number) => top + PANEL_HEIGHT / 2 - (v / yMax) * (PANEL_HEIGHT / 2);
    const outside = rows.filter((r) => Math.abs(r.value) > yMax).length;
    const rejected = rows.filter((r) => r.rejected).length;
    const notes = [`${rows.length} points`, rejected > 0 ? `${rejected} rejected` : '', outside > 0 ? `${outside} beyond ±${formatTick(yMax, yStep)} on the edge` : '']
      .filter(Boolean)
      .join(', ');
    out.push(
      `<g class="panel" data-panel="${escapeXmlDisplayText(panel.key)}">`,
      `<text x="${LEFT}" y="${top - 8}" font-weight="bold">${escapeXmlDisplayText(panel.title)} [${escapeXmlDisplayText(panel.unit)}]</text>`,
      `<text x="${LEFT + plotWidth}" y="${top - 8}" text-anchor="end" fill="#444">${escapeXmlDisplayText(notes)}</text>`,
      `<rect x="${LEFT}" y="${top}" width="${plotWidth}" height="${PANEL_HEIGHT}" fill="#fafafa" stroke="#999"/>`,
    );
    for (let v = -yMax; v <= yMax + yStep / 2; v += yStep) {
      const yy = y(v).toFixed(1);
      out.push(
        `<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${yy}" y2="${yy}" stroke="${Math.abs(v) < yStep / 2 ? '#888' : '#e3e3e3'}"/>`,
        `<text x="${LEFT - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" fill="#333">${formatTick(v, yStep)}</text>`,
      );
    }
    for (let h = 0; h <= xSpan + xStep / 2; h += xStep) {
      const xx = x(h * 3600).toFixed(1);
      out.push(
        `<line x1="${xx}" x2="${xx}" y1="${top}" y2="${top + PANEL_HEIGHT}" stroke="#eeeeee"/>`,
        `<text x="${xx}" y="${top + PANEL_HEIGHT + 15}" text-anchor="middle" fill="#333">${formatTick(h, xStep)}</text>`,
      );
    }
    if (panel.band !== null && panel.band < yMax) {
      for (const v of [panel.band, -panel.band]) {
        out.push(`<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#d62728" stroke-dasharray="5,4" stroke-opacity="0.6"/>`);
      }
      if (panel.bandLabel) out.push(`<text x="${LEFT + plotWidth - 4}" y="${(y(panel.band) - 4).toFixed(1)}" text-anchor="end" fill="#d62728" font-size="10">${escapeXmlDisplayText(panel.bandLabel)}</text>`);
    }
    // Used points first, rejected ones on top.
    for (const r of [...rows.filter((q) => !q.rejected), ...rows.filter((q) => q.rejected)]) {
      const cx = x(r.tS);
      const clipped = Math.max(-yMax, Math.min(yMax, r.value));
      const cy = y(clipped);
      const fill = r.rejected ? REJECTED : colour.get(r.series)!;
      if (clipped !== r.value) {
        const dir = r.value > 0 ? -1 : 1;
        out.push(`<path class="clipped" d="M${(cx - 4).toFixed(1)},${(cy - dir * 6).toFixed(1)} L${(cx + 4).toFixed(1)},${(cy - dir * 6).toFixed(1)} L${cx.toFixed(1)},${cy.toFixed(1)} Z" fill="${fill}"/>`);
      } else if (r.rejected) {
        out.push(`<path class="rejected" d="M${(cx - 3.5).toFixed(1)},${(cy - 3.5).toFixed(1)} L${(cx + 3.5).toFixed(1)},${(cy + 3.5).toFixed(1)} M${(cx - 3.5).toFixed(1)},${(cy + 3.5).toFixed(1)} L${(cx + 3.5).toFixed(1)},${(cy - 3.5).toFixed(1)}" stroke="${REJECTED}" stroke-width="1.8"/>`);
      } else {
        out.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="2.2" fill="${fill}"/>`);
      }
    }
    out.push('</g>');
  });
  const axisY = TOP + Math.max(1, panels.length) * (PANEL_HEIGHT + GAP) - GAP + 32;
  out.push(`<text x="${LEFT + plotWidth / 2}" y="${axisY}" text-anchor="middle" fill="#333">hours from ${escapeXmlDisplayText(input.startLabel)}</text>`);
  // Legend: one entry per station, then the rejected marker.
  const legend = [...series.map((s) => ({ label: s, colour: colour.get(s)!, rejected: false })), { label: 'rejected', colour: REJECTED, rejected: true }];
  legend.forEach((entry, i) => {
    const ly = TOP + 12 + i * 18;
    const lx = LEFT + plotWidth + 16;
    out.push(
      entry.rejected
        ? `<path d="M${lx - 3.5},${ly - 7.5} L${lx + 3.5},${ly - 0.5} M${lx - 3.5},${ly - 0.5} L${lx + 3.5},${ly - 7.5}" stroke="${REJECTED}" stroke-width="1.8"/>`
        : `<circle cx="${lx}" cy="${ly - 4}" r="4" fill="${entry.colour}"/>`,
      `<text x="${lx + 10}" y="${ly}">${escapeXmlDisplayText(entry.label)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
