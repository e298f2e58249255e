/**
 * A screening of the whole fleet or of the catalog against itself (modes FLEET, ALL_VS_ALL) is cut by time, not by
 * NORAD range: each chunk screens every pair over one slice of the span (api/services/conjunctions/screenings.ts). The
 * slice is the chunk's own: its start and end in seconds from the span start (null for the NORAD-range chunks and the
 * merge). An all-vs-all approach between two catalog objects has no spacecraft as its primary: its primary's NORAD id
 * and name (migration 0027 lets its primary index and spacecraft be null).
 */
import type { Migration } from '../migrations.ts';

export const migration0026: Migration = {
  version: 26,
  name: 'screening chunk time slices',
  statements: [
    'ALTER TABLE screening_chunks ADD COLUMN slice_from_s REAL',
    'ALTER TABLE screening_chunks ADD COLUMN slice_to_s REAL',
    'ALTER TABLE screening_approaches ADD COLUMN primary_norad_id INTEGER',
    'ALTER TABLE screening_approaches ADD COLUMN primary_name TEXT',
  ],
};
