/**
 * Collision-avoidance planning: the trade space of impulsive burns by linear mapping with the state transition matrix
 * (tradeSpace.ts), the optimal direction in the encounter plane (optimalDirection.ts), the execution-error model
 * (executionErrors.ts), the numerical re-propagation of candidates (repropagation.ts) and the secondary screening of their new
 * trajectories (secondaryScreening.ts).
 */
export * from './tradeSpace.ts';
export * from './executionErrors.ts';
export { optimalBurnDirection } from './optimalDirection.ts';
export * from './repropagation.ts';
export * from './plan.ts';
export * from './secondaryScreening.ts';
export { avoidancePropagation } from './dynamics.ts';
