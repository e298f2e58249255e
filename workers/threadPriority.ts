/**
 * Compute threads run at a lower scheduling priority than the thread serving HTTP, so a saturated
 * pool cannot starve request handling of CPU (light GETs stay fast while propagations run).
 *
 * On Linux the nice value is per thread, and setpriority(PRIO_PROCESS, 0, …) — what
 * `os.setPriority(n)` calls — changes only the calling thread (setpriority(2), "BUGS"/notes).
 * Elsewhere it may apply to the whole process, so it is done only on Linux. Failures are ignored:
 * priority is an optimisation, never a correctness matter.
 */
import { platform, setPriority } from 'node:os';

/** Nice value of compute threads (0 = normal, 19 = lowest). */
export const COMPUTE_THREAD_NICE = 10;

export function lowerComputeThreadPriority(): void {
  if (platform() !== 'linux') return;
  try {
    setPriority(COMPUTE_THREAD_NICE);
  } catch {
    // Not permitted or not supported here: run at normal priority.
  }
}
