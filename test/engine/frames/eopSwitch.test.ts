// Frames sanity for old and new EOP data: switching from a file that ends before the epoch (IERS 14 C04, to
// 2022-11-29) to one that covers it (IERS 20 C04, 2023) moves ITRF positions by exactly the rotation the new EOP
// values imply (small-angle physics, computed here independently of engine/frames) and changes nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertState } from '../../../engine/frames/stateFrames.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { BUNDLED_FILES, readEarthDataFile } from '../../../earthData/files.ts';
import type { EopTable } from '../../../engine/frames/eop.ts';

function table(path: string): EopTable {
  const { parsed } = readEarthDataFile('EOP', path);
  assert.equal(parsed.kind, 'EOP');
  return (parsed as { table: EopTable }).table;
}
const OLD = table(BUNDLED_FILES.EOP[0]); // 14 C04, ends 2022-11-29
const NEW = table(BUNDLED_FILES.EOP[1]); // 20 C04, 2022-01-01 … 2023-08-28
const ARCSEC = Math.PI / 648000;

const STATES: number[][] = [
  [1078.705756, 473.894194, -6987.48244, 6.063880511, -4.359194027, 0.64359686], // SSO 700 km
  [-2974.101394, 2974.101394, 5306.669638, -5.427914691, -5.427914691, 0], // LEO 400 km 51.6°
  [42164.0, 0, 0, 0, 3.0746, 0], // GEO
];

test('ITRF moves by the rotation of the new EOP (ΔERA from UT1−UTC, polar motion x, y) within 3 cm; GCRF→EME2000/MOD/TOD/TEME unchanged', () => {
  for (const iso of ['2023-03-08T06:30:00Z', '2023-06-15T18:00:00Z']) {
    const epoch = Epoch.parse(iso);
    assert.equal(OLD.at(epoch).covered, false, 'the old file ends before the epoch');
    const eop = NEW.at(epoch);
    assert.ok(eop.covered);
    const dTheta = (2 * Math.PI * 1.00273781191135448 * eop.dut1Seconds) / 86400;
    const xp = eop.xpArcsec * ARCSEC;
    const yp = eop.ypArcsec * ARCSEC;
    for (const state of STATES) {
      const before = convertState(state, 'GCRF', 'ITRF', epoch, OLD);
      const after = convertState(state, 'GCRF', 'ITRF', epoch, NEW);
      const [x, y, z] = [before[0]!, before[1]!, before[2]!];
      // Earth rotated further by Δθ about Z, then the pole moved by (x_p, y_p): W^T v ≈ v + (x_p z, −y_p z, −x_p x + y_p y)
      const expected = [dTheta * y + xp * z, -dTheta * x - yp * z, -xp * x + yp * y];
      const moved = Math.hypot(after[0]! - x, after[1]! - y, after[2]! - z) * 1000;
      const residual = Math.hypot(after[0]! - x - expected[0]!, after[1]! - y - expected[1]!, after[2]! - z - expected[2]!) * 1000;
      assert.ok(moved > 5, `${iso}: the EOP move the state by ${moved.toFixed(3)} m`);
      assert.ok(residual < 0.03 * Math.hypot(x, y, z) / 7000, `${iso}: residual ${residual.toFixed(4)} m of a ${moved.toFixed(3)} m move`);
      for (const frame of ['EME2000', 'MOD', 'TOD', 'TEME'] as const) {
        assert.deepEqual(convertState(state, 'GCRF', frame, epoch, NEW), convertState(state, 'GCRF', frame, epoch, OLD), `${frame} does not use UT1 or polar motion`);
      }
    }
    // time scales: only UT1 changes, by UT1 − UTC
    assert.equal(epoch.toString('TT', 9), Epoch.parse(iso).toString('TT', 9));
    const ut1New = epoch.label('UT1', eop.dut1Seconds);
    const ut1Old = epoch.label('UT1', OLD.at(epoch).dut1Seconds);
    assert.ok(Math.abs(ut1New.seconds - ut1Old.seconds - eop.dut1Seconds) < 1e-9);
  }
});

test('where both files cover a day, switching moves ITRF by the (small) difference of the two series only', () => {
  const epoch = Epoch.parse('2022-06-01T12:00:00Z');
  const a = OLD.at(epoch);
  const b = NEW.at(epoch);
  const dTheta = (2 * Math.PI * 1.00273781191135448 * (b.dut1Seconds - a.dut1Seconds)) / 86400;
  const [dxp, dyp] = [(b.xpArcsec - a.xpArcsec) * ARCSEC, (b.ypArcsec - a.ypArcsec) * ARCSEC];
  const state = STATES[0]!;
  const before = convertState(state, 'GCRF', 'ITRF', epoch, OLD);
  const after = convertState(state, 'GCRF', 'ITRF', epoch, NEW);
  const [x, y, z] = [before[0]!, before[1]!, before[2]!];
  const expected = [dTheta * y + dxp * z, -dTheta * x - dyp * z, -dxp * x + dyp * y];
  const moved = Math.hypot(after[0]! - x, after[1]! - y, after[2]! - z) * 1000;
  const residual = Math.hypot(after[0]! - x - expected[0]!, after[1]! - y - expected[1]!, after[2]! - z - expected[2]!) * 1000;
  assert.ok(moved < 0.2, `14 C04 and 20 C04 agree to decimetres in LEO (${moved.toFixed(4)} m)`);
  assert.ok(residual < 0.02, `residual ${residual.toFixed(4)} m`);
});
