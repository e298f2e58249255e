/**
 * CCSDS Orbit Parameter Message (OPM) reader, versions 1.0, 2.0 (502.0-B-2 §3) and 3.0 (502.0-B-3 §3), KVN and
 * XML (the writer is opmWriter.ts).
 *
 * An OPM KVN has no block delimiters: the sections (metadata, state vector, Keplerian elements, spacecraft
 * parameters, covariance, maneuvers, user-defined parameters) are recognized by their keywords. A maneuver starts
 * at MAN_EPOCH_IGNITION (or `<maneuverParameters>` in XML). Maneuvers are returned, never dropped, so the state
 * vector import can warn about them.
 *
 * The object metadata, state vector, spacecraft parameters, covariance and user-defined parameters are read by
 * engine/files/odm, which the OMM reader shares; this reader adds the Keplerian elements and the maneuvers.
 */
import { CcsdsParseError } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import type { OdmObjectMetadata } from '../common/definitions.ts';
import { numberKey, type EntryToken, type KeySpec } from '../common/keywords.ts';
import type { NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, type NdmHeader } from '../common/ndmReader.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';
import { COVARIANCE_MATRIX_KEYS, covarianceMatrixOf, type CovarianceMatrix } from '../odm/covariance.ts';
import { keywordMessageContainers, keywordMessageXml, OdmKeywordMessageParser } from '../odm/keywordMessageParser.ts';
import { keywordSections, type MissingKeywordReport } from '../odm/keywordsRead.ts';
import { OBJECT_METADATA_KEYS, objectMetadataOf } from '../odm/objectMetadata.ts';
import { SPACECRAFT_PARAMETER_KEYS, spacecraftParametersOf, type SpacecraftParameters } from '../odm/spacecraftParameters.ts';
import { STATE_VECTOR_KEYS, stateVectorOf, type StateVector } from '../odm/stateVector.ts';

export type OpmMetadata = OdmObjectMetadata;

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
  stateVector: StateVector;
  keplerianElements: OpmKeplerianElements | null;
  spacecraftParameters: SpacecraftParameters | null;
  covariance: CovarianceMatrix | null;
  maneuvers: OpmManeuver[];
  /** USER_DEFINED_xxx parameters, keyed by xxx. */
  userDefined: Record<string, string>;
}

export const OPM_XML_MAPPING: XmlMessageMapping = keywordMessageXml('OPM', [
  'stateVector', 'keplerianElements', 'spacecraftParameters', 'covarianceMatrix', 'maneuverParameters', 'userDefinedParameters',
]);

type Section = 'metadata' | 'state' | 'keplerian' | 'spacecraft' | 'covariance' | 'maneuver';

/** The osculating Keplerian elements, 502.0-B-2 and 502.0-B-3 table 3-4 (MEAN_MOTION: OPM 3.0). */
const KEPLERIAN_ELEMENT_KEYS: Record<string, KeySpec> = {
  SEMI_MAJOR_AXIS: numberKey('km'),
  MEAN_MOTION: numberKey(),
  ECCENTRICITY: numberKey(),
  INCLINATION: numberKey('deg'),
  RA_OF_ASC_NODE: numberKey('deg'),
  ARG_OF_PERICENTER: numberKey('deg'),
  TRUE_ANOMALY: numberKey('deg'),
  MEAN_ANOMALY: numberKey('deg'),
  GM: numberKey('km**3/s**2'),
};

/** The maneuver parameters, table 3-4: a maneuver starts at MAN_EPOCH_IGNITION. */
const MANEUVER_KEYS: Record<string, KeySpec> = {
  MAN_EPOCH_IGNITION: { type: 'epoch' },
  MAN_DURATION: numberKey('s'),
  MAN_DELTA_MASS: numberKey('kg'),
  MAN_REF_FRAME: { type: 'frame' },
  MAN_DV_1: numberKey('km/s'),
  MAN_DV_2: numberKey('km/s'),
  MAN_DV_3: numberKey('km/s'),
};

/** Keyword → (section, spec), 502.0-B-2 tables 3-3 and 3-4, 502.0-B-3 tables 3-3 and 3-4. */
const KEYS = keywordSections<Section>({
  metadata: OBJECT_METADATA_KEYS,
  state: STATE_VECTOR_KEYS,
  keplerian: KEPLERIAN_ELEMENT_KEYS,
  spacecraft: SPACECRAFT_PARAMETER_KEYS,
  covariance: COVARIANCE_MATRIX_KEYS,
  maneuver: MANEUVER_KEYS,
});

const OPM_SPEC: NdmMessageSpec = { xml: OPM_XML_MAPPING, versions: ['1.0', '2.0', '3.0'], containers: keywordMessageContainers(OPM_XML_MAPPING) };

/** OPM token consumer. */
export class OpmParser extends OdmKeywordMessageParser<OpmMessage, Section> {
  private readonly maneuvers: { comments: string[]; values: Record<string, string | number>; line: number }[] = [];
  private readonly userDefined: Record<string, string> = {};
  private inManeuverElement = false;

  constructor() {
    super(OPM_SPEC, 'OPM', KEYS);
  }

  /** `<maneuverParameters>` starts a maneuver; the other XML sections carry no meaning; a KVN block is an error. */
  protected override structureToken(token: Extract<KvnToken, { kind: 'start' | 'stop' }>): boolean {
    if (token.block === 'maneuverParameters') {
      if (token.kind === 'start') this.startManeuver(token.line);
      this.inManeuverElement = token.kind === 'start';
      return true;
    }
    return super.structureToken(token);
  }

  protected userDefinedParameter(token: EntryToken, name: string): void {
    this.userDefined[name] = token.value;
  }

  protected sectionKeyword(token: EntryToken, section: Section, spec: KeySpec): void {
    if (section !== 'metadata' && !this.keywords.has('EPOCH') && section !== 'state') {
      // Either EPOCH is absent altogether or it comes after this keyword: both leave the state vector without it.
      throw new CcsdsParseError(token.line, `missing EPOCH: the state vector needs an EPOCH before ${token.keyword}`, 'EPOCH');
    }
    const value = this.keywords.valueOf(token, spec);
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
    if (this.keywords.has(token.keyword)) throw new CcsdsParseError(token.line, `${token.keyword} given twice`, token.keyword);
    if (section === 'metadata' && this.keywords.has('EPOCH')) {
      throw new CcsdsParseError(token.line, `metadata keyword ${token.keyword} after the state vector`, token.keyword);
    }
    this.keywords.keep(token, value, section === 'metadata');
  }

  private startManeuver(line: number): void {
    if (!this.keywords.has('EPOCH')) throw new CcsdsParseError(line, 'maneuver before the state vector', 'MAN_EPOCH_IGNITION');
    this.maneuvers.push({ comments: this.keywords.takeComments(), values: {}, line });
  }

  protected finishMessage(notation: 'KVN' | 'XML'): OpmMessage {
    const read = this.keywordsAtEnd();
    const missing: MissingKeywordReport = { line: this.lastLine, where: 'an OPM' };
    const metadata: OpmMetadata = objectMetadataOf(read, missing);
    const stateVector = stateVectorOf(read, missing);
    let keplerianElements: OpmKeplerianElements | null = null;
    const at = read.firstLine(Object.keys(KEPLERIAN_ELEMENT_KEYS));
    if (at !== null) {
      const requireOne = (a: string, b: string): void => {
        if (read.has(a) === read.has(b)) throw new CcsdsParseError(at, `the Keplerian elements need exactly one of ${a} and ${b}`, a);
      };
      requireOne('SEMI_MAJOR_AXIS', 'MEAN_MOTION');
      requireOne('TRUE_ANOMALY', 'MEAN_ANOMALY');
      keplerianElements = {
        semiMajorAxisKm: read.optionalNumber('SEMI_MAJOR_AXIS'),
        meanMotionRevPerDay: read.optionalNumber('MEAN_MOTION'),
        eccentricity: read.requiredNumber('ECCENTRICITY', missing),
        inclinationDeg: read.requiredNumber('INCLINATION', missing),
        raOfAscNodeDeg: read.requiredNumber('RA_OF_ASC_NODE', missing),
        argOfPericenterDeg: read.requiredNumber('ARG_OF_PERICENTER', missing),
        trueAnomalyDeg: read.optionalNumber('TRUE_ANOMALY'),
        meanAnomalyDeg: read.optionalNumber('MEAN_ANOMALY'),
        gmKm3S2: read.optionalNumber('GM'),
        line: at,
      };
    }
    const spacecraftParameters = spacecraftParametersOf(read);
    const covariance = covarianceMatrixOf(read);
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
      dataComments: read.dataComments,
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
