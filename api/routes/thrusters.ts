/** Thruster routes (tag Thrusters): /operations/spacecraft/{spacecraftId}/thrusters[/{thrusterId}]. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { created, entityTag, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag } from '../preconditions.ts';
import {
  SpacecraftPathSchema,
  ThrusterListQuerySchema,
  ThrusterPageSchema,
  ThrusterPathSchema,
  ThrusterRequestSchema,
  ThrusterSchema,
} from '../schemas/thrusters.ts';
import { createThruster, getThruster, listThrustersOf, removeThruster, replaceThrusterOf } from '../services/thrusters.ts';

const TAG = 'Thrusters';
const COLLECTION = '/operations/spacecraft/{spacecraftId}/thrusters';
const ITEM = '/operations/spacecraft/{spacecraftId}/thrusters/{thrusterId}';

const listRoute = createRoute({
  method: 'get',
  path: COLLECTION,
  tags: [TAG],
  summary: "List a spacecraft's thrusters (paged; oldest first by default)",
  description: 'Permission read:spacecraft. Unknown spacecraft or another organization → 404.',
  security: SECURED,
  request: { params: SpacecraftPathSchema, query: ThrusterListQuerySchema },
  responses: { 200: { description: 'A page of thrusters of the craft', content: json(ThrusterPageSchema) }, ...errorResponses(404) },
});

const createThrusterRoute = createRoute({
  method: 'post',
  path: COLLECTION,
  tags: [TAG],
  summary: 'Add a thruster',
  description: 'The direction is normalized. Permission write:spacecraft.',
  security: SECURED,
  request: { params: SpacecraftPathSchema, body: { required: true, content: json(ThrusterRequestSchema) } },
  responses: { 201: { description: 'The thruster', headers: ETAG_HEADER, content: json(ThrusterSchema) }, ...errorResponses(404, 415) },
});

const getRoute = createRoute({
  method: 'get',
  path: ITEM,
  tags: [TAG],
  summary: 'Read one thruster',
  description: 'Permission read:spacecraft. Any miss (spacecraft, thruster, another organization) is the same 404.',
  security: SECURED,
  request: { params: ThrusterPathSchema },
  responses: { 200: { description: 'The thruster', headers: ETAG_HEADER, content: json(ThrusterSchema) }, ...errorResponses(404) },
});

const putRoute = createRoute({
  method: 'put',
  path: ITEM,
  tags: [TAG],
  summary: 'Replace a thruster',
  description: 'Full replacement; omitted optional fields take their defaults. Permission write:spacecraft.',
  security: SECURED,
  request: { params: ThrusterPathSchema, headers: IfMatchHeaderSchema, body: { required: true, content: json(ThrusterRequestSchema) } },
  responses: { 200: { description: 'The thruster', headers: ETAG_HEADER, content: json(ThrusterSchema) }, ...errorResponses(404, 412, 415) },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: ITEM,
  tags: [TAG],
  summary: 'Remove a thruster',
  description:
    "409 THRUSTER_IN_USE (details.references) while the spacecraft's maneuverCapabilities reference it. " +
    'Permission write:spacecraft.',
  security: SECURED,
  request: { params: ThrusterPathSchema, headers: IfMatchHeaderSchema },
  responses: { 204: { description: 'Removed' }, ...errorResponses(404, 409, 412) },
});

export function registerThrusterRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => {
    const page = await listThrustersOf(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').spacecraftId, c.req.valid('query'));
    return c.json(page, 200);
  });

  app.openapi(createThrusterRoute, async (c) => {
    const { spacecraftId } = c.req.valid('param');
    const thruster = await createThruster(c.get('deps').db, c.get('caller').organizationId, spacecraftId, c.req.valid('json'));
    return created(c.json(thruster, 201), `/operations/spacecraft/${encodeURIComponent(spacecraftId)}/thrusters/${thruster.id}`, entityTag(thruster));
  });

  app.openapi(getRoute, async (c) => {
    const { spacecraftId, thrusterId } = c.req.valid('param');
    const thruster = await getThruster(c.get('deps').db, c.get('caller').organizationId, spacecraftId, thrusterId);
    return withEntityTag(c, entityTag(thruster), c.json(thruster, 200));
  });

  app.openapi(putRoute, async (c) => {
    const { spacecraftId, thrusterId } = c.req.valid('param');
    const thruster = await replaceThrusterOf(c.get('deps').db, c.get('caller').organizationId, spacecraftId, thrusterId, c.req.valid('json'), ifMatchOf(c));
    return withEntityTag(c, entityTag(thruster), c.json(thruster, 200));
  });

  app.openapi(deleteRoute, async (c) => {
    const { spacecraftId, thrusterId } = c.req.valid('param');
    await removeThruster(c.get('deps').db, c.get('caller').organizationId, spacecraftId, thrusterId, ifMatchOf(c));
    return c.body(null, 204);
  });
}
