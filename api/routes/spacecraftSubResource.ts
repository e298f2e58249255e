/**
 * The routes of a resource owned by one spacecraft (thrusters, payloads): a paged collection
 * `/operations/spacecraft/{spacecraftId}/<plural>` (list, create) and its items `…/<plural>/{<idParam>}` (read,
 * replace, delete), with ETags and If-Match. One factory, so that every such resource has the same paths, parameters,
 * status codes and headers; each resource gives its schemas, its use cases and the words of its documentation.
 */
import { createRoute, z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Db } from '../../storage/sql/db.ts';
import type { AppEnv } from '../context.ts';
import type { PageableInput } from '../http/paging.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { created, entityTag, ETAG_HEADER, ifMatchOf, IfMatchHeaderSchema, withEntityTag, type IfMatch } from '../http/preconditions.ts';

type Schema = z.ZodType;

export interface SpacecraftSubResource<Item extends { id: string }, Body> {
  /** OpenAPI tag: `Thrusters`. */
  tag: string;
  /** Path segment and plural noun: `thrusters`. */
  plural: string;
  /** Singular noun: `thruster`. */
  singular: string;
  /** Name of the item's path parameter: `thrusterId`. */
  idParam: string;
  /** How the list is ordered when no sort is given, for its summary: `oldest first`. */
  defaultOrder: string;
  /** Descriptions of create, replace and delete (what is particular to the resource, then the permission). */
  descriptions: { create: string; replace: string; remove: string };
  /** Error statuses of delete (a resource still referenced answers 409). */
  removeErrors: readonly number[];
  schemas: { item: Schema; page: Schema; request: Schema; listQuery: z.ZodObject };
  service: {
    list(db: Db, organizationId: string, spacecraftId: string, query: PageableInput): Promise<unknown>;
    create(db: Db, organizationId: string, spacecraftId: string, body: Body): Promise<Item>;
    get(db: Db, organizationId: string, spacecraftId: string, id: string): Promise<Item>;
    replace(db: Db, organizationId: string, spacecraftId: string, id: string, body: Body, ifMatch: IfMatch): Promise<Item>;
    remove(db: Db, organizationId: string, spacecraftId: string, id: string, ifMatch: IfMatch): Promise<void>;
  };
}

const SpacecraftPathSchema = z.object({
  spacecraftId: z.string().min(1).openapi({ param: { name: 'spacecraftId', in: 'path' }, description: 'Canonical spacecraft id' }),
});

export function registerSpacecraftSubResource<Item extends { id: string }, Body>(app: OpenAPIHono<AppEnv>, resource: SpacecraftSubResource<Item, Body>): void {
  const { tag, plural, singular, idParam, schemas, service } = resource;
  const collection = `/operations/spacecraft/{spacecraftId}/${plural}`;
  const item = `${collection}/{${idParam}}`;
  const noun = `${singular[0]!.toUpperCase()}${singular.slice(1)}`;
  const ItemPathSchema = SpacecraftPathSchema.extend({
    [idParam]: z.string().min(1).openapi({ param: { name: idParam, in: 'path' }, description: `${noun} id` }),
  });
  const itemResponse = () => ({ description: `The ${singular}`, headers: ETAG_HEADER, content: json(schemas.item) });

  const route = <R extends RouteConfig['request']>(method: 'get' | 'post' | 'put' | 'delete', path: string, summary: string, description: string, request: R, responses: RouteConfig['responses']) =>
    createRoute({ method, path, tags: [tag], summary, description, security: SECURED, request, responses });

  const listRoute = route('get', collection, `List a spacecraft's ${plural} (paged; ${resource.defaultOrder} by default)`,
    'Permission read:spacecraft. Unknown spacecraft or another organization → 404.',
    { params: SpacecraftPathSchema, query: schemas.listQuery },
    { 200: { description: `A page of ${plural} of the craft`, content: json(schemas.page) }, ...errorResponses(404) });
  const createItemRoute = route('post', collection, `Add a ${singular}`, resource.descriptions.create,
    { params: SpacecraftPathSchema, body: { required: true, content: json(schemas.request) } },
    { 201: itemResponse(), ...errorResponses(404, 415) });
  const getRoute = route('get', item, `Read one ${singular}`,
    `Permission read:spacecraft. Any miss (spacecraft, ${singular}, another organization) is the same 404.`,
    { params: ItemPathSchema },
    { 200: itemResponse(), ...errorResponses(404) });
  const putRoute = route('put', item, `Replace a ${singular}`, resource.descriptions.replace,
    { params: ItemPathSchema, headers: IfMatchHeaderSchema, body: { required: true, content: json(schemas.request) } },
    { 200: itemResponse(), ...errorResponses(404, 412, 415) });
  const deleteRoute = route('delete', item, `Remove a ${singular}`, resource.descriptions.remove,
    { params: ItemPathSchema, headers: IfMatchHeaderSchema },
    { 204: { description: 'Removed' }, ...errorResponses(...resource.removeErrors) });

  // The handlers read what the routes' schemas validated; the generic schemas give them no static types.
  const params = (c: { req: { valid(target: 'param'): unknown } }) => c.req.valid('param') as Record<string, string> & { spacecraftId: string };
  const body = (c: { req: { valid(target: 'json'): unknown } }) => c.req.valid('json') as Body;

  app.openapi(listRoute, async (c) => {
    const page = await service.list(c.get('deps').db, c.get('caller').organizationId, params(c).spacecraftId, c.req.valid('query') as PageableInput);
    return c.json(page as never, 200);
  });

  app.openapi(createItemRoute, async (c) => {
    const { spacecraftId } = params(c);
    const made = await service.create(c.get('deps').db, c.get('caller').organizationId, spacecraftId, body(c));
    return created(c.json(made as never, 201), `/operations/spacecraft/${encodeURIComponent(spacecraftId)}/${plural}/${made.id}`, entityTag(made));
  });

  app.openapi(getRoute, async (c) => {
    const path = params(c);
    const found = await service.get(c.get('deps').db, c.get('caller').organizationId, path.spacecraftId, path[idParam]!);
    return withEntityTag(c, entityTag(found), c.json(found as never, 200));
  });

  app.openapi(putRoute, async (c) => {
    const path = params(c);
    const replaced = await service.replace(c.get('deps').db, c.get('caller').organizationId, path.spacecraftId, path[idParam]!, body(c), ifMatchOf(c));
    return withEntityTag(c, entityTag(replaced), c.json(replaced as never, 200));
  });

  app.openapi(deleteRoute, async (c) => {
    const path = params(c);
    await service.remove(c.get('deps').db, c.get('caller').organizationId, path.spacecraftId, path[idParam]!, ifMatchOf(c));
    return c.body(null, 204);
  });
}
