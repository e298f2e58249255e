/**
 * A spacecraft's fields from what was sent: the defaults, the rules that span fields (dryMass ≤ launchMass,
 * absorption + specularReflection ≤ 1, the inertia triangle inequality, prism fields only for REGULAR_PRISM, order ≤
 * degree, thruster ids that exist on the craft) and the derivations (prism diameters ⇄ edge, panel normals) — the
 * model's rules, with no HTTP in them: the service (api/services/spacecraft/spacecraft.ts) turns the violations into one 400
 * VALIDATION_ERROR whose `fieldErrors` keys are the dotted paths given here (`panels.2.mountAxisCustomX`).
 *
 * The inputs are the request's shapes after validation of each field alone (types and ranges: api/schemas/
 * spacecraft.ts, whose inferred types must be assignable to these).
 */
import { Epoch } from '../../engine/time/epoch.ts';
import { instantProblem, instantText } from '../instants.ts';
import {
  FORCE_MODEL_DEFAULTS,
  SPACECRAFT_DEFAULTS,
  type Atmosphere,
  type BodyShape,
  type EclipsePolicy,
  type ForceModel,
  type ManeuverCapabilities,
  type ManeuverDirection,
  type MountAxisPreset,
  type OverheadBurnAnchor,
  type Panel,
  type PrismAxis,
  type PrismDiameterMeasure,
  type SpacecraftFields,
  type ThirdBody,
  type TimeWindow,
  type Vector3,
} from './model.ts';

/** Violations by dotted field path (`maneuverCapabilities.thrusters.0.thrusterId`), each a sentence. */
export type FieldErrors = Record<string, string>;

export type SpacecraftFieldsOutcome = { ok: true; fields: SpacecraftFields } | { ok: false; fieldErrors: FieldErrors };

export interface PanelInput {
  name: string;
  panelIndex?: number | undefined;
  lengthM: number;
  widthM: number;
  rotationDeg?: number | undefined;
  absorption?: number | undefined;
  specularReflection?: number | undefined;
  doubleSided?: boolean | undefined;
  mountAxisPreset: MountAxisPreset;
  mountAxisCustomX?: number | null | undefined;
  mountAxisCustomY?: number | null | undefined;
  mountAxisCustomZ?: number | null | undefined;
  mountPositionX?: number | undefined;
  mountPositionY?: number | undefined;
  mountPositionZ?: number | undefined;
}

export interface OverheadBurnInput {
  anchor: OverheadBurnAnchor;
  direction: ManeuverDirection;
  durationSeconds: number;
  offsetSeconds: number;
  thrusterId: string;
}

export interface ThrusterCapabilityInput {
  thrusterId: string;
  alignmentError?: { xRadians: number; yRadians: number; zRadians: number } | undefined;
  allowedDirections: ManeuverDirection[];
  combinedSteeringAllowed?: boolean | undefined;
  dutyCycleWindowSeconds?: number | null | undefined;
  eclipsePolicy?: EclipsePolicy | undefined;
  maximumDutyCycle?: number | null | undefined;
  minimumBurnSeconds?: number | null | undefined;
  minimumImpulseNewtonSeconds?: number | null | undefined;
  requiredPowerWatts?: number | null | undefined;
  settlingSeconds?: number | null | undefined;
  overheadBurns?: OverheadBurnInput[] | undefined;
}

export interface ManeuverCapabilitiesInput {
  schemaVersion?: number | undefined;
  /** Instants as sent (ISO-8601 with a zone); checked and printed in the stored form here. */
  allowedWindows?: TimeWindow[] | undefined;
  blackoutWindows?: TimeWindow[] | undefined;
  availableManeuverPowerWatts?: number | null | undefined;
  minimumManeuverSeparationSeconds?: number | null | undefined;
  thrusters?: ThrusterCapabilityInput[] | undefined;
}

export interface ForceModelInput {
  gravityDegree?: number | undefined;
  gravityOrder?: number | undefined;
  atmosphere?: Atmosphere | undefined;
  solarRadiationPressure?: boolean | undefined;
  thirdBodies?: ThirdBody[] | undefined;
}

/** A create or a partial update as sent: omitted = unchanged (PATCH) or the default (create); null clears. */
export interface SpacecraftInput {
  name?: string | undefined;
  noradId?: number | null | undefined;
  catalogueNoradId?: number | null | undefined;
  notYetCatalogued?: boolean | undefined;
  cosparId?: string | null | undefined;
  externalKey?: string | null | undefined;
  color?: string | undefined;
  launchMass?: number | null | undefined;
  dryMass?: number | null | undefined;
  dragArea?: number | null | undefined;
  dragCoefficient?: number | undefined;
  srpArea?: number | null | undefined;
  hardBodyRadiusM?: number | null | undefined;
  reflectivityCoefficient?: number | undefined;
  absorption?: number | undefined;
  specularReflection?: number | undefined;
  bodyShape?: BodyShape | undefined;
  boxX?: number | undefined;
  boxY?: number | undefined;
  boxZ?: number | undefined;
  prismAxis?: PrismAxis | null | undefined;
  prismSides?: number | null | undefined;
  prismEdgeM?: number | null | undefined;
  prismHeightM?: number | null | undefined;
  prismDiameterMeasure?: PrismDiameterMeasure | null | undefined;
  prismDiameter?: number | null | undefined;
  inertiaIxx?: number | null | undefined;
  inertiaIyy?: number | null | undefined;
  inertiaIzz?: number | null | undefined;
  maneuverCapabilities?: ManeuverCapabilitiesInput | null | undefined;
  panels?: PanelInput[] | undefined;
  forceModel?: ForceModelInput | undefined;
}

/** Inscribed (flat-to-flat) and circumscribed (corner-to-corner) diameters of a regular n-gon. */
export function prismDiameters(edgeM: number, sides: number): { inscribed: number; circumscribed: number } {
  return { inscribed: edgeM / Math.tan(Math.PI / sides), circumscribed: edgeM / Math.sin(Math.PI / sides) };
}

/** Edge of a regular n-gon from a diameter in the given datum. */
export function prismEdgeFromDiameter(diameterM: number, sides: number, measure: PrismDiameterMeasure): number {
  return measure === 'INSCRIBED' ? diameterM * Math.tan(Math.PI / sides) : diameterM * Math.sin(Math.PI / sides);
}

const PRESET_AXES: Record<Exclude<MountAxisPreset, 'CUSTOM'>, Vector3> = {
  PLUS_X: { x: 1, y: 0, z: 0 },
  MINUS_X: { x: -1, y: 0, z: 0 },
  PLUS_Y: { x: 0, y: 1, z: 0 },
  MINUS_Y: { x: 0, y: -1, z: 0 },
  PLUS_Z: { x: 0, y: 0, z: 1 },
  MINUS_Z: { x: 0, y: 0, z: -1 },
};

function norm(v: Vector3): number {
  return Math.hypot(v.x, v.y, v.z);
}

function scale(v: Vector3, k: number): Vector3 {
  return { x: v.x * k, y: v.y * k, z: v.z * k };
}

/** Unit vector, with components below 1e-15 snapped to 0 (so presets give exact ±1/0 components). */
export function normalize(v: Vector3): Vector3 {
  const n = norm(v);
  const snap = (c: number) => (Math.abs(c / n) < 1e-15 ? 0 : c / n);
  return { x: snap(v.x), y: snap(v.y), z: snap(v.z) };
}

/**
 * Panel normal: the mount axis â rotated by θ about ĥ = normalize(â × r), where r = +Z, or +X when
 * â ∥ ±Z. Since ĥ ⊥ â, Rodrigues reduces to n = â cos θ + r⊥ sin θ with r⊥ = unit(r − (r·â) â).
 */
export function panelNormal(mountAxis: Vector3, rotationDeg: number): Vector3 {
  const a = normalize(mountAxis);
  const parallelToZ = Math.hypot(a.x, a.y) < 1e-9;
  const r: Vector3 = parallelToZ ? { x: 1, y: 0, z: 0 } : { x: 0, y: 0, z: 1 };
  const dot = r.x * a.x + r.y * a.y + r.z * a.z;
  const rPerp = normalize({ x: r.x - dot * a.x, y: r.y - dot * a.y, z: r.z - dot * a.z });
  const theta = (rotationDeg * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  return normalize({ x: a.x * cos + rPerp.x * sin, y: a.y * cos + rPerp.y * sin, z: a.z * cos + rPerp.z * sin });
}

// ---------------------------------------------------------------------------------------------
// Building a valid record from input (+ the current record on PATCH)

const PRISM_INPUT_FIELDS = ['prismAxis', 'prismSides', 'prismEdgeM', 'prismHeightM', 'prismDiameterMeasure', 'prismDiameter'] as const;

function buildPanels(inputs: PanelInput[], errors: FieldErrors): Panel[] {
  const seenIndex = new Map<number, number>();
  return inputs.map((input, position) => {
    const at = (field: string) => `panels.${position}.${field}`;
    const panelIndex = input.panelIndex ?? position;
    const earlier = seenIndex.get(panelIndex);
    if (earlier !== undefined) errors[at('panelIndex')] = `duplicate panelIndex ${panelIndex} (also panels.${earlier})`;
    else seenIndex.set(panelIndex, position);

    const absorption = input.absorption ?? SPACECRAFT_DEFAULTS.absorption;
    const specularReflection = input.specularReflection ?? SPACECRAFT_DEFAULTS.specularReflection;
    if (absorption + specularReflection > 1) errors[at('specularReflection')] = 'absorption + specularReflection must not exceed 1';

    const custom = [input.mountAxisCustomX, input.mountAxisCustomY, input.mountAxisCustomZ] as const;
    const customNames = ['mountAxisCustomX', 'mountAxisCustomY', 'mountAxisCustomZ'] as const;
    let axis: Vector3 = { x: 0, y: 0, z: 1 };
    let customAxis: [number | null, number | null, number | null] = [null, null, null];
    if (input.mountAxisPreset === 'CUSTOM') {
      const missing = customNames.filter((_, i) => custom[i] === undefined || custom[i] === null);
      for (const name of missing) errors[at(name)] = 'required when mountAxisPreset is CUSTOM';
      if (missing.length === 0) {
        const raw = { x: custom[0]!, y: custom[1]!, z: custom[2]! };
        if (norm(raw) === 0) {
          errors[at('mountAxisCustomX')] = 'the custom mount axis must not be the zero vector';
        } else {
          axis = normalize(raw);
          customAxis = [axis.x, axis.y, axis.z];
        }
      }
    } else {
      customNames.forEach((name, i) => {
        if (custom[i] !== undefined && custom[i] !== null) errors[at(name)] = 'allowed only when mountAxisPreset is CUSTOM';
      });
      axis = PRESET_AXES[input.mountAxisPreset];
    }
    const rotationDeg = input.rotationDeg ?? 0;
    return {
      name: input.name,
      panelIndex,
      lengthM: input.lengthM,
      widthM: input.widthM,
      rotationDeg,
      absorption,
      specularReflection,
      doubleSided: input.doubleSided ?? false,
      mountAxisPreset: input.mountAxisPreset,
      mountAxisCustomX: customAxis[0],
      mountAxisCustomY: customAxis[1],
      mountAxisCustomZ: customAxis[2],
      mountPositionX: input.mountPositionX ?? 0,
      mountPositionY: input.mountPositionY ?? 0,
      mountPositionZ: input.mountPositionZ ?? 0,
      derivedNormal: panelNormal(axis, rotationDeg),
    };
  });
}

/** Windows in the printed instant form (UTC, µs: domain/instants.ts); end after start. */
function checkWindows(windows: TimeWindow[], path: string, errors: FieldErrors): TimeWindow[] {
  return windows.map((window, i) => {
    const problems = { start: instantProblem(window.start), end: instantProblem(window.end) };
    if (problems.start) errors[`${path}.${i}.start`] = problems.start;
    if (problems.end) errors[`${path}.${i}.end`] = problems.end;
    if (problems.start || problems.end) return window;
    const start = Epoch.parseInstant(window.start);
    const end = Epoch.parseInstant(window.end);
    if (!end.isAfter(start)) errors[`${path}.${i}.end`] = 'end must be after start';
    return { start: instantText(start), end: instantText(end) };
  });
}

function buildManeuverCapabilities(
  input: ManeuverCapabilitiesInput,
  thrusterIds: ReadonlySet<string>,
  errors: FieldErrors,
): ManeuverCapabilities {
  const path = 'maneuverCapabilities';
  const allowedWindows = checkWindows(input.allowedWindows ?? [], `${path}.allowedWindows`, errors);
  const blackoutWindows = checkWindows(input.blackoutWindows ?? [], `${path}.blackoutWindows`, errors);
  const seen = new Set<string>();
  const thrusters = (input.thrusters ?? []).map((t, i) => {
    const at = `${path}.thrusters.${i}`;
    if (!thrusterIds.has(t.thrusterId)) errors[`${at}.thrusterId`] = `no thruster ${t.thrusterId} on this spacecraft`;
    else if (seen.has(t.thrusterId)) errors[`${at}.thrusterId`] = `thruster ${t.thrusterId} is listed more than once`;
    seen.add(t.thrusterId);
    if (new Set(t.allowedDirections).size !== t.allowedDirections.length) {
      errors[`${at}.allowedDirections`] = 'directions must not repeat';
    }
    const overheadBurns = (t.overheadBurns ?? []).map((burn, j) => {
      if (!thrusterIds.has(burn.thrusterId)) {
        errors[`${at}.overheadBurns.${j}.thrusterId`] = `no thruster ${burn.thrusterId} on this spacecraft`;
      }
      return { ...burn };
    });
    return {
      thrusterId: t.thrusterId,
      alignmentError: t.alignmentError ?? { xRadians: 0, yRadians: 0, zRadians: 0 },
      allowedDirections: [...t.allowedDirections],
      combinedSteeringAllowed: t.combinedSteeringAllowed ?? false,
      dutyCycleWindowSeconds: t.dutyCycleWindowSeconds ?? null,
      eclipsePolicy: t.eclipsePolicy ?? 'ANY',
      maximumDutyCycle: t.maximumDutyCycle ?? null,
      minimumBurnSeconds: t.minimumBurnSeconds ?? null,
      minimumImpulseNewtonSeconds: t.minimumImpulseNewtonSeconds ?? null,
      requiredPowerWatts: t.requiredPowerWatts ?? null,
      settlingSeconds: t.settlingSeconds ?? null,
      overheadBurns,
    };
  });
  return {
    schemaVersion: input.schemaVersion ?? 1,
    allowedWindows,
    blackoutWindows,
    availableManeuverPowerWatts: input.availableManeuverPowerWatts ?? null,
    minimumManeuverSeparationSeconds: input.minimumManeuverSeparationSeconds ?? null,
    thrusters,
  };
}

function buildForceModel(input: ForceModelInput | undefined, base: ForceModel, errors: FieldErrors): ForceModel {
  const model: ForceModel = {
    gravityDegree: input?.gravityDegree ?? base.gravityDegree,
    gravityOrder: input?.gravityOrder ?? base.gravityOrder,
    atmosphere: input?.atmosphere ?? base.atmosphere,
    solarRadiationPressure: input?.solarRadiationPressure ?? base.solarRadiationPressure,
    thirdBodies: [...(input?.thirdBodies ?? base.thirdBodies)],
  };
  if (model.gravityOrder > model.gravityDegree) {
    errors['forceModel.gravityOrder'] = `must not exceed gravityDegree (${model.gravityDegree})`;
  }
  if (new Set(model.thirdBodies).size !== model.thirdBodies.length) errors['forceModel.thirdBodies'] = 'bodies must not repeat';
  return model;
}

const DEFAULT_FORCE_MODEL: ForceModel = {
  ...FORCE_MODEL_DEFAULTS,
  thirdBodies: [...FORCE_MODEL_DEFAULTS.thirdBodies],
};

/** Relative agreement used when both prismEdgeM and prismDiameter are sent (e.g. a record sent back). */
const PRISM_AGREEMENT = 1e-9;

function buildPrism(input: SpacecraftInput, base: SpacecraftFields | null, errors: FieldErrors): Pick<
  SpacecraftFields,
  'prismAxis' | 'prismSides' | 'prismEdgeM' | 'prismHeightM' | 'prismDiameterMeasure' | 'prismDiameter' | 'prismComplementaryDiameter'
> {
  const none = {
    prismAxis: null, prismSides: null, prismEdgeM: null, prismHeightM: null, prismDiameterMeasure: null,
    prismDiameter: null, prismComplementaryDiameter: null,
  };
  const bodyShape = input.bodyShape ?? base?.bodyShape ?? SPACECRAFT_DEFAULTS.bodyShape;
  if (bodyShape !== 'REGULAR_PRISM') {
    for (const field of PRISM_INPUT_FIELDS) {
      if (input[field] !== undefined && input[field] !== null) errors[field] = 'allowed only when bodyShape is REGULAR_PRISM';
    }
    return none;
  }
  const prior = base?.bodyShape === 'REGULAR_PRISM' ? base : null;
  const pick = <K extends (typeof PRISM_INPUT_FIELDS)[number]>(field: K): SpacecraftInput[K] | SpacecraftFields[K] | undefined =>
    input[field] !== undefined ? input[field] : prior ? prior[field] : undefined;

  const prismAxis = input.prismAxis === undefined ? (prior?.prismAxis ?? SPACECRAFT_DEFAULTS.prismAxis) : input.prismAxis;
  if (prismAxis === null) errors.prismAxis = 'required when bodyShape is REGULAR_PRISM';
  const prismSides = pick('prismSides');
  if (prismSides === undefined || prismSides === null) errors.prismSides = 'required when bodyShape is REGULAR_PRISM';
  const prismHeightM = pick('prismHeightM');
  if (prismHeightM === undefined || prismHeightM === null) errors.prismHeightM = 'required when bodyShape is REGULAR_PRISM';
  const measure =
    input.prismDiameterMeasure ?? prior?.prismDiameterMeasure ?? SPACECRAFT_DEFAULTS.prismDiameterMeasure;

  let edge: number | null = null;
  const edgeIn = input.prismEdgeM ?? null;
  const diameterIn = input.prismDiameter ?? null;
  if (prismSides !== undefined && prismSides !== null) {
    if (edgeIn !== null && diameterIn !== null) {
      const expected = prismEdgeFromDiameter(diameterIn, prismSides, measure);
      if (Math.abs(expected - edgeIn) > PRISM_AGREEMENT * Math.max(edgeIn, expected)) {
        errors.prismDiameter =
          `inconsistent with prismEdgeM: a ${measure.toLowerCase()} diameter of ${diameterIn} m with ${prismSides} sides ` +
          `means an edge of ${expected} m; send only one of them`;
      }
      edge = edgeIn;
    } else if (edgeIn !== null) {
      edge = edgeIn;
    } else if (diameterIn !== null) {
      edge = prismEdgeFromDiameter(diameterIn, prismSides, measure);
    } else if (prior?.prismEdgeM != null) {
      edge = prior.prismEdgeM;
    } else {
      errors.prismEdgeM = 'prismEdgeM or prismDiameter is required when bodyShape is REGULAR_PRISM';
    }
  }
  if (edge === null || prismSides === undefined || prismSides === null || prismAxis === null) return none;
  const { inscribed, circumscribed } = prismDiameters(edge, prismSides);
  return {
    prismAxis,
    prismSides,
    prismEdgeM: edge,
    prismHeightM: prismHeightM ?? null,
    prismDiameterMeasure: measure,
    prismDiameter: measure === 'INSCRIBED' ? inscribed : circumscribed,
    prismComplementaryDiameter: measure === 'INSCRIBED' ? circumscribed : inscribed,
  };
}

/**
 * The complete, validated field set: `input` over `base` (the current record on PATCH, null on
 * create, where the defaults apply), or every violation by its dotted field path.
 */
export function spacecraftFields(input: SpacecraftInput, base: SpacecraftFields | null, thrusterIds: ReadonlySet<string>): SpacecraftFieldsOutcome {
  const errors: FieldErrors = {};
  const value = <K extends keyof SpacecraftFields & keyof SpacecraftInput>(field: K, fallback: SpacecraftFields[K]) =>
    (input[field] !== undefined ? input[field] : base ? base[field] : fallback) as SpacecraftFields[K];

  const name = input.name ?? base?.name;
  if (name === undefined) errors.name = 'is required';
  const launchMass = value('launchMass', null);
  const dryMass = value('dryMass', null);
  if (launchMass !== null && dryMass !== null && dryMass > launchMass) errors.dryMass = `must not exceed launchMass (${launchMass} kg)`;
  const absorption = value('absorption', SPACECRAFT_DEFAULTS.absorption);
  const specularReflection = value('specularReflection', SPACECRAFT_DEFAULTS.specularReflection);
  if (absorption + specularReflection > 1) errors.specularReflection = 'absorption + specularReflection must not exceed 1';

  const inertia = {
    inertiaIxx: value('inertiaIxx', null),
    inertiaIyy: value('inertiaIyy', null),
    inertiaIzz: value('inertiaIzz', null),
  };
  const inertiaSet = Object.values(inertia).filter((v) => v !== null).length;
  if (inertiaSet !== 0 && inertiaSet !== 3) {
    for (const [field, v] of Object.entries(inertia)) if (v === null) errors[field] = 'give all three principal moments or none';
  } else if (inertiaSet === 3) {
    const { inertiaIxx: a, inertiaIyy: b, inertiaIzz: c } = inertia as Record<string, number>;
    if (a! > b! + c!) errors.inertiaIxx = 'must not exceed inertiaIyy + inertiaIzz (triangle inequality)';
    if (b! > a! + c!) errors.inertiaIyy = 'must not exceed inertiaIxx + inertiaIzz (triangle inequality)';
    if (c! > a! + b!) errors.inertiaIzz = 'must not exceed inertiaIxx + inertiaIyy (triangle inequality)';
  }

  const prism = buildPrism(input, base, errors);
  const panels = input.panels !== undefined ? buildPanels(input.panels, errors) : (base?.panels ?? []);
  const maneuverCapabilities =
    input.maneuverCapabilities !== undefined
      ? input.maneuverCapabilities === null
        ? null
        : buildManeuverCapabilities(input.maneuverCapabilities, thrusterIds, errors)
      : (base?.maneuverCapabilities ?? null);
  const forceModel = buildForceModel(input.forceModel, base?.forceModel ?? DEFAULT_FORCE_MODEL, errors);

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  const fields: SpacecraftFields = {
    name: name!,
    noradId: value('noradId', null),
    catalogueNoradId: value('catalogueNoradId', null),
    notYetCatalogued: value('notYetCatalogued', false),
    cosparId: value('cosparId', null),
    externalKey: value('externalKey', null),
    color: value('color', SPACECRAFT_DEFAULTS.color).toUpperCase(),
    launchMass,
    dryMass,
    dragArea: value('dragArea', null),
    dragCoefficient: value('dragCoefficient', SPACECRAFT_DEFAULTS.dragCoefficient),
    srpArea: value('srpArea', null),
    hardBodyRadiusM: value('hardBodyRadiusM', null),
    reflectivityCoefficient: value('reflectivityCoefficient', SPACECRAFT_DEFAULTS.reflectivityCoefficient),
    absorption,
    specularReflection,
    bodyShape: value('bodyShape', SPACECRAFT_DEFAULTS.bodyShape),
    boxX: value('boxX', SPACECRAFT_DEFAULTS.boxM),
    boxY: value('boxY', SPACECRAFT_DEFAULTS.boxM),
    boxZ: value('boxZ', SPACECRAFT_DEFAULTS.boxM),
    ...prism,
    ...inertia,
    maneuverCapabilities,
    panels,
    forceModel,
  };
  return { ok: true, fields };
}

