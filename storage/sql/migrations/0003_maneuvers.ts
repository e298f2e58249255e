/**
 * Stored maneuvers (contract 2.0.0). One row per record; the burn segments are JSON text.
 *
 * `start_key` / `end_key` are fixed-width sortable keys of the enclosing interval (TAI nanoseconds, see
 * domain/maneuvers/model.ts `epochKey`), so that overlap and window queries compare exactly in SQL, leap seconds
 * included. `wet_mass_kg` is the OCM PHYS WET_MASS of an imported record (null for records created through the
 * JSON API, whose derived values use the spacecraft's launch mass).
 */
import type { Migration } from '../migrations.ts';

export const migration0003: Migration = {
  version: 3,
  name: 'stored maneuvers',
  statements: [
    `CREATE TABLE maneuvers (
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      spacecraft_id TEXT NOT NULL REFERENCES spacecraft(id) ON DELETE CASCADE,
      maneuver_id TEXT NOT NULL,
      display_id TEXT NOT NULL,
      name TEXT NOT NULL,
      purpose TEXT,
      attitude_mode TEXT NOT NULL,
      composition TEXT NOT NULL,
      wet_mass_kg REAL,
      start_epoch TEXT NOT NULL,
      end_epoch TEXT NOT NULL,
      start_key TEXT NOT NULL,
      end_key TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (organization_id, spacecraft_id, maneuver_id)
    )`,
    `CREATE UNIQUE INDEX maneuvers_org_display ON maneuvers(organization_id, display_id)`,
    `CREATE INDEX maneuvers_org_craft_start ON maneuvers(organization_id, spacecraft_id, start_key)`,
  ],
};
