/**
 * Conjunction assessment, part 1: received CDMs, the conjunction events they form, each organization's
 * settings, and a spacecraft's hard-body radius.
 *
 *  - `conjunction_cdms`: one row per received message: its identity (originator + MESSAGE_ID, unique per
 *    organization when given; the SHA-256 of its bytes), what the sender states, both objects (and which of our
 *    spacecraft each is), the states at TCA every Pc is computed from (`encounter_states`; the encounter itself is
 *    recomputed when read), and the assessment made with the organization's settings (`pc*`, `hard_body_radius*`). Times are kept as printed epochs and as seconds
 *    since 1970 UTC (`*_s`) for ordering and grouping.
 *  - `conjunction_cdm_contents`: each message's bytes as received, apart from the row so lists never read them. Rows
 *    of a large file are written as a staged batch (`batch_id`, storage/sql/stagedWrites.ts) before the small transaction
 *    that stores the messages and their events.
 *  - `conjunction_events`: one close approach of one object pair (domain/conjunctions/grouping.ts) with its latest
 *    CDM's values copied for the list and its filters.
 *  - `conjunction_settings`: an organization without a row has the defaults (domain/conjunctions/settings.ts).
 */
import type { Migration } from '../migrations.ts';

export const migration0012: Migration = {
  version: 12,
  name: 'conjunction CDMs, events, settings; spacecraft hard-body radius',
  statements: [
    `ALTER TABLE spacecraft ADD COLUMN hard_body_radius_m REAL`,

    `CREATE TABLE conjunction_settings (
      organization_id TEXT PRIMARY KEY REFERENCES organizations(id),
      default_hard_body_radius_m REAL NOT NULL,
      medium_pc_threshold REAL NOT NULL,
      high_pc_threshold REAL NOT NULL,
      event_grouping_window_s REAL NOT NULL,
      default_pc_method TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,

    `CREATE TABLE conjunction_events (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      pair_key TEXT NOT NULL,
      primary_spacecraft_id TEXT NOT NULL,
      secondary_spacecraft_id TEXT,
      secondary_designator TEXT NOT NULL,
      secondary_name TEXT NOT NULL,
      secondary_international_designator TEXT NOT NULL,
      secondary_object_type TEXT,
      first_tca_s REAL NOT NULL,
      last_tca_s REAL NOT NULL,
      latest_cdm_id TEXT NOT NULL,
      latest_creation_date_s REAL NOT NULL,
      tca TEXT NOT NULL,
      tca_s REAL NOT NULL,
      miss_distance_m REAL NOT NULL,
      relative_speed_m_s REAL,
      pc REAL,
      pc_method TEXT,
      stated_pc REAL,
      cdm_count INTEGER NOT NULL,
      sources TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX conjunction_events_pair ON conjunction_events(organization_id, pair_key, last_tca_s)`,
    `CREATE INDEX conjunction_events_tca ON conjunction_events(organization_id, tca_s)`,
    `CREATE INDEX conjunction_events_primary ON conjunction_events(organization_id, primary_spacecraft_id, tca_s)`,
    `CREATE INDEX conjunction_events_secondary ON conjunction_events(organization_id, secondary_spacecraft_id, tca_s) WHERE secondary_spacecraft_id IS NOT NULL`,

    `CREATE TABLE conjunction_cdms (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      event_id TEXT NOT NULL REFERENCES conjunction_events(id) ON DELETE CASCADE,
      source TEXT NOT NULL CHECK (source IN ('UPLOAD', 'SCREENING')),
      upload_id TEXT NOT NULL,
      file_name TEXT,
      message_index INTEGER NOT NULL,
      first_line INTEGER NOT NULL,
      content_sha256 TEXT NOT NULL,
      notation TEXT NOT NULL CHECK (notation IN ('KVN', 'XML')),
      version TEXT NOT NULL,
      originator TEXT NOT NULL,
      message_id TEXT,
      creation_date TEXT NOT NULL,
      creation_date_s REAL NOT NULL,
      tca TEXT NOT NULL,
      tca_s REAL NOT NULL,
      stated TEXT NOT NULL,
      miss_distance_m REAL NOT NULL,
      relative_speed_m_s REAL,
      stated_pc REAL,
      primary_object INTEGER NOT NULL CHECK (primary_object IN (1, 2)),
      object1 TEXT NOT NULL,
      object2 TEXT NOT NULL,
      object1_spacecraft_id TEXT,
      object2_spacecraft_id TEXT,
      cdm_hard_body_radius TEXT,
      encounter_states TEXT,
      encounter_problem TEXT,
      computed_miss_distance_m REAL,
      hard_body_radius_m REAL,
      hard_body_radius TEXT,
      pc REAL,
      pc_method TEXT,
      pc_detail TEXT,
      received_at TEXT NOT NULL,
      assessed_at TEXT NOT NULL
    )`,
    // MESSAGE_ID identifies a message of its originator (CCSDS 508.0-B-1 §3.2): the same pair twice is the same message.
    `CREATE UNIQUE INDEX conjunction_cdms_message ON conjunction_cdms(organization_id, originator, message_id) WHERE message_id IS NOT NULL`,
    `CREATE INDEX conjunction_cdms_content ON conjunction_cdms(organization_id, content_sha256)`,
    `CREATE INDEX conjunction_cdms_event ON conjunction_cdms(event_id, creation_date_s)`,

    `CREATE TABLE conjunction_cdm_contents (
      cdm_id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL,
      content BLOB NOT NULL,
      batch_id INTEGER NOT NULL DEFAULT 0
    )`,
  ],
};
