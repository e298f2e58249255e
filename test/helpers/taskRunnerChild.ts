/**
 * A service instance to be killed with SIGKILL in the middle of a task run (test/api/taskRunner.test.ts): it opens the
 * shared database file, runs the real TaskRunRunner at the fake time given, and reaches the compute step of a run —
 * where its pool never answers — then prints `MID_RUN <runId>` and waits to be killed.
 * Usage: tsx taskRunnerChild.ts <database url> <now ms> <lease ms>
 */
import { loadConfig } from '../../api/config.ts';
import { TaskRunRunner } from '../../api/services/taskRunner.ts';
import { openDatabase } from '../../storage/db.ts';
import type { ComputePool } from '../../workers/pool.ts';

const [url, nowText, leaseText] = process.argv.slice(2);
const db = await openDatabase({ url: url! });
let current = '';
const stuckPool: ComputePool = {
  run() {
    console.log(`MID_RUN ${current}`);
    return new Promise(() => undefined);
  },
  stats: () => ({ size: 1, running: 1, queueDepth: 0, maxQueue: 4 }),
  close: async () => undefined,
};
class ChildRunner extends TaskRunRunner {
  protected override async run(...args: Parameters<TaskRunRunner['run']>): Promise<void> {
    current = args[0].id;
    await super.run(...args);
  }
}
const runner = new ChildRunner({ db, pool: stuckPool, config: loadConfig({}) }, { owner: 'child', clock: () => Number(nowText), leaseMs: Number(leaseText) });
await runner.drain();
