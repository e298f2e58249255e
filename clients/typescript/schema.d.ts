/**
 * Types of the Apsis Operations API, generated from GET /openapi.json by openapi-typescript (default settings).
 * Do not edit: run `npm run client:generate`. A test fails when this file and the API differ.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health: status and version to anyone; database, compute pool and Earth data for a key holding read:health
         * @description No key: `status` and `version` only (what a load balancer needs). With `Authorization: Bearer <key>` the key is checked as on /operations (401, 403 without read:health or the Operations environment, 429), and the answer adds `database`, `pool` and `earthData`.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The instance’s metrics in the Prometheus text format (requests, latency, pool, jobs, leases, event loop, database, webhooks)
         * @description Permission read:metrics. With METRICS_PORT set, the same text is served without a key on that port (a scraper on the host’s network).
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/livez": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: 200 while the process answers (no key; nothing else is checked) */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 when the instance can serve (migrations applied, database reachable, compute pool up, Earth data loaded), 503 saying which check failed (no key) */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List spacecraft (summaries, paged)
         * @description Filters are exact (name case-insensitive). Without status, only Active craft are listed unless includeArchived=true. Permission PERM_read:spacecraft.
         */
        get: operations["listSpacecraft"];
        put?: never;
        /**
         * Register a spacecraft
         * @description Creates an Active spacecraft; derived geometry is computed. Permission write:spacecraft.
         */
        post: operations["createSpacecraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one spacecraft
         * @description Permission read:spacecraft. A spacecraft of another organization is 404. ETag: send it back as If-Match on PATCH/lifecycle.
         */
        get: operations["getSpacecraft"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a spacecraft partially
         * @description Omitted fields are unchanged. externalKey: unique in the organization and immutable once set (409). Permission write:spacecraft.
         */
        patch: operations["updateSpacecraft"];
        trace?: never;
    };
    "/operations/spacecraft/{id}/lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Archive or restore a spacecraft
         * @description Active → Archived: when the craft has scheduled tasks, confirmTaskDeletion must be true and the tasks are permanently deleted in the same transaction; otherwise 409 with taskCount. Archived → Active: the flag is ignored. Requesting the current status returns the record unchanged. The id is resolved strictly (names and NORAD ids are 404). Permission write:spacecraft.
         */
        put: operations["setSpacecraftLifecycle"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/thrusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a spacecraft's thrusters (paged; oldest first by default)
         * @description Permission read:spacecraft. Unknown spacecraft or another organization → 404.
         */
        get: operations["listThrusters"];
        put?: never;
        /**
         * Add a thruster
         * @description The direction is normalized. Permission write:spacecraft.
         */
        post: operations["createThruster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/thrusters/{thrusterId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one thruster
         * @description Permission read:spacecraft. Any miss (spacecraft, thruster, another organization) is the same 404.
         */
        get: operations["getThruster"];
        /**
         * Replace a thruster
         * @description Full replacement; omitted optional fields take their defaults. Permission write:spacecraft.
         */
        put: operations["replaceThruster"];
        post?: never;
        /**
         * Remove a thruster
         * @description 409 THRUSTER_IN_USE (details.references) while the spacecraft's maneuverCapabilities reference it. Permission write:spacecraft.
         */
        delete: operations["deleteThruster"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/payloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a spacecraft's payloads (paged; by slotIndex by default)
         * @description Permission read:spacecraft. Unknown spacecraft or another organization → 404.
         */
        get: operations["listPayloads"];
        put?: never;
        /**
         * Add a payload
         * @description slotIndex = highest slot ever assigned on the craft + 1 (first 0). Permission write:spacecraft.
         */
        post: operations["createPayload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/payloads/{payloadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one payload
         * @description Permission read:spacecraft. Any miss (spacecraft, payload, another organization) is the same 404.
         */
        get: operations["getPayload"];
        /**
         * Replace a payload
         * @description Full replacement of the writable fields; slotIndex is kept. Permission write:spacecraft.
         */
        put: operations["replacePayload"];
        post?: never;
        /**
         * Remove a payload
         * @description Its slot index stays as a gap and is never repacked or reused; any miss gives the same 404. Permission write:spacecraft.
         */
        delete: operations["deletePayload"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/measurements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Query measurements (paged, newest first by default) */
        get: operations["queryMeasurements"];
        put?: never;
        /**
         * Upload tracking files (TDM, SP3, OEM); one background job per valid file
         * @description Each file is validated synchronously (format detected from content, parsed, its objects resolved to spacecraft). 202 when every file was accepted (or is a duplicate), 207 when any failed (per-file results). With exactly one file, X-Content-Hash (from /inspect) must match the content or the request is a 409 IMPORT_STALE_PREVIEW. Idempotent: a file whose content was already uploaded for the same spacecraft (that job queued, running, or succeeded with its measurements still stored) is a `duplicate` result naming that job, and nothing is queued — unless allowDuplicate=true. Every job of one upload carries the response batchId.
         */
        post: operations["uploadMeasurements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/measurements/inspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inspect one tracking file without storing it: content hash and parse summary */
        post: operations["inspectTrackingFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/measurements/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List upload jobs (paged, newest first by default; filters status, spacecraft, file, batch)
         * @description Permission read:tracking.
         */
        get: operations["listMeasurementJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/measurements/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and progress of an upload job
         * @description Permission read:tracking.
         */
        get: operations["getMeasurementJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a queued upload job
         * @description A QUEUED job becomes CANCELLED (terminal; nothing of its file is stored; its stored bytes are dropped) and is returned. A RUNNING, SUCCEEDED, FAILED or already CANCELLED job → 409 JOB_NOT_CANCELLABLE (details.status). Permission write:tracking.
         */
        delete: operations["cancelMeasurementJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/measurements/outliers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Flag or unflag measurements by id (unknown ids are ignored) */
        patch: operations["setMeasurementOutliers"];
        trace?: never;
    };
    "/operations/measurements/outliers/by-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Flag or unflag every measurement of a source file (exact, case-sensitive name) */
        patch: operations["setMeasurementOutliersByFile"];
        trace?: never;
    };
    "/operations/measurements/by-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a spacecraft's measurements from one source file */
        delete: operations["deleteMeasurementsByFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/maneuvers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stored maneuvers of 1–50 spacecraft intersecting a time window
         * @description spacecraftIds (repeated or comma-separated, 1–50, actual ids), startDate < endDate (instants with zone). A record is listed when its interval [start, end) intersects [startDate, endDate). conflictingManeuverIds includes overlaps outside the window. Permission read:plannedmaneuvers.
         */
        get: operations["listOperationsManeuvers"];
        put?: never;
        /**
         * Create stored maneuvers (atomic batch)
         * @description Every record is validated and checked for identity and overlap conflicts (against stored records and within the batch) in one transaction; any failure creates nothing. Collisions inside the batch → 400; with stored records → 409 MANEUVER_CONFLICT; an archived spacecraft → 409 SPACECRAFT_ARCHIVED; a hard limit of the craft's maneuverCapabilities (blackout or allowed windows) → 422 MANEUVER_CAPABILITY_VIOLATION; soft limits (minimum separation, duty cycle, minimum burn) → stored, listed in warnings. Derived fields sent are ignored. Location: the created record when there is one, else the list query covering every created record (their spacecraft ids and enclosing window). Permission write:plannedmaneuvers.
         */
        post: operations["createOperationsManeuvers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/maneuvers/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export stored maneuvers as CCSDS OCM (by ids or by range)
         * @description Either by ids (exactly one spacecraftIds, 1–100 repeated maneuverIds, no dates) or by range (1–50 spacecraftIds, startDate < endDate, no maneuverIds). One OCM → text/plain; several → application/zip: by ids one file `<spacecraftId>_<maneuverId>.ocm` per maneuver, by range one file `<spacecraftId>.ocm` per spacecraft (characters outside [A-Za-z0-9._-] become `_` plus an 8-hex hash of the original). OCM KVN, TIME_SYSTEM UTC, OBJECT_DESIGNATOR = spacecraft id, PHYS WET_MASS, no MAN_BASIS. Permission read:plannedmaneuvers.
         */
        get: operations["exportOperationsManeuvers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/maneuvers/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import CCSDS OCM files (each file atomic and independent)
         * @description 200: every file succeeded. 207: per-file results with at least one failed or ambiguous file (an all-ambiguous batch too). Every file failed without ambiguity: 409 MANEUVER_CONFLICT when all failures are conflicts with stored records, else 400 VALIDATION_ERROR (details carry the per-file results). The target comes from the file metadata (OBJECT_DESIGNATOR: id, externalKey or NORAD id; INTERNATIONAL_DESIGNATOR: COSPAR id; OBJECT_NAME: id, externalKey or name — strongest kind wins, unique match only) or from spacecraftId. X-Content-Hash / X-Resolution-Fingerprint from the preview bind a single file; a mismatch is 409 IMPORT_STALE_PREVIEW. Permission write:plannedmaneuvers.
         */
        post: operations["importOperationsManeuvers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/maneuvers/import/inspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview the import of one OCM file (nothing stored)
         * @description Returns what importing the file now would do, its contentHash (SHA-256 of the bytes) and resolutionFingerprint (SHA-256 of the resolved target, candidates and MAN_IDs), to be sent back as X-Content-Hash / X-Resolution-Fingerprint. Permission write:plannedmaneuvers.
         */
        post: operations["inspectOperationsManeuversImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/maneuvers/{maneuverId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one stored maneuver
         * @description Addressed by maneuverId (URL-encoded) and the actual spacecraftId. Permission read:plannedmaneuvers.
         */
        get: operations["getOperationsManeuver"];
        /**
         * Replace the editable fields of a stored maneuver
         * @description Replaces name, purpose, attitudeMode and the full composition; omitted purpose is cleared. The resulting interval must not overlap any other record of the spacecraft (also for a name-only edit). Permission write:plannedmaneuvers.
         */
        put: operations["replaceOperationsManeuver"];
        post?: never;
        /**
         * Delete a stored maneuver
         * @description Permission delete:plannedmaneuvers.
         */
        delete: operations["deleteOperationsManeuver"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/state-vectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List state vectors (filters, paged, newest epoch first by default)
         * @description Sortable fields: epoch, creationDate, id. startDate/endDate are inclusive epoch bounds (ISO instants with zone).
         */
        get: operations["listStateVectors"];
        put?: never;
        /**
         * Store a state vector entered by hand (sourceType MANUAL)
         * @description The covariance (optional) must be a symmetric positive semi-definite 6×6 matrix (km², km²/s, km²/s²). Mean elements are derived by DSST averaging. A perigee altitude below 120 km is a warning; a state inside the Earth is a 422.
         */
        post: operations["createStateVector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/state-vectors/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import CCSDS OPM files (KVN or XML, OPM 1.0–3.0); per-file results
         * @description Each file is stored or refused on its own. The target spacecraft is the query spacecraftId, else the one whose COSPAR id, NORAD id, externalKey or id equals OBJECT_ID, else whose name equals OBJECT_NAME. Maneuvers and Keplerian elements in an OPM are reported as warnings (not stored). 200 all stored; 207 per-file results when some failed or were ambiguous; 400 when all failed.
         */
        post: operations["importStateVectors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/state-vectors/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest state vector of a spacecraft
         * @description Latest by epoch. Manual entries and OPM imports are always eligible; orbit-determination results only when converged, unless includeNonConverged=true. 400 without spacecraftId; 404 when the spacecraft has none.
         */
        get: operations["getLatestStateVector"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/state-vectors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One state vector */
        get: operations["getStateVector"];
        put?: never;
        post?: never;
        /** Delete a state vector */
        delete: operations["deleteStateVector"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/state-vectors/{id}/opm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export one state vector as a CCSDS OPM 2.0 KVN (re-importable) */
        get: operations["getStateVectorOpm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/state-vectors/{id}/generate-oem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a CCSDS OEM 2.0 (KVN) by numerical propagation of a stored state vector
         * @description Points every timeBetweenPoints from initialDate through finalDate (finalDate included), forwards or backwards from the state epoch, with the spacecraft force model and its stored maneuvers as finite burns. Span at most 30 days. With includeCovariance the state covariance is propagated through the state transition matrix and written per epoch in RTN or TNW (both 3×3 blocks rotated with the frame axes, no frame-rate term). Reaching the 100 km altitude floor ends the ephemeris (COMMENT). 422: covariance requested for a state without one, incomplete force-model configuration (details.missingFields), propagation failure.
         */
        post: operations["generateOem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/tle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Generate a fitted two-line element set at an epoch
         * @description The latest eligible stored state (manual, OPM import or converged orbit determination; latest by epoch) is propagated with the spacecraft force model and its stored maneuvers (finite burns), forwards or backwards, to the requested epoch rounded to 1e-8 day, converted to TEME and fitted to SGP4/SDP4 mean elements (fixed point, damped fixed point, then least squares). B* = ρ0·Cd·A/(2m), ρ0 = 2.461e-5 kg/m²/km × 6378.135 km/ER, mass at the epoch; 0 when atmosphere is NONE. Catalogue number: noradId (Alpha-5 from 100000 to 339999; 99999 when absent; above 339999 → 400). International designator from cosparId. Element set number 999, revolution number 0. Response: text/plain, line 1 + "\n" + line 2, no name line, no trailing newline. Accept must allow text/plain (absent, *\/*, text/*, text/plain; else 406). Nothing is stored and no job starts. 422: no eligible state, FORCE_MODEL_INCOMPLETE (details.missingFields), COMPUTE_STATE_INSIDE_ELLIPSOID, TLE_FIT_NOT_CONVERGED (details.positionResidualM, velocityResidualMPerS). Permission read:ephemeris.
         */
        get: operations["generateTle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/ground-stations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ground stations (paged)
         * @description Default sort name,asc; sortable name, createdAt, updatedAt. Permission read:stations.
         */
        get: operations["listGroundStations"];
        put?: never;
        /**
         * Create a ground station
         * @description Position as WGS-84 latitudeDeg/longitudeDeg/heightM or ITRF itrfPositionM (m); the other form is derived. Name and aliases are unique in the organization (trimmed, case-insensitive; 409 STATION_NAME_CONFLICT). Stored measurements whose ground participant has one of these names and was unresolved are linked to the new station. 201 with Location. Permission write:stations.
         */
        post: operations["createGroundStation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/ground-stations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one ground station
         * @description Another organization's station is 404. Permission read:stations.
         */
        get: operations["getGroundStation"];
        put?: never;
        post?: never;
        /**
         * Delete a ground station
         * @description 409 STATION_IN_USE (details.measurementCount) while stored measurements reference it, unless force=true: then they keep the station name and lose the link. Permission write:stations.
         */
        delete: operations["deleteGroundStation"];
        options?: never;
        head?: never;
        /**
         * Update a ground station (only the fields sent)
         * @description A station referenced by stored measurements can be edited; they stay linked to it. Permission write:stations.
         */
        patch: operations["updateGroundStation"];
        trace?: never;
    };
    "/operations/measurements/residuals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Residuals (observed − computed) of stored measurements against a stored state
         * @description Propagates the state (stateVectorId, default the latest eligible state) with the spacecraft force model and stored maneuvers (as OEM/TLE generation) and models every selected measurement with light time on the worker pool. Returns statistics per type and per station over the whole selection and one page of per-measurement residuals: page/size/sort in the query (sort epoch (default, asc) or normalized (largest |residual/σ| first with desc)). Each request computes again (nothing is stored); span ≤ 30 days, ≤ 100000 measurements (else 422 TOO_MANY_MEASUREMENTS). Measurements that cannot be modelled (unknown station, RU ranges, frequencies, integrated Doppler, …) are listed in skipped with the reason. No measurement in the span → 200 with zero counts. Unknown spacecraft, state vector or station → 404; end ≤ start or span > 30 days → 400. Permission read:tracking.
         */
        post: operations["computeResiduals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/orbit-determinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orbit determinations (paged; without solutions)
         * @description Filters spacecraftId, status. Default sort createdAt,desc; sortable createdAt, updatedAt, status. Permission read:orbitdetermination.
         */
        get: operations["listOrbitDeterminations"];
        put?: never;
        /**
         * Start an orbit determination (batch least squares) from stored tracking data
         * @description Validated at once against storage, then run as a durable background job (202 with the job and Location). The a priori state defaults to the latest eligible state with an epoch at or before endDate. Weighted batch least squares (Levenberg–Marquardt by default, or Gauss–Newton: optimizer) on the 6 GCRF state components plus the optional Cd, Cr and per-station biases, with the spacecraft force model and stored maneuvers; measurements flagged as outliers and below the station elevation mask are not used; an n-sigma editor (editingSigma, default 3) rejects gross errors. Span ≤ 30 days, ≤ 50000 measurements. 400 bad fields or span; 404 unknown spacecraft, state vector or station; 422 NO_ELIGIBLE_STATE, FORCE_MODEL_INCOMPLETE, TOO_FEW_MEASUREMENTS (details.measurementComponents, details.parameters). Permission write:orbitdetermination.
         */
        post: operations["createOrbitDetermination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/orbit-determinations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One orbit determination: status, progress and, once ended, the solution
         * @description solution: converged, the optimizer and per iteration the weighted RMS and the Levenberg–Marquardt damping, the estimated GCRF state (km, km/s) at its epoch (mapped from the fit epoch), the formal 6×6 covariance and that of every parameter, estimated Cd/Cr/biases, counts used/rejected per type and station, residual statistics, the force model. Permission read:orbitdetermination.
         */
        get: operations["getOrbitDetermination"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/orbit-determinations/{id}/residuals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Post-fit residuals of an orbit determination (paged)
         * @description Per measurement: observed, computed, residual, normalized, sigma, elevation, rejected flag and reason. Sort epoch (default) or normalized (with desc: worst first). Permission read:orbitdetermination.
         */
        get: operations["listOrbitDeterminationResiduals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/orbit-determinations/{id}/residuals.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Post-fit residuals versus time as an SVG picture
         * @description One panel per measurement component, one colour per station, rejected measurements as red crosses, ±3σ lines. Permission read:orbitdetermination.
         */
        get: operations["getOrbitDeterminationResidualsSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/orbit-determinations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a converged solution as a state vector
         * @description Stores the estimated state (GCRF, with its covariance) as a state vector with sourceType ORBIT_DETERMINATION, orbitSolutionId = this id, converged = true; latest, OEM and TLE generation then use it like any eligible state. 409 OD_NOT_FINISHED, OD_NOT_CONVERGED, OD_ALREADY_ACCEPTED. Permission write:orbitdetermination.
         */
        post: operations["acceptOrbitDetermination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a spacecraft's scheduled tasks (paged)
         * @description Sortable: name, createdAt (default asc), updatedAt, nextRunAt, kind. Permission read:tasks.
         */
        get: operations["listTasks"];
        put?: never;
        /**
         * Schedule a task (GENERATE_OEM, GENERATE_TLE, ORBIT_DETERMINATION, PREDICT_EVENTS)
         * @description Schedule: INTERVAL (intervalSeconds from start), CRON (5 fields, UTC) or ONCE (at). Each run stores a product. 409 SPACECRAFT_ARCHIVED on an archived craft. Permission write:tasks.
         */
        post: operations["createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/tasks/{taskId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one task (next run, last run status)
         * @description Any miss (spacecraft, task, another organization) is the same 404 TASK_NOT_FOUND. Permission read:tasks.
         */
        get: operations["getTask"];
        put?: never;
        post?: never;
        /**
         * Delete a task (with its runs and products)
         * @description Permission write:tasks.
         */
        delete: operations["deleteTask"];
        options?: never;
        head?: never;
        /**
         * Change a task (only the fields sent)
         * @description The next run is recomputed when the schedule changes or the task is enabled. Permission write:tasks.
         */
        patch: operations["updateTask"];
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/tasks/{taskId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A task's runs (paged): status, attempts, retry time, failure reason, product
         * @description Sortable: scheduledFor (default desc), createdAt. Permission read:tasks.
         */
        get: operations["listTaskRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stored products (paged)
         * @description Filters: spacecraftId, taskId, kind (OEM, TLE, OEM_BATCH, OD_SOLUTION, EVENT_PLAN; repeatable or comma-separated), createdFrom/createdTo, spanFrom/spanTo (products whose span overlaps). Sortable: createdAt (default desc), spanStart, sizeBytes, kind. Permission read:products.
         */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Product metadata
         * @description Permission read:products.
         */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/products/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the file (OEM/TLE text, OD solution JSON or the batch ZIP)
         * @description ETag = "<contentSha256>"; If-None-Match → 304; Range: bytes=a-b | a- | -n (one range) → 206 with Content-Range; unsatisfiable → 416 with Content-Range: bytes *\/size; several ranges are served as the whole file (200); If-Range with another ETag serves the whole file. Permission read:products.
         */
        get: operations["downloadProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/ephemerides/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List batches (paged)
         * @description Sortable: createdAt (default desc), status. Permission read:ephemeris.
         */
        get: operations["listEphemerisBatches"];
        put?: never;
        /**
         * Generate up to 10000 OEMs into one ZIP product (202, durable job)
         * @description Each item: a stored state (stateVectorId) or a spacecraft (its latest eligible state when the job runs), with the OEM options of generate-oem (batch-level defaults, per-item overrides). The job fans the items over every worker; an item that fails is reported (failures, manifest.csv) without failing the batch. Poll GET …/batch/{id}; the ZIP is GET /operations/products/{productId}/content. Permission read:ephemeris (the download needs read:products).
         */
        post: operations["createEphemerisBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/ephemerides/batch/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Batch status: progress, per-item errors, product
         * @description Permission read:ephemeris.
         */
        get: operations["getEphemerisBatch"];
        put?: never;
        post?: never;
        /**
         * Cancel a batch
         * @description A queued batch is CANCELLED at once; a running one stops within about a second (its partial ZIP is deleted). A finished batch is 409 JOB_NOT_CANCELLABLE naming its status (the rule of every job). Permission read:ephemeris.
         */
        delete: operations["cancelEphemerisBatch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/passes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ground-station passes (AOS, LOS, maximum elevation) over a span: JSON, CSV or iCalendar
         * @description source=STATE (default): the latest eligible stored state (manual, OPM import or converged orbit determination) is propagated with the spacecraft's force model and its stored maneuvers over the span (at most 30 days, at most 60 days from the state), on the compute pool. source=CATALOG: SGP4 of the current catalog element set of the spacecraft’s NORAD id (422 NO_NORAD_ID, NO_CATALOG_ELEMENT_SET; CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than 30 days before or after the set's epoch), which needs the catalog’s permission read:conjunctions as well. The answer names its basis (source, stateVectorId or elementSet). Each pass: the station, AOS and LOS (elevation through the station's mask, or minElevationDeg where higher; geometric elevation above the WGS-84 ellipsoid normal, no refraction), duration, the maximum elevation with its time, azimuth and range, and the azimuths at AOS and LOS. A pass in progress at either end of the span is cut there (cutAtStart/cutAtEnd, AOS or LOS null). Every pass longer than 1 ms is found (README → Passes and eclipses). Accept: application/json (default), text/csv (RFC 4180), text/calendar (RFC 5545, one VEVENT per pass). 422: no eligible state, FORCE_MODEL_INCOMPLETE, PROPAGATION_SPAN_TOO_LONG, NO_GROUND_STATIONS. Permission read:spacecraft.
         */
        get: operations["listPasses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/passes/{index}/sky.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sky plot of one pass (polar azimuth/elevation chart with the station mask), SVG
         * @description The same query as GET …/passes; `index` is the pass `index` of that answer. The track from AOS to LOS (121 points), AOS, maximum and LOS marked, the sky below the station mask shaded. 404 when the span has no pass with that index. Permission read:spacecraft.
         */
        get: operations["getPassSkySvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/eclipses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Eclipses by the Earth (penumbra and umbra) and the share of each orbit in shadow
         * @description source=STATE (default): the latest eligible stored state (manual, OPM import or converged orbit determination) is propagated with the spacecraft's force model and its stored maneuvers over the span (at most 30 days, at most 60 days from the state), on the compute pool. source=CATALOG: SGP4 of the current catalog element set of the spacecraft’s NORAD id (422 NO_NORAD_ID, NO_CATALOG_ELEMENT_SET; CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than 30 days before or after the set's epoch), which needs the catalog’s permission read:conjunctions as well. The answer names its basis (source, stateVectorId or elementSet). Conical shadow of the WGS-84 Earth with the analytic Sun, the solar-radiation-pressure force model: penumbra entry/exit and umbra intervals inside, durations, cut flags at the span ends; per orbit (ascending node to ascending node) the time and fraction in shadow. Permission read:spacecraft.
         */
        get: operations["listEclipses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/spacecraft/{spacecraftId}/orbit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ascending and descending nodes (GCRF equator) and apsides (perigee, apogee)
         * @description source=STATE (default): the latest eligible stored state (manual, OPM import or converged orbit determination) is propagated with the spacecraft's force model and its stored maneuvers over the span (at most 30 days, at most 60 days from the state), on the compute pool. source=CATALOG: SGP4 of the current catalog element set of the spacecraft’s NORAD id (422 NO_NORAD_ID, NO_CATALOG_ELEMENT_SET; CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than 30 days before or after the set's epoch), which needs the catalog’s permission read:conjunctions as well. The answer names its basis (source, stateVectorId or elementSet). types: NODE, APSIS (default both). Apsides are the zeros of r·v of the propagated trajectory. Permission read:spacecraft.
         */
        get: operations["listOrbitEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Changes of the conjunctions feed after a token: conjunction events created or updated (a CDM received, a risk level changed)
         * @description Types conjunction.created, conjunction.cdm_received, conjunction.risk_changed, in the change log’s order (seq), at most limit, with nextToken (send it as after; hasMore says whether more follow at once). Without after: from the oldest change retained. A token older than the retention (CHANGE_RETENTION_DAYS) → 410 CHANGE_TOKEN_EXPIRED: start again without after. A token that is not one of this feed’s → 400 (fieldErrors.after). Every instance sees the same order (the seq comes from the one writer). Permission read:conjunctions.
         */
        get: operations["listConjunctionChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/cdms/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Changes of the cdms feed after a token: CDMs received (uploaded or made by a screening)
         * @description Types conjunction.cdm_received, in the change log’s order (seq), at most limit, with nextToken (send it as after; hasMore says whether more follow at once). Without after: from the oldest change retained. A token older than the retention (CHANGE_RETENTION_DAYS) → 410 CHANGE_TOKEN_EXPIRED: start again without after. A token that is not one of this feed’s → 400 (fieldErrors.after). Every instance sees the same order (the seq comes from the one writer). Permission read:conjunctions.
         */
        get: operations["listCdmChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/screenings/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Changes of the screenings feed after a token: screenings whose results are final (SUCCEEDED with their approaches, or FAILED)
         * @description Types screening.finished, in the change log’s order (seq), at most limit, with nextToken (send it as after; hasMore says whether more follow at once). Without after: from the oldest change retained. A token older than the retention (CHANGE_RETENTION_DAYS) → 410 CHANGE_TOKEN_EXPIRED: start again without after. A token that is not one of this feed’s → 400 (fieldErrors.after). Every instance sees the same order (the seq comes from the one writer). Permission read:conjunctions.
         */
        get: operations["listScreeningChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/screenings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List screenings (paged)
         * @description Sortable: createdAt (default desc), status. Chunks are listed by GET …/{id}. Permission read:conjunctions.
         */
        get: operations["listScreenings"];
        put?: never;
        /**
         * Screen primaries against the catalog and/or our fleet (202, durable job split into chunks)
         * @description Primaries: a spacecraft (its latest eligible state propagated with its force model and stored maneuvers), a stored state vector, or an uploaded OEM (a hypothetical trajectory of one of our spacecraft). Secondaries: CATALOG (the organization’s catalog as of now), FLEET (our other spacecraft), BOTH. Span ≤ 14 days (start defaults to now), a volume (RTN ellipsoid or sphere, km) and a Pc threshold. Send JSON, or multipart/form-data with a part `request` (the same JSON as text) and OEM parts `files` named by the primaries’ `oemFile` (each file once, each named by a primary, each of its primary’s spacecraft by OBJECT_ID or OBJECT_NAME; `request` once; no other part: else 400 naming the part). An archived spacecraft is not screened (422 SPACECRAFT_ARCHIVED). The screening is cut into chunks (primaries × catalog NORAD range) that every instance sharing the database claims; poll GET …/screenings/{id} (progress), then GET …/{id}/approaches. Approaches whose Pc reaches the threshold become conjunction events (source SCREENING) with a CDM each. Permission write:conjunctions.
         */
        post: operations["createScreening"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/screenings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A screening: status, progress (chunks done/total, approaches so far), chunks (which instance ran each, attempts), issues
         * @description Permission read:conjunctions.
         */
        get: operations["getScreening"];
        put?: never;
        post?: never;
        /**
         * Cancel a screening
         * @description No chunk is claimed any more and the queued ones are CANCELLED; a running chunk stops within about a second (its pool task is stopped, nothing of it stored). A finished screening is 409 JOB_NOT_CANCELLABLE naming its status. Permission write:conjunctions.
         */
        delete: operations["cancelScreening"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/screenings/{id}/approaches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The approaches of a screening (paged): TCA, miss distance, relative speed, RTN components, Pc, secondary, conjunction event
         * @description In the screening’s total order (TCA, primary, NORAD id) by default; sortable tca, missDistanceM, pc, seq; filters spacecraftId (as primary or secondary), ours (only approaches with one of our spacecraft), minPc, maxMissDistanceM. Empty until the screening has SUCCEEDED. Permission read:conjunctions.
         */
        get: operations["listScreeningApproaches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization’s conjunction settings
         * @description Default hard-body radius for an object without one, risk thresholds, event grouping window, default Pc method. Defaults until set (updatedAt null). Permission read:conjunctions.
         */
        get: operations["getConjunctionSettings"];
        /**
         * Replace the organization’s conjunction settings
         * @description Every field is required. A new default method or radius assesses every stored CDM again before the answer (their Pc, the events’ risk levels and timelines follow); thresholds apply when read; a new grouping window applies to CDMs received afterwards. If-Match with the ETag of a GET writes only that version (412 otherwise). Permission write:conjunctions.
         */
        put: operations["replaceConjunctionSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/cdms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload CDM files (CCSDS 508.0-B-1 and the 2.0 keywords, KVN or XML): each message stored with its conjunction event
         * @description Each file is atomic: every message read (on the compute pool), OBJECT1/OBJECT2 resolved to our spacecraft (NORAD id, COSPAR id, name or externalKey), else nothing of the file is stored and its result names the line and keyword, or the designators. A KVN file may hold several messages one after another (each starting with CCSDS_CDM_VERS); an XML file holds one. A message already stored (same ORIGINATOR and MESSAGE_ID, or the same bytes) is not stored again: a file all of whose messages are is a `duplicate`. Each new message joins the event of its object pair whose TCAs lie within the grouping window (else opens one) and gets its Pc (default method, hard-body radius rule). 200 when every file was stored or is a duplicate, 207 when any failed. Permission write:conjunctions.
         */
        post: operations["uploadCdms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conjunction events (paged)
         * @description Filters spacecraftId (either object), tcaFrom/tcaTo (the latest TCA), minPc (assessed Pc, else stated), maxMissDistanceM, riskLevel, riskBasis. Default sort tca,desc; sortable tca, pc, missDistanceM, createdAt, updatedAt. Permission read:conjunctions.
         */
        get: operations["listConjunctionEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One conjunction event: latest TCA, miss distance, relative speed, stated and recomputed Pc, risk, the timeline of its CDMs
         * @description recomputed: the latest CDM’s Pc computed now by `method` (default the organization’s; LAAS_2015 unless changed) with the hard-body radius rule, the radius used and its source, and the encounter-plane quantities. Permission read:conjunctions.
         */
        get: operations["getConjunctionEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/cdms/{cdmId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One CDM of the event: as received (the original bytes) or parsed (JSON), by Accept
         * @description Accept application/json: the parsed message (the reader’s structure, SI units). Otherwise the original bytes: text/plain for a KVN message, application/xml for an XML one (the other notation → 406; GET …/cdm writes the latest in either). Permission read:conjunctions.
         */
        get: operations["getConjunctionCdm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/cdm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event’s latest CDM written by Apsis’ CDM writer: KVN (text/plain, the default) or XML (application/xml) by Accept
         * @description Lossless numbers, the standard’s units; Orekit 13.1’s CdmParser reads what it writes. Permission read:conjunctions.
         */
        get: operations["exportLatestCdm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/probability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What-if: the latest CDM’s Pc for a method (every method when none is named) and a combined hard-body radius
         * @description hardBodyRadiusM (0.001..2000 m) replaces the radius rule. 422 PC_NOT_COMPUTABLE when the CDM gives no usable states and covariances (details.reason). Permission read:conjunctions.
         */
        get: operations["computeCollisionProbability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/encounter.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The encounter plane of the latest CDM as an SVG picture
         * @description The collision plane at TCA: our object at the origin with the hard-body disk, the miss vector to the secondary, the combined covariance ellipses (1σ, 3σ) around it; axes in metres, equal scale. 422 PC_NOT_COMPUTABLE without usable states. Permission read:conjunctions.
         */
        get: operations["getEncounterSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/timeline.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pc and miss distance of every CDM of the event against time to TCA, as an SVG picture
         * @description The assessed Pc (log scale, with the risk thresholds) and the stated one; the miss distance. Permission read:conjunctions.
         */
        get: operations["getConjunctionTimelineSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/avoidance-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The avoidance plans of a conjunction event (paged; without results)
         * @description Default sort createdAt,desc; sortable createdAt, updatedAt, status. Permission read:conjunctions.
         */
        get: operations["listAvoidancePlans"];
        put?: never;
        /**
         * Plan a collision-avoidance maneuver for a conjunction event (durable job)
         * @description Validated at once against the event’s latest CDM (its states and covariances at TCA), the organization’s settings and the primary spacecraft, then run as a durable background job (202 with the plan and Location). The trade space (lead times over the burn window, the half-orbit points first, × directions × Δv sizes) is evaluated by linear mapping with the state transition matrix from the burn to the TCA (Clohessy–Wiltshire in near-circular orbits): miss distance, Pc by the plan’s pcMethod, Mahalanobis distance, propellant (Tsiolkovsky, the spacecraft’s mass). The cheapest candidate of each lead time × direction that meets the target is re-propagated (full force model, the finite burn of the thruster or the impulse, the primary’s covariance with the Gates execution errors), ranked by Δv then lead time, with its linear-vs-numerical difference and orbit change. Bounds: ≤ 12 lead times, ≤ 7 directions, ≤ 40 sizes, ≤ 2400 candidates, earliest burn ≤ 7 days before the TCA; 5 min of compute. 400 bad fields; 404 unknown event (or another organization’s); 422 NO_ENCOUNTER_STATES, NO_BURN_WINDOW, AVOIDANCE_INPUT_MISSING (details.missingFields: mass, areas of the force model, thrusters for a finite burn). Permission write:conjunctions.
         */
        post: operations["createAvoidancePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/avoidance-plans/{planId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One avoidance plan: status and, once SUCCEEDED, the trade space and the ranked candidates
         * @description Permission read:conjunctions.
         */
        get: operations["getAvoidancePlan"];
        put?: never;
        post?: never;
        /**
         * Cancel an avoidance plan
         * @description A QUEUED plan becomes CANCELLED at once; a RUNNING one is stopped by its runner within a second or two (cancelRequested). 409 JOB_NOT_CANCELLABLE once it has ended. Permission write:conjunctions.
         */
        delete: operations["cancelAvoidancePlan"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/avoidance-plans/{planId}/candidates/{n}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a candidate: store its burn as a maneuver and its post-maneuver trajectory as a hypothetical OEM
         * @description The burn becomes a stored maneuver (contract 2.0.0: one RTN segment, the thruster’s thrust along the Δv direction, its Isp; the overlap and planning rules of any maneuver: 409 on overlap); the candidate re-propagated from the burn to horizonS after the TCA becomes a CCSDS OEM (GCRF, with RTN covariance from the new TCA on) at …/oem. The event’s detail lists the accepted plan. 409 AVOIDANCE_PLAN_ALREADY_ACCEPTED, AVOIDANCE_PLAN_NOT_FINISHED, AVOIDANCE_CANDIDATE_NOT_RECOMMENDED (the candidate creates secondary conjunctions above the target: accepted only with ?force=true, the response then warns); 404 unknown candidate; 422 CANDIDATE_MISSES_TARGET. Permission write:conjunctions.
         */
        post: operations["acceptAvoidanceCandidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/avoidance-plans/{planId}/oem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The accepted candidate’s hypothetical post-maneuver OEM (CCSDS KVN, with covariance)
         * @description For the screening services (e.g. POST /operations/conjunctions/screenings with an OEM primary). 404 before a candidate is accepted. Permission read:conjunctions.
         */
        get: operations["getAvoidancePlanOem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/avoidance-plans/{planId}/trade-space.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The plan’s trade space as an SVG picture: Pc against Δv, one curve per lead time
         * @description Pc (log scale) against Δv (log scale when the sizes span a decade): per lead time, at each size the smallest linear Pc over the directions; the target Pc dashed, the nominal Pc dotted, the re-propagated candidates at their numerical Pc (diamonds), the recommended candidate ringed. 409 AVOIDANCE_PLAN_NOT_FINISHED until the plan has SUCCEEDED. Permission read:conjunctions.
         */
        get: operations["getAvoidanceTradeSpaceSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/conjunctions/{id}/avoidance-plans/{planId}/encounter.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The encounter plane before and after the recommended burn as an SVG picture
         * @description Two panels at one scale in the nominal collision plane (x along the nominal miss vector): before, the plan’s CDM at TCA; after, the recommended candidate’s re-propagated closest approach with our covariance propagated with the execution errors. Hard-body disk, miss vector, 1σ/3σ ellipses. 409 AVOIDANCE_PLAN_NOT_FINISHED until the plan has SUCCEEDED. Permission read:conjunctions.
         */
        get: operations["getAvoidanceEncounterSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload catalog files (TLE/3LE, CCSDS OMM KVN or XML): element sets stored by NORAD id, the newest epoch current
         * @description Each file is read on the compute pool (format from the content) and is atomic: a file with any bad line (or a set SGP4 cannot run) is refused whole, every bad line listed with its line number and reason, and nothing of it is stored. Sets are kept (older ones too); the same set (NORAD id, epoch and elements) is stored once; an object’s current set is its newest epoch. Large files are written in short staged chunks and appear at once (a crash leaves the whole file or none of it). Uploads of one organization are written one at a time: an upload waits for another one being written (up to 60 s, then 503 CATALOG_BUSY with Retry-After). 200 when every file was stored or is a duplicate, 207 when any failed. Permission write:conjunctions.
         */
        post: operations["uploadCatalog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/catalog/objects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the catalog’s objects with their current set (paged)
         * @description Filters on the current set: noradId, noradIds (comma-separated, up to 500; POST …/objects/query for more), name (case-insensitive contains), minPerigeeKm/maxPerigeeKm, minApogeeKm/maxApogeeKm (heights above the WGS-84 equatorial radius), maxEpochAgeDays. Default sort noradId,asc; sortable noradId, name, epoch, perigeeKm, apogeeKm. Permission read:conjunctions.
         */
        get: operations["listCatalogObjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/catalog/objects/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Objects of the catalog by NORAD ids (up to 10,000 in one request), with the list’s filters, paged
         * @description The list of GET /operations/catalog/objects for the NORAD ids the body names, and which of them the catalog holds nothing of (`missingNoradIds`). Paging and sort in the query string as for the list. Permission read:conjunctions.
         */
        post: operations["queryCatalogObjects"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/catalog/objects/{noradId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One catalog object: its current set (with its TLE lines when a TLE carries it exactly, derived sizes) and the history of its sets
         * @description Another organization’s object is a 404. Permission read:conjunctions.
         */
        get: operations["getCatalogObject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization’s webhook subscriptions (paged; without secrets)
         * @description Default sort createdAt,asc; sortable createdAt, updatedAt, url. Permission read:webhooks.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a URL to change events
         * @description Event types: conjunction.created, conjunction.risk_changed, conjunction.cdm_received, screening.finished, orbit_determination.finished, product.ready, job.failed. Each delivery is a POST of {type, timestamp, data} signed as the Standard Webhooks specification says (headers webhook-id, webhook-timestamp, webhook-signature; verify with any Standard Webhooks library and the secret of this answer — shown only here). At least once: retried with exponential backoff and jitter (WEBHOOK_RETRY_BASE_MS) up to 8 attempts; any 2xx is delivered, a 3xx is a failure (redirects are not followed); the subscription is disabled after WEBHOOK_DISABLE_AFTER failed attempts in a row. 422 WEBHOOK_TARGET_REFUSED (fieldErrors.url) for a loopback, private, link-local, unique-local or multicast target unless WEBHOOK_ALLOW_PRIVATE=true. Permission write:webhooks.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook subscription
         * @description enabled, consecutiveFailures, and disabledReason when the service disabled it. Another organization’s is 404. Permission read:webhooks.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription and its delivery log
         * @description Queued deliveries are not attempted. Permission write:webhooks.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook subscription (URL, event types, description, enabled)
         * @description enabled=true enables a disabled subscription again (its failure count starts afresh). A new URL is checked as on create (422). Permission write:webhooks.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/operations/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log of a subscription (paged)
         * @description Per delivery: status, attempts, last status code and error, times, the body. Default sort createdAt,desc; sortable createdAt, updatedAt, status. Permission read:webhooks.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event (webhook.test) to this subscription only
         * @description Queued at once and delivered, signed and retried like any event (also to a disabled subscription, to check a receiver before enabling it again); follow it in the delivery log. Permission write:webhooks.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorEnvelope: {
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            timestamp: string;
            status: number;
            /** @description Reason phrase or machine token (VALIDATION_ERROR, ACCESS_ERROR, …) */
            error: string;
            message: string;
            path: string;
            code?: string;
            correlationId?: string;
            details?: {
                [key: string]: unknown;
            };
            fieldErrors?: {
                [key: string]: string;
            };
            params?: {
                [key: string]: unknown;
            };
        };
        BearerError: {
            /** @enum {string} */
            error: "invalid_token";
            error_description: string;
        };
        Health: {
            /**
             * @description UP (200) when the service can serve: its database answers; DOWN (503) otherwise
             * @enum {string}
             */
            status: "UP" | "DOWN";
            /**
             * @description The API version (info.version of the OpenAPI document)
             * @example 1.0.0
             */
            version: string;
            /** @description Only for a key holding read:health */
            database?: {
                /** @enum {string} */
                status: "UP" | "DOWN";
                error?: string;
            };
            /** @description Only for a key holding read:health */
            pool?: {
                size: number;
                running: number;
                queueDepth: number;
                maxQueue: number;
            };
            /** @description Only for a key holding read:health */
            earthData?: {
                dataDirectory: string;
                loadedAt: string;
                eop: components["schemas"]["EarthDataKindStatus"];
                leapSeconds: components["schemas"]["EarthDataKindStatus"];
                spaceWeather: components["schemas"]["EarthDataKindStatus"];
                rejected: {
                    kind: string;
                    path: string;
                    error: string;
                    line: number | null;
                }[];
            };
        };
        EarthDataKindStatus: {
            /** @description The file in use (absolute path), or "bundled: …" / "built-in …" when the data directory has none */
            source: string;
            bundled: boolean;
            format: string;
            /** @description Files by identity (EOP: spliced in order, the last wins where it has rows) */
            files: {
                path: string;
                sha256: string;
            }[];
            firstDate: string | null;
            /** @description Last observed day (leap seconds: the bulletin date the list reflects) */
            lastObservedDate: string | null;
            /** @description End of the predictions (leap seconds: the date until which the list is valid) */
            predictionEnd: string | null;
            ageDays: number | null;
            /** @description Observations older than APSIS_DATA_MAX_AGE_DAYS (leap seconds: expired, or the file disagrees with the built-in table) */
            stale: boolean;
            taiMinusUtcSeconds?: number;
            agreesWithBuiltIn?: boolean;
            problems?: string[];
        };
        Liveness: {
            /** @enum {string} */
            status: "UP";
        };
        Readiness: {
            /** @enum {string} */
            status: "READY" | "NOT_READY";
            checks: {
                migrations: {
                    ok: boolean;
                    detail?: string;
                };
                database: {
                    ok: boolean;
                    detail?: string;
                };
                pool: {
                    ok: boolean;
                    detail?: string;
                };
                earthData: {
                    ok: boolean;
                    detail?: string;
                };
            };
        };
        SpacecraftPage: {
            content: components["schemas"]["SpacecraftSummary"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        SpacecraftSummary: {
            id: string;
            name: string;
            noradId: number | null;
            cosparId: string | null;
            externalKey: string | null;
            /** @enum {string} */
            lifecycleStatus: "Active" | "Archived";
            color: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
        };
        Spacecraft: {
            id: string;
            name: string;
            noradId: number | null;
            catalogueNoradId: number | null;
            notYetCatalogued: boolean;
            cosparId: string | null;
            externalKey: string | null;
            organizationId: string;
            /** @enum {string} */
            lifecycleStatus: "Active" | "Archived";
            color: string;
            /** @description kg; null = not configured (OEM/TLE generation then 422) */
            launchMass: number | null;
            dryMass: number | null;
            dragArea: number | null;
            dragCoefficient: number;
            srpArea: number | null;
            /** @description m; null = not configured (conjunctions then use the organization default for this craft) */
            hardBodyRadiusM: number | null;
            reflectivityCoefficient: number;
            absorption: number;
            specularReflection: number;
            /** @enum {string} */
            bodyShape: "BOX" | "REGULAR_PRISM";
            boxX: number;
            boxY: number;
            boxZ: number;
            /** @enum {string|null} */
            prismAxis: "X" | "Y" | "Z" | null;
            prismSides: number | null;
            /** @description Source of truth of the cross-section */
            prismEdgeM: number | null;
            prismHeightM: number | null;
            /** @enum {string|null} */
            prismDiameterMeasure: "INSCRIBED" | "CIRCUMSCRIBED" | null;
            /** @description In the chosen datum: inscribed d = edge / tan(π/n), circumscribed D = edge / sin(π/n) */
            prismDiameter: number | null;
            /** @description In the other datum */
            prismComplementaryDiameter: number | null;
            inertiaIxx: number | null;
            inertiaIyy: number | null;
            inertiaIzz: number | null;
            maneuverCapabilities: components["schemas"]["ManeuverCapabilities"];
            panels: components["schemas"]["Panel"][];
            forceModel: components["schemas"]["ForceModel"];
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
        };
        ManeuverCapabilities: {
            schemaVersion: number;
            allowedWindows: components["schemas"]["TimeWindowView"][];
            blackoutWindows: components["schemas"]["TimeWindowView"][];
            availableManeuverPowerWatts: number | null;
            minimumManeuverSeparationSeconds: number | null;
            thrusters: components["schemas"]["ThrusterCapability"][];
        } | null;
        TimeWindowView: {
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            start: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            end: string;
        };
        ThrusterCapability: {
            thrusterId: string;
            alignmentError: components["schemas"]["AlignmentError"];
            allowedDirections: ("RADIAL_OUT" | "RADIAL_IN" | "PROGRADE" | "RETROGRADE" | "NORMAL" | "ANTI_NORMAL")[];
            combinedSteeringAllowed: boolean;
            dutyCycleWindowSeconds: number | null;
            /** @enum {string} */
            eclipsePolicy: "ANY" | "SUNLIGHT_ONLY" | "ECLIPSE_ONLY";
            maximumDutyCycle: number | null;
            minimumBurnSeconds: number | null;
            minimumImpulseNewtonSeconds: number | null;
            requiredPowerWatts: number | null;
            settlingSeconds: number | null;
            overheadBurns: components["schemas"]["OverheadBurn"][];
        };
        AlignmentError: {
            xRadians: number;
            yRadians: number;
            zRadians: number;
        };
        OverheadBurn: {
            /** @enum {string} */
            anchor: "BEFORE_MAIN_BURN" | "AFTER_MAIN_BURN";
            /** @enum {string} */
            direction: "RADIAL_OUT" | "RADIAL_IN" | "PROGRADE" | "RETROGRADE" | "NORMAL" | "ANTI_NORMAL";
            durationSeconds: number;
            offsetSeconds: number;
            /** @description Id of a thruster of this spacecraft */
            thrusterId: string;
        };
        Panel: {
            name: string;
            panelIndex: number;
            lengthM: number;
            widthM: number;
            rotationDeg: number;
            absorption: number;
            specularReflection: number;
            doubleSided: boolean;
            /** @enum {string} */
            mountAxisPreset: "PLUS_X" | "MINUS_X" | "PLUS_Y" | "MINUS_Y" | "PLUS_Z" | "MINUS_Z" | "CUSTOM";
            mountAxisCustomX: number | null;
            mountAxisCustomY: number | null;
            mountAxisCustomZ: number | null;
            mountPositionX: number;
            mountPositionY: number;
            mountPositionZ: number;
            derivedNormal: components["schemas"]["Vector3"];
        };
        /** @description derivedNormal (body frame, unit) is the mount axis â (the preset axis, or the normalized custom axis) rotated by rotationDeg about the hinge axis ĥ = normalize(â × r), right-hand rule, where r is body +Z, or body +X when â is parallel to ±Z. Equivalently n = â·cos(θ) + r⊥·sin(θ), r⊥ the unit component of r perpendicular to â: at 0° the normal is the mount axis, positive angles tilt it toward +Z (toward +X for ±Z mounts); e.g. PLUS_Y at 90° gives +Z, PLUS_Z at 90° gives +X. The rotation is never about the mount axis itself (that would leave the normal unchanged). */
        Vector3: {
            x: number;
            y: number;
            z: number;
        };
        ForceModel: {
            gravityDegree: number;
            gravityOrder: number;
            /** @enum {string} */
            atmosphere: "HARRIS_PRIESTER" | "NRLMSISE00" | "NONE";
            solarRadiationPressure: boolean;
            thirdBodies: ("SUN" | "MOON")[];
        };
        /** @description Only name is required. Read-only fields (id, organizationId, lifecycleStatus, derived geometry, timestamps) are ignored. */
        CreateSpacecraftRequest: {
            /** @description Required on create; 1..100 characters after trimming */
            name: string;
            /** @description NORAD catalog number; default null */
            noradId?: number | null;
            /** @description Default null */
            catalogueNoradId?: number | null;
            /** @description Default false */
            notYetCatalogued?: boolean;
            /** @description Max 20 characters; default null */
            cosparId?: string | null;
            /** @description Unique within the organization, immutable once set (a change is 409); max 64 characters */
            externalKey?: string | null;
            /** @description #RRGGBB, stored upper-case; default #1F77B4 */
            color?: string;
            /** @description kg, > 0 and ≤ 10000000; null = not configured (default) */
            launchMass?: number | null;
            /** @description kg, > 0 and <= launchMass (≤ 10000000); default null */
            dryMass?: number | null;
            /** @description m², 0..10000 or null (default null) */
            dragArea?: number | null;
            /** @description Cd, > 0 and ≤ 10; default 2.2 */
            dragCoefficient?: number;
            /** @description m², 0..10000 or null (default null) */
            srpArea?: number | null;
            /** @description Radius of a sphere enclosing the craft, m (0.001..1000); default null. Conjunction assessment uses it for this craft when a CDM gives no hard-body radius (README → Conjunction assessment) */
            hardBodyRadiusM?: number | null;
            /** @description Cr, 0..2; default 1.8 */
            reflectivityCoefficient?: number;
            /** @description (0, 1]; default 0.5 */
            absorption?: number;
            /** @description [0, 1); absorption + specularReflection <= 1; default 0.2 */
            specularReflection?: number;
            /**
             * @description Default BOX
             * @enum {string}
             */
            bodyShape?: "BOX" | "REGULAR_PRISM";
            /** @description Bus width, m (> 0, ≤ 1000); default 1 */
            boxX?: number;
            /** @description Bus height, m (> 0, ≤ 1000); default 1 */
            boxY?: number;
            /** @description Bus length, m (> 0, ≤ 1000); default 1 */
            boxZ?: number;
            /**
             * @description REGULAR_PRISM only; default Z
             * @enum {string|null}
             */
            prismAxis?: "X" | "Y" | "Z" | null;
            /** @description REGULAR_PRISM only (required then); 3..128 */
            prismSides?: number | null;
            /** @description REGULAR_PRISM only: polygon edge, m (≤ 1000). Give it or prismDiameter; when both are given they must agree */
            prismEdgeM?: number | null;
            /** @description REGULAR_PRISM only (required then), m (≤ 1000) */
            prismHeightM?: number | null;
            /**
             * @description REGULAR_PRISM only: datum of prismDiameter; default INSCRIBED
             * @enum {string|null}
             */
            prismDiameterMeasure?: "INSCRIBED" | "CIRCUMSCRIBED" | null;
            /** @description REGULAR_PRISM only: diameter in the datum, m (≤ 1000); the server derives prismEdgeM = d·tan(π/n) (inscribed) or D·sin(π/n) (circumscribed) */
            prismDiameter?: number | null;
            /** @description kg·m², > 0 and ≤ 10000000000; all three or none; each <= the sum of the other two */
            inertiaIxx?: number | null;
            inertiaIyy?: number | null;
            inertiaIzz?: number | null;
            /** @description null (default) = not configured, not unrestricted. Replaced as a whole on PATCH */
            maneuverCapabilities?: {
                /** @description Only 1 is defined (default 1) */
                schemaVersion?: number;
                /** @description Default []; at most 1000 */
                allowedWindows?: components["schemas"]["TimeWindow"][];
                /** @description Default []; at most 1000 */
                blackoutWindows?: components["schemas"]["TimeWindow"][];
                availableManeuverPowerWatts?: number | null;
                minimumManeuverSeparationSeconds?: number | null;
                /** @description Default [] */
                thrusters?: components["schemas"]["ThrusterCapabilityInput"][];
            } | null;
            /** @description 0 to 8 panels (default []); replaced as a whole on PATCH */
            panels?: components["schemas"]["PanelInput"][];
            forceModel?: components["schemas"]["ForceModelInput"];
        };
        TimeWindow: {
            /**
             * Format: date-time
             * @description Window start, ISO-8601 instant with zone. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)
             */
            start: string;
            /**
             * Format: date-time
             * @description Window end, ISO-8601 instant with zone; must be after start. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)
             */
            end: string;
        };
        ThrusterCapabilityInput: {
            /** @description Id of a thruster of this spacecraft; each at most once */
            thrusterId: string;
            alignmentError?: components["schemas"]["AlignmentError"] & unknown;
            /** @description At least one; no repeats */
            allowedDirections: ("RADIAL_OUT" | "RADIAL_IN" | "PROGRADE" | "RETROGRADE" | "NORMAL" | "ANTI_NORMAL")[];
            /** @description Default false */
            combinedSteeringAllowed?: boolean;
            dutyCycleWindowSeconds?: number | null;
            /**
             * @description Default ANY
             * @enum {string}
             */
            eclipsePolicy?: "ANY" | "SUNLIGHT_ONLY" | "ECLIPSE_ONLY";
            /** @description Range (0, 1] */
            maximumDutyCycle?: number | null;
            minimumBurnSeconds?: number | null;
            minimumImpulseNewtonSeconds?: number | null;
            requiredPowerWatts?: number | null;
            settlingSeconds?: number | null;
            /** @description Default [] */
            overheadBurns?: components["schemas"]["OverheadBurn"][];
        };
        PanelInput: {
            name: string;
            /** @description Slot 0..7, unique within the craft; default: the position in the array */
            panelIndex?: number;
            /** @description Panel length, m (> 0, ≤ 1000) */
            lengthM: number;
            /** @description Panel width, m (> 0, ≤ 1000) */
            widthM: number;
            /** @description Rotation about the hinge axis, degrees, -360..360 (default 0). derivedNormal (body frame, unit) is the mount axis â (the preset axis, or the normalized custom axis) rotated by rotationDeg about the hinge axis ĥ = normalize(â × r), right-hand rule, where r is body +Z, or body +X when â is parallel to ±Z. Equivalently n = â·cos(θ) + r⊥·sin(θ), r⊥ the unit component of r perpendicular to â: at 0° the normal is the mount axis, positive angles tilt it toward +Z (toward +X for ±Z mounts); e.g. PLUS_Y at 90° gives +Z, PLUS_Z at 90° gives +X. The rotation is never about the mount axis itself (that would leave the normal unchanged). */
            rotationDeg?: number;
            /** @description Range (0, 1]; default 0.5 */
            absorption?: number;
            /** @description Range [0, 1); absorption + specularReflection <= 1; default 0.2 */
            specularReflection?: number;
            /** @description Default false */
            doubleSided?: boolean;
            /**
             * @description Body face the panel is mounted on; CUSTOM uses mountAxisCustomX/Y/Z
             * @enum {string}
             */
            mountAxisPreset: "PLUS_X" | "MINUS_X" | "PLUS_Y" | "MINUS_Y" | "PLUS_Z" | "MINUS_Z" | "CUSTOM";
            /** @description Only with CUSTOM (required then, with Y and Z; not all zero; stored normalized; within ±1000000); null otherwise */
            mountAxisCustomX?: number | null;
            mountAxisCustomY?: number | null;
            mountAxisCustomZ?: number | null;
            /** @description Body-frame mount position, m, within ±1000; default 0 */
            mountPositionX?: number;
            mountPositionY?: number;
            mountPositionZ?: number;
        };
        /** @description Omitted fields keep their current value (PATCH) or take the default (create) */
        ForceModelInput: {
            /** @description Geopotential degree 0..36 (bundled EGM96); default 20 */
            gravityDegree?: number;
            /** @description Geopotential order 0..gravityDegree; default 20 */
            gravityOrder?: number;
            /**
             * @description Default HARRIS_PRIESTER
             * @enum {string}
             */
            atmosphere?: "HARRIS_PRIESTER" | "NRLMSISE00" | "NONE";
            /** @description Default true */
            solarRadiationPressure?: boolean;
            /** @description No repeats; default [SUN, MOON] */
            thirdBodies?: ("SUN" | "MOON")[];
        };
        /** @description Partial update: omitted fields are unchanged; null clears a nullable field. panels and maneuverCapabilities are replaced as a whole, forceModel is merged field by field. externalKey may be set once (a change or removal is 409). Derived geometry is recomputed; when only prismSides or prismDiameterMeasure change, prismEdgeM is kept. */
        UpdateSpacecraftRequest: {
            /** @description Required on create; 1..100 characters after trimming */
            name?: string;
            /** @description NORAD catalog number; default null */
            noradId?: number | null;
            /** @description Default null */
            catalogueNoradId?: number | null;
            /** @description Default false */
            notYetCatalogued?: boolean;
            /** @description Max 20 characters; default null */
            cosparId?: string | null;
            /** @description Unique within the organization, immutable once set (a change is 409); max 64 characters */
            externalKey?: string | null;
            /** @description #RRGGBB, stored upper-case; default #1F77B4 */
            color?: string;
            /** @description kg, > 0 and ≤ 10000000; null = not configured (default) */
            launchMass?: number | null;
            /** @description kg, > 0 and <= launchMass (≤ 10000000); default null */
            dryMass?: number | null;
            /** @description m², 0..10000 or null (default null) */
            dragArea?: number | null;
            /** @description Cd, > 0 and ≤ 10; default 2.2 */
            dragCoefficient?: number;
            /** @description m², 0..10000 or null (default null) */
            srpArea?: number | null;
            /** @description Radius of a sphere enclosing the craft, m (0.001..1000); default null. Conjunction assessment uses it for this craft when a CDM gives no hard-body radius (README → Conjunction assessment) */
            hardBodyRadiusM?: number | null;
            /** @description Cr, 0..2; default 1.8 */
            reflectivityCoefficient?: number;
            /** @description (0, 1]; default 0.5 */
            absorption?: number;
            /** @description [0, 1); absorption + specularReflection <= 1; default 0.2 */
            specularReflection?: number;
            /**
             * @description Default BOX
             * @enum {string}
             */
            bodyShape?: "BOX" | "REGULAR_PRISM";
            /** @description Bus width, m (> 0, ≤ 1000); default 1 */
            boxX?: number;
            /** @description Bus height, m (> 0, ≤ 1000); default 1 */
            boxY?: number;
            /** @description Bus length, m (> 0, ≤ 1000); default 1 */
            boxZ?: number;
            /**
             * @description REGULAR_PRISM only; default Z
             * @enum {string|null}
             */
            prismAxis?: "X" | "Y" | "Z" | null;
            /** @description REGULAR_PRISM only (required then); 3..128 */
            prismSides?: number | null;
            /** @description REGULAR_PRISM only: polygon edge, m (≤ 1000). Give it or prismDiameter; when both are given they must agree */
            prismEdgeM?: number | null;
            /** @description REGULAR_PRISM only (required then), m (≤ 1000) */
            prismHeightM?: number | null;
            /**
             * @description REGULAR_PRISM only: datum of prismDiameter; default INSCRIBED
             * @enum {string|null}
             */
            prismDiameterMeasure?: "INSCRIBED" | "CIRCUMSCRIBED" | null;
            /** @description REGULAR_PRISM only: diameter in the datum, m (≤ 1000); the server derives prismEdgeM = d·tan(π/n) (inscribed) or D·sin(π/n) (circumscribed) */
            prismDiameter?: number | null;
            /** @description kg·m², > 0 and ≤ 10000000000; all three or none; each <= the sum of the other two */
            inertiaIxx?: number | null;
            inertiaIyy?: number | null;
            inertiaIzz?: number | null;
            /** @description null (default) = not configured, not unrestricted. Replaced as a whole on PATCH */
            maneuverCapabilities?: {
                /** @description Only 1 is defined (default 1) */
                schemaVersion?: number;
                /** @description Default []; at most 1000 */
                allowedWindows?: components["schemas"]["TimeWindow"][];
                /** @description Default []; at most 1000 */
                blackoutWindows?: components["schemas"]["TimeWindow"][];
                availableManeuverPowerWatts?: number | null;
                minimumManeuverSeparationSeconds?: number | null;
                /** @description Default [] */
                thrusters?: components["schemas"]["ThrusterCapabilityInput"][];
            } | null;
            /** @description 0 to 8 panels (default []); replaced as a whole on PATCH */
            panels?: components["schemas"]["PanelInput"][];
            forceModel?: components["schemas"]["ForceModelInput"];
        };
        LifecycleTaskConflict: components["schemas"]["ErrorEnvelope"] & {
            /** @description Number of scheduled tasks the craft has (also in details.taskCount) */
            taskCount: number;
        };
        SpacecraftLifecycleRequest: {
            /** @description Target status */
            lifecycleStatus: string;
            /** @description Required (true) to archive a craft that has scheduled tasks, which are then permanently deleted in the same transaction; ignored on restore and for a craft without tasks */
            confirmTaskDeletion?: boolean;
        };
        ThrusterPage: {
            content: components["schemas"]["Thruster"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        Thruster: {
            id: string;
            spacecraftId: string;
            name: string;
            thrustN: number;
            ispS: number;
            direction: components["schemas"]["Vector3"] & unknown;
            positionM: components["schemas"]["Vector3"] & unknown;
            enabled: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
        };
        /** @description Create or replace (PUT) a thruster; omitted optional fields take their defaults */
        ThrusterRequest: {
            name: string;
            /** @description Thrust, N (> 0, ≤ 10000000) */
            thrustN: number;
            /** @description Specific impulse, s (50..10000) */
            ispS: number;
            direction: components["schemas"]["DirectionInput"];
            positionM?: components["schemas"]["BodyPositionInput"];
            /** @description Default true */
            enabled?: boolean;
        };
        /** @description Body-frame thrust direction; normalized on write; the zero vector is rejected */
        DirectionInput: {
            x: number;
            y: number;
            z: number;
        };
        /** @description Body-frame nozzle position, m (each within ±1000 m); default {0,0,0} */
        BodyPositionInput: {
            x: number;
            y: number;
            z: number;
        };
        PayloadPage: {
            content: components["schemas"]["Payload"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        Payload: {
            id: string;
            spacecraftId: string;
            name: string;
            /** @enum {string} */
            type: "CAMERA" | "RADAR" | "RF" | "LIDAR" | "SPECTROMETER" | "OTHER";
            /** @description Assigned on create: one more than the highest slot ever assigned on this craft (the first is 0). Deleted slots stay as gaps and are never reused or repacked */
            slotIndex: number;
            massKg: number | null;
            powerW: number | null;
            boresight: components["schemas"]["Vector3"] & unknown;
            fieldOfViewDeg: number | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
        };
        /** @description Create or replace (PUT) a payload; slotIndex is assigned by the server and never changes */
        PayloadRequest: {
            name: string;
            /** @enum {string} */
            type: "CAMERA" | "RADAR" | "RF" | "LIDAR" | "SPECTROMETER" | "OTHER";
            /** @description Mass, kg (> 0, ≤ 10000000); default null */
            massKg?: number | null;
            /** @description Power draw, W (0..10000000); default null */
            powerW?: number | null;
            boresight?: components["schemas"]["DirectionInput"] & unknown;
            /** @description Full cone angle, degrees, (0, 180]; default null */
            fieldOfViewDeg?: number | null;
        };
        MeasurementPage: {
            content: components["schemas"]["Measurement"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        Measurement: {
            id: string;
            spacecraftId: string;
            /** @enum {string} */
            type: "RANGE" | "RADEC" | "AZEL" | "DOPPLER" | "PV";
            /**
             * Format: date-time
             * @description UTC, microsecond resolution
             * @example 2026-11-01T12:00:00.000000Z
             */
            epoch: string;
            /** @description RANGE {range}; RADEC {rightAscension, declination}; AZEL {azimuth, elevation}; DOPPLER {doppler}; PV {x, y, z, vx, vy, vz} */
            values: {
                [key: string]: number | null;
            };
            /** @description Unit of each value (km, s, RU, deg, km/s, Hz) */
            units: {
                [key: string]: string;
            };
            /** @description Standard deviation of each value where the file gives one */
            sigma: {
                [key: string]: number | null;
            } | null;
            /** @description Frame of PV states and RADEC angles */
            referenceFrame: string | null;
            participants: string[];
            /** @description The ground participant(s) as the file names them */
            station: string | null;
            /** @description The ground station the participant resolved to (null: no station has that name or alias) */
            groundStationId: string | null;
            context: components["schemas"]["MeasurementContext"];
            sourceFile: string;
            jobId: string;
            outlier: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
        };
        /** @description TDM metadata of the measurement (null for SP3/OEM) */
        MeasurementContext: {
            /** @description false for measurements stored before the context was kept: the TDM fields are then null */
            recorded: boolean;
            segmentIndex: number | null;
            /** @example DOPPLER_INSTANTANEOUS */
            dataKeyword: string | null;
            participants: {
                /** @description n of PARTICIPANT_n */
                number: number;
                name: string;
                /** @description From PATH: first sends, last receives */
                roles: ("TRANSMITTER" | "TRANSPONDER" | "RECEIVER")[];
            }[] | string[];
            /**
             * @description PATH (or PATH_1) as participant numbers
             * @example [
             *       1,
             *       2,
             *       1
             *     ]
             */
            path: number[] | null;
            path2: number[] | null;
            mode: string | null;
            /** @description RECEIVE or TRANSMIT; null = not given (RECEIVE) */
            timetagRef: string | null;
            integrationIntervalS: number | null;
            integrationRef: string | null;
            turnaroundNumerator: number | null;
            turnaroundDenominator: number | null;
            rangeMode: string | null;
            rangeModulus: number | null;
            rangeUnits: string | null;
            angleType: string | null;
            transmitBand: string | null;
            receiveBand: string | null;
            referenceFrame: string | null;
        } | null;
        BatchUploadResponse: {
            /** @description This upload: every job it queued carries it (GET /operations/measurements/jobs?batchId=…) */
            batchId: string;
            /** @description Files accepted or duplicate (not failed) */
            successCount: number;
            failureCount: number;
            totalCount: number;
            results: components["schemas"]["TrackingFileResult"][];
        };
        TrackingFileResult: {
            filename: string;
            jobId: string | null;
            /**
             * @description success: accepted, a job stores it (jobId). failed: nothing stored (errors say why). duplicate: the same content was already uploaded for the same spacecraft and that job still counts (queued, running, or succeeded with its measurements stored): jobId is that job (also params.duplicateOfJobId) and nothing is queued; ?allowDuplicate=true stores it again
             * @enum {string}
             */
            status: "success" | "failed" | "duplicate";
            message: string;
            /** @example import.tracking.tdm.parse_failed */
            code: string;
            /** @example TRK-1001 */
            errorCode: string | null;
            errors: {
                blockId: string;
                /** @example TRK-1001 */
                code: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                firstEpoch: string | null;
                message: string;
            }[];
            params: {
                [key: string]: unknown;
            };
            measurementContext: {
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                startDate: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                endDate: string | null;
                spacecraftIds: string[];
                measurementTypes: string[];
            } | null;
            uncertaintySummary: string | null;
            /** @description Records of an accepted file that are not stored, each naming its line (e.g. a TDM ANGLE_1 without ANGLE_2 at its epoch); at most 100, then a count */
            warnings: string[];
        };
        TrackingUploadForm: {
            /** @description TDM, SP3 or OEM files (repeated part) */
            files: string[];
        };
        TrackingInspectResponse: {
            filename: string;
            /** @description SHA-256 (hex) of the bytes; send back as X-Content-Hash */
            contentHash: string;
            format: string | null;
            valid: boolean;
            measurementCount: number;
            measurementContext: {
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                startDate: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                endDate: string | null;
                spacecraftIds: string[];
                measurementTypes: string[];
            } | null;
            unresolvedObjects: string[];
            uncertaintySummary: string | null;
            /** @description Records that would not be stored, each naming its line; at most 100, then a count */
            warnings: string[];
            /** @description Every error of the file, each naming its line (at most 50) */
            errors: {
                blockId: string;
                /** @example TRK-1001 */
                code: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                firstEpoch: string | null;
                message: string;
            }[];
            /** @description True when reading stopped after 50 errors (more may follow) */
            errorsTruncated: boolean;
        };
        /** @description Exactly one file, in part `file` or in part `files` */
        TrackingInspectForm: {
            /**
             * Format: binary
             * @description One TDM, SP3 or OEM file
             */
            file?: string;
            /**
             * Format: binary
             * @description The same, under the part name that upload and import use
             */
            files?: string;
        } & ({
            /** Format: binary */
            file: string;
        } | {
            /** Format: binary */
            files: string;
        });
        MeasurementJobPage: {
            content: components["schemas"]["MeasurementJob"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        MeasurementJob: {
            jobId: string;
            /** @description The upload (POST) the job came from; every file of one upload shares it */
            batchId: string;
            filename: string;
            format: string;
            /** @description Spacecraft the file resolved to */
            spacecraftIds: string[];
            /**
             * @description QUEUED → RUNNING → SUCCEEDED | FAILED; QUEUED → CANCELLED (DELETE). A failed attempt that may succeed again returns to QUEUED
             * @enum {string}
             */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            attempts: number;
            maxAttempts: number;
            /** @description Progress while RUNNING (rows stored / expected) */
            progress: {
                /** @description Measurements stored so far (all of them once SUCCEEDED) */
                rowsStored: number;
                /** @description Measurements the upload validation found in the file */
                expectedRows: number | null;
                fraction: number;
            };
            expectedMeasurementCount: number | null;
            measurementCount: number | null;
            error: string | null;
            contentHash: string;
            /** @description As in the upload result (null when the upload stored none) */
            measurementContext: {
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                startDate: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                endDate: string | null;
                spacecraftIds: string[];
                measurementTypes: string[];
            } | null;
            uncertaintySummary: string | null;
            /** @description How the TDM ground participants resolved to ground stations at ingest (null before the job ran, and for SP3/OEM) */
            stations: {
                resolved: {
                    name: string;
                    stationId: string;
                }[];
                unresolved: string[];
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            finishedAt: string | null;
        };
        BulkOutlierResponse: {
            updatedCount: number;
        };
        OutliersByIdsRequest: {
            measurementIds: string[];
            outlier: boolean;
        };
        OutliersByFileRequest: {
            /** @description Exact, case-sensitive source file name (nonblank, ≤ 255 characters, no control, line-separator, bidi or zero-width characters) */
            fileName: string;
            outlier: boolean;
        };
        DeleteByFileResponse: {
            deletedCount: number;
        };
        ManeuverListResponse: {
            items: components["schemas"]["ManeuverListItem"][];
            totalCount: number;
        };
        ManeuverListItem: {
            maneuverId: string;
            displayId: string;
            name: string;
            spacecraftId: string;
            attitudeMode: components["schemas"]["AttitudeMode"];
            /** @description Number of burn segments */
            segmentCount: number;
            /**
             * Format: date-time
             * @description Derived: earliest segment referenceEpoch (UTC, microseconds)
             * @example 2026-11-01T12:00:00.000000Z
             */
            start: string;
            /**
             * Format: date-time
             * @description Derived: latest segment end, referenceEpoch + duration (UTC, microseconds)
             * @example 2026-11-01T12:00:00.000000Z
             */
            end: string;
            /** @description Derived: |F| / mass at the start of the first burn, m/s²; null when no mass is known */
            acceleration: number | null;
            /** @description Derived: Σ Isp·g0·ln(m0/m1) over the segments in time order (g0 = 9.80665 m/s²), m/s; null when unavailable */
            deltaV: number | null;
            /** @description Derived: mass change over all segments, kg, negative (propellant consumed; ṁ = |F|/(Isp·g0)); null when unavailable */
            deltaMass: number | null;
            /** @description Mass used for the derived values, kg: the OCM WET_MASS of an imported record, else the spacecraft launchMass; null when neither */
            initialMass: number | null;
            /** @description Ids of other stored records of the same spacecraft whose interval overlaps this one (computed on every read, wherever they lie in time) */
            conflictingManeuverIds: string[];
        };
        /**
         * @description Reference frame of the thrust vector. OCM MAN_REF_FRAME mapping on import: TNW, TNW_ROTATING → TNW; RTN, RIC → RTN; QSW → QSW; RSW, RSW_ROTATING → RSW_ROTATING. Export writes TNW, RTN, QSW, RSW_ROTATING.
         * @enum {string}
         */
        AttitudeMode: "TNW" | "RTN" | "QSW" | "RSW_ROTATING";
        CreateManeuverResponse: {
            createdCount: number;
            message: string;
            /** @description Soft planning-rule findings of the created records ([] when none) */
            warnings: components["schemas"]["PlanningFinding"][];
        };
        /** @description A planning rule of the spacecraft's maneuverCapabilities. Hard limits refuse the write (422 MANEUVER_CAPABILITY_VIOLATION): BLACKOUT_WINDOW (a burn overlaps a blackout window), OUTSIDE_ALLOWED_WINDOWS (allowed windows are declared and a burn is in none). Soft limits are stored with a warning: MINIMUM_SEPARATION, DUTY_CYCLE (no declared thruster can fly the burns within its duty cycle), MINIMUM_BURN (a segment is shorter than every declared minimum burn), WET_MASS_BELOW_DRY_MASS (OCM import). */
        PlanningFinding: {
            /** @enum {string} */
            code: "BLACKOUT_WINDOW" | "OUTSIDE_ALLOWED_WINDOWS" | "MINIMUM_SEPARATION" | "DUTY_CYCLE" | "MINIMUM_BURN" | "WET_MASS_BELOW_DRY_MASS";
            maneuverId: string;
            message: string;
            details?: {
                [key: string]: unknown;
            };
        };
        CreateManeuverRequest: {
            maneuvers: components["schemas"]["CreateManeuver"][];
        };
        CreateManeuver: {
            /** @description The actual spacecraft id (names, NORAD/COSPAR ids and external keys are not accepted) */
            spacecraftId: string;
            /** @description Becomes the permanent maneuverId (and OCM MAN_ID): nonblank, ≤ 63 chars, unique per spacecraft, single line, no leading/trailing white space, not "export" or "import" */
            name: string;
            /** @description Optional metadata (single line, ≤ 1000 chars; exported as OCM MAN_PURPOSE). Omitted, null or "" clears it. */
            purpose?: string | null;
            attitudeMode: components["schemas"]["AttitudeMode"];
            composition: components["schemas"]["BurnSegment"][];
        };
        BurnSegment: {
            /**
             * Format: date-time
             * @description Burn start, ISO-8601 instant with zone; stored and returned in UTC at microsecond resolution (YYYY-MM-DDThh:mm:ss.ssssssZ). Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)
             */
            referenceEpoch: string;
            /** @description Seconds; > 0 and ≤ 2592000 (30 days); the burn must end within the supported epoch range */
            duration: number;
            /** @description Newtons; required explicitly (zero allowed); within ±10000000 N */
            thrX: number;
            /** @description Newtons; required explicitly (zero allowed); within ±10000000 N */
            thrY: number;
            /** @description Newtons; required explicitly (zero allowed); within ±10000000 N */
            thrZ: number;
            /** @description Seconds; 50 to 10000 */
            thrISP: number;
            attitudeMode: components["schemas"]["AttitudeMode"];
        };
        ManeuverImportResult: {
            successCount: number;
            failureCount: number;
            results: components["schemas"]["ManeuverImportFileResult"][];
        };
        ManeuverImportFileResult: {
            filename: string;
            /**
             * @description success: committed. failed: nothing of the file stored. ambiguous: the target spacecraft needs the spacecraftId query
             * @enum {string}
             */
            status: "success" | "failed" | "ambiguous" | "duplicate";
            spacecraftId: string | null;
            /** @description MAN_IDs of the file’s thrust maneuvers (stored when success) */
            maneuverIds: string[];
            /** @description MAN_IDs of blocks without thrust (deployments), not stored */
            skippedManeuverIds: string[];
            /** @description Machine token: VALIDATION_ERROR, MANEUVER_CONFLICT, IMPORT_TARGET_AMBIGUOUS, … */
            error?: string;
            /** @description Dotted code, e.g. import.file.invalid, import.maneuver.exists */
            code?: string;
            message?: string;
            /** @description 1-based line of the file the error is about */
            line?: number;
            candidateSpacecraftIds?: string[];
            conflictingManeuverIds?: string[];
            /** @description Soft planning findings of a stored (or ready) file */
            warnings?: components["schemas"]["PlanningFinding"][];
            /** @description Hard capability limits that failed the file */
            violations?: components["schemas"]["PlanningFinding"][];
        };
        ManeuverImportForm: {
            /** @description One or more OCM files (KVN or XML), part name `files` */
            files: string[];
        };
        ManeuverImportPreview: {
            filename: string;
            spacecraftId: string | null;
            /** @description MAN_IDs of the file’s thrust maneuvers (stored when success) */
            maneuverIds: string[];
            /** @description MAN_IDs of blocks without thrust (deployments), not stored */
            skippedManeuverIds: string[];
            /** @description Machine token: VALIDATION_ERROR, MANEUVER_CONFLICT, IMPORT_TARGET_AMBIGUOUS, … */
            error?: string;
            /** @description Dotted code, e.g. import.file.invalid, import.maneuver.exists */
            code?: string;
            message?: string;
            /** @description 1-based line of the file the error is about */
            line?: number;
            candidateSpacecraftIds?: string[];
            conflictingManeuverIds?: string[];
            /** @description Soft planning findings of a stored (or ready) file */
            warnings?: components["schemas"]["PlanningFinding"][];
            /** @description Hard capability limits that failed the file */
            violations?: components["schemas"]["PlanningFinding"][];
            /**
             * @description What importing the file now would do: ready, failed or ambiguous
             * @enum {string}
             */
            status: "ready" | "failed" | "ambiguous";
            /** @description SHA-256 (hex) of the file bytes; send back as X-Content-Hash */
            contentHash: string;
            /** @description SHA-256 (hex) of the resolved target and MAN_IDs; send back as X-Resolution-Fingerprint */
            resolutionFingerprint: string;
            /** @description How the target was found: query, id, externalKey, noradId, cosparId, name */
            resolvedBy: string | null;
            maneuvers: {
                maneuverId: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                start: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                end: string;
                segmentCount: number;
            }[];
        };
        Maneuver: {
            maneuverId: string;
            /** @description MAN-<n>, per organization; fixed */
            displayId: string;
            spacecraftId: string;
            name: string;
            purpose: string | null;
            attitudeMode: components["schemas"]["AttitudeMode"];
            composition: components["schemas"]["BurnSegmentView"][];
            /**
             * Format: date-time
             * @description Derived: earliest segment referenceEpoch (UTC, microseconds)
             * @example 2026-11-01T12:00:00.000000Z
             */
            start: string;
            /**
             * Format: date-time
             * @description Derived: latest segment end, referenceEpoch + duration (UTC, microseconds)
             * @example 2026-11-01T12:00:00.000000Z
             */
            end: string;
            /** @description Derived: |F| / mass at the start of the first burn, m/s²; null when no mass is known */
            acceleration: number | null;
            /** @description Derived: Σ Isp·g0·ln(m0/m1) over the segments in time order (g0 = 9.80665 m/s²), m/s; null when unavailable */
            deltaV: number | null;
            /** @description Derived: mass change over all segments, kg, negative (propellant consumed; ṁ = |F|/(Isp·g0)); null when unavailable */
            deltaMass: number | null;
            /** @description Mass used for the derived values, kg: the OCM WET_MASS of an imported record, else the spacecraft launchMass; null when neither */
            initialMass: number | null;
            /** @description Ids of other stored records of the same spacecraft whose interval overlaps this one (computed on every read, wherever they lie in time) */
            conflictingManeuverIds: string[];
            /** @description What the spacecraft's declared capabilities say about the record now (computed on every read; [] when nothing) */
            warnings: components["schemas"]["PlanningFinding"][];
        };
        BurnSegmentView: {
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            referenceEpoch: string;
            /** @description Seconds */
            duration: number;
            /** @description Newtons */
            thrX: number;
            /** @description Newtons */
            thrY: number;
            /** @description Newtons */
            thrZ: number;
            /** @description Seconds */
            thrISP: number;
            attitudeMode: components["schemas"]["AttitudeMode"];
        };
        /** @description Replaces every editable field; omitted optional metadata (purpose) is cleared. Identity, displayId and spacecraft stay fixed. */
        UpdateManeuverRequest: {
            /** @description Nonblank, ≤ 255 chars, single line, no leading/trailing white space */
            name: string;
            /** @description Optional metadata (single line, ≤ 1000 chars; exported as OCM MAN_PURPOSE). Omitted, null or "" clears it. */
            purpose?: string | null;
            attitudeMode: components["schemas"]["AttitudeMode"];
            composition: components["schemas"]["BurnSegment"][];
        };
        StateVector: {
            /**
             * @description Display id SV-<n>, per organization
             * @example SV-12
             */
            id: string;
            spacecraftId: string;
            spacecraftName: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            epoch: string;
            /** @description km */
            position: number[];
            /** @description km/s */
            velocity: number[];
            /** @enum {string} */
            referenceFrame: "GCRF" | "EME2000" | "TEME" | "ITRF" | "TOD" | "MOD";
            /** @description kg */
            mass: number | null;
            originator: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            creationDate: string;
            /** @enum {string} */
            sourceType: "OPM_IMPORT" | "ORBIT_DETERMINATION" | "MANUAL";
            orbitSolutionId: string | null;
            /** @description Orbit-determination convergence; null for other sources */
            converged: boolean | null;
            hasCovariance: boolean;
            covariance: components["schemas"]["StateVectorCovariance"];
            meanElements: components["schemas"]["MeanElements"];
            /**
             * @description 'DSST' when meanElements is set, else null
             * @enum {string|null}
             */
            meanElementsTheory: "DSST" | null;
            /** @description Non-fatal warnings (empty when none) */
            warnings: string[];
            /** @description OPM USER_DEFINED_<name> parameters of an imported state (name without the prefix → value); {} when none. Written back on OPM export. */
            userDefinedParameters: {
                [key: string]: string;
            };
        };
        StateVectorCovariance: {
            /** @description GCRF, EME2000, TEME, ITRF, TOD, MOD, RTN or TNW */
            frame: string;
            /** @description 6×6 (km², km²/s, km²/s²) */
            matrix: number[][];
            standardDeviations: {
                /** @description σ of the three position axes of `frame`, km */
                positionKm: number[];
                /** @description σ of the three velocity axes of `frame`, km/s */
                velocityKmS: number[];
            };
        } | null;
        /** @description Mean Keplerian elements by DSST averaging (zonal J2–J6 short-periodic terms) */
        MeanElements: {
            semiMajorAxisKm: number;
            eccentricity: number;
            inclinationDeg: number;
            raanDeg: number;
            argPerigeeDeg: number;
            meanAnomalyDeg: number;
            trueAnomalyDeg: number;
        } | null;
        CreateStateVectorRequest: {
            /** @description Owning spacecraft (canonical id) */
            spacecraftId: string;
            /**
             * Format: date-time
             * @description State epoch: ISO-8601 instant with zone (Z or ±hh:mm), any number of fractional digits. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)
             * @example 2024-03-01T12:00:00.000Z
             */
            epoch: string;
            /** @description [x, y, z] km; each component within ±10000000 km */
            position: number[];
            /** @description [vx, vy, vz] km/s; each component within ±100 km/s */
            velocity: number[];
            /**
             * @description Frame of position and velocity; kept as given
             * @enum {string}
             */
            referenceFrame: "GCRF" | "EME2000" | "TEME" | "ITRF" | "TOD" | "MOD";
            /** @description kg (> 0, ≤ 10000000); null/absent = the spacecraft launchMass is used for propagation */
            mass?: number | null;
            /** @description Originator of the data (default APSIS) */
            originator?: string;
            covariance?: components["schemas"]["StateVectorCovarianceInput"];
        };
        StateVectorCovarianceInput: {
            /**
             * @description Frame of the matrix (default: the state referenceFrame). RTN/TNW are local orbital frames about the state, rotation only.
             * @enum {string}
             */
            frame?: "GCRF" | "EME2000" | "TEME" | "ITRF" | "TOD" | "MOD" | "RTN" | "TNW";
            /** @description 6×6 symmetric positive semi-definite matrix, rows/columns x, y, z, vx, vy, vz; km², km²/s, km²/s²; each element within ±100000000000000 */
            matrix: number[][];
        } | null;
        StateVectorImportResponse: {
            successCount: number;
            failureCount: number;
            results: {
                filename: string;
                /**
                 * @description success: stored; failed: nothing stored; ambiguous: repeat with the spacecraftId query; duplicate: the same state is already stored as stateVectorId, nothing stored (allowDuplicate=true stores it again)
                 * @enum {string}
                 */
                status: "success" | "failed" | "ambiguous" | "duplicate";
                spacecraftId: string | null;
                stateVectorId: string | null;
                warnings: string[];
                error?: string;
                message?: string;
                line?: number;
                candidateSpacecraftIds?: string[];
            }[];
        };
        StateVectorImportForm: {
            /** @description OPM files (KVN or XML), repeated part */
            files: string[];
        };
        StateVectorPage: {
            content: components["schemas"]["StateVector"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        GenerateOemRequest: {
            /**
             * Format: date-time
             * @description Start of the ephemeris (ISO-8601 instant with zone). Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)
             * @example 2024-03-01T12:00:00Z
             */
            initialDate: string;
            /**
             * Format: date-time
             * @description End of the ephemeris; after initialDate, at most 30 days later. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC)
             * @example 2024-03-02T12:00:00Z
             */
            finalDate: string;
            /**
             * @description REF_FRAME (default GCRF)
             * @enum {string}
             */
            referenceFrame?: "GCRF" | "EME2000" | "ITRF" | "TOD" | "MOD" | "TEME";
            /** @description Seconds, 60..86400 (default 60) */
            timeBetweenPoints?: number;
            /**
             * @description TIME_SYSTEM of the epochs (default UTC)
             * @enum {string}
             */
            timeSystem?: "UTC" | "TAI" | "TT" | "TDB" | "TCG" | "TCB" | "GPS";
            /** @description Propagate the stored covariance and write it per epoch (default false) */
            includeCovariance?: boolean;
            /**
             * @description COV_REF_FRAME (default RTN)
             * @enum {string}
             */
            covarianceFrame?: "RTN" | "TNW";
            /** @description Read-only indicator; accepted and ignored */
            covarianceFrameValid?: boolean;
            /** @description Read-only indicator; accepted and ignored */
            dateRangeValid?: boolean;
            /** @description Read-only indicator; accepted and ignored */
            timeSpanValid?: boolean;
        };
        GroundStationPage: {
            content: components["schemas"]["GroundStation"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        GroundStation: {
            id: string;
            name: string;
            aliases: string[];
            latitudeDeg: number;
            longitudeDeg: number;
            heightM: number;
            /** @description ITRF Cartesian position, m */
            itrfPositionM: number[];
            elevationMaskDeg: number;
            sigma: {
                /** @description Range sigma, m */
                rangeM: number | null;
                /** @description Range-rate sigma, m/s */
                rangeRateMS: number | null;
                /** @description Angle sigma, deg */
                angleDeg: number | null;
            };
            bias: {
                /** @description Range constant bias (subtracted from the observed value), m */
                rangeM: number | null;
                /** @description Range-rate constant bias (subtracted from the observed value), m/s */
                rangeRateMS: number | null;
                /** @description Angle constant bias (subtracted from the observed value), deg */
                angleDeg: number | null;
            };
            enabled: boolean;
            /** @description Stored measurements whose ground participant resolved to this station */
            measurementCount: number;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
        };
        /** @description Give the position either as latitudeDeg + longitudeDeg + heightM (WGS-84) or as itrfPositionM; the other form is derived */
        GroundStationRequest: {
            /**
             * @description Unique in the organization (case-insensitive, with every alias)
             * @example VIS-STN-1
             */
            name: string;
            /** @description Other names of the station (TDM PARTICIPANT_n values); resolution is by name or alias, trimmed and case-insensitive */
            aliases?: string[];
            /** @description Geodetic latitude on WGS-84, deg */
            latitudeDeg?: number;
            /** @description Geodetic longitude, deg east (stored in (-180, 180]) */
            longitudeDeg?: number;
            /** @description Height above the WGS-84 ellipsoid, m (-1000 .. 20000) */
            heightM?: number;
            /**
             * @description ITRF Cartesian position [x, y, z], m
             * @example [
             *       4220180.2,
             *       836896.7,
             *       4714556.7
             *     ]
             */
            itrfPositionM?: number[];
            /** @description Elevation mask, deg (default 10); measurements below it are not used */
            elevationMaskDeg?: number;
            /** @description Per-type sigmas; null or absent = not set (PATCH merges field by field; null clears) */
            sigma?: {
                /** @description Range sigma, m */
                rangeM?: number | null;
                /** @description Range-rate sigma, m/s */
                rangeRateMS?: number | null;
                /** @description Angle sigma (each angle), deg */
                angleDeg?: number | null;
            };
            /** @description Per-type biass; null or absent = not set (PATCH merges field by field; null clears) */
            bias?: {
                /** @description Range bias, m */
                rangeM?: number | null;
                /** @description Range-rate bias, m/s */
                rangeRateMS?: number | null;
                /** @description Angle bias (each angle), deg */
                angleDeg?: number | null;
            };
            /** @description Default true; a disabled station's measurements are not used by residuals or orbit determination */
            enabled?: boolean;
        };
        /** @description Only the fields sent change. aliases replaces the list. Geodetic fields may be sent alone (the others are kept) or itrfPositionM; not both. sigma and bias merge field by field (null clears one). */
        GroundStationPatch: {
            name?: string;
            /** @description Other names of the station (TDM PARTICIPANT_n values); resolution is by name or alias, trimmed and case-insensitive */
            aliases?: string[];
            /** @description Geodetic latitude on WGS-84, deg */
            latitudeDeg?: number;
            /** @description Geodetic longitude, deg east (stored in (-180, 180]) */
            longitudeDeg?: number;
            /** @description Height above the WGS-84 ellipsoid, m (-1000 .. 20000) */
            heightM?: number;
            /**
             * @description ITRF Cartesian position [x, y, z], m
             * @example [
             *       4220180.2,
             *       836896.7,
             *       4714556.7
             *     ]
             */
            itrfPositionM?: number[];
            /** @description Elevation mask, deg (default 10); measurements below it are not used */
            elevationMaskDeg?: number;
            /** @description Per-type sigmas; null or absent = not set (PATCH merges field by field; null clears) */
            sigma?: {
                /** @description Range sigma, m */
                rangeM?: number | null;
                /** @description Range-rate sigma, m/s */
                rangeRateMS?: number | null;
                /** @description Angle sigma (each angle), deg */
                angleDeg?: number | null;
            };
            /** @description Per-type biass; null or absent = not set (PATCH merges field by field; null clears) */
            bias?: {
                /** @description Range bias, m */
                rangeM?: number | null;
                /** @description Range-rate bias, m/s */
                rangeRateMS?: number | null;
                /** @description Angle bias (each angle), deg */
                angleDeg?: number | null;
            };
            /** @description Default true; a disabled station's measurements are not used by residuals or orbit determination */
            enabled?: boolean;
        };
        ResidualsResponse: {
            spacecraftId: string;
            stateVectorId: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            stateEpoch: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            startDate: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            endDate: string;
            /** @description Stored measurements selected by the request */
            storedCount: number;
            modelledCount: number;
            residualCount: number;
            skipped: components["schemas"]["SkippedMeasurements"];
            warnings: string[];
            statistics: {
                byType: components["schemas"]["ResidualStatistics"][];
                byStation: components["schemas"]["ResidualStatistics"][];
            };
            residuals: components["schemas"]["ResidualPage"];
        };
        SkippedMeasurements: {
            count: number;
            reasons: {
                reason: string;
                count: number;
                /** @description The first 20 */
                measurementIds: string[];
            }[];
        };
        ResidualStatistics: {
            kind: string;
            stationId: string | null;
            stationName: string | null;
            count: number;
            components: string[];
            units: string[];
            mean: number[];
            rms: number[];
            min: number[];
            max: number[];
            normalizedRms: number;
            normalized: {
                mean: number[];
                rms: number[];
                min: number[];
                max: number[];
            };
        };
        ResidualPage: {
            content: components["schemas"]["ResidualRow"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        ResidualRow: {
            measurementId: string;
            /** @description Stored type (RANGE, DOPPLER, AZEL, RADEC, PV) */
            type: string | null;
            /** @description Model: RANGE, RANGE_RATE, AZEL, RADEC, PV */
            kind: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            epoch: string;
            stationId: string | null;
            stationName: string | null;
            components: string[];
            /** @description km, km/s, deg per component */
            units: string[];
            /** @description Observed value, the station bias removed */
            observed: number[];
            computed: number[];
            /** @description observed − computed; azimuth and right ascension wrapped to ±180° */
            residual: number[];
            /** @description residual / sigma */
            normalized: number[];
            sigma: number[];
            elevationDeg: number | null;
            belowMask: boolean;
            outlier: boolean;
            /** @description Orbit determination only: not used by the final iteration */
            rejected?: boolean;
            /** @description FLAGGED_OUTLIER, ELEVATION_MASK or EDITOR */
            rejectionReason?: string | null;
        };
        ResidualsRequest: {
            spacecraftId: string;
            /**
             * @description Inclusive start of the span (ISO-8601 instant with zone)
             * @example 2023-02-10T00:00:00Z
             */
            startDate: string;
            /**
             * @description Inclusive end; after startDate, at most 30 days later
             * @example 2023-02-11T00:00:00Z
             */
            endDate: string;
            /** @description Stored types (RANGE, RANGE_RATE, DOPPLER, AZEL, RADEC, PV; RANGE_RATE = DOPPLER); default all */
            measurementTypes?: string[];
            /** @description Only measurements of these ground stations (unknown id → 404) */
            stationIds?: string[];
            /** @description SV-<n> of this spacecraft; default the latest eligible state (GET /state-vectors/latest rule) */
            stateVectorId?: string;
            /** @description Include measurements flagged as outliers (default false); they are marked in the rows */
            includeOutliers?: boolean;
        };
        OrbitDetermination: {
            id: string;
            spacecraftId: string;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED";
            attempts: number;
            maxAttempts: number;
            /** @description Why the job FAILED (e.g. the fit did not converge, with the reason) */
            error: string | null;
            request: {
                [key: string]: unknown;
            };
            aprioriStateVectorId: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            startDate: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            endDate: string;
            progress: {
                iteration: number;
                /** @description RMS of the normalized residuals of the used measurements (null when not finite) */
                weightedRms: number | null;
                rejected: number;
                history: {
                    iteration: number;
                    /** @description RMS of the normalized residuals of the used measurements (null when not finite) */
                    weightedRms: number | null;
                    rejected: number;
                }[];
            } | null;
            converged: boolean | null;
            residualCount: number | null;
            acceptedStateVectorId: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            acceptedAt: string | null;
            /** @description GET one only; null until the fit ended */
            solution?: {
                converged: boolean;
                failureReason: string | null;
                /** @enum {string} */
                optimizer: "GAUSS_NEWTON" | "LEVENBERG_MARQUARDT";
                iterations: {
                    iteration: number;
                    /** @description RMS of the normalized residuals of the used measurements (null when not finite) */
                    weightedRms: number | null;
                    rejected: number;
                    /** @description Largest normalized correction of the step that followed (1 m, ~1 mm/s); null at the last */
                    stateCorrectionNorm: number | null;
                    /** @description Levenberg–Marquardt damping λ of the step that followed (0: undamped Gauss–Newton step; null at the last) */
                    damping: number | null;
                    /** @description false: the point raised the cost and was dropped (Levenberg–Marquardt stepped again from the previous one with more damping) */
                    accepted: boolean;
                    /** @description Arc extension: only the measurements within ± this many seconds of the fit epoch were used; null: all */
                    arcSeconds: number | null;
                }[];
                /**
                 * Format: date-time
                 * @description The epoch whose state the fit iterated on (the a priori epoch, or the nearer end of the measurements)
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                fitEpoch: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                epoch: string;
                state: {
                    /** @enum {string} */
                    frame: "GCRF";
                    /** @description km */
                    positionKm: number[];
                    /** @description km/s */
                    velocityKmS: number[];
                    /** @description At the solution epoch */
                    massKg: number;
                };
                stateCovariance: {
                    /** @enum {string} */
                    frame: "GCRF";
                    /** @description 6×6 formal covariance (JᵀWJ)⁻¹, km², km²/s, km²/s² */
                    matrix: number[][];
                    standardDeviations: {
                        /** @description km */
                        positionKm: number[];
                        /** @description km/s */
                        velocityKmS: number[];
                    };
                };
                parameters: {
                    name: string;
                    unit: string;
                    value: number | null;
                    sigma: number | null;
                    /** @description No used measurement constrained it: held at its a priori value (zero covariance rows) */
                    held: boolean;
                }[];
                /** @description Formal covariance of every estimated parameter (units of `parameters`) */
                covariance: {
                    parameters: string[];
                    matrix: number[][];
                };
                dragCoefficient: {
                    value: number;
                    sigma: number;
                } | null;
                srpCoefficient: {
                    value: number;
                    sigma: number;
                } | null;
                stationBiases: {
                    stationId: string;
                    stationName: string | null;
                    component: string;
                    unit: string;
                    value: number;
                    sigma: number;
                }[];
                counts: {
                    kind: string;
                    stationId: string | null;
                    stationName: string | null;
                    used: number;
                    rejected: number;
                }[];
                statistics: {
                    byType: components["schemas"]["ResidualStatistics"][];
                    byStation: components["schemas"]["ResidualStatistics"][];
                };
                forceModel: {
                    [key: string]: unknown;
                };
                apriori: {
                    stateVectorId: string;
                    /**
                     * Format: date-time
                     * @example 2026-11-01T12:00:00.000000Z
                     */
                    epoch: string;
                    /** @description km */
                    positionKm: number[];
                    /** @description km/s */
                    velocityKmS: number[];
                    frame: string;
                };
                measurements: {
                    storedCount: number;
                    modelledCount: number;
                    skipped: components["schemas"]["SkippedMeasurements"];
                    warnings: string[];
                };
                /** @description Wall time of the fit on the worker, ms */
                elapsedMs: number;
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            finishedAt: string | null;
        };
        OrbitDeterminationRequest: {
            spacecraftId: string;
            /**
             * @description Inclusive start of the span (ISO-8601 instant with zone)
             * @example 2023-02-10T00:00:00Z
             */
            startDate: string;
            /**
             * @description Inclusive end; after startDate, at most 30 days later
             * @example 2023-02-11T00:00:00Z
             */
            endDate: string;
            /** @description Stored types (RANGE, RANGE_RATE, DOPPLER, AZEL, RADEC, PV; RANGE_RATE = DOPPLER); default all */
            measurementTypes?: string[];
            /** @description Only measurements of these ground stations (unknown id → 404) */
            stationIds?: string[];
            /** @description SV-<n> of this spacecraft; default the latest eligible state with an epoch at or before endDate */
            aprioriStateVectorId?: string;
            /** @description Epoch of the estimated state (ISO-8601 instant); default the a priori epoch. The fit iterates at the a priori epoch (at the nearer end of the measurements when the a priori lies more than an orbit outside them) and maps the result, state and covariance, to this epoch: every solution epoch gives the same orbit */
            solutionEpoch?: string;
            /**
             * @description Step of the least squares (default LEVENBERG_MARQUARDT): GAUSS_NEWTON, undamped (Orekit's optimizer); LEVENBERG_MARQUARDT, Gauss–Newton steps while they lower the cost and Marquardt damping after one that does not (the damping λ is in each iteration of the solution), with arc extension when the a priori is poor (5 km / 5 m/s)
             * @enum {string}
             */
            optimizer?: "GAUSS_NEWTON" | "LEVENBERG_MARQUARDT";
            /** @description Besides the 6 Cartesian state components (always estimated) */
            solveFor?: {
                /** @description Estimate Cd (a priori: the spacecraft's) */
                dragCoefficient?: boolean;
                /** @description Estimate Cr (a priori: the spacecraft's) */
                srpCoefficient?: boolean;
                /** @description Estimate a constant bias per station and measurement component */
                stationBiases?: boolean;
            };
            /** @description n-sigma of the automatic outlier editor (default 3; 0 disables it) */
            editingSigma?: number;
            /** @description Default 25 */
            maxIterations?: number;
        };
        OrbitDeterminationPage: {
            content: components["schemas"]["OrbitDetermination"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        OrbitDeterminationResidualPage: {
            content: components["schemas"]["ResidualRow"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        OrbitDeterminationAccepted: {
            orbitDeterminationId: string;
            stateVector: components["schemas"]["StateVector"];
        };
        TaskPage: {
            content: components["schemas"]["ScheduledTask"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        ScheduledTask: {
            id: string;
            spacecraftId: string;
            name: string;
            /** @enum {string} */
            kind: "UNSPECIFIED" | "GENERATE_OEM" | "GENERATE_TLE" | "ORBIT_DETERMINATION" | "PREDICT_EVENTS";
            parameters: {
                [key: string]: unknown;
            };
            schedule: components["schemas"]["TaskSchedule"];
            enabled: boolean;
            /**
             * Format: date-time
             * @description Null while disabled or after a one-off ran
             */
            nextRunAt: string | null;
            retention: {
                maxCount: number | null;
                maxAgeDays: number | null;
            };
            lastRun: {
                runId: string;
                /**
                 * Format: date-time
                 * @description When the status was recorded
                 */
                at: string;
                /** @enum {string} */
                status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED" | "RETRYING";
                error: string | null;
                productId: string | null;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description As sent, with INTERVAL start filled in */
        TaskSchedule: {
            /** @enum {string} */
            type: "INTERVAL";
            /** @description Period, s (60 … 31622400) */
            intervalSeconds: number;
            /**
             * Format: date-time
             * @description First slot (ISO-8601 instant with zone); default: the creation time. Slots are start + k·interval
             */
            start?: string;
        } | {
            /** @enum {string} */
            type: "CRON";
            /**
             * @description 5-field cron expression (minute hour day-of-month month day-of-week), evaluated in UTC
             * @example 0 *\/6 * * *
             */
            expression: string;
        } | {
            /** @enum {string} */
            type: "ONCE";
            /**
             * Format: date-time
             * @description The one run (ISO-8601 instant with zone)
             */
            at: string;
        };
        CreateTaskRequest: {
            name: string;
            schedule: components["schemas"]["TaskSchedule"];
            /** @description Default true */
            enabled?: boolean;
            retention?: components["schemas"]["TaskRetention"];
            /** @enum {string} */
            kind: "GENERATE_OEM";
            parameters?: components["schemas"]["OemTaskParameters"];
        } | {
            name: string;
            schedule: components["schemas"]["TaskSchedule"];
            /** @description Default true */
            enabled?: boolean;
            retention?: components["schemas"]["TaskRetention"];
            /** @enum {string} */
            kind: "GENERATE_TLE";
            parameters?: components["schemas"]["TleTaskParameters"];
        } | {
            name: string;
            schedule: components["schemas"]["TaskSchedule"];
            /** @description Default true */
            enabled?: boolean;
            retention?: components["schemas"]["TaskRetention"];
            /** @enum {string} */
            kind: "ORBIT_DETERMINATION";
            parameters?: components["schemas"]["OdTaskParameters"];
        } | {
            name: string;
            schedule: components["schemas"]["TaskSchedule"];
            /** @description Default true */
            enabled?: boolean;
            retention?: components["schemas"]["TaskRetention"];
            /** @enum {string} */
            kind: "PREDICT_EVENTS";
            parameters?: components["schemas"]["EventTaskParameters"];
        };
        /** @description Retention of the products of the task; default {maxCount: 10}. At least one of the two. */
        TaskRetention: {
            /** @description Keep at most this many products (newest first) */
            maxCount?: number | null;
            /** @description Delete products older than this many days */
            maxAgeDays?: number | null;
        };
        /** @description GENERATE_OEM: an OEM of the craft's latest eligible state over [run time + startOffsetSeconds, + durationSeconds] */
        OemTaskParameters: {
            /** @description Start of the span relative to the run time (the slot the run stands for), seconds; default 0 */
            startOffsetSeconds?: number;
            /** @description Span length, s (60 s … 30 days; default 86400 = 1 day) */
            durationSeconds?: number;
            /** @description Seconds, 60..86400 (default 60) */
            timeBetweenPoints?: number;
            /**
             * @description REF_FRAME (default GCRF)
             * @enum {string}
             */
            referenceFrame?: "GCRF" | "EME2000" | "ITRF" | "TOD" | "MOD" | "TEME";
            /**
             * @description TIME_SYSTEM of the epochs (default UTC)
             * @enum {string}
             */
            timeSystem?: "UTC" | "TAI" | "TT" | "TDB" | "TCG" | "TCB" | "GPS";
            /** @description Propagate and write the state covariance (default false) */
            includeCovariance?: boolean;
            /**
             * @description COV_REF_FRAME (default RTN)
             * @enum {string}
             */
            covarianceFrame?: "RTN" | "TNW";
        };
        /** @description GENERATE_TLE: a TLE of the craft at run time + epochOffsetSeconds */
        TleTaskParameters: {
            /** @description TLE epoch relative to the run time, seconds; default 0 */
            epochOffsetSeconds?: number;
        };
        /** @description ORBIT_DETERMINATION: an orbit determination over [run time + startOffsetSeconds, + durationSeconds] */
        OdTaskParameters: {
            /** @description Start of the tracking span relative to the run time, seconds (≤ 0; default -86400 = −1 day) */
            startOffsetSeconds?: number;
            /** @description Span length, s (60 s … 30 days; default 86400 = 1 day) */
            durationSeconds?: number;
            /** @description Accept a converged solution as a state vector (later OEM/TLE use it); default false */
            autoAccept?: boolean;
        };
        /** @description PREDICT_EVENTS: the pass plan (and eclipses) of the craft over [run time + startOffsetSeconds, + durationSeconds] */
        EventTaskParameters: {
            /** @description Start of the span relative to the run time, seconds; default 0 */
            startOffsetSeconds?: number;
            /** @description Span length, s (60 s … 30 days; default 604800 = 7 days) */
            durationSeconds?: number;
            /** @description Ground stations of the pass plan (default: every enabled station of the organization when the task runs) */
            stationIds?: string[];
            /** @description Count a pass only above this elevation where it is higher than the station's mask */
            minElevationDeg?: number;
            /** @description Also the eclipses and the share of each orbit in shadow (JSON only; default true) */
            eclipses?: boolean;
            /**
             * @description JSON: passes and eclipses; CSV: the pass plan (RFC 4180); default JSON
             * @enum {string}
             */
            format?: "JSON" | "CSV";
        };
        UpdateTaskRequest: {
            name?: string;
            /**
             * @description Changing the kind replaces parameters (defaults unless sent)
             * @enum {string}
             */
            kind?: "GENERATE_OEM" | "GENERATE_TLE" | "ORBIT_DETERMINATION" | "PREDICT_EVENTS";
            /** @description Merged into the current parameters (replaced when the kind changes) */
            parameters?: {
                [key: string]: unknown;
            };
            schedule?: components["schemas"]["TaskSchedule"];
            enabled?: boolean;
            retention?: components["schemas"]["TaskRetention"];
        };
        TaskRunPage: {
            content: components["schemas"]["TaskRun"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        TaskRun: {
            id: string;
            taskId: string;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            /**
             * Format: date-time
             * @description The slot the run stands for (its product span is relative to it)
             */
            scheduledFor: string;
            /**
             * Format: date-time
             * @description First slot it covers; earlier than scheduledFor when slots were missed (downtime): they run once
             */
            dueSince: string;
            attempts: number;
            maxAttempts: number;
            /**
             * Format: date-time
             * @description QUEUED after a failure: not before this instant (backoff)
             */
            retryAt: string | null;
            error: string | null;
            productId: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
        };
        ProductPage: {
            content: components["schemas"]["Product"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        Product: {
            id: string;
            /** @enum {string} */
            kind: "OEM" | "TLE" | "OEM_BATCH" | "OD_SOLUTION" | "EVENT_PLAN";
            /** @description Null for a batch (see summary.spacecraftIds) */
            spacecraftId: string | null;
            taskId: string | null;
            taskRunId: string | null;
            batchId: string | null;
            fileName: string;
            mediaType: string;
            /** Format: date-time */
            spanStart: string | null;
            /** Format: date-time */
            spanEnd: string | null;
            /** @description SHA-256 of the file (lower-case hex); also its ETag */
            contentSha256: string;
            sizeBytes: number;
            /** @description Bytes at rest (deflated) */
            storedBytes: number;
            summary: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string | null;
            contentUrl: string;
        };
        /** @description OD_SOLUTION: the finished orbit determination, and the state vector it became when the task accepted it */
        OrbitDeterminationSolutionProduct: {
            orbitDetermination: components["schemas"]["OrbitDetermination"];
            acceptedStateVector: components["schemas"]["StateVector"] | null;
        };
        /** @description EVENT_PLAN (JSON): the passes of the span, and its eclipses with the share of each orbit in shadow unless the task left them out */
        EventPlanProduct: {
            spacecraftId: string;
            from: string;
            to: string;
            truncatedAt: string | null;
            passes: components["schemas"]["Pass"][];
            eclipses?: {
                number: number;
                start: string;
                end: string;
                cutAtStart: boolean;
                cutAtEnd: boolean;
                penumbraEntry: string | null;
                penumbraExit: string | null;
                umbra: {
                    entry: string | null;
                    exit: string | null;
                    start: string;
                    end: string;
                    durationS: number;
                }[];
                shadowDurationS: number;
                umbraDurationS: number;
                penumbraOnlyDurationS: number;
            }[];
            /** @description Ascending node to ascending node: the share of each orbit in shadow (partial first/last orbits: complete false) */
            orbits?: {
                number: number;
                start: string;
                end: string;
                complete: boolean;
                shadowDurationS: number;
                umbraDurationS: number;
                shadowFraction: number;
                umbraFraction: number;
            }[];
            statistics: {
                propagationSteps: number;
                gridStepS: number;
                evaluations: number;
            };
        };
        Pass: {
            index: number;
            stationId: string;
            stationName: string;
            /** @description 1, 2, … per station within the span */
            number: number;
            elevationThresholdDeg: number;
            /**
             * Format: date-time
             * @description AOS, or the span start when cut there
             */
            start: string;
            /**
             * Format: date-time
             * @description LOS, or the span end when cut there
             */
            end: string;
            durationS: number;
            cutAtStart: boolean;
            cutAtEnd: boolean;
            aos: components["schemas"]["PassPoint"];
            los: components["schemas"]["PassPoint"] & unknown;
            maximum: components["schemas"]["PassPoint"] & {
                atSpanEdge: boolean;
            };
            localMaximaCount: number;
        };
        /** @description Elevation rising through the threshold; null when cut at the start */
        PassPoint: {
            /** Format: date-time */
            time: string;
            elevationDeg: number;
            azimuthDeg: number;
            rangeKm: number;
        } | null;
        EphemerisBatch: {
            id: string;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            itemCount: number;
            /** @description Items finished (succeeded or failed) */
            itemsDone: number;
            itemsFailed: number;
            attempts: number;
            /** @description Why the whole batch failed (infrastructure), never an item error */
            error: string | null;
            /** @description Per-item errors (first 100 by index; the ZIP manifest.csv lists every item) */
            failures: {
                index: number;
                error: string;
                message: string;
            }[];
            /** @description The ZIP product once SUCCEEDED */
            productId: string | null;
            retentionDays: number;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
        };
        /** @description Top-level OEM options are the defaults of every item (timeBetweenPoints 60, GCRF, UTC, no covariance, RTN when not given) */
        CreateEphemerisBatchRequest: {
            /** @description 1..10000 items */
            items: components["schemas"]["EphemerisBatchItem"][];
            /**
             * Format: date-time
             * @description Start of the span (ISO-8601 instant with zone)
             */
            initialDate?: string;
            /**
             * Format: date-time
             * @description End of the span; after initialDate, at most 30 days later
             */
            finalDate?: string;
            /** @description Seconds, 60..86400 */
            timeBetweenPoints?: number;
            /** @enum {string} */
            referenceFrame?: "GCRF" | "EME2000" | "ITRF" | "TOD" | "MOD" | "TEME";
            /** @enum {string} */
            timeSystem?: "UTC" | "TAI" | "TT" | "TDB" | "TCG" | "TCB" | "GPS";
            includeCovariance?: boolean;
            /** @enum {string} */
            covarianceFrame?: "RTN" | "TNW";
            /** @description The ZIP product is deleted this many days after it is ready (default 7) */
            retentionDays?: number;
        };
        /** @description Exactly one of stateVectorId, spacecraftId; OEM options override the batch defaults */
        EphemerisBatchItem: {
            /**
             * @description A stored state (SV-<n>)
             * @example SV-12
             */
            stateVectorId?: string;
            /** @description Or a spacecraft: its latest eligible state when the job runs */
            spacecraftId?: string;
            /**
             * Format: date-time
             * @description Start of the span (ISO-8601 instant with zone)
             */
            initialDate?: string;
            /**
             * Format: date-time
             * @description End of the span; after initialDate, at most 30 days later
             */
            finalDate?: string;
            /** @description Seconds, 60..86400 */
            timeBetweenPoints?: number;
            /** @enum {string} */
            referenceFrame?: "GCRF" | "EME2000" | "ITRF" | "TOD" | "MOD" | "TEME";
            /** @enum {string} */
            timeSystem?: "UTC" | "TAI" | "TT" | "TDB" | "TCG" | "TCB" | "GPS";
            includeCovariance?: boolean;
            /** @enum {string} */
            covarianceFrame?: "RTN" | "TNW";
        };
        EphemerisBatchPage: {
            content: components["schemas"]["EphemerisBatch"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        PassPrediction: {
            spacecraftId: string;
            /**
             * @description What the trajectory was computed from
             * @enum {string}
             */
            source: "STATE" | "CATALOG";
            /** @description STATE: the stored state propagated (SV-<n>); null for CATALOG */
            stateVectorId: string | null;
            /**
             * Format: date-time
             * @description STATE: its epoch; null for CATALOG
             */
            stateEpoch: string | null;
            /** @description CATALOG: the catalog element set propagated by SGP4 (its NORAD id and epoch); null for STATE */
            elementSet: {
                noradId: number;
                /** Format: date-time */
                epoch: string;
                name: string | null;
            } | null;
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** @description The propagation reached the 100 km floor here: no event after it */
            truncatedAt: string | null;
            statistics: {
                propagationSteps: number;
                gridStepS: number;
                evaluations: number;
            };
            passes: components["schemas"]["Pass"][];
        };
        EclipsePrediction: {
            spacecraftId: string;
            /**
             * @description What the trajectory was computed from
             * @enum {string}
             */
            source: "STATE" | "CATALOG";
            /** @description STATE: the stored state propagated (SV-<n>); null for CATALOG */
            stateVectorId: string | null;
            /**
             * Format: date-time
             * @description STATE: its epoch; null for CATALOG
             */
            stateEpoch: string | null;
            /** @description CATALOG: the catalog element set propagated by SGP4 (its NORAD id and epoch); null for STATE */
            elementSet: {
                noradId: number;
                /** Format: date-time */
                epoch: string;
                name: string | null;
            } | null;
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** @description The propagation reached the 100 km floor here: no event after it */
            truncatedAt: string | null;
            statistics: {
                propagationSteps: number;
                gridStepS: number;
                evaluations: number;
            };
            eclipses: {
                number: number;
                start: string;
                end: string;
                cutAtStart: boolean;
                cutAtEnd: boolean;
                penumbraEntry: string | null;
                penumbraExit: string | null;
                umbra: {
                    entry: string | null;
                    exit: string | null;
                    start: string;
                    end: string;
                    durationS: number;
                }[];
                shadowDurationS: number;
                umbraDurationS: number;
                penumbraOnlyDurationS: number;
            }[];
            /** @description Ascending node to ascending node: the share of each orbit in shadow (partial first/last orbits: complete false) */
            orbits: {
                number: number;
                start: string;
                end: string;
                complete: boolean;
                shadowDurationS: number;
                umbraDurationS: number;
                shadowFraction: number;
                umbraFraction: number;
            }[];
        };
        OrbitEventPrediction: {
            spacecraftId: string;
            /**
             * @description What the trajectory was computed from
             * @enum {string}
             */
            source: "STATE" | "CATALOG";
            /** @description STATE: the stored state propagated (SV-<n>); null for CATALOG */
            stateVectorId: string | null;
            /**
             * Format: date-time
             * @description STATE: its epoch; null for CATALOG
             */
            stateEpoch: string | null;
            /** @description CATALOG: the catalog element set propagated by SGP4 (its NORAD id and epoch); null for STATE */
            elementSet: {
                noradId: number;
                /** Format: date-time */
                epoch: string;
                name: string | null;
            } | null;
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** @description The propagation reached the 100 km floor here: no event after it */
            truncatedAt: string | null;
            statistics: {
                propagationSteps: number;
                gridStepS: number;
                evaluations: number;
            };
            /** @description Equator crossings (GCRF equator); null when not asked for */
            nodes: {
                /** @enum {string} */
                type: "ASCENDING" | "DESCENDING";
                time: string;
                rightAscensionDeg: number;
                longitudeDeg: number;
            }[] | null;
            /** @description Perigees and apogees (zeros of r·v); null when not asked for */
            apsides: {
                /** @enum {string} */
                type: "PERIGEE" | "APOGEE";
                time: string;
                radiusKm: number;
                altitudeKm: number;
                latitudeDeg: number;
                longitudeDeg: number;
            }[] | null;
        };
        /**
         * @example {
         *       "items": [
         *         {
         *           "seq": 42,
         *           "type": "conjunction.created",
         *           "resourceType": "conjunction",
         *           "resourceId": "0b6f…",
         *           "occurredAt": "2026-12-02T06:00:00.000Z",
         *           "data": {
         *             "conjunctionId": "0b6f…",
         *             "primarySpacecraftId": "9d2e…",
         *             "secondaryDesignator": "43013",
         *             "tca": "2026-12-03T11:22:33.000000Z",
         *             "links": {
         *               "self": "/operations/conjunctions/0b6f…"
         *             }
         *           }
         *         }
         *       ],
         *       "nextToken": "eyJmIjoiY29uanVuY3Rpb25zIiwicyI6NDJ9",
         *       "hasMore": false
         *     }
         */
        ChangePage: {
            items: components["schemas"]["Change"][];
            /** @description Send as `after` to get the changes after these (also when items is empty: poll with it) */
            nextToken: string;
            /** @description true: more changes follow at once (ask again without waiting) */
            hasMore: boolean;
        };
        Change: {
            /** @description Position in the change log (increasing; gaps are changes of other feeds or organizations) */
            seq: number;
            /** @enum {string} */
            type: "conjunction.created" | "conjunction.risk_changed" | "conjunction.cdm_received" | "screening.finished" | "orbit_determination.finished" | "product.ready" | "job.failed";
            resourceType: string;
            resourceId: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            occurredAt: string;
            /** @description The change’s payload (the same as a webhook delivery’s data) */
            data?: unknown;
        };
        Screening: {
            id: string;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            /** @description The request as accepted (defaults filled in) */
            request: {
                [key: string]: unknown;
            };
            spanStart: string;
            spanEnd: string;
            pcThreshold: number;
            /** @description The catalog snapshot every chunk reads (largest element-set id at creation) */
            catalogAsOfSetId: number;
            secondaryCount: number;
            progress: {
                chunksDone: number;
                chunksRunning: number;
                chunksTotal: number;
                /** @description Approaches found by the chunks done so far */
                approachesSoFar: number;
            };
            /** @description Once merged */
            approachCount: number | null;
            /** @description Approaches that became conjunction events (Pc ≥ threshold) */
            eventCount: number | null;
            /** @description Secondaries (or parts of the span) not screened, and why; approaches that could not become events */
            issues: {
                /** @description SGP4_UNUSABLE_IN_SPAN, SGP4_FAILED_DURING_SPAN, ELEMENTS_REFUSED, FLEET_NOT_SCREENED, FLEET_SHARED_NORAD_ID, NOT_AN_EVENT… */
                code: string;
                primaryId?: string;
                secondaryNoradId?: number;
                spacecraftId?: string;
                /** @description Screened until this many seconds after the span start (a decaying object) */
                screenedUntilS?: number;
                message: string;
            }[];
            /** @description Pairs and evaluations per stage (engine counts), once merged */
            counts: {
                [key: string]: number;
            } | null;
            /** @description Worker ms per stage summed over chunks (setupMs, filtersMs, samplingMs, refinementMs, pcMs), storingMs (the merge’s CDM ingest and approach rows), and the merging instance’s event-loop delay since it ran the first chunk (eventLoopDelayP99Ms, eventLoopDelayMaxMs) */
            timings: {
                [key: string]: number;
            } | null;
            chunks: {
                index: number;
                /** @enum {string} */
                kind: "SCREEN" | "MERGE";
                planKey: string;
                /** @enum {string|null} */
                secondarySource: "CATALOG" | "FLEET" | null;
                fromNoradId: number | null;
                toNoradId: number | null;
                secondaryCount: number;
                /** @description Mode FLEET: the time slice the chunk screens, s from the span start */
                slice: {
                    fromS: number;
                    toS: number;
                } | null;
                /** @enum {string} */
                status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
                attempts: number;
                /** @description The instance (lease owner) of each attempt, in order */
                attemptOwners: string[];
                /** @description The instance that completed it */
                ranBy: string | null;
                approachCount: number | null;
                computeMs: number | null;
                error: string | null;
            }[];
            mergedBy: string | null;
            error: string | null;
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
        };
        CreateScreeningRequest: {
            /**
             * @description PRIMARIES (default): the listed `primaries`, searched pair by pair. FLEET: every active spacecraft of the organization is a primary, by its element set (its catalog set, else its newest stored set, else a TLE fitted to its latest state, flagged), screened by the catalog-scale grid sieve with the span cut into time slices (`sliceHours`); `primaries` is then not given. ALL_VS_ALL: the fleet as in FLEET and every pair of catalog objects once (the catalog against itself; secondaries BOTH): approaches between two catalog objects are reported (their primary the one of lower NORAD id) but are not conjunction events of ours
             * @enum {string}
             */
            mode?: "PRIMARIES" | "FLEET" | "ALL_VS_ALL";
            /** @description Mode PRIMARIES (required there): at most 50 primaries; a whole fleet is screened with mode FLEET */
            primaries?: components["schemas"]["ScreeningPrimaryRequest"][];
            /**
             * @description CATALOG: the organization’s catalog as of now; FLEET: our spacecraft other than the primaries (their catalog set, else a TLE fitted from their latest state, flagged) — in mode FLEET, the primaries against one another; BOTH
             * @enum {string}
             */
            secondaries: "CATALOG" | "FLEET" | "BOTH";
            /** @description Modes FLEET and ALL_VS_ALL: the length of the span's time slices, h (1–24, default 12): the unit of work instances claim, each slice every primary against every secondary */
            sliceHours?: number;
            /**
             * @description Span start, ISO-8601 UTC (default: now)
             * @example 2026-11-26T00:00:00Z
             */
            start?: string;
            /** @description Span length, days (≤ 14, default 7) */
            durationDays?: number;
            volume: components["schemas"]["ScreeningVolume"];
            /** @description Approaches whose Pc (or maximum-probability Pc) reaches it become conjunction events (source SCREENING) with a CDM each (default 1e-7) */
            pcThreshold?: number;
            /** @description Mode PRIMARIES: secondaries per chunk (catalog partitions by NORAD id range, and the fleet): the unit of work instances claim (default 3000) */
            secondariesPerChunk?: number;
        };
        ScreeningPrimaryRequest: {
            /** @description Our spacecraft: alone, its latest eligible stored state propagated with its force model and stored maneuvers; with `oemFile`, the spacecraft the hypothetical trajectory is of */
            spacecraftId?: string;
            /** @description A stored state vector (`SV-<n>`), propagated with its spacecraft’s force model and stored maneuvers */
            stateVectorId?: string;
            /** @description The file name of a multipart part `files`: an OEM (CCSDS 502.0) screened as is, e.g. a planned maneuver’s trajectory (requires spacecraftId) */
            oemFile?: string;
            /** @description OEM primaries: bound on the trajectory’s non-gravitational acceleration (km/s², default 1e-4); raise it to the largest thrust/mass of burns in the OEM */
            nonGravitationalAccelerationKmS2?: number;
        };
        /** @description About the primary in its RTN frame, km (semi-axes R, T, N for the ellipsoid) */
        ScreeningVolume: {
            /** @enum {string} */
            shape: "SPHERE";
            radiusKm: number;
        } | {
            /** @enum {string} */
            shape: "ELLIPSOID";
            radialKm: number;
            inTrackKm: number;
            crossTrackKm: number;
        };
        CreateScreeningForm: {
            /** @description The CreateScreeningRequest as JSON text (one part: sent twice, or as a file, it is a 400 naming it) */
            request: string;
            /** @description OEM files named by the primaries’ `oemFile` (repeated part; each file name once, each named by a primary, each of that primary’s spacecraft) */
            files?: string[];
        };
        ScreeningPage: {
            content: components["schemas"]["Screening"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        ScreeningApproachPage: {
            content: components["schemas"]["ScreeningApproach"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        ScreeningApproach: {
            /** @description 1-based position in the screening’s total order (TCA, primary, NORAD id) */
            seq: number;
            primary: {
                /** @description The primary among the screening’s (mode FLEET: its index among the fleet); null for a pair of two catalog objects (mode ALL_VS_ALL) */
                index: number | null;
                /** @description Our spacecraft; null for a pair of two catalog objects */
                spacecraftId: string | null;
                /** @description A pair of two catalog objects (mode ALL_VS_ALL): the primary, the one of lower NORAD id */
                noradId: number | null;
                /** @description That catalog object’s name */
                name: string | null;
            };
            secondary: {
                noradId: number | null;
                name: string | null;
                /** @description Set when the secondary is one of our spacecraft */
                spacecraftId: string | null;
                /** @description Our spacecraft screened from a TLE fitted to its latest state (no catalog set) */
                fittedTle: boolean;
            };
            tca: string;
            missDistanceM: number;
            relativeSpeedMS: number;
            relativePositionRtnM: number[];
            relativeVelocityRtnMS: number[];
            pc: number | null;
            pcMethod: string | null;
            pcIsMaximumProbability: boolean | null;
            flags: {
                code: string;
                message: string;
            }[];
            /** @description The covariances the Pc used: both known → the organization's Pc method; one → Alfriend's maximum over it (flag MAXIMUM_PROBABILITY_ONE_COVARIANCE); none → the maximum probability (MAXIMUM_PROBABILITY_NO_COVARIANCE) */
            covariances: {
                primary: components["schemas"]["ScreeningCovarianceUsed"];
                secondary: components["schemas"]["ScreeningCovarianceUsed"];
            };
            /** @description The conjunction event its CDM joined (Pc ≥ threshold) */
            conjunctionEventId: string | null;
            cdmId: string | null;
            eventProblem: string | null;
        };
        ScreeningCovarianceUsed: {
            /**
             * @description STATE_VECTOR: the primary state vector's covariance propagated to TCA through the state transition matrix; OEM: the uploaded OEM's covariance block nearest to TCA (flag PRIMARY_COVARIANCE_NOT_AT_TCA states its offset); CDM: the object's RTN covariance in a received CDM whose TCA lies within the event grouping window of this TCA; NONE: unknown
             * @enum {string}
             */
            source: "STATE_VECTOR" | "OEM" | "CDM" | "NONE";
            /** @description The state vector (SV-<n>), OEM file and line, or CDM id */
            reference: string | null;
            /** @description Epoch of the covariance as given (state epoch, OEM block epoch, CDM TCA) */
            epoch: string | null;
            /** @enum {string|null} */
            toTca: "PROPAGATED" | "NEAREST_BLOCK" | "CDM_TCA_WITHIN_WINDOW" | null;
        };
        ConjunctionSettings: {
            /** @description Radius of an object the CDM gives none for and that is not one of our spacecraft with hardBodyRadiusM, m; used only when the CDM gives no radius at all (default 5: 10 m combined for two unknown objects); 0.001..1000 */
            defaultHardBodyRadiusM: number;
            riskThresholds: {
                /** @description Pc at or above which an event is MEDIUM (attention; default 1e-7) */
                mediumPc: number;
                /** @description Pc at or above which an event is HIGH (mitigation; default 1e-4); must exceed mediumPc */
                highPc: number;
            };
            /** @description CDMs of one object pair whose TCAs lie within this of an event’s TCAs belong to that event (default 600); applies to CDMs received afterwards */
            eventGroupingWindowS: number;
            /**
             * @description Method of every stored Pc, of the risk level and of the timeline (default LAAS_2015)
             * @enum {string}
             */
            defaultPcMethod: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
            /**
             * Format: date-time
             * @description null: never set (the defaults)
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string | null;
        };
        ConjunctionSettingsInput: {
            /** @description Radius of an object the CDM gives none for and that is not one of our spacecraft with hardBodyRadiusM, m; used only when the CDM gives no radius at all (default 5: 10 m combined for two unknown objects); 0.001..1000 */
            defaultHardBodyRadiusM: number;
            riskThresholds: {
                /** @description Pc at or above which an event is MEDIUM (attention; default 1e-7) */
                mediumPc: number;
                /** @description Pc at or above which an event is HIGH (mitigation; default 1e-4); must exceed mediumPc */
                highPc: number;
            };
            /** @description CDMs of one object pair whose TCAs lie within this of an event’s TCAs belong to that event (default 600); applies to CDMs received afterwards */
            eventGroupingWindowS: number;
            /**
             * @description Method of every stored Pc, of the risk level and of the timeline (default LAAS_2015)
             * @enum {string}
             */
            defaultPcMethod: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
        };
        CdmUploadResponse: {
            /** @description This upload (every CDM it stored carries it) */
            uploadId: string;
            /** @description Files stored or duplicate */
            successCount: number;
            failureCount: number;
            totalCount: number;
            results: components["schemas"]["CdmFileResult"][];
        };
        CdmFileResult: {
            filename: string | null;
            /** @enum {string} */
            status: "success" | "failed" | "duplicate";
            message: string;
            /** @description import.conjunction.cdm.{stored,duplicate,parse_failed,unresolved_objects,ambiguous_object,spacecraft_archived,same_spacecraft} */
            code: string;
            /** @description When failed: PARSE_ERROR, UNRESOLVED_OBJECTS (neither object is ours), AMBIGUOUS_OBJECT (an object names several of our active spacecraft), SPACECRAFT_ARCHIVED (the only craft of ours it names is archived) or SAME_SPACECRAFT */
            error: string | null;
            /** @description Line of the first error in the file */
            line: number | null;
            /** @description Keyword of the first error */
            keyword: string | null;
            /** @description Every error (at most 50); nothing of a failed file is stored */
            errors: {
                /** @description 0-based index of the message in the file */
                messageIndex: number;
                line: number;
                keyword: string | null;
                message: string;
            }[];
            /** @description Messages in the file */
            cdmCount: number;
            storedCount: number;
            duplicateCount: number;
            /** @description Events of the file’s messages (at most 1000) */
            eventIds: string[];
            /** @description Each message (at most 1000; cdmsTruncated then) */
            cdms: {
                messageIndex: number;
                originator: string;
                messageId: string | null;
                /**
                 * @description duplicate: already stored; cdmId and eventId are then those of the stored one
                 * @enum {string}
                 */
                status: "stored" | "duplicate";
                cdmId: string;
                eventId: string;
            }[];
            cdmsTruncated: boolean;
            /** @description contentHash (SHA-256 of the file); errorCount, errorsTruncated; duplicateOfCdmId; ambiguousObject {object, designator, spacecraftIds} (AMBIGUOUS_OBJECT); archivedSpacecraftIds (SPACECRAFT_ARCHIVED) */
            params: {
                [key: string]: unknown;
            };
        };
        CdmUploadForm: {
            /** @description CDM files (repeated part): KVN with one or more messages one after another, or XML with one message */
            files: string[];
        };
        ConjunctionEventPage: {
            content: components["schemas"]["ConjunctionEvent"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        ConjunctionEvent: {
            id: string;
            /** @description Our spacecraft (the first of ours when both objects are) */
            primarySpacecraftId: string;
            secondary: {
                /** @description When the other object is one of our spacecraft too */
                spacecraftId: string | null;
                /** @description OBJECT_DESIGNATOR (catalog number) as the first CDM wrote it */
                objectDesignator: string;
                objectName: string;
                internationalDesignator: string;
                objectType: string | null;
            };
            /**
             * Format: date-time
             * @description TCA of the latest CDM (newest CREATION_DATE)
             * @example 2026-11-01T12:00:00.000000Z
             */
            tca: string;
            /** @description MISS_DISTANCE of the latest CDM, m */
            missDistanceM: number;
            /** @description RELATIVE_SPEED of the latest CDM (else from its states), m/s */
            relativeSpeedMS: number | null;
            /** @description Pc of the latest CDM assessed with the organization’s method and hard-body radius rule; null when none can be computed */
            pc: number | null;
            /**
             * @description The method of pc: the organization’s, or ALFRIEND_1999_MAX when a covariance is unknown or DEFAULT
             * @enum {string|null}
             */
            pcMethod: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX" | null;
            /** @description pc is a maximum probability (an upper bound over covariances), not an estimate */
            isMaximumProbability: boolean;
            /** @description COLLISION_PROBABILITY of the latest CDM */
            statedPc: number | null;
            /**
             * @description From the organization’s thresholds and the assessed Pc (else the Pc the CDM states): HIGH ≥ highPc, MEDIUM ≥ mediumPc, LOW below, UNKNOWN without a Pc. A maximum probability (riskBasis MAXIMUM_PROBABILITY, an upper bound) is never HIGH: LOW below mediumPc, MEDIUM otherwise — obtain a covariance
             * @enum {string}
             */
            riskLevel: "HIGH" | "MEDIUM" | "LOW" | "UNKNOWN";
            /**
             * @description Which Pc the risk level comes from: ASSESSED, ours, estimated with both objects’ covariances; MAXIMUM_PROBABILITY, ours, an upper bound (ALFRIEND_1999_MAX: a covariance is unknown or COVARIANCE_METHOD = DEFAULT, a made-up one); STATED, the CDM’s own, when we have none (the CDM is unassessed: its states or covariance cannot give one, e.g. a position covariance that is not positive semi-definite; recomputeProblem says why); NONE, neither (UNKNOWN)
             * @enum {string}
             */
            riskBasis: "ASSESSED" | "MAXIMUM_PROBABILITY" | "STATED" | "NONE";
            cdmCount: number;
            latestCdmId: string;
            sources: ("UPLOAD" | "SCREENING")[];
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
        };
        ConjunctionDetail: {
            id: string;
            /** @description Our spacecraft (the first of ours when both objects are) */
            primarySpacecraftId: string;
            secondary: {
                /** @description When the other object is one of our spacecraft too */
                spacecraftId: string | null;
                /** @description OBJECT_DESIGNATOR (catalog number) as the first CDM wrote it */
                objectDesignator: string;
                objectName: string;
                internationalDesignator: string;
                objectType: string | null;
            };
            /**
             * Format: date-time
             * @description TCA of the latest CDM (newest CREATION_DATE)
             * @example 2026-11-01T12:00:00.000000Z
             */
            tca: string;
            /** @description MISS_DISTANCE of the latest CDM, m */
            missDistanceM: number;
            /** @description RELATIVE_SPEED of the latest CDM (else from its states), m/s */
            relativeSpeedMS: number | null;
            /** @description Pc of the latest CDM assessed with the organization’s method and hard-body radius rule; null when none can be computed */
            pc: number | null;
            /**
             * @description The method of pc: the organization’s, or ALFRIEND_1999_MAX when a covariance is unknown or DEFAULT
             * @enum {string|null}
             */
            pcMethod: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX" | null;
            /** @description pc is a maximum probability (an upper bound over covariances), not an estimate */
            isMaximumProbability: boolean;
            /** @description COLLISION_PROBABILITY of the latest CDM */
            statedPc: number | null;
            /**
             * @description From the organization’s thresholds and the assessed Pc (else the Pc the CDM states): HIGH ≥ highPc, MEDIUM ≥ mediumPc, LOW below, UNKNOWN without a Pc. A maximum probability (riskBasis MAXIMUM_PROBABILITY, an upper bound) is never HIGH: LOW below mediumPc, MEDIUM otherwise — obtain a covariance
             * @enum {string}
             */
            riskLevel: "HIGH" | "MEDIUM" | "LOW" | "UNKNOWN";
            /**
             * @description Which Pc the risk level comes from: ASSESSED, ours, estimated with both objects’ covariances; MAXIMUM_PROBABILITY, ours, an upper bound (ALFRIEND_1999_MAX: a covariance is unknown or COVARIANCE_METHOD = DEFAULT, a made-up one); STATED, the CDM’s own, when we have none (the CDM is unassessed: its states or covariance cannot give one, e.g. a position covariance that is not positive semi-definite; recomputeProblem says why); NONE, neither (UNKNOWN)
             * @enum {string}
             */
            riskBasis: "ASSESSED" | "MAXIMUM_PROBABILITY" | "STATED" | "NONE";
            cdmCount: number;
            latestCdmId: string;
            sources: ("UPLOAD" | "SCREENING")[];
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
            riskThresholds: {
                mediumPc: number;
                highPc: number;
            };
            /** @description The flags of pc as stored (MAXIMUM_PROBABILITY_* say why it is a maximum) */
            pcFlags: {
                code: string;
                message: string;
            }[];
            latestCdm: {
                id: string;
                originator: string;
                messageId: string | null;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                creationDate: string;
                /**
                 * @description Which CDM object is our primary
                 * @enum {string}
                 */
                primaryObject: "OBJECT1" | "OBJECT2";
                objects: {
                    /** @enum {string} */
                    object: "OBJECT1" | "OBJECT2";
                    objectDesignator: string;
                    catalogName: string;
                    objectName: string;
                    internationalDesignator: string;
                    objectType: string | null;
                    maneuverable: string;
                    refFrame: string;
                    covarianceMethod: string;
                    /** @description Our spacecraft this object resolved to */
                    spacecraftId: string | null;
                }[];
                stated: {
                    missDistanceM: number;
                    relativeSpeedMS: number | null;
                    relativePositionRtnM: (number | null)[];
                    relativeVelocityRtnMS: (number | null)[];
                    collisionProbability: number | null;
                    collisionProbabilityMethod: string | null;
                };
            };
            /** @description The latest CDM’s Pc computed now with `method` (default the organization’s); null with recomputeProblem when it cannot be */
            recomputed: {
                /** @enum {string} */
                method: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
                probability: components["schemas"]["CollisionProbability"];
                hardBodyRadius: components["schemas"]["HardBodyRadiusUsed"];
                encounter: components["schemas"]["ConjunctionEncounter"];
            } | null;
            recomputeProblem: components["schemas"]["ConjunctionProblem"];
            /** @description Every CDM of the event, oldest CREATION_DATE first */
            timeline: components["schemas"]["ConjunctionCdmSummary"][];
            /** @description The event’s accepted avoidance plans (…/avoidance-plans), oldest acceptance first: on the timeline with the CDMs */
            acceptedAvoidancePlans: {
                planId: string;
                candidate: number;
                /**
                 * Format: date-time
                 * @example 2026-11-21T23:18:17.636Z
                 */
                acceptedAt: string;
                maneuverId: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                burnStart: string | null;
                direction: string | null;
                deltaVMetersPerSecond: number | null;
                /** @description The re-propagated Pc of the accepted candidate */
                pcAfter: number | null;
                missDistanceAfterM: number | null;
            }[];
        };
        CollisionProbability: {
            /** @enum {string} */
            method: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
            /** @description Pc in [0, 1] */
            value: number;
            /** @description LAAS_2015: the a-priori lower bound */
            lowerBound: number | null;
            /** @description LAAS_2015: the a-priori upper bound */
            upperBound: number | null;
            /** @description ALFRIEND_1999_MAX: an upper bound over covariance scalings, not an estimate */
            isMaximumProbability: boolean;
            flags: {
                code: string;
                message: string;
            }[];
        };
        HardBodyRadiusUsed: {
            /** @description The combined radius R of the Pc, m */
            combinedM: number;
            /**
             * @description CDM: the CDM’s own radius (HBR keyword or radius comments); SPACECRAFT_AND_DEFAULT: our spacecraft’s hardBodyRadiusM and the organization default; REQUEST: the what-if radius
             * @enum {string}
             */
            source: "CDM" | "SPACECRAFT_AND_DEFAULT" | "REQUEST";
            /** @description Per CDM object, when known: radius and its source (HBR_KEYWORD, COMMENT_…, SPACECRAFT, ORGANIZATION_DEFAULT) */
            objects: ({
                /** @enum {string} */
                object: "OBJECT1" | "OBJECT2";
                radiusM: number;
                source: string;
            } | null)[];
            description: string;
        };
        ConjunctionEncounter: {
            /** @enum {string} */
            inertialFrame: "EME2000" | "GCRF";
            /** @description An Earth-fixed state was converted with EOP covering TCA (null: none converted) */
            eopCovered: boolean | null;
            combinedHardBodyRadiusM: number;
            /** @description |r2 − r1| from the states at TCA, m */
            missDistanceM: number;
            relativeSpeedMS: number;
            /** @description 3 components, m, object 2 − object 1 in object 1’s RTN */
            relativePositionRtnM: number[];
            /** @description 3 components, m/s */
            relativeVelocityRtnMS: number[];
            /** @description Combined position covariance in the collision plane (x along the miss vector, y), m² */
            projectedCovarianceM2: number[][];
            /** @description Object 2 in the collision plane, m */
            otherPositionCollisionPlaneM: number[];
            sigmaXM: number;
            sigmaYM: number;
            xmM: number;
            ymM: number;
            mahalanobisDistance: number | null;
            coppolaEncounterDurationS: number | null;
            orbitalPeriodsS: (number | null)[];
            shortTermAssumptionHolds: boolean | null;
            flags: {
                code: string;
                message: string;
            }[];
        };
        ConjunctionProblem: {
            code: string;
            message: string;
        } | null;
        ConjunctionCdmSummary: {
            id: string;
            /** @enum {string} */
            source: "UPLOAD" | "SCREENING";
            fileName: string | null;
            originator: string;
            messageId: string | null;
            /** @enum {string} */
            notation: "KVN" | "XML";
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            creationDate: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            tca: string;
            /** @description TCA − CREATION_DATE, s */
            timeToTcaS: number;
            /** @description MISS_DISTANCE as stated, m */
            missDistanceM: number;
            /** @description From the states at TCA, m */
            computedMissDistanceM: number | null;
            relativeSpeedMS: number | null;
            statedPc: number | null;
            /** @description Assessed with the organization’s method and radius rule */
            pc: number | null;
            /** @enum {string|null} */
            pcMethod: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX" | null;
            hardBodyRadiusM: number | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            receivedAt: string;
        };
        CdmJson: {
            cdmId: string;
            eventId: string;
            /** @enum {string} */
            format: "CDM";
            /** @enum {string} */
            notation: "KVN" | "XML";
            header: {
                version: string;
                comments: string[];
                classification: string | null;
                creationDate: string;
                originator: string;
                messageId: string | null;
                messageFor: string | null;
                line: number;
            };
            /** @description tca, missDistanceM, relativeSpeedMS, relativePositionRtnM, relativeVelocityRtnMS, screening volume, collisionProbability and its method, … */
            relativeMetadata: {
                [key: string]: unknown;
            };
            /** @description OBJECT1 and OBJECT2: metadata, odParameters, additionalParameters, stateVector (km, km/s), rtnCovariance (lower triangle, m², m²/s, m²/s²), … */
            objects: {
                [key: string]: unknown;
            }[];
            userDefined: {
                [key: string]: unknown;
            } | null;
        };
        ConjunctionProbability: {
            eventId: string;
            /** @description The latest CDM of the event */
            cdmId: string;
            hardBodyRadius: components["schemas"]["HardBodyRadiusUsed"];
            encounter: components["schemas"]["ConjunctionEncounter"];
            probabilities: components["schemas"]["CollisionProbability"][];
        };
        AvoidancePlan: {
            id: string;
            eventId: string;
            spacecraftId: string;
            /** @enum {string} */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            attempts: number;
            error: string | null;
            cancelRequested: boolean;
            /** @description The request as validated: defaults applied, the spacecraft’s values resolved */
            request: {
                cdmId: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                tca: string;
                target: {
                    maxPc?: number;
                    minMissDistanceM?: number;
                    minMahalanobisDistance?: number;
                };
                /** @enum {string} */
                targetSource: "DEFAULT" | "REQUEST";
                /** @enum {string} */
                pcMethod: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
                combinedHardBodyRadiusM: number;
                burnWindow: {
                    /**
                     * Format: date-time
                     * @example 2026-11-01T12:00:00.000000Z
                     */
                    earliestBurnTime: string;
                    minimumLeadTimeS: number;
                    maximumLeadTimeS: number;
                };
                leadTimesS: number[] | null;
                leadTimeCount: number;
                directions: ("ALONG_TRACK_PLUS" | "ALONG_TRACK_MINUS" | "RADIAL_PLUS" | "RADIAL_MINUS" | "CROSS_TRACK_PLUS" | "CROSS_TRACK_MINUS" | "OPTIMAL")[];
                deltaVSizesMetersPerSecond: number[];
                execution: {
                    /** @enum {string} */
                    kind: "IMPULSIVE" | "FINITE";
                    thrusterId: string | null;
                    thrusterName: string | null;
                    thrustN: number | null;
                    ispS: number;
                    thrusterDirectionBody: number[] | null;
                    attitudeLaw: string;
                };
                executionErrors: {
                    magnitudeFraction: number;
                    magnitudeMetersPerSecond: number;
                    pointingDeg: number;
                };
                maxRepropagated: number;
                horizonS: number;
                secondaryScreening?: {
                    /** @description null: the default (screen when the organization has a catalog) */
                    enabled: boolean | null;
                    horizonS: number;
                    volume: components["schemas"]["AvoidanceSecondaryVolume"];
                    maxCandidates: number;
                    maximumProbabilityMissDistanceM: number;
                    primaryHardBodyRadiusM: number;
                    secondaryHardBodyRadiusM: number;
                    primaryNoradId: number | null;
                };
                massKg: number;
            };
            result: components["schemas"]["AvoidancePlanResult"];
            accepted: {
                candidate: number;
                maneuverId: string;
                /**
                 * Format: date-time
                 * @example 2026-11-21T23:18:17.636Z
                 */
                acceptedAt: string;
                oemUrl: string;
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            finishedAt: string | null;
        };
        AvoidanceSecondaryVolume: {
            /** @enum {string} */
            shape: "SPHERE";
            radiusKm: number;
        } | {
            /** @enum {string} */
            shape: "ELLIPSOID";
            radialKm: number;
            inTrackKm: number;
            crossTrackKm: number;
        };
        /** @description Once SUCCEEDED (null in the list) */
        AvoidancePlanResult: {
            /** @enum {string} */
            pcMethod: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
            target: {
                maxPc?: number;
                minMissDistanceM?: number;
                minMahalanobisDistance?: number;
            };
            periodS: number;
            leadTimesS: number[];
            /** @description The encounter without a burn */
            nominal: {
                missDistanceM: number;
                pc: number | null;
                mahalanobisDistance: number | null;
                /** @description Secondary minus primary at the closest approach, in the primary’s RTN, m */
                relativePositionRtnM: number[];
            };
            /** @description The linear trade space column by column, lead time × direction × size order */
            tradeSpace: {
                count: number;
                meetingTargetCount: number;
                leadTimeS: number[];
                direction: ("ALONG_TRACK_PLUS" | "ALONG_TRACK_MINUS" | "RADIAL_PLUS" | "RADIAL_MINUS" | "CROSS_TRACK_PLUS" | "CROSS_TRACK_MINUS" | "OPTIMAL")[];
                deltaVMetersPerSecond: number[];
                missDistanceM: number[];
                pc: (number | null)[];
                mahalanobisDistance: (number | null)[];
                propellantKg: number[];
                meetsTarget: boolean[];
            };
            candidates: components["schemas"]["AvoidanceCandidate"][];
            /** @description The first candidate in rank order that meets the target and, when screened, creates no secondary conjunction above it */
            recommendedCandidate: number | null;
            /** @description The secondary screening of the candidates (absent in plans computed before it) */
            secondaryScreening?: {
                /** @enum {string} */
                status: "SCREENED" | "SKIPPED";
                /** @description Why it was skipped */
                reason: string | null;
                horizonS: number;
                volume: components["schemas"]["AvoidanceSecondaryVolume"];
                maxCandidates: number;
                screenedCandidates: number;
                catalogObjectCount: number;
                fleetSecondaryCount: number;
                notScreened: string[];
                maximumProbabilityMissDistanceM: number;
                issues: string[];
                computeMs: number;
            };
            computeMs: number;
            /** @description Earth data the plan’s span used beyond its observations (EOP, space weather), as the Warning header of the OEM products says */
            earthDataWarnings: string[];
            /** @description The CDM covariances that were not positive semi-definite, replaced by the nearest ones that are (negative eigenvalues set to 0) before the plan used them */
            covarianceRepairs?: string[];
        } | null;
        AvoidanceCandidate: {
            n: number;
            tradeSpaceIndex: number;
            leadTimeS: number;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            burnTime: string;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            burnStart: string;
            burnDurationS: number;
            /** @enum {string} */
            direction: "ALONG_TRACK_PLUS" | "ALONG_TRACK_MINUS" | "RADIAL_PLUS" | "RADIAL_MINUS" | "CROSS_TRACK_PLUS" | "CROSS_TRACK_MINUS" | "OPTIMAL";
            deltaVMetersPerSecond: number;
            deltaVRtnMetersPerSecond: number[];
            deltaVGcrfMetersPerSecond: number[];
            propellantKg: number;
            massAfterBurnKg: number;
            /** @description Linear prediction (state transition matrix from the burn to the TCA) */
            linear: {
                missDistanceM: number;
                pc: number | null;
                mahalanobisDistance: number | null;
                /** @description Secondary minus primary at the closest approach, in the primary’s RTN, m */
                relativePositionRtnM: number[];
                displacementAtTcaRtnM: number[];
            };
            /** @description Numerical re-propagation (full force model, the covariance with the execution errors) */
            numerical: {
                missDistanceM: number;
                pc: number | null;
                mahalanobisDistance: number | null;
                /** @description Secondary minus primary at the closest approach, in the primary’s RTN, m */
                relativePositionRtnM: number[];
                tcaOffsetS: number;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                tca: string;
                /** @description The re-propagated closest approach in the nominal collision plane’s axes (x along the nominal miss vector): the secondary from our spacecraft and the combined covariance (ours with the execution errors), m and m² (…/encounter.svg draws it) */
                encounterPlane?: {
                    missVectorM: number[];
                    covarianceM2: number[][];
                };
            };
            /** @description Linear minus numerical */
            difference: {
                missDistanceM: number;
                missVectorM: number;
                linearPc: number | null;
                numericalPc: number | null;
                mahalanobisDistance: number | null;
            };
            orbitChange: {
                deltaSemiMajorAxisM: number;
                deltaEccentricity: number;
                deltaInclinationDeg: number;
                alongTrackOffsetAtTcaM: number;
                alongTrackDriftMetersPerOrbit: number;
            };
            meetsTarget: boolean;
            recommended: boolean;
            notRecommendedReason: string | null;
            /** @description Its secondary screening (null: not screened) */
            secondary?: {
                screened: boolean;
                approachCount: number;
                /** @description Approaches above the target its post-burn trajectory creates: the candidate is not recommended */
                secondaryConjunctions: components["schemas"]["AvoidanceSecondaryApproach"][];
                flaggedApproaches: components["schemas"]["AvoidanceSecondaryApproach"][];
            } | null;
        };
        AvoidanceSecondaryApproach: {
            secondaryNoradId: number;
            secondaryName: string | null;
            /** @description Set when the secondary is one of our spacecraft */
            secondarySpacecraftId: string | null;
            /** @description That spacecraft has no catalog element set: screened from a TLE fitted to its latest state */
            secondaryFittedTle: boolean;
            /** @description The received CDM whose covariance of the secondary the Pc used (its TCA within the organization’s event grouping window); null: none, a maximum-probability Pc */
            secondaryCovarianceCdmId: string | null;
            /**
             * Format: date-time
             * @example 2026-11-01T12:00:00.000000Z
             */
            tca: string;
            tcaFromBurnS: number;
            missDistanceM: number;
            relativeSpeedMS: number;
            relativePositionRtnM: number[];
            pc: number | null;
            /** @description The secondary has no covariance: the Pc is the maximum probability over it (an upper bound) */
            pcIsMaximumProbability: boolean;
            mahalanobisDistance: number | null;
            /** @description Target bounds violated as counted (PC, MISS_DISTANCE, MAHALANOBIS_DISTANCE) */
            aboveTarget: string[];
            /** @description A maximum-probability Pc above the target outside the policy’s miss distance: shown, not counted */
            flagged: boolean;
        };
        AvoidancePlanRequest: {
            /** @description Every bound given must hold. Default (none given): maxPc = the organization’s HIGH threshold ÷ 100 (1e-6 with the default thresholds) */
            target?: {
                /** @description Pc strictly below this value, by the plan’s pcMethod */
                maxPc?: number;
                minMissDistanceM?: number;
                minMahalanobisDistance?: number;
            };
            burnWindow?: {
                /** @description ISO-8601 instant; default the later of now and 2 days before the TCA; at most 7 days before it */
                earliestBurnTime?: string;
                /** @description The latest burn: this long before the TCA, s (default 1800) */
                minimumLeadTimeS?: number;
            };
            /** @description Lead times (s before the TCA) to consider; default leadTimeCount over the window, the half-orbit points (k + ½)·T first (along-track burns are most effective there) */
            leadTimesS?: number[];
            /** @description Default 6 */
            leadTimeCount?: number;
            /** @description In the primary’s RTN at the burn; OPTIMAL: the direction maximising the Mahalanobis distance in the encounter plane for each size (Bombardelli & Hernando-Ayuso 2015). Default all */
            directions?: ("ALONG_TRACK_PLUS" | "ALONG_TRACK_MINUS" | "RADIAL_PLUS" | "RADIAL_MINUS" | "CROSS_TRACK_PLUS" | "CROSS_TRACK_MINUS" | "OPTIMAL")[];
            /** @description The Δv sizes: given, or count from min to max. leadTimes × directions × sizes ≤ 2400 */
            deltaV?: {
                sizesMetersPerSecond?: number[];
                /** @description Default 0.005 */
                minMetersPerSecond?: number;
                /** @description Default 1 */
                maxMetersPerSecond?: number;
                /** @description Sizes spaced geometrically from min to max (default 20) */
                count?: number;
            };
            execution?: {
                /**
                 * @description IMPULSIVE (default) or FINITE: constant thrust of one of the spacecraft’s thrusters, the burn held in the primary’s RTN
                 * @enum {string}
                 */
                kind?: "IMPULSIVE" | "FINITE";
                /** @description One of the spacecraft’s enabled thrusters (its thrust and Isp); default for FINITE: the first enabled one */
                thrusterId?: string;
                /** @description Isp of an impulsive burn without a thruster, s (default 220) */
                ispS?: number;
            };
            /** @description Gates (1963) execution errors: they enter the post-maneuver covariance */
            executionErrors?: {
                /** @description 1σ magnitude error ∝ |Δv| (default 0.01) */
                magnitudeFraction?: number;
                /** @description 1σ fixed magnitude error, m/s (default 0) */
                magnitudeMetersPerSecond?: number;
                /** @description 1σ pointing error per perpendicular axis, degrees (default 1) */
                pointingDeg?: number;
            };
            /** @description Mass at the burn, kg (default the spacecraft’s launchMass) */
            massKg?: number;
            /** @description Candidates re-propagated numerically (default 6) */
            maxRepropagated?: number;
            /** @description Post-maneuver trajectory kept after the TCA in the accepted candidate’s OEM, s (default 86400) */
            horizonS?: number;
            /** @description Secondary conjunctions: the post-burn trajectories of the best candidates screened against the catalog and our other spacecraft; a candidate creating an approach above the target is marked and not recommended (docs/avoidance.md) */
            secondaryScreening?: {
                /** @description Default: true when the organization has a catalog; without one the plan states that the screening was skipped and why */
                enabled?: boolean;
                /** @description After each burn, days (default 7, at most the screening’s 14) */
                horizonDays?: number;
                volume?: components["schemas"]["AvoidanceSecondaryVolume"] & unknown;
                /** @description Candidates meeting the target screened, in rank order (default 3) */
                maxCandidates?: number;
                /** @description A Pc that is only a maximum-probability bound (a secondary without covariance, e.g. any catalog object) counts against the Pc target only inside this miss distance, m (default the target’s minMissDistanceM, else 1000); outside it the approach is flagged, not counted */
                maximumProbabilityMissDistanceM?: number;
            };
        };
        AvoidancePlanPage: {
            content: components["schemas"]["AvoidancePlan"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        AvoidanceAcceptResponse: {
            plan: components["schemas"]["AvoidancePlan"];
            maneuver: {
                spacecraftId: string;
                maneuverId: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                start: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                end: string;
                url: string;
            };
            warnings: ({
                code: string;
                message: string;
            } & {
                [key: string]: unknown;
            })[];
            oem: {
                url: string;
                stateCount: number;
                covarianceCount: number;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                start: string;
                /**
                 * Format: date-time
                 * @example 2026-11-01T12:00:00.000000Z
                 */
                stop: string;
            };
        };
        CatalogUploadResponse: {
            /** @description This upload (every set it stored carries it) */
            uploadId: string;
            /** @description Files stored or duplicate */
            successCount: number;
            failureCount: number;
            totalCount: number;
            results: components["schemas"]["CatalogFileResult"][];
        };
        CatalogFileResult: {
            filename: string;
            /**
             * @description duplicate: every set of the file was already in the catalog
             * @enum {string}
             */
            status: "success" | "failed" | "duplicate";
            /** @description import.catalog.{stored,duplicate,parse_error,unsupported_format,encoding,no_element_sets} */
            code: string;
            message: string;
            /** @description PARSE_ERROR, UNSUPPORTED_FORMAT, ENCODING or NO_ELEMENT_SETS when failed */
            error: string | null;
            /**
             * @description Detected from the content
             * @enum {string|null}
             */
            format: "TLE" | "OMM" | null;
            /** @description Line of the first error */
            line: number | null;
            /** @description Every bad line, ascending (at most 1000; errorsTruncated then); nothing of a failed file is stored */
            errors: {
                /** @description File line (1-based) */
                line: number;
                message: string;
                /** @description Catalogue number, when the record got that far */
                noradId?: number;
            }[];
            errorCount: number;
            errorsTruncated: boolean;
            /** @description Element sets in the file */
            setCount: number;
            /** @description Distinct NORAD ids in the file */
            objectCount: number;
            /** @description Sets stored now */
            storedCount: number;
            /** @description Sets the catalog already held (same NORAD id, epoch and elements), or repeated in the file */
            alreadyKnownCount: number;
            /** @description Objects whose current set (newest epoch) is now one of this file’s, new objects included */
            objectsUpdated: number;
            /** @description Objects the catalog did not hold */
            objectsAdded: number;
            params: {
                /** @description SHA-256 of the file */
                contentHash: string;
            };
        };
        CatalogUploadForm: {
            /** @description Catalog files (repeated part): TLE/3LE, CCSDS OMM KVN (one or more messages) or OMM XML (one or more <omm> in an <ndm>); the format is detected from the content */
            files: string[];
        };
        CatalogObjectPage: {
            content: components["schemas"]["CatalogObjectSummary"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        CatalogObjectSummary: {
            noradId: number;
            name: string | null;
            /** @description International designator, e.g. 1998-067A */
            cosparId: string | null;
            /**
             * Format: date-time
             * @description Epoch of the current set (newest epoch), UTC to the microsecond
             */
            epoch: string;
            /** @description Days from the current set’s epoch to now */
            epochAgeDays: number;
            /** @description Perigee height a(1 − e) − R⊕, km (a from the mean motion with μ = 398600.4418 km³/s², R⊕ = 6378.137 km) */
            perigeeKm: number;
            /** @description Apogee height a(1 + e) − R⊕, km */
            apogeeKm: number;
            inclinationDeg: number;
            /** @description 1440 / mean motion */
            periodMinutes: number;
            /** @description Element sets kept for the object */
            setCount: number;
        };
        CatalogObjectQueryPage: {
            content: components["schemas"]["CatalogObjectSummary"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
            /** @description The ids asked for that the catalog holds no set of, ascending (whatever the page and filters) */
            missingNoradIds: number[];
        };
        CatalogObjectQuery: {
            /**
             * @description The NORAD catalog numbers (1 to 10000; repeats count once)
             * @example [
             *       25544,
             *       43013,
             *       48274
             *     ]
             */
            noradIds: number[];
            /** @description And whose name contains this text (case-insensitive) */
            name?: string;
            minPerigeeKm?: number;
            maxPerigeeKm?: number;
            minApogeeKm?: number;
            maxApogeeKm?: number;
            maxEpochAgeDays?: number;
        };
        CatalogObjectDetail: components["schemas"]["CatalogObjectSummary"] & {
            current: components["schemas"]["CatalogElementSet"];
            /** @description Every set kept, newest epoch first (the first is the current one) */
            history: components["schemas"]["CatalogElementSet"][];
        };
        CatalogElementSet: {
            /** @description Row id of the set (ids only grow) */
            setId: number;
            /** Format: date-time */
            epoch: string;
            name: string | null;
            cosparId: string | null;
            classification: string | null;
            elements: {
                /** @description Kozai mean motion */
                meanMotionRevPerDay: number;
                eccentricity: number;
                inclinationDeg: number;
                raanDeg: number;
                argPerigeeDeg: number;
                meanAnomalyDeg: number;
                bstarPerEarthRadius: number;
                ndotOver2RevPerDay2: number | null;
                nddotOver6RevPerDay3: number | null;
                ephemerisType: number | null;
                elementSetNumber: number | null;
                revolutionNumberAtEpoch: number | null;
            };
            derived: {
                semiMajorAxisKm: number;
                perigeeKm: number;
                apogeeKm: number;
                periodMinutes: number;
                inclinationDeg: number;
            };
            /** @description The two TLE lines carrying exactly these numbers; null when a TLE cannot (an OMM with more digits) */
            tleLines: string[] | null;
            source: {
                /** @enum {string} */
                format: "TLE" | "OMM";
                fileName: string | null;
                line: number | null;
                uploadId: string;
                /** Format: date-time */
                storedAt: string;
            };
        };
        /**
         * @example {
         *       "id": "6f1c2f52-57d4-4c0a-9d51-0c8a3c2b7e11",
         *       "url": "https://oncall.example.org/hooks/apsis",
         *       "description": "on-call pager",
         *       "eventTypes": [
         *         "conjunction.created",
         *         "conjunction.risk_changed",
         *         "screening.finished"
         *       ],
         *       "enabled": true,
         *       "consecutiveFailures": 0,
         *       "disabledReason": null,
         *       "createdAt": "2026-12-02T06:00:00.000Z",
         *       "updatedAt": "2026-12-02T06:00:00.000Z",
         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
         *     }
         */
        WebhookCreated: {
            id: string;
            url: string;
            description: string | null;
            eventTypes: string[];
            enabled: boolean;
            /** @description Failed attempts in a row; at WEBHOOK_DISABLE_AFTER the subscription is disabled */
            consecutiveFailures: number;
            /** @description Why the service disabled it (null: enabled, or paused by a client) */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
            /** @description The Standard Webhooks signing secret (whsec_…): shown only in this answer; verify each delivery with it */
            secret: string;
        };
        /**
         * @example {
         *       "url": "https://oncall.example.org/hooks/apsis",
         *       "eventTypes": [
         *         "conjunction.created",
         *         "conjunction.risk_changed",
         *         "screening.finished"
         *       ],
         *       "description": "on-call pager"
         *     }
         */
        WebhookCreateRequest: {
            /**
             * @description Where deliveries are POSTed (https or http). Loopback, private, link-local, unique-local and multicast targets are refused (422) unless the administrator sets WEBHOOK_ALLOW_PRIVATE=true; redirects are never followed.
             * @example https://oncall.example.org/hooks/apsis
             */
            url: string;
            /**
             * @description The event types delivered to this subscription
             * @example [
             *       "conjunction.created",
             *       "conjunction.risk_changed"
             *     ]
             */
            eventTypes: ("conjunction.created" | "conjunction.risk_changed" | "conjunction.cdm_received" | "screening.finished" | "orbit_determination.finished" | "product.ready" | "job.failed")[];
            /**
             * @description A note for people (at most 200 characters)
             * @example on-call pager
             */
            description?: string | null;
            /** @description Default true */
            enabled?: boolean;
        };
        WebhookPage: {
            content: components["schemas"]["Webhook"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        /**
         * @example {
         *       "id": "6f1c2f52-57d4-4c0a-9d51-0c8a3c2b7e11",
         *       "url": "https://oncall.example.org/hooks/apsis",
         *       "description": "on-call pager",
         *       "eventTypes": [
         *         "conjunction.created",
         *         "conjunction.risk_changed",
         *         "screening.finished"
         *       ],
         *       "enabled": true,
         *       "consecutiveFailures": 0,
         *       "disabledReason": null,
         *       "createdAt": "2026-12-02T06:00:00.000Z",
         *       "updatedAt": "2026-12-02T06:00:00.000Z"
         *     }
         */
        Webhook: {
            id: string;
            url: string;
            description: string | null;
            eventTypes: string[];
            enabled: boolean;
            /** @description Failed attempts in a row; at WEBHOOK_DISABLE_AFTER the subscription is disabled */
            consecutiveFailures: number;
            /** @description Why the service disabled it (null: enabled, or paused by a client) */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "enabled": true
         *     }
         */
        WebhookPatchRequest: {
            /**
             * @description Where deliveries are POSTed (https or http). Loopback, private, link-local, unique-local and multicast targets are refused (422) unless the administrator sets WEBHOOK_ALLOW_PRIVATE=true; redirects are never followed.
             * @example https://oncall.example.org/hooks/apsis
             */
            url?: string;
            /**
             * @description The event types delivered to this subscription
             * @example [
             *       "conjunction.created",
             *       "conjunction.risk_changed"
             *     ]
             */
            eventTypes?: ("conjunction.created" | "conjunction.risk_changed" | "conjunction.cdm_received" | "screening.finished" | "orbit_determination.finished" | "product.ready" | "job.failed")[];
            /**
             * @description A note for people (at most 200 characters)
             * @example on-call pager
             */
            description?: string | null;
            /** @description false pauses deliveries; true enables again (the failure count starts afresh, disabledReason is cleared) */
            enabled?: boolean;
        };
        /**
         * @example {
         *       "content": [
         *         {
         *           "id": "msg_4c1f0e7a9b2d4e6f8a1b3c5d7e9f0a12",
         *           "subscriptionId": "6f1c2f52-57d4-4c0a-9d51-0c8a3c2b7e11",
         *           "eventType": "conjunction.created",
         *           "status": "SUCCEEDED",
         *           "attempts": 3,
         *           "maxAttempts": 8,
         *           "lastStatusCode": 200,
         *           "lastError": null,
         *           "lastAttemptAt": "2026-12-02T06:00:12.417Z",
         *           "nextAttemptAt": null,
         *           "createdAt": "2026-12-02T06:00:00.000Z",
         *           "updatedAt": "2026-12-02T06:00:12.417Z",
         *           "finishedAt": "2026-12-02T06:00:12.417Z",
         *           "payload": {
         *             "type": "conjunction.created",
         *             "timestamp": "2026-12-02T06:00:00.000Z",
         *             "data": {
         *               "conjunctionId": "0b6f…",
         *               "primarySpacecraftId": "9d2e…",
         *               "secondaryDesignator": "43013",
         *               "tca": "2026-12-03T11:22:33.000000Z",
         *               "links": {
         *                 "self": "/operations/conjunctions/0b6f…"
         *               }
         *             }
         *           }
         *         }
         *       ],
         *       "totalElements": 1,
         *       "totalPages": 1,
         *       "number": 0,
         *       "size": 20,
         *       "numberOfElements": 1,
         *       "first": true,
         *       "last": true,
         *       "empty": false
         *     }
         */
        WebhookDeliveryPage: {
            content: components["schemas"]["WebhookDelivery"][];
            totalElements: number;
            totalPages: number;
            number: number;
            size: number;
            numberOfElements: number;
            first: boolean;
            last: boolean;
            empty: boolean;
        };
        /**
         * @example {
         *       "id": "msg_4c1f0e7a9b2d4e6f8a1b3c5d7e9f0a12",
         *       "subscriptionId": "6f1c2f52-57d4-4c0a-9d51-0c8a3c2b7e11",
         *       "eventType": "conjunction.created",
         *       "status": "SUCCEEDED",
         *       "attempts": 3,
         *       "maxAttempts": 8,
         *       "lastStatusCode": 200,
         *       "lastError": null,
         *       "lastAttemptAt": "2026-12-02T06:00:12.417Z",
         *       "nextAttemptAt": null,
         *       "createdAt": "2026-12-02T06:00:00.000Z",
         *       "updatedAt": "2026-12-02T06:00:12.417Z",
         *       "finishedAt": "2026-12-02T06:00:12.417Z",
         *       "payload": {
         *         "type": "conjunction.created",
         *         "timestamp": "2026-12-02T06:00:00.000Z",
         *         "data": {
         *           "conjunctionId": "0b6f…",
         *           "primarySpacecraftId": "9d2e…",
         *           "secondaryDesignator": "43013",
         *           "tca": "2026-12-03T11:22:33.000000Z",
         *           "links": {
         *             "self": "/operations/conjunctions/0b6f…"
         *           }
         *         }
         *       }
         *     }
         */
        WebhookDelivery: {
            /** @description The message id, sent as webhook-id (the same on every attempt: deduplicate by it) */
            id: string;
            subscriptionId: string;
            eventType: string;
            /**
             * @description QUEUED (due, or waiting for its retry), RUNNING (an attempt in progress), SUCCEEDED (a 2xx), FAILED (attempts exhausted), CANCELLED (the subscription was disabled)
             * @enum {string}
             */
            status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
            attempts: number;
            maxAttempts: number;
            /** @description The status of the last answer (null: none came) */
            lastStatusCode: number | null;
            lastError: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            lastAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When a QUEUED delivery is attempted next (null otherwise)
             * @example 2026-11-21T23:18:17.636Z
             */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T23:18:17.636Z
             */
            finishedAt: string | null;
            /** @description The body delivered: {type, timestamp, data} */
            payload?: unknown;
        };
        WebhookTestResponse: {
            delivery: components["schemas"]["WebhookDelivery"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unreachable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format 0.0.4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Liveness"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not ready: the failed checks say why */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    listSpacecraft: {
        parameters: {
            query?: {
                /** @description Active or Archived; overrides includeArchived */
                status?: "Active" | "Archived";
                /** @description Used only when status is absent: true lists all, false (default) lists Active only */
                includeArchived?: boolean;
                /** @description Exact string match against the canonical decimal text of noradId (no sign, no leading zeros): "25544" matches 25544, "025544" matches nothing. Max 63 characters */
                noradId?: string;
                /** @description Exact; max 20 characters */
                cosparId?: string;
                /** @description Case-insensitive exact (Unicode lower case); max 100 characters */
                name?: string;
                /** @description Exact; max 64 characters */
                externalKey?: string;
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort `field,asc|desc`, repeatable; fields: name, createdAt, updatedAt, noradId; default createdAt,asc (ties by id) */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of spacecraft summaries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpacecraftPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSpacecraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSpacecraftRequest"];
            };
        };
        responses: {
            /** @description The full spacecraft record */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spacecraft"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSpacecraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id (names and NORAD ids are not resolved) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full spacecraft record */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spacecraft"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSpacecraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id (names and NORAD ids are not resolved) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSpacecraftRequest"];
            };
        };
        responses: {
            /** @description The updated record */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spacecraft"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setSpacecraftLifecycle: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id (names and NORAD ids are not resolved) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpacecraftLifecycleRequest"];
            };
        };
        responses: {
            /** @description The spacecraft record */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spacecraft"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Scheduled tasks exist and confirmTaskDeletion is not true (error TASK_DELETION_NOT_CONFIRMED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LifecycleTaskConflict"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listThrusters: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort `field,asc|desc`, repeatable; fields: name, createdAt, updatedAt, thrustN; default createdAt,asc */
                sort?: string | string[];
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of thrusters of the craft */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThrusterPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createThruster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ThrusterRequest"];
            };
        };
        responses: {
            /** @description The thruster */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thruster"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getThruster: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Thruster id */
                thrusterId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thruster */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thruster"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replaceThruster: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Thruster id */
                thrusterId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ThrusterRequest"];
            };
        };
        responses: {
            /** @description The thruster */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thruster"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteThruster: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Thruster id */
                thrusterId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPayloads: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort `field,asc|desc`, repeatable; fields: slotIndex, name, type, createdAt, updatedAt; default slotIndex,asc */
                sort?: string | string[];
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payloads of the craft */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPayload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayloadRequest"];
            };
        };
        responses: {
            /** @description The payload */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payload"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPayload: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Payload id */
                payloadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payload */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payload"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replacePayload: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Payload id */
                payloadId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayloadRequest"];
            };
        };
        responses: {
            /** @description The payload */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payload"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePayload: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Payload id */
                payloadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    queryMeasurements: {
        parameters: {
            query: {
                /** @description Inclusive start, ISO-8601 instant with zone */
                startDate: string;
                /** @description Inclusive end, ISO-8601 instant with zone */
                endDate: string;
                /** @description 1 to 100 non-blank values, repeated; each may be a spacecraft id, name, NORAD or COSPAR id. Omit for all; an explicitly empty value is a 400. */
                spacecraftIds?: string | string[];
                /** @description Repeated or comma-separated: RANGE, RADEC, AZEL, DOPPLER, PV */
                measurementTypes?: string | string[];
                /** @description Include measurements flagged as outliers (default false) */
                includeOutliers?: boolean;
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page of measurements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeasurementPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadMeasurements: {
        parameters: {
            query?: {
                /** @description true: queue files even when the same content was already uploaded for the same spacecraft (default false: such a file is a duplicate result) */
                allowDuplicate?: boolean;
            };
            header?: {
                /** @description SHA-256 (hex) contentHash from POST /operations/measurements/inspect. With exactly one file it must match the content (else 409 IMPORT_STALE_PREVIEW, code import.commit.preview.stale); ignored with several files */
                "X-Content-Hash"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "files": [
                 *         "CCSDS_TDM_VERS = 2.0\n… (a TDM, SP3 or OEM file)"
                 *       ]
                 *     }
                 */
                "multipart/form-data": components["schemas"]["TrackingUploadForm"];
            };
        };
        responses: {
            /** @description All files accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batchId": "5eed000a-0000-4000-8000-00000000000a",
                     *       "successCount": 1,
                     *       "failureCount": 0,
                     *       "totalCount": 1,
                     *       "results": [
                     *         {
                     *           "filename": "pass-2026-12-01.tdm",
                     *           "errorCode": null,
                     *           "errors": [],
                     *           "params": {
                     *             "contentHash": "2464ddbe7d5f2b272f0e82dd45abdfa74fdb0d8ac785a37fee2c7acbccf70c03",
                     *             "format": "TDM",
                     *             "measurementCount": 120,
                     *             "stations": {
                     *               "resolved": [],
                     *               "unresolved": [
                     *                 "DSS-65"
                     *               ]
                     *             }
                     *           },
                     *           "measurementContext": {
                     *             "startDate": "2026-10-01T00:00:00.000000Z",
                     *             "endDate": "2026-10-01T00:00:59.000000Z",
                     *             "spacecraftIds": [
                     *               "5eed0003-0000-4000-8000-000000000003"
                     *             ],
                     *             "measurementTypes": [
                     *               "RANGE",
                     *               "AZEL"
                     *             ]
                     *           },
                     *           "uncertaintySummary": "TDM carries no per-observation uncertainty; sigma is null",
                     *           "warnings": [],
                     *           "jobId": "5eed0002-0000-4000-8000-000000000002",
                     *           "status": "success",
                     *           "message": "120 measurements queued for import",
                     *           "code": "import.tracking.tdm.queued"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BatchUploadResponse"];
                };
            };
            /** @description Per-file results; at least one file failed */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchUploadResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    inspectTrackingFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["TrackingInspectForm"];
            };
        };
        responses: {
            /** @description Inspection result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackingInspectResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMeasurementJobs: {
        parameters: {
            query?: {
                /** @description Repeated or comma-separated job statuses */
                status?: ("QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED")[];
                /** @description Jobs whose file resolved to this spacecraft (canonical id) */
                spacecraftId?: string;
                /** @description Exact source file name (≤ 255 characters, no control, line-separator, bidi or zero-width characters) */
                file?: string;
                /** @description The jobs of one upload (batchId of its response) */
                batchId?: string;
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort `field,asc|desc`, repeatable; fields: createdAt, finishedAt, filename, status; default createdAt,desc */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeasurementJobPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMeasurementJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Job id (jobId of a per-file upload result) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Job */
            200: {
                headers: {
                    /** @description Strong entity tag of this representation: If-None-Match with it answers 304 while nothing shown has changed */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeasurementJob"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelMeasurementJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Job id (jobId of a per-file upload result) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeasurementJob"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setMeasurementOutliers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OutliersByIdsRequest"];
            };
        };
        responses: {
            /** @description Count of measurements actually updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkOutlierResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setMeasurementOutliersByFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OutliersByFileRequest"];
            };
        };
        responses: {
            /** @description Count of matching measurements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkOutlierResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteMeasurementsByFile: {
        parameters: {
            query: {
                spacecraftId: string;
                /** @description Source file name (exact, case-sensitive; ≤ 255 characters, no control, line-separator, bidi or zero-width characters) */
                file: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Count deleted (0 when nothing matches) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteByFileResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOperationsManeuvers: {
        parameters: {
            query: {
                /** @description 1 to 50 actual spacecraft ids, repeated or comma-separated, no duplicates */
                spacecraftIds: string[];
                /** @description ISO-8601 instant with zone */
                startDate: string;
                /** @description ISO-8601 instant with zone, after startDate. Records whose interval intersects [startDate, endDate) are listed */
                endDate: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching records; empty items when nothing matches (unknown spacecraft ids, or ids of another organization, match nothing) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManeuverListResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createOperationsManeuvers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateManeuverRequest"];
            };
        };
        responses: {
            /** @description All records created (with the soft planning warnings) */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateManeuverResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportOperationsManeuvers: {
        parameters: {
            query?: {
                /** @description By ids: exactly one value. By range: 1 to 50 values, repeated or comma-separated. No duplicates, no empty values */
                spacecraftIds?: string[];
                /** @description By ids only: 1 to 100 values, repeated parameters only (commas, spaces and Unicode are literal), unique, ≤ 63 chars each */
                maneuverIds?: string[];
                /** @description By range only (required then): exact ISO-8601 instant with zone */
                startDate?: string;
                /** @description By range only (required then): exact ISO-8601 instant with zone, after startDate */
                endDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One OCM (text/plain) or a ZIP of OCM files (application/zip) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "application/zip": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    importOperationsManeuvers: {
        parameters: {
            query?: {
                /** @description Actual spacecraft id; needed only when the file metadata does not resolve the target unambiguously */
                spacecraftId?: string;
            };
            header?: {
                /** @description contentHash from the preview (one file per request) */
                "X-Content-Hash"?: string;
                /** @description resolutionFingerprint from the preview */
                "X-Resolution-Fingerprint"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ManeuverImportForm"];
            };
        };
        responses: {
            /** @description All files imported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManeuverImportResult"];
                };
            };
            /** @description Per-file results (some failed or ambiguous) */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManeuverImportResult"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    inspectOperationsManeuversImport: {
        parameters: {
            query?: {
                /** @description Actual spacecraft id; needed only when the file metadata does not resolve the target unambiguously */
                spacecraftId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ManeuverImportForm"];
            };
        };
        responses: {
            /** @description Preview of the file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManeuverImportPreview"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOperationsManeuver: {
        parameters: {
            query: {
                /** @description The actual spacecraft id */
                spacecraftId: string;
            };
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The maneuverId (URL-encoded) */
                maneuverId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Maneuver"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replaceOperationsManeuver: {
        parameters: {
            query: {
                /** @description The actual spacecraft id */
                spacecraftId: string;
            };
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description The maneuverId (URL-encoded) */
                maneuverId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateManeuverRequest"];
            };
        };
        responses: {
            /** @description The complete updated record */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Maneuver"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteOperationsManeuver: {
        parameters: {
            query: {
                /** @description The actual spacecraft id */
                spacecraftId: string;
            };
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description The maneuverId (URL-encoded) */
                maneuverId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStateVectors: {
        parameters: {
            query?: {
                spacecraftId?: string;
                /** @description Epoch ≥ startDate (inclusive) */
                startDate?: string;
                /** @description Epoch ≤ endDate (inclusive) */
                endDate?: string;
                sourceType?: "OPM_IMPORT" | "ORBIT_DETERMINATION" | "MANUAL";
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of state vectors */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateVectorPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createStateVector: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateStateVectorRequest"];
            };
        };
        responses: {
            /** @description The stored state vector */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateVector"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    importStateVectors: {
        parameters: {
            query?: {
                /** @description Target spacecraft; needed only when OBJECT_ID/OBJECT_NAME do not resolve one */
                spacecraftId?: string;
                /** @description true: store a state even when the same state (craft, epoch, frame, position, velocity) is already stored (default false: a duplicate result) */
                allowDuplicate?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["StateVectorImportForm"];
            };
        };
        responses: {
            /** @description All files stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateVectorImportResponse"];
                };
            };
            /** @description Per-file results, at least one file failed or was ambiguous */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateVectorImportResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLatestStateVector: {
        parameters: {
            query: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description true: orbit-determination results count even when not converged (default false) */
                includeNonConverged?: boolean;
            };
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state vector (ETag as on GET /operations/state-vectors/{id}) */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateVector"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getStateVector: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Display id SV-<n> */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state vector */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateVector"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteStateVector: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Display id SV-<n> */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getStateVectorOpm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Display id SV-<n> */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OPM text */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    generateOem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Display id SV-<n> */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "initialDate": "2026-12-02T00:00:00Z",
                 *       "finalDate": "2026-12-03T00:00:00Z",
                 *       "referenceFrame": "GCRF",
                 *       "timeBetweenPoints": 60,
                 *       "timeSystem": "UTC",
                 *       "includeCovariance": false
                 *     }
                 */
                "application/json": components["schemas"]["GenerateOemRequest"];
            };
        };
        responses: {
            /** @description CCSDS OEM 2.0 KVN text. When the span leaves observed Earth data (EOP, space weather with NRLMSISE-00, leap seconds), one `Warning: 299 apsis "…"` header and one COMMENT line per kind name the epoch and the last covered date. */
            200: {
                headers: {
                    /** @description One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): `299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form) */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    generateTle: {
        parameters: {
            query: {
                /** @description TLE epoch: ISO-8601 instant with a time zone (Z or ±hh:mm), years 1957–2056; rounded to the TLE field resolution (1e-8 day = 0.864 ms) */
                epoch: string;
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id (names, NORAD and COSPAR ids are 404) */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Two 69-character TLE lines separated by one newline. When the propagation span leaves observed Earth data (EOP, space weather with NRLMSISE-00, leap seconds), one `Warning: 299 apsis "…"` header per kind names the epoch and the last covered date. */
            200: {
                headers: {
                    /** @description One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): `299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form) */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not acceptable */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listGroundStations: {
        parameters: {
            query?: {
                /** @description A name or alias (trimmed, case-insensitive, exact); max 100 characters */
                name?: string;
                /** @description Only enabled (true) or only disabled (false) stations; both when absent */
                enabled?: boolean;
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page of stations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroundStationPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createGroundStation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroundStationRequest"];
            };
        };
        responses: {
            /** @description The station */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroundStation"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getGroundStation: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Ground-station id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The station */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroundStation"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteGroundStation: {
        parameters: {
            query?: {
                /** @description Delete even when stored measurements reference the station (they keep the station name and lose the link); default false */
                force?: boolean;
            };
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Ground-station id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateGroundStation: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Ground-station id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroundStationPatch"];
            };
        };
        responses: {
            /** @description The station */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroundStation"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    computeResiduals: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "spacecraftId": "9d2e8c1a-4b7f-4e0a-8c3d-2f6b5a1e9c70",
                 *       "startDate": "2026-12-01T00:00:00Z",
                 *       "endDate": "2026-12-02T00:00:00Z",
                 *       "stateVectorId": "SV-12"
                 *     }
                 */
                "application/json": components["schemas"]["ResidualsRequest"];
            };
        };
        responses: {
            /** @description Statistics and a page of residuals (Earth-data staleness also in `warnings`) */
            200: {
                headers: {
                    /** @description One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): `299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form) */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResidualsResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrbitDeterminations: {
        parameters: {
            query?: {
                spacecraftId?: string;
                status?: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED";
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page of jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrbitDeterminationPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createOrbitDetermination: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "spacecraftId": "9d2e8c1a-4b7f-4e0a-8c3d-2f6b5a1e9c70",
                 *       "startDate": "2026-12-01T00:00:00Z",
                 *       "endDate": "2026-12-02T00:00:00Z",
                 *       "aprioriStateVectorId": "SV-12"
                 *     }
                 */
                "application/json": components["schemas"]["OrbitDeterminationRequest"];
            };
        };
        responses: {
            /** @description The queued job */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5eed0004-0000-4000-8000-000000000004",
                     *       "spacecraftId": "5eed0006-0000-4000-8000-000000000006",
                     *       "status": "QUEUED",
                     *       "attempts": 0,
                     *       "maxAttempts": 3,
                     *       "error": null,
                     *       "request": {
                     *         "spacecraftId": "5eed0006-0000-4000-8000-000000000006",
                     *         "startDate": "2023-02-10T00:00:00.000000Z",
                     *         "endDate": "2023-02-11T00:00:00.000000Z",
                     *         "aprioriStateVectorId": "SV-1",
                     *         "solutionEpoch": null,
                     *         "solveFor": {
                     *           "dragCoefficient": false,
                     *           "srpCoefficient": false,
                     *           "stationBiases": false
                     *         },
                     *         "measurementTypes": null,
                     *         "stationIds": null,
                     *         "editingSigma": 3,
                     *         "maxIterations": 25,
                     *         "optimizer": "LEVENBERG_MARQUARDT"
                     *       },
                     *       "aprioriStateVectorId": "SV-1",
                     *       "startDate": "2023-02-10T00:00:00.000000Z",
                     *       "endDate": "2023-02-11T00:00:00.000000Z",
                     *       "progress": null,
                     *       "converged": null,
                     *       "residualCount": null,
                     *       "acceptedStateVectorId": null,
                     *       "acceptedAt": null,
                     *       "createdAt": "2026-12-02T07:26:26.455Z",
                     *       "updatedAt": "2026-12-02T07:26:26.455Z",
                     *       "startedAt": null,
                     *       "finishedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["OrbitDetermination"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOrbitDetermination: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Orbit-determination id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    /** @description Strong entity tag of this representation: If-None-Match with it answers 304 while nothing shown has changed */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5eed0004-0000-4000-8000-000000000004",
                     *       "spacecraftId": "5eed0006-0000-4000-8000-000000000006",
                     *       "status": "SUCCEEDED",
                     *       "attempts": 1,
                     *       "maxAttempts": 3,
                     *       "error": null,
                     *       "request": {
                     *         "spacecraftId": "5eed0006-0000-4000-8000-000000000006",
                     *         "startDate": "2023-02-10T00:00:00.000000Z",
                     *         "endDate": "2023-02-11T00:00:00.000000Z",
                     *         "aprioriStateVectorId": "SV-1",
                     *         "solutionEpoch": null,
                     *         "solveFor": {
                     *           "dragCoefficient": false,
                     *           "srpCoefficient": false,
                     *           "stationBiases": false
                     *         },
                     *         "measurementTypes": null,
                     *         "stationIds": null,
                     *         "editingSigma": 3,
                     *         "maxIterations": 25,
                     *         "optimizer": "LEVENBERG_MARQUARDT"
                     *       },
                     *       "aprioriStateVectorId": "SV-1",
                     *       "startDate": "2023-02-10T00:00:00.000000Z",
                     *       "endDate": "2023-02-11T00:00:00.000000Z",
                     *       "progress": {
                     *         "iteration": 6,
                     *         "weightedRms": 0.939957398844796,
                     *         "rejected": 0,
                     *         "history": [
                     *           {
                     *             "iteration": 1,
                     *             "weightedRms": 186724.40744499775,
                     *             "rejected": 0
                     *           },
                     *           {
                     *             "iteration": 2,
                     *             "weightedRms": 3434.0878241902933,
                     *             "rejected": 0
                     *           }
                     *         ]
                     *       },
                     *       "converged": true,
                     *       "residualCount": 410,
                     *       "acceptedStateVectorId": null,
                     *       "acceptedAt": null,
                     *       "solution": {
                     *         "converged": true,
                     *         "failureReason": null,
                     *         "optimizer": "LEVENBERG_MARQUARDT",
                     *         "iterations": [
                     *           {
                     *             "iteration": 1,
                     *             "weightedRms": 186724.40744499775,
                     *             "rejected": 0,
                     *             "stateCorrectionNorm": 2671.579590016214,
                     *             "damping": 0,
                     *             "accepted": true,
                     *             "arcSeconds": null
                     *           },
                     *           {
                     *             "iteration": 2,
                     *             "weightedRms": 3434.0878241902933,
                     *             "rejected": 0,
                     *             "stateCorrectionNorm": 2120.3510291758234,
                     *             "damping": 0,
                     *             "accepted": true,
                     *             "arcSeconds": null
                     *           }
                     *         ],
                     *         "epoch": "2023-02-10T00:00:00.000000Z",
                     *         "fitEpoch": "2023-02-10T00:00:00.000000Z",
                     *         "state": {
                     *           "frame": "GCRF",
                     *           "positionKm": [
                     *             -4939.611826735789,
                     *             1729.8860168161793,
                     *             4529.053052187663
                     *           ],
                     *           "velocityKmS": [
                     *             0.8409483750057737,
                     *             -6.696969348234515,
                     *             3.4771256064128564
                     *           ],
                     *           "massKg": 500
                     *         },
                     *         "stateCovariance": {
                     *           "frame": "GCRF",
                     *           "matrix": [
                     *             [
                     *               1.631617078493138e-9,
                     *               9.099514642495473e-10,
                     *               1.298603907949936e-9,
                     *               -4.88949582701725e-13,
                     *               -3.6447608972158846e-13,
                     *               -3.832534535330409e-13
                     *             ],
                     *             [
                     *               9.099514642495473e-10,
                     *               1.3392741595291245e-9,
                     *               3.8660573132767656e-10,
                     *               -7.837164725990378e-13,
                     *               2.6077066622682432e-14,
                     *               3.723503203675306e-13
                     *             ],
                     *             [
                     *               1.298603907949936e-9,
                     *               3.8660573132767656e-10,
                     *               1.4618530106201704e-9,
                     *               -1.927000995680516e-13,
                     *               -2.6921811848237735e-13,
                     *               -7.772026601988765e-13
                     *             ],
                     *             [
                     *               -4.88949582701725e-13,
                     *               -7.837164725990378e-13,
                     *               -1.927000995680516e-13,
                     *               3.723718667612987e-15,
                     *               1.8137709183806442e-15,
                     *               2.530873599974932e-15
                     *             ],
                     *             [
                     *               -3.6447608972158846e-13,
                     *               2.6077066622682432e-14,
                     *               -2.6921811848237735e-13,
                     *               1.8137709183806442e-15,
                     *               1.2839797088724037e-15,
                     *               1.8117862194762962e-15
                     *             ],
                     *             [
                     *               -3.832534535330409e-13,
                     *               3.723503203675306e-13,
                     *               -7.772026601988765e-13,
                     *               2.530873599974932e-15,
                     *               1.8117862194762962e-15,
                     *               3.204380842592903e-15
                     *             ]
                     *           ],
                     *           "standardDeviations": {
                     *             "positionKm": [
                     *               0.00004039328011554815,
                     *               0.000036596094867200304,
                     *               0.00003823418641242639
                     *             ],
                     *             "velocityKmS": [
                     *               6.102228009188928e-8,
                     *               3.5832662598143663e-8,
                     *               5.6607250795219716e-8
                     *             ]
                     *           }
                     *         },
                     *         "parameters": [
                     *           {
                     *             "name": "X",
                     *             "unit": "km",
                     *             "value": -4939.611826735789,
                     *             "sigma": 0.00004039328011554815,
                     *             "held": false
                     *           },
                     *           {
                     *             "name": "Y",
                     *             "unit": "km",
                     *             "value": 1729.8860168161793,
                     *             "sigma": 0.000036596094867200304,
                     *             "held": false
                     *           },
                     *           {
                     *             "name": "Z",
                     *             "unit": "km",
                     *             "value": 4529.053052187663,
                     *             "sigma": 0.00003823418641242639,
                     *             "held": false
                     *           },
                     *           {
                     *             "name": "VX",
                     *             "unit": "km/s",
                     *             "value": 0.8409483750057737,
                     *             "sigma": 6.102228009188928e-8,
                     *             "held": false
                     *           },
                     *           {
                     *             "name": "VY",
                     *             "unit": "km/s",
                     *             "value": -6.696969348234515,
                     *             "sigma": 3.5832662598143663e-8,
                     *             "held": false
                     *           },
                     *           {
                     *             "name": "VZ",
                     *             "unit": "km/s",
                     *             "value": 3.4771256064128564,
                     *             "sigma": 5.6607250795219716e-8,
                     *             "held": false
                     *           }
                     *         ],
                     *         "covariance": {
                     *           "parameters": [
                     *             "X",
                     *             "Y",
                     *             "Z",
                     *             "VX",
                     *             "VY",
                     *             "VZ"
                     *           ],
                     *           "matrix": [
                     *             [
                     *               1.631617078493138e-9,
                     *               9.099514642495473e-10,
                     *               1.298603907949936e-9,
                     *               -4.88949582701725e-13,
                     *               -3.6447608972158846e-13,
                     *               -3.832534535330409e-13
                     *             ],
                     *             [
                     *               9.099514642495473e-10,
                     *               1.3392741595291245e-9,
                     *               3.8660573132767656e-10,
                     *               -7.837164725990378e-13,
                     *               2.6077066622682432e-14,
                     *               3.723503203675306e-13
                     *             ],
                     *             [
                     *               1.298603907949936e-9,
                     *               3.8660573132767656e-10,
                     *               1.4618530106201704e-9,
                     *               -1.927000995680516e-13,
                     *               -2.6921811848237735e-13,
                     *               -7.772026601988764e-13
                     *             ],
                     *             [
                     *               -4.889495827017251e-13,
                     *               -7.837164725990377e-13,
                     *               -1.927000995680516e-13,
                     *               3.723718667612987e-15,
                     *               1.8137709183806442e-15,
                     *               2.530873599974932e-15
                     *             ],
                     *             [
                     *               -3.6447608972158846e-13,
                     *               2.6077066622682435e-14,
                     *               -2.692181184823773e-13,
                     *               1.8137709183806442e-15,
                     *               1.2839797088724037e-15,
                     *               1.8117862194762962e-15
                     *             ],
                     *             [
                     *               -3.832534535330409e-13,
                     *               3.7235032036753054e-13,
                     *               -7.772026601988765e-13,
                     *               2.530873599974932e-15,
                     *               1.8117862194762962e-15,
                     *               3.204380842592903e-15
                     *             ]
                     *           ]
                     *         },
                     *         "dragCoefficient": null,
                     *         "srpCoefficient": null,
                     *         "stationBiases": [],
                     *         "counts": [
                     *           {
                     *             "kind": "RANGE",
                     *             "stationId": "5eed0000-0000-4000-8000-000000000000",
                     *             "used": 57,
                     *             "rejected": 0,
                     *             "stationName": "VIS-STN-2"
                     *           },
                     *           {
                     *             "kind": "RANGE",
                     *             "stationId": "5eed0005-0000-4000-8000-000000000005",
                     *             "used": 90,
                     *             "rejected": 0,
                     *             "stationName": "VIS-STN-1"
                     *           },
                     *           {
                     *             "kind": "RANGE",
                     *             "stationId": "5eed0009-0000-4000-8000-000000000009",
                     *             "used": 58,
                     *             "rejected": 0,
                     *             "stationName": "VIS-STN-3"
                     *           },
                     *           {
                     *             "kind": "RANGE_RATE",
                     *             "stationId": "5eed0000-0000-4000-8000-000000000000",
                     *             "used": 57,
                     *             "rejected": 0,
                     *             "stationName": "VIS-STN-2"
                     *           },
                     *           {
                     *             "kind": "RANGE_RATE",
                     *             "stationId": "5eed0005-0000-4000-8000-000000000005",
                     *             "used": 90,
                     *             "rejected": 0,
                     *             "stationName": "VIS-STN-1"
                     *           },
                     *           {
                     *             "kind": "RANGE_RATE",
                     *             "stationId": "5eed0009-0000-4000-8000-000000000009",
                     *             "used": 58,
                     *             "rejected": 0,
                     *             "stationName": "VIS-STN-3"
                     *           }
                     *         ],
                     *         "statistics": {
                     *           "byType": [
                     *             {
                     *               "kind": "RANGE",
                     *               "stationId": null,
                     *               "count": 205,
                     *               "mean": [
                     *                 0.0005510706485116626
                     *               ],
                     *               "rms": [
                     *                 0.004762799127269077
                     *               ],
                     *               "min": [
                     *                 -0.010914724449321511
                     *               ],
                     *               "max": [
                     *                 0.014067121796188076
                     *               ],
                     *               "normalizedRms": 0.9525598254538157,
                     *               "normalized": {
                     *                 "mean": [
                     *                   0.11021412970233253
                     *                 ],
                     *                 "rms": [
                     *                   0.9525598254538157
                     *                 ],
                     *                 "min": [
                     *                   -2.1829448898643022
                     *                 ],
                     *                 "max": [
                     *                   2.813424359237615
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km"
                     *               ],
                     *               "components": [
                     *                 "range"
                     *               ],
                     *               "stationName": null
                     *             },
                     *             {
                     *               "kind": "RANGE_RATE",
                     *               "stationId": null,
                     *               "count": 205,
                     *               "mean": [
                     *                 2.3551698080777847e-8
                     *               ],
                     *               "rms": [
                     *                 9.271836938911002e-7
                     *               ],
                     *               "min": [
                     *                 -0.000002420457915874863
                     *               ],
                     *               "max": [
                     *                 0.0000025091434237012322
                     *               ],
                     *               "normalizedRms": 0.9271836938911002,
                     *               "normalized": {
                     *                 "mean": [
                     *                   0.02355169808077785
                     *                 ],
                     *                 "rms": [
                     *                   0.9271836938911002
                     *                 ],
                     *                 "min": [
                     *                   -2.420457915874863
                     *                 ],
                     *                 "max": [
                     *                   2.5091434237012322
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km/s"
                     *               ],
                     *               "components": [
                     *                 "rangeRate"
                     *               ],
                     *               "stationName": null
                     *             }
                     *           ],
                     *           "byStation": [
                     *             {
                     *               "kind": "RANGE",
                     *               "stationId": "5eed0000-0000-4000-8000-000000000000",
                     *               "count": 57,
                     *               "mean": [
                     *                 0.00004187419620736539
                     *               ],
                     *               "rms": [
                     *                 0.004661956608385203
                     *               ],
                     *               "min": [
                     *                 -0.010914724449321511
                     *               ],
                     *               "max": [
                     *                 0.014067121796188076
                     *               ],
                     *               "normalizedRms": 0.9323913216770405,
                     *               "normalized": {
                     *                 "mean": [
                     *                   0.00837483924147308
                     *                 ],
                     *                 "rms": [
                     *                   0.9323913216770405
                     *                 ],
                     *                 "min": [
                     *                   -2.1829448898643022
                     *                 ],
                     *                 "max": [
                     *                   2.813424359237615
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km"
                     *               ],
                     *               "components": [
                     *                 "range"
                     *               ],
                     *               "stationName": "VIS-STN-2"
                     *             },
                     *             {
                     *               "kind": "RANGE",
                     *               "stationId": "5eed0005-0000-4000-8000-000000000005",
                     *               "count": 90,
                     *               "mean": [
                     *                 0.001345819625753898
                     *               ],
                     *               "rms": [
                     *                 0.004839401347889622
                     *               ],
                     *               "min": [
                     *                 -0.010174606609098191
                     *               ],
                     *               "max": [
                     *                 0.011487230151260519
                     *               ],
                     *               "normalizedRms": 0.9678802695779246,
                     *               "normalized": {
                     *                 "mean": [
                     *                   0.2691639251507796
                     *                 ],
                     *                 "rms": [
                     *                   0.9678802695779246
                     *                 ],
                     *                 "min": [
                     *                   -2.0349213218196383
                     *                 ],
                     *                 "max": [
                     *                   2.297446030252104
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km"
                     *               ],
                     *               "components": [
                     *                 "range"
                     *               ],
                     *               "stationName": "VIS-STN-1"
                     *             },
                     *             {
                     *               "kind": "RANGE",
                     *               "stationId": "5eed0009-0000-4000-8000-000000000009",
                     *               "count": 58,
                     *               "mean": [
                     *                 -0.00018174331994447944
                     *               ],
                     *               "rms": [
                     *                 0.0047409824559967026
                     *               ],
                     *               "min": [
                     *                 -0.010378768854707232
                     *               ],
                     *               "max": [
                     *                 0.00912892082419603
                     *               ],
                     *               "normalizedRms": 0.9481964911993406,
                     *               "normalized": {
                     *                 "mean": [
                     *                   -0.03634866398889589
                     *                 ],
                     *                 "rms": [
                     *                   0.9481964911993406
                     *                 ],
                     *                 "min": [
                     *                   -2.0757537709414464
                     *                 ],
                     *                 "max": [
                     *                   1.825784164839206
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km"
                     *               ],
                     *               "components": [
                     *                 "range"
                     *               ],
                     *               "stationName": "VIS-STN-3"
                     *             },
                     *             {
                     *               "kind": "RANGE_RATE",
                     *               "stationId": "5eed0000-0000-4000-8000-000000000000",
                     *               "count": 57,
                     *               "mean": [
                     *                 4.293561472718951e-8
                     *               ],
                     *               "rms": [
                     *                 9.260465510845124e-7
                     *               ],
                     *               "min": [
                     *                 -0.0000022955399856527947
                     *               ],
                     *               "max": [
                     *                 0.000002158903687821123
                     *               ],
                     *               "normalizedRms": 0.9260465510845121,
                     *               "normalized": {
                     *                 "mean": [
                     *                   0.04293561472718952
                     *                 ],
                     *                 "rms": [
                     *                   0.9260465510845121
                     *                 ],
                     *                 "min": [
                     *                   -2.2955399856527947
                     *                 ],
                     *                 "max": [
                     *                   2.158903687821123
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km/s"
                     *               ],
                     *               "components": [
                     *                 "rangeRate"
                     *               ],
                     *               "stationName": "VIS-STN-2"
                     *             },
                     *             {
                     *               "kind": "RANGE_RATE",
                     *               "stationId": "5eed0005-0000-4000-8000-000000000005",
                     *               "count": 90,
                     *               "mean": [
                     *                 2.6156679489983742e-8
                     *               ],
                     *               "rms": [
                     *                 9.282470087938429e-7
                     *               ],
                     *               "min": [
                     *                 -0.000002420457915874863
                     *               ],
                     *               "max": [
                     *                 0.0000025091434237012322
                     *               ],
                     *               "normalizedRms": 0.928247008793843,
                     *               "normalized": {
                     *                 "mean": [
                     *                   0.02615667948998374
                     *                 ],
                     *                 "rms": [
                     *                   0.928247008793843
                     *                 ],
                     *                 "min": [
                     *                   -2.420457915874863
                     *                 ],
                     *                 "max": [
                     *                   2.5091434237012322
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km/s"
                     *               ],
                     *               "components": [
                     *                 "rangeRate"
                     *               ],
                     *               "stationName": "VIS-STN-1"
                     *             },
                     *             {
                     *               "kind": "RANGE_RATE",
                     *               "stationId": "5eed0009-0000-4000-8000-000000000009",
                     *               "count": 58,
                     *               "mean": [
                     *                 4.5977436226068403e-10
                     *               ],
                     *               "rms": [
                     *                 9.266494740718953e-7
                     *               ],
                     *               "min": [
                     *                 -0.0000024043674073936927
                     *               ],
                     *               "max": [
                     *                 0.000002212638380960641
                     *               ],
                     *               "normalizedRms": 0.9266494740718952,
                     *               "normalized": {
                     *                 "mean": [
                     *                   0.00045977436226068405
                     *                 ],
                     *                 "rms": [
                     *                   0.9266494740718952
                     *                 ],
                     *                 "min": [
                     *                   -2.4043674073936927
                     *                 ],
                     *                 "max": [
                     *                   2.212638380960641
                     *                 ]
                     *               },
                     *               "units": [
                     *                 "km/s"
                     *               ],
                     *               "components": [
                     *                 "rangeRate"
                     *               ],
                     *               "stationName": "VIS-STN-3"
                     *             }
                     *           ]
                     *         },
                     *         "forceModel": {
                     *           "gravityDegree": 20,
                     *           "gravityOrder": 20,
                     *           "atmosphere": "HARRIS_PRIESTER",
                     *           "solarRadiationPressure": true,
                     *           "thirdBodies": [
                     *             "SUN",
                     *             "MOON"
                     *           ],
                     *           "massKg": 500,
                     *           "dragAreaM2": 1,
                     *           "dragCoefficient": 2.2,
                     *           "srpAreaM2": 1,
                     *           "reflectivityCoefficient": 1.5,
                     *           "maneuvers": 0,
                     *           "positionToleranceM": 0.0001
                     *         },
                     *         "apriori": {
                     *           "stateVectorId": "SV-1",
                     *           "epoch": "2023-02-10T00:00:00.000000Z",
                     *           "positionKm": [
                     *             -4939.144061994297,
                     *             1728.8789337564147,
                     *             4529.183757016953
                     *           ],
                     *           "velocityKmS": [
                     *             0.8416400015339885,
                     *             -6.696570071734738,
                     *             3.477727376023563
                     *           ],
                     *           "frame": "GCRF"
                     *         },
                     *         "measurements": {
                     *           "storedCount": 410,
                     *           "modelledCount": 410,
                     *           "skipped": {
                     *             "count": 0,
                     *             "reasons": []
                     *           },
                     *           "warnings": []
                     *         },
                     *         "elapsedMs": 2479.7420070000007
                     *       },
                     *       "createdAt": "2026-12-02T07:26:26.455Z",
                     *       "updatedAt": "2026-12-02T07:26:29.132Z",
                     *       "startedAt": "2026-12-02T07:26:26.456Z",
                     *       "finishedAt": "2026-12-02T07:26:29.132Z"
                     *     }
                     */
                    "application/json": components["schemas"]["OrbitDetermination"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrbitDeterminationResiduals: {
        parameters: {
            query?: {
                /** @description Only rejected (true) or only used (false) measurements; both when absent */
                rejected?: boolean;
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path: {
                /** @description Orbit-determination id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page of residuals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrbitDeterminationResidualPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOrbitDeterminationResidualsSvg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Orbit-determination id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    acceptOrbitDetermination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Orbit-determination id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored state vector */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrbitDeterminationAccepted"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tasks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "OEM of the next 24 h every 6 hours",
                 *       "kind": "GENERATE_OEM",
                 *       "schedule": {
                 *         "type": "INTERVAL",
                 *         "intervalSeconds": 21600
                 *       },
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["CreateTaskRequest"];
            };
        };
        responses: {
            /** @description The task (Location header) */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledTask"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Task id */
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledTask"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Task id */
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Task id */
                taskId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTaskRequest"];
            };
        };
        responses: {
            /** @description The task */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledTask"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTaskRuns: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description Task id */
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskRunPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
                spacecraftId?: string;
                taskId?: string;
                kind?: string | string[];
                /** @description Created at or after */
                createdFrom?: string;
                /** @description Created at or before */
                createdTo?: string;
                /** @description Span ends at or after */
                spanFrom?: string;
                /** @description Span starts at or before */
                spanTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Product id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    /** @description Strong entity tag of this representation: If-None-Match with it answers 304 while nothing shown has changed */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    downloadProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description One byte range: bytes=a-b, bytes=a- or bytes=-n */
                Range?: string;
                /** @description The ETag you hold: 304 when it is current */
                "If-None-Match"?: string;
                /** @description Serve the Range only while the file still has this ETag (else the whole file) */
                "If-Range"?: string;
            };
            path: {
                /** @description Product id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    /** @description "<contentSha256>" */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "text/csv": string;
                    "application/json": components["schemas"]["OrbitDeterminationSolutionProduct"] | components["schemas"]["EventPlanProduct"];
                    "application/zip": string;
                };
            };
            /** @description One byte range of the file (the media type of the file) */
            206: {
                headers: {
                    /** @description bytes first-last/size */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "text/csv": string;
                    "application/json": string;
                    "application/zip": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Range not satisfiable */
            416: {
                headers: {
                    /** @description bytes *\/size */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEphemerisBatches: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of batches */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EphemerisBatchPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createEphemerisBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "initialDate": "2026-12-02T00:00:00Z",
                 *       "finalDate": "2026-12-03T00:00:00Z",
                 *       "timeBetweenPoints": 600,
                 *       "items": [
                 *         {
                 *           "stateVectorId": "SV-12"
                 *         },
                 *         {
                 *           "spacecraftId": "9d2e8c1a-4b7f-4e0a-8c3d-2f6b5a1e9c70",
                 *           "referenceFrame": "ITRF"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateEphemerisBatchRequest"];
            };
        };
        responses: {
            /** @description The queued batch (Location header) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EphemerisBatch"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getEphemerisBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Batch id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch */
            200: {
                headers: {
                    /** @description Strong entity tag of this representation: If-None-Match with it answers 304 while nothing shown has changed */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EphemerisBatch"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelEphemerisBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Batch id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch after the request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EphemerisBatch"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPasses: {
        parameters: {
            query: {
                /** @description Start of the span (ISO-8601 instant with zone). Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                from: string;
                /** @description End of the span; after from, at most 30 days later. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                to: string;
                /** @description Ground-station ids, repeated or comma-separated (at most 100; default: every enabled station of the organization) */
                stationIds?: string | string[];
                /** @description Count a pass only above this elevation (deg, -90..90) where it is higher than the station's own mask */
                minElevationDeg?: number;
                /** @description STATE (default): the latest eligible stored state propagated with the force model and stored maneuvers. CATALOG: SGP4 of the current element set (newest epoch) of the spacecraft’s NORAD id in the organization’s catalog (POST /operations/catalog); 422 NO_NORAD_ID or NO_CATALOG_ELEMENT_SET when there is none, 422 CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than 30 days before or after the set's epoch. CATALOG also needs the permission read:conjunctions (the catalog’s), on top of read:spacecraft */
                source?: "STATE" | "CATALOG";
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The passes, by start time (all stations) */
            200: {
                headers: {
                    /** @description One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): `299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form) */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PassPrediction"];
                    "text/csv": string;
                    "text/calendar": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not acceptable */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPassSkySvg: {
        parameters: {
            query: {
                /** @description Start of the span (ISO-8601 instant with zone). Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                from: string;
                /** @description End of the span; after from, at most 30 days later. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                to: string;
                /** @description Ground-station ids, repeated or comma-separated (at most 100; default: every enabled station of the organization) */
                stationIds?: string | string[];
                /** @description Count a pass only above this elevation (deg, -90..90) where it is higher than the station's own mask */
                minElevationDeg?: number;
                /** @description STATE (default): the latest eligible stored state propagated with the force model and stored maneuvers. CATALOG: SGP4 of the current element set (newest epoch) of the spacecraft’s NORAD id in the organization’s catalog (POST /operations/catalog); 422 NO_NORAD_ID or NO_CATALOG_ELEMENT_SET when there is none, 422 CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than 30 days before or after the set's epoch. CATALOG also needs the permission read:conjunctions (the catalog’s), on top of read:spacecraft */
                source?: "STATE" | "CATALOG";
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
                /** @description The pass `index` in the list the same query returns */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sky plot */
            200: {
                headers: {
                    /** @description One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): `299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form) */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEclipses: {
        parameters: {
            query: {
                /** @description Start of the span (ISO-8601 instant with zone). Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                from: string;
                /** @description End of the span; after from, at most 30 days later. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                to: string;
                /** @description STATE (default): the latest eligible stored state propagated with the force model and stored maneuvers. CATALOG: SGP4 of the current element set (newest epoch) of the spacecraft’s NORAD id in the organization’s catalog (POST /operations/catalog); 422 NO_NORAD_ID or NO_CATALOG_ELEMENT_SET when there is none, 422 CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than 30 days before or after the set's epoch. CATALOG also needs the permission read:conjunctions (the catalog’s), on top of read:spacecraft */
                source?: "STATE" | "CATALOG";
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Eclipses and orbit shares */
            200: {
                headers: {
                    /** @description One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): `299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form) */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EclipsePrediction"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrbitEvents: {
        parameters: {
            query: {
                /** @description Start of the span (ISO-8601 instant with zone). Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                from: string;
                /** @description End of the span; after from, at most 30 days later. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                to: string;
                /** @description STATE (default): the latest eligible stored state propagated with the force model and stored maneuvers. CATALOG: SGP4 of the current element set (newest epoch) of the spacecraft’s NORAD id in the organization’s catalog (POST /operations/catalog); 422 NO_NORAD_ID or NO_CATALOG_ELEMENT_SET when there is none, 422 CATALOG_SET_TOO_FAR_FROM_SPAN when the span reaches more than 30 days before or after the set's epoch. CATALOG also needs the permission read:conjunctions (the catalog’s), on top of read:spacecraft */
                source?: "STATE" | "CATALOG";
                /** @description NODE and/or APSIS, repeated or comma-separated (default both) */
                types?: string | string[];
            };
            header?: never;
            path: {
                /** @description Canonical spacecraft id */
                spacecraftId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Nodes and apsides by time */
            200: {
                headers: {
                    /** @description One per kind of Earth data the span used beyond its observations (EOP, SPACE_WEATHER, LEAP_SECONDS): `299 apsis "<KIND>: the span reaches <epoch>, after the last observed … (<date>, source <file>): …"` (RFC 9111 §5.5 form) */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrbitEventPrediction"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listConjunctionChanges: {
        parameters: {
            query?: {
                /** @description The nextToken of the previous answer (opaque). Absent: from the oldest change retained. */
                after?: string;
                /** @description Changes per answer, 1..1000 (default 100) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes after the token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangePage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Gone: the change token is older than the change log’s retention (CHANGE_TOKEN_EXPIRED; RFC 9110 §15.5.11): start again without `after` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCdmChanges: {
        parameters: {
            query?: {
                /** @description The nextToken of the previous answer (opaque). Absent: from the oldest change retained. */
                after?: string;
                /** @description Changes per answer, 1..1000 (default 100) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes after the token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangePage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Gone: the change token is older than the change log’s retention (CHANGE_TOKEN_EXPIRED; RFC 9110 §15.5.11): start again without `after` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listScreeningChanges: {
        parameters: {
            query?: {
                /** @description The nextToken of the previous answer (opaque). Absent: from the oldest change retained. */
                after?: string;
                /** @description Changes per answer, 1..1000 (default 100) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes after the token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangePage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Gone: the change token is older than the change log’s retention (CHANGE_TOKEN_EXPIRED; RFC 9110 §15.5.11): start again without `after` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listScreenings: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of screenings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScreeningPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createScreening: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "primaries": [
                 *         {
                 *           "spacecraftId": "9d2e8c1a-4b7f-4e0a-8c3d-2f6b5a1e9c70"
                 *         }
                 *       ],
                 *       "secondaries": "CATALOG",
                 *       "start": "2026-12-02T00:00:00Z",
                 *       "durationDays": 7,
                 *       "volume": {
                 *         "shape": "SPHERE",
                 *         "radiusKm": 10
                 *       },
                 *       "pcThreshold": 1e-7,
                 *       "secondariesPerChunk": 3000
                 *     }
                 */
                "application/json": components["schemas"]["CreateScreeningRequest"];
                "multipart/form-data": components["schemas"]["CreateScreeningForm"];
            };
        };
        responses: {
            /** @description The queued screening */
            202: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5eed000b-0000-4000-8000-00000000000b",
                     *       "status": "QUEUED",
                     *       "request": {
                     *         "primaries": [
                     *           {
                     *             "spacecraftId": "5eed0003-0000-4000-8000-000000000003"
                     *           }
                     *         ],
                     *         "secondaries": "CATALOG",
                     *         "start": "2023-02-15T06:00:00.000000Z",
                     *         "durationDays": 1,
                     *         "volume": {
                     *           "shape": "SPHERE",
                     *           "radiusKm": 50
                     *         },
                     *         "pcThreshold": 1,
                     *         "secondariesPerChunk": 200
                     *       },
                     *       "spanStart": "2023-02-15T06:00:00.000000Z",
                     *       "spanEnd": "2023-02-16T06:00:00.000000Z",
                     *       "pcThreshold": 1,
                     *       "catalogAsOfSetId": 300,
                     *       "secondaryCount": 300,
                     *       "progress": {
                     *         "chunksDone": 0,
                     *         "chunksRunning": 0,
                     *         "approachesSoFar": 0,
                     *         "chunksTotal": 2
                     *       },
                     *       "approachCount": null,
                     *       "eventCount": null,
                     *       "issues": [],
                     *       "counts": null,
                     *       "timings": null,
                     *       "chunks": [
                     *         {
                     *           "index": 0,
                     *           "kind": "SCREEN",
                     *           "planKey": "catalog:p0-0:s0-199",
                     *           "secondarySource": "CATALOG",
                     *           "fromNoradId": 10001,
                     *           "toNoradId": 10200,
                     *           "secondaryCount": 200,
                     *           "slice": null,
                     *           "status": "QUEUED",
                     *           "attempts": 0,
                     *           "attemptOwners": [],
                     *           "ranBy": null,
                     *           "approachCount": null,
                     *           "computeMs": null,
                     *           "error": null
                     *         },
                     *         {
                     *           "index": 1,
                     *           "kind": "SCREEN",
                     *           "planKey": "catalog:p0-0:s200-299",
                     *           "secondarySource": "CATALOG",
                     *           "fromNoradId": 10201,
                     *           "toNoradId": 10300,
                     *           "secondaryCount": 100,
                     *           "slice": null,
                     *           "status": "QUEUED",
                     *           "attempts": 0,
                     *           "attemptOwners": [],
                     *           "ranBy": null,
                     *           "approachCount": null,
                     *           "computeMs": null,
                     *           "error": null
                     *         },
                     *         {
                     *           "index": 2,
                     *           "kind": "MERGE",
                     *           "planKey": "merge",
                     *           "secondarySource": null,
                     *           "fromNoradId": null,
                     *           "toNoradId": null,
                     *           "secondaryCount": 0,
                     *           "slice": null,
                     *           "status": "QUEUED",
                     *           "attempts": 0,
                     *           "attemptOwners": [],
                     *           "ranBy": null,
                     *           "approachCount": null,
                     *           "computeMs": null,
                     *           "error": null
                     *         }
                     *       ],
                     *       "mergedBy": null,
                     *       "error": null,
                     *       "createdAt": "2026-12-02T07:26:50.826Z",
                     *       "startedAt": null,
                     *       "finishedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Screening"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getScreening: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Screening id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The screening */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5eed000b-0000-4000-8000-00000000000b",
                     *       "status": "SUCCEEDED",
                     *       "request": {
                     *         "primaries": [
                     *           {
                     *             "spacecraftId": "5eed0003-0000-4000-8000-000000000003"
                     *           }
                     *         ],
                     *         "secondaries": "CATALOG",
                     *         "start": "2023-02-15T06:00:00.000000Z",
                     *         "durationDays": 1,
                     *         "volume": {
                     *           "shape": "SPHERE",
                     *           "radiusKm": 50
                     *         },
                     *         "pcThreshold": 1,
                     *         "secondariesPerChunk": 200
                     *       },
                     *       "spanStart": "2023-02-15T06:00:00.000000Z",
                     *       "spanEnd": "2023-02-16T06:00:00.000000Z",
                     *       "pcThreshold": 1,
                     *       "catalogAsOfSetId": 300,
                     *       "secondaryCount": 300,
                     *       "progress": {
                     *         "chunksDone": 2,
                     *         "chunksRunning": 0,
                     *         "approachesSoFar": 3,
                     *         "chunksTotal": 2
                     *       },
                     *       "approachCount": 3,
                     *       "eventCount": 0,
                     *       "issues": [],
                     *       "counts": {
                     *         "pairs": 300,
                     *         "afterApogeePerigee": 102,
                     *         "pathCells": 2928,
                     *         "afterPhasing": 117,
                     *         "afterPath": 88,
                     *         "unfilteredPairs": 0,
                     *         "pairsSearched": 26,
                     *         "searchedPairSeconds": 20499.16046252168,
                     *         "sieveEvaluations": 216,
                     *         "localEvaluations": 26,
                     *         "localSearches": 6,
                     *         "minimaFound": 3,
                     *         "approaches": 3
                     *       },
                     *       "timings": {
                     *         "setupMs": 1710.0498179999995,
                     *         "filtersMs": 239.1353180000042,
                     *         "samplingMs": 39.32992099999501,
                     *         "refinementMs": 1.6082400000013877,
                     *         "pcMs": 53.93330999999853,
                     *         "storingMs": 2.3816080000015063,
                     *         "eventLoopDelayP99Ms": 40.402943,
                     *         "eventLoopDelayMaxMs": 52.953087
                     *       },
                     *       "chunks": [
                     *         {
                     *           "index": 0,
                     *           "kind": "SCREEN",
                     *           "planKey": "catalog:p0-0:s0-199",
                     *           "secondarySource": "CATALOG",
                     *           "fromNoradId": 10001,
                     *           "toNoradId": 10200,
                     *           "secondaryCount": 200,
                     *           "slice": null,
                     *           "status": "SUCCEEDED",
                     *           "attempts": 1,
                     *           "attemptOwners": [
                     *             "apsis-eu-1"
                     *           ],
                     *           "ranBy": "apsis-eu-1",
                     *           "approachCount": 3,
                     *           "computeMs": 1946.9377710000008,
                     *           "error": null
                     *         },
                     *         {
                     *           "index": 1,
                     *           "kind": "SCREEN",
                     *           "planKey": "catalog:p0-0:s200-299",
                     *           "secondarySource": "CATALOG",
                     *           "fromNoradId": 10201,
                     *           "toNoradId": 10300,
                     *           "secondaryCount": 100,
                     *           "slice": null,
                     *           "status": "SUCCEEDED",
                     *           "attempts": 1,
                     *           "attemptOwners": [
                     *             "apsis-eu-1"
                     *           ],
                     *           "ranBy": "apsis-eu-1",
                     *           "approachCount": 0,
                     *           "computeMs": 2235.764403000001,
                     *           "error": null
                     *         },
                     *         {
                     *           "index": 2,
                     *           "kind": "MERGE",
                     *           "planKey": "merge",
                     *           "secondarySource": null,
                     *           "fromNoradId": null,
                     *           "toNoradId": null,
                     *           "secondaryCount": 0,
                     *           "slice": null,
                     *           "status": "SUCCEEDED",
                     *           "attempts": 1,
                     *           "attemptOwners": [
                     *             "apsis-eu-1"
                     *           ],
                     *           "ranBy": "apsis-eu-1",
                     *           "approachCount": 3,
                     *           "computeMs": null,
                     *           "error": null
                     *         }
                     *       ],
                     *       "mergedBy": "apsis-eu-1",
                     *       "error": null,
                     *       "createdAt": "2026-12-02T07:26:50.826Z",
                     *       "startedAt": "2026-12-02T07:26:50.837Z",
                     *       "finishedAt": "2026-12-02T07:26:53.204Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Screening"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelScreening: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Screening id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The screening after the request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Screening"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listScreeningApproaches: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
                /** @description Only the approaches of this spacecraft, as the primary or as the secondary (our fleet’s) */
                spacecraftId?: string;
                /** @description true: only the approaches with one of our spacecraft (mode ALL_VS_ALL: not the pairs of two catalog objects) */
                ours?: boolean;
                /** @description Only approaches with Pc ≥ this */
                minPc?: number;
                /** @description Only approaches with a miss distance ≤ this (m) */
                maxMissDistanceM?: number;
            };
            header?: never;
            path: {
                /** @description Screening id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of approaches */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScreeningApproachPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConjunctionSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) of the representation you hold, or *: 304 with no body while it is current (weak comparison) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConjunctionSettings"];
                };
            };
            /** @description Not modified: If-None-Match names the ETag of the representation this request would get. No body; ETag, Vary and cache headers as the 200 would carry. */
            304: {
                headers: {
                    /** @description The current ETag */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replaceConjunctionSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag(s) from a previous read, or *. When none matches the current ETag: 412 PRECONDITION_FAILED, nothing written */
                "If-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "defaultHardBodyRadiusM": 5,
                 *       "riskThresholds": {
                 *         "mediumPc": 0.00001,
                 *         "highPc": 0.0001
                 *       },
                 *       "eventGroupingWindowS": 600,
                 *       "defaultPcMethod": "LAAS_2015"
                 *     }
                 */
                "application/json": components["schemas"]["ConjunctionSettingsInput"];
            };
        };
        responses: {
            /** @description The stored settings (the stored CDMs assessed with them; when that could not be finished, a Warning says so and the next PUT finishes it) */
            200: {
                headers: {
                    /** @description Strong entity tag of the stored resource; send it back as If-Match to write only that version */
                    ETag: string;
                    /** @description `299 apsis "…"` (RFC 9111 §5.5 form) when the stored CDMs could not all be assessed with the new settings */
                    Warning?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConjunctionSettings"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Precondition failed: If-Match does not match the current ETag (PRECONDITION_FAILED) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadCdms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "files": [
                 *         "CCSDS_CDM_VERS = 1.0\nCREATION_DATE = 2026-12-02T06:00:00.000\nORIGINATOR = JSPOC\nMESSAGE_ID = 201113719185\nTCA = 2026-12-03T11:22:33.000\nMISS_DISTANCE = 715 [m]\n… (relative metadata, then OBJECT1 and OBJECT2 blocks)"
                 *       ]
                 *     }
                 */
                "multipart/form-data": components["schemas"]["CdmUploadForm"];
            };
        };
        responses: {
            /** @description Every file stored or duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uploadId": "5eed0001-0000-4000-8000-000000000001",
                     *       "successCount": 1,
                     *       "failureCount": 0,
                     *       "totalCount": 1,
                     *       "results": [
                     *         {
                     *           "filename": "AlfanoTestCase01.cdm",
                     *           "status": "success",
                     *           "message": "1 CDM stored in 1 event(s)",
                     *           "code": "import.conjunction.cdm.stored",
                     *           "error": null,
                     *           "line": null,
                     *           "keyword": null,
                     *           "errors": [],
                     *           "cdmCount": 1,
                     *           "storedCount": 1,
                     *           "duplicateCount": 0,
                     *           "eventIds": [
                     *             "5eed000c-0000-4000-8000-00000000000c"
                     *           ],
                     *           "cdms": [
                     *             {
                     *               "messageIndex": 0,
                     *               "originator": "JSPOC",
                     *               "messageId": "A09_case_01",
                     *               "status": "stored",
                     *               "cdmId": "5eed0008-0000-4000-8000-000000000008",
                     *               "eventId": "5eed000c-0000-4000-8000-00000000000c"
                     *             }
                     *           ],
                     *           "cdmsTruncated": false,
                     *           "params": {
                     *             "contentHash": "18de9dd82e1666707b3c41cd0a5691ad28258dfc0c214b0a6b640b3adec131fb"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CdmUploadResponse"];
                };
            };
            /** @description Per-file results; at least one file failed (nothing of it stored) */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CdmUploadResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listConjunctionEvents: {
        parameters: {
            query?: {
                /** @description Events of this spacecraft (as either object) */
                spacecraftId?: string;
                /** @description Events whose (latest) TCA is at or after this instant. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                tcaFrom?: string;
                /** @description Events whose (latest) TCA is at or before this instant. Accepted range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (UTC) */
                tcaTo?: string;
                /** @description Events whose Pc (assessed, else stated) is at least this, 0..1 */
                minPc?: number;
                /** @description Events whose (latest) miss distance is at most this, m */
                maxMissDistanceM?: number;
                /** @description Risk levels (repeatable or comma-separated): HIGH, MEDIUM, LOW, UNKNOWN */
                riskLevel?: string | string[];
                /** @description Risk bases (repeatable or comma-separated): ASSESSED, MAXIMUM_PROBABILITY, STATED, NONE */
                riskBasis?: string | string[];
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConjunctionEventPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConjunctionEvent: {
        parameters: {
            query?: {
                /** @description Method of `recomputed` (default the organization’s defaultPcMethod) */
                method?: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
            };
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConjunctionDetail"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConjunctionCdm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
                /** @description CDM id (an event’s timeline lists them) */
                cdmId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CDM */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "application/xml": string;
                    "application/json": components["schemas"]["CdmJson"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not acceptable */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportLatestCdm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CDM */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "application/xml": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not acceptable */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    computeCollisionProbability: {
        parameters: {
            query?: {
                /** @description One method; every method when absent */
                method?: "LAAS_2015" | "ALFANO_2005" | "PATERA_2005" | "CHAN_1997" | "ALFRIEND_1999" | "ALFRIEND_1999_MAX";
                /** @description Combined hard-body radius R, m (0.001..2000); default: the radius rule (the CDM’s, else spacecraft + organization default) */
                hardBodyRadiusM?: number;
            };
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Pc by method */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConjunctionProbability"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getEncounterSvg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConjunctionTimelineSvg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAvoidancePlans: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page of plans */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvoidancePlanPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createAvoidancePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AvoidancePlanRequest"];
            };
        };
        responses: {
            /** @description The queued plan */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvoidancePlan"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAvoidancePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
                /** @description Avoidance plan id */
                planId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvoidancePlan"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelAvoidancePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
                /** @description Avoidance plan id */
                planId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvoidancePlan"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    acceptAvoidanceCandidate: {
        parameters: {
            query?: {
                /** @description Accept a candidate the plan does not recommend (e.g. marked for a secondary conjunction); without it such an accept is a 409 naming why; default false */
                force?: boolean;
            };
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
                /** @description Avoidance plan id */
                planId: string;
                /** @description The candidate’s rank in the plan (candidates[].n, 0-based) */
                n: number | null;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The maneuver and the OEM */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvoidanceAcceptResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAvoidancePlanOem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
                /** @description Avoidance plan id */
                planId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CCSDS OEM 2.0 (KVN) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAvoidanceTradeSpaceSvg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
                /** @description Avoidance plan id */
                planId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAvoidanceEncounterSvg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Conjunction event id */
                id: string;
                /** @description Avoidance plan id */
                planId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "files": [
                 *         "ISS (ZARYA)\n1 25544U 98067A   26336.25000000  .00016717  00000-0  30000-3 0  9993\n2 25544  51.6400 208.9163 0006317  69.9862  25.2906 15.50000000    17"
                 *       ]
                 *     }
                 */
                "multipart/form-data": components["schemas"]["CatalogUploadForm"];
            };
        };
        responses: {
            /** @description Every file stored or duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uploadId": "5eed0007-0000-4000-8000-000000000007",
                     *       "successCount": 1,
                     *       "failureCount": 0,
                     *       "totalCount": 1,
                     *       "results": [
                     *         {
                     *           "filename": "catalog.3le",
                     *           "status": "success",
                     *           "code": "import.catalog.stored",
                     *           "message": "300 element sets stored (0 already known); 300 objects updated",
                     *           "error": null,
                     *           "format": "TLE",
                     *           "line": null,
                     *           "errors": [],
                     *           "errorCount": 0,
                     *           "errorsTruncated": false,
                     *           "setCount": 300,
                     *           "objectCount": 300,
                     *           "storedCount": 300,
                     *           "alreadyKnownCount": 0,
                     *           "objectsUpdated": 300,
                     *           "objectsAdded": 300,
                     *           "params": {
                     *             "contentHash": "787b6f53ccd7400f33b853c952e11417192cf595dd015fb987607b623d1546f3"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CatalogUploadResponse"];
                };
            };
            /** @description Per-file results; at least one file failed (nothing of it stored) */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogUploadResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Compute queue full (retry after Retry-After seconds), or the computation exceeded its time budget (COMPUTE_TIME_BUDGET_EXCEEDED) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCatalogObjects: {
        parameters: {
            query?: {
                /** @description Only this NORAD catalog number */
                noradId?: number;
                /** @description Only these NORAD catalog numbers, comma-separated (at most 500; for more, POST /operations/catalog/objects/query). Ids the catalog does not hold are simply not listed */
                noradIds?: string;
                /** @description Objects whose name contains this text (case-insensitive); no control characters */
                name?: string;
                /** @description Current set’s perigee height ≥ this, km above the WGS-84 equatorial radius */
                minPerigeeKm?: number;
                /** @description Current set’s perigee height ≤ this, km */
                maxPerigeeKm?: number;
                /** @description Current set’s apogee height ≥ this, km */
                minApogeeKm?: number;
                /** @description Current set’s apogee height ≤ this, km */
                maxApogeeKm?: number;
                /** @description Current set’s epoch at most this many days before now */
                maxEpochAgeDays?: number;
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of objects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogObjectPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    queryCatalogObjects: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CatalogObjectQuery"];
            };
        };
        responses: {
            /** @description A page of objects, and the ids not found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogObjectQueryPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCatalogObject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description NORAD catalog number */
                noradId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The object */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogObjectDetail"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page of subscriptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreateRequest"];
            };
        };
        responses: {
            /** @description The subscription, with its signing secret (shown once) */
            201: {
                headers: {
                    /** @description URL of the created resource */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Subscription id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Subscription id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Subscription id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPatchRequest"];
            };
        };
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body stalled (no bytes for BODY_IDLE_TIMEOUT_MS, 30 s by default); on Node the connection is also closed */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Payload too large (over MAX_UPLOAD_BYTES) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a Content-Type the operation does not take, or a Content-Encoding other than identity (then with Accept-Encoding: identity) */
            415: {
                headers: {
                    /** @description Only on a 415 for a request Content-Encoding: the codings accepted, `identity` (request bodies are taken uncoded) */
                    "Accept-Encoding"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unmet precondition (details) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Zero-based page index, 0..2147483647 (default 0) */
                page?: number;
                /** @description Page size, 1..1000 (default 20) */
                size?: number;
                /** @description Sort order `field,asc|desc`; repeatable */
                sort?: string | string[];
            };
            header?: never;
            path: {
                /** @description Subscription id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Accept-Encoding refuses identity (identity;q=0, or *;q=0 without identity) and accepts none of this service's codings (NOT_ACCEPTABLE) */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Subscription id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued test delivery */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResponse"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR with fieldErrors) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid credentials. No Authorization header, or not `Bearer <token>`: empty body with `WWW-Authenticate: Bearer`. Unknown, expired or revoked key, or disabled owner: the bearer-error body `{"error":"invalid_token","error_description":"…"}` with `WWW-Authenticate: Bearer error="invalid_token", …`. */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750) */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BearerError"];
                };
            };
            /** @description Access denied (ACCESS_ERROR) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications from this client address (TOO_MANY_AUTH_FAILURES): retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request header fields too large (over 16 KiB in all) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected error (no stack trace; logged with the correlation id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
