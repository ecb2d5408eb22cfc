#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the API tests.
#   scripts/pg-cluster.sh start DIR   creates a cluster in DIR (new or empty), starts it on a free port of
#                                     127.0.0.1 with trust auth, and prints its admin url
#   scripts/pg-cluster.sh pooler DIR  starts PgBouncer in transaction mode in front of the cluster in DIR
#                                     (every database, trust auth) and prints its admin url
#   scripts/pg-cluster.sh replica DIR starts a streaming replica of the cluster in DIR (pg_basebackup -R)
#                                     and prints its admin url
#   scripts/pg-cluster.sh stop DIR    stops all of them and deletes DIR (safe to call twice)
# Root cannot run initdb or postgres, so as root they run as the `postgres` system user.
set -euo pipefail

command=${1:-}
dir=${2:-}
if [[ -z $command || -z $dir ]]; then
  echo "usage: $0 start|pooler|replica|stop DIR" >&2
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
  node -e "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });"
}

# The timeouts the server sets on its own connections; behind a pooler they are the role's.
role_timeouts() {
  local port=$1
  as_owner "$bindir/psql" -qAt -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "alter role postgres set lock_timeout = '5s'" \
    -c "alter role postgres set statement_timeout = '30s'" \
    -c "alter role postgres set idle_in_transaction_session_timeout = '60s'" >/dev/null
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
  pooler)
    primary=$(cat "$dir/port")
    command -v pgbouncer >/dev/null || { echo "pg-cluster: pgbouncer is missing (apt-get install pgbouncer)" >&2; exit 1; }
    role_timeouts "$primary"
    port=$(free_port)
    echo '"postgres" ""' >"$dir/pgbouncer.users"
    cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$primary
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/pgbouncer.users
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 20
server_reset_query =
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
    if [[ $(id -u) -eq 0 ]]; then chown postgres: "$dir/pgbouncer.ini" "$dir/pgbouncer.users"; fi
    as_owner pgbouncer --daemon --quiet "$dir/pgbouncer.ini" || { cat "$dir/pgbouncer.log" >&2; exit 1; }
    for _ in $(seq 100); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
      sleep 0.1
    done
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  replica)
    primary=$(cat "$dir/port")
    as_owner "$bindir/pg_basebackup" --pgdata="$dir/replica" --host=127.0.0.1 --port="$primary" \
      --username=postgres --write-recovery-conf --wal-method=stream --checkpoint=fast --no-sync \
      >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
    port=$(free_port)
    options="-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200"
    options+=" -c hot_standby=on -c hot_standby_feedback=on"
    as_owner "$bindir/pg_ctl" --pgdata="$dir/replica" --log="$dir/replica.log" --wait --timeout=60 \
      --options="$options" start >/dev/null || { cat "$dir/replica.log" >&2; exit 1; }
    echo "$port" >"$dir/replica-port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [[ -f $dir/pgbouncer.pid ]]; then kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true; fi
    for data in "$dir/replica" "$dir/data"; do
      if [[ -f $data/postmaster.pid ]]; then
        as_owner "$bindir/pg_ctl" --pgdata="$data" --mode=immediate --wait stop >/dev/null || true
      fi
    done
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|pooler|replica|stop DIR" >&2
    exit 2
    ;;
esac
