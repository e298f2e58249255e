/**
 * What each claim of a leased job took it from (`claimed_from`: QUEUED, or RUNNING when a runner took the job over
 * from one whose lease had run out): the claim sets it from the row's status before the claim (an UPDATE's SET reads
 * the old row), so one statement both claims and says whether it was a takeover — counted for /metrics
 * (apsis_lease_takeovers_total) and kept on the row for an operator.
 */
import type { Migration } from '../migrations.ts';

const LEASED_TABLES = ['measurement_jobs', 'orbit_determinations', 'task_runs', 'ephemeris_batches', 'screening_chunks'];

export const migration0021: Migration = {
  version: 21,
  name: 'leased jobs: what each claim took the job from',
  statements: LEASED_TABLES.map((table) => `ALTER TABLE ${table} ADD COLUMN claimed_from TEXT`),
};
