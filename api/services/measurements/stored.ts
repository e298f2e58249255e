/** Stored measurements: list them (with their TDM context), flag outliers, delete a file's measurements. */
import type { Epoch } from '../../../engine/time/epoch.ts';
import { type Db, inTransaction } from '../../../storage/sql/db.ts';
import { deleteContextsByFile, findMeasurementContexts } from '../../../storage/measurementContexts.ts';
import type { MeasurementContextRecord, Measurement } from '../../../domain/measurements/model.ts';
import { MEASUREMENT_COMPONENTS, type MeasurementType } from '../../../engine/measurements/observables.ts';
import { deleteMeasurementsByFile, queryMeasurements, setOutlierByFile, setOutlierByIds } from '../../../storage/measurements.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import { resolveSpacecraft } from '../../../storage/spacecraft.ts';
import { instantText } from '../../../domain/instants.ts';

/** The stored context of a measurement as the API shows it (null for SP3/OEM rows). */
export function contextView(context: MeasurementContextRecord | null | undefined) {
  if (!context) return null;
  return {
    recorded: context.recorded,
    segmentIndex: context.segmentIndex,
    dataKeyword: context.dataKeyword,
    participants: context.participants,
    path: context.path,
    path2: context.path2,
    mode: context.mode,
    timetagRef: context.timetagRef,
    integrationIntervalS: context.integrationIntervalS,
    integrationRef: context.integrationRef,
    turnaroundNumerator: context.turnaroundNumerator,
    turnaroundDenominator: context.turnaroundDenominator,
    rangeMode: context.rangeMode,
    rangeModulus: context.rangeModulus,
    rangeUnits: context.rangeUnits,
    angleType: context.angleType,
    transmitBand: context.transmitBand,
    receiveBand: context.receiveBand,
    referenceFrame: context.referenceFrame,
  };
}

export type MeasurementWithContext = Measurement & { context: MeasurementContextRecord | null };

export function measurementView(m: MeasurementWithContext) {
  const names = MEASUREMENT_COMPONENTS[m.type];
  const values: Record<string, number | null> = {};
  const units: Record<string, string> = {};
  const sigma: Record<string, number | null> = {};
  names.forEach((name, i) => {
    values[name] = m.values[i] ?? null;
    units[name] = m.units[i] ?? '';
    if (m.sigma) sigma[name] = m.sigma[i] ?? null;
  });
  return {
    id: m.id,
    spacecraftId: m.spacecraftId,
    type: m.type,
    epoch: m.epoch,
    values,
    units,
    sigma: m.sigma ? sigma : null,
    referenceFrame: m.frame,
    participants: m.participants,
    station: m.station,
    groundStationId: m.context?.groundStationId ?? null,
    context: contextView(m.context),
    sourceFile: m.sourceFile,
    jobId: m.jobId,
    outlier: m.outlier,
    createdAt: m.createdAt,
  };
}

export interface MeasurementFilter {
  start: Epoch;
  end: Epoch;
  spacecraftIdentifiers: string[] | null;
  types: MeasurementType[] | null;
  includeOutliers: boolean;
}

export async function listMeasurements(db: Db, organizationId: string, filter: MeasurementFilter, page: PageRequest) {
  let spacecraftIds: string[] | null = null;
  if (filter.spacecraftIdentifiers) {
    const ids = new Set<string>();
    for (const identifier of filter.spacecraftIdentifiers) {
      for (const match of await resolveSpacecraft(db, organizationId, identifier, ['id', 'name', 'noradId', 'cosparId'])) {
        ids.add(match.spacecraft.id);
      }
    }
    spacecraftIds = [...ids];
  }
  const { items, total } = await queryMeasurements(
    db,
    organizationId,
    { startEpoch: instantText(filter.start), endEpoch: instantText(filter.end), spacecraftIds, types: filter.types, includeOutliers: filter.includeOutliers },
    page,
  );
  // The page's contexts in one query (a page references a handful), not a join in the 1M-row query.
  const contexts = await findMeasurementContexts(db, organizationId, items.flatMap((m) => (m.contextId === null ? [] : [m.contextId])));
  return { items: items.map((m) => ({ ...m, context: m.contextId === null ? null : contexts.get(m.contextId) ?? null })), total };
}

export async function flagOutliersByIds(db: Db, organizationId: string, ids: string[], outlier: boolean): Promise<{ updatedCount: number }> {
  return { updatedCount: await setOutlierByIds(db, organizationId, [...new Set(ids)], outlier) };
}

export async function flagOutliersByFile(db: Db, organizationId: string, fileName: string, outlier: boolean): Promise<{ updatedCount: number }> {
  return { updatedCount: await setOutlierByFile(db, organizationId, fileName, outlier) };
}

export async function deleteByFile(db: Db, organizationId: string, spacecraftId: string, fileName: string): Promise<{ deletedCount: number }> {
  // The contexts go with their measurements (their counts are what a station delete reports).
  const deletedCount = await inTransaction(db, async (tx) => {
    const count = await deleteMeasurementsByFile(tx, organizationId, spacecraftId, fileName);
    await deleteContextsByFile(tx, organizationId, spacecraftId, fileName);
    return count;
  });
  return { deletedCount };
}
