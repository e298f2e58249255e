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
 * `<userDefinedParameters>` elements. The object metadata, the spacecraft parameters, the covariance and the
 * user-defined parameters are the OPM's too, read by the same code (engine/files/odm); this reader adds the mean
 * elements, the TLE parameters and the order of the sections.
 *
 * Publishers' habits that are accepted (and reported in `warnings`):
 *  - CelesTrak's XML header `<CREATION_DATE/><ORIGINATOR/>`: both kept as written (empty);
 *  - Space-Track's user-defined parameters (TLE_LINE1, SEMIMAJOR_AXIS, OBJECT_TYPE, ...): kept in `userDefined`.
 * A catalog of many OMMs (a KVN file of messages one after the other, or an XML `<ndm>` holding many `<omm>`) is
 * read by ommCatalog.ts, message by message.
 */
import { CcsdsParseError } from '../common/errors.ts';
import type { OdmObjectMetadata } from '../common/definitions.ts';
import { entryValueAndUnits, numberKey, type EntryToken, type KeySpec } from '../common/keywords.ts';
import type { NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, type NdmHeader } from '../common/ndmReader.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';
import { COVARIANCE_MATRIX_KEYS, covarianceMatrixOf, type CovarianceMatrix } from '../odm/covariance.ts';
import { keywordMessageContainers, keywordMessageXml, OdmKeywordMessageParser } from '../odm/keywordMessageParser.ts';
import { keywordSections, type MissingKeywordReport } from '../odm/keywordsRead.ts';
import { OBJECT_METADATA_KEYS, objectMetadataOf } from '../odm/objectMetadata.ts';
import { SPACECRAFT_PARAMETER_KEYS, spacecraftParametersOf, type SpacecraftParameters } from '../odm/spacecraftParameters.ts';

export interface OmmMetadata extends OdmObjectMetadata {
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
  spacecraftParameters: SpacecraftParameters | null;
  tleParameters: OmmTleParameters | null;
  covariance: CovarianceMatrix | null;
  /** USER_DEFINED_xxx parameters, keyed by xxx. */
  userDefined: Record<string, string>;
  /** Accepted departures from the standard (see the module comment). */
  warnings: string[];
  /** Line of every keyword read (errors found later name it). */
  keywordLines: Record<string, number>;
}

export const OMM_XML_MAPPING: XmlMessageMapping = keywordMessageXml('OMM', [
  'meanElements', 'spacecraftParameters', 'tleParameters', 'covarianceMatrix', 'userDefinedParameters',
]);

type Section = 'metadata' | 'mean' | 'spacecraft' | 'tle' | 'covariance';

/**
 * Each section's keywords: 502.0-B-3 tables 4-1 (metadata), 4-2 (mean elements, spacecraft, TLE parameters), 4-3
 * (covariance); the blocks the OPM has too are read by engine/files/odm. BSTAR, BTERM and AGOM have their units
 * checked by hand (1/ER is not a unit of the registry).
 */
const SECTION_KEYS: Record<Section, Record<string, KeySpec>> = {
  metadata: { ...OBJECT_METADATA_KEYS, MEAN_ELEMENT_THEORY: { type: 'text' } },
  mean: {
    EPOCH: { type: 'epoch' },
    SEMI_MAJOR_AXIS: numberKey('km'),
    MEAN_MOTION: numberKey('rev/day'),
    ECCENTRICITY: numberKey(),
    INCLINATION: numberKey('deg'),
    RA_OF_ASC_NODE: numberKey('deg'),
    ARG_OF_PERICENTER: numberKey('deg'),
    MEAN_ANOMALY: numberKey('deg'),
    GM: numberKey('km**3/s**2'),
  },
  spacecraft: SPACECRAFT_PARAMETER_KEYS,
  tle: {
    EPHEMERIS_TYPE: { type: 'integer' },
    CLASSIFICATION_TYPE: { type: 'text' },
    NORAD_CAT_ID: { type: 'integer' },
    ELEMENT_SET_NO: { type: 'integer' },
    REV_AT_EPOCH: { type: 'integer' },
    BSTAR: numberKey(),
    BTERM: numberKey(),
    MEAN_MOTION_DOT: numberKey('rev/day**2'),
    MEAN_MOTION_DDOT: numberKey('rev/day**3'),
    AGOM: numberKey(),
  },
  covariance: COVARIANCE_MATRIX_KEYS,
};
const KEYS = keywordSections(SECTION_KEYS);

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

const OMM_SPEC: NdmMessageSpec = {
  xml: OMM_XML_MAPPING,
  versions: ['2.0', '3.0'],
  containers: keywordMessageContainers(OMM_XML_MAPPING),
  blankCreationDateAllowed: true,
};

/** OMM token consumer: one message. */
export class OmmParser extends OdmKeywordMessageParser<OmmMessage, Section> {
  private readonly userDefined: Record<string, string> = {};
  private section: Section = 'metadata';
  private userDefinedStarted = false;

  constructor() {
    super(OMM_SPEC, 'OMM', KEYS);
  }

  protected userDefinedParameter(token: EntryToken, name: string): void {
    if (name in this.userDefined) throw new CcsdsParseError(token.line, `${token.keyword} given twice`, token.keyword);
    this.userDefined[name] = token.value;
    this.userDefinedStarted = true;
  }

  protected sectionKeyword(token: EntryToken, section: Section, spec: KeySpec): void {
    if (this.userDefinedStarted) {
      throw new CcsdsParseError(token.line, `${token.keyword} after the user-defined parameters (they come last)`, token.keyword);
    }
    if (SECTION_ORDER[section] < SECTION_ORDER[this.section]) {
      throw new CcsdsParseError(token.line, `${token.keyword} belongs to ${SECTION_NAMES[section]}, which come before ${SECTION_NAMES[this.section]}`, token.keyword);
    }
    if (section !== 'metadata' && section !== 'mean' && !this.keywords.has('EPOCH')) {
      throw new CcsdsParseError(token.line, `missing EPOCH: the mean elements (EPOCH first) come before ${token.keyword}`, 'EPOCH');
    }
    if (section === 'mean' && token.keyword !== 'EPOCH' && !this.keywords.has('EPOCH')) {
      throw new CcsdsParseError(token.line, `missing EPOCH: the mean elements start with EPOCH, before ${token.keyword}`, 'EPOCH');
    }
    this.section = section;
    if (this.keywords.has(token.keyword)) {
      throw new CcsdsParseError(token.line, `${token.keyword} given twice (first at line ${this.keywords.lines[token.keyword]})`, token.keyword);
    }
    const fixed = FIXED_UNITS[token.keyword];
    if (fixed) {
      const { units } = entryValueAndUnits(token);
      if (units !== null && !fixed.accepted.includes(units.replace(/\s+/g, '').toUpperCase())) {
        throw new CcsdsParseError(token.line, `${token.keyword} units must be [${fixed.shown}], got [${units}]`, token.keyword);
      }
    }
    this.keywords.keep(token, this.keywords.valueOf(token, spec), section === 'metadata');
  }

  protected finishMessage(notation: 'KVN' | 'XML'): OmmMessage {
    const read = this.keywordsAtEnd();
    const line = this.lastLine;
    const sectionStart = (section: Section): number | null => read.firstLine(Object.keys(SECTION_KEYS[section]));
    const warnings: string[] = [];
    const header = this.header!;
    if (header.creationDate === '') warnings.push(`CREATION_DATE is empty (line ${header.line}); CelesTrak writes its OMM headers so`);
    if (header.originator.trim() === '') warnings.push(`ORIGINATOR is empty (line ${header.line}); CelesTrak writes its OMM headers so`);

    const missingInMetadata: MissingKeywordReport = { line, where: 'the OMM metadata' };
    const metadata: OmmMetadata = {
      ...objectMetadataOf(read, missingInMetadata),
      meanElementTheory: read.requiredText('MEAN_ELEMENT_THEORY', missingInMetadata),
      line: sectionStart('metadata') ?? line,
    };
    const meanAt = sectionStart('mean') ?? line;
    if (read.has('SEMI_MAJOR_AXIS') === read.has('MEAN_MOTION')) {
      throw new CcsdsParseError(meanAt, 'the mean elements need exactly one of SEMI_MAJOR_AXIS and MEAN_MOTION', 'MEAN_MOTION');
    }
    const missingInMeanElements: MissingKeywordReport = { line, where: 'the OMM mean elements' };
    const meanElements: OmmMeanElements = {
      epoch: read.requiredText('EPOCH', missingInMeanElements),
      semiMajorAxisKm: read.optionalNumber('SEMI_MAJOR_AXIS'),
      meanMotionRevPerDay: read.optionalNumber('MEAN_MOTION'),
      eccentricity: read.requiredNumber('ECCENTRICITY', missingInMeanElements),
      inclinationDeg: read.requiredNumber('INCLINATION', missingInMeanElements),
      raOfAscNodeDeg: read.requiredNumber('RA_OF_ASC_NODE', missingInMeanElements),
      argOfPericenterDeg: read.requiredNumber('ARG_OF_PERICENTER', missingInMeanElements),
      meanAnomalyDeg: read.requiredNumber('MEAN_ANOMALY', missingInMeanElements),
      gmKm3S2: read.optionalNumber('GM'),
      line: meanAt,
    };
    const spacecraftParameters = spacecraftParametersOf(read);
    let tleParameters: OmmTleParameters | null = null;
    const tleAt = sectionStart('tle');
    if (tleAt !== null) {
      const atMostOne = (a: string, b: string): void => {
        if (read.has(a) && read.has(b)) throw new CcsdsParseError(read.lines[b]!, `the TLE parameters take one of ${a} and ${b}, not both`, b);
      };
      atMostOne('BSTAR', 'BTERM');
      atMostOne('MEAN_MOTION_DDOT', 'AGOM');
      tleParameters = {
        ephemerisType: read.optionalNumber('EPHEMERIS_TYPE'),
        classificationType: read.optionalText('CLASSIFICATION_TYPE'),
        noradCatId: read.optionalNumber('NORAD_CAT_ID'),
        elementSetNo: read.optionalNumber('ELEMENT_SET_NO'),
        revAtEpoch: read.optionalNumber('REV_AT_EPOCH'),
        bstar: read.optionalNumber('BSTAR'),
        btermM2Kg: read.optionalNumber('BTERM'),
        meanMotionDot: read.optionalNumber('MEAN_MOTION_DOT'),
        meanMotionDdot: read.optionalNumber('MEAN_MOTION_DDOT'),
        agomM2Kg: read.optionalNumber('AGOM'),
        line: tleAt,
      };
    }
    const covariance = covarianceMatrixOf(read);
    return {
      format: 'OMM',
      notation,
      header,
      metadata,
      dataComments: read.dataComments,
      meanElements,
      spacecraftParameters,
      tleParameters,
      covariance,
      userDefined: this.userDefined,
      warnings,
      keywordLines: { ...read.lines },
    };
  }
}

/** Parse one OMM (KVN or XML, detected from the content). */
export function parseOmm(text: string): OmmMessage {
  return new NdmReader(new OmmParser()).push(text).end();
}
