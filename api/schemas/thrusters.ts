/** Thruster request and response schemas (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { boundedNumber, safeText } from './limits.ts';
import { MAX_THRUST_N } from '../../domain/limits.ts';
import { RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { BodyPositionInputSchema, DirectionInputSchema, Vector3Schema } from './spacecraft.ts';

export const MIN_ISP_S = 50;
export const MAX_ISP_S = 10_000;

export const ThrusterRequestSchema = z
  .object({
    name: safeText(100),
    thrustN: boundedNumber(0, MAX_THRUST_N, 'N', { exclusiveMin: true }).openapi({ description: `Thrust, N (> 0, ≤ ${MAX_THRUST_N})` }),
    ispS: z.number().min(MIN_ISP_S).max(MAX_ISP_S).openapi({ description: `Specific impulse, s (${MIN_ISP_S}..${MAX_ISP_S})` }),
    direction: DirectionInputSchema.openapi({ description: 'Body-frame thrust direction; normalized on write; the zero vector is rejected' }),
    positionM: BodyPositionInputSchema.optional().openapi({ description: 'Body-frame nozzle position, m (each within ±1000 m); default {0,0,0}' }),
    enabled: z.boolean().optional().openapi({ description: 'Default true' }),
  })
  .openapi('ThrusterRequest', { description: 'Create or replace (PUT) a thruster; omitted optional fields take their defaults' });

export type ThrusterRequest = z.infer<typeof ThrusterRequestSchema>;

export const ThrusterSchema = z
  .object({
    id: z.string(),
    spacecraftId: z.string(),
    name: z.string(),
    thrustN: z.number(),
    ispS: z.number(),
    direction: Vector3Schema.openapi({ description: 'Body-frame unit vector' }),
    positionM: Vector3Schema,
    enabled: z.boolean(),
    createdAt: RecordTimestampSchema,
    updatedAt: RecordTimestampSchema,
  })
  .openapi('Thruster');

export const ThrusterPageSchema = pageSchema(ThrusterSchema, 'ThrusterPage');

export const ThrusterListQuerySchema = z.object({
  ...pageableQuery,
  sort: pageableQuery.sort.openapi({ description: 'Sort `field,asc|desc`, repeatable; fields: name, createdAt, updatedAt, thrustN; default createdAt,asc' }),
});
