/**
 * The spacecraft model: a spacecraft as the service keeps it — identity, lifecycle, mass and areas, body shape and
 * panels, maneuver capabilities (thrusters, windows, overhead burns), force model — and the kinds of identifier a
 * spacecraft is resolved by. storage/spacecraft.ts maps the rows; the rules are in this folder (resolution.ts) and
 * the API's use cases.
 */

/** Active: operated; Archived: decommissioned, kept with its history (restorable). */
export const LIFECYCLE_STATUSES = ['Active', 'Archived'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
/** Defaults of the optional fields: domain/spacecraft/fields.ts applies them, the API schemas quote them. */
export const SPACECRAFT_DEFAULTS = {
  color: '#1F77B4',
  dragCoefficient: 2.2,
  reflectivityCoefficient: 1.8,
  absorption: 0.5,
  specularReflection: 0.2,
  bodyShape: 'BOX',
  boxM: 1,
  prismAxis: 'Z',
  prismDiameterMeasure: 'INSCRIBED',
} as const;

export const FORCE_MODEL_DEFAULTS = {
  gravityDegree: 20,
  gravityOrder: 20,
  atmosphere: 'HARRIS_PRIESTER',
  solarRadiationPressure: true,
  thirdBodies: ['SUN', 'MOON'],
} as const;

/** Highest degree/order of the bundled EGM96 field (ootk-core, normalized, degree 36). */
export const MAX_GRAVITY_DEGREE = 36;
export const MAX_PANELS = 8;
export const MAX_PRISM_SIDES = 128;
export const MAX_NORAD_ID = 999_999_999;
/** Thrusters and overhead burns per capability list. */
export const MAX_CAPABILITY_ITEMS = 64;
export const MAX_TIME_WINDOWS = 1000;

export const BODY_SHAPES = ['BOX', 'REGULAR_PRISM'] as const;
export const PRISM_AXES = ['X', 'Y', 'Z'] as const;
export const PRISM_DIAMETER_MEASURES = ['INSCRIBED', 'CIRCUMSCRIBED'] as const;
export const MOUNT_AXIS_PRESETS = ['PLUS_X', 'MINUS_X', 'PLUS_Y', 'MINUS_Y', 'PLUS_Z', 'MINUS_Z', 'CUSTOM'] as const;
export const MANEUVER_DIRECTIONS = ['RADIAL_OUT', 'RADIAL_IN', 'PROGRADE', 'RETROGRADE', 'NORMAL', 'ANTI_NORMAL'] as const;
export const ECLIPSE_POLICIES = ['ANY', 'SUNLIGHT_ONLY', 'ECLIPSE_ONLY'] as const;
export const OVERHEAD_ANCHORS = ['BEFORE_MAIN_BURN', 'AFTER_MAIN_BURN'] as const;
export const ATMOSPHERES = ['HARRIS_PRIESTER', 'NRLMSISE00', 'NONE'] as const;
export const THIRD_BODIES = ['SUN', 'MOON'] as const;

export const PANEL_NORMAL_CONVENTION =
  'derivedNormal (body frame, unit) is the mount axis â (the preset axis, or the normalized custom axis) rotated by ' +
  'rotationDeg about the hinge axis ĥ = normalize(â × r), right-hand rule, where r is body +Z, or body +X when â is ' +
  'parallel to ±Z. Equivalently n = â·cos(θ) + r⊥·sin(θ), r⊥ the unit component of r perpendicular to â: at 0° the ' +
  'normal is the mount axis, positive angles tilt it toward +Z (toward +X for ±Z mounts); e.g. PLUS_Y at 90° gives ' +
  '+Z, PLUS_Z at 90° gives +X. The rotation is never about the mount axis itself (that would leave the normal unchanged).';

export type BodyShape = (typeof BODY_SHAPES)[number];
export type PrismAxis = (typeof PRISM_AXES)[number];
export type PrismDiameterMeasure = (typeof PRISM_DIAMETER_MEASURES)[number];
export type MountAxisPreset = (typeof MOUNT_AXIS_PRESETS)[number];
export type ManeuverDirection = (typeof MANEUVER_DIRECTIONS)[number];
export type EclipsePolicy = (typeof ECLIPSE_POLICIES)[number];
export type OverheadBurnAnchor = (typeof OVERHEAD_ANCHORS)[number];
export type Atmosphere = (typeof ATMOSPHERES)[number];
export type ThirdBody = (typeof THIRD_BODIES)[number];

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
