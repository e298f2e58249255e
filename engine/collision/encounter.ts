/**
 * Short-term encounter geometry at the time of closest approach (TCA): the encounter frame, the combined position
 * covariance projected onto the collision plane, the miss distance, the Mahalanobis distance, Coppola's encounter
 * duration and whether the short-term (straight-line relative motion) assumption holds.
 *
 * Conventions (those of CCSDS 508.0-B-1 CDMs and of Orekit 13.1's ShortTermEncounter2DDefinition with its
 * default encounter frame; as the conjunction reference set defines them, "The encounter quantities"; test/fixtures/conjunction/README.md):
 *  - object 1 (the primary) is the reference, object 2 the "other"; relative vectors are object 2 minus object 1,
 *    both states in one inertial frame;
 *  - RTN of an object: R = r/|r|, N = (r × v)/|r × v|, T = N × R (CDM RTN, Orekit QSW); relative vectors in RTN
 *    are the inertial differences rotated into object 1's RTN, with no ω × r term;
 *  - an RTN covariance is taken about that object's own inertial state and rotated to the inertial frame as
 *    C = Mᵀ P M (M = the inertial → RTN rotation), rotation only (CDM convention); the two are added (the
 *    objects' errors are uncorrelated);
 *  - encounter frame: z = unit(v2 − v1), y = unit(z × (r2 − r1)), x = y × z; the collision plane is (x, y) and
 *    object 2 lies at (|Δr⊥|, 0) in it;
 *  - the projected 2×2 covariance is diagonalised with σx ≤ σy; (xm, ym) is object 2's position on those
 *    eigen-axes (the xm, ym of the Pc papers; their signs are a choice of axes and do not change any Pc).
 * When the miss vector vanishes (or is parallel to the relative velocity) any orthonormal basis of the plane
 * ⟂ v_rel is used: the hard-body disk is then centred on the mean and the Pc does not depend on the choice.
 */
import { dot3, mat3Multiply, mat3MultiplyTransposeB, mat3MulVec } from '../math/mat3.ts';
import { CovarianceError, localOrbitalRotation, stateJacobian, transformCovariance, transpose3, validateCovariance } from '../math/covariance.ts';
import { MU_EARTH_KM3_S2 } from '../constants.ts';
import { cartesianToKeplerian, orbitalPeriodS } from '../orbits/keplerian.ts';
import { CollisionInputError, requireFiniteArray, requireNonNegative } from './errors.ts';

export type Vector3 = [number, number, number];

/** Frame of an object's covariance: its own RTN (as in a CDM) or the inertial frame of the states. */
export type CovarianceFrame = 'RTN' | 'INERTIAL';

export interface EncounterObject {
  /** Inertial position at TCA, m. */
  positionM: ArrayLike<number>;
  /** Inertial velocity at TCA (same frame as the position and as the other object), m/s. */
  velocityMS: ArrayLike<number>;
  /** 6×6 position/velocity covariance row-major (36 values; m², m²/s, m²/s²) or its 3×3 position block (9 values, m²). */
  covariance: ArrayLike<number>;
  covarianceFrame: CovarianceFrame;
}

export interface ShortTermEncounterOptions {
  /** Gravitational parameter of the orbit centre for the orbital periods, m³/s² (default: the Earth's). */
  muM3S2?: number;
  /**
   * The short-term assumption is said to hold when Coppola's encounter duration is at most this fraction of the
   * shorter orbital period (default 0.01). Over Δt the differential gravity bends the relative path by about
   * (3/2)(nΔt)²|Δr|, 0.6 % of the separation at Δt = T/100.
   */
  shortTermMaxPeriodFraction?: number;
}

export type EncounterFlagCode =
  /** r2 = r1: the encounter frame's x/y axes are an arbitrary basis of the plane ⟂ v_rel. */
  | 'MISS_DISTANCE_ZERO'
  /** r2 − r1 is parallel to v2 − v1 (within 1e-12 rad): same treatment as a zero miss distance. */
  | 'MISS_VECTOR_ALONG_RELATIVE_VELOCITY'
  /** r2 − r1 has a component along v2 − v1 larger than 1e-3 of its length: the states are not at the TCA. */
  | 'NOT_AT_CLOSEST_APPROACH'
  /** The projected covariance has a zero (or round-off) eigenvalue: σx = 0. */
  | 'DEGENERATE_COVARIANCE'
  /** Coppola's duration is undefined (negative conditional variance or singular projected covariance). */
  | 'COPPOLA_DURATION_UNDEFINED'
  /** An orbital period is undefined (hyperbolic or rectilinear state): the short-term check uses the other. */
  | 'ORBITAL_PERIOD_UNDEFINED';

export interface EncounterFlag {
  code: EncounterFlagCode;
  message: string;
}

export interface ShortTermEncounter {
  combinedHardBodyRadiusM: number;
  /** |r2 − r1|, m. */
  missDistanceM: number;
  relativePositionM: Vector3;
  relativeVelocityMS: Vector3;
  relativeSpeedMS: number;
  /** r2 − r1 in object 1's RTN axes, m. */
  relativePositionRtnM: Vector3;
  /** v2 − v1 in object 1's RTN axes (no ω × r term), m/s. */
  relativeVelocityRtnMS: Vector3;
  /** Encounter-frame axes as inertial unit vectors. */
  encounterFrame: { xAxis: Vector3; yAxis: Vector3; zAxis: Vector3 };
  /** Combined position covariance in the encounter frame (x, y, z), m². */
  combinedCovarianceEncounterFrameM2: [Vector3, Vector3, Vector3];
  /** Its (x, y) block: the combined covariance in the collision plane, m². */
  projectedCovarianceM2: [[number, number], [number, number]];
  /** Object 2's position in the collision plane (x, y), m. */
  otherPositionCollisionPlaneM: [number, number];
  /** Square roots of the eigenvalues of the projected covariance, σx ≤ σy, m. */
  sigmaXM: number;
  sigmaYM: number;
  /** Object 2's position on the eigen-axes of σx and σy, m. */
  xmM: number;
  ymM: number;
  /** √(xm²/σx² + ym²/σy²); null when σx = 0 and xm ≠ 0 (infinite). */
  mahalanobisDistance: number | null;
  /** Coppola et al. (2012) encounter duration for γ = 1e-16, s; null when undefined (see flags). */
  coppolaEncounterDurationS: number | null;
  /** Keplerian periods of objects 1 and 2, s (null for a non-elliptic state). */
  orbitalPeriodsS: [number | null, number | null];
  /** Coppola duration ≤ shortTermMaxPeriodFraction × the shorter period; null when either is undefined. */
  shortTermAssumptionHolds: boolean | null;
  flags: EncounterFlag[];
}

/** The five numbers every 2-D short-term Pc method works on. */
export interface EncounterPlane {
  xmM: number;
  ymM: number;
  /** σx ≤ σy. */
  sigmaXM: number;
  sigmaYM: number;
  combinedHardBodyRadiusM: number;
}

/**
 * Coppola et al. (2012), "Evaluating the short encounter assumption of the probability of collision formula",
 * AAS 12-248: α_c for γ = 1e-16 (erfc(5.864) = 1.1e-16), the value Orekit 13.1 uses; γ smaller than the
 * resolution of a double is not meaningful.
 */
export const COPPOLA_ALPHA_C_GAMMA_1E16 = 5.864;

/** Relative size below which an eigenvalue of the projected covariance is taken as zero (round-off of λmax). */
const EIGENVALUE_ZERO_RELATIVE = 64 * Number.EPSILON;

function sub(a: ArrayLike<number>, b: ArrayLike<number>): Vector3 {
  return [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
}

function cross(a: ArrayLike<number>, b: ArrayLike<number>): Vector3 {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}

function unit(a: Vector3): Vector3 {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
}

/**
 * Throws CollisionInputError COVARIANCE_NOT_POSITIVE_SEMIDEFINITE unless the position block of `covariance` (36 or 9
 * values, finite: see requireFiniteArray) is a covariance: symmetric and positive semi-definite to the tolerance of
 * engine/math `validateCovariance` (correlation eigenvalues ≥ −1e-9). Only the position block is checked: it is all
 * that the 2-D Pc reads (the Gaussian of the relative position projected on the collision plane, Foster's and every
 * method here), and full CDM covariances are often slightly indefinite in the velocity terms from the digits they are
 * written with (Orekit's CDMExample1: a correlation eigenvalue of −0.44 in the 6×6, a positive definite 3×3). An
 * indefinite 3×3 has no Gaussian: its projection may have a negative variance, which the geometry would take as
 * σx = 0 and a Pc of 0 — an invalid input lowering the risk.
 */
export function requirePositionCovariance(field: string, covariance: ArrayLike<number>): void {
  const position = new Float64Array(9);
  const stride = covariance.length === 36 ? 6 : 3;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) position[i * 3 + j] = covariance[i * stride + j]!;
  try {
    validateCovariance(position, 3);
  } catch (error) {
    if (!(error instanceof CovarianceError)) throw error;
    throw new CollisionInputError('COVARIANCE_NOT_POSITIVE_SEMIDEFINITE', 'UNPROCESSABLE', field, `the position covariance is not a covariance: ${error.message}`);
  }
}

/** The object's position covariance in the inertial frame (3×3 row-major, m²). */
export function inertialPositionCovariance(object: EncounterObject, field = 'object'): Float64Array {
  requireFiniteArray(`${field}.positionM`, object.positionM, [3]);
  requireFiniteArray(`${field}.velocityMS`, object.velocityMS, [3]);
  requireFiniteArray(`${field}.covariance`, object.covariance, [36, 9], 1e200); // σ up to 1e100 m
  requirePositionCovariance(`${field}.covariance`, object.covariance);
  const p6 = new Float64Array(36);
  if (object.covariance.length === 36) {
    p6.set(object.covariance);
  } else {
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) p6[i * 6 + j] = object.covariance[i * 3 + j]!;
  }
  let inertial: ArrayLike<number>;
  if (object.covarianceFrame === 'RTN') {
    if (Math.hypot(...cross(object.positionM, object.velocityMS)) === 0) {
      throw new CollisionInputError('RTN_UNDEFINED', 'UNPROCESSABLE', `${field}.covarianceFrame`, 'RTN is undefined for a zero position or a velocity along the position');
    }
    // C = J P Jᵀ with J = diag(Mᵀ, Mᵀ), M the inertial → RTN rotation (rotation only, CDM convention)
    const toRtn = localOrbitalRotation('RTN', object.positionM, object.velocityMS);
    inertial = transformCovariance(p6, stateJacobian(transpose3(toRtn)));
  } else if (object.covarianceFrame === 'INERTIAL') {
    inertial = p6;
  } else {
    throw new CollisionInputError('UNKNOWN_FRAME', 'INVALID_INPUT', `${field}.covarianceFrame`, `must be RTN or INERTIAL (got ${String(object.covarianceFrame)})`);
  }
  const out = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[i * 3 + j] = inertial[i * 6 + j]!;
  return out;
}

function orbitalPeriodOrNull(positionM: ArrayLike<number>, velocityMS: ArrayLike<number>, muM3S2: number): number | null {
  try {
    const { aKm } = cartesianToKeplerian(
      [positionM[0]! / 1000, positionM[1]! / 1000, positionM[2]! / 1000],
      [velocityMS[0]! / 1000, velocityMS[1]! / 1000, velocityMS[2]! / 1000],
      muM3S2 / 1e9,
    );
    return aKm > 0 ? orbitalPeriodS(aKm, muM3S2 / 1e9) : null;
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/**
 * Eigen-decomposition of the symmetric 2×2 [[a, b], [b, c]]: λmin ≤ λmax and the angle θ of the major axis,
 * θ = ½ atan2(2b, a − c) (no threshold on b, unlike a Jacobi rotation test).
 */
export function symmetric2x2Eigen(a: number, b: number, c: number): { lambdaMin: number; lambdaMax: number; majorAxisAngleRad: number } {
  const mean = 0.5 * (a + c);
  const radius = Math.hypot(0.5 * (a - c), b);
  return { lambdaMin: mean - radius, lambdaMax: mean + radius, majorAxisAngleRad: 0.5 * Math.atan2(2 * b, a - c) };
}

/**
 * Coppola et al. (2012) encounter duration with the combined covariance C in the encounter frame, A its in-plane
 * block, c = (C_xz, C_yz) and b = A⁻¹c: the conditional along-track sigma σv = √(C_zz − cᵀA⁻¹c) and
 * Δt = (2√2 α_c σv + R(√(1 + bᵀb) + √(bᵀb))) / |v_rel|. Returns null when A is singular or the conditional
 * variance is negative beyond round-off (a combined covariance that is not positive definite).
 */
export function coppolaEncounterDurationS(covarianceEncounter: ArrayLike<number>, combinedHardBodyRadiusM: number, relativeSpeedMS: number): number | null {
  const a = covarianceEncounter[0]!, b = covarianceEncounter[1]!, c = covarianceEncounter[4]!;
  const cx = covarianceEncounter[2]!, cy = covarianceEncounter[5]!, czz = covarianceEncounter[8]!;
  const det = a * c - b * b;
  if (!(det > 0) || !(relativeSpeedMS > 0)) return null;
  const bx = (c * cx - b * cy) / det;
  const by = (a * cy - b * cx) / det;
  let conditionalVariance = czz - (cx * bx + cy * by);
  if (conditionalVariance < 0) {
    if (conditionalVariance < -1e-12 * Math.abs(czz)) return null;
    conditionalVariance = 0;
  }
  const bTb = bx * bx + by * by;
  const sigmaV = Math.sqrt(conditionalVariance);
  return (2 * Math.SQRT2 * COPPOLA_ALPHA_C_GAMMA_1E16 * sigmaV + combinedHardBodyRadiusM * (Math.sqrt(1 + bTb) + Math.sqrt(bTb))) / relativeSpeedMS;
}

/**
 * The short-term encounter of object 2 relative to object 1 at TCA (see the module comment for conventions).
 * Throws CollisionInputError for non-finite or mis-sized input, a negative radius, a position covariance that is
 * not positive semi-definite (requirePositionCovariance), or equal velocities (no encounter plane).
 */
export function shortTermEncounter(
  object1: EncounterObject,
  object2: EncounterObject,
  combinedHardBodyRadiusM: number,
  options: ShortTermEncounterOptions = {},
): ShortTermEncounter {
  requireNonNegative('combinedHardBodyRadiusM', combinedHardBodyRadiusM);
  const mu = options.muM3S2 ?? MU_EARTH_KM3_S2 * 1e9;
  requireNonNegative('muM3S2', mu);
  const maxFraction = options.shortTermMaxPeriodFraction ?? 0.01;
  requireNonNegative('shortTermMaxPeriodFraction', maxFraction);
  const c1 = inertialPositionCovariance(object1, 'object1');
  const c2 = inertialPositionCovariance(object2, 'object2');
  const flags: EncounterFlag[] = [];

  const dr = sub(object2.positionM, object1.positionM);
  const dv = sub(object2.velocityMS, object1.velocityMS);
  const missDistanceM = Math.hypot(dr[0], dr[1], dr[2]);
  const relativeSpeedMS = Math.hypot(dv[0], dv[1], dv[2]);
  if (!(relativeSpeedMS > 0)) {
    throw new CollisionInputError('ZERO_RELATIVE_VELOCITY', 'UNPROCESSABLE', 'object2.velocityMS', 'equals object 1\'s velocity: there is no encounter plane (the short-term model needs a relative velocity)');
  }

  const toRtn1 = localOrbitalRotation('RTN', object1.positionM, object1.velocityMS);
  const relativePositionRtnM: Vector3 = [0, 0, 0];
  const relativeVelocityRtnMS: Vector3 = [0, 0, 0];
  mat3MulVec(relativePositionRtnM, toRtn1, dr);
  mat3MulVec(relativeVelocityRtnMS, toRtn1, dv);

  // Encounter frame: z = unit(Δv), y = unit(z × Δr), x = y × z
  const zAxis = unit(dv);
  let yRaw = cross(zAxis, dr);
  if (missDistanceM === 0 || Math.hypot(...yRaw) <= 1e-12 * missDistanceM) {
    flags.push(
      missDistanceM === 0
        ? { code: 'MISS_DISTANCE_ZERO', message: 'the two positions coincide: the collision-plane axes are an arbitrary basis ⟂ v_rel and the hard-body disk is centred on the mean' }
        : { code: 'MISS_VECTOR_ALONG_RELATIVE_VELOCITY', message: 'r2 − r1 is parallel to v2 − v1: the collision-plane axes are an arbitrary basis ⟂ v_rel' },
    );
    // any unit vector ⟂ z: z × (the inertial axis least aligned with z)
    const k = Math.abs(zAxis[0]) <= Math.abs(zAxis[1]) && Math.abs(zAxis[0]) <= Math.abs(zAxis[2]) ? 0 : Math.abs(zAxis[1]) <= Math.abs(zAxis[2]) ? 1 : 2;
    const axis: Vector3 = [0, 0, 0];
    axis[k] = 1;
    yRaw = cross(zAxis, axis);
  } else if (Math.abs(dot3(dr, zAxis)) > 1e-3 * missDistanceM) {
    flags.push({
      code: 'NOT_AT_CLOSEST_APPROACH',
      message: `r2 − r1 has ${Math.abs(dot3(dr, zAxis)).toPrecision(4)} m along v2 − v1: the states are not at the time of closest approach; the collision plane uses the component ⟂ v_rel`,
    });
  }
  const yAxis = unit(yRaw);
  const xAxis = cross(yAxis, zAxis);

  // Combined covariance in the encounter frame: E (C1 + C2) Eᵀ with E's rows the axes
  const e = Float64Array.from([...xAxis, ...yAxis, ...zAxis]);
  const combined = new Float64Array(9);
  for (let i = 0; i < 9; i++) combined[i] = c1[i]! + c2[i]!;
  const encounterCov = new Float64Array(9);
  mat3Multiply(encounterCov, e, combined);
  mat3MultiplyTransposeB(encounterCov, encounterCov, e);

  const a = encounterCov[0]!, b = 0.5 * (encounterCov[1]! + encounterCov[3]!), c = encounterCov[4]!;
  const px = dot3(dr, xAxis);
  const py = dot3(dr, yAxis);
  const eig = symmetric2x2Eigen(a, b, c);
  const lambdaMax = Math.max(eig.lambdaMax, 0);
  let lambdaMin = eig.lambdaMin;
  if (lambdaMin <= EIGENVALUE_ZERO_RELATIVE * lambdaMax) {
    flags.push({
      code: 'DEGENERATE_COVARIANCE',
      message: `the collision-plane covariance has a zero eigenvalue (${lambdaMin.toPrecision(3)} m² beside ${lambdaMax.toPrecision(3)} m²): σx is taken as 0`,
    });
    lambdaMin = 0;
  }
  const sigmaXM = Math.sqrt(lambdaMin);
  const sigmaYM = Math.sqrt(lambdaMax);
  const theta = eig.majorAxisAngleRad;
  // major (σy) axis u = (cos θ, sin θ), minor (σx) axis w = (−sin θ, cos θ)
  const xmM = -Math.sin(theta) * px + Math.cos(theta) * py;
  const ymM = Math.cos(theta) * px + Math.sin(theta) * py;

  let mahalanobisDistance: number | null;
  if (sigmaYM === 0) {
    mahalanobisDistance = missDistanceM === 0 ? 0 : null;
  } else if (sigmaXM === 0) {
    mahalanobisDistance = xmM === 0 ? Math.abs(ymM) / sigmaYM : null;
  } else {
    mahalanobisDistance = Math.hypot(xmM / sigmaXM, ymM / sigmaYM);
  }

  const coppola = coppolaEncounterDurationS(encounterCov, combinedHardBodyRadiusM, relativeSpeedMS);
  if (coppola === null) {
    flags.push({ code: 'COPPOLA_DURATION_UNDEFINED', message: 'Coppola\'s encounter duration is undefined: the combined covariance is not positive definite (negative conditional along-track variance or singular collision-plane block)' });
  }
  const periods: [number | null, number | null] = [
    orbitalPeriodOrNull(object1.positionM, object1.velocityMS, mu),
    orbitalPeriodOrNull(object2.positionM, object2.velocityMS, mu),
  ];
  if (periods[0] === null || periods[1] === null) {
    flags.push({ code: 'ORBITAL_PERIOD_UNDEFINED', message: 'an object is not on an elliptic orbit: the short-term check uses the other object\'s period' });
  }
  const definedPeriods = periods.filter((p): p is number => p !== null);
  const shortTermAssumptionHolds = coppola === null || definedPeriods.length === 0 ? null : coppola <= maxFraction * Math.min(...definedPeriods);

  const row = (i: number): Vector3 => [encounterCov[3 * i]!, encounterCov[3 * i + 1]!, encounterCov[3 * i + 2]!];
  return {
    combinedHardBodyRadiusM,
    missDistanceM,
    relativePositionM: dr,
    relativeVelocityMS: dv,
    relativeSpeedMS,
    relativePositionRtnM,
    relativeVelocityRtnMS,
    encounterFrame: { xAxis, yAxis, zAxis },
    combinedCovarianceEncounterFrameM2: [row(0), row(1), row(2)],
    projectedCovarianceM2: [[a, b], [b, c]],
    otherPositionCollisionPlaneM: [px, py],
    sigmaXM,
    sigmaYM,
    xmM,
    ymM,
    mahalanobisDistance,
    coppolaEncounterDurationS: coppola,
    orbitalPeriodsS: periods,
    shortTermAssumptionHolds,
    flags,
  };
}

/** The 2-D inputs of the Pc methods from an encounter. */
export function encounterPlane(encounter: ShortTermEncounter): EncounterPlane {
  return {
    xmM: encounter.xmM,
    ymM: encounter.ymM,
    sigmaXM: encounter.sigmaXM,
    sigmaYM: encounter.sigmaYM,
    combinedHardBodyRadiusM: encounter.combinedHardBodyRadiusM,
  };
}
