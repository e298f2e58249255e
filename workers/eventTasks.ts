/**
 * Worker-side adapter of the event predictions (passes, eclipses, orbit events): the engine's stored-state search
 * (engine/events/storedState.ts), then the answer in the form asked — JSON views, the pass plan as CSV or iCalendar,
 * or a pass's sky plot as SVG (domain/events, domain/plots) — so the event loop only sends text or a small object.
 */
import { EventRequestError } from '../engine/events/errors.ts';
import { predictStoredStateEvents, type StoredStateEventsInput } from '../engine/events/storedState.ts';
import { predictGpElementSetEvents, type GpElementSetEventsInput } from '../engine/events/gpElementSet.ts';
import { Sgp4PropagationError } from '../engine/trajectories/sgp4.ts';
import { eclipseViews, orbitEventViews, passViews, spanView, type PassView } from '../domain/events/eventViews.ts';
import { passPlanCsv, passPlanIcs } from '../domain/events/passPlan.ts';
import { passSkySvg } from '../domain/plots/passSkySvg.ts';
import { earthDataFor } from '../earthData/files.ts';
import { failure } from './ephemerisTasks.ts';
import type { EventAnswerForm, PredictEventsTaskOutput, TaskFailure, WithEarthData } from './contracts.ts';
import { packProduct, type PackedProduct } from '../domain/products/packing.ts';

/**
 * The trajectory: a stored state propagated with its force model (`propagation`, source STATE) or SGP4 of a catalog
 * element set (`elementSet`, source CATALOG).
 */
export type PredictEventsTaskInput = (StoredStateEventsInput | GpElementSetEventsInput) & PredictEventsTaskOptions;

export interface PredictEventsTaskOptions extends WithEarthData {
  form: EventAnswerForm;
  spacecraft: { id: string; name: string };
  /** When the answer is made (iCalendar DTSTAMP). */
  generatedAt: string;
  /** Store it: the answer packed as a product (scheduled tasks), text or JSON, instead of returned as is. */
  pack?: boolean;
}

export function predictEventsTask(input: PredictEventsTaskInput): PredictEventsTaskOutput {
  const answer = answerEvents(input);
  if (!input.pack || !answer.ok) return answer;
  const text = 'text' in answer ? answer.text : `${JSON.stringify(answer.view, null, 2)}\n`;
  const view = 'view' in answer ? answer.view : null;
  const counts: Record<string, number> = {};
  for (const key of ['passes', 'eclipses'] as const) if (view && Array.isArray(view[key])) counts[key] = (view[key] as unknown[]).length;
  if (!view) counts.passes = text.split('\r\n').length - 2;
  return { ok: true, form: answer.form, product: packProduct(new TextEncoder().encode(text)), found: true, counts };
}

function answerEvents(input: PredictEventsTaskInput): Exclude<PredictEventsTaskOutput, { product: PackedProduct }> {
  try {
    const earth = earthDataFor(input.earthData);
    const events = 'elementSet' in input ? predictGpElementSetEvents(input, earth.eop) : predictStoredStateEvents(input, earth);
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
      case 'EVENT_PLAN':
        return {
          ok: true,
          form: input.form,
          found: true,
          view: { spacecraftId: input.spacecraft.id, ...span, passes: passViews(events), ...(events.eclipses ? eclipseViews(events) : {}), statistics },
        };
    }
  } catch (error) {
    if (error instanceof EventRequestError) return { ok: false, kind: 'INVALID_INPUT', code: 'VALIDATION_ERROR', message: error.message, details: { field: error.field } };
    if (error instanceof Sgp4PropagationError) return { ok: false, kind: 'UNPROCESSABLE', code: error.code, message: error.message, details: { sgp4Error: error.sgp4Error } };
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
