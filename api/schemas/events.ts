/** Passes, eclipses and orbit events: queries and answers (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { instantSchema } from '../http/instants.ts';
import { MAX_ID_LENGTH } from '../../domain/limits.ts';
import { APSIS_TYPES, NODE_TYPES, TRAJECTORY_SOURCES } from '../../domain/events/eventViews.ts';

/** Longest span of one event request (the OEM span limit: a 30-day LEO search is ~3 s of compute). */
export const EVENT_MAX_SPAN_DAYS = 30;
/**
 * Farthest (days) any instant of a `source=CATALOG` span may lie from the element set's epoch, before or after it
 * (SGP4 runs backwards as well as forwards, and degrades both ways). A general-perturbations set is a mean-element fit
 * good to about a kilometre within a few days of its epoch in LEO (Kelso, AAS 07-127, 2007; Flohrer, Krag & Klinkrad,
 * AMOS 2008: along-track errors of hundreds of metres to kilometres at epoch), and the error grows along track by
 * the order of 1–3 km a day in LEO — faster than linearly when drag is mis-modelled, as it is through a solar maximum.
 * After 30 days that is tens of kilometres: several seconds on an AOS or LOS and a low pass shifted or lost, about
 * where a pass plan stops being worth having. It is also the age at which Space-Track's recommended query for the
 * current GP catalog stops (`EPOCH >now-30`). Shorter than the 60 days a stored state is propagated
 * (api/services/states/storedState.ts MAX_PROPAGATION_GAP_DAYS): a numerical propagation with the craft's own force model
 * degrades more slowly than SGP4 of a catalog set.
 */
export const CATALOG_MAX_EPOCH_DISTANCE_DAYS = 30;
/** Most stations in one pass request. */
export const EVENT_MAX_STATIONS = 100;

export const SpacecraftEventPath = z.object({
  spacecraftId: z.string().min(1).max(MAX_ID_LENGTH).openapi({ param: { name: 'spacecraftId', in: 'path' }, description: 'Canonical spacecraft id' }),
});

const span = {
  from: instantSchema('Start of the span (ISO-8601 instant with zone)', '2023-01-16T00:00:00Z'),
  to: instantSchema(`End of the span; after from, at most ${EVENT_MAX_SPAN_DAYS} days later`, '2023-01-19T00:00:00Z'),
};

/** The trajectory's source, on every event query. */
const sourceQuery = z
  .enum(['STATE', 'CATALOG'])
  .optional()
  .openapi({
    description:
      'STATE (default): the latest eligible stored state propagated with the force model and stored maneuvers. CATALOG: SGP4 of the current element set (newest epoch) ' +
      'of the spacecraft’s NORAD id in the organization’s catalog (POST /operations/catalog); 422 NO_NORAD_ID or NO_CATALOG_ELEMENT_SET when there is none, ' +
      `422 CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than ${CATALOG_MAX_EPOCH_DISTANCE_DAYS} days before or after the set's epoch. ` +
      'CATALOG also needs the permission read:conjunctions (the catalog’s), on top of read:spacecraft',
  });

export const PassQuery = z.object({
  ...span,
  stationIds: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({
      description: `Ground-station ids, repeated or comma-separated (at most ${EVENT_MAX_STATIONS}; default: every enabled station of the organization)`,
    }),
  minElevationDeg: z
    .string()
    .optional()
    .openapi({ type: 'number', description: "Count a pass only above this elevation (deg, -90..90) where it is higher than the station's own mask" }),
  source: sourceQuery,
});
export type PassQueryInput = z.infer<typeof PassQuery>;

export const SpanQuery = z.object({ ...span, source: sourceQuery });

export const OrbitEventQuery = z.object({
  ...span,
  source: sourceQuery,
  types: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({ description: 'NODE and/or APSIS, repeated or comma-separated (default both)' }),
});

export const PassIndexPath = SpacecraftEventPath.extend({
  index: z.string().regex(/^\d{1,6}$/, 'must be a pass index (0, 1, …)').openapi({ param: { name: 'index', in: 'path' }, type: 'integer', description: 'The pass `index` in the list the same query returns' }),
});

const basis = {
  spacecraftId: z.string(),
  source: z.enum(TRAJECTORY_SOURCES).openapi({ description: 'What the trajectory was computed from' }),
  stateVectorId: z.string().nullable().openapi({ description: 'STATE: the stored state propagated (SV-<n>); null for CATALOG' }),
  stateEpoch: z.string().nullable().openapi({ format: 'date-time', description: 'STATE: its epoch; null for CATALOG' }),
  elementSet: z
    .object({ noradId: z.number().int(), epoch: z.string().openapi({ format: 'date-time' }), name: z.string().nullable() })
    .nullable()
    .openapi({ description: 'CATALOG: the catalog element set propagated by SGP4 (its NORAD id and epoch); null for STATE' }),
  from: z.string().openapi({ format: 'date-time' }),
  to: z.string().openapi({ format: 'date-time' }),
  truncatedAt: z.string().nullable().openapi({ description: 'The propagation reached the 100 km floor here: no event after it' }),
  statistics: z.object({ propagationSteps: z.number().int(), gridStepS: z.number(), evaluations: z.number().int() }),
};

const PassPointSchema = z
  .object({ time: z.string().openapi({ format: 'date-time' }), elevationDeg: z.number(), azimuthDeg: z.number(), rangeKm: z.number() })
  .openapi('PassPoint');

export const PassSchema = z
  .object({
    index: z.number().int(),
    stationId: z.string(),
    stationName: z.string(),
    number: z.number().int().openapi({ description: '1, 2, … per station within the span' }),
    elevationThresholdDeg: z.number(),
    start: z.string().openapi({ format: 'date-time', description: 'AOS, or the span start when cut there' }),
    end: z.string().openapi({ format: 'date-time', description: 'LOS, or the span end when cut there' }),
    durationS: z.number(),
    cutAtStart: z.boolean(),
    cutAtEnd: z.boolean(),
    aos: PassPointSchema.nullable().openapi({ description: 'Elevation rising through the threshold; null when cut at the start' }),
    los: PassPointSchema.nullable().openapi({ description: 'Elevation setting through the threshold; null when cut at the end' }),
    maximum: PassPointSchema.extend({ atSpanEdge: z.boolean() }),
    localMaximaCount: z.number().int(),
  })
  .openapi('Pass');

export const PassesSchema = z.object({ ...basis, passes: z.array(PassSchema) }).openapi('PassPrediction');

export const EclipsesSchema = z
  .object({
    ...basis,
    eclipses: z.array(
      z.object({
        number: z.number().int(),
        start: z.string(),
        end: z.string(),
        cutAtStart: z.boolean(),
        cutAtEnd: z.boolean(),
        penumbraEntry: z.string().nullable(),
        penumbraExit: z.string().nullable(),
        umbra: z.array(z.object({ entry: z.string().nullable(), exit: z.string().nullable(), start: z.string(), end: z.string(), durationS: z.number() })),
        shadowDurationS: z.number(),
        umbraDurationS: z.number(),
        penumbraOnlyDurationS: z.number(),
      }),
    ),
    orbits: z.array(
      z.object({
        number: z.number().int(),
        start: z.string(),
        end: z.string(),
        complete: z.boolean(),
        shadowDurationS: z.number(),
        umbraDurationS: z.number(),
        shadowFraction: z.number(),
        umbraFraction: z.number(),
      }),
    ).openapi({ description: 'Ascending node to ascending node: the share of each orbit in shadow (partial first/last orbits: complete false)' }),
  })
  .openapi('EclipsePrediction');

export const OrbitEventsSchema = z
  .object({
    ...basis,
    nodes: z
      .array(z.object({ type: z.enum(NODE_TYPES), time: z.string(), rightAscensionDeg: z.number(), longitudeDeg: z.number() }))
      .nullable()
      .openapi({ description: 'Equator crossings (GCRF equator); null when not asked for' }),
    apsides: z
      .array(
        z.object({
          type: z.enum(APSIS_TYPES),
          time: z.string(),
          radiusKm: z.number(),
          altitudeKm: z.number(),
          latitudeDeg: z.number(),
          longitudeDeg: z.number(),
        }),
      )
      .nullable()
      .openapi({ description: 'Perigees and apogees (zeros of r·v); null when not asked for' }),
  })
  .openapi('OrbitEventPrediction');
