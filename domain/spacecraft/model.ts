/**
 * The spacecraft model: a spacecraft as the service keeps it — identity, lifecycle, mass and areas, body shape and
 * panels, maneuver capabilities (thrusters, windows, overhead burns), force model — and the kinds of identifier a
 * spacecraft is resolved by. storage/spacecraft.ts maps the rows; the rules are in this folder (resolution.ts) and
 * the API's use cases.
 */

/** Active: operated; Archived: decommissioned, kept with its history (restorable). */
export const LIFECYCLE_STATUSES = ['Active', 'Archived'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
export type BodyShape = 'BOX' | 'REGULAR_PRISM';
export type PrismAxis = 'X' | 'Y' | 'Z';
export type PrismDiameterMeasure = 'INSCRIBED' | 'CIRCUMSCRIBED';
export type MountAxisPreset = 'PLUS_X' | 'MINUS_X' | 'PLUS_Y' | 'MINUS_Y' | 'PLUS_Z' | 'MINUS_Z' | 'CUSTOM';
export type ManeuverDirection = 'RADIAL_OUT' | 'RADIAL_IN' | 'PROGRADE' | 'RETROGRADE' | 'NORMAL' | 'ANTI_NORMAL';
export type EclipsePolicy = 'ANY' | 'SUNLIGHT_ONLY' | 'ECLIPSE_ONLY';
export type OverheadBurnAnchor = 'BEFORE_MAIN_BURN' | 'AFTER_MAIN_BURN';
export type Atmosphere = 'HARRIS_PRIESTER' | 'NRLMSISE00' | 'NONE';
export type ThirdBody = 'SUN' | 'MOON';

export interface Vector3 {
  x: number;
  y: number;
  z: number;
}

export interface Panel {
  name: string;
  panelIndex: number;
  lengthM: number;
  widthM: number;
  rotationDeg: number;
  absorption: number;
  specularReflection: number;
  doubleSided: boolean;
  mountAxisPreset: MountAxisPreset;
  mountAxisCustomX: number | null;
  mountAxisCustomY: number | null;
  mountAxisCustomZ: number | null;
  mountPositionX: number;
  mountPositionY: number;
  mountPositionZ: number;
  derivedNormal: Vector3;
}

export interface TimeWindow {
  start: string;
  end: string;
}

export interface OverheadBurn {
  anchor: OverheadBurnAnchor;
  direction: ManeuverDirection;
  durationSeconds: number;
  offsetSeconds: number;
  thrusterId: string;
}

export interface ThrusterCapability {
  thrusterId: string;
  alignmentError: { xRadians: number; yRadians: number; zRadians: number };
  allowedDirections: ManeuverDirection[];
  combinedSteeringAllowed: boolean;
  dutyCycleWindowSeconds: number | null;
  eclipsePolicy: EclipsePolicy;
  maximumDutyCycle: number | null;
  minimumBurnSeconds: number | null;
  minimumImpulseNewtonSeconds: number | null;
  requiredPowerWatts: number | null;
  settlingSeconds: number | null;
  overheadBurns: OverheadBurn[];
}

export interface ManeuverCapabilities {
  schemaVersion: number;
  allowedWindows: TimeWindow[];
  blackoutWindows: TimeWindow[];
  availableManeuverPowerWatts: number | null;
  minimumManeuverSeparationSeconds: number | null;
  thrusters: ThrusterCapability[];
}

export interface ForceModel {
  gravityDegree: number;
  gravityOrder: number;
  atmosphere: Atmosphere;
  solarRadiationPressure: boolean;
  thirdBodies: ThirdBody[];
}

/** Everything a caller may set (directly or through a derivation) on a spacecraft. */
export interface SpacecraftFields {
  name: string;
  noradId: number | null;
  catalogueNoradId: number | null;
  notYetCatalogued: boolean;
  cosparId: string | null;
  externalKey: string | null;
  color: string;
  launchMass: number | null;
  dryMass: number | null;
  dragArea: number | null;
  dragCoefficient: number;
  srpArea: number | null;
  /** Radius of the sphere that encloses the craft, m (conjunction assessment; null = not configured). */
  hardBodyRadiusM: number | null;
  reflectivityCoefficient: number;
  absorption: number;
  specularReflection: number;
  bodyShape: BodyShape;
  boxX: number;
  boxY: number;
  boxZ: number;
  prismAxis: PrismAxis | null;
  prismSides: number | null;
  prismEdgeM: number | null;
  prismHeightM: number | null;
  prismDiameterMeasure: PrismDiameterMeasure | null;
  prismDiameter: number | null;
  prismComplementaryDiameter: number | null;
  inertiaIxx: number | null;
  inertiaIyy: number | null;
  inertiaIzz: number | null;
  maneuverCapabilities: ManeuverCapabilities | null;
  panels: Panel[];
  forceModel: ForceModel;
}

export interface Spacecraft extends SpacecraftFields {
  id: string;
  organizationId: string;
  lifecycleStatus: LifecycleStatus;
  createdAt: string;
  updatedAt: string;
}

export interface SpacecraftSummary {
  id: string;
  name: string;
  noradId: number | null;
  cosparId: string | null;
  externalKey: string | null;
  lifecycleStatus: LifecycleStatus;
  color: string;
  createdAt: string;
  updatedAt: string;
}

/** The kinds of identifier a spacecraft is named by (resolution.ts: strongest first). */
export type ResolutionKind = 'id' | 'externalKey' | 'name' | 'noradId' | 'cosparId';

export interface Thruster {
  id: string;
  spacecraftId: string;
  name: string;
  thrustN: number;
  ispS: number;
  /** Body-frame unit vector of the thrust (normalized on write). */
  direction: Vector3;
  /** Body-frame position of the nozzle, m. */
  positionM: Vector3;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export type ThrusterFields = Pick<Thruster, 'name' | 'thrustN' | 'ispS' | 'direction' | 'positionM' | 'enabled'>;

export type PayloadType = 'CAMERA' | 'RADAR' | 'RF' | 'LIDAR' | 'SPECTROMETER' | 'OTHER';

export interface Payload {
  id: string;
  spacecraftId: string;
  name: string;
  type: PayloadType;
  slotIndex: number;
  massKg: number | null;
  powerW: number | null;
  /** Body-frame unit vector of the sensor boresight (normalized on write). */
  boresight: Vector3;
  fieldOfViewDeg: number | null;
  createdAt: string;
  updatedAt: string;
}

export type PayloadFields = Pick<Payload, 'name' | 'type' | 'massKg' | 'powerW' | 'boresight' | 'fieldOfViewDeg'>;
