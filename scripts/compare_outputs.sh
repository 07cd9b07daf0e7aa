#!/usr/bin/env bash
# Runs two awrdiff binaries over the corpus (../shared/corpus, or $AWRDIFF_CORPUS) and compares every output
# byte for byte: the check that a move of code changed no output. Pairs in every format, sets, single reports,
# Compare Periods reports, snapshots, `check` against a baseline and `timeline` over a series.
#
#   scripts/compare_outputs.sh BEFORE_BINARY AFTER_BINARY [OUT_DIR]
#
# Each run's standard output, standard error and exit code go to OUT_DIR/{before,after}/NAME; exit 0 when all
# are identical, 1 (and the names that differ) otherwise. Runs whose inputs are absent are skipped.
set -u
before=${1:?before binary}
after=${2:?after binary}
out=${3:-$(mktemp -d)}
corpus=${AWRDIFF_CORPUS:-$(cd "$(dirname "$0")/.." && pwd)/../shared/corpus}
mkdir -p "$out/before" "$out/after"

runs=()  # "name|args" (file names relative to the corpus)
pairs=(
  "awr-html_11.2_pcambell_1.html awr-html_11.2_pcambell_2.html"
  "awr-html_11.2_rac_pcambell_3.html awr-html_11.2_rac_pcambell_1.html"
  "awr-html_12.1_sarthi_1.html awr-html_12.1_sarthi_3.html"
  "awr-html_19c_jdmoreno_3.html awr-html_19c_jdmoreno_4.html"
  "awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html"
  "awr-html_19c_jdmoreno_1.html awr-html_19c_jdmoreno_5.html"
  "awr-html_19c_rac_pcambell_2.html awr-html_19c_rac_pcambell_1.html"
  "awr-html_12.2_rac_azure_1.html awr-html_12.2_rac_azure_2.html"
  "awr-rac-html_19c_rac_azure_1.html awr-rac-html_19c_rac_azure_2.html"
  "awr-html_11.2_apress_1.html awr-html_11.2_apress_2.html"
  "awr-text_11.2_clay_1.txt awr-html_11.2_clay_1.html"
  "awr-text_12.1_getperf_1.lst awr-text_12.1_getperf_2.lst"
  "statspack_18c_marta_1.lst statspack_18c_marta_2.lst"
  "statspack_12.1_getperf_3.lst statspack_12.1_getperf_4.lst"
  "statspack_12.1_getperf_2.lst awr-text_12.1_getperf_2.lst"
  "awr-html_12.1_adba_2.html awr-html_12.1_adba_3.html"
  "awr-html_12.2_eyko_1.html awr-html_12.2_kevinc_1.html"
  "awr-html_11.2_rac_newstar_1.html awr-text_11.2_rac_newstar_1.txt"
  "awr-text_12.2_jasmin_1.txt statspack_12.1_jasmin_1.txt"
  "awr-html_unk_rfort_1.html awr-html_19c_lucky_1.html"
)
n=0
for p in "${pairs[@]}"; do
  n=$((n + 1))
  for f in text json html markdown jira; do runs+=("pair${n}.${f}|-f ${f} ${p}"); done
  runs+=("pair${n}.summary|--summary ${p}" "pair${n}.narrow|-w 80 --rows 0 ${p}" "pair${n}.replay|--replay ${p}")
done
for c in awr-compare_11.2_apress_1.txt awr-compare_11.2_apress_1.html awr-compare_19c_ratexec_5.html \
  awr-compare_19c-26ai_ratexec_1.html awr-rac-compare_19c_rac_ratexec_1.html; do
  for f in text json html; do runs+=("${c}.${f}|-f ${f} ${c}"); done
done
for r in awr-html_19c_jdmoreno_8.html awr-text_11.2_clay_1.txt statspack_18c_marta_2.lst awr-html_12.1_shadab_1.html; do
  runs+=("report.${r}.text|report ${r}" "report.${r}.html|report -f html ${r}" "snapshot.${r}|snapshot ${r}")
done
set_args="--base awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html --target awr-html_19c_jdmoreno_10.html awr-html_19c_jdmoreno_11.html"
for f in text json html markdown; do runs+=("sets.${f}|-f ${f} ${set_args}"); done
chk="check --baseline awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html awr-html_19c_jdmoreno_10.html"
chk_rac="check --baseline awr-html_19c_rac_pcambell_2.html awr-html_19c_rac_pcambell_5.html"
for f in text json html markdown jira; do
  runs+=("check1.${f}|${chk} -f ${f} awr-html_19c_jdmoreno_11.html")
  runs+=("check2.${f}|${chk_rac} -f ${f} awr-html_19c_rac_pcambell_1.html")
  runs+=("check3.${f}|check --baseline awr-html_12.1_sarthi_1.html -f ${f} awr-html_12.1_sarthi_3.html")
  runs+=("check4.${f}|check --baseline awr-html_11.2_rac_pcambell_1.html awr-html_11.2_rac_pcambell_2.html -f ${f} awr-html_11.2_rac_pcambell_3.html")
done
runs+=("check1.nagios|${chk} --nagios awr-html_19c_jdmoreno_11.html" "check1.quiet|${chk} -q awr-html_19c_jdmoreno_11.html"
  "check1.openmetrics|${chk} -f openmetrics awr-html_19c_jdmoreno_11.html"
  "check5.text|check --baseline awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html -- awr-html_19c_jdmoreno_10.html awr-html_19c_jdmoreno_11.html")
series="awr-html_19c_jdmoreno_8.html awr-html_19c_jdmoreno_9.html awr-html_19c_jdmoreno_10.html awr-html_19c_jdmoreno_11.html"
series2="awr-html_11.2_rac_pcambell_1.html awr-html_11.2_rac_pcambell_2.html awr-html_11.2_rac_pcambell_3.html"
for d in baseline-metric_19c_rac_dma_1.csv baseline-metric_12.1_rac_tmuth_1.out baseline-metric_11.2_dma_1.csv; do
  runs+=("baseline_show.${d}|baseline show ${d}")
done
for f in text json html markdown jira; do
  runs+=("timeline1.${f}|timeline -f ${f} ${series}" "timeline2.${f}|timeline -f ${f} --rows 0 ${series2}")
done

differ=0
total=0
for r in "${runs[@]}"; do
  name=${r%%|*}
  args=${r#*|}
  missing=0
  for a in $args; do
    case $a in *.html | *.txt | *.lst | *.out | *.csv | *.log) [ -f "$corpus/$a" ] || missing=1 ;; esac
  done
  [ $missing = 1 ] && continue
  total=$((total + 1))
  for side in before after; do
    bin=$before
    [ $side = after ] && bin=$after
    (cd "$corpus" && NO_COLOR=1 "$bin" $args >"$out/$side/$name.out" 2>"$out/$side/$name.err"
      echo $? >"$out/$side/$name.rc")
  done
  for ext in out err rc; do
    if ! cmp -s "$out/before/$name.$ext" "$out/after/$name.$ext"; then
      echo "DIFFERS: $name.$ext ($args)"
      differ=$((differ + 1))
    fi
  done
done
echo "$total runs, $differ outputs differ ($out)"
[ $differ = 0 ]
