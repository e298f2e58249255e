/**
 * Spacecraft use cases: create, read, partial update, list, lifecycle. Applies the defaults, the
 * rules that span fields, and the derivations (prism diameters ⇄ edge, panel normals) before
 * anything is stored. Every violation is collected into one 400 VALIDATION_ERROR whose
 * `fieldErrors` keys are dotted paths (`panels.2.mountAxisCustomX`).
 */
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../../domain/contentHash.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { ApiError, conflict, notFound, validationError } from '../http/errors.ts';
import { instantProblem, instantText } from '../../domain/instants.ts';
import { assertIfMatch, type IfMatch } from '../http/preconditions.ts';
import { pageEnvelope, parsePageable, type PageEnvelope, type PageableInput } from '../http/paging.ts';
import {
  FORCE_MODEL_DEFAULTS,
  SPACECRAFT_DEFAULTS,
  SPACECRAFT_SORTABLE,
  type CreateSpacecraftInput,
  type ForceModelInput,
  type ManeuverCapabilitiesInput,
  type PanelInput,
  type UpdateSpacecraftInput,
} from '../schemas/spacecraft.ts';
import { inTransaction, isUniqueViolation, nowIso, type Db, type SqlExecutor } from '../../storage/sql/db.ts';
import { countScheduledTasks, deleteScheduledTasksOfSpacecraft } from '../../storage/scheduledTasks.ts';
import { findSpacecraftById, findSpacecraftIdByExternalKey, insertSpacecraft, listSpacecraft, setLifecycleStatus, updateSpacecraftFields, storedRowVersion } from '../../storage/spacecraft.ts';
import { type ForceModel, type LifecycleStatus, type ManeuverCapabilities, type MountAxisPreset, type Panel, type PrismDiameterMeasure, type Spacecraft, type SpacecraftFields, type SpacecraftSummary, type TimeWindow, type Vector3 } from '../../domain/spacecraft/model.ts';
import { listThrusters } from '../../storage/thrusters.ts';
import { deleteTaskProducts } from './products.ts';

type FieldErrors = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// Derivations

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

type SpacecraftInput = UpdateSpacecraftInput;

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
 * create, where the defaults apply). Throws one VALIDATION_ERROR naming every violation.
 */
function buildFields(input: SpacecraftInput, base: SpacecraftFields | null, thrusterIds: ReadonlySet<string>): SpacecraftFields {
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

  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
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
}

// ---------------------------------------------------------------------------------------------
// Use cases

export function spacecraftNotFound(id: string): ApiError {
  return notFound(`Spacecraft ${id} not found`, 'SC-4040', { code: 'spacecraft.not-found' });
}

function externalKeyTaken(externalKey: string): ApiError {
  return conflict('EXTERNAL_KEY_CONFLICT', `externalKey "${externalKey}" is already used by another spacecraft of this organization`, {
    code: 'spacecraft.external-key.duplicate',
    fieldErrors: { externalKey: 'already used by another spacecraft' },
  });
}

/**
 * Bump when the JSON a stored spacecraft row is sent as changes (a field added, renamed or computed differently), so
 * that tags given out before the change no longer match (a cache would otherwise keep the old form on a 304).
 */
const SPACECRAFT_REPRESENTATION_REVISION = 1;

/**
 * The spacecraft's strong ETag (RFC 9110 §8.8.3): the representation revision and the row's version (migration 0015:
 * every UPDATE of the row moves it), with the id (tags of different records never coincide). Made this way
 * instead of hashing the record's canonical JSON: that hash was ~10 % of the event loop's work per GET (bench:api
 * with BENCH_CPU_PROF=1). A record not produced by storage has no version: a programming error, not a tag to invent.
 */
export function spacecraftEntityTag(spacecraft: Spacecraft): string {
  const version = storedRowVersion(spacecraft);
  if (version === undefined || !Number.isFinite(version)) throw new Error(`spacecraft ${spacecraft.id}: no stored row version to tag it with`);
  // Hashed only to keep the opaque 32-hex form of every other tag of the API (a short string: ~1 µs, not ~20).
  return `"${sha256Hex(`spacecraft:${spacecraft.id}:r${SPACECRAFT_REPRESENTATION_REVISION}:v${version}`).slice(0, 32)}"`;
}

export async function createSpacecraft(db: Db, organizationId: string, input: CreateSpacecraftInput): Promise<Spacecraft> {
  // A new craft has no thrusters yet, so maneuverCapabilities may not reference any.
  const fields = buildFields(input, null, new Set());
  const now = nowIso();
  const spacecraft: Spacecraft = {
    id: randomUUID(),
    organizationId,
    lifecycleStatus: 'Active',
    ...fields,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertSpacecraft(db, spacecraft);
  } catch (error) {
    if (isUniqueViolation(error) && fields.externalKey !== null) throw externalKeyTaken(fields.externalKey);
    throw error;
  }
  return spacecraft;
}

export async function getSpacecraft(db: SqlExecutor, organizationId: string, id: string): Promise<Spacecraft> {
  const spacecraft = await findSpacecraftById(db, organizationId, id);
  if (!spacecraft) throw spacecraftNotFound(id);
  return spacecraft;
}

export async function updateSpacecraft(db: Db, organizationId: string, id: string, input: UpdateSpacecraftInput, ifMatch: IfMatch = null): Promise<Spacecraft> {
  try {
    return await inTransaction(db, async (tx) => {
      const current = await getSpacecraft(tx, organizationId, id);
      assertIfMatch(ifMatch, spacecraftEntityTag(current));
      if (input.externalKey !== undefined && current.externalKey !== null && input.externalKey !== current.externalKey) {
        throw conflict('EXTERNAL_KEY_IMMUTABLE', `externalKey is immutable once set (it is "${current.externalKey}")`, {
          code: 'spacecraft.external-key.immutable',
          fieldErrors: { externalKey: 'immutable once set' },
        });
      }
      const thrusterIds = new Set((await listThrusters(tx, organizationId, id)).map((t) => t.id));
      const fields = buildFields(input, current, thrusterIds);
      if (fields.externalKey !== null && current.externalKey === null) {
        const holder = await findSpacecraftIdByExternalKey(tx, organizationId, fields.externalKey);
        if (holder !== null && holder !== id) throw externalKeyTaken(fields.externalKey);
      }
      const updatedAt = nowIso();
      await updateSpacecraftFields(tx, organizationId, id, fields, updatedAt);
      // Read back: the answer and its ETag are those of the stored row (its version moved, migration 0015).
      return await getSpacecraft(tx, organizationId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.externalKey) throw externalKeyTaken(input.externalKey);
    throw error;
  }
}

export interface SpacecraftListQuery extends PageableInput {
  status?: LifecycleStatus;
  includeArchived?: 'true' | 'false';
  noradId?: string;
  cosparId?: string;
  name?: string;
  externalKey?: string;
}

export async function listSpacecraftPage(
  db: SqlExecutor,
  organizationId: string,
  query: SpacecraftListQuery,
): Promise<PageEnvelope<SpacecraftSummary>> {
  const page = parsePageable(query, SPACECRAFT_SORTABLE, [{ field: 'createdAt', direction: 'asc' }]);
  const statuses: LifecycleStatus[] = query.status
    ? [query.status]
    : query.includeArchived === 'true'
      ? ['Active', 'Archived']
      : ['Active'];
  const { items, totalElements } = await listSpacecraft(
    db,
    organizationId,
    {
      statuses,
      noradIdText: query.noradId,
      cosparId: query.cosparId,
      name: query.name,
      externalKey: query.externalKey,
    },
    page,
  );
  return pageEnvelope(items, totalElements, page);
}

export type LifecycleOutcome =
  | { outcome: 'changed'; spacecraft: Spacecraft }
  | { outcome: 'confirmation-required'; taskCount: number };

/**
 * The spec's state table. Archiving deletes the craft's scheduled tasks in the same transaction,
 * but only with confirmTaskDeletion true when there are any; restoring ignores the flag. Asking for
 * the current status is a no-op that returns the record unchanged (after the same task rule for Archived).
 */
export async function changeLifecycle(
  db: Db,
  organizationId: string,
  id: string,
  request: { lifecycleStatus: LifecycleStatus; confirmTaskDeletion?: boolean },
  ifMatch: IfMatch = null,
): Promise<LifecycleOutcome> {
  return await inTransaction(db, async (tx) => {
    const current = await getSpacecraft(tx, organizationId, id);
    assertIfMatch(ifMatch, spacecraftEntityTag(current));
    if (request.lifecycleStatus === 'Archived') {
      const taskCount = await countScheduledTasks(tx, organizationId, id);
      if (taskCount > 0) {
        if (request.confirmTaskDeletion !== true) return { outcome: 'confirmation-required', taskCount };
        await deleteTaskProducts(tx, organizationId, id, null);
        await deleteScheduledTasksOfSpacecraft(tx, organizationId, id);
      }
    }
    if (current.lifecycleStatus === request.lifecycleStatus) return { outcome: 'changed', spacecraft: current };
    const updatedAt = nowIso();
    await setLifecycleStatus(tx, organizationId, id, request.lifecycleStatus, updatedAt);
    return { outcome: 'changed', spacecraft: await getSpacecraft(tx, organizationId, id) };
  });
}
