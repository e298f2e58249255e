/**
 * The API figure of `npm run bench:od` (a section of bench/od.ts): orbit determination end to end through HTTP — upload
 * the reference TDMs → ingest → OD job → solution — against a real server process (bench/lib/odEndToEnd.ts), next to
 * Orekit's `BatchLSEstimator.estimate()` time from the reference (median of its timed runs, same machine class).
 */
import { percentile } from './server.ts';
import { benchmarkOdEndToEnd } from './odEndToEnd.ts';

export const odApiSection = {
  title: 'End to end through the API (HTTP upload of the TDMs → ingest → OD job → solution; real server process), median of 3 after a warm-up',
  async run() {
    const figures = await benchmarkOdEndToEnd(3);
    return figures.map((f) => ({
      what: `${f.scenario} API end to end`,
      ms: percentile(f.totalMs, 50),
      orekitMs: f.orekitMedianMs,
      detail:
        `${f.measurements} measurements; upload + ingest ${percentile(f.uploadMs, 50).toFixed(0)} ms, OD job ${percentile(f.odJobMs, 50).toFixed(0)} ms ` +
        `(fit ${percentile(f.fitMs, 50).toFixed(0)} ms); ${f.iterations} evaluations, ${f.positionErrorM.toFixed(3)} m from the truth; goal ${f.scenario === 'V3' ? `≥ 10× faster than Orekit (≤ ${(f.orekitMedianMs / 10).toFixed(0)} ms)` : '≤ 2000 ms'}`,
    }));
  },
};
