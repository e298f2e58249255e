/**
 * Request examples of the operations whose body is not obvious: what a person reading the document,
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

/** The orbit determination of the examples, as it ended (GET); the created one (202) is derived from it below. */
const OD_FINISHED = {
  "id": "5eed0004-0000-4000-8000-000000000004",
  "spacecraftId": "5eed0006-0000-4000-8000-000000000006",
  "status": "SUCCEEDED",
  "attempts": 1,
  "maxAttempts": 3,
  "error": null,
  "request": {
    "spacecraftId": "5eed0006-0000-4000-8000-000000000006",
    "startDate": "2023-02-10T00:00:00.000000Z",
    "endDate": "2023-02-11T00:00:00.000000Z",
    "aprioriStateVectorId": "SV-1",
    "solutionEpoch": null,
    "solveFor": {
      "dragCoefficient": false,
      "srpCoefficient": false,
      "stationBiases": false
    },
    "measurementTypes": null,
    "stationIds": null,
    "editingSigma": 3,
    "maxIterations": 25,
    "optimizer": "LEVENBERG_MARQUARDT"
  },
  "aprioriStateVectorId": "SV-1",
  "startDate": "2023-02-10T00:00:00.000000Z",
  "endDate": "2023-02-11T00:00:00.000000Z",
  "progress": {
    "iteration": 6,
    "weightedRms": 0.939957398844796,
    "rejected": 0,
    "history": [
      {
        "iteration": 1,
        "weightedRms": 186724.40744499775,
        "rejected": 0
      },
      {
        "iteration": 2,
        "weightedRms": 3434.0878241902933,
        "rejected": 0
      }
    ]
  },
  "converged": true,
  "residualCount": 410,
  "acceptedStateVectorId": null,
  "acceptedAt": null,
  "solution": {
    "converged": true,
    "failureReason": null,
    "optimizer": "LEVENBERG_MARQUARDT",
    "iterations": [
      {
        "iteration": 1,
        "weightedRms": 186724.40744499775,
        "rejected": 0,
        "stateCorrectionNorm": 2671.579590016214,
        "damping": 0,
        "accepted": true,
        "arcSeconds": null
      },
      {
        "iteration": 2,
        "weightedRms": 3434.0878241902933,
        "rejected": 0,
        "stateCorrectionNorm": 2120.3510291758234,
        "damping": 0,
        "accepted": true,
        "arcSeconds": null
      }
    ],
    "epoch": "2023-02-10T00:00:00.000000Z",
    "fitEpoch": "2023-02-10T00:00:00.000000Z",
    "state": {
      "frame": "GCRF",
      "positionKm": [-4939.611826735789, 1729.8860168161793, 4529.053052187663],
      "velocityKmS": [0.8409483750057737, -6.696969348234515, 3.4771256064128564],
      "massKg": 500
    },
    "stateCovariance": {
      "frame": "GCRF",
      "matrix": [[1.631617078493138e-09, 9.099514642495473e-10, 1.298603907949936e-09, -4.88949582701725e-13, -3.6447608972158846e-13, -3.832534535330409e-13], [9.099514642495473e-10, 1.3392741595291245e-09, 3.8660573132767656e-10, -7.837164725990378e-13, 2.6077066622682432e-14, 3.723503203675306e-13], [1.298603907949936e-09, 3.8660573132767656e-10, 1.4618530106201704e-09, -1.927000995680516e-13, -2.6921811848237735e-13, -7.772026601988765e-13], [-4.88949582701725e-13, -7.837164725990378e-13, -1.927000995680516e-13, 3.723718667612987e-15, 1.8137709183806442e-15, 2.530873599974932e-15], [-3.6447608972158846e-13, 2.6077066622682432e-14, -2.6921811848237735e-13, 1.8137709183806442e-15, 1.2839797088724037e-15, 1.8117862194762962e-15], [-3.832534535330409e-13, 3.723503203675306e-13, -7.772026601988765e-13, 2.530873599974932e-15, 1.8117862194762962e-15, 3.204380842592903e-15]],
      "standardDeviations": {
        "positionKm": [4.039328011554815e-05, 3.6596094867200304e-05, 3.823418641242639e-05],
        "velocityKmS": [6.102228009188928e-08, 3.5832662598143663e-08, 5.6607250795219716e-08]
      }
    },
    "parameters": [
      {
        "name": "X",
        "unit": "km",
        "value": -4939.611826735789,
        "sigma": 4.039328011554815e-05,
        "held": false
      },
      {
        "name": "Y",
        "unit": "km",
        "value": 1729.8860168161793,
        "sigma": 3.6596094867200304e-05,
        "held": false
      },
      {
        "name": "Z",
        "unit": "km",
        "value": 4529.053052187663,
        "sigma": 3.823418641242639e-05,
        "held": false
      },
      {
        "name": "VX",
        "unit": "km/s",
        "value": 0.8409483750057737,
        "sigma": 6.102228009188928e-08,
        "held": false
      },
      {
        "name": "VY",
        "unit": "km/s",
        "value": -6.696969348234515,
        "sigma": 3.5832662598143663e-08,
        "held": false
      },
      {
        "name": "VZ",
        "unit": "km/s",
        "value": 3.4771256064128564,
        "sigma": 5.6607250795219716e-08,
        "held": false
      }
    ],
    "covariance": {
      "parameters": ["X", "Y", "Z", "VX", "VY", "VZ"],
      "matrix": [[1.631617078493138e-09, 9.099514642495473e-10, 1.298603907949936e-09, -4.88949582701725e-13, -3.6447608972158846e-13, -3.832534535330409e-13], [9.099514642495473e-10, 1.3392741595291245e-09, 3.8660573132767656e-10, -7.837164725990378e-13, 2.6077066622682432e-14, 3.723503203675306e-13], [1.298603907949936e-09, 3.8660573132767656e-10, 1.4618530106201704e-09, -1.927000995680516e-13, -2.6921811848237735e-13, -7.772026601988764e-13], [-4.889495827017251e-13, -7.837164725990377e-13, -1.927000995680516e-13, 3.723718667612987e-15, 1.8137709183806442e-15, 2.530873599974932e-15], [-3.6447608972158846e-13, 2.6077066622682435e-14, -2.692181184823773e-13, 1.8137709183806442e-15, 1.2839797088724037e-15, 1.8117862194762962e-15], [-3.832534535330409e-13, 3.7235032036753054e-13, -7.772026601988765e-13, 2.530873599974932e-15, 1.8117862194762962e-15, 3.204380842592903e-15]]
    },
    "dragCoefficient": null,
    "srpCoefficient": null,
    "stationBiases": [],
    "counts": [
      {
        "kind": "RANGE",
        "stationId": "5eed0000-0000-4000-8000-000000000000",
        "used": 57,
        "rejected": 0,
        "stationName": "VIS-STN-2"
      },
      {
        "kind": "RANGE",
        "stationId": "5eed0005-0000-4000-8000-000000000005",
        "used": 90,
        "rejected": 0,
        "stationName": "VIS-STN-1"
      },
      {
        "kind": "RANGE",
        "stationId": "5eed0009-0000-4000-8000-000000000009",
        "used": 58,
        "rejected": 0,
        "stationName": "VIS-STN-3"
      },
      {
        "kind": "RANGE_RATE",
        "stationId": "5eed0000-0000-4000-8000-000000000000",
        "used": 57,
        "rejected": 0,
        "stationName": "VIS-STN-2"
      },
      {
        "kind": "RANGE_RATE",
        "stationId": "5eed0005-0000-4000-8000-000000000005",
        "used": 90,
        "rejected": 0,
        "stationName": "VIS-STN-1"
      },
      {
        "kind": "RANGE_RATE",
        "stationId": "5eed0009-0000-4000-8000-000000000009",
        "used": 58,
        "rejected": 0,
        "stationName": "VIS-STN-3"
      }
    ],
    "statistics": {
      "byType": [
        {
          "kind": "RANGE",
          "stationId": null,
          "count": 205,
          "mean": [0.0005510706485116626],
          "rms": [0.004762799127269077],
          "min": [-0.010914724449321511],
          "max": [0.014067121796188076],
          "normalizedRms": 0.9525598254538157,
          "normalized": {
            "mean": [0.11021412970233253],
            "rms": [0.9525598254538157],
            "min": [-2.1829448898643022],
            "max": [2.813424359237615]
          },
          "units": ["km"],
          "components": ["range"],
          "stationName": null
        },
        {
          "kind": "RANGE_RATE",
          "stationId": null,
          "count": 205,
          "mean": [2.3551698080777847e-08],
          "rms": [9.271836938911002e-07],
          "min": [-2.420457915874863e-06],
          "max": [2.5091434237012322e-06],
          "normalizedRms": 0.9271836938911002,
          "normalized": {
            "mean": [0.02355169808077785],
            "rms": [0.9271836938911002],
            "min": [-2.420457915874863],
            "max": [2.5091434237012322]
          },
          "units": ["km/s"],
          "components": ["rangeRate"],
          "stationName": null
        }
      ],
      "byStation": [
        {
          "kind": "RANGE",
          "stationId": "5eed0000-0000-4000-8000-000000000000",
          "count": 57,
          "mean": [4.187419620736539e-05],
          "rms": [0.004661956608385203],
          "min": [-0.010914724449321511],
          "max": [0.014067121796188076],
          "normalizedRms": 0.9323913216770405,
          "normalized": {
            "mean": [0.00837483924147308],
            "rms": [0.9323913216770405],
            "min": [-2.1829448898643022],
            "max": [2.813424359237615]
          },
          "units": ["km"],
          "components": ["range"],
          "stationName": "VIS-STN-2"
        },
        {
          "kind": "RANGE",
          "stationId": "5eed0005-0000-4000-8000-000000000005",
          "count": 90,
          "mean": [0.001345819625753898],
          "rms": [0.004839401347889622],
          "min": [-0.010174606609098191],
          "max": [0.011487230151260519],
          "normalizedRms": 0.9678802695779246,
          "normalized": {
            "mean": [0.2691639251507796],
            "rms": [0.9678802695779246],
            "min": [-2.0349213218196383],
            "max": [2.297446030252104]
          },
          "units": ["km"],
          "components": ["range"],
          "stationName": "VIS-STN-1"
        },
        {
          "kind": "RANGE",
          "stationId": "5eed0009-0000-4000-8000-000000000009",
          "count": 58,
          "mean": [-0.00018174331994447944],
          "rms": [0.0047409824559967026],
          "min": [-0.010378768854707232],
          "max": [0.00912892082419603],
          "normalizedRms": 0.9481964911993406,
          "normalized": {
            "mean": [-0.03634866398889589],
            "rms": [0.9481964911993406],
            "min": [-2.0757537709414464],
            "max": [1.825784164839206]
          },
          "units": ["km"],
          "components": ["range"],
          "stationName": "VIS-STN-3"
        },
        {
          "kind": "RANGE_RATE",
          "stationId": "5eed0000-0000-4000-8000-000000000000",
          "count": 57,
          "mean": [4.293561472718951e-08],
          "rms": [9.260465510845124e-07],
          "min": [-2.2955399856527947e-06],
          "max": [2.158903687821123e-06],
          "normalizedRms": 0.9260465510845121,
          "normalized": {
            "mean": [0.04293561472718952],
            "rms": [0.9260465510845121],
            "min": [-2.2955399856527947],
            "max": [2.158903687821123]
          },
          "units": ["km/s"],
          "components": ["rangeRate"],
          "stationName": "VIS-STN-2"
        },
        {
          "kind": "RANGE_RATE",
          "stationId": "5eed0005-0000-4000-8000-000000000005",
          "count": 90,
          "mean": [2.6156679489983742e-08],
          "rms": [9.282470087938429e-07],
          "min": [-2.420457915874863e-06],
          "max": [2.5091434237012322e-06],
          "normalizedRms": 0.928247008793843,
          "normalized": {
            "mean": [0.02615667948998374],
            "rms": [0.928247008793843],
            "min": [-2.420457915874863],
            "max": [2.5091434237012322]
          },
          "units": ["km/s"],
          "components": ["rangeRate"],
          "stationName": "VIS-STN-1"
        },
        {
          "kind": "RANGE_RATE",
          "stationId": "5eed0009-0000-4000-8000-000000000009",
          "count": 58,
          "mean": [4.5977436226068403e-10],
          "rms": [9.266494740718953e-07],
          "min": [-2.4043674073936927e-06],
          "max": [2.212638380960641e-06],
          "normalizedRms": 0.9266494740718952,
          "normalized": {
            "mean": [0.00045977436226068405],
            "rms": [0.9266494740718952],
            "min": [-2.4043674073936927],
            "max": [2.212638380960641]
          },
          "units": ["km/s"],
          "components": ["rangeRate"],
          "stationName": "VIS-STN-3"
        }
      ]
    },
    "forceModel": {
      "gravityDegree": 20,
      "gravityOrder": 20,
      "atmosphere": "HARRIS_PRIESTER",
      "solarRadiationPressure": true,
      "thirdBodies": ["SUN", "MOON"],
      "massKg": 500,
      "dragAreaM2": 1,
      "dragCoefficient": 2.2,
      "srpAreaM2": 1,
      "reflectivityCoefficient": 1.5,
      "maneuvers": 0,
      "positionToleranceM": 0.0001
    },
    "apriori": {
      "stateVectorId": "SV-1",
      "epoch": "2023-02-10T00:00:00.000000Z",
      "positionKm": [-4939.144061994297, 1728.8789337564147, 4529.183757016953],
      "velocityKmS": [0.8416400015339885, -6.696570071734738, 3.477727376023563],
      "frame": "GCRF"
    },
    "measurements": {
      "storedCount": 410,
      "modelledCount": 410,
      "skipped": {
        "count": 0,
        "reasons": []
      },
      "warnings": []
    },
    "elapsedMs": 2479.7420070000007
  },
  "createdAt": "2026-12-02T07:26:26.455Z",
  "updatedAt": "2026-12-02T07:26:29.132Z",
  "startedAt": "2026-12-02T07:26:26.456Z",
  "finishedAt": "2026-12-02T07:26:29.132Z"
};

/** The screening of the examples, as it ended (GET); likewise. */
const SCREENING_FINISHED = {
  "id": "5eed000b-0000-4000-8000-00000000000b",
  "status": "SUCCEEDED",
  "request": {
    "primaries": [
      {
        "spacecraftId": "5eed0003-0000-4000-8000-000000000003"
      }
    ],
    "secondaries": "CATALOG",
    "start": "2023-02-15T06:00:00.000000Z",
    "durationDays": 1,
    "volume": {
      "shape": "SPHERE",
      "radiusKm": 50
    },
    "pcThreshold": 1,
    "secondariesPerChunk": 200
  },
  "spanStart": "2023-02-15T06:00:00.000000Z",
  "spanEnd": "2023-02-16T06:00:00.000000Z",
  "pcThreshold": 1,
  "catalogAsOfSetId": 300,
  "secondaryCount": 300,
  "progress": {
    "chunksDone": 2,
    "chunksRunning": 0,
    "approachesSoFar": 3,
    "chunksTotal": 2
  },
  "approachCount": 3,
  "eventCount": 0,
  "issues": [],
  "counts": {
    "pairs": 300,
    "afterApogeePerigee": 102,
    "pathCells": 2928,
    "afterPhasing": 117,
    "afterPath": 88,
    "unfilteredPairs": 0,
    "pairsSearched": 26,
    "searchedPairSeconds": 20499.16046252168,
    "sieveEvaluations": 216,
    "localEvaluations": 26,
    "localSearches": 6,
    "minimaFound": 3,
    "approaches": 3
  },
  "timings": {
    "setupMs": 1710.0498179999995,
    "filtersMs": 239.1353180000042,
    "samplingMs": 39.32992099999501,
    "refinementMs": 1.6082400000013877,
    "pcMs": 53.93330999999853,
    "storingMs": 2.3816080000015063,
    "eventLoopDelayP99Ms": 40.402943,
    "eventLoopDelayMaxMs": 52.953087
  },
  "chunks": [
    {
      "index": 0,
      "kind": "SCREEN",
      "planKey": "catalog:p0-0:s0-199",
      "secondarySource": "CATALOG",
      "fromNoradId": 10001,
      "toNoradId": 10200,
      "secondaryCount": 200,
      "slice": null,
      "status": "SUCCEEDED",
      "attempts": 1,
      "attemptOwners": ["apsis-eu-1"],
      "ranBy": "apsis-eu-1",
      "approachCount": 3,
      "computeMs": 1946.9377710000008,
      "error": null
    },
    {
      "index": 1,
      "kind": "SCREEN",
      "planKey": "catalog:p0-0:s200-299",
      "secondarySource": "CATALOG",
      "fromNoradId": 10201,
      "toNoradId": 10300,
      "secondaryCount": 100,
      "slice": null,
      "status": "SUCCEEDED",
      "attempts": 1,
      "attemptOwners": ["apsis-eu-1"],
      "ranBy": "apsis-eu-1",
      "approachCount": 0,
      "computeMs": 2235.764403000001,
      "error": null
    },
    {
      "index": 2,
      "kind": "MERGE",
      "planKey": "merge",
      "secondarySource": null,
      "fromNoradId": null,
      "toNoradId": null,
      "secondaryCount": 0,
      "slice": null,
      "status": "SUCCEEDED",
      "attempts": 1,
      "attemptOwners": ["apsis-eu-1"],
      "ranBy": "apsis-eu-1",
      "approachCount": 3,
      "computeMs": null,
      "error": null
    }
  ],
  "mergedBy": "apsis-eu-1",
  "error": null,
  "createdAt": "2026-12-02T07:26:50.826Z",
  "startedAt": "2026-12-02T07:26:50.837Z",
  "finishedAt": "2026-12-02T07:26:53.204Z"
};

/**
 * Response examples of the same operations (and of their results' GETs): `METHOD /path` → the success status and
 * its JSON body, as the service answered them (captured from a test service, identities replaced by readable ones).
 * A job as created is the finished one before it ran (the fields a run fills are empty). Placed on that response's
 * media type by openApiDocument; validated against the schema by test/api/openapi-examples.test.ts.
 */
export const RESPONSE_EXAMPLES: Readonly<Record<string, { status: string; example: unknown }>> = {
  'POST /operations/orbit-determinations': {
    status: '202',
    example: {
      ...withoutSolution(OD_FINISHED),
      status: "QUEUED",
      attempts: 0,
      progress: null,
      converged: null,
      residualCount: null,
      updatedAt: "2026-12-02T07:26:26.455Z",
      startedAt: null,
      finishedAt: null,
    },
  },
  'GET /operations/orbit-determinations/{id}': { status: '200', example: OD_FINISHED },
  'POST /operations/measurements': {
    status: '202',
    example: {
      "batchId": "5eed000a-0000-4000-8000-00000000000a",
      "successCount": 1,
      "failureCount": 0,
      "totalCount": 1,
      "results": [
        {
          "filename": "pass-2026-12-01.tdm",
          "errorCode": null,
          "errors": [],
          "params": {
            "contentHash": "2464ddbe7d5f2b272f0e82dd45abdfa74fdb0d8ac785a37fee2c7acbccf70c03",
            "format": "TDM",
            "measurementCount": 120,
            "stations": {
              "resolved": [],
              "unresolved": ["DSS-65"]
            }
          },
          "measurementContext": {
            "startDate": "2026-10-01T00:00:00.000000Z",
            "endDate": "2026-10-01T00:00:59.000000Z",
            "spacecraftIds": ["5eed0003-0000-4000-8000-000000000003"],
            "measurementTypes": ["RANGE", "AZEL"]
          },
          "uncertaintySummary": "TDM carries no per-observation uncertainty; sigma is null",
          "warnings": [],
          "jobId": "5eed0002-0000-4000-8000-000000000002",
          "status": "success",
          "message": "120 measurements queued for import",
          "code": "import.tracking.tdm.queued"
        }
      ]
    },
  },
  'POST /operations/catalog': {
    status: '200',
    example: {
      "uploadId": "5eed0007-0000-4000-8000-000000000007",
      "successCount": 1,
      "failureCount": 0,
      "totalCount": 1,
      "results": [
        {
          "filename": "catalog.3le",
          "status": "success",
          "code": "import.catalog.stored",
          "message": "300 element sets stored (0 already known); 300 objects updated",
          "error": null,
          "format": "TLE",
          "line": null,
          "errors": [],
          "errorCount": 0,
          "errorsTruncated": false,
          "setCount": 300,
          "objectCount": 300,
          "storedCount": 300,
          "alreadyKnownCount": 0,
          "objectsUpdated": 300,
          "objectsAdded": 300,
          "params": {
            "contentHash": "787b6f53ccd7400f33b853c952e11417192cf595dd015fb987607b623d1546f3"
          }
        }
      ]
    },
  },
  'POST /operations/conjunctions/screenings': {
    status: '202',
    example: {
      ...SCREENING_FINISHED,
      status: "QUEUED",
      progress: {"chunksDone": 0, "chunksRunning": 0, "approachesSoFar": 0, "chunksTotal": 2},
      approachCount: null,
      eventCount: null,
      counts: null,
      timings: null,
      mergedBy: null,
      startedAt: null,
      finishedAt: null,
      chunks: SCREENING_FINISHED.chunks.map((chunk) => ({ ...chunk, status: "QUEUED", attempts: 0, attemptOwners: [], ranBy: null, approachCount: null, computeMs: null })),
    },
  },
  'GET /operations/conjunctions/screenings/{id}': { status: '200', example: SCREENING_FINISHED },
  'POST /operations/conjunctions/cdms': {
    status: '200',
    example: {
      "uploadId": "5eed0001-0000-4000-8000-000000000001",
      "successCount": 1,
      "failureCount": 0,
      "totalCount": 1,
      "results": [
        {
          "filename": "AlfanoTestCase01.cdm",
          "status": "success",
          "message": "1 CDM stored in 1 event(s)",
          "code": "import.conjunction.cdm.stored",
          "error": null,
          "line": null,
          "keyword": null,
          "errors": [],
          "cdmCount": 1,
          "storedCount": 1,
          "duplicateCount": 0,
          "eventIds": ["5eed000c-0000-4000-8000-00000000000c"],
          "cdms": [
            {
              "messageIndex": 0,
              "originator": "JSPOC",
              "messageId": "A09_case_01",
              "status": "stored",
              "cdmId": "5eed0008-0000-4000-8000-000000000008",
              "eventId": "5eed000c-0000-4000-8000-00000000000c"
            }
          ],
          "cdmsTruncated": false,
          "params": {
            "contentHash": "18de9dd82e1666707b3c41cd0a5691ad28258dfc0c214b0a6b640b3adec131fb"
          }
        }
      ]
    },
  },
};

function withoutSolution({ solution: _solution, ...job }: typeof OD_FINISHED): Omit<typeof OD_FINISHED, 'solution'> {
  return job;
}
