#!/usr/bin/env bash
# One command: builds awrdiff and the benchmark helpers (Release, in build-bench/), then times
# `awrdiff snapshot FILE --format json` on every AWR (instance, RAC global) and Statspack report of ../shared/corpus
# against a Python + BeautifulSoup script and bare pugixml / gumbo parses. Installs nothing.
#   bench/run.sh [--limit N] [--repeats N]
# Needs (Debian): build-essential cmake libpugixml-dev python3 (already needed by awrdiff), and for
# the baselines python3-bs4 and libgumbo-dev. hyperfine is optional (a cross-check on one file).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${AWRDIFF_CORPUS:-../shared/corpus}
if [ ! -f "$corpus/MANIFEST.tsv" ]; then
  echo "bench: no corpus at $corpus (set AWRDIFF_CORPUS); nothing to time"
  exit 0
fi
# The Debian interpreter, where python3-bs4 installs (a pyenv or venv python3 may not see it).
py=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || command -v python3 )}
"$py" -c 'import bs4' 2>/dev/null || echo "bench: python3-bs4 missing (apt-get install python3-bs4): no Python baseline for HTML" >&2
pkg-config --exists gumbo 2>/dev/null || echo "bench: libgumbo-dev missing (apt-get install libgumbo-dev): no gumbo baseline" >&2
build=${BENCH_BUILD_DIR:-build-bench}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DAWRDIFF_BUILD_TESTS=OFF -DAWRDIFF_BENCH=ON >/dev/null
cmake --build "$build" -j"${JOBS:-2}" >/dev/null
"$py" bench/bench.py --awrdiff "$build/awrdiff" --bindir "$build/bench" --corpus "$corpus" "$@"
if command -v hyperfine >/dev/null; then
  f=$(ls -S "$corpus"/awr-html_*.html | head -1)
  hyperfine -N -w 3 -r 20 "$build/awrdiff snapshot $f --format json" "$build/bench/bench_pugixml $f" 2>/dev/null | grep -E 'Time|±|faster' || true
fi
