/**
 * The state vector of an OPM, CCSDS 502.0-B-3 §3.2.4 (table 3-4): EPOCH, then the position X, Y, Z [km] and the
 * velocity X_DOT, Y_DOT, Z_DOT [km/s] in the metadata REF_FRAME, all six required. Values written in other units
 * of the same dimension are converted to these (common/keywords.ts).
 */
import { numberKey, type KeySpec } from '../common/keywords.ts';
import type { MissingKeywordReport, OdmKeywordsRead } from './keywordsRead.ts';

export interface StateVector {
  /** EPOCH as written, in the metadata TIME_SYSTEM. */
  epoch: string;
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  /** Line of EPOCH. */
  line: number;
}

/** The state vector keywords and their value types. */
export const STATE_VECTOR_KEYS: Readonly<Record<string, KeySpec>> = {
  EPOCH: { type: 'epoch' },
  X: numberKey('km'),
  Y: numberKey('km'),
  Z: numberKey('km'),
  X_DOT: numberKey('km/s'),
  Y_DOT: numberKey('km/s'),
  Z_DOT: numberKey('km/s'),
};

/** The state vector read (EPOCH first: a reader refuses any data keyword before it). */
export function stateVectorOf(read: OdmKeywordsRead, missing: MissingKeywordReport): StateVector {
  const component = (keyword: string): number => read.requiredNumber(keyword, missing);
  return {
    epoch: read.requiredText('EPOCH', missing),
    positionKm: [component('X'), component('Y'), component('Z')],
    velocityKmS: [component('X_DOT'), component('Y_DOT'), component('Z_DOT')],
    line: read.lines['EPOCH']!,
  };
}
