/** Deno worker entry: exposes the task dispatcher over comlink. */
import * as Comlink from 'comlink';
import { buffersHandedOver } from './handOver.ts';
import { runTask } from './tasks.ts';
import { lowerComputeThreadPriority } from './threadPriority.ts';

lowerComputeThreadPriority();

Comlink.expose({
  run: async (task: string, input: unknown) => {
    const result = await runTask(task, input);
    const buffers = buffersHandedOver(result);
    return buffers === undefined ? result : Comlink.transfer(result, buffers);
  },
});
