// awrdiff — baselines: what "normal" looks like for one database, per metric of the registry.
//
// A baseline holds the periods it was built from (each with its registry metric values) and/or
// pre-summarised distributions (a dump that gives only average / minimum / maximum, or hourly medians
// and percentiles). Whatever it came from — report files, saved snapshots, a saved baseline file, an
// Oracle metric dump — `check` reads it the same way: a distribution per metric (distribution()).
#pragma once

#include <awrdiff/metrics.hpp>
#include <awrdiff/model.hpp>
#include <awrdiff/sysmetric.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace awrdiff {

/// The version of the baseline file format that save_baseline_json writes (docs/baselines.md). A
/// reader accepts files of its own major version and ignores keys it does not know.
inline constexpr int k_baseline_schema_version = 1;

/// One period a baseline was built from: a report, or a snapshot interval of a dump.
struct BaselinePeriod {
  std::string source;  ///< the file it came from
  std::optional<std::int64_t> begin_snap;  ///< Begin Snap id (reports), or the dump's snap id
  std::optional<std::int64_t> end_snap;  ///< End Snap id
  std::string begin_time;  ///< ISO 8601 "2025-03-03T09:00:00"; empty when unknown
  std::string end_time;  ///< ISO 8601
  OptDouble elapsed_s;  ///< length of the period, seconds
  std::optional<int> instance_number;  ///< the instance; empty for a whole RAC cluster (global report, summed dump)
  bool valid = true;  ///< false: the report says its figures are invalid (left out of distributions)
  std::map<std::string, double> values;  ///< registry key -> value in the registry's unit
};

/// Centre and spread of one metric in a baseline.
struct MetricDistribution {
  std::size_t count = 0;  ///< periods behind it (for a dump aggregate: intervals, when the dump says)
  OptDouble median, mean;  ///< centre
  OptDouble sd;  ///< standard deviation (periods: sample sd; dumps: STANDARD_DEVIATION)
  OptDouble mad;  ///< median absolute deviation × 1.4826 (a robust sd); periods only
  OptDouble min, max;
  std::vector<std::pair<int, double>> percentiles;  ///< (nn, value), where the source gives them
  /// Where the figures come from: "periods" (computed from `count` periods), "dump" (as the dump gives
  /// them), "average-min-max" (SELECT_BASELINE_METRIC: no spread at all).
  std::string basis;
};

/// A pre-summarised distribution of a dump: one metric, optionally for one hour of the day or one instance.
struct BaselineAggregate {
  std::string key;  ///< registry key
  std::optional<int> hour_of_day;  ///< 0–23 when the dump aggregates by hour of day
  std::optional<int> instance_number;  ///< empty: cluster-wide (summed over instances)
  MetricDistribution distribution;
};

/// How `check` picks like periods from a baseline.
enum class MatchPeriods {
  all,  ///< every period
  hour,  ///< periods that begin in the same hour of the day as the current one
  weekday_hour,  ///< the same hour of the same day of the week
};

/// Everything `check` compares against.
struct Baseline {
  int schema_version = k_baseline_schema_version;
  std::string name;  ///< a name for people (the dump's baseline name, or the file)
  std::vector<std::string> sources;  ///< files it was built from
  std::string source_kind;  ///< "reports", "awr_miner", "dma_collector", "select_baseline_metric", "sysmetric_summary", or a mix
                            ///< "reports+awr_miner"
  // The facts the comparability gate needs.
  std::string db_name;
  std::optional<std::uint64_t> dbid;
  std::vector<int> instances;  ///< instance numbers covered
  std::string release;
  OptDouble cpus;
  std::string host;
  std::string
      platform;  ///< Platform as the source prints it ("Linux x86 64-bit"; AWR-Miner "Linux_x86_64-bit"); empty when not given
  std::optional<bool> rac;  ///< a RAC database (report: RAC YES; dump: more than one instance); empty when not given
  std::vector<BaselinePeriod> periods;  ///< periods with their metric values, oldest first
  std::vector<BaselineAggregate> aggregates;  ///< pre-summarised distributions (dumps without per-period rows)
  std::vector<std::string> unknown_metrics;  ///< metric names of a dump that no registry row has a twin for (shown by -v)
  std::vector<std::string> notes;  ///< what was left out and why ("3 rows of instance 2 ...")
  /// A dump's rows skipped, one line each ("line 12: row skipped: ..."), listed by `baseline show -v`;
  /// `notes` counts them. Not saved in the baseline file.
  std::vector<std::string> skipped_rows;
  /// The reports' snapshots (reports and saved snapshots only): the findings rules compare the current
  /// period against them merged (the baseline's typical period). Empty for dumps. Not saved in the file.
  std::vector<Snapshot> snapshots;
  /// Why this baseline is known to lack rows of its source, one line each (a dump whose spool says it selected
  /// 245 rows of which 5 could be read; a dump cut off inside a row without SQL*Plus's count): `check` refuses it
  /// (exit 2) unless the policy names the metrics it gates on and they are given. Saved in the baseline file.
  std::vector<std::string> incomplete;
  /// One line per period dropped as a duplicate when this baseline was built or merged
  /// ("samples/good.txt: the same period as samples/good.html (snaps 4410-4411 of ORCL19): kept once"), for
  /// the CLI to say on standard error. `notes` counts them. Not saved in the file.
  std::vector<std::string> duplicates;
};

/// The values a registry metric can take, in its unit (the registry's `unit`).
struct MetricRange {
  double low = 0;  ///< every registry metric is 0 or more
  double high = 1e15;  ///< beyond: no database gives it (a damaged or hand-edited source)
};
/// [0, 1,000,000] for time per second (AAS, s/s: more sessions active on average than any database runs, the
/// limit `check` puts on a current report); [0, 1,000] for a percentage (a dump's percentage can pass 100:
/// Oracle's Database CPU Time Ratio from figures sampled apart, the DMA collector's average + 2 standard
/// deviations); [0, 1e15] for any other metric. A dump's value outside is dropped with its row, a baseline file's
/// refused.
MetricRange metric_range(const MetricSpec& spec);

/// The baseline's typical period: its report snapshots merged (merge_snapshots, merge.hpp). Several periods are no
/// one snapshot range: begin/end snap ids and times are left empty, so no overlap or clock warning is
/// drawn from them. Throws Error when the baseline has no snapshots.
Snapshot typical_period(const Baseline& baseline);

/// The instance a report covers: its instance number, empty for a RAC global report (the whole cluster).
std::optional<int> report_instance(const Snapshot& snapshot);

namespace detail {
/// A metric's distribution over periods, as distribution() computes it from a baseline's periods
/// (median, mean, sample sd, MAD × 1.4826 from 3 periods, extremes, 5/25/75/95th percentiles from 5).
MetricDistribution summarize_period_values(std::vector<double> values);
}  // namespace detail

/// A snapshot's registry values as a baseline period (every checked registry metric the report gives).
BaselinePeriod period_of(const Snapshot& snapshot);

/// A baseline from report snapshots, duplicates dropped (drop_duplicate_periods). Throws Error when the
/// set is empty or mixes databases (confirm_same_database; the message names the two files).
/// `name_suffices` as for confirm_same_database.
Baseline baseline_from_snapshots(std::vector<Snapshot> snapshots, bool name_suffices = false);

/// A baseline from an Oracle metric dump: rows mapped to registry metrics through their Oracle twins
/// (metric_value units), per-instance rows of a RAC dump summed (rates) or averaged (ratios) per period
/// for the cluster and also kept per instance. Unknown metric names are listed, never dropped silently.
Baseline baseline_from_dump(const SysmetricDump& dump);

/// What says which database a report, set or baseline is of: its DB Id and its DB name (either may be
/// missing: a redacted report, a dump without DBID).
struct DatabaseIdentity {
  std::optional<std::uint64_t> dbid;
  std::string name;
  /// Release as the source prints it ("19.0.0.0.0", "11.2.0.3.0"; report: Database section's Release; dump:
  /// its version line); empty when not given. Used only when the DB name alone matches.
  std::string release = {};
  /// Platform as the source prints it ("Linux x86 64-bit", AWR-Miner "Microsoft_Windows_x86_64-bit"); compared
  /// without case, spaces or punctuation. Empty when not given. Used only when the DB name alone matches.
  std::string platform = {};
  /// A RAC database (report: RAC YES or more than one instance; dump: more than one instance); empty when not
  /// given. Used only when the DB name alone matches.
  std::optional<bool> rac = {};
};

/// The identity a report gives (DB Id, DB name, release, platform, RAC or not).
DatabaseIdentity identity_of(const Snapshot& snapshot);
/// The identity a baseline gives.
DatabaseIdentity identity_of(const Baseline& baseline);

/// The comparability gate's database test, one rule for check, sets and baselines. `item` (named by
/// `source`) against `reference` (named `reference_label` in messages, e.g. "the baseline"):
/// - both give a DB Id: they must be equal; returns "".
/// - either lacks a DB Id: a name is not an identity (ORCL is every laptop's name). The DB names must be
///   equal (case-insensitive); when both give a release, of the same major release (the first figure: 11
///   against 19 is another database of a common name, or one upgraded since, whose baseline no longer
///   holds); and the platform and RAC-ness (RAC or single instance) must be given on both sides and agree.
///   Returns a note "no DB Id (...): matched by DB name X, platform P, single instance" (the check shows it
///   with its warnings).
/// Throws Error(source, reason), one line, when the DB Ids or the DB names differ, when neither can confirm
/// it ("cannot confirm it is the same database"), or, on a name match, when the platform or RAC-ness
/// differs or cannot be compared (the message names each). `name_suffices` (check --assume-same-database):
/// a name match is enough; what differs or is unknown is then said in the returned note, never refused.
std::string confirm_same_database(const DatabaseIdentity& item, const DatabaseIdentity& reference, const std::string& source,
                                  std::string_view reference_label, bool name_suffices = false);

/// Drops periods given more than once (the same instance and Begin/End Snap ids, or the same times when
/// a source gives no snap ids): the period with more metric values is kept, then the HTML report over
/// its text twin; their snapshots go with them. Returns how many were dropped (also added to `notes`).
std::size_t drop_duplicate_periods(Baseline& baseline);

/// Leaves out of the baseline (valid = false, said in `notes`) each period that cannot be one of its host: a value
/// outside its metric's range (metric_range), or a DB time per second (AAS) above 10 times the period's sessions
/// and above 100 per CPU of the host (baseline.cpus; a cluster-wide period: every instance's). A dump's DB time
/// aggregate (its median, else its mean) is dropped likewise, against the Session Count aggregate of the same hour
/// and instance and the CPUs. Returns how many were left out. Every baseline made by this library passes through
/// it; a caller that builds one otherwise (the history store's window) calls it.
std::size_t leave_out_impossible_periods(Baseline& baseline);

/// Periods of one instance that overlap without being the same period (snap ranges, or times where a
/// source gives no snap ids, that intersect: 4410-4412 and 4411-4413), one line each naming both files:
/// a baseline's periods should be distinct samples. Both are kept. At most `limit` lines, then one line
/// counting the rest.
std::vector<std::string> overlapping_periods(const Baseline& baseline, std::size_t limit = 5);

/// Adds `other` to `into` (several sources given to one check): confirm_same_database, then the periods
/// and aggregates, duplicates dropped (drop_duplicate_periods). Throws Error when they are not of one
/// database.
/// `name_suffices` as for confirm_same_database.
void merge_baseline(Baseline& into, Baseline other, bool name_suffices = false);

/// The class of like periods that a period beginning at `begin_time` (ISO 8601) falls in under `match`: 0 for every
/// period (all), the hour of the day 0–23 (hour), weekday × 24 + hour with Sunday 0 (weekday_hour); empty when a
/// match is asked and the time cannot be read. Two periods are like when their keys are equal and not empty: check's
/// like periods (distribution; `timeline --match` draws its band from them).
std::optional<int> like_period_key(MatchPeriods match, std::string_view begin_time);

/// The distribution of `key` over the baseline's periods that match `current` (all periods, or the same
/// hour / weekday and hour of `current_begin_time`, ISO 8601), for one instance (or the cluster when
/// `instance` is empty). Falls back to the aggregates when no period gives the metric. Empty count when
/// nothing is known.
MetricDistribution distribution(const Baseline& baseline, const std::string& key, MatchPeriods match,
                                const std::string& current_begin_time, std::optional<int> instance);

/// The baseline as JSON (the versioned format of docs/baselines.md), with a trailing newline.
std::string baseline_json_text(const Baseline& baseline);
/// Reads a baseline file written by baseline_json_text. Throws Error(source, reason) for another
/// major version, a JSON that is no baseline, or wrong types.
Baseline baseline_from_json(std::string_view json, const std::string& source);

/// True when `file` is a saved baseline file (a JSON object with an "awrdiff_baseline" key); false for
/// anything else, a file that cannot be read included.
bool is_baseline_file(const std::filesystem::path& file);

/// Loads one baseline source by content: a saved baseline file, an Oracle metric dump, or a report /
/// saved snapshot (load_report). Reports are returned as a one-period baseline with their snapshot.
Baseline load_baseline_source(const std::filesystem::path& file);

/// A summary for people (`awrdiff baseline show`): database, instances, sources, periods (first and
/// last), aggregates, each metric's count / median / range; `verbose` adds the unknown metric names.
std::string baseline_summary_text(const Baseline& baseline, bool verbose);

/// ISO 8601 "YYYY-MM-DDTHH:MM:SS" of a report's time as printed ("22-Dec-23 01:30:13", "03-Mar-25
/// 09:00:12", "2025-03-03 09:00"); empty when it cannot be read.
std::string iso_time(std::string_view printed);

}  // namespace awrdiff
