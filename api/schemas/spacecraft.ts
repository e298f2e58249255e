/**
 * Spacecraft request and response schemas (validation + OpenAPI). zod checks types and single-field
 * ranges; rules that span fields (dryMass <= launchMass, prism fields only for REGULAR_PRISM, order
 * <= degree, thruster ids that exist, …), the derivations and the defaults are the model's
 * (domain/spacecraft/fields.ts, domain/spacecraft/model.ts); the descriptions here quote them.
 */
import { z } from '@hono/zod-openapi';
import { queryFlag } from './queryFlag.ts';
import { instantSchema } from '../http/instants.ts';
import { EpochSchema, RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { boundedNumber, filterText, idString, safeText } from './limits.ts';
import { MAX_AREA_M2, MAX_DIRECTION_COMPONENT, MAX_DRAG_COEFFICIENT, MAX_DURATION_S, MAX_IMPULSE_N_S, MAX_INERTIA_KG_M2, MAX_LENGTH_M, MAX_MASS_KG, MAX_POWER_W } from '../../domain/limits.ts';
import { MAX_HARD_BODY_RADIUS_M, MIN_HARD_BODY_RADIUS_M } from '../../domain/conjunctions/hardBodyRadius.ts';
import {
  ATMOSPHERES, BODY_SHAPES, ECLIPSE_POLICIES, FORCE_MODEL_DEFAULTS, LIFECYCLE_STATUSES, MANEUVER_DIRECTIONS, MAX_CAPABILITY_ITEMS, MAX_GRAVITY_DEGREE, MAX_NORAD_ID,
  MAX_PANELS, MAX_PRISM_SIDES, MAX_TIME_WINDOWS, MOUNT_AXIS_PRESETS, OVERHEAD_ANCHORS, PANEL_NORMAL_CONVENTION, PRISM_AXES, PRISM_DIAMETER_MEASURES,
  SPACECRAFT_DEFAULTS, THIRD_BODIES,
} from '../../domain/spacecraft/model.ts';

const LIMIT_NAME = 100;

const nonBlank = (max: number) => safeText(max);
const timestamp = RecordTimestampSchema;

export const Vector3Schema = z
  .object({ x: z.number(), y: z.number(), z: z.number() })
  .openapi('Vector3', { description: 'Body-frame vector' });

const directionComponent = boundedNumber(-MAX_DIRECTION_COMPONENT, MAX_DIRECTION_COMPONENT, '');
/** A body-frame direction as sent (normalized on write): finite components, |each| ≤ 1e6. */
export const DirectionInputSchema = z
  .object({ x: directionComponent, y: directionComponent, z: directionComponent })
  .openapi('DirectionInput', { description: `Body-frame direction; normalized on write; each component within ±${MAX_DIRECTION_COMPONENT}` });

const offsetM = boundedNumber(-MAX_LENGTH_M, MAX_LENGTH_M, 'm');
/** A body-frame position on the spacecraft, m (|each| ≤ 1000 m). */
export const BodyPositionInputSchema = z
  .object({ x: offsetM, y: offsetM, z: offsetM })
  .openapi('BodyPositionInput', { description: `Body-frame position, m; each component within ±${MAX_LENGTH_M} m` });

const lengthM = (description: string) => boundedNumber(0, MAX_LENGTH_M, 'm', { exclusiveMin: true }).openapi({ description });

// ---- Nested inputs ----
export const PanelInputSchema = z
  .object({
    name: nonBlank(LIMIT_NAME),
    panelIndex: z.number().int().min(0).max(MAX_PANELS - 1).optional()
      .openapi({ description: 'Slot 0..7, unique within the craft; default: the position in the array' }),
    lengthM: lengthM(`Panel length, m (> 0, ≤ ${MAX_LENGTH_M})`),
    widthM: lengthM(`Panel width, m (> 0, ≤ ${MAX_LENGTH_M})`),
    rotationDeg: z.number().min(-360).max(360).optional()
      .openapi({ description: `Rotation about the hinge axis, degrees, -360..360 (default 0). ${PANEL_NORMAL_CONVENTION}` }),
    absorption: z.number().gt(0).max(1).optional().openapi({ description: 'Range (0, 1]; default 0.5' }),
    specularReflection: z.number().min(0).lt(1).optional()
      .openapi({ description: 'Range [0, 1); absorption + specularReflection <= 1; default 0.2' }),
    doubleSided: z.boolean().optional().openapi({ description: 'Default false' }),
    mountAxisPreset: z.enum(MOUNT_AXIS_PRESETS)
      .openapi({ description: 'Body face the panel is mounted on; CUSTOM uses mountAxisCustomX/Y/Z' }),
    mountAxisCustomX: directionComponent.nullable().optional()
      .openapi({ description: `Only with CUSTOM (required then, with Y and Z; not all zero; stored normalized; within ±${MAX_DIRECTION_COMPONENT}); null otherwise` }),
    mountAxisCustomY: directionComponent.nullable().optional(),
    mountAxisCustomZ: directionComponent.nullable().optional(),
    mountPositionX: offsetM.optional().openapi({ description: `Body-frame mount position, m, within ±${MAX_LENGTH_M}; default 0` }),
    mountPositionY: offsetM.optional(),
    mountPositionZ: offsetM.optional(),
  })
  .openapi('PanelInput');

export const TimeWindowSchema = z
  .object({
    start: instantSchema('Window start, ISO-8601 instant with zone'),
    end: instantSchema('Window end, ISO-8601 instant with zone; must be after start'),
  })
  .openapi('TimeWindow');

/** A window as stored and printed: UTC, microseconds. */
export const TimeWindowViewSchema = z.object({ start: EpochSchema, end: EpochSchema }).openapi('TimeWindowView');

const OverheadBurnInputSchema = z
  .object({
    anchor: z.enum(OVERHEAD_ANCHORS),
    direction: z.enum(MANEUVER_DIRECTIONS),
    durationSeconds: boundedNumber(0, MAX_DURATION_S, 's', { exclusiveMin: true }),
    offsetSeconds: boundedNumber(0, MAX_DURATION_S, 's'),
    thrusterId: idString().openapi({ description: 'Id of a thruster of this spacecraft' }),
  })
  .openapi('OverheadBurn');

const AlignmentErrorSchema = z
  .object({ xRadians: boundedNumber(-Math.PI, Math.PI, 'rad'), yRadians: boundedNumber(-Math.PI, Math.PI, 'rad'), zRadians: boundedNumber(-Math.PI, Math.PI, 'rad') })
  .openapi('AlignmentError');

const nonNegativeOrNull = (max: number, unit: string) => boundedNumber(0, max, unit).nullable().optional();

const ThrusterCapabilityInputSchema = z
  .object({
    thrusterId: idString().openapi({ description: 'Id of a thruster of this spacecraft; each at most once' }),
    alignmentError: AlignmentErrorSchema.optional().openapi({ description: 'Default all zero' }),
    allowedDirections: z.array(z.enum(MANEUVER_DIRECTIONS)).min(1).max(MANEUVER_DIRECTIONS.length).openapi({ description: 'At least one; no repeats' }),
    combinedSteeringAllowed: z.boolean().optional().openapi({ description: 'Default false' }),
    dutyCycleWindowSeconds: boundedNumber(0, MAX_DURATION_S, 's', { exclusiveMin: true }).nullable().optional(),
    eclipsePolicy: z.enum(ECLIPSE_POLICIES).optional().openapi({ description: 'Default ANY' }),
    maximumDutyCycle: z.number().gt(0).max(1).nullable().optional().openapi({ description: 'Range (0, 1]' }),
    minimumBurnSeconds: nonNegativeOrNull(MAX_DURATION_S, 's'),
    minimumImpulseNewtonSeconds: nonNegativeOrNull(MAX_IMPULSE_N_S, 'N·s'),
    requiredPowerWatts: nonNegativeOrNull(MAX_POWER_W, 'W'),
    settlingSeconds: nonNegativeOrNull(MAX_DURATION_S, 's'),
    overheadBurns: z.array(OverheadBurnInputSchema).max(MAX_CAPABILITY_ITEMS).optional().openapi({ description: 'Default []' }),
  })
  .openapi('ThrusterCapabilityInput');

export const ManeuverCapabilitiesInputSchema = z
  .object({
    schemaVersion: z.number().int().min(1).max(1).optional().openapi({ description: 'Only 1 is defined (default 1)' }),
    allowedWindows: z.array(TimeWindowSchema).max(MAX_TIME_WINDOWS).optional().openapi({ description: `Default []; at most ${MAX_TIME_WINDOWS}` }),
    blackoutWindows: z.array(TimeWindowSchema).max(MAX_TIME_WINDOWS).optional().openapi({ description: `Default []; at most ${MAX_TIME_WINDOWS}` }),
    availableManeuverPowerWatts: nonNegativeOrNull(MAX_POWER_W, 'W'),
    minimumManeuverSeparationSeconds: nonNegativeOrNull(MAX_DURATION_S, 's'),
    thrusters: z.array(ThrusterCapabilityInputSchema).max(MAX_CAPABILITY_ITEMS).optional().openapi({ description: 'Default []' }),
  })
  .openapi('ManeuverCapabilitiesInput');

export const ForceModelInputSchema = z
  .object({
    gravityDegree: z.number().int().min(0).max(MAX_GRAVITY_DEGREE).optional()
      .openapi({ description: `Geopotential degree 0..${MAX_GRAVITY_DEGREE} (bundled EGM96); default 20` }),
    gravityOrder: z.number().int().min(0).max(MAX_GRAVITY_DEGREE).optional()
      .openapi({ description: 'Geopotential order 0..gravityDegree; default 20' }),
    atmosphere: z.enum(ATMOSPHERES).optional().openapi({ description: 'Default HARRIS_PRIESTER' }),
    solarRadiationPressure: z.boolean().optional().openapi({ description: 'Default true' }),
    thirdBodies: z.array(z.enum(THIRD_BODIES)).max(THIRD_BODIES.length).optional().openapi({ description: 'No repeats; default [SUN, MOON]' }),
  })
  .openapi('ForceModelInput', {
    description: 'Omitted fields keep their current value (PATCH) or take the default (create)',
  });

// ---- Spacecraft create / update ----
const mass = boundedNumber(0, MAX_MASS_KG, 'kg', { exclusiveMin: true });
const area = boundedNumber(0, MAX_AREA_M2, 'm²');
const inertia = boundedNumber(0, MAX_INERTIA_KG_M2, 'kg·m²', { exclusiveMin: true });
const spacecraftInputShape = {
  name: nonBlank(LIMIT_NAME).openapi({ description: 'Required on create; 1..100 characters after trimming' }),
  noradId: z.number().int().min(1).max(MAX_NORAD_ID).nullable().optional().openapi({ description: 'NORAD catalog number; default null' }),
  catalogueNoradId: z.number().int().min(1).max(MAX_NORAD_ID).nullable().optional().openapi({ description: 'Default null' }),
  notYetCatalogued: z.boolean().optional().openapi({ description: 'Default false' }),
  cosparId: safeText(20).nullable().optional().openapi({ description: 'Max 20 characters; default null' }),
  externalKey: safeText(64, { trim: false }).nullable().optional()
    .openapi({ description: 'Unique within the organization, immutable once set (a change is 409); max 64 characters' }),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color #RRGGBB').optional()
    .openapi({ description: `#RRGGBB, stored upper-case; default ${SPACECRAFT_DEFAULTS.color}` }),
  launchMass: mass.nullable().optional().openapi({ description: `kg, > 0 and ≤ ${MAX_MASS_KG}; null = not configured (default)` }),
  dryMass: mass.nullable().optional().openapi({ description: `kg, > 0 and <= launchMass (≤ ${MAX_MASS_KG}); default null` }),
  dragArea: area.nullable().optional().openapi({ description: `m², 0..${MAX_AREA_M2} or null (default null)` }),
  dragCoefficient: boundedNumber(0, MAX_DRAG_COEFFICIENT, '', { exclusiveMin: true }).optional()
    .openapi({ description: `Cd, > 0 and ≤ ${MAX_DRAG_COEFFICIENT}; default ${SPACECRAFT_DEFAULTS.dragCoefficient}` }),
  srpArea: area.nullable().optional().openapi({ description: `m², 0..${MAX_AREA_M2} or null (default null)` }),
  hardBodyRadiusM: boundedNumber(MIN_HARD_BODY_RADIUS_M, MAX_HARD_BODY_RADIUS_M, 'm').openapi({
    description:
      `Radius of a sphere enclosing the craft, m (${MIN_HARD_BODY_RADIUS_M}..${MAX_HARD_BODY_RADIUS_M}); default null. Conjunction assessment uses it for this craft ` +
      'when a CDM gives no hard-body radius (README → Conjunction assessment)',
  }).nullable().optional(),
  reflectivityCoefficient: z.number().min(0).max(2).optional()
    .openapi({ description: `Cr, 0..2; default ${SPACECRAFT_DEFAULTS.reflectivityCoefficient}` }),
  absorption: z.number().gt(0).max(1).optional().openapi({ description: `(0, 1]; default ${SPACECRAFT_DEFAULTS.absorption}` }),
  specularReflection: z.number().min(0).lt(1).optional()
    .openapi({ description: `[0, 1); absorption + specularReflection <= 1; default ${SPACECRAFT_DEFAULTS.specularReflection}` }),
  bodyShape: z.enum(BODY_SHAPES).optional().openapi({ description: 'Default BOX' }),
  boxX: lengthM(`Bus width, m (> 0, ≤ ${MAX_LENGTH_M}); default 1`).optional(),
  boxY: lengthM(`Bus height, m (> 0, ≤ ${MAX_LENGTH_M}); default 1`).optional(),
  boxZ: lengthM(`Bus length, m (> 0, ≤ ${MAX_LENGTH_M}); default 1`).optional(),
  prismAxis: z.enum(PRISM_AXES).nullable().optional().openapi({ description: 'REGULAR_PRISM only; default Z' }),
  prismSides: z.number().int().min(3).max(MAX_PRISM_SIDES).nullable().optional()
    .openapi({ description: `REGULAR_PRISM only (required then); 3..${MAX_PRISM_SIDES}` }),
  prismEdgeM: lengthM(`REGULAR_PRISM only: polygon edge, m (≤ ${MAX_LENGTH_M}). Give it or prismDiameter; when both are given they must agree`)
    .nullable().optional(),
  prismHeightM: lengthM(`REGULAR_PRISM only (required then), m (≤ ${MAX_LENGTH_M})`).nullable().optional(),
  prismDiameterMeasure: z.enum(PRISM_DIAMETER_MEASURES).nullable().optional()
    .openapi({ description: 'REGULAR_PRISM only: datum of prismDiameter; default INSCRIBED' }),
  prismDiameter: lengthM(
    `REGULAR_PRISM only: diameter in the datum, m (≤ ${MAX_LENGTH_M}); the server derives prismEdgeM = d·tan(π/n) (inscribed) or D·sin(π/n) (circumscribed)`,
  ).nullable().optional(),
  inertiaIxx: inertia.nullable().optional()
    .openapi({ description: `kg·m², > 0 and ≤ ${MAX_INERTIA_KG_M2}; all three or none; each <= the sum of the other two` }),
  inertiaIyy: inertia.nullable().optional(),
  inertiaIzz: inertia.nullable().optional(),
  maneuverCapabilities: ManeuverCapabilitiesInputSchema.nullable().optional()
    .openapi({ description: 'null (default) = not configured, not unrestricted. Replaced as a whole on PATCH' }),
  panels: z.array(PanelInputSchema).max(MAX_PANELS, `at most ${MAX_PANELS} panels`).optional()
    .openapi({ description: '0 to 8 panels (default []); replaced as a whole on PATCH' }),
  forceModel: ForceModelInputSchema.optional(),
};

export const CreateSpacecraftRequestSchema = z.object(spacecraftInputShape).openapi('CreateSpacecraftRequest', {
  description: 'Only name is required. Read-only fields (id, organizationId, lifecycleStatus, derived geometry, timestamps) are ignored.',
});

export const UpdateSpacecraftRequestSchema = z
  .object({ ...spacecraftInputShape, name: spacecraftInputShape.name.optional() })
  .openapi('UpdateSpacecraftRequest', {
    description:
      'Partial update: omitted fields are unchanged; null clears a nullable field. panels and maneuverCapabilities are ' +
      'replaced as a whole, forceModel is merged field by field. externalKey may be set once (a change or removal is ' +
      '409). Derived geometry is recomputed; when only prismSides or prismDiameterMeasure change, prismEdgeM is kept.',
  });

export type CreateSpacecraftInput = z.infer<typeof CreateSpacecraftRequestSchema>;
export type UpdateSpacecraftInput = z.infer<typeof UpdateSpacecraftRequestSchema>;
export type PanelInput = z.infer<typeof PanelInputSchema>;
export type ManeuverCapabilitiesInput = z.infer<typeof ManeuverCapabilitiesInputSchema>;
export type ForceModelInput = z.infer<typeof ForceModelInputSchema>;

// ---- Responses ----
export const PanelSchema = z
  .object({
    name: z.string(),
    panelIndex: z.number().int(),
    lengthM: z.number(),
    widthM: z.number(),
    rotationDeg: z.number(),
    absorption: z.number(),
    specularReflection: z.number(),
    doubleSided: z.boolean(),
    mountAxisPreset: z.enum(MOUNT_AXIS_PRESETS),
    mountAxisCustomX: z.number().nullable(),
    mountAxisCustomY: z.number().nullable(),
    mountAxisCustomZ: z.number().nullable(),
    mountPositionX: z.number(),
    mountPositionY: z.number(),
    mountPositionZ: z.number(),
    derivedNormal: Vector3Schema.openapi({ description: PANEL_NORMAL_CONVENTION }),
  })
  .openapi('Panel');

export const ManeuverCapabilitiesSchema = z
  .object({
    schemaVersion: z.number().int(),
    allowedWindows: z.array(TimeWindowViewSchema),
    blackoutWindows: z.array(TimeWindowViewSchema),
    availableManeuverPowerWatts: z.number().nullable(),
    minimumManeuverSeparationSeconds: z.number().nullable(),
    thrusters: z.array(
      z
        .object({
          thrusterId: z.string(),
          alignmentError: AlignmentErrorSchema,
          allowedDirections: z.array(z.enum(MANEUVER_DIRECTIONS)),
          combinedSteeringAllowed: z.boolean(),
          dutyCycleWindowSeconds: z.number().nullable(),
          eclipsePolicy: z.enum(ECLIPSE_POLICIES),
          maximumDutyCycle: z.number().nullable(),
          minimumBurnSeconds: z.number().nullable(),
          minimumImpulseNewtonSeconds: z.number().nullable(),
          requiredPowerWatts: z.number().nullable(),
          settlingSeconds: z.number().nullable(),
          overheadBurns: z.array(OverheadBurnInputSchema),
        })
        .openapi('ThrusterCapability'),
    ),
  })
  .openapi('ManeuverCapabilities');

export const ForceModelSchema = z
  .object({
    gravityDegree: z.number().int(),
    gravityOrder: z.number().int(),
    atmosphere: z.enum(ATMOSPHERES),
    solarRadiationPressure: z.boolean(),
    thirdBodies: z.array(z.enum(THIRD_BODIES)),
  })
  .openapi('ForceModel');

export const SpacecraftSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    noradId: z.number().int().nullable(),
    catalogueNoradId: z.number().int().nullable(),
    notYetCatalogued: z.boolean(),
    cosparId: z.string().nullable(),
    externalKey: z.string().nullable(),
    organizationId: z.string(),
    lifecycleStatus: z.enum(LIFECYCLE_STATUSES),
    color: z.string(),
    launchMass: z.number().nullable().openapi({ description: 'kg; null = not configured (OEM/TLE generation then 422)' }),
    dryMass: z.number().nullable(),
    dragArea: z.number().nullable(),
    dragCoefficient: z.number(),
    srpArea: z.number().nullable(),
    hardBodyRadiusM: z.number().nullable().openapi({ description: 'm; null = not configured (conjunctions then use the organization default for this craft)' }),
    reflectivityCoefficient: z.number(),
    absorption: z.number(),
    specularReflection: z.number(),
    bodyShape: z.enum(BODY_SHAPES),
    boxX: z.number(),
    boxY: z.number(),
    boxZ: z.number(),
    prismAxis: z.enum(PRISM_AXES).nullable(),
    prismSides: z.number().int().nullable(),
    prismEdgeM: z.number().nullable().openapi({ description: 'Source of truth of the cross-section' }),
    prismHeightM: z.number().nullable(),
    prismDiameterMeasure: z.enum(PRISM_DIAMETER_MEASURES).nullable(),
    prismDiameter: z.number().nullable()
      .openapi({ description: 'In the chosen datum: inscribed d = edge / tan(π/n), circumscribed D = edge / sin(π/n)' }),
    prismComplementaryDiameter: z.number().nullable().openapi({ description: 'In the other datum' }),
    inertiaIxx: z.number().nullable(),
    inertiaIyy: z.number().nullable(),
    inertiaIzz: z.number().nullable(),
    maneuverCapabilities: ManeuverCapabilitiesSchema.nullable(),
    panels: z.array(PanelSchema),
    forceModel: ForceModelSchema,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Spacecraft');

export const SpacecraftSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    noradId: z.number().int().nullable(),
    cosparId: z.string().nullable(),
    externalKey: z.string().nullable(),
    lifecycleStatus: z.enum(LIFECYCLE_STATUSES),
    color: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('SpacecraftSummary');

export const SpacecraftPageSchema = pageSchema(SpacecraftSummarySchema, 'SpacecraftPage');

// ---- List query ----
export const SPACECRAFT_SORTABLE = ['name', 'createdAt', 'updatedAt', 'noradId'] as const;

export const SpacecraftListQuerySchema = z.object({
  status: z.enum(LIFECYCLE_STATUSES).optional().openapi({ description: 'Active or Archived; overrides includeArchived' }),
  includeArchived: queryFlag('Used only when status is absent: true lists all, false (default) lists Active only'),
  noradId: filterText(63).optional().openapi({
    description:
      'Exact string match against the canonical decimal text of noradId (no sign, no leading zeros): "25544" ' +
      'matches 25544, "025544" matches nothing. Max 63 characters',
  }),
  cosparId: filterText(20).optional().openapi({ description: 'Exact; max 20 characters' }),
  name: filterText(100).optional().openapi({ description: 'Case-insensitive exact (Unicode lower case); max 100 characters' }),
  externalKey: filterText(64).optional().openapi({ description: 'Exact; max 64 characters' }),
  ...pageableQuery,
  sort: pageableQuery.sort.openapi({
    description: `Sort \`field,asc|desc\`, repeatable; fields: ${SPACECRAFT_SORTABLE.join(', ')}; default createdAt,asc (ties by id)`,
  }),
});

// ---- Lifecycle ----
export const LifecycleRequestSchema = z
  .object({
    lifecycleStatus: z.string().regex(/^(Active|Archived)$/, 'must be Active or Archived')
      .openapi({ description: 'Target status', pattern: '^(Active|Archived)$' }),
    confirmTaskDeletion: z.boolean().optional().openapi({
      description:
        'Required (true) to archive a craft that has scheduled tasks, which are then permanently deleted in the same ' +
        'transaction; ignored on restore and for a craft without tasks',
    }),
  })
  .openapi('SpacecraftLifecycleRequest');

export const IdParamSchema = z.object({
  id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' }, description: 'Canonical spacecraft id (names and NORAD ids are not resolved)' }),
});
