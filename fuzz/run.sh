#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs one (or all) for a while.
#   fuzz/run.sh [TARGET[,TARGET...]|all] [SECONDS]      e.g. fuzz/run.sh pipeline,html_tokenizer 900
# The growing corpus and any crash-*/timeout-*/oom-* reproducers go to ${FUZZ_WORK:-build-fuzz/work}/TARGET/.
# Replay a reproducer with the ordinary build: build/fuzz/fuzz_replay_TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-all}
seconds=${2:-600}
work=${FUZZ_WORK:-build-fuzz/work}
CXX=${CXX:-clang++} cmake -S . -B build-fuzz -DAWRDIFF_FUZZ=ON -DAWRDIFF_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"${JOBS:-2}" >/dev/null
declare -A max_len=([decode_input]=65536 [html_tokenizer]=65536 [text_tokenizer]=65536 [parse_cell]=256 [pipeline]=131072 [sysmetric_dump]=65536 [baseline_json]=65536 [policy]=4096)
targets=(decode_input html_tokenizer text_tokenizer parse_cell pipeline)
[ "$target" != all ] && IFS=, read -r -a targets <<<"$target"
for t in "${targets[@]}"; do
  mkdir -p "$work/$t/corpus"
  (cd "$work/$t" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
     "$OLDPWD/build-fuzz/fuzz/fuzz_$t" corpus "$OLDPWD/fuzz/seeds/$t" -max_len="${max_len[$t]}" -timeout=5 \
     -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 \
     -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 >log.txt 2>&1) &
done
wait
for t in "${targets[@]}"; do
  echo "== $t"; grep -E 'stat::number_of_executed_units|ERROR|SUMMARY|Test unit written' "$work/$t/log.txt" || true
done
