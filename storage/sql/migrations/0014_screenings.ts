/**
 * Conjunction screenings: a screening job, its chunks (the lease-claimed units of work any instance
 * sharing the database runs) and the approaches it found.
 *
 *  - `screenings`: the job as the client sees it: the request, the prepared inputs every chunk reads (primaries'
 *    propagation set-ups or OEM text, fleet element sets; `inputs`, never listed), the catalog snapshot
 *    (`as_of_set_id`, taken at creation: every chunk reads the catalog as of it), the merged issues, counts and
 *    timings. Its status follows its chunks (QUEUED until one is claimed; SUCCEEDED when merged).
 *  - `screening_chunks`: a leased table (storage/sql/leasedJobs.ts columns): SCREEN chunks (primary group × catalog
 *    NORAD range — with `norad_cuts`, the first NORAD id of every sub-range the runner reads in one short statement —,
 *    or the fleet) and one MERGE chunk, claimable only once every SCREEN chunk of its screening has
 *    SUCCEEDED. `ran_by` is the lease owner that completed it, `attempt_owners` every owner that claimed it.
 *  - `screening_approaches`: the merged approaches in their total order (`seq`), each with the conjunction event its
 *    CDM joined when its Pc reached the threshold.
 */
import type { Migration } from '../migrations.ts';

export const migration0014: Migration = {
  version: 14,
  name: 'conjunction screenings, their chunks and approaches',
  statements: [
    `CREATE TABLE screenings (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      request TEXT NOT NULL,
      inputs TEXT NOT NULL,
      as_of_set_id INTEGER NOT NULL,
      span_start TEXT NOT NULL,
      span_end TEXT NOT NULL,
      pc_threshold REAL NOT NULL,
      chunk_count INTEGER NOT NULL,
      secondary_count INTEGER NOT NULL,
      cancel_requested INTEGER NOT NULL DEFAULT 0,
      approach_count INTEGER,
      event_count INTEGER,
      issues TEXT,
      counts TEXT,
      timings TEXT,
      merged_by TEXT,
      error TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT
    )`,
    `CREATE INDEX screenings_organization ON screenings(organization_id, created_at)`,

    `CREATE TABLE screening_chunks (
      id TEXT PRIMARY KEY,
      screening_id TEXT NOT NULL REFERENCES screenings(id) ON DELETE CASCADE,
      organization_id TEXT NOT NULL,
      chunk_index INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('SCREEN', 'MERGE')),
      plan_key TEXT NOT NULL,
      primary_indices TEXT NOT NULL,
      secondary_source TEXT CHECK (secondary_source IN ('CATALOG', 'FLEET')),
      from_norad_id INTEGER,
      to_norad_id INTEGER,
      norad_cuts TEXT NOT NULL DEFAULT '[]',
      secondary_count INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL,
      lease_owner TEXT,
      lease_expires_at TEXT,
      error TEXT,
      ran_by TEXT,
      attempt_owners TEXT NOT NULL DEFAULT '[]',
      result TEXT,
      approach_count INTEGER,
      compute_ms REAL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT
    )`,
    `CREATE INDEX screening_chunks_claim ON screening_chunks(status, created_at, id)`,
    `CREATE INDEX screening_chunks_screening ON screening_chunks(screening_id, chunk_index)`,

    `CREATE TABLE screening_approaches (
      screening_id TEXT NOT NULL REFERENCES screenings(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      organization_id TEXT NOT NULL,
      primary_index INTEGER NOT NULL,
      primary_spacecraft_id TEXT NOT NULL,
      secondary_norad_id INTEGER,
      secondary_name TEXT,
      secondary_spacecraft_id TEXT,
      secondary_fitted INTEGER NOT NULL DEFAULT 0,
      tca TEXT NOT NULL,
      tca_s REAL NOT NULL,
      miss_distance_m REAL NOT NULL,
      relative_speed_m_s REAL NOT NULL,
      relative_state_rtn TEXT NOT NULL,
      pc REAL,
      pc_method TEXT,
      pc_maximum_probability INTEGER,
      flags TEXT NOT NULL,
      event_id TEXT,
      cdm_id TEXT,
      event_problem TEXT,
      PRIMARY KEY (screening_id, seq)
    )`,
  ],
};
