/**
 * Large task answers handed over to the calling thread instead of copied. A worker's answer is structured-cloned
 * into the caller's thread in one step of its event loop: 26 MB of bytes (a 30,000-object catalog read) took ~18 ms
 * there, transferred ~3 ms. A task marks the buffers of its answer with `handOver`; the worker entries (piscinaWorker,
 * denoWorker) send them as a transfer list. The buffers must be whole (not views into a larger or pooled buffer):
 * after the hand-over they are detached in the worker.
 */
const handedOver = new WeakMap<object, ArrayBuffer[]>();

/** `value`, with `buffers` to be moved, not copied, to the caller. */
export function handOver<T extends object>(value: T, buffers: ArrayBuffer[]): T {
  handedOver.set(value, buffers);
  return value;
}

/** The buffers a task's answer hands over, if any. */
export function buffersHandedOver(value: unknown): ArrayBuffer[] | undefined {
  return typeof value === 'object' && value !== null ? handedOver.get(value) : undefined;
}

/** `bytes` as a Uint8Array that owns its whole ArrayBuffer (a copy when it is a view into a larger one). */
export function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return (whole ? bytes : bytes.slice()) as Uint8Array<ArrayBuffer>;
}
