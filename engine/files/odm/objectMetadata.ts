/**
 * The object metadata of the OPM and the OMM, CCSDS 502.0-B-3 §3.2.3 (table 3-3) and §4.2.3 (table 4-1): the
 * object, the centre and frame of its orbit and their time system, the keywords every ODM names its object by (the
 * OEM segment metadata, table 5-3, starts with the same). The OMM adds MEAN_ELEMENT_THEORY; its reader adds it.
 */
import type { OdmObjectMetadata } from '../common/definitions.ts';
import type { KeySpec } from '../common/keywords.ts';
import type { MissingKeywordReport, OdmKeywordsRead } from './keywordsRead.ts';

/** The object metadata keywords and their value types. */
export const OBJECT_METADATA_KEYS: Readonly<Record<string, KeySpec>> = {
  OBJECT_NAME: { type: 'text' },
  OBJECT_ID: { type: 'text' },
  CENTER_NAME: { type: 'text' },
  REF_FRAME: { type: 'frame' },
  REF_FRAME_EPOCH: { type: 'epoch' },
  TIME_SYSTEM: { type: 'timeSystem' },
};

/** The object's metadata read; REF_FRAME_EPOCH is optional: only a frame whose epoch its name does not imply needs it. */
export function objectMetadataOf(read: OdmKeywordsRead, missing: MissingKeywordReport): OdmObjectMetadata {
  return {
    comments: read.metadataComments,
    objectName: read.requiredText('OBJECT_NAME', missing),
    objectId: read.requiredText('OBJECT_ID', missing),
    centerName: read.requiredText('CENTER_NAME', missing),
    refFrame: read.requiredText('REF_FRAME', missing),
    refFrameEpoch: read.optionalText('REF_FRAME_EPOCH'),
    timeSystem: read.requiredText('TIME_SYSTEM', missing),
  };
}
