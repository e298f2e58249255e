/**
 * CCSDS OPM version 2.0 KVN writer (502.0-B-2 §3): header, metadata, state vector, optional spacecraft
 * parameters, optional covariance (COV_REF_FRAME + the 21 lower-triangle terms) and user-defined parameters.
 * Numbers are written losslessly (shortest round-trip form) with their units, so a written OPM reads back to the
 * identical doubles.
 */
import { parseFrame, parseTimeSystem } from './definitions.ts';
import { checkEpochText, kvnComment, kvnLine, kvnNumber, kvnText } from './kvn-writer.ts';
import { COVARIANCE_KEYWORDS } from './oem.ts';

export interface OpmToWrite {
  creationDate: string;
  originator: string;
  comments?: readonly string[];
  objectName: string;
  objectId: string;
  centerName: string;
  refFrame: string;
  timeSystem: string;
  epoch: string;
  positionKm: readonly number[];
  velocityKmS: readonly number[];
  spacecraftParameters?: {
    massKg?: number | null;
    solarRadAreaM2?: number | null;
    solarRadCoeff?: number | null;
    dragAreaM2?: number | null;
    dragCoeff?: number | null;
  } | null;
  covariance?: { refFrame: string | null; lowerTriangle: readonly number[] } | null;
  userDefined?: Readonly<Record<string, string>>;
}

const COVARIANCE_UNITS = ['km**2', 'km**2/s', 'km**2/s**2'];

export function writeOpmKvn(opm: OpmToWrite): string {
  if (opm.positionKm.length !== 3 || opm.velocityKmS.length !== 3) throw new RangeError('position and velocity need 3 components each');
  const lines = [kvnLine('CCSDS_OPM_VERS', '2.0')];
  for (const comment of opm.comments ?? []) lines.push(kvnComment(comment));
  lines.push(kvnLine('CREATION_DATE', checkEpochText('CREATION_DATE', opm.creationDate)));
  lines.push(kvnText('ORIGINATOR', opm.originator), '');
  lines.push(kvnText('OBJECT_NAME', opm.objectName));
  lines.push(kvnText('OBJECT_ID', opm.objectId));
  lines.push(kvnText('CENTER_NAME', opm.centerName));
  lines.push(kvnText('REF_FRAME', parseFrame(opm.refFrame, 0, 'REF_FRAME')));
  lines.push(kvnLine('TIME_SYSTEM', parseTimeSystem(opm.timeSystem, 0)), '');
  lines.push(kvnLine('EPOCH', checkEpochText('EPOCH', opm.epoch)));
  ['X', 'Y', 'Z'].forEach((k, i) => lines.push(kvnNumber(k, opm.positionKm[i]!, 'km')));
  ['X_DOT', 'Y_DOT', 'Z_DOT'].forEach((k, i) => lines.push(kvnNumber(k, opm.velocityKmS[i]!, 'km/s')));
  const sc = opm.spacecraftParameters;
  if (sc && Object.values(sc).some((v) => v !== null && v !== undefined)) {
    lines.push('');
    if (sc.massKg != null) lines.push(kvnNumber('MASS', sc.massKg, 'kg'));
    if (sc.solarRadAreaM2 != null) lines.push(kvnNumber('SOLAR_RAD_AREA', sc.solarRadAreaM2, 'm**2'));
    if (sc.solarRadCoeff != null) lines.push(kvnNumber('SOLAR_RAD_COEFF', sc.solarRadCoeff));
    if (sc.dragAreaM2 != null) lines.push(kvnNumber('DRAG_AREA', sc.dragAreaM2, 'm**2'));
    if (sc.dragCoeff != null) lines.push(kvnNumber('DRAG_COEFF', sc.dragCoeff));
  }
  if (opm.covariance) {
    if (opm.covariance.lowerTriangle.length !== 21) throw new RangeError('a covariance needs the 21 lower-triangle values');
    lines.push('');
    if (opm.covariance.refFrame) lines.push(kvnText('COV_REF_FRAME', parseFrame(opm.covariance.refFrame, 0, 'COV_REF_FRAME')));
    let k = 0;
    for (let row = 0; row < 6; row++) {
      for (let column = 0; column <= row; column++) {
        const units = COVARIANCE_UNITS[(row >= 3 ? 1 : 0) + (column >= 3 ? 1 : 0)];
        lines.push(kvnNumber(COVARIANCE_KEYWORDS[k]!, opm.covariance.lowerTriangle[k]!, units));
        k++;
      }
    }
  }
  const user = Object.entries(opm.userDefined ?? {});
  if (user.length > 0) {
    lines.push('');
    for (const [name, value] of user) lines.push(kvnText(`USER_DEFINED_${name}`, value));
  }
  return `${lines.join('\n')}\n`;
}
