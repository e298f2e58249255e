/**
 * The received CDMs of an organization by TCA: a screening's merge and an avoidance plan read the covariances of the
 * CDMs received for a span (storage/conjunctions.ts `findReceivedCdmCovariances`), which without this index scanned
 * every CDM of the organization, in one statement (the embedded driver holds the event loop while it runs).
 */
import type { Migration } from '../migrations.ts';

export const migration0025: Migration = {
  version: 25,
  name: 'received CDMs by TCA',
  statements: [`CREATE INDEX conjunction_cdms_source_tca ON conjunction_cdms(organization_id, source, tca_s, id)`],
};
