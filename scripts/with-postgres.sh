#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: Debian's `postgresql` binaries, initdb + pg_ctl as user
# postgres on a private port in a temporary directory; exports TEST_DATABASE_URL (the integration harness and
# bench:api use it; DATABASE_URL is left alone so spawned servers keep their own database), then stops the server
# and removes the directory, whatever the command's outcome.
#   bash scripts/with-postgres.sh npx jest --selectProjects integration --runInBand
set -euo pipefail
if [[ $# -eq 0 ]]; then echo "usage: $0 <command> [args...]" >&2; exit 2; fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z "$bindir" || ! -x "$bindir/initdb" ]]; then
  echo "with-postgres: PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
  exit 1
fi

# Below Linux's ephemeral range (32768+), where a port may be taken by any outgoing connection; a start that still
# finds its port taken tries another one.
pick_port() { echo $(( 20000 + RANDOM % 12000 )); }
port=${PG_TEST_PORT:-$(pick_port)}
dir=$(mktemp -d /tmp/backers-pg.XXXXXX)
chmod 755 "$dir"
run_as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$dir"; fi

cleanup() {
  run_as_postgres "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

run_as_postgres "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
start_server() {
  run_as_postgres "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
}
for attempt in 1 2 3; do
  if start_server; then break; fi
  if [[ $attempt -eq 3 || -n "${PG_TEST_PORT:-}" ]] || ! grep -q "Address already in use" "$dir/server.log"; then cat "$dir/server.log" >&2; exit 1; fi
  port=$(pick_port)
done

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
set +e
"$@"
status=$?
set -e
exit $status
