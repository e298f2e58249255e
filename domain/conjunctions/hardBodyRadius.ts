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

/**
 * Physical bounds of a hard-body radius, m, for every radius the service takes (the settings' default, a
 * spacecraft's hardBodyRadiusM, the what-if's, each radius a CDM gives): an object's from 1 mm to 1 km, a combined
 * radius (the sum of two, or a CDM's relative-metadata `HBR =`) up to 2 km. A millimetre is far below the smallest
 * object a CDM is issued for (catalogued debris is 5–10 cm and more) and keeps R² (≥ 1e-6 m²) clear of the double
 * range, where R² underflowed to 0 below 1e-162 m and ALFRIEND_1999_MAX gave 0/0; a kilometre is
 * some fifteen times the radius of a sphere enclosing the ISS (about 110 m × 75 m), the largest object in orbit,
 * and bounds an operator's margin too.
 */
export const MIN_HARD_BODY_RADIUS_M = 1e-3;
export const MAX_HARD_BODY_RADIUS_M = 1000;
export const MAX_COMBINED_HARD_BODY_RADIUS_M = 2 * MAX_HARD_BODY_RADIUS_M;

/** Why `radiusM` is not a hard-body radius (an object's, or with `combined` the sum of two), or null. */
export function hardBodyRadiusProblem(radiusM: number, combined = false): string | null {
  const max = combined ? MAX_COMBINED_HARD_BODY_RADIUS_M : MAX_HARD_BODY_RADIUS_M;
  if (Number.isFinite(radiusM) && radiusM >= MIN_HARD_BODY_RADIUS_M && radiusM <= max) return null;
  return `must be between ${MIN_HARD_BODY_RADIUS_M} and ${max} m${combined ? ' (a combined radius)' : ''} (got ${radiusM})`;
}

export type ObjectRadiusSource = CdmRadiusSource | 'SPACECRAFT' | 'ORGANIZATION_DEFAULT';

export interface ObjectRadiusUsed {
  object: 'OBJECT1' | 'OBJECT2';
  radiusM: number;
  source: ObjectRadiusSource;
}

/** Where the combined radius came from: the CDM's own (rule 1), else the spacecraft's and the default (rule 2). */
export const HARD_BODY_RADIUS_SOURCES = ['CDM', 'SPACECRAFT_AND_DEFAULT'] as const;
/** …and REQUEST: the what-if's radius, given in the request. */
export const RADIUS_SOURCES_WITH_REQUEST = [...HARD_BODY_RADIUS_SOURCES, 'REQUEST'] as const;

export interface HardBodyRadiusUsed {
  combinedM: number;
  /** CDM: rule 1; SPACECRAFT_AND_DEFAULT: rule 2. */
  source: (typeof HARD_BODY_RADIUS_SOURCES)[number];
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

/**
 * The radius a screening approach's Pc used (api/services/conjunctions/screenings.ts): the primary's own hardBodyRadiusM or the
 * organization default, and the default for the secondary (engine/collision/screening `secondaryHardBodyRadiusM`).
 */
export function screeningRadiusUsed(primary: { name: string; radiusM: number; own: boolean }, secondaryRadiusM: number): HardBodyRadiusUsed {
  const objects: [ObjectRadiusUsed, ObjectRadiusUsed] = [
    { object: 'OBJECT1', radiusM: primary.radiusM, source: primary.own ? 'SPACECRAFT' : 'ORGANIZATION_DEFAULT' },
    { object: 'OBJECT2', radiusM: secondaryRadiusM, source: 'ORGANIZATION_DEFAULT' },
  ];
  return {
    combinedM: primary.radiusM + secondaryRadiusM,
    source: 'SPACECRAFT_AND_DEFAULT',
    objects,
    description: `the screening's: OBJECT1 (our spacecraft ${primary.name}) ${primary.radiusM} m (${primary.own ? 'its hardBodyRadiusM' : 'organization default'}) + ` +
      `OBJECT2 ${secondaryRadiusM} m (organization default)`,
  };
}
