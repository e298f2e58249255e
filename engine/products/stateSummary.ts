/**
 * What the state-vector store derives from a state when it is stored: the GCRF state, the geodetic altitude
 * (WGS-84, ITRF), the osculating perigee altitude, and DSST mean Keplerian elements (zonal J2..J6, about the
 * ITRF pole at the epoch). Pure: the EOP table comes in as an argument.
 */
import { cartesianToGeodetic } from '../bodies/ellipsoid.ts';
import { MU_EARTH_KM3_S2, WGS84_EQUATORIAL_RADIUS_KM } from '../constants.ts';
import { gcrfToItrfRotation } from '../frames/index.ts';
import { meanElementsDsst, type MeanKeplerianElements } from '../orbits/dsst/index.ts';
import { cartesianToKeplerian } from '../orbits/keplerian.ts';
import { Epoch } from '../time/epoch.ts';
import { convertState, type EopProvider, type StateFrame } from '../frames/stateFrames.ts';

/** Perigee altitudes below this are stored with a warning. */
export const LOW_PERIGEE_WARNING_KM = 120;

export interface StateSummaryInput {
  /** UTC ISO-8601 instant. */
  epoch: string;
  positionKm: readonly number[];
  velocityKmS: readonly number[];
  frame: StateFrame;
}

export interface StateSummary {
  stateGcrf: number[];
  /** Geodetic altitude above the WGS-84 ellipsoid (km); negative inside the Earth. */
  altitudeKm: number;
  /** Osculating a(1 − e) − Re (km), null for degenerate (rectilinear/parabolic) states. */
  perigeeAltitudeKm: number | null;
  meanElements: MeanKeplerianElements | null;
  iterations: number;
  warnings: string[];
}

export function summarizeState(input: StateSummaryInput, eop: EopProvider): StateSummary {
  const epoch = Epoch.parse(input.epoch, 'UTC');
  const state = [...input.positionKm, ...input.velocityKmS];
  const gcrf = convertState(state, input.frame, 'GCRF', epoch, eop);
  const itrf = convertState(gcrf, 'GCRF', 'ITRF', epoch, eop);
  const geodetic = [0, 0, 0];
  cartesianToGeodetic(itrf, geodetic);
  const altitudeKm = geodetic[2]!;
  const warnings: string[] = [];
  let perigeeAltitudeKm: number | null = null;
  try {
    const k = cartesianToKeplerian(gcrf.subarray(0, 3), gcrf.subarray(3, 6), MU_EARTH_KM3_S2);
    perigeeAltitudeKm = k.aKm * (1 - k.e) - WGS84_EQUATORIAL_RADIUS_KM;
    if (k.e >= 1) warnings.push(`the orbit is not elliptic (e = ${k.e.toFixed(6)})`);
  } catch (error) {
    warnings.push(`no Keplerian elements: ${(error as Error).message}`);
  }
  if (perigeeAltitudeKm !== null && perigeeAltitudeKm < LOW_PERIGEE_WARNING_KM && altitudeKm >= 0) {
    warnings.push(
      `perigee altitude ${perigeeAltitudeKm.toFixed(3)} km is below ${LOW_PERIGEE_WARNING_KM} km: propagations may be truncated at the 100 km in-flight floor`,
    );
  }
  let meanElements: MeanKeplerianElements | null = null;
  let iterations = 0;
  if (altitudeKm >= 0) {
    const rotation = new Float64Array(9);
    const e = eop.at(epoch);
    gcrfToItrfRotation(rotation, epoch, e);
    // ITRF Z axis in GCRF = third row of the GCRF → ITRF rotation
    const pole = [rotation[6]!, rotation[7]!, rotation[8]!];
    const result = meanElementsDsst(gcrf.subarray(0, 3), gcrf.subarray(3, 6), { earthPoleGcrf: pole });
    iterations = result.iterations;
    if (result.elements) meanElements = result.elements;
    else warnings.push(`mean elements unavailable: ${result.warning}`);
  }
  return { stateGcrf: [...gcrf], altitudeKm, perigeeAltitudeKm, meanElements, iterations, warnings };
}
