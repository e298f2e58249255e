/** Scheduled task routes (tag Tasks): /operations/spacecraft/{spacecraftId}/tasks[/{taskId}[/runs]]. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { pageSchema } from '../http/paging.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { created, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag } from '../http/preconditions.ts';
import {
  CreateTaskSchema,
  TaskCollectionPathSchema,
  TaskListQuerySchema,
  TaskPathSchema,
  TaskRunSchema,
  TaskSchema,
  UpdateTaskSchema,
} from '../schemas/tasks.ts';
import { createTask, getTask, listTaskRuns, listTasks, removeTask, taskTag, taskView, updateTask } from '../services/scheduledTasks.ts';

const TAG = 'Tasks';
const COLLECTION = '/operations/spacecraft/{spacecraftId}/tasks';
const ITEM = '/operations/spacecraft/{spacecraftId}/tasks/{taskId}';

const listRoute = createRoute({
  method: 'get', path: COLLECTION, tags: [TAG], security: SECURED,
  summary: "List a spacecraft's scheduled tasks (paged)",
  description: 'Sortable: name, createdAt (default asc), updatedAt, nextRunAt, kind. Permission read:tasks.',
  request: { params: TaskCollectionPathSchema, query: TaskListQuerySchema },
  responses: { 200: { description: 'A page of tasks', content: json(pageSchema(TaskSchema, 'TaskPage')) }, ...errorResponses(404) },
});

const createTaskRoute = createRoute({
  method: 'post', path: COLLECTION, tags: [TAG], security: SECURED,
  summary: 'Schedule a task (GENERATE_OEM, GENERATE_TLE, ORBIT_DETERMINATION, PREDICT_EVENTS)',
  description:
    'Schedule: INTERVAL (intervalSeconds from start), CRON (5 fields, UTC) or ONCE (at). Each run stores a product. ' +
    '409 SPACECRAFT_ARCHIVED on an archived craft. Permission write:tasks.',
  request: { params: TaskCollectionPathSchema, body: { required: true, content: json(CreateTaskSchema) } },
  responses: { 201: { description: 'The task (Location header)', headers: ETAG_HEADER, content: json(TaskSchema) }, ...errorResponses(404, 409, 415) },
});

const getRoute = createRoute({
  method: 'get', path: ITEM, tags: [TAG], security: SECURED,
  summary: 'Read one task (next run, last run status)',
  description: 'Any miss (spacecraft, task, another organization) is the same 404 TASK_NOT_FOUND. Permission read:tasks.',
  request: { params: TaskPathSchema },
  responses: { 200: { description: 'The task', headers: ETAG_HEADER, content: json(TaskSchema) }, ...errorResponses(404) },
});

const patchRoute = createRoute({
  method: 'patch', path: ITEM, tags: [TAG], security: SECURED,
  summary: 'Change a task (only the fields sent)',
  description: 'The next run is recomputed when the schedule changes or the task is enabled. Permission write:tasks.',
  request: { params: TaskPathSchema, headers: IfMatchHeaderSchema, body: { required: true, content: json(UpdateTaskSchema) } },
  responses: { 200: { description: 'The task', headers: ETAG_HEADER, content: json(TaskSchema) }, ...errorResponses(404, 409, 412, 415) },
});

const deleteRoute = createRoute({
  method: 'delete', path: ITEM, tags: [TAG], security: SECURED,
  summary: 'Delete a task (with its runs and products)',
  description: 'Permission write:tasks.',
  request: { params: TaskPathSchema, headers: IfMatchHeaderSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404, 412) },
});

const runsRoute = createRoute({
  method: 'get', path: `${ITEM}/runs`, tags: [TAG], security: SECURED,
  summary: "A task's runs (paged): status, attempts, retry time, failure reason, product",
  description: 'Sortable: scheduledFor (default desc), createdAt. Permission read:tasks.',
  request: { params: TaskPathSchema, query: TaskListQuerySchema },
  responses: { 200: { description: 'A page of runs', content: json(pageSchema(TaskRunSchema, 'TaskRunPage')) }, ...errorResponses(404) },
});

export function registerTaskRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => {
    const { spacecraftId } = c.req.valid('param');
    return c.json(await listTasks(c.get('deps').db, c.get('caller').organizationId, spacecraftId, c.req.valid('query')), 200);
  });

  app.openapi(createTaskRoute, async (c) => {
    const { spacecraftId } = c.req.valid('param');
    const task = await createTask(c.get('deps').db, c.get('caller').organizationId, spacecraftId, c.req.valid('json'));
    c.get('deps').taskRunner?.wake();
    return created(c.json(taskView(task), 201), `/operations/spacecraft/${spacecraftId}/tasks/${task.id}`, taskTag(task));
  });

  app.openapi(getRoute, async (c) => {
    const { spacecraftId, taskId } = c.req.valid('param');
    const task = await getTask(c.get('deps').db, c.get('caller').organizationId, spacecraftId, taskId);
    return withEntityTag(c, taskTag(task), c.json(taskView(task), 200));
  });

  app.openapi(patchRoute, async (c) => {
    const { spacecraftId, taskId } = c.req.valid('param');
    const task = await updateTask(c.get('deps').db, c.get('caller').organizationId, spacecraftId, taskId, c.req.valid('json'), Date.now(), ifMatchOf(c));
    c.get('deps').taskRunner?.wake();
    return withEntityTag(c, taskTag(task), c.json(taskView(task), 200));
  });

  app.openapi(deleteRoute, async (c) => {
    const { spacecraftId, taskId } = c.req.valid('param');
    await removeTask(c.get('deps').db, c.get('caller').organizationId, spacecraftId, taskId, ifMatchOf(c));
    return c.body(null, 204);
  });

  app.openapi(runsRoute, async (c) => {
    const { spacecraftId, taskId } = c.req.valid('param');
    return c.json(await listTaskRuns(c.get('deps').db, c.get('caller').organizationId, spacecraftId, taskId, c.req.valid('query')), 200);
  });
}
