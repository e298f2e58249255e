/**
 * The combined hard-body radius R of a conjunction's Pc, and where it came from (the response says which was used):
 *
 *  1. the CDM's, when it gives any radius — engine/collision `cdmHardBodyRadius`, the rule of the conjunction
 *     reference set (a relative-metadata comment `HBR = x` is R itself; otherwise each object's CDM 2.0 `HBR`, else
 *     its radius comment, and R is the sum of those given). A sender that states one radius for one object states
 *     the radius it screened with (NASA CARA's Alfano cases put the combined radius on object 1), so it is used as
 *     given and not topped up;
 *  2. otherwise each object's own: a spacecraft of the organization with `hardBodyRadiusM` set gives it, any other
 *     object (the other object, or a spacecraft of ours without one) the organization's `defaultHardBodyRadiusM`;
 *     R = the sum.
 */
import type { CdmHardBodyRadius, CdmRadiusSource } from '../../engine/collision/cdmEncounter.ts';

export type ObjectRadiusSource = CdmRadiusSource | 'SPACECRAFT' | 'ORGANIZATION_DEFAULT';

export interface ObjectRadiusUsed {
  object: 'OBJECT1' | 'OBJECT2';
  radiusM: number;
  source: ObjectRadiusSource;
}

export interface HardBodyRadiusUsed {
  combinedM: number;
  /** CDM: rule 1; SPACECRAFT_AND_DEFAULT: rule 2. */
  source: 'CDM' | 'SPACECRAFT_AND_DEFAULT';
  /** Per object, when known (rule 1 with a relative-metadata comment gives R only: both null). */
  objects: [ObjectRadiusUsed | null, ObjectRadiusUsed | null];
  description: string;
}

/** One CDM object as the rule sees it: the spacecraft of ours it resolved to, if any, and that craft's radius. */
export interface RadiusObject {
  spacecraftId: string | null;
  spacecraftName?: string | null;
  hardBodyRadiusM: number | null;
}

const OBJECTS = ['OBJECT1', 'OBJECT2'] as const;

export function resolveHardBodyRadius(fromCdm: CdmHardBodyRadius | null, objects: readonly [RadiusObject, RadiusObject], defaultRadiusM: number): HardBodyRadiusUsed {
  if (fromCdm) {
    return {
      combinedM: fromCdm.combinedM,
      source: 'CDM',
      objects: [0, 1].map((k) => {
        const given = fromCdm.origin === 'OBJECTS' ? fromCdm.objects[k] : null;
        return given ? { object: OBJECTS[k]!, radiusM: given.radiusM, source: given.source } : null;
      }) as [ObjectRadiusUsed | null, ObjectRadiusUsed | null],
      description: `from the CDM: ${fromCdm.description}`,
    };
  }
  const used = objects.map((o, k): ObjectRadiusUsed => {
    const own = o.spacecraftId !== null && o.hardBodyRadiusM !== null;
    return { object: OBJECTS[k]!, radiusM: own ? o.hardBodyRadiusM! : defaultRadiusM, source: own ? 'SPACECRAFT' : 'ORGANIZATION_DEFAULT' };
  }) as [ObjectRadiusUsed, ObjectRadiusUsed];
  const words = used.map((u, k) => {
    const o = objects[k]!;
    const who = o.spacecraftId !== null ? `our spacecraft${o.spacecraftName ? ` ${o.spacecraftName}` : ''}` : 'other object';
    const why = u.source === 'SPACECRAFT' ? 'its hardBodyRadiusM' : o.spacecraftId !== null ? 'organization default: the spacecraft has no hardBodyRadiusM' : 'organization default';
    return `${u.object} (${who}) ${u.radiusM} m (${why})`;
  });
  return {
    combinedM: used[0].radiusM + used[1].radiusM,
    source: 'SPACECRAFT_AND_DEFAULT',
    objects: used,
    description: `the CDM gives no radius: ${words.join(' + ')}`,
  };
}
