/**
 * A service instance to be killed with SIGKILL in the middle of a task run (test/api/jobs/taskRunner.test.ts): it opens the
 * shared database file, runs the real TaskRunRunner at the fake time given, and reaches the compute step of a run —
 * where its compute step never answers — then prints `MID_RUN <runId>` and waits to be killed.
 * Usage: tsx taskRunnerChild.ts <database url> <now ms> <lease ms>
 */
import type { EarthDataStore } from '../../api/services/earthData.ts';
import { TaskRunRunner } from '../../api/jobs/taskRunner.ts';
import { openDatabase } from '../../storage/sql/db.ts';

const [url, nowText, leaseText] = process.argv.slice(2);
const db = await openDatabase({ url: url! });
let current = '';
// The compute step: every pool task goes through the Earth data store, which here never answers.
const stuckEarthData = {
  run() {
    console.log(`MID_RUN ${current}`);
    return new Promise(() => undefined);
  },
} as unknown as EarthDataStore;
class ChildRunner extends TaskRunRunner {
  protected override async run(...args: Parameters<TaskRunRunner['run']>): Promise<void> {
    current = args[0].id;
    await super.run(...args);
  }
}
const runner = new ChildRunner({ db, earthData: stuckEarthData }, { owner: 'child', clock: () => Number(nowText), leaseMs: Number(leaseText) });
await runner.drain();
