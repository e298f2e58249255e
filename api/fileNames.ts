/**
 * Names of uploaded files as the service stores them (measurements keep their source file name; outlier and
 * delete-by-file operations address measurements by it). One rule for every place a file name enters:
 * nonblank, at most MAX_FILE_NAME_LENGTH characters (the usual file-system limit, and what the column ever holds),
 * no control characters (U+0000–U+001F, U+007F–U+009F): a name that cannot have been stored is refused, never searched for.
 */
export const MAX_FILE_NAME_LENGTH = 255;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `name` cannot be a stored file name, or null when it can. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'must not be blank';
  if (name.length > MAX_FILE_NAME_LENGTH) return `must be at most ${MAX_FILE_NAME_LENGTH} characters (got ${name.length})`;
  const control = CONTROL_CHARACTERS.exec(name);
  if (control) return `must not contain control characters (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at position ${control.index})`;
  return null;
}
