/**
 * CCSDS Orbit Parameter Message (OPM) reader, versions 1.0, 2.0 (502.0-B-2 §3) and 3.0 (502.0-B-3 §3), KVN and
 * XML (the writer is opmWriter.ts).
 *
 * An OPM KVN has no block delimiters: the sections (metadata, state vector, Keplerian elements, spacecraft
 * parameters, covariance, maneuvers, user-defined parameters) are recognized by their keywords. A maneuver starts
 * at MAN_EPOCH_IGNITION (or `<maneuverParameters>` in XML). Maneuvers are returned, never dropped, so the state
 * vector import can warn about them.
 */
import { CcsdsParseError } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { COVARIANCE_KEYWORDS, type OdmObjectMetadata } from '../common/definitions.ts';
import { readEntryValue, type KeySpec } from '../common/keywords.ts';
import { NdmMessageParser, type NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, type NdmHeader } from '../common/ndmReader.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';

export type OpmMetadata = OdmObjectMetadata;

export interface OpmStateVector {
  /** EPOCH as written, in the metadata TIME_SYSTEM. */
  epoch: string;
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  line: number;
}

export interface OpmKeplerianElements {
  semiMajorAxisKm: number | null;
  /** OPM 3.0 alternative to the semi-major axis, rev/day. */
  meanMotionRevPerDay: number | null;
  eccentricity: number;
  inclinationDeg: number;
  raOfAscNodeDeg: number;
  argOfPericenterDeg: number;
  trueAnomalyDeg: number | null;
  meanAnomalyDeg: number | null;
  gmKm3S2: number | null;
  line: number;
}

export interface OpmSpacecraftParameters {
  massKg: number | null;
  solarRadAreaM2: number | null;
  solarRadCoeff: number | null;
  dragAreaM2: number | null;
  dragCoeff: number | null;
  line: number;
}

export interface OpmCovariance {
  refFrame: string | null;
  /** 21 lower-triangle terms CX_X ... CZ_DOT_Z_DOT (km², km²/s, km²/s²). */
  lowerTriangle: number[];
  line: number;
}

export interface OpmManeuver {
  comments: string[];
  epochIgnition: string;
  durationS: number | null;
  deltaMassKg: number | null;
  refFrame: string;
  deltaVKmS: [number, number, number];
  line: number;
}

export interface OpmMessage {
  format: 'OPM';
  notation: 'KVN' | 'XML';
  header: NdmHeader;
  metadata: OpmMetadata;
  /** Comments of the data sections, in order. */
  dataComments: string[];
  stateVector: OpmStateVector;
  keplerianElements: OpmKeplerianElements | null;
  spacecraftParameters: OpmSpacecraftParameters | null;
  covariance: OpmCovariance | null;
  maneuvers: OpmManeuver[];
  /** USER_DEFINED_xxx parameters, keyed by xxx. */
  userDefined: Record<string, string>;
}

export const OPM_XML_MAPPING: XmlMessageMapping = {
  rootElement: 'opm',
  versionKeyword: 'CCSDS_OPM_VERS',
  blockNames: { metadata: 'META' },
  emptyContainers: ['header', 'body', 'segment', 'data', 'stateVector', 'keplerianElements', 'spacecraftParameters', 'covarianceMatrix', 'maneuverParameters', 'userDefinedParameters'],
};

const num = (units?: string): KeySpec => (units ? { type: 'number', units } : { type: 'number' });
type Section = 'metadata' | 'state' | 'keplerian' | 'spacecraft' | 'covariance' | 'maneuver';

/** Keyword → (section, spec), 502.0-B-2 tables 3-3 and 3-4, 502.0-B-3 tables 3-3 and 3-4. */
const KEYS: Record<string, [Section, KeySpec]> = {
  OBJECT_NAME: ['metadata', { type: 'text' }],
  OBJECT_ID: ['metadata', { type: 'text' }],
  CENTER_NAME: ['metadata', { type: 'text' }],
  REF_FRAME: ['metadata', { type: 'frame' }],
  REF_FRAME_EPOCH: ['metadata', { type: 'epoch' }],
  TIME_SYSTEM: ['metadata', { type: 'timeSystem' }],
  EPOCH: ['state', { type: 'epoch' }],
  X: ['state', num('km')], Y: ['state', num('km')], Z: ['state', num('km')],
  X_DOT: ['state', num('km/s')], Y_DOT: ['state', num('km/s')], Z_DOT: ['state', num('km/s')],
  SEMI_MAJOR_AXIS: ['keplerian', num('km')], MEAN_MOTION: ['keplerian', num()], ECCENTRICITY: ['keplerian', num()],
  INCLINATION: ['keplerian', num('deg')], RA_OF_ASC_NODE: ['keplerian', num('deg')],
  ARG_OF_PERICENTER: ['keplerian', num('deg')], TRUE_ANOMALY: ['keplerian', num('deg')],
  MEAN_ANOMALY: ['keplerian', num('deg')], GM: ['keplerian', num('km**3/s**2')],
  MASS: ['spacecraft', num('kg')], SOLAR_RAD_AREA: ['spacecraft', num('m**2')], SOLAR_RAD_COEFF: ['spacecraft', num()],
  DRAG_AREA: ['spacecraft', num('m**2')], DRAG_COEFF: ['spacecraft', num()],
  COV_REF_FRAME: ['covariance', { type: 'frame' }],
  MAN_EPOCH_IGNITION: ['maneuver', { type: 'epoch' }], MAN_DURATION: ['maneuver', num('s')],
  MAN_DELTA_MASS: ['maneuver', num('kg')], MAN_REF_FRAME: ['maneuver', { type: 'frame' }],
  MAN_DV_1: ['maneuver', num('km/s')], MAN_DV_2: ['maneuver', num('km/s')], MAN_DV_3: ['maneuver', num('km/s')],
};
for (const key of COVARIANCE_KEYWORDS) {
  const velocityTerms = (key.match(/_DOT/g) ?? []).length;
  KEYS[key] = ['covariance', num(['km**2', 'km**2/s', 'km**2/s**2'][velocityTerms])];
}

const STRUCTURE = new Set(['header', 'body', 'segment', 'data', 'META', 'stateVector', 'keplerianElements', 'spacecraftParameters', 'covarianceMatrix', 'userDefinedParameters']);

const OPM_SPEC: NdmMessageSpec = { xml: OPM_XML_MAPPING, versions: ['1.0', '2.0', '3.0'], containers: STRUCTURE };

/** OPM token consumer. */
export class OpmParser extends NdmMessageParser<OpmMessage> {
  private readonly values: Record<string, string | number> = {};
  private readonly lines: Record<string, number> = {};
  private readonly metaComments: string[] = [];
  private readonly dataComments: string[] = [];
  private pendingComments: string[] = [];
  private readonly maneuvers: { comments: string[]; values: Record<string, string | number>; line: number }[] = [];
  private readonly userDefined: Record<string, string> = {};
  private inManeuverElement = false;

  constructor() {
    super(OPM_SPEC);
  }

  /** An OPM KVN has no blocks: the header ends at the first token that is not a header keyword. */
  protected override endsHeader(): boolean {
    return true;
  }

  /** `<maneuverParameters>` starts a maneuver; the other XML sections carry no meaning; a KVN block is an error. */
  protected override structureToken(token: Extract<KvnToken, { kind: 'start' | 'stop' }>): boolean {
    if (token.block === 'maneuverParameters') {
      if (token.kind === 'start') this.startManeuver(token.line);
      this.inManeuverElement = token.kind === 'start';
      return true;
    }
    if (STRUCTURE.has(token.block)) {
      if (this.readingHeader && (token.block === 'META' || (token.block === 'header' && token.kind === 'stop'))) this.endHeader(token.line);
      return true;
    }
    return this.unexpected(token, 'an OPM (no blocks in OPM KVN)');
  }

  protected bodyToken(token: KvnToken): void {
    if (token.kind === 'comment') {
      this.pendingComments.push(token.text);
      return;
    }
    if (token.kind !== 'entry') return this.unexpected(token, 'an OPM');
    if (token.keyword.startsWith('USER_DEFINED_')) {
      this.flushComments(false);
      this.userDefined[token.keyword.slice('USER_DEFINED_'.length)] = token.value;
      return;
    }
    const known = KEYS[token.keyword];
    if (!known) return this.unexpected(token, 'an OPM');
    const [section, spec] = known;
    if (section !== 'metadata' && !('EPOCH' in this.values) && section !== 'state') {
      // Either EPOCH is absent altogether or it comes after this keyword: both leave the state vector without it.
      throw new CcsdsParseError(token.line, `missing EPOCH: the state vector needs an EPOCH before ${token.keyword}`, 'EPOCH');
    }
    const timeSystem = typeof this.values['TIME_SYSTEM'] === 'string' ? (this.values['TIME_SYSTEM'] as string) : undefined;
    const value = readEntryValue(token, spec, timeSystem) as string | number;
    if (section === 'maneuver') {
      if (token.keyword === 'MAN_EPOCH_IGNITION' && !this.inManeuverElement) this.startManeuver(token.line);
      const current = this.maneuvers[this.maneuvers.length - 1];
      if (!current) throw new CcsdsParseError(token.line, `${token.keyword} before MAN_EPOCH_IGNITION`, token.keyword);
      if (token.keyword in current.values) {
        throw new CcsdsParseError(token.line, `${token.keyword} given twice in the maneuver starting line ${current.line}`, token.keyword);
      }
      current.values[token.keyword] = value;
      return;
    }
    if (this.maneuvers.length > 0) {
      throw new CcsdsParseError(token.line, `${token.keyword} after the maneuvers (maneuvers must come last, before user-defined parameters)`, token.keyword);
    }
    if (token.keyword in this.values) throw new CcsdsParseError(token.line, `${token.keyword} given twice`, token.keyword);
    if (section === 'metadata' && 'EPOCH' in this.values) {
      throw new CcsdsParseError(token.line, `metadata keyword ${token.keyword} after the state vector`, token.keyword);
    }
    this.flushComments(section === 'metadata');
    this.values[token.keyword] = value;
    this.lines[token.keyword] = token.line;
  }

  private flushComments(metadata: boolean): void {
    if (this.pendingComments.length === 0) return;
    (metadata ? this.metaComments : this.dataComments).push(...this.pendingComments);
    this.pendingComments = [];
  }

  private startManeuver(line: number): void {
    if (!('EPOCH' in this.values)) throw new CcsdsParseError(line, 'maneuver before the state vector', 'MAN_EPOCH_IGNITION');
    this.maneuvers.push({ comments: this.pendingComments, values: {}, line });
    this.pendingComments = [];
  }

  protected finishMessage(notation: 'KVN' | 'XML'): OpmMessage {
    if (this.readingHeader) this.endHeader(this.lastLine);
    this.flushComments(false);
    const line = this.lastLine;
    const v = this.values;
    const need = (key: string): string | number => {
      if (!(key in v)) throw new CcsdsParseError(line, `${key} is required in an OPM`, key);
      return v[key]!;
    };
    const text = (key: string): string => String(need(key));
    const numberOf = (key: string): number => need(key) as number;
    const optional = (key: string): number | null => (key in v ? (v[key] as number) : null);
    const metadata: OpmMetadata = {
      comments: this.metaComments,
      objectName: text('OBJECT_NAME'),
      objectId: text('OBJECT_ID'),
      centerName: text('CENTER_NAME'),
      refFrame: text('REF_FRAME'),
      refFrameEpoch: 'REF_FRAME_EPOCH' in v ? String(v['REF_FRAME_EPOCH']) : null,
      timeSystem: text('TIME_SYSTEM'),
    };
    const stateVector: OpmStateVector = {
      epoch: text('EPOCH'),
      positionKm: [numberOf('X'), numberOf('Y'), numberOf('Z')],
      velocityKmS: [numberOf('X_DOT'), numberOf('Y_DOT'), numberOf('Z_DOT')],
      line: this.lines['EPOCH']!,
    };
    const present = (section: Section): string[] => Object.keys(v).filter((k) => KEYS[k]?.[0] === section);
    let keplerianElements: OpmKeplerianElements | null = null;
    const keplerKeys = present('keplerian');
    if (keplerKeys.length > 0) {
      const at = Math.min(...keplerKeys.map((k) => this.lines[k]!));
      const requireOne = (a: string, b: string): void => {
        if ((a in v) === (b in v)) throw new CcsdsParseError(at, `the Keplerian elements need exactly one of ${a} and ${b}`, a);
      };
      requireOne('SEMI_MAJOR_AXIS', 'MEAN_MOTION');
      requireOne('TRUE_ANOMALY', 'MEAN_ANOMALY');
      keplerianElements = {
        semiMajorAxisKm: optional('SEMI_MAJOR_AXIS'),
        meanMotionRevPerDay: optional('MEAN_MOTION'),
        eccentricity: numberOf('ECCENTRICITY'),
        inclinationDeg: numberOf('INCLINATION'),
        raOfAscNodeDeg: numberOf('RA_OF_ASC_NODE'),
        argOfPericenterDeg: numberOf('ARG_OF_PERICENTER'),
        trueAnomalyDeg: optional('TRUE_ANOMALY'),
        meanAnomalyDeg: optional('MEAN_ANOMALY'),
        gmKm3S2: optional('GM'),
        line: at,
      };
    }
    const spacecraftKeys = present('spacecraft');
    const spacecraftParameters: OpmSpacecraftParameters | null = spacecraftKeys.length === 0 ? null : {
      massKg: optional('MASS'),
      solarRadAreaM2: optional('SOLAR_RAD_AREA'),
      solarRadCoeff: optional('SOLAR_RAD_COEFF'),
      dragAreaM2: optional('DRAG_AREA'),
      dragCoeff: optional('DRAG_COEFF'),
      line: Math.min(...spacecraftKeys.map((k) => this.lines[k]!)),
    };
    const covarianceKeys = present('covariance');
    let covariance: OpmCovariance | null = null;
    if (covarianceKeys.length > 0) {
      const at = Math.min(...covarianceKeys.map((k) => this.lines[k]!));
      const missing = COVARIANCE_KEYWORDS.find((k) => !(k in v));
      if (missing) throw new CcsdsParseError(at, `covariance starting at this line lacks ${missing} (all 21 terms are required)`, missing);
      covariance = {
        refFrame: 'COV_REF_FRAME' in v ? String(v['COV_REF_FRAME']) : null,
        lowerTriangle: COVARIANCE_KEYWORDS.map((k) => v[k] as number),
        line: at,
      };
    }
    const maneuvers = this.maneuvers.map((m): OpmManeuver => {
      const get = (key: string): string | number => {
        if (!(key in m.values)) throw new CcsdsParseError(m.line, `${key} is required in the maneuver starting at this line`, key);
        return m.values[key]!;
      };
      return {
        comments: m.comments,
        epochIgnition: String(get('MAN_EPOCH_IGNITION')),
        durationS: 'MAN_DURATION' in m.values ? (m.values['MAN_DURATION'] as number) : null,
        deltaMassKg: 'MAN_DELTA_MASS' in m.values ? (m.values['MAN_DELTA_MASS'] as number) : null,
        refFrame: String(get('MAN_REF_FRAME')),
        deltaVKmS: [get('MAN_DV_1') as number, get('MAN_DV_2') as number, get('MAN_DV_3') as number],
        line: m.line,
      };
    });
    return {
      format: 'OPM',
      notation,
      header: this.header!,
      metadata,
      dataComments: this.dataComments,
      stateVector,
      keplerianElements,
      spacecraftParameters,
      covariance,
      maneuvers,
      userDefined: this.userDefined,
    };
  }
}

/** Parse an OPM (KVN or XML, detected from the content). */
export function parseOpm(text: string): OpmMessage {
  return new NdmReader(new OpmParser()).push(text).end();
}
