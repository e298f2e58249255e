/**
 * Ground stations and the measurement context.
 *
 * `ground_stations` holds both position forms (WGS-84 geodetic and ITRF Cartesian, one derived from the other).
 * `ground_station_names` holds every name and alias of a station, case-folded, under a primary key: a TDM participant
 * name therefore resolves to at most one station of the organization, and a name or alias cannot be reused.
 *
 * `measurement_contexts` keeps the TDM metadata a measurement model needs, once per (segment, data keyword) of an
 * uploaded file — not per row: the 1M-row ingest binds one more constant per INSERT statement and stores one small
 * integer per row (`measurements.context_id`), instead of ~150 bytes of repeated metadata. The context row also
 * carries the ground participant's name, the station it resolved to (NULL while unresolved, or after a forced
 * delete of the station) and how many measurements reference it (what a station delete counts, without scanning
 * the measurements table).
 *
 * Existing rows: one context per (job, spacecraft, participants, station, type) is created from the measurements
 * stored before this migration, with every TDM field NULL ("not recorded"); PV rows (SP3/OEM) keep a NULL
 * context, as new PV rows do.
 */
import type { Migration } from '../migrations.ts';

export const migration0006: Migration = {
  version: 6,
  name: 'ground stations and measurement context',
  statements: [
    `CREATE TABLE ground_stations (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      name TEXT NOT NULL,
      aliases TEXT NOT NULL,
      latitude_deg REAL NOT NULL,
      longitude_deg REAL NOT NULL,
      height_m REAL NOT NULL,
      itrf_x_m REAL NOT NULL,
      itrf_y_m REAL NOT NULL,
      itrf_z_m REAL NOT NULL,
      elevation_mask_deg REAL NOT NULL,
      sigma_range_m REAL,
      sigma_range_rate_m_s REAL,
      sigma_angle_deg REAL,
      bias_range_m REAL,
      bias_range_rate_m_s REAL,
      bias_angle_deg REAL,
      enabled INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX ground_stations_org_created ON ground_stations(organization_id, created_at)`,
    `CREATE TABLE ground_station_names (
      organization_id TEXT NOT NULL,
      name_folded TEXT NOT NULL,
      station_id TEXT NOT NULL REFERENCES ground_stations(id) ON DELETE CASCADE,
      is_alias INTEGER NOT NULL,
      PRIMARY KEY (organization_id, name_folded)
    )`,
    `CREATE INDEX ground_station_names_station ON ground_station_names(station_id)`,
    `CREATE TABLE measurement_contexts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      organization_id TEXT NOT NULL,
      spacecraft_id TEXT NOT NULL,
      job_id TEXT NOT NULL,
      source_file TEXT NOT NULL,
      segment_index INTEGER,
      measurement_type TEXT NOT NULL,
      data_keyword TEXT,
      station_name TEXT,
      ground_station_id TEXT REFERENCES ground_stations(id) ON DELETE SET NULL,
      participants TEXT NOT NULL,
      path TEXT,
      mode TEXT,
      timetag_ref TEXT,
      integration_interval_s REAL,
      integration_ref TEXT,
      turnaround_numerator INTEGER,
      turnaround_denominator INTEGER,
      range_mode TEXT,
      range_modulus REAL,
      range_units TEXT,
      angle_type TEXT,
      transmit_band TEXT,
      receive_band TEXT,
      reference_frame TEXT,
      recorded INTEGER NOT NULL,
      measurement_count INTEGER NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX measurement_contexts_station ON measurement_contexts(organization_id, ground_station_id)`,
    `CREATE INDEX measurement_contexts_file ON measurement_contexts(organization_id, spacecraft_id, source_file)`,
    `ALTER TABLE measurements ADD COLUMN context_id INTEGER`,
    // Existing rows (stored before the context was kept): one context per group, fields "not recorded".
    `INSERT INTO measurement_contexts (organization_id, spacecraft_id, job_id, source_file, measurement_type, station_name,
       participants, recorded, measurement_count, created_at)
     SELECT organization_id, spacecraft_id, job_id, source_file, type, station, participants, 0, COUNT(*), MIN(created_at)
     FROM measurements WHERE type <> 'PV'
     GROUP BY organization_id, job_id, spacecraft_id, participants, station, type`,
    `CREATE INDEX measurement_contexts_legacy ON measurement_contexts(job_id, spacecraft_id, participants, station_name, measurement_type)
     WHERE recorded = 0`,
    `UPDATE measurements SET context_id = (
       SELECT c.id FROM measurement_contexts c
       WHERE c.recorded = 0 AND c.job_id = measurements.job_id AND c.spacecraft_id = measurements.spacecraft_id
         AND c.participants = measurements.participants AND c.station_name IS measurements.station
         AND c.measurement_type = measurements.type)
     WHERE type <> 'PV'`,
    `DROP INDEX measurement_contexts_legacy`,
  ],
};
