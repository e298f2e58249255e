/**
 * The stored state vector's model: a spacecraft's state at an epoch (from an orbit determination, an upload, a TLE
 * or an operator), its frame, its optional covariance and mean elements. storage/stateVectors.ts maps its rows to
 * these types; the services, the workers and the products read them.
 */

export type StateVectorSourceType = 'OPM_IMPORT' | 'ORBIT_DETERMINATION' | 'MANUAL';

export type StoredStateFrame = 'GCRF' | 'EME2000' | 'TEME' | 'ITRF' | 'TOD' | 'MOD';

export interface StoredCovariance {
  /** GCRF, EME2000, TEME, ITRF, TOD, MOD, RTN or TNW. */
  frame: string;
  /** 6×6, km², km²/s, km²/s². */
  matrix: number[][];
}

export interface StoredMeanElements {
  semiMajorAxisKm: number;
  eccentricity: number;
  inclinationDeg: number;
  raanDeg: number;
  argPerigeeDeg: number;
  meanAnomalyDeg: number;
  trueAnomalyDeg: number;
}

export interface NewStateVector {
  spacecraftId: string;
  /** Canonical UTC instant text. */
  epoch: string;
  /** Fixed-width TAI-nanosecond key of the epoch. */
  epochKey: string;
  positionKm: [number, number, number];
  velocityKmS: [number, number, number];
  referenceFrame: StoredStateFrame;
  massKg: number | null;
  originator: string;
  creationDate: string;
  sourceType: StateVectorSourceType;
  orbitSolutionId: string | null;
  /** Orbit-determination convergence; null for other sources. */
  converged: boolean | null;
  covariance: StoredCovariance | null;
  meanElements: StoredMeanElements | null;
  warnings: string[];
  sourceFile: string | null;
  /** OPM USER_DEFINED_<name> parameters (name without the prefix → value), kept as given; {} when none. */
  userDefined?: Record<string, string>;
}

export interface StateVectorRecord extends NewStateVector {
  id: string;
  organizationId: string;
  displayNumber: number;
  spacecraftName: string;
}
