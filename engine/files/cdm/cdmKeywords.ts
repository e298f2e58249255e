/**
 * The keywords of a CCSDS Conjunction Data Message, block by block, with their value types and standard units:
 * CCSDS 508.0-B-1 (CDM 1.0, §3: header, relative metadata/data, object metadata, data) plus the CDM 2.0 draft keywords
 * that Orekit 13.1's CdmParser accepts (CONJUNCTION_ID, MAHALANOBIS_DISTANCE, APPROACH_ANGLE, the screening type,
 * radius and Pc threshold, COLLISION_PERCENTILE, COLLISION_MAX_*, SEFI_*, PREVIOUS_/NEXT_MESSAGE_*, ODM/ADM_MSG_LINK,
 * OBS_BEFORE_NEXT_MESSAGE, COVARIANCE_SOURCE, ALT_COV_TYPE/ALT_COV_REF_FRAME, OD_EPOCH, the additional parameters
 * AREA_PC_MIN … COV_CONFIDENCE_METHOD including HBR, the XYZ and sigma/eigenvector covariances and the additional
 * covariance metadata). One table drives both the reader (cdmReader.ts) and the writer (cdmWriter.ts), so the two cannot drift.
 *
 * Numbers are kept in the standard's units (the `units` of each entry: state vector in km and km/s, covariances in
 * m², m²/s …, relative metadata in m and m/s); a value written with other compatible units is converted to these.
 */

/** The logical blocks of a CDM (508.0-B-1 §3), in the order they must appear within an object. */
export type CdmBlockId =
  | 'relative'
  | 'metadata'
  | 'od'
  | 'additional'
  | 'state'
  | 'rtnCovariance'
  | 'xyzCovariance'
  | 'sigmaEigenvectors'
  | 'additionalCovarianceMetadata'
  | 'userDefined';

/** Position of an object's block in the message (508.0-B-1 §3 and the 2.0 draft): a block may not follow a later one. */
export const CDM_BLOCK_ORDER: Readonly<Record<Exclude<CdmBlockId, 'relative'>, number>> = {
  metadata: 0,
  od: 1,
  additional: 2,
  state: 3,
  rtnCovariance: 4,
  xyzCovariance: 5,
  sigmaEigenvectors: 5,
  additionalCovarianceMetadata: 6,
  userDefined: 7,
};

/** Names of the blocks in error messages. */
export const CDM_BLOCK_NAMES: Readonly<Record<CdmBlockId, string>> = {
  relative: 'the relative metadata',
  metadata: 'the object metadata',
  od: 'the OD parameters',
  additional: 'the additional parameters',
  state: 'the state vector',
  rtnCovariance: 'the RTN covariance',
  xyzCovariance: 'the XYZ covariance',
  sigmaEigenvectors: 'the sigma/eigenvector covariance',
  additionalCovarianceMetadata: 'the additional covariance metadata',
  userDefined: 'the user-defined parameters',
};

export type CdmFieldType = 'text' | 'number' | 'integer' | 'epoch' | 'frame' | 'enum' | 'numbers' | 'integers';

/** One keyword of a block. */
export interface CdmField {
  keyword: string;
  /** Property of the block's interface (cdmReader.ts) that holds the value. */
  field: string;
  type: CdmFieldType;
  /** Standard units of a number (a value given in compatible units is converted to these). */
  units?: string;
  /** Allowed values of an enumeration, in their standard spelling. */
  values?: readonly string[];
  /** Component of a vector property (RELATIVE_POSITION_R → relativePositionRtnM[0]). */
  index?: number;
  /** Exact count of a `numbers` / `integers` value. */
  count?: number;
  required?: boolean;
  /** Lower bound of a number (probabilities, distances, masses): below it the value is refused. */
  minimum?: number;
  /** Upper bound of a number. */
  maximum?: number;
  /** Form a text value must have, and its description for error messages. */
  pattern?: { regex: RegExp; description: string };
}

const text = (keyword: string, field: string, required = false): CdmField => ({ keyword, field, type: 'text', required });
const epoch = (keyword: string, field: string, required = false): CdmField => ({ keyword, field, type: 'epoch', required });
const num = (keyword: string, field: string, units?: string, extra: Partial<CdmField> = {}): CdmField => ({ keyword, field, type: 'number', ...(units ? { units } : {}), ...extra });
const int = (keyword: string, field: string): CdmField => ({ keyword, field, type: 'integer', minimum: 0 });
const enumeration = (keyword: string, field: string, values: readonly string[], required = false): CdmField => ({ keyword, field, type: 'enum', values, required });
const YES_NO = ['YES', 'NO'] as const;
const PROBABILITY = { minimum: 0, maximum: 1 };
const NON_NEGATIVE = { minimum: 0 };

/** Relative metadata/data (508.0-B-1 §3 and the 2.0 draft). */
export const RELATIVE_METADATA_FIELDS: readonly CdmField[] = [
  text('CONJUNCTION_ID', 'conjunctionId'),
  epoch('TCA', 'tca', true),
  num('MISS_DISTANCE', 'missDistanceM', 'm', { required: true, ...NON_NEGATIVE }),
  num('MAHALANOBIS_DISTANCE', 'mahalanobisDistance', undefined, NON_NEGATIVE),
  num('RELATIVE_SPEED', 'relativeSpeedMS', 'm/s', NON_NEGATIVE),
  num('RELATIVE_POSITION_R', 'relativePositionRtnM', 'm', { index: 0 }),
  num('RELATIVE_POSITION_T', 'relativePositionRtnM', 'm', { index: 1 }),
  num('RELATIVE_POSITION_N', 'relativePositionRtnM', 'm', { index: 2 }),
  num('RELATIVE_VELOCITY_R', 'relativeVelocityRtnMS', 'm/s', { index: 0 }),
  num('RELATIVE_VELOCITY_T', 'relativeVelocityRtnMS', 'm/s', { index: 1 }),
  num('RELATIVE_VELOCITY_N', 'relativeVelocityRtnMS', 'm/s', { index: 2 }),
  num('APPROACH_ANGLE', 'approachAngleDeg', 'deg'),
  epoch('START_SCREEN_PERIOD', 'startScreenPeriod'),
  epoch('STOP_SCREEN_PERIOD', 'stopScreenPeriod'),
  enumeration('SCREEN_VOLUME_FRAME', 'screenVolumeFrame', ['RTN', 'TVN']),
  enumeration('SCREEN_TYPE', 'screenType', ['SHAPE', 'PC', 'PC_MAX']),
  enumeration('SCREEN_VOLUME_SHAPE', 'screenVolumeShape', ['ELLIPSOID', 'BOX', 'SPHERE']),
  num('SCREEN_VOLUME_RADIUS', 'screenVolumeRadiusM', 'm', NON_NEGATIVE),
  num('SCREEN_VOLUME_X', 'screenVolumeXM', 'm', NON_NEGATIVE),
  num('SCREEN_VOLUME_Y', 'screenVolumeYM', 'm', NON_NEGATIVE),
  num('SCREEN_VOLUME_Z', 'screenVolumeZM', 'm', NON_NEGATIVE),
  epoch('SCREEN_ENTRY_TIME', 'screenEntryTime'),
  epoch('SCREEN_EXIT_TIME', 'screenExitTime'),
  num('SCREEN_PC_THRESHOLD', 'screenPcThreshold', undefined, PROBABILITY),
  { keyword: 'COLLISION_PERCENTILE', field: 'collisionPercentile', type: 'integers' },
  num('COLLISION_PROBABILITY', 'collisionProbability', undefined, PROBABILITY),
  text('COLLISION_PROBABILITY_METHOD', 'collisionProbabilityMethod'),
  num('COLLISION_MAX_PROBABILITY', 'collisionMaxProbability', undefined, PROBABILITY),
  text('COLLISION_MAX_PC_METHOD', 'collisionMaxPcMethod'),
  num('SEFI_COLLISION_PROBABILITY', 'sefiCollisionProbability', undefined, PROBABILITY),
  text('SEFI_COLLISION_PROBABILITY_METHOD', 'sefiCollisionProbabilityMethod'),
  text('SEFI_FRAGMENTATION_MODEL', 'sefiFragmentationModel'),
  text('PREVIOUS_MESSAGE_ID', 'previousMessageId'),
  epoch('PREVIOUS_MESSAGE_EPOCH', 'previousMessageEpoch'),
  epoch('NEXT_MESSAGE_EPOCH', 'nextMessageEpoch'),
];

/** Object metadata (508.0-B-1 §3 and the 2.0 draft). OBJECT opens the block and is handled by the reader. */
export const OBJECT_METADATA_FIELDS: readonly CdmField[] = [
  enumeration('OBJECT', 'object', ['OBJECT1', 'OBJECT2'], true),
  text('OBJECT_DESIGNATOR', 'objectDesignator', true),
  text('CATALOG_NAME', 'catalogName', true),
  text('OBJECT_NAME', 'objectName', true),
  text('INTERNATIONAL_DESIGNATOR', 'internationalDesignator', true),
  enumeration('OBJECT_TYPE', 'objectType', ['PAYLOAD', 'ROCKET BODY', 'DEBRIS', 'UNKNOWN', 'OTHER']),
  text('OPERATOR_CONTACT_POSITION', 'operatorContactPosition'),
  text('OPERATOR_ORGANIZATION', 'operatorOrganization'),
  text('OPERATOR_PHONE', 'operatorPhone'),
  text('OPERATOR_EMAIL', 'operatorEmail'),
  text('ODM_MSG_LINK', 'odmMessageLink'),
  text('ADM_MSG_LINK', 'admMessageLink'),
  text('EPHEMERIS_NAME', 'ephemerisName', true),
  enumeration('OBS_BEFORE_NEXT_MESSAGE', 'obsBeforeNextMessage', YES_NO),
  enumeration('COVARIANCE_METHOD', 'covarianceMethod', ['CALCULATED', 'DEFAULT'], true),
  text('COVARIANCE_SOURCE', 'covarianceSource'),
  enumeration('MANEUVERABLE', 'maneuverable', ['YES', 'NO', 'N/A'], true),
  text('ORBIT_CENTER', 'orbitCenter'),
  { keyword: 'REF_FRAME', field: 'refFrame', type: 'frame', required: true },
  enumeration('ALT_COV_TYPE', 'altCovType', ['XYZ', 'CSIG3EIGVEC3']),
  { keyword: 'ALT_COV_REF_FRAME', field: 'altCovRefFrame', type: 'frame' },
  // 508.0-B-1: the model, its degree and its order, e.g. `EGM-96: 36D 36O` (Orekit refuses any other form)
  { keyword: 'GRAVITY_MODEL', field: 'gravityModel', type: 'text', pattern: { regex: /^[-_A-Za-z0-9]+\s*:\s*\d+D\s*\d+O$/, description: 'MODEL: <degree>D <order>O, e.g. EGM-96: 36D 36O' } },
  text('ATMOSPHERIC_MODEL', 'atmosphericModel'),
  text('N_BODY_PERTURBATIONS', 'nBodyPerturbations'),
  enumeration('SOLAR_RAD_PRESSURE', 'solarRadPressure', YES_NO),
  enumeration('EARTH_TIDES', 'earthTides', YES_NO),
  enumeration('INTRACK_THRUST', 'intrackThrust', YES_NO),
];

/** OD parameters (508.0-B-1 §3 and the 2.0 draft). */
export const OD_PARAMETERS_FIELDS: readonly CdmField[] = [
  epoch('TIME_LASTOB_START', 'timeLastObStart'),
  epoch('TIME_LASTOB_END', 'timeLastObEnd'),
  num('RECOMMENDED_OD_SPAN', 'recommendedOdSpanDays', 'd', NON_NEGATIVE),
  num('ACTUAL_OD_SPAN', 'actualOdSpanDays', 'd', NON_NEGATIVE),
  int('OBS_AVAILABLE', 'obsAvailable'),
  int('OBS_USED', 'obsUsed'),
  int('TRACKS_AVAILABLE', 'tracksAvailable'),
  int('TRACKS_USED', 'tracksUsed'),
  num('RESIDUALS_ACCEPTED', 'residualsAcceptedPercent', '%', { minimum: 0, maximum: 100 }),
  num('WEIGHTED_RMS', 'weightedRms', undefined, NON_NEGATIVE),
  epoch('OD_EPOCH', 'odEpoch'),
];

/** Additional parameters (508.0-B-1 §3 and the 2.0 draft). */
export const ADDITIONAL_PARAMETERS_FIELDS: readonly CdmField[] = [
  num('AREA_PC', 'areaPcM2', 'm**2', NON_NEGATIVE),
  num('AREA_PC_MIN', 'areaPcMinM2', 'm**2', NON_NEGATIVE),
  num('AREA_PC_MAX', 'areaPcMaxM2', 'm**2', NON_NEGATIVE),
  num('AREA_DRG', 'areaDragM2', 'm**2', NON_NEGATIVE),
  num('AREA_SRP', 'areaSrpM2', 'm**2', NON_NEGATIVE),
  // a frame name of the object's own attitude (e.g. OEB_YAW in Orekit's sample), not a celestial frame: kept as text
  text('OEB_PARENT_FRAME', 'oebParentFrame'),
  epoch('OEB_PARENT_FRAME_EPOCH', 'oebParentFrameEpoch'),
  num('OEB_Q1', 'oebQ1'),
  num('OEB_Q2', 'oebQ2'),
  num('OEB_Q3', 'oebQ3'),
  num('OEB_QC', 'oebQc'),
  num('OEB_MAX', 'oebMaxM', 'm', NON_NEGATIVE),
  num('OEB_INT', 'oebIntM', 'm', NON_NEGATIVE),
  num('OEB_MIN', 'oebMinM', 'm', NON_NEGATIVE),
  num('AREA_ALONG_OEB_MAX', 'areaAlongOebMaxM2', 'm**2', NON_NEGATIVE),
  num('AREA_ALONG_OEB_INT', 'areaAlongOebIntM2', 'm**2', NON_NEGATIVE),
  num('AREA_ALONG_OEB_MIN', 'areaAlongOebMinM2', 'm**2', NON_NEGATIVE),
  num('RCS', 'rcsM2', 'm**2', NON_NEGATIVE),
  num('RCS_MIN', 'rcsMinM2', 'm**2', NON_NEGATIVE),
  num('RCS_MAX', 'rcsMaxM2', 'm**2', NON_NEGATIVE),
  num('VM_ABSOLUTE', 'vmAbsolute'),
  num('VM_APPARENT_MIN', 'vmApparentMin'),
  num('VM_APPARENT', 'vmApparent'),
  num('VM_APPARENT_MAX', 'vmApparentMax'),
  num('REFLECTANCE', 'reflectance', undefined, NON_NEGATIVE),
  num('MASS', 'massKg', 'kg', NON_NEGATIVE),
  num('HBR', 'hardBodyRadiusM', 'm', NON_NEGATIVE),
  num('CD_AREA_OVER_MASS', 'cdAreaOverMassM2Kg', 'm**2/kg', NON_NEGATIVE),
  num('CR_AREA_OVER_MASS', 'crAreaOverMassM2Kg', 'm**2/kg', NON_NEGATIVE),
  num('THRUST_ACCELERATION', 'thrustAccelerationMS2', 'm/s**2'),
  num('SEDR', 'sedrWKg', 'W/kg', NON_NEGATIVE),
  num('APOAPSIS_ALTITUDE', 'apoapsisAltitudeKm', 'km'),
  num('PERIAPSIS_ALTITUDE', 'periapsisAltitudeKm', 'km'),
  num('INCLINATION', 'inclinationDeg', 'deg'),
  num('COV_CONFIDENCE', 'covConfidence'),
  text('COV_CONFIDENCE_METHOD', 'covConfidenceMethod'),
];

/** State vector (508.0-B-1 §3): all six required. */
export const STATE_VECTOR_FIELDS: readonly CdmField[] = [
  num('X', 'positionKm', 'km', { index: 0, required: true }),
  num('Y', 'positionKm', 'km', { index: 1, required: true }),
  num('Z', 'positionKm', 'km', { index: 2, required: true }),
  num('X_DOT', 'velocityKmS', 'km/s', { index: 0, required: true }),
  num('Y_DOT', 'velocityKmS', 'km/s', { index: 1, required: true }),
  num('Z_DOT', 'velocityKmS', 'km/s', { index: 2, required: true }),
];

/** Additional covariance metadata (2.0 draft). */
export const ADDITIONAL_COVARIANCE_METADATA_FIELDS: readonly CdmField[] = [
  num('DENSITY_FORECAST_UNCERTAINTY', 'densityForecastUncertainty'),
  num('CSCALE_FACTOR_MIN', 'cscaleFactorMin'),
  num('CSCALE_FACTOR', 'cscaleFactor'),
  num('CSCALE_FACTOR_MAX', 'cscaleFactorMax'),
  text('SCREENING_DATA_SOURCE', 'screeningDataSource'),
  { keyword: 'DCP_SENSITIVITY_VECTOR_POSITION', field: 'dcpSensitivityVectorPosition', type: 'numbers', count: 3 },
  { keyword: 'DCP_SENSITIVITY_VECTOR_VELOCITY', field: 'dcpSensitivityVectorVelocity', type: 'numbers', count: 3 },
];

/** Sigma/eigenvector covariance (2.0 draft): 3 sigmas and 3 eigenvectors. */
export const SIGMA_EIGENVECTORS_FIELDS: readonly CdmField[] = [
  { keyword: 'CSIG3EIGVEC3', field: 'values', type: 'numbers', count: 12, required: true },
];

// ---------------------------------------------------------------------------------------------------------------
// Covariances: the lower triangle of a 9×9 matrix, row by row (508.0-B-1 §3 for RTN, the 2.0 draft for XYZ):
// the 6×6 position/velocity block (21 terms, required) and three optional rows for the drag (DRG, 7 terms), solar
// radiation pressure (SRP, 8) and thrust (THR, 9) parameters. Keyword of row i, column j ≤ i: C<row i>_<row j>.
// ---------------------------------------------------------------------------------------------------------------

/** Row names of the RTN covariance: R, T, N, RDOT, TDOT, NDOT, DRG, SRP, THR. */
export const RTN_COVARIANCE_ROWS = ['R', 'T', 'N', 'RDOT', 'TDOT', 'NDOT', 'DRG', 'SRP', 'THR'] as const;
/** Row names of the XYZ covariance. */
export const XYZ_COVARIANCE_ROWS = ['X', 'Y', 'Z', 'XDOT', 'YDOT', 'ZDOT', 'DRG', 'SRP', 'THR'] as const;

/** Units of each row's quantity: position m, velocity m/s, drag and SRP parameters m²/kg, thrust m/s². */
const ROW_QUANTITY = ['m', 'm', 'm', 'v', 'v', 'v', 'drg', 'srp', 'thr'] as const;

/** Standard units of the covariance term (row i, column j) as CCSDS 508.0-B-1 writes them. */
function covarianceTermUnits(i: number, j: number): string {
  const pair = [ROW_QUANTITY[i], ROW_QUANTITY[j]].map((q) => (q === 'srp' ? 'drg' : q)).sort().join('+');
  const units: Record<string, string> = {
    'm+m': 'm**2',
    'm+v': 'm**2/s',
    'v+v': 'm**2/s**2',
    'drg+m': 'm**3/kg',
    'drg+v': 'm**3/(kg*s)',
    'drg+drg': 'm**4/kg**2',
    'm+thr': 'm**2/s**2',
    'thr+v': 'm**2/s**3',
    'drg+thr': 'm**3/(kg*s**2)',
    'thr+thr': 'm**2/s**4',
  };
  return units[pair]!;
}

/** One covariance term: its keyword, matrix position and units. */
export interface CdmCovarianceTerm {
  keyword: string;
  row: number;
  column: number;
  units: string;
}

function covarianceTerms(rows: readonly string[]): CdmCovarianceTerm[] {
  const terms: CdmCovarianceTerm[] = [];
  for (let i = 0; i < rows.length; i++) {
    for (let j = 0; j <= i; j++) terms.push({ keyword: `C${rows[i]}_${rows[j]}`, row: i, column: j, units: covarianceTermUnits(i, j) });
  }
  return terms;
}

/** The 45 RTN covariance terms in file order (the first 21 are the position/velocity block). */
export const RTN_COVARIANCE_TERMS: readonly CdmCovarianceTerm[] = covarianceTerms(RTN_COVARIANCE_ROWS);
/** The 45 XYZ covariance terms in file order. */
export const XYZ_COVARIANCE_TERMS: readonly CdmCovarianceTerm[] = covarianceTerms(XYZ_COVARIANCE_ROWS);

/** Terms of the position/velocity block, and of the drag, SRP and thrust rows, by row index range. */
export const COVARIANCE_ROW_RANGES = {
  positionVelocity: { from: 0, count: 21 },
  drag: { from: 21, count: 7 },
  srp: { from: 28, count: 8 },
  thrust: { from: 36, count: 9 },
} as const;

/** Keyword → field of every non-covariance block. */
export const CDM_BLOCK_FIELDS: Readonly<Record<'relative' | 'metadata' | 'od' | 'additional' | 'state' | 'sigmaEigenvectors' | 'additionalCovarianceMetadata', readonly CdmField[]>> = {
  relative: RELATIVE_METADATA_FIELDS,
  metadata: OBJECT_METADATA_FIELDS,
  od: OD_PARAMETERS_FIELDS,
  additional: ADDITIONAL_PARAMETERS_FIELDS,
  state: STATE_VECTOR_FIELDS,
  sigmaEigenvectors: SIGMA_EIGENVECTORS_FIELDS,
  additionalCovarianceMetadata: ADDITIONAL_COVARIANCE_METADATA_FIELDS,
};
