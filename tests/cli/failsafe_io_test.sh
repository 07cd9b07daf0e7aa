#!/usr/bin/env bash
# The gate fails safe on its files and stores: no input can hang awrdiff or make it hold memory without bound
# (a FIFO without a writer, a device as the policy, binary data on standard input), no -o replaces an input,
# a file the user could not write, or leaves a temporary file behind on a signal; a damaged SQLite store is not
# written to; PostgreSQL has timeouts, and a role's missing privilege or a NaN stored is an error, as on SQLite.
# Each case is a reproducer of docs/robustness.md ("Hangs and memory", "Files and stores").
#   tests/cli/failsafe_io_test.sh AWRDIFF SOURCE_DIR [SANITIZED]
set -u
bin=$(realpath "$1")
root=$(realpath "$2")
sanitized=${3:-OFF}  # ON: under ASan + UBSan (slower; RSS means little)
tmp=$(mktemp -d /tmp/awrdiff-failsafe-XXXXXX)
chmod 755 "$tmp"
PG_DIR=""
bg=()
cleanup() {
  for p in "${bg[@]}"; do kill "$p" 2>/dev/null; done
  if [ -n "$PG_DIR" ]; then
    $AS_PG "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$PG_DIR"
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() {  # check NAME EXPECTED_RC COMMAND...: stdout in $tmp/out, stderr in $tmp/err
  local name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = "$want" ]; then ok; else
    bad "$name: exit $rc, wanted $want: $(head -c 600 "$tmp/err")"
  fi
}
has() {  # has NAME PATTERN [FILE]: grep -E
  if grep -qE -- "$2" "${3:-$tmp/err}"; then ok; else bad "$1: no /$2/ in: $(head -c 600 "${3:-$tmp/err}")"; fi
}
one_line() {  # the last command's stderr is one line
  if [ "$(wc -l <"$tmp/err")" = 1 ]; then ok; else bad "$1: not one line on stderr: $(cat "$tmp/err")"; fi
}
# limited NAME RC SECONDS MAX_RSS_MB COMMAND...: exit code within a time bound (a hang is a timeout: 124) and peak RSS
limited() {
  local name=$1 want=$2 secs=$3 max_mb=$4
  shift 4
  if [ -x /usr/bin/time ] && [ "$sanitized" != ON ]; then
    check "$name" "$want" /usr/bin/time -f '%M' -o "$tmp/rss" timeout "$secs" "$@"
    local kb
    kb=$(tail -1 "$tmp/rss")
    if [ "${kb:-0}" -le $((max_mb * 1024)) ]; then ok; else bad "$name: peak RSS $((kb / 1024)) MB > $max_mb MB"; fi
  else
    check "$name" "$want" timeout "$((secs * 4))" "$@"
  fi
}

s=$root/samples
cd "$tmp" || exit 1

# ==== Hangs and memory ====================================================================================
# A named pipe with no writer: refused at once by every command that reads a file (it used to block in open()).
mkfifo "$tmp/fifo"
limited "FIFO: snapshot" 2 10 60 "$bin" snapshot "$tmp/fifo"
has "FIFO: named" "fifo: a named pipe \(FIFO\), not a regular file"
one_line "FIFO: snapshot"
limited "FIFO: compare" 2 10 60 "$bin" "$s/good.html" "$tmp/fifo"
limited "FIFO: report" 2 10 60 "$bin" report "$tmp/fifo"
limited "FIFO: check current" 2 10 60 "$bin" check --baseline "$s/good.html" "$s/good_1.html" "$tmp/fifo"
limited "FIFO: check baseline" 2 10 60 "$bin" check --baseline "$tmp/fifo" "$s/good_1.html" "$s/bad.html"
limited "FIFO: check policy" 2 10 60 "$bin" check --policy "$tmp/fifo" --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html"
has "FIFO policy: named" "fifo: a named pipe \(FIFO\)"
limited "FIFO: baseline save" 2 10 60 "$bin" baseline save "$tmp/fifo" -o "$tmp/b.json"
limited "FIFO: history add" 2 10 60 "$bin" history add --db "$tmp/h.sqlite" "$tmp/fifo"
limited "FIFO: history store" 2 10 60 "$bin" history add --db "$tmp/fifo" "$s/good.html"
has "FIFO store: named" "not a regular file"
limited "FIFO: check --history store" 2 10 60 "$bin" check --history --db "$tmp/fifo" "$s/good.html"
# -o onto a FIFO nobody reads: refused at once (the open used to block for ever); with a reader it is written.
limited "FIFO: -o without a reader" 2 10 60 "$bin" "$s/good.html" "$s/bad.html" -o "$tmp/fifo"
has "FIFO -o: named" "is a FIFO with no reader"
one_line "FIFO: -o without a reader"
# The same stream as standard input is read (the shell opens the FIFO): the way to give one.
{ cat "$s/bad.html" >"$tmp/fifo" & }
check "FIFO as standard input" 0 timeout 20 sh -c '"$0" -s "$1" - <"$2"' "$bin" "$s/good.html" "$tmp/fifo"
wait
# A pipe the shell opened (process substitution) is an open descriptor, as standard input is: read.
check "process substitution" 0 timeout 20 "$bin" -s "$s/good.html" <(cat "$s/bad.html")

# A device as the policy file: refused before a byte is read (it took 4.2 GB in 10 s).
limited "policy /dev/zero" 2 10 60 "$bin" check --policy /dev/zero --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html"
has "policy device: named" "/dev/zero: not a regular file \(a device\), not a policy file"
one_line "policy /dev/zero"
limited "policy /dev/urandom" 2 10 60 "$bin" check --policy /dev/urandom --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html"
truncate -s 3G "$tmp/huge.toml"  # sparse
limited "policy of 3 GB" 2 10 60 "$bin" check --policy "$tmp/huge.toml" --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html"
has "policy size: named" "huge.toml: file larger than 1 MiB; a policy file is a few KB"
rm -f "$tmp/huge.toml"
{ printf '[metric."db_time_per_s"]\nfail_z = 4\n'; head -c 2000000 /dev/zero | tr '\0' '#'; } >"$tmp/long.toml"
check "policy of 2 MB" 2 "$bin" check --policy "$tmp/long.toml" --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html"
has "policy 2 MB: named" "long.toml: file larger than 1 MiB"
limited "policy directory" 2 10 60 "$bin" check --policy "$tmp" --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html"
has "policy directory: named" "is a directory, not a policy file"
check "policy missing" 2 "$bin" check --policy "$tmp/nosuch.toml" --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html"
has "policy missing: named" "nosuch.toml: no such file"
# --policy -: the policy read from standard input (a policy that gates DB time at z 4: the regression fails); with
# the current report also read from there, refused (it can be read once); a bad policy named as standard input.
printf '[metric."db_time_per_s"]\nfail_z = 4\n' >"$tmp/stdin-policy.toml"
check "policy from standard input" 1 "$bin" check --policy - --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html" \
  <"$tmp/stdin-policy.toml"
has "policy from standard input: used" "^FAIL" "$tmp/out"
check "policy and current report both -" 2 "$bin" check --policy - --baseline "$s/good.html" "$s/good_1.html" - \
  <"$tmp/stdin-policy.toml"
has "both from standard input: said" "--policy - and a current report - both read standard input"
printf '[metric."db_time_per_s"\n' >"$tmp/broken.toml"
check "broken policy on standard input" 2 "$bin" check --policy - --baseline "$s/good.html" "$s/good_1.html" "$s/bad.html" \
  <"$tmp/broken.toml"
has "broken policy: named as standard input" "^awrdiff: standard input: "
! grep -q "no such file" "$tmp/err" && ok || bad "--policy -: 'no such file'"
# Binary data on standard input: refused after its first 64 KiB, not buffered to 512 MiB first.
limited "binary stdin (300 MB of NULs)" 2 20 60 sh -c 'head -c 300000000 /dev/zero | "$0" snapshot -' "$bin"
has "binary stdin: named" "standard input: binary file, not a report"
limited "binary stdin, compare" 2 20 60 sh -c 'head -c 300000000 /dev/zero | "$0" "$1" -' "$bin" "$s/good.html"
# Random (or compressed) bytes hold NUL bytes, if rarely four in a row: refused from their first 64 KiB too
# (it was after 300 MB: 545 MB RSS, 13 s).
limited "binary stdin (300 MB of random bytes)" 2 20 60 sh -c 'head -c 300000000 /dev/urandom | "$0" snapshot -' "$bin"
has "random stdin: named" "standard input: binary file, not a report"
one_line "random stdin"
# A regular file redirected to standard input: its size is known, a file over the limit is refused unread.
truncate -s 3G "$tmp/huge.html"
limited "3 GB file on stdin" 2 10 60 sh -c '"$0" snapshot - <"$1"' "$bin" "$tmp/huge.html"
has "3 GB stdin: named" "standard input: file larger than 512 MiB"
rm -f "$tmp/huge.html"
check "a socket" 2 python3 -c '
import socket, subprocess, sys
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[2])
sys.exit(subprocess.run([sys.argv[1], "snapshot", sys.argv[2]], timeout=10).returncode)' "$bin" "$tmp/sock"
has "socket: named" "sock: not a regular file \(a socket\)"

# ==== Files and stores ====================================================================================
# -o onto an input is refused, by any of its names: the policy file (it was overwritten), through a symlink
# and a hard link; reports, baselines and the store likewise.
printf '[metric."db_time_per_s"]\nfail_z = 4\n' >"$tmp/policy.toml"
cp "$tmp/policy.toml" "$tmp/policy.orig"
ln -s "$tmp/policy.toml" "$tmp/policy-link.toml"
ln "$tmp/policy.toml" "$tmp/policy-hard.toml"
for out in policy.toml policy-link.toml policy-hard.toml; do
  check "-o onto the policy ($out)" 2 "$bin" check --policy "$tmp/policy.toml" --baseline "$s/good.html" "$s/good_1.html" \
    "$s/bad.html" -o "$tmp/$out"
  has "-o onto the policy ($out): named" "$out: is the policy file; choose another output file"
done
check "-o onto the policy, check --history" 2 "$bin" check --history --db "$tmp/none.sqlite" --policy "$tmp/policy.toml" \
  "$s/bad.html" -o "$tmp/policy-link.toml"
cmp -s "$tmp/policy.toml" "$tmp/policy.orig" && ok || bad "the policy file was changed"
cp "$s/bad.html" "$tmp/current.html"
"$bin" history add --db "$tmp/cur.sqlite" "$s/good.html" "$s/good_1.html" 2>/dev/null
check "-o onto the current report, check --history" 2 "$bin" check --history --db "$tmp/cur.sqlite" "$tmp/current.html" \
  -o "$tmp/current.html"
has "-o onto the current report: named" "current.html: is an input report"
cmp -s "$tmp/current.html" "$s/bad.html" && ok || bad "check --history -o replaced the current report"
cp "$s/good.html" "$tmp/base.html"
ln -s "$tmp/base.html" "$tmp/base-link.html"
check "-o onto a baseline source via a link" 2 "$bin" check --baseline "$tmp/base.html" "$s/good_1.html" "$s/bad.html" \
  -o "$tmp/base-link.html"
check "-o onto a baseline save source via a link" 2 "$bin" baseline save "$tmp/base.html" -o "$tmp/base-link.html"
cmp -s "$tmp/base.html" "$s/good.html" && ok || bad "a baseline source was changed"

# A file the user could not write is not replaced through the rename (read-only; another user's).
AS=""
if [ "$(id -u)" = 0 ]; then
  command -v setpriv >/dev/null && AS="setpriv --reuid=nobody --regid=nogroup --clear-groups" || AS=skip
fi
if [ "$AS" = skip ]; then
  echo "SKIP: unwritable -o targets (running as root without setpriv: permissions do not bind root)"
else
  mkdir -p "$tmp/w"
  chmod 777 "$tmp/w"
  echo "keep me" >"$tmp/w/ro.txt"
  chmod 444 "$tmp/w/ro.txt"
  [ -n "$AS" ] && chown nobody "$tmp/w/ro.txt"
  check "-o onto a read-only file" 2 $AS "$bin" report "$s/good.html" -o "$tmp/w/ro.txt"
  has "read-only target: named" "ro.txt: is not writable by you"
  [ "$(cat "$tmp/w/ro.txt")" = "keep me" ] && ok || bad "the read-only file was replaced"
  if [ -n "$AS" ]; then  # as root: a file of root's (644) in a directory everyone may write, written as nobody
    echo "root's" >"$tmp/w/theirs.txt"
    chmod 644 "$tmp/w/theirs.txt"
    check "-o onto another user's file" 2 $AS "$bin" report "$s/good.html" -o "$tmp/w/theirs.txt"
    [ "$(cat "$tmp/w/theirs.txt")" = "root's" ] && ok || bad "another user's file was replaced"
    check "-o onto a new file in that directory" 0 $AS "$bin" report "$s/good.html" -o "$tmp/w/mine.txt"
  fi
fi

# A signal during -o leaves no temporary file: SIGXFSZ (a file size limit; the same handler as cron's
# SIGTERM and Ctrl-C), deterministic; then SIGTERM itself, sent while the temporary file exists.
mkdir -p "$tmp/sig"
(
  ulimit -f 8  # 8 blocks of 512 bytes (bash): the HTML page is larger
  exec "$bin" -f html "$s/good.html" "$s/bad.html" -o "$tmp/sig/page.html"
) >/dev/null 2>&1
code=$?
[ "$code" -gt 128 ] && ok || bad "SIGXFSZ: exit $code, expected death by the signal"
left=$(find "$tmp/sig" -name '.*.tmp.*' | wc -l)
[ "$left" = 0 ] && ok || bad "SIGXFSZ left a temporary file: $(ls -a "$tmp/sig")"
[ ! -e "$tmp/sig/page.html" ] && ok || bad "SIGXFSZ: a half-written page.html"
# A signal ignored by the caller stays ignored (nohup's SIGHUP; here SIGXFSZ): the write fails, exit 2, no file.
(
  trap '' XFSZ
  ulimit -f 8
  exec "$bin" -f html "$s/good.html" "$s/bad.html" -o "$tmp/sig/page.html"
) >/dev/null 2>"$tmp/err"
code=$?
[ "$code" = 2 ] && ok || bad "SIGXFSZ ignored: exit $code, expected 2 (write failed)"
[ -z "$(find "$tmp/sig" -name '.*.tmp.*')" ] && [ ! -e "$tmp/sig/page.html" ] && ok || bad "SIGXFSZ ignored: $(ls -a "$tmp/sig")"
# SIGTERM: the run is stopped (SIGSTOP) once its temporary file appears, then terminated.
python3 - "$bin" "$s" "$tmp/sig" <<'PY' && ok || bad "SIGTERM left a temporary file"
import glob, os, signal, subprocess, sys, time
bin, s, d = sys.argv[1:4]
# A large output: the snapshot JSON of many copies of a sample's SQL section takes long enough to write.
for attempt in range(20):
    p = subprocess.Popen([bin, "-f", "json", "--base", *[f"{s}/good.html"] * 1, *[f"{s}/good_{i}.html" for i in range(1, 5)],
                          "--target", f"{s}/bad.html", "-o", f"{d}/out.json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = False
    while p.poll() is None:
        if glob.glob(f"{d}/.out.json.tmp.*"):
            os.kill(p.pid, signal.SIGSTOP)
            seen = bool(glob.glob(f"{d}/.out.json.tmp.*"))
            os.kill(p.pid, signal.SIGTERM)
            os.kill(p.pid, signal.SIGCONT)
            break
    rc = p.wait()
    if seen:
        left = glob.glob(f"{d}/.out.json.tmp.*")
        assert rc == -signal.SIGTERM, rc
        assert not left, left
        print(f"SIGTERM while writing (attempt {attempt + 1}): no temporary file left")
        sys.exit(0)
print("SKIP: the run never was caught writing its temporary file (too fast here)")
PY
# Every other signal whose default action ends the process, sent at the one moment the temporary file is complete
# and not yet renamed: strace stops the rename (EINTR) and delivers the signal there. Each run dies by the signal
# (or, when the caller ignores it, fails on the rename: exit 2) and leaves neither the temporary file nor the output.
if command -v strace >/dev/null && strace -qq -o /dev/null true 2>/dev/null; then
  for sig in XCPU ALRM USR1 USR2 PIPE VTALRM PROF HUP QUIT; do
    rm -f "$tmp/sig/out.json"
    strace -f -qq -o /dev/null -e trace=rename,renameat,renameat2 \
      -e inject=rename,renameat,renameat2:signal=$sig:error=EINTR \
      "$bin" -f json "$s/good.html" "$s/bad.html" -o "$tmp/sig/out.json" >/dev/null 2>&1
    code=$?
    { [ "$code" -gt 128 ] || [ "$code" = 2 ]; } && ok || bad "SIG$sig during -o: exit $code"
    left=$(find "$tmp/sig" -name '.out.json.tmp.*')
    [ -z "$left" ] && ok || bad "SIG$sig during -o left a temporary file: $left"
    [ ! -e "$tmp/sig/out.json" ] && ok || bad "SIG$sig during -o: out.json written"
    rm -f "$tmp"/sig/.out.json.tmp.*
  done
else
  # Without strace: each signal sent as SIGTERM is above, once the temporary file appears (the run stopped).
  python3 - "$bin" "$s" "$tmp/sig" <<'PY' && ok || bad "a signal during -o left a temporary file"
import glob, os, signal, subprocess, sys
bin, s, d = sys.argv[1:4]
for name in ["SIGXCPU", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGPIPE", "SIGVTALRM", "SIGPROF"]:
    sig = getattr(signal, name)
    for attempt in range(20):
        p = subprocess.Popen([bin, "-f", "json", "--base", f"{s}/good.html", *[f"{s}/good_{i}.html" for i in range(1, 5)],
                              "--target", f"{s}/bad.html", "-o", f"{d}/out.json"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        seen = False
        while p.poll() is None:
            if glob.glob(f"{d}/.out.json.tmp.*"):
                os.kill(p.pid, signal.SIGSTOP)
                seen = bool(glob.glob(f"{d}/.out.json.tmp.*"))
                os.kill(p.pid, sig)
                os.kill(p.pid, signal.SIGCONT)
                break
        rc = p.wait()
        if seen:
            assert rc == -sig, (name, rc)
            assert not glob.glob(f"{d}/.out.json.tmp.*"), name
            break
    else:
        print(f"SKIP: {name}: the run never was caught writing its temporary file (too fast here)")
PY
fi
# -o onto a dangling symlink writes the file it points to; the link stays a link.
ln -s target.txt "$tmp/sig/dangling.txt"
check "-o onto a dangling symlink" 0 "$bin" report "$s/good.html" -o "$tmp/sig/dangling.txt"
[ -L "$tmp/sig/dangling.txt" ] && ok || bad "-o replaced the dangling symlink"
grep -q "ORCL19" "$tmp/sig/target.txt" 2>/dev/null && ok || bad "-o onto a dangling symlink: its target not written"
# A dangling link into a missing directory, and a loop of links: refused, named.
ln -s missing/dir/target.txt "$tmp/sig/nowhere.txt"
check "-o onto a link into a missing directory" 2 "$bin" report "$s/good.html" -o "$tmp/sig/nowhere.txt"
has "link into a missing directory: named" "nowhere.txt: cannot write \(directory missing"
[ -L "$tmp/sig/nowhere.txt" ] && ok || bad "the link into a missing directory was replaced"
ln -s loop-b "$tmp/sig/loop-a"
ln -s loop-a "$tmp/sig/loop-b"
check "-o onto a loop of symlinks" 2 "$bin" report "$s/good.html" -o "$tmp/sig/loop-a"
has "loop of symlinks: named" "loop-a: is a loop of symlinks"
# Temporary files of killed runs (SIGKILL cannot be caught) are removed by the next run: those of dead
# processes only.
sleep 300 &
alive=$!
bg+=("$alive")
dead=4194000
while kill -0 "$dead" 2>/dev/null; do dead=$((dead - 1)); done
echo partial >"$tmp/sig/.report.txt.tmp.$dead"
echo partial >"$tmp/sig/.report.txt.tmp.$alive"
check "-o after a killed run" 0 "$bin" report "$s/good.html" -o "$tmp/sig/report.txt"
[ ! -e "$tmp/sig/.report.txt.tmp.$dead" ] && ok || bad "a dead process's temporary file was kept"
[ -e "$tmp/sig/.report.txt.tmp.$alive" ] && ok || bad "a running process's temporary file was removed"
kill "$alive" 2>/dev/null

# A damaged SQLite store is not written to: add, check --add and export refuse it (exit 2), the file unchanged.
D="$tmp/damaged.sqlite"
"$bin" history add --db "$D" "$s/good.html" "$s/good_1.html" "$s/good_2.html" 2>/dev/null
python3 - "$D" <<'PY'
# Damage that the statements of an add never read: the b-tree page of an index of periods (its cells point
# nowhere), so that without a check the add went on and exited 0.
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
page = c.execute("SELECT rootpage FROM sqlite_master WHERE name = 'checks_series'").fetchone()[0]
size = c.execute("PRAGMA page_size").fetchone()[0]
c.close()
with open(sys.argv[1], "r+b") as f:
    f.seek((page - 1) * size)
    f.write(b"\x0d" + b"\xff" * 7)  # a leaf table page header with a garbage cell count and offsets
PY
sum=$(md5sum <"$D")
check "damaged store: add" 2 "$bin" history add --db "$D" "$s/good_3.html"
has "damaged store: named" "the store is damaged \(SQLite quick_check: "
one_line "damaged store: add"
check "damaged store: check --add" 2 "$bin" check --history --add --db "$D" "$s/good_3.html"
check "damaged store: export" 2 "$bin" history export --db "$D"
# Reading a damaged store is no silent pass either: list and show say so in one line naming the file (issue 33).
for cmd in list "show db_time_per_s"; do
  check "damaged store: $cmd" 2 "$bin" history $cmd --db "$D"
  has "damaged store: $cmd names it" "^awrdiff: $D: the store is damaged \(SQLite quick_check: "
  one_line "damaged store: $cmd"
done
# The fleet page reads the store on a connection per core: the damage is still said once, in one line.
check "damaged store: fleet" 2 "$bin" fleet --db "$D"
has "damaged store: fleet names it" "^awrdiff: $D: the store is damaged \(SQLite quick_check: "
one_line "damaged store: fleet"
[ "$(md5sum <"$D")" = "$sum" ] && ok || bad "the damaged store was changed"
# A file whose pages SQLite cannot even walk (its quick_check fails itself): the same one line, never an internal error.
M="$tmp/malformed.sqlite"
cp "$D" "$M"
python3 -c '
import sys
with open(sys.argv[1], "r+b") as f:
    f.seek(4096)
    f.write(b"\xff" * 4096)' "$M"
check "malformed store: fleet" 2 "$bin" fleet --db "$M"
has "malformed store: fleet names it" "^awrdiff: $M: the store is damaged"
one_line "malformed store: fleet"
[ ! -e "$D-wal" ] || [ ! -s "$D-wal" ] && ok || bad "the damaged store got a WAL"

# A value that is not a number in an SQLite store ('NaN' as text): refused, not read as 0.
Q="$tmp/nan.sqlite"
"$bin" history add --db "$Q" "$s/good.html" "$s/good_1.html" "$s/good_2.html" "$s/good_3.html" 2>/dev/null
python3 -c '
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE metric_values SET value = ? WHERE metric_id = (SELECT metric_id FROM metrics WHERE metric_key = ?)", ("NaN", "db_time_per_s"))
c.commit()' "$Q"
check "NaN in an SQLite store: check" 2 "$bin" check --history --db "$Q" "$s/bad.html"
has "NaN in an SQLite store: named" "not a finite number \('NaN'\)"
check "NaN in an SQLite store: export" 2 "$bin" history export --db "$Q"

# Hostile snapshot bodies (issue 33): four zlib bombs (400 MB of zeros in 0.4 MB, as recorded), one that lies about its
# size (marked 2 KB, inflating to 400 MB) and one marked 1 GiB. `timeline` reads none of them in full: fast, small,
# and each left out is said, naming its period, not skipped silently.
B="$tmp/bombs.sqlite"
"$bin" history add --db "$B" "$s/good.html" "$s/good_1.html" "$s/good_2.html" "$s/good_3.html" "$s/good_4.html" "$s/bad.html" \
  2>/dev/null
python3 - "$B" <<'PY'
import sqlite3, sys, zlib
z = zlib.compressobj(9)
zero = bytes(1 << 20)
bomb = b"".join(z.compress(zero) for _ in range(400)) + z.flush()
c = sqlite3.connect(sys.argv[1])
# The same six in the snapshots' bodies (check's typical period reads them; so does the timeline of a store
# written before schema 3) and in the periods' stored details (the timeline's and the fleet page's read).
for table in ("snapshots", "details"):
    ids = [r[0] for r in c.execute(f"SELECT period_id FROM {table} ORDER BY period_id")]
    assert len(ids) == 6, ids
    for i in ids[:4]:
        c.execute(f"UPDATE {table} SET body = ?, json_bytes = ? WHERE period_id = ?", (bomb, 400 << 20, i))
    c.execute(f"UPDATE {table} SET body = ?, json_bytes = ? WHERE period_id = ?", (bomb, 2048, ids[4]))
    c.execute(f"UPDATE {table} SET json_bytes = ? WHERE period_id = ?", (1 << 30, ids[5]))
c.commit()
PY
cp "$B" "$tmp/bombs_bodies.sqlite"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM details"); c.commit()' "$tmp/bombs_bodies.sqlite"
for store in "$B" "$tmp/bombs_bodies.sqlite"; do
  limited "zlib bombs: timeline of $store" 0 10 200 "$bin" timeline -f json --db "$store"
  [ "$(grep -c 'was not read back' "$tmp/out")" = 6 ] && ok || bad "zlib bombs: not 6 said ($store): $(grep 'read back' "$tmp/out")"
  has "zlib bomb: named" "stored snapshot of the period .* \(snaps [0-9]+-[0-9]+\) \(.*good.*\.html\) was not read back.*: its body of [0-9.]+ KiB is marked 400 MiB, more than 100x its size: a zlib bomb" "$tmp/out"
  has "a body marked 1 GiB: named" "\(.*bad\.html\) was not read back.*: its body is marked 1 GiB, more than the 512 MiB a stored snapshot may inflate to" "$tmp/out"
  has "a body lying about its size: named" "damaged: its body does not inflate to the 2 KiB recorded" "$tmp/out"
done
limited "zlib bombs: check" 0 10 200 "$bin" check -f json --history --db "$B" "$s/good_4.html"
has "zlib bombs: check names them" "the stored snapshot of the period of [0-9T:-]+ \(.*good_3\.html\) is left out of the typical period: its body of [0-9.]+ KiB is marked 400 MiB, more than 100x its size: a zlib bomb" "$tmp/out"

# ==== PostgreSQL: timeouts, privileges, NaN ===============================================================
# A server that accepts and never answers: the connect timeout (10 s by default) ends the run, exit 2.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -c '
import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(8)
held = []
while True:
    c, _ = s.accept(); held.append(c)' "$port" &
bg+=("$!")
for _ in $(seq 100); do (: >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done  # listening
start=$SECONDS
check "PostgreSQL: a silent server (default connect timeout)" 2 timeout 60 "$bin" history list \
  --db "postgresql://x@127.0.0.1:$port/db?sslmode=disable"
has "silent server: named" "no answer from the server within the connect timeout \(10 s"
one_line "silent server"
[ $((SECONDS - start)) -le 30 ] && ok || bad "silent server: $((SECONDS - start)) s"
check "PostgreSQL: a silent server, connect_timeout=2" 2 timeout 60 "$bin" check --history --add \
  --db "postgresql://x@127.0.0.1:$port/db?sslmode=disable&connect_timeout=2" "$s/bad.html"
has "silent server, own timeout: named" "within the connect timeout \(as set"
# connect_timeout=0 (libpq: wait forever), negative, or PGCONNECT_TIMEOUT=0: awrdiff's own deadline still applies.
for t in 0 -5; do
  start=$SECONDS
  check "PostgreSQL: a silent server, connect_timeout=$t" 2 timeout 60 "$bin" history list \
    --db "postgresql://x@127.0.0.1:$port/db?sslmode=disable&connect_timeout=$t"
  has "silent server, connect_timeout=$t: the default deadline" "within the connect timeout \(10 s"
  [ $((SECONDS - start)) -le 30 ] && ok || bad "silent server, connect_timeout=$t: $((SECONDS - start)) s"
done
start=$SECONDS
check "PostgreSQL: a silent server, PGCONNECT_TIMEOUT=0" 2 env PGCONNECT_TIMEOUT=0 timeout 60 "$bin" history list \
  --db "postgresql://x@127.0.0.1:$port/db?sslmode=disable"
[ $((SECONDS - start)) -le 30 ] && ok || bad "silent server, PGCONNECT_TIMEOUT=0: $((SECONDS - start)) s"
# A server that completes the connection, then never answers a statement (a hung server process, a network
# cut after connect): libpq alone would wait forever. The client gives up after the connect timeout while
# setting up the session (the statement timeout and 10 s more afterwards, below with a real server), exit 2.
port2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -c '
import socket, struct, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(8)
held = []
def read(c, n):
    b = b""
    while len(b) < n:
        part = c.recv(n - len(b))
        if not part: raise EOFError
        b += part
    return b
while True:
    c, _ = s.accept(); held.append(c)
    try:
        while True:  # SSLRequest / GSSENCRequest: "N", then the startup message
            n, code = struct.unpack("!ii", read(c, 8)); read(c, n - 8)
            if code in (80877103, 80877104): c.sendall(b"N")
            else: break
        # AuthenticationOk, ReadyForQuery: connected. Then silence, whatever is asked.
        c.sendall(b"R" + struct.pack("!ii", 8, 0) + b"Z" + struct.pack("!i", 5) + b"I")
    except EOFError:
        pass' "$port2" &
bg+=("$!")
for _ in $(seq 100); do (: >"/dev/tcp/127.0.0.1/$port2") 2>/dev/null && break; sleep 0.1; done  # listening
start=$SECONDS
check "PostgreSQL: a server silent after connecting" 2 timeout 60 "$bin" history list \
  --db "postgresql://x@127.0.0.1:$port2/db?sslmode=disable&connect_timeout=2"
has "silent after connecting: named" "no answer from the PostgreSQL server for 2 s \(the connect timeout\): the server or the network stopped answering"
one_line "silent after connecting"
[ $((SECONDS - start)) -le 15 ] && ok || bad "silent after connecting: $((SECONDS - start)) s"
check "PostgreSQL: a server silent after connecting, check --add" 2 timeout 60 "$bin" check --history --add \
  --db "postgresql://x@127.0.0.1:$port2/db?sslmode=disable&connect_timeout=2" "$s/bad.html"
has "silent after connecting, check: named" "no answer from the PostgreSQL server"

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
AS_PG=""
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "SKIP: PostgreSQL (no initdb under /usr/lib/postgresql/*/bin: install Debian's postgresql)"
elif [ "$(id -u)" = 0 ] && ! command -v setpriv >/dev/null; then
  echo "SKIP: PostgreSQL (running as root without setpriv)"
else
  PG_DIR=$(mktemp -d /tmp/awrdiff-pg-failsafe-XXXXXX)
  if [ "$(id -u)" = 0 ]; then
    chown nobody "$PG_DIR"
    AS_PG="setpriv --reuid=nobody --regid=nogroup --clear-groups"
  fi
  if $AS_PG "$PG_BIN/initdb" -D "$PG_DIR/data" -U awrdiff --auth=trust -E UTF8 --no-sync >"$PG_DIR/log" 2>&1 &&
    $AS_PG "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
      -o "-k $PG_DIR -c listen_addresses='' -p 5432 -c fsync=off" start >>"$PG_DIR/log" 2>&1; then
    PG="postgresql://awrdiff@/postgres?host=$PG_DIR&port=5432"
    psql() { "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p 5432 -U awrdiff -d postgres "$@"; }
    check "PostgreSQL: add" 0 "$bin" history add --db "$PG" "$s/good.html" "$s/good_1.html" "$s/good_2.html" "$s/good_3.html"
    # A table lock held by another session: the add waits at most the lock timeout, then exit 2 naming it
    # (overridden to 2 s through the URI, as a DBA would; the default is 30 s).
    psql -c "BEGIN; LOCK TABLE periods IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(60);" >/dev/null 2>&1 &
    locker=$!
    bg+=("$locker")
    sleep 1
    start=$SECONDS
    check "PostgreSQL: a held table lock" 2 timeout 60 "$bin" history add \
      --db "$PG&options=-c%20lock_timeout%3D2s" "$s/good_4.html"
    has "held lock: named" "lock timeout"
    has "held lock: the timeout in force said" "lock timeout \(lock_timeout 2 s\)"
    ! grep -q "more than 30 s" "$tmp/err" && ok || bad "held lock: a 2 s lock timeout said as 30 s"
    one_line "held lock"
    [ $((SECONDS - start)) -le 20 ] && ok || bad "held lock: $((SECONDS - start)) s"
    # The default lock timeout, 30 s, ends the wait by itself.
    start=$SECONDS
    check "PostgreSQL: a held table lock, default timeout" 2 timeout 90 "$bin" history list --db "$PG"
    has "held lock, default: named" "lock timeout"
    el=$((SECONDS - start))
    [ "$el" -ge 25 ] && [ "$el" -le 50 ] && ok || bad "held lock, default timeout: $el s (expected about 30)"
    has "held lock, default: 30 s said" "lock_timeout 30 s"
    # The server process of an add killed while it waits for that lock (pg_terminate_backend): the connection was
    # lost, said as such (it said "cannot open the history store"); nothing stored.
    timeout 60 "$bin" history add --db "$PG&application_name=awrdiff_killed" "$s/good_4.html" >"$tmp/out" 2>"$tmp/err" &
    adder=$!
    killed=""
    for _ in $(seq 40); do
      killed=$(psql -At -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'awrdiff_killed' AND wait_event_type = 'Lock'")
      [ -n "$killed" ] && break
      sleep 0.1
    done
    if [ -n "$killed" ]; then
      psql -c "SELECT pg_terminate_backend($killed)" >/dev/null
      wait "$adder"
      rc=$?
      [ "$rc" = 2 ] && ok || bad "server process killed mid-add: exit $rc, wanted 2: $(head -c 600 "$tmp/err")"
      has "killed mid-add: named" "the connection to the history store was lost while adding .*good_4.html .*: nothing of this change was stored"
      ! grep -q "cannot open the history store" "$tmp/err" && ok || bad "killed mid-add: said as 'cannot open'"
    else
      bad "server process killed mid-add: the waiting backend was not found"
      kill "$adder" 2>/dev/null
    fi
    kill "$locker" 2>/dev/null
    wait "$locker" 2>/dev/null
    psql -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()" >/dev/null 2>&1
    # A server process that stops answering mid-session (SIGSTOP while it waits for that lock: neither its lock
    # nor its statement timeout is ever heard of). The client waits the statement timeout (5 s here) and 10 s
    # more, then exit 2 naming the silence.
    psql -c "BEGIN; LOCK TABLE periods IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(45);" >/dev/null 2>&1 &
    locker=$!
    bg+=("$locker")
    sleep 1
    start=$SECONDS
    timeout 60 "$bin" history list --db "$PG&application_name=awrdiff_stopped&options=-c%20statement_timeout%3D5s%20-c%20lock_timeout%3D0" \
      >"$tmp/out" 2>"$tmp/err" &
    lister=$!
    stopped=""
    for _ in $(seq 40); do
      stopped=$(psql -At -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'awrdiff_stopped' AND wait_event_type = 'Lock'")
      [ -n "$stopped" ] && break
      sleep 0.1
    done
    if [ -n "$stopped" ] && kill -STOP "$stopped"; then
      wait "$lister"
      rc=$?
      kill -CONT "$stopped"
      el=$((SECONDS - start))
      [ "$rc" = 2 ] && ok || bad "stopped server process: exit $rc, wanted 2: $(head -c 600 "$tmp/err")"
      has "stopped server process: named" "no answer from the PostgreSQL server for 15 s \(its statement timeout and 10 s more\)"
      one_line "stopped server process"
      [ "$el" -ge 12 ] && [ "$el" -le 30 ] && ok || bad "stopped server process: $el s (expected about 15)"
    else
      bad "stopped server process: the waiting backend was not found"
      kill "$lister" 2>/dev/null
    fi
    kill "$locker" 2>/dev/null
    wait "$locker" 2>/dev/null
    psql -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(45)%' AND pid <> pg_backend_pid()" >/dev/null 2>&1
    # A role that may add periods but not insert check outcomes: check --add exits 2, as on SQLite (its vote
    # would be lost), not 0 with no vote recorded.
    psql -c "CREATE ROLE adder LOGIN; GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO adder;
             REVOKE INSERT ON checks FROM adder; CREATE ROLE nobody_role LOGIN;" >/dev/null
    ADD_PG="postgresql://adder@/postgres?host=$PG_DIR&port=5432"
    check "PostgreSQL: role without INSERT on checks, check --add" 2 "$bin" check --history --add --db "$ADD_PG" "$s/good_4.html"
    has "no INSERT on checks: named" "permission denied for table checks"
    one_line "no INSERT on checks"
    # A role without SELECT is told so, not that the store is empty.
    NO_PG="postgresql://nobody_role@/postgres?host=$PG_DIR&port=5432"
    check "PostgreSQL: role without SELECT, list" 2 "$bin" history list --db "$NO_PG"
    has "no SELECT: named" "the role may not read the store \(permission denied for table"
    check "PostgreSQL: role without SELECT, check" 2 "$bin" check --history --db "$NO_PG" "$s/bad.html"
    has "no SELECT, check: named" "the role may not read the store"
    # NaN stored: refused, not read as 0.
    psql -c "UPDATE metric_values SET value = 'NaN' WHERE metric_id = (SELECT metric_id FROM metrics WHERE metric_key = 'db_time_per_s')" >/dev/null
    check "NaN in a PostgreSQL store: check" 2 "$bin" check --history --db "$PG" "$s/bad.html"
    has "NaN in PostgreSQL: named" "not a finite number \('NaN'\)"
    check "NaN in a PostgreSQL store: export" 2 "$bin" history export --db "$PG"
  else
    echo "SKIP: PostgreSQL (the server did not start: $(tail -1 "$PG_DIR/log"))"
  fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
