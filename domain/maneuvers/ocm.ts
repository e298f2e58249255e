/**
 * CCSDS OCM (502.0-B-3) ↔ stored maneuvers: maps a parsed OCM (engine/files/ocm/ocmReader.ts) to record contents,
 * and records to the OCM KVN writer (engine/files/ocm/ocmWriter.ts). No parsing of its own beyond locating the
 * line of a keyword for error messages (the engine reports block lines, not every keyword line).
 *
 * Import rules (each failure names the line):
 *  - every MAN block with thrust columns becomes one record: MAN_ID → maneuverId and name, MAN_PURPOSE → purpose,
 *    MAN_REF_FRAME → attitudeMode (TNW, TNW_ROTATING → TNW; RTN, RIC → RTN; QSW → QSW; RSW, RSW_ROTATING →
 *    RSW_ROTATING; inertial/celestial frames are refused), each data line → one burn segment;
 *  - THR_X, THR_Y, THR_Z, THR_ISP and MAN_DURA are required columns (MAN_UNITS, when given, is checked against the
 *    standard units by the reader); PHYS WET_MASS is required (stored with the records);
 *  - TIME_ABSOLUTE is read in the metadata TIME_SYSTEM; without it, TIME_RELATIVE is seconds after EPOCH_TZERO;
 *  - blocks without any thrust column that describe deployments (DEPLOY_* columns) are skipped and reported;
 *    any other block without thrust is an error; MAN_BASIS, MAN_DEVICE_ID, MAN_FRAME_EPOCH, DELTA_MASS and the
 *    other optional columns have no effect (delta mass is derived);
 *  - Apsis annotations in a maneuver block's comments restore what the OCM keywords cannot carry:
 *    `COMMENT apsis.name: <name>` (name differing from MAN_ID), `COMMENT apsis.segmentAttitudeModes: A,B,…` (per-row
 *    attitude modes differing from MAN_REF_FRAME), `COMMENT apsis.wetMassKg: <kg>` (wet mass differing from PHYS).
 */
import { replaceUnsafeText } from '../../engine/text.ts';
import { MAX_MASS_KG } from '../limits.ts';
import { strToU8, zipSync } from 'fflate';
import { timeScaleOf } from '../../engine/files/common/definitions.ts';
import { CcsdsParseError } from '../../engine/files/common/errors.ts';
import { parseOcm, type OcmManeuver, type OcmMessage } from '../../engine/files/ocm/ocmReader.ts';
import { writeOcmManeuvers, type OcmManeuverToWrite } from '../../engine/files/ocm/ocmWriter.ts';
import { Epoch, type TimeScale } from '../../engine/time/epoch.ts';
import { isPrintable, LAST_PRINTABLE_INSTANT } from '../instants.ts';
import {
  ATTITUDE_MODES,
  buildContent,
  ccsdsUtc,
  deriveValues,
  MANEUVER_ID_MAX_LENGTH,
  NAME_ON_UPDATE_MAX_LENGTH,
  nameProblem,
  purposeProblem,
  segmentProblems,
  type AttitudeMode,
  type ManeuverContent,
  type ManeuverRecord,
  type SegmentInput,
} from './model.ts';

/** What an OCM export says of its spacecraft (a stored spacecraft is one). */
export interface OcmSpacecraft {
  id: string;
  name: string;
  cosparId: string | null;
  /** kg: the wet mass of a record that has none of its own. */
  launchMass: number | null;
  dryMass: number | null;
}

/** A file-level import failure (invalid input), always with the 1-based line it concerns. */
export class OcmImportError extends Error {
  readonly line: number;
  readonly code: string;
  /** The message without its `line N: ` prefix. */
  readonly detail: string;
  constructor(line: number, message: string, code = 'import.file.invalid') {
    super(`line ${line}: ${message}`);
    this.name = 'OcmImportError';
    this.line = line;
    this.code = code;
    this.detail = message;
  }
}

/** An OCM file read into an import plan, as plain data (it crosses the worker-thread boundary). */
export type OcmReadResult = { ok: true; plan: OcmImportPlan } | { ok: false; line: number; detail: string; code: string };

/**
 * An OcmReadResult as it crosses the thread boundary: the maneuvers as JSON text in chunks of MANEUVERS_PER_CHUNK.
 * Structured-cloning tens of thousands of objects is deserialized in one piece on the receiving (event-loop) thread
 * (about 0.35 s for 40,000 maneuvers); strings cross as plain copies and are parsed chunk by chunk, yielding between.
 */
export type OcmReadTransport =
  | { ok: true; plan: Omit<OcmImportPlan, 'maneuvers'> & { maneuverChunks: string[] } }
  | { ok: false; line: number; detail: string; code: string };

const MANEUVERS_PER_CHUNK = 500;

/** Worker side. */
export function toOcmReadTransport(result: OcmReadResult): OcmReadTransport {
  if (!result.ok) return result;
  const { maneuvers, ...rest } = result.plan;
  const maneuverChunks: string[] = [];
  for (let at = 0; at < maneuvers.length; at += MANEUVERS_PER_CHUNK) maneuverChunks.push(JSON.stringify(maneuvers.slice(at, at + MANEUVERS_PER_CHUNK)));
  return { ok: true, plan: { ...rest, maneuverChunks } };
}

/** Event-loop side: the maneuvers parsed chunk by chunk, `between()` awaited after each (a yield to the event loop). */
export async function fromOcmReadTransport(transport: OcmReadTransport, between: () => Promise<void>): Promise<OcmReadResult> {
  if (!transport.ok) return transport;
  const { maneuverChunks, ...rest } = transport.plan;
  const maneuvers: ImportedManeuver[] = [];
  for (const chunk of maneuverChunks) {
    for (const maneuver of JSON.parse(chunk) as ImportedManeuver[]) maneuvers.push(maneuver);
    await between();
  }
  return { ok: true, plan: { ...rest, maneuvers } };
}

/** Decodes and reads one uploaded OCM (the compute pool's `maneuvers.readOcm` task). */
export function readOcmFile(bytes: Uint8Array): OcmReadResult {
  try {
    return { ok: true, plan: readOcmManeuvers(decodeOcmBytes(bytes)) };
  } catch (error) {
    if (error instanceof OcmImportError) return { ok: false, line: error.line, detail: error.detail, code: error.code };
    throw error;
  }
}

/** MAN_REF_FRAME (upper case) → attitudeMode. */
export const MAN_REF_FRAME_TO_ATTITUDE_MODE: Readonly<Record<string, AttitudeMode>> = {
  TNW: 'TNW',
  TNW_ROTATING: 'TNW',
  RTN: 'RTN',
  RIC: 'RTN',
  QSW: 'QSW',
  RSW: 'RSW_ROTATING',
  RSW_ROTATING: 'RSW_ROTATING',
};

/** attitudeMode → MAN_REF_FRAME written on export (each reads back to the same mode). */
export const ATTITUDE_MODE_TO_MAN_REF_FRAME: Readonly<Record<AttitudeMode, string>> = {
  TNW: 'TNW',
  RTN: 'RTN',
  QSW: 'QSW',
  RSW_ROTATING: 'RSW_ROTATING',
};

const NAME_NOTE = 'apsis.name:';
const MODES_NOTE = 'apsis.segmentAttitudeModes:';
const MASS_NOTE = 'apsis.wetMassKg:';

export interface OcmTargetHints {
  objectName: string | null;
  internationalDesignator: string | null;
  objectDesignator: string | null;
}

export interface ImportedManeuver {
  maneuverId: string;
  line: number;
  content: ManeuverContent;
}

export interface OcmImportPlan {
  hints: OcmTargetHints;
  maneuvers: ImportedManeuver[];
  skippedManeuverIds: string[];
}

/** Decode bytes as UTF-8 text (BOM dropped); invalid UTF-8 is an error on the line where it occurs. */
export function decodeOcmBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const bad = text.indexOf('\uFFFD');
    const line = bad < 0 ? 1 : text.slice(0, bad).split('\n').length;
    throw new OcmImportError(line, 'the file is not UTF-8 text (KVN or XML OCM expected)');
  }
}

/** 1-based line of the first occurrence of `keyword` (KVN `KEY =` or XML `<KEY`) at or after `fromLine`. */
function keywordLine(lines: readonly string[], keyword: string, fromLine: number, fallback: number): number {
  const kvn = new RegExp(`^\\s*${keyword}\\s*=`);
  const xml = new RegExp(`<${keyword}[\\s>]`);
  for (let i = Math.max(0, fromLine - 1); i < lines.length; i++) {
    const text = lines[i]!;
    if (kvn.test(text) || xml.test(text)) return i + 1;
  }
  return fallback;
}

/** 1-based line of the first line at or after `fromLine` containing `fragment` (else `fromLine`). */
function textLine(lines: readonly string[], fragment: string, fromLine: number): number {
  for (let i = Math.max(0, fromLine - 1); i < lines.length; i++) if (lines[i]!.includes(fragment)) return i + 1;
  return fromLine;
}

/** Parse an OCM and map its thrust maneuvers to record contents (see the module comment for the rules). */
export function readOcmManeuvers(text: string): OcmImportPlan {
  let message: OcmMessage;
  try {
    message = parseOcm(text);
  } catch (error) {
    if (error instanceof CcsdsParseError) {
      throw new OcmImportError(Math.max(1, error.line), error.detail, 'import.file.syntax');
    }
    throw error;
  }
  const lines = text.split(/\r\n|\r|\n/);
  const lastLine = Math.max(1, lines.length - (lines[lines.length - 1] === '' ? 1 : 0));
  const metadata = message.metadata;
  const timeSystemLine = keywordLine(lines, 'TIME_SYSTEM', metadata.line, metadata.line);
  const scale = timeScaleOf(metadata.timeSystem);
  if (scale === null) {
    throw new OcmImportError(timeSystemLine, `TIME_SYSTEM ${metadata.timeSystem} cannot be converted to UTC (use UTC, TAI, TT, GPS, TDB, TCG, TCB or UT1)`);
  }
  const ut1MinusUtc = metadata.values['UT1MUTC_AT_TZERO'];
  if (scale === 'UT1' && typeof ut1MinusUtc !== 'number') {
    throw new OcmImportError(timeSystemLine, 'TIME_SYSTEM UT1 needs UT1MUTC_AT_TZERO in the metadata');
  }
  const dut1 = typeof ut1MinusUtc === 'number' ? ut1MinusUtc : undefined;
  const readEpoch = (textValue: string, line: number, keyword: string): Epoch => {
    const bare = scale !== 'UTC' && /z$/i.test(textValue) ? textValue.slice(0, -1) : textValue;
    try {
      return Epoch.parse(bare, scale as TimeScale, dut1);
    } catch (error) {
      throw new OcmImportError(line, `${keyword}: ${(error as Error).message}`);
    }
  };
  const tzeroLine = keywordLine(lines, 'EPOCH_TZERO', metadata.line, metadata.line);
  const epochTzero = readEpoch(metadata.epochTzero, tzeroLine, 'EPOCH_TZERO');

  const phys = message.physicalProperties;
  const wetMassLine = phys ? keywordLine(lines, 'WET_MASS', phys.line, phys.line) : (message.maneuvers[0]?.line ?? lastLine);
  const fileWetMass = phys?.wetMassKg ?? null;

  const maneuvers: ImportedManeuver[] = [];
  const skippedManeuverIds: string[] = [];
  const seen = new Map<string, number>();
  for (const block of message.maneuvers) {
    const compositionLine = keywordLine(lines, 'MAN_COMPOSITION', block.line, block.line);
    const idLine = keywordLine(lines, 'MAN_ID', block.line, block.line);
    const has = (field: string) => block.composition.includes(field);
    const thrustColumns = ['THR_X', 'THR_Y', 'THR_Z', 'THR_ISP'].filter(has);
    if (thrustColumns.length === 0 && block.composition.some((f) => f.startsWith('DEPLOY_'))) {
      skippedManeuverIds.push(block.id);
      continue;
    }
    const missing = ['MAN_DURA', 'THR_X', 'THR_Y', 'THR_Z', 'THR_ISP'].filter((f) => !has(f));
    if (missing.length > 0) {
      throw new OcmImportError(
        compositionLine,
        `maneuver ${JSON.stringify(block.id)}: MAN_COMPOSITION lacks ${missing.join(', ')} (import requires thrust, ISP and duration)`,
      );
    }
    const idProblem = nameProblem(block.id, MANEUVER_ID_MAX_LENGTH, true);
    if (idProblem) throw new OcmImportError(idLine, `MAN_ID ${JSON.stringify(block.id)} ${idProblem}`);
    const previous = seen.get(block.id);
    if (previous !== undefined) {
      throw new OcmImportError(idLine, `MAN_ID ${JSON.stringify(block.id)} appears twice in the file (first at line ${previous})`);
    }
    seen.set(block.id, idLine);
    maneuvers.push({
      maneuverId: block.id,
      line: block.line,
      content: maneuverContent(block, lines, { epochTzero, readEpoch, fileWetMass, wetMassLine }),
    });
  }
  if (maneuvers.length === 0) {
    throw new OcmImportError(
      message.maneuvers.at(-1)?.line ?? lastLine,
      'the file has no thrust maneuver (a MAN block with MAN_DURA, THR_X, THR_Y, THR_Z and THR_ISP)',
    );
  }
  return {
    hints: {
      objectName: metadata.objectName,
      internationalDesignator: metadata.internationalDesignator,
      objectDesignator: metadata.objectDesignator,
    },
    maneuvers,
    skippedManeuverIds,
  };
}

interface BlockContext {
  epochTzero: Epoch;
  readEpoch: (text: string, line: number, keyword: string) => Epoch;
  fileWetMass: number | null;
  wetMassLine: number;
}

function maneuverContent(block: OcmManeuver, lines: readonly string[], context: BlockContext): ManeuverContent {
  const frameLine = keywordLine(lines, 'MAN_REF_FRAME', block.line, block.line);
  if (block.refFrame === null) {
    throw new OcmImportError(block.line, `maneuver ${JSON.stringify(block.id)}: MAN_REF_FRAME is required (it becomes the attitudeMode)`);
  }
  const attitudeMode = MAN_REF_FRAME_TO_ATTITUDE_MODE[block.refFrame.toUpperCase()];
  if (!attitudeMode) {
    throw new OcmImportError(
      frameLine,
      `MAN_REF_FRAME ${block.refFrame} is not a supported attitude mode ` +
        `(${Object.keys(MAN_REF_FRAME_TO_ATTITUDE_MODE).join(', ')})`,
    );
  }
  // Apsis annotations (written by our export) in the block comments.
  let name = block.id;
  let segmentModes: AttitudeMode[] | null = null;
  let wetMassKg = context.fileWetMass;
  for (const comment of block.comments) {
    const commentLine = textLine(lines, comment, block.line);
    if (comment.startsWith(NAME_NOTE)) {
      name = comment.slice(NAME_NOTE.length).trim();
      const problem = nameProblem(name, NAME_ON_UPDATE_MAX_LENGTH, false);
      if (problem) throw new OcmImportError(commentLine, `${NAME_NOTE} name ${problem}`);
    } else if (comment.startsWith(MODES_NOTE)) {
      const modes = comment.slice(MODES_NOTE.length).split(',').map((m) => m.trim());
      if (modes.length !== block.rows.length || modes.some((m) => !(ATTITUDE_MODES as readonly string[]).includes(m))) {
        throw new OcmImportError(
          commentLine,
          `${MODES_NOTE} needs one of ${ATTITUDE_MODES.join(', ')} per data line (${block.rows.length})`,
        );
      }
      segmentModes = modes as AttitudeMode[];
    } else if (comment.startsWith(MASS_NOTE)) {
      const value = Number(comment.slice(MASS_NOTE.length).trim());
      if (!Number.isFinite(value) || value <= 0 || value > MAX_MASS_KG) {
        throw new OcmImportError(commentLine, `${MASS_NOTE} must be a positive number of kg, at most ${MAX_MASS_KG}`);
      }
      wetMassKg = value;
    }
  }
  if (wetMassKg === null) {
    throw new OcmImportError(context.wetMassLine, 'PHYS WET_MASS is required to import maneuvers (import requires the wet mass)');
  }
  if (!(wetMassKg > 0) || wetMassKg > MAX_MASS_KG) throw new OcmImportError(context.wetMassLine, `WET_MASS must be positive and at most ${MAX_MASS_KG} kg`);
  const purpose = block.purpose === null || block.purpose === '' ? null : block.purpose;
  if (purpose !== null) {
    const problem = purposeProblem(purpose);
    if (problem) throw new OcmImportError(keywordLine(lines, 'MAN_PURPOSE', block.line, block.line), `MAN_PURPOSE ${problem}`);
  }
  const composition: SegmentInput[] = block.rows.map((row, index) => {
    let referenceEpoch: Epoch;
    if (row.timeAbsolute !== null) referenceEpoch = context.readEpoch(row.timeAbsolute, row.line, 'TIME_ABSOLUTE');
    else if (row.timeRelativeS !== null) referenceEpoch = context.epochTzero.plusSeconds(row.timeRelativeS);
    else throw new OcmImportError(row.line, 'the maneuver line has no time (TIME_ABSOLUTE or TIME_RELATIVE)');
    const problems = segmentProblems({
      referenceEpoch,
      duration: row.durationS,
      thrX: row.thrustXN,
      thrY: row.thrustYN,
      thrZ: row.thrustZN,
      thrISP: row.ispS,
    });
    const columns: Record<string, string> = { referenceEpoch: row.timeAbsolute !== null ? 'TIME_ABSOLUTE' : 'TIME_RELATIVE', duration: 'MAN_DURA', thrX: 'THR_X', thrY: 'THR_Y', thrZ: 'THR_Z', thrISP: 'THR_ISP', thrust: 'THR_X, THR_Y, THR_Z' };
    const first = Object.entries(problems)[0];
    if (first) throw new OcmImportError(row.line, `${columns[first[0]] ?? first[0]} ${first[1]}`);
    if (!isPrintable(referenceEpoch.plusSeconds(row.durationS!))) {
      throw new OcmImportError(row.line, `the burn would end after ${LAST_PRINTABLE_INSTANT}`);
    }
    return {
      referenceEpoch,
      duration: row.durationS!,
      thrX: row.thrustXN!,
      thrY: row.thrustYN!,
      thrZ: row.thrustZN!,
      thrISP: row.ispS!,
      attitudeMode: segmentModes?.[index] ?? attitudeMode,
    };
  });
  return buildContent({ name, purpose, attitudeMode, composition, wetMassKg });
}

/** Writes one OCM (KVN) for the records of one spacecraft; records in the order given. */
export function writeManeuverOcm(spacecraft: OcmSpacecraft, records: readonly ManeuverRecord[], createdAt: Epoch): string {
  const massOf = (record: ManeuverRecord) => record.wetMassKg ?? spacecraft.launchMass;
  const fileWetMass = records.map(massOf).find((m) => m !== null) ?? null;
  const starts = records.map((r) => Epoch.parse(r.start, 'UTC'));
  const tzero = starts.reduce<Epoch | null>((min, e) => (min === null || e.isBefore(min) ? e : min), null) ?? createdAt;
  const maneuvers: OcmManeuverToWrite[] = records.map((record) => {
    const comments: string[] = [];
    if (record.name !== record.maneuverId) comments.push(`${NAME_NOTE} ${record.name}`);
    if (record.composition.some((s) => s.attitudeMode !== record.attitudeMode)) {
      comments.push(`${MODES_NOTE} ${record.composition.map((s) => s.attitudeMode).join(',')}`);
    }
    const mass = massOf(record);
    if (mass !== null && mass !== fileWetMass) comments.push(`${MASS_NOTE} ${mass}`);
    const derived = deriveValues(record.composition, mass);
    return {
      id: record.maneuverId,
      deviceId: 'ALL',
      purpose: record.purpose,
      refFrame: ATTITUDE_MODE_TO_MAN_REF_FRAME[record.attitudeMode],
      comments,
      rows: record.composition.map((segment, index) => ({
        timeAbsolute: ccsdsUtc(Epoch.parse(segment.referenceEpoch, 'UTC')),
        durationS: segment.duration,
        thrustXN: segment.thrX,
        thrustYN: segment.thrY,
        thrustZN: segment.thrZ,
        ispS: segment.thrISP,
        deltaMassKg: derived.segmentDeltaMasses[index] ?? null,
      })),
    };
  });
  return writeOcmManeuvers({
    creationDate: ccsdsUtc(createdAt),
    originator: 'APSIS',
    comments: ['Stored maneuvers exported by Apsis (contract 2.0.0). OBJECT_DESIGNATOR is the Apsis spacecraft id.'],
    objectName: singleLine(spacecraft.name) || spacecraft.id,
    internationalDesignator: spacecraft.cosparId ? singleLine(spacecraft.cosparId) : null,
    objectDesignator: spacecraft.id,
    timeSystem: 'UTC',
    epochTzero: ccsdsUtc(tzero),
    wetMassKg: fileWetMass,
    dryMassKg: spacecraft.dryMass,
    maneuvers,
  });
}

function singleLine(text: string): string {
  return replaceUnsafeText(text);
}

/** One exported OCM file: the records of one spacecraft (plain data: it crosses the worker-thread boundary). */
export interface OcmExportFile {
  name: string;
  spacecraft: OcmSpacecraft;
  records: ManeuverRecord[];
}

export type OcmExportPayload = { kind: 'text'; text: string } | { kind: 'zip'; bytes: Uint8Array };

/** Fixed zip entry time, so that equal content gives equal archives. */
const ZIP_MTIME = new Date('1980-01-01T00:00:00Z');

/**
 * The export body (the compute pool's `maneuvers.writeExport` task): one OCM as text, or several OCMs in a
 * ZIP with stable names (a repeated name gets `-2`, `-3`, …). `createdAt` is an Epoch in its JSON form.
 */
export function writeOcmExport(files: readonly OcmExportFile[], createdAt: string): OcmExportPayload {
  const created = Epoch.fromJSON(createdAt);
  const texts = files.map((file) => ({ name: file.name, text: writeManeuverOcm(file.spacecraft, file.records, created) }));
  if (texts.length === 1) return { kind: 'text', text: texts[0]!.text };
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const file of texts) {
    let name = file.name;
    for (let n = 2; name in entries; n++) name = file.name.replace(/\.ocm$/, `-${n}.ocm`);
    entries[name] = [strToU8(file.text), { mtime: ZIP_MTIME }];
  }
  return { kind: 'zip', bytes: zipSync(entries, { level: 6 }) };
}
