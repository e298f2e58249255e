/**
 * Bearer API-key authentication and authorization for /operations/** (spec → Authentication,
 * ARCHITECTURE → Auth), and the API-key usage audit row of every authenticated request.
 *
 *  - missing or malformed Authorization → empty 401 with `WWW-Authenticate: Bearer`
 *  - unknown, expired or revoked key, disabled owner → 401 {error: invalid_token, error_description}
 *  - no Operations environment grant, client IP outside the allowlist, or missing route
 *    permission → 403 ACCESS_ERROR "Access denied"
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { findApiKeyBySecret } from '../../storage/apiKeys.ts';
import { insertAuditEntry } from '../../storage/audit.ts';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { logError } from '../log.ts';
import { ipAllowed } from '../net/cidr.ts';
import { OPERATIONS_ENVIRONMENT, permissionFor } from '../permissions.ts';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=\-]+)$/;

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

/**
 * The client address: the socket peer, or with TRUST_PROXY the left-most X-Forwarded-For entry.
 * Works with @hono/node-server (env.incoming), Deno.serve (env.remoteAddr) and tests (env.remoteAddress).
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const first = forwarded?.split(',')[0]?.trim();
    if (first) return first;
  }
  const env = (c.env ?? {}) as {
    incoming?: { socket?: { remoteAddress?: string } };
    remoteAddr?: { hostname?: string };
    remoteAddress?: string;
  };
  return env.incoming?.socket?.remoteAddress ?? env.remoteAddr?.hostname ?? env.remoteAddress ?? null;
}

export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const match = header ? BEARER.exec(header.trim()) : null;
    if (!match) return emptyUnauthorized();
    const { db, config } = c.get('deps');
    const key = await findApiKeyBySecret(db, match[1]!);
    if (!key) return invalidToken('The API key is not recognised');
    if (key.revoked) return invalidToken('The API key has been revoked');
    if (key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now()) return invalidToken('The API key has expired');
    if (key.ownerDisabled) return invalidToken("The API key's owner is disabled");

    c.set('caller', {
      apiKeyId: key.id,
      organizationId: key.organizationId,
      ownerId: key.ownerId,
      permissions: new Set(key.permissions),
    });
    const started = performance.now();
    const ip = clientIp(c, config.trustProxy);
    try {
      const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL');
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
      await next();
    } finally {
      const entry = {
        apiKeyId: key.id,
        organizationId: key.organizationId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        correlationId: c.get('correlationId'),
        clientIp: ip,
      };
      await insertAuditEntry(db, entry).catch((error: unknown) =>
        logError('audit write failed', { ...entry, error: String((error as Error)?.message ?? error) }),
      );
    }
  };
}
