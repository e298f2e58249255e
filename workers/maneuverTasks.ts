/**
 * Maneuver tasks of the compute pool: OCM files are parsed and mapped to record contents, and exports
 * written and zipped, off the event loop (a 1,000-maneuver file takes ~0.2 s to read). The mapping module is pure (engine/files + engine/time).
 */
import { readOcmFile, toOcmReadTransport, writeOcmExport, type OcmExportFile, type OcmExportPayload, type OcmReadTransport } from '../domain/maneuvers/ocm.ts';

export function readOcmTask(input: { bytes: Uint8Array }): OcmReadTransport {
  return toOcmReadTransport(readOcmFile(input.bytes));
}

export function writeExportTask(input: { files: OcmExportFile[]; createdAt: string }): OcmExportPayload {
  return writeOcmExport(input.files, input.createdAt);
}
