/** Piscina worker entry (Node): one call per task. */
import { runTask } from './tasks.ts';
import { lowerComputeThreadPriority } from './threadPriority.ts';

lowerComputeThreadPriority();

export default function handle(message: { task: string; input: unknown }): Promise<unknown> {
  return runTask(message.task, message.input);
}
