/**
 * The one vocabulary of per-file results, for every import and upload (tracking uploads, OCM maneuver imports, OPM
 * state-vector imports): lower case, as the contract gives `success` for uploads.
 *  - `success`: the file was accepted (stored, or queued as a job);
 *  - `failed`: nothing of the file was stored; `error`/`code`/`message` say why;
 *  - `ambiguous`: the target spacecraft could not be told from the file; repeat with the spacecraftId query;
 *  - `duplicate`: the same data is already stored (tracking: same content for the same spacecraft; OPM: the same
 *    state of the same craft); the result names what holds it (`jobId`, `stateVectorId`) and nothing new is
 *    stored — `?allowDuplicate=true` stores it again. Counted with the successes (nothing failed);
 *  - `ready` (previews only): importing the file now would succeed.
 * States of long-running things (upload jobs: QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED) are a different
 * thing — a lifecycle, in upper case like every other lifecycle enum (lifecycleStatus excepted, as the spec fixes).
 */
export const FILE_RESULT_STATUSES = ['success', 'failed', 'ambiguous', 'duplicate'] as const;
export type FileResultStatus = (typeof FILE_RESULT_STATUSES)[number];

/** An upload's per-file result (catalog, CDM and tracking uploads: a file never needs a spacecraftId to be told). */
export const UPLOAD_RESULT_STATUSES = ['success', 'failed', 'duplicate'] as const satisfies readonly FileResultStatus[];

export const PREVIEW_STATUSES = ['ready', 'failed', 'ambiguous'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** Files that did not fail (`success` or `duplicate`). */
export function succeeded(results: ReadonlyArray<{ status: string }>): number {
  return results.filter((r) => r.status === 'success' || r.status === 'duplicate').length;
}

/** 200 all succeeded; 207 when some failed or any is ambiguous; null: every file failed without ambiguity (an error). */
export function batchHttpStatus(results: ReadonlyArray<{ status: string }>): 200 | 207 | null {
  const successCount = succeeded(results);
  if (successCount === results.length) return 200;
  if (successCount > 0 || results.some((r) => r.status === 'ambiguous')) return 207;
  return null;
}
