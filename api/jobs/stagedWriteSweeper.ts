/**
 * Removes what bulk writes left behind when a process stopped in the middle: staged batches nobody will publish
 * (storage/stagedWrites.ts) — batches of measurement jobs that are no longer queued or running, and batches of OCM
 * imports opened more than an hour ago (an import request that was writing when its process died) — and uploaded
 * bytes no job needs (a SUCCEEDED job's, or chunks of an upload that died before its job row existed). Runs at start
 * and every `intervalMs`; it deletes chunk by chunk, so it never holds the event loop for long. (Other staged
 * writers add their tables here.)
 */
import type { Db } from '../../storage/db.ts';
import { MANEUVERS_TABLE } from '../../storage/maneuvers.ts';
import { deleteJobContent, findLeftoverJobContent } from '../../storage/measurementJobs.ts';
import { abandonBatchesOpenedBefore, abandonOrphanJobBatches } from '../../storage/stagedWrites.ts';
import { logError, logInfo } from '../log.ts';
import { MANEUVER_IMPORT_KIND } from './maneuvers.ts';
import { MEASUREMENT_JOB_STAGED_TABLES } from './measurementJobRunner.ts';

/** An import still writing after this long is taken to be dead. */
export const STALE_IMPORT_BATCH_MS = 60 * 60_000;

export async function sweepStagedWrites(db: Db, now = Date.now()): Promise<number> {
  const jobs = await abandonOrphanJobBatches(db, MEASUREMENT_JOB_STAGED_TABLES, 'measurement_jobs');
  const before = new Date(now - STALE_IMPORT_BATCH_MS).toISOString();
  const imports = await abandonBatchesOpenedBefore(db, [MANEUVERS_TABLE], MANEUVER_IMPORT_KIND, before);
  const contents = await findLeftoverJobContent(db, before);
  for (const jobId of contents) await deleteJobContent(db, jobId);
  if (jobs + imports + contents.length > 0) {
    logInfo('bulk-write leftovers removed', { measurementJobBatches: jobs, maneuverImportBatches: imports, jobContents: contents.length });
  }
  return jobs + imports + contents.length;
}

export function startStagedWriteSweeper(db: Db, intervalMs = 10 * 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepStagedWrites(db).catch((error: unknown) => logError('staged write sweep failed', { error: String(error) }));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
