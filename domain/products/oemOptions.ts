/**
 * The options of an OEM request (generate-oem, batch items, scheduled OEM tasks): their defaults and the span rule.
 * The value lists are the engine's (engine/products/oemProduct.ts, engine/math/covariance.ts). Request schemas
 * declare these fields optional with the default in the description: a `default` keyword in a request schema makes
 * openapi-typescript (default settings) type the field as required; the services apply the defaults.
 */
import type { LocalOrbitalFrame } from '../../engine/math/covariance.ts';
import { OEM_MAX_SPAN_S, type OEM_REFERENCE_FRAMES, type OemTimeSystem } from '../../engine/products/oemProduct.ts';
import type { Epoch } from '../../engine/time/epoch.ts';

export const OEM_MAX_SPAN_DAYS = OEM_MAX_SPAN_S / 86400;

export const OEM_OPTION_DEFAULTS = {
  referenceFrame: 'GCRF',
  timeBetweenPoints: 60,
  timeSystem: 'UTC',
  includeCovariance: false,
  covarianceFrame: 'RTN',
} as const satisfies {
  referenceFrame: (typeof OEM_REFERENCE_FRAMES)[number];
  timeBetweenPoints: number;
  timeSystem: OemTimeSystem;
  includeCovariance: boolean;
  covarianceFrame: LocalOrbitalFrame;
};

/** The span rules of an OEM (final after initial, at most 30 days): the problem with `finalDate`, or null. */
export function oemSpanProblem(initial: Epoch, final: Epoch): string | null {
  const spanS = final.secondsSince(initial);
  if (spanS <= 0) return 'must be after initialDate';
  if (spanS > OEM_MAX_SPAN_S) return `the time span cannot exceed ${OEM_MAX_SPAN_DAYS} days`;
  return null;
}
