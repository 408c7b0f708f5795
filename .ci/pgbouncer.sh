#!/usr/bin/env bash
# The API suite through Debian's PgBouncer in transaction mode (issue 43, point 2): PgBouncer on
# 127.0.0.1 in front of the throwaway PostgreSQL .ci/run started (trust auth, port CI_PG_PORT,
# 55432), then `npm run test:api` with DATABASE_URL through it and DATABASE_POOLING=transaction, and
# PGBOUNCER_URL set, so api/src/db/pgbouncer.test.ts runs its 30 callers too. Installs pgbouncer
# when the machine lacks it; PgBouncer refuses to run as root, so it runs as the postgres user.
#   .ci/pgbouncer.sh                      the whole API suite (.ci/run, after "throwaway PostgreSQL")
#   .ci/pgbouncer.sh src/db/x.test.ts     some test files (paths under api/)
set -euo pipefail
cd "$(dirname "$0")/.."
pgport=${CI_PG_PORT:-55432}
bouncerport=${CI_PGBOUNCER_PORT:-56432}

if ! command -v pgbouncer >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends pgbouncer
fi

dir=$(mktemp -d /tmp/ci-pgbouncer-XXXXXX)
cat >"$dir/pgbouncer.ini" <<INI
[databases]
; every database name, so each test file's own database (created and dropped through here) is one
* = host=127.0.0.1 port=$pgport

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $bouncerport
unix_socket_dir =
pool_mode = transaction
auth_type = trust
auth_file = $dir/userlist.txt
; many API pools (test files run in parallel) share PostgreSQL's 100 connections
max_client_conn = 2000
default_pool_size = 10
max_user_connections = 80
server_idle_timeout = 10
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
printf '"postgres" ""\n' >"$dir/userlist.txt"
chown -R postgres:postgres "$dir"
su postgres -s /bin/sh -c "pgbouncer -d '$dir/pgbouncer.ini'"
stop_bouncer() {
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop_bouncer EXIT
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$bouncerport") 2>/dev/null && break
  sleep 0.1
done

url="postgres://postgres@127.0.0.1:$bouncerport/postgres"
export DATABASE_URL="$url" PGBOUNCER_URL="$url" DATABASE_POOLING=transaction
if [ $# -gt 0 ]; then
  # Some test files only (a developer's run): .ci/pgbouncer.sh src/db/pgbouncer.test.ts
  (cd api && npx vitest run "$@")
else
  npm run test:api
fi
