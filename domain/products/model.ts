/**
 * The product's model: a file the service made and keeps for download (an OEM, a TLE, an events listing, a ZIP of a
 * batch), its kind and its stored encoding. storage/products.ts maps its rows to these types.
 */

export type ProductKind = 'OEM' | 'TLE' | 'OEM_BATCH' | 'OD_SOLUTION' | 'EVENT_PLAN';

export type ProductEncoding = 'deflate' | 'identity';

export interface Product {
  id: string;
  organizationId: string;
  kind: ProductKind;
  status: 'WRITING' | 'READY';
  spacecraftId: string | null;
  taskId: string | null;
  taskRunId: string | null;
  batchId: string | null;
  fileName: string;
  mediaType: string;
  spanStart: string | null;
  spanEnd: string | null;
  contentSha256: string | null;
  sizeBytes: number | null;
  storedBytes: number | null;
  encoding: ProductEncoding;
  chunkBytes: number;
  chunkCount: number | null;
  summary: Record<string, unknown>;
  createdAt: string;
  expiresAt: string | null;
}
