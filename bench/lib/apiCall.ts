/**
 * The API benches' HTTP call and checks (bench/screening.ts, bench/screening-fleet.ts): one request to a server on
 * 127.0.0.1 with a bearer key, JSON or multipart, answered as status, parsed JSON (empty when the body is not JSON)
 * and text; a status check that throws with the body's start; a server process's peak resident memory.
 */
import { readFileSync } from 'node:fs';

export type Json = Record<string, any>;

export async function apiCall(
  port: number, secret: string, method: string, path: string, body?: { json?: unknown; form?: FormData },
): Promise<{ status: number; json: Json; text: string }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${secret}` };
  let payload: BodyInit | undefined;
  if (body?.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body?.form) payload = body.form;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
  const text = await response.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // a text answer (an OEM, say)
  }
  return { status: response.status, json, text };
}

export function expectStatus(what: string, got: { status: number; text: string }, status: number): void {
  if (got.status !== status) throw new Error(`${what}: ${got.status} ${got.text.slice(0, 500)}`);
}

/** Peak resident memory of a server process (the process with its worker threads: VmHWM), MiB. */
export function peakRssMiB(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}
