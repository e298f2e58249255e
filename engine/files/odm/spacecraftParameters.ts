/**
 * The spacecraft parameters of the OPM and the OMM, CCSDS 502.0-B-3 §3.2.4 (table 3-4) and §4.2.4 (table 4-2):
 * MASS [kg], SOLAR_RAD_AREA [m**2], SOLAR_RAD_COEFF, DRAG_AREA [m**2] and DRAG_COEFF, each optional; the section is
 * there when any of them is.
 */
import { numberKey, type KeySpec } from '../common/keywords.ts';
import type { OdmKeywordsRead } from './keywordsRead.ts';

export interface SpacecraftParameters {
  massKg: number | null;
  solarRadAreaM2: number | null;
  solarRadCoeff: number | null;
  dragAreaM2: number | null;
  dragCoeff: number | null;
  /** Line of the first of them. */
  line: number;
}

/** The spacecraft parameter keywords and their value types (the coefficients have no units). */
export const SPACECRAFT_PARAMETER_KEYS: Readonly<Record<string, KeySpec>> = {
  MASS: numberKey('kg'),
  SOLAR_RAD_AREA: numberKey('m**2'),
  SOLAR_RAD_COEFF: numberKey(),
  DRAG_AREA: numberKey('m**2'),
  DRAG_COEFF: numberKey(),
};

/** The spacecraft parameters read, or null when the message gives none. */
export function spacecraftParametersOf(read: OdmKeywordsRead): SpacecraftParameters | null {
  const line = read.firstLine(Object.keys(SPACECRAFT_PARAMETER_KEYS));
  if (line === null) return null;
  return {
    massKg: read.optionalNumber('MASS'),
    solarRadAreaM2: read.optionalNumber('SOLAR_RAD_AREA'),
    solarRadCoeff: read.optionalNumber('SOLAR_RAD_COEFF'),
    dragAreaM2: read.optionalNumber('DRAG_AREA'),
    dragCoeff: read.optionalNumber('DRAG_COEFF'),
    line,
  };
}
