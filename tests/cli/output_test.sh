#!/usr/bin/env bash
# Output for tickets and the first contact: --summary, the 120-column text, Markdown and Jira tables,
# colour by assessment, `-` for standard input, format names in any case, unknown commands, the man
# page, bash completion and `cmake --install`.
#   output_test.sh AWRDIFF SOURCE_DIR BUILD_DIR
set -u
bin=$1
root=$2
build=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
    bad "$name: exit $rc, wanted $want"
    head -5 "$tmp/err"
  fi
}
has() {  # has NAME PATTERN [FILE]: grep -E
  if grep -qE -- "$2" "${3:-$tmp/out}"; then ok; else bad "$1: no /$2/"; head -3 "${3:-$tmp/out}"; fi
}
hasnt() {
  if grep -qE -- "$2" "${3:-$tmp/out}"; then bad "$1: /$2/ found"; grep -nE -- "$2" "${3:-$tmp/out}" | head -3; else ok; fi
}
max_width() {  # the widest line of a file, in code points
  python3 -c "import sys; print(max((len(l.rstrip(chr(10))) for l in open(sys.argv[1], encoding='utf-8')), default=0))" "$1"
}

s=$root/samples
corpus=${AWRDIFF_CORPUS:-$root/../shared/corpus}

# --- standard input, format names, unknown commands
check "stdin as target" 0 sh -c '"$0" "$1" - <"$2"' "$bin" "$s/good.html" "$s/bad.html"
has "stdin headline" '^Regressed: DB time per second \+341%'
check "stdin as base, gzip" 0 sh -c 'gzip -c "$1" | "$0" - "$2"' "$bin" "$s/bad.html" "$s/good.html"
has "stdin gz headline" '^Improved'
check "stdin twice" 2 sh -c '"$0" - - <"$1"' "$bin" "$s/good.html"
has "stdin twice message" 'standard input \(-\) can stand for one report only' "$tmp/err"
check "one file as base and target" 2 "$bin" "$s/good.html" "$s/good.html"
has "one file message" 'good.html: given as both the base and the target' "$tmp/err"
ln -s "$(cd "$s" && pwd)/good.html" "$tmp/link.html"
check "one file under two names" 2 "$bin" "$s/good.html" "$tmp/link.html"
has "two names message" 'link.html: is the same file as the base report .*good.html' "$tmp/err"
# Each report of a set or a check once: a file named twice would count twice (or be checked against itself)
check "set: a file twice" 2 "$bin" --base "$s/good.html" "$s/good_1.html" "$s/good.html" --target "$s/bad.html"
has "set twice message" 'good.html: given twice in the base set: each report counts once' "$tmp/err"
check "set: a file in both sets" 2 "$bin" --base "$s/good.html" --target "$tmp/link.html"
has "both sets message" 'link.html: given in the base set and in the target set' "$tmp/err"
# A pipe the shell opened is read as a report (<(zcat report.gz), /dev/fd/N); a named pipe (FIFO) on disk is
# refused without waiting for a writer (it is read as standard input); a device is refused
check "a pipe as the target" 0 sh -c '"$0" -s "$1" /dev/fd/3 3<"$2"' "$bin" "$s/good.html" "$s/bad.html"
has "pipe compared" '^Regressed' "$tmp/out"
check "process substitution as the target" 0 "$bin" -s "$s/good.html" <(cat "$s/bad.html")
has "process substitution compared" '^Regressed' "$tmp/out"
mkfifo "$tmp/fifo"
check "a named pipe as the target" 2 timeout 20 "$bin" -s "$s/good.html" "$tmp/fifo"
has "named pipe refused" 'fifo: a named pipe \(FIFO\), not a regular file' "$tmp/err"
{ cat "$s/bad.html" >"$tmp/fifo" & }
check "a named pipe as standard input" 0 sh -c '"$0" -s "$1" - <"$2"' "$bin" "$s/good.html" "$tmp/fifo"
wait
check "a device" 2 "$bin" "$s/good.html" /dev/zero
has "device message" '/dev/zero: not a regular file \(a device\)' "$tmp/err"
# --strict: a parse warning stops the run before any output (exit 2), each warning on stderr
head -c 30000 "$s/bad.html" >"$tmp/cut.html"
check "strict, truncated report" 2 "$bin" --strict -o "$tmp/strict.txt" "$s/good.html" "$tmp/cut.html"
has "strict lists the warning" 'cut.html: no .End of Report. marker' "$tmp/err"
has "strict says why" '^awrdiff: --strict: 1 parse warning in the reports' "$tmp/err"
if [ -e "$tmp/strict.txt" ]; then bad "strict wrote an output file"; else ok; fi
sed 's/^\(      Redo size (bytes): *\)16,200.0/\116,2x0.0/' "$s/good.txt" >"$tmp/badcell.txt"
check "strict, unreadable cell" 2 "$bin" report --strict "$tmp/badcell.txt"
has "strict names file, line and section" "badcell.txt:28: \\[load_profile\\] column 'Per Second': cannot read '16,2x0.0'" "$tmp/err"
sed 's/^\(  *Elapsed: *\)[0-9.,]*/\112x.4/' "$s/good.txt" >"$tmp/badelapsed.txt"
check "strict, unreadable Elapsed" 2 "$bin" report --strict "$tmp/badelapsed.txt"
has "an unreadable Elapsed is no figure" "badelapsed.txt:20: .*cannot read Elapsed" "$tmp/err"
check "strict, clean pair" 0 "$bin" --strict "$s/good.html" "$s/bad.html"
check "strict check, truncated current" 2 "$bin" check --strict --baseline "$s/good.html" "$s/good_1.html" "$tmp/cut.html"
check "strict snapshot" 2 "$bin" snapshot --strict "$tmp/cut.html"
check "without strict, truncated report" 0 "$bin" "$s/good.html" "$tmp/cut.html"
check "text and HTML of one period" 0 "$bin" "$s/good.html" "$s/good.txt"
has "same period warned" 'the same period in both reports \(snaps 4410-4411 of orcl19\)'
hasnt "warnings name files, not directories" "! $s/"
check "empty stdin" 2 sh -c '"$0" "$1" - </dev/null' "$bin" "$s/good.html"
has "empty stdin message" '^awrdiff: standard input: empty input$' "$tmp/err"
check "report from stdin" 0 sh -c '"$0" report - <"$1"' "$bin" "$s/good.txt"
check "check from stdin" 1 sh -c '"$0" check --baseline "$1" "$2" - <"$3"' "$bin" "$s/good.html" "$s/good_1.html" "$s/bad.html"
check "snapshot from stdin" 0 sh -c '"$0" snapshot - <"$1"' "$bin" "$s/good.html"
has "snapshot from stdin source" '"elapsed_s"'
for f in MarkDown JIRA Text HTML Json md TXT; do
  check "format name $f" 0 "$bin" -f "$f" "$s/good.html" "$s/bad.html"
done
check "unknown format" 2 "$bin" -f pdf "$s/good.html" "$s/bad.html"
has "unknown format lists jira" 'text, markdown, html, json, jira' "$tmp/err"
check "unknown command" 2 "$bin" chek --baseline "$s/good.html" "$s/bad.html"
has "unknown command lists the commands" "unknown command or missing file 'chek' \(commands: report, snapshot, check" "$tmp/err"
[ "$(wc -l <"$tmp/err")" = 1 ] && ok || bad "unknown command: one line"
# Command-line mistakes in awrdiff's words, one line each, naming the help of the command they are in.
check "unknown option" 2 "$bin" --frmat x "$s/good.html" "$s/bad.html"
has "unknown option named with the nearest" 'unknown option --frmat \(did you mean --format\? see awrdiff --help\)' "$tmp/err"
check "unknown option of a subcommand" 2 "$bin" history add --dbb x "$s/good.html"
has "subcommand's help named" 'unknown option --dbb \(did you mean --db\? see awrdiff history add --help\)' "$tmp/err"
check "option value not a number" 2 "$bin" --top-sql x "$s/good.html" "$s/bad.html"
has "range in words" '--top-sql x: give a number from 1 to 1000' "$tmp/err"
check "option without its value" 2 "$bin" check --baseline
has "missing value in words" '^awrdiff: --baseline needs a value \(see awrdiff check --help\)$' "$tmp/err"
check "set: one period in both sets (HTML and its text twin)" 2 "$bin" --base "$s/good.html" "$s/good_1.html" --target "$s/good.txt" "$s/bad.html"
has "refused naming the twin" 'good.txt: the same period as the base set.s good.html \(snaps [0-9]+-[0-9]+\)' "$tmp/err"
check "a compare report in a set" 2 "$bin" --base "$s/good.html" --target "$s/compare_periods_11.2.txt"
has "refused in one line" '^awrdiff: .*compare_periods_11.2.txt: an AWR Compare Periods report holds both periods' "$tmp/err"
check "required option missing" 2 "$bin" baseline save "$s/good.html"
has "the option named as typed" '^awrdiff: awrdiff baseline save needs --output \(see awrdiff baseline save --help\)$' "$tmp/err"
check "command without its subcommand" 2 "$bin" baseline
has "subcommands listed" 'awrdiff baseline needs a command: save, show' "$tmp/err"
check "three reports" 2 "$bin" "$s/good.html" "$s/bad.html" "$s/improved.html"
has "three reports: sets suggested" '3 arguments where at most two reports go.*--base A B --target C D' "$tmp/err"
# An option of one value given twice: named, with its values, in one line (CLI11 said "at most 1 values").
check "option given twice" 2 "$bin" timeline --from 2023-10-01 --from 2023-10-02 "$s/good.html"
has "option given twice in words" '^awrdiff: --from given twice \(2023-10-01, 2023-10-02\): it takes one value; give it once \(see awrdiff timeline --help\)$' "$tmp/err"
[ "$(wc -l <"$tmp/err")" = 1 ] && ok || bad "option given twice: one line"
check "output given twice" 2 "$bin" -o "$tmp/a" -o "$tmp/b" "$s/good.html" "$s/bad.html"
has "output given twice in words" '^awrdiff: --output given twice .*: it takes one value; give it once \(see awrdiff --help\)$' "$tmp/err"
check "format given three times" 2 "$bin" report -f json -f text -f html "$s/good.html"
has "three times counted" '^awrdiff: --format given 3 times \(json, text, html\): it takes one value' "$tmp/err"
[ ! -e "$tmp/a" ] && [ ! -e "$tmp/b" ] && ok || bad "option given twice: a file written"
hasnt "no CLI11 words" 'At Most|at most 1 values|is required|not in range|A subcommand' "$tmp/err"
for cmd in "report --help" "snapshot --help" "check --help" "baseline save --help" "baseline show --help" \
           "history add --help" "history list --help" "tables --help"; do
  # shellcheck disable=SC2086
  check "command exists: $cmd" 0 "$bin" $cmd
done
check "width under 80 taken as 80" 0 "$bin" -w 10 "$s/good.html" "$s/bad.html"
has "width under 80 warns" '^awrdiff: --width 10: text output needs at least 80 columns; using 80$' "$tmp/err"
[ "$(max_width "$tmp/out")" -le 80 ] && ok || bad "width 10: a line over 80 columns"

# --- --summary: verdict, warnings and findings only, at most 40 lines
for f in text markdown jira; do
  check "summary $f" 0 "$bin" --summary -f "$f" "$s/good.html" "$s/bad.html"
  [ "$(wc -l <"$tmp/out")" -le 40 ] && ok || bad "summary $f: $(wc -l <"$tmp/out") lines"
  has "summary $f headline" 'Regressed: DB time per second \\?\+341%'
  has "summary $f findings" 'Hard parsing rose'
  hasnt "summary $f has no tables" 'Load Profile|Top SQL|SQL Id'
  # Pasted alone into a ticket: which database, instance, snaps and times.
  has "summary $f names the database and periods" 'ORCL19, instance .*Base snaps 4410.?-4411, .*Target snaps'
done
check "summary of a report with many findings" 0 "$bin" -s "$s/good.html" "$s/improved.html"
[ "$(wc -l <"$tmp/out")" -le 40 ] && ok || bad "summary lines $(wc -l <"$tmp/out")"
check "summary json" 0 "$bin" -s -f json "$s/good.html" "$s/bad.html"
cp "$tmp/out" "$tmp/summary.json"
check "summary json has no tables" 0 python3 -c "import json,sys; j=json.load(open('$tmp/summary.json')); assert j['tables']==[] and j['findings'], j.keys()"
check "summary html" 0 "$bin" -s -f html "$s/good.html" "$s/bad.html"
has "summary html is a page" '</html>'
if [ -d "$corpus" ]; then
  # A long summary (a real pair with many findings) is cut at 40 lines and says what was left out.
  for pair in "awr-html_12.1_sarthi_1.html awr-html_12.1_sarthi_3.html" "awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html"; do
    set -- $pair
    check "summary corpus $1" 0 "$bin" -s "$corpus/$1" "$corpus/$2"
    [ "$(wc -l <"$tmp/out")" -le 40 ] && ok || bad "summary corpus $1: $(wc -l <"$tmp/out") lines"
    check "summary corpus md $1" 0 "$bin" -s -f markdown "$corpus/$1" "$corpus/$2"
    [ "$(wc -l <"$tmp/out")" -le 40 ] && ok || bad "summary corpus md $1: $(wc -l <"$tmp/out") lines"
  done
fi

# --- text: 120 columns, sql_ids whole, --width
fits() {  # fits NAME WIDTH: every line of $tmp/out within WIDTH code points
  local w
  w=$(max_width "$tmp/out")
  [ "$w" -le "$2" ] && ok || { bad "$1: a line of $w columns > $2"; awk -v m="$2" 'length($0) > m' "$tmp/out" | head -3; }
}
check "text pair" 0 "$bin" "$s/good.html" "$s/bad.html"
fits "pair fits 120" 120
has "sql_id whole" '81uvdbt46vt5p'
check "text sets" 0 "$bin" --base "$s/good.html" "$s/good_1.html" --target "$s/bad.html" "$s/bad.txt"
fits "sets fit 120" 120
check "text report" 0 "$bin" report "$s/bad.html"
fits "report fits 120" 120
check "check" 1 "$bin" check --baseline "$s/good.html" "$s/good_1.html" "$s/good_2.html" "$s/bad.html"
fits "check fits 120" 120
has "check says what was left out" 'left out to fit 120 columns'
check "check --width 0" 1 "$bin" check --width 0 --baseline "$s/good.html" "$s/good_1.html" "$s/good_2.html" "$s/bad.html"
has "check --width 0 keeps every column" 'Baseline centre +Op +Expected'
check "width 80" 0 "$bin" -w 80 "$s/good.html" "$s/bad.html"
has "width 80: findings wrap with an indent" '^    [^ ]'
if [ -d "$corpus" ]; then
  for pair in "awr-html_12.1_sarthi_1.html awr-html_12.1_sarthi_3.html" "awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html" \
              "awr-html_11.2_pcambell_1.html awr-html_11.2_pcambell_2.html" "statspack_18c_marta_1.lst statspack_18c_marta_2.lst"; do
    set -- $pair
    check "corpus text $1" 0 "$bin" "$corpus/$1" "$corpus/$2"
    fits "corpus $1 fits 120" 120
    # Cut text keeps its start (SQL text with a '/' is no path); only a period's file names lose theirs.
    if grep -v '^File ' "$tmp/out" | grep -q ' …'; then bad "corpus $1: text cut at its start"; grep -v '^File ' "$tmp/out" | grep ' …' | head -2; else ok; fi
    # Every sql_id of the JSON is printed whole in the text.
    "$bin" -f json "$corpus/$1" "$corpus/$2" >"$tmp/c.json"
    python3 - "$tmp/c.json" "$tmp/out" <<'PY' && ok || bad "corpus $1: an sql_id cut"
import json, re, sys
j = json.load(open(sys.argv[1])); text = open(sys.argv[2], encoding="utf-8").read()
ids = {r["sql_id"] for t in j["tables"] for r in t["rows"] if isinstance(r.get("sql_id"), str)}
ids = {p for i in ids for p in re.split(r" -> ", i) if re.fullmatch(r"[0-9a-z]{13}", p)}
missing = [i for i in ids if i not in text]
assert not missing, missing
PY
  done
fi

# --- colour by assessment: never into a pipe, always when asked, NO_COLOR respected by auto
check "no colour into a pipe" 0 "$bin" "$s/good.html" "$s/bad.html"
if grep -q $'\x1b' "$tmp/out"; then bad "escape codes in piped output"; else ok; fi
check "colour always" 0 "$bin" --color always "$s/good.html" "$s/bad.html"
python3 - "$tmp/out" <<'PY' && ok || bad "colour by assessment"
import re, sys
red, green = "\x1b[31m", "\x1b[32m"
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
assessed = 0
for l in lines:
    plain = re.sub(r"\x1b\[[0-9;]*m", "", l)
    words = plain.split()
    if not words: continue
    if words[-1] == "worse":
        assert red in l and green not in l, l; assessed += 1
    elif words[-1] == "better":
        assert green in l and red not in l, l; assessed += 1
    elif words[-1] == "changed" or (words[-1] == "-" and "%" in plain):
        assert red not in l and green not in l, l
assert assessed > 0
assert any(red in l and "[worse]" in re.sub(r"\x1b\[[0-9;]*m", "", l) for l in lines), "findings by direction"
PY
check "colour never" 0 "$bin" --color never "$s/good.html" "$s/bad.html"
if grep -q $'\x1b' "$tmp/out"; then bad "escape codes with --color never"; else ok; fi
if command -v script >/dev/null; then
  # A terminal: colour by default, none with NO_COLOR.
  script -qec "\"$bin\" \"$s/good.html\" \"$s/bad.html\"" /dev/null >"$tmp/tty.out" 2>&1 </dev/null
  grep -q $'\x1b\[31m' "$tmp/tty.out" && ok || bad "no colour on a terminal"
  NO_COLOR=1 script -qec "\"$bin\" \"$s/good.html\" \"$s/bad.html\"" /dev/null >"$tmp/tty.out" 2>&1 </dev/null
  grep -q $'\x1b\[3' "$tmp/tty.out" && bad "colour on a terminal with NO_COLOR" || ok
fi

# --- Markdown and Jira tables: a hostile report (pipes, markup, line breaks in SQL text and module)
python3 - "$s/good.html" "$tmp/hostile.html" <<'PY'
import re, sys
t = open(sys.argv[1], encoding="utf-8").read()
evil = "select a|b, *x*, _y_ from t -- [z](http://e) {code} <b>#1 ~q~ $1$ &amp;"
# Every SQL text of the report gets the hostile text.
t, n = re.subn(r"(<pre_sqltext[^>]*>)[^<]*(</pre_sqltext>)", lambda m: m.group(1) + evil.replace("&", "&amp;").replace("<", "&lt;") + m.group(2), t)
assert n > 0, "no SQL text cell found"
open(sys.argv[2], "w", encoding="utf-8").write(t)
PY
check "markdown hostile" 0 "$bin" -f markdown "$tmp/hostile.html" "$s/bad.html"
python3 - "$tmp/out" <<'PY' && ok || bad "markdown tables keep their columns"
import re, sys
cells = lambda l: len(re.findall(r"(?<!\\)\|", l))
rows = 0
table = None
for l in open(sys.argv[1], encoding="utf-8"):
    l = l.rstrip("\n")
    if l.startswith("|"):
        if table is None: table = cells(l)
        assert cells(l) == table, (table, l)
        rows += 1
    else:
        table = None
assert rows > 20
PY
has "markdown escapes the pipe" 'a\\\|b'
hasnt "markdown keeps no raw markup" '[^\\]\[z|[^\\]\*x|[^\\]<b>|[^\\]\$1'
has "markdown escapes the markup" 'a\\\|b, \\\*x\\\*, \\_y\\_ from t -- \\\[z\\\]\(http://e\)'
check "jira hostile" 0 "$bin" -f jira "$tmp/hostile.html" "$s/bad.html"
python3 - "$tmp/out" <<'PY' && ok || bad "jira tables keep their columns"
import re, sys
rows = 0; header = None
for l in open(sys.argv[1], encoding="utf-8"):
    l = l.rstrip("\n")
    if l.startswith("||"):
        header = len(re.findall(r"(?<!\\)\|\|", l)) - 1
    elif l.startswith("|"):
        n = len(re.findall(r"(?<!\\)\|", l)) - 1
        assert header is not None and n == header, (header, n, l)
        rows += 1
    else:
        header = None if not l else header
assert rows > 20
PY
has "jira heading" '^h2\. awrdiff$'
has "jira escapes" 'a\\\|b, \\\*x\\\*, \\_y\\_ from t \\-\\- \\\[z\\\]\(http://e\) \\\{'
has "jira colours worse" '\{color:#de350b\}'

# --- man page, completion, install
if [ -n "$build" ]; then
  man1=$build/awrdiff.1
  if [ -f "$man1" ]; then
    ok
    has "man page header" '^\.TH AWRDIFF 1' "$man1"
    # Every option of --help is in the man page.
    for opt in --summary --width --color --format --top-sql --exit-code --baseline --policy --match --older-than; do
      grep -q -- "${opt//-/\\\\-}" "$man1" && ok || bad "man page lacks $opt"
    done
    if command -v groff >/dev/null; then
      groff -man -Tutf8 -ww -z "$man1" 2>"$tmp/groff.err"
      [ ! -s "$tmp/groff.err" ] && ok || { bad "groff warnings"; head -5 "$tmp/groff.err"; }
    fi
  else
    bad "no man page $man1 (the awrdiff_man target)"
  fi
  if command -v cmake >/dev/null && [ -f "$man1" ]; then
    check "cmake --install" 0 cmake --install "$build" --prefix "$tmp/prefix"
    for f in bin/awrdiff share/man/man1/awrdiff.1.gz share/bash-completion/completions/awrdiff \
      lib/systemd/system/awrdiff-check.service lib/systemd/system/awrdiff-check.timer lib/sysusers.d/awrdiff.conf \
      lib/tmpfiles.d/awrdiff.conf share/doc/awrdiff/copyright; do
      [ -e "$tmp/prefix/$f" ] && ok || bad "not installed: $f"
    done
  fi
fi
complete_words() {  # complete_words WORD...: the completions of the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
           _awrdiff awrdiff "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$root/completions/awrdiff.bash" "$@"
}
complete_words awrdiff -f "" >"$tmp/out"
has "completion of formats" '^jira$'
complete_words awrdiff ch >"$tmp/out"
has "completion of commands" '^check$'
complete_words awrdiff history "" >"$tmp/out"
has "completion of history commands" '^prune$'
complete_words awrdiff check --ma >"$tmp/out"
has "completion of check flags" '^--match$'
complete_words awrdiff --color "" >"$tmp/out"
has "completion of --color" '^never$'

# --- what reaches a ticket: a report whose DB name sets the terminal's title (OSC ... BEL), whose host clears the
# screen (CSI 2J, and a C1 CSI), whose SQL text hides itself (CSI 8m) and returns the carriage: no such byte in any
# text format, in the other commands' text, or on standard error; JSON escapes them (docs/robustness.md).
python3 - "$s" "$tmp" <<'EOF2'
import sys
for n in ("good", "bad"):
    t = open(f"{sys.argv[1]}/{n}.html", encoding="utf-8").read()
    t = t.replace(">ORCL19<", ">ORCL19\x1b]0;pwned\x07<", 1).replace(">dbhost01<", ">dbhost01\x1b[2J\u009b31m<", 1)
    t = t.replace("SELECT PAD FROM T_BIG", "SELECT PAD\r\x1b[8m FROM T_BIG")
    open(f"{sys.argv[2]}/{n}_esc.html", "w", encoding="utf-8").write(t)
EOF2
controls() { LC_ALL=C grep -c $'[\x01-\x09\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]' "$1"; }
for f in text markdown jira html; do
  check "control characters: -f $f" 0 "$bin" "$tmp/good_esc.html" "$tmp/bad_esc.html" -f "$f" -v --rows 0 --color always
  if [ "$f" = text ]; then  # awrdiff's own colours stay; nothing else of ESC
    [ "$(LC_ALL=C grep -c $'\x1b\[[0-9;]*m' "$tmp/out")" -gt 0 ] && ok || bad "control characters: colours lost"
    sed $'s/\x1b\[[0-9;]*m//g' "$tmp/out" >"$tmp/plain"
    [ "$(controls "$tmp/plain")" = 0 ] && ok || bad "control characters in -f text: $(LC_ALL=C grep -n $'\x1b' "$tmp/plain" | cat -A | head -3)"
  else
    [ "$(controls "$tmp/out")" = 0 ] && ok || bad "control characters in -f $f"
  fi
done
has "the name shown with U+FFFD" 'ORCL19�\]0;pwned�' "$tmp/plain"
check "control characters: -f json" 0 "$bin" "$tmp/good_esc.html" "$tmp/bad_esc.html" -f json
has "JSON escapes them" 'ORCL19\\u001[bB]\]0;pwned\\u0007'
for cmd in "report" "tables --rows" "baseline show"; do
  # shellcheck disable=SC2086
  check "control characters: $cmd" 0 "$bin" $cmd "$tmp/good_esc.html"
  [ "$(controls "$tmp/out")" = 0 ] && ok || bad "control characters in $cmd"
done
check "control characters on stderr" 2 "$bin" report "$tmp/none$(printf '\x1b]0;x\x07').html"
[ "$(controls "$tmp/err")" = 0 ] && ok || bad "control characters on stderr: $(cat -A "$tmp/err")"

echo "output: $pass passed, $fail failed"
[ "$fail" = 0 ]
