/** Every response carries X-Correlation-Id: the caller's when it is sane, else a fresh one. */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

const HEADER = 'X-Correlation-Id';
const SANE = /^[A-Za-z0-9._:\-]{1,128}$/;

export function correlationId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header(HEADER);
    const id = given && SANE.test(given) ? given : randomUUID();
    c.set('correlationId', id);
    await next();
    c.res.headers.set(HEADER, id);
  };
}
