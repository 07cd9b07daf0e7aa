#!/usr/bin/env bash
# --mask: no original site name survives in any format or command; aliases are stable across base and
# target; numbers, sql_ids, event and parameter names are kept. Fixture: tests/cli/mask_fixture.py (two
# reports full of distinctive names); then the corpus reports, when $AWRDIFF_CORPUS (default ../shared/corpus) is there: the header's DB
# name, instance and host of each must not survive masking.
#   mask_test.sh AWRDIFF SOURCE_DIR
set -u
bin=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
run() {  # run NAME OUTFILE COMMAND...: exit 0 or 1 (a regression) wanted
  local name=$1 out=$2
  shift 2
  "$@" >"$out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" -le 1 ]; then ok; else bad "$name: exit $rc"; head -3 "$tmp/err"; fi
}
no_names() {  # no_names NAME FILE NAMES_FILE: none of the names (case-insensitive) in FILE
  local name=$1 file=$2 n
  while IFS= read -r n; do
    [ -z "$n" ] && continue
    if grep -qiF -- "$n" "$file"; then
      bad "$name: '$n' survives masking"
      grep -niF -- "$n" "$file" | head -2 | cut -c1-200
    else ok; fi
  done <"$3"
}
has() {  # has NAME FIXED_STRING FILE
  if grep -qF -- "$2" "$3"; then ok; else bad "$1: '$2' missing"; fi
}

python3 "$root/tests/cli/mask_fixture.py" "$tmp/fx" || { echo "FAIL: fixture"; exit 1; }
b=$tmp/fx/zebra_base.html
t=$tmp/fx/zebra_target.html
names=$tmp/fx/names.txt
kept=$tmp/fx/kept.txt

# The test proves something: unmasked output does show the names.
run "unmasked" "$tmp/plain.json" "$bin" snapshot "$b" "$t"
for n in ZEBRADB kangaroo07 ACMEBANK WOMBAT_ORDERS PLATYPUSLITERAL 192.168.77.12; do has "unmasked shows $n" "$n" "$tmp/plain.json"; done

# Every format and command, masked. A set of two needs two files (one file twice is refused): the base's copy.
cp "$b" "$tmp/fx/base_copy.html"
b2=$tmp/fx/base_copy.html
i=0
outputs=()
for f in text markdown jira html json; do
  for extra in "" "--summary" "-v"; do
    i=$((i + 1)); run "pair -f $f $extra" "$tmp/o$i" "$bin" "$b" "$t" --mask -f "$f" $extra; outputs+=("$tmp/o$i")
  done
  i=$((i + 1)); run "report -f $f" "$tmp/o$i" "$bin" report "$t" --mask -f "$f" -v; outputs+=("$tmp/o$i")
  i=$((i + 1)); run "sets -f $f" "$tmp/o$i" "$bin" --base "$b" "$b2" --target "$t" --mask -f "$f"; outputs+=("$tmp/o$i")
  i=$((i + 1)); run "check -f $f" "$tmp/o$i" "$bin" check --baseline "$b" "$b2" -- "$t" --mask -f "$f"; outputs+=("$tmp/o$i")
done
i=$((i + 1)); run "stdin" "$tmp/o$i" sh -c '"$0" "$1" - --mask -f json <"$2"' "$bin" "$b" "$t"; outputs+=("$tmp/o$i")
i=$((i + 1)); run "snapshot" "$tmp/o$i" "$bin" snapshot "$t" --mask -v; outputs+=("$tmp/o$i")
single_snapshot=$tmp/o$i
i=$((i + 1)); run "snapshot two files" "$tmp/o$i" "$bin" snapshot "$b" "$t" --mask; outputs+=("$tmp/o$i")
two_snapshots=$tmp/o$i
i=$((i + 1)); run "baseline save" "$tmp/o$i" "$bin" baseline save "$b" "$t" --mask -o "$tmp/base.json"; outputs+=("$tmp/base.json")
i=$((i + 1)); run "baseline show" "$tmp/o$i" "$bin" baseline show "$b" "$t" --mask; outputs+=("$tmp/o$i")
i=$((i + 1)); run "pair -o file" "$tmp/o$i" "$bin" "$b" "$t" --mask -f html -o "$tmp/page.html"; outputs+=("$tmp/page.html")
for o in "${outputs[@]}"; do no_names "$(basename "$o")" "$o" "$names"; done

# Kept: numbers, sql_ids, event and parameter names, Oracle's own names.
while IFS= read -r k; do has "kept in snapshot" "$k" "$single_snapshot"; done <"$kept"
# The masked snapshot equals the unmasked one but for the masked strings: every number is the same.
python3 - "$tmp/plain.json" "$two_snapshots" <<'EOF' && ok || bad "numbers changed by masking"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def numbers(x, path=""):
    if isinstance(x, dict):
        for k, v in x.items(): yield from numbers(v, path + "/" + k)
    elif isinstance(x, list):
        for i, v in enumerate(x): yield from numbers(v, path + "/" + str(i))
    elif isinstance(x, (int, float)) and not isinstance(x, bool): yield path, x
    elif isinstance(x, str) and path.endswith(("/sql_id", "/name", "/event", "/wait_class")) and \
            "/parameters/" not in path and "/database/" not in path:
        yield path, x
na, nb = dict(numbers(a)), dict(numbers(b))
diff = [k for k in na if na[k] != nb.get(k)]
# names of segments and others are masked: only numbers, sql_ids, event and statistic names must match
diff = [k for k in diff if not k.startswith(("/0/snapshot/parameters", "/1/snapshot/parameters"))]
if diff:
    print("changed:", diff[:5], [(na[k], nb.get(k)) for k in diff[:5]])
    sys.exit(1)
EOF

# Stable aliases: one name, one alias across base and target (and across commands of one run).
python3 - "$two_snapshots" <<'EOF' && ok || bad "aliases differ between base and target"
import json, sys
base, target = (e["snapshot"] for e in json.load(open(sys.argv[1])))
for k in ("name", "unique_name", "instance", "host"):
    assert base["database"][k] == target["database"][k], k
assert base["database"]["name"] == "DB1" and base["database"]["host"] == "HOST1", base["database"]
sb = {(s["owner"], s["object"]) for s in base["segments"]}
st = {(s["owner"], s["object"]) for s in target["segments"]}
assert sb == st and ("SCHEMA1", "OBJ1") in sb and ("SYS", "AUD$") in sb, (sb, st)
tb = {s["sql_id"]: s["text"] for s in base["sql"]}
tt = {s["sql_id"]: s["text"] for s in target["sql"]}
same = [k for k in tb if k in tt]
assert same and all(tb[k] == tt[k] for k in same), same
files = [f["filename"] for f in base["file_io"]]
assert files[0].startswith("/path") and files[0].endswith(".dbf") and "\\path" in files[1], files
assert [e["file"] for e in json.load(open(sys.argv[1]))] == ["report1.html", "report2.html"]
EOF
has "literal SQL keeps its shape" "WHERE ID = 0 AND NOTE <> '?'" "$single_snapshot"
has "binds kept" "WHERE CUSTOMER_ID = :B1" "$single_snapshot"
has "version parameter kept" '"12.2.0.1"' "$single_snapshot"
has "connect descriptor keeps its keys" "(ADDRESS=(PROTOCOL=TCP)(HOST=IP" "$single_snapshot"
has "program kept, host masked" "sqlplus@HOST1 (TNS V1-V3)" "$single_snapshot"
has "file names as aliases" "report1.html" "$tmp/o1"

# A text report cuts a partition named after its date (P2024031409) to its last 10 characters: 2024031409, digits
# alone. As a partition's name it is masked in every format (it was kept in text, masked in HTML), the figures kept.
python3 - "$root/samples/good.txt" "$tmp/seg.txt" <<'PY'
import sys
t = open(sys.argv[1]).read()
sec = """
\fSegments by Logical Reads              DB/Inst: ORCL19/orcl19  Snaps: 4410-4411
-> Total Logical Reads:         698,000
-> Captured Segments account for   95.0% of Total

           Tablespace                      Subobject  Obj.       Logical
Owner         Name    Object Name            Name     Type         Reads  %Total
---------- ---------- -------------------- ---------- ----- ------------ -------
WOMBATAPP  WOMBAT_DAT ORDERS_HIST          2024031409 TABLE      512,000   73.35
WOMBATAPP  WOMBAT_DAT ORDERS                          TABLE      151,000   21.63
          -------------------------------------------------------------

"""
i = t.rfind("End of Report")
open(sys.argv[2], "w").write(t[:i] + sec + t[i:])
PY
printf 'WOMBATAPP\nWOMBAT_DAT\nORDERS_HIST\n2024031409\n' >"$tmp/segnames"
"$bin" snapshot "$tmp/seg.txt" >"$tmp/seg.json" 2>/dev/null
has "the partition read from the text report" '"subobject": "2024031409"' "$tmp/seg.json"
for fmt in text markdown html json; do
  run "numeric partition, -f $fmt" "$tmp/seg.$fmt" "$bin" report "$tmp/seg.txt" --mask -f "$fmt" -w 0
  no_names "numeric partition, -f $fmt" "$tmp/seg.$fmt" "$tmp/segnames"
done
has "numeric partition: masked as a partition" "SCHEMA1.OBJ1.PART1" "$tmp/seg.text"
"$bin" snapshot "$tmp/seg.txt" --mask >"$tmp/seg.masked.json" 2>/dev/null
no_names "numeric partition, masked snapshot" "$tmp/seg.masked.json" "$tmp/segnames"

# --mask with check --history is refused, not ignored.
"$bin" check --history --db "$tmp/none.db" "$t" --mask >"$tmp/out" 2>"$tmp/err"
if [ $? = 2 ] && grep -q -- "--mask" "$tmp/err"; then ok; else bad "check --history --mask not refused"; fi

# Real reports: the DB name, instance and host of each header must not survive.
corpus=${AWRDIFF_CORPUS:-$root/../shared/corpus}
if [ -d "$corpus" ]; then
  for f in "$corpus"/awr-html_*.html "$corpus"/awr-rac-html_*.html "$corpus"/awr-text_*.txt "$corpus"/statspack_*; do
    [ -f "$f" ] || continue
    "$bin" snapshot "$f" >"$tmp/c.json" 2>/dev/null || continue
    python3 - "$tmp/c.json" >"$tmp/cnames" <<'EOF'
import json, re, sys
d = json.load(open(sys.argv[1]))
for s in (d if isinstance(d, list) else [d]):
    s = s.get("snapshot", s)
    db = s["database"]
    # Oracle's own names (events, statistics, latches, ...): a host called "oracle" is still in "oracle thread
    # bootstrap", on purpose. Such names are left out of the check.
    words = set()
    for key in ("top_events", "foreground_events", "background_events", "activity", "latches", "time_model",
                "enqueues", "wait_histograms", "os_stats", "parameters"):
        for r in s.get(key, []):
            for f in ("name", "event"):
                if isinstance(r.get(f), str): words.update(w.lower() for w in re.split(r"[^A-Za-z0-9_$#]+", r[f]))
    names = [db.get("name"), db.get("unique_name"), db.get("instance"), db.get("host")]
    names += [r.get("host") for r in s.get("instance_rows", [])] + [r.get("instance") for r in s.get("instance_rows", [])]
    for n in names:
        # names of 4+ characters (a 3-letter instance "db1" would match unrelated text)
        if not n or len(n) < 4 or n.replace(".", "").isdigit():
            continue
        for m in [n] + ([n.split(".")[0]] if "." in n else []):
            if m.lower() not in words and len(m) >= 4:
                print(m)
EOF
    sort -u -o "$tmp/cnames" "$tmp/cnames"
    [ -s "$tmp/cnames" ] || continue
    run "corpus $(basename "$f")" "$tmp/c.txt" "$bin" report "$f" --mask -f text -v -w 0
    "$bin" snapshot "$f" --mask -v >>"$tmp/c.txt" 2>/dev/null
    no_names "corpus $(basename "$f")" "$tmp/c.txt" "$tmp/cnames"
  done
else
  echo "skip: no corpus at $corpus"
fi

echo "mask_test: $pass passed, $fail failed"
[ "$fail" = 0 ]
