/**
 * CCSDS Orbit Comprehensive Message (OCM), CCSDS 502.0-B-3 §6, KVN (§7) and XML (505.0-B-2) reader.
 *
 * Everything the maneuver import needs is returned as plain data (header, metadata, physical properties and the
 * maneuver blocks with typed columns); the trajectory, covariance, perturbation, orbit-determination and user
 * blocks are fully validated (keywords, value types, units, column counts) and summarized, so a malformed file
 * fails with the line of the error whichever block it is in.
 */
import { CcsdsParseError, quoteInput } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { readEntryValue, readEpoch, type EntryToken, type KeySpec, type KeyValue } from '../common/keywords.ts';
import { NdmMessageParser, type NdmMessageSpec } from '../common/ndmMessageParser.ts';
import { NdmReader, splitFields, type NdmHeader } from '../common/ndmReader.ts';
import { isCcsdsNumber, parseNumber, parseUnitsList, unitConversionFactor } from '../common/values.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';
import { userDefinedParameterName } from '../odm/userDefinedParameters.ts';

// ---------------------------------------------------------------------------------------------------------------
// Keyword tables (CCSDS 502.0-B-3 tables 6-3 to 6-11)
// ---------------------------------------------------------------------------------------------------------------

const T: KeySpec = { type: 'text' };
const L: KeySpec = { type: 'list' };
const E: KeySpec = { type: 'epoch' };
const ER: KeySpec = { type: 'epochOrRelative' };
const F: KeySpec = { type: 'frame' };
const I: KeySpec = { type: 'integer' };
const N: KeySpec = { type: 'number' };
const num = (units: string): KeySpec => ({ type: 'number', units });

/** §6.2.3 table 6-3, OCM metadata. */
const METADATA_KEYS: Record<string, KeySpec> = {
  OBJECT_NAME: T, INTERNATIONAL_DESIGNATOR: T, CATALOG_NAME: T, OBJECT_DESIGNATOR: T, ALTERNATE_NAMES: L,
  ORIGINATOR_POC: T, ORIGINATOR_POSITION: T, ORIGINATOR_PHONE: T, ORIGINATOR_EMAIL: T, ORIGINATOR_ADDRESS: T,
  TECH_ORG: T, TECH_POC: T, TECH_POSITION: T, TECH_PHONE: T, TECH_EMAIL: T, TECH_ADDRESS: T,
  PREVIOUS_MESSAGE_ID: T, NEXT_MESSAGE_ID: T, ADM_MSG_LINK: T, CDM_MSG_LINK: T, PRM_MSG_LINK: T, RDM_MSG_LINK: T,
  TDM_MSG_LINK: T, OPERATOR: T, OWNER: T, COUNTRY: T, CONSTELLATION: T, OBJECT_TYPE: T,
  TIME_SYSTEM: { type: 'timeSystem' }, EPOCH_TZERO: E, OPS_STATUS: T, ORBIT_CATEGORY: T, OCM_DATA_ELEMENTS: L,
  SCLK_OFFSET_AT_EPOCH: num('s'), SCLK_SEC_PER_SI_SEC: num('s'), PREVIOUS_MESSAGE_EPOCH: E, NEXT_MESSAGE_EPOCH: E,
  START_TIME: E, STOP_TIME: E, TIME_SPAN: num('d'), TAIMUTC_AT_TZERO: num('s'), NEXT_LEAP_EPOCH: { type: 'epoch', syntaxOnly: true },
  NEXT_LEAP_TAIMUTC: num('s'), UT1MUTC_AT_TZERO: num('s'), EOP_SOURCE: T, INTERP_METHOD_EOP: T, CELESTIAL_SOURCE: T,
};

/** §6.2.4 table 6-4, trajectory state time history. */
const TRAJ_KEYS: Record<string, KeySpec> = {
  TRAJ_ID: T, TRAJ_PREV_ID: T, TRAJ_NEXT_ID: T, TRAJ_BASIS: T, TRAJ_BASIS_ID: T, INTERPOLATION: T,
  INTERPOLATION_DEGREE: I, PROPAGATOR: T, CENTER_NAME: T, TRAJ_REF_FRAME: F, TRAJ_FRAME_EPOCH: ER,
  USEABLE_START_TIME: ER, USEABLE_STOP_TIME: ER, ORB_REVNUM: N, ORB_REVNUM_BASIS: I, ORB_AVERAGING: T,
  TRAJ_TYPE: T, TRAJ_UNITS: L,
};

/** §6.2.5 table 6-5, space object physical characteristics. */
const PHYS_KEYS: Record<string, KeySpec> = {
  MANUFACTURER: T, BUS_MODEL: T, DOCKED_WITH: L, DRAG_CONST_AREA: num('m**2'), DRAG_COEFF_NOM: N,
  DRAG_UNCERTAINTY: num('%'), INITIAL_WET_MASS: num('kg'), WET_MASS: num('kg'), DRY_MASS: num('kg'),
  OEB_PARENT_FRAME: F, OEB_PARENT_FRAME_EPOCH: ER, OEB_Q1: N, OEB_Q2: N, OEB_Q3: N, OEB_QC: N,
  OEB_MAX: num('m'), OEB_INT: num('m'), OEB_MIN: num('m'), AREA_ALONG_OEB_MAX: num('m**2'),
  AREA_ALONG_OEB_INT: num('m**2'), AREA_ALONG_OEB_MIN: num('m**2'), AREA_MIN_FOR_PC: num('m**2'),
  AREA_MAX_FOR_PC: num('m**2'), AREA_TYP_FOR_PC: num('m**2'), RCS: num('m**2'), RCS_MIN: num('m**2'),
  RCS_MAX: num('m**2'), SRP_CONST_AREA: num('m**2'), SOLAR_RAD_COEFF: N, SOLAR_RAD_UNCERTAINTY: num('%'),
  VM_ABSOLUTE: N, VM_APPARENT_MIN: N, VM_APPARENT: N, VM_APPARENT_MAX: N, REFLECTANCE: N, ATT_CONTROL_MODE: T,
  ATT_ACTUATOR_TYPE: T, ATT_KNOWLEDGE: num('deg'), ATT_CONTROL: num('deg'), ATT_POINTING: num('deg'),
  AVG_MANEUVER_FREQ: num('#/yr'), MAX_THRUST: num('N'), DV_BOL: num('km/s'), DV_REMAINING: num('km/s'),
  IXX: num('kg*m**2'), IYY: num('kg*m**2'), IZZ: num('kg*m**2'), IXY: num('kg*m**2'), IXZ: num('kg*m**2'),
  IYZ: num('kg*m**2'),
};

/** §6.2.6 table 6-6, covariance time history. */
const COV_KEYS: Record<string, KeySpec> = {
  COV_ID: T, COV_PREV_ID: T, COV_NEXT_ID: T, COV_BASIS: T, COV_BASIS_ID: T, COV_REF_FRAME: F, COV_FRAME_EPOCH: ER,
  COV_SCALE_MIN: N, COV_SCALE_MAX: N, COV_CONFIDENCE: num('%'), COV_TYPE: T, COV_ORDERING: T, COV_UNITS: L,
};

/** §6.2.7 table 6-7, maneuver specification. */
const MAN_KEYS: Record<string, KeySpec> = {
  MAN_ID: T, MAN_PREV_ID: T, MAN_NEXT_ID: T, MAN_BASIS: T, MAN_BASIS_ID: T, MAN_DEVICE_ID: T, MAN_PREV_EPOCH: ER,
  MAN_NEXT_EPOCH: ER, MAN_PURPOSE: L, MAN_PRED_SOURCE: T, MAN_REF_FRAME: F, MAN_FRAME_EPOCH: ER, GRAV_ASSIST_NAME: T,
  DC_TYPE: T, DC_WIN_OPEN: ER, DC_WIN_CLOSE: ER, DC_MIN_CYCLES: I, DC_MAX_CYCLES: I, DC_EXEC_START: ER,
  DC_EXEC_STOP: ER, DC_REF_TIME: ER, DC_TIME_PULSE_DURATION: num('s'), DC_TIME_PULSE_PERIOD: num('s'),
  DC_REF_DIR: { type: 'numbers' }, DC_BODY_FRAME: T, DC_BODY_TRIGGER: { type: 'numbers' },
  DC_PA_START_ANGLE: num('deg'), DC_PA_STOP_ANGLE: num('deg'), MAN_COMPOSITION: L, MAN_UNITS: L,
};

/** §6.2.8 table 6-9, perturbations. */
const PERT_KEYS: Record<string, KeySpec> = {
  ATMOSPHERIC_MODEL: T, GRAVITY_MODEL: T, EQUATORIAL_RADIUS: num('km'), GM: num('km**3/s**2'),
  N_BODY_PERTURBATIONS: L, CENTRAL_BODY_ROTATION: num('deg/s'), OBLATE_FLATTENING: N, OCEAN_TIDES_MODEL: T,
  SOLID_TIDES_MODEL: T, REDUCTION_THEORY: T, ALBEDO_MODEL: T, ALBEDO_GRID_SIZE: I, SHADOW_MODEL: T,
  SHADOW_BODIES: L, SRP_MODEL: T, SW_DATA_SOURCE: T, SW_DATA_EPOCH: E, SW_INTERP_METHOD: T, FIXED_GEOMAG_KP: N,
  FIXED_GEOMAG_AP: N, FIXED_GEOMAG_DST: N, FIXED_F10P7: N, FIXED_F10P7_MEAN: N, FIXED_M10P7: N,
  FIXED_M10P7_MEAN: N, FIXED_S10P7: N, FIXED_S10P7_MEAN: N, FIXED_Y10P7: N, FIXED_Y10P7_MEAN: N,
};

/** §6.2.9 table 6-10, orbit determination. */
const OD_KEYS: Record<string, KeySpec> = {
  OD_ID: T, OD_PREV_ID: T, OD_METHOD: T, OD_EPOCH: ER, DAYS_SINCE_FIRST_OBS: num('d'), DAYS_SINCE_LAST_OBS: num('d'),
  RECOMMENDED_OD_SPAN: num('d'), ACTUAL_OD_SPAN: num('d'), OBS_AVAILABLE: I, OBS_USED: I, TRACKS_AVAILABLE: I,
  TRACKS_USED: I, MAXIMUM_OBS_GAP: num('d'), OD_EPOCH_EIGMAJ: num('m'), OD_EPOCH_EIGINT: num('m'),
  OD_EPOCH_EIGMIN: num('m'), OD_MAX_PRED_EIGMAJ: num('m'), OD_MIN_PRED_EIGMIN: num('m'), OD_CONFIDENCE: num('%'),
  GDOP: N, SOLVE_N: I, SOLVE_STATES: L, CONSIDER_N: I, CONSIDER_PARAMS: L, SEDR: N, SENSORS_N: I, SENSORS: L,
  WEIGHTED_RMS: N, DATA_TYPES: L,
};

/**
 * Orbit element sets (SANA "orbital elements" registry, 502.0-B-3 §6.2.4.5): element units, used for TRAJ_TYPE
 * and COV_TYPE column counts and units checks.
 */
export const OCM_ELEMENT_SET_UNITS: Record<string, readonly string[]> = {
  ADBARV: ['deg', 'deg', 'deg', 'deg', 'km', 'km/s'],
  CARTP: ['km', 'km', 'km'],
  CARTPV: ['km', 'km', 'km', 'km/s', 'km/s', 'km/s'],
  CARTPVA: ['km', 'km', 'km', 'km/s', 'km/s', 'km/s', 'km/s**2', 'km/s**2', 'km/s**2'],
  DELAUNAY: ['km**2/s', 'km**2/s', 'km**2/s', 'deg', 'deg', 'deg'],
  DELAUNAYMOD: ['√km', '√km', '√km', 'deg', 'deg', 'deg'],
  EIGVAL3EIGVEC3: ['km', 'km', 'km', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a'],
  EQUINOCTIAL: ['km', 'n/a', 'n/a', 'deg', 'n/a', 'n/a', 'n/a'],
  EQUINOCTIALMOD: ['km', 'n/a', 'n/a', 'deg', 'n/a', 'n/a', 'n/a'],
  GEODETIC: ['deg', 'deg', 'deg', 'deg', 'km', 'km/s'],
  KEPLERIAN: ['km', 'n/a', 'deg', 'deg', 'deg', 'deg'],
  KEPLERIANMEAN: ['km', 'n/a', 'deg', 'deg', 'deg', 'deg'],
  LDBARV: ['deg', 'deg', 'deg', 'deg', 'km', 'km/s'],
  ONSTATION: ['km', 'n/a', 'n/a', 'n/a', 'n/a', 'deg'],
  POINCARE: ['deg', 'km/√s', 'km/√s', 'km**2/s', 'km/√s', 'km/√s'],
};

/** Maneuver composition fields (502.0-B-3 table 6-8) and their standard units; `null` = not numeric. */
export const OCM_MANEUVER_FIELD_UNITS: Record<string, string | null> = {
  TIME_ABSOLUTE: null, TIME_RELATIVE: 's', MAN_DURA: 's', DELTA_MASS: 'kg',
  ACC_X: 'km/s**2', ACC_Y: 'km/s**2', ACC_Z: 'km/s**2', ACC_INTERP: null, ACC_MAG_SIGMA: '%', ACC_DIR_SIGMA: 'deg',
  DV_X: 'km/s', DV_Y: 'km/s', DV_Z: 'km/s', DV_MAG_SIGMA: '%', DV_DIR_SIGMA: 'deg',
  THR_X: 'N', THR_Y: 'N', THR_Z: 'N', THR_EFFIC: 'n/a', THR_INTERP: null, THR_ISP: 's', THR_MAG_SIGMA: '%',
  THR_DIR_SIGMA: 'deg',
  DEPLOY_ID: null, DEPLOY_DV_X: 'km/s', DEPLOY_DV_Y: 'km/s', DEPLOY_DV_Z: 'km/s', DEPLOY_MASS: 'kg',
  DEPLOY_DV_SIGMA: '%', DEPLOY_DIR_SIGMA: 'deg', DEPLOY_DV_RATIO: 'n/a', DEPLOY_DV_CDA: 'm**2',
};

// ---------------------------------------------------------------------------------------------------------------
// Model
// ---------------------------------------------------------------------------------------------------------------

export interface OcmMetadata {
  comments: string[];
  objectName: string | null;
  internationalDesignator: string | null;
  objectDesignator: string | null;
  /** TIME_SYSTEM (default UTC, 502.0-B-3 table 6-3). */
  timeSystem: string;
  /** EPOCH_TZERO as written, in `timeSystem`; relative times are seconds after it. */
  epochTzero: string;
  /** Every metadata keyword read, typed (numbers converted to the standard units). */
  values: Record<string, KeyValue>;
  line: number;
}

/** A generic validated block (PHYS, PERT, OD, USER, and the keyword part of TRAJ/COV). */
export interface OcmKeywordBlock {
  comments: string[];
  values: Record<string, KeyValue>;
  line: number;
}

export interface OcmPhysicalProperties extends OcmKeywordBlock {
  wetMassKg: number | null;
  dryMassKg: number | null;
  initialWetMassKg: number | null;
}

export interface OcmTrajectorySummary extends OcmKeywordBlock {
  trajType: string;
  refFrame: string | null;
  centerName: string | null;
  rowCount: number;
  firstTime: string | null;
  lastTime: string | null;
}

export interface OcmCovarianceSummary extends OcmKeywordBlock {
  covType: string;
  ordering: string;
  refFrame: string | null;
  rowCount: number;
}

/** One row of a maneuver block (one line of data). */
export interface OcmManeuverRow {
  line: number;
  /** TIME_ABSOLUTE as written (in the metadata TIME_SYSTEM), or null. */
  timeAbsolute: string | null;
  /** TIME_RELATIVE, seconds after EPOCH_TZERO, or null. */
  timeRelativeS: number | null;
  durationS: number | null;
  deltaMassKg: number | null;
  thrustXN: number | null;
  thrustYN: number | null;
  thrustZN: number | null;
  ispS: number | null;
  /** Every column by composition name: numbers in the standard units of table 6-8, text for ids/ON/OFF. */
  fields: Record<string, number | string>;
}

export interface OcmManeuver {
  line: number;
  comments: string[];
  id: string;
  prevId: string | null;
  basis: string | null;
  deviceId: string;
  purpose: string | null;
  refFrame: string | null;
  /** MAN_FRAME_EPOCH: an epoch string, or seconds relative to EPOCH_TZERO. */
  frameEpoch: string | number | null;
  dcType: string | null;
  composition: string[];
  /** MAN_UNITS as written (columns other than the time columns), or null when absent. */
  units: string[] | null;
  values: Record<string, KeyValue>;
  rows: OcmManeuverRow[];
}

export interface OcmMessage {
  format: 'OCM';
  notation: 'KVN' | 'XML';
  header: NdmHeader;
  metadata: OcmMetadata;
  trajectories: OcmTrajectorySummary[];
  physicalProperties: OcmPhysicalProperties | null;
  covariances: OcmCovarianceSummary[];
  maneuvers: OcmManeuver[];
  perturbations: OcmKeywordBlock | null;
  orbitDetermination: OcmKeywordBlock | null;
  userDefined: OcmKeywordBlock | null;
}

export const OCM_XML_MAPPING: XmlMessageMapping = {
  rootElement: 'ocm',
  versionKeyword: 'CCSDS_OCM_VERS',
  blockNames: { metadata: 'META', traj: 'TRAJ', phys: 'PHYS', cov: 'COV', man: 'MAN', pert: 'PERT', od: 'OD', user: 'USER' },
  rawLineElements: ['trajLine', 'covLine', 'manLine'],
  emptyContainers: ['header', 'body', 'segment', 'data'],
};

// ---------------------------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------------------------

type DataBlock = 'TRAJ' | 'PHYS' | 'COV' | 'MAN' | 'PERT' | 'OD' | 'USER';
const DATA_BLOCK_KEYS: Record<DataBlock, Record<string, KeySpec>> = {
  TRAJ: TRAJ_KEYS, PHYS: PHYS_KEYS, COV: COV_KEYS, MAN: MAN_KEYS, PERT: PERT_KEYS, OD: OD_KEYS, USER: {},
};
const BLOCK_TITLES: Record<DataBlock, string> = {
  TRAJ: 'trajectory block', PHYS: 'physical properties block', COV: 'covariance block', MAN: 'maneuver block',
  PERT: 'perturbations block', OD: 'orbit determination block', USER: 'user-defined block',
};

interface OpenBlock {
  kind: DataBlock;
  line: number;
  comments: string[];
  values: Record<string, KeyValue>;
  tokens: Record<string, EntryToken>;
  rows: number;
  /** column layout, resolved at the first data line */
  layout: { count: number; factors: (number | null)[] } | null;
  maneuverRows: OcmManeuverRow[];
  composition: string[] | null;
  firstTime: string | null;
  lastTime: string | null;
}

const OCM_SPEC: NdmMessageSpec = { xml: OCM_XML_MAPPING, versions: ['3.0'], containers: new Set(['header', 'body', 'segment', 'data']) };

/** Incremental OCM parser: feed tokens, then {@link finish}. */
export class OcmParser extends NdmMessageParser<OcmMessage> {
  private state: 'afterHeader' | 'meta' | 'body' | 'block' = 'afterHeader';
  private ocmMetadata: OcmMetadata | null = null;
  private block: OpenBlock | null = null;
  private readonly result: Omit<OcmMessage, 'header' | 'metadata' | 'notation'> = {
    format: 'OCM',
    trajectories: [],
    physicalProperties: null,
    covariances: [],
    maneuvers: [],
    perturbations: null,
    orbitDetermination: null,
    userDefined: null,
  };

  constructor() {
    super(OCM_SPEC);
  }

  protected bodyToken(token: KvnToken): void {
    switch (this.state) {
      case 'afterHeader':
        if (token.kind === 'start' && token.block === 'META') {
          this.openMetadata(token.line);
          this.state = 'meta';
          return;
        }
        return this.unexpected(token, 'the message (META_START expected after the header)');
      case 'meta':
        if (this.metadataToken(token, METADATA_KEYS, 'the metadata')) this.endMeta(token.line);
        return;
      case 'body':
        if (token.kind === 'comment') return;
        if (token.kind === 'start' && token.block in DATA_BLOCK_KEYS) return this.openBlock(token.block as DataBlock, token.line);
        return this.unexpected(token, 'the message body (TRAJ, PHYS, COV, MAN, PERT, OD or USER block expected)');
      case 'block':
        return this.blockToken(token);
    }
  }

  protected finishMessage(notation: 'KVN' | 'XML'): OcmMessage {
    if (this.readingHeader || this.state === 'afterHeader') {
      throw new CcsdsParseError(this.lastLine, 'META_START expected: the OCM has no metadata block', 'META_START');
    }
    if (this.state === 'meta') throw new CcsdsParseError(this.lastLine, 'META_STOP missing (truncated file?)', 'META_STOP');
    if (this.state === 'block') {
      throw new CcsdsParseError(this.lastLine, `${this.block!.kind}_STOP missing (truncated file?)`, `${this.block!.kind}_STOP`);
    }
    return { ...this.result, notation, header: this.header!, metadata: this.ocmMetadata! };
  }

  private endMeta(line: number): void {
    const meta = this.metadata!;
    meta.require(['EPOCH_TZERO'], line);
    this.ocmMetadata = {
      comments: meta.comments,
      objectName: meta.text('OBJECT_NAME'),
      internationalDesignator: meta.text('INTERNATIONAL_DESIGNATOR'),
      objectDesignator: meta.text('OBJECT_DESIGNATOR'),
      timeSystem: meta.text('TIME_SYSTEM') ?? 'UTC',
      epochTzero: meta.text('EPOCH_TZERO')!,
      values: meta.values,
      line: meta.line,
    };
    this.state = 'body';
  }

  private openBlock(kind: DataBlock, line: number): void {
    if (kind === 'PHYS' && this.result.physicalProperties) throw new CcsdsParseError(line, 'only one PHYS block is allowed', 'PHYS_START');
    if (kind === 'PERT' && this.result.perturbations) throw new CcsdsParseError(line, 'only one PERT block is allowed', 'PERT_START');
    if (kind === 'USER' && this.result.userDefined) throw new CcsdsParseError(line, 'only one USER block is allowed', 'USER_START');
    this.block = {
      kind, line, comments: [], values: {}, tokens: {}, rows: 0, layout: null, maneuverRows: [], composition: null, firstTime: null, lastTime: null,
    };
    this.state = 'block';
  }

  private blockToken(token: KvnToken): void {
    const block = this.block!;
    const where = `the ${BLOCK_TITLES[block.kind]}`;
    if (token.kind === 'comment') {
      // comments are only allowed at the start of a block (§7.7.2); tolerate them anywhere before data lines
      if (block.rows > 0) throw new CcsdsParseError(token.line, `COMMENT after data lines in ${where}`, 'COMMENT');
      block.comments.push(token.text);
      return;
    }
    if (token.kind === 'entry') {
      if (block.rows > 0) this.unexpected(token, `${where} (keywords must precede the data lines)`);
      if (block.kind === 'USER') {
        if (userDefinedParameterName(token.keyword) === null) this.unexpected(token, where);
        block.values[token.keyword] = token.value;
        return;
      }
      const spec = DATA_BLOCK_KEYS[block.kind][token.keyword];
      if (!spec) this.unexpected(token, where);
      block.values[token.keyword] = readEntryValue(token, spec, this.ocmMetadata!.timeSystem);
      block.tokens[token.keyword] = token;
      return;
    }
    if (token.kind === 'raw') {
      if (block.kind === 'TRAJ') return this.trajLine(block, token.text, token.line);
      if (block.kind === 'COV') return this.covLine(block, token.text, token.line);
      if (block.kind === 'MAN') return this.manLine(block, token.text, token.line);
      this.unexpected(token, where);
    }
    if (token.kind === 'stop' && token.block === block.kind) return this.closeBlock(block, token.line);
    this.unexpected(token, where);
  }

  // --- TRAJ (§6.2.4) ---

  private elementSet(block: OpenBlock, typeKey: string): { type: string; units: readonly string[] } {
    const typeToken = block.tokens[typeKey];
    const type = typeof block.values[typeKey] === 'string' ? (block.values[typeKey] as string).toUpperCase() : 'CARTPV';
    const units = OCM_ELEMENT_SET_UNITS[type];
    if (!units) {
      throw new CcsdsParseError(typeToken?.line ?? block.line, `${typeKey}: unknown orbit element set ${quoteInput(type)}`, typeKey);
    }
    return { type, units };
  }

  /** Conversion factors from the given units list (if any) to the standard units of each column. */
  private columnFactors(block: OpenBlock, unitsKey: string, expected: readonly (string | null)[], what: string): (number | null)[] {
    const unitsToken = block.tokens[unitsKey];
    const numericExpected = expected.filter((u): u is string => u !== null);
    if (!unitsToken) return expected.map((u) => (u === null ? null : 1));
    const given = parseUnitsList(String(block.values[unitsKey]), unitsToken.line, unitsKey);
    if (given.length !== numericExpected.length) {
      throw new CcsdsParseError(
        unitsToken.line,
        `${unitsKey} has ${given.length} entries but ${what} has ${numericExpected.length} columns`,
        unitsKey,
      );
    }
    let k = 0;
    return expected.map((u) => (u === null ? null : unitConversionFactor(given[k++]!, u, unitsToken.line, unitsKey)));
  }

  private readTime(field: string, line: number, keyword: string): string {
    if (isCcsdsNumber(field)) {
      parseNumber(field, line, keyword);
      return field;
    }
    return readEpoch(field, line, keyword, this.ocmMetadata!.timeSystem);
  }

  private trajLine(block: OpenBlock, text: string, line: number): void {
    if (!block.layout) {
      const set = this.elementSet(block, 'TRAJ_TYPE');
      const factors = this.columnFactors(block, 'TRAJ_UNITS', set.units, `TRAJ_TYPE ${set.type}`);
      block.layout = { count: set.units.length, factors };
    }
    const fields = splitFields(text);
    if (fields.length !== block.layout.count + 1) {
      throw new CcsdsParseError(
        line,
        `trajectory line must have a time and ${block.layout.count} values, got ${fields.length} fields`,
        'TRAJ',
      );
    }
    const time = this.readTime(fields[0]!, line, 'TRAJ time');
    for (let i = 1; i < fields.length; i++) parseNumber(fields[i]!, line, `trajectory value ${i}`);
    block.rows++;
    block.firstTime ??= time;
    block.lastTime = time;
  }

  // --- COV (§6.2.6) ---

  private covLine(block: OpenBlock, text: string, line: number): void {
    if (!block.layout) {
      const set = this.elementSet(block, 'COV_TYPE');
      this.columnFactors(block, 'COV_UNITS', set.units, `COV_TYPE ${set.type}`);
      const ordering = typeof block.values['COV_ORDERING'] === 'string' ? (block.values['COV_ORDERING'] as string).toUpperCase() : 'LTM';
      const n = set.units.length;
      const counts: Record<string, number> = { LTM: (n * (n + 1)) / 2, UTM: (n * (n + 1)) / 2, FULL: n * n, LTMWCC: n * n, UTMWCC: n * n };
      const count = counts[ordering];
      if (count === undefined) {
        throw new CcsdsParseError(block.tokens['COV_ORDERING']?.line ?? line, `COV_ORDERING: unknown ordering ${quoteInput(ordering)}`, 'COV_ORDERING');
      }
      block.layout = { count, factors: [] };
    }
    const fields = splitFields(text);
    if (fields.length !== block.layout.count + 1) {
      throw new CcsdsParseError(line, `covariance line must have a time and ${block.layout.count} values, got ${fields.length} fields`, 'COV');
    }
    this.readTime(fields[0]!, line, 'COV time');
    for (let i = 1; i < fields.length; i++) parseNumber(fields[i]!, line, `covariance value ${i}`);
    block.rows++;
  }

  // --- MAN (§6.2.7) ---

  private manComposition(block: OpenBlock, line: number): string[] {
    if (block.composition) return block.composition;
    const token = block.tokens['MAN_COMPOSITION'];
    if (!token) throw new CcsdsParseError(line, 'MAN_COMPOSITION is required before the maneuver data lines', 'MAN_COMPOSITION');
    const composition = String(block.values['MAN_COMPOSITION']).split(',').map((f) => f.trim().toUpperCase());
    for (const field of composition) {
      if (!(field in OCM_MANEUVER_FIELD_UNITS)) {
        throw new CcsdsParseError(token.line, `MAN_COMPOSITION: unknown maneuver field ${quoteInput(field)}`, 'MAN_COMPOSITION');
      }
    }
    if (composition[0] !== 'TIME_ABSOLUTE' && composition[0] !== 'TIME_RELATIVE') {
      throw new CcsdsParseError(
        token.line,
        'MAN_COMPOSITION must start with TIME_ABSOLUTE or TIME_RELATIVE (the maneuver has no time column)',
        'MAN_COMPOSITION',
      );
    }
    if (new Set(composition).size !== composition.length) {
      throw new CcsdsParseError(token.line, 'MAN_COMPOSITION lists a field twice', 'MAN_COMPOSITION');
    }
    block.composition = composition;
    return composition;
  }

  private manLine(block: OpenBlock, text: string, line: number): void {
    const composition = this.manComposition(block, line);
    if (!block.layout) {
      // MAN_UNITS lists the units of every column except TIME_ABSOLUTE / TIME_RELATIVE (502.0-B-3 §6.2.7.6)
      const expected = composition.map((f) => (f === 'TIME_ABSOLUTE' || f === 'TIME_RELATIVE' ? null : (OCM_MANEUVER_FIELD_UNITS[f] ?? 'n/a')));
      const factors = this.columnFactors(block, 'MAN_UNITS', expected, 'MAN_COMPOSITION');
      block.layout = { count: composition.length, factors };
    }
    const fields = splitFields(text);
    if (fields.length !== composition.length) {
      throw new CcsdsParseError(
        line,
        `maneuver line must have ${composition.length} fields (MAN_COMPOSITION), got ${fields.length}`,
        'MAN',
      );
    }
    const values: Record<string, number | string> = {};
    for (let i = 0; i < composition.length; i++) {
      const field = composition[i]!;
      const raw = fields[i]!;
      if (field === 'TIME_ABSOLUTE') {
        values[field] = readEpoch(raw, line, field, this.ocmMetadata!.timeSystem);
      } else if (field === 'DEPLOY_ID') {
        values[field] = raw;
      } else if (field === 'ACC_INTERP' || field === 'THR_INTERP') {
        const upper = raw.toUpperCase();
        if (upper !== 'ON' && upper !== 'OFF') {
          throw new CcsdsParseError(line, `${field} must be ON or OFF, got ${quoteInput(raw)}`, field);
        }
        values[field] = upper;
      } else {
        const factor = block.layout.factors[i] ?? 1;
        const value = parseNumber(raw, line, field);
        values[field] = factor === 1 ? value : value * factor;
      }
    }
    const numberOf = (field: string): number | null => (typeof values[field] === 'number' ? (values[field] as number) : null);
    block.maneuverRows.push({
      line,
      timeAbsolute: typeof values['TIME_ABSOLUTE'] === 'string' ? (values['TIME_ABSOLUTE'] as string) : null,
      timeRelativeS: numberOf('TIME_RELATIVE'),
      durationS: numberOf('MAN_DURA'),
      deltaMassKg: numberOf('DELTA_MASS'),
      thrustXN: numberOf('THR_X'),
      thrustYN: numberOf('THR_Y'),
      thrustZN: numberOf('THR_Z'),
      ispS: numberOf('THR_ISP'),
      fields: values,
    });
    block.rows++;
  }

  private closeBlock(block: OpenBlock, line: number): void {
    const text = (key: string): string | null => (typeof block.values[key] === 'string' ? (block.values[key] as string) : null);
    const numberOf = (key: string): number | null => (typeof block.values[key] === 'number' ? (block.values[key] as number) : null);
    const base = { comments: block.comments, values: block.values, line: block.line };
    switch (block.kind) {
      case 'TRAJ': {
        if (block.rows === 0) throw new CcsdsParseError(line, 'trajectory block has no data lines', 'TRAJ_STOP');
        this.result.trajectories.push({
          ...base,
          trajType: this.elementSet(block, 'TRAJ_TYPE').type,
          refFrame: text('TRAJ_REF_FRAME'),
          centerName: text('CENTER_NAME'),
          rowCount: block.rows,
          firstTime: block.firstTime,
          lastTime: block.lastTime,
        });
        break;
      }
      case 'COV':
        this.result.covariances.push({
          ...base,
          covType: this.elementSet(block, 'COV_TYPE').type,
          ordering: text('COV_ORDERING')?.toUpperCase() ?? 'LTM',
          refFrame: text('COV_REF_FRAME'),
          rowCount: block.rows,
        });
        break;
      case 'PHYS':
        this.result.physicalProperties = {
          ...base,
          wetMassKg: numberOf('WET_MASS'),
          dryMassKg: numberOf('DRY_MASS'),
          initialWetMassKg: numberOf('INITIAL_WET_MASS'),
        };
        break;
      case 'MAN': {
        const id = text('MAN_ID');
        if (id === null || id === '') throw new CcsdsParseError(line, 'MAN_ID is required in the maneuver block', 'MAN_ID');
        const deviceId = text('MAN_DEVICE_ID');
        if (deviceId === null || deviceId === '') {
          throw new CcsdsParseError(line, 'MAN_DEVICE_ID is required in the maneuver block', 'MAN_DEVICE_ID');
        }
        const composition = this.manComposition(block, line);
        // 502.0-B-3 §6.2.7.4: a duty-cycled maneuver needs its window, execution and pulse keywords
        const dcType = (text('DC_TYPE') ?? 'CONTINUOUS').toUpperCase();
        if (!['CONTINUOUS', 'TIME', 'TIME_AND_ANGLE'].includes(dcType)) {
          throw new CcsdsParseError(block.tokens['DC_TYPE']!.line, `DC_TYPE must be CONTINUOUS, TIME or TIME_AND_ANGLE, got ${quoteInput(dcType)}`, 'DC_TYPE');
        }
        if (dcType !== 'CONTINUOUS') {
          for (const key of ['DC_WIN_OPEN', 'DC_WIN_CLOSE', 'DC_EXEC_START', 'DC_EXEC_STOP', 'DC_REF_TIME', 'DC_TIME_PULSE_DURATION', 'DC_TIME_PULSE_PERIOD']) {
            if (!(key in block.values)) throw new CcsdsParseError(line, `${key} is required when DC_TYPE is ${dcType}`, key);
          }
        }
        if (block.rows === 0) throw new CcsdsParseError(line, `maneuver ${quoteInput(id)} has no data lines`, 'MAN_STOP');
        const unitsToken = block.tokens['MAN_UNITS'];
        const frameEpoch = block.values['MAN_FRAME_EPOCH'];
        this.result.maneuvers.push({
          line: block.line,
          comments: block.comments,
          id,
          prevId: text('MAN_PREV_ID'),
          basis: text('MAN_BASIS'),
          deviceId,
          purpose: text('MAN_PURPOSE'),
          refFrame: text('MAN_REF_FRAME'),
          frameEpoch: typeof frameEpoch === 'string' || typeof frameEpoch === 'number' ? frameEpoch : null,
          dcType: text('DC_TYPE'),
          composition,
          units: unitsToken ? parseUnitsList(String(block.values['MAN_UNITS']), unitsToken.line, 'MAN_UNITS') : null,
          values: block.values,
          rows: block.maneuverRows,
        });
        break;
      }
      case 'PERT':
        this.result.perturbations = base;
        break;
      case 'OD': {
        for (const key of ['OD_ID', 'OD_METHOD', 'OD_EPOCH']) {
          if (!(key in block.values)) throw new CcsdsParseError(line, `${key} is required in the orbit determination block`, key);
        }
        this.result.orbitDetermination = base;
        break;
      }
      case 'USER':
        this.result.userDefined = base;
        break;
    }
    this.block = null;
    this.state = 'body';
  }
}

/** Parse a whole OCM (KVN or XML, detected from the content). */
export function parseOcm(text: string): OcmMessage {
  return new NdmReader(new OcmParser()).push(text).end();
}
