// The side-by-side engine: a table spec (SideBySide) and one Item per row become a CompareTable with the
// name and leading columns, each side's measures, and the change columns the spec asks for. Used by the
// summary tables (summary_tables.cpp); assessment_cell also by the attribution.
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>

#include "diff/differ.hpp"

#include <cmath>
#include <fmt/format.h>

namespace awrdiff::detail::differ {

namespace {

OptDouble minus(const OptDouble& a, const OptDouble& b) {
  if (!a || !b) return std::nullopt;
  return *a - *b;
}

}  // namespace

// The assessment cell: "worse", "better", "changed", or empty when the change is below the floors.
CompareCell assessment_cell(const std::string& metric, const OptDouble& base, const OptDouble& target) {
  const auto a = assess(metric, base, target);
  if (!a.material()) return {};
  return std::string(to_string(a.kind));
}

CompareTable side_by_side(const SideBySide& spec, const std::vector<Item>& items, bool has_base) {
  CompareTable t;
  t.key = spec.key;
  t.title = spec.title;
  t.columns.push_back({"name", spec.name_header, "", ColumnKind::text, 0});
  for (const auto& h : spec.leading_headers) t.columns.push_back({normalize_label(h), h, "", ColumnKind::text, 0});
  auto add_side = [&](const char* side, const char* label) {
    for (const auto& m : spec.measures)
      t.columns.push_back({fmt::format("{}_{}", side, m.key), has_base ? fmt::format("{} {}", label, m.header) : m.header, m.unit,
                           ColumnKind::number, m.precision});
  };
  if (has_base) add_side("base", "Base");
  add_side("target", has_base ? "Target" : "");
  if (has_base && spec.with_pct_delta) t.columns.push_back({"delta_pct_db_time", "Δ %DB time", "pts", ColumnKind::delta, 1});
  if (has_base && spec.with_rate_change) t.columns.push_back({"rate_change_pct", "Change /s", "%", ColumnKind::change_pct, 0});
  const bool with_assessment = has_base && !spec.metric.empty();
  if (with_assessment) t.columns.push_back({"assessment", "Assessment", "", ColumnKind::text, 0});
  for (const auto& it : items) {
    CompareRow r;
    r.cells.push_back(it.name);
    for (const auto& l : it.leading) r.cells.push_back(l);
    auto side_cells = [&](const std::vector<OptDouble>& vals, const std::string& status) {
      for (std::size_t i = 0; i < spec.measures.size(); ++i) {
        if (!status.empty()) r.cells.push_back(i == 0 ? CompareCell(status) : CompareCell());
        else r.cells.push_back(i < vals.size() ? cell(vals[i]) : CompareCell());
      }
    };
    if (has_base) side_cells(it.base, it.base_status);
    side_cells(it.target, it.target_status);
    if (has_base && spec.with_pct_delta) r.cells.push_back(cell(minus(it.target_pct, it.base_pct)));
    if (has_base && spec.with_rate_change) {
      // One side unknown: no number (an item outside a top-N list is not zero there).
      if (!it.base_status.empty() || !it.target_status.empty())
        r.cells.push_back(it.bound.empty() ? CompareCell() : CompareCell(it.bound));
      else if (it.points) {
        auto d = minus(it.target_rate, it.base_rate);
        r.cells.push_back(d ? CompareCell(fmt::format("{:+.1f} pts", *d)) : CompareCell());
      } else if (it.base_rate && it.target_rate && *it.base_rate == 0 && *it.target_rate != 0) {
        r.cells.push_back(std::string("from 0"));  // no percentage of nothing; the assessment still says how much
      } else {
        r.cells.push_back(cell(change_pct(it.base_rate, it.target_rate)));
      }
    }
    if (with_assessment) {
      const std::string& metric = it.metric.empty() ? spec.metric : it.metric;
      const bool known = it.base_status.empty() && it.target_status.empty();
      r.cells.push_back(known ? assessment_cell(metric, it.base_rate, it.target_rate) : CompareCell());
    }
    t.rows.push_back(std::move(r));
  }
  return t;
}

}  // namespace awrdiff::detail::differ
