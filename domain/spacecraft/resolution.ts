/**
 * Which of the organization's spacecraft a file's designators name (a CDM's objects, a screening OEM's OBJECT_ID
 * and OBJECT_NAME): one rule wherever an object is found by NORAD id, COSPAR id, name or externalKey.
 *
 * The designators are tried in order, strongest first. The first that names any spacecraft gives the candidates, its
 * active ones; each later one that names some of those candidates narrows them to those (one naming none of them is
 * ignored: it cannot overrule a stronger designator). One candidate left: resolved. Several: ambiguous — two
 * spacecraft of one organization may share a NORAD id (a craft re-registered, or craft of one rideshare before the
 * catalogue tells them apart: `notYetCatalogued`), and then only the other designators can tell them apart.
 *
 * An archived spacecraft is not operated: it never resolves. When the designator that decides names only archived
 * craft, the answer says which, so the caller can refuse naming them instead of answering "none of ours" (and a
 * weaker designator naming an active craft does not overrule it).
 */

export interface ResolvableSpacecraft {
  id: string;
  lifecycleStatus: 'Active' | 'Archived';
}

/** One designator tried: how the file names it (e.g. `NORAD id 12345 (OBJECT_DESIGNATOR)`) and every craft it names. */
export interface ResolutionStep<T extends ResolvableSpacecraft> {
  label: string;
  matches: readonly T[];
}

export type SpacecraftResolution<T extends ResolvableSpacecraft> =
  | { outcome: 'RESOLVED'; spacecraft: T; label: string }
  | { outcome: 'NONE' }
  /** `label`: the designator that first named several; `candidates`: those no later designator could tell apart. */
  | { outcome: 'AMBIGUOUS'; label: string; candidates: T[] }
  /** The deciding designator (`label`) named only archived craft. */
  | { outcome: 'ARCHIVED'; label: string; archived: T[] };

export function resolveSpacecraftByDesignators<T extends ResolvableSpacecraft>(steps: readonly ResolutionStep<T>[]): SpacecraftResolution<T> {
  let candidates = null as T[] | null;
  let firstLabel = '';
  for (const step of steps) {
    if (step.matches.length === 0) continue;
    const active = step.matches.filter((s) => s.lifecycleStatus === 'Active');
    if (candidates === null) {
      // the strongest designator that names anything decides: naming only archived craft is not "none of ours"
      if (active.length === 0) return { outcome: 'ARCHIVED', label: step.label, archived: [...step.matches] };
      candidates = active;
      firstLabel = step.label;
    } else {
      const ids = new Set(active.map((s) => s.id));
      const narrowed: T[] = candidates.filter((s) => ids.has(s.id));
      if (narrowed.length > 0) candidates = narrowed;
    }
    if (candidates.length === 1) return { outcome: 'RESOLVED', spacecraft: candidates[0]!, label: step.label };
  }
  return candidates === null ? { outcome: 'NONE' } : { outcome: 'AMBIGUOUS', label: firstLabel, candidates };
}
