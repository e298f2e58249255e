/**
 * The service's current Earth data (EOP, leap seconds, space weather): which files, how far they reach, and the
 * warnings a product gets when its span leaves their observations.
 *
 * `EarthDataStore` selects, per kind, the newest valid file of the data directory (`APSIS_DATA_DIR/<kind>/`), or the
 * bundled snapshot when there is none, at start, on `reload()` (SIGHUP, api/server.ts) and on a periodic check. Files
 * are parsed on the compute pool (never on the event loop): the store keeps only their identities (path + SHA-256)
 * and summaries. A new selection replaces the old one atomically; requests already running keep the identities they
 * started with, and workers keep recently used tables cached, so a reload drops nothing.
 *
 * Every task that needs Earth data gets it ONE way: `store.run(task, snapshot => input)` adds `earthData` (the
 * identities) to the input; the worker loads the tables with `earthDataFor(input.earthData)` (earthData/files.ts).
 * When a file changed under a worker (replaced in place before the next reload), the task answers
 * EARTH_DATA_CHANGED and `run` reloads and retries it once with the new identities.
 *
 * Staleness said out loud: `earthDataWarningsFor(snapshot, span)` (engine/products/earthDataWarnings.ts) lists what a
 * span used beyond observed data, and `setWarningHeaders(c, warnings)` puts them in `Warning` headers
 * (`299 apsis "…"`, RFC 9111 §5.5); OEMs also write them as COMMENT lines, JSON bodies as `warnings[]` entries.
 */
import { stat } from 'node:fs/promises';
import type { Context } from 'hono';
import { earthDataWarnings, type EarthDataCoverage, type EarthDataSpan, type EarthDataWarning } from '../../engine/products/earthDataWarnings.ts';
import type { EopCoverage } from '../../engine/frames/eop.ts';
import { Epoch, isoDateFromMjd } from '../../engine/time/epoch.ts';
import { LEAP_SECONDS_VALID_UNTIL, TAI_MINUS_UTC_TABLE, mjdFromCalendarDate } from '../../engine/time/leapSeconds.ts';
import {
  BUNDLED_FILES,
  EARTH_DATA_KINDS,
  scanDataDirectory,
  type CandidateFile,
  type EarthDataFileRef,
  type EarthDataFileSummary,
  type EarthDataInspection,
  type EarthDataKind,
  type EarthDataRefs,
} from '../../earthData/files.ts';
import { withAddedSignal } from '../../workers/pool.ts';
import type { ComputePool, RunOptions } from '../../workers/poolTypes.ts';
import type { TaskInput, TaskName, TaskOutput } from '../../workers/contracts.ts';
import { logError, logInfo, logWarn } from '../log.ts';

export interface EarthDataOptions {
  /** Absolute data directory (APSIS_DATA_DIR). */
  dataDir: string;
  /** Seconds between checks of the data directory (0: no periodic check). */
  checkIntervalS: number;
  /** Observations older than this many days at start are logged as a warning. */
  maxAgeDays: number;
  /**
   * EOP_FILE: an explicit EOP file (any supported format) that wins over the data directory's `eop/` files. It must
   * be valid: a missing or malformed file fails the selection (the service does not start) naming the line.
   */
  eopFile?: string;
}

/** What `/health` shows for one kind. */
export interface EarthDataKindStatus {
  /** The file in use (absolute path), or "bundled: …". */
  source: string;
  bundled: boolean;
  format: string;
  files: { path: string; sha256: string }[];
  firstDate: string | null;
  /** Last observed day (EOP, space weather); for leap seconds the date of the bulletin the list reflects. */
  lastObservedDate: string | null;
  /** End of the predictions (EOP, space weather); for leap seconds the date up to which the list is valid. */
  predictionEnd: string | null;
  /** Days from the last observation to now. */
  ageDays: number | null;
  stale: boolean;
  /** Leap seconds only: TAI − UTC now, and whether the file agrees with the built-in table. */
  taiMinusUtcSeconds?: number;
  agreesWithBuiltIn?: boolean;
  problems?: string[];
}

export interface RejectedEarthDataFile {
  kind: EarthDataKind;
  path: string;
  error: string;
  line: number | null;
}

export interface EarthDataSnapshot {
  /** Identities every task gets (`earthData` in the task input). */
  refs: EarthDataRefs;
  /** Coverage of the data in `refs`, for warnings. */
  coverage: EarthDataCoverage;
  status: Record<'eop' | 'leapSeconds' | 'spaceWeather', EarthDataKindStatus>;
  rejected: RejectedEarthDataFile[];
  /** When this selection was made (ISO-8601 UTC). */
  loadedAt: string;
}

/** The built-in leap-second table as a source. */
const BUILT_IN_LEAP_SECONDS = 'built-in table (engine/time/leapSeconds.ts, IERS Bulletin C via tzdata leap-seconds.list)';
const BUNDLED_EOP = 'bundled: IERS EOP 14 C04 + 20 C04 snapshot (resources/eop)';
const BUNDLED_SPACE_WEATHER = 'bundled: CelesTrak CSSI space weather snapshot of 2020-02-22 (resources/space-weather)';

export class EarthDataStore {
  readonly options: EarthDataOptions;
  private readonly pool: ComputePool;
  private readonly now: () => number;
  private snapshotValue: EarthDataSnapshot | null = null;
  /** Inspections by path + size + mtime (a file is re-read only when it changed). */
  private readonly inspections = new Map<string, EarthDataInspection>();
  private readonly spliceCoverage = new Map<string, EopCoverage>();
  private running: Promise<EarthDataSnapshot> | null = null;
  private queued: Promise<EarthDataSnapshot> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(pool: ComputePool, options: EarthDataOptions, now: () => number = () => Date.now()) {
    this.pool = pool;
    this.options = options;
    this.now = now;
  }

  /** First selection (awaited by the service start), the staleness log, and the periodic check. */
  async start(): Promise<EarthDataSnapshot> {
    const snapshot = await this.reload('start');
    for (const [kind, status] of Object.entries(snapshot.status)) {
      if (status.stale) {
        logWarn('Earth data older than APSIS_DATA_MAX_AGE_DAYS', {
          kind,
          source: status.source,
          lastObservedDate: status.lastObservedDate,
          predictionEnd: status.predictionEnd,
          ageDays: status.ageDays,
          maxAgeDays: this.options.maxAgeDays,
          hint: `run "npm run data:update", or copy current files into ${this.options.dataDir}/<eop|leap-seconds|space-weather>/`,
        });
      }
    }
    if (this.options.checkIntervalS > 0) {
      this.timer = setInterval(() => {
        this.reload('periodic check').catch((error) => logError('Earth data check failed; keeping the current data', { error: String(error) }));
      }, this.options.checkIntervalS * 1000);
      (this.timer as { unref?: () => void }).unref?.();
    }
    return snapshot;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The current selection (after `start`). */
  snapshot(): EarthDataSnapshot {
    if (!this.snapshotValue) throw new Error('Earth data not loaded yet (EarthDataStore.start)');
    return this.snapshotValue;
  }

  /**
   * Re-reads the data directory and selects again. Calls while one runs share the next run (so a change made during
   * a reload is always seen); on failure the previous selection stays.
   */
  reload(reason: string): Promise<EarthDataSnapshot> {
    if (!this.running) {
      this.running = this.select(reason).finally(() => (this.running = null));
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.reload(reason);
      });
    return this.queued;
  }

  /**
   * Runs a task that needs Earth data with the current identities (`earthData` is added to what `build` returns;
   * `build` sees the snapshot, e.g. to compute the warnings). Retried once after a reload when a file changed under
   * the worker. Returns the output and the snapshot it ran with.
   */
  async run<N extends TaskName>(
    task: N,
    build: (snapshot: EarthDataSnapshot) => Omit<TaskInput<N>, 'earthData'>,
    /** Pool options (background priority), or the transferables of the input (e.g. a progress port; a port cannot be sent twice, so a retry then fails). */
    options?: RunOptions | Transferable[],
  ): Promise<{ output: TaskOutput<N>; snapshot: EarthDataSnapshot }> {
    for (let attempt = 0; ; attempt++) {
      const snapshot = this.snapshot();
      const input = { ...build(snapshot), earthData: snapshot.refs } as unknown as TaskInput<N>;
      try {
        const output = await this.pool.run(task, input, options);
        const failed = output as { ok?: boolean; code?: string };
        if (attempt === 0 && failed.ok === false && failed.code === 'EARTH_DATA_CHANGED') {
          await this.reload('a file changed under a worker');
          continue;
        }
        return { output, snapshot };
      } catch (error) {
        if (attempt === 0 && String((error as Error)?.message ?? error).includes('EARTH_DATA_CHANGED')) {
          await this.reload('a file changed under a worker');
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * This store with `signal` added to every task `run` starts (a request's signal: its computations stop when the
   * client disconnects); everything else is the store itself. `signal` is read only when a task runs.
   */
  withSignal(signal: () => AbortSignal): EarthDataStore {
    const run: EarthDataStore['run'] = (task, build, options) => this.run(task, build, withAddedSignal(options, signal()));
    return new Proxy(this, {
      get(target, property, receiver) {
        if (property === 'run') return run;
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  private async inspect(kind: EarthDataKind, file: { path: string; size: number; mtimeMs: number }): Promise<EarthDataInspection> {
    const key = `${kind}|${file.path}|${file.size}|${file.mtimeMs}`;
    const hit = this.inspections.get(key);
    if (hit) return hit;
    const result = await this.pool.run('earthData.inspect', { kind, path: file.path });
    this.inspections.set(key, result);
    return result;
  }

  /** The EOP_FILE override, inspected like a data-directory file; anything wrong with it is an error, not a fallback. */
  private async explicitEopFile(path: string, bundledEopEnd: number, live: Set<string>): Promise<EarthDataFileSummary> {
    let st;
    try {
      st = await stat(path);
    } catch (error) {
      throw new Error(`EOP_FILE ${path}: ${(error as Error).message}`);
    }
    live.add(`EOP|${path}|${st.size}|${st.mtimeMs}`);
    const result = await this.inspect('EOP', { path, size: st.size, mtimeMs: st.mtimeMs });
    if (!result.ok) throw new Error(`EOP_FILE ${result.error}`);
    if (result.summary.kind === 'EOP' && result.summary.coverage.firstMjd > bundledEopEnd + 1) {
      throw new Error(`EOP_FILE ${path} starts ${isoDateFromMjd(result.summary.coverage.firstMjd)}, after the end of the bundled EOP history (${isoDateFromMjd(bundledEopEnd)})`);
    }
    return result.summary;
  }

  /**
   * The Earth data in force: the files chosen (chooseFiles), the EOP history spliced once per set of files (on the
   * pool), each kind's status, and the change logged. Replaces the snapshot.
   */
  private async select(reason: string): Promise<EarthDataSnapshot> {
    const { chosen, rejected, eopBundled, bundledEopEnd, live, bundled } = await this.chooseFiles();
    if (this.options.eopFile) chosen.EOP = await this.explicitEopFile(this.options.eopFile, bundledEopEnd, live);
    const eopFiles: EarthDataFileRef[] = [...eopBundled, ...(chosen.EOP ? [chosen.EOP] : [])].map((s) => ({ path: s.path, sha256: s.sha256 }));
    const eopCoverage = await this.splicedEopCoverage(eopFiles);
    const sw = chosen.SPACE_WEATHER ?? (await bundled('SPACE_WEATHER', BUNDLED_FILES.SPACE_WEATHER));
    for (const key of [...this.inspections.keys()]) if (!live.has(key)) this.inspections.delete(key);
    if (sw.kind !== 'SPACE_WEATHER') throw new Error('unreachable');

    const clock = statusClock(this.now(), this.options.maxAgeDays);
    const eopStatus = eopStatusOf(chosen.EOP, eopFiles, eopCoverage, clock);
    const swStatus = spaceWeatherStatusOf(sw, !chosen.SPACE_WEATHER, clock);
    const leap = leapSecondStatusOf(chosen.LEAP_SECONDS?.kind === 'LEAP_SECONDS' ? chosen.LEAP_SECONDS : null, clock);
    if (leap.problems.length > 0) logError('leap-second file disagrees with the built-in table', { source: leap.status.source, problems: leap.problems });

    const snapshot: EarthDataSnapshot = {
      refs: { eop: eopFiles, spaceWeather: { path: sw.path, sha256: sw.sha256 } },
      coverage: {
        eop: { ...eopCoverage, source: eopStatus.source },
        spaceWeather: { ...sw.coverage, source: swStatus.source },
        leapSeconds: { source: leap.status.source, validUntilMjd: leap.validUntilMjd, unknownSteps: leap.unknownSteps },
      },
      status: { eop: eopStatus, leapSeconds: leap.status, spaceWeather: swStatus },
      rejected,
      loadedAt: new Date(clock.nowMs).toISOString(),
    };
    const previous = this.snapshotValue;
    this.snapshotValue = snapshot;
    this.logSelection(reason, previous, snapshot);
    return snapshot;
  }

  /**
   * The files of each kind the data directory offers, inspected (cached by path, size and mtime), the valid ones
   * chosen — newest observations first, then the most recently modified — and the others rejected with the reason.
   * An EOP file must reach back to the bundled history, or the table would interpolate across a gap.
   */
  private async chooseFiles() {
    const candidates = await scanDataDirectory(this.options.dataDir);
    const live = new Set<string>();
    const chosen: Partial<Record<EarthDataKind, EarthDataFileSummary>> = {};
    const rejected: RejectedEarthDataFile[] = [];
    // bundled snapshots (identified once; their inspections stay cached)
    const bundled = async (kind: EarthDataKind, path: string): Promise<EarthDataFileSummary> => {
      const st = await stat(path);
      live.add(`${kind}|${path}|${st.size}|${st.mtimeMs}`);
      const result = await this.inspect(kind, { path, size: st.size, mtimeMs: st.mtimeMs });
      if (!result.ok) throw new Error(`bundled ${kind} file unreadable: ${result.error}`);
      return result.summary;
    };
    const eopBundled: EarthDataFileSummary[] = [];
    for (const path of BUNDLED_FILES.EOP) eopBundled.push(await bundled('EOP', path));
    const bundledEopEnd = Math.max(...eopBundled.map((b) => (b.kind === 'EOP' ? b.coverage.lastMjd : Number.NaN)));
    for (const kind of EARTH_DATA_KINDS) {
      const valid: { summary: EarthDataFileSummary; file: CandidateFile }[] = [];
      for (const file of candidates.filter((c) => c.kind === kind)) {
        live.add(`${kind}|${file.path}|${file.size}|${file.mtimeMs}`);
        const result = await this.inspect(kind, file);
        if (!result.ok) {
          rejected.push({ kind, path: result.path, error: result.error, line: result.line });
        } else if (result.summary.kind === 'EOP' && result.summary.coverage.firstMjd > bundledEopEnd + 1) {
          rejected.push({
            kind,
            path: file.path,
            error:
              `${file.path}: starts ${isoDateFromMjd(result.summary.coverage.firstMjd)}, after the end of the bundled EOP history ` +
              `(${isoDateFromMjd(bundledEopEnd)}): the gap would be interpolated; use finals2000A.all or a C04 series from 1962`,
            line: null,
          });
        } else valid.push({ summary: result.summary, file });
      }
      valid.sort((a, b) => b.summary.observedUntilMjd - a.summary.observedUntilMjd || b.file.mtimeMs - a.file.mtimeMs);
      if (valid[0]) chosen[kind] = valid[0].summary;
    }
    return { chosen, rejected, eopBundled, bundledEopEnd, live, bundled };
  }

  /** The coverage of the EOP files spliced into one history, computed on the pool once per set of files. */
  private async splicedEopCoverage(eopFiles: EarthDataFileRef[]) {
    const spliceKey = eopFiles.map((f) => `${f.sha256}:${f.path}`).join('+');
    let eopCoverage = this.spliceCoverage.get(spliceKey);
    if (!eopCoverage) {
      eopCoverage = await this.pool.run('earthData.inspectEop', { files: eopFiles });
      this.spliceCoverage.clear();
      this.spliceCoverage.set(spliceKey, eopCoverage);
    }
    return eopCoverage;
  }

  /** Logs the selection when a source changed, and each newly rejected file. */
  private logSelection(reason: string, previous: EarthDataSnapshot | null | undefined, snapshot: EarthDataSnapshot): void {
    const { eop, leapSeconds, spaceWeather } = snapshot.status;
    const changed = !previous || JSON.stringify(previous.refs) !== JSON.stringify(snapshot.refs) || previous.status.leapSeconds.source !== leapSeconds.source;
    if (changed) {
      logInfo('Earth data selected', {
        reason,
        dataDirectory: this.options.dataDir,
        eop: { source: eop.source, lastObservedDate: eop.lastObservedDate, predictionEnd: eop.predictionEnd },
        leapSeconds: { source: leapSeconds.source, validUntil: leapSeconds.predictionEnd },
        spaceWeather: { source: spaceWeather.source, lastObservedDate: spaceWeather.lastObservedDate, predictionEnd: spaceWeather.predictionEnd },
      });
    }
    for (const r of snapshot.rejected) {
      if (!previous?.rejected.some((p) => p.path === r.path && p.error === r.error)) logWarn('Earth data file rejected', { ...r });
    }
  }
}

/** Now as the statuses read it: age in days of an MJD (0.1 d), a date, and the age past which a kind is stale. */
interface StatusClock {
  nowMs: number;
  nowMjd: number;
  maxAgeDays: number;
  age(mjd: number): number | null;
  date(mjd: number | null): string | null;
}

function statusClock(nowMs: number, maxAgeDays: number): StatusClock {
  const nowMjd = nowMs / 86400000 + 40587;
  return {
    nowMs,
    nowMjd,
    maxAgeDays,
    age: (mjd) => (Number.isFinite(mjd) ? Math.round((nowMjd - mjd) * 10) / 10 : null),
    date: (mjd) => (mjd !== null && Number.isFinite(mjd) ? isoDateFromMjd(mjd) : null),
  };
}

function eopStatusOf(
  file: EarthDataFileSummary | undefined, files: EarthDataFileRef[], coverage: { firstMjd: number; lastObservedMjd: number; lastMjd: number }, clock: StatusClock,
): EarthDataKindStatus {
  const ageDays = clock.age(coverage.lastObservedMjd);
  return {
    source: file ? file.path : BUNDLED_EOP,
    bundled: !file,
    format: file ? file.format : 'C04 + C04_CSV',
    files,
    firstDate: clock.date(coverage.firstMjd),
    lastObservedDate: clock.date(coverage.lastObservedMjd),
    predictionEnd: coverage.lastMjd > coverage.lastObservedMjd ? clock.date(coverage.lastMjd) : null,
    ageDays,
    stale: ageDays === null || ageDays > clock.maxAgeDays,
  };
}

function spaceWeatherStatusOf(sw: Extract<EarthDataFileSummary, { kind: 'SPACE_WEATHER' }>, bundled: boolean, clock: StatusClock): EarthDataKindStatus {
  const ageDays = clock.age(sw.coverage.lastObservedMjd);
  return {
    source: bundled ? BUNDLED_SPACE_WEATHER : sw.path,
    bundled,
    format: sw.format,
    files: [{ path: sw.path, sha256: sw.sha256 }],
    firstDate: clock.date(sw.coverage.firstMjd),
    lastObservedDate: clock.date(sw.coverage.lastObservedMjd),
    predictionEnd: clock.date(sw.coverage.lastMjd),
    ageDays,
    stale: ageDays === null || ageDays > clock.maxAgeDays,
  };
}

/** Leap seconds: the built-in table, validated and extended by a file (stale once past its validity or in conflict). */
function leapSecondStatusOf(leapFile: Extract<EarthDataFileSummary, { kind: 'LEAP_SECONDS' }> | null, clock: StatusClock) {
  const builtInValidUntil = mjdOfIsoDate(LEAP_SECONDS_VALID_UNTIL);
  const lastBuiltIn = TAI_MINUS_UTC_TABLE[TAI_MINUS_UTC_TABLE.length - 1]!;
  let validUntilMjd = builtInValidUntil;
  let unknownSteps: { mjd: number; taiMinusUtcSeconds: number }[] = [];
  const problems: string[] = [];
  if (leapFile) {
    const c = leapFile.coverage;
    if (c.agreesWithBuiltIn) validUntilMjd = Math.max(builtInValidUntil, c.expiresMjd);
    unknownSteps = c.unknownSteps;
    for (const step of c.unknownSteps) {
      problems.push(`${leapFile.path} announces TAI-UTC = ${step.taiMinusUtcSeconds} s from ${clock.date(step.mjd)}, which the built-in table lacks: update Apsis`);
    }
    problems.push(...c.conflicts);
  }
  const leapAge = validUntilMjd - clock.nowMjd;
  const status: EarthDataKindStatus = {
    source: leapFile ? leapFile.path : BUILT_IN_LEAP_SECONDS,
    bundled: !leapFile,
    format: leapFile ? leapFile.format : 'built-in',
    files: leapFile ? [{ path: leapFile.path, sha256: leapFile.sha256 }] : [],
    firstDate: '1960-01-01',
    lastObservedDate: leapFile ? clock.date(leapFile.coverage.updatedMjd ?? leapFile.coverage.lastStepMjd) : `${lastBuiltIn.year}-${String(lastBuiltIn.month).padStart(2, '0')}-01`,
    predictionEnd: clock.date(validUntilMjd),
    ageDays: leapAge < 0 ? Math.round(-leapAge * 10) / 10 : 0,
    stale: leapAge < 0 || problems.length > 0,
    taiMinusUtcSeconds: Epoch.fromMjd(clock.nowMjd, 'UTC').taiMinusUtcSeconds(),
    agreesWithBuiltIn: leapFile ? leapFile.coverage.agreesWithBuiltIn : true,
    ...(problems.length > 0 ? { problems } : {}),
  };
  return { status, validUntilMjd, unknownSteps, problems };
}

/** SIGHUP handler of the entry points: reload, log the outcome, never throw. */
export function reloadEarthDataOnSignal(store: EarthDataStore): void {
  logInfo('SIGHUP: re-reading the Earth data', { dataDirectory: store.options.dataDir });
  store.reload('SIGHUP').catch((error) => logError('Earth data reload failed; keeping the current data', { error: String(error) }));
}

function mjdOfIsoDate(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return mjdFromCalendarDate(y, m, d);
}

/** Warnings for a product computed over `span` with the data of `snapshot` (see engine/products/earthDataWarnings.ts). */
export function earthDataWarningsFor(snapshot: EarthDataSnapshot, span: EarthDataSpan): EarthDataWarning[] {
  return earthDataWarnings(snapshot.coverage, span);
}

/** `Warning` header value (RFC 9111 §5.5 form: warn-code 299, agent "apsis", quoted ASCII text). */
export function warningHeaderValue(warning: EarthDataWarning): string {
  const text = warning.message.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, (ch) => `\\${ch}`);
  return `299 apsis "${text}"`;
}

/** OpenAPI description of the header (response `headers` of the routes that set it). */
export const EARTH_DATA_WARNING_HEADER = {
  Warning: {
    description:
      'One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): ' +
      '`299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form)',
    schema: { type: 'string' as const },
  },
};

/** Adds one `Warning` header per warning to the response being built. */
export function setWarningHeaders(c: Context, warnings: readonly EarthDataWarning[]): void {
  for (const w of warnings) c.header('Warning', warningHeaderValue(w), { append: true });
}
