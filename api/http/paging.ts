/**
 * Spring-style paging (ARCHITECTURE → Pagination): `page` (0-based), `size` (default 20, max 1000),
 * `sort=field,asc|desc` (repeatable). Each list declares its sortable fields; an unknown one is a
 * 400 VALIDATION_ERROR. Storage maps the (already validated) field names to columns.
 */
import { z } from '@hono/zod-openapi';
import { validationError } from './errors.ts';
import type { PageRequest, SortOrder } from '../../storage/sql/paging.ts';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
/** The largest page index (Spring's `int`): 2^31 − 1. Beyond it, 400. */
export const MAX_PAGE_INDEX = 2 ** 31 - 1;

/** Query parameters of every paged list (merged into each list's query schema). */
export const pageableQuery = {
  // Documented as the integers they are (a generated client takes numbers); read from the query text by
  // parsePageable, which accepts plain decimal digits only and names the parameter in its 400.
  page: z.string().optional().openapi({
    type: 'integer', minimum: 0, maximum: MAX_PAGE_INDEX, default: 0,
    description: `Zero-based page index, 0..${MAX_PAGE_INDEX} (default 0)`, example: 0,
  } as never),
  size: z.string().optional().openapi({
    type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE,
    description: `Page size, 1..${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`, example: DEFAULT_PAGE_SIZE,
  } as never),
  sort: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({ description: 'Sort order `field,asc|desc`; repeatable', example: 'createdAt,desc' }),
};

export interface PageableInput {
  page?: string;
  size?: string;
  sort?: string | string[];
}

export function parsePageable(input: PageableInput, sortable: readonly string[], defaultSort: SortOrder[]): PageRequest {
  const fieldErrors: Record<string, string> = {};
  // Plain decimal digits only (no "1e3", "0x10", " 7"); checked before any arithmetic so no page index overflows.
  const page = input.page === undefined ? 0 : /^\d{1,16}$/.test(input.page) ? Number(input.page) : NaN;
  if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE_INDEX) fieldErrors.page = `must be an integer from 0 to ${MAX_PAGE_INDEX}`;
  const size = input.size === undefined ? DEFAULT_PAGE_SIZE : /^\d{1,7}$/.test(input.size) ? Number(input.size) : NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) fieldErrors.size = `must be an integer from 1 to ${MAX_PAGE_SIZE}`;
  const sortTexts = input.sort === undefined ? [] : Array.isArray(input.sort) ? input.sort : [input.sort];
  const sort: SortOrder[] = [];
  for (const text of sortTexts) {
    const [field = '', direction = 'asc', extra] = text.split(',').map((part) => part.trim());
    const dir = direction.toLowerCase();
    if (extra !== undefined || (dir !== 'asc' && dir !== 'desc')) {
      fieldErrors.sort = `"${text}" is not of the form field,asc|desc`;
    } else if (!sortable.includes(field)) {
      fieldErrors.sort = `unsupported sort field "${field}"; sortable: ${sortable.join(', ')}`;
    } else {
      sort.push({ field, direction: dir });
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  return { page, size, sort: sort.length > 0 ? sort : defaultSort };
}

export interface PageEnvelope<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
}

export function pageEnvelope<T>(content: T[], totalElements: number, request: PageRequest): PageEnvelope<T> {
  const totalPages = Math.ceil(totalElements / request.size);
  return {
    content,
    totalElements,
    totalPages,
    number: request.page,
    size: request.size,
    numberOfElements: content.length,
    first: request.page === 0,
    last: request.page >= totalPages - 1,
    empty: content.length === 0,
  };
}

/** OpenAPI schema of the page envelope around `item`. */
export function pageSchema<T extends z.ZodType>(item: T, name: string) {
  return pageObject(item).openapi(name);
}

/** The page envelope's fields around `item`, unnamed (to extend before naming). */
export function pageObject<T extends z.ZodType>(item: T) {
  return z
    .object({
      content: z.array(item),
      totalElements: z.number().int(),
      totalPages: z.number().int(),
      number: z.number().int(),
      size: z.number().int(),
      numberOfElements: z.number().int(),
      first: z.boolean(),
      last: z.boolean(),
      empty: z.boolean(),
    });
}
