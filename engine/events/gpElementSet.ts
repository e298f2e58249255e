/**
 * Events of a general-perturbations element set (a catalog TLE or OMM, engine/tle `GpElementSet`): SGP4 through
 * satellite.js (`satrecOf`: the same satrec as the set's TLE lines give), TEME → GCRF by the rotation table of
 * trajectories/sgp4.ts, then the one event search (predict.ts) with the interpolated Earth environment over the span
 * (GCRF → ITRF with the EOP, the analytic Sun). The answer has the shape of the stored-state events (storedState.ts),
 * with t = 0 at the span start, so the same views and plan writers serve both sources. Pure: the EOP come in.
 */
import type { EopTable } from '../frames/eop.ts';
import { InterpolatedEarthEnvironment } from '../propagation/earthEnvironment.ts';
import { Epoch } from '../time/epoch.ts';
import { satrecOf, type GpElementSet } from '../tle/gpElements.ts';
import { EventRequestError } from './errors.ts';
import { passTrack, type PassTrack } from './passTrack.ts';
import { predictEvents } from './predict.ts';
import type { StoredStateEvents, StoredStateEventsInput } from './storedState.ts';
import { SatrecTrajectory, TemeToGcrfTable } from '../trajectories/sgp4.ts';

export interface GpElementSetEventsInput extends Omit<StoredStateEventsInput, 'propagation'> {
  elementSet: GpElementSet;
}

export function predictGpElementSetEvents(input: GpElementSetEventsInput, eop: EopTable): StoredStateEvents {
  const from = Epoch.parseInstant(input.from);
  const toS = Epoch.parseInstant(input.to).secondsSince(from);
  if (!(toS > 0)) throw new EventRequestError('to', 'must be after from');
  // the set's epoch to the microsecond its ISO text carries: exact for a TLE (its 1e-8-day grid is whole µs)
  const elementsEpoch = Epoch.parse(input.elementSet.epochUtc, 'UTC');
  const trajectory = new SatrecTrajectory(satrecOf(input.elementSet), elementsEpoch, new TemeToGcrfTable(from, 0, toS, eop));
  const environment = new InterpolatedEarthEnvironment({ epoch: from, startS: 0, endS: toS, eop });
  const { epoch: _epoch, ...prediction } = predictEvents(
    {
      trajectory,
      environment,
      fromS: 0,
      toS,
      ...(input.passes ? { passes: input.passes } : {}),
      eclipses: input.eclipses ?? false,
      nodes: input.nodes ?? false,
      apsides: input.apsides ?? false,
    },
    input.search ?? {},
  );
  let track: PassTrack | null = null;
  const pass = input.trackPass === undefined ? undefined : prediction.passes?.[input.trackPass];
  if (pass) {
    const station = input.passes!.stations.find((s) => s.id === pass.stationId)!;
    track = passTrack(trajectory, environment, station, pass.startS, pass.endS);
  }
  return { ...prediction, epochUtc: from.toIsoString(6), truncated: null, propagationSteps: 0, track };
}
