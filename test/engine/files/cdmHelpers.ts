/**
 * Shared by the CDM tests: the fixture list, and the two comparisons of a written-and-read-back CDM with the original.
 */
import type { CdmMessage, CdmObject } from '../../../engine/files/cdm/cdmReader.ts';
import { fixtureNames } from './helpers.ts';

/** Orekit's samples (test/fixtures/ccsds/cdm/) that Orekit 13.1 refuses, with the line and keyword we report. */
export const MALFORMED_CDM: Readonly<Record<string, { line: number; keyword: string; message: RegExp }>> = {
  'CDM-covariance-wrong-entry-format.txt': { line: 65, keyword: 'CRDOT_T', message: /CRDOT_T must be a number, got "-4\.152E-02 this-is-not-a-number"/ },
  'CDM-missing-TCA.txt': { line: 6, keyword: 'TCA', message: /TCA is required in the relative metadata/ },
  'CDM-missing-object1-covariance-block.xml': { line: 96, keyword: 'CR_R', message: /RTN covariance of OBJECT1 is missing/ },
  'CDM-missing-object2-state-vector.txt': { line: 52, keyword: 'X', message: /state vector of OBJECT2 starting at this line lacks X/ },
  // Orekit reports "value for key OBJECT has not been initialized" here: we name the keyword that is wrong
  'CDM-wrong-key-word.txt': { line: 6, keyword: 'WRONG_KEYWORD', message: /unexpected keyword WRONG_KEYWORD in the relative metadata/ },
  'CDMExample_issue1319_mandatory_empty_value.xml': { line: 88, keyword: 'X', message: /X is required but has no value/ },
};

/** The sample files Orekit reads (all but the six malformed ones). */
export function validCdmFixtures(): string[] {
  return fixtureNames('cdm').filter((name) => !(name in MALFORMED_CDM));
}

/** The message without its line numbers and notation (what a write → read cycle must give back). */
export function withoutLines(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLines);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'line' && key !== 'notation').map(([key, v]) => [key, withoutLines(v)]));
  }
  return value;
}

const DATA_BLOCKS = ['odParameters', 'additionalParameters', 'stateVector', 'rtnCovariance', 'xyzCovariance', 'sigmaEigenvectorsCovariance', 'additionalCovarianceMetadata'] as const;

/**
 * What survives KVN whatever the notation read: the same values, and each object's data comments in the same order
 * (KVN cannot say whether a comment after the metadata is the data section's or its first block's); a block with
 * comments only and no value cannot be told from no block at all.
 */
export function kvnCanonical(message: CdmMessage): unknown {
  const object = (o: CdmObject) => {
    const comments = [...o.dataComments];
    const out: Record<string, unknown> = { ...o, dataComments: [] };
    for (const key of DATA_BLOCKS) {
      const block = o[key] as ({ comments: string[] } & Record<string, unknown>) | null;
      if (!block) continue;
      comments.push(...block.comments);
      const values = Object.entries(block).filter(([k]) => k !== 'comments' && k !== 'line');
      const empty = values.every(([, v]) => v === null || (Array.isArray(v) && v.every((x) => x === null)));
      out[key] = empty ? null : { ...block, comments: [] };
    }
    out['allDataComments'] = comments;
    return out;
  };
  return withoutLines({ ...message, objects: message.objects.map(object) });
}
