#!/usr/bin/env bash
# The Debian package as a host gets it: `cpack -G DEB` on this build folder writes awrdiff_VERSION_ARCH.deb, whose
# control fields, contents and maintainer scripts are checked; `dpkg -x` unpacks it into a scratch root, where the
# packaged awrdiff runs (--version, and the packaged unit's ExecStart on samples/) and `systemd-analyze verify`
# reads the packaged units. Without cpack or dpkg-deb the test says so and is skipped (exit 77).
#   tests/package/deb_test.sh BUILD_DIR SOURCE_DIR VERSION
set -u
build=$(realpath "$1")
src=$(realpath "$2")
version=$3
for tool in cpack dpkg-deb dpkg-shlibdeps file; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool not found (Debian: cmake, dpkg, dpkg-dev, file): the Debian package is not built"
    exit 77
  fi
done
T=$(mktemp -d /tmp/awrdiff-deb-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $*"
}

# The package, built as the README says, into a scratch folder (the build folder's own package is left alone).
if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$T/out" >"$T/cpack.log" 2>&1; then
  echo "FAIL: cpack -G DEB: $(tail -n 20 "$T/cpack.log")"
  exit 1
fi
arch=$(dpkg --print-architecture)
deb=$T/out/awrdiff_${version}_${arch}.deb
[ -f "$deb" ] && ok || {
  echo "FAIL: no $deb: $(ls "$T/out")"
  exit 1
}

# Control fields: dependencies from the linked libraries (dpkg-shlibdeps) and from the dlopen()-ed ones.
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = awrdiff ] && ok || bad "Package: $(field Package)"
[ "$(field Version)" = "$version" ] && ok || bad "Version: $(field Version)"
[ "$(field Architecture)" = "$arch" ] && ok || bad "Architecture: $(field Architecture)"
depends=$(field Depends)
for dep in 'libc6 (>= ' 'zlib1g (>= ' libxml2; do
  grep -qF "$dep" <<<"$depends" && ok || bad "Depends lacks $dep: $depends"
done
grep -q 'libstdc++\|libgcc' <<<"$depends" && bad "Depends names the C++ runtime, linked statically: $depends" || ok
[ "$(field Recommends)" = "libsqlite3-0, libpq5" ] && ok || bad "Recommends: $(field Recommends)"
grep -q 'sqlite\|libpq' <<<"$depends" && bad "a history store's library is a Depends: $depends" || ok

# Contents.
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$T/contents"
for f in /usr/bin/awrdiff /usr/share/man/man1/awrdiff.1.gz /usr/share/bash-completion/completions/awrdiff \
  /usr/lib/systemd/system/awrdiff-check.service /usr/lib/systemd/system/awrdiff-check.timer \
  /usr/lib/sysusers.d/awrdiff.conf /usr/lib/tmpfiles.d/awrdiff.conf /usr/share/doc/awrdiff/copyright \
  /usr/share/doc/awrdiff/changelog.gz; do
  grep -qx -- "$f" "$T/contents" && ok || bad "not in the package: $f"
done
grep -q '^/usr/local\|^/var\|^/etc' "$T/contents" && bad "files outside /usr: $(grep '^/usr/local\|^/var\|^/etc' "$T/contents")" || ok
dpkg-deb -c "$deb" | awk '$2 != "root/root" {print}' | grep . && bad "files not owned by root" || ok

# Maintainer scripts: the user and folder from sysusers.d and tmpfiles.d (or useradd / install -d), no unit enabled.
dpkg-deb -e "$deb" "$T/control"
for s in postinst prerm postrm; do
  [ -x "$T/control/$s" ] && sh -n "$T/control/$s" && ok || bad "maintainer script $s missing, not executable or not sh"
done
grep -q 'systemd-sysusers awrdiff.conf' "$T/control/postinst" && grep -q 'systemd-tmpfiles --create awrdiff.conf' \
  "$T/control/postinst" && ok || bad "postinst does not create the user and /var/lib/awrdiff"
grep -v '^ *#' "$T/control/postinst" | grep -q 'enable' && bad "postinst enables a unit" || ok

# Unpacked in a scratch root: the packaged binary runs, with no library from the build tree.
dpkg -x "$deb" "$T/root"
out=$(env -i PATH=/usr/bin:/bin "$T/root/usr/bin/awrdiff" --version 2>&1)
[ "$out" = "$version" ] && ok || bad "$T/root/usr/bin/awrdiff --version: '$out', expected '$version'"
cmp -s "$T/root/usr/share/bash-completion/completions/awrdiff" "$src/completions/awrdiff.bash" && ok ||
  bad "the packaged completion differs from completions/awrdiff.bash"
gzip -dc "$T/root/usr/share/man/man1/awrdiff.1.gz" | grep -q '^\.TH AWRDIFF 1' && ok || bad "the packaged man page"
grep -qx 'u awrdiff - .*/var/lib/awrdiff' "$T/root/usr/lib/sysusers.d/awrdiff.conf" && ok || bad "sysusers.d: no user awrdiff"
grep -q '^d /var/lib/awrdiff  *0750 awrdiff awrdiff' "$T/root/usr/lib/tmpfiles.d/awrdiff.conf" && ok ||
  bad "tmpfiles.d: no /var/lib/awrdiff"

# What postinst asks of systemd-sysusers and systemd-tmpfiles, applied to the scratch root (--root: this host's users
# and folders are left alone): the user and group awrdiff, /var/lib/awrdiff and its reports folder owned by them.
if command -v systemd-sysusers >/dev/null 2>&1 && command -v systemd-tmpfiles >/dev/null 2>&1; then
  mkdir -p "$T/root/etc"
  systemd-sysusers --root="$T/root" awrdiff.conf >"$T/sysusers" 2>&1 && ok || bad "systemd-sysusers: $(cat "$T/sysusers")"
  uid=$(awk -F: '$1 == "awrdiff" {print $3 ":" $4 ":" $6 ":" $7}' "$T/root/etc/passwd")
  grep -q '^[0-9]*:[0-9]*:/var/lib/awrdiff:/usr/sbin/nologin$' <<<"$uid" && ok || bad "no system user awrdiff: '$uid'"
  systemd-tmpfiles --root="$T/root" --create awrdiff.conf >"$T/tmpfiles" 2>&1 && ok || bad "systemd-tmpfiles: $(cat "$T/tmpfiles")"
  want="${uid%%:*}:${uid#*:}"
  want=${want%%:/*}
  [ "$(stat -c '%a %u:%g' "$T/root/var/lib/awrdiff")" = "750 $want" ] && ok ||
    bad "/var/lib/awrdiff: $(stat -c '%a %u:%g' "$T/root/var/lib/awrdiff"), expected 750 $want"
  [ "$(stat -c '%a %u:%g' "$T/root/var/lib/awrdiff/reports")" = "2770 $want" ] && ok ||
    bad "/var/lib/awrdiff/reports: $(stat -c '%a %u:%g' "$T/root/var/lib/awrdiff/reports"), expected 2770 $want"
else
  echo "NOTE: systemd-sysusers or systemd-tmpfiles not found: the user and folder the postinst creates are not tried"
fi

# The packaged units: the ones of contrib/systemd, which systemd-analyze accepts (its man check reads the packaged
# man page); the service's ExecStart line, with the packaged awrdiff first in PATH, on a sample (the hour-by-hour
# series, silent hours and the regression, is tests/cli/monitoring_test.sh's).
unit=$T/root/usr/lib/systemd/system/awrdiff-check.service
for u in awrdiff-check.service awrdiff-check.timer; do
  cmp -s "$T/root/usr/lib/systemd/system/$u" "$src/contrib/systemd/$u" && ok || bad "the packaged $u differs from contrib/"
done
if command -v systemd-analyze >/dev/null 2>&1 && command -v man >/dev/null 2>&1; then
  (cd "$T/root/usr/lib/systemd/system" && MANPATH="$T/root/usr/share/man" \
    systemd-analyze verify ./awrdiff-check.service ./awrdiff-check.timer) >"$T/verify" 2>&1 && ok ||
    bad "systemd-analyze verify: $(cat "$T/verify")"
  [ ! -s "$T/verify" ] && ok || bad "systemd-analyze verify said: $(cat "$T/verify")"
else
  echo "NOTE: systemd-analyze or man not found: the packaged units are not verified"
fi
cmd=$(sed -n 's/^ExecStart=//p' "$unit")
mkdir -p "$T/reports"
cp "$src/samples/good.html" "$T/reports/"
eval "env PATH='$T/root/usr/bin':\"\$PATH\" AWR_DIR='$T/reports' AWRDIFF_HISTORY='$T/h.sqlite' $cmd" >"$T/svc.out" 2>&1
rc=$?
[ "$rc" = 0 ] && [ ! -s "$T/svc.out" ] && ok || bad "the packaged ExecStart on samples/good.html: exit $rc: $(cat "$T/svc.out")"
[ -s "$T/h.sqlite" ] && ok || bad "the packaged ExecStart stored no period in \$AWRDIFF_HISTORY"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
