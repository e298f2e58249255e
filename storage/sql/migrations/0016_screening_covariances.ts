/**
 * Which covariances a screening approach's Pc used (the primary's propagated from its state vector or
 * taken from its OEM, the secondary's from a stored CDM, or none): a JSON column on `screening_approaches`. Rows
 * stored before this migration have none recorded (NULL: read as "none" for both objects, which is what those
 * screenings used).
 */
import type { Migration } from '../migrations.ts';

export const migration0016: Migration = {
  version: 16,
  name: 'screening approach covariances',
  statements: ['ALTER TABLE screening_approaches ADD COLUMN covariances TEXT'],
};
