/**
 * A typed client of the Apsis Operations API: the types generated from GET /openapi.json (schema.d.ts, by
 * openapi-typescript with its default settings) wrapped by openapi-fetch. It uses only fetch, Request, FormData and
 * Blob, so it runs on Node ≥ 20, Deno, Bun, browsers and edge runtimes alike (no Node-only import).
 *
 *   const apsis = createApsisClient({ baseUrl: 'https://apsis.example.org', apiKey: process.env.APSIS_KEY! });
 *   const { data, error, response } = await apsis.GET('/operations/spacecraft/{id}', { params: { path: { id } } });
 *
 * Every call answers `{ data }` for a 2xx (typed by the document) or `{ error }` (the error envelope) otherwise,
 * plus the raw `response` (status, ETag, Location). Text and file answers (OEM, OPM, TLE, OCM, SVG, product
 * downloads) are read with `parseAs: 'text'` or `'arrayBuffer'`.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

export type { components, operations, paths };

/** The client: `GET`, `POST`, `PUT`, `PATCH`, `DELETE` over the paths of the document, and `use` for middleware. */
export type ApsisClient = Client<paths>;

export interface ApsisClientOptions {
  /** Where the service answers, e.g. `https://apsis.example.org` or `http://localhost:8080` (paths start at /operations). */
  baseUrl: string;
  /** The API key secret, sent as `Authorization: Bearer <apiKey>` on every request. */
  apiKey: string;
  /** A fetch of your own (a runtime's, one with a proxy or custom TLS, a test double); default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** More headers sent on every request (e.g. `X-Correlation-Id`). */
  headers?: Record<string, string>;
}

export function createApsisClient(options: ApsisClientOptions): ApsisClient {
  if (!options.baseUrl) throw new TypeError('createApsisClient: baseUrl is required');
  if (!options.apiKey) throw new TypeError('createApsisClient: apiKey is required');
  return createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
  });
}

/** A file to upload: its name (stored with what it creates) and its bytes or text. */
export interface FilePart {
  name: string;
  content: string | Blob | ArrayBuffer | Uint8Array;
}

function formOf(part: string, files: readonly FilePart[]): FormData {
  const form = new FormData();
  for (const file of files) {
    const blob = file.content instanceof Blob ? file.content : new Blob([file.content as BlobPart]);
    form.append(part, blob, file.name);
  }
  return form;
}

/**
 * The body of an upload or import (`multipart/form-data`, the files in repeated parts named `files`):
 * spread it into the call, `apsis.POST('/operations/measurements', { ...uploadFiles([{ name, content }]) })`.
 * The document types a file part as a string (openapi-typescript's type of `format: binary`), so `body` carries the
 * file names to satisfy the types; `bodySerializer` sends the real multipart form (the runtime's FormData sets its
 * boundary).
 */
export function uploadFiles(files: readonly FilePart[]): { body: { files: string[] }; bodySerializer: () => FormData } {
  return { body: { files: files.map((f) => f.name) }, bodySerializer: () => formOf('files', files) };
}

/** The body of a one-file preview (`…/inspect`): the file in part `files` (the measurement inspect also takes `file`). */
export function inspectFile(file: FilePart): { body: { files: string }; bodySerializer: () => FormData } {
  return { body: { files: file.name }, bodySerializer: () => formOf('files', [file]) };
}
