/**
 * CCSDS Orbit Mean-Elements Message (OMM) reader, versions 2.0 (502.0-B-2 §4) and 3.0 (502.0-B-3 §4), KVN and XML,
 * on the shared reading skeleton (common/ndmMessageParser.ts).
 *
 * An OMM carries one object's mean elements: the general-perturbations element sets Space-Track and CelesTrak
 * publish are OMMs with MEAN_ELEMENT_THEORY = SGP4, REF_FRAME = TEME, TIME_SYSTEM = UTC, the mean elements with
 * MEAN_MOTION, and the TLE-related parameters (NORAD_CAT_ID, BSTAR, ...). Like an OPM, a KVN OMM has no block
 * delimiters: its sections (metadata, mean elements, spacecraft parameters, TLE parameters, covariance,
 * user-defined parameters) are recognized by their keywords (502.0-B-3 tables 4-1 to 4-3); in XML they are the
 * `<metadata>`, `<meanElements>`, `<spacecraftParameters>`, `<tleParameters>`, `<covarianceMatrix>` and
 * `<userDefinedParameters>` elements.
 *
 * Publishers' habits that are accepted (and reported in `warnings`):
 *  - CelesTrak's XML header `<CREATION_DATE/><ORIGINATOR/>`: both kept as written (empty);
 *  - Space-Track's user-defined parameters (TLE_LINE1, SEMIMAJOR_AXIS, OBJECT_TYPE, ...): kept in `userDefined`.
 * A catalog of many OMMs (a KVN file of messages one after the other, or an XML `<ndm>` holding many `<omm>`) is
 * read by ommCatalog.ts, message by message.
 */
import { CcsdsParseError } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { COVARIANCE_KEYWORDS } from '../common/definitions.ts';
import { entryValueAndUnits, readEntryValue, type KeySpec } from '../common/keywords.ts';
import { NdmMessageParser, type NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, type NdmHeader } from '../common/ndmReader.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';
import type { OpmCovariance, OpmSpacecraftParameters } from '../opm/opmReader.ts';

export interface OmmMetadata {
  comments: string[];
  objectName: string;
  objectId: string;
  centerName: string;
  refFrame: string;
  refFrameEpoch: string | null;
  timeSystem: string;
  /** SGP4, SGP/SGP4, SGP4-XP, DSST, USM, ... as written. */
  meanElementTheory: string;
  line: number;
}

export interface OmmMeanElements {
  /** EPOCH as written, in the metadata TIME_SYSTEM. */
  epoch: string;
  semiMajorAxisKm: number | null;
  /** rev/day (Kozai mean motion for SGP4 sets). */
  meanMotionRevPerDay: number | null;
  eccentricity: number;
  inclinationDeg: number;
  raOfAscNodeDeg: number;
  argOfPericenterDeg: number;
  meanAnomalyDeg: number;
  gmKm3S2: number | null;
  line: number;
}

export interface OmmTleParameters {
  ephemerisType: number | null;
  classificationType: string | null;
  noradCatId: number | null;
  elementSetNo: number | null;
  revAtEpoch: number | null;
  /** 1/ER (SGP4); OMM 3.0 allows BTERM (m²/kg, SGP4-XP) instead. */
  bstar: number | null;
  btermM2Kg: number | null;
  /** rev/day² and rev/day³ as written (the TLE fields ṅ/2 and n̈/6 in Space-Track and CelesTrak sets). */
  meanMotionDot: number | null;
  meanMotionDdot: number | null;
  /** OMM 3.0 alternative to MEAN_MOTION_DDOT for SGP4-XP, m²/kg. */
  agomM2Kg: number | null;
  line: number;
}

export interface OmmMessage {
  format: 'OMM';
  notation: 'KVN' | 'XML';
  header: NdmHeader;
  metadata: OmmMetadata;
  /** Comments of the data sections, in order. */
  dataComments: string[];
  meanElements: OmmMeanElements;
  spacecraftParameters: OpmSpacecraftParameters | null;
  tleParameters: OmmTleParameters | null;
  covariance: OpmCovariance | null;
  /** USER_DEFINED_xxx parameters, keyed by xxx. */
  userDefined: Record<string, string>;
  /** Accepted departures from the standard (see the module comment). */
  warnings: string[];
  /** Line of every keyword read (errors found later name it). */
  keywordLines: Record<string, number>;
}

export const OMM_XML_MAPPING: XmlMessageMapping = {
  rootElement: 'omm',
  versionKeyword: 'CCSDS_OMM_VERS',
  blockNames: { metadata: 'META' },
  emptyContainers: ['header', 'body', 'segment', 'data', 'meanElements', 'spacecraftParameters', 'tleParameters', 'covarianceMatrix', 'userDefinedParameters'],
};

const num = (units?: string): KeySpec => (units ? { type: 'number', units } : { type: 'number' });
type Section = 'metadata' | 'mean' | 'spacecraft' | 'tle' | 'covariance';

/**
 * Keyword → (section, spec): 502.0-B-3 tables 4-1 (metadata), 4-2 (mean elements, spacecraft, TLE parameters),
 * 4-3 (covariance). BSTAR, BTERM and AGOM have their units checked by hand (1/ER is not a unit of the registry).
 */
const KEYS: Record<string, [Section, KeySpec]> = {
  OBJECT_NAME: ['metadata', { type: 'text' }],
  OBJECT_ID: ['metadata', { type: 'text' }],
  CENTER_NAME: ['metadata', { type: 'text' }],
  REF_FRAME: ['metadata', { type: 'frame' }],
  REF_FRAME_EPOCH: ['metadata', { type: 'epoch' }],
  TIME_SYSTEM: ['metadata', { type: 'timeSystem' }],
  MEAN_ELEMENT_THEORY: ['metadata', { type: 'text' }],
  EPOCH: ['mean', { type: 'epoch' }],
  SEMI_MAJOR_AXIS: ['mean', num('km')],
  MEAN_MOTION: ['mean', num('rev/day')],
  ECCENTRICITY: ['mean', num()],
  INCLINATION: ['mean', num('deg')],
  RA_OF_ASC_NODE: ['mean', num('deg')],
  ARG_OF_PERICENTER: ['mean', num('deg')],
  MEAN_ANOMALY: ['mean', num('deg')],
  GM: ['mean', num('km**3/s**2')],
  MASS: ['spacecraft', num('kg')],
  SOLAR_RAD_AREA: ['spacecraft', num('m**2')],
  SOLAR_RAD_COEFF: ['spacecraft', num()],
  DRAG_AREA: ['spacecraft', num('m**2')],
  DRAG_COEFF: ['spacecraft', num()],
  EPHEMERIS_TYPE: ['tle', { type: 'integer' }],
  CLASSIFICATION_TYPE: ['tle', { type: 'text' }],
  NORAD_CAT_ID: ['tle', { type: 'integer' }],
  ELEMENT_SET_NO: ['tle', { type: 'integer' }],
  REV_AT_EPOCH: ['tle', { type: 'integer' }],
  BSTAR: ['tle', num()],
  BTERM: ['tle', num()],
  MEAN_MOTION_DOT: ['tle', num('rev/day**2')],
  MEAN_MOTION_DDOT: ['tle', num('rev/day**3')],
  AGOM: ['tle', num()],
  COV_REF_FRAME: ['covariance', { type: 'frame' }],
};
for (const key of COVARIANCE_KEYWORDS) {
  const velocityTerms = (key.match(/_DOT/g) ?? []).length;
  KEYS[key] = ['covariance', num(['km**2', 'km**2/s', 'km**2/s**2'][velocityTerms])];
}

/** Units accepted for the keywords outside the units registry (normalized: no blanks, upper case). */
const FIXED_UNITS: Record<string, { shown: string; accepted: readonly string[] }> = {
  BSTAR: { shown: '1/ER', accepted: ['1/ER'] },
  BTERM: { shown: 'm**2/kg', accepted: ['M**2/KG', 'M2/KG'] },
  AGOM: { shown: 'm**2/kg', accepted: ['M**2/KG', 'M2/KG'] },
};

const SECTION_ORDER: Record<Section, number> = { metadata: 0, mean: 1, spacecraft: 2, tle: 3, covariance: 4 };
const SECTION_NAMES: Record<Section, string> = {
  metadata: 'the metadata',
  mean: 'the mean elements',
  spacecraft: 'the spacecraft parameters',
  tle: 'the TLE parameters',
  covariance: 'the covariance',
};

const STRUCTURE = new Set(['header', 'body', 'segment', 'data', 'META', 'meanElements', 'spacecraftParameters', 'tleParameters', 'covarianceMatrix', 'userDefinedParameters']);

const OMM_SPEC: NdmMessageSpec = { xml: OMM_XML_MAPPING, versions: ['2.0', '3.0'], containers: STRUCTURE, blankCreationDateAllowed: true };

/** OMM token consumer: one message. */
export class OmmParser extends NdmMessageParser<OmmMessage> {
  private readonly values: Record<string, string | number> = {};
  private readonly lines: Record<string, number> = {};
  private readonly metaComments: string[] = [];
  private readonly dataComments: string[] = [];
  private pendingComments: string[] = [];
  private readonly userDefined: Record<string, string> = {};
  private section: Section = 'metadata';
  private userDefinedStarted = false;

  constructor() {
    super(OMM_SPEC);
  }

  /** An OMM KVN has no blocks: the header ends at the first token that is not a header keyword. */
  protected override endsHeader(): boolean {
    return true;
  }

  /** The XML sections carry no meaning beyond their keywords; a KVN block is an error. */
  protected override structureToken(token: Extract<KvnToken, { kind: 'start' | 'stop' }>): boolean {
    if (STRUCTURE.has(token.block)) {
      if (this.readingHeader && (token.block === 'META' || (token.block === 'header' && token.kind === 'stop'))) this.endHeader(token.line);
      return true;
    }
    return this.unexpected(token, 'an OMM (no blocks in OMM KVN)');
  }

  protected bodyToken(token: KvnToken): void {
    if (token.kind === 'comment') {
      this.pendingComments.push(token.text);
      return;
    }
    if (token.kind !== 'entry') return this.unexpected(token, 'an OMM');
    if (token.keyword.startsWith('USER_DEFINED_')) {
      this.flushComments(false);
      const name = token.keyword.slice('USER_DEFINED_'.length);
      if (name in this.userDefined) throw new CcsdsParseError(token.line, `${token.keyword} given twice`, token.keyword);
      this.userDefined[name] = token.value;
      this.userDefinedStarted = true;
      return;
    }
    const known = KEYS[token.keyword];
    if (!known) return this.unexpected(token, 'an OMM');
    const [section, spec] = known;
    if (this.userDefinedStarted) {
      throw new CcsdsParseError(token.line, `${token.keyword} after the user-defined parameters (they come last)`, token.keyword);
    }
    if (SECTION_ORDER[section] < SECTION_ORDER[this.section]) {
      throw new CcsdsParseError(token.line, `${token.keyword} belongs to ${SECTION_NAMES[section]}, which come before ${SECTION_NAMES[this.section]}`, token.keyword);
    }
    if (section !== 'metadata' && section !== 'mean' && !('EPOCH' in this.values)) {
      throw new CcsdsParseError(token.line, `missing EPOCH: the mean elements (EPOCH first) come before ${token.keyword}`, 'EPOCH');
    }
    if (section === 'mean' && token.keyword !== 'EPOCH' && !('EPOCH' in this.values)) {
      throw new CcsdsParseError(token.line, `missing EPOCH: the mean elements start with EPOCH, before ${token.keyword}`, 'EPOCH');
    }
    this.section = section;
    if (token.keyword in this.values) {
      throw new CcsdsParseError(token.line, `${token.keyword} given twice (first at line ${this.lines[token.keyword]})`, token.keyword);
    }
    const timeSystem = typeof this.values['TIME_SYSTEM'] === 'string' ? (this.values['TIME_SYSTEM'] as string) : undefined;
    const fixed = FIXED_UNITS[token.keyword];
    if (fixed) {
      const { units } = entryValueAndUnits(token);
      if (units !== null && !fixed.accepted.includes(units.replace(/\s+/g, '').toUpperCase())) {
        throw new CcsdsParseError(token.line, `${token.keyword} units must be [${fixed.shown}], got [${units}]`, token.keyword);
      }
    }
    const value = readEntryValue(token, spec, timeSystem) as string | number;
    this.flushComments(section === 'metadata');
    this.values[token.keyword] = value;
    this.lines[token.keyword] = token.line;
  }

  private flushComments(metadata: boolean): void {
    if (this.pendingComments.length === 0) return;
    (metadata ? this.metaComments : this.dataComments).push(...this.pendingComments);
    this.pendingComments = [];
  }

  protected finishMessage(notation: 'KVN' | 'XML'): OmmMessage {
    if (this.readingHeader) this.endHeader(this.lastLine);
    this.flushComments(false);
    const line = this.lastLine;
    const v = this.values;
    const need = (key: string, where: string): string | number => {
      if (!(key in v)) throw new CcsdsParseError(line, `${key} is required in ${where}`, key);
      return v[key]!;
    };
    const text = (key: string, where = 'the OMM metadata'): string => String(need(key, where));
    const numberOf = (key: string): number => need(key, 'the OMM mean elements') as number;
    const optional = (key: string): number | null => (key in v ? (v[key] as number) : null);
    const present = (section: Section): string[] => Object.keys(v).filter((k) => KEYS[k]?.[0] === section);
    const firstLine = (keys: string[]): number => Math.min(...keys.map((k) => this.lines[k]!));
    const warnings: string[] = [];
    const header = this.header!;
    if (header.creationDate === '') warnings.push(`CREATION_DATE is empty (line ${header.line}); CelesTrak writes its OMM headers so`);
    if (header.originator.trim() === '') warnings.push(`ORIGINATOR is empty (line ${header.line}); CelesTrak writes its OMM headers so`);

    const metadataKeys = present('metadata');
    const metadata: OmmMetadata = {
      comments: this.metaComments,
      objectName: text('OBJECT_NAME'),
      objectId: text('OBJECT_ID'),
      centerName: text('CENTER_NAME'),
      refFrame: text('REF_FRAME'),
      refFrameEpoch: 'REF_FRAME_EPOCH' in v ? String(v['REF_FRAME_EPOCH']) : null,
      timeSystem: text('TIME_SYSTEM'),
      meanElementTheory: text('MEAN_ELEMENT_THEORY'),
      line: metadataKeys.length > 0 ? firstLine(metadataKeys) : line,
    };
    const meanKeys = present('mean');
    const meanAt = meanKeys.length > 0 ? firstLine(meanKeys) : line;
    if (('SEMI_MAJOR_AXIS' in v) === ('MEAN_MOTION' in v)) {
      throw new CcsdsParseError(meanAt, 'the mean elements need exactly one of SEMI_MAJOR_AXIS and MEAN_MOTION', 'MEAN_MOTION');
    }
    const meanElements: OmmMeanElements = {
      epoch: String(need('EPOCH', 'the OMM mean elements')),
      semiMajorAxisKm: optional('SEMI_MAJOR_AXIS'),
      meanMotionRevPerDay: optional('MEAN_MOTION'),
      eccentricity: numberOf('ECCENTRICITY'),
      inclinationDeg: numberOf('INCLINATION'),
      raOfAscNodeDeg: numberOf('RA_OF_ASC_NODE'),
      argOfPericenterDeg: numberOf('ARG_OF_PERICENTER'),
      meanAnomalyDeg: numberOf('MEAN_ANOMALY'),
      gmKm3S2: optional('GM'),
      line: meanAt,
    };
    const spacecraftKeys = present('spacecraft');
    const spacecraftParameters: OpmSpacecraftParameters | null = spacecraftKeys.length === 0 ? null : {
      massKg: optional('MASS'),
      solarRadAreaM2: optional('SOLAR_RAD_AREA'),
      solarRadCoeff: optional('SOLAR_RAD_COEFF'),
      dragAreaM2: optional('DRAG_AREA'),
      dragCoeff: optional('DRAG_COEFF'),
      line: firstLine(spacecraftKeys),
    };
    const tleKeys = present('tle');
    let tleParameters: OmmTleParameters | null = null;
    if (tleKeys.length > 0) {
      const at = firstLine(tleKeys);
      const atMostOne = (a: string, b: string): void => {
        if (a in v && b in v) throw new CcsdsParseError(this.lines[b]!, `the TLE parameters take one of ${a} and ${b}, not both`, b);
      };
      atMostOne('BSTAR', 'BTERM');
      atMostOne('MEAN_MOTION_DDOT', 'AGOM');
      tleParameters = {
        ephemerisType: optional('EPHEMERIS_TYPE'),
        classificationType: 'CLASSIFICATION_TYPE' in v ? String(v['CLASSIFICATION_TYPE']) : null,
        noradCatId: optional('NORAD_CAT_ID'),
        elementSetNo: optional('ELEMENT_SET_NO'),
        revAtEpoch: optional('REV_AT_EPOCH'),
        bstar: optional('BSTAR'),
        btermM2Kg: optional('BTERM'),
        meanMotionDot: optional('MEAN_MOTION_DOT'),
        meanMotionDdot: optional('MEAN_MOTION_DDOT'),
        agomM2Kg: optional('AGOM'),
        line: at,
      };
    }
    const covarianceKeys = present('covariance');
    let covariance: OpmCovariance | null = null;
    if (covarianceKeys.length > 0) {
      const at = firstLine(covarianceKeys);
      const missing = COVARIANCE_KEYWORDS.find((k) => !(k in v));
      if (missing) throw new CcsdsParseError(at, `covariance starting at this line lacks ${missing} (all 21 terms are required)`, missing);
      covariance = {
        refFrame: 'COV_REF_FRAME' in v ? String(v['COV_REF_FRAME']) : null,
        lowerTriangle: COVARIANCE_KEYWORDS.map((k) => v[k] as number),
        line: at,
      };
    }
    return {
      format: 'OMM',
      notation,
      header,
      metadata,
      dataComments: this.dataComments,
      meanElements,
      spacecraftParameters,
      tleParameters,
      covariance,
      userDefined: this.userDefined,
      warnings,
      keywordLines: { ...this.lines },
    };
  }
}

/** Parse one OMM (KVN or XML, detected from the content). */
export function parseOmm(text: string): OmmMessage {
  return new NdmReader(new OmmParser()).push(text).end();
}
