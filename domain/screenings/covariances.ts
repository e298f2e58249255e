/**
 * The covariances of a screening approach at its TCA, attached by the
 * merge task after the search (the TCAs are known only then) — on the worker, never on the event loop.
 *
 *  - Primary propagated from a stored state vector with a covariance: the covariance is propagated linearly from the
 *    state epoch to every TCA of that primary in one propagation (P(t) = Φ(t, t₀) P₀ Φ(t, t₀)ᵀ, the propagator's own
 *    STM with the same force model as the trajectory: engine/propagation/storedState.ts `propagateStoredState` with a
 *    covariance), then rotated into the primary's RTN at TCA (engine/frames `covarianceGcrfToLocal`, km → m).
 *  - Primary from an uploaded OEM with covariance blocks: the block nearest to the TCA, not propagated (an OEM carries
 *    no force model to build an STM from, and a Keplerian STM would be a second, weaker model of the same motion). A
 *    block in a local orbital frame (RTN/RSW/RIC) is taken as the primary's RTN covariance at TCA; an inertial block
 *    (GCRF, ICRF, EME2000 — the frame bias, < 0.1 arcsec, is below any covariance's accuracy) is rotated into the RTN
 *    of the OEM state at the block's epoch. The approach gets a flag stating the block's epoch and its offset from TCA.
 *  - Secondary: the RTN covariance of the object in a CDM received for the organization (not a screening's own CDM)
 *    whose TCA lies within the organization's event grouping window (default 10 min) of the approach's TCA: the same
 *    rule that makes two CDMs one conjunction event, so the CDM is of this encounter. A wider window (±1 h) would reach
 *    the same pair's encounter at the other mutual node, half a LEO revolution (≈ 47 min) away, whose covariance is
 *    not this one's. A DEFAULT covariance (COVARIANCE_METHOD = DEFAULT) is not an estimate and is not used. Among
 *    several, the latest created (the most recent orbit determination), then the nearest TCA.
 */
import { approachProbability } from '../../engine/collision/screening/index.ts';
import type { ApproachFlag, RtnCovarianceInput, ScreeningApproach } from '../../engine/collision/screening/index.ts';
import type { PcMethod } from '../../engine/collision/probability.ts';
import { covarianceGcrfToLocal } from '../../engine/frames/stateFrames.ts';
import { fromLowerTriangle, localOrbitalRotation, stateJacobian, transformCovariance } from '../../engine/math/covariance.ts';
import { timeScaleOf } from '../../engine/files/common/definitions.ts';
import { parseOem } from '../../engine/files/oem/oemReader.ts';
import { propagateStoredState, type EarthData, type StoredStatePropagationInput } from '../../engine/propagation/storedState.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import type { CdmCovarianceCandidate, CovarianceUsed, StateVectorCovarianceSpec } from './model.ts';
import type { StoredObjectCovariance } from '../conjunctions/model.ts';

const KM2_TO_M2 = 1e6;

function toM2(pKm: ArrayLike<number>): number[] {
  return Array.from(pKm, (v) => v * KM2_TO_M2);
}

/**
 * The primary's RTN covariance (m²) at each TCA (s from the span start), propagated from the state epoch with the
 * trajectory's own propagation set-up. `states` are the primary's GCRF states at the TCAs (6 per TCA), whose RTN the
 * covariance is rotated into.
 */
export function propagatedPrimaryCovariances(
  propagation: StoredStatePropagationInput,
  covariance: StateVectorCovarianceSpec,
  spanStartUtc: string,
  tcaS: readonly number[],
  states: ReadonlyArray<ArrayLike<number>>,
  earth: EarthData,
): RtnCovarianceInput[] {
  if (tcaS.length === 0) return [];
  const stateEpoch = Epoch.parse(propagation.state.epoch, 'UTC');
  const offsetS = Epoch.parseInstant(spanStartUtc).secondsSince(stateEpoch);
  // the propagator wants monotonic output times: sort, propagate once, map back
  const order = tcaS.map((_, i) => i).sort((a, b) => tcaS[a]! - tcaS[b]!);
  const times = Float64Array.from(order, (i) => tcaS[i]! + offsetS);
  const run = propagateStoredState(propagation, times, earth, { frame: covariance.frame, values: covariance.values });
  const covariances = run.result.covarianceKm;
  if (covariances === null || run.result.timesS.length !== times.length) {
    throw new Error(`the covariance propagation of ${covariance.stateVectorId} stopped before the last TCA`);
  }
  const out = new Array<RtnCovarianceInput>(tcaS.length);
  order.forEach((i, k) => {
    const rtnKm = covarianceGcrfToLocal(covariances.subarray(36 * k, 36 * k + 36), 'RTN', states[i]!);
    out[i] = { rtnM2: toM2(rtnKm) };
  });
  return out;
}

const LOCAL_FRAMES = new Set(['RTN', 'RSW', 'RIC']);
const INERTIAL_FRAMES = new Set(['GCRF', 'ICRF', 'EME2000']);

interface OemBlock { epochS: number; epochText: string; rtnKm: Float64Array | null; frameProblem: string | null; line: number }

/** An OEM's covariance blocks, each in the RTN of the OEM state at its epoch (km units), epochs in s since `origin`. */
export function oemCovarianceBlocks(oemText: string, origin: Epoch): OemBlock[] {
  const message = parseOem(oemText);
  const blocks: OemBlock[] = [];
  for (const segment of message.segments) {
    const scale = timeScaleOf(segment.metadata.timeSystem);
    if (scale === null) continue;
    const stateTimes = segment.states.map((s) => Epoch.parse(s.epoch, scale).secondsSince(origin));
    for (const c of segment.covariances) {
      const epoch = Epoch.parse(c.epoch, scale);
      const epochS = epoch.secondsSince(origin);
      const frame = c.refFrame ?? segment.metadata.refFrame;
      const p = fromLowerTriangle(c.lowerTriangle);
      let rtnKm: Float64Array | null = null;
      let frameProblem: string | null = null;
      if (LOCAL_FRAMES.has(frame)) {
        rtnKm = p;
      } else if (INERTIAL_FRAMES.has(frame) && segment.states.length > 0) {
        // the RTN of the segment's state nearest to the block's epoch (blocks are written at ephemeris epochs)
        let nearest = 0;
        for (let k = 1; k < stateTimes.length; k++) if (Math.abs(stateTimes[k]! - epochS) < Math.abs(stateTimes[nearest]! - epochS)) nearest = k;
        const s = segment.states[nearest]!;
        rtnKm = transformCovariance(p, stateJacobian(localOrbitalRotation('RTN', s.positionKm, s.velocityKmS)));
      } else {
        frameProblem = `COV_REF_FRAME ${frame} is neither a local orbital frame (RTN) nor inertial (GCRF, ICRF, EME2000)`;
      }
      blocks.push({ epochS, epochText: epoch.toIsoString(3), rtnKm, frameProblem, line: c.line });
    }
  }
  return blocks;
}

/** The nearest usable OEM block to a TCA (s since the blocks' origin), with the flag stating its offset. */
export function nearestOemCovariance(blocks: readonly OemBlock[], tcaFromOriginS: number, oemName: string): { covariance: RtnCovarianceInput; used: CovarianceUsed; flag: ApproachFlag } | null {
  let best: OemBlock | null = null;
  for (const b of blocks) {
    if (b.rtnKm === null) continue;
    if (best === null || Math.abs(b.epochS - tcaFromOriginS) < Math.abs(best.epochS - tcaFromOriginS)) best = b;
  }
  if (best === null) return null;
  const offsetS = tcaFromOriginS - best.epochS;
  return {
    covariance: { rtnM2: toM2(best.rtnKm!) },
    used: { source: 'OEM', reference: `${oemName} line ${best.line}`, epoch: best.epochText, toTca: 'NEAREST_BLOCK' },
    flag: {
      code: 'PRIMARY_COVARIANCE_NOT_AT_TCA',
      message: `the primary's covariance is the OEM block of ${best.epochText} (line ${best.line}), ${Math.abs(offsetS).toFixed(1)} s ${offsetS >= 0 ? 'before' : 'after'} the TCA, not propagated (an OEM carries no force model for a state transition matrix)`,
    },
  };
}

/**
 * The received CDMs' object covariances as candidates by NORAD id: objects designated by a catalog number only, a
 * DEFAULT covariance (COVARIANCE_METHOD = DEFAULT: not an estimate) left out.
 */
export function cdmCovarianceCandidatesByNorad(covariances: readonly StoredObjectCovariance[]): Record<string, CdmCovarianceCandidate[]> {
  const out: Record<string, CdmCovarianceCandidate[]> = {};
  for (const c of covariances) {
    if (!/^\d+$/.test(c.designator) || c.covarianceMethod === 'DEFAULT') continue;
    (out[String(Number(c.designator))] ??= []).push({ cdmId: c.cdmId, tca: c.tca, tcaS: c.tcaS, creationDateS: c.creationDateS, covarianceRtnM2: c.covarianceRtnM2 });
  }
  return out;
}

/** The CDM covariance of a secondary for an approach at `tcaUnixS` (see the header for the rule), or null. */
export function cdmCovarianceFor(candidates: readonly CdmCovarianceCandidate[] | undefined, tcaUnixS: number, windowS: number): CdmCovarianceCandidate | null {
  let best: CdmCovarianceCandidate | null = null;
  for (const c of candidates ?? []) {
    if (Math.abs(c.tcaS - tcaUnixS) > windowS) continue;
    if (best === null || c.creationDateS > best.creationDateS || (c.creationDateS === best.creationDateS && Math.abs(c.tcaS - tcaUnixS) < Math.abs(best.tcaS - tcaUnixS))) best = c;
  }
  return best;
}

/** The approach with its Pc recomputed from the covariances found (engine `approachProbability`, the chunk's own). */
export function withCovariances(
  approach: ScreeningApproach,
  pcMethod: PcMethod,
  primary: RtnCovarianceInput | undefined,
  secondary: RtnCovarianceInput | undefined,
  extraFlags: readonly ApproachFlag[],
): ScreeningApproach {
  const probability = approachProbability(pcMethod, approach.primaryStateGcrf, approach.secondaryStateGcrf, approach.combinedHardBodyRadiusM, primary, secondary);
  return { ...approach, pc: probability.pc, mahalanobisDistance: probability.mahalanobisDistance, flags: [...probability.flags, ...extraFlags] };
}
