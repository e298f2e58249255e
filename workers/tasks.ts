/**
 * The task table: task name → a plain function over engine/. Workers run these; only plain data
 * (and transferable typed arrays) crosses the thread boundary. Tasks stay thin adapters: the
 * computation itself lives in engine/.
 */
import { inspectTrackingFile, parseTrackingFile } from '../engine/tracking/index.ts';
import { generateOemTask, meanElementsTask, parseOpmTask } from './ephemerisTasks.ts';
import { generateTleTask } from './tleTasks.ts';

/** Burns CPU for `durationMs` (diagnostics: pool saturation tests and the API-under-load benchmark). */
function cpuSpin(input: { durationMs: number }): { iterations: number } {
  const until = performance.now() + input.durationMs;
  let iterations = 0;
  let x = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 1000; i++) x += Math.sqrt(i + x) % 7;
    iterations++;
  }
  return { iterations: x >= 0 ? iterations : -1 };
}

export const TASKS = {
  'diagnostics.cpuSpin': cpuSpin,
  'tracking.inspect': (input: { text: string; fileName: string }) => inspectTrackingFile(input.text),
  'tracking.parse': (input: { text: string; fileName: string }) => parseTrackingFile(input.text),
  'stateVectors.meanElements': meanElementsTask,
  'stateVectors.parseOpm': parseOpmTask,
  'ephemeris.generateOem': generateOemTask,
  'tle.generate': generateTleTask,
} satisfies Record<string, (input: never) => unknown>;

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;

/** Dispatch used by every backend's worker entry. */
export async function runTask(name: string, input: unknown): Promise<unknown> {
  const task = (TASKS as Record<string, (input: unknown) => unknown>)[name];
  if (!task) throw new Error(`unknown task ${name}`);
  return await task(input);
}
