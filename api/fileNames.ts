/**
 * Names of uploaded files as the service stores them (measurements and imported state vectors keep their source file
 * name; outlier and delete-by-file operations address measurements by it). One rule for every place a file name enters:
 * nonblank, at most MAX_FILE_NAME_LENGTH characters (the usual file-system limit, and what the column ever holds),
 * and text the text rule allows (engine/text.ts: no control character, line separator, bidi control — the
 * "invoice\u202Efdp.exe" spoof —, zero-width character or lone surrogate): a name that cannot have been stored is
 * refused, never searched for.
 */
import { unsafeTextProblem } from '../engine/text.ts';
import { validationError } from './errors.ts';
import { fileBytes } from './middleware/multipart.ts';

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

/**
 * Every file part of a multipart body under `partNames` (e.g. `files`, `file`), as bytes; a text field where a file
 * is expected, or a name that cannot be stored (fileNameProblem), is a 400 naming `files.<i>`.
 */
export async function uploadedParts(c: { req: { parseBody(options: { all: true }): Promise<Record<string, unknown>> } }, partNames: readonly string[]): Promise<UploadedPart[]> {
  const form = await c.req.parseBody({ all: true });
  const parts: unknown[] = [];
  for (const name of partNames) {
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
  return files;
}
