/**
 * NRLMSISE-00 as the drag atmosphere: the model (nrlmsise00.ts, `gtd7d`, the effective mass density for drag with
 * anomalous oxygen, all switches on) driven at each force evaluation by
 *  - time: day of year and seconds of day in UT1 (Orekit's default time scale for the model; UT1 at t is the epoch's
 *    UT1 plus the elapsed seconds — UT1 − UTC drifts by ~1 ms/day, 1e-9 in density);
 *  - position: WGS-84 geodetic latitude, longitude and altitude of the ITRF position (engine/bodies/ellipsoid);
 *  - local apparent solar time from the Sun's and the spacecraft's x/y in ITRF (the angle between the two meridians:
 *    12/π·(π + atan2(xs·y − ys·x, xs·x + ys·y)) h, the form of Orekit's `NRLMSISE00`). ITRF x/y give the same angle
 *    as a true-of-date frame. Orekit's `DragForce` passes the propagation frame instead (GCRF), whose equator is
 *    tilted by precession since J2000: that moves the density by up to 7.6e-4 on the reference 400 km orbit; we keep
 *    the Earth-fixed angle (see the README's NRLMSISE-00 section);
 *  - space weather: F10.7 of the previous day, its 81-day centred mean and the 7-element Ap history from a
 *    `SpaceWeatherTable` (engine/spaceWeather, Orekit `CssiSpaceWeatherData` conventions).
 * Allocation-free per evaluation.
 */
import { cartesianToGeodetic } from '../bodies/ellipsoid.ts';
import { RAD_TO_DEG } from '../math/angles.ts';
import { calendarDateFromMjd, type Epoch } from '../time/epoch.ts';
import { mjdFromCalendarDate } from '../time/leapSeconds.ts';
import { NrlmsiseDrivers, type SpaceWeatherTable } from '../spaceWeather/spaceWeather.ts';
import type { Atmosphere } from './drag.ts';
import { Nrlmsise00, Nrlmsise00Input, Nrlmsise00Output, NRLMSISE_DENSITY } from './nrlmsise00.ts';
import type { ForceEvaluation } from './types.ts';


/** Local apparent solar time (h, [0, 24)) from the x/y components of the position and of the Sun in one frame. */
export function localSolarTimeHours(x: number, y: number, sunX: number, sunY: number): number {
  return (12 / Math.PI) * (Math.PI + Math.atan2(sunX * y - sunY * x, sunX * x + sunY * y));
}

export interface Nrlmsise00AtmosphereOptions {
  readonly spaceWeather: SpaceWeatherTable;
  /** Epoch of t = 0 of the force evaluations. */
  readonly epoch: Epoch;
  /** UT1 − UTC at the epoch (s). */
  readonly ut1MinusUtcSeconds: number;
}

export class Nrlmsise00Atmosphere implements Atmosphere {
  readonly spaceWeather: SpaceWeatherTable;
  private readonly model = new Nrlmsise00();
  private readonly input = new Nrlmsise00Input();
  private readonly output = new Nrlmsise00Output();
  private readonly drivers = new NrlmsiseDrivers();
  private readonly geodetic = new Float64Array(3);
  private readonly itrfKm = new Float64Array(3);
  private readonly utcMjd0: number;
  private readonly ut1Day0: number;
  private readonly ut1Seconds0: number;
  // day-of-year cache: recomputed when the UT1 day changes
  private cachedDay = Number.NaN;
  private cachedDoy = 0;

  constructor(options: Nrlmsise00AtmosphereOptions) {
    this.spaceWeather = options.spaceWeather;
    this.utcMjd0 = options.epoch.mjd('UTC');
    const ut1 = options.epoch.label('UT1', options.ut1MinusUtcSeconds);
    this.ut1Day0 = ut1.day;
    this.ut1Seconds0 = ut1.seconds;
  }

  densityKgM3(ev: ForceEvaluation): number {
    ev.ensureSunItrf();
    const p = ev.rItrfM;
    const s = ev.sunItrfM;
    return this.density(ev.t, p[0]!, p[1]!, p[2]!, s[0]!, s[1]!);
  }

  /**
   * gtd7d density (kg/m³) `tSeconds` after the epoch at the ITRF position (m), with the Sun's ITRF x/y (any scale)
   * for the local solar time.
   */
  density(tSeconds: number, xM: number, yM: number, zM: number, sunX: number, sunY: number): number {
    const input = this.input;
    this.spaceWeather.nrlmsiseDrivers(this.utcMjd0 + tSeconds / 86400, this.drivers);
    const k = this.itrfKm;
    k[0] = xM / 1000;
    k[1] = yM / 1000;
    k[2] = zM / 1000;
    const g = this.geodetic;
    cartesianToGeodetic(k, g);
    const s = this.ut1Seconds0 + tSeconds;
    const dayOffset = Math.floor(s / 86400);
    input.doy = this.dayOfYear(this.ut1Day0 + dayOffset);
    input.sec = s - 86400 * dayOffset;
    input.altKm = g[2]!;
    input.gLatDeg = g[0]! * RAD_TO_DEG;
    input.gLongDeg = g[1]! * RAD_TO_DEG;
    input.lstH = localSolarTimeHours(xM, yM, sunX, sunY);
    input.f107 = this.drivers.f107;
    input.f107A = this.drivers.f107A;
    input.ap.set(this.drivers.ap);
    return this.model.gtd7d(input, this.output).d[NRLMSISE_DENSITY.TOTAL]!;
  }

  private dayOfYear(mjdDay: number): number {
    if (mjdDay !== this.cachedDay) {
      this.cachedDay = mjdDay;
      this.cachedDoy = mjdDay - mjdFromCalendarDate(calendarDateFromMjd(mjdDay).year, 1, 1) + 1;
    }
    return this.cachedDoy;
  }
}
