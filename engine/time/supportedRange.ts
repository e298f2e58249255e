/**
 * The span of epochs Apsis accepts wherever an instant enters — API fields, query bounds, epochs inside uploaded
 * files, and derived instants such as the end of a burn: from 1957-10-04T00:00:00Z (Sputnik 1, the first artificial
 * satellite) up to, not including, 2101-01-01T00:00:00Z. Outside it the answers would have no meaning: the
 * nutation series and the analytic Sun and Moon are fitted to a few centuries around J2000, leap seconds are known
 * only to the table's end, and a state vector dated in year 9999 would become every craft's "latest" state and make
 * each TLE propagate for millennia.
 */
import { Epoch } from './epoch.ts';

/** First supported instant (inclusive). */
export const SUPPORTED_EPOCH_START: Epoch = Epoch.parse('1957-10-04T00:00:00', 'UTC');
/** End of the supported span (exclusive): every instant of 2100-12-31 is supported. */
export const SUPPORTED_EPOCH_END: Epoch = Epoch.parse('2101-01-01T00:00:00', 'UTC');
/** The span as the documentation and error messages state it. */
export const SUPPORTED_EPOCH_RANGE_TEXT = '1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)';

export function isSupportedEpoch(epoch: Epoch): boolean {
  return !epoch.isBefore(SUPPORTED_EPOCH_START) && epoch.isBefore(SUPPORTED_EPOCH_END);
}

/** Why `epoch` is refused (to be prefixed with what it is), or null when it is inside the supported span. */
export function supportedEpochProblem(epoch: Epoch): string | null {
  return isSupportedEpoch(epoch) ? null : `${epoch.toIsoString(3)} is outside the supported range ${SUPPORTED_EPOCH_RANGE_TEXT}`;
}
