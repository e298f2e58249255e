/**
 * Names of uploaded files as the service stores them (measurements and imported state vectors keep their source file
 * name; outlier and delete-by-file operations address measurements by it). One rule for every place a file name enters:
 * nonblank, at most MAX_FILE_NAME_LENGTH characters (the usual file-system limit, and what the column ever holds),
 * and text the text rule allows (engine/text.ts: no control character, line separator, bidi control — the
 * "invoice\u202Efdp.exe" spoof —, zero-width character or lone surrogate): a name that cannot have been stored is
 * refused, never searched for.
 */
import { unsafeTextProblem } from '../../engine/text.ts';
import { validationError } from './errors.ts';
import { fileBytes } from '../middleware/multipart.ts';

export const MAX_FILE_NAME_LENGTH = 255;

/** Why `name` cannot be a stored file name, or null when it can. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'must not be blank';
  if (name.length > MAX_FILE_NAME_LENGTH) return `must be at most ${MAX_FILE_NAME_LENGTH} characters (got ${name.length})`;
  return unsafeTextProblem(name);
}

/** An uploaded file: its (checked) name and bytes. */
export interface UploadedPart {
  name: string;
  bytes: Uint8Array;
}

/** What an operation takes in its multipart body: file parts (repeatable) and text fields (each at most once). */
export interface MultipartSpec {
  /** Names of the file parts, each repeatable (e.g. `files`, or `file` and `files`). */
  files: readonly string[];
  /** Names of the text fields, each at most once (e.g. the screening's `request`). */
  fields?: readonly string[];
}

type ParsedForm = Record<string, unknown>;
interface FormRequest {
  req: { parseBody(options: { all: true }): Promise<ParsedForm> };
}

/**
 * The parts of a multipart body as `spec` declares them. Every file part under one of `spec.files` as bytes (a text
 * field there, or a name that cannot be stored (fileNameProblem), is a 400 naming `files.<i>`); each text field of
 * `spec.fields` as text. A part under any other name, a field sent twice (which of them counts?) or as a file, is a
 * 400 naming the part: nothing a client sends is silently dropped or silently chosen.
 */
export async function multipartParts(c: FormRequest, spec: MultipartSpec): Promise<{ files: UploadedPart[]; fields: Record<string, string> }> {
  const form = await c.req.parseBody({ all: true });
  const fieldNames = spec.fields ?? [];
  const expected = [...spec.files.map((n) => `\`${n}\` (files)`), ...fieldNames.map((n) => `\`${n}\` (text)`)].join(', ');
  const problems: Record<string, string> = {};
  for (const name of Object.keys(form)) {
    if (!spec.files.includes(name) && !fieldNames.includes(name)) problems[name] = `unknown multipart part: this operation takes ${expected}`;
  }
  const fields: Record<string, string> = {};
  for (const name of fieldNames) {
    const value = form[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (values.length > 1) problems[name] = `the part \`${name}\` was sent ${values.length} times: send it once`;
    else if (typeof values[0] !== 'string') problems[name] = `the part \`${name}\` must be a text field, not a file`;
    else fields[name] = values[0];
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const parts: unknown[] = [];
  for (const name of spec.files) {
    const value = form[name];
    if (value !== undefined) parts.push(...(Array.isArray(value) ? value : [value]));
  }
  const files: UploadedPart[] = [];
  for (const [index, part] of parts.entries()) {
    if (typeof part === 'string') throw validationError({ files: 'each part must be a file, not a text field' });
    const file = part as File;
    const name = file.name;
    const problem = name === '' ? 'must not be empty (the part has filename="")' : fileNameProblem(name);
    if (problem) throw validationError({ [`files.${index}`]: `file name ${problem}` });
    files.push({ name, bytes: await fileBytes(file) });
  }
  return { files, fields };
}

/** Every file part of a multipart body under `partNames` (e.g. `files`, `file`), as bytes; any other part is a 400 (multipartParts). */
export async function uploadedParts(c: FormRequest, partNames: readonly string[]): Promise<UploadedPart[]> {
  return (await multipartParts(c, { files: partNames })).files;
}

/**
 * The Content-Disposition of a download named `fileName` (RFC 6266 §4): `filename` is the name in printable ASCII (any
 * other character, and the quote and backslash the quoted string would need escaped, as `_`), for every client;
 * when that is not the name itself, `filename*` carries it whole in UTF-8 (RFC 8187 §3.2: every byte outside attr-char
 * percent-encoded), which clients that know it prefer (RFC 6266 §4.3). A name outside ByteString, put in a header as
 * is, makes the runtime's Headers throw.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = Array.from(new TextEncoder().encode(fileName), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
