/**
 * Typed errors of the force models and of the numerical propagator built on them (here, in the lower layer: forces/
 * reads a gravity file and checks its settings; propagation/ imports these, never the reverse).
 *
 * Every error carries a stable `code` and an HTTP-oriented `kind`:
 *  - `INVALID_INPUT`  → the request itself is malformed (400): non-finite numbers, unknown frame, bad settings.
 *  - `UNPROCESSABLE`  → the request is well formed but physically impossible (422): state inside the Earth,
 *                       mass below the dry mass, a burn that would consume more propellant than is on board.
 *  - `INTEGRATION`    → the integrator could not continue (422): step size underflow.
 * The API maps `kind` to a status; `details` holds machine-readable context (field names, values).
 */

export type PropagationErrorKind = 'INVALID_INPUT' | 'UNPROCESSABLE' | 'INTEGRATION';

export class PropagationError extends Error {
  readonly code: string;
  readonly kind: PropagationErrorKind;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: string, kind: PropagationErrorKind, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.kind = kind;
    this.details = Object.freeze({ ...details });
  }

  /** Suggested HTTP status: 400 for malformed input, 422 otherwise. */
  get httpStatus(): 400 | 422 {
    return this.kind === 'INVALID_INPUT' ? 400 : 422;
  }
}

/** A number that must be finite is NaN or ±Infinity (400). */
export class NonFiniteInputError extends PropagationError {
  constructor(field: string, value: unknown) {
    super('NON_FINITE_INPUT', 'INVALID_INPUT', `${field} must be a finite number (got ${String(value)})`, { field, value: String(value) });
  }
}

/** A setting or argument is out of its domain (400): negative area, unknown atmosphere, degree too high, ... */
export class InvalidSettingError extends PropagationError {
  constructor(field: string, message: string, value?: unknown) {
    super('INVALID_SETTING', 'INVALID_INPUT', `${field}: ${message}`, { field, value: value === undefined ? undefined : String(value) });
  }
}

/** A frame name the propagator does not know (400). */
export class UnknownFrameError extends PropagationError {
  constructor(frame: string, supported: readonly string[]) {
    super('UNKNOWN_FRAME', 'INVALID_INPUT', `unknown frame '${frame}' (supported: ${supported.join(', ')})`, { frame, supported: [...supported] });
  }
}

/** The initial state lies inside the Earth or below the in-flight altitude floor (422). */
export class StateInsideEarthError extends PropagationError {
  constructor(altitudeKm: number, floorKm: number) {
    super(
      'STATE_INSIDE_EARTH',
      'UNPROCESSABLE',
      `initial state altitude ${altitudeKm.toFixed(3)} km is below the ${floorKm} km floor (inside the Earth or its atmosphere)`,
      { altitudeKm, floorKm },
    );
  }
}

/** Spacecraft mass is below its dry mass, initially or because a burn would deplete it further (422). */
export class MassBelowDryMassError extends PropagationError {
  constructor(massKg: number, dryMassKg: number, tSeconds?: number) {
    super(
      'MASS_BELOW_DRY_MASS',
      'UNPROCESSABLE',
      tSeconds === undefined
        ? `mass ${massKg} kg is below the dry mass ${dryMassKg} kg`
        : `burn would bring the mass to ${massKg.toFixed(6)} kg, below the dry mass ${dryMassKg} kg, at t = ${tSeconds.toFixed(3)} s`,
      { massKg, dryMassKg, tSeconds },
    );
  }
}

/** The integrator needed a step smaller than its minimum step (422). */
export class StepSizeUnderflowError extends PropagationError {
  constructor(tSeconds: number, stepSeconds: number, minStepSeconds: number) {
    super(
      'STEP_SIZE_UNDERFLOW',
      'INTEGRATION',
      `integration step ${stepSeconds.toExponential(3)} s at t = ${tSeconds.toFixed(3)} s is below the minimum ${minStepSeconds} s`,
      { tSeconds, stepSeconds, minStepSeconds },
    );
  }
}

/** The environment (EOP, ephemerides) cannot serve the requested time (422). */
export class EnvironmentRangeError extends PropagationError {
  constructor(tSeconds: number, startSeconds: number, endSeconds: number) {
    super(
      'ENVIRONMENT_OUT_OF_RANGE',
      'UNPROCESSABLE',
      `t = ${tSeconds} s is outside the prepared environment span [${startSeconds}, ${endSeconds}] s`,
      { tSeconds, startSeconds, endSeconds },
    );
  }
}
