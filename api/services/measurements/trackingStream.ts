/**
 * The consumer side of the `tracking.stream` task (workers/tasks.ts), shared by the upload's validation
 * (upload.ts) and the upload job (api/jobs/measurementJobRunner.ts): a file's batches in order, with back-pressure,
 * and the parses an upload keeps in this process for the jobs it queued.
 */
import type { MeasurementBatch, TrackingStreamResult } from '../../../engine/tracking/index.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import type { TrackingFileInput, TrackingStreamMessage } from '../../../workers/contracts.ts';

/** Batch size of `tracking.stream`: 8,192 rows ≈ 0.4-1 MiB per batch. */
const STREAM_BATCH_ROWS = 8192;

/** Where a job's batches come from: the upload's parse (cache) or a new parse of the stored bytes. */
export interface BatchSource {
  next(): Promise<TrackingStreamMessage>;
  ack(): void;
  close(): void;
}

/** What the upload's validation parse produced for a job: every batch, then its end message. */
export interface ParsedFile {
  batches: MeasurementBatch[];
  end: TrackingStreamResult;
  bytes: number;
}

/** A cached parse as a BatchSource; each batch is released once handed out. */
export class CachedBatches implements BatchSource {
  private index = 0;
  constructor(private parsed: ParsedFile | null) {}

  next(): Promise<TrackingStreamMessage> {
    const parsed = this.parsed;
    if (!parsed) return Promise.reject(new Error('cached batches already closed'));
    if (this.index < parsed.batches.length) {
      const batch = parsed.batches[this.index]!;
      parsed.batches[this.index++] = undefined as never;
      return Promise.resolve({ batch });
    }
    return Promise.resolve({ end: parsed.end });
  }

  ack(): void {}

  close(): void {
    this.parsed = null;
  }
}

/**
 * Parsed uploads waiting for their job, keyed by job id, in this process only: at most `capBytes` in total (oldest
 * dropped first) and each at most `maxAgeMs` old. A job whose entry is gone re-parses its stored bytes.
 */
export class ParsedFileCache {
  private readonly entries = new Map<string, { parsed: ParsedFile; at: number }>();
  private total = 0;

  constructor(
    readonly capBytes = 256 * 2 ** 20,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** Keeps `parsed` for `jobId` unless it alone exceeds the cap; evicts the oldest entries to make room. */
  put(jobId: string, parsed: ParsedFile, now = Date.now()): boolean {
    this.delete(jobId);
    for (const [id, entry] of this.entries) if (now - entry.at > this.maxAgeMs) this.delete(id);
    if (parsed.bytes > this.capBytes) return false;
    for (const id of this.entries.keys()) {
      if (this.total + parsed.bytes <= this.capBytes) break;
      this.delete(id);
    }
    this.entries.set(jobId, { parsed, at: now });
    this.total += parsed.bytes;
    return true;
  }

  /** Removes and returns the entry of `jobId` (a job takes its parse once, when it runs). */
  take(jobId: string): ParsedFile | null {
    const entry = this.entries.get(jobId);
    if (!entry) return null;
    this.delete(jobId);
    return entry.parsed;
  }

  delete(jobId: string): void {
    const entry = this.entries.get(jobId);
    if (!entry) return;
    this.entries.delete(jobId);
    this.total -= entry.parsed.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/**
 * The consumer side of the `tracking.stream` task: its messages in order through next(), ack() per stored batch
 * (the worker's read-ahead credit), close() to stop the worker and release the channel.
 */
export class TrackingStream implements BatchSource {
  private readonly port: MessagePort;
  private readonly queue: TrackingStreamMessage[] = [];
  private waiter: { resolve: (message: TrackingStreamMessage) => void; reject: (error: unknown) => void } | null = null;
  private failure: unknown = null;
  private ended = false;
  private closed = false;

  /** `transfer`: buffers of `file` to hand over instead of copying (the caller must not use them afterwards). */
  constructor(pool: ComputePool, file: TrackingFileInput, maxInFlight: number, transfer: Transferable[] = []) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (event: MessageEvent) => this.deliver(event.data as TrackingStreamMessage);
    pool
      .run('tracking.stream', { ...file, port: channel.port2, batchSize: STREAM_BATCH_ROWS, maxInFlight }, [channel.port2, ...transfer])
      .catch((error: unknown) => {
        // The task failed (worker died, pool saturated) before its `end` message: fail the consumer.
        if (this.ended) return;
        this.failure = error;
        this.waiter?.reject(error);
        this.waiter = null;
      });
  }

  private deliver(message: TrackingStreamMessage): void {
    if ('end' in message) this.ended = true;
    if (this.waiter) {
      this.waiter.resolve(message);
      this.waiter = null;
    } else this.queue.push(message);
  }

  next(): Promise<TrackingStreamMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  ack(): void {
    if (!this.closed) this.port.postMessage('ack');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.ended) this.port.postMessage('cancel');
    this.port.onmessage = null;
    this.port.close();
    this.queue.length = 0;
  }
}
