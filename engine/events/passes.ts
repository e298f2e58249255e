/**
 * Pass assembler: a station's elevation crossings and maxima (detectors/elevation.ts through search.ts) → passes.
 *
 * A pass runs from AOS (elevation rising through the mask) to LOS (setting through it). A pass already in progress
 * at the span start, or still in progress at its end, is cut there and flagged (`cutAtStart`, `cutAtEnd`; its AOS
 * or LOS is null and the span edge is reported instead). The pass maximum is the highest local maximum of
 * elevation inside the pass; for a cut pass, the span edge when the elevation there is higher than every local
 * maximum (or the pass has none), flagged `atSpanEdge` — the conventions of the events reference.
 */
import { topocentricView, type TopocentricView } from './detectors/elevation.ts';
import type { EventGeometry } from './geometry.ts';
import type { SwitchingSearch } from './search.ts';
import type { EventStation } from './stations.ts';

/** The spacecraft seen from the station at one instant. */
export interface PassPoint {
  /** Seconds from the trajectory epoch. */
  readonly tS: number;
  readonly elevationDeg: number;
  /** From north towards east, [0, 360). */
  readonly azimuthDeg: number;
  readonly rangeKm: number;
  readonly elevationRateDegS: number;
}

export interface PassMaximum extends PassPoint {
  /** The maximum is the span edge of a cut pass, not a local maximum. */
  readonly atSpanEdge: boolean;
}

export interface Pass {
  readonly stationId: string;
  readonly stationName: string;
  /** 1, 2, … per station. */
  readonly number: number;
  /** The elevation threshold of this search (the station mask, or a higher minimum asked for). */
  readonly elevationThresholdDeg: number;
  /** AOS or the span start (cut pass), LOS or the span end (seconds from the trajectory epoch). */
  readonly startS: number;
  readonly endS: number;
  readonly durationS: number;
  readonly cutAtStart: boolean;
  readonly cutAtEnd: boolean;
  readonly aos: PassPoint | null;
  readonly los: PassPoint | null;
  readonly maximum: PassMaximum;
  /** Every local maximum of elevation inside the pass, in time order (HEO passes may have several). */
  readonly localMaxima: readonly PassPoint[];
  /** The span edges of a cut pass. */
  readonly atSpanStart: PassPoint | null;
  readonly atSpanEnd: PassPoint | null;
}

function pointAt(geometry: EventGeometry, station: EventStation, t: number, view: TopocentricView): PassPoint {
  geometry.at(t);
  topocentricView(geometry, station, view);
  return { tS: t, elevationDeg: view.elevationDeg, azimuthDeg: view.azimuthDeg, rangeKm: view.rangeKm, elevationRateDegS: view.elevationRateDegS };
}

/** The passes of one station from its finished search over [fromS, toS] (`geometry` is scratch). */
export function assemblePasses(
  station: EventStation,
  elevationThresholdDeg: number,
  search: SwitchingSearch,
  fromS: number,
  toS: number,
  geometry: EventGeometry,
): Pass[] {
  const view: TopocentricView = { elevationDeg: 0, azimuthDeg: 0, rangeKm: 0, elevationRateDegS: 0 };
  const intervals: { start: number; end: number; aos: boolean; los: boolean }[] = [];
  let inside = search.startPositive;
  let start = fromS;
  let hasAos = false;
  for (const c of search.crossings) {
    if (c.increasing && !inside) {
      inside = true;
      start = c.tS;
      hasAos = true;
    } else if (!c.increasing && inside) {
      inside = false;
      intervals.push({ start, end: c.tS, aos: hasAos, los: true });
    }
  }
  if (inside) intervals.push({ start, end: toS, aos: hasAos, los: false });

  const passes: Pass[] = [];
  for (const iv of intervals) {
    const aos = iv.aos ? pointAt(geometry, station, iv.start, view) : null;
    const los = iv.los ? pointAt(geometry, station, iv.end, view) : null;
    const atSpanStart = iv.aos ? null : pointAt(geometry, station, fromS, view);
    const atSpanEnd = iv.los ? null : pointAt(geometry, station, toS, view);
    const localMaxima = search.maxima
      .filter((m) => m.tS >= iv.start && m.tS <= iv.end)
      .map((m) => pointAt(geometry, station, m.tS, view));
    let maximum: PassMaximum | null = null;
    for (const m of localMaxima) if (maximum === null || m.elevationDeg > maximum.elevationDeg) maximum = { ...m, atSpanEdge: false };
    for (const edge of [atSpanStart, atSpanEnd]) {
      if (edge !== null && (maximum === null || edge.elevationDeg > maximum.elevationDeg)) maximum = { ...edge, atSpanEdge: true };
    }
    if (maximum === null) {
      // a complete pass always holds a maximum; only a pass shorter than the search resolution can lack it
      const mid = pointAt(geometry, station, 0.5 * (iv.start + iv.end), view);
      maximum = { ...mid, atSpanEdge: false };
    }
    passes.push({
      stationId: station.id,
      stationName: station.name,
      number: passes.length + 1,
      elevationThresholdDeg,
      startS: iv.start,
      endS: iv.end,
      durationS: iv.end - iv.start,
      cutAtStart: !iv.aos,
      cutAtEnd: !iv.los,
      aos,
      los,
      maximum,
      localMaxima,
      atSpanStart,
      atSpanEnd,
    });
  }
  return passes;
}
