/**
 * Events as the API shows them: instants as ISO-8601 UTC with milliseconds (every event is refined to ≤ 1 ms), angles
 * in degrees, ranges in km, durations in seconds. Built on the worker from the engine's plain prediction
 * (engine/events/storedState.ts), so the event loop only sends it.
 */
import type { StoredStateEvents } from '../../engine/events/storedState.ts';
import type { Pass, PassPoint } from '../../engine/events/passes.ts';
import { Epoch } from '../../engine/time/epoch.ts';

export interface PassPointView {
  time: string;
  elevationDeg: number;
  azimuthDeg: number;
  rangeKm: number;
}

export interface PassView {
  /** Index in the response's list (the `index` of `…/passes/{index}/sky.svg` with the same query). */
  index: number;
  stationId: string;
  stationName: string;
  /** Per station, 1, 2, … within the span. */
  number: number;
  elevationThresholdDeg: number;
  /** AOS, or the span start when the pass is cut there. */
  start: string;
  /** LOS, or the span end when the pass is cut there. */
  end: string;
  durationS: number;
  cutAtStart: boolean;
  cutAtEnd: boolean;
  /** Acquisition of signal (elevation rising through the threshold); null when the pass is cut at the start. */
  aos: PassPointView | null;
  /** Loss of signal; null when the pass is cut at the end. */
  los: PassPointView | null;
  /** The highest elevation of the pass (a span edge when the pass is cut while rising or setting). */
  maximum: PassPointView & { atSpanEdge: boolean };
  /** Local maxima of elevation (a HEO pass may have several). */
  localMaximaCount: number;
}

export interface EclipseView {
  number: number;
  /** Penumbra entry (or the span start when cut) and exit (or the span end). */
  start: string;
  end: string;
  cutAtStart: boolean;
  cutAtEnd: boolean;
  penumbraEntry: string | null;
  penumbraExit: string | null;
  umbra: Array<{ entry: string | null; exit: string | null; start: string; end: string; durationS: number }>;
  shadowDurationS: number;
  umbraDurationS: number;
  penumbraOnlyDurationS: number;
}

export interface OrbitShadowView {
  number: number;
  /** Ascending node to ascending node (a partial first or last orbit: complete false). */
  start: string;
  end: string;
  complete: boolean;
  shadowDurationS: number;
  umbraDurationS: number;
  shadowFraction: number;
  umbraFraction: number;
}

/** An equator crossing northward (ASCENDING) or southward. */
export const NODE_TYPES = ['ASCENDING', 'DESCENDING'] as const;
/** The nearest and farthest points of an orbit. */
export const APSIS_TYPES = ['PERIGEE', 'APOGEE'] as const;
/** What an answer's trajectory was computed from: a stored state (numerical propagation) or a catalog element set (SGP4). */
export const TRAJECTORY_SOURCES = ['STATE', 'CATALOG'] as const;

export interface NodeView {
  type: (typeof NODE_TYPES)[number];
  time: string;
  rightAscensionDeg: number;
  longitudeDeg: number;
}

export interface ApsisView {
  type: (typeof APSIS_TYPES)[number];
  time: string;
  radiusKm: number;
  altitudeKm: number;
  latitudeDeg: number;
  longitudeDeg: number;
}

/** Common to every event answer: what was computed from what. */
export interface EventSpanView {
  from: string;
  to: string;
  /** The propagation stopped at the 100 km floor inside the span: events end at `truncatedAt`. */
  truncatedAt: string | null;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** `tS` seconds after `epoch` as the API prints instants (UTC, ms). */
export function instantAt(epoch: Epoch, tS: number): string {
  return epoch.plusSeconds(tS).toIsoString(3);
}

function pointView(epoch: Epoch, point: PassPoint): PassPointView {
  return {
    time: instantAt(epoch, point.tS),
    elevationDeg: round(point.elevationDeg, 6),
    azimuthDeg: round(point.azimuthDeg, 6),
    rangeKm: round(point.rangeKm, 6),
  };
}

export function passViews(events: StoredStateEvents): PassView[] {
  const epoch = Epoch.parseInstant(events.epochUtc);
  return (events.passes ?? []).map((pass: Pass, index) => ({
    index,
    stationId: pass.stationId,
    stationName: pass.stationName,
    number: pass.number,
    elevationThresholdDeg: pass.elevationThresholdDeg,
    start: instantAt(epoch, pass.startS),
    end: instantAt(epoch, pass.endS),
    durationS: round(pass.durationS, 3),
    cutAtStart: pass.cutAtStart,
    cutAtEnd: pass.cutAtEnd,
    aos: pass.aos ? pointView(epoch, pass.aos) : null,
    los: pass.los ? pointView(epoch, pass.los) : null,
    maximum: { ...pointView(epoch, pass.maximum), atSpanEdge: pass.maximum.atSpanEdge },
    localMaximaCount: pass.localMaxima.length,
  }));
}

export function eclipseViews(events: StoredStateEvents): { eclipses: EclipseView[]; orbits: OrbitShadowView[] } {
  const epoch = Epoch.parseInstant(events.epochUtc);
  const at = (tS: number) => instantAt(epoch, tS);
  return {
    eclipses: (events.eclipses ?? []).map((eclipse) => ({
      number: eclipse.number,
      start: at(eclipse.startS),
      end: at(eclipse.endS),
      cutAtStart: eclipse.cutAtStart,
      cutAtEnd: eclipse.cutAtEnd,
      penumbraEntry: eclipse.penumbraEntry ? at(eclipse.penumbraEntry.tS) : null,
      penumbraExit: eclipse.penumbraExit ? at(eclipse.penumbraExit.tS) : null,
      umbra: eclipse.umbra.map((u) => ({
        entry: u.entry ? at(u.entry.tS) : null,
        exit: u.exit ? at(u.exit.tS) : null,
        start: at(u.startS),
        end: at(u.endS),
        durationS: round(u.endS - u.startS, 3),
      })),
      shadowDurationS: round(eclipse.shadowDurationS, 3),
      umbraDurationS: round(eclipse.umbraDurationS, 3),
      penumbraOnlyDurationS: round(eclipse.penumbraOnlyDurationS, 3),
    })),
    orbits: (events.orbitShadow ?? []).map((orbit) => ({
      number: orbit.number,
      start: at(orbit.startS),
      end: at(orbit.endS),
      complete: orbit.complete,
      shadowDurationS: round(orbit.shadowDurationS, 3),
      umbraDurationS: round(orbit.umbraDurationS, 3),
      shadowFraction: round(orbit.shadowFraction, 6),
      umbraFraction: round(orbit.umbraFraction, 6),
    })),
  };
}

export function orbitEventViews(events: StoredStateEvents): { nodes: NodeView[] | null; apsides: ApsisView[] | null } {
  const epoch = Epoch.parseInstant(events.epochUtc);
  return {
    nodes: events.nodes
      ? events.nodes.map((n) => ({ type: n.type, time: instantAt(epoch, n.tS), rightAscensionDeg: round(n.rightAscensionDeg, 6), longitudeDeg: round(n.longitudeDeg, 6) }))
      : null,
    apsides: events.apsides
      ? events.apsides.map((a) => ({
          type: a.type,
          time: instantAt(epoch, a.tS),
          radiusKm: round(a.radiusKm, 6),
          altitudeKm: round(a.altitudeKm, 6),
          latitudeDeg: round(a.latitudeDeg, 6),
          longitudeDeg: round(a.longitudeDeg, 6),
        }))
      : null,
  };
}

export function spanView(events: StoredStateEvents): EventSpanView {
  const epoch = Epoch.parseInstant(events.epochUtc);
  return {
    from: instantAt(epoch, events.fromS),
    to: instantAt(epoch, events.toS),
    truncatedAt: events.truncated ? instantAt(epoch, events.truncated.tS) : null,
  };
}
