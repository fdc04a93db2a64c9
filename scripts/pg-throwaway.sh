#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests: a new cluster in a
# temporary directory, listening on 127.0.0.1 only, trusted local access.
#
#   eval "$(scripts/pg-throwaway.sh start)"   # sets ARBITER_TEST_DATABASE_URL and ARBITER_PG_DIR
#   scripts/pg-throwaway.sh stop "$ARBITER_PG_DIR"
#
# It installs Debian's postgresql package when the server is missing and
# apt-get can run (as root). It runs the server as the user "postgres"
# when started as root (the server refuses to run as root).
set -euo pipefail

pgbin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

start() {
  local bin
  if ! bin=$(pgbin); then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
      echo "installing postgresql" >&2
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
      # Debian's package starts a cluster of its own: not used by the tests.
      bin=$(pgbin)
    else
      echo "PostgreSQL is not installed and cannot be installed here" >&2
      return 1
    fi
  fi
  local dir port as=()
  dir=$(mktemp -d /tmp/arbiter-pg.XXXXXX)
  port=${PGPORT_TEST:-$(( 20000 + RANDOM % 20000 ))}
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$dir"
    as=(runuser -u postgres --)
  fi
  "${as[@]}" "$bin/initdb" -D "$dir/data" -U arbiter --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    "${as[@]}" "$bin/initdb" -D "$dir/data" -U arbiter --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=300 -c fsync=on -c shared_buffers=64MB" start >&2
  echo "export ARBITER_PG_DIR=$dir"
  echo "export ARBITER_PG_BIN=$bin"
  echo "export ARBITER_TEST_DATABASE_URL=postgres://arbiter@127.0.0.1:$port/postgres?sslmode=disable"
}

stop() {
  local dir=${1:?usage: stop DIR} bin as=()
  bin=$(pgbin)
  [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) shift; stop "$@" ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
