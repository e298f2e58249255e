/**
 * Removes what bulk writes left behind when a process stopped in the middle: staged batches nobody will publish
 * (storage/stagedWrites.ts) — batches of measurement jobs that are no longer queued or running, and batches of OCM
 * imports and of large CDM files opened more than an hour ago (a request that was writing when its process died) — and uploaded
 * bytes no job needs (a SUCCEEDED job's, or chunks of an upload that died before its job row existed). Runs at start
 * and every `intervalMs`; it deletes chunk by chunk, so it never holds the event loop for long. (Other staged
 * writers add their tables here.)
 */
import type { Db } from '../../storage/db.ts';
import { MANEUVERS_TABLE } from '../../storage/maneuvers.ts';
import { deleteJobContent, findLeftoverJobContent } from '../../storage/measurementJobs.ts';
import { abandonBatchesOpenedBefore, abandonOrphanJobBatches } from '../../storage/stagedWrites.ts';
import { logError, logInfo } from '../log.ts';
import { MANEUVER_IMPORT_KIND } from '../services/maneuvers/import.ts';
import { MEASUREMENT_JOB_STAGED_TABLES } from './measurementJobRunner.ts';
import { CDM_CONTENTS_TABLE } from '../../storage/conjunctions.ts';
import { CDM_UPLOAD_KIND } from '../services/conjunctions/ingest.ts';
import { CATALOG_SETS_TABLE, staleCatalogRefreshes } from '../../storage/catalog.ts';
import { CATALOG_UPLOAD_KIND, refreshCatalogRanges } from '../services/catalog.ts';

/** An import still writing after this long is taken to be dead. */
export const STALE_IMPORT_BATCH_MS = 60 * 60_000;

/** The sweeper of one service instance: a sweep at start, then every `intervalMs`, until stop(). */
export class StagedWriteSweeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 10 * 60_000,
  ) {}

  start(): void {
    if (this.timer) return;
    const sweep = () => {
      this.running = this.sweep().catch((error: unknown) => logError('staged write sweep failed', { error: String(error) }));
    };
    sweep();
    this.timer = setInterval(sweep, this.intervalMs);
    this.timer.unref?.();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One sweep (`now` decides which imports are stale); returns the number of leftovers removed. */
  async sweep(now = Date.now()): Promise<number> {
    const db = this.db;
    const jobs = await abandonOrphanJobBatches(db, MEASUREMENT_JOB_STAGED_TABLES, 'measurement_jobs');
    const before = new Date(now - STALE_IMPORT_BATCH_MS).toISOString();
    const imports = await abandonBatchesOpenedBefore(db, [MANEUVERS_TABLE], MANEUVER_IMPORT_KIND, before);
    const cdmUploads = await abandonBatchesOpenedBefore(db, [CDM_CONTENTS_TABLE], CDM_UPLOAD_KIND, before);
    const catalogUploads = await abandonBatchesOpenedBefore(db, [CATALOG_SETS_TABLE], CATALOG_UPLOAD_KIND, before);
    // object-list ranges a catalog upload published but did not refresh (its process died in between)
    const catalogRefreshes = await staleCatalogRefreshes(db, before);
    await refreshCatalogRanges(db, catalogRefreshes);
    const contents = await findLeftoverJobContent(db, before);
    for (const jobId of contents) await deleteJobContent(db, jobId);
    const removed = jobs + imports + cdmUploads + catalogUploads + catalogRefreshes.length + contents.length;
    if (removed > 0) {
      logInfo('bulk-write leftovers removed', { measurementJobBatches: jobs, maneuverImportBatches: imports, cdmUploadBatches: cdmUploads, catalogUploadBatches: catalogUploads, catalogObjectRefreshes: catalogRefreshes.length, jobContents: contents.length });
    }
    return removed;
  }
}
