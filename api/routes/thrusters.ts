/** Thruster routes (tag Thrusters): /operations/spacecraft/{spacecraftId}/thrusters[/{thrusterId}]. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { ThrusterListQuerySchema, ThrusterPageSchema, ThrusterRequestSchema, ThrusterSchema } from '../schemas/thrusters.ts';
import { createThruster, getThruster, listThrustersOf, removeThruster, replaceThrusterOf } from '../services/spacecraft/thrusters.ts';
import { registerSpacecraftSubResource } from './spacecraftSubResource.ts';

export function registerThrusterRoutes(app: OpenAPIHono<AppEnv>): void {
  registerSpacecraftSubResource(app, {
    tag: 'Thrusters',
    plural: 'thrusters',
    singular: 'thruster',
    idParam: 'thrusterId',
    defaultOrder: 'oldest first',
    descriptions: {
      create: 'The direction is normalized. Permission write:spacecraft.',
      replace: 'Full replacement; omitted optional fields take their defaults. Permission write:spacecraft.',
      remove: "409 THRUSTER_IN_USE (details.references) while the spacecraft's maneuverCapabilities reference it. Permission write:spacecraft.",
    },
    removeErrors: [404, 409, 412],
    schemas: { item: ThrusterSchema, page: ThrusterPageSchema, request: ThrusterRequestSchema, listQuery: ThrusterListQuerySchema },
    service: { list: listThrustersOf, create: createThruster, get: getThruster, replace: replaceThrusterOf, remove: removeThruster },
  });
}
