// Public surface of engine/time: epochs, time scales and the leap-second table.
export * from './epoch.ts';
export * from './leapSeconds.ts';
export { tdbMinusTtSeconds } from './tdb.ts';
export * from './supportedRange.ts';
