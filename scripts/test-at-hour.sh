#!/usr/bin/env bash
# Runs the tests as if it were another hour of the day (UTC): `npm run test:at -- 01:10 [api|e2e|all]`.
#
# The demo seed writes each shop's history backwards from now (orders placed between 7 am and midnight in India,
# statuses by age), so which orders are open, paid or reviewed depends on the hour the tests run, and a test that
# assumes one such row can pass all afternoon and fail at night. This moves the clock of every process, Node,
# Chromium and a throw-away PostgreSQL cluster alike, with libfaketime (Debian's `faketime`), by the offset from now
# to the next such time, and runs the suites against that cluster. Needs root (the cluster runs as postgres).
set -euo pipefail
cd "$(dirname "$0")/.."
AT="${1:?usage: test-at-hour.sh HH:MM [api|e2e|all]}"
WHAT="${2:-all}"
LIB=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
if [ ! -e "$LIB" ]; then
  echo "== installing Debian's faketime"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
fi
now=$(date -u +%s)
target=$(date -u -d "$(date -u +%F) $AT" +%s)
[ "$target" -le "$now" ] && target=$((target + 86400))
export FAKETIME="+$((target - now))s"
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
DIR=$(mktemp -d /tmp/haat-at-XXXXXX)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
chown postgres "$DIR"
su postgres -c "$PGBIN/initdb -D $DIR/data -A trust -U postgres --locale=C.UTF-8 >/dev/null"
su postgres -c "LD_PRELOAD=$LIB FAKETIME=$FAKETIME $PGBIN/pg_ctl -D $DIR/data -w -o '-p $PORT -k $DIR' -l $DIR/pg.log start >/dev/null"
trap 'su postgres -c "$PGBIN/pg_ctl -D $DIR/data -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$DIR"' EXIT
export LD_PRELOAD="$LIB"
createdb -h 127.0.0.1 -p "$PORT" -U postgres haat
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/haat"
echo "== the clock reads $(date -u '+%F %T') UTC (PostgreSQL: $(psql "$DATABASE_URL" -Atc 'select now()'))"
status=0
if [ "$WHAT" = api ] || [ "$WHAT" = all ]; then npx vitest run --project api || status=1; fi
if [ "$WHAT" = e2e ] || [ "$WHAT" = all ]; then
  npm run build
  npx vitest run --project e2e || status=1
fi
exit $status
