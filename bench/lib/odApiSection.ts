/**
 * The API figure of `npm run bench:od` (a section of bench/od.ts): orbit determination end to end through HTTP — upload
 * the reference TDMs → ingest → OD job → solution — against a real server process (bench/lib/odEndToEnd.ts), next to
 * Orekit's `BatchLSEstimator.estimate()` time from the reference (median of its timed runs, same machine class).
 */
import { readFileSync } from 'node:fs';
import { percentile } from './server.ts';
import { benchmarkOdEndToEnd } from './odEndToEnd.ts';

const orekitMedianMs = (id: 'V1' | 'V2'): number =>
  (JSON.parse(readFileSync(new URL(`../../test/fixtures/od/${id}_solution.json`, import.meta.url), 'utf8')) as { timing: { wall_ms_median: number } }).timing.wall_ms_median;

export const odApiSection = {
  title: 'End to end through the API (HTTP upload of the TDMs → ingest → OD job → solution; real server process), median of 3 after a warm-up',
  async run() {
    const figures = await benchmarkOdEndToEnd(3);
    return figures.map((f) => ({
      what: `${f.scenario} API end to end`,
      ms: percentile(f.totalMs, 50),
      orekitMs: orekitMedianMs(f.scenario),
      detail:
        `${f.measurements} measurements; upload + ingest ${percentile(f.uploadMs, 50).toFixed(0)} ms, OD job ${percentile(f.odJobMs, 50).toFixed(0)} ms ` +
        `(fit ${percentile(f.fitMs, 50).toFixed(0)} ms); ${f.iterations} iterations, ${f.positionErrorM.toFixed(3)} m from the truth; goal ≤ 2000 ms`,
    }));
  },
};
