/**
 * Authorization, declared once: every /operations route → the permission its key must hold.
 * The spec fixes some names (maneuvers, tracking writes, `PERM_read:spacecraft` for the list,
 * `read:ephemeris` for TLEs); ARCHITECTURE fixes the rest. Keys are in OpenAPI path form.
 * Every /operations route also needs the Operations environment grant (spec → Authentication §2).
 */
export const PERMISSIONS = [
  'PERM_read:spacecraft',
  'read:spacecraft',
  'write:spacecraft',
  'read:plannedmaneuvers',
  'write:plannedmaneuvers',
  'delete:plannedmaneuvers',
  'read:tracking',
  'write:tracking',
  'read:statevectors',
  'write:statevectors',
  'read:ephemeris',
  'read:stations',
  'write:stations',
  'read:orbitdetermination',
  'write:orbitdetermination',
  'read:tasks',
  'write:tasks',
  'read:products',
  'read:conjunctions',
  'write:conjunctions',
  // The operator's view of /health: database error, compute pool, Earth-data files (paths on the server).
  'read:health',
  // GET /metrics: request, pool, job and database figures of the instance.
  'read:metrics',
  // Webhook subscriptions and their delivery logs.
  'read:webhooks',
  'write:webhooks',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const OPERATIONS_ENVIRONMENT = 'Operations';

export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  // Spacecraft registry
  'GET /operations/spacecraft': 'PERM_read:spacecraft',
  'POST /operations/spacecraft': 'write:spacecraft',
  'GET /operations/spacecraft/{id}': 'read:spacecraft',
  'PATCH /operations/spacecraft/{id}': 'write:spacecraft',
  'PUT /operations/spacecraft/{id}/lifecycle': 'write:spacecraft',
  'GET /operations/spacecraft/{spacecraftId}/tle': 'read:ephemeris',
  'GET /operations/spacecraft/{spacecraftId}/passes': 'read:spacecraft',
  'GET /operations/spacecraft/{spacecraftId}/passes/{index}/sky.svg': 'read:spacecraft',
  'GET /operations/spacecraft/{spacecraftId}/eclipses': 'read:spacecraft',
  'GET /operations/spacecraft/{spacecraftId}/orbit-events': 'read:spacecraft',
  // Thrusters
  'GET /operations/spacecraft/{spacecraftId}/thrusters': 'read:spacecraft',
  'POST /operations/spacecraft/{spacecraftId}/thrusters': 'write:spacecraft',
  'GET /operations/spacecraft/{spacecraftId}/thrusters/{thrusterId}': 'read:spacecraft',
  'PUT /operations/spacecraft/{spacecraftId}/thrusters/{thrusterId}': 'write:spacecraft',
  'DELETE /operations/spacecraft/{spacecraftId}/thrusters/{thrusterId}': 'write:spacecraft',
  // Payloads
  'GET /operations/spacecraft/{spacecraftId}/payloads': 'read:spacecraft',
  'POST /operations/spacecraft/{spacecraftId}/payloads': 'write:spacecraft',
  'GET /operations/spacecraft/{spacecraftId}/payloads/{payloadId}': 'read:spacecraft',
  'PUT /operations/spacecraft/{spacecraftId}/payloads/{payloadId}': 'write:spacecraft',
  'DELETE /operations/spacecraft/{spacecraftId}/payloads/{payloadId}': 'write:spacecraft',
  // Stored maneuvers (contract 2.0.0)
  'GET /operations/maneuvers': 'read:plannedmaneuvers',
  'POST /operations/maneuvers': 'write:plannedmaneuvers',
  'GET /operations/maneuvers/export': 'read:plannedmaneuvers',
  'POST /operations/maneuvers/import': 'write:plannedmaneuvers',
  'POST /operations/maneuvers/import/inspect': 'write:plannedmaneuvers',
  'GET /operations/maneuvers/{maneuverId}': 'read:plannedmaneuvers',
  'PUT /operations/maneuvers/{maneuverId}': 'write:plannedmaneuvers',
  'DELETE /operations/maneuvers/{maneuverId}': 'delete:plannedmaneuvers',
  // Measurements
  'GET /operations/measurements': 'read:tracking',
  'POST /operations/measurements': 'write:tracking',
  'POST /operations/measurements/inspect': 'write:tracking',
  'GET /operations/measurements/jobs/{jobId}': 'read:tracking',
  'GET /operations/measurements/jobs': 'read:tracking',
  'DELETE /operations/measurements/jobs/{jobId}': 'write:tracking',
  'DELETE /operations/measurements/by-file': 'write:tracking',
  'PATCH /operations/measurements/outliers': 'write:tracking',
  'PATCH /operations/measurements/outliers/by-file': 'write:tracking',
  // State vectors and ephemerides
  'GET /operations/state-vectors': 'read:statevectors',
  'POST /operations/state-vectors': 'write:statevectors',
  'POST /operations/state-vectors/import': 'write:statevectors',
  'GET /operations/state-vectors/latest': 'read:statevectors',
  'GET /operations/state-vectors/{id}': 'read:statevectors',
  'DELETE /operations/state-vectors/{id}': 'write:statevectors',
  'GET /operations/state-vectors/{id}/opm': 'read:statevectors',
  'POST /operations/state-vectors/{id}/generate-oem': 'read:ephemeris',
  // Ground stations, residuals and orbit determination
  'GET /operations/ground-stations': 'read:stations',
  'POST /operations/ground-stations': 'write:stations',
  'GET /operations/ground-stations/{id}': 'read:stations',
  'PATCH /operations/ground-stations/{id}': 'write:stations',
  'DELETE /operations/ground-stations/{id}': 'write:stations',
  'POST /operations/measurements/residuals': 'read:tracking',
  'GET /operations/orbit-determinations': 'read:orbitdetermination',
  'POST /operations/orbit-determinations': 'write:orbitdetermination',
  'GET /operations/orbit-determinations/{id}': 'read:orbitdetermination',
  'GET /operations/orbit-determinations/{id}/residuals': 'read:orbitdetermination',
  'GET /operations/orbit-determinations/{id}/residuals.svg': 'read:orbitdetermination',
  'POST /operations/orbit-determinations/{id}/accept': 'write:orbitdetermination',
  // Scheduled tasks, products, batch OEM
  'GET /operations/spacecraft/{spacecraftId}/tasks': 'read:tasks',
  'POST /operations/spacecraft/{spacecraftId}/tasks': 'write:tasks',
  'GET /operations/spacecraft/{spacecraftId}/tasks/{taskId}': 'read:tasks',
  'PATCH /operations/spacecraft/{spacecraftId}/tasks/{taskId}': 'write:tasks',
  'DELETE /operations/spacecraft/{spacecraftId}/tasks/{taskId}': 'write:tasks',
  'GET /operations/spacecraft/{spacecraftId}/tasks/{taskId}/runs': 'read:tasks',
  'GET /operations/products': 'read:products',
  'GET /operations/products/{id}': 'read:products',
  'GET /operations/products/{id}/content': 'read:products',
  'POST /operations/ephemerides/batch': 'read:ephemeris',
  'GET /operations/ephemerides/batch': 'read:ephemeris',
  'GET /operations/ephemerides/batch/{id}': 'read:ephemeris',
  'DELETE /operations/ephemerides/batch/{id}': 'read:ephemeris',
  // Conjunction assessment
  'GET /operations/conjunctions/settings': 'read:conjunctions',
  'PUT /operations/conjunctions/settings': 'write:conjunctions',
  'POST /operations/conjunctions/cdms': 'write:conjunctions',
  'GET /operations/conjunctions': 'read:conjunctions',
  'GET /operations/conjunctions/{id}': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/cdms/{cdmId}': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/cdm': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/probability': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/encounter.svg': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/timeline.svg': 'read:conjunctions',
  'POST /operations/conjunctions/{id}/avoidance-plans': 'write:conjunctions',
  'GET /operations/conjunctions/{id}/avoidance-plans': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/avoidance-plans/{planId}': 'read:conjunctions',
  'DELETE /operations/conjunctions/{id}/avoidance-plans/{planId}': 'write:conjunctions',
  'POST /operations/conjunctions/{id}/avoidance-plans/{planId}/candidates/{n}/accept': 'write:conjunctions',
  'GET /operations/conjunctions/{id}/avoidance-plans/{planId}/oem': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/avoidance-plans/{planId}/trade-space.svg': 'read:conjunctions',
  'GET /operations/conjunctions/{id}/avoidance-plans/{planId}/encounter.svg': 'read:conjunctions',
  // Conjunction screening
  'POST /operations/conjunctions/screenings': 'write:conjunctions',
  'GET /operations/conjunctions/screenings': 'read:conjunctions',
  'GET /operations/conjunctions/screenings/{id}': 'read:conjunctions',
  'DELETE /operations/conjunctions/screenings/{id}': 'write:conjunctions',
  'GET /operations/conjunctions/screenings/{id}/approaches': 'read:conjunctions',
  // Catalog
  'POST /operations/catalog': 'write:conjunctions',
  'GET /operations/catalog/objects': 'read:conjunctions',
  'POST /operations/catalog/objects/query': 'read:conjunctions',
  'GET /operations/catalog/objects/{noradId}': 'read:conjunctions',
  // Change feeds: conjunction data, read as the lists are
  'GET /operations/conjunctions/changes': 'read:conjunctions',
  'GET /operations/conjunctions/cdms/changes': 'read:conjunctions',
  'GET /operations/conjunctions/screenings/changes': 'read:conjunctions',
  // Webhooks
  'POST /operations/webhooks': 'write:webhooks',
  'GET /operations/webhooks': 'read:webhooks',
  'GET /operations/webhooks/{id}': 'read:webhooks',
  'PATCH /operations/webhooks/{id}': 'write:webhooks',
  'DELETE /operations/webhooks/{id}': 'write:webhooks',
  'GET /operations/webhooks/{id}/deliveries': 'read:webhooks',
  'POST /operations/webhooks/{id}/test': 'write:webhooks',
  // The details of /health, for a request that sends a key (anonymous requests get status and version only).
  'GET /health': 'read:health',
  'GET /metrics': 'read:metrics',
};

/**
 * Permissions a route needs on top of its own for one value of a query parameter. `source=CATALOG` computes passes,
 * eclipses and orbit events from the organization's catalog element sets, which the catalog's own read permission
 * guards (GET /operations/catalog/objects: read:conjunctions): read:spacecraft alone must not read them by another way.
 */
export interface QueryValuePermission {
  parameter: string;
  value: string;
  permission: Permission;
}

const CATALOG_SOURCE: QueryValuePermission = { parameter: 'source', value: 'CATALOG', permission: 'read:conjunctions' };

export const QUERY_VALUE_PERMISSIONS: Record<string, readonly QueryValuePermission[]> = {
  'GET /operations/spacecraft/{spacecraftId}/passes': [CATALOG_SOURCE],
  'GET /operations/spacecraft/{spacecraftId}/passes/{index}/sky.svg': [CATALOG_SOURCE],
  'GET /operations/spacecraft/{spacecraftId}/eclipses': [CATALOG_SOURCE],
  'GET /operations/spacecraft/{spacecraftId}/orbit-events': [CATALOG_SOURCE],
};

/** `/a/{b}/c` → `/a/:b/c` (Hono's path syntax). */
export function toHonoPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

const BY_HONO_ROUTE = new Map<string, Permission>(
  Object.entries(ROUTE_PERMISSIONS).map(([key, permission]) => {
    const [method, path] = key.split(' ') as [string, string];
    return [`${method} ${toHonoPath(path)}`, permission];
  }),
);

const QUERY_VALUE_BY_HONO_ROUTE = new Map<string, readonly QueryValuePermission[]>(
  Object.entries(QUERY_VALUE_PERMISSIONS).map(([key, rules]) => {
    const [method, path] = key.split(' ') as [string, string];
    return [`${method} ${toHonoPath(path)}`, rules];
  }),
);

/**
 * The permissions a matched route needs for the query it was sent with, on top of `permissionFor`: those of every
 * rule whose parameter has the rule's value (any of its values, when repeated).
 */
export function queryValuePermissionsFor(method: string, honoRoutePath: string, queryValues: (parameter: string) => readonly string[] | undefined): Permission[] {
  const rules = QUERY_VALUE_BY_HONO_ROUTE.get(`${method.toUpperCase()} ${honoRoutePath}`) ?? [];
  return rules.filter((rule) => queryValues(rule.parameter)?.includes(rule.value)).map((rule) => rule.permission);
}

/** The permission of a matched route (method + Hono route path), or undefined when the table lacks it. */
export function permissionFor(method: string, honoRoutePath: string): Permission | undefined {
  return BY_HONO_ROUTE.get(`${method.toUpperCase()} ${honoRoutePath}`);
}

export function isPermission(text: string): text is Permission {
  return (PERMISSIONS as readonly string[]).includes(text);
}
