/**
 * The organization's conjunction settings (GET/PUT /operations/conjunctions/settings, ETag/If-Match like every record).
 * A PUT assesses again, before it answers, every stored CDM whose method or radius differs from the stored settings,
 * so the list, the risk levels and the timelines follow a change at once; thresholds apply when read; a new grouping
 * window applies to CDMs received afterwards (existing events are not regrouped).
 *
 * Every PUT does it, not only one that changed the method or radius: an assessment that failed after the settings
 * were stored (the compute pool or the database unavailable) is finished by the next PUT, even one of the same
 * settings. Such a failure is not an error of the PUT — its change was made — so it answers 200 with a Warning header
 * saying what is left to do, never a 5xx after a stored write.
 */
import { settingsProblems, type ConjunctionSettings, type RiskThresholds, type StoredConjunctionSettings } from '../../../domain/conjunctions/settings.ts';
import { riskChangesOf } from '../../../domain/changes/model.ts';
import { recordChanges } from '../../../storage/changes.ts';
import { eventRiskPcs } from '../../../storage/conjunctions.ts';
import { inTransaction, nowIso, type Db } from '../../../storage/sql/db.ts';
import { findConjunctionSettings, saveConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import { validationError } from '../../http/errors.ts';
import { logError } from '../../log.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../../http/preconditions.ts';
import { reassessConjunctions } from './assessment.ts';

function sameThresholds(a: RiskThresholds, b: RiskThresholds): boolean {
  return a.mediumPc === b.mediumPc && a.highPc === b.highPc;
}

/** The Pc ranges in which an event's level differs between two sets of thresholds (each between an old and a new one). */
function levelChangeRanges(a: RiskThresholds, b: RiskThresholds): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (a.mediumPc !== b.mediumPc) ranges.push([Math.min(a.mediumPc, b.mediumPc), Math.max(a.mediumPc, b.mediumPc)]);
  if (a.highPc !== b.highPc) ranges.push([Math.min(a.highPc, b.highPc), Math.max(a.highPc, b.highPc)]);
  return ranges;
}

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
    const stored = await findConjunctionSettings(tx, organizationId);
    if (!sameThresholds(current.riskThresholds, stored.riskThresholds)) {
      // new thresholds move events between levels without any Pc changing: told here, with the settings' write
      const pcs = await eventRiskPcs(tx, organizationId, { pcWithin: levelChangeRanges(current.riskThresholds, stored.riskThresholds) });
      await recordChanges(tx, organizationId, riskChangesOf(pcs, pcs, { before: current.riskThresholds, after: stored.riskThresholds }, 'REASSESSMENT'));
    }
    return { before: current, after: stored };
  });
  const warnings: string[] = [];
  try {
    await reassessConjunctions(db, pool, organizationId, { kind: 'ALL' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logError('conjunction reassessment after a settings change failed', { organizationId, error: reason });
    warnings.push('the settings are stored, but the stored CDMs could not all be assessed with them now; PUT the settings again to finish');
  }
  const view = settingsView(after);
  return { view, etag: entityTag(view), warnings };
}
