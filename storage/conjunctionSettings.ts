/**
 * An organization's conjunction settings (domain/conjunctions/settings.ts). An organization without a stored row has
 * the defaults; `updatedAt` is then null.
 */
import type { PcMethod } from '../engine/collision/probability.ts';
import { DEFAULT_CONJUNCTION_SETTINGS, type ConjunctionSettings, type StoredConjunctionSettings } from '../domain/conjunctions/settings.ts';
import type { SqlExecutor } from './sql/db.ts';

export async function findConjunctionSettings(db: SqlExecutor, organizationId: string): Promise<StoredConjunctionSettings> {
  const row = (await db.execute({ sql: 'SELECT * FROM conjunction_settings WHERE organization_id = ?', args: [organizationId] })).rows[0];
  if (!row) return { ...DEFAULT_CONJUNCTION_SETTINGS, riskThresholds: { ...DEFAULT_CONJUNCTION_SETTINGS.riskThresholds }, updatedAt: null };
  return {
    defaultHardBodyRadiusM: Number(row.default_hard_body_radius_m),
    riskThresholds: { mediumPc: Number(row.medium_pc_threshold), highPc: Number(row.high_pc_threshold) },
    eventGroupingWindowS: Number(row.event_grouping_window_s),
    defaultPcMethod: String(row.default_pc_method) as PcMethod,
    updatedAt: String(row.updated_at),
  };
}

export async function saveConjunctionSettings(db: SqlExecutor, organizationId: string, settings: ConjunctionSettings, updatedAt: string): Promise<void> {
  await db.execute({
    sql: `INSERT INTO conjunction_settings (organization_id, default_hard_body_radius_m, medium_pc_threshold, high_pc_threshold,
            event_grouping_window_s, default_pc_method, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (organization_id) DO UPDATE SET default_hard_body_radius_m = excluded.default_hard_body_radius_m,
            medium_pc_threshold = excluded.medium_pc_threshold, high_pc_threshold = excluded.high_pc_threshold,
            event_grouping_window_s = excluded.event_grouping_window_s, default_pc_method = excluded.default_pc_method,
            updated_at = excluded.updated_at`,
    args: [
      organizationId, settings.defaultHardBodyRadiusM, settings.riskThresholds.mediumPc, settings.riskThresholds.highPc,
      settings.eventGroupingWindowS, settings.defaultPcMethod, updatedAt,
    ],
  });
}
