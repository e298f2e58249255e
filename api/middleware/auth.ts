/**
 * Bearer API-key authentication and authorization for /operations/** (spec → Authentication,
 * ARCHITECTURE → Auth), the API-key usage audit row of every authenticated request, and the failed-authentication
 * audit and throttle.
 *
 *  - missing or malformed Authorization → empty 401 with `WWW-Authenticate: Bearer` (the scheme name is
 *    case-insensitive, RFC 9110 §11.1: `bearer`, `BEARER` work)
 *  - unknown, expired or revoked key, disabled owner → 401 {error: invalid_token, error_description}
 *  - no Operations environment grant, client IP outside the allowlist, or missing route
 *    permission (or the permission a query value needs, api/permissions.ts QUERY_VALUE_PERMISSIONS) → 403 ACCESS_ERROR "Access denied"
 *  - an address with too many failed authentications → 429 TOO_MANY_AUTH_FAILURES with Retry-After, before any
 *    key is looked at (api/auth/failureThrottle.ts)
 */
import type { Context, MiddlewareHandler } from 'hono';
import { secretPrefix } from '../../storage/apiKeys.ts';
import type { ApiKeyWithOwner } from '../../domain/organizations/model.ts';
import type { AuthFailureReason } from '../../domain/audit/model.ts';
import { nowIso } from '../../storage/sql/db.ts';
import { ApiKeyCache } from '../auth/apiKeyCache.ts';
import { AuthFailureThrottle } from '../auth/failureThrottle.ts';
import type { Config } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';
import { ClientAddressResolver } from '../net/clientAddress.ts';
import { ipAllowed } from '../net/cidr.ts';
import { OPERATIONS_ENVIRONMENT, permissionFor, queryValuePermissionsFor } from '../permissions.ts';
import type { RouteTable } from './notFound.ts';

/** `Bearer <token68>` (RFC 6750 §2.1); the scheme name in any case, one or more spaces. */
const BEARER = /^bearer +([A-Za-z0-9._~+/=-]+)$/i;

function emptyUnauthorized(): Response {
  return new Response(null, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
}

function invalidToken(description: string): Response {
  return new Response(JSON.stringify({ error: 'invalid_token', error_description: description }), {
    status: 401,
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
    },
  });
}

function accessDenied(c: Context): Response {
  return errorResponse(c, 403, 'ACCESS_ERROR', 'Access denied');
}

/** The socket peer: @hono/node-server (env.incoming), Deno.serve (env.remoteAddr), tests (env.remoteAddress). */
export function socketPeer(c: Context): string | null {
  const env = (c.env ?? {}) as {
    incoming?: { socket?: { remoteAddress?: string } };
    remoteAddr?: { hostname?: string };
    remoteAddress?: string;
  };
  return env.incoming?.socket?.remoteAddress ?? env.remoteAddr?.hostname ?? env.remoteAddress ?? null;
}

/** Why a matched key cannot authenticate, or null when it can. */
function keyProblem(key: ApiKeyWithOwner, now: number): { reason: AuthFailureReason; description: string } | null {
  if (key.revoked) return { reason: 'REVOKED_KEY', description: 'The API key has been revoked' };
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return { reason: 'EXPIRED_KEY', description: 'The API key has expired' };
  if (key.ownerDisabled) return { reason: 'OWNER_DISABLED', description: "The API key's owner is disabled" };
  return null;
}

/** `routes` says which route a request is for (none: the 404/405 handler answers it, after authentication). */
export function authenticate(config: Config, routes: RouteTable): MiddlewareHandler<AppEnv> {
  const addresses = new ClientAddressResolver(config);
  const keys = new ApiKeyCache(config.apiKeyCacheTtlMs);
  const throttle = new AuthFailureThrottle(config.authFailureLimit, config.authFailureWindowSeconds * 1000);

  return async (c, next) => {
    const { db, audit } = c.get('deps');
    const ip = addresses.resolve(socketPeer(c), c.req.header('x-forwarded-for'));
    const failed = (reason: AuthFailureReason, key: ApiKeyWithOwner | null, token: string | null, response: Response): Response => {
      audit.recordFailure({
        apiKeyId: key?.id ?? null,
        organizationId: key?.organizationId ?? null,
        keyPrefix: key ? key.prefix : token ? secretPrefix(token) : null,
        reason,
        method: c.req.method,
        path: c.req.path,
        correlationId: c.get('correlationId'),
        clientIp: ip,
        createdAt: nowIso(),
      });
      if (throttle.recordFailure(ip)) {
        audit.recordFailure({
          apiKeyId: null, organizationId: null, keyPrefix: null, reason: 'THROTTLED', method: c.req.method,
          path: c.req.path, correlationId: c.get('correlationId'), clientIp: ip, createdAt: nowIso(),
        });
      }
      return response;
    };

    const retryAfter = throttle.retryAfterSeconds(ip);
    if (retryAfter > 0) {
      return errorResponse(c, 429, 'TOO_MANY_AUTH_FAILURES', `Too many failed authentications from this address; retry in ${retryAfter} s`, {
        code: 'auth.failures.throttled',
        details: { retryAfterSeconds: retryAfter },
        headers: { 'Retry-After': String(retryAfter) },
      });
    }

    const header = c.req.header('authorization');
    if (header === undefined) return failed('MISSING_CREDENTIALS', null, null, emptyUnauthorized());
    const match = BEARER.exec(header.trim());
    if (!match) return failed('MALFORMED_CREDENTIALS', null, null, emptyUnauthorized());
    const token = match[1]!;
    const key = await keys.lookup(db, token);
    if (!key) return failed('UNKNOWN_KEY', null, token, invalidToken('The API key is not recognised'));
    const problem = keyProblem(key, Date.now());
    if (problem) return failed(problem.reason, key, token, invalidToken(problem.description));

    c.set('caller', {
      apiKeyId: key.id,
      organizationId: key.organizationId,
      ownerId: key.ownerId,
      permissions: new Set(key.permissions),
    });
    const started = performance.now();
    try {
      const route = routes.handling(c);
      const permission = route ? permissionFor(route.method, route.path) : undefined;
      if (!key.environments.includes(OPERATIONS_ENVIRONMENT) || !ipAllowed(ip, key.ipAllowlist)) {
        c.res = accessDenied(c);
        return c.res;
      }
      // A matched route missing from the permission table is refused (fail closed); unmatched
      // paths fall through to the 404/405 handler.
      if (route && (!permission || !key.permissions.includes(permission))) {
        c.res = accessDenied(c);
        return c.res;
      }
      // Some query values reach data of another permission (source=CATALOG reads the catalog): checked here too, so the
      // refusal is the same 403 and comes before any validation or lookup.
      if (route && queryValuePermissionsFor(route.method, route.path, (name) => c.req.queries(name)).some((p) => !key.permissions.includes(p))) {
        c.res = accessDenied(c);
        return c.res;
      }
      await next();
    } finally {
      audit.recordUsage({
        apiKeyId: key.id,
        organizationId: key.organizationId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        correlationId: c.get('correlationId'),
        clientIp: ip,
        createdAt: nowIso(),
      });
    }
  };
}
