#!/usr/bin/env bash
# A fleet in one history store (docs/benchmark.md, "A fleet in one store"):
#   bench/fleet/fleet.sh [--backend pg|sqlite] [--dbs N] [--days D] [--writers W] [--gate-dbs G] [--body-days B]
#                        [--build DIR] [--out DIR] [--pg-data DIR] [--keep-server] [--smoke]
# 1. writes N databases x D days of hourly periods made from the corpus's reports into one store (PostgreSQL:
#    a server of Debian's postgresql started here, on a unix socket, and stopped at the end unless --keep-server;
#    SQLite: one file) with W concurrent writers, and verifies that nothing was lost or stored twice;
# 2. checks the gate's G databases hour by hour with `awrdiff check --history --add --match hour`, as their cron would,
#    and scores the pages and warnings against the labelled incidents (truth.tsv); then verifies the gate's databases'
#    periods (those the checks added) as step 1 verified the others;
# 3. times `check --history` (p50, p95 of 20 runs of the whole process) and `timeline` of one database over the month;
# 4. measures the bytes per period (values, snapshot bodies) and, on PostgreSQL, shows the EXPLAIN of the check's
#    queries with the month partitions pruned.
# --smoke (the CI's ctest bench_fleet_smoke): 10 databases x 3 days, exits 0 when the writes verify and every step ran.
# Without PostgreSQL's server programs, --backend pg says so and exits 77 (ctest: skipped).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
backend=pg dbs=1000 days=30 writers=8 gate=12 body_days=7 build="$root/build" out="" pgdata="" keep=0 smoke=0 awrdiff="" gen="" skip_write=0
corpus=${AWRDIFF_CORPUS:-$root/../shared/corpus}
while [ $# -gt 0 ]; do
  case "$1" in
    --backend) backend=$2; shift 2 ;;
    --dbs) dbs=$2; shift 2 ;;
    --days) days=$2; shift 2 ;;
    --writers) writers=$2; shift 2 ;;
    --gate-dbs) gate=$2; shift 2 ;;
    --body-days) body_days=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --awrdiff) awrdiff=$2; shift 2 ;;
    --gen) gen=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --pg-data) pgdata=$2; shift 2 ;;
    --keep-server) keep=1; shift ;;
    --skip-write) skip_write=1; shift ;;
    --smoke) smoke=1; dbs=10; days=3; gate=2; writers=4; shift ;;
    *) echo "fleet.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$awrdiff" ] || awrdiff=$build/awrdiff
[ -n "$gen" ] || gen=$build/tests/awrdiff_fleet_bench
[ -x "$gen" ] || gen=$build/bench/awrdiff_fleet_bench
[ -x "$awrdiff" ] && [ -x "$gen" ] || { echo "fleet.sh: build awrdiff and awrdiff_fleet_bench first (-DAWRDIFF_BENCH=ON) in $build" >&2; exit 2; }
[ -f "$corpus/MANIFEST.tsv" ] || { echo "fleet.sh: no corpus at $corpus (set AWRDIFF_CORPUS): skipped"; exit 77; }
tmp_out=0
if [ -z "$out" ]; then out=$(mktemp -d /tmp/awrdiff-fleet-XXXXXX) tmp_out=1; fi
mkdir -p "$out"
as="" pgbin="" sock="" started=0
stop_server() {
  if [ "$started" = 1 ] && [ "$keep" = 0 ]; then $as "$pgbin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null 2>&1 || true; fi
  if [ "$smoke" = 1 ] && [ "$tmp_out" = 1 ]; then rm -rf "$out"; fi
}
trap stop_server EXIT

if [ "$backend" = pg ]; then
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pgbin=$d; done
  [ -n "$pgbin" ] || { echo "fleet.sh: PostgreSQL server programs (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin: skipped"; exit 77; }
  [ -n "$pgdata" ] || pgdata=$out/pg
  sock=$pgdata/socket
  # As root the server runs as nobody, who must reach its data directory (mktemp's is private).
  if [ "$(id -u)" = 0 ]; then as="setpriv --reuid=nobody --regid=nogroup --clear-groups"; chmod 755 "$out"; fi
  if [ ! -f "$pgdata/PG_VERSION" ]; then
    mkdir -p "$pgdata"
    [ -z "$as" ] || chown nobody "$pgdata"
    $as "$pgbin/initdb" -D "$pgdata" -U awrdiff --auth=trust -E UTF8 >"$out/initdb.log" 2>&1 ||
      { echo "fleet.sh: initdb failed: $(tail -1 "$out/initdb.log")" >&2; exit 1; }
    mkdir -p "$sock"
    [ -z "$as" ] || chown nobody "$sock"
  fi
  # fsync on; synchronous_commit off (a crash may lose the last few hundred ms of adds, never corrupt them: the
  # cron's next run adds them again). Settings for a 2-core host; no other change from the defaults.
  $as "$pgbin/pg_ctl" -D "$pgdata" status >/dev/null 2>&1 ||
    $as "$pgbin/pg_ctl" -D "$pgdata" -l "$pgdata/server.log" -w -t 120 \
    -o "-k $sock -c listen_addresses='' -p 5433 -c synchronous_commit=off -c shared_buffers=1GB -c max_wal_size=4GB -c checkpoint_timeout=15min" start >/dev/null
  started=1
  $as "$pgbin/createdb" -h "$sock" -p 5433 -U awrdiff fleet 2>/dev/null || true
  store="postgresql://awrdiff@/fleet?host=$sock&port=5433"
  psql() { $as "$pgbin/psql" -X -q -A -t -h "$sock" -p 5433 -U awrdiff -d fleet "$@"; }
else
  store=$out/fleet.sqlite
  rm -f "$store" "$store-wal" "$store-shm"
fi
echo "== store: $backend ($store); $dbs databases x $days days, $writers writers, the gate on $gate databases"

# 1. The writes.
# --skip-write: the store and OUT of an earlier run (its gate, reads and sizes again).
[ "$skip_write" = 1 ] || "$gen" --store "$store" --corpus "$corpus" --out "$out" --dbs "$dbs" --days "$days" \
  --writers "$writers" --gate-dbs "$gate" --body-days "$body_days" | tee "$out/write.txt"

# 2. The gate: each gate database's hours in order, as its cron would run them (two databases at a time).
check_one_db() { # DIR: one database's hourly snapshots
  local f first
  for f in "$1"/*.json; do
    first=$("$awrdiff" check --history --add --match hour --db "$store" "$f" 2>&1 | head -1 || true)
    printf '%s\t%s\t%s\n' "$(basename "$1")" "$(basename "$f" .json)" "${first%%[:,]*}"
  done
}
export -f check_one_db
export awrdiff store
t0=$(date +%s)
if [ "$gate" -gt 0 ]; then
  ls -d "$out"/gate/* 2>/dev/null | xargs -r -P 2 -I{} bash -c 'check_one_db "$@"' _ {} >"$out/gate.tsv"
  echo "gate checks: $(wc -l <"$out/gate.tsv") in $(($(date +%s) - t0)) s"
  # Nothing lost, nothing twice, for the gate's databases too: their periods, added by the checks, counted now.
  "$gen" --verify-gate --store "$store" --corpus "$corpus" --out "$out" --dbs "$dbs" --days "$days" --gate-dbs "$gate" |
    tee "$out/verify_gate.txt"
  python3 "$here/score.py" "$out/truth.tsv" "$out/gate.tsv" | tee "$out/score.txt"
else
  : >"$out/gate.tsv"
  echo "gate: skipped (--gate-dbs 0)"
fi

# 3. Reads of one database (the first one written by the writers), the whole process each time.
dbid=$(awk -F'\t' -v g="$gate" 'NR > 1 && $1 == "storm" { print $2 }' "$out/truth.tsv" | sort -u | sed -n "$((gate + 1))p")
[ -n "$dbid" ] || dbid=$((3000000000 + gate * 7919))
timeit() { # N CMD...: the wall times in ms, one a line
  local n=$1 i t0 t1
  shift
  for i in $(seq 1 "$n"); do
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    echo $(((t1 - t0) / 1000000))
  done
}
pct() { sort -n | awk -v p="$1" '{ a[NR] = $1 } END { i = int((NR - 1) * p / 100 + 0.5) + 1; print a[i] }'; }
timeit 20 "$awrdiff" check --history --match hour --db "$store" "$out/current.json" >"$out/check_ms.txt"
echo "check --history (one database, 20 runs): p50 $(pct 50 <"$out/check_ms.txt") ms, p95 $(pct 95 <"$out/check_ms.txt") ms"
timeit 5 "$awrdiff" timeline --db "$store" --dbid "$dbid" --instance 1 -o "$out/timeline.txt" >"$out/timeline_ms.txt"
echo "timeline of one database over the month (5 runs): p50 $(pct 50 <"$out/timeline_ms.txt") ms, max $(sort -n "$out/timeline_ms.txt" | tail -1) ms"
# The morning page of the whole fleet, one day's window: the month's last day (the generator's month begins 2026-10-05).
day=$(date -u -d "2026-10-05 + $((days - 1)) days" +%Y-%m-%d) next=$(date -u -d "2026-10-05 + $days days" +%Y-%m-%d)
timeit 3 "$awrdiff" fleet --db "$store" --from "${day}T00:00" --to "${next}T00:00" -o "$out/fleet.txt" >"$out/fleet_ms.txt"
echo "fleet of the whole store, one day's window (3 runs): p50 $(pct 50 <"$out/fleet_ms.txt") ms, max $(sort -n "$out/fleet_ms.txt" | tail -1) ms"

# 4. Bytes per period.
if [ "$backend" = pg ]; then
  psql -F ' ' -c "SELECT (SELECT count(*) FROM periods), (SELECT count(*) FROM snapshots WHERE encoding = 'zlib'),
    (SELECT coalesce(sum(pg_total_relation_size(relid)), 0) FROM pg_partition_tree('periods')),
    (SELECT coalesce(sum(pg_total_relation_size(relid)), 0) FROM pg_partition_tree('metric_values')),
    (SELECT coalesce(sum(pg_total_relation_size(relid)), 0) FROM pg_partition_tree('snapshots')),
    pg_database_size('fleet'),
    (SELECT coalesce(sum(pg_total_relation_size(relid)), 0) FROM pg_partition_tree('details')),
    (SELECT count(*) FROM details), (SELECT coalesce(avg(octet_length(body)), 0) FROM details)" |
    awk '{ printf "store: %d periods, %d bodies; periods %.0f B/period, values %.0f B/period, bodies %.0f B/body; details %d, %.0f B/period on disk (%.0f B compressed); database %.2f GB\n", $1, $2, $3 / $1, $4 / $1, $5 / ($2 > 0 ? $2 : 1), $8, $7 / $1, $9, $6 / 1e9 }' | tee "$out/size.txt"
  lo=$(date -u -d '2026-10-07' +%s) hi=$(date -u -d '2026-11-04' +%s)
  {
    echo "-- the window's periods (load_window, read_periods)"
    psql -c "EXPLAIN SELECT period_id, begin_epoch, end_epoch, startup_epoch, valid, overlapping FROM periods p WHERE dbid = $dbid AND con_dbid = 0 AND instance_number = 1 AND begin_epoch >= $lo AND begin_epoch < $hi AND begin_hour = 10 ORDER BY begin_epoch, period_key"
    echo "-- their values (load_window, read_values)"
    psql -c "EXPLAIN SELECT period_id, metric_id, value FROM metric_values WHERE dbid = $dbid AND period_id BETWEEN 1 AND 1000000 AND begin_epoch >= $lo AND begin_epoch < $hi"
  } >"$out/explain.txt"
  echo "EXPLAIN of the check's queries: $out/explain.txt"
else
  python3 - "$store" <<'EOF' | tee "$out/size.txt"
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
n = c.execute("SELECT count(*) FROM periods").fetchone()[0]
b, bytes_ = c.execute("SELECT count(*), coalesce(sum(length(body)), 0) FROM snapshots WHERE encoding = 'zlib'").fetchone()
size = os.path.getsize(sys.argv[1])
print("store: %d periods, %d bodies; values and facts %.0f B/period, bodies %.0f B/body; file %.2f GB"
      % (n, b, (size - bytes_) / max(n, 1), bytes_ / max(b, 1), size / 1e9))
EOF
fi
if [ "$smoke" = 1 ]; then
  if ! grep -q " 0 databases with a wrong count" "$out/write.txt" || ! grep -q '^failed	0$' "$out/write.txt" ||
    [ ! -s "$out/gate.tsv" ] || ! grep -q " 0 databases with a wrong count" "$out/verify_gate.txt"; then
    echo "fleet.sh --smoke: the writes did not verify or the gate did not run (above)" >&2
    exit 1
  fi
fi
[ "$smoke" = 1 ] && [ "$tmp_out" = 1 ] || echo "results in $out"
