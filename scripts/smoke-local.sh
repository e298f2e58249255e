#!/usr/bin/env bash
# Starts a throwaway Apsis (a free port, a temporary database and data directory, a fresh BOOTSTRAP_API_KEY),
# runs scripts/smoke.sh against it, and stops it. Exit code: the smoke's (the server log is printed on failure).
#
#   scripts/smoke-local.sh node         # npm start (default), on an embedded database file
#   scripts/smoke-local.sh deno         # npx deno task start
#   scripts/smoke-local.sh node sqld    # npm start on a libSQL server: `npm run db:server` started first on free
#                                       # ports in the temporary folder, DATABASE_URL=ws://… (README → Several instances)
#
# `.ci/run` calls it for both runtimes after `npm test`, and once on sqld.
set -uo pipefail
cd "$(dirname "$0")/.."
runtime=${1:-node}
backend=${2:-embedded}
case "$runtime" in
  node) start=(npm start) ;;
  deno) start=(npx deno task start) ;;
  *) echo "usage: $0 [node|deno] [embedded|sqld]"; exit 2 ;;
esac
case "$backend" in
  embedded|sqld) ;;
  *) echo "usage: $0 [node|deno] [embedded|sqld]"; exit 2 ;;
esac

dir=$(mktemp -d)
key="smoke-$RANDOM$RANDOM$RANDOM"
database="file:$dir/apsis.db"
dbpid=""
if [ "$backend" = sqld ]; then
  # two free ports on loopback for sqld's HTTP/WebSocket and gRPC listeners
  read -r httpport grpcport < <(node -e 'const n=require("net");const a=n.createServer().listen(0,"127.0.0.1",()=>{const b=n.createServer().listen(0,"127.0.0.1",()=>{console.log(a.address().port,b.address().port);a.close();b.close();});});')
  setsid npm run db:server -- --data "$dir/sqld" --http "$httpport" --grpc "$grpcport" >"$dir/sqld.log" 2>&1 &
  dbpid=$!
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$httpport/health" >/dev/null 2>&1 && break
    kill -0 "$dbpid" 2>/dev/null || break
    sleep 0.25
  done
  if ! curl -sf "http://127.0.0.1:$httpport/health" >/dev/null 2>&1; then
    echo "smoke ($runtime, sqld): the libSQL server did not start"; cat "$dir/sqld.log"; rm -rf "$dir"; exit 1
  fi
  database="ws://127.0.0.1:$httpport"
fi
# PORT=0: the system picks a free port; the server prints `APSIS_LISTENING port=<n>` once it listens.
PORT=0 DATABASE_URL="$database" BOOTSTRAP_API_KEY="$key" WORKERS=2 APSIS_DATA_DIR="$dir/data" \
  APSIS_DATA_CHECK_INTERVAL_S=0 setsid "${start[@]}" >"$dir/server.log" 2>&1 &
pid=$!
stop() {
  # The whole process group (npm → tsx → node, or deno): SIGTERM drains and closes; SIGKILL if it hangs.
  for group in "$pid" $dbpid; do
    kill -TERM -- -"$group" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 -- -"$group" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- -"$group" 2>/dev/null
  done
  rm -rf "$dir"
}
trap stop EXIT

port=""
for _ in $(seq 1 240); do
  port=$(grep -o 'APSIS_LISTENING port=[0-9]*' "$dir/server.log" 2>/dev/null | head -1 | cut -d= -f2)
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.25
done
if [ -z "$port" ]; then
  echo "smoke ($runtime): the server did not start"; cat "$dir/server.log"; exit 1
fi

echo "smoke ($runtime, $backend): server on port $port, database $database"
APSIS_URL="http://127.0.0.1:$port" APSIS_KEY="$key" scripts/smoke.sh
status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log ($runtime) ---"; tail -n 60 "$dir/server.log"
fi
exit "$status"
