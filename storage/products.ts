/**
 * Stored products: the files scheduled task runs and batch jobs produce. Metadata in `products`; the file itself in
 * `product_chunks`, piece `seq` holding bytes [seq·chunkBytes, (seq+1)·chunkBytes) — deflated piece by piece
 * (`encoding = deflate`, text products) or as is (`identity`, a ZIP whose entries are already deflated). A product is
 * WRITING while a batch appends its pieces and READY once complete; only READY products are listed or served.
 */
import type { InStatement } from '@libsql/client';
import { nullableNumber, nullableText } from './sql/rows.ts';
import type { SqlExecutor } from './sql/db.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { ProductKind, ProductEncoding, Product } from '../domain/products/model.ts';

export const PRODUCT_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  spanStart: 'span_start',
  sizeBytes: 'size_bytes',
  kind: 'kind',
};

function fromRow(row: Record<string, unknown>): Product {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    kind: String(row.kind) as ProductKind,
    status: String(row.status) as Product['status'],
    spacecraftId: nullableText(row, 'spacecraft_id'),
    taskId: nullableText(row, 'task_id'),
    taskRunId: nullableText(row, 'task_run_id'),
    batchId: nullableText(row, 'batch_id'),
    fileName: String(row.file_name),
    mediaType: String(row.media_type),
    spanStart: nullableText(row, 'span_start'),
    spanEnd: nullableText(row, 'span_end'),
    contentSha256: nullableText(row, 'content_sha256'),
    sizeBytes: nullableNumber(row, 'size_bytes'),
    storedBytes: nullableNumber(row, 'stored_bytes'),
    encoding: String(row.encoding) as ProductEncoding,
    chunkBytes: Number(row.chunk_bytes),
    chunkCount: nullableNumber(row, 'chunk_count'),
    summary: JSON.parse(String(row.summary)) as Record<string, unknown>,
    createdAt: String(row.created_at),
    expiresAt: nullableText(row, 'expires_at'),
  };
}

/** The statements that store a complete product (metadata + every piece), to run in the caller's transaction. */
export function insertProductStatements(product: Product, chunks: readonly Uint8Array[]): InStatement[] {
  return [insertProductStatement(product), ...chunks.map((data, seq) => insertChunkStatement(product.id, seq, data))];
}

export function insertProductStatement(product: Product): InStatement {
  return {
    sql: `INSERT INTO products (id, organization_id, kind, status, spacecraft_id, task_id, task_run_id, batch_id, file_name, media_type,
            span_start, span_end, content_sha256, size_bytes, stored_bytes, encoding, chunk_bytes, chunk_count, summary, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      product.id, product.organizationId, product.kind, product.status, product.spacecraftId, product.taskId, product.taskRunId,
      product.batchId, product.fileName, product.mediaType, product.spanStart, product.spanEnd, product.contentSha256, product.sizeBytes,
      product.storedBytes, product.encoding, product.chunkBytes, product.chunkCount, JSON.stringify(product.summary), product.createdAt,
      product.expiresAt,
    ],
  };
}

export function insertChunkStatement(productId: string, seq: number, data: Uint8Array): InStatement {
  return { sql: 'INSERT INTO product_chunks (product_id, seq, data) VALUES (?, ?, ?)', args: [productId, seq, data] };
}

/** Publishes a product written piece by piece (WRITING → READY) with its final size and hash. */
export function finishProductStatement(
  productId: string,
  fields: {
    contentSha256: string;
    sizeBytes: number;
    storedBytes: number;
    chunkCount: number;
    spanStart: string | null;
    spanEnd: string | null;
    summary: Record<string, unknown>;
    createdAt: string;
    expiresAt: string | null;
  },
): InStatement {
  return {
    sql: `UPDATE products SET status = 'READY', content_sha256 = ?, size_bytes = ?, stored_bytes = ?, chunk_count = ?, span_start = ?, span_end = ?,
            summary = ?, created_at = ?, expires_at = ?
          WHERE id = ? AND status = 'WRITING'`,
    args: [
      fields.contentSha256, fields.sizeBytes, fields.storedBytes, fields.chunkCount, fields.spanStart, fields.spanEnd, JSON.stringify(fields.summary),
      fields.createdAt, fields.expiresAt, productId,
    ],
  };
}

export async function findProduct(db: SqlExecutor, organizationId: string, id: string): Promise<Product | null> {
  const result = await db.execute({
    sql: `SELECT * FROM products WHERE organization_id = ? AND id = ? AND status = 'READY'`,
    args: [organizationId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0] as Record<string, unknown>) : null;
}

export interface ProductFilter {
  spacecraftId?: string;
  taskId?: string;
  kinds?: ProductKind[];
  createdFrom?: string;
  createdTo?: string;
  /** Products whose time span overlaps [spanFrom, spanTo] (either bound optional). */
  spanFrom?: string;
  spanTo?: string;
}

export async function listProducts(
  db: SqlExecutor,
  organizationId: string,
  filter: ProductFilter,
  page: PageRequest,
): Promise<{ items: Product[]; totalElements: number }> {
  const clauses = [`organization_id = ?`, `status = 'READY'`];
  const args: Array<string | number> = [organizationId];
  if (filter.spacecraftId !== undefined) {
    // A batch spans several craft: it matches each of them (summary.spacecraftIds).
    clauses.push(`(spacecraft_id = ? OR (kind = 'OEM_BATCH' AND EXISTS (SELECT 1 FROM json_each(summary, '$.spacecraftIds') WHERE value = ?)))`);
    args.push(filter.spacecraftId, filter.spacecraftId);
  }
  if (filter.taskId !== undefined) {
    clauses.push('task_id = ?');
    args.push(filter.taskId);
  }
  if (filter.kinds && filter.kinds.length > 0) {
    clauses.push(`kind IN (${filter.kinds.map(() => '?').join(', ')})`);
    args.push(...filter.kinds);
  }
  if (filter.createdFrom !== undefined) {
    clauses.push('created_at >= ?');
    args.push(filter.createdFrom);
  }
  if (filter.createdTo !== undefined) {
    clauses.push('created_at <= ?');
    args.push(filter.createdTo);
  }
  if (filter.spanFrom !== undefined) {
    clauses.push('span_end >= ?');
    args.push(filter.spanFrom);
  }
  if (filter.spanTo !== undefined) {
    clauses.push('span_start <= ?');
    args.push(filter.spanTo);
  }
  const where = `WHERE ${clauses.join(' AND ')}`;
  const order = pageClause(page, PRODUCT_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT * FROM products ${where}${order.sql}`, args: [...args, ...order.args] }),
    db.execute({ sql: `SELECT COUNT(*) AS n FROM products ${where}`, args }),
  ]);
  return { items: rows.rows.map((r) => fromRow(r as Record<string, unknown>)), totalElements: Number(count.rows[0]!.n) };
}

/** Pieces [fromSeq, toSeq] of a product, in order. */
export async function readChunks(db: SqlExecutor, productId: string, fromSeq: number, toSeq: number): Promise<Uint8Array[]> {
  const result = await db.execute({
    sql: 'SELECT data FROM product_chunks WHERE product_id = ? AND seq >= ? AND seq <= ? ORDER BY seq',
    args: [productId, fromSeq, toSeq],
  });
  return result.rows.map((row) => {
    const data = row.data as ArrayBuffer | Uint8Array;
    return data instanceof Uint8Array ? data : new Uint8Array(data);
  });
}

/**
 * Products of `taskId` beyond its retention rule: all but the newest `maxCount`, and any created before
 * `createdBefore`. Returns their ids (the caller deletes them in bounded steps).
 */
export async function productsBeyondRetention(
  db: SqlExecutor,
  taskId: string,
  maxCount: number | null,
  createdBefore: string | null,
): Promise<string[]> {
  const ids = new Set<string>();
  if (maxCount !== null) {
    const result = await db.execute({
      sql: `SELECT id FROM products WHERE task_id = ? AND status = 'READY' ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?`,
      args: [taskId, maxCount],
    });
    for (const row of result.rows) ids.add(String(row.id));
  }
  if (createdBefore !== null) {
    const result = await db.execute({
      sql: `SELECT id FROM products WHERE task_id = ? AND status = 'READY' AND created_at < ?`,
      args: [taskId, createdBefore],
    });
    for (const row of result.rows) ids.add(String(row.id));
  }
  return [...ids];
}

/** Every product of a task, or of every task of a craft (`taskId` null). */
export async function productIdsOfTasks(db: SqlExecutor, organizationId: string, spacecraftId: string, taskId: string | null): Promise<string[]> {
  const result = await db.execute({
    sql: `SELECT p.id FROM products p JOIN scheduled_tasks t ON t.id = p.task_id
          WHERE t.organization_id = ? AND t.spacecraft_id = ?${taskId === null ? '' : ' AND t.id = ?'}`,
    args: taskId === null ? [organizationId, spacecraftId] : [organizationId, spacecraftId, taskId],
  });
  return result.rows.map((row) => String(row.id));
}

/**
 * Products past their age: `expires_at` passed (batch products), or older than their task's `maxAgeDays` (also when
 * the task no longer runs, so nothing else would apply its rule).
 */
export async function expiredProducts(db: SqlExecutor, nowIso: string, limit: number): Promise<string[]> {
  const result = await db.execute({
    sql: `SELECT id FROM products WHERE expires_at IS NOT NULL AND expires_at <= ?
          UNION
          SELECT p.id FROM products p JOIN scheduled_tasks t ON t.id = p.task_id
          WHERE t.retention_max_age_days IS NOT NULL
            AND p.created_at < strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || t.retention_max_age_days || ' days')
          LIMIT ?`,
    args: [nowIso, nowIso, limit],
  });
  return result.rows.map((row) => String(row.id));
}

/**
 * Deletes up to `limit` pieces of a product; returns how many. Large products are removed a few pieces per
 * statement so that no single write holds the database (or the event loop) for long.
 */
export async function deleteProductChunks(db: SqlExecutor, productId: string, limit: number): Promise<number> {
  const result = await db.execute({
    sql: 'DELETE FROM product_chunks WHERE id IN (SELECT id FROM product_chunks WHERE product_id = ? ORDER BY seq DESC LIMIT ?)',
    args: [productId, limit],
  });
  return result.rowsAffected;
}

export async function deleteProductRow(db: SqlExecutor, productId: string): Promise<void> {
  await db.execute({ sql: 'DELETE FROM products WHERE id = ?', args: [productId] });
}
