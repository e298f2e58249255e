/**
 * Product use cases: list, metadata, download (ETag, conditional requests, single byte ranges — RFC 9110 §13, §14),
 * retention (per task: newest `maxCount`, none older than `maxAgeDays`; batches: their own expiry) and deletion in
 * bounded steps. Downloads stream piece by piece: memory holds one piece (≤ 1 MiB) whatever the file size.
 */
import { inflateSync } from 'fflate';
import { notFound, validationError, type ApiError } from '../../http/errors.ts';
import { parseInstantField } from '../../http/instants.ts';
import { pageEnvelope, parsePageable, type PageableInput, type PageEnvelope } from '../../http/paging.ts';
import type { Db, SqlExecutor } from '../../../storage/sql/db.ts';
import { deleteProductChunks, deleteProductRow, expiredProducts, findProduct, listProducts, productIdsOfTasks, productsBeyondRetention, readChunks } from '../../../storage/products.ts';
import type { Product, ProductKind } from '../../../domain/products/model.ts';
import type { ScheduledTask } from '../../../domain/tasks/model.ts';
import { attachmentDisposition } from '../../http/fileNames.ts';
import { UTCDate } from '@date-fns/utc';
import { format } from 'date-fns';
import { enumListValues } from '../../http/queryLists.ts';

export const PRODUCT_KINDS = ['OEM', 'TLE', 'OEM_BATCH', 'OD_SOLUTION', 'EVENT_PLAN'] as const;
export const PRODUCT_SORTABLE = ['createdAt', 'spanStart', 'sizeBytes', 'kind'] as const;
const DAY_MS = 86_400_000;
/** Pieces deleted per statement when a product is removed. */
const DELETE_PIECES_PER_STATEMENT = 8;

export function productNotFound(): ApiError {
  return notFound('Product not found', 'PRODUCT_NOT_FOUND', { code: 'product.not-found' });
}

export function productView(product: Product) {
  return {
    id: product.id,
    kind: product.kind,
    spacecraftId: product.spacecraftId,
    taskId: product.taskId,
    taskRunId: product.taskRunId,
    batchId: product.batchId,
    fileName: product.fileName,
    mediaType: product.mediaType,
    spanStart: product.spanStart,
    spanEnd: product.spanEnd,
    contentSha256: product.contentSha256!,
    sizeBytes: product.sizeBytes!,
    storedBytes: product.storedBytes!,
    summary: product.summary,
    createdAt: product.createdAt,
    expiresAt: product.expiresAt,
    contentUrl: `/operations/products/${product.id}/content`,
  };
}

export interface ProductListQuery extends PageableInput {
  spacecraftId?: string;
  taskId?: string;
  kind?: string | string[];
  createdFrom?: string;
  createdTo?: string;
  spanFrom?: string;
  spanTo?: string;
}

export async function listProductsPage(db: SqlExecutor, organizationId: string, query: ProductListQuery): Promise<PageEnvelope<ReturnType<typeof productView>>> {
  const page = parsePageable(query, PRODUCT_SORTABLE, [{ field: 'createdAt', direction: 'desc' }]);
  const errors: Record<string, string> = {};
  const { values: kinds, problem: kindProblem } = enumListValues(query.kind, PRODUCT_KINDS);
  if (kindProblem !== null) errors.kind = kindProblem;
  const instant = (field: 'createdFrom' | 'createdTo' | 'spanFrom' | 'spanTo'): string | undefined => {
    const text = query[field];
    if (text === undefined) return undefined;
    try {
      return parseInstantField(text, field).toIsoString(3);
    } catch (error) {
      Object.assign(errors, (error as ApiError).options.fieldErrors);
      return undefined;
    }
  };
  const filter = {
    spacecraftId: query.spacecraftId,
    taskId: query.taskId,
    kinds: kinds as ProductKind[],
    createdFrom: instant('createdFrom'),
    createdTo: instant('createdTo'),
    spanFrom: instant('spanFrom'),
    spanTo: instant('spanTo'),
  };
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const { items, totalElements } = await listProducts(db, organizationId, filter, page);
  return pageEnvelope(items.map(productView), totalElements, page);
}

export async function getProduct(db: SqlExecutor, organizationId: string, id: string): Promise<Product> {
  const product = await findProduct(db, organizationId, id);
  if (!product) throw productNotFound();
  return product;
}

/** Removes a product: its pieces a few at a time, then its row (works inside a transaction too). */
export async function deleteProduct(db: SqlExecutor, productId: string): Promise<void> {
  while ((await deleteProductChunks(db, productId, DELETE_PIECES_PER_STATEMENT)) > 0) {
    // Each statement is short; the loop yields to other work between them.
  }
  await deleteProductRow(db, productId);
}

/**
 * Deletes the products of one task (`taskId`) or of every task of a craft (null), piece by piece, before the tasks
 * themselves go: a cascade would free every piece in one statement, holding the database and the event loop.
 */
export async function deleteTaskProducts(db: SqlExecutor, organizationId: string, spacecraftId: string, taskId: string | null): Promise<void> {
  for (const id of await productIdsOfTasks(db, organizationId, spacecraftId, taskId)) await deleteProduct(db, id);
}

/** Applies the task's retention rule to its products (after a new one is stored or the rule changed). */
export async function applyTaskRetention(db: Db, task: Pick<ScheduledTask, 'id' | 'retention'>, nowMs: number): Promise<number> {
  const { maxCount, maxAgeDays } = task.retention;
  const ids = await productsBeyondRetention(db, task.id, maxCount, maxAgeDays === null ? null : new Date(nowMs - maxAgeDays * DAY_MS).toISOString());
  for (const id of ids) await deleteProduct(db, id);
  return ids.length;
}

/** Deletes products past their age (batch expiry, task maxAgeDays), at most `limit` per call. */
export async function purgeExpiredProducts(db: Db, nowMs: number, limit = 20): Promise<number> {
  const ids = await expiredProducts(db, new Date(nowMs).toISOString(), limit);
  for (const id of ids) await deleteProduct(db, id);
  return ids.length;
}

// ---------------------------------------------------------------------------------------------
// Download

/** A single byte range, resolved against the representation's length (RFC 9110 §14.1.2). */
export type ByteRange = { first: number; last: number };

/**
 * `Range` → the one range to serve, 'unsatisfiable' (→ 416), or null (serve the whole file: no header, another
 * unit, invalid syntax, or several ranges — a server may ignore Range, §14.2; we do not build multipart/byteranges).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return null;
  const specs = match[1]!.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (specs.length !== 1) return null;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return null;
  if (spec[1] === '') {
    // suffix-range: the last N bytes
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { first: Math.max(0, size - suffix), last: size - 1 };
  }
  const first = Number(spec[1]);
  if (spec[2] !== '' && Number(spec[2]) < first) return null; // invalid range-spec: ignore the header
  if (first >= size) return 'unsatisfiable';
  const last = spec[2] === '' ? size - 1 : Number(spec[2]);
  return { first, last: Math.min(last, size - 1) };
}

function etagOf(product: Product): string {
  return `"${product.contentSha256}"`;
}

/** RFC 9110 §5.6.7 IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), for Last-Modified: display only, date-fns in UTC. */
function httpDate(iso: string): string {
  return format(new UTCDate(iso), "EEE, dd MMM yyyy HH:mm:ss 'GMT'");
}

/**
 * The product's file as a Response: 200 whole, 206 one range (`Content-Range`), 416 for an unsatisfiable range
 * (`Content-Range: bytes *∕size`). If-Range with another validator serves the whole file. If-None-Match (→ 304) and the
 * content coding of text files are the app's, as for every GET (api/middleware/representation.ts): the body stream
 * reads nothing before it is pulled, so a 304 costs one metadata read.
 */
export async function productContentResponse(db: SqlExecutor, organizationId: string, id: string, headers: Headers): Promise<Response> {
  const product = await getProduct(db, organizationId, id);
  const size = product.sizeBytes!;
  const etag = etagOf(product);
  const common: Record<string, string> = {
    ETag: etag,
    'Accept-Ranges': 'bytes',
    'Last-Modified': httpDate(product.createdAt),
    'Cache-Control': 'private, max-age=0, must-revalidate',
  };
  const ifRange = headers.get('if-range');
  const range = ifRange !== null && ifRange.trim() !== etag ? null : parseRange(headers.get('range') ?? undefined, size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...common, 'Content-Range': `bytes */${size}` } });
  }
  const { first, last } = range ?? { first: 0, last: size - 1 };
  const body = size === 0 ? null : productByteStream(db, product, first, last);
  const responseHeaders: Record<string, string> = {
    ...common,
    'Content-Type': product.mediaType,
    'Content-Length': String(size === 0 ? 0 : last - first + 1),
    'Content-Disposition': attachmentDisposition(product.fileName),
  };
  if (range) return new Response(body, { status: 206, headers: { ...responseHeaders, 'Content-Range': `bytes ${first}-${last}/${size}` } });
  return new Response(body, { status: 200, headers: responseHeaders });
}

/** Bytes [first, last] of a product, read and inflated one piece per pull. */
function productByteStream(db: SqlExecutor, product: Product, first: number, last: number): ReadableStream<Uint8Array> {
  const pieceBytes = product.chunkBytes;
  let seq = Math.floor(first / pieceBytes);
  const lastSeq = Math.floor(last / pieceBytes);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (seq > lastSeq) {
        controller.close();
        return;
      }
      const [stored] = await readChunks(db, product.id, seq, seq);
      if (!stored) {
        controller.error(new Error(`product ${product.id} piece ${seq} is missing (deleted while downloading?)`));
        return;
      }
      // A piece inflates to at most 256 KiB (~1 ms); ZIP pieces are served as stored.
      const piece = product.encoding === 'deflate' ? inflateSync(stored) : stored;
      const pieceStart = seq * pieceBytes;
      const from = Math.max(0, first - pieceStart);
      const to = Math.min(piece.length, last - pieceStart + 1);
      controller.enqueue(piece.subarray(from, to));
      seq++;
    },
  });
}
