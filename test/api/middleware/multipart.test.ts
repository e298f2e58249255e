/**
 * The streaming multipart reader (api/middleware/multipart.ts): the same parts as the platform's own parser (undici's
 * Response.formData) for bodies split at every kind of chunk edge, file names in every form browsers send, and a
 * 400 for broken framing — never a hang or a partial result.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Buffer } from 'node:buffer';
import { Hono } from 'hono';
import { fileBytes, multipartBoundary, readMultipart, readMultipartBodies } from '../../../api/middleware/multipart.ts';
import { seededRandom } from '../../helpers/random.ts';

/** `body` as a stream of chunks of the given sizes (the last chunk takes the rest). */
function streamOf(body: Uint8Array, sizes: () => number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= body.length) return controller.close();
      const size = Math.max(1, sizes());
      controller.enqueue(body.slice(at, at + size));
      at += size;
    },
  });
}

async function encoded(form: FormData): Promise<{ body: Uint8Array; boundary: string }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const boundary = multipartBoundary(request.headers.get('content-type')!)!;
  return { body: new Uint8Array(await request.arrayBuffer()), boundary };
}

describe('readMultipart', () => {
  test('the same parts as the platform parser, whatever the chunk edges (1 byte, random, across delimiters)', async () => {
    const random = seededRandom(7);
    const form = new FormData();
    const big = new Uint8Array(300_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 7)) & 0xff;
    // Bytes that look like a delimiter's start inside the data.
    big.set(new TextEncoder().encode('\r\n--\r\n-'), 1000);
    form.append('files', new File([big], 'a.tdm', { type: 'application/octet-stream' }));
    form.append('files', new File(['META_START\r\n'], 'b c "quoted".oem'));
    form.append('files', new File([''], 'empty.sp3'));
    form.append('note', 'a text field, ünïcode');
    const { body, boundary } = await encoded(form);
    const expected = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }).formData();
    const entries: Array<[string, FormDataEntryValue]> = [];
    expected.forEach((value, name) => entries.push([name, value]));
    const expectedParts = await Promise.all(
      entries.map(async ([name, value]) => ({
        name,
        filename: typeof value === 'string' ? null : value.name,
        bytes: typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(await value.arrayBuffer()),
      })),
    );
    for (const sizes of [() => 1 + Math.floor(random() * 5), () => 1 + Math.floor(random() * 70_000), () => 65_536, () => body.length]) {
      const parts = await readMultipart(streamOf(body, sizes), boundary);
      assert.deepEqual(
        parts.map((p) => ({ name: p.name, filename: p.filename, bytes: new Uint8Array(p.bytes) })),
        expectedParts,
      );
    }
  });

  test('a delimiter cut at any byte between two large chunks is found (the tail of a part is not copied behind the next chunk)', async () => {
    const form = new FormData();
    const data = new Uint8Array(5000).fill(0x41);
    form.append('files', new File([data], 'a.bin'));
    form.append('files', new File([data.subarray(0, 3000)], 'b.bin'));
    const { body, boundary } = await encoded(form);
    const text = Buffer.from(body).toString('latin1');
    const delimiter = `\r\n--${boundary}`;
    const at = text.indexOf(delimiter, 10);
    assert.ok(at > 5000);
    for (let cut = at - 2; cut <= at + delimiter.length + 2; cut++) {
      // chunks: [0, 2000), [2000, cut), [cut, end): the second one's end falls inside the delimiter
      const cuts = [2000, cut, body.length];
      let previous = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const end = cuts.shift();
          if (end === undefined) return controller.close();
          controller.enqueue(body.slice(previous, end));
          previous = end;
        },
      });
      const parts = await readMultipart(stream, boundary);
      assert.deepEqual(parts.map((p) => [p.filename, p.bytes.length]), [['a.bin', 5000], ['b.bin', 3000]], `cut at ${cut - at}`);
      assert.ok(parts.every((p) => p.bytes.every((b) => b === 0x41)));
    }
  });

  test('filename forms: quoted with escapes, token, RFC 8187 filename*', async () => {
    const text = (disposition: string) =>
      new TextEncoder().encode(`--XyZ\r\nContent-Disposition: ${disposition}\r\n\r\nDATA\r\n--XyZ--\r\n`);
    const nameOf = async (disposition: string) => (await readMultipart(streamOf(text(disposition), () => 3), 'XyZ'))[0]!.filename;
    assert.equal(await nameOf('form-data; name="files"; filename="a \\"b\\".tdm"'), 'a "b".tdm');
    assert.equal(await nameOf('form-data; name=files; filename=plain.tdm'), 'plain.tdm');
    assert.equal(await nameOf(`form-data; name="files"; filename="x"; filename*=UTF-8''%C3%A9t%C3%A9.tdm`), 'été.tdm');
    assert.equal(await nameOf('form-data; name="note"'), null);
  });

  test('broken framing is a 400 naming what is wrong; a stream error passes through unchanged', async () => {
    const cases: Array<[string, string]> = [
      ['--B\r\nContent-Disposition: form-data; name="f"\r\n\r\nno closing boundary', 'ends before the closing boundary'],
      ['--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--', 'no Content-Disposition'],
      ['--B\r\nContent-Disposition: form-data; filename="a"\r\n\r\nx\r\n--B--', 'has no name'],
      ['--B\r\nnot a header\r\n\r\nx\r\n--B--', 'is not "Name: value"'],
      ['--Bxx\r\n', 'does not end with CRLF'],
      ['no boundary at all', 'ends before the closing boundary'],
      [`--B\r\nContent-Disposition: form-data; name="f"\r\nX: ${'y'.repeat(20_000)}`, 'headers exceed'],
    ];
    for (const [text, message] of cases) {
      await assert.rejects(readMultipart(streamOf(new TextEncoder().encode(text), () => 7), 'B'), (error: Error & { status?: number }) => {
        assert.equal(error.status, 400, text);
        assert.match(error.message, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), text);
        return true;
      });
    }
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--B\r\n'));
        controller.error(new RangeError('body limit'));
      },
    });
    await assert.rejects(readMultipart(failing, 'B'), RangeError);
  });

  test('a part over a megabyte (joined over several turns of the event loop) reads whole; its File reads the same through the Blob API and fileBytes', async () => {
    const big = new Uint8Array(2_600_003);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7 + (i >> 11)) & 0xff;
    const form = new FormData();
    form.append('files', new File([big], 'big.bin', { type: 'application/octet-stream' }));
    form.append('files', new File(['small'], 'small.txt'));
    const { body, boundary } = await encoded(form);
    for (const size of [65_536, 999_999, body.length]) {
      const parts = await readMultipart(streamOf(body, () => size), boundary);
      assert.ok(Buffer.from(parts[0]!.bytes).equals(big), `chunks of ${size}`);
      // a part owns its whole buffer (a worker can be handed it)
      assert.equal(parts[0]!.bytes.byteLength, parts[0]!.bytes.buffer.byteLength);
      assert.equal(new TextDecoder().decode(parts[1]!.bytes), 'small');
    }
    const app = new Hono();
    app.use(readMultipartBodies());
    app.post('/', async (c) => {
      const files = (await c.req.parseBody({ all: true })).files as File[];
      const [file, small] = [files[0]!, files[1]!];
      return c.json({
        name: file.name, type: file.type, size: file.size, isFile: file instanceof File,
        arrayBuffer: Buffer.from(await file.arrayBuffer()).equals(big),
        sliced: Buffer.from(await file.slice(10, 20).arrayBuffer()).equals(big.subarray(10, 20)),
        streamed: Buffer.from(await new Response(file.stream()).arrayBuffer()).equals(big),
        fileBytes: Buffer.from(await fileBytes(file)).equals(big),
        smallText: await small.text(), smallSize: small.size,
      });
    });
    const response = await app.request('/', { method: 'POST', body: body as Uint8Array<ArrayBuffer>, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    assert.deepEqual(await response.json(), {
      name: 'big.bin', type: 'application/octet-stream', size: big.length, isFile: true,
      arrayBuffer: true, sliced: true, streamed: true, fileBytes: true, smallText: 'small', smallSize: 5,
    });
  });

  test('boundary parameter: quoted, token, absent; fileBytes of another Blob reads it', async () => {
    assert.equal(multipartBoundary('multipart/form-data; boundary="a b:c"'), 'a b:c');
    assert.equal(multipartBoundary('Multipart/Form-Data;boundary=----x123'), '----x123');
    assert.equal(multipartBoundary('multipart/form-data'), null);
    assert.equal(multipartBoundary('application/json; boundary=x'), null);
    assert.deepEqual(await fileBytes(new Blob(['abc'])), new TextEncoder().encode('abc'));
  });
});
