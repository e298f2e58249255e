/**
 * Runs queued avoidance plans on the shared leased-job loop (leasedJobRunner.ts): read the plan's CDM (the states at
 * TCA it was requested for), run `avoidance.plan` on the worker pool — never on the event loop — under a time budget
 * and a cancel signal (the client's cancel request, checked every second; a lost lease; shutdown), then store the
 * plan with its completion, only while the lease is still ours.
 *
 * Outcomes: computed → SUCCEEDED (also when no candidate meets the target: the plan says so); the input no longer
 * holds (the CDM is gone) or the planner refuses it (no burn that early, the floor) → FAILED with the reason; the
 * time budget spent → FAILED; cancelled by the client → CANCELLED; the worker died or the pool was full → back to
 * QUEUED with a backoff (at most `max_attempts` runs); shutdown → back to QUEUED.
 */
import type { Db } from '../../storage/sql/db.ts';
import { catalogElementSetsJson, catalogNoradIds, catalogSnapshot } from '../../storage/catalog.ts';
import { CATALOG_NOT_LOADED, type AvoidanceSecondariesInput } from '../../workers/contracts.ts';
import { gpElementsToJson } from '../../engine/tle/gpElements.ts';
import { resolveFleetSecondaries } from '../services/conjunctions/screenings.ts';
import {
  avoidancePlanCancelRequested,
  claimNextAvoidancePlan,
  completeAvoidancePlan,
  endAvoidancePlanCancelled,
  failAvoidancePlan,
  renewAvoidancePlanLease,
} from '../../storage/avoidancePlans.ts';
import { findEventCdm, findReceivedCdmCovariances } from '../../storage/conjunctions.ts';
import { findConjunctionSettings } from '../../storage/conjunctionSettings.ts';
import { cdmCovarianceCandidatesByNorad } from '../../domain/screenings/covariances.ts';
import type { AvoidancePlan } from '../../domain/avoidance/model.ts';
import { logError, logInfo } from '../log.ts';
import { earthDataWarningsFor, type EarthDataStore } from '../services/earthData.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { CancellableRun, type CancelReason } from './cancellableRun.ts';
import { type JobLease, LeasedJobRunner, type LeasedJobRunnerOptions } from './leasedJobRunner.ts';

/** Longest a plan may run before it is cancelled (the default trade space and six re-propagations take seconds). */
export const AVOIDANCE_TIME_BUDGET_MS = 5 * 60_000;

export interface AvoidancePlanRunnerOptions extends LeasedJobRunnerOptions {
  timeBudgetMs?: number;
  /** How often a running plan checks its cancel flag (default 1 s). */
  cancelCheckMs?: number;
}

/** Catalog objects read per statement (the embedded driver holds the event loop while one runs). */
const CATALOG_READ_IDS = 3_000;

export class AvoidancePlanRunner extends LeasedJobRunner<AvoidancePlan> {
  private readonly timeBudgetMs: number;
  private readonly cancelCheckMs: number;
  private current: CancellableRun | null = null;

  constructor(
    private readonly db: Db,
    private readonly earthData: EarthDataStore,
    options: AvoidancePlanRunnerOptions = {},
  ) {
    super('avoidance-runner', options);
    this.timeBudgetMs = options.timeBudgetMs ?? AVOIDANCE_TIME_BUDGET_MS;
    this.cancelCheckMs = options.cancelCheckMs ?? 1_000;
  }

  protected claim(): Promise<AvoidancePlan | null> {
    return claimNextAvoidancePlan(this.db, this.owner, this.leaseMs);
  }

  protected renew(jobId: string): Promise<boolean> {
    return renewAvoidancePlanLease(this.db, jobId, this.owner, this.leaseMs);
  }

  /** Stops polling; a plan in progress is stopped and queued again (another runner or a restart resumes it). */
  override async stop(): Promise<void> {
    this.current?.cancel('shutdown');
    await super.stop();
  }

  protected async run(plan: AvoidancePlan, lease: JobLease): Promise<void> {
    const cdm = await findEventCdm(this.db, plan.organizationId, plan.eventId, plan.request.cdmId);
    if (!cdm || !cdm.encounterStates) {
      await this.fail(plan, `the CDM ${plan.request.cdmId} the plan was requested for is gone or has no states at TCA`, false);
      return;
    }
    if (await avoidancePlanCancelRequested(this.db, plan.id)) return await this.cancelled(plan, 'client');
    const controller = new AbortController();
    const run = new CancellableRun({
      budgetMs: this.timeBudgetMs, lease, checkMs: this.cancelCheckMs, stopTask: () => controller.abort(),
      clientRequested: () => avoidancePlanCancelRequested(this.db, plan.id),
    });
    this.current = run;
    const encounterStates = cdm.encounterStates;
    let secondaries: AvoidanceSecondariesInput | undefined;
    let output;
    let snapshot;
    try {
      try {
        secondaries = await this.secondariesOf(plan, controller.signal);
      } catch (error) {
        if (run.reason) return await this.cancelled(plan, run.reason);
        logError('avoidance plan could not read its secondaries', { jobId: plan.id, error: String(error) });
        await this.fail(plan, `reading the catalog failed: ${String((error as Error)?.message ?? error)}`, true);
        return;
      }
      try {
        // the catalog's bytes are moved to the worker; a task sent again (after EARTH_DATA_CHANGED) finds them
        // detached, answers CATALOG_NOT_LOADED and is sent once more with the catalog read again
        for (let attempt = 0; ; attempt++) {
          const transfer = secondaries && !('skipped' in secondaries) ? [...new Set(secondaries.catalogElementsJson.map((part) => part.buffer as ArrayBuffer))] : [];
          const sent = secondaries;
          ({ output, snapshot } = await this.earthData.run('avoidance.plan', () => ({ request: plan.request, encounterStates, primaryObject: cdm.primaryObject, ...(sent ? { secondaries: sent } : {}) }), { signal: controller.signal, transfer }));
          if (output.ok || output.code !== CATALOG_NOT_LOADED || attempt >= 2) break;
          secondaries = await this.secondariesOf(plan, controller.signal);
        }
      } catch (error) {
        if (run.reason) return await this.cancelled(plan, run.reason);
        // Infrastructure: the worker died, the pool was full. Another attempt may succeed.
        logError('avoidance plan task failed', { jobId: plan.id, error: String(error) });
        await this.fail(plan, `compute task failed: ${String((error as Error)?.message ?? error)}`, true);
        return;
      }
    } finally {
      run.end();
      this.current = null;
    }
    if (!output.ok) {
      await this.fail(plan, `${output.code}: ${output.message}`, false);
      return;
    }
    if (lease.lost) return;
    const tca = Epoch.parseInstant(plan.request.tca);
    const span = { start: Epoch.parseInstant(plan.request.burnWindow.earliestBurnTime), end: tca.plusSeconds(output.result.secondaryScreening?.status === 'SCREENED' ? Math.max(600, output.result.secondaryScreening.horizonS) : 600), spaceWeather: plan.request.forceModel.atmosphere === 'NRLMSISE00' };
    const result = { ...output.result, earthDataWarnings: earthDataWarningsFor(snapshot, span).map((w) => w.message) };
    const stored = await completeAvoidancePlan(this.db, plan.id, this.owner, result);
    if (!stored) {
      logError('avoidance plan lease lost before commit; another runner owns it', { jobId: plan.id, owner: this.owner });
      return;
    }
    logInfo('avoidance plan finished', {
      jobId: plan.id,
      candidates: result.tradeSpace.count,
      repropagated: result.candidates.length,
      recommended: result.recommendedCandidate,
      computeMs: Math.round(result.computeMs),
    });
  }

  /**
   * The secondaries of the candidates' post-burn screening: the organization's catalog (newest set per object, read in
   * sub-ranges as stored JSON bytes with a turn of the event loop between them, moved to the worker and decoded there —
   * as the screening chunks read it) and our other active spacecraft as the ordinary screening takes them
   * (services/conjunctions/screenings.ts `resolveFleetSecondaries`: their catalog set, else a TLE fitted to their
   * latest state at the middle of the horizon, flagged; one that cannot be fitted listed as not screened). Skipped
   * with the reason when turned off, or when neither the catalog nor the fleet gives a secondary.
   */
  private async secondariesOf(plan: AvoidancePlan, signal: AbortSignal): Promise<AvoidanceSecondariesInput | undefined> {
    const settings = plan.request.secondaryScreening;
    if (!settings) return undefined;
    if (settings.enabled === false) return { skipped: 'turned off in the request (secondaryScreening.enabled false)' };
    const snapshot = await catalogSnapshot(this.db, plan.organizationId);
    const ids = await catalogNoradIds(this.db, plan.organizationId, snapshot);
    const ranges: Array<{ fromNoradId: number; toNoradId: number }> = [];
    for (let k = 0; k < ids.length; k += CATALOG_READ_IDS) ranges.push({ fromNoradId: ids[k]!, toNoradId: ids[Math.min(k + CATALOG_READ_IDS, ids.length) - 1]! });
    const catalogElementsJson = await catalogElementSetsJson(this.db, plan.organizationId, snapshot, ranges, signal);
    signal.throwIfAborted();
    const midHorizon = Epoch.parseInstant(plan.request.tca).plusSeconds(settings.horizonS / 2);
    // the fleet's TLE fits run on the pool under the plan's signal: a cancelled plan stops them
    const fleet = await resolveFleetSecondaries({ db: this.db, earthData: this.earthData.withSignal(() => signal) }, plan.organizationId, new Set([plan.spacecraftId]), new Set(ids), midHorizon);
    signal.throwIfAborted();
    if (ids.length === 0 && fleet.fleet.length === 0) {
      return { skipped: 'the organization’s catalog holds no published element set (upload one: POST /operations/catalog) and no other spacecraft of ours could be screened: no secondary screening of the candidates' };
    }
    const fleetSpacecraft: Record<string, string> = {};
    const fittedTle: number[] = [];
    for (const f of fleet.fleetInCatalog) fleetSpacecraft[String(f.noradId)] = f.spacecraftId;
    for (const f of fleet.fleet) {
      fleetSpacecraft[String(f.noradId)] = f.spacecraftId;
      if (f.fitted) fittedTle.push(f.noradId);
    }
    if (fleet.fleet.length > 0) catalogElementsJson.push(new TextEncoder().encode(gpElementsToJson(fleet.fleet.map((f) => f.elements))));
    // secondaries' covariances from the received CDMs over the screened span (burn window to the horizon), applied to
    // an approach within the organization's event grouping window of a CDM's TCA, as the ordinary screening applies them
    const windowS = (await findConjunctionSettings(this.db, plan.organizationId)).eventGroupingWindowS;
    const fromS = Date.parse(plan.request.burnWindow.earliestBurnTime) / 1000 - windowS;
    const toS = Date.parse(plan.request.tca) / 1000 + settings.horizonS + windowS;
    const cdmCovariances = cdmCovarianceCandidatesByNorad(await findReceivedCdmCovariances(this.db, plan.organizationId, fromS, toS));
    return {
      catalogElementsJson,
      catalogBytes: catalogElementsJson.map((part) => part.byteLength),
      fleetSpacecraft,
      fittedTle,
      cdmCovariances,
      cdmCovarianceWindowS: windowS,
      catalogObjectCount: ids.length,
      notScreened: fleet.issues.map((issue) => issue.message),
    };
  }

  private async cancelled(plan: AvoidancePlan, reason: CancelReason): Promise<void> {
    logInfo('avoidance plan cancelled', { jobId: plan.id, reason });
    if (reason === 'lease') return; // another runner holds the plan now
    if (reason === 'shutdown') return await this.fail(plan, 'interrupted by a shutdown; queued again', true);
    if (reason === 'client') {
      await endAvoidancePlanCancelled(this.db, plan.id, this.owner).catch((error: unknown) => logError('avoidance plan could not be marked cancelled', { jobId: plan.id, error: String(error) }));
      return;
    }
    await this.fail(plan, `the plan exceeded its time budget of ${Math.round(this.timeBudgetMs / 1000)} s and was cancelled`, false);
  }

  private async fail(plan: AvoidancePlan, message: string, retry: boolean): Promise<void> {
    await failAvoidancePlan(this.db, plan.id, this.owner, message, retry).catch((error: unknown) =>
      logError('avoidance plan could not be marked failed', { jobId: plan.id, error: String(error) }));
  }
}
