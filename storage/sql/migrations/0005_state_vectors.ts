/**
 * State vectors: one row per stored state (manual, OPM import, orbit determination). `display_number` is the
 * per-organization `SV-<n>` sequence; `epoch_key` is a fixed-width TAI-nanosecond key (sortable as text,
 * leap-second safe) and `epoch` the canonical UTC text. Covariance, mean elements and warnings are JSON.
 */
import type { Migration } from '../migrations.ts';

export const migration0005: Migration = {
  version: 5,
  name: 'state vectors',
  statements: [
    `CREATE TABLE state_vectors (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      display_number INTEGER NOT NULL,
      spacecraft_id TEXT NOT NULL REFERENCES spacecraft(id),
      epoch TEXT NOT NULL,
      epoch_key TEXT NOT NULL,
      position_x_km REAL NOT NULL,
      position_y_km REAL NOT NULL,
      position_z_km REAL NOT NULL,
      velocity_x_km_s REAL NOT NULL,
      velocity_y_km_s REAL NOT NULL,
      velocity_z_km_s REAL NOT NULL,
      reference_frame TEXT NOT NULL CHECK (reference_frame IN ('GCRF', 'EME2000', 'TEME', 'ITRF', 'TOD', 'MOD')),
      mass_kg REAL,
      originator TEXT NOT NULL,
      creation_date TEXT NOT NULL,
      source_type TEXT NOT NULL CHECK (source_type IN ('OPM_IMPORT', 'ORBIT_DETERMINATION', 'MANUAL')),
      orbit_solution_id TEXT,
      converged INTEGER,
      covariance TEXT,
      mean_elements TEXT,
      warnings TEXT NOT NULL,
      user_defined TEXT NOT NULL DEFAULT '{}',
      source_file TEXT,
      UNIQUE (organization_id, display_number)
    )`,
    `CREATE INDEX state_vectors_org_craft_epoch ON state_vectors(organization_id, spacecraft_id, epoch_key)`,
    `CREATE INDEX state_vectors_org_epoch ON state_vectors(organization_id, epoch_key)`,
  ],
};
