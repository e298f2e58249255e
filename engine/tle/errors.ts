/**
 * Typed errors of the TLE engine. They carry a stable `code` so that the API layer can map them to HTTP
 * statuses without parsing messages: formatting / catalogue errors are caller mistakes (400), fit failures
 * are "unprocessable" (422, with the residual in `details`).
 */

/** Catalogue number cannot be written in the 5-character field (Alpha-5 ends at 339999). */
export class TleCatalogNumberError extends Error {
  readonly code = 'TLE_CATALOG_NUMBER_OUT_OF_RANGE';
  readonly catalogNumber: number;
  constructor(catalogNumber: number, message?: string) {
    super(
      message ??
        `NORAD catalogue number ${catalogNumber} cannot be written in a TLE: ` +
          'the 5-character field holds 0..99999 as digits and 100000..339999 in Alpha-5',
    );
    this.name = 'TleCatalogNumberError';
    this.catalogNumber = catalogNumber;
  }
}

/** A value does not fit its TLE column (e.g. |ndot/2| ≥ 1, exponent beyond ±9, e ≥ 1, bad COSPAR id). */
export class TleFormatError extends Error {
  readonly code = 'TLE_FIELD_OUT_OF_RANGE';
  readonly field: string;
  constructor(field: string, message: string) {
    super(`TLE field ${field}: ${message}`);
    this.name = 'TleFormatError';
    this.field = field;
  }
}

/** Text given to the parser is not a valid two-line element set in the NORAD layout. */
export class TleParseError extends Error {
  readonly code = 'TLE_PARSE_ERROR';
  readonly line: 1 | 2 | null;
  constructor(line: 1 | 2 | null, message: string) {
    super(line === null ? message : `TLE line ${line}: ${message}`);
    this.name = 'TleParseError';
    this.line = line;
  }
}

/** The mean-element fit did not reach an SGP4 state equal to the input state. */
export class TleFitError extends Error {
  readonly code = 'TLE_FIT_NOT_CONVERGED';
  /** Best residual reached: |r_SGP4(t=0) − r_input| in metres. */
  readonly positionResidualM: number;
  /** Best residual reached: |v_SGP4(t=0) − v_input| in m/s. */
  readonly velocityResidualMPerS: number;
  constructor(message: string, positionResidualM: number, velocityResidualMPerS: number) {
    super(message);
    this.name = 'TleFitError';
    this.positionResidualM = positionResidualM;
    this.velocityResidualMPerS = velocityResidualMPerS;
  }
  /** Plain data for an error envelope's `details`. */
  get details(): { positionResidualM: number; velocityResidualMPerS: number } {
    return { positionResidualM: this.positionResidualM, velocityResidualMPerS: this.velocityResidualMPerS };
  }
}
