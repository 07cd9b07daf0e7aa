// awrdiff — the metric registry: for every kind of number awrdiff compares, one row with its unit,
// which direction is worse, how large a change must be before it is material, how to read it from a
// Snapshot, and its Oracle system-metric twin (V$SYSMETRIC / DBA_HIST_SYSMETRIC_SUMMARY METRIC_NAME,
// METRIC_UNIT and the factor to this row's unit). The pairwise diff, the findings, sets of reports and
// `check` against a baseline all read values through metric_value(), so they never disagree about what
// a value is. The table itself is in src/metrics/metrics.cpp and is printed in docs/findings.md.
//
// Materiality is symmetric, so that diff(A, B) is the mirror of diff(B, A): a change is material when
// |target − base| reaches `abs_floor` AND the larger of the two values is at least
// (1 + rel_floor_pct / 100) times the smaller. 0 → 0 is no change; 0 → x is material only when x
// itself reaches the absolute floor (never "+∞%").
#pragma once

#include <awrdiff/model.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff {

/// Which way a metric is worse.
enum class Direction {
  higher_is_worse,  ///< DB time, waits, latencies, hard parses
  higher_is_better,  ///< e.g. soft parse %, buffer hit % (efficiency percentages)
  neutral,  ///< workload volume (executions, transactions, redo): a change is neither good nor bad
};

/// An Oracle system metric (V$METRICNAME: METRIC_NAME, METRIC_UNIT) that measures the same thing as
/// a registry row. A value of the Oracle metric times `factor` is the row's value in the row's unit
/// (e.g. "CPU Usage Per Sec" in CentiSeconds Per Second × 0.01 = DB CPU seconds per second).
struct OracleTwin {
  std::string_view metric_name;  ///< METRIC_NAME, e.g. "Database Time Per Sec"; empty: no twin
  std::string_view metric_unit;  ///< METRIC_UNIT as Oracle prints it, e.g. "CentiSeconds Per Second"
  double factor = 1;  ///< Oracle value × factor = registry value
};

/// How per-instance values of a RAC database make the cluster's: rates add up, ratios and latencies
/// are averaged.
enum class Aggregation { sum, mean };

/// What part a metric plays in `check`'s verdict.
enum class MetricRole {
  detail,  ///< warns and explains; never fails by default
  master,  ///< DB time and the work it buys: can fail a check (docs/baselines.md)
  load,  ///< a measure of the work asked for (executions, transactions, user calls): tells busier from slower
};

/// Reads one metric's value from a snapshot; empty when the report does not give it.
using SnapshotReader = OptDouble (*)(const Snapshot&);

/// A cost per unit of work: a total divided by a load ("db_time_per_exec_ms" is "db_time_per_s" over
/// "load_profile.executes"). A change of the total is told busier from slower by its loads and costs
/// (detail::load_explains).
struct PerUnit {
  std::string_view total;  ///< the registry key divided, e.g. "db_time_per_s"; empty: the row is no cost per unit
  std::string_view load;  ///< the registry key of the load it is divided by, e.g. "load_profile.executes"
  std::string_view unit;  ///< one unit of the load, as said to the reader: "execution", "transaction", "call"
};

/// When `check` holds a worse detail metric below a warn: a DBA acts on some metrics alone only in a context. The
/// reason the check table gives such a row ("worse than the baseline, but not a change a DBA acts on alone (...)")
/// is built from its registry row, never from its key.
enum class WarnGate {
  always,  ///< warns as assessed
  part_of_db_time,  ///< a part of DB time: warns only when DB time per second is worse too (else a change of mix)
  cpu_share,  ///< warns when its change takes a tenth of the host's CPUs or more
  share_of_db_time,  ///< warns when the time of `WarnContext::share_of` is a tenth of DB time or more
  no_db_time,  ///< a count with no DB time of its own: context, never a warn
};

/// A detail metric's context in `check` (WarnGate), with the words of its reason.
struct WarnContext {
  WarnGate gate = WarnGate::always;
  std::string_view share_of;  ///< share_of_db_time: the registry key of the time weighed ("event:log file sync:time_per_s")
  std::string_view what;  ///< share_of_db_time: its name in the reason ("log file sync", "hard parsing")
  std::string_view absent;  ///< share_of_db_time: the reason's words when the report does not give that time
};

/// One row of the metric registry. `key` is a scalar metric ("db_time_per_s"), a Load Profile row
/// ("load_profile.hard_parses", read from the row's Per Second column), or a family (`family` set:
/// "event.time_per_s", whose instances are keyed "event:<name>:time_per_s"); `unit` is the unit of the
/// value and of `abs_floor`.
struct MetricSpec {
  std::string_view key;
  std::string_view display;
  std::string_view unit;
  Direction direction = Direction::higher_is_worse;
  double abs_floor = 0;  ///< smallest |target − base| that matters, in `unit`
  double rel_floor_pct = 0;  ///< smallest relative change that matters, percent (symmetric: max/min − 1)
  bool points = false;  ///< the value is a percentage: its change is in points and has no relative floor
  SnapshotReader read = nullptr;  ///< scalar metrics other than Load Profile rows: how to read it
  OracleTwin twin{};  ///< the Oracle system metric measuring the same thing, if any
  OracleTwin twin2{};  ///< a second one (e.g. "Average Active Sessions" beside "Database Time Per Sec")
  Aggregation across_instances = Aggregation::sum;
  MetricRole role = MetricRole::detail;
  bool family = false;  ///< a family of metrics keyed "<kind>:<name>:<measure>", not one value
  bool checked = false;  ///< `check` evaluates it against a baseline by default
  PerUnit per_unit{};  ///< a cost per unit of work: what it divides by what (DB time per execution ...)
  WarnContext warn{};  ///< `check`: when a worse value of this detail metric is a warn (docs/baselines.md)
};

/// All metric specs (for docs and tests), in registry order.
std::span<const MetricSpec> all_metrics();

/// The spec for `key`; for "load_profile.<row>" keys without an entry of their own, the generic
/// "load_profile" spec; for "<kind>:<name>:<measure>" keys, their family's spec. nullptr when unknown.
const MetricSpec* find_metric(std::string_view key);

/// The registry rows that are costs per unit of `total` (PerUnit::total == total), in registry order: for
/// "db_time_per_s", DB time per transaction, per execution and per user call. Empty for any other key.
std::vector<const MetricSpec*> unit_costs(std::string_view total);

/// The registry row whose Oracle twin is `metric_name` (case-insensitive), with the twin that matched.
/// nullptr when no row has that twin.
const MetricSpec* find_metric_by_oracle_name(std::string_view metric_name, const OracleTwin** twin = nullptr);

/// The value of one metric in one snapshot: "db_time_per_s", "db_cpu_per_s", "outside_per_s",
/// "host_cpu_busy_pct", "db_cpu_pct_db_time", "transactions_per_s", "db_time_per_txn_s" and every other
/// scalar row of the registry; "load_profile.<row>" (Per Second column); family instances
/// "wait_class:<name>:time_per_s", "event:<name>:time_per_s", "event:<name>:avg_wait_ms",
/// "time_model:<name>:time_per_s", "sql:<sql_id>:elapsed_per_s". Empty when the report does not give it
/// or the key is unknown. Units: the row's.
OptDouble metric_value(const Snapshot& snapshot, std::string_view key);
/// An event's average wait in ms as every comparison reads it: its time over its waits where the report prints both
/// and that is the finer figure, else the printed average (an average printed 0 over a time and waits above 0 is their
/// ratio). The merge of a set weighs its members' averages by their waits with it.
OptDouble event_avg_wait_ms(const WaitEvent& e);
/// An event's time in seconds: as printed, or its waits times its average where the time is printed 0 (2 waits of
/// 5.53 ms print "0" s).
OptDouble event_time_s(const WaitEvent& e);

/// Where a count-based rate is read from (rate_source).
enum class RateFrom : unsigned char {
  none,  ///< no such rate, or not in the report
  instance_activity,  ///< the interval's exact totals of Instance Activity statistics
  load_profile,  ///< the Load Profile's rate, rounded as printed
};

/// Where metric_value read a count-based rate from: `instance_activity` when the report's Instance Activity Stats
/// give the interval's exact totals (used over the Load Profile, which prints one or two decimals: 31 transactions
/// in 30 minutes print as "0.0" per second, 299 hard parses as "0.2"), with the statistics added up;
/// `load_profile` when only it gives them; `none` for metrics that are no such rate (or not in the report).
struct RateSource {
  RateFrom from = RateFrom::none;
  std::string statistics;  ///< instance_activity: the statistics added up, "user commits + user rollbacks"
  /// As said to the reader: "Instance Activity: user commits + user rollbacks", "Load Profile"; empty for none.
  std::string text() const;
};

/// Where metric_value read `key`'s rate from (RateSource). Applies to transactions, executes, user calls, parses,
/// hard parses, user commits, rollbacks, logons and the DB time per transaction / execution / user call built on
/// them.
RateSource rate_source(const Snapshot& snapshot, std::string_view key);

/// A restart matters to a period (cold caches, a first period Oracle's own figures treat apart) when the
/// instance started inside it or at most this long before it began; earlier restarts are history. Seconds.
inline constexpr double k_restart_matters_s = 2 * 3600;

/// The registry as a Markdown table (docs/findings.md holds it verbatim; a unit test checks it).
std::string metrics_markdown();

/// How a metric moved between base and target.
enum class ChangeKind {
  unknown,  ///< one side is absent: no statement possible
  unchanged,  ///< below the materiality floors (or 0 → 0)
  worse,  ///< material, in the metric's bad direction
  better,  ///< material, in the good direction
  changed,  ///< material, neutral metric
};
const char* to_string(ChangeKind kind);

/// A change measured against a MetricSpec.
struct Assessment {
  ChangeKind kind = ChangeKind::unknown;
  std::optional<double> delta;  ///< target − base, in the spec's unit
  std::optional<double> rel_pct;  ///< (target − base) / |base| × 100; empty when base is 0 or absent
  bool material() const { return kind == ChangeKind::worse || kind == ChangeKind::better || kind == ChangeKind::changed; }
};

/// Assesses base → target against `spec`'s direction and floors (see the file comment).
Assessment assess(const MetricSpec& spec, std::optional<double> base, std::optional<double> target);
/// Same, looking the spec up by key; an unknown key is treated as neutral with no floors.
Assessment assess(std::string_view metric_key, std::optional<double> base, std::optional<double> target);

}  // namespace awrdiff
