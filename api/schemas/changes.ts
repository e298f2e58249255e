/** Change-feed schemas: GET …/changes?after=<token>&limit=. */
import { z } from '@hono/zod-openapi';
import { CHANGE_EVENT_TYPES } from '../../domain/changes/model.ts';
import { RecordTimestampSchema } from '../openapi.ts';

export const MAX_CHANGES_PER_PAGE = 1000;
export const DEFAULT_CHANGES_PER_PAGE = 100;

export const ChangeFeedQuerySchema = z.object({
  after: z.string().max(200, 'must be at most 200 characters').optional().openapi({
    description: 'The nextToken of the previous answer (opaque). Absent: from the oldest change retained.',
    example: 'eyJmIjoiY29uanVuY3Rpb25zIiwicyI6NDJ9',
  }),
  // read from the query text by the service (plain digits only), documented as the integer it is
  limit: z.string().optional().openapi({
    type: 'integer', minimum: 1, maximum: MAX_CHANGES_PER_PAGE, default: DEFAULT_CHANGES_PER_PAGE,
    description: `Changes per answer, 1..${MAX_CHANGES_PER_PAGE} (default ${DEFAULT_CHANGES_PER_PAGE})`,
  } as never),
});

export const ChangeSchema = z
  .object({
    seq: z.number().int().openapi({ description: 'Position in the change log (increasing; gaps are changes of other feeds or organizations)' }),
    type: z.enum(CHANGE_EVENT_TYPES),
    resourceType: z.string(),
    resourceId: z.string(),
    occurredAt: RecordTimestampSchema,
    data: z.unknown().openapi({ description: 'The change’s payload (the same as a webhook delivery’s data)' }),
  })
  .openapi('Change');

export const ChangePageSchema = z
  .object({
    items: z.array(ChangeSchema),
    nextToken: z.string().openapi({ description: 'Send as `after` to get the changes after these (also when items is empty: poll with it)' }),
    hasMore: z.boolean().openapi({ description: 'true: more changes follow at once (ask again without waiting)' }),
  })
  .openapi('ChangePage', {
    example: {
      items: [
        {
          seq: 42,
          type: 'conjunction.created',
          resourceType: 'conjunction',
          resourceId: '0b6f…',
          occurredAt: '2026-12-02T06:00:00.000Z',
          data: { conjunctionId: '0b6f…', primarySpacecraftId: '9d2e…', secondaryDesignator: '43013', tca: '2026-12-03T11:22:33.000000Z', links: { self: '/operations/conjunctions/0b6f…' } },
        },
      ],
      nextToken: 'eyJmIjoiY29uanVuY3Rpb25zIiwicyI6NDJ9',
      hasMore: false,
    },
  });
