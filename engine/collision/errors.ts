/**
 * Errors of the collision-probability engine. Like the propagator's errors they carry a stable `code`, the
 * offending `field` and an HTTP-oriented kind: INVALID_INPUT (400: a number is not finite, a matrix has the wrong
 * size, a radius is negative) or UNPROCESSABLE (422: well-formed but no encounter plane exists, e.g. the two
 * objects have the same velocity).
 */

export type CollisionErrorKind = 'INVALID_INPUT' | 'UNPROCESSABLE';

export class CollisionInputError extends Error {
  readonly code: string;
  readonly kind: CollisionErrorKind;
  readonly field: string;

  constructor(code: string, kind: CollisionErrorKind, field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'CollisionInputError';
    this.code = code;
    this.kind = kind;
    this.field = field;
  }

  /** Suggested HTTP status: 400 for malformed input, 422 otherwise. */
  get httpStatus(): 400 | 422 {
    return this.kind === 'INVALID_INPUT' ? 400 : 422;
  }
}

/**
 * Throws INVALID_INPUT unless every value of `values` is a finite number of magnitude ≤ maxAbs (default 1e100: its
 * square still fits a double) and there are `sizes` of them.
 */
export function requireFiniteArray(field: string, values: ArrayLike<number> | undefined, sizes: readonly number[], maxAbs = 1e100): void {
  if (values === undefined || values === null || typeof values.length !== 'number' || !sizes.includes(values.length)) {
    throw new CollisionInputError('INVALID_SIZE', 'INVALID_INPUT', field, `expected ${sizes.join(' or ')} numbers (got ${values?.length ?? 'none'})`);
  }
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number' || !Number.isFinite(values[i])) {
      throw new CollisionInputError('NON_FINITE_INPUT', 'INVALID_INPUT', `${field}[${i}]`, `must be a finite number (got ${String(values[i])})`);
    }
    if (Math.abs(values[i]!) > maxAbs) {
      throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}[${i}]`, `must not exceed ${maxAbs} in magnitude (got ${values[i]})`);
    }
  }
}

/** Throws INVALID_INPUT unless `value` is a finite number ≥ 0. */
export function requireNonNegative(field: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', field, `must be a finite number ≥ 0 (got ${String(value)})`);
  }
}
