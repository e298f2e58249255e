/**
 * Propagation of one stored state, shared by the products built on it (OEM generation, TLE generation):
 * stored frame → GCRF at the state epoch, Earth environment prepared over the span, stored maneuver segments as
 * finite burns (times relative to the state epoch), optional covariance through the STM, then the numerical
 * propagator. Pure: the Earth data (EOP, space weather) come in as an argument.
 */
import type { EopTable } from '../frames/eop.ts';
import { Nrlmsise00Atmosphere } from '../forces/nrlmsise00Atmosphere.ts';
import type { ThrustFrame } from '../forces/thrust.ts';
import { InterpolatedEarthEnvironment } from './earthEnvironment.ts';
import { PropagationError } from '../forces/errors.ts';
import { isoDate, type SpaceWeatherTable } from '../spaceWeather/spaceWeather.ts';
import {
  propagate,
  type FiniteBurn,
  type ForceModelSettings,
  type IntegratorSettings,
  type PropagationResult,
  type SensitivityForce,
  type SpacecraftProperties,
} from './propagator.ts';
import type { VariationalPartials } from './dynamics.ts';
import { Epoch } from '../time/epoch.ts';
import { convertState, covarianceToGcrf, type StateFrame } from '../frames/stateFrames.ts';

/**
 * The Earth data a propagation runs with (worker side: loaded by file identity, earthData/files.ts). `spaceWeather`
 * is read only by the NRLMSISE-00 atmosphere, so a loader may provide it lazily (a getter).
 */
export interface EarthData {
  readonly eop: EopTable;
  readonly spaceWeather: SpaceWeatherTable;
  /**
   * The interpolated Earth environment over [startS, endS] from `epoch` with this `eop`, when the loader keeps the
   * ones it made (earthData/files.ts: the items of a batch share an epoch and a span, an orbit determination
   * propagates over one span again and again, and its nodes cost 0.4–1 ms of nutation series each time); without
   * it, each propagation builds its own. Either way the same nodes, the same values.
   */
  environment?(epoch: Epoch, startS: number, endS: number): InterpolatedEarthEnvironment;
}

/** One stored maneuver segment as a constant-thrust finite burn (plain data: crosses the worker boundary). */
export interface BurnInput {
  /** UTC ISO instant of ignition. */
  start: string;
  durationS: number;
  thrustN: [number, number, number];
  frame: ThrustFrame;
  ispS: number;
}

/** A stored state as the propagation needs it. */
export interface StoredStateInput {
  /** UTC ISO instant. */
  epoch: string;
  positionKm: number[];
  velocityKmS: number[];
  frame: StateFrame;
  massKg: number;
}

/** Everything a propagation of a stored state needs besides the output times (built by the API service). */
export interface StoredStatePropagationInput {
  state: StoredStateInput;
  spacecraft: Omit<SpacecraftProperties, 'massKg'>;
  forceModel: ForceModelSettings;
  burns: BurnInput[];
  /** Integrator settings; default: the propagator's (position tolerance DEFAULT_POSITION_TOLERANCE_M). */
  integrator?: IntegratorSettings;
}

export interface StoredStatePropagation {
  /** State epoch (t = 0 of `result.timesS`). */
  epoch: Epoch;
  /** Initial state in GCRF (6 values, km, km/s). */
  gcrf0: Float64Array;
  environment: InterpolatedEarthEnvironment;
  result: PropagationResult;
}

/** What orbit determination asks of the propagation besides the states (see `PropagationRequest`). */
export interface VariationalRequest {
  stm: boolean;
  sensitivities?: readonly SensitivityForce[];
  partials?: VariationalPartials;
}

/**
 * Propagates the stored state to `outputTimesS` (seconds from the state epoch, any sign). `covariance` (36 values
 * row-major in its own frame, a state frame or RTN/TNW) is propagated through the STM when given; `variational`
 * asks for the STM (and force-scale sensitivities) at the outputs; `options.denseOutput` keeps the integrator's
 * continuous extension of every step (event searches evaluate the trajectory anywhere).
 */
export function propagateStoredState(
  input: StoredStatePropagationInput,
  outputTimesS: Float64Array,
  earth: EarthData,
  covariance?: { frame: string; values: number[] },
  variational?: VariationalRequest,
  options: { denseOutput?: boolean } = {},
): StoredStatePropagation {
  const eop = earth.eop;
  const epoch = Epoch.parse(input.state.epoch, 'UTC');
  const gcrf0 = convertState([...input.state.positionKm, ...input.state.velocityKmS], input.state.frame, 'GCRF', epoch, eop);
  let startS = 0;
  let endS = 0;
  for (const t of outputTimesS) {
    if (t < startS) startS = t;
    if (t > endS) endS = t;
  }
  const environment = earth.environment?.(epoch, startS, endS) ?? new InterpolatedEarthEnvironment({ epoch, startS, endS, eop });
  const burns: FiniteBurn[] = input.burns.map((b) => ({
    startS: Epoch.parse(b.start, 'UTC').secondsSince(epoch),
    durationS: b.durationS,
    thrustN: b.thrustN,
    frame: b.frame,
    ispS: b.ispS,
  }));
  const covarianceGcrf = covariance ? covarianceToGcrf(covariance.values, covariance.frame, gcrf0, epoch, eop) : undefined;
  const forceModel =
    input.forceModel.atmosphere === 'NRLMSISE00'
      ? { ...input.forceModel, nrlmsise00: nrlmsise00For(earth, epoch, startS, endS) }
      : input.forceModel;
  const result = propagate({
    positionKm: gcrf0.subarray(0, 3),
    velocityKmS: gcrf0.subarray(3, 6),
    spacecraft: { ...input.spacecraft, massKg: input.state.massKg },
    forceModel,
    burns,
    outputTimesS,
    environment,
    ...(input.integrator ? { integrator: input.integrator } : {}),
    ...(options.denseOutput ? { denseOutput: true } : {}),
    ...(covarianceGcrf ? { covarianceKm: covarianceGcrf } : {}),
    ...(variational
      ? { stm: variational.stm, sensitivities: variational.sensitivities ?? [], variationalPartials: variational.partials ?? 'FINITE_DIFFERENCES' }
      : {}),
  });
  return { epoch, gcrf0, environment, result };
}

/** The NRLMSISE-00 atmosphere over [startS, endS] from the epoch; 422 when the space weather does not cover it. */
export function nrlmsise00For(earth: EarthData, epoch: Epoch, startS: number, endS: number): Nrlmsise00Atmosphere {
  const spaceWeather = earth.spaceWeather;
  const span = spaceWeather.driversSpan();
  const first = epoch.plusSeconds(startS).mjd('UTC');
  const last = epoch.plusSeconds(endS).mjd('UTC');
  if (first < span.firstMjd || last > span.lastMjd) {
    throw new PropagationError(
      'SPACE_WEATHER_NOT_COVERED',
      'UNPROCESSABLE',
      `the space-weather data (${isoDate(span.firstMjd)} .. ${isoDate(span.lastMjd)}) do not cover the propagation span ` +
        `${isoDate(first)} .. ${isoDate(last)} needed by the NRLMSISE-00 atmosphere`,
      { firstCoveredDate: isoDate(span.firstMjd), lastCoveredDate: isoDate(span.lastMjd), spanStart: isoDate(first), spanEnd: isoDate(last) },
    );
  }
  return new Nrlmsise00Atmosphere({ spaceWeather, epoch, ut1MinusUtcSeconds: earth.eop.at(epoch).dut1Seconds });
}
