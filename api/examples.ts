/**
 * Request examples of the operations whose body is not obvious (issue 39 item 3): what a person reading the document,
 * or a generator writing a client's documentation, needs to see once. Placed on the operation's request media type by
 * openApiDocument (api/openapi.ts). Response examples live on their schemas (`.openapi({ example })`, e.g.
 * api/schemas/webhooks.ts, api/schemas/changes.ts). test/api/openapi-examples.test.ts fails when an operation of its
 * list has none, and validates every example of the document against its schema.
 */

const SPACECRAFT_ID = '9d2e8c1a-4b7f-4e0a-8c3d-2f6b5a1e9c70';
const CDM_KVN =
  'CCSDS_CDM_VERS = 1.0\nCREATION_DATE = 2026-12-02T06:00:00.000\nORIGINATOR = JSPOC\nMESSAGE_ID = 201113719185\n' +
  'TCA = 2026-12-03T11:22:33.000\nMISS_DISTANCE = 715 [m]\n… (relative metadata, then OBJECT1 and OBJECT2 blocks)';

/** `METHOD /path` (OpenAPI form) → the example of its request body (its first media type). */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  'POST /operations/conjunctions/screenings': {
    primaries: [{ spacecraftId: SPACECRAFT_ID }],
    secondaries: 'CATALOG',
    start: '2026-12-02T00:00:00Z',
    durationDays: 7,
    volume: { shape: 'SPHERE', radiusKm: 10 },
    pcThreshold: 1e-7,
    secondariesPerChunk: 3000,
  },
  'POST /operations/orbit-determinations': {
    spacecraftId: SPACECRAFT_ID,
    startDate: '2026-12-01T00:00:00Z',
    endDate: '2026-12-02T00:00:00Z',
    aprioriStateVectorId: 'SV-12',
  },
  'POST /operations/ephemerides/batch': {
    initialDate: '2026-12-02T00:00:00Z',
    finalDate: '2026-12-03T00:00:00Z',
    timeBetweenPoints: 600,
    items: [{ stateVectorId: 'SV-12' }, { spacecraftId: SPACECRAFT_ID, referenceFrame: 'ITRF' }],
  },
  'POST /operations/state-vectors/{id}/generate-oem': {
    initialDate: '2026-12-02T00:00:00Z',
    finalDate: '2026-12-03T00:00:00Z',
    referenceFrame: 'GCRF',
    timeBetweenPoints: 60,
    timeSystem: 'UTC',
    includeCovariance: false,
  },
  'POST /operations/measurements/residuals': {
    spacecraftId: SPACECRAFT_ID,
    startDate: '2026-12-01T00:00:00Z',
    endDate: '2026-12-02T00:00:00Z',
    stateVectorId: 'SV-12',
  },
  'PUT /operations/conjunctions/settings': {
    defaultHardBodyRadiusM: 5,
    riskThresholds: { mediumPc: 1e-5, highPc: 1e-4 },
    eventGroupingWindowS: 600,
    defaultPcMethod: 'LAAS_2015',
  },
  'POST /operations/spacecraft/{spacecraftId}/tasks': {
    name: 'OEM of the next 24 h every 6 hours',
    kind: 'GENERATE_OEM',
    schedule: { type: 'INTERVAL', intervalSeconds: 21600 },
    enabled: true,
  },
  // multipart uploads: the parts by name (a file part's value is the file's content)
  'POST /operations/conjunctions/cdms': { files: [CDM_KVN] },
  'POST /operations/catalog': { files: ['ISS (ZARYA)\n1 25544U 98067A   26336.25000000  .00016717  00000-0  30000-3 0  9993\n2 25544  51.6400 208.9163 0006317  69.9862  25.2906 15.50000000    17'] },
  'POST /operations/measurements': { files: ['CCSDS_TDM_VERS = 2.0\n… (a TDM, SP3 or OEM file)'] },
};
