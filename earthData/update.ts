/**
 * `npm run data:update` (= `npm run admin -- data update`): download the current EOP, leap-second and space-weather
 * files, validate them, and install them in the data directory without ever replacing a good file by a bad one.
 *
 * Per kind: download (time-limited, size-capped; a body shorter than its Content-Length is a failure) → parse with
 * the service's own readers → check coverage and continuity against the file it would replace (the newest valid
 * file of that kind in the data directory, else the bundled snapshot) → write a hidden temporary file in the same
 * folder, fsync, keep the current file as `<name>.previous`, rename the new one into place (atomic on POSIX). The
 * running service picks the new file up at its next check (APSIS_DATA_CHECK_INTERVAL_S) or at once on SIGHUP.
 *
 * Checks (each failure names the file and the reason; nothing is written):
 *  - EOP: last observed day not earlier than the previous file's; first row no later than the previous file's last
 *    observed day and the bundled history's end (no gap); on observed days both have, |ΔUT1−UTC| ≤ 5 ms and
 *    |Δx|, |Δy| ≤ 5 mas (revisions of observed values are ~0.1 ms and ~0.1 mas; more means another series or a
 *    damaged file);
 *  - space weather: the same coverage rules; on observed days both have, at most 10 % may differ by more than 5 sfu
 *    in F10.7 or 5 in daily Ap (preliminary Ap values are revised by a few units);
 *  - leap seconds: every step of the previous list present with the same TAI − UTC, expiry not earlier (the
 *    leap-seconds.list SHA-1 is verified by the parser).
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { EopTable } from '../engine/frames/eop.ts';
import type { SpaceWeatherTable } from '../engine/spaceWeather/spaceWeather.ts';
import { isoDateFromMjd } from '../engine/time/epoch.ts';
import {
  BUNDLED_FILES,
  EarthDataFileError,
  KIND_DIRECTORY,
  parseEarthData,
  readEarthDataFile,
  scanDataDirectory,
  summarize,
  type EarthDataKind,
  type EarthDataFileSummary,
  type ParsedEarthData,
} from './files.ts';
import { sha256Hex } from '../domain/contentHash.ts';

export interface DataUpdateOptions {
  dataDir: string;
  urls: Record<EarthDataKind, string>;
  kinds: readonly EarthDataKind[];
  /** Per download (default 120 s). */
  timeoutMs?: number;
  /** Refuse larger bodies (default 64 MiB). */
  maxBytes?: number;
  fetch?: typeof fetch;
}

export type DataUpdateStatus = 'UPDATED' | 'UNCHANGED' | 'FAILED';

export interface DataUpdateResult {
  kind: EarthDataKind;
  url: string;
  status: DataUpdateStatus;
  /** Where the file is (UPDATED, UNCHANGED). */
  path?: string;
  previous?: string | null;
  lastObservedDate?: string | null;
  predictionEnd?: string | null;
  error?: string;
  /** The failure was a network failure (no connection, DNS, timeout): the machine is probably offline. */
  offline?: boolean;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

class UpdateRejected extends Error {
  constructor(
    message: string,
    readonly offline = false,
  ) {
    super(message);
  }
}

/** Runs the update for every requested kind (independently: one failure does not stop the others). */
export async function updateEarthData(options: DataUpdateOptions): Promise<DataUpdateResult[]> {
  const results: DataUpdateResult[] = [];
  for (const kind of options.kinds) {
    const url = options.urls[kind];
    try {
      results.push(await updateOne(kind, url, options));
    } catch (error) {
      const offline = error instanceof UpdateRejected && error.offline;
      results.push({ kind, url, status: 'FAILED', error: (error as Error).message, offline });
    }
  }
  return results;
}

/** Exit code of the command: 0 all good, 3 every failure was a network failure (offline), 1 otherwise. */
export function exitCodeOf(results: readonly DataUpdateResult[]): number {
  const failed = results.filter((r) => r.status === 'FAILED');
  if (failed.length === 0) return 0;
  return failed.every((r) => r.offline) ? 3 : 1;
}

async function download(url: string, options: DataUpdateOptions): Promise<Uint8Array> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new UpdateRejected(
      `cannot reach ${url} (${reason}): offline? For an air-gapped machine copy the files into ${options.dataDir}/<eop|leap-seconds|space-weather>/ instead`,
      true,
    );
  }
  if (!response.ok) throw new UpdateRejected(`${url} answered HTTP ${response.status} ${response.statusText}`.trim());
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (declared > max) throw new UpdateRejected(`${url} is ${declared} bytes, over the ${max}-byte limit`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new UpdateRejected(`download of ${url} broke off: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`);
  }
  if (Number.isFinite(declared) && bytes.length !== declared) throw new UpdateRejected(`truncated download of ${url}: ${bytes.length} of ${declared} bytes`);
  if (bytes.length > max) throw new UpdateRejected(`${url} is over the ${max}-byte limit`);
  return bytes;
}

/** The file a new one would replace: the newest valid file of the kind in the data directory, else the bundled one. */
function previousFile(kind: EarthDataKind, candidates: { kind: EarthDataKind; path: string }[]): { summary: EarthDataFileSummary; parsed: ParsedEarthData } | null {
  let best: { summary: EarthDataFileSummary; parsed: ParsedEarthData } | null = null;
  for (const c of candidates.filter((x) => x.kind === kind)) {
    try {
      const read = readEarthDataFile(kind, c.path);
      const summary = summarize(read.ref, read.bytes, read.parsed);
      if (!best || summary.observedUntilMjd > best.summary.observedUntilMjd) best = { summary, parsed: read.parsed };
    } catch (error) {
      if (!(error instanceof EarthDataFileError)) throw error;
    }
  }
  if (best) return best;
  const bundledPath = kind === 'EOP' ? BUNDLED_FILES.EOP[BUNDLED_FILES.EOP.length - 1]! : kind === 'SPACE_WEATHER' ? BUNDLED_FILES.SPACE_WEATHER : null;
  if (!bundledPath) return null; // leap seconds: the built-in table (the parser compares with it)
  const read = readEarthDataFile(kind, bundledPath);
  return { summary: summarize(read.ref, read.bytes, read.parsed), parsed: read.parsed };
}

async function updateOne(kind: EarthDataKind, url: string, options: DataUpdateOptions): Promise<DataUpdateResult> {
  const name = basename(new URL(url).pathname) || `${KIND_DIRECTORY[kind]}.dat`;
  if (name.startsWith('.')) throw new UpdateRejected(`${url}: the file name "${name}" starts with a dot`);
  const dir = join(options.dataDir, KIND_DIRECTORY[kind]);
  const target = join(dir, name);
  const bytes = await download(url, options);
  let parsed: ParsedEarthData;
  try {
    parsed = parseEarthData(kind, url, new TextDecoder().decode(bytes));
  } catch (error) {
    throw new UpdateRejected(`${(error as Error).message} — not installed`);
  }
  const summary = summarize({ path: target, sha256: sha256Hex(bytes) }, bytes.length, parsed);
  const previous = previousFile(kind, await scanDataDirectory(options.dataDir));
  checkAgainstPrevious(kind, parsed, summary, previous);
  const report = describe(summary);
  // unchanged content: nothing to write
  try {
    const current = readEarthDataFile(kind, target);
    if (current.ref.sha256 === summary.sha256) return { kind, url, status: 'UNCHANGED', path: target, previous: null, ...report };
  } catch {
    // no current file at the target, or an invalid one: replace it
  }
  await install(dir, target, bytes);
  return { kind, url, status: 'UPDATED', path: target, previous: previous?.summary.path ?? null, ...report };
}

function describe(summary: EarthDataFileSummary): { lastObservedDate: string | null; predictionEnd: string | null } {
  const date = (mjd: number | null | undefined) => (mjd !== null && mjd !== undefined && Number.isFinite(mjd) ? isoDateFromMjd(mjd) : null);
  if (summary.kind === 'LEAP_SECONDS') return { lastObservedDate: date(summary.coverage.updatedMjd ?? summary.coverage.lastStepMjd), predictionEnd: date(summary.coverage.expiresMjd) };
  return { lastObservedDate: date(summary.coverage.lastObservedMjd), predictionEnd: date(summary.coverage.lastMjd) };
}

function checkAgainstPrevious(
  kind: EarthDataKind,
  parsed: ParsedEarthData,
  summary: EarthDataFileSummary,
  previous: { summary: EarthDataFileSummary; parsed: ParsedEarthData } | null,
): void {
  const date = (mjd: number) => (Number.isFinite(mjd) ? isoDateFromMjd(mjd) : String(mjd));
  if (parsed.kind === 'LEAP_SECONDS') {
    if (parsed.comparison.conflicts.length > 0) throw new UpdateRejected(`leap-second list conflicts with the built-in table: ${parsed.comparison.conflicts.join('; ')}`);
    if (previous?.parsed.kind === 'LEAP_SECONDS') {
      for (const step of previous.parsed.file.steps) {
        const same = parsed.file.steps.find((s) => s.mjd === step.mjd);
        if (!same || same.taiMinusUtcSeconds !== step.taiMinusUtcSeconds) {
          throw new UpdateRejected(`the new leap-second list lacks the step of ${date(step.mjd)} (TAI-UTC ${step.taiMinusUtcSeconds} s) that ${previous.summary.path} has`);
        }
      }
      if (parsed.file.expiresMjd < previous.parsed.file.expiresMjd) {
        throw new UpdateRejected(`the new leap-second list expires ${date(parsed.file.expiresMjd)}, before the current one (${date(previous.parsed.file.expiresMjd)})`);
      }
    }
    return;
  }
  if (summary.kind === 'LEAP_SECONDS' || !previous || previous.summary.kind === 'LEAP_SECONDS') return;
  const prev = previous.summary.coverage;
  const cov = summary.coverage;
  const what = kind === 'EOP' ? 'EOP' : 'space weather';
  if (!(cov.lastObservedMjd >= prev.lastObservedMjd)) {
    throw new UpdateRejected(
      `the downloaded ${what} end their observations on ${date(cov.lastObservedMjd)}, before the current file (${previous.summary.path}, ${date(prev.lastObservedMjd)}): truncated or stale download, not installed`,
    );
  }
  if (cov.firstMjd > prev.lastObservedMjd + 1) {
    throw new UpdateRejected(`the downloaded ${what} start on ${date(cov.firstMjd)}, after the current file's last observed day ${date(prev.lastObservedMjd)}: a gap, not installed`);
  }
  if (kind === 'EOP' && parsed.kind === 'EOP' && previous.parsed.kind === 'EOP') compareEop(parsed.table, previous.parsed.table, previous.summary.path);
  if (kind === 'SPACE_WEATHER' && parsed.kind === 'SPACE_WEATHER' && previous.parsed.kind === 'SPACE_WEATHER') {
    compareSpaceWeather(parsed.table, previous.parsed.table, previous.summary.path);
  }
}

/** Observed rows common to both, up to the last 60 of the previous file. */
function compareEop(next: EopTable, previous: EopTable, previousPath: string): void {
  const nextRows = new Map(next.rows().filter((r) => !r.predicted).map((r) => [r.mjd, r]));
  const common = previous.rows().filter((r) => !r.predicted && nextRows.has(r.mjd)).slice(-60);
  for (const r of common) {
    const n = nextRows.get(r.mjd)!;
    const dUt1 = Math.abs(n.dut1Seconds - r.dut1Seconds);
    const dPole = Math.max(Math.abs(n.xpArcsec - r.xpArcsec), Math.abs(n.ypArcsec - r.ypArcsec));
    if (dUt1 > 0.005 || dPole > 0.005) {
      throw new UpdateRejected(
        `the downloaded EOP disagree with ${previousPath} on ${isoDateFromMjd(r.mjd)} (UT1-UTC by ${(dUt1 * 1000).toFixed(3)} ms, pole by ${(dPole * 1000).toFixed(3)} mas; limits 5 ms, 5 mas): not installed`,
      );
    }
  }
}

function compareSpaceWeather(next: SpaceWeatherTable, previous: SpaceWeatherTable, previousPath: string): void {
  const nextRows = new Map(next.rows().filter((r) => r.kind === 'OBSERVED').map((r) => [r.mjd, r]));
  const common = previous.rows().filter((r) => r.kind === 'OBSERVED' && nextRows.has(r.mjd)).slice(-60);
  if (common.length === 0) return;
  const off = common.filter((r) => {
    const n = nextRows.get(r.mjd)!;
    return Math.abs(n.f107Observed - r.f107Observed) > 5 || Math.abs(n.apDaily - r.apDaily) > 5;
  });
  if (off.length > 0.1 * common.length) {
    throw new UpdateRejected(
      `the downloaded space weather disagree with ${previousPath} on ${off.length} of ${common.length} common observed days (F10.7 > 5 sfu or Ap > 5 apart, e.g. ${isoDateFromMjd(off[0]!.mjd)}): not installed`,
    );
  }
}

/** temp file + fsync, keep the current file as `<name>.previous`, rename into place. */
async function install(dir: string, target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(target)}.download-${process.pid}-${randomBytes(4).toString('hex')}`);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    const exists = await stat(target).then(
      () => true,
      () => false,
    );
    if (exists) {
      const keep = join(dir, `.${basename(target)}.previous-${process.pid}`);
      await copyFile(target, keep);
      await rename(keep, `${target}.previous`);
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
