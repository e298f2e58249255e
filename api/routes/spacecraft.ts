/**
 * Spacecraft registry routes (tag Spacecraft): list, create, read, partial update, lifecycle.
 * Permissions come from api/permissions.ts; the organization only from the caller's key.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { reassessConjunctions } from '../services/conjunctions/assessment.ts';
import type { AppEnv } from '../context.ts';
import { envelope } from '../http/errors.ts';
import { ErrorEnvelopeSchema, errorResponses, json, SECURED } from '../openapi.ts';
import { created, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag } from '../http/preconditions.ts';
import {
  CreateSpacecraftRequestSchema,
  IdParamSchema,
  LifecycleRequestSchema,
  SpacecraftListQuerySchema,
  SpacecraftPageSchema,
  SpacecraftSchema,
  UpdateSpacecraftRequestSchema,
} from '../schemas/spacecraft.ts';
import {
  changeLifecycle,
  createSpacecraft,
  getSpacecraft,
  listSpacecraftPage,
  spacecraftEntityTag,
  updateSpacecraft,
} from '../services/spacecraft/spacecraft.ts';
import type { LifecycleStatus } from '../../domain/spacecraft/model.ts';

const TAG = 'Spacecraft';

const listRoute = createRoute({
  method: 'get',
  path: '/operations/spacecraft',
  tags: [TAG],
  summary: 'List spacecraft (summaries, paged)',
  description:
    'Filters are exact (name case-insensitive). Without status, only Active craft are listed unless includeArchived=true. ' +
    'Permission PERM_read:spacecraft.',
  security: SECURED,
  request: { query: SpacecraftListQuerySchema },
  responses: {
    200: { description: 'A page of spacecraft summaries', content: json(SpacecraftPageSchema) },
    ...errorResponses(),
  },
});

const createSpacecraftRoute = createRoute({
  method: 'post',
  path: '/operations/spacecraft',
  tags: [TAG],
  summary: 'Register a spacecraft',
  description: 'Creates an Active spacecraft; derived geometry is computed. Permission write:spacecraft.',
  security: SECURED,
  request: { body: { required: true, content: json(CreateSpacecraftRequestSchema) } },
  responses: {
    201: { description: 'The full spacecraft record', headers: ETAG_HEADER, content: json(SpacecraftSchema) },
    ...errorResponses(409, 415),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/operations/spacecraft/{id}',
  tags: [TAG],
  summary: 'Read one spacecraft',
  description: 'Permission read:spacecraft. A spacecraft of another organization is 404. ETag: send it back as If-Match on PATCH/lifecycle.',
  security: SECURED,
  request: { params: IdParamSchema },
  responses: {
    200: { description: 'The full spacecraft record', headers: ETAG_HEADER, content: json(SpacecraftSchema) },
    ...errorResponses(404),
  },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/operations/spacecraft/{id}',
  tags: [TAG],
  summary: 'Update a spacecraft partially',
  description:
    'Omitted fields are unchanged. externalKey: unique in the organization and immutable once set (409). ' +
    'Permission write:spacecraft.',
  security: SECURED,
  request: { params: IdParamSchema, headers: IfMatchHeaderSchema, body: { required: true, content: json(UpdateSpacecraftRequestSchema) } },
  responses: {
    200: { description: 'The updated record', headers: ETAG_HEADER, content: json(SpacecraftSchema) },
    ...errorResponses(404, 409, 412, 415),
  },
});

const LifecycleConflictSchema = ErrorEnvelopeSchema.extend({
  taskCount: z.number().int().openapi({ description: 'Number of scheduled tasks the craft has (also in details.taskCount)' }),
}).openapi('LifecycleTaskConflict');

const lifecycleRoute = createRoute({
  method: 'put',
  path: '/operations/spacecraft/{id}/lifecycle',
  tags: [TAG],
  summary: 'Archive or restore a spacecraft',
  description:
    'Active → Archived: when the craft has scheduled tasks, confirmTaskDeletion must be true and the tasks are ' +
    'permanently deleted in the same transaction; otherwise 409 with taskCount. Archived → Active: the flag is ' +
    'ignored. Requesting the current status returns the record unchanged. The id is resolved strictly (names and ' +
    'NORAD ids are 404). Permission write:spacecraft.',
  security: SECURED,
  request: { params: IdParamSchema, headers: IfMatchHeaderSchema, body: { required: true, content: json(LifecycleRequestSchema) } },
  responses: {
    200: { description: 'The spacecraft record', headers: ETAG_HEADER, content: json(SpacecraftSchema) },
    ...errorResponses(404, 412, 415),
    409: {
      description: 'Scheduled tasks exist and confirmTaskDeletion is not true (error TASK_DELETION_NOT_CONFIRMED)',
      content: json(LifecycleConflictSchema),
    },
  },
});

export function registerSpacecraftRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => {
    const page = await listSpacecraftPage(c.get('deps').db, c.get('caller').organizationId, c.req.valid('query'));
    return c.json(page, 200);
  });

  app.openapi(createSpacecraftRoute, async (c) => {
    const spacecraft = await createSpacecraft(c.get('deps').db, c.get('caller').organizationId, c.req.valid('json'));
    return created(c.json(spacecraft, 201), `/operations/spacecraft/${encodeURIComponent(spacecraft.id)}`, spacecraftEntityTag(spacecraft));
  });

  app.openapi(getRoute, async (c) => {
    const spacecraft = await getSpacecraft(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return withEntityTag(c, spacecraftEntityTag(spacecraft), c.json(spacecraft, 200));
  });

  app.openapi(patchRoute, async (c) => {
    const spacecraft = await updateSpacecraft(
      c.get('deps').db,
      c.get('caller').organizationId,
      c.req.valid('param').id,
      c.req.valid('json'),
      ifMatchOf(c),
    );
    // its stored conjunction Pc follow a new hard-body radius before the answer
    if (c.req.valid('json').hardBodyRadiusM !== undefined) await reassessConjunctions(c.get('deps').db, c.get('deps').pool, spacecraft.organizationId, { kind: 'SPACECRAFT', spacecraftId: spacecraft.id });
    return withEntityTag(c, spacecraftEntityTag(spacecraft), c.json(spacecraft, 200));
  });

  app.openapi(lifecycleRoute, async (c) => {
    const body = c.req.valid('json');
    const result = await changeLifecycle(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, {
      lifecycleStatus: body.lifecycleStatus as LifecycleStatus,
      confirmTaskDeletion: body.confirmTaskDeletion,
    }, ifMatchOf(c));
    if (result.outcome === 'confirmation-required') {
      const conflictBody = {
        ...envelope(
          c,
          409,
          'TASK_DELETION_NOT_CONFIRMED',
          `The spacecraft has ${result.taskCount} scheduled task(s); archiving deletes them permanently. ` +
            'Repeat with confirmTaskDeletion: true to proceed.',
          { code: 'spacecraft.lifecycle.task-deletion.unconfirmed', details: { taskCount: result.taskCount } },
        ),
        taskCount: result.taskCount,
      };
      return c.json(conflictBody, 409);
    }
    return withEntityTag(c, spacecraftEntityTag(result.spacecraft), c.json(result.spacecraft, 200));
  });
}
