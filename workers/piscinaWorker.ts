/** Piscina worker entry (Node): one call per task. */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { buffersHandedOver } from './handOver.ts';
import { runTask } from './tasks.ts';
import { lowerComputeThreadPriority } from './threadPriority.ts';

lowerComputeThreadPriority();

export default async function handle(message: { task: string; input: unknown }): Promise<unknown> {
  const result = await runTask(message.task, message.input);
  const buffers = buffersHandedOver(result);
  if (buffers === undefined) return result;
  // Piscina's Transferable interface: the value is posted with these buffers in its transfer list
  return move({
    get [transferableSymbol]() {
      return buffers;
    },
    get [valueSymbol]() {
      return result;
    },
  } as never);
}
