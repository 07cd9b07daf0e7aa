#!/usr/bin/env bash
# One command from a fresh Debian 12 machine: install what is missing, build, then either run the
# main job on samples/ (default) or run the whole test suite (--test).
#   scripts/quickstart.sh           build the awrdiff binary only and compare samples/good.html with samples/bad.html
#   scripts/quickstart.sh --test    also build the tests and run every one (unit, corpus, CLI, browser, fuzz seeds),
#                                   then the same tests again in build-asan/ under ASan + UBSan (AWRDIFF_SANITIZE=ON)
set -euo pipefail
cd "$(dirname "$0")/.."

test_run=false
[ "${1:-}" = "--test" ] && test_run=true

# What the awrdiff binary needs to build.
packages=(build-essential cmake pkg-config libcli11-dev libpugixml-dev libfmt-dev libspdlog-dev
          rapidjson-dev libxml2-dev zlib1g-dev libboost-dev libtomlplusplus-dev
          libsqlite3-dev libpq-dev gzip)
# What the tests need besides: GoogleTest, nlohmann::json (the tests read awrdiff's JSON with a second
# library), python3 (CLI tests), a PostgreSQL server (the shared history store), headless Chromium and a
# font (the HTML page opened in a real browser).
# clang-format: the house style (.clang-format) is checked before the build. prometheus: its promtool checks
# `check -f openmetrics` output (the server itself is not started).
$test_run && packages+=(libgtest-dev nlohmann-json3-dev python3 postgresql chromium fonts-dejavu-core clang-format prometheus)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q "${missing[@]}"
fi

build=${BUILD_DIR:-build}
jobs=$(nproc)
# Optimised as the benchmarks are (-O2), without debug information: it takes almost half the compile time.
# The sanitizer build below keeps it, for its stack traces.
release=(-DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG")
if ! $test_run; then
  # The first contact: the binary only (the tests are built by --test).
  cmake -S . -B "$build" "${release[@]}" -DAWRDIFF_BUILD_TESTS=OFF
  # The binary and its man page (written from its --help): `cmake --install build` can follow.
  cmake --build "$build" -j"$jobs" --target awrdiff awrdiff_man
  "$build/awrdiff" samples/good.html samples/bad.html
  exit 0
fi

# The house style first: a file clang-format would change fails the run (fix: clang-format -i FILE).
find src include tests bench fuzz -name '*.cpp' -o -name '*.hpp' | grep -v third_party | sort |
  xargs clang-format --style=file --dry-run --Werror
cmake -S . -B "$build" "${release[@]}" -DAWRDIFF_BUILD_TESTS=ON
cmake --build "$build" -j"$jobs"
# The real reports: $AWRDIFF_CORPUS, else ../shared/corpus beside the clone (the tests read the same variable).
if [ ! -d "${AWRDIFF_CORPUS:-../shared/corpus}" ]; then
  echo "NOTE: ${AWRDIFF_CORPUS:-../shared/corpus} (AWRDIFF_CORPUS) is not there: the tests over real reports" >&2
  echo "      and known-hard inputs are SKIPPED (unit, sample and CLI tests still run)." >&2
fi
ctest --test-dir "$build" --output-on-failure -j"$jobs"
# The same suite again under AddressSanitizer + UndefinedBehaviorSanitizer: any finding fails the run.
asan=${ASAN_BUILD_DIR:-build-asan}
cmake -S . -B "$asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAWRDIFF_BUILD_TESTS=ON -DAWRDIFF_SANITIZE=ON
cmake --build "$asan" -j"$jobs"
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1} \
  ctest --test-dir "$asan" --output-on-failure -j"$jobs"
