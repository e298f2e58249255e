/**
 * A screening of the whole fleet (mode FLEET) is cut by time, not by NORAD range: each chunk screens every primary
 * against the whole catalog over one slice of the span (api/services/conjunctions/screenings.ts). The slice is the
 * chunk's own: its start and end in seconds from the span start (null for the NORAD-range chunks and the merge).
 */
import type { Migration } from '../migrations.ts';

export const migration0026: Migration = {
  version: 26,
  name: 'screening chunk time slices',
  statements: [
    'ALTER TABLE screening_chunks ADD COLUMN slice_from_s REAL',
    'ALTER TABLE screening_chunks ADD COLUMN slice_to_s REAL',
  ],
};
