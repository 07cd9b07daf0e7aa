// The pair's entry point: detail::Pair (pair.hpp) runs class Differ (differ.hpp), whose parts live in
// comparability.cpp, summary_tables.cpp, side_by_side.cpp, sql_match.cpp, attribution.cpp and headline.cpp, in two
// halves, the findings (run from the room above, src/compare) between them. Here: Differ::run_pair() and finish(),
// which call the parts in order, the reports' parse diagnostics, and the detail:: helpers every diff file shares
// (facts.hpp).
#include <awrdiff/diff.hpp>

#include "diff/charts.hpp"
#include "diff/differ.hpp"
#include "diff/facts.hpp"
#include "diff/pair.hpp"
#include "diff/sections.hpp"
#include "support/text.hpp"  // lower, human_seconds

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>

namespace awrdiff {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::regressed:
      return "regressed";
    case Verdict::improved:
      return "improved";
    case Verdict::unchanged:
      return "unchanged";
    case Verdict::not_comparable:
      return "not comparable";
    case Verdict::single_report:
      return "single report";
    case Verdict::inconclusive:
      return "inconclusive";
    case Verdict::load_changed:
      return "load changed";
    case Verdict::timeline:
      return "timeline";
  }
  return "unknown";
}

const char* to_string(ContributorKind kind) {
  switch (kind) {
    case ContributorKind::event:
      return "event";
    case ContributorKind::time_model:
      return "time_model";
    case ContributorKind::sql:
      return "sql";
  }
  return "event";
}

namespace detail::differ {

std::string Differ::name(const Snapshot& s) const {
  const Snapshot& other = &s == &m_target && m_base != nullptr ? *m_base : m_target;
  return detail::report_label(s.source, &other == &s ? std::string() : other.source);
}

void Differ::run_pair() {
  m_out.base_source = m_base != nullptr ? m_base->source : "";
  m_out.target_source = m_target.source;
  collect_diagnostics();
  comparability();
  periods();
  db_time();
  attribution();
  load_profile();
  events();
  wait_classes();
  time_model();
  sql();
  detail::add_section_tables(m_out, m_base, m_target);
}

Comparison Differ::finish(std::vector<Finding> findings) {
  m_out.findings = std::move(findings);
  detail::add_section_evidence(m_out);
  headline();
  blank_unusable_rates();
  if (m_no_deltas) drop_deltas();
  else if (m_different_databases) detail::withhold_judgements(m_out, "the reports are of different databases");
  detail::add_pair_charts(m_out, m_base, m_target);
  return std::move(m_out);
}

void Differ::collect_diagnostics() {
  // Each names its file: the snapshot's source, unless the diagnostic already names one (a set's merged
  // snapshot keeps the file of each report it merged).
  auto add = [&](const Snapshot& s) {
    for (const auto& d : s.diagnostics) {
      m_out.diagnostics.push_back(d);
      if (m_out.diagnostics.back().file.empty()) m_out.diagnostics.back().file = s.source;
    }
  };
  if (has_base()) add(*m_base);
  add(m_target);
}

}  // namespace detail::differ

namespace detail {

std::string short_text(std::string_view text, std::size_t max_chars) {
  std::string s(text);
  for (auto& c : s)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  if (s.size() > max_chars) s = s.substr(0, max_chars - 3) + "...";
  return s;
}

std::string sql_display_text(const SqlStat& sql, std::size_t max_chars) {
  return short_text(sql.module.empty() ? sql.text : fmt::format("[{}] {}", sql.module, sql.text), max_chars);
}

double print_step(const OptDouble& v) {
  if (!v || *v == 0) return 1;
  double step = 0.1;
  for (int k = 1; k <= 4; ++k, step /= 10) {
    const double scaled = std::fabs(*v) / step;
    if (std::fabs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled)) return step;
  }
  return 0;
}

bool states_in_aas(double delta_aas, OptDouble elapsed_s) {
  constexpr double k_aas_from_s = 172800;  // changes of DB time this many seconds or more are stated in AAS
  return std::fabs(delta_aas) * elapsed_s.value_or(0) >= k_aas_from_s;
}

}  // namespace detail

namespace detail {

struct Pair::Run {
  std::optional<Snapshot> base, target;  // a report whose Elapsed does not fit its snap times, over the snap times
  std::optional<differ::Differ> differ;
};

Pair::Pair(const Snapshot& base, const Snapshot& target, const CompareOptions& options) : m_run(std::make_unique<Run>()) {
  // A report whose Elapsed does not fit its snap times is compared over the snap times.
  const auto cb = check_period(base, report_label(base.source, target.source)),
             ct = check_period(target, report_label(target.source, base.source));
  if (cb.corrected) m_run->base = with_elapsed(base, *cb.elapsed_s);
  if (ct.corrected) m_run->target = with_elapsed(target, *ct.elapsed_s);
  auto& d = m_run->differ.emplace(m_run->base ? &*m_run->base : &base, m_run->target ? *m_run->target : target, options);
  d.m_period_checks = {{base.source, cb}, {target.source, ct}};
  d.run_pair();
}

Pair::Pair(const Snapshot& target, const CompareOptions& options) : m_run(std::make_unique<Run>()) {
  const auto ct = check_period(target);
  if (ct.corrected) m_run->target = with_elapsed(target, *ct.elapsed_s);
  auto& d = m_run->differ.emplace(nullptr, m_run->target ? *m_run->target : target, options);
  d.m_period_checks = {{target.source, ct}};
  d.run_pair();
}

Pair::~Pair() = default;

const Facts& Pair::facts() const { return m_run->differ->facts(); }

Comparison Pair::finish(std::vector<Finding> findings) { return m_run->differ->finish(std::move(findings)); }

}  // namespace detail

}  // namespace awrdiff
