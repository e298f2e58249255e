/** Failures of a whole orbit-determination request (the worker answers a TaskFailure; TOO_FEW_MEASUREMENTS → HTTP 422). */
import type { EstimationFailureCode } from './types.ts';

export class EstimationFailure extends Error {
  constructor(
    readonly code: EstimationFailureCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'EstimationFailure';
  }
}
