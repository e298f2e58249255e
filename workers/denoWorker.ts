/** Deno worker entry: exposes the task dispatcher over comlink. */
import * as Comlink from 'comlink';
import { runTask } from './tasks.ts';
import { lowerComputeThreadPriority } from './threadPriority.ts';

lowerComputeThreadPriority();

Comlink.expose({ run: (task: string, input: unknown) => runTask(task, input) });
