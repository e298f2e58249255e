/**
 * Change-feed routes (tag Change Feeds): /operations/conjunctions/changes,
 * /operations/conjunctions/cdms/changes, /operations/conjunctions/screenings/changes. Registered before the
 * conjunction and screening routes (…/{id} would match `changes`).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { CHANGE_FEEDS, type ChangeFeed } from '../../domain/changes/model.ts';
import type { AppEnv } from '../context.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { ChangeFeedQuerySchema, ChangePageSchema } from '../schemas/changes.ts';
import { readChangeFeed } from '../services/changes/changes.ts';

const TAG = ['Change Feeds'];

const FEEDS: ReadonlyArray<{ feed: ChangeFeed; path: string; what: string }> = [
  { feed: 'conjunctions', path: '/operations/conjunctions/changes', what: 'conjunction events created or updated (a CDM received, a risk level changed)' },
  { feed: 'cdms', path: '/operations/conjunctions/cdms/changes', what: 'CDMs received (uploaded or made by a screening)' },
  { feed: 'screenings', path: '/operations/conjunctions/screenings/changes', what: 'screenings whose results are final (SUCCEEDED with their approaches, or FAILED)' },
];

export function registerChangeFeedRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const { feed, path, what } of FEEDS) {
    const route = createRoute({
      method: 'get', path, tags: TAG, security: SECURED,
      summary: `Changes of the ${feed} feed after a token: ${what}`,
      description:
        `Types ${CHANGE_FEEDS[feed].join(', ')}, in the change log’s order (seq), at most limit, with nextToken (send it as after; ` +
        'hasMore says whether more follow at once). Without after: from the oldest change retained. A token older than the ' +
        'retention (CHANGE_RETENTION_DAYS) → 410 CHANGE_TOKEN_EXPIRED: start again without after. A token that is not one of this ' +
        'feed’s → 400 (fieldErrors.after). Every instance sees the same order (the seq comes from the one writer). Permission read:conjunctions.',
      request: { query: ChangeFeedQuerySchema },
      responses: { 200: { description: 'The changes after the token', content: json(ChangePageSchema) }, ...errorResponses(410) },
    });
    app.openapi(route, async (c) => c.json((await readChangeFeed(c.get('deps').db, c.get('caller').organizationId, feed, c.req.valid('query'))) as never, 200));
  }
}
