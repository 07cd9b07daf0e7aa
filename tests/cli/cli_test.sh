#!/usr/bin/env bash
# CLI tests: exit codes, one-line errors naming the file, atomic -o, every format on the samples.
sanitized=${3:-OFF}  # ON: the binary runs under ASan + UBSan (slower; RSS means little)
. "$(dirname "$0")/common.sh"
expect_err() {  # the last command printed exactly one line naming the file on stderr
  local name=$1 file=$2
  if [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "^awrdiff: $file: " "$tmp/err"; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "FAIL: $name: stderr was:"
    cat "$tmp/err"
  fi
}

s=$root/samples
check "compare samples" 0 "$bin" "$s/good.html" "$s/bad.html"
grep -q '^Regressed: DB time per second +341%' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: headline"; head -1 "$tmp/out"; }
grep -q '81uvdbt46vt5p' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: SQL id in output"; }
check "compare text samples" 0 "$bin" "$s/good.txt" "$s/bad.txt"
for f in text markdown html json; do
  check "format $f" 0 "$bin" --format "$f" "$s/bad.html" "$s/improved.html"
done
cp "$tmp/out" "$tmp/cmp.json"
check "json parses" 0 python3 -c "import json; j=json.load(open('$tmp/cmp.json')); assert j['verdict']=='improved', j['verdict']"
check "json findings" 0 python3 -c "import json; j=json.load(open('$tmp/cmp.json')); r=[f['rule'] for f in j['findings']]; assert 'sql_changed' in r, r; f=j['findings'][0]; assert f['direction'] in ('worse','better','changed') and f['evidence'] is not None and f['metrics'], f"
check "json table columns with a unit hold numbers or null" 0 python3 -c "
import json; j=json.load(open('$tmp/cmp.json'))
for t in j['tables']:
    units={c['key']: c['unit'] for c in t['columns']}
    for r in t['rows']:
        for k, v in r.items():
            assert not units.get(k) or v is None or isinstance(v, (int, float)), (t['key'], k, v)
"
check "sets" 0 "$bin" --width 0 --base "$s/good.html" "$s/good.txt" --target "$s/bad.html" "$s/bad.txt"
grep -q '^Regressed: .*Welch t p = ' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: sets headline"; head -1 "$tmp/out"; }
grep -q '^Sets: 2 base and 2 target reports' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: sets table"; }
# --replay: two AWR reports of one workload under different DB Ids (a Database Replay capture and its replay, AWR
# imported under a new DB Id), as the user says. The target: bad.txt under another DB Id and name.
sed 's/^ORCL19        1234567890 ORCL19 /REPLAY1       2222222222 REPLAY1/' "$s/bad.txt" >"$tmp/replay.txt"
ok "replay sample has another DB Id" grep -q '^REPLAY1       2222222222 REPLAY1' "$tmp/replay.txt"
check "different DB Ids" 0 "$bin" "$s/good.txt" "$tmp/replay.txt"
ok "different DB Ids: not comparable" grep -q '^Not comparable (different databases: ORCL19 DB Id 1234567890 vs REPLAY1' "$tmp/out"
check "--replay" 0 "$bin" --width 0 --replay "$s/good.txt" "$tmp/replay.txt"
ok "--replay: the kind of pair and the work first" grep -q '^Another DB Id (imported AWR: ORCL19 1234567890 -> REPLAY1 2222222222): the same work (user calls), slower per unit of work: DB time per user call 10.2 -> 44.7 ms' "$tmp/out"
ok "--replay: said compared as one workload" grep -q 'compared as one workload' "$tmp/out"
check "--replay --exit-code" 1 "$bin" --replay --exit-code "$s/good.txt" "$tmp/replay.txt"
check "--replay json" 0 "$bin" --replay --format json "$s/good.txt" "$tmp/replay.txt"
ok "--replay json verdict" python3 -c "import json; j=json.load(open('$tmp/out')); assert j['verdict']=='regressed' and j['headline'].startswith('Another DB Id'), j['headline']"
# The output file is never one of the inputs, in any command; a failed write to stdout is an error.
cp "$s/good.html" "$tmp/in.html"
for cmd in "snapshot $tmp/in.html" "report $tmp/in.html" "tables $tmp/in.html" "$tmp/in.html $s/bad.html"; do
  # shellcheck disable=SC2086
  check "output is input: $cmd" 2 "$bin" $cmd -o "$tmp/in.html"
  expect_err "output is input message: $cmd" "$tmp/in.html"
done
cmp -s "$s/good.html" "$tmp/in.html" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: input report was overwritten"; }
if [ -w /dev/full ]; then
  check "stdout full (compare)" 2 sh -c "\"\$0\" \"\$1\" \"\$2\" >/dev/full" "$bin" "$s/good.html" "$s/bad.html"
  check "stdout full (snapshot)" 2 sh -c "\"\$0\" snapshot \"\$1\" >/dev/full" "$bin" "$s/good.html"
fi
# A gzip bomb (0.6 MB expanding past the 512 MiB limit) is refused without holding what it expands to.
check "gzip bomb refused in bounded memory" 0 python3 - "$bin" "$tmp/bomb.gz" "$sanitized" <<'PY'
import gzip, resource, subprocess, sys
with gzip.open(sys.argv[2], "wb", compresslevel=1) as f:
    zeros = bytes(1 << 20)
    for _ in range(600):
        f.write(zeros)
p = subprocess.run([sys.argv[1], "report", sys.argv[2]], capture_output=True, text=True)
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
assert p.returncode == 2 and "larger than 512 MiB" in p.stderr, (p.returncode, p.stderr)
assert sys.argv[3] == "ON" or peak_mb < 200, f"peak {peak_mb:.0f} MB"
PY
check "sets without target" 2 "$bin" --base "$s/good.html"
check "sets and positional files" 2 "$bin" "$s/good.html" --base "$s/good.html" --target "$s/bad.html"
check "sets with a missing file" 2 "$bin" --base "$s/good.html" "$s/nope.html" --target "$s/bad.html"
expect_err "sets with a missing file names it" "$s/nope.html"
check "report" 0 "$bin" report "$s/good.html"
check "snapshot" 0 "$bin" snapshot "$s/good.html" --format json
cp "$tmp/out" "$tmp/snap.json"
check "snapshot json" 0 python3 -c "import json; j=json.load(open('$tmp/snap.json')); assert j['interval']['elapsed_s']==600.0, j['interval']"

check "-o writes file" 0 "$bin" "$s/good.html" "$s/bad.html" -o "$tmp/cmp.txt"
[ -s "$tmp/cmp.txt" ] && [ ! -s "$tmp/out" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: -o"; }
ls -a "$tmp" | grep -q '\.tmp\.' && { fail=$((fail + 1)); echo "FAIL: temp file left"; } || pass=$((pass + 1))

# Bad input: one line naming the file, exit 2, and no output file written.
check "missing file" 2 "$bin" "$tmp/nope.html" "$s/bad.html" -o "$tmp/never.txt"
expect_err "missing file message" "$tmp/nope.html"
[ ! -e "$tmp/never.txt" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: output written on error"; }
: >"$tmp/empty.html"
check "empty file" 2 "$bin" "$tmp/empty.html" "$s/bad.html"
expect_err "empty file message" "$tmp/empty.html"
check "directory" 2 "$bin" "$tmp" "$s/bad.html"
expect_err "directory message" "$tmp"
head -c 3000 /dev/urandom >"$tmp/binary.html"
printf '\0' >>"$tmp/binary.html"
check "binary" 2 "$bin" "$tmp/binary.html" "$s/bad.html"
expect_err "binary message" "$tmp/binary.html"
echo "just some text" >"$tmp/plain.txt"
check "not a report" 2 "$bin" "$s/good.html" "$tmp/plain.txt"
expect_err "not a report message" "$tmp/plain.txt"
printf 'declare\n*\nERROR at line 1:\nORA-20200: The instance was shutdown between snapshots 8811 and 8814\n' >"$tmp/ora.txt"
check "ORA error" 2 "$bin" "$tmp/ora.txt" "$s/bad.html"
expect_err "ORA error message" "$tmp/ora.txt"
head -c 40000 "$s/good.html" >"$tmp/truncated.html"
check "truncated report still compares" 0 "$bin" "$tmp/truncated.html" "$s/bad.html"
gzip -c "$s/good.html" >"$tmp/good.html.gz"
check "gzip input" 0 "$bin" "$tmp/good.html.gz" "$s/bad.html"
check "bad format" 2 "$bin" --format pdf "$s/good.html" "$s/bad.html"
check "one file" 2 "$bin" "$s/good.html"
check "help" 0 "$bin" --help

# Several reports in one call: parsed in parallel, a JSON array in argument order.
check "snapshot many" 0 "$bin" snapshot "$s/good.html" "$s/bad.txt" "$s/improved.html" --format json
cp "$tmp/out" "$tmp/many.json"
check "snapshot many json" 0 python3 -c "
import json; j=json.load(open('$tmp/many.json'))
assert [x['file'] for x in j]==['$s/good.html','$s/bad.txt','$s/improved.html'], j
assert all(x['snapshot']['interval']['elapsed_s']==600.0 for x in j)"
check "snapshot many, one missing" 2 "$bin" snapshot "$s/good.html" "$tmp/nope.html" -j 2
expect_err "snapshot many error message" "$tmp/nope.html"
cp "$tmp/out" "$tmp/many.json"
check "snapshot many keeps the good one" 0 python3 -c "
import json; j=json.load(open('$tmp/many.json'))
assert 'snapshot' in j[0] and 'error' in j[1] and 'nope.html' in j[1]['error'], j"

# Hostile input: one line naming the file and exit 2 (or a partial snapshot when merely truncated);
# never a crash, a hang (timeout) or memory growing with the input beyond the documented bound.
run_limited() {  # run_limited NAME EXPECTED_RC SECONDS MAX_RSS_MB COMMAND...: exit code, a hang bound (generous: CI shares its cores) and peak memory
  local name=$1 want=$2 secs=$3 max_mb=$4
  shift 4
  if [ -x /usr/bin/time ] && [ "$sanitized" != ON ]; then
    check "$name" "$want" /usr/bin/time -f '%M' -o "$tmp/rss" timeout "$secs" "$@"
    local kb
    kb=$(tail -1 "$tmp/rss")
    if [ "$kb" -le $((max_mb * 1024)) ]; then pass=$((pass + 1)); else
      fail=$((fail + 1))
      echo "FAIL: $name: peak RSS $((kb / 1024)) MB > $max_mb MB"
    fi
  else
    check "$name" "$want" timeout "$((secs * 4))" "$@"  # sanitizers: slower, and RSS means nothing
  fi
}
truncate -s 3G "$tmp/huge.html"  # sparse: takes no disk space
run_limited "3 GB file refused" 2 30 40 "$bin" snapshot "$tmp/huge.html"
expect_err "3 GB file message" "$tmp/huge.html"
grep -q 'larger than 512 MiB' "$tmp/err" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: size message"; }
truncate -s 300M "$tmp/zeros.txt"  # under the limit, all NUL: refused after the first block
run_limited "300 MB of NULs" 2 30 40 "$bin" snapshot "$tmp/zeros.txt"
expect_err "300 MB of NULs message" "$tmp/zeros.txt"
rm -f "$tmp/huge.html" "$tmp/zeros.txt"
check "character device" 2 "$bin" snapshot /dev/zero
expect_err "character device message" /dev/zero
if [ "$(id -u)" != 0 ]; then
  cp "$s/good.html" "$tmp/secret.html"
  chmod 000 "$tmp/secret.html"
  check "unreadable" 2 "$bin" snapshot "$tmp/secret.html"
  expect_err "unreadable message" "$tmp/secret.html"
  rm -f "$tmp/secret.html"
else
  echo "cli: running as root, unreadable-file check skipped"
fi
python3 -c "import sys; sys.stdout.write('WORKLOAD REPOSITORY report for ' + 'x' * (20 << 20))" >"$tmp/oneline.txt"
run_limited "20 MB line without newline" 2 60 160 "$bin" snapshot "$tmp/oneline.txt"
expect_err "20 MB line message" "$tmp/oneline.txt"
python3 -c "import sys; n=200000; sys.stdout.write('<html><body><h1>WORKLOAD REPOSITORY report for</h1>' + '<div>'*n + 'x' + '</div>'*n)" >"$tmp/nested.html"
run_limited "200k nested elements" 2 60 250 "$bin" snapshot "$tmp/nested.html"
expect_err "nested message" "$tmp/nested.html"
python3 -c "import sys; sys.stdout.write('<html><body><h1>WORKLOAD REPOSITORY report for</h1>' + '<table><tr><td>x</td></tr></table>\n'*1000000)" >"$tmp/tables.html"
run_limited "10^6 tiny HTML tables" 2 90 150 "$bin" snapshot "$tmp/tables.html"
expect_err "tiny tables message" "$tmp/tables.html"
n_text_tables=1000000
[ "$sanitized" = ON ] && n_text_tables=100000  # ASan + UBSan are ~10x slower: keep CI short
python3 -c "import sys; sys.stdout.write('WORKLOAD REPOSITORY report for\n\n' + 'A B\n--- ---\n1 2\n\n'*$n_text_tables)" >"$tmp/tables.txt"
run_limited "10^6 tiny text tables" 2 120 150 "$bin" snapshot "$tmp/tables.txt"
expect_err "tiny text tables message" "$tmp/tables.txt"
rm -f "$tmp/oneline.txt" "$tmp/nested.html" "$tmp/tables.html" "$tmp/tables.txt"
head -c 9000 "$s/good.txt" >"$tmp/cut.txt"  # cut inside the Top Events table
check "text cut mid-table" 0 "$bin" snapshot "$tmp/cut.txt" -v
grep -q '"truncated": true' "$tmp/out" && grep -q 'End of Report' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: truncated flag"; }
printf 'WORKLOAD REPOSITORY report for\n\xff\xfe\x00garbage' >"$tmp/garbage.txt"
check "binary after header" 2 "$bin" snapshot "$tmp/garbage.txt"
expect_err "binary after header message" "$tmp/garbage.txt"

# -o follows a symlink (the link stays), keeps an existing file's permissions, writes into a FIFO.
echo old >"$tmp/real.out"
ln -s "$tmp/real.out" "$tmp/link.out"
check "-o through a symlink" 0 "$bin" report "$s/good.html" -o "$tmp/link.out"
[ -L "$tmp/link.out" ] && grep -q 'DB time' "$tmp/real.out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: symlink replaced"; }
echo old >"$tmp/private.out"
chmod 600 "$tmp/private.out"
check "-o keeps permissions" 0 "$bin" report "$s/good.html" -o "$tmp/private.out"
[ "$(stat -c %a "$tmp/private.out")" = 600 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: permissions changed"; }
mkfifo "$tmp/fifo"
(cat "$tmp/fifo" >"$tmp/fifo.out" &)
sleep 1  # the reader has the FIFO open before awrdiff looks for one (a FIFO with no reader is refused)
check "-o into a FIFO" 0 timeout 60 "$bin" report "$s/good.html" -o "$tmp/fifo"
[ -p "$tmp/fifo" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: FIFO replaced"; }
rm -f "$tmp/fifo"

# Oracle's AWR Compare Periods report (a written sample): its two periods compared, with a warning; snapshot
# prints both; cut before its figures: one line, exit 2. One ordinary report alone is still refused.
for f in compare_periods_11.2.txt compare_periods_11.2.html; do
  check "compare report $f" 0 "$bin" "$s/$f"
  grep -q '^Regressed: DB time per second +10[01]%' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: compare report headline $f"; head -1 "$tmp/out"; }
  grep -q 'AWR Compare Periods report' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: compare report warning $f"; }
  check "compare report snapshot $f" 0 "$bin" snapshot "$s/$f"
  cp "$tmp/out" "$tmp/periods.json"
  check "compare report snapshot array $f" 0 python3 -c "import json; a=json.load(open('$tmp/periods.json')); assert [p['snapshot']['interval']['begin_snap'] for p in a]==[100, 200], a"
done
head -c 600 "$s/compare_periods_11.2.txt" >"$tmp/cut_compare.txt"
check "cut compare report" 2 "$bin" "$tmp/cut_compare.txt"
expect_err "cut compare report message" "$tmp/cut_compare.txt"
check "one report alone" 2 "$bin" "$s/good.html"

corpus=${AWRDIFF_CORPUS:-$root/../shared/corpus}
if [ -d "$corpus" ]; then
  check "statspack report" 0 "$bin" report "$corpus/statspack_12.1_jasmin_1.txt"
  grep -q '82927862' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: statspack SQL hash value"; }
  check "statspack pair" 0 "$bin" "$corpus/statspack_12.1_getperf_3.lst" "$corpus/statspack_12.1_getperf_4.lst"
  check "statspack snapshot" 0 "$bin" snapshot "$corpus/statspack_18c_marta_2.lst" --format json
  cp "$tmp/out" "$tmp/sp.json"
  check "statspack json" 0 python3 -c "import json; j=json.load(open('$tmp/sp.json')); assert j['kind']=='statspack', j['kind']; assert j['sql'][0]['id_kind']=='old_hash_value'"
  check "rac global report" 0 "$bin" report "$corpus/awr-rac-html_19c_rac_azure_1.html"
  check "rac global vs instance" 0 "$bin" "$corpus/awr-html_12.2_kevinc_1.html" "$corpus/awr-rac-html_12.2_kevinc_1.html"
  grep -q 'RAC global report' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: global vs instance warning"; }
  check "rac global snapshot" 0 "$bin" snapshot "$corpus/awr-rac-html_19c_rac_azure_2.html" --format json
  cp "$tmp/out" "$tmp/rac.json"
  check "rac global json" 0 python3 -c "import json; j=json.load(open('$tmp/rac.json')); assert j['kind']=='awr_global', j['kind']; assert j['database']['instances']==2; assert len(j['instance_rows'])==2"
  check "real pair" 0 "$bin" "$corpus/awr-html_12.1_sarthi_1.html" "$corpus/awr-html_12.1_sarthi_3.html"
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
