/**
 * Plain-data shapes of the batch least-squares orbit determination (they cross the worker boundary: the task
 * `od.estimate`, workers/odTasks.ts, and the API's orbit-determination jobs rely on them); fields may be added, none
 * renamed or removed without updating those.
 */
import type { StoredStatePropagationInput } from '../../propagation/storedState.ts';
import type { AtmosphereModel } from '../../propagation/propagator.ts';
import type { ObservableKind } from '../../measurements/observables.ts';
import type { MeasurementInput, ResidualRow, ResidualStatistics, StationInput } from '../../measurements/types.ts';

export interface SolveFor {
  /** Estimate the drag coefficient Cd (parameter `DRAG_COEFFICIENT`, a priori = the craft's Cd). */
  dragCoefficient?: boolean;
  /** Estimate the SRP reflectivity coefficient Cr (parameter `SRP_COEFFICIENT`). */
  srpCoefficient?: boolean;
  /** Estimate one constant bias per station and measurement component (`BIAS:<stationId>:<component>`). */
  stationBiases?: boolean;
}

/**
 * How each step is solved: `GAUSS_NEWTON` (undamped, as Orekit's `GaussNewtonOptimizer`) or `LEVENBERG_MARQUARDT`
 * (Gauss–Newton steps while they lower the cost; Marquardt damping after a step that raises it — see
 * leastSquares/batchLeastSquares.ts).
 */
export type Optimizer = 'GAUSS_NEWTON' | 'LEVENBERG_MARQUARDT';

/** Input of the `od.estimate` worker task. */
export interface EstimationInput {
  /** The a priori state with the craft's force model, spacecraft properties and maneuvers. */
  apriori: StoredStatePropagationInput;
  /**
   * Epoch of the estimated state (UTC ISO); default the a priori state's epoch. The fit itself iterates on the state
   * at the a priori epoch (or, when that lies outside the measurements, at the nearer end of their span) and maps the
   * result to this epoch, so every solution epoch gives the same orbit.
   */
  solutionEpochUtc?: string;
  /** Default `LEVENBERG_MARQUARDT` (DEFAULT_OPTIMIZER). */
  optimizer?: Optimizer;
  solveFor: SolveFor;
  stations: StationInput[];
  measurements: MeasurementInput[];
  /** n-sigma of the automatic editor (default 3; 0 or Infinity disables it). */
  editingSigma?: number;
  /** Default 25. */
  maxIterations?: number;
  /** Receives an `EstimationProgress` per iteration. */
  progressPort?: MessagePort;
  /**
   * Cooperative cancellation (a SharedArrayBuffer-backed Int32Array): the estimator stops at the next iteration
   * (or propagation step batch) once element 0 is non-zero, and answers a `CANCELLED` failure. The API side sets it
   * when the client goes away or the job's time budget is spent (the engine has no clock).
   */
  cancel?: Int32Array;
}

export interface EstimationProgress {
  iteration: number;
  weightedRms: number;
  rejected: number;
}

export interface IterationRecord {
  /** 0 = the evaluation at the a priori. */
  iteration: number;
  /** RMS of the normalized residuals over the used components, sqrt(Σ(r/σ)²/n). */
  weightedRms: number;
  /** Measurements rejected (editor, mask, flags) at this iteration. */
  rejected: number;
  /** Largest normalized correction of the state applied after this evaluation (scales 1 m, 1.06e-3 m/s); null at the last. */
  stateCorrectionNorm: number | null;
  /**
   * Levenberg–Marquardt damping λ of the step solved after this evaluation (0: an undamped Gauss–Newton step; null
   * when no step followed). The step minimizes |J·δ − r|² + λ·Σ_j (JᵀJ)_jj·δ_j² (Marquardt's scaling).
   */
  damping: number | null;
  /**
   * Whether the point evaluated was kept: false when it raised the cost Σ(r/σ)² over the previous point's
   * measurements (Levenberg–Marquardt then steps again from the previous point with more damping). Always true
   * with Gauss–Newton.
   */
  accepted: boolean;
  /**
   * Arc extension: the evaluation used only the measurements within ± this many seconds of the fit epoch (a short
   * arc fitted first from a poor a priori); null: every measurement.
   */
  arcSeconds: number | null;
}

export type RejectionReason = 'FLAGGED_OUTLIER' | 'ELEVATION_MASK' | 'EDITOR';

export interface PostFitRow extends ResidualRow {
  rejected: boolean;
  rejectionReason?: RejectionReason;
}

export interface MeasurementCount {
  kind: ObservableKind;
  stationId: string | null;
  used: number;
  rejected: number;
}

/** What the fit used as dynamics (echoed in the solution). */
export interface ForceModelDescription {
  gravityDegree: number;
  gravityOrder: number;
  atmosphere: AtmosphereModel;
  solarRadiationPressure: boolean;
  thirdBodies: string[];
  massKg: number;
  dragAreaM2: number;
  dragCoefficient: number;
  srpAreaM2: number;
  reflectivityCoefficient: number;
  maneuvers: number;
  /** Integrator position tolerance dP (m). */
  positionToleranceM: number;
}

export interface EstimationResult {
  converged: boolean;
  /** Why the fit did not converge (null when converged). */
  failureReason: string | null;
  optimizer: Optimizer;
  iterations: IterationRecord[];
  /** The solution epoch. */
  epochUtc: string;
  /** The epoch whose state the fit iterated on (the a priori's, or the nearer end of the measurement span). */
  fitEpochUtc: string;
  /** Estimated GCRF state at `epochUtc`. */
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  /** Mass at the solution epoch (kg): the a priori mass, less what maneuvers between the two epochs burnt. */
  massKg: number;
  /** X, Y, Z (km), VX, VY, VZ (km/s), then DRAG_COEFFICIENT, SRP_COEFFICIENT, BIAS:<stationId>:<component>. */
  parameterNames: string[];
  /** Units of each parameter ('km', 'km/s', '', or the bias's measurement unit). */
  parameterUnits: string[];
  /** Estimated values of every parameter (state components included). */
  estimatedParameters: Record<string, number>;
  /**
   * Formal covariance (JᵀWJ)⁻¹, unscaled, n×n row-major in `parameterNames` order and `parameterUnits`, at the
   * solution epoch: M·P·Mᵀ from the fit epoch's, M the state transition matrix with the Cd/Cr sensitivity columns.
   */
  covariance: number[];
  /**
   * Parameters without any information at the last evaluation (a bias whose station has no used measurement left):
   * held at their value, with zero rows and columns in `covariance`.
   */
  heldParameters: string[];
  residuals: PostFitRow[];
  /** Over the used (not rejected) measurements. */
  statistics: ResidualStatistics[];
  counts: MeasurementCount[];
  /** Measurements the engine could not model (unknown station, unsupported frame, …). */
  skipped: { id: string; reason: string }[];
  forceModel: ForceModelDescription;
}

/** Failure codes of `od.estimate` beside the propagation's: the API answers 422 for TOO_FEW_MEASUREMENTS. */
export type EstimationFailureCode = 'TOO_FEW_MEASUREMENTS' | 'CANCELLED' | 'ORBIT_DECAYED' | 'PARAMETER_NOT_IN_MODEL';

/** Details of a TOO_FEW_MEASUREMENTS failure. */
export interface TooFewMeasurementsDetails {
  /** Residual components available (an az/el pair counts 2, PV 6). */
  measurementComponents: number;
  parameters: number;
}
