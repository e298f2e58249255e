/**
 * The scenario both screening benchmarks run (bench/screening.ts through the API, bench/screening-engine.ts on the
 * engine alone): the synthetic catalog's size and the span, from `--objects N` and `--days D`, the start and the
 * screening sphere.
 */
import { Epoch } from '../../engine/time/epoch.ts';

const args = process.argv.slice(2);

/** A numeric `--name value` option of the command line, or `fallback`. */
export function numericOption(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

export const OBJECTS = numericOption('objects', 30000);
export const DAYS = numericOption('days', 7);
export const SPAN_S = DAYS * 86400;
export const START_UTC = '2023-02-15T00:00:00Z';
export const START = Epoch.parseInstant(START_UTC);
/** The screening sphere's radius, km. */
export const RADIUS_KM = 20;

/** Whether the command line has the flag `--name`. */
export function hasFlag(name: string): boolean {
  return args.includes(`--${name}`);
}
