/**
 * Ground-station request and response schemas (validation + OpenAPI). zod checks types and single-field ranges; the
 * rules that span fields (one position form, the height of an ITRF position, unique names) live in
 * api/services/measurements/groundStations.ts.
 */
import { z } from '@hono/zod-openapi';
import { queryFlag } from './queryFlag.ts';
import { RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { filterText, safeText } from './limits.ts';

export const GROUND_STATION_DEFAULTS = { elevationMaskDeg: 10, enabled: true } as const;
/** Heights a ground station may have above the WGS-84 ellipsoid, m (Dead Sea shore … well above any summit). */
export const STATION_HEIGHT_RANGE_M = [-1000, 20000] as const;
export const MAX_ALIASES = 20;
const NAME_LIMIT = 100;

const name = safeText(NAME_LIMIT);
const timestamp = RecordTimestampSchema;

const perType = (unitOf: { range: string; rate: string; angle: string }, check: (s: z.ZodNumber) => z.ZodNumber, what: string) =>
  z
    .object({
      rangeM: check(z.number()).nullable().optional().openapi({ description: `Range ${what}, ${unitOf.range}` }),
      rangeRateMS: check(z.number()).nullable().optional().openapi({ description: `Range-rate ${what}, ${unitOf.rate}` }),
      angleDeg: check(z.number()).nullable().optional().openapi({ description: `Angle ${what} (each angle), ${unitOf.angle}` }),
    })
    .openapi({ description: `Per-type ${what}s; null or absent = not set (PATCH merges field by field; null clears)` });

const UNITS = { range: 'm', rate: 'm/s', angle: 'deg' };
const SigmaRequestSchema = perType(UNITS, (s) => s.positive('must be > 0').max(1e6, 'must be at most 1e6'), 'sigma');
const BiasRequestSchema = perType(UNITS, (s) => s.min(-1e6, 'must be at least -1e6').max(1e6, 'must be at most 1e6'), 'bias');

const ItrfSchema = z
  .array(z.number())
  .length(3, 'must be [x, y, z]')
  .openapi({ description: 'ITRF Cartesian position [x, y, z], m', example: [4220180.2, 836896.7, 4714556.7] });

const stationFields = {
  aliases: z
    .array(name)
    .max(MAX_ALIASES, `at most ${MAX_ALIASES} aliases`)
    .optional()
    .openapi({ description: 'Other names of the station (TDM PARTICIPANT_n values); resolution is by name or alias, trimmed and case-insensitive' }),
  latitudeDeg: z.number().min(-90, 'must be in [-90, 90]').max(90, 'must be in [-90, 90]').optional().openapi({ description: 'Geodetic latitude on WGS-84, deg' }),
  longitudeDeg: z
    .number()
    .min(-180, 'must be in [-180, 360)')
    .lt(360, 'must be in [-180, 360)')
    .optional()
    .openapi({ description: 'Geodetic longitude, deg east (stored in (-180, 180])' }),
  heightM: z.number().optional().openapi({ description: `Height above the WGS-84 ellipsoid, m (${STATION_HEIGHT_RANGE_M.join(' .. ')})` }),
  itrfPositionM: ItrfSchema.optional(),
  elevationMaskDeg: z
    .number()
    .min(-10, 'must be in [-10, 90)')
    .lt(90, 'must be in [-10, 90)')
    .optional()
    .openapi({ description: `Elevation mask, deg (default ${GROUND_STATION_DEFAULTS.elevationMaskDeg}); measurements below it are not used` }),
  sigma: SigmaRequestSchema.optional(),
  bias: BiasRequestSchema.optional(),
  enabled: z.boolean().optional().openapi({ description: 'Default true; a disabled station\'s measurements are not used by residuals or orbit determination' }),
};

export const CreateGroundStationSchema = z
  .object({ name: name.openapi({ description: 'Unique in the organization (case-insensitive, with every alias)', example: 'VIS-STN-1' }), ...stationFields })
  .openapi('GroundStationRequest', {
    description: 'Give the position either as latitudeDeg + longitudeDeg + heightM (WGS-84) or as itrfPositionM; the other form is derived',
  });

export const PatchGroundStationSchema = z
  .object({ name: name.optional(), ...stationFields })
  .openapi('GroundStationPatch', {
    description:
      'Only the fields sent change. aliases replaces the list. Geodetic fields may be sent alone (the others are kept) or ' +
      'itrfPositionM; not both. sigma and bias merge field by field (null clears one).',
  });

export type CreateGroundStationInput = z.infer<typeof CreateGroundStationSchema>;
export type PatchGroundStationInput = z.infer<typeof PatchGroundStationSchema>;

const perTypeResponse = (what: string) =>
  z.object({
    rangeM: z.number().nullable().openapi({ description: `Range ${what}, m` }),
    rangeRateMS: z.number().nullable().openapi({ description: `Range-rate ${what}, m/s` }),
    angleDeg: z.number().nullable().openapi({ description: `Angle ${what}, deg` }),
  });

export const GroundStationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    aliases: z.array(z.string()),
    latitudeDeg: z.number(),
    longitudeDeg: z.number(),
    heightM: z.number(),
    itrfPositionM: z.array(z.number()).openapi({ description: 'ITRF Cartesian position, m' }),
    elevationMaskDeg: z.number(),
    sigma: perTypeResponse('sigma'),
    bias: perTypeResponse('constant bias (subtracted from the observed value)'),
    enabled: z.boolean(),
    measurementCount: z.number().int().openapi({ description: 'Stored measurements whose ground participant resolved to this station' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('GroundStation');

export const GroundStationPageSchema = pageSchema(GroundStationSchema, 'GroundStationPage');

export const GroundStationPathSchema = z.object({
  id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' }, description: 'Ground-station id' }),
});

export const GroundStationListQuerySchema = z.object({
  name: filterText(NAME_LIMIT).optional().openapi({ description: 'A name or alias (trimmed, case-insensitive, exact); max 100 characters' }),
  enabled: queryFlag('Only enabled (true) or only disabled (false) stations; both when absent'),
  ...pageableQuery,
});

export const DeleteGroundStationQuerySchema = z.object({
  force: queryFlag('Delete even when stored measurements reference the station (they keep the station name and lose the link); default false'),
});
