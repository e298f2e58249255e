/**
 * POST /operations/conjunctions/cdms: the multipart files of a request through ingest.ts, answered with one result per
 * file in the vocabulary of every upload (api/http/results.ts): 200 when every file was stored or is a duplicate, 207 when
 * any failed (the per-file results say why, with line and keyword).
 */
import type { AppDeps } from '../../context.ts';
import { validationError } from '../../http/errors.ts';
import type { UploadedPart } from '../../http/fileNames.ts';
import { succeeded } from '../../http/results.ts';
import { ingestCdmFiles } from './ingest.ts';
import type { CdmFileResult } from './cdmResults.ts';

export interface CdmUploadResponse {
  uploadId: string;
  successCount: number;
  failureCount: number;
  totalCount: number;
  results: CdmFileResult[];
}

export async function uploadCdms(deps: Pick<AppDeps, 'db' | 'pool' | 'earthData'>, organizationId: string, files: readonly UploadedPart[]): Promise<{ status: 200 | 207; body: CdmUploadResponse }> {
  if (files.length === 0) throw validationError({ files: 'at least one file is required' });
  const { uploadId, results } = await ingestCdmFiles(deps, organizationId, files.map((f) => ({ name: f.name, bytes: f.bytes })), { source: 'UPLOAD' });
  const successCount = succeeded(results);
  return {
    status: successCount === results.length ? 200 : 207,
    body: { uploadId, successCount, failureCount: results.length - successCount, totalCount: results.length, results },
  };
}
