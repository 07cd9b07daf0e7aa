// awrdiff — `check`: is the current period within its baseline? The answer a cron job pages on.
//
// Per metric of the registry: the current value, the baseline's centre and band, the distance, and a
// status. By default only the master metrics (DB time per second; DB time per execution / transaction /
// user call when the load itself did not rise) can fail; every other metric warns and explains. The
// findings rules of the pairwise comparison run against the baseline's typical period, so the cause is
// named, not only the number. See docs/baselines.md.
#pragma once

#include <awrdiff/baseline.hpp>
#include <awrdiff/diff.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff {

/// One metric's outcome.
enum class CheckStatus {
  ok,  ///< within the band, or outside it by less than the floors
  warn,  ///< outside the band in the worse direction and material: explained, does not fail
  fail,  ///< a fail-level regression (master metric, or a policy fail level crossed)
  improved,  ///< outside the band in the better direction and material; never fails
  changed,  ///< a neutral metric (volume) outside its band, or a worse change no DBA acts on alone (rollbacks): a fact
  insufficient,  ///< the baseline does not give this metric (or too little of it) to judge
};
const char* to_string(CheckStatus status);

/// Thresholds of one metric, from the registry unless a policy file overrides them.
struct MetricPolicy {
  Direction direction = Direction::higher_is_worse;
  double abs_floor = 0;  ///< in the metric's unit
  double rel_floor_pct = 0;  ///< percent
  bool points = false;
  double warn_z = 3;  ///< robust z (distance in baseline spreads) from which a metric is out of band
  std::optional<double> fail_z;  ///< robust z from which it fails; empty: never fails on its own (non-master metrics)
  /// A fail also needs a change of at least this many percent from the centre (a page is for a change
  /// that matters: +32% of a small DB time warns, it does not wake anyone up). 0: the warn floors suffice.
  double fail_rel_pct = 50;
  std::optional<double> warn_above, fail_above;  ///< absolute levels in the metric's unit (e.g. host CPU 90 %)
  std::optional<double> warn_below, fail_below;
  bool enabled = true;
};

/// The policy: per-metric thresholds and whether more load is a regression by itself.
struct CheckPolicy {
  std::map<std::string, MetricPolicy> metrics;  ///< every checked registry metric
  bool load_matters = false;  ///< true: DB time per second fails even when only the load rose
  double spread_floor_pct = 5;  ///< the spread used for z is at least this % of the centre (and the abs floor)
  std::string source;  ///< the policy file, or "registry defaults"
  /// The metrics the policy file itself makes able to fail (a `fail_z`, `fail_above` or `fail_below` of an enabled
  /// metric), in the file's order: a baseline without DB time per second (or incomplete) is checked only when
  /// every one of them is given. Empty for the registry defaults.
  std::vector<std::string> gates;
};

/// Why no metric can ever fail under `policy`, or empty when one can: every metric disabled, or each one's fail
/// levels out of reach (a floor above the metric's range, `fail_above` at or above its highest value, no fail
/// level at all), or the master metric, DB time per second, held by a relative level no real regression reaches
/// (`fail_rel_pct` or `rel_floor_pct` of 10,000% or more: 101x its baseline). `check` says it in its warnings and
/// on its first line, the CLI on standard error: a gate that cannot close. (parse_policy refuses `warn_z` above
/// `fail_z`: a value between them would pass unseen.)
std::string policy_cannot_fail(const CheckPolicy& policy);

/// The thresholds in force, one row per checked registry metric (disabled ones too): enabled, direction, warn_z,
/// fail_z, fail_rel_pct, abs_floor, rel_floor_pct and the four absolute levels (null where not set); its title
/// names the policy, its notes load_matters and spread_floor_pct. `check -f json` carries it as the table
/// `check_policy` after the others (the text formats leave it out).
CompareTable policy_table(const CheckPolicy& policy);

/// The registry's defaults (docs/findings.md, docs/baselines.md).
CheckPolicy default_policy();

/// Reads a TOML policy file over the defaults:
///   load_matters = false
///   spread_floor_pct = 5
///   [metric."db_time_per_s"]   direction = "higher_is_worse", warn_z = 3, fail_z = 3,
///                              fail_rel_pct = 50, abs_floor = 0.05, rel_floor_pct = 10,
///                              warn_above = ..., fail_above = ..., warn_below = ..., fail_below = ...,
///                              enabled = true
/// Throws Error(file, reason), one line with the line number where there is one, for a file that cannot
/// be opened or is a directory, binary content or invalid UTF-8, a syntax error (anything the TOML
/// parser throws), a table given twice, a metric that matches no registry row, an unknown key, a value
/// of the wrong type (`enabled = 1`), or a number that is not finite or out of range: warn_z and fail_z
/// 0.1 to 1000, spread_floor_pct 0 to 100, fail_rel_pct and rel_floor_pct 0 to 100000, abs_floor and
/// the absolute levels 0 to 1e15 (never a silent pass); also contradictory levels of one metric: a `_below` level
/// not below every `_above` level (`fail_below = 100` with `fail_above = 1`), `warn_above` above `fail_above`,
/// `warn_below` below `fail_below`.
CheckPolicy load_policy(const std::string& file);
/// The policy of TOML text (what load_policy reads from its file); `file` names it in errors and in `source`.
CheckPolicy parse_policy(const std::string& text, const std::string& file);

/// The band check() draws around a distribution's centre: centre ∓ warn_z × spread, the spread at least
/// spread_floor_pct % of the centre and the metric's abs_floor / warn_z (the low edge clamped at 0: every registry
/// metric is 0 or more); in the metric's unit.
struct CheckBand {
  double low = 0, high = 0;
  double spread = 0;  ///< the spread used for z
};
/// The band of `dist` under `mp`: from 3 or more periods (MAD × 1.4826, else the sample sd), or a dump's standard
/// deviation; empty when no spread can be measured (1 or 2 periods, a dump of averages and extremes only).
std::optional<CheckBand> check_band(const MetricDistribution& dist, const MetricPolicy& mp, const CheckPolicy& policy);

/// One metric checked.
struct CheckResult {
  std::string key;  ///< registry key
  std::string label;  ///< display name
  std::string unit;
  OptDouble current;  ///< the current period's value
  MetricDistribution baseline;  ///< the baseline's distribution for this metric (matched periods)
  OptDouble band_low, band_high;  ///< the band: centre ∓ warn_z × spread, or [min, max] for dumps without spread
  /// The policy's floors put the band past every value the metric takes (its whole metric_range: `abs_floor =
  /// 1e15`): no limit. No band, z or fail level is given (never a 16-digit band edge); the status is ok unless an
  /// absolute level of the policy is crossed.
  bool no_limit = false;
  OptDouble z;  ///< robust z: (current − centre) / spread; empty without a spread
  std::string method;  ///< "robust z over N periods", "pairwise (1 period)", "above maximum", ...
  std::string expected;  ///< the condition for ok, for machines and people: "<= 0.31", "within 0.18 .. 0.31"
  /// About the value from which this metric fails on its own, in its unit and its worse direction: past the
  /// fail change (fail_rel_pct), the floors and fail_z × spread from the centre (past the extreme for a dump
  /// without spread), or the policy's fail level where that comes first. Empty for a metric that cannot
  /// fail (not a master and no policy level). For monitoring thresholds (Nagios perfdata); the status itself
  /// also weighs the load (busier, not slower) and the printed digits.
  OptDouble fail_level;
  CheckStatus status = CheckStatus::insufficient;
  std::string reason;  ///< one line: why this status
  /// The absolute level of the policy (warn_above, fail_below...) the current value crossed, in the metric's
  /// unit, when the status comes from it rather than from the band: the reason names it, the headline quotes it,
  /// and the check table's Op / Expected give it (`<=` for an _above level, `>=` for a _below one).
  OptDouble policy_level;
  bool policy_level_above = false;  ///< an _above level (else a _below one)
};

struct CheckOptions {
  MatchPeriods match = MatchPeriods::all;
  CompareOptions compare;
  /// Notes on the current set (load_current_set: duplicates dropped, matched by DB name), shown with
  /// the check's warnings.
  std::vector<std::string> current_notes;
  /// check --assume-same-database: without a DB Id on both sides, the DB name alone matches the current
  /// report to the baseline (confirm_same_database's `name_suffices`); what differs is said in the warnings.
  bool assume_same_database = false;
};

/// The current period from its reports (one, or a set merged with merge_snapshots): every member of one
/// database (confirm_same_database) and instance, the same period given twice (the same DB Id, instance
/// and Begin/End Snap) kept once, the HTML report preferred to its text twin. Appends a note per
/// duplicate dropped and per match by DB name to `notes`. Throws Error naming the file for an empty set
/// or members of another database.
/// `name_suffices` as for confirm_same_database.
Snapshot current_from_members(std::vector<Snapshot> members, std::vector<std::string>& notes, bool name_suffices = false);

/// The whole check: results per metric, the pairwise comparison against the baseline's typical
/// period (when the baseline has report snapshots), and the verdict.
struct CheckReport {
  /// fail, warn, improved or ok (the worst that matters); insufficient when no period of the baseline is like the
  /// current one (--match): exit 0, nothing checked, the headline says so.
  CheckStatus status = CheckStatus::ok;
  std::string headline;  ///< the first line
  std::vector<CheckResult> results;  ///< every metric checked, in registry order
  std::vector<std::string> warnings;  ///< comparability and baseline notes
  std::size_t baseline_periods = 0;  ///< periods behind the check after matching
  Comparison comparison;  ///< current against the typical period (findings, tables), with the check table first
  /// Metrics the baseline gives a centre for but the current report does not (a truncated or partial
  /// report): shown as "insufficient baseline" rows, counted in the headline and in `input_warnings`.
  std::size_t not_checked = 0;
  /// What is wrong with the current report itself, one short line: truncated ("trunc.html: truncated report
  /// (no 'End of Report' marker): 29 metrics not checked"), or complete but without a master metric the
  /// baseline gives (DB time per execution, transaction or user call). `check -q` prints it with the
  /// headline even when the check passes (quiet_text). A complete report that lacks only other metrics (an
  /// event below its top list) is counted in the headline and `warnings`, not here: -q stays silent.
  std::vector<std::string> input_warnings;
  /// The storm rule's words when it paged (storm_pages, --match): "DB time per second 165 AAS is 14.4x the busiest of
  /// the 2 periods of other hours (11.5 AAS)"; empty otherwise.
  std::string storm;
  /// The policy in force (policy_table), for the JSON output.
  CompareTable policy;
  /// 0 within the baseline (warnings allowed), 1 a fail-level regression. A current report that gives no
  /// DB time per second or no period (elapsed) is trouble: check() throws (exit 2), there is no report.
  int exit_code() const { return status == CheckStatus::fail ? 1 : 0; }
};

/// What `check -q` prints in text: nothing for a check that passes (ok, improved) on a complete report; else the
/// headline on one line, not wrapped, with the database, snaps and times after its verdict word (as a page's first
/// line), then one line per input warning ("  ! ..."). It is printed for a warn (the check table is for -v or a run
/// without -q: a cron mail of a warn is its one line), for an insufficient baseline (no like period) and for a
/// passing check of an incomplete report; empty for a fail, which mails its page (check_mail) instead, or the whole
/// report with -v (see quiet_prints_report).
std::string quiet_text(const CheckReport& report);

/// The most lines check_mail writes, the worse findings it lists and the metrics it names.
inline constexpr std::size_t k_mail_lines = 25;
inline constexpr std::size_t k_mail_causes = 5;
inline constexpr std::size_t k_mail_metrics = 6;
inline constexpr std::size_t k_mail_warnings = 3;

/// What `check -q` mails for a page (a fail), in at most k_mail_lines lines of text: the first line is the verdict,
/// the database/instance, the snaps and times, and the top cause (the top worse finding's short form, then the events
/// and SQL that carry the DB time added, each with its share of it); then the check's own first line, the top worse
/// findings (their titles), the failing (then worse) metrics against their baseline, the report's own warnings and the
/// check's (at most k_mail_warnings), and where the full report is: `full_report` (the -o file), or how to get it (-v) when
/// empty.
std::string check_mail(const CheckReport& report, const std::string& full_report);

/// `check -q` prints the whole report: a fail or a warn with `-v` (`verbose`); a fail without it too when the output
/// is neither text nor a file (-f json on standard output). In text, a fail mails check_mail's page, and the whole
/// report goes to -o FILE when one is given.
inline bool quiet_prints_report(const CheckReport& report, bool verbose = false) {
  return report.status == CheckStatus::fail || (verbose && report.status == CheckStatus::warn);
}

/// How many times the busiest period of the baseline a check with no like period (--match) must find the current
/// period's DB time per second before it warns (unlike_periods_multiple).
inline constexpr double k_unlike_multiple = 3;

/// A check with no like period (--match hour / weekday-hour: nothing could be checked) against the periods of other
/// hours: when the current period's DB time per second (AAS) is at least k_unlike_multiple times that of every valid
/// period of `baseline` of its instance, whatever their hour, and above the idle level (0.05 AAS), the words of the
/// warning: "DB time per second 62.2 AAS is 5.4x the busiest of the 2 periods of other hours (11.5 AAS)". Empty when
/// it is not, or when the baseline gives no DB time per second of a period (an hourly dump's aggregates: no period to
/// compare with one by one). The current period itself, if stored in the baseline, is left out, and so is a period
/// this rule would have warned on when it came (k_unlike_multiple times every period before it, in time order: a storm
/// stored earlier is no normal hour to measure a later storm against). One rule for a baseline
/// file (check()) and `check --history` (the window's periods of every hour).
std::string unlike_periods_multiple(const Snapshot& current, const Baseline& baseline);

/// From how many average active sessions a storm beyond every stored period pages (storm_pages): a few sessions'
/// worth of DB time at 3x a nearly idle database (0.97 against 0.23 AAS) is news, a warn; one whole session busy
/// all the period on average and more is a page.
inline constexpr double k_storm_page_aas = 1.0;

/// A storm far beyond every stored period: unlike_periods_multiple says so (k_unlike_multiple times the busiest valid
/// period of the instance, whatever its hour, storms stored earlier left out) and the current period has at least
/// k_storm_page_aas average active sessions. With --match hour / weekday-hour such a period fails (exit 1) whatever
/// the like periods say, and when there is none: an insufficient baseline never shields it. A period of its own hour
/// (`match`: hour, or weekday and hour) at least a third as busy makes it a recurring busy hour, judged by its like
/// periods, never a storm; `like` (when given) holds the like periods to look for it in, else `baseline` does
/// (`check --history` gives the window with its failed periods kept: a busy hour that paged before is still a busy
/// hour). check() does it for a baseline that holds the periods of every hour; `check --history` gives it the window
/// of every hour.
bool storm_pages(const Snapshot& current, const Baseline& baseline, MatchPeriods match = MatchPeriods::all,
                 const Baseline* like = nullptr);

/// Checks `current` (one snapshot, or a set merged by current_from_members) against `baseline`. Throws
/// Error (exit 2) when they cannot be compared: another database (confirm_same_database: another DB
/// Id, or another DB name where a side has no DB Id, or neither known), another instance, an invalid
/// report, DB time / DB CPU / elapsed negative or not finite, or DB time per second beyond 1,000,000 AAS
/// (the report is not usable), a baseline with no usable period (named as the baseline's fault), no
/// metric in common (with --match and no like period: status insufficient, exit 0), a baseline that gives no DB
/// time per second (for the matched periods) or that is incomplete (Baseline::incomplete), unless the policy's
/// gates (CheckPolicy::gates) are all given by the current report and by the baseline (or by an absolute fail
/// level). A current period that is itself one of the baseline's periods is left out of the baseline first (a
/// member never fails against itself).
CheckReport check(const Snapshot& current, const Baseline& baseline, const CheckPolicy& policy, const CheckOptions& options = {});

}  // namespace awrdiff
