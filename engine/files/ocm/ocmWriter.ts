/**
 * OCM KVN writer for stored maneuvers (CCSDS 502.0-B-3 §6 and §7): header, metadata, a PHYS block with the
 * masses, and one MAN block per maneuver with
 * `MAN_COMPOSITION = TIME_ABSOLUTE,MAN_DURA,THR_X,THR_Y,THR_Z,THR_ISP[,DELTA_MASS]` and matching `MAN_UNITS`.
 * MAN_BASIS is not written (stored maneuvers are plans; the importer ignores it). Numbers are printed in their
 * shortest round-trip form, so {@link parseOcm} reads back exactly the values written.
 */
import { parseFrame, parseTimeSystem } from '../common/definitions.ts';
import { checkEpochText, checkText, kvnComment, kvnLine, kvnNumber, kvnText } from '../common/kvnWriter.ts';
import { kvnHeaderLines, type NdmHeaderToWrite } from '../common/ndmWriter.ts';
import { formatNumberLossless } from '../common/values.ts';

export interface OcmBurnRow {
  /** Burn start, CCSDS epoch string in the metadata time system. */
  timeAbsolute: string;
  durationS: number;
  thrustXN: number;
  thrustYN: number;
  thrustZN: number;
  ispS: number;
  /** Mass change over the burn (negative when propellant is consumed); written only if every row has one. */
  deltaMassKg?: number | null;
}

export interface OcmManeuverToWrite {
  id: string;
  deviceId: string;
  purpose?: string | null;
  /** MAN_REF_FRAME, e.g. RSW_ROTATING / TNW_INERTIAL / EME2000. */
  refFrame: string;
  frameEpoch?: string | null;
  prevId?: string | null;
  comments?: readonly string[];
  rows: readonly OcmBurnRow[];
}

export interface OcmManeuverFileInput extends NdmHeaderToWrite {
  messageId?: string | null;
  objectName: string;
  internationalDesignator?: string | null;
  objectDesignator?: string | null;
  /** CCSDS time system of every epoch in the file (default UTC). */
  timeSystem?: string;
  /** EPOCH_TZERO: reference for relative times (typically the first burn start). */
  epochTzero: string;
  wetMassKg?: number | null;
  dryMassKg?: number | null;
  maneuvers: readonly OcmManeuverToWrite[];
}

/** Write the OCM as KVN text (lines joined once, LF line ends, final newline). */
export function writeOcmManeuvers(input: OcmManeuverFileInput): string {
  const lines: string[] = [];
  const timeSystem = parseTimeSystem(input.timeSystem ?? 'UTC', 0);
  lines.push(...kvnHeaderLines('CCSDS_OCM_VERS', '3.0', input, input.messageId), '');

  lines.push('META_START');
  lines.push(kvnText('OBJECT_NAME', input.objectName));
  if (input.internationalDesignator) lines.push(kvnText('INTERNATIONAL_DESIGNATOR', input.internationalDesignator));
  if (input.objectDesignator) lines.push(kvnText('OBJECT_DESIGNATOR', input.objectDesignator));
  lines.push(kvnLine('TIME_SYSTEM', timeSystem));
  lines.push(kvnLine('EPOCH_TZERO', checkEpochText('EPOCH_TZERO', input.epochTzero)));
  lines.push('META_STOP');
  lines.push('');

  const hasWet = input.wetMassKg !== null && input.wetMassKg !== undefined;
  const hasDry = input.dryMassKg !== null && input.dryMassKg !== undefined;
  if (hasWet || hasDry) {
    lines.push('PHYS_START');
    if (hasWet) lines.push(kvnNumber('WET_MASS', input.wetMassKg!, 'kg'));
    if (hasDry) lines.push(kvnNumber('DRY_MASS', input.dryMassKg!, 'kg'));
    lines.push('PHYS_STOP');
    lines.push('');
  }

  for (const maneuver of input.maneuvers) {
    if (maneuver.rows.length === 0) throw new RangeError(`maneuver ${maneuver.id} has no burn rows`);
    const withDeltaMass = maneuver.rows.every((r) => r.deltaMassKg !== null && r.deltaMassKg !== undefined);
    lines.push('MAN_START');
    for (const comment of maneuver.comments ?? []) lines.push(kvnComment(comment));
    lines.push(kvnText('MAN_ID', maneuver.id));
    if (maneuver.prevId) lines.push(kvnText('MAN_PREV_ID', maneuver.prevId));
    lines.push(kvnText('MAN_DEVICE_ID', maneuver.deviceId));
    if (maneuver.purpose) lines.push(kvnText('MAN_PURPOSE', maneuver.purpose));
    lines.push(kvnText('MAN_REF_FRAME', parseFrame(maneuver.refFrame, 0, 'MAN_REF_FRAME')));
    if (maneuver.frameEpoch) lines.push(kvnLine('MAN_FRAME_EPOCH', checkEpochText('MAN_FRAME_EPOCH', maneuver.frameEpoch)));
    lines.push(
      kvnLine('MAN_COMPOSITION', `TIME_ABSOLUTE,MAN_DURA,THR_X,THR_Y,THR_Z,THR_ISP${withDeltaMass ? ',DELTA_MASS' : ''}`),
    );
    lines.push(kvnLine('MAN_UNITS', withDeltaMass ? '[s,N,N,N,s,kg]' : '[s,N,N,N,s]'));
    for (const row of maneuver.rows) {
      const fields = [
        checkText('TIME_ABSOLUTE', checkEpochText('TIME_ABSOLUTE', row.timeAbsolute)),
        formatNumberLossless(row.durationS),
        formatNumberLossless(row.thrustXN),
        formatNumberLossless(row.thrustYN),
        formatNumberLossless(row.thrustZN),
        formatNumberLossless(row.ispS),
      ];
      if (withDeltaMass) fields.push(formatNumberLossless(row.deltaMassKg!));
      lines.push(fields.join(' '));
    }
    lines.push('MAN_STOP');
    lines.push('');
  }
  return lines.join('\n');
}
