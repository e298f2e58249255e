/**
 * Physical, geodetic and time constants of the engine: the one home of each (as Orekit's `Constants`). Every
 * module imports them from here; none defines its own copy. A value in other units is derived from the defining
 * one by an exact power of ten (the quotient is correctly rounded, so it is the same double as the decimal literal).
 *
 * Not here, on purpose: the constants that belong to one model stay with that model and are named after it — the
 * geopotential's own GM and radius (`EGM96_GM_M3S2`, `EGM96_RADIUS_M` in forces/gravityField.ts), WGS-72 inside
 * SGP4 (`SGP4_MU_KM3_PER_S2`, `SGP4_EARTH_RADIUS_KM` in tle/fit.ts), the SRP reference flux and distance
 * (forces/solarRadiationPressure.ts), the Sun's radius of the shadow model (forces/shadow.ts).
 */

/**
 * Earth gravitational parameter for user orbits, m³/s² (398600.4418 km³/s²: WGS-84, NIMA TR8350.2 Table 3.1, and
 * IERS Conventions 2010 Table 1.1): the central term of every force model and of every element conversion.
 */
export const MU_EARTH_M3S2 = 3.986004418e14;
/** {@link MU_EARTH_M3S2} in km³/s² (398600.4418). */
export const MU_EARTH_KM3_S2 = MU_EARTH_M3S2 / 1e9;

/** WGS-84 semi-major axis (equatorial radius), m (NIMA TR8350.2, 3rd ed., Table 3.1). */
export const WGS84_EQUATORIAL_RADIUS_M = 6378137;
/** {@link WGS84_EQUATORIAL_RADIUS_M} in km (6378.137). */
export const WGS84_EQUATORIAL_RADIUS_KM = WGS84_EQUATORIAL_RADIUS_M / 1000;
/** WGS-84 flattening 1/298.257223563 (NIMA TR8350.2, Table 3.1). */
export const WGS84_FLATTENING = 1 / 298.257223563;

/** Speed of light in vacuum, m/s (exact: the SI definition of the metre). */
export const SPEED_OF_LIGHT_M_S = 299792458;
/** {@link SPEED_OF_LIGHT_M_S} in km/s (299792.458). */
export const SPEED_OF_LIGHT_KM_S = SPEED_OF_LIGHT_M_S / 1000;

/**
 * Nominal Earth rotation rate ω⊕, rad/s: 2π·1.00273781191135448/86400 (IERS Conventions 2010 §1.2; Vallado,
 * 4th ed., §3.7), corrected by the length of day in frames/iers2010.ts `earthRotationRateRadPerS`.
 */
export const EARTH_ROTATION_RATE_NOMINAL_RAD_PER_S = 7.292115146706979e-5;

/** Astronomical unit, m (exact, IAU 2012 Resolution B2). */
export const ASTRONOMICAL_UNIT_M = 149597870700;
/** {@link ASTRONOMICAL_UNIT_M} in km (149597870.7). */
export const ASTRONOMICAL_UNIT_KM = ASTRONOMICAL_UNIT_M / 1000;

/** Standard gravity g0, m/s² (exact, 3rd CGPM 1901): converts a specific impulse in s to an exhaust velocity. */
export const G0_M_S2 = 9.80665;

/** Seconds in a day of 86400 SI seconds (the Julian day; a UTC day with a leap second is longer). */
export const SECONDS_PER_DAY = 86400;
/** Julian date of J2000.0, 2000-01-01T12:00:00 TT (ERFA `ERFA_DJ00`). */
export const JD_J2000 = 2451545.0;
/** Days per Julian century (ERFA `ERFA_DJC`). */
export const DAYS_PER_JULIAN_CENTURY = 36525.0;
