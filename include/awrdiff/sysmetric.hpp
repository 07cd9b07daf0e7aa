// awrdiff — Oracle's own baseline metric dumps: DBA_HIST_SYSMETRIC_SUMMARY rows and baseline
// statistics, as the tools DBAs run write them to a file.
//
// Every reader turns its file into SysmetricRows named by Oracle's METRIC_NAME and METRIC_UNIT (as
// V$METRICNAME lists them): a dump that renamed or rescaled a metric (AWR-Miner's `aas`, `read_mb_s`)
// is mapped back to the metric it was computed from, and its value converted back to that metric's
// unit. The metric registry (metrics.hpp) converts them once more, to awrdiff's own units.
#pragma once

#include <awrdiff/error.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace awrdiff {

/// Which tool wrote the dump. Detected by content, never by file name.
enum class DumpKind {
  awr_miner,  ///< AWR-Miner / DBCSI capture (.out): the ~~BEGIN-MAIN-METRICS~~ section, one row per snapshot
  dma_collector,  ///< Database Migration Assessment collector: awrhistsysmetricsumm, per instance and hour of day
  select_baseline_metric,  ///< SQL*Plus spool of SELECT * FROM TABLE(DBMS_WORKLOAD_REPOSITORY.SELECT_BASELINE_METRIC('name'))
  sysmetric_summary,  ///< SQL*Plus spool of the DBA_HIST_SYSMETRIC_SUMMARY query the README gives
};
/// "awr_miner", "dma_collector", "select_baseline_metric", "sysmetric_summary".
const char* to_string(DumpKind kind);

/// What the statistics of a dump's rows are statistics of.
enum class SysmetricBasis {
  metric,  ///< the metric itself, as DBA_HIST_SYSMETRIC_SUMMARY keeps it: AVERAGE the mean of its 60-s values, MAXVAL the largest
  average_plus_2sd,  ///< each snapshot's AVERAGE + 2 × STANDARD_DEVIATION (the DMA collector's per-snapshot "PERC95"): every
                     ///< statistic of the row (AVG_VALUE, MIN_VALUE, MAX_VALUE, PERCnn...) is taken over those, so it runs about
                     ///< two standard deviations above the metric's own figure, and MAX_VALUE can pass 100 for a percentage
  metric_history,  ///< the metric's raw 60-s values of DBA_HIST_SYSMETRIC_HISTORY (the DMA collector's awrhistsysmetrichist
                   ///< extract): AVG_VALUE their mean in the hour of the day, MAX_VALUE the largest, PERCnn their percentiles,
                   ///< each rounded to an integer by the collector's SQL
};
const char* to_string(SysmetricBasis basis);

/// One metric over one period: a snapshot interval (AWR-Miner, DBA_HIST_SYSMETRIC_SUMMARY), a
/// baseline's whole span (SELECT_BASELINE_METRIC), or one hour of the day over the days collected
/// (DMA collector, `hour_of_day` set). Values are in `metric_unit`. A statistic the dump does not give
/// is empty, never 0. For the DMA collector every statistic is one of AVERAGE + 2 × STANDARD_DEVIATION
/// (SysmetricDump::basis). docs/baseline-dumps.md has each format's columns.
struct SysmetricRow {
  std::string metric_name;  ///< METRIC_NAME, e.g. "Database Time Per Sec"
  std::string metric_unit;  ///< METRIC_UNIT, e.g. "CentiSeconds Per Second"; "awr-miner column" for an
                            ///< AWR-Miner column no release computes from a known metric (named after it)
  std::optional<std::uint64_t> dbid;  ///< DBID column (or the dump's header)
  std::optional<int> instance_number;  ///< INSTANCE_NUMBER / inst
  std::optional<std::int64_t> snap_id;  ///< SNAP_ID / snap (the end snapshot of the interval)
  std::string begin_time;  ///< BEGIN_TIME / BEG_TIME as ISO 8601 "2013-05-09T13:52:00", a date alone
                           ///< ("2025-03-14") when the spool printed DD-MON-RR; AWR-Miner: end − dur_m;
                           ///< empty when not given
  std::string end_time;  ///< END_TIME (AWR-Miner: `end`), ISO 8601; empty when not given
  std::optional<int> hour_of_day;  ///< 0–23: the row aggregates this hour of the day (DMA collector HOUR / HO)
  std::optional<double> num_intervals;  ///< NUM_INTERVAL (AWR-Miner dur_m): 60-second metric intervals summarised
  std::optional<double> interval_s;  ///< length of the period the row covers, seconds (INTERVAL_SIZE / INTSIZE
                                     ///< centiseconds / 100; AWR-Miner dur_m × 60)
  std::optional<double> average;  ///< AVERAGE / AVG_VALUE / AWR-Miner's plain column
  std::optional<double> minimum;  ///< MINIMUM / MINVAL / MIN_VALUE
  std::optional<double> maximum;  ///< MAXIMUM / MAXVAL / MAX_VALUE / AWR-Miner's `_max` column
  std::optional<double> median;  ///< MEDIAN_VALUE (DMA collector)
  std::optional<double> mode;  ///< MODE_VALUE (DMA collector)
  std::optional<double> standard_deviation;  ///< STANDARD_DEVIATION / AWR-Miner's `_sd` column
  std::optional<double> sum;  ///< SUM_VALUE (DMA collector)
  std::vector<std::pair<int, double>> percentiles;  ///< (nn, value) of PERCnn columns (DMA collector), ascending nn
  int line = 0;  ///< 1-based line in the file
};

/// A whole dump: what it says about the database, and its rows in file order.
struct SysmetricDump {
  std::string source;  ///< file name as given
  DumpKind kind = DumpKind::awr_miner;
  std::string db_name;  ///< DB name where the dump gives it (AWR-Miner DB_NAME, the DMA PKEY)
  std::optional<std::uint64_t> dbid;  ///< DB Id (every row's dbid agrees, or a diagnostic says not)
  std::string release;  ///< Oracle release where given ("11.2.0.3.0")
  std::string host;  ///< host name(s) where given (AWR-Miner HOSTS "a,b", the DMA PKEY)
  std::string platform;  ///< platform where given
  std::optional<double> cpus;  ///< CPUs where given (AWR-Miner OS-INFORMATION NUM_CPUS)
  std::vector<int> instances;  ///< instance numbers seen, ascending
  std::optional<int> instance_count;  ///< the database's instances where the dump says (AWR-Miner INSTANCES)
  std::string baseline_name;  ///< BASELINE_NAME (SELECT_BASELINE_METRIC), else empty
  std::string tool_version;  ///< the collecting script's version where given (AWR-Miner AWR_MINER_VER "4.0.11.aws.62")
  SysmetricBasis basis = SysmetricBasis::metric;  ///< average_plus_2sd for the DMA collector's awrhistsysmetricsumm,
                                                  ///< metric_history for its awrhistsysmetrichist (see SysmetricBasis)
  std::vector<SysmetricRow> rows;
  /// Rows the spool says its query returned: SQL*Plus's feedback line ("245 rows selected.", "no rows selected"),
  /// summed over the file. Empty when the file does not say (feedback off, a file cut before it) and for AWR-Miner,
  /// whose lines each hold many rows. Fewer rows read (with duplicate_rows) than this: rows were lost.
  std::optional<std::size_t> rows_selected;
  std::size_t duplicate_rows = 0;  ///< rows skipped as the same metric, instance and period again (merged)
  bool cut_off = false;  ///< the file ends inside a row (no line break after the last one, a wrapped row cut short)
  std::vector<Diagnostic> diagnostics;  ///< rows skipped (warning, with its line) and notes on the file (line 0)
};

/// The dump kind of decoded text, or empty when it is none of them. Cheap: a report's title in the
/// first 256 KB, AWR-Miner's ~~BEGIN-MAIN-METRICS~~ line, a column heading in the first 400 lines.
/// Never claims an AWR, Statspack, ASH or ADDM report, HTML or JSON.
std::optional<DumpKind> detect_sysmetric_dump(std::string_view text);

/// Reads a dump of any kind. A row that cannot be read (too few or too many cells, a number that is
/// not one or is ambiguous like "1,234" in a delimited file, NaN, "####", a date that is not one, a
/// duplicate of an earlier row, a last line without its line break) is skipped with a Diagnostic
/// naming its line. Throws Error(source, reason), one line, when the text is no dump, when no row at
/// all could be read, or past the limits (4,000,000 lines, 2,000,000 rows).
SysmetricDump parse_sysmetric_dump(std::string_view text, const std::string& source);

/// read_input (gzip, BOM, UTF-16, CRLF handled) and parse_sysmetric_dump.
SysmetricDump load_sysmetric_dump(const std::filesystem::path& file);

}  // namespace awrdiff
