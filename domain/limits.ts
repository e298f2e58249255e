/**
 * Bounds of every numeric and text input. Each number the service accepts is finite and physically
 * sensible, so no overflow reaches the database (non-finite REALs), BigInt conversions or the propagator. The API
 * declares each bound in its zod schema (api/schemas/limits.ts), hence in the OpenAPI document (`minimum`/`maximum`,
 * `maxLength`); the rules of domain/ (maneuver records, OCM import) check the same figures.
 * The figures are generous envelopes of real spacecraft, not design limits of one mission.
 */
/** kg: the heaviest launch vehicle ever flown weighed 2.9e6 kg at lift-off; nothing in orbit comes close. */
export const MAX_MASS_KG = 1e7;
/** m²: the ISS solar arrays total about 2,500 m². */
export const MAX_AREA_M2 = 1e4;
/** m: a dimension or a mount offset on the spacecraft body (the ISS truss is 109 m). */
export const MAX_LENGTH_M = 1e3;
/** Drag coefficient Cd (satellites: 2–4). */
export const MAX_DRAG_COEFFICIENT = 10;
/** kg·m² (the ISS: about 1e8). */
export const MAX_INERTIA_KG_M2 = 1e10;
/** N: one thruster or one thrust component (the F-1 engine: 6.8e6 N). */
export const MAX_THRUST_N = 1e7;
/** W: power draw or availability (the ISS: about 1.2e5 W). */
export const MAX_POWER_W = 1e7;
/** s: a duration, duty-cycle window, settling time or separation (one year). */
export const MAX_DURATION_S = 366 * 86_400;
/** s: one burn segment (30 days; longer low-thrust arcs are planned as several segments). */
export const MAX_BURN_DURATION_S = 30 * 86_400;
/** N·s: minimum impulse bit. */
export const MAX_IMPULSE_N_S = 1e9;
/** Any component of a body-frame direction or axis (normalized on write). */
export const MAX_DIRECTION_COMPONENT = 1e6;
/** km: a component of a geocentric position (beyond the Moon's orbit and the Earth's Hill sphere, 1.5e6 km). */
export const MAX_POSITION_KM = 1e7;
/** km/s: a component of a geocentric velocity (escape speed at the surface is 11.2 km/s). */
export const MAX_VELOCITY_KM_S = 100;
/** A covariance element, in km², km²/s or km²/s² (σ up to 1e7 km). */
export const MAX_COVARIANCE_ELEMENT = 1e14;
/** Characters of an identifier in a path, query or body (our ids are 36-character UUIDs). */
export const MAX_ID_LENGTH = 128;
