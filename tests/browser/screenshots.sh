#!/bin/sh
# The screenshots of docs/html.md, docs/timeline.md and docs/fleet.md (docs/img/*.png), at 1,400 px: the samples good -> bad, a set
# comparison, a check against a baseline, a timeline of a synthetic series, the fleet page of a synthetic fleet, and a real pair and RMGTIBP's storm as a
# timeline when the corpus is there
# (CORPUS_DIR, else $AWRDIFF_CORPUS, else ../shared/corpus beside the clone).
# usage: tests/browser/screenshots.sh AWRDIFF [CORPUS_DIR]      (needs chromium; pngquant makes them small)
set -eu
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${2:-${AWRDIFF_CORPUS:-$src/../shared/corpus}}
out=$src/docs/img
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

shot() {  # page.html out.png height
  chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$tmp/profile" \
    --window-size=1400,"$3" --screenshot="$2" "file://$1" >/dev/null 2>&1
  if command -v pngquant >/dev/null; then pngquant --force --quality 60-85 --output "$2" -- "$2"; fi
  echo "$2: $(wc -c <"$2") bytes"
}

cd "$src/samples"
"$bin" -f html good.html bad.html >"$tmp/good_bad.html"
shot "$tmp/good_bad.html" "$out/html-good-bad.png" 1250
"$bin" -f html --base good.html good_1.html good_2.html --target good_3.html good_4.html bad.html >"$tmp/sets.html"
shot "$tmp/sets.html" "$out/html-sets.png" 1600
"$bin" check -f html --baseline good.html good_1.html good_2.html good_3.html good_4.html -- bad.html >"$tmp/check.html" || true
shot "$tmp/check.html" "$out/html-check.png" 1900
# The timeline of a synthetic series (the samples' workload, then its hard-parsing storm): docs/timeline.md.
python3 "$src/tests/browser/timeline_series.py" "$tmp/series"
(cd "$tmp/series" && "$bin" timeline -f html series_*.html >"$tmp/timeline.html")
shot "$tmp/timeline.html" "$out/html-timeline.png" 1600
# The fleet's morning page of a synthetic fleet (two storms, a silent database, two fine): docs/fleet.md.
python3 "$src/tests/browser/fleet_series.py" "$tmp/fleet"
"$bin" history add --db "$tmp/fleet.sqlite" "$tmp"/fleet/*.html >/dev/null
(cd "$tmp" && "$bin" fleet --db fleet.sqlite --from 2025-03-14T08:00 --to 2025-03-14T13:00 --match all -f html >"$tmp/fleet.html") || true
shot "$tmp/fleet.html" "$out/html-fleet.png" 820
if [ -f "$corpus/awr-html_12.1_sarthi_1.html" ]; then
  cd "$corpus"
  "$bin" -f html awr-html_12.1_sarthi_1.html awr-html_12.1_sarthi_3.html >"$tmp/receipt.html"
  shot "$tmp/receipt.html" "$out/html-receipt.png" 1500
fi
if [ -f "$corpus/awr-html_19c_jdmoreno_8.html" ]; then
  cd "$corpus"
  "$bin" timeline -f html awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html awr-html_19c_jdmoreno_10.html \
    awr-html_19c_jdmoreno_11.html >"$tmp/rmgtibp.html"
  shot "$tmp/rmgtibp.html" "$out/html-timeline-rmgtibp.png" 1500
fi
