/**
 * The encounter plane of a conjunction as a standalone SVG document: the collision plane at TCA (the plane through
 * the primary perpendicular to the relative velocity; engine/collision/encounter.ts, x along the miss vector), our
 * object at the origin with the hard-body disk of the combined radius R around it, the secondary's nominal position
 * at the tip of the miss vector, and the combined position covariance projected on the plane drawn as its 1σ and 3σ
 * ellipses around that position — the picture of the Pc: the probability mass of that Gaussian inside the disk
 * (Foster's integral). Both axes in metres at the same scale, so shapes are true. A disk smaller than 3 px is drawn
 * at 3 px and the legend says so. Pure: numbers in, text out.
 */
import { symmetric2x2Eigen } from '../../engine/collision/encounter.ts';
import { niceStep } from './residualsSvg.ts';
import { escapeXmlDisplayText } from '../../engine/files/common/xmlWriter.ts';

export interface EncounterPlotInput {
  title: string;
  subtitle: string;
  /** Combined position covariance in the collision plane (x, y), m². */
  covarianceM2: [[number, number], [number, number]];
  /** The secondary's position relative to the primary in the collision plane, m. */
  missVectorM: [number, number];
  hardBodyRadiusM: number;
  /** Lines of text under the title (Pc, miss distance, σ …). */
  notes: string[];
}

export const ENCOUNTER_COLOURS = { sigma1: '#1f77b4', sigma3: '#ff7f0e', disk: '#d62728', miss: '#2ca02c' } as const;

const WIDTH = 640;
const HEIGHT = 760;
const PLOT = { left: 90, top: 150, size: 500 };
const MIN_DISK_PX = 3;

const f = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '0');

/** A tick label in metres: plain up to 6 digits, otherwise with an exponent. */
function metres(value: number, step: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-3) return value.toExponential(Math.max(0, Math.min(6, Math.round(Math.log10(magnitude) - Math.log10(step))))).replace('e+', 'e');
  const decimals = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  return value.toFixed(decimals);
}

/** What one encounter-plane panel draws: the combined covariance in the plane, the miss vector, the disk. */
export type EncounterPlane = Pick<EncounterPlotInput, 'covarianceM2' | 'missVectorM' | 'hardBodyRadiusM'>;

/** The square region of the plane a panel shows (m): [xMin, xMin + span] × [yMin, yMin + span]. */
export interface EncounterPlaneView {
  readonly xMin: number;
  readonly yMin: number;
  readonly span: number;
}

/** Where a panel goes on the page (px): its top-left corner and side. */
export interface EncounterPanelBox {
  readonly left: number;
  readonly top: number;
  readonly size: number;
}

/**
 * The view that holds every plane given at one scale: the union of each 3σ ellipse's bounding box (3√Cxx, 3√Cyy
 * around the secondary), its disk and the origin, squared and centred with an 8 % margin; never zero-sized.
 */
export function encounterPlaneView(planes: readonly EncounterPlane[]): EncounterPlaneView {
  let xMin = 0;
  let xMax = 0;
  let yMin = 0;
  let yMax = 0;
  for (const plane of planes) {
    const [[a], [, c]] = plane.covarianceM2;
    const [mx, my] = plane.missVectorM;
    const r = plane.hardBodyRadiusM;
    const hx = 3 * Math.sqrt(Math.max(0, a));
    const hy = 3 * Math.sqrt(Math.max(0, c));
    xMin = Math.min(xMin, mx - hx, -r);
    xMax = Math.max(xMax, mx + hx, r);
    yMin = Math.min(yMin, my - hy, -r);
    yMax = Math.max(yMax, my + hy, r);
  }
  const span = Math.max(xMax - xMin, yMax - yMin, 1e-6) * 1.16;
  return { xMin: (xMin + xMax) / 2 - span / 2, yMin: (yMin + yMax) / 2 - span / 2, span };
}

/**
 * One encounter-plane panel as SVG elements: its frame, grid and tick labels in metres, the axis titles, the 1σ and
 * 3σ ellipses of the combined covariance around the secondary, the hard-body disk at the origin (at least 3 px), the
 * miss vector, clipped to the box. `id` makes its clip path and arrow marker unique in a document holding several.
 */
export function encounterPlanePanel(
  plane: EncounterPlane,
  box: EncounterPanelBox,
  view: EncounterPlaneView,
  id = '',
  axisTitles: { x: string; y: string } = { x: 'x (m): collision plane, along the miss vector', y: 'y (m): collision plane' },
): { elements: string[]; diskEnlarged: boolean } {
  const [[a, b], [, c]] = plane.covarianceM2;
  const { lambdaMin, lambdaMax, majorAxisAngleRad } = symmetric2x2Eigen(a, b, c);
  const [mx, my] = plane.missVectorM;
  const r = plane.hardBodyRadiusM;
  const { xMin, yMin, span } = view;
  const xMax = xMin + span;
  const yMax = yMin + span;
  const scale = box.size / span;
  const px = (x: number) => box.left + (x - xMin) * scale;
  const py = (y: number) => box.top + box.size - (y - yMin) * scale;
  const step = niceStep(span, 6);
  const clip = `plot${id}`;
  const arrow = `arrow${id}`;
  const out: string[] = [];
  out.push(
    `<defs><clipPath id="${clip}"><rect x="${box.left}" y="${box.top}" width="${box.size}" height="${box.size}"/></clipPath>`,
    `<marker id="${arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" fill="${ENCOUNTER_COLOURS.miss}"/></marker></defs>`,
    `<rect x="${box.left}" y="${box.top}" width="${box.size}" height="${box.size}" fill="#fafafa" stroke="#999"/>`,
  );
  for (let v = Math.ceil(xMin / step) * step; v <= xMax + step * 1e-9; v += step) {
    const x = f(px(v));
    out.push(
      `<line x1="${x}" x2="${x}" y1="${box.top}" y2="${box.top + box.size}" stroke="${Math.abs(v) < step / 2 ? '#888' : '#e6e6e6'}"/>`,
      `<text x="${x}" y="${box.top + box.size + 16}" text-anchor="middle" fill="#333">${metres(Math.abs(v) < step / 2 ? 0 : v, step)}</text>`,
    );
  }
  for (let v = Math.ceil(yMin / step) * step; v <= yMax + step * 1e-9; v += step) {
    const y = f(py(v));
    out.push(
      `<line x1="${box.left}" x2="${box.left + box.size}" y1="${y}" y2="${y}" stroke="${Math.abs(v) < step / 2 ? '#888' : '#e6e6e6'}"/>`,
      `<text x="${box.left - 6}" y="${f(py(v) + 4)}" text-anchor="end" fill="#333">${metres(Math.abs(v) < step / 2 ? 0 : v, step)}</text>`,
    );
  }
  const yTitleX = box.left - 68;
  out.push(
    `<text x="${box.left + box.size / 2}" y="${box.top + box.size + 38}" text-anchor="middle" fill="#333">${escapeXmlDisplayText(axisTitles.x)}</text>`,
    `<text x="${yTitleX}" y="${box.top + box.size / 2}" text-anchor="middle" fill="#333" transform="rotate(-90 ${yTitleX} ${box.top + box.size / 2})">${escapeXmlDisplayText(axisTitles.y)}</text>`,
  );
  // Ellipses: semi-axes k√λ along the eigenvectors; SVG's y points down, so the rotation angle changes sign.
  const angleDeg = (-majorAxisAngleRad * 180) / Math.PI;
  const ellipse = (k: number, colour: string, cls: string, dashed: boolean) => {
    const rx = Math.max(0.5, k * Math.sqrt(Math.max(0, lambdaMax)) * scale);
    const ry = Math.max(0.5, k * Math.sqrt(Math.max(0, lambdaMin)) * scale);
    return `<ellipse class="${cls}" cx="${f(px(mx))}" cy="${f(py(my))}" rx="${f(rx)}" ry="${f(ry)}" transform="rotate(${f(angleDeg)} ${f(px(mx))} ${f(py(my))})" fill="none" stroke="${colour}" stroke-width="2.5"${dashed ? ' stroke-dasharray="8,5"' : ''}/>`;
  };
  const diskPx = r * scale;
  const diskEnlarged = diskPx < MIN_DISK_PX;
  out.push(
    `<g clip-path="url(#${clip})">`,
    ellipse(3, ENCOUNTER_COLOURS.sigma3, 'sigma3', true),
    ellipse(1, ENCOUNTER_COLOURS.sigma1, 'sigma1', false),
    `<circle class="hard-body" cx="${f(px(0))}" cy="${f(py(0))}" r="${f(Math.max(diskPx, MIN_DISK_PX))}" fill="${ENCOUNTER_COLOURS.disk}" fill-opacity="0.55" stroke="${ENCOUNTER_COLOURS.disk}" stroke-width="1.5"/>`,
  );
  if (Math.hypot(mx, my) * scale >= 1) {
    out.push(`<line class="miss" x1="${f(px(0))}" y1="${f(py(0))}" x2="${f(px(mx))}" y2="${f(py(my))}" stroke="${ENCOUNTER_COLOURS.miss}" stroke-width="2.5" marker-end="url(#${arrow})"/>`);
  }
  out.push(
    `<circle cx="${f(px(mx))}" cy="${f(py(my))}" r="3" fill="#000"/>`,
    `<path d="M${f(px(0) - 5)},${f(py(0))} L${f(px(0) + 5)},${f(py(0))} M${f(px(0))},${f(py(0) - 5)} L${f(px(0))},${f(py(0) + 5)}" stroke="#000" stroke-width="1.5"/>`,
    '</g>',
  );
  return { elements: out, diskEnlarged };
}

/** The legend of the encounter-plane pictures, two rows from (left, y). */
export function encounterLegend(left: number, y: number, hardBodyRadiusM: number, diskEnlarged: boolean): string[] {
  const out: string[] = [];
  const legend: Array<[string, string, string]> = [
    ['line', ENCOUNTER_COLOURS.sigma1, 'combined covariance 1σ'],
    ['dash', ENCOUNTER_COLOURS.sigma3, '3σ'],
    ['disk', ENCOUNTER_COLOURS.disk, `hard-body disk R = ${hardBodyRadiusM} m${diskEnlarged ? ' (drawn at 3 px: smaller than a pixel at this scale)' : ''}`],
    ['arrow', ENCOUNTER_COLOURS.miss, 'miss vector (secondary relative to our object)'],
  ];
  let lx = left;
  legend.forEach(([kind, colour, label], i) => {
    const ly = y + (i >= 2 ? 20 : 0);
    if (i === 2) lx = left;
    if (kind === 'disk') out.push(`<circle cx="${lx + 10}" cy="${ly - 4}" r="6" fill="${colour}" fill-opacity="0.55" stroke="${colour}"/>`);
    else out.push(`<line x1="${lx}" x2="${lx + 22}" y1="${ly - 4}" y2="${ly - 4}" stroke="${colour}" stroke-width="2.5"${kind === 'dash' ? ' stroke-dasharray="6,4"' : ''}/>`);
    out.push(`<text x="${lx + 28}" y="${ly}">${escapeXmlDisplayText(label)}</text>`);
    lx += 40 + label.length * 6.6;
  });
  return out;
}

/** The head of a standalone picture: the root element, a white page, the title and subtitle, the notes. */
export function svgHead(width: number, height: number, title: string, subtitle: string, notes: readonly string[], left = 16): string[] {
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="24" font-size="16" font-weight="bold">${escapeXmlDisplayText(title)}</text>`,
    `<text x="${left}" y="44" fill="#444">${escapeXmlDisplayText(subtitle)}</text>`,
  ];
  notes.forEach((note, i) => out.push(`<text x="${left}" y="${66 + i * 17}" fill="#222">${escapeXmlDisplayText(note)}</text>`));
  return out;
}

export function encounterSvg(input: EncounterPlotInput): string {
  const panel = encounterPlanePanel(input, PLOT, encounterPlaneView([input]));
  const out = [...svgHead(WIDTH, HEIGHT, input.title, input.subtitle, input.notes), ...panel.elements];
  out.push(...encounterLegend(PLOT.left, PLOT.top + PLOT.size + 62, input.hardBodyRadiusM, panel.diskEnlarged));
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
