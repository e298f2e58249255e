/**
 * Which object of a received CDM is ours (CDM ingest, ./ingest.ts): each object's designators tried against the
 * organization's spacecraft (domain/spacecraft/resolution.ts), cached per upload, and the reason a file is refused
 * when an object is ambiguous, archived, both objects are the same craft, or neither is ours.
 */
import { type CdmObjectDigest, type ReceivedCdm } from '../../../domain/conjunctions/cdmDigest.ts';
import { normalizedDesignator, normalizedInternationalDesignator } from '../../../domain/conjunctions/grouping.ts';
import { type Db } from '../../../storage/sql/db.ts';
import { resolveSpacecraftBatch } from '../../../storage/spacecraft.ts';
import { type ResolutionKind, type Spacecraft } from '../../../domain/spacecraft/model.ts';
import { resolveSpacecraftByDesignators, type SpacecraftResolution } from '../../../domain/spacecraft/resolution.ts';
import { describeObject } from './cdmResults.ts';

// ---------------------------------------------------------------------------------------------
// Resolution: which object is ours

/** A designator a CDM object is tried under: the identifier, what it is compared with, and how the file names it. */
export interface Candidate {
  identifier: string;
  kinds: ResolutionKind[];
  label: string;
}

/** The designators a CDM object is tried under, strongest first (domain/spacecraft/resolution.ts decides). */
export function candidatesOf(o: CdmObjectDigest): Candidate[] {
  const norad = normalizedDesignator(o.designator);
  const cospar = normalizedInternationalDesignator(o.internationalDesignator);
  const name = o.name.trim();
  const asKey = (identifier: string, keyword: string): Candidate => ({ identifier, kinds: ['externalKey'], label: `externalKey ${JSON.stringify(identifier)} (${keyword})` });
  return [
    { identifier: norad, kinds: ['noradId'] as ResolutionKind[], label: `NORAD id ${norad} (OBJECT_DESIGNATOR)` },
    { identifier: cospar, kinds: ['cosparId'] as ResolutionKind[], label: `COSPAR id ${cospar} (INTERNATIONAL_DESIGNATOR)` },
    { identifier: name, kinds: ['name'] as ResolutionKind[], label: `name ${JSON.stringify(name)} (OBJECT_NAME)` },
    asKey(o.designator.trim(), 'OBJECT_DESIGNATOR'),
    asKey(o.internationalDesignator.trim(), 'INTERNATIONAL_DESIGNATOR'),
    asKey(name, 'OBJECT_NAME'),
  ].filter((c) => c.identifier !== '');
}

/**
 * Resolves CDM objects to spacecraft with one query per hundred new identifiers, cached for the request. A file names
 * the same few objects in message after message, so each distinct identity is worked out once (the candidates of
 * every object of a 500-message file held the event loop ~13 ms, bench:cdm-ingest CPU profile).
 */
export class ObjectResolver {
  private readonly cache = new Map<string, Spacecraft[]>();
  private readonly byIdentity = new Map<string, SpacecraftResolution<Spacecraft>>();
  constructor(
    private readonly db: Db,
    private readonly organizationId: string,
  ) {}

  private static key(c: { identifier: string; kinds: ResolutionKind[] }): string {
    return `${c.kinds.join(',')}:${c.identifier}`;
  }

  private static identity(o: CdmObjectDigest): string {
    return `${o.designator}\u0000${o.internationalDesignator}\u0000${o.name}`;
  }

  async resolve(objects: readonly CdmObjectDigest[]): Promise<Array<SpacecraftResolution<Spacecraft>>> {
    const fresh = new Map<string, CdmObjectDigest>();
    for (const o of objects) {
      const identity = ObjectResolver.identity(o);
      if (!this.byIdentity.has(identity)) fresh.set(identity, o);
    }
    const missing = new Map<string, Candidate>();
    for (const o of fresh.values()) for (const c of candidatesOf(o)) if (!this.cache.has(ObjectResolver.key(c))) missing.set(ObjectResolver.key(c), c);
    const requests = [...missing.values()];
    const matches = await resolveSpacecraftBatch(this.db, this.organizationId, requests);
    requests.forEach((c, k) => this.cache.set(ObjectResolver.key(c), matches[k]!.map((m) => m.spacecraft)));
    for (const [identity, o] of fresh) {
      const steps = candidatesOf(o).map((c) => ({ label: c.label, matches: this.cache.get(ObjectResolver.key(c))! }));
      this.byIdentity.set(identity, resolveSpacecraftByDesignators(steps));
    }
    return objects.map((o) => this.byIdentity.get(ObjectResolver.identity(o))!);
  }
}

export function describeCraft(spacecraft: readonly Spacecraft[]): string {
  return spacecraft.map((s) => `${s.id} (${JSON.stringify(s.name)})`).join(', ');
}

/** Why a message's objects cannot be stored (null: they can), with the file's error token it gives. */
export function resolutionProblem(
  d: Pick<ReceivedCdm, 'objects'>,
  resolutions: readonly [SpacecraftResolution<Spacecraft>, SpacecraftResolution<Spacecraft>],
  line: number,
): { token: ResolutionToken; message: string; params: Record<string, unknown> } | null {
  const ambiguous = resolutions.flatMap((r, k) => (r.outcome === 'AMBIGUOUS' ? [{ r, o: d.objects[k]! }] : []));
  if (ambiguous.length > 0) {
    // one of ours, but which one is not known: storing it as "not ours", or as either, would be silently wrong
    const { r, o } = ambiguous[0]!;
    return {
      token: 'AMBIGUOUS_OBJECT',
      message: `line ${line}: ${describeObject(o)} is ambiguous: ${r.label} names ${r.candidates.length} active spacecraft of this organization — ` +
        `${describeCraft(r.candidates)} — and none of its other designators (COSPAR id, name, externalKey) tells them apart. Give each craft its own ` +
        'NORAD id, a COSPAR id or name the CDM carries, or archive the one no longer operated',
      params: { ambiguousObject: { object: o.object, designator: r.label, spacecraftIds: r.candidates.map((s) => s.id) } },
    };
  }
  const [r1, r2] = resolutions;
  const s1 = r1.outcome === 'RESOLVED' ? r1.spacecraft : null;
  const s2 = r2.outcome === 'RESOLVED' ? r2.spacecraft : null;
  if (!s1 && !s2) {
    const archived = resolutions.flatMap((r, k) => (r.outcome === 'ARCHIVED' ? [{ r, o: d.objects[k]! }] : []));
    if (archived.length > 0) {
      const { r, o } = archived[0]!;
      return {
        token: 'SPACECRAFT_ARCHIVED',
        message: `line ${line}: ${describeObject(o)} is archived spacecraft ${describeCraft(r.archived)} (by ${r.label}), and the other object is not one of ` +
          'ours: an archived craft is not operated, so its conjunctions are not taken. Restore it (PUT /operations/spacecraft/{id}/lifecycle Active) to take them',
        params: { archivedSpacecraftIds: r.archived.map((s) => s.id) },
      };
    }
    return {
      token: 'UNRESOLVED_OBJECTS',
      message: `line ${line}: neither object is a spacecraft of this organization: ${describeObject(d.objects[0])}, ${describeObject(d.objects[1])} ` +
        '(matched by NORAD id, COSPAR id, name or externalKey)',
      params: {},
    };
  }
  if (s1 && s2 && s1.id === s2.id) {
    return { token: 'SAME_SPACECRAFT', message: `line ${line}: OBJECT1 and OBJECT2 both resolve to spacecraft ${s1.id} (${s1.name}): ${describeObject(d.objects[0])}, ${describeObject(d.objects[1])}`, params: {} };
  }
  return null;
}

export type ResolutionToken = 'AMBIGUOUS_OBJECT' | 'SPACECRAFT_ARCHIVED' | 'SAME_SPACECRAFT' | 'UNRESOLVED_OBJECTS';

/** A file with several kinds of resolution error is failed with the first of these it has (every error is listed). */
export const RESOLUTION_TOKENS: readonly ResolutionToken[] = ['AMBIGUOUS_OBJECT', 'SPACECRAFT_ARCHIVED', 'SAME_SPACECRAFT', 'UNRESOLVED_OBJECTS'];

export const RESOLUTION_CODES: Record<ResolutionToken, string> = {
  AMBIGUOUS_OBJECT: 'import.conjunction.cdm.ambiguous_object',
  SPACECRAFT_ARCHIVED: 'import.conjunction.cdm.spacecraft_archived',
  SAME_SPACECRAFT: 'import.conjunction.cdm.same_spacecraft',
  UNRESOLVED_OBJECTS: 'import.conjunction.cdm.unresolved_objects',
};

