#!/usr/bin/env bash
# CLI tests: exit codes, one-line errors naming the file, atomic -o, every format on the samples.
set -u
bin=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
check() {  # check NAME EXPECTED_RC COMMAND...
  local name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "FAIL: $name: exit $rc, wanted $want"
    head -5 "$tmp/err"
  fi
}
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
check "sets" 0 "$bin" --base "$s/good.html" "$s/good.txt" --target "$s/bad.html" "$s/bad.txt"
grep -q '^Regressed: .*Welch t p = ' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: sets headline"; head -1 "$tmp/out"; }
grep -q '^Sets: 2 base and 2 target reports' "$tmp/out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: sets table"; }
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

corpus=$root/../shared/corpus
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
