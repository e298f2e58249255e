/** Generators of tracking files for tests and benchmarks. */

/** A TDM 2.0 KVN with RANGE and AZEL angle pairs, one observation per second from `start` (UTC). */
export function makeTdm(options: { participants: [string, string]; start: string; count: number; timeSystem?: string }): string {
  const lines = [
    'CCSDS_TDM_VERS = 2.0',
    'CREATION_DATE = 2026-11-01T00:00:00',
    'ORIGINATOR = APSIS-TEST',
    'META_START',
    `TIME_SYSTEM = ${options.timeSystem ?? 'UTC'}`,
    `PARTICIPANT_1 = ${options.participants[0]}`,
    `PARTICIPANT_2 = ${options.participants[1]}`,
    'MODE = SEQUENTIAL',
    'PATH = 1,2,1',
    'ANGLE_TYPE = AZEL',
    'RANGE_UNITS = km',
    'META_STOP',
    'DATA_START',
  ];
  const t0 = Date.parse(`${options.start}Z`);
  for (let i = 0; i < options.count; i++) {
    const epoch = new Date(t0 + i * 1000).toISOString().replace('Z', '');
    lines.push(`RANGE = ${epoch} ${(1000 + i).toFixed(3)}`);
    // Azimuth and elevation stay physical (0..360, ±90) however many rows: they repeat every 3,000.
    lines.push(`ANGLE_1 = ${epoch} ${(10 + (i % 3000) * 0.01).toFixed(4)}`);
    lines.push(`ANGLE_2 = ${epoch} ${(45 - (i % 3000) * 0.01).toFixed(4)}`);
  }
  lines.push('DATA_STOP', '');
  return lines.join('\n');
}
