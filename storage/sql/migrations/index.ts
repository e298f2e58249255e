/**
 * Every migration, in version order. One file per migration; add a line here for a new one.
 * Versions are never reused or edited once released.
 */
import type { Migration } from '../migrations.ts';
import { migration0001 } from './0001_auth.ts';
import { migration0002 } from './0002_spacecraft.ts';
import { migration0003 } from './0003_maneuvers.ts';
import { migration0004 } from './0004_measurements.ts';
import { migration0005 } from './0005_state_vectors.ts';
import { migration0006 } from './0006_ground_stations.ts';
import { migration0007 } from './0007_orbit_determinations.ts';
import { migration0008 } from './0008_hardening.ts';
import { migration0009 } from './0009_api_style.ts';
import { migration0010 } from './0010_products.ts';
import { migration0011 } from './0011_event_plans.ts';
import { migration0012 } from './0012_conjunctions.ts';
import { migration0013 } from './0013_catalog.ts';
import { migration0014 } from './0014_screenings.ts';
import { migration0015 } from './0015_spacecraft_row_version.ts';
import { migration0016 } from './0016_screening_covariances.ts';
import { migration0017 } from './0017_screening_primary_oems.ts';
import { migration0018 } from './0018_catalog_list_indexes.ts';
import { migration0019 } from './0019_staged_batch_leases.ts';
import { migration0020 } from './0020_replica_write_marks.ts';
import { migration0021 } from './0021_claimed_from.ts';
import { migration0022 } from './0022_changes_webhooks.ts';
import { migration0023 } from './0023_audit_entry_ids.ts';
import { migration0024 } from './0024_avoidance_plans.ts';
import { migration0025 } from './0025_received_cdm_tca_index.ts';
import { migration0026 } from './0026_screening_chunk_slices.ts';
import { migration0027 } from './0027_catalog_pair_approaches.ts';
import { migration0028 } from './0028_ephemeris_batch_slices.ts';
import { migration0029 } from './0029_screening_chunk_result_parts.ts';
import { migration0030 } from './0030_batch_entry_parts.ts';
import { migration0031 } from './0031_screening_input_parts.ts';

export const ALL_MIGRATIONS: Migration[] = [
  migration0001, migration0002, migration0003, migration0004, migration0005,
  migration0006, migration0007, migration0008, migration0009, migration0010,
  migration0011, migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
  migration0020,
  migration0021,
  migration0022,
  migration0023,
  migration0024,
  migration0025,
  migration0026,
  migration0027,
  migration0028,
  migration0029,
  migration0030,
  migration0031,
];
