#!/bin/bash
# Peak memory of awrdiff on a large text report, against the input's size (docs/benchmark.md, "Large inputs").
#
#   bench/large_input.sh [--awrdiff PATH] [--mb N] [--corpus DIR] [--max-ratio R]
#
# Writes the synthetic report of bench/make_large_report.py (awr-text_12.2_jasmin_1.txt of the corpus with one
# page of its SQL list written until N MB, 200 by default), then runs each command under /usr/bin/time and prints
# its peak RSS (maximum resident set size), the input it read and their ratio: snapshot of the file, from
# standard input, gzip-compressed; the report as a comparison's target; a comparison of two such reports (read
# side by side: the input is both); `report`. Memory for the input is the peak less what `awrdiff --version`
# takes (the program, its libraries and allocator's start, about 5 MB), so that a small N measures the same
# ratio. Then the two other shapes of make_large_report.py (--shape instance-activity, --shape sql-text: a
# report of millions of Instance Activity rows, one SQL text of N MB), as snapshot and as a comparison's
# target. Exit 1 when a command passes R times its input (3 by default), 77 when the corpus or
# /usr/bin/time is missing.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/build/awrdiff
mb=200
corpus=${AWRDIFF_CORPUS:-$root/../shared/corpus}
max_ratio=3
while [ $# -gt 0 ]; do
  case $1 in
    --awrdiff) bin=$2; shift 2 ;;
    --mb) mb=$2; shift 2 ;;
    --corpus) corpus=$2; shift 2 ;;
    --max-ratio) max_ratio=$2; shift 2 ;;
    *) echo "usage: $0 [--awrdiff PATH] [--mb N] [--corpus DIR] [--max-ratio R]" >&2; exit 2 ;;
  esac
done
src=$corpus/awr-text_12.2_jasmin_1.txt
if [ ! -f "$src" ] || [ ! -x /usr/bin/time ]; then
  echo "skipped: needs $src and /usr/bin/time"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/bench/make_large_report.py" "$tmp/big.txt" --source "$src" --mb "$mb" || exit 2
cp "$tmp/big.txt" "$tmp/big2.txt"
gzip -1 -c "$tmp/big.txt" >"$tmp/big.txt.gz"
size=$(stat -c %s "$tmp/big.txt")
small=$(stat -c %s "$src")
/usr/bin/time -f '%M' -o "$tmp/rss" "$bin" --version >/dev/null
base_kb=$(tail -1 "$tmp/rss")

fail=0
echo "| command | input MB | peak RSS MiB | x input | (peak - start-up) / input | wall s |"
echo "|---|---:|---:|---:|---:|---:|"
# measure NAME INPUT_BYTES COMMAND...
measure() {
  local name=$1 input=$2
  shift 2
  /usr/bin/time -f '%M %e' -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err"
  local rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
    echo "FAIL: $name: exit $rc: $(head -c 300 "$tmp/err")"
    fail=1
    return
  fi
  read -r kb secs < <(tail -1 "$tmp/rss")
  local line
  line=$(awk -v kb="$kb" -v base="$base_kb" -v in_b="$input" -v max="$max_ratio" -v name="$name" -v s="$secs" 'BEGIN {
    r = kb * 1024 / in_b; net = (kb - base) * 1024 / in_b;
    printf "| %s | %.0f | %.0f | %.2f | %.2f | %s |%s", name, in_b / 1e6, kb / 1024, r, net, s, (net > max ? " over" : "") }')
  echo "${line% over}"
  case $line in *" over") echo "FAIL: $name: over $max_ratio x its input"; fail=1 ;; esac
}
measure "snapshot FILE" "$size" "$bin" snapshot "$tmp/big.txt"
measure "snapshot - < FILE" "$size" sh -c '"$0" snapshot - <"$1"' "$bin" "$tmp/big.txt"
measure "snapshot - (through cat)" "$size" sh -c 'cat "$1" | "$0" snapshot -' "$bin" "$tmp/big.txt"
measure "snapshot FILE.gz" "$size" "$bin" snapshot "$tmp/big.txt.gz"
measure "compare (base: the original)" "$((size + small))" "$bin" "$src" "$tmp/big.txt"
measure "compare two such reports" "$((2 * size))" "$bin" "$tmp/big.txt" "$tmp/big2.txt"
measure "report" "$size" "$bin" report "$tmp/big.txt"
# The other shapes (from samples/bad.txt): millions of Instance Activity rows, and one SQL text of N MB.
for shape in instance-activity sql-text; do
  python3 "$root/bench/make_large_report.py" "$tmp/$shape.txt" --shape "$shape" --mb "$mb" >/dev/null || exit 2
  shape_size=$(stat -c %s "$tmp/$shape.txt")
  measure "snapshot ($shape)" "$shape_size" "$bin" snapshot "$tmp/$shape.txt"
  measure "compare ($shape, base samples/good.txt)" "$shape_size" "$bin" "$root/samples/good.txt" "$tmp/$shape.txt"
  rm -f "$tmp/$shape.txt"
done
exit $fail
