/**
 * The catalog: each organization's general-perturbations element sets (TLE/3LE and CCSDS OMM
 * uploads), every set kept, an object's current set being the one with the newest epoch.
 *
 *  - `catalog_element_sets`: one row per distinct set of an organization. `elements` is the set itself (JSON of the
 *    engine's `GpElementSet`, storage/catalog.ts, so it reads back as the same doubles); the other columns are
 *    copies for the filters and the ordering: NORAD id, name, epoch (ISO and seconds since 1970 UTC), perigee and
 *    apogee heights (km above the WGS-84 equatorial radius, engine/tle `gpOrbitSize`).
 *  - `set_key` identifies a set: the same NORAD id, epoch and elements uploaded twice is stored once (the unique
 *    index); the name, file and line of the first upload stay.
 *  - `id` is AUTOINCREMENT so ids only grow: a screening reads the catalog "as of" an id (storage/catalog.ts
 *    `catalogHighWaterMark`), and a set written later can never take an id below it.
 *  - Large files are written as staged batches (`batch_id`, storage/sql/stagedWrites.ts) and appear at once.
 *  - `catalog_objects`: one row per object of an organization — its current set (id and the filter columns) and how
 *    many sets are kept — so that the object list filters and pages 30,000 objects without a per-object search. It is
 *    derived from `catalog_element_sets` (storage/catalog.ts `refreshCatalogObjects`, after each upload publishes).
 *  - `catalog_object_refreshes`: the NORAD-id ranges an upload published and has not yet refreshed in
 *    `catalog_objects`; written in the publishing transaction, deleted with each range's refresh, so a process that
 *    dies in between leaves them for the sweeper (api/jobs/stagedWriteSweeper.ts).
 */
import type { Migration } from '../migrations.ts';

export const migration0013: Migration = {
  version: 13,
  name: 'catalog element sets and objects',
  statements: [
    `CREATE TABLE catalog_element_sets (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      norad_id INTEGER NOT NULL,
      name TEXT,
      epoch_utc TEXT NOT NULL,
      epoch_s REAL NOT NULL,
      perigee_km REAL NOT NULL,
      apogee_km REAL NOT NULL,
      set_key TEXT NOT NULL,
      elements TEXT NOT NULL,
      format TEXT NOT NULL CHECK (format IN ('TLE', 'OMM')),
      upload_id TEXT NOT NULL,
      file_name TEXT,
      file_line INTEGER,
      stored_at TEXT NOT NULL,
      batch_id INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE UNIQUE INDEX catalog_element_sets_identity ON catalog_element_sets(organization_id, norad_id, set_key)`,
    // an object's sets newest first: the current set, the history, the "as of" reads of a screening
    `CREATE INDEX catalog_element_sets_newest ON catalog_element_sets(organization_id, norad_id, epoch_s DESC, id DESC)`,
    `CREATE INDEX catalog_element_sets_batch ON catalog_element_sets(batch_id) WHERE batch_id <> 0`,

    `CREATE TABLE catalog_objects (
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      norad_id INTEGER NOT NULL,
      current_set_id INTEGER NOT NULL,
      name TEXT,
      epoch_s REAL NOT NULL,
      perigee_km REAL NOT NULL,
      apogee_km REAL NOT NULL,
      set_count INTEGER NOT NULL,
      PRIMARY KEY (organization_id, norad_id)
    )`,
    `CREATE INDEX catalog_objects_perigee ON catalog_objects(organization_id, perigee_km)`,
    `CREATE INDEX catalog_objects_apogee ON catalog_objects(organization_id, apogee_km)`,
    `CREATE INDEX catalog_objects_epoch ON catalog_objects(organization_id, epoch_s)`,

    `CREATE TABLE catalog_object_refreshes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      organization_id TEXT NOT NULL,
      from_norad_id INTEGER NOT NULL,
      to_norad_id INTEGER NOT NULL,
      created_at TEXT NOT NULL
    )`,
  ],
};
