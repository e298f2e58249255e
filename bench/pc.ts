/**
 * Probability-of-collision benchmark (npm run bench:pc): time per Pc evaluation for each 2-D method, on
 *  1. regular encounters: the 14 regular synthetic CDMs of the Orekit 13.1 conjunction reference set
 *     (`CDM_DIR` below, outside the repository; without it: the regular planes of test/fixtures/conjunction/pc_oracle_mpmath.json), and
 *  2. NASA CARA's Alfano test cases 01–09, 11 (the same reference set; without
 *     it: the two Alfano-like planes of the oracle fixture), the hard ones: slow encounters, σx/σy down to
 *     1e-3, miss ≲ R, so LAAS needs thousands of series terms and PATERA many quadrature intervals;
 * plus the encounter geometry (states and RTN covariances → collision plane) and a per-case table of LAAS 2015 and
 * PATERA 2005 on the Alfano cases. Single thread; the figure is the median of 7 timed rounds per case.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  shortTermEncounter,
  encounterPlane,
  collisionProbability,
  pcLaas2015,
  pcPatera2005Detailed,
  alfanoOrder,
  PC_METHODS,
  type EncounterObject,
  type EncounterPlane,
  type PcMethod,
} from '../engine/collision/index.ts';

const CDM_DIR = fileURLToPath(new URL('../../shared/reference/conjunction/cdm/', import.meta.url));
const ORACLE = fileURLToPath(new URL('../test/fixtures/conjunction/pc_oracle_mpmath.json', import.meta.url));

interface Case {
  name: string;
  objects?: [EncounterObject, EncounterObject, number];
  plane: EncounterPlane;
}

function fromReference(file: string, filter: (name: string) => boolean): Case[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { results: Record<string, any> };
  const out: Case[] = [];
  for (const [name, r] of Object.entries(data.results)) {
    if (r.orekit_result !== 'parse OK' || !filter(name)) continue;
    const object = (o: any): EncounterObject => {
      const s = o.state_inertial_used ?? o.state_ref_frame;
      return { positionM: s.pos_m, velocityMS: s.vel_m_s, covariance: o.covariance_rtn_6x6.flat(), covarianceFrame: 'RTN' };
    };
    const objects: [EncounterObject, EncounterObject, number] = [object(r.object1), object(r.object2), r.hbr.combined_m];
    out.push({ name: name.replace(/\.(cdm|xml|txt)$/, ''), objects, plane: encounterPlane(shortTermEncounter(...objects)) });
  }
  return out;
}

function fromOracle(names: string[]): Case[] {
  const data = JSON.parse(readFileSync(ORACLE, 'utf8')) as { cases: Array<Record<string, number | string>> };
  return data.cases
    .filter((c) => names.includes(c.name as string))
    .map((c) => ({
      name: c.name as string,
      plane: { xmM: c.xm_m as number, ymM: c.ym_m as number, sigmaXM: c.sigma_x_m as number, sigmaYM: c.sigma_y_m as number, combinedHardBodyRadiusM: c.combined_radius_m as number },
    }));
}

const shared = existsSync(`${CDM_DIR}orekit/pc.json`) && existsSync(`${CDM_DIR}synthetic/pc.json`);
const regular = shared
  ? fromReference(`${CDM_DIR}synthetic/pc.json`, (n) => /SYN-V-0(0\d|1[0-4])/.test(n))
  : fromOracle(['regular', 'regular_small_hbr', 'hbr_comparable_with_sigma', 'zero_miss', 'huge_sigmas', 'tail_1e-30']);
const alfano = shared ? fromReference(`${CDM_DIR}orekit/pc.json`, (n) => n.startsWith('AlfanoTestCase')) : fromOracle(['elongated_alfano_like', 'elongated_large_p_r2']);

/** Median nanoseconds per call of fn over 7 rounds of at least 20 ms each. */
function nsPerCall(fn: () => number): number {
  let sink = 0;
  let calls = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) sink += fn();
    const ns = Number(process.hrtime.bigint() - t0);
    if (ns >= 20e6) break;
    calls *= 2;
  }
  const rounds: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) sink += fn();
    rounds.push(Number(process.hrtime.bigint() - t0) / calls);
  }
  if (!Number.isFinite(sink)) throw new Error('benchmark sink not finite');
  return rounds.sort((a, b) => a - b)[3]!;
}

const fmt = (ns: number) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : `${(ns / 1e3).toFixed(2)} µs`).padStart(10);

console.log(`Pc benchmark, node ${process.version}, single thread; cases from ${shared ? '../shared/reference/conjunction (Orekit 13.1 reference set)' : 'test/fixtures/conjunction/pc_oracle_mpmath.json (no ../shared)'}.`);
console.log('The machine is shared with other work: figures are indicative (median of 7 rounds).\n');

// warm-up: let the JIT compile every path before anything is timed
for (let i = 0; i < 20; i++) for (const c of [...regular, ...alfano]) for (const m of PC_METHODS) collisionProbability(c.plane, m);

const withObjects = regular.filter((c) => c.objects);
if (withObjects.length > 0) {
  const perCase = withObjects.map((c) => nsPerCall(() => shortTermEncounter(...c.objects!).sigmaXM));
  console.log(`encounter geometry (states + RTN covariances → collision plane), ${withObjects.length} CDMs: ${fmt(perCase.reduce((a, b) => a + b, 0) / perCase.length).trim()} per encounter\n`);
}

console.log(`${'method'.padEnd(18)} ${'regular: mean'.padStart(14)} ${'max'.padStart(10)}   ${'Alfano: mean'.padStart(13)} ${'max'.padStart(10)}`);
for (const method of PC_METHODS as readonly PcMethod[]) {
  const row = (set: Case[]) => {
    const t = set.map((c) => nsPerCall(() => collisionProbability(c.plane, method).value));
    return { mean: t.reduce((a, b) => a + b, 0) / t.length, max: Math.max(...t) };
  };
  const r = row(regular);
  const a = row(alfano);
  console.log(`${method.padEnd(18)} ${fmt(r.mean).padStart(14)} ${fmt(r.max)}   ${fmt(a.mean).padStart(13)} ${fmt(a.max)}`);
}

console.log(`\nLAAS 2015 and PATERA 2005 on the ${shared ? 'Alfano cases' : 'Alfano-like planes'} (per evaluation):`);
console.log(`${'case'.padEnd(24)} ${'σx/σy'.padStart(9)} ${'pR²'.padStart(8)} ${'LAAS'.padStart(10)} ${'terms'.padStart(6)} ${'PATERA'.padStart(10)} ${'intervals'.padStart(9)} ${'ALFANO M'.padStart(9)} ${'Pc'.padStart(11)}`);
for (const c of alfano) {
  const { sigmaXM: sx, sigmaYM: sy, combinedHardBodyRadiusM: r } = c.plane;
  const laas = pcLaas2015(c.plane);
  const patera = pcPatera2005Detailed(c.plane);
  const tLaas = nsPerCall(() => collisionProbability(c.plane, 'LAAS_2015').value);
  const tPatera = nsPerCall(() => collisionProbability(c.plane, 'PATERA_2005').value);
  console.log(
    `${c.name.padEnd(24)} ${(sx / sy).toExponential(1).padStart(9)} ${((r * r) / (2 * sx * sx)).toFixed(0).padStart(8)} ${fmt(tLaas)} ${String(laas.terms).padStart(6)} ${fmt(tPatera)} ${String(patera.quadrature.intervals).padStart(9)} ${String(alfanoOrder(c.plane)).padStart(9)} ${laas.value.toExponential(4).padStart(11)}`,
  );
}
