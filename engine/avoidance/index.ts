/**
 * Collision-avoidance planning: the trade space of impulsive burns by linear mapping with the state transition matrix
 * (tradeSpace.ts), the optimal direction in the encounter plane (optimalDirection.ts), the execution-error model
 * (executionErrors.ts), and the numerical re-propagation of candidates (repropagation.ts).
 */
export * from './tradeSpace.ts';
export * from './executionErrors.ts';
export { optimalBurnDirection } from './optimalDirection.ts';
export * from './repropagation.ts';
export * from './plan.ts';
export { avoidancePropagation } from './dynamics.ts';
