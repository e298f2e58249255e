/**
 * CCSDS OEM version 2.0 KVN writer, exactly per CCSDS 502.0-B-2 §5 (Orbit Data Messages, Blue Book issue 2):
 *
 * - header (§5.2.2, table 5-2): `CCSDS_OEM_VERS = 2.0`, optional COMMENT lines, `CREATION_DATE`, `ORIGINATOR`;
 * - per segment, metadata (§5.2.3, table 5-3) between `META_START` and `META_STOP`: `OBJECT_NAME`, `OBJECT_ID`,
 *   `CENTER_NAME`, `REF_FRAME`, optional `REF_FRAME_EPOCH`, `TIME_SYSTEM`, `START_TIME`, optional
 *   `USEABLE_START_TIME` / `USEABLE_STOP_TIME`, `STOP_TIME`, optional `INTERPOLATION`, `INTERPOLATION_DEGREE`;
 * - data lines (§5.2.4): `epoch x y z x_dot y_dot z_dot`, positions in km with 6 decimals (1 mm) and velocities
 *   in km/s with 9 decimals (1 µm/s);
 * - optional covariance section (§5.2.5): `COVARIANCE_START`, per matrix `EPOCH`, `COV_REF_FRAME` and the lower
 *   triangle of the 6×6 matrix over 6 lines (1, 2, ..., 6 values), `COVARIANCE_STOP`.
 *
 * The text is produced as a sequence of chunks ({@link oemKvnChunks}: one chunk per block of lines) so callers can
 * stream a long ephemeris, or joined once ({@link writeOemKvn}).
 */
import { parseFrame } from '../common/definitions.ts';
import { checkEpochText, kvnComment, kvnLine, kvnText } from '../common/kvnWriter.ts';
import { kvnHeaderLines, kvnOdmObjectLines, type NdmHeaderToWrite, type OdmObjectMetadataToWrite } from '../common/ndmWriter.ts';

export interface OemStateToWrite {
  /** Epoch string in the segment TIME_SYSTEM, supplied by the caller (e.g. `2024-01-01T00:00:00.000000`). */
  epoch: string;
  positionKm: readonly [number, number, number] | readonly number[];
  velocityKmS: readonly [number, number, number] | readonly number[];
}

export interface OemCovarianceToWrite {
  epoch: string;
  /** COV_REF_FRAME (e.g. RTN, TNW, EME2000); omitted when null (then the segment REF_FRAME applies). */
  refFrame: string | null;
  /** 21 values of the lower triangle, row by row: km², km²/s, km²/s². */
  lowerTriangle: readonly number[];
}

export interface OemSegmentToWrite extends OdmObjectMetadataToWrite {
  comments?: readonly string[];
  startTime: string;
  useableStartTime?: string | null;
  useableStopTime?: string | null;
  stopTime: string;
  interpolation?: string | null;
  interpolationDegree?: number | null;
  /** Comments written at the start of the data section. */
  dataComments?: readonly string[];
  states: Iterable<OemStateToWrite>;
  covariances?: Iterable<OemCovarianceToWrite>;
  /** Comments written right after COVARIANCE_START (e.g. the convention used for RTN/TNW). */
  covarianceComments?: readonly string[];
}

export interface OemFileToWrite extends NdmHeaderToWrite {
  segments: readonly OemSegmentToWrite[];
}

/** Lines per emitted chunk of data lines. */
const LINES_PER_CHUNK = 512;

function fixed(value: number, decimals: number, width: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot write non-finite value ${value} in an OEM`);
  const text = value.toFixed(decimals);
  return text.length >= width ? text : ' '.repeat(width - text.length) + text;
}

/** Covariance terms in scientific notation, lossless (shortest round-trip mantissa). */
function scientific(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot write non-finite covariance value ${value}`);
  const text = value.toExponential(); // shortest digits that read back to the same double
  return value < 0 ? text : ` ${text}`;
}

/** Format one ephemeris data line. */
export function formatOemStateLine(state: OemStateToWrite): string {
  const p = state.positionKm;
  const v = state.velocityKmS;
  if (p.length !== 3 || v.length !== 3) throw new RangeError('position and velocity need 3 components each');
  return (
    `${checkEpochText('epoch', state.epoch)} ` +
    `${fixed(p[0]!, 6, 16)} ${fixed(p[1]!, 6, 16)} ${fixed(p[2]!, 6, 16)} ` +
    `${fixed(v[0]!, 9, 14)} ${fixed(v[1]!, 9, 14)} ${fixed(v[2]!, 9, 14)}`
  );
}

function metadataLines(segment: OemSegmentToWrite): string[] {
  const lines = ['', 'META_START'];
  for (const comment of segment.comments ?? []) lines.push(kvnComment(comment));
  lines.push(...kvnOdmObjectLines(segment));
  lines.push(kvnLine('START_TIME', checkEpochText('START_TIME', segment.startTime)));
  if (segment.useableStartTime) lines.push(kvnLine('USEABLE_START_TIME', checkEpochText('USEABLE_START_TIME', segment.useableStartTime)));
  if (segment.useableStopTime) lines.push(kvnLine('USEABLE_STOP_TIME', checkEpochText('USEABLE_STOP_TIME', segment.useableStopTime)));
  lines.push(kvnLine('STOP_TIME', checkEpochText('STOP_TIME', segment.stopTime)));
  if (segment.interpolation) lines.push(kvnText('INTERPOLATION', segment.interpolation));
  if (segment.interpolationDegree !== null && segment.interpolationDegree !== undefined) {
    if (!Number.isInteger(segment.interpolationDegree) || segment.interpolationDegree < 0) {
      throw new RangeError('INTERPOLATION_DEGREE must be a non-negative integer');
    }
    lines.push(kvnLine('INTERPOLATION_DEGREE', String(segment.interpolationDegree)));
  }
  lines.push('META_STOP', '');
  for (const comment of segment.dataComments ?? []) lines.push(kvnComment(comment));
  return lines;
}

/**
 * One covariance block as text (its lines joined by newlines), built by concatenation: a one-day OEM at 60 s has
 * 1,441 of them, 21 numbers each. `frameLines` keeps the checked COV_REF_FRAME line of each frame name met.
 */
function covarianceText(covariance: OemCovarianceToWrite, frameLines: Map<string, string>): string {
  const values = covariance.lowerTriangle;
  if (values.length !== 21) throw new RangeError('a covariance needs the 21 lower-triangle values');
  let text = kvnLine('EPOCH', checkEpochText('EPOCH', covariance.epoch));
  if (covariance.refFrame) {
    let frameLine = frameLines.get(covariance.refFrame);
    if (frameLine === undefined) {
      frameLine = kvnLine('COV_REF_FRAME', parseFrame(covariance.refFrame, 0, 'COV_REF_FRAME'));
      frameLines.set(covariance.refFrame, frameLine);
    }
    text += `\n${frameLine}`;
  }
  let k = 0;
  for (let row = 1; row <= 6; row++) {
    let line = scientific(values[k++]!);
    for (let column = 1; column < row; column++) line += ` ${scientific(values[k++]!)}`;
    text += `\n${line}`;
  }
  return text;
}

/** Generate the OEM text chunk by chunk (each chunk ends with a newline). */
export function* oemKvnChunks(file: OemFileToWrite): Generator<string> {
  if (file.segments.length === 0) throw new RangeError('an OEM needs at least one segment');
  yield `${kvnHeaderLines('CCSDS_OEM_VERS', '2.0', file).join('\n')}\n`;
  for (const segment of file.segments) {
    yield `${metadataLines(segment).join('\n')}\n`;
    let buffer: string[] = [];
    let count = 0;
    for (const state of segment.states) {
      buffer.push(formatOemStateLine(state));
      count++;
      if (buffer.length === LINES_PER_CHUNK) {
        yield `${buffer.join('\n')}\n`;
        buffer = [];
      }
    }
    if (count === 0) throw new RangeError(`segment of ${segment.objectName} has no states`);
    if (buffer.length > 0) yield `${buffer.join('\n')}\n`;
    if (segment.covariances) {
      const blocks: string[] = [];
      const frameLines = new Map<string, string>();
      for (const covariance of segment.covariances) blocks.push(covarianceText(covariance, frameLines));
      if (blocks.length > 0) {
        const comments = (segment.covarianceComments ?? []).map(kvnComment);
        yield `\n${['COVARIANCE_START', ...comments, ...blocks, 'COVARIANCE_STOP'].join('\n')}\n`;
      }
    }
  }
}

/** Write the whole OEM as one string. */
export function writeOemKvn(file: OemFileToWrite): string {
  return Array.from(oemKvnChunks(file)).join('');
}
