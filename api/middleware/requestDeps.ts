/**
 * Puts the service's dependencies on the request context (`c.get('deps')`), with the request's signal bound to the
 * pool and to the Earth-data store: computations started for a request stop when its client disconnects.
 */
import type { MiddlewareHandler } from 'hono';
import { withSignal } from '../../workers/pool.ts';
import type { AppDeps, AppEnv } from '../context.ts';

export function bindRequestDeps(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A getter: creating a request's signal has a cost on Node, paid only when a task runs.
    const signal = () => c.req.raw.signal;
    c.set('deps', { ...deps, pool: withSignal(deps.pool, signal), earthData: deps.earthData.withSignal(signal) });
    await next();
  };
}
