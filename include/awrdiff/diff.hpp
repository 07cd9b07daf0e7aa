// awrdiff — comparing two snapshots.
//
// The diff engine turns a base and a target Snapshot into a Comparison: a headline, warnings, and
// tables of cells. Renderers walk the Comparison and know nothing about sections, so every table
// appears in every output format at once. A single report is a comparison without a base.
#pragma once

#include <awrdiff/merge.hpp>
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
  number,  ///< a value in `unit`, `precision` decimals
  change_pct,  ///< a relative change in percent, shown with sign ("+12.3%")
  delta,  ///< an absolute difference in `unit`, shown with sign
};

/// What a column is to its table: the renderers choose by it how a cell is aligned, cut, kept whole, wrapped,
/// coloured, and which columns a narrow terminal keeps (with CompareColumn::priority). Set by the table's
/// definition (summary_tables.cpp, side_by_side.cpp, sql_match.cpp, sections.cpp, check.cpp, sets.cpp).
enum class ColumnRole {
  automatic,  ///< not set by the table: by its kind (text: detail; number: measure; change_pct, delta: change)
  name,  ///< the row's name (event, statistic, segment, file): cut with "…" no further than tells the rows apart
  identifier,  ///< sql_id, plan hash value, registry key: never cut; an "old -> new" pair breaks after its arrow
  label,  ///< short words (a status, a unit, a test, a range): never cut, on two lines at most
  value,  ///< a text value of one side (a period's snap times, a parameter's value): never cut, on as many lines as it takes
  detail,  ///< text beside the name (wait class, module and SQL text, a reason): may be cut with "…"
  measure,  ///< a number of one side, or of the row
  change,  ///< the change between the sides (a relative change, a difference); coloured by its sign
  assessment,  ///< the row's judgement: worse / better / changed; check: fail / warn / ok / improved; colours the row
};
const char* to_string(ColumnRole role);

/// How long a column stays when the text formats narrow its table to --width (CompareColumn::priority): columns
/// are left out lowest first, a base/target pair together; equal ones the later first.
namespace column_priority {
inline constexpr int automatic = -1;  ///< from the role and unit (default_priority)
inline constexpr int machine = 0;  ///< for machines, left out first (JSON has it): the check's operator, a per-transaction figure
inline constexpr int repeated_text = 15;  ///< text that repeats on most rows
inline constexpr int count = 20;  ///< counts and levels
inline constexpr int detail = 25;  ///< text that tells the rows apart (module, SQL text)
inline constexpr int rate = 30;  ///< rates (per second, per hour)
inline constexpr int second_change = 35;  ///< a difference beside the relative change
inline constexpr int ratio = 40;  ///< percentages and points
inline constexpr int latency = 50;  ///< latencies (ms, us)
inline constexpr int time = 60;  ///< time in the database (AAS, seconds, minutes)
inline constexpr int always = 100;  ///< never left out: the row's name, identifiers, labels, the change, the assessment
}  // namespace column_priority

struct CompareColumn {
  std::string key;  ///< stable snake_case key (JSON)
  std::string header;  ///< shown header
  std::string unit;  ///< unit of the numbers ("s", "ms", "%", "/s", "AAS"); empty for text
  ColumnKind kind = ColumnKind::text;
  int precision = 1;  ///< decimals; negative: by magnitude (0 from 100, 1 from 10, 2 from 1, else 3)
  ColumnRole role = ColumnRole::automatic;  ///< what the column is to its table (resolved by role_of)
  /// How long it stays when a text table narrows (column_priority); automatic: default_priority.
  int priority = column_priority::automatic;
  /// The text formats colour its cells by the row's assessment, as they colour a change column (the check's
  /// current value). Set by the table's definition.
  bool tinted = false;
};

/// The column's role: CompareColumn::role, or when automatic, from its kind (text: detail, number: measure,
/// change_pct and delta: change).
ColumnRole role_of(const CompareColumn& c);
/// The column's priority: CompareColumn::priority, or when automatic, from its role and unit: name,
/// identifier, label, value, change and assessment always; detail text 25; numbers by unit: time (AAS, s, min,
/// h) 60, latency (ms, us) 50, ratios (%, pts) 40, rates (/s, /h) 30, else 20.
int default_priority(const CompareColumn& c);

/// Presence of a value the report does not give as a number (CompareCell). Unknown is never zero.
struct Unknown {
  enum class Why {
    /// The item is absent from that report's top-N list: below its cut-off there (Top timed events, Top SQL, the
    /// segment, latch and tablespace lists). Text: "not shown".
    not_shown,
    /// The report has no such section, or lists its items under another key (Statspack's hash value against
    /// AWR's sql_id). Text: "not in report".
    not_in_report,
    /// A change that cannot be computed: one side is unknown and no bound is known. Text: "?".
    no_change,
  };
  /// Which side the cell speaks of: its own column's (a base_ or target_ column), or named in a column of both
  /// (Top SQL's Status: "not shown in base").
  enum class Side { own, base, target };
  Why why = Why::not_shown;
  Side side = Side::own;
  friend bool operator==(const Unknown&, const Unknown&) = default;
};
const char* to_string(Unknown::Why why);  ///< "not_shown", "not_in_report", "no_change" (JSON)

/// An item on one side only, known to be absent from the other (its rate would have made that report's list):
/// a change cell of Top SQL, a status. Text: "new" / "gone".
struct OneSided {
  enum class Which { new_in_target, gone_from_target };
  Which which = Which::new_in_target;
  friend bool operator==(const OneSided&, const OneSided&) = default;
};
const char* to_string(OneSided::Which which);  ///< "new", "gone" (JSON and text)

/// A change known only as a bound: one side is below its list's cut-off, taken at that list's smallest value, or
/// is literal SQL whose ids its lists show in part (their sum at least what they give). `value` is in the column's
/// unit (change_pct: percent, e.g. +120 for "≥ +120%"; delta: the column's unit, e.g. AAS for SQL carrying the
/// change; number: a figure known as a bound, e.g. the elapsed seconds the lists give for a literal group).
/// `at_least`: the value is `value` or more (≥), else `value` or less (≤).
struct Bound {
  double value = 0;
  bool at_least = true;
  friend bool operator==(const Bound&, const Bound&) = default;
};

/// A relative change that is no number: the base is 0 and the target is not (a change cell; the assessment beside
/// it still says whether the difference matters). Text: "from 0".
struct FromZero {
  friend bool operator==(const FromZero&, const FromZero&) = default;
};

/// A change of a percentage, in points, in a change column whose other rows hold relative changes in percent (a
/// section's change column when its ranking measure is a percentage, the DB time table's "DB CPU % of DB time").
/// `value` in points (+1.2 for a share that went from 10.0% to 11.2%); `measure` names the percentage when the
/// table ranks by several (a histogram's "% < 1 ms"), else empty. Text: "+1.2 pts", "-10.0 pts (% < 1 ms)".
struct Points {
  double value = 0;
  std::string measure;
  friend bool operator==(const Points&, const Points&) = default;
};

/// A share counted in another row's: Top SQL's statement run inside a PL/SQL call is part of the call's share of
/// the change, not a second share. `item` names that row (the call's sql_id). Text: "in 7h35uxf5uhmm1's".
struct CountedIn {
  std::string item;
  friend bool operator==(const CountedIn&, const CountedIn&) = default;
};

/// A cell: empty (the report does not give it and nothing more is known), a number in its column's unit, text
/// (a name, words of a text column), or a presence: Unknown, OneSided, Bound, or a change that is no plain number
/// of its column's unit: FromZero, Points, CountedIn. A numeric column holds no words. The renderers choose the
/// words (render.hpp cell_text); JSON gives each as a type (docs/json.md).
using CompareCell = std::variant<std::monostate, double, std::string, Unknown, OneSided, Bound, FromZero, Points, CountedIn>;

struct CompareRow {
  std::vector<CompareCell> cells;  ///< aligned with CompareTable::columns
  /// The cells after the row's name are file paths (", "-joined for a set): HTML shows the files' names only, as
  /// its header does; the other formats the paths as given (Periods' File row).
  bool file_paths = false;
};

/// The group a comparison table belongs to (CompareTable::group).
enum class TableGroup : unsigned char {
  main,  ///< the comparison's own tables (load, events, time model, SQL, ...)
  sections,  ///< the other report sections, compared side by side under their own heading
};

struct CompareTable {
  std::string key;  ///< e.g. "load_profile", "top_events", "top_sql"
  std::string title;  ///< e.g. "Load Profile (per second)"
  std::vector<CompareColumn> columns;
  std::vector<CompareRow> rows;
  std::vector<std::string> notes;  ///< legend lines shown under the table
  /// Rows the text formats (text, Markdown, Jira) show, ranked first: 0 = all. The rest are counted in
  /// a line under the table; HTML and JSON carry every row.
  std::size_t text_rows = 0;
  /// The group the table belongs to: the comparison's main tables, or the other report sections compared side by
  /// side (sections.cpp), which every format files under their own heading.
  TableGroup group = TableGroup::main;
  /// What an empty table says, for the text formats and HTML (e.g. "no parameter differs"); empty: "none in
  /// the reports".
  std::string empty_text;
  /// A table that exists only as changes between the periods (what carries the change in DB time, the SQL
  /// behind it): left out whole when the periods are not comparable.
  bool changes_only = false;
};

/// The overall direction of DB time per second.
/// `inconclusive`: sets of reports whose change is material but not significant (too few reports or
/// too much spread to tell).
/// `load_changed`: DB time per second moved materially with the work (executions, transactions or user
/// calls per second) while the DB time per unit of work held or moved the other way: busier, not
/// slower (or less busy, not faster). Neither a regression nor an improvement.
/// `timeline`: no verdict of a pair but the periods of one series over time (timeline.hpp).
enum class Verdict { regressed, improved, unchanged, not_comparable, single_report, inconclusive, load_changed, timeline };
const char* to_string(Verdict v);

/// What a contributor is: a wait event (or DB CPU, or the time outside both), a time model statistic (the same
/// DB time by phase, told apart from the events), or a SQL statement.
enum class ContributorKind : unsigned char { event, time_model, sql };
/// "event", "time_model", "sql" (the JSON output's `kind`).
const char* to_string(ContributorKind kind);

/// One contributor to the change in DB time per second (an event, DB CPU, a time model statistic
/// or a SQL statement), in average active sessions (seconds of DB time per second of elapsed).
struct Contributor {
  ContributorKind kind = ContributorKind::event;
  std::string name;
  double delta_aas = 0;  ///< target rate − base rate, AAS
  std::optional<double> delta_s;  ///< same, as seconds over the target's elapsed time
  bool lower_bound = false;  ///< one side was below its report's top-N cut-off
};

/// A number a finding rests on: the metric, its unit and both sides' values.
struct FindingMetric {
  std::string key;  ///< metric catalog key or "event:<name>:avg_wait_ms"-style reference
  std::string label;  ///< shown name
  std::string unit;  ///< "ms", "AAS", "/s", "%", ...
  OptDouble base, target;
};

/// One finding: a rule of the findings catalog (src/findings/findings.cpp, docs/findings.md) that fired,
/// with the numbers behind it. Rules fire on changes only, never on a state both periods share, so a
/// report compared with itself has no findings, and diff(B, A) has the same findings as diff(A, B)
/// with the opposite direction.
struct Finding {
  std::string rule;  ///< rule key, e.g. "commit_latency", "hard_parse", "sql_changed"
  ChangeKind direction = ChangeKind::changed;  ///< worse / better / changed (neutral)
  double impact_aas = 0;  ///< change of DB time per second it accounts for (signed, AAS); 0 when not quantifiable
  std::string title;  ///< one line, with its numbers
  std::string cause;  ///< short form for the verdict line ("hard parsing +5.2 min")
  std::vector<std::string> evidence;  ///< further lines, each with its numbers
  std::vector<FindingMetric> metrics;  ///< the numbers, for machines
};

/// What a chart draws. The diff engine picks the numbers (src/diff/charts.cpp); a renderer draws each
/// kind the same way whatever the section, and prints the numbers beside the marks, so a chart still
/// reads as text with images off.
enum class ChartKind {
  /// One stacked bar per category (a period); each series is a part with one value per category.
  /// E.g. DB time per second split into DB CPU and wait classes, in AAS.
  stacked,
  /// Per series (a metric with its own unit and scale): one bar per category (base, target).
  paired,
  /// Per series: the band [low, high] around its centre and where the current value (`values[0]`) falls.
  band,
  /// Per series: each category's members (the reports of a set) as dots, with the category's median.
  strip,
  /// Per series (a metric with its own unit and scale): its value over the categories (periods in time order) as a
  /// line, the band of each category (ChartSeries::band_low / band_high) shaded behind it, each category's mark
  /// (Chart::marks: a check status) as a dot; the line breaks at an empty value and before a category of
  /// Chart::breaks_before (an instance restart).
  series,
  /// The parts of one whole over the categories (periods in time order), stacked: per category the series' values
  /// add up to the category's total (Chart::totals, e.g. DB time per second split into DB CPU and the wait classes,
  /// in AAS), drawn as stacked areas on one scale; a category with no values and a category of Chart::breaks_before
  /// break the areas.
  stacked_series,
};
const char* to_string(ChartKind kind);

/// One series of a chart: a part (stacked) or a metric (paired, band, strip).
struct ChartSeries {
  std::string name;  ///< as shown ("DB CPU", "User I/O", "log file sync avg wait")
  std::string unit;  ///< unit of every number of the series ("AAS", "ms", "/s", "%")
  /// stacked, stacked_series, paired: one value per category (empty: the report does not give it). band: {current}.
  /// strip: each category's median.
  std::vector<OptDouble> values;
  /// strip: per category, each member's value, aligned with Chart::members (a member that does not
  /// give the metric is left out). Empty for the other kinds.
  std::vector<std::vector<double>> points;
  OptDouble low, centre, high;  ///< band: the baseline's band and centre, in `unit`
  /// How the series moved, for colour: "worse", "better", "changed" (neutral), "" (not material);
  /// band: the check status ("fail", "warn", "ok", "improved", "changed", "insufficient").
  std::string assessment;
  /// A colour the series is known by ("#35a035": Enterprise Manager's wait class colours); empty: the
  /// renderer's palette.
  std::string colour;
  /// series: the band of each category (the moving baseline's, as the check draws it), aligned with values.
  std::vector<OptDouble> band_low, band_high;
};

/// A chart of a comparison.
struct Chart {
  std::string key;  ///< stable id: "db_time", "sets", "check", "evidence"
  std::string title;
  ChartKind kind = ChartKind::paired;
  std::string unit;  ///< the unit every series shares ("AAS"), empty when each has its own
  /// stacked, paired, strip: the bars or rows' categories ("Base", "Target", or one report each).
  std::vector<std::string> categories;
  /// Optional group of each category (stacked: "Base" / "Target" when each report of a set is a bar).
  std::vector<std::string> groups;
  /// strip: the members' names (file names) per category, aligned with ChartSeries::points.
  std::vector<std::vector<std::string>> members;
  /// stacked, stacked_series: what each bar adds up to (DB time per second, AAS), aligned with categories.
  std::vector<OptDouble> totals;
  std::vector<ChartSeries> series;
  std::vector<std::string> notes;  ///< shown under the chart
  /// series: each category's mark ("ok", "warn", "fail", "improved", or empty), aligned with categories.
  std::vector<std::string> marks;
  /// series, stacked_series: the line is not drawn into this category from the one before (an instance restart
  /// between them).
  std::vector<bool> breaks_before;
  /// series, stacked_series: a run of categories shaded behind the lines, with what it is (a timeline's episode:
  /// "episode 02-Oct 15:00 .. 21:09, peak 165 AAS"). `first` and `last` index `categories`, both included.
  struct Span {
    std::size_t first = 0, last = 0;
    std::string label;
  };
  std::vector<Span> spans;
};

/// The evidence of one finding as a chart: its metrics (Finding::metrics) base against target, one
/// paired series each, in the metric's own unit, coloured by the registry's assessment.
Chart evidence_chart(const Finding& finding);

/// Who and when one side of a comparison is, for titles. Source: the report header (DB Name,
/// Instance, Inst Num, Host Name; Begin Snap / End Snap id and time; Elapsed).
struct PeriodInfo {
  std::string role;  ///< "Base", "Target", "Baseline" or "Report"
  std::string files;  ///< file names without directories, ", "-joined for a set ("-" for standard input)
  int reports = 1;  ///< reports behind the side (a set, a baseline)
  std::string database;  ///< DB Name
  std::string instance;  ///< instance name
  std::optional<int> instance_number;
  std::string begin_time, end_time;  ///< snap times as printed
  std::optional<std::int64_t> begin_snap, end_snap;
  OptDouble elapsed_s;  ///< seconds (summed over a set)
};

/// check: DB time per second of the current period against the baseline's centre and band, in AAS, as the check
/// table's DB time per second row gives them (check.cpp); a figure the baseline does not give is empty.
struct DbTimeBand {
  OptDouble current, centre, low, high;
};

/// sets: the medians of DB time per second over each set's reports, in AAS, and the test behind the verdict, as the
/// Sets table's DB time per second row gives them (sets.cpp).
struct DbTimeMedians {
  double base = 0, target = 0;
  std::string test;  ///< the test ("Mann-Whitney U", "Welch's t"), or why none was run
  OptDouble p_value;  ///< the test's p-value; empty when none was run
};

struct Comparison {
  std::string base_source;  ///< empty for a single report; sets: the files joined with ", "
  std::string target_source;
  Verdict verdict = Verdict::single_report;
  std::optional<double> db_time_per_s_base;  ///< AAS of the base
  std::optional<double> db_time_per_s_target;  ///< AAS of the target
  std::optional<double> db_time_change_pct;  ///< relative change of DB time per second
  std::vector<Contributor> contributors;  ///< largest first, in the direction of the change
  std::string headline;  ///< the first line: what changed and why
  std::vector<std::string> warnings;  ///< comparability warnings, each with its reason
  std::vector<Finding> findings;  ///< ranked: causes of the change first (largest |impact|), then the rest
  std::vector<CompareTable> tables;
  /// Parse diagnostics of the inputs, base first, each naming its file (Diagnostic::file); listed with `--verbose`.
  std::vector<Diagnostic> diagnostics;
  std::vector<PeriodInfo> period_info;  ///< the base (when any), then the target
  std::vector<Chart> charts;  ///< pictures of the comparison, most telling first (charts.cpp)
  std::optional<DbTimeBand> check_db_time;  ///< check: the DB time per second row against the baseline; else empty
  std::optional<DbTimeMedians> set_db_time;  ///< sets: both sets' medians of DB time per second; else empty
};

struct CompareOptions {
  int top_sql = 15;  ///< how many SQL statements to list
  int top_events = 12;
  double alpha = 0.05;  ///< sets: significance level of the per-metric tests
  /// The two sides run one workload, by the user's own choice: the two periods of one Compare Periods report, or
  /// two reports given with `--replay`. A different DB Id is then a Database Replay capture and its replay or an
  /// AWR import (each gives the imported data a new DB Id), not another database: the pair is compared, its
  /// headline leads with the kind of pair, whether the work was the same (user calls, executions, transactions,
  /// in total over each period) and the DB time per unit of work.
  bool one_workload = false;
};

/// How each of the other report sections is compared side by side (the table of src/diff/sections.cpp) as a
/// Markdown document: docs/sections.md holds it verbatim (a unit test checks it; `awrdiff catalog --sections`
/// prints it).
std::string section_comparisons_markdown();

/// compare(), describe() and compare_sets(), which run the pair and then its findings: compare.hpp.

}  // namespace awrdiff
