// The ΔAT table against the IETF/NIST leap-seconds.list (tzdata 2026f, copied from the project's EOP reference set).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Epoch,
  LEAP_SECONDS_VALID_UNTIL,
  leapSecondDays,
  mjdFromCalendarDate,
  taiMinusUtcSeconds,
  utcDayInfo,
} from '../../../engine/time/index.ts';
import { fixture } from './helpers.ts';

// NTP seconds (since 1900-01-01) → MJD: 1900-01-01 is MJD 15020.
const NTP_EPOCH_MJD = 15020;

const entries = fixture('leap-seconds.list')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => {
    const [ntp, dat] = l.trim().split(/\s+/);
    return { mjd: NTP_EPOCH_MJD + Number(ntp) / 86400, dat: Number(dat) };
  });

test('leap-seconds.list: all 28 entries 1972–2017 match the table exactly (ΔAT before/after each step)', () => {
  assert.equal(entries.length, 28);
  for (const e of entries) {
    assert.ok(Number.isInteger(e.mjd));
    assert.equal(taiMinusUtcSeconds(e.mjd), e.dat, `ΔAT from MJD ${e.mjd}`);
  }
  for (let i = 1; i < entries.length; i++) {
    const prev = entries[i - 1]!;
    const cur = entries[i]!;
    assert.equal(taiMinusUtcSeconds(cur.mjd - 1), prev.dat, `ΔAT on the day before MJD ${cur.mjd}`);
    assert.equal(utcDayInfo(cur.mjd - 1).lengthSeconds, 86401, `MJD ${cur.mjd - 1} has 86401 s`);
    assert.equal(utcDayInfo(cur.mjd - 2).lengthSeconds, 86400);
  }
  assert.deepEqual(leapSecondDays(), entries.slice(1).map((e) => e.mjd - 1));
  assert.equal(taiMinusUtcSeconds(mjdFromCalendarDate(2026, 11, 21)), 37);
});

test('leap-seconds.list expiry line (#@) equals LEAP_SECONDS_VALID_UNTIL', () => {
  const line = fixture('leap-seconds.list').split('\n').find((l) => l.startsWith('#@'))!;
  const mjd = NTP_EPOCH_MJD + Number(line.slice(2).trim()) / 86400;
  assert.equal(Epoch.fromLabel('UTC', mjd, 0).toString('UTC', 0).slice(0, 10), LEAP_SECONDS_VALID_UNTIL);
});

test('each 1972–2017 leap second: 23:59:60 exists, lasts exactly 1 s and TAI−UTC steps by exactly 1 s', () => {
  for (const day of leapSecondDays()) {
    const start = Epoch.fromLabel('UTC', day, 86400);
    const next = Epoch.fromLabel('UTC', day + 1, 0);
    assert.equal(next.secondsSince(start), 1);
    assert.equal(start.toString('UTC', 0).slice(11), '23:59:60');
    assert.equal(start.plusSeconds(-1).toString('UTC', 0).slice(11), '23:59:59');
    assert.equal(next.taiMinusUtcSeconds() - start.taiMinusUtcSeconds(), 1);
  }
});
