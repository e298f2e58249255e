/** Public surface of engine/bodies: WGS-84 ellipsoid, Sun and Moon. Epoch conveniences use TT. */
import type { Epoch } from '../time/epoch.ts';
import { moonPositionGcrfKm, sunPositionGcrfKm } from './sunMoon.ts';

export * from './ellipsoid.ts';
export * from './sunMoon.ts';

/** Sun position in GCRF (km) at `epoch` into out[offset..+3]. */
export function sunPositionAt(epoch: Epoch, out: Float64Array | number[], offset = 0): void {
  const tt = epoch.julianDate('TT');
  sunPositionGcrfKm(tt.jd1, tt.jd2, out, offset);
}

/** Moon position in GCRF (km) at `epoch` into out[offset..+3]. */
export function moonPositionAt(epoch: Epoch, out: Float64Array | number[], offset = 0): void {
  const tt = epoch.julianDate('TT');
  moonPositionGcrfKm(tt.jd1, tt.jd2, out, offset);
}
