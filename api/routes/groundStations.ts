/** Ground-station routes (tag Ground Stations): /operations/ground-stations[/{id}]. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { created, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag } from '../http/preconditions.ts';
import { pageEnvelope, parsePageable } from '../http/paging.ts';
import {
  CreateGroundStationSchema,
  DeleteGroundStationQuerySchema,
  GroundStationListQuerySchema,
  GroundStationPageSchema,
  GroundStationPathSchema,
  GroundStationSchema,
  PatchGroundStationSchema,
} from '../schemas/groundStations.ts';
import {
  createGroundStation,
  getGroundStation,
  groundStationTag,
  listGroundStationPage,
  patchGroundStation,
  removeGroundStation,
} from '../services/measurements/groundStations.ts';
import { GROUND_STATION_SORT_COLUMNS } from '../../storage/groundStations.ts';

const TAG = ['Ground Stations'];
const COLLECTION = '/operations/ground-stations';
const ITEM = '/operations/ground-stations/{id}';

const listRoute = createRoute({
  method: 'get', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'List ground stations (paged)',
  description: `Default sort name,asc; sortable ${Object.keys(GROUND_STATION_SORT_COLUMNS).join(', ')}. Permission read:stations.`,
  request: { query: GroundStationListQuerySchema },
  responses: { 200: { description: 'Page of stations', content: json(GroundStationPageSchema) }, ...errorResponses() },
});

const createStationRoute = createRoute({
  method: 'post', path: COLLECTION, tags: TAG, security: SECURED,
  summary: 'Create a ground station',
  description:
    'Position as WGS-84 latitudeDeg/longitudeDeg/heightM or ITRF itrfPositionM (m); the other form is derived. Name and ' +
    'aliases are unique in the organization (trimmed, case-insensitive; 409 STATION_NAME_CONFLICT). Stored measurements ' +
    'whose ground participant has one of these names and was unresolved are linked to the new station. 201 with Location. ' +
    'Permission write:stations.',
  request: { body: { required: true, content: json(CreateGroundStationSchema) } },
  responses: { 201: { description: 'The station', headers: ETAG_HEADER, content: json(GroundStationSchema) }, ...errorResponses(409, 415) },
});

const getRoute = createRoute({
  method: 'get', path: ITEM, tags: TAG, security: SECURED,
  summary: 'Read one ground station',
  description: 'Another organization\'s station is 404. Permission read:stations.',
  request: { params: GroundStationPathSchema },
  responses: { 200: { description: 'The station', headers: ETAG_HEADER, content: json(GroundStationSchema) }, ...errorResponses(404) },
});

const patchRoute = createRoute({
  method: 'patch', path: ITEM, tags: TAG, security: SECURED,
  summary: 'Update a ground station (only the fields sent)',
  description: 'A station referenced by stored measurements can be edited; they stay linked to it. Permission write:stations.',
  request: { params: GroundStationPathSchema, headers: IfMatchHeaderSchema, body: { required: true, content: json(PatchGroundStationSchema) } },
  responses: { 200: { description: 'The station', headers: ETAG_HEADER, content: json(GroundStationSchema) }, ...errorResponses(404, 409, 412, 415) },
});

const deleteRoute = createRoute({
  method: 'delete', path: ITEM, tags: TAG, security: SECURED,
  summary: 'Delete a ground station',
  description:
    '409 STATION_IN_USE (details.measurementCount) while stored measurements reference it, unless force=true: then they ' +
    'keep the station name and lose the link. Permission write:stations.',
  request: { params: GroundStationPathSchema, query: DeleteGroundStationQuerySchema, headers: IfMatchHeaderSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404, 409, 412) },
});

export function registerGroundStationRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = parsePageable(query, Object.keys(GROUND_STATION_SORT_COLUMNS), [{ field: 'name', direction: 'asc' }]);
    const filter = {
      ...(query.name !== undefined ? { name: query.name } : {}),
      ...(query.enabled !== undefined ? { enabled: query.enabled === 'true' } : {}),
    };
    const { items, totalElements } = await listGroundStationPage(c.get('deps').db, c.get('caller').organizationId, filter, page);
    return c.json(pageEnvelope(items, totalElements, page), 200);
  });

  app.openapi(createStationRoute, async (c) => {
    const station = await createGroundStation(c.get('deps').db, c.get('caller').organizationId, c.req.valid('json'));
    return created(c.json(station, 201), `${COLLECTION}/${station.id}`, groundStationTag(station));
  });

  app.openapi(getRoute, async (c) => {
    const station = await getGroundStation(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id);
    return withEntityTag(c, groundStationTag(station), c.json(station, 200));
  });

  app.openapi(patchRoute, async (c) => {
    const station = await patchGroundStation(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, c.req.valid('json'), ifMatchOf(c));
    return withEntityTag(c, groundStationTag(station), c.json(station, 200));
  });

  app.openapi(deleteRoute, async (c) => {
    await removeGroundStation(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').id, c.req.valid('query').force === 'true', ifMatchOf(c));
    return c.body(null, 204);
  });
}
