#!/usr/bin/env bash
# Smoke test: one operator session against a RUNNING Apsis, with curl, as a newcomer would try it.
#
#   APSIS_URL=http://localhost:8080 APSIS_KEY=<key> npm run smoke      (defaults: localhost:8080, $BOOTSTRAP_API_KEY)
#
# Each step prints `✓ <what> → <status>`; the first answer with an unexpected status prints its body and ends the
# script with exit code 1. Run it from the repository root: it uploads the orbit-determination reference files in
# test/fixtures/od (three ground stations, one day of range and range-rate tracking of the craft "ODREF-V1"), then asks
# for passes and eclipses, uploads a CDM (test/fixtures/ccsds/cdm) and a 3LE catalog (test/fixtures/conjunction/catalog)
# and screens the accepted state against it.
# The session creates its own spacecraft (a fresh one each run), so it can run against a database with data.
# `scripts/smoke-local.sh [node|deno]` starts a throwaway server, runs this, and stops it.
set -euo pipefail

BASE=${APSIS_URL:-http://localhost:8080}
KEY=${APSIS_KEY:-${BOOTSTRAP_API_KEY:-}}
[ -n "$KEY" ] || { echo "smoke: set APSIS_KEY (or BOOTSTRAP_API_KEY) to an API key"; exit 2; }
FIXTURES=test/fixtures/od
[ -f "$FIXTURES/V1_range.tdm" ] || { echo "smoke: run it from the repository root (needs $FIXTURES)"; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
BODY="$WORK/body"
RUN="smoke-$(date +%s)-$RANDOM"   # makes names of this run unique

# --- helpers -----------------------------------------------------------------------------------------------------

# call EXPECTED METHOD PATH [curl options…]: sends the request with the key; the body lands in $BODY.
# Stops the script when the status is not EXPECTED (a list such as 200|207 is allowed).
call() {
  local expected=$1 method=$2 path=$3
  shift 3
  local status
  status=$(curl -sS -o "$BODY" -w '%{http_code}' -X "$method" -H "Authorization: Bearer $KEY" "$@" "$BASE$path")
  if [[ "|$expected|" != *"|$status|"* ]]; then
    echo "✗ $method $path → $status (expected $expected)"
    head -c 2000 "$BODY"; echo
    exit 1
  fi
  echo "✓ $method $path → $status"
}
# json METHOD PATH JSON EXPECTED: a JSON request.
json() { call "$4" "$1" "$2" -H 'Content-Type: application/json' --data-binary "$3"; }
# field PATH: a field of the last JSON answer (`id`, `results.0.jobId`, `stateVector.id`).
field() {
  node -e '
    let value = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const key of process.argv[2].split(".")) value = value?.[key];
    process.stdout.write(value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));
  ' "$BODY" "$1"
}
# wait_for PATH FIELD DONE…: polls PATH until FIELD is one of the DONE values (2 minutes at most); FAILED stops.
wait_for() {
  local path=$1 name=$2 wanted=$3 value=""
  for _ in $(seq 1 240); do
    curl -sS -o "$BODY" -H "Authorization: Bearer $KEY" "$BASE$path"
    value=$(field "$name")
    if [[ "|$wanted|" == *"|$value|"* ]]; then echo "✓ GET $path → $name $value"; return 0; fi
    if [ "$value" = FAILED ]; then echo "✗ GET $path → $name FAILED"; head -c 2000 "$BODY"; echo; exit 1; fi
    sleep 0.5
  done
  echo "✗ GET $path: $name still '$value' after 2 minutes"; exit 1
}
step() { echo; echo "== $*"; }

# --- the session -----------------------------------------------------------------------------------------------

step "Is it up? (no key needed)"
status=$(curl -sS -o "$BODY" -w '%{http_code}' "$BASE/health")
[ "$status" = 200 ] || { echo "✗ GET /health → $status"; cat "$BODY"; exit 1; }
echo "✓ GET /health → 200 $(field status)"
call 200 GET /openapi.json

step "Register a spacecraft (the tracking files call it ODREF-V1: its external key)"
json POST /operations/spacecraft '{"name":"'"$RUN"'","cosparId":"2023-042A","externalKey":"ODREF-V1-'"$RUN"'",
  "launchMass":500,"dryMass":450,"dragArea":1,"srpArea":1,"dragCoefficient":2.2,"reflectivityCoefficient":1.5}' 201
SC=$(field id)
call 200 GET "/operations/spacecraft/$SC"
json PATCH "/operations/spacecraft/$SC" '{"color":"#FF8800"}' 200
call 200 GET "/operations/spacecraft?name=$RUN&includeArchived=true&page=0&size=10"

step "Thrusters and payloads"
json POST "/operations/spacecraft/$SC/thrusters" '{"name":"Main","thrustN":1,"ispS":220,"direction":{"x":0,"y":1,"z":0}}' 201
THRUSTER=$(field id)
call 200 GET "/operations/spacecraft/$SC/thrusters"
json PUT "/operations/spacecraft/$SC/thrusters/$THRUSTER" '{"name":"Main","thrustN":1,"ispS":225,"direction":{"x":0,"y":1,"z":0}}' 200
json POST "/operations/spacecraft/$SC/payloads" '{"name":"Imager","type":"CAMERA","massKg":12,"powerW":40}' 201
PAYLOAD=$(field id)
call 200 GET "/operations/spacecraft/$SC/payloads/$PAYLOAD"
call 204 DELETE "/operations/spacecraft/$SC/payloads/$PAYLOAD"

step "Ground stations (the three of the tracking files; already there on a second run)"
for station in 'VIS-STN-1 48.08 11.28 600' 'VIS-STN-2 35.34 -116.87 1000' 'VIS-STN-3 -35.4 148.98 690'; do
  read -r name lat lon height <<<"$station"
  call 200 GET "/operations/ground-stations?name=$name"
  if [ "$(field totalElements)" = 0 ]; then
    json POST /operations/ground-stations '{"name":"'"$name"'","latitudeDeg":'"$lat"',"longitudeDeg":'"$lon"',"heightM":'"$height"',
      "elevationMaskDeg":10,"sigma":{"rangeM":5,"rangeRateMS":0.001,"angleDeg":0.01}}' 201
  fi
done
json POST /operations/ground-stations '{"name":"SPARE-'"$RUN"'","latitudeDeg":40,"longitudeDeg":-3,"heightM":600}' 201
SPARE=$(field id)
json PATCH "/operations/ground-stations/$SPARE" '{"elevationMaskDeg":5,"enabled":false}' 200
call 204 DELETE "/operations/ground-stations/$SPARE"

step "Tracking data: preview one file, upload it with the preview's hash, upload the second; wait for the jobs"
# The files name the craft ODREF-V1; this run's craft has the external key ODREF-V1-<run>: point them at it.
sed "s/= ODREF-V1\$/= ODREF-V1-$RUN/" "$FIXTURES/V1_range.tdm" >"$WORK/range.tdm"
sed "s/= ODREF-V1\$/= ODREF-V1-$RUN/" "$FIXTURES/V1_rangerate.tdm" >"$WORK/rangerate.tdm"
call 200 POST /operations/measurements/inspect -F "file=@$WORK/range.tdm"
HASH=$(field contentHash)
call 202 POST /operations/measurements -H "X-Content-Hash: $HASH" -F "files=@$WORK/range.tdm"
JOB1=$(field results.0.jobId)
call 202 POST /operations/measurements -F "files=@$WORK/rangerate.tdm"
JOB2=$(field results.0.jobId)
wait_for "/operations/measurements/jobs/$JOB1" status SUCCEEDED
wait_for "/operations/measurements/jobs/$JOB2" status SUCCEEDED
call 200 GET "/operations/measurements/jobs?spacecraftId=$SC"
call 200 GET "/operations/measurements?startDate=2023-02-10T00:00:00Z&endDate=2023-02-11T00:00:00Z&spacecraftIds=$SC&measurementTypes=RANGE&size=5"

step "A state vector (the a priori of the reference scenario), its OPM, residuals against it"
json POST /operations/state-vectors '{"spacecraftId":"'"$SC"'","epoch":"2023-02-10T00:00:00Z","referenceFrame":"GCRF","mass":500,
  "position":[-4939.144061994297,1728.8789337564147,4529.183757016953],"velocity":[0.8416400015339885,-6.696570071734738,3.477727376023563]}' 201
APRIORI=$(field id)
call 200 GET "/operations/state-vectors/$APRIORI"
call 200 GET "/operations/state-vectors/latest?spacecraftId=$SC"
call 200 GET "/operations/state-vectors/$APRIORI/opm"
cp "$BODY" "$WORK/apriori.opm"
# Re-import the export: the same state of the same craft is a duplicate (nothing stored). The target is given
# (spacecraftId), as an earlier run may have left a craft with the same COSPAR id.
call 200 POST "/operations/state-vectors/import?spacecraftId=$SC" -F "files=@$WORK/apriori.opm"
[ "$(field results.0.status)" = duplicate ] || { echo "✗ the re-imported OPM is not a duplicate"; cat "$BODY"; exit 1; }
json POST '/operations/measurements/residuals?size=5&sort=normalized,desc' \
  '{"spacecraftId":"'"$SC"'","startDate":"2023-02-10T00:00:00Z","endDate":"2023-02-11T00:00:00Z","stateVectorId":"'"$APRIORI"'"}' 200

step "Orbit determination: start, wait, look, accept"
json POST /operations/orbit-determinations \
  '{"spacecraftId":"'"$SC"'","startDate":"2023-02-10T00:00:00Z","endDate":"2023-02-11T00:00:00Z","aprioriStateVectorId":"'"$APRIORI"'"}' 202
OD=$(field id)
wait_for "/operations/orbit-determinations/$OD" status SUCCEEDED
call 200 GET "/operations/orbit-determinations/$OD/residuals?size=5&sort=normalized,desc"
call 200 GET "/operations/orbit-determinations/$OD/residuals.svg"
call 201 POST "/operations/orbit-determinations/$OD/accept"
SV=$(field stateVector.id)

step "OEM (only the two dates: GCRF, UTC, 60 s by default) and TLE from the accepted state"
json POST "/operations/state-vectors/$SV/generate-oem" '{"initialDate":"2023-02-10T12:00:00Z","finalDate":"2023-02-10T13:00:00Z"}' 200
grep -q '^REF_FRAME *= *GCRF' "$BODY" || { echo "✗ the OEM is not in GCRF"; exit 1; }
call 200 GET "/operations/spacecraft/$SC/tle?epoch=2023-02-10T12:00:00Z"

step "Maneuvers: plan one, list, export as OCM, delete"
json POST /operations/maneuvers '{"maneuvers":[{"spacecraftId":"'"$SC"'","name":"RAISE-1","attitudeMode":"TNW",
  "composition":[{"referenceEpoch":"2023-02-12T12:00:00Z","duration":60,"thrX":0,"thrY":1,"thrZ":0,"thrISP":220,"attitudeMode":"TNW"}]}]}' 201
call 200 GET "/operations/maneuvers?spacecraftIds=$SC&startDate=2023-02-12T00:00:00Z&endDate=2023-02-13T00:00:00Z"
call 200 GET "/operations/maneuvers/RAISE-1?spacecraftId=$SC"
call 200 GET "/operations/maneuvers/export?spacecraftIds=$SC&maneuverIds=RAISE-1"
call 204 DELETE "/operations/maneuvers/RAISE-1?spacecraftId=$SC"

step "A scheduled task: create (disabled), list, change, delete"
json POST "/operations/spacecraft/$SC/tasks" '{"name":"6-hourly OEM","kind":"GENERATE_OEM","schedule":{"type":"CRON","expression":"0 */6 * * *"},
  "enabled":false,"parameters":{"durationSeconds":21600},"retention":{"maxCount":8}}' 201
TASK=$(field id)
call 200 GET "/operations/spacecraft/$SC/tasks"
json PATCH "/operations/spacecraft/$SC/tasks/$TASK" '{"name":"6-hourly OEM (EME2000)","parameters":{"referenceFrame":"EME2000"}}' 200
call 200 GET "/operations/spacecraft/$SC/tasks/$TASK/runs"
call 204 DELETE "/operations/spacecraft/$SC/tasks/$TASK"

step "Batch OEM into one ZIP product; download it"
json POST /operations/ephemerides/batch '{"initialDate":"2023-02-10T12:00:00Z","finalDate":"2023-02-10T18:00:00Z","timeBetweenPoints":600,
  "items":[{"stateVectorId":"'"$SV"'"},{"stateVectorId":"'"$APRIORI"'","referenceFrame":"ITRF"}]}' 202
BATCH=$(field id)
wait_for "/operations/ephemerides/batch/$BATCH" status SUCCEEDED
PRODUCT=$(field productId)
call 200 GET "/operations/products/$PRODUCT"
call 200 GET "/operations/products/$PRODUCT/content"
call 206 GET "/operations/products/$PRODUCT/content" -H 'Range: bytes=0-99'
call 200 GET "/operations/products?spacecraftId=$SC"

step "Passes over the stations (JSON, CSV, iCalendar) and eclipses of a day, from the accepted state"
call 200 GET "/operations/spacecraft/$SC/passes?from=2023-02-10T12:00:00Z&to=2023-02-11T12:00:00Z"
call 200 GET "/operations/spacecraft/$SC/passes?from=2023-02-10T12:00:00Z&to=2023-02-11T12:00:00Z" -H 'Accept: text/csv'
call 200 GET "/operations/spacecraft/$SC/passes?from=2023-02-10T12:00:00Z&to=2023-02-11T12:00:00Z" -H 'Accept: text/calendar'
grep -q '^BEGIN:VEVENT' "$BODY" || { echo "✗ the pass plan has no VEVENT"; exit 1; }
call 200 GET "/operations/spacecraft/$SC/eclipses?from=2023-02-10T12:00:00Z&to=2023-02-11T12:00:00Z"

step "Conjunctions: a CDM naming this craft as OBJECT1, its event, the Pc of every method, the encounter plane"
sed -e "0,/^OBJECT_NAME .*/s//OBJECT_NAME = $RUN/" -e "s/^MESSAGE_ID .*/MESSAGE_ID = $RUN/" \
  test/fixtures/ccsds/cdm/AlfanoTestCase01.cdm >"$WORK/smoke.cdm"
call 200 POST /operations/conjunctions/cdms -F "files=@$WORK/smoke.cdm"
call 200 GET "/operations/conjunctions?spacecraftId=$SC"
EVENT=$(field content.0.id)
[ -n "$EVENT" ] || { echo "✗ no conjunction event for the craft"; head -c 2000 "$BODY"; exit 1; }
call 200 GET "/operations/conjunctions/$EVENT"
call 200 GET "/operations/conjunctions/$EVENT/probability?hardBodyRadiusM=15"
call 200 GET "/operations/conjunctions/$EVENT/cdm" -H 'Accept: application/xml'
call 200 GET "/operations/conjunctions/$EVENT/encounter.svg"

step "Catalog: upload a 3LE file, list its objects"
call "200|207" POST /operations/catalog -F "files=@test/fixtures/conjunction/catalog/sample.3le"
call 200 GET "/operations/catalog/objects?maxPerigeeKm=2000&size=5"

step "Screening: the accepted state against the catalog for a day; wait; its approaches"
json POST /operations/conjunctions/screenings '{"primaries":[{"stateVectorId":"'"$SV"'"}],"secondaries":"CATALOG",
  "start":"2023-02-10T12:00:00Z","durationDays":1,"volume":{"shape":"SPHERE","radiusKm":10}}' 202
SCREENING=$(field id)
wait_for "/operations/conjunctions/screenings/$SCREENING" status SUCCEEDED
call 200 GET "/operations/conjunctions/screenings/$SCREENING/approaches?size=10"

step "Clean up: a state vector, and the craft archived"
call 204 DELETE "/operations/state-vectors/$APRIORI"
call 204 DELETE "/operations/spacecraft/$SC/thrusters/$THRUSTER"
json PUT "/operations/spacecraft/$SC/lifecycle" '{"lifecycleStatus":"Archived","confirmTaskDeletion":true}' 200

echo
echo "smoke: every step answered as expected ($BASE)"
