// awrdiff — comparing two snapshots.
//
// The diff engine turns a base and a target Snapshot into a Comparison: a headline, warnings, and
// tables of cells. Renderers walk the Comparison and know nothing about sections, so every table
// appears in every output format at once. A single report is a comparison without a base.
#pragma once

#include <awrdiff/metrics.hpp>
#include <awrdiff/model.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace awrdiff {

/// How a column's numbers are shown.
enum class ColumnKind {
  text,
  number,      ///< a value in `unit`, `precision` decimals
  change_pct,  ///< a relative change in percent, shown with sign ("+12.3%")
  delta,       ///< an absolute difference in `unit`, shown with sign
};

struct CompareColumn {
  std::string key;     ///< stable snake_case key (JSON)
  std::string header;  ///< shown header
  std::string unit;    ///< unit of the numbers ("s", "ms", "%", "/s", "AAS"); empty for text
  ColumnKind kind = ColumnKind::text;
  int precision = 1;
};

/// A cell: empty (the report does not give it), a number, or text ("not shown", "new").
using CompareCell = std::variant<std::monostate, double, std::string>;

struct CompareRow {
  std::vector<CompareCell> cells;  ///< aligned with CompareTable::columns
};

struct CompareTable {
  std::string key;    ///< e.g. "load_profile", "top_events", "top_sql"
  std::string title;  ///< e.g. "Load Profile (per second)"
  std::vector<CompareColumn> columns;
  std::vector<CompareRow> rows;
  std::vector<std::string> notes;  ///< legend lines shown under the table
};

/// The overall direction of DB time per second.
/// `inconclusive`: sets of reports whose change is material but not significant (too few reports or
/// too much spread to tell).
enum class Verdict { regressed, improved, unchanged, not_comparable, single_report, inconclusive };
const char* to_string(Verdict v);

/// One contributor to the change in DB time per second (an event, DB CPU, a time model statistic
/// or a SQL statement), in average active sessions (seconds of DB time per second of elapsed).
struct Contributor {
  std::string kind;  ///< "event", "time_model", "sql"
  std::string name;
  double delta_aas = 0;              ///< target rate − base rate, AAS
  std::optional<double> delta_s;     ///< same, as seconds over the target's elapsed time
  bool lower_bound = false;          ///< one side was below its report's top-N cut-off
};

/// A number a finding rests on: the metric, its unit and both sides' values.
struct FindingMetric {
  std::string key;    ///< metric catalog key or "event:<name>:avg_wait_ms"-style reference
  std::string label;  ///< shown name
  std::string unit;   ///< "ms", "AAS", "/s", "%", ...
  OptDouble base, target;
};

/// One finding: a rule of the findings catalog (src/diff/findings.cpp, docs/findings.md) that fired,
/// with the numbers behind it. Rules fire on changes only, never on a state both periods share, so a
/// report compared with itself has no findings, and diff(B, A) has the same findings as diff(A, B)
/// with the opposite direction.
struct Finding {
  std::string rule;                    ///< rule key, e.g. "commit_latency", "hard_parse", "sql_changed"
  ChangeKind direction = ChangeKind::changed;  ///< worse / better / changed (neutral)
  double impact_aas = 0;               ///< change of DB time per second it accounts for (signed, AAS); 0 when not quantifiable
  std::string title;                   ///< one line, with its numbers
  std::string cause;                   ///< short form for the verdict line ("hard parsing +5.2 min")
  std::vector<std::string> evidence;   ///< further lines, each with its numbers
  std::vector<FindingMetric> metrics;  ///< the numbers, for machines
};

/// One rule of the findings catalog (docs/findings.md).
struct FindingRule {
  std::string_view key;
  std::string_view summary;
};
/// Every findings rule, in the order that breaks ties between findings of equal impact.
std::span<const FindingRule> finding_rules();

struct Comparison {
  std::string base_source;    ///< empty for a single report; sets: the files joined with ", "
  std::string target_source;
  Verdict verdict = Verdict::single_report;
  std::optional<double> db_time_per_s_base;    ///< AAS of the base
  std::optional<double> db_time_per_s_target;  ///< AAS of the target
  std::optional<double> db_time_change_pct;    ///< relative change of DB time per second
  std::vector<Contributor> contributors;       ///< largest first, in the direction of the change
  std::string headline;                        ///< the first line: what changed and why
  std::vector<std::string> warnings;           ///< comparability warnings, each with its reason
  std::vector<Finding> findings;               ///< ranked: causes of the change first (largest |impact|), then the rest
  std::vector<CompareTable> tables;
  std::vector<std::string> diagnostics;        ///< parse diagnostics of both inputs ("file:line: ...")
};

struct CompareOptions {
  int top_sql = 15;   ///< how many SQL statements to list
  int top_events = 12;
  double alpha = 0.05;  ///< sets: significance level of the per-metric tests
};

/// Compares two snapshots. Periods of different length are compared by rates (per second of
/// elapsed) and by % of DB time; an item missing from one report's top-N list is "not shown"
/// there (unknown), never zero. Never throws for content.
Comparison compare(const Snapshot& base, const Snapshot& target, const CompareOptions& options = {});

/// The same tables for a single report (no base): a plain report.
Comparison describe(const Snapshot& target, const CompareOptions& options = {});

/// One snapshot standing for a set of reports of consecutive or comparable periods: totals summed
/// (elapsed, DB time, event and SQL times, waits, executions), per-second Load Profile rates weighted
/// by elapsed, percentages recomputed. An item (event, time model statistic, SQL statement) missing
/// from any member's lists is unknown for the set and left out; the SQL cut-off is the sum of the
/// members' cut-offs. `source` is the members' files joined with ", ". Throws Error for an empty set.
Snapshot merge_snapshots(const std::vector<Snapshot>& members);

/// metric_value() (metrics.hpp) reads one metric of one report through the metric registry.

/// Compares two sets of reports (e.g. the same hour over several days). The tables and findings are
/// those of the merged sets (merge_snapshots); a "Sets" table gives, per metric, each set's median
/// and range, the test that fits (Mann–Whitney U or Welch's t, stats.hpp), its p-value and effect
/// size. A change is a finding only when it is both material and significant at `options.alpha`;
/// the verdict is "inconclusive" when DB time per second changed materially but not significantly.
/// With one report per set
/// this is compare(). Throws Error for an empty set.
Comparison compare_sets(const std::vector<Snapshot>& base, const std::vector<Snapshot>& target,
                        const CompareOptions& options = {});

}  // namespace awrdiff
