/**
 * The measurement context at ingest: for every group of a TDM upload (segment × data keyword), its
 * ground participant is resolved to a ground station of the organization by name or alias (trimmed,
 * case-insensitive), and one `measurement_contexts` row is written in the job's staged batch. An unknown station is
 * not a failure: the context keeps the name (a station created later with that name or alias picks it up) and the
 * job summary lists it under `stations.unresolved`.
 */
import type { ContextParticipant, MeasurementBatch, MeasurementGroup, TrackingContext } from '../../../engine/tracking/model.ts';
import type { SqlExecutor } from '../../../storage/sql/db.ts';
import { foldStationName, resolveStationNames } from '../../../storage/groundStations.ts';
import { addContextMeasurementCounts, insertMeasurementContext } from '../../../storage/measurementContexts.ts';
import type { MeasurementGroupRow } from '../../../storage/measurements.ts';

/**
 * The ground participant of a context: a participant other than the spacecraft, the receiver first (the station
 * whose clock tags the measurement), else the transmitter, else the first one. Null when only the spacecraft takes part.
 */
export function groundParticipant(context: Pick<TrackingContext, 'participants'>, spacecraftIdentifier: string): string | null {
  const ground = context.participants.filter((p) => p.name !== spacecraftIdentifier);
  const byRole = (role: ContextParticipant['roles'][number]) => ground.find((p) => p.roles.includes(role));
  return (byRole('RECEIVER') ?? byRole('TRANSMITTER') ?? ground[0])?.name ?? null;
}

/** How an upload's ground participants resolved (written into the job summary as `stations`). */
export interface StationResolutionSummary {
  resolved: Array<{ name: string; stationId: string }>;
  unresolved: string[];
}

/** Writes the contexts of one upload job and counts their measurements (see module comment). */
export class MeasurementContextWriter {
  /** Station name as written → station id, or null when none of the organization has that name or alias. */
  private readonly stations = new Map<string, string | null>();
  private readonly counts = new Map<number, number>();

  /** `batchId`: the job attempt's staged batch (storage/sql/stagedWrites.ts) the context rows belong to. */
  constructor(
    private readonly organizationId: string,
    private readonly jobId: string,
    private readonly sourceFile: string,
    private readonly batchId: number,
  ) {}

  private async stationOf(db: SqlExecutor, name: string): Promise<string | null> {
    if (!this.stations.has(name)) {
      const resolved = await resolveStationNames(db, this.organizationId, [name]);
      this.stations.set(name, resolved.get(name) ?? null);
    }
    return this.stations.get(name)!;
  }

  /** One context row for a new group of a resolved object, written through `db` (a chunk of the batch); returns its id. */
  async add(db: SqlExecutor, group: MeasurementGroup, target: { spacecraftId: string; identifier: string }): Promise<number> {
    const context = group.context!;
    const stationName = groundParticipant(context, target.identifier);
    const id = await insertMeasurementContext(db, {
      organizationId: this.organizationId,
      spacecraftId: target.spacecraftId,
      jobId: this.jobId,
      sourceFile: this.sourceFile,
      measurementType: group.type,
      stationName,
      groundStationId: stationName === null ? null : await this.stationOf(db, stationName),
      batchId: this.batchId,
      context,
    });
    this.counts.set(id, 0);
    return id;
  }

  /** Counts the rows of a batch per context (`groups` indexed by the batch's global group numbers). */
  count(groups: readonly MeasurementGroupRow[], batch: Pick<MeasurementBatch, 'count' | 'group'>): void {
    for (let i = 0; i < batch.count; i++) {
      const id = groups[batch.group[i]!]?.contextId;
      if (id != null) this.counts.set(id, this.counts.get(id)! + 1);
    }
  }

  /** Stores the counts (in the transaction that publishes the batch). */
  async finish(db: SqlExecutor): Promise<void> {
    await addContextMeasurementCounts(db, this.counts);
  }

  /** How the ground participants resolved; null when the file had no TDM context (SP3, OEM). */
  stationSummary(): StationResolutionSummary | null {
    if (this.counts.size === 0) return null;
    const resolved: StationResolutionSummary['resolved'] = [];
    const unresolved = new Set<string>();
    const seen = new Set<string>();
    for (const [name, stationId] of this.stations) {
      const folded = foldStationName(name);
      if (seen.has(folded)) continue;
      seen.add(folded);
      if (stationId) resolved.push({ name, stationId });
      else unresolved.add(name);
    }
    return { resolved, unresolved: [...unresolved] };
  }
}
