/**
 * The task table: task name → a plain function over engine/. Workers run these; only plain data
 * (and transferable typed arrays) crosses the thread boundary. Tasks stay thin adapters: the
 * computation itself lives in engine/.
 */
import { readOcmTask, writeExportTask } from './maneuverTasks.ts';
import {
  batchTransferables,
  inspectTrackingFile,
  MeasurementSink,
  streamTrackingFile,
  type MeasurementBatch,
  type TrackingStreamResult,
} from '../engine/tracking/index.ts';
import { generateOemTask, meanElementsTask, parseOpmTask } from './ephemerisTasks.ts';
import { generateTleTask } from './tleTasks.ts';
import { parseBatchRequest } from '../domain/ephemerisBatch/request.ts';
import { oemProductTask, oemZipEntryTask, textZipEntryTask, tleProductTask } from './productTasks.ts';
import { inspectEarthDataFile, inspectEopSplice, type EarthDataFileRef, type EarthDataKind } from '../earthData/files.ts';
import { estimateTask, residualsTask } from './odTasks.ts';
import { assessForStorageTask, assessTask, parseCdmTask, readCdmsTask, writeCdmTask } from './conjunctionTasks.ts';
import { predictEventsTask } from './eventTasks.ts';
import { checkScreeningOemTask, mergeScreeningTask, screenChunkTask, sieveChunkTask } from './screeningTasks.ts';
import { readCatalogFileTask } from './catalogTasks.ts';
import { avoidanceOemTask, avoidancePlanTask } from './avoidanceTasks.ts';
import type { TrackingFileInput, TrackingStreamMessage } from './contracts.ts';

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

/**
 * Parses a tracking file and posts its measurements over `port` in columnar batches (typed arrays transferred,
 * not copied), then `{ end }` with the summary or the errors. At most `maxInFlight` batches are unacknowledged:
 * the consumer posts any message per batch it has stored, or `'cancel'` to stop the parse. Memory on both sides
 * is therefore bounded by a few batches whatever the file size.
 */
/**
 * A tracking file as the tasks receive it: its bytes (decoded here, as UTF-8 with replacement characters, so the
 * event loop never decodes tens of megabytes) or, from older callers, its text.
 */

function trackingText(input: TrackingFileInput): string {
  return input.text ?? new TextDecoder('utf-8', { fatal: false }).decode(input.bytes);
}

async function streamTrackingTask(input: TrackingFileInput & { port: MessagePort; batchSize: number; maxInFlight: number }): Promise<{ ok: boolean }> {
  const { port } = input;
  let inFlight = 0;
  let cancelled = false;
  let wake: (() => void) | null = null;
  port.onmessage = (event: MessageEvent) => {
    if (event.data === 'cancel') cancelled = true;
    else inFlight--;
    wake?.();
    wake = null;
  };
  const outbox: MeasurementBatch[] = [];
  const send = () => {
    for (const batch of outbox.splice(0)) {
      port.postMessage({ batch } satisfies TrackingStreamMessage, batchTransferables(batch));
      inFlight++;
    }
  };
  const sink = new MeasurementSink(input.batchSize, (batch) => outbox.push(batch));
  const result = await streamTrackingFile(trackingText(input), sink, async () => {
    send();
    while (inFlight >= input.maxInFlight && !cancelled) await new Promise<void>((resolve) => (wake = resolve));
    return !cancelled;
  });
  if (!cancelled) {
    send();
    port.postMessage({ end: result } satisfies TrackingStreamMessage);
  }
  port.onmessage = null;
  return { ok: result.ok };
}

export const TASKS = {
  'diagnostics.cpuSpin': cpuSpin,
  'tracking.inspect': (input: TrackingFileInput & { fileName: string }) => inspectTrackingFile(trackingText(input)),
  'tracking.stream': streamTrackingTask,
  'stateVectors.meanElements': meanElementsTask,
  'stateVectors.parseOpm': parseOpmTask,
  'ephemeris.generateOem': generateOemTask,
  'tle.generate': generateTleTask,
  'maneuvers.readOcm': readOcmTask,
  'maneuvers.writeExport': writeExportTask,
  'products.oem': oemProductTask,
  'products.tle': tleProductTask,
  'products.oemZipEntry': oemZipEntryTask,
  'products.textZipEntry': textZipEntryTask,
  'ephemeris.parseBatch': parseBatchRequest,
  'earthData.inspect': (input: { kind: EarthDataKind; path: string }) => inspectEarthDataFile(input.kind, input.path),
  'earthData.inspectEop': (input: { files: EarthDataFileRef[] }) => inspectEopSplice(input.files),
  'measurements.residuals': residualsTask,
  'od.estimate': estimateTask,
  'conjunctions.readCdms': readCdmsTask,
  'conjunctions.assess': assessTask,
  'conjunctions.assessForStorage': assessForStorageTask,
  'conjunctions.parseCdm': parseCdmTask,
  'conjunctions.writeCdm': writeCdmTask,
  'events.predict': predictEventsTask,
  'screening.chunk': screenChunkTask,
  'screening.sieve': sieveChunkTask,
  'screening.merge': mergeScreeningTask,
  'screening.checkOem': checkScreeningOemTask,
  'catalog.readFile': readCatalogFileTask,
  'avoidance.plan': avoidancePlanTask,
  'avoidance.oem': avoidanceOemTask,
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
