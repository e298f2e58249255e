/**
 * Removes staged batches nobody will publish (storage/stagedWrites.ts): batches of measurement jobs that are no
 * longer queued or running, and batches of OCM imports opened more than an hour ago (an import request that was
 * writing when its process died). Runs at start and every `intervalMs`; a sweep abandons its batches chunk by
 * chunk, so it never holds the event loop for long. (Other staged writers add their tables here.)
 */
import type { Db } from '../../storage/db.ts';
import { MANEUVERS_TABLE } from '../../storage/maneuvers.ts';
import { MEASUREMENTS_TABLE } from '../../storage/measurements.ts';
import { abandonBatchesOpenedBefore, abandonOrphanJobBatches } from '../../storage/stagedWrites.ts';
import { logError, logInfo } from '../log.ts';
import { MANEUVER_IMPORT_KIND } from './maneuvers.ts';

/** An import still writing after this long is taken to be dead. */
export const STALE_IMPORT_BATCH_MS = 60 * 60_000;

export async function sweepStagedWrites(db: Db, now = Date.now()): Promise<number> {
  const jobs = await abandonOrphanJobBatches(db, [MEASUREMENTS_TABLE], 'measurement_jobs');
  const imports = await abandonBatchesOpenedBefore(db, [MANEUVERS_TABLE], MANEUVER_IMPORT_KIND, new Date(now - STALE_IMPORT_BATCH_MS).toISOString());
  if (jobs + imports > 0) logInfo('staged batches nobody will publish were removed', { measurementJobBatches: jobs, maneuverImportBatches: imports });
  return jobs + imports;
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
