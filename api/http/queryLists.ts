/**
 * A query parameter that takes a list: repeated and/or comma-separated (`?status=QUEUED,RUNNING&status=FAILED`), each
 * value trimmed. One reading for every list filter of the API (conjunction risk levels and bases, job statuses,
 * product kinds, event types), so that they all take the same forms and refuse the same way.
 */

/** The values of a list parameter, trimmed, in the order given (empty entries kept: the caller refuses them). */
export function queryListValues(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  return (typeof value === 'string' ? [value] : value).flatMap((v) => v.split(',')).map((v) => v.trim());
}

/**
 * A list of enumerated values, each once: the values, or why not (an unknown or empty value) as the sentence a 400
 * names the parameter with.
 */
export function enumListValues<T extends string>(value: string | readonly string[] | undefined, allowed: readonly T[]): { values: T[]; problem: string | null } {
  const values = queryListValues(value);
  const unknown = values.filter((v) => !(allowed as readonly string[]).includes(v));
  if (unknown.length > 0) {
    const named = unknown.map((v) => (v === '' ? '(empty)' : v)).join(', ');
    return { values: [], problem: `unknown value${unknown.length === 1 ? '' : 's'} ${named}; one of ${allowed.join(', ')}` };
  }
  return { values: [...new Set(values)] as T[], problem: null };
}
