/**
 * CCSDS Orbit Parameter Message (OPM) 2.0 KVN writer (502.0-B-2 §3): header, metadata, state vector, spacecraft
 * parameters, covariance and user-defined parameters; numbers in shortest round-trip form so that the reader
 * (opmReader.ts `parseOpm`) reads back the same values.
 */
import { COVARIANCE_KEYWORDS, parseFrame } from '../common/definitions.ts';
import { quoteInput } from '../common/errors.ts';
import { checkEpochText, kvnLine, kvnNumber, kvnText } from '../common/kvnWriter.ts';
import { kvnHeaderLines, kvnOdmObjectLines, type NdmHeaderToWrite, type OdmObjectMetadataToWrite } from '../common/ndmWriter.ts';
import type { SpacecraftParameters } from '../odm/spacecraftParameters.ts';

/** The comments are the header's. */
export interface OpmToWrite extends NdmHeaderToWrite, OdmObjectMetadataToWrite {
  stateVector: { epoch: string; positionKm: readonly number[]; velocityKmS: readonly number[] };
  spacecraftParameters?: Partial<Omit<SpacecraftParameters, 'line'>> | null;
  covariance?: { refFrame: string | null; lowerTriangle: readonly number[] } | null;
  userDefined?: Record<string, string>;
}

/** Write an OPM 2.0 KVN. */
export function writeOpmKvn(opm: OpmToWrite): string {
  const lines = [...kvnHeaderLines('CCSDS_OPM_VERS', '2.0', opm), '', ...kvnOdmObjectLines(opm), ''];
  const sv = opm.stateVector;
  if (sv.positionKm.length !== 3 || sv.velocityKmS.length !== 3) throw new RangeError('state vector needs 3 position and 3 velocity components');
  lines.push(kvnLine('EPOCH', checkEpochText('EPOCH', sv.epoch)));
  ['X', 'Y', 'Z'].forEach((k, i) => lines.push(kvnNumber(k, sv.positionKm[i]!, 'km')));
  ['X_DOT', 'Y_DOT', 'Z_DOT'].forEach((k, i) => lines.push(kvnNumber(k, sv.velocityKmS[i]!, 'km/s')));
  const sc = opm.spacecraftParameters;
  if (sc) {
    lines.push('');
    const entries: [string, number | null | undefined, string | undefined][] = [
      ['MASS', sc.massKg, 'kg'], ['SOLAR_RAD_AREA', sc.solarRadAreaM2, 'm**2'], ['SOLAR_RAD_COEFF', sc.solarRadCoeff, undefined],
      ['DRAG_AREA', sc.dragAreaM2, 'm**2'], ['DRAG_COEFF', sc.dragCoeff, undefined],
    ];
    for (const [key, value, units] of entries) if (value !== null && value !== undefined) lines.push(kvnNumber(key, value, units));
  }
  if (opm.covariance) {
    if (opm.covariance.lowerTriangle.length !== 21) throw new RangeError('covariance needs 21 lower-triangle terms');
    lines.push('');
    if (opm.covariance.refFrame) lines.push(kvnText('COV_REF_FRAME', parseFrame(opm.covariance.refFrame, 0, 'COV_REF_FRAME')));
    COVARIANCE_KEYWORDS.forEach((k, i) => lines.push(kvnNumber(k, opm.covariance!.lowerTriangle[i]!)));
  }
  const user = Object.entries(opm.userDefined ?? {});
  if (user.length > 0) {
    lines.push('');
    for (const [key, value] of user) {
      if (!/^[A-Za-z0-9_]+$/.test(key)) throw new RangeError(`invalid user-defined parameter name ${quoteInput(key)}`);
      lines.push(kvnText(`USER_DEFINED_${key}`, value));
    }
  }
  return `${lines.join('\n')}\n`;
}
