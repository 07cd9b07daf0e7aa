// Internal to the diff engine (src/diff): class Differ, which turns two snapshots (or one, for a single
// report) into one Comparison, and the types and small helpers its parts share. Its member functions
// are defined in one file per part of the comparison, in the order run() calls them:
//   diff.cpp            detail::Pair (pair.hpp), Differ::run_pair() and finish(); the parse diagnostics; the
//                       detail:: helpers every diff file shares (facts.hpp)
//   comparability.cpp   comparability warnings and verdict, the period checks (check_period), drop_deltas()
//   side_by_side.cpp    the side-by-side engine: one Item per row, each side's measures, the change and the
//                       assessment columns (side_by_side)
//   summary_tables.cpp  the summary tables, one spec each: periods, DB time, work and its cost, Load Profile,
//                       top events, wait classes, time model
//   sql_match.cpp       SQL matched across the reports (sql_id, then text signature), literal SQL, PL/SQL
//                       calls and the statements they run; Top SQL, Literal SQL, SQL carrying the change
//   attribution.cpp     where the change in DB time per second comes from (DB CPU, wait classes, the rest)
//   headline.cpp        the verdict, the headline and its contributors; busier is not slower (load_shift)
//   replay.cpp          one workload on both sides (a capture and its replay): its kind, work and cost per unit
// Only those files include this header. Its names live in awrdiff::detail::differ, apart from the other
// diff files' own helpers of the same names (sections.cpp has its own Measure and rate).
#pragma once

#include <awrdiff/diff.hpp>

#include "diff/facts.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace awrdiff::detail::differ {

/// Rates are per second of elapsed throughout.
inline OptDouble rate(const OptDouble& total, const OptDouble& elapsed_s) { return detail::per_second(total, elapsed_s); }

/// Relative change in percent; empty when the base is absent or zero (0 -> x is not "+inf%").
inline OptDouble change_pct(const OptDouble& base, const OptDouble& target) {
  if (!base || !target) return std::nullopt;
  if (*base == 0) return std::nullopt;
  return (*target - *base) / std::fabs(*base) * 100.0;
}

/// A table cell: empty for an absent value or an empty string.
inline CompareCell cell(const OptDouble& v) { return v ? CompareCell(*v) : CompareCell(); }
inline CompareCell cell(const std::string& s) { return s.empty() ? CompareCell() : CompareCell(s); }

/// A relative change in percent as the outputs print it: "0%" under half a percent, else "+12%", "-1,234%".
inline std::string fmt_pct(double p) {
  if (std::fabs(p) < 0.5) return "0%";
  return (p < 0 ? "-" : "+") + detail::grouped(std::fabs(p), 0) + "%";
}

/// One measured column of a side-by-side table: key, header, unit and precision as in CompareColumn.
struct Measure {
  std::string key, header, unit;
  int precision;
};

/// One row of a side-by-side table: the item's own columns, then each side's measures.
struct Item {
  std::string name;
  std::vector<CompareCell> leading;  // text columns after the name
  std::vector<OptDouble> base, target;  // one per measure
  std::optional<Unknown> base_status, target_status;  // the side does not show the item: in place of its first measure
  OptDouble base_rate, target_rate;  // per second of elapsed, for the change column
  OptDouble base_pct, target_pct;  // % of DB time, for the delta column
  bool points = false;  // a percentage: its change is shown in points
  std::string metric;  // metric catalog key for the assessment; empty: the table's
  // The step the reports print the rates in (0.1 for a Load Profile rate printed "0.1"), 0 when not known: the
  // assessment is on the least difference the printed digits allow (each side half a step toward the other), so a
  // change of one printed step (0.0 -> 0.1) is no finding.
  double print_step = 0;
  std::optional<Bound> bound;  // one side unknown: the change as a bound (percent, ≥ +120%), else none
  OptDouble bound_delta;  // that side taken at its list's floor: the least change, per second
  double sort_key = 0;
};

/// A side-by-side table: its key and title, the name column and its leading text columns, the
/// measures shown for each side, and which change columns follow.
struct SideBySide {
  std::string key, title, name_header;
  std::vector<std::string> leading_headers;
  std::vector<Measure> measures;
  bool with_pct_delta = false;  // a "Δ % DB time" column
  bool with_rate_change = true;  // a "rate change" column
  std::string metric;  // metric catalog key assessing base_rate -> target_rate ("" = no column)
};

/// The assessment cell: "worse", "better", "changed", or empty when the change is below the floors.
CompareCell assessment_cell(const std::string& metric, const OptDouble& base, const OptDouble& target);

/// The side-by-side engine: name and leading columns, each side's measures (base first; none without a
/// base), then as the spec asks the change of % DB time in points, the change of the rate per second
/// (a bound when one side is unknown, "from 0", points for percentages) and the assessment.
CompareTable side_by_side(const SideBySide& spec, const std::vector<Item>& items, bool has_base);

/// The comparison of two snapshots, or the description of one (base null): detail::Pair (pair.hpp) constructs
/// one, sets m_period_checks and calls run_pair(), then finish() with the findings.
class Differ {
public:
  Differ(const Snapshot* base, const Snapshot& target, const CompareOptions& opt) : m_base(base), m_target(target), m_opt(opt) {}

  /// The pair's tables and facts: every part below, then the section tables (the findings' input, facts()).
  void run_pair();
  /// What the pair worked out, for the findings rules (src/findings, run by compare() above both).
  const detail::Facts& facts() const { return m_facts; }
  /// The comparison with `findings`: their evidence from the section tables, the verdict and headline, the
  /// charts. After run_pair(), once.
  Comparison finish(std::vector<Finding> findings);

  /// Set by compare(): the period checks of the original snapshots, by source.
  std::vector<std::pair<std::string, detail::PeriodCheck>> m_period_checks;

private:
  bool has_base() const { return m_base != nullptr; }
  OptDouble base_elapsed() const { return m_base != nullptr ? m_base->interval.elapsed_s : std::nullopt; }
  OptDouble target_elapsed() const { return m_target.interval.elapsed_s; }
  // The report's name in warnings: its file name (paths are for the machine-readable sources).
  std::string name(const Snapshot& s) const;

  // diff.cpp
  void collect_diagnostics();

  // comparability.cpp
  void comparability();
  void oddities(const Snapshot& s);
  void plausibility(const Snapshot& s);
  void drop_deltas();
  void blank_unusable_rates();

  // summary_tables.cpp
  void periods();
  void db_time();
  void work_efficiency();
  void load_profile();
  void events();
  void wait_classes();
  void time_model();

  // The side-by-side engine's part that reads both snapshots, here for its templates: union_names
  // (summary_tables.cpp, attribution.cpp) and side_items (summary_tables.cpp).

  // One item's figures in one report, as the side-by-side tables need them.
  struct Found {
    std::optional<Unknown::Why> status;  // set: the report does not show the item (not shown, not in report)
    std::vector<OptDouble> values;  // one per measure
    OptDouble rate, pct_db_time;  // per second of elapsed (the rate change), % DB time (its delta)
  };

  // Item names from both reports, target's order first.
  template <class NamesOf>
  std::vector<std::string> union_names(NamesOf names_of) const {
    std::vector<std::string> names;
    auto collect = [&](const Snapshot& s) {
      for (auto& n : names_of(s))
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(std::move(n));
    };
    collect(m_target);
    if (has_base()) collect(*m_base);
    return names;
  }

  // One Item per name, each side filled by `lookup(snapshot, name) -> Found`; sort key = largest % DB time.
  template <class Lookup>
  std::vector<Item> side_items(const std::vector<std::string>& names, Lookup lookup) const {
    std::vector<Item> items;
    for (const auto& n : names) {
      Item it;
      it.name = n;
      auto fill = [&](const Snapshot& s, std::vector<OptDouble>& vals, std::optional<Unknown>& status, OptDouble& r,
                      OptDouble& pct) {
        Found f = lookup(s, n);
        if (f.status) status = Unknown{*f.status};
        if (status) return;
        vals = std::move(f.values);
        r = f.rate;
        pct = f.pct_db_time;
      };
      if (has_base()) fill(*m_base, it.base, it.base_status, it.base_rate, it.base_pct);
      fill(m_target, it.target, it.target_status, it.target_rate, it.target_pct);
      it.sort_key = std::max(it.base_pct.value_or(0), it.target_pct.value_or(0));
      items.push_back(std::move(it));
    }
    return items;
  }

  // sql_match.cpp
  void match_sql();
  std::string why_changed(const detail::SqlPair& p) const;
  void still_running_per_ash(std::vector<detail::SqlPair>& pairs) const;
  void sql();
  void literal_sql();
  void sql_carriers();

  // attribution.cpp
  void attribution();
  bool shares_mean_something() const;

  // headline.cpp
  struct LoadShift;
  void headline();
  bool is_contention(const std::string& event) const;
  LoadShift load_shift(double delta) const;
  std::string slowdown_inside(bool up) const;
  std::string outside_label() const;

  // replay.cpp
  std::string pair_kind() const;
  std::string pair_label() const;
  void one_workload_headline(const std::string& kind);
  std::string slower_statements(bool slower) const;

  const Snapshot* m_base;
  const Snapshot& m_target;
  CompareOptions m_opt;
  Comparison m_out;
  std::vector<Item> m_events, m_time_model;  // the top events and time model tables' rows, for the headline
  detail::Facts m_facts;
  bool m_different_databases = false;
  bool m_no_deltas = false;  // a side is not valid: no change is computed from it
};

}  // namespace awrdiff::detail::differ
