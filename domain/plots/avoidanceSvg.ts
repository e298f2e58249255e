/**
 * The pictures of a collision-avoidance plan (issue 38, "Pictures") as standalone SVG documents, from what the service
 * stores: the plan's `AvoidancePlanResultView` (domain/avoidance/model.ts; its target unless another is given) and, for
 * the encounter plane, the event's encounter at TCA rebuilt from the plan's CDM as the plan did
 * (domain/avoidance/planning.ts `avoidanceEncounter`). Pure: numbers in, text out.
 *
 *  1. `avoidanceTradeSpaceSvg`: the trade space — Pc against Δv, the Pc axis logarithmic (the Δv axis too when the
 *     sizes span a decade or more), one curve per lead time: at each size, the smallest linear Pc over the directions
 *     considered (the best that lead time can do with that Δv; one direction only with `direction`). The nominal Pc
 *     (no burn) dotted, the target Pc dashed, every re-propagated candidate at its numerical Pc (open diamond), and
 *     the recommended candidate marked (a ring at its Δv and its re-propagated Pc). A Pc of zero or below the axis
 *     sits on the bottom edge; a candidate without a Pc is left out of its curve.
 *  2. `avoidanceEncounterSvg`: the encounter plane before and after the recommended burn, side by side at one scale
 *     (domain/plots/encounterSvg.ts's panel): before, the event's encounter (the primary's and the secondary's
 *     covariances at TCA); after, the re-propagated closest approach (the primary's covariance propagated with the
 *     execution errors, the secondary's as given: the candidate's stored `numerical.encounterPlane`, which the plan
 *     computes with domain/avoidance/encounterPlane.ts `postBurnEncounterPlane`; a plan stored without it is drawn from the re-propagated relative
 *     position with the covariance before the burn, and the picture says so), both drawn in the nominal collision plane's axes (x along the
 *     nominal miss vector; the burn turns the relative velocity by Δv/v_rel, ~1e-5 rad, so the two planes coincide
 *     to the drawing's precision).
 *
 * The recommended candidate is the plan's (`recommendedCandidate`), or the one the caller names (`recommended`: an
 * index into `plan.candidates`, null for none).
 */
import type { AvoidanceDirection, AvoidanceEncounter, AvoidanceTarget } from '../../engine/avoidance/index.ts';
import { nominalEncounter, planeIn } from '../avoidance/encounterPlane.ts';
import type { AvoidancePlanResultView, PlanCandidateView } from '../avoidance/model.ts';
import { escapeXmlDisplayText } from '../../engine/files/common/xmlWriter.ts';
import { encounterLegend, encounterPlanePanel, encounterPlaneView, svgHead, type EncounterPlane } from './encounterSvg.ts';
import { niceStep } from './residualsSvg.ts';

export interface AvoidancePlotInput {
  readonly title: string;
  readonly subtitle: string;
  /** The stored result of a SUCCEEDED plan. */
  readonly plan: AvoidancePlanResultView;
  /** Default: the plan's. */
  readonly target?: AvoidanceTarget;
  /** Index into `plan.candidates` of the recommended candidate; null: none; absent: the plan's recommendedCandidate. */
  readonly recommended?: number | null;
}

export interface AvoidanceTradeSpacePlotInput extends AvoidancePlotInput {
  /** Draw this direction only (default: at each size the smallest Pc over the directions). */
  readonly direction?: AvoidanceDirection;
}

export interface AvoidanceEncounterPlotInput extends AvoidancePlotInput {
  /** The encounter the plan was made for (the states and covariances at TCA: planning.ts avoidanceEncounter). */
  readonly encounter: AvoidanceEncounter;
}

/** One colour per lead time (in order), then the marks. */
export const AVOIDANCE_COLOURS = {
  leadTimes: ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#17becf', '#bcbd22', '#7f7f7f'],
  target: '#d62728',
  nominal: '#555555',
  recommended: '#e377c2',
} as const;

const f = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '0');

function format(value: number, digits = 3): string {
  return value === 0 ? '0' : Math.abs(value) >= 1e-3 && Math.abs(value) < 1e6 ? String(Number(value.toPrecision(digits))) : value.toExponential(digits - 1);
}

const leadLabel = (s: number) => `τ ${format(s, 5)} s (${(s / 3600).toFixed(2)} h)`;

/** The recommended candidate of the plan (see the header), or null. */
export function recommendedCandidate(input: AvoidancePlotInput): PlanCandidateView | null {
  const n = input.recommended === undefined ? input.plan.recommendedCandidate : input.recommended;
  return n === null ? null : (input.plan.candidates[n] ?? null);
}

function targetText(target: AvoidanceTarget): string {
  const parts: string[] = [];
  if (target.maxPc !== undefined) parts.push(`Pc < ${format(target.maxPc)}`);
  if (target.minMissDistanceM !== undefined) parts.push(`miss ≥ ${format(target.minMissDistanceM)} m`);
  if (target.minMahalanobisDistance !== undefined) parts.push(`Mahalanobis distance ≥ ${format(target.minMahalanobisDistance)}`);
  return parts.length > 0 ? parts.join(' and ') : 'none';
}

function candidateText(c: PlanCandidateView): string {
  const pc = c.numerical.pc;
  return `${c.direction} ${format(c.deltaVMetersPerSecond)} m/s, ${leadLabel(c.leadTimeS)}: Pc ${pc === null ? 'none' : format(pc)} (linear ${c.linear.pc === null ? 'none' : format(c.linear.pc)}), miss ${format(c.numerical.missDistanceM)} m, ${format(c.propellantKg)} kg`;
}

/** One curve of the trade space: a lead time and its (Δv, Pc) points, Δv ascending. */
export interface TradeSpaceCurve {
  readonly leadTimeS: number;
  readonly points: ReadonlyArray<{ readonly deltaVMetersPerSecond: number; readonly pc: number }>;
}

/** The curves drawn: per lead time (in the trade space's order), per size, the smallest Pc of the directions drawn. */
export function tradeSpaceCurves(plan: AvoidancePlanResultView, direction?: AvoidanceDirection): TradeSpaceCurve[] {
  const byLead = new Map<number, Map<number, number>>();
  const ts = plan.tradeSpace;
  for (let i = 0; i < ts.leadTimeS.length; i++) {
    if (direction !== undefined && ts.direction[i] !== direction) continue;
    const sizes = byLead.get(ts.leadTimeS[i]!) ?? new Map<number, number>();
    byLead.set(ts.leadTimeS[i]!, sizes);
    const pc = ts.pc[i];
    if (pc === null || pc === undefined || !Number.isFinite(pc)) continue;
    const dv = ts.deltaVMetersPerSecond[i]!;
    const best = sizes.get(dv);
    if (best === undefined || pc < best) sizes.set(dv, pc);
  }
  return [...byLead].map(([leadTimeS, sizes]) => ({
    leadTimeS,
    points: [...sizes].sort((a, b) => a[0] - b[0]).map(([deltaVMetersPerSecond, pc]) => ({ deltaVMetersPerSecond, pc })),
  }));
}

const TS = { width: 1000, height: 640, left: 90, right: 250, top: 140, plotHeight: 420 };

export function avoidanceTradeSpaceSvg(input: AvoidanceTradeSpacePlotInput): string {
  const { plan } = input;
  const target = input.target ?? plan.target;
  const curves = tradeSpaceCurves(plan, input.direction);
  const recommended = recommendedCandidate(input);
  const nominalPc = plan.nominal.pc;
  const plotWidth = TS.width - TS.left - TS.right;
  const bottom = TS.top + TS.plotHeight;

  // x: Δv, logarithmic when the sizes span a decade or more
  const sizes = plan.tradeSpace.deltaVMetersPerSecond.filter((v) => v > 0 && Number.isFinite(v));
  const dvMin = sizes.length > 0 ? Math.min(...sizes) : 0.01;
  const dvMax = sizes.length > 0 ? Math.max(...sizes) : 1;
  const logX = dvMax / dvMin >= 10;
  let xOf: (dv: number) => number;
  const xTicks: Array<[number, string]> = [];
  if (logX) {
    const d0 = Math.floor(Math.log10(dvMin) + 1e-9);
    const d1 = Math.max(d0 + 1, Math.ceil(Math.log10(dvMax) - 1e-9));
    xOf = (dv) => TS.left + ((Math.log10(dv) - d0) / (d1 - d0)) * plotWidth;
    for (let d = d0; d <= d1; d++) xTicks.push([10 ** d, format(10 ** d)]);
  } else {
    const step = niceStep(Math.max(dvMax, 1e-6), 6);
    const xTop = Math.ceil((dvMax * 1.02) / step) * step;
    xOf = (dv) => TS.left + (dv / xTop) * plotWidth;
    for (let v = 0; v <= xTop + step / 2; v += step) xTicks.push([v, format(Number(v.toPrecision(6)))]);
  }

  // y: log10 Pc, from a floor under everything drawn (and a decade under the target) to the decade above the largest
  const drawn = [...curves.flatMap((c) => c.points.map((p) => p.pc)), ...plan.candidates.map((c) => c.numerical.pc ?? 0), nominalPc ?? 0, target.maxPc ?? 0].filter((v) => v > 0);
  // the floor: under everything drawn, but no deeper than 8 decades under the target (or the nominal Pc) — a Pc of
  // 1e-25 reads as "none" at this scale; what lies below sits on the bottom edge
  const reference = target.maxPc ?? nominalPc ?? 1e-6;
  const lowest = Math.min(...drawn, reference / 10);
  const decadeMin = Math.max(-30, Math.floor(Math.log10(lowest)), Math.floor(Math.log10(reference > 0 ? reference : 1e-6)) - 8);
  const decadeMax = Math.min(0, Math.max(decadeMin + 1, Math.ceil(Math.log10(Math.max(...drawn, 10 ** (decadeMin + 1))) - 1e-9)));
  const floor = 10 ** decadeMin;
  const yOf = (pc: number) => bottom - ((Math.min(Math.max(Math.log10(Math.max(pc, floor)), decadeMin), decadeMax) - decadeMin) / (decadeMax - decadeMin)) * TS.plotHeight;

  const notes = [
    `nominal Pc ${nominalPc === null ? 'none' : format(nominalPc)} (${plan.pcMethod}), miss ${format(plan.nominal.missDistanceM)} m; target ${targetText(target)}`,
    `${plan.tradeSpace.count} candidates by linear mapping (${curves.length} lead times), ${plan.tradeSpace.meetingTargetCount} meet the target linearly, ${plan.candidates.length} re-propagated`,
    recommended ? `recommended (re-propagated): ${candidateText(recommended)}` : 'no recommended candidate: none re-propagated meets the target',
    input.direction ? `curves: ${input.direction} only` : 'curves: at each Δv the smallest linear Pc over the directions considered',
  ];
  const out = svgHead(TS.width, TS.height, input.title, input.subtitle, notes, TS.left);
  out.push(
    `<defs><clipPath id="trade-space"><rect x="${TS.left}" y="${TS.top}" width="${plotWidth}" height="${TS.plotHeight}"/></clipPath></defs>`,
    `<rect x="${TS.left}" y="${TS.top}" width="${plotWidth}" height="${TS.plotHeight}" fill="#fafafa" stroke="#999"/>`,
  );
  for (const [v, label] of xTicks) {
    const x = f(xOf(v));
    out.push(`<line x1="${x}" x2="${x}" y1="${TS.top}" y2="${bottom}" stroke="#e6e6e6"/>`, `<text x="${x}" y="${bottom + 16}" text-anchor="middle" fill="#333">${label}</text>`);
  }
  const decadeStep = Math.max(1, Math.ceil((decadeMax - decadeMin) / 10));
  for (let d = decadeMax; d >= decadeMin; d -= decadeStep) {
    const y = f(yOf(10 ** d));
    out.push(`<line x1="${TS.left}" x2="${TS.left + plotWidth}" y1="${y}" y2="${y}" stroke="#e3e3e3"/>`, `<text x="${TS.left - 6}" y="${f(yOf(10 ** d) + 4)}" text-anchor="end" fill="#333">${d === 0 ? '1' : `1e${d}`}</text>`);
  }
  out.push(
    `<text x="${TS.left + plotWidth / 2}" y="${bottom + 38}" text-anchor="middle" fill="#333">Δv [m/s]${logX ? ' (log scale)' : ''}</text>`,
    `<text x="24" y="${TS.top + TS.plotHeight / 2}" text-anchor="middle" fill="#333" transform="rotate(-90 24 ${TS.top + TS.plotHeight / 2})">Pc (${escapeXmlDisplayText(plan.pcMethod)}, log scale)</text>`,
    '<g clip-path="url(#trade-space)">',
  );
  if (nominalPc !== null && nominalPc > 0) {
    out.push(`<line class="nominal" x1="${TS.left}" x2="${TS.left + plotWidth}" y1="${f(yOf(nominalPc))}" y2="${f(yOf(nominalPc))}" stroke="${AVOIDANCE_COLOURS.nominal}" stroke-width="1.5" stroke-dasharray="2,4"/>`);
  }
  if (target.maxPc !== undefined && target.maxPc > 0) {
    out.push(`<line class="target" x1="${TS.left}" x2="${TS.left + plotWidth}" y1="${f(yOf(target.maxPc))}" y2="${f(yOf(target.maxPc))}" stroke="${AVOIDANCE_COLOURS.target}" stroke-width="2" stroke-dasharray="8,5"/>`);
  }
  curves.forEach((curve, i) => {
    const colour = AVOIDANCE_COLOURS.leadTimes[i % AVOIDANCE_COLOURS.leadTimes.length]!;
    const pts = curve.points.map((p) => `${f(xOf(p.deltaVMetersPerSecond))},${f(yOf(p.pc))}`);
    out.push(`<g class="lead-time" data-lead-time-s="${curve.leadTimeS}">`);
    if (pts.length > 1) out.push(`<polyline class="curve" fill="none" stroke="${colour}" stroke-width="2.5" points="${pts.join(' ')}"/>`);
    for (const p of curve.points) {
      const below = p.pc < floor;
      out.push(`<circle class="${below ? 'point-below' : 'point'}" cx="${f(xOf(p.deltaVMetersPerSecond))}" cy="${f(yOf(p.pc))}" r="3.5" fill="${colour}" data-delta-v="${p.deltaVMetersPerSecond}" data-pc="${p.pc}"/>`);
    }
    out.push('</g>');
  });
  for (const c of plan.candidates) {
    const pc = c.numerical.pc;
    if (pc === null) continue;
    const cx = xOf(c.deltaVMetersPerSecond);
    const cy = yOf(pc);
    out.push(`<path class="repropagated" d="M${f(cx)},${f(cy - 6)} L${f(cx + 6)},${f(cy)} L${f(cx)},${f(cy + 6)} L${f(cx - 6)},${f(cy)} Z" fill="none" stroke="#000" stroke-width="1.5"/>`);
  }
  if (recommended) {
    const pc = recommended.numerical.pc ?? 0;
    out.push(
      `<circle class="recommended" cx="${f(xOf(recommended.deltaVMetersPerSecond))}" cy="${f(yOf(pc))}" r="11" fill="none" stroke="${AVOIDANCE_COLOURS.recommended}" stroke-width="4" data-n="${recommended.n}" data-delta-v="${recommended.deltaVMetersPerSecond}" data-pc="${pc}"/>`,
    );
  }
  out.push('</g>');
  // legend, right of the plot
  const lx = TS.left + plotWidth + 16;
  let ly = TS.top + 10;
  curves.forEach((curve, i) => {
    const colour = AVOIDANCE_COLOURS.leadTimes[i % AVOIDANCE_COLOURS.leadTimes.length]!;
    out.push(`<line x1="${lx}" x2="${lx + 22}" y1="${ly - 4}" y2="${ly - 4}" stroke="${colour}" stroke-width="2.5"/>`, `<text x="${lx + 28}" y="${ly}">${escapeXmlDisplayText(leadLabel(curve.leadTimeS))}</text>`);
    ly += 20;
  });
  ly += 8;
  const marks: Array<[string, string]> = [
    [`<line x1="${lx}" x2="${lx + 22}" y1="${ly - 4}" y2="${ly - 4}" stroke="${AVOIDANCE_COLOURS.target}" stroke-width="2" stroke-dasharray="8,5"/>`, target.maxPc !== undefined ? `target Pc ${format(target.maxPc)}` : 'no Pc target'],
    [`<line x1="${lx}" x2="${lx + 22}" y1="${ly + 16}" y2="${ly + 16}" stroke="${AVOIDANCE_COLOURS.nominal}" stroke-width="1.5" stroke-dasharray="2,4"/>`, 'nominal (no burn)'],
    [`<path d="M${lx + 11},${ly + 30} L${lx + 17},${ly + 36} L${lx + 11},${ly + 42} L${lx + 5},${ly + 36} Z" fill="none" stroke="#000" stroke-width="1.5"/>`, 're-propagated'],
    [`<circle cx="${lx + 11}" cy="${ly + 56}" r="8" fill="none" stroke="${AVOIDANCE_COLOURS.recommended}" stroke-width="3"/>`, 'recommended'],
  ];
  marks.forEach(([shape, label], i) => out.push(shape, `<text x="${lx + 28}" y="${ly + 20 * i}">${escapeXmlDisplayText(label)}</text>`));
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

const ENC = { width: 1120, height: 790, top: 190, size: 440, lefts: [100, 640] };

/** The after-plane's covariance: the stored post-burn one, or (a plan stored without it) the one before the burn. */
export type AfterCovariance = 'POST_BURN' | 'BEFORE_BURN';

/**
 * The nominal and (for a stored candidate) the post-burn encounter planes, both in the nominal plane's axes. The
 * after-plane is the candidate's stored `numerical.encounterPlane`; without it, the re-propagated relative position
 * (the primary's RTN at the new TCA, taken as the nominal primary's: the axes turn by ~1e-3 rad at most) projected
 * on the nominal plane, with the covariance before the burn (`afterCovariance` says which).
 */
export function avoidanceEncounterPlanes(
  encounter: AvoidanceEncounter,
  candidate: PlanCandidateView | null,
): { before: EncounterPlane; after: EncounterPlane | null; afterCovariance: AfterCovariance | null } {
  const nominal = nominalEncounter(encounter);
  const radius = encounter.combinedHardBodyRadiusM;
  const before = { ...planeIn(nominal, nominal), hardBodyRadiusM: radius };
  if (!candidate) return { before, after: null, afterCovariance: null };
  const stored = candidate.numerical.encounterPlane;
  if (stored) return { before, after: { missVectorM: stored.missVectorM, covarianceM2: stored.covarianceM2, hardBodyRadiusM: radius }, afterCovariance: 'POST_BURN' };
  // RTN → GCRF with the nominal primary's axes, then onto the nominal plane
  const st = encounter.primaryStateKm;
  const r = [st[0]!, st[1]!, st[2]!];
  const v = [st[3]!, st[4]!, st[5]!];
  const unit = (a: number[]) => a.map((x) => x / Math.hypot(...a));
  const cross = (a: number[], b: number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
  const R = unit(r);
  const N = unit(cross(r, v));
  const T = cross(N, R);
  const [dr, dt, dn] = candidate.numerical.relativePositionRtnM;
  const rel = [0, 1, 2].map((k) => dr * R[k]! + dt * T[k]! + dn * N[k]!);
  const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  return {
    before,
    after: { missVectorM: [dot(rel, nominal.encounterFrame.xAxis), dot(rel, nominal.encounterFrame.yAxis)], covarianceM2: before.covarianceM2, hardBodyRadiusM: radius },
    afterCovariance: 'BEFORE_BURN',
  };
}

export function avoidanceEncounterSvg(input: AvoidanceEncounterPlotInput): string {
  const { plan, encounter } = input;
  const recommended = recommendedCandidate(input);
  const { before, after, afterCovariance } = avoidanceEncounterPlanes(encounter, recommended);
  const view = encounterPlaneView(after ? [before, after] : [before]);
  const nominalPc = plan.nominal.pc;
  const subtitle =
    afterCovariance === 'BEFORE_BURN'
      ? `${input.subtitle} — after-plane drawn with the covariance before the burn (this plan stored no post-burn covariance)`
      : input.subtitle;
  const notes = [
    `target ${targetText(input.target ?? plan.target)}; Pc by ${plan.pcMethod}`,
    `before: Pc ${nominalPc === null ? 'none' : format(nominalPc)}, miss ${format(plan.nominal.missDistanceM)} m`,
    recommended ? `after (re-propagated): ${candidateText(recommended)}` : 'after: no recommended candidate (none re-propagated meets the target)',
    'both planes in the nominal collision plane: x along the nominal miss vector, y ⟂ to it, both ⟂ to the relative velocity; one scale',
  ];
  const out = svgHead(ENC.width, ENC.height, input.title, subtitle, notes);
  const axisTitles = { x: 'x (m): along the nominal miss vector', y: 'y (m): collision plane' };
  const titles = ['before: no burn', recommended ? `after: ${recommended.direction} ${format(recommended.deltaVMetersPerSecond)} m/s, ${leadLabel(recommended.leadTimeS)}` : 'after: no recommended candidate'];
  let diskEnlarged = false;
  [before, after].forEach((plane, i) => {
    const box = { left: ENC.lefts[i]!, top: ENC.top, size: ENC.size };
    out.push(`<g class="${i === 0 ? 'before' : 'after'}">`, `<text x="${box.left}" y="${box.top - 10}" font-weight="bold">${escapeXmlDisplayText(titles[i]!)}</text>`);
    if (plane) {
      const panel = encounterPlanePanel(plane, box, view, i === 0 ? '-before' : '-after', axisTitles);
      diskEnlarged ||= panel.diskEnlarged;
      out.push(...panel.elements);
    } else {
      out.push(`<rect x="${box.left}" y="${box.top}" width="${box.size}" height="${box.size}" fill="#fafafa" stroke="#999"/>`, `<text x="${box.left + box.size / 2}" y="${box.top + box.size / 2}" text-anchor="middle" fill="#666">no candidate meets the target</text>`);
    }
    out.push('</g>');
  });
  out.push(...encounterLegend(ENC.lefts[0]!, ENC.top + ENC.size + 66, encounter.combinedHardBodyRadiusM, diskEnlarged));
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
