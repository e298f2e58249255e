/**
 * The items of issue 37's batch (bench/batch.ts BENCH_VOLUME, bench/oemItems.ts): one-day OEMs at 60 s from a LEO
 * (SSO 700 km), a MEO (GNSS-like, 20,200 km, 55°) and a HEO (Molniya-like, 500 × 39,800 km, 63.4°) state, a third
 * each, every tenth item with its covariance (RTN).
 */
export const VOLUME_EPOCH = '2024-01-01T00:00:00Z';
export const VOLUME_SPAN = { initialDate: VOLUME_EPOCH, finalDate: '2024-01-02T00:00:00Z', timeBetweenPoints: 60 };
export const VOLUME_SPACECRAFT = {
  name: 'BENCH-BATCH', cosparId: '2024-001A', launchMass: 1000, dryMass: 800, dragArea: 2, dragCoefficient: 2.2, srpArea: 2, reflectivityCoefficient: 1.3,
};
export const VOLUME_STATES = {
  LEO: { position: [1078.7057558860126, 473.89419427067367, -6987.482439539717], velocity: [6.0638805111585015, -4.359194026524568, 0.643596859521826] },
  MEO: { position: [26560, 0, 0], velocity: [0, 2.2400, 3.1990] },
  HEO: { position: [6878.137 * 0.5, 6878.137 * 0.866, 0], velocity: [-10.03 * 0.866 * 0.446, 10.03 * 0.5 * 0.446, 10.03 * 0.895] },
};
const sigma = [0.1, 0.1, 0.1, 1e-4, 1e-4, 1e-4];
export const VOLUME_COVARIANCE = { frame: 'GCRF', matrix: sigma.map((si, r) => sigma.map((sj, c) => (r === c ? si * sj : 0))) };
/** Share of the items with covariance. */
export const VOLUME_COVARIANCE_SHARE = 0.1;
