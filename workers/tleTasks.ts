/**
 * Worker-side adapter of TLE generation (registered in tasks.ts as `tle.generate`): gets the Earth data by identity
 * (`earthDataFor`, cached per worker), calls engine/products/tleProduct.ts, and turns engine errors into plain result objects (custom error
 * classes do not survive the thread boundary).
 */
import { generateTleForState, TleOrbitNotRepresentableError, TleStateInsideEllipsoidError, type GenerateTleInput, type GenerateTleResult } from '../engine/products/tleProduct.ts';
import { TleCatalogNumberError, TleFitError, TleFormatError } from '../engine/tle/errors.ts';
import { earthDataFor } from '../earthData/files.ts';
import { failure } from './ephemerisTasks.ts';
import type { TaskFailure, WithEarthData } from './contracts.ts';

export function generateTleTask(input: GenerateTleInput & WithEarthData): ({ ok: true } & GenerateTleResult) | TaskFailure {
  try {
    return { ok: true, ...generateTleForState(input, earthDataFor(input.earthData)) };
  } catch (error) {
    if (error instanceof TleStateInsideEllipsoidError || error instanceof TleOrbitNotRepresentableError) {
      return { ok: false, kind: 'UNPROCESSABLE', code: error.code, message: error.message, details: error.details };
    }
    if (error instanceof TleFitError) return { ok: false, kind: 'UNPROCESSABLE', code: error.code, message: error.message, details: error.details };
    if (error instanceof TleCatalogNumberError) {
      return { ok: false, kind: 'INVALID_INPUT', code: error.code, message: error.message, details: { noradId: error.catalogNumber } };
    }
    if (error instanceof TleFormatError) return { ok: false, kind: 'UNPROCESSABLE', code: error.code, message: error.message, details: { field: error.field } };
    return failure(error);
  }
}
