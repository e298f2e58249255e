/**
 * How many durable jobs of each kind are in each state, for /metrics (apsis_jobs). One GROUP BY per table; the
 * tables and kinds are constants of storage/, never caller input.
 */
import type { SqlExecutor } from './sql/db.ts';
import type { JobCount } from '../domain/jobs/model.ts';

/** Job kind (the metric's label) → its table. */
export const JOB_TABLES: Readonly<Record<string, string>> = {
  tracking_upload: 'measurement_jobs',
  orbit_determination: 'orbit_determinations',
  task_run: 'task_runs',
  ephemeris_batch: 'ephemeris_batches',
  screening: 'screenings',
  screening_chunk: 'screening_chunks',
  avoidance_plan: 'avoidance_plans',
};

export async function jobCountsByState(db: SqlExecutor): Promise<JobCount[]> {
  const counts: JobCount[] = [];
  for (const [kind, table] of Object.entries(JOB_TABLES)) {
    const result = await db.execute(`SELECT status, COUNT(*) AS n FROM ${table} GROUP BY status`);
    for (const row of result.rows) counts.push({ kind, state: String(row.status), count: Number(row.n) });
  }
  return counts;
}
