/**
 * The span of epochs Apsis accepts wherever an instant enters — API fields, query bounds, epochs inside uploaded
 * files, and derived instants such as the end of a burn: from 1957-10-04T00:00:00Z (Sputnik 1, the first artificial
 * satellite) to 2100-12-31T23:59:59.999Z, both included, at the full precision of the epoch (23:59:59.9995 is after
 * the last supported instant, though a millisecond printing would show it as .999 or round it into 2101). Outside it the answers would have no meaning: the
 * nutation series and the analytic Sun and Moon are fitted to a few centuries around J2000, leap seconds are known
 * only to the table's end, and a state vector dated in year 9999 would become every craft's "latest" state and make
 * each TLE propagate for millennia.
 */
import { Epoch } from './epoch.ts';

/** First supported instant (inclusive). */
export const SUPPORTED_EPOCH_START: Epoch = Epoch.parse('1957-10-04T00:00:00', 'UTC');
/** Last supported instant (inclusive), exactly. */
export const SUPPORTED_EPOCH_LAST: Epoch = Epoch.parse('2100-12-31T23:59:59.999', 'UTC');
/** The span as the documentation and error messages state it. */
export const SUPPORTED_EPOCH_RANGE_TEXT = '1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)';

export function isSupportedEpoch(epoch: Epoch): boolean {
  return !epoch.isBefore(SUPPORTED_EPOCH_START) && !epoch.isAfter(SUPPORTED_EPOCH_LAST);
}

/** Why `epoch` is refused (to be prefixed with what it is), or null when it is inside the supported span. */
export function supportedEpochProblem(epoch: Epoch): string | null {
  return isSupportedEpoch(epoch) ? null : `${epoch.toIsoString(6)} is outside the supported range ${SUPPORTED_EPOCH_RANGE_TEXT}`;
}
