/**
 * CCSDS OEM 2.0 generation from one stored state: propagate (propagation/storedState.ts, finite burns, optional
 * covariance through the STM, SEMI_ANALYTIC partials) → convert to the requested frame → print epochs in the requested time system →
 * format the KVN (files/oem/oemWriter.ts). Pure: EOP come in as an argument, the creation date as text.
 */
import { writeOemKvn, type OemCovarianceToWrite, type OemStateToWrite } from '../files/oem/oemWriter.ts';
import { Epoch, type TimeScale } from '../time/epoch.ts';
import { covarianceGcrfToLocal, convertEphemeris, type StateFrame } from '../frames/stateFrames.ts';
import { lowerTriangle, type LocalOrbitalFrame } from '../math/covariance.ts';
import { propagateStoredState, type BurnInput, type EarthData, type StoredStateInput, type StoredStatePropagationInput } from '../propagation/storedState.ts';

export const OEM_MAX_SPAN_S = 30 * 86400;
export const OEM_MIN_STEP_S = 60;
export const OEM_MAX_STEP_S = 86400;
export const OEM_TIME_SYSTEMS = ['UTC', 'TAI', 'TT', 'TDB', 'TCG', 'TCB', 'GPS'] as const;
/** REF_FRAME values an OEM may be written in: every stored-state frame (frames/stateFrames.ts), in this order. */
export const OEM_REFERENCE_FRAMES = ['GCRF', 'EME2000', 'ITRF', 'TOD', 'MOD', 'TEME'] as const satisfies readonly StateFrame[];
export type OemTimeSystem = (typeof OEM_TIME_SYSTEMS)[number];
/** Fraction digits of printed epochs (1 µs). */
export const OEM_EPOCH_DIGITS = 6;
export const OEM_INTERPOLATION = 'LAGRANGE';
export const OEM_INTERPOLATION_DEGREE = 7;

export const LOCAL_FRAME_COVARIANCE_COMMENT =
  'Covariance in the local orbital frame {frame} built from the GCRF state at each epoch; both 3x3 blocks rotated with the frame axes, no frame-rate term (CCSDS CDM convention)';

/** A stored maneuver segment as a finite burn (shared with TLE generation, see propagation.ts). */
export type OemBurnInput = BurnInput;

export interface GenerateOemInput extends StoredStatePropagationInput {
  state: StoredStateInput & {
    /** 36 values row-major in `frame`, or null. */
    covariance: { frame: string; values: number[] } | null;
    /** Display id, for comments. */
    id: string;
  };
  objectName: string;
  objectId: string;
  originator: string;
  /** UTC ISO instant. */
  creationDate: string;
  initialDate: string;
  finalDate: string;
  stepS: number;
  referenceFrame: StateFrame;
  timeSystem: OemTimeSystem;
  covarianceFrame: LocalOrbitalFrame | null;
  /** Human-readable force-model description for the header COMMENT. */
  forceModelDescription: string;
  /**
   * Where the span leaves observed Earth data (earthDataWarnings(…).message, computed by the caller from the same
   * data): each becomes a header COMMENT line.
   */
  earthDataWarnings?: string[];
}

export interface GenerateOemResult {
  text: string;
  pointCount: number;
  truncatedAt: string | null;
}

/** Output times (s from the state epoch): every step from initialDate, plus finalDate when off the grid. */
export function outputTimes(epoch: Epoch, initial: Epoch, final: Epoch, stepS: number): Float64Array {
  const t0 = initial.secondsSince(epoch);
  const span = final.secondsSince(initial);
  const n = Math.floor(span / stepS + 1e-9);
  const times: number[] = [];
  for (let i = 0; i <= n; i++) times.push(t0 + i * stepS);
  if (span - n * stepS > 1e-6) times.push(t0 + span);
  return Float64Array.from(times);
}

export function generateOem(input: GenerateOemInput, earth: EarthData): GenerateOemResult {
  const eop = earth.eop;
  const epoch = Epoch.parse(input.state.epoch, 'UTC');
  const initial = Epoch.parse(input.initialDate, 'UTC');
  const final = Epoch.parse(input.finalDate, 'UTC');
  const times = outputTimes(epoch, initial, final, input.stepS);
  if (input.covarianceFrame !== null && !input.state.covariance) throw new RangeError('a covariance was requested but the state has none');
  const { environment, result } = propagateStoredState(
    input,
    times,
    earth,
    input.covarianceFrame !== null ? input.state.covariance! : undefined,
    // the covariance's STM with the SEMI_ANALYTIC partials (propagation/dynamics.ts: the STM to ~1e-8 relative over a
    // day in LEO, measured): the field's gradient from 3 evaluations of the 20×20 field instead of 12, which made a
    // one-day LEO OEM with covariance 8–9× the cost of one without (a tenth of a batch OEM's items carry one)
    input.covarianceFrame !== null ? { stm: false, partials: 'SEMI_ANALYTIC' } : undefined,
  );
  const burns = input.burns;
  const count = result.timesS.length;
  if (count === 0) {
    const when = result.truncated ? epoch.plusSeconds(result.truncated.tS).toIsoString(3) : 'before initialDate';
    throw new OemTruncatedBeforeStartError(when);
  }
  const states = convertEphemeris(result.statesKm, result.timesS, input.referenceFrame, epoch, eop, environment);
  const scale: TimeScale = input.timeSystem;
  const epochs: string[] = new Array<string>(count);
  for (let k = 0; k < count; k++) epochs[k] = epoch.plusSeconds(result.timesS[k]!).toString(scale, OEM_EPOCH_DIGITS);

  const headerComments = [
    `Generated by Apsis from state vector ${input.state.id} (epoch ${epoch.toIsoString(6)}, ${input.state.frame}) by numerical propagation`,
    `Force model: ${input.forceModelDescription}`,
    burns.length > 0 ? `${burns.length} stored maneuver segment(s) applied as finite burns` : 'No maneuvers in the span',
  ];
  for (const warning of input.earthDataWarnings ?? []) headerComments.push(warning);
  const dataComments: string[] = [];
  let truncatedAt: string | null = null;
  if (result.truncated) {
    truncatedAt = epoch.plusSeconds(result.truncated.tS).toString(scale, OEM_EPOCH_DIGITS);
    dataComments.push(
      `Propagation stopped at the 100 km altitude floor at ${truncatedAt} ${scale} (altitude ${result.truncated.altitudeKm.toFixed(3)} km): the ephemeris ends at the last point before it, not at the requested finalDate`,
    );
  }
  const stateLines: OemStateToWrite[] = [];
  for (let k = 0; k < count; k++) {
    const o = 6 * k;
    stateLines.push({
      epoch: epochs[k]!,
      positionKm: [states[o]!, states[o + 1]!, states[o + 2]!],
      velocityKmS: [states[o + 3]!, states[o + 4]!, states[o + 5]!],
    });
  }
  let covariances: OemCovarianceToWrite[] | undefined;
  let covarianceComments: string[] | undefined;
  if (input.covarianceFrame !== null && result.covarianceKm) {
    const frame = input.covarianceFrame;
    covariances = [];
    const local = new Float64Array(36);
    for (let k = 0; k < count; k++) {
      covarianceGcrfToLocal(result.covarianceKm.subarray(36 * k, 36 * k + 36), frame, result.statesKm, 6 * k, local);
      covariances.push({ epoch: epochs[k]!, refFrame: frame, lowerTriangle: lowerTriangle(local) });
    }
    covarianceComments = [LOCAL_FRAME_COVARIANCE_COMMENT.replace('{frame}', frame)];
  }
  const text = writeOemKvn({
    creationDate: Epoch.parse(input.creationDate, 'UTC').toString('UTC', 3),
    originator: input.originator,
    comments: headerComments,
    segments: [
      {
        objectName: input.objectName,
        objectId: input.objectId,
        centerName: 'EARTH',
        refFrame: input.referenceFrame,
        timeSystem: input.timeSystem,
        startTime: epochs[0]!,
        stopTime: epochs[count - 1]!,
        ...(count > 1 ? { interpolation: OEM_INTERPOLATION, interpolationDegree: Math.min(OEM_INTERPOLATION_DEGREE, count - 1) } : {}),
        dataComments,
        states: stateLines,
        ...(covariances ? { covariances, covarianceComments } : {}),
      },
    ],
  });
  return { text, pointCount: count, truncatedAt };
}

/** The floor was reached before the first requested output (422). */
export class OemTruncatedBeforeStartError extends Error {
  readonly code = 'OEM_FLOOR_BEFORE_START';
  constructor(readonly when: string) {
    super(`the spacecraft reaches the 100 km altitude floor (${when}) before the first requested output epoch`);
    this.name = 'OemTruncatedBeforeStartError';
  }
}
