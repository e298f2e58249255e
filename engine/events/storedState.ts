/**
 * Events of a stored state (what the API's passes, eclipses and orbit events use): the state propagated with its
 * spacecraft's force model and stored maneuvers (propagation/storedState.ts, dense output kept), then one search over
 * the dense trajectory with the propagation's own Earth environment (predict.ts). Pure: the Earth data come in. The
 * result is plain data (ISO instant of t = 0), ready to cross a worker boundary.
 */
import { propagateStoredState, type EarthData, type StoredStatePropagationInput } from '../propagation/storedState.ts';
import { Epoch } from '../time/epoch.ts';
import { EventRequestError } from './errors.ts';
import { DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 } from './motionBounds.ts';
import { passTrack, type PassTrack } from './passTrack.ts';
import { predictEvents, type EventPrediction, type EventSearchOptions } from './predict.ts';
import type { EventStationInput } from './stations.ts';
import { DenseOutputTrajectory } from '../trajectories/denseOutput.ts';

export interface StoredStateEventsInput {
  propagation: StoredStatePropagationInput;
  /** Search span, ISO instants. */
  from: string;
  to: string;
  passes?: { stations: EventStationInput[]; minElevationDeg?: number };
  eclipses?: boolean;
  nodes?: boolean;
  apsides?: boolean;
  /** Also sample the sky track of the pass with this index (in the sorted pass list). */
  trackPass?: number;
  search?: Omit<EventSearchOptions, 'nonGravitationalAccelerationKmS2'>;
}

/**
 * Largest non-gravitational acceleration of the propagation, km/s², for the search's motion bounds
 * (motionBounds.ts): the default envelope (drag, solar pressure), or the strongest burn's thrust over the dry mass
 * (the end-of-burn worst case) with a 10 % margin when that is larger.
 */
export function accelerationBoundKmS2(input: StoredStatePropagationInput): number {
  let bound = DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2;
  const massKg = Math.min(input.state.massKg, input.spacecraft.dryMassKg ?? input.state.massKg);
  for (const burn of input.burns) {
    const thrustN = Math.hypot(burn.thrustN[0], burn.thrustN[1], burn.thrustN[2]);
    bound = Math.max(bound, (1.1 * thrustN) / massKg / 1000);
  }
  return bound;
}

export interface StoredStateEvents extends Omit<EventPrediction, 'epoch'> {
  /** t = 0 of every `tS`: the state epoch, ISO UTC (µs). */
  epochUtc: string;
  /** The propagation stopped at the altitude floor inside the span: events end there. */
  truncated: { tS: number; altitudeKm: number } | null;
  /** Integration steps of the propagation (its cost, beside the search's `statistics`). */
  propagationSteps: number;
  /** The sky track of pass `trackPass`, when asked for and when it exists. */
  track: PassTrack | null;
}

export function predictStoredStateEvents(input: StoredStateEventsInput, earth: EarthData): StoredStateEvents {
  const stateEpoch = Epoch.parse(input.propagation.state.epoch, 'UTC');
  const fromS = Epoch.parseInstant(input.from).secondsSince(stateEpoch);
  const toS = Epoch.parseInstant(input.to).secondsSince(stateEpoch);
  if (!(toS > fromS)) throw new EventRequestError('to', 'must be after from');
  const run = propagateStoredState(input.propagation, Float64Array.of(fromS, toS), earth, undefined, undefined, { denseOutput: true });
  const dense = run.result.denseOutput!;
  const trajectory = new DenseOutputTrajectory(dense, run.epoch);
  const truncated = run.result.truncated;
  const endS = truncated ? Math.min(toS, trajectory.endS) : toS;
  const { epoch: _epoch, ...prediction } = predictEvents(
    {
      trajectory,
      environment: run.environment,
      fromS,
      toS: endS,
      ...(input.passes ? { passes: input.passes } : {}),
      eclipses: input.eclipses ?? false,
      nodes: input.nodes ?? false,
      apsides: input.apsides ?? false,
    },
    { ...input.search, nonGravitationalAccelerationKmS2: accelerationBoundKmS2(input.propagation) },
  );
  let track: PassTrack | null = null;
  const pass = input.trackPass === undefined ? undefined : prediction.passes?.[input.trackPass];
  if (pass) {
    const station = input.passes!.stations.find((s) => s.id === pass.stationId)!;
    track = passTrack(trajectory, run.environment, station, pass.startS, pass.endS);
  }
  return {
    ...prediction,
    epochUtc: run.epoch.toIsoString(6),
    truncated: truncated ? { tS: truncated.tS, altitudeKm: truncated.altitudeKm } : null,
    propagationSteps: dense.stepCount,
    track,
  };
}
