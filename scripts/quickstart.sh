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
# clang-format: the house style (.clang-format) is checked before the build. file: cpack finds the binaries it
# gives dpkg-shlibdeps (build-essential's dpkg-dev) with it, in the test that builds the Debian package.
$test_run && packages+=(libgtest-dev nlohmann-json3-dev python3 postgresql chromium fonts-dejavu-core clang-format file)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
# The units enabled (systemctl enable: links in *.wants/), to disable those the installation adds.
enabled_units() { { find /etc/systemd/system -path '*.wants/*' -type l -printf '%f\n' 2>/dev/null || true; } | sort -u; }
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  $sudo_cmd apt-get update -q
  before=$(enabled_units)
  # No service is started during the installation (policy-rc.d, which invoke-rc.d and deb-systemd-invoke obey;
  # the tests start their own PostgreSQL server), and none stays enabled after it: postgresql enables its own.
  # No recommended packages: what is listed is all the build and the tests need.
  policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\n# scripts/quickstart.sh: no service started while it installs packages.\nexit 101\n' |
      $sudo_cmd tee "$policy" >/dev/null
    $sudo_cmd chmod 755 "$policy"
    trap '$sudo_cmd rm -f "$policy"' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends "${missing[@]}"
  if [ -n "$policy" ]; then $sudo_cmd rm -f "$policy"; trap - EXIT; fi
  for unit in $(comm -13 <(echo "$before") <(enabled_units)); do
    echo "Disabling $unit (enabled by its package; no server is left running or enabled)"
    $sudo_cmd systemctl disable -q "$unit" || true
    if [ -d /run/systemd/system ]; then $sudo_cmd systemctl stop "$unit" || true; fi
  done
fi

build=${BUILD_DIR:-build}
# promtool checks `check -f openmetrics` (tests/cli/monitoring_test.sh; without it, the exposition grammar in Python).
# It is taken out of Debian's prometheus package, downloaded, not installed: no server, user or service.
if $test_run && ! command -v promtool >/dev/null 2>&1; then
  tools=$build/tools
  mkdir -p "$tools"
  tools=$(realpath "$tools")
  if [ ! -x "$tools/usr/bin/promtool" ]; then
    (cd "$tools" && apt-get download -q prometheus >/dev/null 2>&1 &&
      dpkg-deb --fsys-tarfile prometheus_*.deb | tar -x ./usr/bin/promtool && rm -f prometheus_*.deb) ||
      echo "NOTE: promtool could not be taken out of Debian's prometheus package: the exposition format is checked" \
        "by its grammar instead" >&2
  fi
  export PATH="$tools/usr/bin:$PATH"
fi
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
# The house rules' counts, printed (back arrows, special cases, sizes; ctest's house_rules fails on one above its ratchet).
if command -v python3 >/dev/null; then python3 scripts/check_house.py . | sed -n '/^== Counts/,$p' || true; fi
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
