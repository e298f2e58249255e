/**
 * Earth-data files on disk: the one place that reads EOP, leap-second and space-weather files (the bundled snapshots
 * in resources/, and the data directory `APSIS_DATA_DIR`), by *identity* — path + SHA-256 of the content.
 *
 * Why a folder of its own (earthData/): the workers, the service's store (api/services/earthData.ts) and the update
 * command (earthData/update.ts) all need the same readers, and workers cannot depend on api/. engine/ keeps the pure parsers (engine/frames/eop.ts,
 * engine/time/leapSecondFiles.ts, engine/spaceWeather/); this module adds files, hashes and caches around them.
 *
 * Data directory layout: `<dir>/eop/`, `<dir>/leap-seconds/`, `<dir>/space-weather/`, any file names (the format is
 * detected from the content). Names starting with "." are ignored (the update command's temporary files).
 */
import { sha256Hex } from '../domain/contentHash.ts';
import { readdir, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EopTable, type EopCoverage } from '../engine/frames/eop.ts';
import type { EarthData } from '../engine/propagation/storedState.ts';
import { InterpolatedEarthEnvironment } from '../engine/propagation/earthEnvironment.ts';
import type { Epoch } from '../engine/time/epoch.ts';
import { SpaceWeatherTable, type SpaceWeatherCoverage } from '../engine/spaceWeather/spaceWeather.ts';
import { compareWithBuiltInTable, parseLeapSecondFile, type LeapSecondComparison, type LeapSecondFile } from '../engine/time/leapSecondFiles.ts';

export type EarthDataKind = 'EOP' | 'LEAP_SECONDS' | 'SPACE_WEATHER';
export const EARTH_DATA_KINDS: readonly EarthDataKind[] = ['EOP', 'LEAP_SECONDS', 'SPACE_WEATHER'];

/** Sub-directory of the data directory for each kind. */
export const KIND_DIRECTORY: Readonly<Record<EarthDataKind, string>> = { EOP: 'eop', LEAP_SECONDS: 'leap-seconds', SPACE_WEATHER: 'space-weather' };

/** A file by identity: what the service passes to workers in every task that needs Earth data. */
export interface EarthDataFileRef {
  path: string;
  sha256: string;
}

/**
 * The Earth data of one task (plain data): the EOP table is the splice of `eop` in order (each file wins where it has
 * rows: the bundled history first, the data directory's file last), `spaceWeather` one file.
 */
export interface EarthDataRefs {
  eop: EarthDataFileRef[];
  spaceWeather: EarthDataFileRef;
}

/** Bundled snapshots (resources/eop, resources/space-weather); the leap seconds are engine/time's built-in table. */
export const BUNDLED_FILES = {
  EOP: [
    fileURLToPath(new URL('../resources/eop/eopc04_IAU2000.62-now', import.meta.url)),
    fileURLToPath(new URL('../resources/eop/eopc04_20.2022-now.csv', import.meta.url)),
  ],
  SPACE_WEATHER: fileURLToPath(new URL('../resources/space-weather/SpaceWeather-All-v1.2_snapshot_20200224.txt', import.meta.url)),
} as const;

/** The content of a file changed since the service identified it (the task should be retried with fresh identities). */
export class EarthDataChangedError extends Error {
  constructor(path: string) {
    super(`EARTH_DATA_CHANGED: ${path} changed since it was identified; reload the Earth data and retry`);
    this.name = 'EarthDataChangedError';
  }
}

/** A file that is not a valid file of its kind. */
export class EarthDataFileError extends Error {
  readonly path: string;
  readonly line: number | null;
  constructor(path: string, reason: string, line: number | null = null) {
    super(`${path}: ${reason}`);
    this.name = 'EarthDataFileError';
    this.path = path;
    this.line = line;
  }
}

export type ParsedEarthData =
  | { kind: 'EOP'; table: EopTable }
  | { kind: 'SPACE_WEATHER'; table: SpaceWeatherTable }
  | { kind: 'LEAP_SECONDS'; file: LeapSecondFile; comparison: LeapSecondComparison };

/** Parses a file's text as `kind` (pure parsers; errors carry the line). */
export function parseEarthData(kind: EarthDataKind, path: string, text: string): ParsedEarthData {
  try {
    if (kind === 'EOP') return { kind, table: EopTable.parse(text) };
    if (kind === 'SPACE_WEATHER') return { kind, table: SpaceWeatherTable.parse(text) };
    const file = parseLeapSecondFile(text);
    return { kind, file, comparison: compareWithBuiltInTable(file) };
  } catch (error) {
    const e = error as Error & { line?: number };
    throw new EarthDataFileError(path, e.message, typeof e.line === 'number' ? e.line : null);
  }
}

// ---- per-process cache of parsed files, by identity (bounded: the current files and the ones just replaced) ----

const MAX_CACHED_PER_KIND = 3;
const parsedCache = new Map<string, ParsedEarthData>();

function cacheKey(kind: EarthDataKind, ref: EarthDataFileRef): string {
  return `${kind}:${ref.sha256}:${ref.path}`;
}

function remember(kind: EarthDataKind, key: string, value: ParsedEarthData): void {
  parsedCache.delete(key);
  parsedCache.set(key, value);
  const ofKind = [...parsedCache.keys()].filter((k) => k.startsWith(`${kind}:`));
  for (const old of ofKind.slice(0, Math.max(0, ofKind.length - MAX_CACHED_PER_KIND))) parsedCache.delete(old);
}

/** Reads and parses `path` as `kind`; returns its identity with the parse (cached by identity). */
export function readEarthDataFile(kind: EarthDataKind, path: string): { ref: EarthDataFileRef; parsed: ParsedEarthData; bytes: number } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new EarthDataFileError(path, `cannot read: ${(error as Error).message}`);
  }
  const ref = { path, sha256: sha256Hex(bytes) };
  const key = cacheKey(kind, ref);
  const hit = parsedCache.get(key);
  if (hit) return { ref, parsed: hit, bytes: bytes.length };
  const parsed = parseEarthData(kind, path, new TextDecoder().decode(bytes));
  remember(kind, key, parsed);
  return { ref, parsed, bytes: bytes.length };
}

/** The parse of a file by identity; throws `EarthDataChangedError` when the file's content is no longer `ref.sha256`. */
export function earthDataFileByRef(kind: EarthDataKind, ref: EarthDataFileRef): ParsedEarthData {
  const hit = parsedCache.get(cacheKey(kind, ref));
  if (hit) return hit;
  const read = readEarthDataFile(kind, ref.path);
  if (read.ref.sha256 !== ref.sha256) throw new EarthDataChangedError(ref.path);
  return read.parsed;
}

const splicedCache = new Map<string, EopTable>();

/** The EOP table of a list of files: each continued by the next (a newer file wins where both have rows). */
export function eopTableByRefs(refs: readonly EarthDataFileRef[]): EopTable {
  if (refs.length === 0) return EopTable.empty();
  const key = refs.map((r) => `${r.sha256}:${r.path}`).join('+');
  const hit = splicedCache.get(key);
  if (hit) return hit;
  let table: EopTable | null = null;
  for (const ref of refs) {
    const parsed = earthDataFileByRef('EOP', ref);
    if (parsed.kind !== 'EOP') throw new Error('unreachable');
    table = table === null ? parsed.table : EopTable.spliced(table, parsed.table);
  }
  splicedCache.delete(key);
  splicedCache.set(key, table!);
  while (splicedCache.size > MAX_CACHED_PER_KIND) splicedCache.delete(splicedCache.keys().next().value!);
  return table!;
}

export function spaceWeatherByRef(ref: EarthDataFileRef): SpaceWeatherTable {
  const parsed = earthDataFileByRef('SPACE_WEATHER', ref);
  if (parsed.kind !== 'SPACE_WEATHER') throw new Error('unreachable');
  return parsed.table;
}

/**
 * The Earth data of a task (worker side): EOP loaded now, space weather on first use (only NRLMSISE-00 reads it).
 * THE one way every task gets Earth data: `earthDataFor(input.earthData)`.
 */
export function earthDataFor(refs: EarthDataRefs): EarthData {
  const eop = eopTableByRefs(refs.eop);
  let spaceWeather: SpaceWeatherTable | null = null;
  return {
    eop,
    get spaceWeather() {
      spaceWeather ??= spaceWeatherByRef(refs.spaceWeather);
      return spaceWeather;
    },
    environment: (epoch, startS, endS) => environmentFor(eop, epoch, startS, endS),
  };
}

/** Environments kept per EOP table (the last few epoch-and-span pairs): immutable data, built once per worker. */
const environmentCache = new WeakMap<EopTable, Map<string, InterpolatedEarthEnvironment>>();
const MAX_CACHED_ENVIRONMENTS = 8;

function environmentFor(eop: EopTable, epoch: Epoch, startS: number, endS: number): InterpolatedEarthEnvironment {
  let kept = environmentCache.get(eop);
  if (!kept) environmentCache.set(eop, (kept = new Map()));
  const tai = epoch.label('TAI');
  const key = `${tai.day}:${tai.seconds}:${startS}:${endS}`;
  let environment = kept.get(key);
  if (environment) {
    kept.delete(key); // most recently used last
  } else {
    environment = new InterpolatedEarthEnvironment({ epoch, startS, endS, eop });
    while (kept.size >= MAX_CACHED_ENVIRONMENTS) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, environment);
  return environment;
}

// ---- inspection (the `earthData.inspect` worker task and the update command) ----

export interface LeapSecondsCoverage {
  format: string;
  firstMjd: number;
  lastStepMjd: number;
  taiMinusUtcSeconds: number;
  expiresMjd: number;
  updatedMjd: number | null;
  agreesWithBuiltIn: boolean;
  unknownSteps: { mjd: number; taiMinusUtcSeconds: number }[];
  conflicts: string[];
}

/** What a valid file holds (plain data). `observedUntilMjd` ranks files of a kind: the newest wins. */
export type EarthDataFileSummary = { path: string; sha256: string; bytes: number; observedUntilMjd: number } & (
  | { kind: 'EOP'; format: string; coverage: EopCoverage }
  | { kind: 'SPACE_WEATHER'; format: string; coverage: SpaceWeatherCoverage }
  | { kind: 'LEAP_SECONDS'; format: string; coverage: LeapSecondsCoverage }
);

export type EarthDataInspection = { ok: true; summary: EarthDataFileSummary } | { ok: false; path: string; error: string; line: number | null };

export function summarize(ref: EarthDataFileRef, bytes: number, parsed: ParsedEarthData): EarthDataFileSummary {
  if (parsed.kind === 'EOP') {
    const coverage = parsed.table.coverage();
    return { ...ref, bytes, kind: 'EOP', format: coverage.format, coverage, observedUntilMjd: coverage.lastObservedMjd };
  }
  if (parsed.kind === 'SPACE_WEATHER') {
    const coverage = parsed.table.coverage();
    return { ...ref, bytes, kind: 'SPACE_WEATHER', format: coverage.format, coverage, observedUntilMjd: coverage.lastObservedMjd };
  }
  const { file, comparison } = parsed;
  const last = file.steps[file.steps.length - 1]!;
  const coverage: LeapSecondsCoverage = {
    format: file.format,
    firstMjd: file.steps[0]!.mjd,
    lastStepMjd: last.mjd,
    taiMinusUtcSeconds: last.taiMinusUtcSeconds,
    expiresMjd: file.expiresMjd,
    updatedMjd: file.updatedMjd,
    agreesWithBuiltIn: comparison.agrees,
    unknownSteps: comparison.unknownSteps,
    conflicts: comparison.conflicts,
  };
  return { ...ref, bytes, kind: 'LEAP_SECONDS', format: file.format, coverage, observedUntilMjd: file.expiresMjd };
}

/** Reads, identifies, parses and summarizes one file (never throws for a bad file: `ok: false` with the reason). */
export function inspectEarthDataFile(kind: EarthDataKind, path: string): EarthDataInspection {
  try {
    const { ref, parsed, bytes } = readEarthDataFile(kind, path);
    return { ok: true, summary: summarize(ref, bytes, parsed) };
  } catch (error) {
    if (error instanceof EarthDataFileError) return { ok: false, path, error: error.message, line: error.line };
    throw error;
  }
}

/** Coverage of the spliced EOP table of `refs` (and warms this worker's cache with it). */
export function inspectEopSplice(refs: readonly EarthDataFileRef[]): EopCoverage {
  return eopTableByRefs(refs).coverage();
}

// ---- the data directory ----

export interface CandidateFile {
  kind: EarthDataKind;
  path: string;
  size: number;
  mtimeMs: number;
}

/** Absolute data directory from `APSIS_DATA_DIR` (default `data/`, relative to the working directory). */
export function resolveDataDirectory(value: string | undefined): string {
  return resolve(value !== undefined && value.trim() !== '' ? value : 'data');
}

/** Files of every kind in the data directory (a missing directory is empty), newest modification first. */
export async function scanDataDirectory(dataDir: string): Promise<CandidateFile[]> {
  const out: CandidateFile[] = [];
  for (const kind of EARTH_DATA_KINDS) {
    const dir = join(dataDir, KIND_DIRECTORY[kind]);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const path = join(dir, name);
      try {
        const st = await stat(path);
        if (st.isFile()) out.push({ kind, path, size: st.size, mtimeMs: st.mtimeMs });
      } catch {
        // removed between readdir and stat
      }
    }
  }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

// ---- the bundled snapshots as tables (tests, tools, benchmarks) ----

/** Identity of a file read now. */
export function identify(kind: EarthDataKind, path: string): EarthDataFileRef {
  return readEarthDataFile(kind, path).ref;
}

/** References to the bundled snapshots only. */
export function bundledEarthDataRefs(): EarthDataRefs {
  return { eop: BUNDLED_FILES.EOP.map((p) => identify('EOP', p)), spaceWeather: identify('SPACE_WEATHER', BUNDLED_FILES.SPACE_WEATHER) };
}

/** The bundled EOP table: IERS 14 C04 (1962 … 2022-11-29) continued by IERS 20 C04 (2022-01-01 … 2023-08-28). */
export function bundledEopTable(): EopTable {
  return eopTableByRefs(bundledEarthDataRefs().eop);
}

/** The bundled Earth data (EOP and the CSSI space-weather snapshot). */
export function bundledEarthData(): EarthData {
  return earthDataFor(bundledEarthDataRefs());
}
