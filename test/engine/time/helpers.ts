// Shared helpers for the time tests: fixture loading and label differences.
import { readFileSync } from 'node:fs';
import { Epoch, type TimeScale } from '../../../engine/time/index.ts';

export function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/time/${name}`, import.meta.url), 'utf8');
}

export function fixtureJson<T>(name: string): T {
  return JSON.parse(fixture(name)) as T;
}

/**
 * Seconds between our label of `epoch` in `scale` and an oracle label string in that scale. Both are read as plain
 * (MJD, seconds-of-day) labels, so no conversion model enters the comparison.
 */
export function labelDiffSeconds(epoch: Epoch, scale: TimeScale, oracleLabel: string, dut1Seconds?: number): number {
  const ours = epoch.label(scale, dut1Seconds);
  // Parsing as TAI is pure label arithmetic (no model): day + seconds of day.
  const ref = Epoch.parse(oracleLabel, 'TAI');
  return (ours.day - ref.taiDay) * 86400 + (ours.seconds - ref.taiSeconds);
}
