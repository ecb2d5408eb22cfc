#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the API tests.
#   scripts/pg-cluster.sh start DIR   creates a cluster in DIR (new or empty), starts it on a free port of
#                                     127.0.0.1 with trust auth, and prints its admin url
#   scripts/pg-cluster.sh stop DIR    stops it and deletes DIR (safe to call twice)
# Root cannot run initdb or postgres, so as root they run as the `postgres` system user.
set -euo pipefail

command=${1:-}
dir=${2:-}
if [[ -z $command || -z $dir ]]; then
  echo "usage: $0 start|stop DIR" >&2
  exit 2
fi

bindir=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)")
if [[ ! -x $bindir/initdb ]]; then
  echo "pg-cluster: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
  exit 1
fi

as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

case $command in
  start)
    mkdir -p "$dir"
    if [[ $(id -u) -eq 0 ]]; then chown postgres: "$dir"; fi
    chmod 700 "$dir"
    as_owner "$bindir/initdb" --pgdata="$dir/data" --username=postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
      --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(free_port)
    # Durability is worthless for a cluster that lives for one test run; speed is not.
    options="-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off"
    options+=" -c full_page_writes=off -c max_connections=200"
    as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --log="$dir/postgres.log" --wait --timeout=60 \
      --options="$options" start >/dev/null || { cat "$dir/postgres.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [[ -f $dir/data/postmaster.pid ]]; then
      as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --mode=immediate --wait stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
