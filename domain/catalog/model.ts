/** The catalog's model: the file formats element sets arrive in (CCSDS 502.0-B-3 OMM, or TLE/3LE text). */
export const CATALOG_FORMATS = ['TLE', 'OMM'] as const;
export type CatalogFileFormat = (typeof CATALOG_FORMATS)[number];
