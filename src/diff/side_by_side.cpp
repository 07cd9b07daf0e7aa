// The side-by-side engine: a table spec (SideBySide) and one Item per row become a CompareTable with the
// name and leading columns, each side's measures, and the change columns the spec asks for. Used by the
// summary tables (summary_tables.cpp); assessment_cell also by the attribution.
#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>

#include "diff/differ.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace awrdiff {

const char* to_string(ColumnRole role) {
  switch (role) {
    case ColumnRole::automatic:
      return "automatic";
    case ColumnRole::name:
      return "name";
    case ColumnRole::identifier:
      return "identifier";
    case ColumnRole::label:
      return "label";
    case ColumnRole::value:
      return "value";
    case ColumnRole::detail:
      return "detail";
    case ColumnRole::measure:
      return "measure";
    case ColumnRole::change:
      return "change";
    case ColumnRole::assessment:
      return "assessment";
  }
  return "automatic";
}

ColumnRole role_of(const CompareColumn& c) {
  if (c.role != ColumnRole::automatic) return c.role;
  switch (c.kind) {
    case ColumnKind::text:
      return ColumnRole::detail;
    case ColumnKind::number:
      return ColumnRole::measure;
    case ColumnKind::change_pct:
    case ColumnKind::delta:
      return ColumnRole::change;
  }
  return ColumnRole::detail;
}

int default_priority(const CompareColumn& c) {
  if (c.priority >= 0) return c.priority;
  switch (role_of(c)) {
    case ColumnRole::detail:
      return column_priority::detail;
    case ColumnRole::measure:
      break;
    case ColumnRole::change:
      if (c.kind == ColumnKind::delta) break;  // a difference in its unit: as its measure
      return column_priority::always;
    default:
      return column_priority::always;
  }
  // What a number tells a DBA, by its unit: time in the database most, then latency, ratios, rates, counts.
  const std::string_view u = c.unit;
  if (u == "AAS" || u == "s" || u == "min" || u == "h") return column_priority::time;
  if (u == "ms" || u == "us" || u == "µs") return column_priority::latency;
  if (u == "%" || u == "pts") return column_priority::ratio;
  if (u.ends_with("/s") || u.ends_with("/h") || u.ends_with("/ms")) return column_priority::rate;
  return column_priority::count;
}

const char* to_string(Unknown::Why why) {
  switch (why) {
    case Unknown::Why::not_shown:
      return "not_shown";
    case Unknown::Why::not_in_report:
      return "not_in_report";
    case Unknown::Why::no_change:
      return "no_change";
  }
  return "not_shown";
}

const char* to_string(OneSided::Which which) { return which == OneSided::Which::new_in_target ? "new" : "gone"; }

}  // namespace awrdiff

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
  t.columns.push_back({"name", spec.name_header, "", ColumnKind::text, 0, ColumnRole::name});
  for (const auto& h : spec.leading_headers)
    t.columns.push_back({normalize_label(h), h, "", ColumnKind::text, 0, ColumnRole::detail});
  auto add_side = [&](const char* side, const char* label) {
    for (const auto& m : spec.measures)
      t.columns.push_back({fmt::format("{}_{}", side, m.key), has_base ? fmt::format("{} {}", label, m.header) : m.header, m.unit,
                           ColumnKind::number, m.precision, ColumnRole::measure});
  };
  if (has_base) add_side("base", "Base");
  add_side("target", has_base ? "Target" : "");
  // The change of % DB time beside the change of the rate: the first of the two a narrow terminal leaves out.
  if (has_base && spec.with_pct_delta)
    t.columns.push_back({"delta_pct_db_time", "Δ %DB time", "pts", ColumnKind::delta, 1, ColumnRole::change,
                         spec.with_rate_change ? column_priority::second_change : column_priority::automatic});
  if (has_base && spec.with_rate_change)
    t.columns.push_back({"rate_change_pct", "Change /s", "%", ColumnKind::change_pct, 0, ColumnRole::change});
  const bool with_assessment = has_base && !spec.metric.empty();
  if (with_assessment) t.columns.push_back({"assessment", "Assessment", "", ColumnKind::text, 0, ColumnRole::assessment});
  for (const auto& it : items) {
    CompareRow r;
    r.cells.push_back(it.name);
    for (const auto& l : it.leading) r.cells.push_back(l);
    auto side_cells = [&](const std::vector<OptDouble>& vals, const std::optional<Unknown>& status) {
      for (std::size_t i = 0; i < spec.measures.size(); ++i) {
        if (status && i == 0) r.cells.emplace_back(*status);
        else if (!status && i < vals.size()) r.cells.push_back(cell(vals[i]));
        else r.cells.emplace_back();
      }
    };
    if (has_base) side_cells(it.base, it.base_status);
    side_cells(it.target, it.target_status);
    if (has_base && spec.with_pct_delta) r.cells.push_back(cell(minus(it.target_pct, it.base_pct)));
    if (has_base && spec.with_rate_change) {
      // One side unknown: no number (an item outside a top-N list is not zero there).
      if (it.base_status || it.target_status) r.cells.push_back(it.bound ? CompareCell(*it.bound) : CompareCell());
      else if (it.points) {
        auto d = minus(it.target_rate, it.base_rate);
        r.cells.push_back(d ? CompareCell(Points{*d, {}}) : CompareCell());
      } else if (it.base_rate && it.target_rate && *it.base_rate == 0 && *it.target_rate != 0) {
        r.cells.push_back(FromZero{});  // no percentage of nothing; the assessment still says how much
      } else {
        r.cells.push_back(cell(change_pct(it.base_rate, it.target_rate)));
      }
    }
    if (with_assessment) {
      const std::string& metric = it.metric.empty() ? spec.metric : it.metric;
      const bool known = !it.base_status && !it.target_status;
      OptDouble b = it.base_rate, tv = it.target_rate;
      if (known && it.print_step > 0 && b && tv) {
        // Each printed value stands for anything within half a step of it: assess the least difference.
        const double half = it.print_step / 2, d = *tv - *b;
        const double shrink = std::min(half, std::fabs(d) / 2);
        *b += d > 0 ? shrink : -shrink;
        *tv -= d > 0 ? shrink : -shrink;
      }
      r.cells.push_back(known ? assessment_cell(metric, b, tv) : CompareCell());
    }
    t.rows.push_back(std::move(r));
  }
  return t;
}

}  // namespace awrdiff::detail::differ
