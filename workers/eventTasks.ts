/**
 * Worker-side adapter of the event predictions (passes, eclipses, orbit events): the engine's stored-state search
 * (engine/events/storedState.ts), then the answer in the form asked — JSON views, the pass plan as CSV or iCalendar,
 * or a pass's sky plot as SVG (domain/events, domain/plots) — so the event loop only sends text or a small object.
 */
import { EventRequestError } from '../engine/events/errors.ts';
import { predictStoredStateEvents, type StoredStateEventsInput } from '../engine/events/storedState.ts';
import { eclipseViews, orbitEventViews, passViews, spanView, type PassView } from '../domain/events/eventViews.ts';
import { passPlanCsv, passPlanIcs } from '../domain/events/passPlan.ts';
import { passSkySvg } from '../domain/plots/passSkySvg.ts';
import { earthDataFor } from '../earthData/files.ts';
import { failure, type TaskFailure, type WithEarthData } from './ephemerisTasks.ts';

export type EventAnswerForm = 'PASSES' | 'PASSES_CSV' | 'PASSES_ICS' | 'PASS_SKY_SVG' | 'ECLIPSES' | 'ORBIT_EVENTS';

export interface PredictEventsTaskInput extends StoredStateEventsInput, WithEarthData {
  form: EventAnswerForm;
  spacecraft: { id: string; name: string };
  /** When the answer is made (iCalendar DTSTAMP). */
  generatedAt: string;
}

export type PredictEventsTaskOutput =
  | { ok: true; form: 'PASSES_CSV' | 'PASSES_ICS' | 'PASS_SKY_SVG'; text: string; found: boolean }
  | { ok: true; form: 'PASSES' | 'ECLIPSES' | 'ORBIT_EVENTS'; view: Record<string, unknown>; found: boolean }
  | TaskFailure;

export function predictEventsTask(input: PredictEventsTaskInput): PredictEventsTaskOutput {
  try {
    const events = predictStoredStateEvents(input, earthDataFor(input.earthData));
    const span = spanView(events);
    const statistics = { propagationSteps: events.propagationSteps, gridStepS: events.statistics.gridStepS, evaluations: events.statistics.evaluations };
    switch (input.form) {
      case 'PASSES':
        return { ok: true, form: input.form, found: true, view: { ...span, passes: passViews(events), statistics } };
      case 'PASSES_CSV':
        return { ok: true, form: input.form, found: true, text: passPlanCsv(passViews(events)) };
      case 'PASSES_ICS':
        return {
          ok: true,
          form: input.form,
          found: true,
          text: passPlanIcs({ spacecraftId: input.spacecraft.id, spacecraftName: input.spacecraft.name, generatedAt: input.generatedAt, passes: passViews(events) }),
        };
      case 'PASS_SKY_SVG': {
        const pass = passViews(events)[input.trackPass ?? -1];
        if (!pass || !events.track) return { ok: true, form: input.form, found: false, text: '' };
        return { ok: true, form: input.form, found: true, text: skyPlot(input, pass, events.track) };
      }
      case 'ECLIPSES':
        return { ok: true, form: input.form, found: true, view: { ...span, ...eclipseViews(events), statistics } };
      case 'ORBIT_EVENTS':
        return { ok: true, form: input.form, found: true, view: { ...span, ...orbitEventViews(events), statistics } };
    }
  } catch (error) {
    if (error instanceof EventRequestError) return { ok: false, kind: 'INVALID_INPUT', code: 'VALIDATION_ERROR', message: error.message, details: { field: error.field } };
    return failure(error);
  }
}

function skyPlot(input: PredictEventsTaskInput, pass: PassView, track: { azimuthDeg: number[]; elevationDeg: number[] }): string {
  const station = input.passes!.stations.find((s) => s.id === pass.stationId)!;
  const label = (what: string, p: { time: string; elevationDeg: number }) => `${what} ${p.time.slice(11, 19)}Z ${p.elevationDeg.toFixed(1)}°`;
  return passSkySvg({
    title: `${input.spacecraft.name} over ${pass.stationName}, pass ${pass.number}`,
    subtitle: `${pass.start} – ${pass.end} (${(pass.durationS / 60).toFixed(1)} min), max ${pass.maximum.elevationDeg.toFixed(2)}° at ${pass.maximum.time}`,
    maskDeg: station.elevationMaskDeg,
    thresholdDeg: pass.elevationThresholdDeg,
    track,
    aos: pass.aos ? { label: label('AOS', pass.aos), azimuthDeg: pass.aos.azimuthDeg, elevationDeg: pass.aos.elevationDeg } : null,
    maximum: { label: label('max', pass.maximum), azimuthDeg: pass.maximum.azimuthDeg, elevationDeg: pass.maximum.elevationDeg },
    los: pass.los ? { label: label('LOS', pass.los), azimuthDeg: pass.los.azimuthDeg, elevationDeg: pass.los.elevationDeg } : null,
  });
}
