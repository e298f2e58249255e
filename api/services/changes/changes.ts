/**
 * Change feeds: what was created or updated after a token, in the change log's order (seq), with
 * the token to ask with next — the Space-Track habit for CDMs, without re-reading whole lists.
 *
 * The token is opaque to clients: base64url of `{f: feed, s: seq}` — the feed it belongs to (a token of another feed
 * is a 400) and the last seq it has seen. When the retention sweep (CHANGE_RETENTION_DAYS) has removed changes of the
 * feed after that seq, the feed cannot say what the client missed: 410 Gone, CHANGE_TOKEN_EXPIRED (RFC 9110 §15.5.11:
 * the target resource is no longer available and this is likely permanent) — start again without `after` and
 * re-read the lists once.
 */
import { CHANGE_FEEDS, type ChangeFeed } from '../../../domain/changes/model.ts';
import { feedHorizon, latestChangeSeq, listFeedChanges } from '../../../storage/changes.ts';
import type { Db } from '../../../storage/sql/db.ts';
import { ApiError, validationError } from '../../http/errors.ts';
import { integerParameter } from '../../http/queryNumbers.ts';
import { DEFAULT_CHANGES_PER_PAGE, MAX_CHANGES_PER_PAGE } from '../../schemas/changes.ts';

export function encodeChangeToken(feed: ChangeFeed, seq: number): string {
  return Buffer.from(JSON.stringify({ f: feed, s: seq }), 'utf8').toString('base64url');
}

/** The seq a token of `feed` has seen; 400 naming `after` when it is not one of this feed's tokens. */
export function decodeChangeToken(feed: ChangeFeed, token: string): number {
  let decoded: unknown = null;
  if (/^[A-Za-z0-9_-]+$/.test(token)) {
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    } catch {
      decoded = null;
    }
  }
  const value = decoded as { f?: unknown; s?: unknown } | null;
  if (!value || typeof value !== 'object' || typeof value.f !== 'string' || !Number.isSafeInteger(value.s) || (value.s as number) < 0) {
    throw validationError({ after: 'not a change token (send the nextToken of an earlier answer, or nothing to start from the oldest change)' });
  }
  if (value.f !== feed) throw validationError({ after: `a token of the ${value.f} feed, not of the ${feed} feed` });
  return value.s as number;
}

export async function readChangeFeed(db: Db, organizationId: string, feed: ChangeFeed, query: { after?: string | undefined; limit?: string | undefined }) {
  if (!(feed in CHANGE_FEEDS)) throw new Error(`unknown feed ${feed}`);
  const limit = integerParameter(query.limit, 'limit', 1, MAX_CHANGES_PER_PAGE) ?? DEFAULT_CHANGES_PER_PAGE;
  const afterSeq = query.after === undefined ? 0 : decodeChangeToken(feed, query.after);
  // one read transaction: the horizon, the changes and the log's end are of one snapshot (a read: no write lock)
  const tx = await db.transaction('read');
  try {
    const horizon = await feedHorizon(tx, feed);
    if (query.after !== undefined && afterSeq < horizon) {
      throw new ApiError(410, 'CHANGE_TOKEN_EXPIRED', `the token is older than the change log's retention (CHANGE_RETENTION_DAYS): changes after it were removed. Ask again without \`after\` and re-read the lists once`, {
        code: 'changes.token.expired',
        details: { feed, tokenSeq: afterSeq, prunedThroughSeq: horizon },
      });
    }
    const rows = await listFeedChanges(tx, organizationId, feed, afterSeq, limit + 1);
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    // nothing new: the token moves to the log's end (any change of this feed committed later has a higher seq)
    const nextSeq = items.length > 0 ? items[items.length - 1]!.seq : Math.max(afterSeq, await latestChangeSeq(tx), horizon);
    return {
      items: items.map((c) => ({ seq: c.seq, type: c.type, resourceType: c.resourceType, resourceId: c.resourceId, occurredAt: c.occurredAt, data: c.payload })),
      nextToken: encodeChangeToken(feed, nextSeq),
      hasMore,
    };
  } finally {
    tx.close();
  }
}
