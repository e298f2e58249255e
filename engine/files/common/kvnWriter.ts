/**
 * Helpers for writing KVN: aligned `KEYWORD = value` lines, checked values (one line, no leading/trailing
 * blanks, valid epochs, finite numbers) so that every file we write can be read back.
 */
import { parseEpochFields, parseFrame, parseTimeSystem } from './definitions.ts';
import { formatNumberLossless } from './values.ts';

/** Width the keywords are padded to (the examples of 502.0-B-2 align values in one column). */
export const KVN_KEYWORD_WIDTH = 20;

export function checkText(keyword: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new RangeError(`${keyword} must be a single line of text`);
  if (value.trim() === '') throw new RangeError(`${keyword} must not be empty`);
  if (value !== value.trim()) throw new RangeError(`${keyword} must not start or end with white space`);
  return value;
}

export function checkEpochText(keyword: string, value: string): string {
  parseEpochFields(value, 0, keyword); // throws CcsdsParseError without line: the caller gave a bad epoch
  return value;
}

export function kvnLine(keyword: string, value: string, units?: string): string {
  const padded = keyword.length >= KVN_KEYWORD_WIDTH ? keyword : keyword + ' '.repeat(KVN_KEYWORD_WIDTH - keyword.length);
  return units ? `${padded} = ${value} [${units}]` : `${padded} = ${value}`;
}

export function kvnText(keyword: string, value: string): string {
  return kvnLine(keyword, checkText(keyword, value));
}

export function kvnNumber(keyword: string, value: number, units?: string): string {
  return kvnLine(keyword, formatNumberLossless(value), units);
}

export function kvnComment(text: string): string {
  if (/[\r\n]/.test(text)) throw new RangeError('COMMENT must be a single line of text');
  return text === '' ? 'COMMENT' : `COMMENT ${text}`;
}

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
