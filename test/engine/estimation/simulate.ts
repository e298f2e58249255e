/**
 * Simulated tracking for the solve-for tests: the measurement models of engine/measurements run on a truth
 * propagated with the same force model (and the "true" Cd, Cr and station biases), sampled every `stepS` while the
 * spacecraft is above the stations' masks, plus seeded Gaussian noise. An honest observability test: the estimator
 * only sees the noisy values and the a-priori parameters.
 */
import type { StoredStatePropagationInput } from '../../../engine/propagation/storedState.ts';
import { computeResiduals } from '../../../engine/measurements/residuals.ts';
import type { ObservableKind } from '../../../engine/measurements/observables.ts';
import type { MeasurementInput, StationInput } from '../../../engine/measurements/types.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { bundledEarthData } from '../../../earthData/files.ts';
import { seededGaussian } from '../../helpers/random.ts';

export interface SimulationSpec {
  truth: StoredStatePropagationInput;
  /** Stations with their TRUE biases (in `bias`); the estimator gets them without. */
  stations: StationInput[];
  kinds: { kind: ObservableKind; twoWay: boolean; sigma: number[] }[];
  spanS: number;
  stepS: number;
  seed: number;
}

export function simulateMeasurements(spec: SimulationSpec): MeasurementInput[] {
  const epoch = Epoch.parse(spec.truth.state.epoch, 'UTC');
  const candidates: MeasurementInput[] = [];
  for (let t = spec.stepS; t <= spec.spanS; t += spec.stepS) {
    const epochUtc = epoch.plusSeconds(t).toIsoString(6);
    for (const station of spec.stations) {
      for (const k of spec.kinds) {
        candidates.push({
          id: `sim-${candidates.length}`, kind: k.kind, epochUtc, observed: k.sigma.map(() => 0), sigma: k.sigma,
          twoWay: k.twoWay, timetag: 'RECEIVE', stationId: station.id, frame: null, outlier: false,
        });
      }
    }
  }
  const out = computeResiduals({ propagation: spec.truth, stations: spec.stations, measurements: candidates }, bundledEarthData());
  if (out.skipped.length > 0) throw new Error(`simulation skipped ${out.skipped.length}: ${out.skipped[0]!.reason}`);
  const gauss = seededGaussian(spec.seed);
  const byId = new Map(candidates.map((m) => [m.id, m]));
  const measurements: MeasurementInput[] = [];
  for (const row of out.residuals) {
    if (row.belowMask) continue;
    const m = byId.get(row.id)!;
    measurements.push({ ...m, observed: row.computed.map((c, i) => c + m.sigma![i]! * gauss()) });
  }
  return measurements;
}
