/**
 * Time budget of every compute task, per task kind: a task still running after its budget is stopped (its worker
 * is terminated and replaced) and fails with TaskTimeoutError. The defaults are generous envelopes of the worst
 * legitimate input on a loaded 2-core machine (e.g. a 30-day OEM 60 days away from its state vector runs ~4 s
 * quiet); `TASK_TIME_BUDGETS=task=ms,…` overrides them, and a caller may pass a shorter `timeoutMs`.
 */
export const DEFAULT_TASK_BUDGET_MS = 120_000;

export const TASK_BUDGETS_MS: Readonly<Record<string, number>> = {
  'diagnostics.cpuSpin': 60_000,
  'tracking.inspect': 120_000,
  // Streams batches to the job or the upload and waits for them to be stored (read-ahead limit): its time includes
  // the consumer's inserts, about 10 s per 500,000 measurements.
  'tracking.stream': 600_000,
  'stateVectors.meanElements': 10_000,
  'stateVectors.parseOpm': 30_000,
  'ephemeris.generateOem': 120_000,
  'tle.generate': 60_000,
  'maneuvers.readOcm': 60_000,
  'maneuvers.writeExport': 60_000,
  // Scheduled and batch products run the same propagations as their request forms (budget from when a worker takes them).
  'products.oem': 120_000,
  'products.oemZipEntry': 120_000,
  'products.tle': 60_000,
  'products.textZipEntry': 30_000,
  'ephemeris.parseBatch': 30_000,
  'earthData.inspect': 60_000,
  'earthData.inspectEop': 60_000,
  'measurements.residuals': 120_000,
  // The orbit-determination runner stops a fit itself after OD_TIME_BUDGET_MS (10 min; cooperatively, so the job
  // fails with its reason and its residuals); this is the backstop a minute later should the fit not stop.
  'od.estimate': 660_000,
  // A batch of received CDMs (≤ 100 messages, ≤ 1 MiB) reads in tens of milliseconds; the Pc of 500 stored ones in about as long.
  'conjunctions.readCdms': 30_000,
  'conjunctions.assess': 30_000,
  'conjunctions.assessForStorage': 30_000,
  'conjunctions.parseCdm': 10_000,
  'conjunctions.writeCdm': 10_000,
  // 30 days of full-model LEO propagation with dense output (~3 s quiet) and the event search (< 1 s).
  'events.predict': 120_000,
  // A chunk (≤ 3,000 catalog objects × its primaries, 14 days; the primaries' propagation the first time a worker
  // meets the screening) runs seconds; a loaded machine and 14 days get several times that.
  'screening.chunk': 300_000,
  // A fleet screening's time slice (every primary × the whole catalog over ≤ 24 h, grid sieve): 2,000 × 45,000 × 12 h
  // takes tens of seconds on a quiet core (bench:screening --fleet); a loaded machine several times that.
  'screening.sieve': 600_000,
  // The merge also propagates each primary's covariance (STM, 42 equations) over the span once: 14 days of LEO with the
  // full force model run some seconds per primary on a quiet core.
  'screening.merge': 300_000,
  'screening.checkOem': 30_000,
  // A 30,000-object TLE or OMM catalog reads in about a second (npm run bench:catalog-ingest).
  'catalog.readFile': 60_000,
  // The avoidance-plan runner stops a plan itself after AVOIDANCE_TIME_BUDGET_MS (5 min; the trade space of 720
  // candidates takes about a second, each re-propagation a fraction of one); this is the backstop a minute later.
  'avoidance.plan': 360_000,
  // One candidate re-propagated to its horizon (≤ 7 days after the TCA) with the covariance: seconds.
  'avoidance.oem': 120_000,
};

/** The budget of `task`: the override, else its default, else DEFAULT_TASK_BUDGET_MS. */
export function taskBudgetMs(task: string, overrides: Readonly<Record<string, number>> = {}): number {
  return overrides[task] ?? TASK_BUDGETS_MS[task] ?? DEFAULT_TASK_BUDGET_MS;
}
