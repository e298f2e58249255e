/**
 * The force model and Earth environment of each propagation the planner runs (`AvoidancePropagation.dynamicsAt`):
 * the environment interpolated over the run's span from the EOP (engine/propagation/earthEnvironment.ts), and the
 * NRLMSISE-00 atmosphere bound to the run's epoch when the force model asks for it (storedState.ts `nrlmsise00For`,
 * which refuses a span the space weather does not cover).
 */
import type { Epoch } from '../time/epoch.ts';
import { InterpolatedEarthEnvironment } from '../propagation/earthEnvironment.ts';
import { nrlmsise00For, type EarthData } from '../propagation/storedState.ts';
import type { ForceModelSettings, IntegratorSettings, SpacecraftProperties } from '../propagation/propagator.ts';
import type { AvoidancePropagation, RunDynamics } from './tradeSpace.ts';

export function avoidancePropagation(
  tcaEpoch: Epoch,
  earth: EarthData,
  spacecraft: SpacecraftProperties,
  forceModel: ForceModelSettings,
  integrator?: IntegratorSettings,
): AvoidancePropagation {
  return {
    tcaEpoch,
    spacecraft,
    ...(integrator ? { integrator } : {}),
    dynamicsAt(offsetS: number, startS: number, endS: number): RunDynamics {
      const epoch = tcaEpoch.plusSeconds(offsetS);
      // always built, as for a stored state (storedState.ts): which force needs it is the propagator's to say
      const environment = new InterpolatedEarthEnvironment({ epoch, startS: Math.min(startS, endS) - 60, endS: Math.max(startS, endS) + 60, eop: earth.eop });
      const model = forceModel.atmosphere === 'NRLMSISE00' ? { ...forceModel, nrlmsise00: nrlmsise00For(earth, epoch, Math.min(startS, endS), Math.max(startS, endS)) } : forceModel;
      return { forceModel: model, environment };
    },
  };
}
