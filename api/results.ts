/**
 * The one vocabulary of per-file results, for every import and upload (tracking uploads, OCM maneuver imports, OPM
 * state-vector imports): lower case, as the contract gives `success` for uploads.
 *  - `success`: the file was accepted (stored, or queued as a job);
 *  - `failed`: nothing of the file was stored; `error`/`code`/`message` say why;
 *  - `ambiguous`: the target spacecraft could not be told from the file; repeat with the spacecraftId query;
 *  - `ready` (previews only): importing the file now would succeed.
 * States of long-running things (upload jobs: QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED) are a different
 * thing — a lifecycle, in upper case like every other lifecycle enum (lifecycleStatus excepted, as the spec fixes).
 */
export const FILE_RESULT_STATUSES = ['success', 'failed', 'ambiguous'] as const;
export type FileResultStatus = (typeof FILE_RESULT_STATUSES)[number];

export const PREVIEW_STATUSES = ['ready', 'failed', 'ambiguous'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** 200 all succeeded; 207 when some failed or any is ambiguous; null: every file failed without ambiguity (an error). */
export function batchHttpStatus(results: ReadonlyArray<{ status: string }>): 200 | 207 | null {
  const successCount = results.filter((r) => r.status === 'success').length;
  if (successCount === results.length) return 200;
  if (successCount > 0 || results.some((r) => r.status === 'ambiguous')) return 207;
  return null;
}
