/**
 * Measurement-model cases from the Orekit OD references: for each measurement its Orekit `noise_free` value and the
 * spacecraft state it was computed on. V1 and V2 come from test/fixtures/od (always there); V3 only from
 * the reference set's V3 folder when it exists (`SHARED_OD`, outside the repository; the reference README does not mark the files redistributable;
 * `sharedScenarioAvailable` says whether the tests can run).
 *
 * States: `noise_free` is Orekit's model on the trajectory of the reference's measurement-generation run, which is a
 * separate integration from the one truth.json samples (it starts 1 s later and stops at elevation events); at
 * dP = 1e-6 m the two differ by up to 0.16 mm (V1) and 9.7 mm (V3, near perigee). The exact states are
 * test/fixtures/od/generation_states_<id>.json (made with Orekit, see that folder's README); the truth samples are
 * kept as a second, looser comparison.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MeasurementInput, StationInput } from '../../../engine/measurements/types.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { loadOdCase, loadSolution, OD_FIXTURES } from './odReference.ts';

export const SHARED_OD = fileURLToPath(new URL('../../../../shared/reference/od/', import.meta.url));

export type ModelScenarioId = 'V1' | 'V2' | 'V3';

export interface ModelCases {
  id: ModelScenarioId;
  odEpochUtc: string;
  spanS: number;
  stations: StationInput[];
  measurements: MeasurementInput[];
  /** `kind|station|epoch(ms)` → Orekit's noise-free value(s) (km, km/s, deg). */
  noiseFree: Map<string, number[]>;
  /** t_s from the OD epoch → GCRF state (km, km/s) of the generation run. */
  generationStates: Map<number, Float64Array>;
  /** Truth.json state at t_s (Lagrange over its 60 s samples). */
  truthAt(tS: number, out?: Float64Array): Float64Array;
}

export const caseKey = (kind: string, station: string, epoch: string): string => `${kind}|${station}|${Epoch.parse(epoch, 'UTC').toIsoString(3)}`;

export function sharedScenarioAvailable(id: ModelScenarioId): boolean {
  return existsSync(`${SHARED_OD}${id}/orekit_solution.json`);
}

function generationStates(id: ModelScenarioId): Map<number, Float64Array> {
  const doc = JSON.parse(readFileSync(`${OD_FIXTURES}generation_states_${id}.json`, 'utf8')) as { states: number[][] };
  return new Map(doc.states.map((s) => [s[0]!, Float64Array.from(s.slice(1))]));
}

export function loadModelCases(id: ModelScenarioId): ModelCases {
  const c = loadOdCase(id, SHARED_OD);
  if (c === null) throw new Error(`${SHARED_OD}${id} is not here`);
  const noiseFree =
    id === 'V3'
      ? new Map(
          (JSON.parse(readFileSync(`${SHARED_OD}V3/orekit_solution.json`, 'utf8')) as { residuals: { type: string; station: string; epoch_utc: string; noise_free: number | number[] }[] }).residuals.map(
            (r) => [caseKey(r.type, r.station, r.epoch_utc), Array.isArray(r.noise_free) ? r.noise_free : [r.noise_free]],
          ),
        )
      : new Map(loadSolution(id).residuals.map(([type, station, epoch, nf]) => [caseKey(type, station, epoch), Array.isArray(nf) ? nf : [nf]]));
  return {
    id,
    odEpochUtc: c.odEpochUtc,
    spanS: c.spanS,
    stations: c.stations,
    measurements: c.measurements,
    noiseFree,
    generationStates: generationStates(id),
    truthAt: c.truthAt,
  };
}
