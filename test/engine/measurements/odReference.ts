/**
 * The Orekit OD reference scenarios (test/fixtures/od, see its README) as engine inputs: stations, measurements read
 * from the TDM files with the project's reader (engine/files/tdm/tdmReader.ts), the truth trajectory (Lagrange-interpolated
 * between its 60 s samples) and the propagation input of the reference force model.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTdm } from '../../../engine/files/tdm/tdmReader.ts';
import type { StoredStatePropagationInput } from '../../../engine/propagation/storedState.ts';
import type { ObservableKind } from '../../../engine/measurements/observables.ts';
import type { MeasurementInput, StationInput } from '../../../engine/measurements/types.ts';
import { Epoch } from '../../../engine/time/epoch.ts';

export const OD_FIXTURES = fileURLToPath(new URL('../../fixtures/od/', import.meta.url));

export type ScenarioId = 'V1' | 'V2';
export const TDM_FILES: Record<ScenarioId, string[]> = { V1: ['V1_range.tdm', 'V1_rangerate.tdm'], V2: ['V2_azel.tdm'] };

export interface Truth {
  od_epoch_utc: string;
  truth_state_at_od_epoch_gcrf: { pos_km: number[]; vel_km_s: number[] };
  a_priori_state_gcrf: { pos_km: number[]; vel_km_s: number[] };
  spacecraft_properties: { mass_kg: number; area_m2: number; cd: number; cr: number };
  samples: number[][];
}

export interface OrekitSolution {
  tdm_parse_check: Record<string, { segments: number; observations_per_keyword: Record<string, number> }>;
  solution: {
    converged: boolean;
    iterations: number;
    estimated_state_gcrf: { pos_km: number[]; vel_km_s: number[] };
    covariance: number[][];
    sigmas: number[];
    rms_normalized_residuals: number;
  };
  error_vs_truth: { position_error_m: number; velocity_error_m_s: number; position_error_over_arc_max_m: number };
  iterations_log: { iteration: number; orekit_rms: number }[];
  timing: { wall_ms_all: number[]; wall_ms_min: number; wall_ms_median: number; os_load_average_1min_before: number };
  residuals: [string, string, string, number | number[], string][];
}

const json = <T>(name: string): T => JSON.parse(readFileSync(OD_FIXTURES + name, 'utf8')) as T;

export const loadTruth = (): Truth => json<Truth>('truth.json');
export const loadSolution = (id: ScenarioId): OrekitSolution => json<OrekitSolution>(`${id}_solution.json`);

export function loadStations(): StationInput[] {
  const s = json<{ min_elevation_deg: number; stations: { name: string; itrf_m: [number, number, number] }[] }>('stations.json');
  return s.stations.map((st) => ({ id: st.name, name: st.name, itrfPositionM: st.itrf_m, elevationMaskDeg: s.min_elevation_deg }));
}

/** Keyword of a TDM data line → model kind. */
const KIND: Record<string, ObservableKind> = { RANGE: 'RANGE', DOPPLER_INSTANTANEOUS: 'RANGE_RATE' };

/**
 * Measurements of a scenario from its TDM files, parsed by engine/files/tdm/tdmReader.ts; ANGLE_1/ANGLE_2 at one epoch form
 * one AZEL measurement. Ids are `<file>#<n>`. Also returns the per-file keyword counts and segment counts.
 */
export function loadMeasurements(id: ScenarioId): { measurements: MeasurementInput[]; counts: Record<string, { segments: number; keywords: Record<string, number> }> } {
  return measurementsFromTdm(OD_FIXTURES, TDM_FILES[id]);
}

/** `loadMeasurements` for TDM files in any directory (e.g. the reference set's V3 folder, orekitModelCases.ts `SHARED_OD`). */
export function measurementsFromTdm(
  directory: string,
  files: readonly string[],
): { measurements: MeasurementInput[]; counts: Record<string, { segments: number; keywords: Record<string, number> }> } {
  const measurements: MeasurementInput[] = [];
  const counts: Record<string, { segments: number; keywords: Record<string, number> }> = {};
  for (const file of files) {
    const tdm = parseTdm(readFileSync(directory + file, 'utf8'));
    const keywords: Record<string, number> = {};
    counts[file] = { segments: tdm.segments.length, keywords };
    for (const seg of tdm.segments) {
      const meta = seg.metadata;
      const path = meta.path ?? [];
      const twoWay = path.length === 3 && path[0] === path[2];
      const station = meta.participants[0]!;
      const timetag = meta.values['TIMETAG_REF']?.toString() === 'TRANSMIT' ? 'TRANSMIT' : 'RECEIVE';
      let pending: MeasurementInput | null = null;
      for (const obs of seg.observations) {
        keywords[obs.keyword] = (keywords[obs.keyword] ?? 0) + 1;
        const epochUtc = Epoch.parse(obs.epoch, 'UTC').toIsoString(6);
        const base = { epochUtc, sigma: null, twoWay, timetag, stationId: station, frame: null, outlier: false } as const;
        if (obs.keyword === 'ANGLE_1') {
          pending = { id: `${file}#${measurements.length}`, kind: 'AZEL', observed: [obs.value, Number.NaN], ...base };
        } else if (obs.keyword === 'ANGLE_2') {
          if (!pending || pending.epochUtc !== epochUtc) throw new Error(`${file}: ANGLE_2 without ANGLE_1 at ${epochUtc}`);
          pending.observed[1] = obs.value;
          measurements.push(pending);
          pending = null;
        } else {
          const kind = KIND[obs.keyword];
          if (!kind) throw new Error(`${file}: unexpected keyword ${obs.keyword}`);
          measurements.push({ id: `${file}#${measurements.length}`, kind, observed: [obs.value], ...base });
        }
      }
    }
  }
  return { measurements, counts };
}

/** The reference force model (Orekit PropBench 'full': EGM96 20×20, Harris–Priester n = 4, SRP, Sun and Moon). */
export function propagationInput(state: { pos_km: number[]; vel_km_s: number[] }, epochUtc: string, truth: Truth, positionToleranceM?: number): StoredStatePropagationInput {
  const sc = truth.spacecraft_properties;
  return {
    state: { epoch: epochUtc, positionKm: state.pos_km, velocityKmS: state.vel_km_s, frame: 'GCRF', massKg: sc.mass_kg },
    spacecraft: { dragAreaM2: sc.area_m2, dragCoefficient: sc.cd, srpAreaM2: sc.area_m2, reflectivityCoefficient: sc.cr },
    forceModel: { gravityDegree: 20, gravityOrder: 20, atmosphere: 'HARRIS_PRIESTER', solarRadiationPressure: true, thirdBodies: ['SUN', 'MOON'] },
    burns: [],
    ...(positionToleranceM !== undefined ? { integrator: { positionToleranceM } } : {}),
  };
}

/** Truth state (km, km/s) at t seconds from the OD epoch: 10-point Lagrange over the 60 s samples. */
export function truthAt(truth: Truth, t: number, out: Float64Array = new Float64Array(6)): Float64Array {
  const s = truth.samples;
  const n = 10;
  const h = s[1]![0]! - s[0]![0]!;
  const i0 = Math.max(0, Math.min(s.length - n, Math.round(t / h) - n / 2));
  out.fill(0);
  for (let j = 0; j < n; j++) {
    const tj = s[i0 + j]![0]!;
    let w = 1;
    for (let l = 0; l < n; l++) if (l !== j) w *= (t - s[i0 + l]![0]!) / (tj - s[i0 + l]![0]!);
    for (let k = 0; k < 6; k++) out[k] += w * s[i0 + j]![1 + k]!;
  }
  return out;
}

/** The OD reference scenarios the estimation acceptance tests run: V1, V2 (fixtures) and V3 with its outlier variant. */
export type OdCaseId = 'V1' | 'V2' | 'V3' | 'V3-outliers';

/** Everything a fit of a reference scenario and its comparison with Orekit's need. */
export interface OdCase {
  id: OdCaseId;
  odEpochUtc: string;
  spanS: number;
  stations: StationInput[];
  measurements: MeasurementInput[];
  /** The a priori (the truth offset by −0.5 km R, +1 km S, +1 m/s W) with the reference force model. */
  apriori: StoredStatePropagationInput;
  /** Truth state (km, km/s) at t seconds from the OD epoch (Lagrange over its 60 s samples). */
  truthAt(tS: number, out?: Float64Array): Float64Array;
  truthState: { pos_km: number[]; vel_km_s: number[] };
  orekit: {
    iterations: number;
    state: { pos_km: number[]; vel_km_s: number[] };
    /** 6×6, m and m/s. */
    covariance: number[][];
    positionErrorM: number;
    velocityErrorMS: number;
    /** Largest errors of Orekit's estimate over the span, propagated by Orekit (its `error_vs_truth`). */
    positionErrorOverArcM: number;
    velocityErrorOverArcMS: number;
    rejected: number;
    /** `BatchLSEstimator.estimate()` wall time, ms (median and fastest of its timed runs) and the 1-min load before. */
    timing: { wallMsMedian: number; wallMsMin: number; loadAverage: number };
  };
}

interface SolutionDocument {
  solution: { iterations: number; estimated_state_gcrf: { pos_km: number[]; vel_km_s: number[] }; covariance: number[][]; n_rejected: number };
  error_vs_truth: { position_error_m: number; velocity_error_m_s: number; position_error_over_arc_max_m: number; velocity_error_over_arc_max_m_s: number };
  tdm_files: string[];
  timing: { wall_ms_median: number; wall_ms_min: number; os_load_average_1min_before: number };
}

/**
 * A reference scenario as an `OdCase`. V1 and V2 come from test/fixtures/od; V3 and V3-outliers from
 * `sharedDirectory` (../shared/reference/od: the reference README does not mark V3 redistributable, so it is not
 * copied), null when that folder is absent.
 */
export function loadOdCase(id: OdCaseId, sharedDirectory: string): OdCase | null {
  if (id === 'V1' || id === 'V2') {
    const truth = loadTruth();
    const sol = json<SolutionDocument>(`${id}_solution.json`);
    return {
      id,
      odEpochUtc: truth.od_epoch_utc,
      spanS: 86400,
      stations: loadStations(),
      measurements: loadMeasurements(id).measurements,
      apriori: propagationInput(truth.a_priori_state_gcrf, truth.od_epoch_utc, truth),
      truthAt: (t, out) => truthAt(truth, t, out),
      truthState: truth.truth_state_at_od_epoch_gcrf,
      orekit: orekitOf(sol),
    };
  }
  const dir = `${sharedDirectory}V3/`;
  const solutionDir = id === 'V3' ? dir : `${dir}outliers/`;
  if (!existsSync(`${solutionDir}orekit_solution.json`)) return null;
  const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
  const file = read<Omit<Truth, 'samples'> & { span_s: number; samples: { t_s: number; pos_km: number[]; vel_km_s: number[] }[] }>(`${dir}truth.json`);
  const truth: Truth = { ...file, samples: file.samples.map((s) => [s.t_s, ...s.pos_km, ...s.vel_km_s]) };
  const st = read<{ min_elevation_deg: number; stations: { name: string; itrf_m: [number, number, number] }[] }>(`${dir}stations.json`);
  const sol = read<SolutionDocument>(`${solutionDir}orekit_solution.json`);
  return {
    id,
    odEpochUtc: truth.od_epoch_utc,
    spanS: file.span_s,
    stations: st.stations.map((s) => ({ id: s.name, name: s.name, itrfPositionM: s.itrf_m, elevationMaskDeg: st.min_elevation_deg })),
    measurements: measurementsFromTdm(solutionDir, sol.tdm_files.map((f) => f.split('/').pop()!)).measurements,
    apriori: propagationInput(truth.a_priori_state_gcrf, truth.od_epoch_utc, truth),
    truthAt: (t, out) => truthAt(truth, t, out),
    truthState: truth.truth_state_at_od_epoch_gcrf,
    orekit: orekitOf(sol),
  };
}

function orekitOf(sol: SolutionDocument): OdCase['orekit'] {
  return {
    iterations: sol.solution.iterations,
    state: sol.solution.estimated_state_gcrf,
    covariance: sol.solution.covariance,
    positionErrorM: sol.error_vs_truth.position_error_m,
    velocityErrorMS: sol.error_vs_truth.velocity_error_m_s,
    positionErrorOverArcM: sol.error_vs_truth.position_error_over_arc_max_m,
    velocityErrorOverArcMS: sol.error_vs_truth.velocity_error_over_arc_max_m_s,
    rejected: sol.solution.n_rejected,
    timing: { wallMsMedian: sol.timing.wall_ms_median, wallMsMin: sol.timing.wall_ms_min, loadAverage: sol.timing.os_load_average_1min_before },
  };
}
