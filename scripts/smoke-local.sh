#!/usr/bin/env bash
# Starts a throwaway Apsis (a free port, a temporary database and data directory, a fresh BOOTSTRAP_API_KEY),
# runs scripts/smoke.sh against it, and stops it. Exit code: the smoke's (the server log is printed on failure).
#
#   scripts/smoke-local.sh node    # npm start (default)
#   scripts/smoke-local.sh deno    # npx deno task start
#
# `.ci/run` calls it for both runtimes after `npm test`.
set -uo pipefail
cd "$(dirname "$0")/.."
runtime=${1:-node}
case "$runtime" in
  node) start=(npm start) ;;
  deno) start=(npx deno task start) ;;
  *) echo "usage: $0 [node|deno]"; exit 2 ;;
esac

dir=$(mktemp -d)
key="smoke-$RANDOM$RANDOM$RANDOM"
# PORT=0: the system picks a free port; the server prints `APSIS_LISTENING port=<n>` once it listens.
PORT=0 DATABASE_URL="file:$dir/apsis.db" BOOTSTRAP_API_KEY="$key" WORKERS=2 APSIS_DATA_DIR="$dir/data" \
  APSIS_DATA_CHECK_INTERVAL_S=0 setsid "${start[@]}" >"$dir/server.log" 2>&1 &
pid=$!
stop() {
  # The whole process group (npm → tsx → node, or deno): SIGTERM drains and closes; SIGKILL if it hangs.
  kill -TERM -- -"$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 -- -"$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- -"$pid" 2>/dev/null
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

echo "smoke ($runtime): server on port $port"
APSIS_URL="http://127.0.0.1:$port" APSIS_KEY="$key" scripts/smoke.sh
status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log ($runtime) ---"; tail -n 60 "$dir/server.log"
fi
exit "$status"
