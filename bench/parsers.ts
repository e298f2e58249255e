/**
 * Parser benchmark: a generated 100,000-observation TDM (KVN and XML) and a generated 96-satellite, 1-day, 5-minute
 * SP3-d file (positions and velocities), fed in 64 KiB chunks to the streaming readers; and 10,000 CDMs (Orekit's 31
 * valid samples of test/fixtures/ccsds/cdm/ in turn, KVN and XML, 5–18 KB each) parsed one by one, as a 10,000-CDM
 * upload would be. Prints observations (records, CDMs) per second and the peak RSS, and for the CDMs the slowest
 * single parse (what one task holds a worker for).
 *
 *   npx tsx bench/parsers.ts [observationCount] [cdmCount]
 *
 * The generators are exported so the ingest benchmark (bench/ingest.ts) can reuse them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TdmReader } from '../engine/files/tdm/tdmReader.ts';
import { Sp3Reader } from '../engine/files/sp3/sp3Reader.ts';
import { parseCdm } from '../engine/files/cdm/cdmReader.ts';

const TDM_KEYWORDS = ['RANGE', 'ANGLE_1', 'ANGLE_2', 'DOPPLER_INTEGRATED'] as const;

function isoEpoch(baseMs: number, offsetMs: number): string {
  return new Date(baseMs + offsetMs).toISOString().slice(0, -1); // 2024-01-01T00:00:00.000
}

/**
 * TDM 2.0 KVN with `observationCount` observations (RANGE, ANGLE_1, ANGLE_2 in RADEC, DOPPLER_INTEGRATED) of
 * `satelliteName` from station DSS-25, one segment, yielded in chunks of about `linesPerChunk` lines.
 */
export function* tdmKvnChunks(observationCount: number, satelliteName = 'SAT-1', linesPerChunk = 2000): Generator<string> {
  const base = Date.UTC(2024, 0, 1);
  const stop = isoEpoch(base, Math.ceil(observationCount / TDM_KEYWORDS.length) * 1000);
  yield [
    'CCSDS_TDM_VERS = 2.0',
    'CREATION_DATE = 2024-01-02T00:00:00',
    'ORIGINATOR = APSIS-BENCH',
    'META_START',
    'TIME_SYSTEM = UTC',
    `START_TIME = ${isoEpoch(base, 0)}`,
    `STOP_TIME = ${stop}`,
    'PARTICIPANT_1 = DSS-25',
    `PARTICIPANT_2 = ${satelliteName}`,
    'MODE = SEQUENTIAL',
    'PATH = 1,2,1',
    'ANGLE_TYPE = RADEC',
    'RANGE_UNITS = km',
    'INTEGRATION_INTERVAL = 1.0',
    'META_STOP',
    'DATA_START',
    '',
  ].join('\n');
  let lines: string[] = [];
  for (let i = 0; i < observationCount; i++) {
    const keyword = TDM_KEYWORDS[i % TDM_KEYWORDS.length]!;
    const t = Math.floor(i / TDM_KEYWORDS.length);
    const value = keyword === 'RANGE' ? 7000 + Math.sin(t / 600) * 2000 : keyword === 'DOPPLER_INTEGRATED' ? Math.cos(t / 600) * 5 : (t * 0.01) % 90;
    lines.push(`${keyword} = ${isoEpoch(base, t * 1000)} ${value.toFixed(9)}`);
    if (lines.length === linesPerChunk) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  lines.push('DATA_STOP', '');
  yield lines.join('\n');
}

/** Same observations as {@link tdmKvnChunks}, as TDM XML (`<observation>` elements). */
export function* tdmXmlChunks(observationCount: number, satelliteName = 'SAT-1', observationsPerChunk = 1000): Generator<string> {
  const base = Date.UTC(2024, 0, 1);
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tdm id="CCSDS_TDM_VERS" version="2.0">',
    '<header><CREATION_DATE>2024-01-02T00:00:00</CREATION_DATE><ORIGINATOR>APSIS-BENCH</ORIGINATOR></header>',
    '<body><segment><metadata>',
    '<TIME_SYSTEM>UTC</TIME_SYSTEM><PARTICIPANT_1>DSS-25</PARTICIPANT_1>',
    `<PARTICIPANT_2>${satelliteName}</PARTICIPANT_2><MODE>SEQUENTIAL</MODE><PATH>1,2,1</PATH>`,
    '<ANGLE_TYPE>RADEC</ANGLE_TYPE><RANGE_UNITS>km</RANGE_UNITS>',
    '</metadata><data>',
    '',
  ].join('\n');
  let parts: string[] = [];
  for (let i = 0; i < observationCount; i++) {
    const keyword = TDM_KEYWORDS[i % TDM_KEYWORDS.length]!;
    const t = Math.floor(i / TDM_KEYWORDS.length);
    parts.push(`<observation><EPOCH>${isoEpoch(base, t * 1000)}</EPOCH><${keyword}>${(7000 + t * 1e-3).toFixed(9)}</${keyword}></observation>`);
    if (parts.length === observationsPerChunk) {
      yield `${parts.join('\n')}\n`;
      parts = [];
    }
  }
  parts.push('</data></segment></body></tdm>', '');
  yield parts.join('\n');
}

/**
 * SP3-d position+velocity file: `satelliteCount` GPS-like satellites (G01.., then R/E ids), `epochCount` epochs
 * every `intervalS` seconds (default: 96 satellites, 1 day at 5 minutes = 288 epochs), yielded one epoch per chunk.
 */
export function* sp3Chunks(satelliteCount = 96, epochCount = 288, intervalS = 300): Generator<string> {
  const systems = ['G', 'R', 'E', 'C'];
  const ids = Array.from({ length: satelliteCount }, (_, i) => `${systems[Math.floor(i / 32) % 4]}${String((i % 32) + 1).padStart(2, '0')}`);
  const header: string[] = [
    `#dV2024  1  1  0  0  0.00000000 ${String(epochCount).padStart(7)} ORBIT IGS20 FIT  APS`,
    `## 2295      0.00000000 ${intervalS.toFixed(8).padStart(14)} 60310 0.0000000000000`,
  ];
  for (let i = 0; i < Math.max(5, Math.ceil(satelliteCount / 17)); i++) {
    const slice = ids.slice(i * 17, i * 17 + 17).join('').padEnd(51, ' ').replace(/ {3}/g, '  0');
    header.push(i === 0 ? `+  ${String(satelliteCount).padStart(3)}   ${slice}` : `+        ${slice}`);
  }
  for (let i = 0; i < Math.max(5, Math.ceil(satelliteCount / 17)); i++) {
    header.push(`++       ${Array.from({ length: 17 }, (_, k) => (i * 17 + k < satelliteCount ? '  5' : '  0')).join('')}`);
  }
  header.push(
    '%c M  cc GPS ccc cccc cccc cccc cccc ccccc ccccc ccccc ccccc',
    '%c cc cc ccc ccc cccc cccc cccc cccc ccccc ccccc ccccc ccccc',
    '%f  1.2500000  1.025000000  0.00000000000  0.000000000000000',
    '%f  0.0000000  0.000000000  0.00000000000  0.000000000000000',
    '%i    0    0    0    0      0      0      0      0         0',
    '%i    0    0    0    0      0      0      0      0         0',
    '/* APSIS GENERATED SP3-D FILE FOR BENCHMARKS',
    '',
  );
  yield header.join('\n');
  const f = (v: number) => v.toFixed(6).padStart(14);
  for (let e = 0; e < epochCount; e++) {
    const seconds = e * intervalS;
    const lines = [`*  2024  1  1 ${String(Math.floor(seconds / 3600)).padStart(2)} ${String(Math.floor((seconds % 3600) / 60)).padStart(2)} ${(seconds % 60).toFixed(8).padStart(11)}`];
    for (let s = 0; s < satelliteCount; s++) {
      const n = 2 * Math.PI / 43082; // ~12 h orbit
      const phase = n * seconds + s * 0.37;
      const r = 26560;
      const inc = 0.96 + (s % 6) * 0.01;
      const x = r * Math.cos(phase);
      const y = r * Math.sin(phase) * Math.cos(inc);
      const z = r * Math.sin(phase) * Math.sin(inc);
      const v = r * n * 1e4; // dm/s
      lines.push(`P${ids[s]}${f(x)}${f(y)}${f(z)}${f(100 + s)}`);
      lines.push(`V${ids[s]}${f(-v * Math.sin(phase))}${f(v * Math.cos(phase) * Math.cos(inc))}${f(v * Math.cos(phase) * Math.sin(inc))}${f(0.001)}`);
    }
    yield `${lines.join('\n')}\n`;
  }
  yield 'EOF\n';
}

/** Re-chunk a generator of strings into pieces of at most `size` characters (like reading a file). */
function* rechunk(chunks: Iterable<string>, size = 65536): Generator<string> {
  for (const chunk of chunks) for (let i = 0; i < chunk.length; i += size) yield chunk.slice(i, i + size);
}

export interface ParserBenchResult {
  name: string;
  items: number;
  seconds: number;
  itemsPerSecond: number;
  peakRssMiB: number;
  /** A further figure to print (the slowest single CDM). */
  detail?: string;
}

const CDM_SAMPLES = fileURLToPath(new URL('../test/fixtures/ccsds/cdm/', import.meta.url));

/** The CDM samples Orekit reads (the `CDM-*` files and the nil-X one are malformed on purpose). */
export function cdmSampleTexts(): string[] {
  return readdirSync(CDM_SAMPLES)
    .filter((name) => !name.startsWith('CDM-') || name === 'CDM-no-orbit-center-defined-obj1.txt')
    .filter((name) => name !== 'CDMExample_issue1319_mandatory_empty_value.xml')
    .sort()
    .map((name) => readFileSync(CDM_SAMPLES + name, 'utf8'));
}

function measure(name: string, run: (sample: () => void) => number): ParserBenchResult {
  let peak = process.memoryUsage().rss;
  const sample = () => {
    const rss = process.memoryUsage().rss;
    if (rss > peak) peak = rss;
  };
  const started = performance.now();
  const items = run(sample);
  const seconds = (performance.now() - started) / 1000;
  sample();
  return { name, items, seconds, itemsPerSecond: items / seconds, peakRssMiB: peak / 2 ** 20 };
}

/** Run the parser benchmarks (generation time included: the data are produced while they are parsed). */
export function benchParsers(observationCount = 100_000, cdmCount = 10_000): ParserBenchResult[] {
  const results: ParserBenchResult[] = [];
  const cdms = cdmSampleTexts();
  let slowestColdMs = 0;
  let slowestWarmMs = 0;
  let bytes = 0;
  const warmMs = new Float64Array(Math.max(0, cdmCount - cdms.length));
  const cdmResult = measure(`CDM KVN/XML ${cdmCount} messages (${cdms.length} samples in turn)`, (sample) => {
    for (let i = 0; i < cdmCount; i++) {
      const text = cdms[i % cdms.length]!;
      const started = performance.now();
      parseCdm(text);
      const ms = performance.now() - started;
      // the first pass over the samples runs cold (compilation of the reader's code paths)
      if (i < cdms.length) slowestColdMs = Math.max(slowestColdMs, ms);
      else {
        slowestWarmMs = Math.max(slowestWarmMs, ms);
        warmMs[i - cdms.length] = ms;
      }
      bytes += text.length;
      if (i % 256 === 0) sample();
    }
    return cdmCount;
  });
  warmMs.sort();
  const p99 = warmMs.length > 0 ? warmMs[Math.floor(0.99 * (warmMs.length - 1))]! : Number.NaN;
  cdmResult.detail = `one CDM: p99 ${p99.toFixed(2)} ms, slowest ${slowestWarmMs.toFixed(1)} ms warm (GC, preemption), ${slowestColdMs.toFixed(1)} ms in the first pass; mean ${(bytes / cdmCount / 1024).toFixed(1)} KiB`;
  results.push(cdmResult);
  results.push(measure(`TDM KVN ${observationCount} observations`, (sample) => {
    let count = 0;
    const reader = new TdmReader({ onObservation: () => { count++; } });
    let n = 0;
    for (const chunk of rechunk(tdmKvnChunks(observationCount))) {
      reader.push(chunk);
      if (++n % 16 === 0) sample();
    }
    reader.end();
    return count;
  }));
  results.push(measure(`TDM XML ${observationCount} observations`, (sample) => {
    let count = 0;
    const reader = new TdmReader({ onObservation: () => { count++; } });
    let n = 0;
    for (const chunk of rechunk(tdmXmlChunks(observationCount))) {
      reader.push(chunk);
      if (++n % 16 === 0) sample();
    }
    reader.end();
    return count;
  }));
  results.push(measure('SP3-d 96 satellites, 1 day at 5 min (P+V records)', (sample) => {
    let count = 0;
    const reader = new Sp3Reader({ onRecord: () => { count++; } });
    let n = 0;
    for (const chunk of rechunk(sp3Chunks())) {
      reader.push(chunk);
      if (++n % 16 === 0) sample();
    }
    reader.end();
    return count;
  }));
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv[2] ?? 100_000);
  const cdmCount = Number(process.argv[3] ?? 10_000);
  for (const r of benchParsers(count, cdmCount)) {
    console.log(
      `${r.name.padEnd(52)} ${String(r.items).padStart(8)} items  ${r.seconds.toFixed(2).padStart(6)} s  ` +
        `${Math.round(r.itemsPerSecond).toLocaleString('en-US').padStart(10)} /s  peak RSS ${r.peakRssMiB.toFixed(0)} MiB` +
        (r.detail ? `  (${r.detail})` : ''),
    );
  }
}
