#!/usr/bin/env bash
# The history store's speed and size (docs/benchmark.md, "History store"):
#   1. `awrdiff history add` of every AWR and Statspack report of ../shared/corpus, both cores: reports per second;
#   2. `awrdiff check --history` against one year of hourly periods of one database (8,760, generated from
#      samples/good.html with noise, awrdiff_history_bench), the whole command, least of 9 runs;
#   3. the store's size per period, with and without the snapshot JSON.
#   bench/history.sh            (builds build-bench/ in Release, as bench/run.sh does)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BENCH_BUILD_DIR:-build-bench}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DAWRDIFF_BUILD_TESTS=OFF -DAWRDIFF_BENCH=ON >/dev/null
cmake --build "$build" -j"${JOBS:-2}" --target awrdiff awrdiff_history_bench >/dev/null
awrdiff=$build/awrdiff
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s%N; }
least_ms() { # least wall time of N runs of a command, in ms
  local n=$1 best=""
  shift
  for _ in $(seq 1 "$n"); do
    local t0 t1
    t0=$(now)
    "$@" >/dev/null 2>&1 || true
    t1=$(now)
    local ms=$(((t1 - t0) / 1000))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  awk -v us="$best" 'BEGIN { printf "%.1f", us / 1000 }'
}

corpus=${AWRDIFF_CORPUS:-../shared/corpus}
echo "== history add of the corpus ($(nproc) CPUs)"
if [ -f "$corpus/MANIFEST.tsv" ]; then
  mapfile -t files < <(ls "$corpus"/awr-html_* "$corpus"/awr-text_* "$corpus"/awr-rac-html_* "$corpus"/statspack_* 2>/dev/null)
  bytes=$(cat "${files[@]}" | wc -c)
  for jobs in 1 2; do
    for run in 1 2 3; do
      rm -f "$tmp/corpus.sqlite"*
      t0=$(now)
      "$awrdiff" history add --db "$tmp/corpus.sqlite" -j "$jobs" "${files[@]}" 2>"$tmp/add.log" || true
      t1=$(now)
      ms=$(((t1 - t0) / 1000000))
      echo "  -j $jobs run $run: ${#files[@]} reports ($((bytes / 1048576)) MB) in $ms ms: $(awk -v n="${#files[@]}" -v ms="$ms" 'BEGIN { printf "%.0f", n * 1000 / ms }') reports/s; $(tail -1 "$tmp/add.log" | sed 's/^awrdiff history: //')"
    done
  done
  python3 - "$tmp/corpus.sqlite" <<'EOF'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
n = c.execute("SELECT count(*) FROM periods").fetchone()[0]
pages = c.execute("PRAGMA page_count").fetchone()[0] * c.execute("PRAGMA page_size").fetchone()[0]
json = c.execute("SELECT sum(length(body)), sum(json_bytes) FROM snapshots").fetchone()
print("  corpus store: %d periods, %.1f MB; snapshot JSON %.1f MB compressed (%.1f MB as text), %.0f KB per period without it"
      % (n, pages / 1048576, json[0] / 1048576, json[1] / 1048576, (pages - json[0]) / n / 1024))
EOF
else
  echo "  no corpus at $corpus (set AWRDIFF_CORPUS): skipped"
fi

echo "== one year of hourly periods"
"$build/bench/awrdiff_history_bench" "$tmp"
echo "== check --history against the year (the whole command, least of 9 runs)"
for match in all hour weekday-hour; do
  for window in 28d 365d; do
    ms=$(least_ms 9 "$awrdiff" check --history --db "$tmp/year.sqlite" --window "$window" --match "$match" "$tmp/current.json")
    code=0
    "$awrdiff" check --history --db "$tmp/year.sqlite" --window "$window" --match "$match" "$tmp/current.json" >/dev/null 2>&1 || code=$?
    echo "  --window $window --match $match: $ms ms (exit $code)"
  done
done
