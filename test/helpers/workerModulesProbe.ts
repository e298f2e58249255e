/**
 * A Piscina worker for test/workers/workerModules.test.ts: it loads the pool's worker entry (and so everything a
 * compute thread loads), runs a task that validates with zod, and reports whether zod was extended by
 * @hono/zod-openapi in this thread (the extension adds `.openapi` to every zod type).
 */
import { z } from 'zod';
import handle from '../../workers/piscinaWorker.ts';

export default async function probe(): Promise<{ parsedOk: boolean; zodExtended: boolean }> {
  const body = { items: [{ stateVectorId: 'SV-1', initialDate: '2024-01-01T00:00:00Z', finalDate: '2024-01-02T00:00:00Z' }] };
  const parsed = (await handle({ task: 'ephemeris.parseBatch', input: { text: JSON.stringify(body) } })) as { ok: boolean };
  return { parsedOk: parsed.ok, zodExtended: typeof (z.ZodType.prototype as { openapi?: unknown }).openapi === 'function' };
}
