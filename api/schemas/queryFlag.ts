/**
 * A boolean query flag (`?force=true`). On the wire a query value is text, so the service accepts exactly `true` and
 * `false` (anything else is a 400 naming the parameter); the OpenAPI document types it as a boolean, so a generated
 * client takes `true`/`false` and serializes them as those words (clients generated with default settings).
 */
import { z } from '@hono/zod-openapi';

export function queryFlag(description: string) {
  return z.enum(['true', 'false']).optional().openapi({ type: 'boolean', description });
}
