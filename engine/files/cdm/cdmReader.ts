/**
 * CCSDS Conjunction Data Message (CDM) reader: CCSDS 508.0-B-1 (CDM 1.0) and the CDM 2.0 draft keywords Orekit 13.1
 * accepts, KVN and XML, on the shared NDM reading skeleton (common/ndmMessageParser.ts). The keywords, their types and
 * standard units are in cdmKeywords.ts; the writer is cdmWriter.ts.
 *
 * A CDM is a header, one relative metadata/data section (TCA, miss distance, relative state, screening volume,
 * stated Pc) and two objects, each with its metadata and its data: OD parameters, additional parameters, state vector,
 * RTN covariance (6×6, with optional drag, SRP and thrust rows), and the 2.0 XYZ or sigma/eigenvector covariance and
 * additional covariance metadata. KVN has no block delimiters: blocks are recognized by their keywords, and OBJECT
 * opens each object. Blocks of an object must come in the standard's order; a keyword repeated within a block, a
 * keyword of an earlier block after a later one, an unknown keyword, a bad value (number, unit, epoch, frame,
 * enumeration) and a missing required keyword are refused with a CcsdsParseError naming the line and the keyword.
 *
 * Comments follow the standard's rule that a COMMENT opens a block (CCSDS 508.0-B-1: comments only at the beginning of
 * the header, relative metadata, metadata and data sections), read as Orekit 13.1 reads them so that both agree on the
 * reference files: in KVN, comments after the first relative-metadata keyword belong to object 1's metadata; after an
 * object's metadata, the first comment line is the data section's, further lines the first data block's. In XML the
 * enclosing element decides.
 *
 * XML elements marked `nil="true"` are absent values (CDMs from Space-Track use them for optional keywords), except
 * for a required keyword, which is then refused with its line.
 */
import { CcsdsParseError, quoteInput } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { readEntryValue, type EntryToken } from '../common/keywords.ts';
import { NdmMessageParser, type NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, type NdmHeader } from '../common/ndmReader.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';
import {
  CDM_BLOCK_FIELDS,
  CDM_BLOCK_NAMES,
  CDM_BLOCK_ORDER,
  COVARIANCE_ROW_RANGES,
  RTN_COVARIANCE_TERMS,
  XYZ_COVARIANCE_TERMS,
  type CdmBlockId,
  type CdmCovarianceTerm,
  type CdmField,
} from './cdmKeywords.ts';

export type CdmYesNo = 'YES' | 'NO';
type Vector3OrNull = [number | null, number | null, number | null];

export interface CdmHeader extends NdmHeader {
  /** MESSAGE_FOR: the spacecraft the message is for, as written. */
  messageFor: string | null;
}

/** Relative metadata/data: the conjunction as the sender computed it (m, m/s; epochs UTC as written). */
export interface CdmRelativeMetadata {
  comments: string[];
  conjunctionId: string | null;
  /** Time of closest approach, UTC, as written. */
  tca: string;
  missDistanceM: number;
  mahalanobisDistance: number | null;
  relativeSpeedMS: number | null;
  /** Object 2 minus object 1 in object 1's RTN (R, T, N); a component not given is null. */
  relativePositionRtnM: Vector3OrNull;
  relativeVelocityRtnMS: Vector3OrNull;
  approachAngleDeg: number | null;
  startScreenPeriod: string | null;
  stopScreenPeriod: string | null;
  screenVolumeFrame: 'RTN' | 'TVN' | null;
  screenType: 'SHAPE' | 'PC' | 'PC_MAX' | null;
  screenVolumeShape: 'ELLIPSOID' | 'BOX' | 'SPHERE' | null;
  screenVolumeRadiusM: number | null;
  screenVolumeXM: number | null;
  screenVolumeYM: number | null;
  screenVolumeZM: number | null;
  screenEntryTime: string | null;
  screenExitTime: string | null;
  screenPcThreshold: number | null;
  collisionPercentile: number[] | null;
  /** The Pc the sender states, and its method as written (e.g. FOSTER-1992). */
  collisionProbability: number | null;
  collisionProbabilityMethod: string | null;
  collisionMaxProbability: number | null;
  collisionMaxPcMethod: string | null;
  sefiCollisionProbability: number | null;
  sefiCollisionProbabilityMethod: string | null;
  sefiFragmentationModel: string | null;
  previousMessageId: string | null;
  previousMessageEpoch: string | null;
  nextMessageEpoch: string | null;
  /** Line of the first relative-metadata keyword (or comment). */
  line: number;
}

export interface CdmObjectMetadata {
  comments: string[];
  object: 'OBJECT1' | 'OBJECT2';
  /** Catalog number (SATCAT: the NORAD id) as written. */
  objectDesignator: string;
  catalogName: string;
  objectName: string;
  /** COSPAR designator as written (YYYY-NNNP{PP} by convention). */
  internationalDesignator: string;
  objectType: 'PAYLOAD' | 'ROCKET BODY' | 'DEBRIS' | 'UNKNOWN' | 'OTHER' | null;
  operatorContactPosition: string | null;
  operatorOrganization: string | null;
  operatorPhone: string | null;
  operatorEmail: string | null;
  odmMessageLink: string | null;
  admMessageLink: string | null;
  ephemerisName: string;
  obsBeforeNextMessage: CdmYesNo | null;
  covarianceMethod: 'CALCULATED' | 'DEFAULT';
  covarianceSource: string | null;
  maneuverable: 'YES' | 'NO' | 'N/A';
  /** ORBIT_CENTER as written; null when absent (the Earth, 508.0-B-1). */
  orbitCenter: string | null;
  /** REF_FRAME of the state vector (EME2000, GCRF or ITRF in CDM 1.0). */
  refFrame: string;
  altCovType: 'XYZ' | 'CSIG3EIGVEC3' | null;
  altCovRefFrame: string | null;
  gravityModel: string | null;
  atmosphericModel: string | null;
  nBodyPerturbations: string | null;
  solarRadPressure: CdmYesNo | null;
  earthTides: CdmYesNo | null;
  intrackThrust: CdmYesNo | null;
  /** Line of OBJECT. */
  line: number;
}

export interface CdmOdParameters {
  comments: string[];
  timeLastObStart: string | null;
  timeLastObEnd: string | null;
  recommendedOdSpanDays: number | null;
  actualOdSpanDays: number | null;
  obsAvailable: number | null;
  obsUsed: number | null;
  tracksAvailable: number | null;
  tracksUsed: number | null;
  residualsAcceptedPercent: number | null;
  weightedRms: number | null;
  odEpoch: string | null;
  line: number;
}

export interface CdmAdditionalParameters {
  comments: string[];
  areaPcM2: number | null;
  areaPcMinM2: number | null;
  areaPcMaxM2: number | null;
  areaDragM2: number | null;
  areaSrpM2: number | null;
  oebParentFrame: string | null;
  oebParentFrameEpoch: string | null;
  oebQ1: number | null;
  oebQ2: number | null;
  oebQ3: number | null;
  oebQc: number | null;
  oebMaxM: number | null;
  oebIntM: number | null;
  oebMinM: number | null;
  areaAlongOebMaxM2: number | null;
  areaAlongOebIntM2: number | null;
  areaAlongOebMinM2: number | null;
  rcsM2: number | null;
  rcsMinM2: number | null;
  rcsMaxM2: number | null;
  vmAbsolute: number | null;
  vmApparentMin: number | null;
  vmApparent: number | null;
  vmApparentMax: number | null;
  reflectance: number | null;
  massKg: number | null;
  /** HBR (CDM 2.0): the object's hard-body radius. */
  hardBodyRadiusM: number | null;
  cdAreaOverMassM2Kg: number | null;
  crAreaOverMassM2Kg: number | null;
  thrustAccelerationMS2: number | null;
  sedrWKg: number | null;
  apoapsisAltitudeKm: number | null;
  periapsisAltitudeKm: number | null;
  inclinationDeg: number | null;
  covConfidence: number | null;
  covConfidenceMethod: string | null;
  line: number;
}

export interface CdmStateVector {
  comments: string[];
  /** In the object's REF_FRAME at TCA. */
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  line: number;
}

/**
 * A covariance as the lower triangle of its 9×9 matrix (rows R, T, N, Ṙ, Ṫ, Ṅ, DRG, SRP, THR for RTN; X … THR for
 * XYZ), row by row: the 6×6 position/velocity block (21 terms: m², m²/s, m²/s²) and the optional rows.
 */
export interface CdmCovariance {
  comments: string[];
  positionVelocity: number[];
  /** CDRG_* (7 terms: m³/kg, m³/(kg·s), m⁴/kg²), null when absent. */
  dragRow: number[] | null;
  /** CSRP_* (8 terms), null when absent. */
  srpRow: number[] | null;
  /** CTHR_* (9 terms: m²/s², m²/s³, m³/(kg·s²), m²/s⁴), null when absent. */
  thrustRow: number[] | null;
  line: number;
}

export interface CdmSigmaEigenvectorsCovariance {
  comments: string[];
  /** CSIG3EIGVEC3: three sigmas then three eigenvectors (12 numbers). */
  values: number[];
  line: number;
}

export interface CdmAdditionalCovarianceMetadata {
  comments: string[];
  densityForecastUncertainty: number | null;
  cscaleFactorMin: number | null;
  cscaleFactor: number | null;
  cscaleFactorMax: number | null;
  screeningDataSource: string | null;
  dcpSensitivityVectorPosition: number[] | null;
  dcpSensitivityVectorVelocity: number[] | null;
  line: number;
}

export interface CdmObject {
  metadata: CdmObjectMetadata;
  /** Comments at the start of the data section, before its first block. */
  dataComments: string[];
  odParameters: CdmOdParameters | null;
  additionalParameters: CdmAdditionalParameters | null;
  stateVector: CdmStateVector;
  /** Required unless ALT_COV_TYPE names another covariance (as Orekit 13.1 reads the 2.0 draft). */
  rtnCovariance: CdmCovariance | null;
  xyzCovariance: CdmCovariance | null;
  sigmaEigenvectorsCovariance: CdmSigmaEigenvectorsCovariance | null;
  additionalCovarianceMetadata: CdmAdditionalCovarianceMetadata | null;
}

export interface CdmUserDefinedParameters {
  comments: string[];
  /** USER_DEFINED_xxx, keyed by xxx, values as written. */
  parameters: Record<string, string>;
  line: number;
}

export interface CdmMessage {
  format: 'CDM';
  notation: 'KVN' | 'XML';
  header: CdmHeader;
  relativeMetadata: CdmRelativeMetadata;
  /** OBJECT1 then OBJECT2. */
  objects: [CdmObject, CdmObject];
  userDefined: CdmUserDefinedParameters | null;
}

export const CDM_XML_MAPPING: XmlMessageMapping = {
  rootElement: 'cdm',
  versionKeyword: 'CCSDS_CDM_VERS',
  blockNames: {},
  emptyContainers: [
    'header', 'body', 'relativeMetadataData', 'relativeStateVector', 'segment', 'metadata', 'data', 'odParameters',
    'additionalParameters', 'stateVector', 'covarianceMatrix', 'userDefinedParameters',
  ],
};

/** XML container elements and the block their comments belong to (covarianceMatrix: decided by its first keyword). */
const XML_CONTAINERS: ReadonlyMap<string, CdmBlockId | 'data' | null> = new Map<string, CdmBlockId | 'data' | null>([
  ['header', null], ['body', null], ['segment', null],
  ['relativeMetadataData', 'relative'], ['relativeStateVector', 'relative'],
  ['metadata', 'metadata'], ['data', 'data'], ['odParameters', 'od'], ['additionalParameters', 'additional'],
  ['stateVector', 'state'], ['covarianceMatrix', null], ['userDefinedParameters', 'userDefined'],
]);

const CDM_SPEC: NdmMessageSpec = {
  xml: CDM_XML_MAPPING,
  versions: ['1.0', '2.0'],
  containers: new Set(XML_CONTAINERS.keys()),
  headerCommentsFirstOnly: true,
};

type ObjectBlockId = Exclude<CdmBlockId, 'relative'>;
interface KeywordTarget {
  block: CdmBlockId;
  field?: CdmField;
  term?: CdmCovarianceTerm;
}

/** Keyword → the block(s) it belongs to; the drag/SRP/thrust corner terms (CDRG_DRG …) belong to both covariances. */
const KEYWORDS = new Map<string, KeywordTarget[]>();
function addKeyword(keyword: string, target: KeywordTarget): void {
  const list = KEYWORDS.get(keyword) ?? [];
  list.push(target);
  KEYWORDS.set(keyword, list);
}
for (const [block, fields] of Object.entries(CDM_BLOCK_FIELDS)) {
  for (const field of fields) addKeyword(field.keyword, { block: block as CdmBlockId, field });
}
for (const term of RTN_COVARIANCE_TERMS) addKeyword(term.keyword, { block: 'rtnCovariance', term });
for (const term of XYZ_COVARIANCE_TERMS) addKeyword(term.keyword, { block: 'xyzCovariance', term });

const REQUIRED_KEYWORDS: ReadonlySet<string> = new Set([
  ...Object.values(CDM_BLOCK_FIELDS).flatMap((fields) => fields.filter((f) => f.required).map((f) => f.keyword)),
  ...RTN_COVARIANCE_TERMS.slice(0, 21).map((t) => t.keyword),
]);

/** A block being read: its comments, its keywords with their tokens, its values by field. */
class BlockBuilder {
  readonly comments: string[] = [];
  readonly tokens: Record<string, EntryToken> = {};
  readonly values: Record<string, unknown> = {};
  /** Covariance terms by position in the 45-term lower triangle. */
  readonly terms: (number | null)[] = [];
  constructor(
    readonly id: CdmBlockId,
    public line: number,
  ) {}
}

interface ObjectBuilder {
  index: 0 | 1;
  blocks: Partial<Record<ObjectBlockId, BlockBuilder>>;
  current: ObjectBlockId;
  dataComments: string[];
  line: number;
  done: CdmObject | null;
}

/** Normalized spelling of an enumeration value: upper case, `_` and blanks alike. */
const enumKey = (value: string): string => value.trim().toUpperCase().replace(/[\s_]+/g, '_');

/**
 * An XML element marked nil, or any entry with an empty value: an optional keyword without a value is absent (Space-Track
 * writes `<COLLISION_PROBABILITY/>` and `<X nil="true"/>`), a required one is refused.
 */
function hasNoValue(token: EntryToken): boolean {
  return token.nil === true || token.value.trim() === '';
}

/** Validate and convert one entry of a block field. */
function readFieldValue(token: EntryToken, field: CdmField): unknown {
  const where = token.keyword;
  switch (field.type) {
    case 'text': {
      const value = token.value.trim();
      if (value !== '' && field.pattern && !field.pattern.regex.test(value)) {
        throw new CcsdsParseError(token.line, `${where} must have the form ${field.pattern.description}, got ${quoteInput(value)}`, where);
      }
      return value === '' ? null : value;
    }
    case 'enum': {
      const key = enumKey(token.value);
      const value = field.values!.find((v) => enumKey(v) === key);
      if (value === undefined) {
        throw new CcsdsParseError(token.line, `${where} must be one of ${field.values!.join(', ')}, got ${quoteInput(token.value)}`, where);
      }
      return value;
    }
    case 'epoch':
      return readEntryValue(token, { type: 'epoch' }, 'UTC');
    case 'frame':
      return readEntryValue(token, { type: 'frame' });
    case 'number':
    case 'integer': {
      const value = readEntryValue(token, { type: field.type, ...(field.units ? { units: field.units } : {}) }) as number;
      if (field.minimum !== undefined && value < field.minimum) {
        throw new CcsdsParseError(token.line, `${where} must be at least ${field.minimum}, got ${value}`, where);
      }
      if (field.maximum !== undefined && value > field.maximum) {
        throw new CcsdsParseError(token.line, `${where} must be at most ${field.maximum}, got ${value}`, where);
      }
      return value;
    }
    case 'numbers':
    case 'integers': {
      const values = readEntryValue(token, { type: 'numbers' }) as number[];
      if (field.count !== undefined && values.length !== field.count) {
        throw new CcsdsParseError(token.line, `${where} needs ${field.count} numbers, got ${values.length}`, where);
      }
      if (field.type === 'integers' && values.some((v) => !Number.isInteger(v))) {
        throw new CcsdsParseError(token.line, `${where} must list integers, got ${quoteInput(token.value)}`, where);
      }
      return values;
    }
  }
}

/** Values of a block by field, every field of the table present (null when not given). */
function blockValues(fields: readonly CdmField[], block: BlockBuilder | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.index !== undefined) {
      const vector = (block?.values[field.field] as (number | null)[] | undefined) ?? [null, null, null];
      out[field.field] = [...vector];
    } else {
      out[field.field] = block?.values[field.field] ?? null;
    }
  }
  return out;
}

/** CDM token consumer; {@link parseCdm} feeds it a whole text, `new NdmReader(new CdmParser())` chunks. */
export class CdmParser extends NdmMessageParser<CdmMessage> {
  private messageFor: { value: string; line: number } | null = null;
  private readonly relative = new BlockBuilder('relative', 0);
  private relativeKeywordSeen = false;
  private readonly objects: ObjectBuilder[] = [];
  private pendingComments: string[] = [];
  private xml = false;
  private readonly containers: string[] = [];
  private readonly userDefinedTokens = new Map<string, EntryToken>();

  constructor() {
    super(CDM_SPEC);
  }

  /** MESSAGE_FOR (508.0-B-1 header): the one header keyword the CDM adds. */
  protected override headerToken(token: KvnToken): boolean {
    if (token.kind !== 'entry' || token.keyword !== 'MESSAGE_FOR') return false;
    if (this.messageFor) throw new CcsdsParseError(token.line, `MESSAGE_FOR given twice in the header (first at line ${this.messageFor.line})`, 'MESSAGE_FOR');
    this.messageFor = { value: token.value.trim(), line: token.line };
    return true;
  }

  /** A CDM KVN has no delimiter after the header: the first token that is not a header keyword ends it. */
  protected override endsHeader(): boolean {
    return true;
  }

  protected override structureToken(token: Extract<KvnToken, { kind: 'start' | 'stop' }>): boolean {
    if (!XML_CONTAINERS.has(token.block)) return false;
    this.xml = true;
    if (token.block === 'header') return super.structureToken(token);
    if (this.readingHeader) this.endHeader(token.line);
    if (token.kind === 'start') {
      this.containers.push(token.block);
      return true;
    }
    this.containers.pop();
    if (token.block === 'metadata' && this.pendingComments.length > 0 && this.objects.length > 0) {
      // comments after the last metadata keyword are still the metadata's
      this.currentObject(token.line, 'COMMENT').blocks.metadata!.comments.push(...this.pendingComments);
      this.pendingComments = [];
    }
    if (token.block === 'covarianceMatrix' && this.pendingComments.length > 0) {
      // a covariance element with comments only: they stay with the covariance read last
      const object = this.currentObject(token.line, 'COMMENT');
      const block = object.blocks[object.current];
      if (block) block.comments.push(...this.pendingComments);
      this.pendingComments = [];
    }
    if (token.block === 'segment') {
      const object = this.objects[this.objects.length - 1];
      if (object && !object.done) this.endObject(object, token.line);
    }
    return true;
  }

  protected bodyToken(token: KvnToken): void {
    if (token.kind === 'comment') return this.comment(token.text, token.line);
    if (token.kind !== 'entry') return this.unexpected(token, 'a CDM');
    if (token.keyword === 'OBJECT') return this.startObject(token);
    if (token.keyword.startsWith('USER_DEFINED_')) return this.userDefinedEntry(token);
    const targets = KEYWORDS.get(token.keyword);
    if (!targets) return this.unexpected(token, this.objects.length === 0 ? CDM_BLOCK_NAMES.relative : `${CDM_BLOCK_NAMES[this.objects[this.objects.length - 1]!.current]} of ${this.objectName(this.objects.length - 1)}`);
    if (targets[0]!.block === 'relative') return this.relativeEntry(token, targets[0]!.field!);
    const object = this.currentObject(token.line, token.keyword);
    // CDRG_DRG, CSRP_SRP …: the XYZ covariance's while it is being read, else the RTN covariance's
    const target = targets.length === 1 ? targets[0]! : targets.find((t) => t.block === (object.current === 'xyzCovariance' ? 'xyzCovariance' : 'rtnCovariance'))!;
    this.objectEntry(object, token, target);
  }

  private objectName(index: number): string {
    return index === 0 ? 'OBJECT1' : 'OBJECT2';
  }

  private comment(text: string, line: number): void {
    if (this.xml) {
      const container = XML_CONTAINERS.get(this.containers[this.containers.length - 1] ?? '') ?? null;
      if (container === 'relative') {
        this.relative.comments.push(text);
        if (this.relative.line === 0) this.relative.line = line;
        return;
      }
      if (container === 'data') {
        this.currentObject(line, 'COMMENT').dataComments.push(text);
        return;
      }
      if (container !== null && container !== 'metadata' && this.objects.length > 0) {
        this.switchBlock(this.currentObject(line, 'COMMENT'), container, line, 'COMMENT').comments.push(text);
        return;
      }
      // metadata (before OBJECT) and covarianceMatrix (block known at its first keyword): wait for the keyword
      this.pendingComments.push(text);
      return;
    }
    if (this.objects.length === 0 && !this.relativeKeywordSeen) {
      this.relative.comments.push(text);
      if (this.relative.line === 0) this.relative.line = line;
      return;
    }
    this.pendingComments.push(text);
  }

  private relativeEntry(token: EntryToken, field: CdmField): void {
    if (this.objects.length > 0) {
      throw new CcsdsParseError(token.line, `${token.keyword} belongs to the relative metadata, which ends at OBJECT (line ${this.objects[0]!.line})`, token.keyword);
    }
    this.relativeKeywordSeen = true;
    if (this.relative.line === 0) this.relative.line = token.line;
    this.store(this.relative, token, field, CDM_BLOCK_NAMES.relative);
  }

  private startObject(token: EntryToken): void {
    const expected = this.objects.length === 0 ? 'OBJECT1' : 'OBJECT2';
    if (this.objects.length === 2) throw new CcsdsParseError(token.line, 'a CDM describes two objects: a third OBJECT is not allowed', 'OBJECT');
    if (token.nil || enumKey(token.value) !== expected) {
      throw new CcsdsParseError(token.line, `OBJECT must be ${expected} here, got ${quoteInput(token.value)}`, 'OBJECT');
    }
    // comments before OBJECT open the new object's metadata
    const comments = this.pendingComments;
    this.pendingComments = [];
    const previous = this.objects[this.objects.length - 1];
    if (previous && !previous.done) this.endObject(previous, token.line);
    if (this.objects.length === 0) this.endRelative(token.line);
    const object: ObjectBuilder = { index: this.objects.length as 0 | 1, blocks: {}, current: 'metadata', dataComments: [], line: token.line, done: null };
    const metadata = new BlockBuilder('metadata', token.line);
    metadata.comments.push(...comments);
    metadata.tokens['OBJECT'] = token;
    metadata.values['object'] = expected;
    object.blocks.metadata = metadata;
    this.objects.push(object);
  }

  /** The object being read, or "K before OBJECT = OBJECT1" when none has started. */
  private currentObject(line: number, keyword: string): ObjectBuilder {
    const object = this.objects[this.objects.length - 1];
    if (!object) {
      throw new CcsdsParseError(line, `${keyword} before OBJECT = OBJECT1: each object's metadata starts with OBJECT`, keyword);
    }
    if (object.done) {
      throw new CcsdsParseError(line, `${keyword} after the end of ${this.objectName(object.index)} (OBJECT = OBJECT2 expected)`, keyword);
    }
    return object;
  }

  /**
   * Makes `id` the object's current block (creating it), refusing a block that comes after a later one. In KVN the
   * first comment line between the metadata and the first data block is the data section's (Orekit's reading of the
   * annex examples, "COMMENT Object1 Data" then "COMMENT Object1 OD Parameters").
   */
  private switchBlock(object: ObjectBuilder, id: ObjectBlockId, line: number, keyword: string): BlockBuilder {
    if (id !== object.current) {
      if (CDM_BLOCK_ORDER[id] <= CDM_BLOCK_ORDER[object.current]) {
        throw new CcsdsParseError(line, `${keyword} (${CDM_BLOCK_NAMES[id]}) after ${CDM_BLOCK_NAMES[object.current]} of ${this.objectName(object.index)}: the blocks of an object come in the order metadata, OD parameters, additional parameters, state vector, RTN covariance, alternate covariance, additional covariance metadata`, keyword);
      }
      if (object.blocks[id] !== undefined) {
        throw new CcsdsParseError(line, `${keyword}: ${CDM_BLOCK_NAMES[id]} of ${this.objectName(object.index)} was already read (line ${object.blocks[id]!.line})`, keyword);
      }
      if (object.current === 'metadata') this.checkMetadata(object, line);
      if (!this.xml && object.current === 'metadata' && this.pendingComments.length > 0) {
        object.dataComments.push(this.pendingComments.shift()!);
      }
      object.blocks[id] = new BlockBuilder(id, line);
      object.current = id;
    }
    const block = object.blocks[id]!;
    block.comments.push(...this.pendingComments);
    this.pendingComments = [];
    return block;
  }

  private objectEntry(object: ObjectBuilder, token: EntryToken, target: KeywordTarget): void {
    const id = target.block as ObjectBlockId;
    if (hasNoValue(token)) {
      if (REQUIRED_KEYWORDS.has(token.keyword)) throw new CcsdsParseError(token.line, `${token.keyword} is required but has no value`, token.keyword);
      return;
    }
    const metadata = object.blocks.metadata!;
    const altCovType = metadata.values['altCovType'] ?? null;
    if ((id === 'xyzCovariance' && altCovType !== 'XYZ') || (id === 'sigmaEigenvectors' && altCovType !== 'CSIG3EIGVEC3')) {
      const needed = id === 'xyzCovariance' ? 'XYZ' : 'CSIG3EIGVEC3';
      throw new CcsdsParseError(token.line, `${token.keyword} needs ALT_COV_TYPE = ${needed} in the metadata of ${this.objectName(object.index)}`, token.keyword);
    }
    const block = this.switchBlock(object, id, token.line, token.keyword);
    const where = `${CDM_BLOCK_NAMES[id]} of ${this.objectName(object.index)}`;
    if (target.term) {
      this.rejectRepeat(block, token, where);
      const index = (id === 'rtnCovariance' ? RTN_INDEX : XYZ_INDEX).get(target.term.keyword)!;
      block.terms[index] = readFieldValue(token, { keyword: token.keyword, field: '', type: 'number', units: target.term.units }) as number;
      return;
    }
    this.store(block, token, target.field!, where);
  }

  private rejectRepeat(block: BlockBuilder, token: EntryToken, where: string): void {
    const first = block.tokens[token.keyword];
    if (first) throw new CcsdsParseError(token.line, `${token.keyword} given twice in ${where} (first at line ${first.line})`, token.keyword);
    block.tokens[token.keyword] = token;
  }

  private store(block: BlockBuilder, token: EntryToken, field: CdmField, where: string): void {
    if (hasNoValue(token)) {
      if (field.required) throw new CcsdsParseError(token.line, `${token.keyword} is required but has no value`, token.keyword);
      return;
    }
    this.rejectRepeat(block, token, where);
    const value = readFieldValue(token, field);
    if (value === null && field.required) throw new CcsdsParseError(token.line, `${token.keyword} has no value`, token.keyword);
    if (field.index !== undefined) {
      const vector = (block.values[field.field] as (number | null)[] | undefined) ?? [null, null, null];
      vector[field.index] = value as number;
      block.values[field.field] = vector;
    } else if (value !== null) {
      block.values[field.field] = value;
    }
  }

  /** USER_DEFINED_xxx: after an object's data (Orekit gives the block to both objects; here it is the message's). */
  private userDefinedEntry(token: EntryToken): void {
    const object = this.currentObject(token.line, token.keyword);
    this.switchBlock(object, 'userDefined', token.line, token.keyword);
    if (hasNoValue(token)) return;
    const name = token.keyword.slice('USER_DEFINED_'.length);
    const first = this.userDefinedTokens.get(name);
    if (first) throw new CcsdsParseError(token.line, `${token.keyword} given twice (first at line ${first.line})`, token.keyword);
    this.userDefinedTokens.set(name, token);
  }

  /** The relative metadata is complete (at OBJECT = OBJECT1): TCA and MISS_DISTANCE are required. */
  private endRelative(line: number): void {
    for (const field of CDM_BLOCK_FIELDS.relative) {
      if (field.required && !(field.field in this.relative.values)) {
        throw new CcsdsParseError(line, `${field.keyword} is required in the relative metadata (which ends here, at OBJECT = OBJECT1)`, field.keyword);
      }
    }
    // 508.0-B-1 / 2.0 draft: a screening volume shape needs its dimensions, a Pc screening its threshold (Orekit's checks)
    const v = this.relative.values;
    const need = (keyword: string, field: string, because: string): void => {
      if (!(field in v)) throw new CcsdsParseError(this.relative.tokens[because.split(' ')[0]!]?.line ?? line, `${keyword} is required when ${because}`, keyword);
    };
    if (v['screenType'] === 'SHAPE') {
      need('SCREEN_ENTRY_TIME', 'screenEntryTime', 'SCREEN_TYPE = SHAPE');
      need('SCREEN_EXIT_TIME', 'screenExitTime', 'SCREEN_TYPE = SHAPE');
      need('SCREEN_VOLUME_SHAPE', 'screenVolumeShape', 'SCREEN_TYPE = SHAPE');
      if (v['screenVolumeShape'] === 'SPHERE') need('SCREEN_VOLUME_RADIUS', 'screenVolumeRadiusM', 'SCREEN_VOLUME_SHAPE = SPHERE');
      else {
        const shape = `SCREEN_VOLUME_SHAPE = ${String(v['screenVolumeShape'])}`;
        need('SCREEN_VOLUME_FRAME', 'screenVolumeFrame', shape);
        need('SCREEN_VOLUME_X', 'screenVolumeXM', shape);
        need('SCREEN_VOLUME_Y', 'screenVolumeYM', shape);
        need('SCREEN_VOLUME_Z', 'screenVolumeZM', shape);
      }
    } else if (v['screenType'] === 'PC' || v['screenType'] === 'PC_MAX') {
      need('SCREEN_PC_THRESHOLD', 'screenPcThreshold', `SCREEN_TYPE = ${String(v['screenType'])}`);
    }
  }

  /** The object's metadata is complete (at its first data keyword, or at the object's end): its required keywords. */
  private checkMetadata(object: ObjectBuilder, line: number): void {
    const values = object.blocks.metadata!.values;
    for (const field of CDM_BLOCK_FIELDS.metadata) {
      if (field.required && !(field.field in values)) {
        throw new CcsdsParseError(line, `${field.keyword} is required in the metadata of ${this.objectName(object.index)} (from line ${object.line} to here)`, field.keyword);
      }
    }
  }

  /** An object is complete (at the next OBJECT, `</segment>` or the end): checks its required keywords and builds it. */
  private endObject(object: ObjectBuilder, line: number): void {
    const name = this.objectName(object.index);
    if (this.pendingComments.length > 0) {
      object.blocks[object.current]?.comments.push(...this.pendingComments);
      this.pendingComments = [];
    }
    const metadataBlock = object.blocks.metadata!;
    if (object.current === 'metadata') this.checkMetadata(object, line);
    // a data block with comments and no keyword (an <odParameters> of comments and nil values) is no block: its
    // comments open the next block, as Orekit 13.1 reads it
    let carried: string[] = [];
    for (const id of ['od', 'additional', 'state', 'rtnCovariance', 'xyzCovariance', 'sigmaEigenvectors', 'additionalCovarianceMetadata'] as const) {
      const block = object.blocks[id];
      if (!block) continue;
      block.comments.unshift(...carried);
      carried = [];
      if (Object.keys(block.tokens).length === 0 && id !== 'additionalCovarianceMetadata') {
        carried = block.comments;
        delete object.blocks[id];
      }
    }
    const stateBlock = object.blocks.state;
    if (!stateBlock) throw new CcsdsParseError(line, `the state vector of ${name} is missing (X is required)`, 'X');
    for (const field of CDM_BLOCK_FIELDS.state) {
      const vector = stateBlock.values[field.field] as (number | null)[] | undefined;
      if (!vector || vector[field.index!] === null || vector[field.index!] === undefined) {
        throw new CcsdsParseError(stateBlock.line, `the state vector of ${name} starting at this line lacks ${field.keyword}`, field.keyword);
      }
    }
    const altCovType = (metadataBlock.values['altCovType'] as CdmObjectMetadata['altCovType'] | undefined) ?? null;
    if (!object.blocks.rtnCovariance && altCovType === null) {
      throw new CcsdsParseError(line, `the RTN covariance of ${name} is missing (CR_R is required)`, 'CR_R');
    }
    const covariance = (block: BlockBuilder | undefined, terms: readonly CdmCovarianceTerm[], what: string): CdmCovariance | null => {
      if (!block) return null;
      const row = (range: { from: number; count: number }, optional: boolean): number[] | null => {
        const values = block.terms.slice(range.from, range.from + range.count);
        const given = values.filter((x) => x !== undefined && x !== null).length;
        if (given === 0 && optional) return null;
        if (given < range.count) {
          const rowTerms = terms.slice(range.from, range.from + range.count);
          const missing = rowTerms.find((_, k) => values[k] === undefined || values[k] === null)!;
          // reported at the row's first term read (the position/velocity block: at the covariance's first line)
          const firstGiven = rowTerms.find((_, k) => values[k] !== undefined && values[k] !== null);
          const line = firstGiven ? block.tokens[firstGiven.keyword]!.line : block.line;
          throw new CcsdsParseError(line, `the ${what} of ${name} lacks ${missing.keyword} (${range.count} terms from ${rowTerms[0]!.keyword} needed)`, missing.keyword);
        }
        return values as number[];
      };
      return {
        comments: block.comments,
        positionVelocity: row(COVARIANCE_ROW_RANGES.positionVelocity, false)!,
        dragRow: row(COVARIANCE_ROW_RANGES.drag, true),
        srpRow: row(COVARIANCE_ROW_RANGES.srp, true),
        thrustRow: row(COVARIANCE_ROW_RANGES.thrust, true),
        line: block.line,
      };
    };
    if (altCovType === 'XYZ' && !object.blocks.xyzCovariance) {
      throw new CcsdsParseError(line, `ALT_COV_TYPE = XYZ but the XYZ covariance of ${name} is missing (CX_X is required)`, 'CX_X');
    }
    if (altCovType === 'CSIG3EIGVEC3' && !object.blocks.sigmaEigenvectors) {
      throw new CcsdsParseError(line, `ALT_COV_TYPE = CSIG3EIGVEC3 but CSIG3EIGVEC3 of ${name} is missing`, 'CSIG3EIGVEC3');
    }
    const optionalBlock = <T>(id: ObjectBlockId, fields: readonly CdmField[]): T | null => {
      const block = object.blocks[id];
      return block ? ({ comments: block.comments, ...blockValues(fields, block), line: block.line } as T) : null;
    };
    const sigma = object.blocks.sigmaEigenvectors;
    object.done = {
      metadata: { comments: metadataBlock.comments, ...blockValues(CDM_BLOCK_FIELDS.metadata, metadataBlock), line: object.line } as CdmObjectMetadata,
      dataComments: object.dataComments,
      odParameters: optionalBlock<CdmOdParameters>('od', CDM_BLOCK_FIELDS.od),
      additionalParameters: optionalBlock<CdmAdditionalParameters>('additional', CDM_BLOCK_FIELDS.additional),
      stateVector: { comments: stateBlock.comments, ...blockValues(CDM_BLOCK_FIELDS.state, stateBlock), line: stateBlock.line } as CdmStateVector,
      rtnCovariance: covariance(object.blocks.rtnCovariance, RTN_COVARIANCE_TERMS, 'RTN covariance'),
      xyzCovariance: covariance(object.blocks.xyzCovariance, XYZ_COVARIANCE_TERMS, 'XYZ covariance'),
      sigmaEigenvectorsCovariance: sigma ? { comments: sigma.comments, values: sigma.values['values'] as number[], line: sigma.line } : null,
      additionalCovarianceMetadata: optionalBlock<CdmAdditionalCovarianceMetadata>('additionalCovarianceMetadata', CDM_BLOCK_FIELDS.additionalCovarianceMetadata),
    };
  }

  protected finishMessage(notation: 'KVN' | 'XML'): CdmMessage {
    if (this.readingHeader) this.endHeader(this.lastLine);
    if (this.objects.length === 0) {
      this.endRelative(this.lastLine);
      throw new CcsdsParseError(this.lastLine, 'OBJECT = OBJECT1 is missing: a CDM describes two objects', 'OBJECT');
    }
    const last = this.objects[this.objects.length - 1]!;
    if (!last.done) this.endObject(last, this.lastLine);
    if (this.objects.length < 2) throw new CcsdsParseError(this.lastLine, 'OBJECT = OBJECT2 is missing: a CDM describes two objects', 'OBJECT');
    const userBlocks = this.objects.map((o) => o.blocks.userDefined).filter((b): b is BlockBuilder => b !== undefined);
    const userDefined: CdmUserDefinedParameters | null = userBlocks.length === 0 ? null : {
      comments: userBlocks.flatMap((b) => b.comments),
      parameters: Object.fromEntries([...this.userDefinedTokens].map(([name, token]) => [name, token.value.trim()])),
      line: userBlocks[0]!.line,
    };
    return {
      format: 'CDM',
      notation,
      header: { ...this.header!, messageFor: this.messageFor?.value ?? null },
      relativeMetadata: { comments: this.relative.comments, ...blockValues(CDM_BLOCK_FIELDS.relative, this.relative), line: this.relative.line } as CdmRelativeMetadata,
      objects: [this.objects[0]!.done!, this.objects[1]!.done!],
      userDefined,
    };
  }
}

const RTN_INDEX = new Map(RTN_COVARIANCE_TERMS.map((t, k) => [t.keyword, k]));
const XYZ_INDEX = new Map(XYZ_COVARIANCE_TERMS.map((t, k) => [t.keyword, k]));

/** Parse a CDM (KVN or XML, detected from the content); throws CcsdsParseError naming the line and keyword. */
export function parseCdm(text: string): CdmMessage {
  return new NdmReader(new CdmParser()).push(text).end();
}

/**
 * The 6×6 position/velocity block of a covariance as a full symmetric matrix, row-major (36 values; RTN: m², m²/s,
 * m²/s² in the order R, T, N, Ṙ, Ṫ, Ṅ).
 */
export function cdmCovarianceMatrix6(covariance: CdmCovariance): number[] {
  const out = new Array<number>(36);
  let k = 0;
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j <= i; j++) {
      const value = covariance.positionVelocity[k++]!;
      out[i * 6 + j] = value;
      out[j * 6 + i] = value;
    }
  }
  return out;
}
