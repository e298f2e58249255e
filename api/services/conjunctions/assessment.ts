/**
 * The assessment of stored CDMs: the combined hard-body radius by the organization's rule
 * (domain/conjunctions/hardBodyRadius.ts) and the Pc by its default method, computed on the pool
 * (`conjunctions.assess`), stored per CDM and copied to its event. When the inputs change — the settings' method or
 * default radius (PUT settings), a spacecraft's hardBodyRadiusM (PATCH spacecraft) — the CDMs whose stored
 * assessment no longer matches are assessed again, page by page (one pool task and one short transaction each).
 */
import type { PcMethod } from '../../../engine/collision/probability.ts';
import { assessedPcMethod, storedAssessment, type AssessmentItem, type AssessmentOutcome, type StoredAssessment } from '../../../domain/conjunctions/assessment.ts';
import { resolveHardBodyRadius, type HardBodyRadiusUsed, type RadiusObject } from '../../../domain/conjunctions/hardBodyRadius.ts';
import type { ConjunctionSettings } from '../../../domain/conjunctions/settings.ts';
import type { CdmHardBodyRadius } from '../../../engine/collision/cdmEncounter.ts';
import type { EncounterStates } from '../../../domain/conjunctions/cdmDigest.ts';
import { inTransaction, nowIso, yieldToEventLoop, type Db, type SqlExecutor } from '../../../storage/sql/db.ts';
import {
  listCdmsForAssessment,
  refreshEventSummaries,
  eventRiskPcs,
  updateCdmAssessments,
  type AssessmentScope,
  type CdmAssessmentUpdate,
} from '../../../storage/conjunctions.ts';
import { findConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import { recordChanges } from '../../../storage/changes.ts';
import { riskChangesOf } from '../../../domain/changes/model.ts';
import { findSpacecraftByIds } from '../../../storage/spacecraft.ts';
import { runWhenRoom, type ComputePool } from '../../../workers/poolTypes.ts';

/** CDMs per `conjunctions.assess` task and per reassessment transaction. */
export const ASSESS_BATCH = 500;

/** Name and radius of each spacecraft (those the ids name in this organization). */
export async function spacecraftRadii(db: SqlExecutor, organizationId: string, ids: Iterable<string>): Promise<Map<string, { name: string; hardBodyRadiusM: number | null }>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, { name: string; hardBodyRadiusM: number | null }>();
  for (let i = 0; i < unique.length; i += 500) {
    for (const craft of await findSpacecraftByIds(db, organizationId, unique.slice(i, i + 500))) out.set(craft.id, { name: craft.name, hardBodyRadiusM: craft.hardBodyRadiusM });
  }
  return out;
}

/** The radius rule for one CDM with the current spacecraft radii and settings. */
export function radiusFor(
  cdmRadius: CdmHardBodyRadius | null,
  spacecraftIds: readonly [string | null, string | null],
  radii: ReadonlyMap<string, { name: string; hardBodyRadiusM: number | null }>,
  settings: ConjunctionSettings,
): HardBodyRadiusUsed {
  const objects = spacecraftIds.map((id): RadiusObject => ({
    spacecraftId: id,
    spacecraftName: id === null ? null : (radii.get(id)?.name ?? null),
    hardBodyRadiusM: id === null ? null : (radii.get(id)?.hardBodyRadiusM ?? null),
  })) as [RadiusObject, RadiusObject];
  return resolveHardBodyRadius(cdmRadius, objects, settings.defaultHardBodyRadiusM);
}

/**
 * Items per pool task of `assessOnPool`. The event loop serializes a task's items (two states and covariances each)
 * and deserializes its outcomes: 500 items in one task held it for several ms each way (bench:cdm-ingest); 100 keep
 * each step near a millisecond.
 */
export const ASSESS_TASK_ITEMS = 100;

/**
 * Tasks of one call on the pool at once. The pool refuses work beyond its queue (503, "retry later"): a request that
 * handed it all of a 500-CDM file's tasks at once (five, with the reader's two) filled the queue of a one-worker pool
 * by itself. Two keep a pool of two busy while the event loop handles the answers.
 */
export const ASSESS_TASKS_IN_FLIGHT = 2;

/**
 * Runs items 0 … count − 1 on the pool in tasks of ASSESS_TASK_ITEMS, at most ASSESS_TASKS_IN_FLIGHT at once, each
 * handed to the pool in a turn of the event loop of its own; their outcomes joined in order. A task's items are made
 * (`itemAt`) only when it is handed over, so the items of the tasks still waiting are not in memory meanwhile.
 */
async function inPoolTasks<I, O>(count: number, itemAt: (index: number) => I, run: (part: I[]) => Promise<O[]>): Promise<O[]> {
  const running: Array<Promise<O[]>> = [];
  const out: O[] = [];
  for (let i = 0; i < count; i += ASSESS_TASK_ITEMS) {
    if (running.length >= ASSESS_TASKS_IN_FLIGHT) out.push(...(await running.shift()!));
    if (i > 0) await yieldToEventLoop();
    const part: I[] = [];
    for (let k = i; k < Math.min(count, i + ASSESS_TASK_ITEMS); k++) part.push(itemAt(k));
    const task = run(part);
    task.catch(() => undefined); // awaited in order; a failure surfaces there
    running.push(task);
  }
  for (const task of running) out.push(...(await task));
  return out;
}

/** The Pc of each item by `methods` on the pool, with its encounter (outcomes in order). */
export function assessOnPool(pool: ComputePool, items: readonly AssessmentItem[], methods: readonly PcMethod[]): Promise<AssessmentOutcome[]> {
  return inPoolTasks(items.length, (i) => items[i]!, (part) => pool.run('conjunctions.assess', { items: part, methods: [...methods] }));
}

/**
 * The Pc of items 0 … count − 1 by `method` on the pool, only as a CDM row stores it (the ingest: no encounter summary
 * crosses to the event loop to be deserialized and dropped). Each item is made when its task is handed over.
 */
export function assessForStorageOnPool(pool: ComputePool, count: number, itemAt: (index: number) => AssessmentItem, method: PcMethod): Promise<StoredAssessment[]> {
  // the ingest's Pc waits for room on a saturated pool, as its reads do (an upload under way: workers/poolTypes.ts)
  return inPoolTasks(count, itemAt, (part) => runWhenRoom(() => pool.run('conjunctions.assessForStorage', { items: part, method })));
}

function sameRadius(a: number | null, b: number): boolean {
  return a !== null && Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));
}

/**
 * Assesses again the CDMs of `scope` whose stored method or radius differs from what the current settings and
 * spacecraft radii give (all of them with `force`). Returns how many were assessed again.
 */
export async function reassessConjunctions(db: Db, pool: ComputePool, organizationId: string, scope: AssessmentScope, force = false): Promise<number> {
  const settings = await findConjunctionSettings(db, organizationId);
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await listCdmsForAssessment(db, organizationId, scope, after, ASSESS_BATCH);
    if (rows.length === 0) return count;
    after = rows[rows.length - 1]!.rowid;
    const radii = await spacecraftRadii(db, organizationId, rows.flatMap((r) => r.objectSpacecraftIds.filter((id): id is string => id !== null)));
    const stale = rows
      .map((row) => ({ row, radius: radiusFor(row.cdmHardBodyRadius, row.objectSpacecraftIds, radii, settings) }))
      .filter(({ row, radius }) => force || row.pcMethod !== (row.encounterStates === null ? settings.defaultPcMethod : assessedPcMethod(row.covarianceMethods, settings.defaultPcMethod)) || !sameRadius(row.hardBodyRadiusM, radius.combinedM));
    if (stale.length === 0) continue;
    const withStates = stale.filter((s) => s.row.encounterStates !== null);
    const outcomes = await assessOnPool(
      pool,
      withStates.map((s) => ({ states: s.row.encounterStates as EncounterStates, hardBodyRadiusM: s.radius.combinedM, covarianceMethods: s.row.covarianceMethods })),
      [settings.defaultPcMethod],
    );
    const byId = new Map(withStates.map((s, k) => [s.row.id, outcomes[k]!]));
    const assessedAt = nowIso();
    const updates: CdmAssessmentUpdate[] = stale.map(({ row, radius }) => {
      const outcome = byId.get(row.id) ?? null;
      const stored = storedAssessment(outcome);
      return {
        id: row.id,
        // a CDM without states keeps the reason it has none (its digest's); one with states gets its encounter's outcome
        ...(outcome === null ? {} : { encounterProblem: stored.problem }),
        computedMissDistanceM: stored.computedMissDistanceM,
        hardBodyRadiusM: radius.combinedM,
        hardBodyRadius: radius,
        pc: stored.pc,
        pcMethod: stored.method ?? settings.defaultPcMethod,
        pcDetail: stored.pcDetail,
        assessedAt,
      };
    });
    await inTransaction(db, async (tx) => {
      const eventIds = [...new Set(stale.map((s) => s.row.eventId))];
      const before = await eventRiskPcs(tx, organizationId, eventIds);
      await updateCdmAssessments(tx, organizationId, updates);
      await refreshEventSummaries(tx, organizationId, eventIds, assessedAt);
      const thresholds = { before: settings.riskThresholds, after: settings.riskThresholds };
      await recordChanges(tx, organizationId, riskChangesOf(before, await eventRiskPcs(tx, organizationId, eventIds), thresholds, 'REASSESSMENT'), assessedAt);
    });
    count += stale.length;
  }
}
