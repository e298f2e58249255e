/**
 * A large text answer as a body that is encoded to UTF-8 while it is sent, a slice at a time, instead of one string
 * that the server (or the content coder) must encode in one go. A 30-day OEM at 60 s is 5 MB of text: written as one
 * string it held the event loop 20–50 ms on the 2-core host (the Node adapter encodes and writes it in one call), and
 * read as one stream chunk for coding 15–20 ms (the encode alone); in 64 Ki-character slices each step is well under a
 * millisecond, and the server writes them with backpressure (bench:compression prints the longest block). Backpressure
 * alone does not turn the loop: on a fast socket (localhost) every write fits the kernel's buffer, the server's
 * read → write → read chain runs on in microtasks, and the whole answer was encoded in one turn (27 ms, identity
 * coding); so each slice first looks at the event-loop slice (storage/sql/db.ts yieldIfDue).
 */
import { Buffer } from 'node:buffer';
import { yieldIfDue } from '../../storage/sql/db.ts';

const SLICE_CHARS = 64 * 1024;

/** `text` as a stream of UTF-8 slices (never splitting a surrogate pair) and its length in bytes (for Content-Length). */
export function textBody(text: string): { body: ReadableStream<Uint8Array<ArrayBuffer>>; byteLength: number } {
  const encoder = new TextEncoder();
  let offset = 0;
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      await yieldIfDue();
      if (offset >= text.length) {
        controller.close();
        return;
      }
      let end = Math.min(text.length, offset + SLICE_CHARS);
      // A high surrogate at the end of a slice belongs with the low one after it (encoding it alone gives U+FFFD).
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      controller.enqueue(encoder.encode(text.slice(offset, end)) as Uint8Array<ArrayBuffer>);
      offset = end;
    },
  });
  return { body, byteLength: Buffer.byteLength(text, 'utf8') };
}

/**
 * The JSON text of `value`, whose member `key` is a long array, stringified one element at a time with a look at the
 * event-loop slice before each (an upload's answer lists every message of every file: 2,500 CDM results in one
 * JSON.stringify held the loop ~2.5 ms, bench:cdm-ingest). Equal to JSON.stringify(value) (`key` is written last).
 */
export async function jsonTextInPieces<T extends object, K extends keyof T & string>(value: T, key: K): Promise<string> {
  const { [key]: items, ...head } = value;
  const pieces: string[] = [];
  for (const item of items as unknown[]) {
    await yieldIfDue();
    pieces.push(JSON.stringify(item) ?? 'null'); // as in an array: undefined (and functions) are null
  }
  const headText = JSON.stringify(head);
  return `${headText.slice(0, -1)}${headText.length > 2 ? ',' : ''}${JSON.stringify(key)}:[${pieces.join(',')}]}`;
}

/** A JSON answer made by jsonTextInPieces and sent by textBody: the body and its headers (for `c.body`). */
export async function jsonAnswerInPieces<T extends object, K extends keyof T & string>(
  value: T,
  key: K,
): Promise<{ body: ReadableStream<Uint8Array<ArrayBuffer>>; headers: Record<string, string> }> {
  const { body, byteLength } = textBody(await jsonTextInPieces(value, key));
  return { body, headers: { 'Content-Type': 'application/json', 'Content-Length': String(byteLength) } };
}
