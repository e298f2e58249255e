/**
 * From a parsed OPM to a storable state: time system to UTC, REF_FRAME and COV_REF_FRAME to the frames Apsis
 * stores, covariance validated (an invalid one is dropped with a warning, the state is kept), maneuvers and
 * Keplerian elements reported as warnings (the state vector is authoritative). Errors name the OPM line.
 */
import { CcsdsParseError } from '../common/errors.ts';
import type { OpmMessage } from './opmReader.ts';
import { Epoch, type TimeScale } from '../../time/epoch.ts';
import { supportedEpochProblem } from '../../time/supportedRange.ts';
import { CovarianceError, fromLowerTriangle, validateCovariance } from '../../math/covariance.ts';
import type { StateFrame } from '../../frames/stateFrames.ts';

export interface ImportedState {
  /** UTC ISO instant, 9 fraction digits. */
  epoch: string;
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  frame: StateFrame;
  massKg: number | null;
  originator: string;
  objectName: string;
  objectId: string;
  covariance: { frame: string; values: number[] } | null;
  /** USER_DEFINED_<name> parameters, name without the prefix → value as given. */
  userDefined: Record<string, string>;
  warnings: string[];
}

const IMPORT_TIME_SCALES = new Set(['UTC', 'TAI', 'TT', 'TDB', 'TCG', 'TCB', 'GPS']);

/** OPM REF_FRAME name → stored frame, or null when Apsis cannot store states in it. */
export function stateFrameOf(name: string): StateFrame | null {
  const upper = name.trim().toUpperCase();
  if (upper === 'GCRF') return 'GCRF';
  if (upper === 'EME2000' || upper === 'J2000') return 'EME2000';
  if (upper === 'TEME' || upper === 'TOD' || upper === 'MOD') return upper;
  if (/^ITRF(-?\d{2}|\d{4})?$/.test(upper)) return 'ITRF';
  return null;
}

/** OPM COV_REF_FRAME → stored covariance frame (state frames, RTN, TNW), or null. */
export function covarianceFrameOf(name: string): string | null {
  const upper = name.trim().toUpperCase();
  if (['RTN', 'RSW', 'RIC', 'QSW', 'RSW_INERTIAL', 'RSW_ROTATING'].includes(upper)) return 'RTN';
  if (['TNW', 'TNW_INERTIAL', 'TNW_ROTATING'].includes(upper)) return 'TNW';
  return stateFrameOf(upper);
}

/** 1-based line of the first `KEYWORD =` (KVN) or `<KEYWORD>` (XML) in the text, 0 when absent. */
export function keywordLine(text: string, keyword: string): number {
  const pattern = new RegExp(`^\\s*(${keyword}\\s*=|<${keyword}[\\s>])`);
  const lines = text.split(/\r\n|\n|\r/);
  const index = lines.findIndex((line) => pattern.test(line));
  return index + 1;
}

/** `text` is the OPM as read (for the lines of errors found after parsing). */
export function stateFromOpm(opm: OpmMessage, text: string): ImportedState {
  const lines = {
    CENTER_NAME: keywordLine(text, 'CENTER_NAME'),
    TIME_SYSTEM: keywordLine(text, 'TIME_SYSTEM'),
    REF_FRAME: keywordLine(text, 'REF_FRAME'),
  };
  const warnings: string[] = [];
  const { metadata } = opm;
  if (metadata.centerName.trim().toUpperCase() !== 'EARTH') {
    throw new CcsdsParseError(lines.CENTER_NAME ?? 0, `CENTER_NAME ${metadata.centerName} is not supported: states must be geocentric (EARTH)`, 'CENTER_NAME');
  }
  if (!IMPORT_TIME_SCALES.has(metadata.timeSystem)) {
    throw new CcsdsParseError(
      lines.TIME_SYSTEM ?? 0,
      `TIME_SYSTEM ${metadata.timeSystem} cannot be converted to UTC (supported: ${[...IMPORT_TIME_SCALES].join(', ')})`,
      'TIME_SYSTEM',
    );
  }
  const frame = stateFrameOf(metadata.refFrame);
  if (!frame) {
    throw new CcsdsParseError(lines.REF_FRAME ?? 0, `REF_FRAME ${metadata.refFrame} is not supported (supported: GCRF, EME2000, TEME, ITRF, TOD, MOD)`, 'REF_FRAME');
  }
  if (frame !== metadata.refFrame.trim().toUpperCase()) warnings.push(`REF_FRAME ${metadata.refFrame} stored as ${frame}`);
  if (metadata.refFrameEpoch !== null) {
    warnings.push(`REF_FRAME_EPOCH ${metadata.refFrameEpoch} ignored: ${frame} is realized at the state epoch`);
  }
  let epoch: Epoch;
  try {
    epoch = Epoch.parse(opm.stateVector.epoch, metadata.timeSystem as TimeScale);
  } catch (error) {
    throw new CcsdsParseError(opm.stateVector.line, `EPOCH: ${(error as Error).message}`, 'EPOCH');
  }
  const outside = supportedEpochProblem(epoch);
  if (outside) throw new CcsdsParseError(opm.stateVector.line, `EPOCH ${outside}`, 'EPOCH');
  let covariance: ImportedState['covariance'] = null;
  if (opm.covariance) {
    const covFrameName = opm.covariance.refFrame ?? metadata.refFrame;
    const covFrame = covarianceFrameOf(covFrameName);
    if (!covFrame) {
      warnings.push(`covariance dropped (line ${opm.covariance.line}): COV_REF_FRAME ${covFrameName} is not supported (supported: GCRF, EME2000, TEME, ITRF, TOD, MOD, RTN, TNW)`);
    } else {
      try {
        const values = validateCovariance(fromLowerTriangle(opm.covariance.lowerTriangle));
        covariance = { frame: covFrame, values: [...values] };
        if (covFrame !== covFrameName.trim().toUpperCase()) warnings.push(`COV_REF_FRAME ${covFrameName} stored as ${covFrame}`);
      } catch (error) {
        if (!(error instanceof CovarianceError)) throw error;
        warnings.push(`covariance dropped (line ${opm.covariance.line}): ${error.message}`);
      }
    }
  }
  for (const m of opm.maneuvers) {
    const dv = m.deltaVKmS.join(', ');
    warnings.push(
      `OPM maneuver at line ${m.line} (ignition ${m.epochIgnition}, duration ${m.durationS ?? '?'} s, ΔV [${dv}] km/s in ${m.refFrame}) was not imported: store maneuvers through the maneuver API`,
    );
  }
  if (opm.keplerianElements) warnings.push('OPM Keplerian elements not stored: the state vector is authoritative (mean elements are derived from it)');
  const sp = opm.spacecraftParameters;
  const notStored = sp
    ? ([
        ['SOLAR_RAD_AREA', sp.solarRadAreaM2],
        ['SOLAR_RAD_COEFF', sp.solarRadCoeff],
        ['DRAG_AREA', sp.dragAreaM2],
        ['DRAG_COEFF', sp.dragCoeff],
      ] as const).filter(([, value]) => value !== null && value !== undefined).map(([keyword]) => keyword)
    : [];
  if (notStored.length > 0) {
    warnings.push(
      `OPM ${notStored.join(', ')} not stored with the state: propagation uses the spacecraft record's areas and coefficients (PATCH /operations/spacecraft/{id})`,
    );
  }
  return {
    epoch: epoch.toIsoString(9),
    positionKm: opm.stateVector.positionKm,
    velocityKmS: opm.stateVector.velocityKmS,
    frame,
    massKg: opm.spacecraftParameters?.massKg ?? null,
    originator: opm.header.originator,
    objectName: metadata.objectName,
    objectId: metadata.objectId,
    covariance,
    userDefined: { ...opm.userDefined },
    warnings,
  };
}
