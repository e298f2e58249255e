/**
 * REST habits of every resource, in one place (RFC 9110 §8.8.3 ETag, §13.1.1 If-Match, §15.3.2 201 + Location):
 *
 *  - A single resource's representation carries `ETag`: a strong tag of the STORED resource (its own fields, not
 *    values derived from others), so it changes exactly when the resource is written.
 *  - PUT, PATCH and DELETE honour `If-Match`: a list of tags or `*`. When none matches the current tag the write is
 *    refused with 412 PRECONDITION_FAILED (nothing written; `details.etag` is the current tag). Weak tags (`W/"…"`)
 *    never match (strong comparison). The check runs inside the write's own transaction, so no other write can
 *    slip in between. Without If-Match a write goes ahead (last write wins).
 *  - A 201 carries `Location`, the URL of what was created.
 *  - A response sent with a content coding (api/middleware/representation.ts) is another representation, so it has
 *    its own strong tag (RFC 9110 §8.8.3: a strong validator changes with the content coding): the identity tag with
 *    the coding appended inside the quotes, `"<tag>-gzip"`, `"<tag>-br"`, `"<tag>-zstd"`. Such a tag names the same
 *    stored version, so If-Match takes it like the identity tag; If-None-Match compares it with the tag of the
 *    representation the request would get (api/middleware/representation.ts).
 *  - Every GET that sends an ETag answers `If-None-Match` (weak comparison, §13.1.2) with 304 and no body
 *    (api/middleware/representation.ts, for every route at once).
 *
 *  - A read-only resource that changes by itself (an upload job, an orbit determination, a batch, as they progress)
 *    or has no stored version (product metadata) carries the tag of the representation it shows: `entityTag(view)`
 *    (REPRESENTATION_ETAG_HEADER). No write takes it; it is there for polling with If-None-Match.
 *
 * How a resource uses it (ground stations, orbit determinations, tasks, products: the same four lines):
 *   GET:    `return withEntityTag(c, entityTag(stored), c.json(view, 200))`
 *   writes: route `request: { headers: IfMatchHeaderSchema, … }`, responses `...errorResponses(…, 412)`;
 *           service, inside its transaction: `assertIfMatch(ifMatch, entityTag(current))`
 *           with `ifMatch = ifMatchOf(c)` passed down from the route.
 *   create: `return created(c.json(view, 201), location, entityTag(stored))`
 * The OpenAPI document declares `ETag` / `Location` response headers and the If-Match parameter (below), and the
 * test harness checks every 201 for Location and every documented ETag.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { sha256Hex } from '../../domain/contentHash.ts';
import { ApiError } from './errors.ts';

/** A JSON.stringify replacer that writes object keys in sorted order, so a tag depends on the content only. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

/** Strong entity tag of a stored resource: `"<128-bit SHA-256 prefix, hex>"`. */
export function entityTag(stored: unknown): string {
  // Keys whose value is undefined are left out (as JSON.stringify does): `{ ...view, derived: undefined }` drops one.
  return `"${sha256Hex(JSON.stringify(stored, sortedKeys) ?? 'null').slice(0, 32)}"`;
}

/** The tags a coded representation may carry after the identity tag's closing quote is removed (`-gzip"` …). */
const CODING_SUFFIX = /-(?:gzip|br|zstd)"$/;

/** The tag of `tag`'s representation coded as `coding` (`"abc"` → `"abc-gzip"`); a weak tag stays as it is. */
export function codedTag(tag: string, coding: string): string {
  if (tag.startsWith('W/') || !tag.endsWith('"')) return tag;
  return `${tag.slice(0, -1)}-${coding}"`;
}

/** The identity representation's tag of a tag we sent with a content coding (`"abc-br"` → `"abc"`); others unchanged. */
export function identityTag(tag: string): string {
  return CODING_SUFFIX.test(tag) && !tag.startsWith('W/') ? tag.replace(CODING_SUFFIX, '"') : tag;
}

/**
 * Whether an If-None-Match value names `currentTag` (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly
 * (`W/"x"` matches `"x"`). A value that is not a list of tags matches nothing.
 */
export function ifNoneMatchMatches(header: string, currentTag: string): boolean {
  const text = header.trim();
  if (text === '*') return true;
  const current = currentTag.startsWith('W/') ? currentTag.slice(2) : currentTag;
  for (const tag of text.match(/(?:W\/)?"[^"]*"/g) ?? []) if ((tag.startsWith('W/') ? tag.slice(2) : tag) === current) return true;
  return false;
}

/** Sets `ETag` on a response (returns it, for `return withEntityTag(c, tag, c.json(…))`). */
export function withEntityTag<R extends Response>(_c: Context, tag: string, response: R): R {
  response.headers.set('ETag', tag);
  return response;
}

/** Sets `Location` (and `ETag` when given) on a 201 (returns it, for `return created(c.json(view, 201), location, tag)`). */
export function created<R extends Response>(response: R, location: string, tag?: string): R {
  response.headers.set('Location', location);
  if (tag) response.headers.set('ETag', tag);
  return response;
}

/** The If-Match condition of a request: `*`, a list of tags, or null when absent. */
export type IfMatch = '*' | string[] | null;

/** Parses `If-Match` (RFC 9110 §13.1.1): `*`, or a comma list of entity tags (weak ones kept, they never match). */
export function ifMatchOf(c: Context): IfMatch {
  const header = c.req.header('if-match');
  if (header === undefined) return null;
  const text = header.trim();
  if (text === '*') return '*';
  const tags = text.match(/(?:W\/)?"[^"]*"/g) ?? [];
  if (tags.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'If-Match must be * or a list of entity tags ("…")', { fieldErrors: { 'If-Match': 'must be * or quoted entity tags' } });
  return tags;
}

/**
 * Throws 412 PRECONDITION_FAILED unless `ifMatch` is absent, `*`, or names `currentTag` (strong comparison) — directly
 * or as the tag of one of its coded representations (`"<currentTag>-gzip"`, which a compressed GET sent).
 */
export function assertIfMatch(ifMatch: IfMatch | undefined, currentTag: string): void {
  if (ifMatch === null || ifMatch === undefined || ifMatch === '*') return;
  if (ifMatch.some((tag) => !tag.startsWith('W/') && identityTag(tag) === currentTag)) return;
  throw new ApiError(412, 'PRECONDITION_FAILED', 'The resource has changed since it was read (If-Match does not match its ETag); read it again', {
    code: 'request.precondition.failed',
    details: { etag: currentTag, ifMatch },
  });
}

/** The If-Match request header, for the `headers` of a PUT/PATCH/DELETE route. */
export const IfMatchHeaderSchema = z.object({
  'If-Match': z
    .string()
    .optional()
    .openapi({
      param: { name: 'If-Match', in: 'header' },
      description: 'ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written',
      example: '"3f1c0a…"',
    }),
});

/** `headers` of a response that carries the ETag of the resource. */
export const ETAG_HEADER = {
  ETag: { description: 'Strong entity tag of the stored resource; send it back as If-Match to write only that version', required: true, schema: { type: 'string' } },
} as const;

/**
 * `headers` of a read-only resource's 200 (job status, product metadata): the tag of what it shows (`representationTag`),
 * for polling with If-None-Match.
 */
export const REPRESENTATION_ETAG_HEADER = {
  ETag: { description: 'Strong entity tag of this representation: If-None-Match with it answers 304 while nothing shown has changed', required: true, schema: { type: 'string' } },
} as const;

/** `headers` of a 201: Location of the created resource. */
export const LOCATION_HEADER = {
  Location: { description: 'URL of the created resource', required: true, schema: { type: 'string', format: 'uri-reference' } },
} as const;
