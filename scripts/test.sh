#!/usr/bin/env bash
# The one test command (`npm test`, `.ci/run`): everything a release needs, in order, on a fresh
# Debian 12 machine with only Node and npm (run as root there: it installs what is missing).
#   dependencies, type checks, lint, unit tests, build, the pages' initial JavaScript against its
#   budgets, API tests on PGlite, API tests on a throwaway PostgreSQL cluster, end-to-end tests in
#   Chromium. The build comes before the API tests: they run
#   `npm start` itself (apps/server/src/modules/system/start.test.ts), which then finds it built.
# Every stage runs; the first failure stops the run with a non-zero exit code. Nothing is skipped.
set -Eeuo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
export PATH="$root/node_modules/.bin:$PATH"
# The PGlite stage must run on PGlite: only the PostgreSQL stage names a server.
unset TEST_DATABASE_URL

run_started=$SECONDS
stage_started=$SECONDS
summary=()
pg_dir=''

banner() {
  printf '\n\033[1m==== %s ====\033[0m\n\n' "$*"
}

current_stage=''

on_error() {
  local code=$1
  printf '\n\033[1;31m!!!! FAILED: %s (exit code %d, after %d s)\033[0m\n' \
    "${current_stage:-setup}" "$code" "$((SECONDS - stage_started))" >&2
}
trap 'on_error $?' ERR

# Runs one stage with a banner before it and its duration after it; any failure ends the run (set -e).
stage() {
  current_stage=$1
  shift
  banner "$current_stage"
  stage_started=$SECONDS
  "$@"
  local took=$((SECONDS - stage_started))
  summary+=("$(printf '%4d s  %s' "$took" "$current_stage")")
  printf '\n---- %s: passed in %d s\n' "$current_stage" "$took"
}

cleanup() {
  if [[ -n $pg_dir ]]; then scripts/pg-cluster.sh stop "$pg_dir" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

install_dependencies() {
  if [[ ! -d node_modules || ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    npm ci
  else
    # The lock must still install on a clean machine: `npm ci` refuses a lock that misses packages.
    npm ci --dry-run --ignore-scripts >/dev/null
    echo 'node_modules is up to date with package-lock.json'
  fi
  [[ -x node_modules/.bin/node ]] || { echo 'the pinned Node (node_modules/.bin/node) is missing' >&2; return 1; }
  echo "Node for the npm scripts: $(node_modules/.bin/node --version)"
}

has_postgres() {
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

has_system_packages() {
  [[ -x /usr/bin/chromium ]] && has_postgres && [[ -x /usr/sbin/pgbouncer && -x /usr/sbin/haproxy ]]
}

install_system_packages() {
  if has_system_packages; then
    echo "Chromium, PostgreSQL, PgBouncer and HAProxy are installed: $(/usr/bin/chromium --version 2>/dev/null || echo chromium), $(ls -d /usr/lib/postgresql/*/ | xargs -n1 basename | tr '\n' ' ')"
    return 0
  fi
  if [[ $(id -u) -ne 0 ]]; then
    echo 'Chromium, PostgreSQL, PgBouncer or HAProxy is missing;' >&2
    echo 'run this as root to install them, or: apt-get install chromium postgresql pgbouncer haproxy' >&2
    return 1
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium postgresql pgbouncer haproxy
  # Debian starts the packaged servers; the tests start their own on free ports.
  systemctl disable --now pgbouncer haproxy >/dev/null 2>&1 || true
  has_system_packages
}

# The API suite on a throwaway cluster, reached as production reaches it: through PgBouncer in
# transaction mode, with the direct url only for LISTEN, and reports read from a streaming replica
# (scripts/pg-cluster.sh).
api_tests_on_postgres() {
  # Under /tmp, which the postgres user can reach (a private TMPDIR may not be).
  pg_dir=$(mktemp -d /tmp/pms-pg.XXXXXX)
  local url pooler
  url=$(scripts/pg-cluster.sh start "$pg_dir")
  pooler=$(scripts/pg-cluster.sh pooler "$pg_dir")
  replica=$(scripts/pg-cluster.sh replica "$pg_dir")
  echo "PostgreSQL cluster: $url ($(psql_version)); PgBouncer in transaction mode: $pooler ($(pgbouncer --version | head -n 1)); streaming replica: $replica"
  TEST_DATABASE_URL=$url TEST_DATABASE_POOLER_URL=$pooler TEST_DATABASE_REPLICA_URL=$replica npm run test:api
  scripts/pg-cluster.sh stop "$pg_dir"
  pg_dir=''
}

# Channel sync keeps dates as dates: its unit and API tests again in three time zones around the
# world (the stages above run in the machine's own).
channel_sync_in_time_zones() {
  local zone
  for zone in Europe/Vienna America/New_York Pacific/Auckland; do
    echo "TZ=$zone"
    TZ=$zone npx vitest run --project unit apps/server/src/integrations/channels
    TZ=$zone npx vitest run --project api apps/server/src/modules/channels
  done
}

psql_version() {
  "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/postgres" --version
}

stage 'Dependencies (npm ci)' install_dependencies
stage 'System packages (Chromium, PostgreSQL, PgBouncer, HAProxy)' install_system_packages
stage 'Type check' npm run typecheck
stage 'Lint and format' npm run lint
stage 'Unit tests' npm run test:unit
stage 'Build' npm run build
stage 'Initial JavaScript within its budgets' npm run check:initial-js
stage 'API tests on PGlite' npm run test:api
stage 'API tests on PostgreSQL through PgBouncer' api_tests_on_postgres
stage 'Channel sync in three time zones' channel_sync_in_time_zones
stage 'End-to-end tests (Playwright, Chromium)' npm run test:e2e

banner "All stages passed in $((SECONDS - run_started)) s"
printf '%s\n' "${summary[@]}"
