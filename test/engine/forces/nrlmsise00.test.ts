// NRLMSISE-00 against the 17 standard check cases of the NRL release (printed to 7 digits), against Orekit 13.1's
// full-precision values for the same cases, and against Orekit's drag density (gtd7d) at 20 points of February 2023
// given the same inputs (test/fixtures/atmosphere/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Nrlmsise00, Nrlmsise00Input, Nrlmsise00Output, NRLMSISE_DENSITY } from '../../../engine/forces/nrlmsise00.ts';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/atmosphere/${name}`, import.meta.url), 'utf8')) as T;

interface StandardCase {
  id: number;
  input: { doy: number; sec: number; alt_km: number; g_lat_deg: number; g_long_deg: number; lst_h: number; f107A: number; f107: number; ap: number; ap_array?: number[] };
  switches: number[];
  function: 'gtd7' | 'gtd7d';
  output: { d_cm3: Record<string, number>; total_mass_density_g_cm3: number; t_exospheric_K: number; t_at_alt_K: number };
}
const standard = fixture<{ cases: StandardCase[] }>('nrlmsise00-test-cases.json').cases;
const orekitCheck = fixture<{ cases: { id: number; values: Record<string, { orekit: number }> }[] }>('msis_standard_check.json').cases;

const SPECIES: [string, number][] = [
  ['He', NRLMSISE_DENSITY.He],
  ['O', NRLMSISE_DENSITY.O],
  ['N2', NRLMSISE_DENSITY.N2],
  ['O2', NRLMSISE_DENSITY.O2],
  ['Ar', NRLMSISE_DENSITY.Ar],
  ['H', NRLMSISE_DENSITY.H],
  ['N', NRLMSISE_DENSITY.N],
  ['anomalous_O', NRLMSISE_DENSITY.ANOMALOUS_O],
];

function evaluate(c: StandardCase): Nrlmsise00Output {
  const input = new Nrlmsise00Input();
  input.doy = c.input.doy;
  input.sec = c.input.sec;
  input.altKm = c.input.alt_km;
  input.gLatDeg = c.input.g_lat_deg;
  input.gLongDeg = c.input.g_long_deg;
  input.lstH = c.input.lst_h;
  input.f107A = c.input.f107A;
  input.f107 = c.input.f107;
  input.ap.fill(c.input.ap);
  if (c.input.ap_array) input.ap.set(c.input.ap_array.slice(1), 1); // [0] stays the daily Ap, as the release's test program
  const model = new Nrlmsise00(c.switches);
  return c.function === 'gtd7d' ? model.gtd7d(input, new Nrlmsise00Output()) : model.gtd7(input, new Nrlmsise00Output());
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

test('NRLMSISE-00: the 17 standard cases reproduce every printed digit (relative ≤ 1e-6; 7-digit rounding allows 5e-7)', () => {
  assert.equal(standard.length, 17);
  let worst = 0;
  for (const c of standard) {
    const out = evaluate(c);
    const pairs: [string, number, number][] = SPECIES.map(([name, i]) => [name, out.d[i]!, c.output.d_cm3[name]!]);
    pairs.push(['total', out.d[NRLMSISE_DENSITY.TOTAL]!, c.output.total_mass_density_g_cm3]);
    pairs.push(['T_exo', out.t[0]!, c.output.t_exospheric_K], ['T_alt', out.t[1]!, c.output.t_at_alt_K]);
    for (const [name, ours, printed] of pairs) {
      if (printed === 0) {
        assert.equal(ours, 0, `case ${c.id} ${name}`);
        continue;
      }
      const r = rel(ours, printed);
      worst = Math.max(worst, r);
      assert.ok(r <= 1e-6, `case ${c.id} ${name}: ${ours} vs printed ${printed} (rel ${r.toExponential(2)})`);
    }
  }
  assert.ok(worst < 6e-7, `largest difference ${worst}`);
});

test('NRLMSISE-00: the 17 cases agree with Orekit 13.1 in full precision (relative ≤ 1e-12)', () => {
  const keys: [string, (o: Nrlmsise00Output) => number][] = [
    ...SPECIES.map(([n, i]): [string, (o: Nrlmsise00Output) => number] => [`${n}_cm3`, (o) => o.d[i]!]),
    ['total_mass_density_g_cm3', (o) => o.d[NRLMSISE_DENSITY.TOTAL]!],
    ['t_exospheric_K', (o) => o.t[0]!],
    ['t_at_alt_K', (o) => o.t[1]!],
  ];
  for (const c of standard) {
    const out = evaluate(c);
    const orekit = orekitCheck.find((o) => o.id === c.id)!;
    for (const [key, get] of keys) {
      const ref = orekit.values[key]!.orekit;
      const ours = get(out);
      if (ref === 0) assert.equal(ours, 0);
      else assert.ok(rel(ours, ref) <= 1e-12, `case ${c.id} ${key}: ${ours} vs Orekit ${ref} (rel ${rel(ours, ref).toExponential(2)})`);
    }
  }
});

interface DensityPoint {
  id: string;
  density_kg_m3: number;
  gtd7_total_mass_density_kg_m3: number;
  anomalous_O_m3: number;
  t_exospheric_K: number;
  t_at_alt_K: number;
  inputs: { doy: number; sec_ut1: number; g_lat_deg: number; g_long_deg: number; alt_km: number; lst_h: number; f107A: number; f107: number; ap: number[] };
  species_gtd7: Record<string, number>;
}
const densityPoints = fixture<{ points: DensityPoint[] }>('msis_density.json').points;

test('NRLMSISE-00 gtd7d (SI): Orekit drag densities at 20 points, 150–900 km, same inputs (relative ≤ 1e-12)', () => {
  const model = new Nrlmsise00();
  const input = new Nrlmsise00Input();
  const out = new Nrlmsise00Output();
  let worst = 0;
  for (const p of densityPoints) {
    const i = p.inputs;
    input.doy = i.doy;
    input.sec = i.sec_ut1;
    input.altKm = i.alt_km;
    input.gLatDeg = i.g_lat_deg;
    input.gLongDeg = i.g_long_deg;
    input.lstH = i.lst_h;
    input.f107A = i.f107A;
    input.f107 = i.f107;
    input.ap.set(i.ap);
    model.gtd7d(input, out);
    const r = rel(out.d[NRLMSISE_DENSITY.TOTAL]!, p.density_kg_m3);
    worst = Math.max(worst, r);
    assert.ok(r <= 1e-12, `${p.id}: gtd7d ${out.d[5]} vs ${p.density_kg_m3} (rel ${r.toExponential(2)})`);
    assert.ok(rel(out.d[NRLMSISE_DENSITY.ANOMALOUS_O]!, p.anomalous_O_m3) <= 1e-12, `${p.id} anomalous O`);
    assert.ok(rel(out.t[0]!, p.t_exospheric_K) <= 1e-12 && rel(out.t[1]!, p.t_at_alt_K) <= 1e-12, `${p.id} temperatures`);
    model.gtd7(input, out);
    assert.ok(rel(out.d[NRLMSISE_DENSITY.TOTAL]!, p.gtd7_total_mass_density_kg_m3) <= 1e-12, `${p.id}: gtd7 total`);
    assert.ok(rel(out.d[NRLMSISE_DENSITY.O]!, p.species_gtd7.O_m3!) <= 1e-12, `${p.id}: O`);
  }
  assert.ok(worst <= 1e-12);
});

test('NRLMSISE-00: switches — 9 = −1 reads the 3-hour history and ignores the daily Ap; 7, 8, 14 off remove local time', () => {
  const input = new Nrlmsise00Input();
  Object.assign(input, { doy: 172, sec: 29000, altKm: 400, gLatDeg: 60, gLongDeg: -70, lstH: 16, f107A: 150, f107: 150 });
  const sw = [0, ...new Array<number>(23).fill(1)];
  sw[9] = -1;
  const history = new Nrlmsise00(sw);
  input.ap.fill(4);
  const quiet = history.gtd7(input, new Nrlmsise00Output()).d[5]!;
  input.ap[0] = 40;
  assert.equal(history.gtd7(input, new Nrlmsise00Output()).d[5]!, quiet, 'daily Ap unused with switch 9 = −1');
  input.ap.fill(100);
  const storm = history.gtd7(input, new Nrlmsise00Output()).d[5]!;
  assert.ok(storm > 1.3 * quiet, `${storm} vs ${quiet}`);
  // local-time switches off: the density no longer depends on the local solar time
  const noLocalTime = [0, ...new Array<number>(23).fill(1)];
  noLocalTime[7] = noLocalTime[8] = noLocalTime[14] = 0;
  const flat = new Nrlmsise00(noLocalTime);
  input.ap.fill(4);
  const at16 = flat.gtd7(input, new Nrlmsise00Output()).d[5]!;
  input.lstH = 4;
  assert.equal(flat.gtd7(input, new Nrlmsise00Output()).d[5]!, at16);
  assert.notEqual(new Nrlmsise00([0, ...new Array<number>(23).fill(1)]).gtd7(input, new Nrlmsise00Output()).d[5]!, at16);
  assert.throws(() => new Nrlmsise00([1, 1]), /24 switches/);
});
