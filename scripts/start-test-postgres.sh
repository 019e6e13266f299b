#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's server binaries) on 127.0.0.1:${PGPORT:-55432} with trust auth,
# for the test suite's PostgreSQL runs. Prints the URL to use as TEST_PG_URL.
set -euo pipefail
PGPORT=${PGPORT:-55432}
PGDIR=${PGDIR:-/tmp/nvr-test-pg}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$BIN/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
RUN_AS=()
if [ "$(id -u)" = 0 ]; then RUN_AS=(runuser -u postgres --); fi
if ! "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$PGDIR" status >/dev/null 2>&1; then
  rm -rf "$PGDIR"
  mkdir -p "$PGDIR"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDIR"
  "${RUN_AS[@]}" "$BIN/initdb" -D "$PGDIR" -U postgres --auth=trust -E UTF8 >/dev/null
  "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$PGDIR" -l "$PGDIR/server.log" -w \
    -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
