/** Payload (sensor) request and response schemas (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { boundedNumber, safeText } from './limits.ts';
import { MAX_MASS_KG, MAX_POWER_W } from '../../domain/limits.ts';
import { RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { DirectionInputSchema, Vector3Schema } from './spacecraft.ts';

export const PAYLOAD_TYPES = ['CAMERA', 'RADAR', 'RF', 'LIDAR', 'SPECTROMETER', 'OTHER'] as const;

export const PayloadRequestSchema = z
  .object({
    name: safeText(100),
    type: z.enum(PAYLOAD_TYPES),
    massKg: boundedNumber(0, MAX_MASS_KG, 'kg', { exclusiveMin: true }).nullable().optional()
      .openapi({ description: `Mass, kg (> 0, ≤ ${MAX_MASS_KG}); default null` }),
    powerW: boundedNumber(0, MAX_POWER_W, 'W').nullable().optional().openapi({ description: `Power draw, W (0..${MAX_POWER_W}); default null` }),
    boresight: DirectionInputSchema.optional()
      .openapi({ description: 'Body-frame boresight; normalized on write; the zero vector is rejected; default +Z {0,0,1}' }),
    fieldOfViewDeg: z.number().gt(0).max(180).nullable().optional()
      .openapi({ description: 'Full cone angle, degrees, (0, 180]; default null' }),
  })
  .openapi('PayloadRequest', {
    description: 'Create or replace (PUT) a payload; slotIndex is assigned by the server and never changes',
  });

export type PayloadRequest = z.infer<typeof PayloadRequestSchema>;

export const PayloadSchema = z
  .object({
    id: z.string(),
    spacecraftId: z.string(),
    name: z.string(),
    type: z.enum(PAYLOAD_TYPES),
    slotIndex: z.number().int().openapi({
      description:
        'Assigned on create: one more than the highest slot ever assigned on this craft (the first is 0). Deleted ' +
        'slots stay as gaps and are never reused or repacked',
    }),
    massKg: z.number().nullable(),
    powerW: z.number().nullable(),
    boresight: Vector3Schema.openapi({ description: 'Body-frame unit vector' }),
    fieldOfViewDeg: z.number().nullable(),
    createdAt: RecordTimestampSchema,
    updatedAt: RecordTimestampSchema,
  })
  .openapi('Payload');

export const PayloadPageSchema = pageSchema(PayloadSchema, 'PayloadPage');

export const PayloadListQuerySchema = z.object({
  ...pageableQuery,
  sort: pageableQuery.sort.openapi({ description: 'Sort `field,asc|desc`, repeatable; fields: slotIndex, name, type, createdAt, updatedAt; default slotIndex,asc' }),
});
