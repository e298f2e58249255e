/** DSST mean elements (zonal short-periodic theory). See mean-elements.ts. */
export {
  meanElementsDsst,
  osculatingStateFromDsstMean,
  type MeanElementsDsstOptions,
  type MeanElementsDsstResult,
  type MeanKeplerianElements,
  type MeanEquinoctialElements,
} from './mean-elements.ts';
export { egm96ZonalField, EGM96_MU_KM3_S2, EGM96_RADIUS_KM, MAX_ZONAL_DEGREE, type ZonalField } from './zonal-field.ts';
export { zonalShortPeriodics, type EquinoctialMean, type ZonalModel } from './zonal-short-periodics.ts';
