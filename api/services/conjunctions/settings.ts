/**
 * The organization's conjunction settings (GET/PUT /operations/conjunctions/settings, ETag/If-Match like every record).
 * A change of the default method or radius assesses the stored CDMs again before the PUT answers, so the list, the
 * risk levels and the timelines follow at once; thresholds apply when read; a new grouping window applies to CDMs
 * received afterwards (existing events are not regrouped).
 */
import { settingsProblems, type ConjunctionSettings } from '../../../domain/conjunctions/settings.ts';
import { inTransaction, nowIso, type Db } from '../../../storage/db.ts';
import { findConjunctionSettings, saveConjunctionSettings, type StoredConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import { validationError } from '../../errors.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../../preconditions.ts';
import { reassessConjunctions } from './assessment.ts';

export function settingsView(stored: StoredConjunctionSettings) {
  return {
    defaultHardBodyRadiusM: stored.defaultHardBodyRadiusM,
    riskThresholds: { mediumPc: stored.riskThresholds.mediumPc, highPc: stored.riskThresholds.highPc },
    eventGroupingWindowS: stored.eventGroupingWindowS,
    defaultPcMethod: stored.defaultPcMethod,
    updatedAt: stored.updatedAt,
  };
}

export async function getConjunctionSettings(db: Db, organizationId: string) {
  const view = settingsView(await findConjunctionSettings(db, organizationId));
  return { view, etag: entityTag(view) };
}

export async function putConjunctionSettings(db: Db, pool: ComputePool, organizationId: string, input: ConjunctionSettings, ifMatch: IfMatch) {
  const problems = settingsProblems(input);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const { before, after } = await inTransaction(db, async (tx) => {
    const current = await findConjunctionSettings(tx, organizationId);
    assertIfMatch(ifMatch, entityTag(settingsView(current)));
    await saveConjunctionSettings(tx, organizationId, input, nowIso());
    return { before: current, after: await findConjunctionSettings(tx, organizationId) };
  });
  if (before.defaultPcMethod !== after.defaultPcMethod || before.defaultHardBodyRadiusM !== after.defaultHardBodyRadiusM) {
    await reassessConjunctions(db, pool, organizationId, { kind: 'ALL' });
  }
  const view = settingsView(after);
  return { view, etag: entityTag(view) };
}
