/**
 * Reading received CDM files (CDM ingest, ./ingest.ts): each file cut into its messages window by window
 * (engine/files/cdm/cdmFile.ts), yielding between windows; the messages read on the pool in batches (≤
 * READ_BATCH_MESSAGES, ≤ READ_BATCH_BYTES), at most READ_LOOKAHEAD in flight, so that each answer the event loop
 * deserializes is small; the values many messages repeat (names, objects) shared.
 */
import { CdmKvnSplitter, isXmlDocument } from '../../../engine/files/cdm/cdmFile.ts';
import { type CdmObjectDigest, type CdmReceiveOutcome, type ReceivedCdm, type ReceivedCdms } from '../../../domain/conjunctions/cdmDigest.ts';
import { yieldIfDue, yieldToEventLoop } from '../../../storage/sql/db.ts';
import { type CdmObjectRecord } from '../../../domain/conjunctions/model.ts';
import type { CdmUnit } from '../../../workers/contracts.ts';
import { runWhenRoom } from '../../../workers/poolTypes.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { type CdmFile } from './cdmResults.ts';

export const READ_BATCH_MESSAGES = 100;
export const READ_BATCH_BYTES = 1 << 20;
/** Read batches on the pool at once, at most (the consumer handles one while the next is read). */
export const READ_LOOKAHEAD = 2;
/** Bytes of a file scanned for message starts between two yields. */
export const SPLIT_WINDOW_BYTES = 256 * 1024;
/** One message of a file: where its bytes are, and (once read) what it holds. */
export interface Unit {
  fileIndex: number;
  messageIndex: number;
  start: number;
  end: number;
  firstLine: number;
}

// ---------------------------------------------------------------------------------------------
// Reading: files → messages → digests (on the pool)

/** Cuts every file into its messages (XML: one), yielding between windows of a large file. */
export async function splitFiles(files: readonly CdmFile[]): Promise<Unit[][]> {
  const out: Unit[][] = [];
  for (const [fileIndex, file] of files.entries()) {
    // many small files (a screening hands its CDMs on as files of one message) are cut one turn's slice at a time
    await yieldIfDue();
    if (isXmlDocument(file.bytes)) {
      out.push([{ fileIndex, messageIndex: 0, start: 0, end: file.bytes.length, firstLine: 1 }]);
      continue;
    }
    const splitter = new CdmKvnSplitter(file.bytes);
    while (!splitter.scan(SPLIT_WINDOW_BYTES)) await yieldToEventLoop();
    out.push(splitter.ranges().map((r, messageIndex) => ({ fileIndex, messageIndex, ...r })));
  }
  return out;
}

/**
 * One copy of each value that message after message repeats (the objects' metadata, the originator, the version):
 * a batch's digests come from the worker as new objects and strings each time, and those that wait in memory for
 * their file's write are copied by every scavenge meanwhile; swapped for the shared copy as soon as they arrive,
 * the received ones die young, uncopied.
 */
export class SharedValues {
  private readonly strings = new Map<string, string>();
  private readonly objects = new Map<string, CdmObjectDigest>();
  private readonly records = new Map<CdmObjectDigest, Map<string | null, CdmObjectRecord>>();

  string(value: string): string {
    const shared = this.strings.get(value);
    if (shared !== undefined) return shared;
    this.strings.set(value, value);
    return value;
  }

  object(o: CdmObjectDigest): CdmObjectDigest {
    const key = [o.object, o.designator, o.catalogName, o.name, o.internationalDesignator, o.objectType ?? '\u0000', o.maneuverable, o.refFrame, o.covarianceMethod].join('\u0001');
    const shared = this.objects.get(key);
    if (shared !== undefined) return shared;
    this.objects.set(key, o);
    return o;
  }

  /**
   * A shared object digest as stored, with the spacecraft it is (one object per digest and spacecraft: storage makes
   * its JSON once per object, storage/conjunctions.ts `sharedJson`).
   */
  record(o: CdmObjectDigest, spacecraftId: string | null): CdmObjectRecord {
    let bySpacecraft = this.records.get(o);
    if (!bySpacecraft) this.records.set(o, (bySpacecraft = new Map()));
    let record = bySpacecraft.get(spacecraftId);
    if (!record) bySpacecraft.set(spacecraftId, (record = { ...o, spacecraftId }));
    return record;
  }

  /** The digest with its repeated values swapped for the shared copies. */
  share(cdm: ReceivedCdm): void {
    cdm.objects = [this.object(cdm.objects[0]), this.object(cdm.objects[1])];
    cdm.originator = this.string(cdm.originator);
    cdm.version = this.string(cdm.version);
  }
}

/** Reads every file's messages on the pool in batches, READ_LOOKAHEAD batches in flight; `outcomesOf(i)` in file order. */
export class MessageReader {
  private readonly batches: Unit[][] = [];
  /** Per file: the index of its last batch. */
  private readonly lastBatchOf: number[] = [];
  private readonly running: Array<Promise<ReceivedCdms> | null> = [];
  private started = 0;
  private readonly outcomes = new Map<Unit, CdmReceiveOutcome>();
  /** The JSON of the batch each unit came in (its outcome's byte offsets point into it). */
  private readonly jsons = new Map<Unit, Uint8Array>();

  constructor(
    private readonly deps: Pick<AppDeps, 'earthData'>,
    private readonly files: readonly CdmFile[],
    unitsByFile: readonly Unit[][],
    private readonly shared: SharedValues,
  ) {
    let batch: Unit[] = [];
    let bytes = 0;
    for (const units of unitsByFile) {
      for (const unit of units) {
        const size = unit.end - unit.start;
        if (batch.length > 0 && (batch.length >= READ_BATCH_MESSAGES || bytes + size > READ_BATCH_BYTES)) {
          this.batches.push(batch);
          batch = [];
          bytes = 0;
        }
        batch.push(unit);
        bytes += size;
      }
      this.lastBatchOf.push(this.batches.length + (batch.length > 0 ? 0 : -1));
    }
    if (batch.length > 0) this.batches.push(batch);
  }

  /** Starts the batches up to `upTo`, each in a slice of its own (copying a batch's bytes and posting them is ~1 ms). */
  private async start(upTo: number): Promise<void> {
    while (this.started < this.batches.length && this.started <= upTo) {
      await yieldIfDue();
      const units = this.batches[this.started]!;
      // The batch's messages copied into one buffer for the worker (a view would carry its whole file across the thread
      // boundary; a buffer per message cost the event loop an allocation and a clone each, 4–13 ms per batch in one step
      // of the loop, bench:cdm-ingest CPU profile)
      // an upload under way waits for room on a saturated pool rather than failing half-way (workers/poolTypes.ts)
      const promise = runWhenRoom(() => this.deps.earthData
        .run('conjunctions.readCdms', () => {
          const bytes = new Uint8Array(units.reduce((sum, u) => sum + (u.end - u.start), 0));
          let offset = 0;
          const located = units.map((u): CdmUnit => {
            bytes.set(this.files[u.fileIndex]!.bytes.subarray(u.start, u.end), offset);
            const unit = { offset, length: u.end - u.start, firstLine: u.firstLine };
            offset += unit.length;
            return unit;
          });
          return { bytes, units: located };
        }))
        .then(({ output }) => {
          if (!output.ok) throw new ApiError(503, 'CDM_READ_FAILED', `the CDM reader failed: ${output.message}`);
          for (const outcome of output.outcomes) if (outcome.ok) this.shared.share(outcome.cdm);
          return { outcomes: output.outcomes, json: output.json };
        });
      promise.catch(() => undefined); // awaited in order by outcomesOf; a failure surfaces there
      this.running[this.started] = promise;
      this.started++;
    }
  }

  /** The outcome of every message of file `fileIndex`, and the JSON of its batch (files must be asked in order). */
  async outcomesOf(fileIndex: number, units: readonly Unit[]): Promise<{ outcomes: CdmReceiveOutcome[]; jsons: Uint8Array[] }> {
    const last = this.lastBatchOf[fileIndex]!;
    for (let b = 0; b <= last; b++) {
      // never more than READ_LOOKAHEAD batches on the pool: it refuses work beyond its queue (503), and a large file's
      // batches all at once filled a one-worker pool's queue by themselves
      await this.start(b + READ_LOOKAHEAD - 1);
      const running = this.running[b];
      if (!running) continue;
      const { outcomes, json } = await running;
      this.batches[b]!.forEach((unit, k) => {
        this.outcomes.set(unit, outcomes[k]!);
        this.jsons.set(unit, json);
      });
      this.running[b] = null;
    }
    await this.start(last + READ_LOOKAHEAD);
    const out = { outcomes: units.map((u) => this.outcomes.get(u)!), jsons: units.map((u) => this.jsons.get(u)!) };
    for (const u of units) {
      this.outcomes.delete(u);
      this.jsons.delete(u);
    }
    return out;
  }
}

