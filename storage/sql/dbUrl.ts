/** What a DATABASE_URL names. */
import { fileURLToPath } from 'node:url';

/** Local path of a `file:` URL (relative or absolute), or null for other URLs. */
export function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  if (url.startsWith('file://')) return fileURLToPath(url);
  return url.slice('file:'.length);
}

/** An embedded database: a `file:` URL or `:memory:` (anything else is a libSQL server). */
export function isEmbeddedUrl(url: string): boolean {
  return url === ':memory:' || localFilePath(url) !== null;
}
