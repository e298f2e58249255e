/**
 * Public surface of the conjunction screening (engine/collision/screening): some primaries against a catalog of
 * general-perturbations element sets over a span of up to 14 days, in chunks a job runner can spread over workers.
 *
 *   planScreeningChunks(primaries.length, secondaries.map((s) => s.elements.noradId))   → chunk plans
 *   screenChunk({ span, volume, primaries: <plan's>, secondaries: <plan's>, options })  → ScreeningChunkResult
 *   mergeChunkResults(results)                                                         → the screening's result
 *   screenWithGrid({ mode: 'ALL_VS_ALL' | 'PRIMARIES', span, volume, primaries, secondaries, options, sieve })
 *                                                                                       → the catalog-scale sieve's result
 *
 * Pure: plain data in and out, no I/O, no clock unless `options.now` is given. See README.md in this folder.
 */
export { screenChunk, compareApproaches, MAX_SPAN_S, SEARCH_MARGIN_KM } from './screen.ts';
export { planScreeningChunks, mergeChunkResults, type ScreeningChunkPlan, type ChunkPlanOptions } from './chunks.ts';
export { ephemerisFromOem, sampledEphemeris } from './objects.ts';
export { approachProbability, type ApproachProbability } from './approach.ts';
export { enclosingRadiusKm, insideVolume, validateVolume, MAX_VOLUME_SEMI_AXIS_KM } from './volume.ts';
export type * from './types.ts';
export {
  screenWithGrid, DEFAULT_FINE_STEP_S, DEFAULT_CELL_FACTOR, WINDOW_PAD_S,
  type GridScreeningInput, type GridScreeningMode, type GridScreeningResult, type GridSieveCounts, type GridSieveSettings, type GridSieveTimings,
} from './gridSieve.ts';
export { SampledPositions, fourthDerivativeBoundKmS4, interpolationErrorKm, nodeStepS, DEFAULT_INTERPOLATION_TOLERANCE_KM } from './sampledPositions.ts';
