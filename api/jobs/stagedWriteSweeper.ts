/**
 * Removes what bulk writes left behind when a process stopped in the middle: staged batches nobody will publish
 * (storage/sql/stagedWrites.ts) — batches whose writer's lease expired (a process killed while it wrote an upload or a
 * job's rows), and batches of measurement jobs that are no longer queued or running —, ranges of the catalog's object
 * list that an upload published but did not refresh, and uploaded bytes no job needs (a SUCCEEDED job's, or chunks
 * of an upload that died before its job row existed). Runs at start and every `intervalMs`; it deletes chunk by
 * chunk, so it never holds the event loop for long. (Other staged writers add their tables to STAGED_TABLES_BY_KIND.)
 */
import type { Db } from '../../storage/sql/db.ts';
import { MANEUVERS_TABLE } from '../../storage/maneuvers.ts';
import { deleteJobContent, findLeftoverJobContent } from '../../storage/measurementJobs.ts';
import { abandonExpiredBatches, abandonOrphanJobBatches, type StagedTable } from '../../storage/sql/stagedWrites.ts';
import { logError, logInfo } from '../log.ts';
import { MANEUVER_IMPORT_KIND } from '../services/maneuvers/import.ts';
import { MEASUREMENT_JOB_STAGED_TABLES, MEASUREMENT_JOBS_TABLE } from './measurementJobRunner.ts';
import { CDM_CONTENTS_TABLE } from '../../storage/conjunctions.ts';
import { CDM_UPLOAD_KIND } from '../services/conjunctions/observationWriter.ts';
import { CATALOG_SETS_TABLE, pendingCatalogRefreshes } from '../../storage/catalog.ts';
import { CATALOG_UPLOAD_KIND, refreshCatalogRanges } from '../services/catalog.ts';
import { pruneChanges } from '../../storage/changes.ts';
import { traceClock, traceWork } from '../runtime/tailTrace.ts';

/** Uploaded bytes without a job row this long after they were written belong to an upload that died. */
export const STALE_UPLOAD_CONTENT_MS = 60 * 60_000;
/**
 * A queued refresh of the catalog's object list this old was left by an upload that died after publishing (its own
 * refresh of 30,000 objects takes a few seconds): the sweeper runs it. A restarting instance runs every queued one at
 * once (api/service.ts), whatever its age.
 */
export const STALE_CATALOG_REFRESH_MS = 30_000;
/** How often an instance sweeps: a dead writer's batch is removed within its lease and this. */
export const SWEEP_INTERVAL_MS = 15_000;

/** The staged tables of every kind of batch: what an expired batch of each kind may have rows in. */
export const STAGED_TABLES_BY_KIND: ReadonlyMap<string, readonly StagedTable[]> = new Map<string, readonly StagedTable[]>([
  [MEASUREMENT_JOBS_TABLE, MEASUREMENT_JOB_STAGED_TABLES],
  [MANEUVER_IMPORT_KIND, [MANEUVERS_TABLE]],
  [CDM_UPLOAD_KIND, [CDM_CONTENTS_TABLE]],
  [CATALOG_UPLOAD_KIND, [CATALOG_SETS_TABLE]],
]);

/** The sweeper of one service instance: a sweep at start, then every `intervalMs`, until stop(). */
export class StagedWriteSweeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly intervalMs = SWEEP_INTERVAL_MS,
    /** Changes older than this are removed from the change log (CHANGE_RETENTION_DAYS; null: kept). */
    private readonly changeRetentionMs: number | null = null,
  ) {}

  start(): void {
    if (this.timer) return;
    const sweep = () => {
      this.running = this.running.then(async () => {
        const fromUs = traceClock();
        await this.sweep();
        traceWork('staged-write sweep', fromUs);
      }).catch((error: unknown) => logError('staged write sweep failed', { error: String(error) }));
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

  /** One sweep (`now` decides which leases expired and what is stale); returns the number of leftovers removed. */
  async sweep(now = Date.now()): Promise<number> {
    const db = this.db;
    const expired = await abandonExpiredBatches(db, STAGED_TABLES_BY_KIND, now);
    const jobs = await abandonOrphanJobBatches(db, MEASUREMENT_JOB_STAGED_TABLES, MEASUREMENT_JOBS_TABLE);
    // object-list ranges a catalog upload published but did not refresh (its process died in between)
    const catalogRefreshes = await pendingCatalogRefreshes(db, { queuedBefore: new Date(now - STALE_CATALOG_REFRESH_MS).toISOString() });
    await refreshCatalogRanges(db, catalogRefreshes);
    const contents = await findLeftoverJobContent(db, new Date(now - STALE_UPLOAD_CONTENT_MS).toISOString());
    for (const jobId of contents) await deleteJobContent(db, jobId);
    // the change log beyond its retention, each feed's horizon raised with it (a token it overtook is answered 410)
    const changes = this.changeRetentionMs === null ? 0 : await pruneChanges(db, new Date(now - this.changeRetentionMs).toISOString());
    const removed = expired + jobs + catalogRefreshes.length + contents.length + changes;
    if (removed > 0) {
      logInfo('bulk-write leftovers removed', { expiredBatches: expired, measurementJobBatches: jobs, catalogObjectRefreshes: catalogRefreshes.length, jobContents: contents.length, changes });
    }
    return removed;
  }
}
