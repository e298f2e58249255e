/**
 * Worker-side product tasks: generate a file (OEM, TLE) exactly as the single-request tasks do, then pack it off the
 * event loop (domain/products/packing.ts): as storage pieces (a stored product) or as one ZIP entry (a batch). Only
 * the packed bytes cross back to the main thread.
 */
import type { GenerateOemInput } from '../engine/products/oemProduct.ts';
import type { GenerateTleInput } from '../engine/products/tleProduct.ts';
import { generateOemTask } from './ephemerisTasks.ts';
import type { TaskFailure, WithEarthData } from './contracts.ts';
import { generateTleTask } from './tleTasks.ts';
import { packProduct, PRODUCT_DEFLATE_LEVEL, zipEntry, type PackedProduct, type ZipEntryData } from '../domain/products/packing.ts';

const encoder = new TextEncoder();

export interface OemProductResult {
  ok: true;
  product: PackedProduct;
  pointCount: number;
  truncatedAt: string | null;
}

export function oemProductTask(input: GenerateOemInput & WithEarthData): OemProductResult | TaskFailure {
  const result = generateOemTask(input);
  if (!result.ok) return result;
  return {
    ok: true,
    product: packProduct(encoder.encode(result.text)),
    pointCount: result.pointCount,
    truncatedAt: result.truncatedAt,
  };
}

export function tleProductTask(input: GenerateTleInput & WithEarthData): { ok: true; product: PackedProduct } | TaskFailure {
  const result = generateTleTask(input);
  if (!result.ok) return result;
  return { ok: true, product: packProduct(encoder.encode(result.text)) };
}

export interface OemZipEntryResult {
  ok: true;
  entry: ZipEntryData;
  pointCount: number;
  truncatedAt: string | null;
}

export function oemZipEntryTask(input: GenerateOemInput & WithEarthData): OemZipEntryResult | TaskFailure {
  const result = generateOemTask(input);
  if (!result.ok) return result;
  return { ok: true, entry: zipEntry(encoder.encode(result.text)), pointCount: result.pointCount, truncatedAt: result.truncatedAt };
}

/** A text file (a batch's manifest) as a ZIP entry. */
export function textZipEntryTask(input: { text: string }): ZipEntryData {
  return zipEntry(encoder.encode(input.text), PRODUCT_DEFLATE_LEVEL);
}
