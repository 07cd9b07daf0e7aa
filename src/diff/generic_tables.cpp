// The tables the parser kept untyped, compared in wide form (section_engine::compare_generic). How their columns
// read (a measure, its unit, a rate or a total) is in src/merge/generic_columns.cpp, shared with the merge of sets.
#include "diff/section_def.hpp"
#include "diff/sections.hpp"
#include "merge/generic_columns.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/number.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace awrdiff::detail::section_engine {
namespace {

// ---- generic tables ---------------------------------------------------------------------------------
//
// Every other table of the report is compared in wide form, as Oracle's Compare Periods report does: one row
// per item (a statistic, an event, a bucket...), and per measure column of the report its Base and Target
// values and the change. The rate columns ("per Second", "/s", "per Trans", "Avg") come first, the others in
// the report's order.

// One measure column of a generic table (in either period): its JSON key, its header as printed, its unit.
struct GenericMeasure {
  std::string key, header, unit;
  bool percent = false;  // a percentage: its change is in points
  bool bucket = false;  // a histogram bucket's share of waits: material from 5 points (histogram.pct_fast)
  int decimals = -1;  // as printed (GenericColumn::decimals); -1 by magnitude
};

// One period's side of a generic table: its measures and its items, each item's value per measure (empty: the
// cell is blank or unreadable).
struct GenericSide {
  std::string name_header;  // the header of the first column that names the row ("Event", "Statistic")
  std::vector<GenericMeasure> measures;
  std::vector<std::string> names;  // items in the report's order
  std::map<std::string, std::map<std::string, OptDouble>> values;  // item -> measure key -> value
  std::map<std::string, int> seen;  // item name -> rows so named
  bool counted = false;  // a cell "0.0(3)" was read as its percentage
};

// A measure's JSON key from its header: snake_case, "<" as "lt", ">=" as "ge", "%" as "pct", "/" as "per"
// ("<1ms" -> "lt_1ms", "Reads/s" -> "reads_per_s", "per Second" -> "per_second").
std::string measure_key(std::string_view header, std::size_t column) {
  std::string words;
  for (std::size_t i = 0; i < header.size(); ++i) {
    const char c = header[i];
    if (c == '>' && i + 1 < header.size() && header[i + 1] == '=') words += " ge ", ++i;
    else if (c == '<' && i + 1 < header.size() && header[i + 1] == '=') words += " le ", ++i;
    else if (c == '<') words += " lt ";
    else if (c == '>') words += " gt ";
    else if (c == '%') words += " pct ";
    else if (c == '/') words += " per ";
    else if (c == '#') words += " num ";
    else words += c;
  }
  std::string k;
  for (char c : words) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0) k += static_cast<char>(std::tolower(u));
    else if (!k.empty() && k.back() != '_') k += '_';
  }
  while (!k.empty() && k.back() == '_') k.pop_back();
  return k.empty() ? fmt::format("column_{}", column + 1) : k;
}

void add_generic(const GenericTable& g, GenericSide& side) {
  const auto columns = measure_columns(g);
  std::vector<std::string> keys(g.units.size());
  for (std::size_t i = 0; i < g.units.size() && i < g.headers.size(); ++i) {
    if (!columns[i].measure) continue;
    const std::string key = measure_key(g.headers[i], i);
    keys[i] = key;
    for (int n = 2; std::find(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(i), keys[i]) !=
                    keys.begin() + static_cast<std::ptrdiff_t>(i);
         ++n)
      keys[i] = fmt::format("{}_{}", key, n);  // one key per column of the table
    const auto known = std::find_if(side.measures.begin(), side.measures.end(), [&](const auto& m) { return m.key == keys[i]; });
    if (known == side.measures.end())
      side.measures.push_back({keys[i], g.headers[i].empty() ? fmt::format("column {}", i + 1) : g.headers[i],
                               columns[i].unit_name, columns[i].unit_name == "%", columns[i].bucket, columns[i].decimals});
    else if (known->decimals >= 0)
      known->decimals = columns[i].decimals < 0 ? -1 : std::max(known->decimals, columns[i].decimals);
  }
  if (side.name_header.empty() && !columns.empty() && !columns[0].measure && !g.headers.empty()) side.name_header = g.headers[0];
  for (const auto& r : g.rows) {
    std::string item;
    for (std::size_t i = 0; i < r.size() && i < columns.size(); ++i)
      if (!columns[i].measure && !r[i].empty()) item += (item.empty() ? "" : " · ") + r[i];
    // No text column and several rows (an advisory's rows are its sizes): the first column names the row. A
    // table of one row (Instance CPU) is that row.
    const bool first_names = item.empty() && g.rows.size() > 1 && !r.empty() && !g.headers.empty();
    if (first_names) item = fmt::format("{} {}", g.headers[0], r[0]);
    if (item.empty()) item = g.title.empty() ? std::string("(row)") : g.title;  // a table of one row: the table
    if (const int n = ++side.seen[item]; n > 1) item += fmt::format(" #{}", n);
    side.names.push_back(item);
    auto& values = side.values[item];
    for (std::size_t i = first_names ? 1 : 0; i < r.size() && i < columns.size(); ++i) {
      if (!columns[i].measure || keys[i].empty()) continue;
      const auto v = generic_number(r[i], columns[i].unit, &side.counted);
      values[keys[i]] = v.status == CellStatus::ok ? v.value : std::nullopt;
    }
  }
}

// How one measure of an item moved: whether it says the item changed, and how much (the size of a material
// relative change, |ln(target / base)|; 0 when not material or not computable).
struct MeasureMove {
  bool differs = false;
  double score = 0;
};

MeasureMove measure_move(OptDouble b, OptDouble t, bool bucket) {
  MeasureMove m;
  if (bucket && (b || t)) {  // an empty bucket holds no waits: 0%
    b = b.value_or(0);
    t = t.value_or(0);
  }
  if (b && t) {
    if (*b == *t) return m;
    // A histogram bucket is a share of the event's waits: material from 5 points, as the typed Wait Event
    // Histogram's shift; any other cell from 20% (the registry's table.value).
    const auto a = assess(bucket ? "histogram:x:pct_fast" : "table:x:value", b, t);
    if (!a.material()) return m;
    m.differs = true;
    // The size of the change: a bucket's shift in points (25 points weigh as a change by a factor of e), else
    // the relative change, |ln(target / base)|.
    m.score =
        bucket ? std::fabs(*t - *b) / 25 : std::fabs(std::log(std::max(std::fabs(*t), 1e-9) / std::max(std::fabs(*b), 1e-9)));
  } else {
    const OptDouble one = b ? b : t;  // a blank cell beside a figure: differs unless the figure is 0
    m.differs = one && *one != 0;
  }
  return m;
}

// An item's value of measure `key` in one period (none when the item or the value is not there).
OptDouble item_value(const std::map<std::string, OptDouble>* side, const std::string& key) {
  if (side == nullptr) return std::nullopt;
  const auto it = side->find(key);
  return it == side->end() ? std::nullopt : it->second;
}

// The measures of both periods (the target's, then those only the base has; rates and averages first), and the
// table's columns: the name, then per measure Base, Target and its change (the target's values alone without a
// base).
std::vector<GenericMeasure> measures_and_columns(const GenericSide& ts, const GenericSide& bs, bool has_base, CompareTable& t) {
  // The measures of both periods: the target's, then those only the base has; rates and averages first.
  std::vector<GenericMeasure> measures = ts.measures;
  for (const auto& m : bs.measures) {
    const auto known = std::find_if(measures.begin(), measures.end(), [&](const auto& x) { return x.key == m.key; });
    if (known == measures.end()) measures.push_back(m);
    else if (known->decimals >= 0) known->decimals = m.decimals < 0 ? -1 : std::max(known->decimals, m.decimals);
  }
  std::stable_partition(measures.begin(), measures.end(), [](const GenericMeasure& m) { return rate_header(m.header); });
  const std::string& name = !ts.name_header.empty() ? ts.name_header : bs.name_header;
  t.columns = {{"name", name.empty() ? std::string("Item") : name, "", ColumnKind::text, 0, ColumnRole::name}};
  const bool has_rate = std::any_of(measures.begin(), measures.end(), [](const auto& m) { return rate_header(m.header); });
  for (std::size_t i = 0; i < measures.size(); ++i) {
    const auto& m = measures[i];
    // What a narrow terminal keeps: the first measure (a rate where the report has one) with its change (always
    // shown) above all; then the other rates and averages; then the rest; totals beside a rate first left out.
    // Among equals the text renderer leaves out the later first, so the report's order decides.
    const std::string h = lower(m.header);
    const int priority = i == 0                                                  ? column_priority::always - 1
                         : rate_header(m.header)                                 ? column_priority::rate
                         : has_rate && (h == "total" || h.starts_with("total ")) ? column_priority::machine
                                                                                 : column_priority::count;
    if (!has_base) {
      t.columns.push_back({"target_" + m.key, m.header, m.unit, ColumnKind::number, m.decimals, ColumnRole::measure, priority});
      continue;
    }
    t.columns.push_back(
        {"base_" + m.key, "Base " + m.header, m.unit, ColumnKind::number, m.decimals, ColumnRole::measure, priority});
    t.columns.push_back(
        {"target_" + m.key, "Target " + m.header, m.unit, ColumnKind::number, m.decimals, ColumnRole::measure, priority});
    // Each measure's change: relative, or for a percentage in points (the first measure's a Points cell "+1.2 pts",
    // the others' as a difference in points). The others' are keyed by the measure so that a renderer short of
    // width leaves each out with its Base and Target.
    if (i == 0) t.columns.push_back({"change", "Change", "", ColumnKind::change_pct, 0, ColumnRole::change});
    else if (m.percent) t.columns.push_back({m.key, "Δ " + m.header, "pts", ColumnKind::delta, 1, ColumnRole::change, priority});
    else t.columns.push_back({m.key, "Δ " + m.header, "", ColumnKind::change_pct, 0, ColumnRole::change, priority});
  }
  return measures;
}

// What a generic table left out or read differently, for its notes.
struct GenericCounts {
  std::size_t same = 0, quiet = 0, one_sided = 0;  // items unchanged, a histogram's quiet events, items in one report
  OptDouble eb, et;  // the periods' elapsed
  bool lengths_differ = false;  // by more than 10%: a total's change is its rate's
  const GenericMeasure* waits = nullptr;  // a histogram's count of waits
};

// The notes of a generic table: how its values read and are assessed, what is left out. `counted`: a cell carries a
// count of waits in parentheses.
void generic_notes(CompareTable& t, const std::vector<GenericMeasure>& measures, const GenericCounts& n, bool has_base,
                   bool counted) {
  const std::size_t same = n.same, quiet = n.quiet, one_sided = n.one_sided;
  const OptDouble eb = n.eb, et = n.et;
  const GenericMeasure* const waits = n.waits;
  if (has_base) {
    const bool buckets = std::any_of(measures.begin(), measures.end(), [](const auto& m) { return m.bucket; });
    t.notes.push_back(
        fmt::format("Values as the reports print them (totals are not rates). One row per item; per column Base, Target and the "
                    "change (relative; in points for a percentage); largest relative change first.{}",
                    same == 0 ? std::string()
                              : fmt::format(" {} item{} within 20% in every column{} not listed.", same, same == 1 ? "" : "s",
                                            buckets ? " (a histogram bucket's share of waits within 5 points)" : "")));
    if (eb && et && std::any_of(measures.begin(), measures.end(), [&](const auto& m) {
          return !m.bucket && !m.percent && &m != waits && total_header(m.header);
        }))
      t.notes.push_back(n.lengths_differ
                            ? fmt::format("A total (DB Time (s), Waits, Buffer Gets...) is shown as printed; its change "
                                          "and assessment are those of its rate per second, as the periods "
                                          "differ in length ({} against {} min of elapsed).",
                                          grouped(*eb / 60, 1), grouped(*et / 60, 1))
                            : std::string("A total (DB Time (s), Waits, Buffer Gets...) is assessed by its rate "
                                          "per second of each period, and shown as printed."));
    if (waits != nullptr)
      t.notes.push_back(
          fmt::format("Events are assessed by the share of their waits in each bucket, not by their count of "
                      "{}; {} event{} with under 0.1 {} per second in either period (a handful of waits) "
                      "not assessed nor listed.",
                      waits->header, quiet, quiet == 1 ? "" : "s", waits->header));
    if (one_sided > 0)
      t.notes.push_back(
          fmt::format("{} item{} in one report only: the other side is empty (not in that report: unknown, "
                      "not zero).",
                      one_sided, one_sided == 1 ? " is" : "s are"));
  } else {
    t.notes.push_back("Values as the report prints them; one row per item.");
  }
  if (counted)
    t.notes.push_back("A cell such as 0.0(3) is read as its percentage (0.0); the count of waits in parentheses is not used.");
}

}  // namespace

std::vector<CompareTable> compare_generic(const Snapshot* base, const Snapshot& target) {
  // Tables by section and title, in the order of the target's report, then the base's.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::pair<GenericSide, GenericSide>> tables;  // (base, target)
  auto take = [&](const Snapshot& s, bool is_base) {
    for (const auto& g : s.other_tables) {
      if (!g.known || !comparable_generic(g.section) || (base != nullptr && moments_table(g))) continue;
      std::pair<std::string, std::string> k{g.section, g.title.empty() ? std::string(section_spec_title(g.section)) : g.title};
      auto [it, fresh] = tables.try_emplace(k);
      if (fresh) order.push_back(k);
      add_generic(g, is_base ? it->second.first : it->second.second);
    }
  };
  take(target, false);
  if (base != nullptr) take(*base, true);
  std::vector<CompareTable> out;
  std::map<std::string, int> key_uses;
  for (const auto& k : order) {
    const auto& [bs, ts] = tables[k];
    CompareTable t;
    t.key = k.first;
    if (const int n = ++key_uses[k.first]; n > 1) t.key += fmt::format("_{}", n);  // one anchor per table
    t.empty_text = base != nullptr ? "no value differs" : "";
    t.title = k.second;
    t.group = TableGroup::sections;
    t.text_rows = 10;
    const std::vector<GenericMeasure> measures = measures_and_columns(ts, bs, base != nullptr, t);
    struct Item {
      const std::string* name = nullptr;
      const std::map<std::string, OptDouble>* b = nullptr;
      const std::map<std::string, OptDouble>* t = nullptr;
      double score = 0;
    };
    std::vector<Item> lines;
    for (const auto& n : ts.names)
      lines.push_back({&n, base != nullptr && bs.values.contains(n) ? &bs.values.at(n) : nullptr, &ts.values.at(n)});
    for (const auto& n : bs.names)
      if (!ts.values.contains(n)) lines.push_back({&n, &bs.values.at(n), nullptr});
    std::size_t same = 0, one_sided = 0, quiet = 0;
    // The periods' lengths, for totals; a histogram's count of waits, for its quiet events.
    const OptDouble eb = base != nullptr ? base->interval.elapsed_s : std::nullopt, et = target.interval.elapsed_s;
    auto per_second = [](OptDouble v, OptDouble elapsed) -> OptDouble {
      if (!v || !elapsed || *elapsed <= 0) return std::nullopt;
      return *v / *elapsed;
    };
    // Periods whose lengths differ by more than 10%: a total's change is that of its rate per second.
    const bool lengths_differ = eb && et && *eb > 0 && *et > 0 && std::max(*eb, *et) > 1.1 * std::min(*eb, *et);
    const GenericMeasure* waits = nullptr;
    if (std::any_of(measures.begin(), measures.end(), [](const auto& m) { return m.bucket; }) && eb && et)
      for (const auto& m : measures)
        if (!m.bucket && m.unit.empty() && lower(m.header).find("wait") != std::string::npos && waits == nullptr) waits = &m;
    if (base != nullptr) {
      // Items in both periods none of whose measures changed materially (the registry's table.value: 20%) are
      // counted, not listed: a RAC or Exadata report has thousands of them.
      std::erase_if(lines, [&](Item& l) {
        if (l.b == nullptr || l.t == nullptr) {
          ++one_sided;
          return false;
        }
        bool differs = false;
        // A histogram's event with under 0.1 waits per second in either period: its buckets are a handful of
        // waits, not assessed (as the typed Wait Event Histogram).
        bool few_waits = false;
        if (waits != nullptr) {
          const auto wb = per_second(item_value(l.b, waits->key), eb), wt = per_second(item_value(l.t, waits->key), et);
          few_waits = !wb || !wt || *wb < 0.1 || *wt < 0.1;
        }
        for (const auto& m : measures) {
          // A histogram is read by its distribution: the count of waits is shown, and moves with the load.
          if ((m.bucket && few_waits) || &m == waits) continue;
          auto bv = item_value(l.b, m.key), tv = item_value(l.t, m.key);
          if (!m.bucket && !m.percent && total_header(m.header) && eb && et) bv = per_second(bv, eb), tv = per_second(tv, et);
          const auto mv = measure_move(bv, tv, m.bucket);
          differs = differs || mv.differs;
          l.score = std::max(l.score, mv.score);
        }
        if (!differs) ++(few_waits ? quiet : same);
        return !differs;
      });
      std::stable_sort(lines.begin(), lines.end(), [](const Item& x, const Item& y) { return x.score > y.score; });
    }
    for (const auto& l : lines) {
      CompareRow r;
      r.cells.emplace_back(*l.name);
      auto cell = [](OptDouble v) { return v ? CompareCell(*v) : CompareCell(); };
      for (std::size_t i = 0; i < measures.size(); ++i) {
        const auto& m = measures[i];
        const auto bv = item_value(l.b, m.key), tv = item_value(l.t, m.key);
        if (base == nullptr) {
          r.cells.push_back(cell(tv));
          continue;
        }
        // An item in one report only: the other side empty (unknown, not 0; the note says so).
        r.cells.push_back(cell(bv));
        r.cells.push_back(cell(tv));
        // A total of periods of different lengths: the change of its rate per second (the note says so).
        const bool by_rate = lengths_differ && !m.percent && !m.bucket && total_header(m.header);
        if (by_rate && bv && tv && *bv != 0 && *tv != 0) {
          r.cells.emplace_back((*tv / *et - *bv / *eb) / std::fabs(*bv / *eb) * 100);
          continue;
        }
        if (!bv || !tv) r.cells.emplace_back();
        else if (i > 0 && m.percent) r.cells.emplace_back(*tv - *bv);  // in points
        else if (m.percent) r.cells.emplace_back(Points{*tv - *bv, {}});  // a percentage: in points
        else if (*bv != 0) r.cells.emplace_back((*tv - *bv) / std::fabs(*bv) * 100);
        else r.cells.emplace_back(*tv != 0 ? CompareCell(FromZero{}) : CompareCell(0.0));
      }
      t.rows.push_back(std::move(r));
    }
    generic_notes(t, measures, GenericCounts{same, quiet, one_sided, eb, et, lengths_differ, waits}, base != nullptr,
                  bs.counted || ts.counted);
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace awrdiff::detail::section_engine
