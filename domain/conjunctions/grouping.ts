/**
 * Which event a CDM belongs to. A conjunction event is one close approach of one object pair: the successive CDMs a
 * screening provider sends for it as the TCA nears (each with a slightly different TCA as the orbits are updated)
 * belong together; another approach of the same pair (an orbit later, or days later) is another event.
 *
 *  - The pair does not depend on which object the CDM names OBJECT1: a spacecraft of the organization is known by
 *    its id, any other object by its catalog number (OBJECT_DESIGNATOR, leading zeros dropped), else its
 *    international designator, else its name.
 *  - A CDM joins the event of its pair whose TCAs [first, last], widened by the organization's grouping window on
 *    both sides, contain its TCA (the nearest such event when several do); otherwise it opens a new event.
 */

/** One object of a CDM as grouping and spacecraft resolution see it. */
export interface ObjectIdentity {
  /** OBJECT_DESIGNATOR as written. */
  designator: string;
  catalogName: string;
  name: string;
  internationalDesignator: string;
}

/** Hyphen-like characters a COSPAR designator is sometimes written with (U+2010…U+2015, U+2212 minus). */
const DASHES = /[\u2010-\u2015\u2212]/g;

/** A COSPAR designator as compared: trimmed, upper case, hyphen-like characters as `-` (`1997−030E` → `1997-030E`). */
export function normalizedInternationalDesignator(text: string): string {
  return text.trim().replace(DASHES, '-').toUpperCase();
}

/** A catalog number as compared: trimmed, leading zeros dropped when it is all digits (`00123` → `123`). */
export function normalizedDesignator(text: string): string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, '') : trimmed.toUpperCase();
}

/** The key of one object of a pair: `sc:<id>` for a spacecraft of ours, else catalog number, COSPAR id or name. */
export function objectKey(identity: ObjectIdentity, spacecraftId: string | null): string {
  if (spacecraftId !== null) return `sc:${spacecraftId}`;
  const designator = normalizedDesignator(identity.designator);
  if (designator !== '') return `cat:${designator}`;
  const cospar = normalizedInternationalDesignator(identity.internationalDesignator);
  if (cospar !== '') return `cospar:${cospar}`;
  return `name:${identity.name.trim().toLowerCase()}`;
}

/** The pair key: both object keys in a fixed order, so OBJECT1/OBJECT2 may come either way round. */
export function pairKey(a: string, b: string): string {
  return a <= b ? `${a}|${b}` : `${b}|${a}`;
}

export interface EventSpan {
  id: string;
  /** Earliest and latest TCA of the event's CDMs, s (any fixed origin, the same as the CDM's). */
  firstTcaS: number;
  lastTcaS: number;
}

/** The event of the pair a CDM with this TCA joins (see the module comment), or null: a new event. */
export function chooseEvent<E extends EventSpan>(events: readonly E[], tcaS: number, windowS: number): E | null {
  let best: E | null = null;
  let bestDistance = Infinity;
  for (const event of events) {
    if (tcaS < event.firstTcaS - windowS || tcaS > event.lastTcaS + windowS) continue;
    const distance = tcaS < event.firstTcaS ? event.firstTcaS - tcaS : tcaS > event.lastTcaS ? tcaS - event.lastTcaS : 0;
    if (distance < bestDistance || (distance === bestDistance && best !== null && event.id < best.id)) {
      best = event;
      bestDistance = distance;
    }
  }
  return best;
}

/** An event's span grown to a CDM that joins it (in place): its TCAs [first, last] cover the CDM's TCA. */
export function growSpan(event: EventSpan, tcaS: number): void {
  event.firstTcaS = Math.min(event.firstTcaS, tcaS);
  event.lastTcaS = Math.max(event.lastTcaS, tcaS);
}

/**
 * Which of a CDM's objects (1 or 2) is its event's primary: the one that is the event's primary spacecraft; failing
 * that (the event's primary is not in this CDM — e.g. a CDM between two of ours joining the event the other one
 * opened), the first object that is ours. `spacecraftIds`: the spacecraft each object is (null: not ours).
 */
export function primaryObjectOf(spacecraftIds: readonly [string | null, string | null], eventPrimarySpacecraftId: string): 1 | 2 {
  const [first, second] = spacecraftIds;
  if (first === eventPrimarySpacecraftId) return 1;
  if (second === eventPrimarySpacecraftId) return 2;
  return first !== null ? 1 : 2;
}
