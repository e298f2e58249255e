/**
 * What every NDM writer starts with, written one way: the header (version line, COMMENT lines, CREATION_DATE,
 * ORIGINATOR, MESSAGE_ID) and the object metadata of an ODM block, each value checked (kvnWriter.ts) so that every
 * file written can be read back.
 */
import { parseFrame, parseTimeSystem } from './definitions.ts';
import { checkEpochText, kvnComment, kvnLine, kvnText } from './kvnWriter.ts';

/** The header every NDM message starts with (MESSAGE_ID apart: not every version has it). */
export interface NdmHeaderToWrite {
  /** UTC, CCSDS epoch string. */
  creationDate: string;
  originator: string;
  comments?: readonly string[];
}

/**
 * The header lines (502.0-B-2 §3.2, §5.2; 502.0-B-3 §6.2.2): `<versionKeyword> = <version>`, COMMENT lines,
 * CREATION_DATE, ORIGINATOR and, for the versions that have it (OCM 3.0) and when given, MESSAGE_ID.
 */
export function kvnHeaderLines(versionKeyword: string, version: string, header: NdmHeaderToWrite, messageId?: string | null): string[] {
  const lines = [kvnLine(versionKeyword, version)];
  for (const comment of header.comments ?? []) lines.push(kvnComment(comment));
  lines.push(kvnLine('CREATION_DATE', checkEpochText('CREATION_DATE', header.creationDate)));
  lines.push(kvnText('ORIGINATOR', header.originator));
  if (messageId) lines.push(kvnText('MESSAGE_ID', messageId));
  return lines;
}

/** What an ODM block says about its object ({@link OdmObjectMetadata} to write). */
export interface OdmObjectMetadataToWrite {
  objectName: string;
  objectId: string;
  centerName: string;
  refFrame: string;
  refFrameEpoch?: string | null;
  timeSystem: string;
}

/** OBJECT_NAME, OBJECT_ID, CENTER_NAME, REF_FRAME, REF_FRAME_EPOCH (when given) and TIME_SYSTEM lines, checked. */
export function kvnOdmObjectLines(metadata: OdmObjectMetadataToWrite): string[] {
  const lines = [kvnText('OBJECT_NAME', metadata.objectName), kvnText('OBJECT_ID', metadata.objectId), kvnText('CENTER_NAME', metadata.centerName)];
  lines.push(kvnText('REF_FRAME', parseFrame(metadata.refFrame, 0, 'REF_FRAME')));
  if (metadata.refFrameEpoch) lines.push(kvnLine('REF_FRAME_EPOCH', checkEpochText('REF_FRAME_EPOCH', metadata.refFrameEpoch)));
  lines.push(kvnLine('TIME_SYSTEM', parseTimeSystem(metadata.timeSystem, 0)));
  return lines;
}
