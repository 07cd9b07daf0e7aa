// The other report sections side by side (sections.hpp). One engine (compare_section) turns every row of
// the table of sections (section_table.cpp; its types in section_def.hpp) into a CompareTable; init.ora has
// its own short builder because its rows are text, and the generic tables theirs (generic_tables.cpp). The
// findings' evidence is read back from the tables made (add_section_evidence).
#include "diff/sections.hpp"

#include "diff/facts.hpp"
#include "diff/section_def.hpp"
#include "support/text.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/section_fields.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace awrdiff::detail::section_engine {

std::optional<TableView> find_table(const Comparison& c, std::string_view key) {
  for (const auto& t : c.tables)
    if (t.key == key && t.group == TableGroup::sections) return TableView{&t};
  return std::nullopt;
}

std::string figure(const OptDouble& v) {
  if (!v) return "-";
  const double a = std::fabs(*v);
  if (a == 0) return "0";
  if (a < 0.001) return "<0.001";
  if (a < 0.1) return fmt::format("{:.2g}", *v);
  return grouped(*v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
}

// "APP.ORDERS 0.162 -> 0.271 /s (+68%)": a row of a section table whose change went `direction`.
std::string evidence_line(const TableView& v, const CompareRow& r, std::string_view measure, std::string_view unit) {
  const auto b = v.num(r, fmt::format("base_{}", measure)), t = v.num(r, fmt::format("target_{}", measure));
  std::string change;
  if (b && t && *b > 0 && *t / *b >= 10) change = fmt::format(" ({} x)", grouped(*t / *b, 0));
  else if (b && t && *b != 0) change = fmt::format(" ({:+.0f}%)", (*t - *b) / std::fabs(*b) * 100);
  else if (const auto bound = v.text(r, "change"); !bound.empty()) change = " (" + bound + ")";
  // A row that came into (or dropped out of) one report's top list: its change against that list's cut-off
  // is a bound of a hundredfold or more ("≥ +20,033,323%"), which says nothing the words do not.
  if (const auto i = v.col("change"); i < r.cells.size())
    if (const auto* bd = std::get_if<Bound>(&r.cells[i])) {
      if (!b && t && bd->at_least && bd->value >= 9900) change = " (entered the list)";
      else if (b && !t && !bd->at_least && bd->value <= -99) change = " (left the list)";
    }
  const auto base_text = v.text(r, fmt::format("base_{}", measure));
  const auto target_text = v.text(r, fmt::format("target_{}", measure));
  return fmt::format("{} {} -> {} {}{}", v.text(r, "name"),
                     b                   ? figure(b)
                     : base_text.empty() ? "-"
                                         : base_text,
                     t                     ? figure(t)
                     : target_text.empty() ? "-"
                                           : target_text,
                     unit, change);
}

// The title a section key shows ("gc_load_profile" -> "Global Cache Load Profile"); the key when unknown.
std::string section_spec_title(std::string_view key) {
  for (const auto& spec : all_sections())
    if (spec.key == key) return std::string(spec.display);
  return std::string(key);
}

OptDouble rate(const OptDouble& total, const Snapshot& s) { return per_second(total, s.interval.elapsed_s); }
OptDouble scaled(const OptDouble& v, double f) { return v ? OptDouble(*v * f) : std::nullopt; }
OptDouble sum(const OptDouble& a, const OptDouble& b) {
  if (!a && !b) return std::nullopt;
  return a.value_or(0) + b.value_or(0);
}

Row row(std::string name, std::vector<OptDouble> values) {
  Row r;
  r.key = lower(name);
  r.name = std::move(name);
  r.values = std::move(values);
  return r;
}

namespace {

// ---- the engine ---------------------------------------------------------------------------------

struct Line {
  const Row* base = nullptr;
  const Row* target = nullptr;
  int change_on = -1;  // the measure its change is on
  double score = 0;  // size of its material change (0: not material)
  double size = 0;  // its larger value, for the order of the rest
  double size2 = 0;  // its larger value of the first measure, to break ties
  ChangeKind kind = ChangeKind::unknown;  // its assessment when material (a bound's: the least change)
};

// Whether `a` and `b` name one thing, one of them cut to a column width: equal, or the shorter the start or
// the end of the longer (AWR text reports keep a subobject name's last 10 characters).
bool cut_twin(std::string_view a, std::string_view b, std::size_t min_length) {
  if (a == b) return true;
  const auto shorter = a.size() < b.size() ? a : b;
  const auto longer = a.size() < b.size() ? b : a;
  return shorter.size() >= min_length && (longer.starts_with(shorter) || longer.ends_with(shorter));
}

bool cut_twins(const Row& x, const Row& y) {
  if (!x.parts.empty() && x.parts.size() == y.parts.size()) {
    if (x.group != y.group) return false;
    for (std::size_t i = 0; i < x.parts.size(); ++i)
      if (!cut_twin(x.parts[i], y.parts[i], 1)) return false;
    return true;
  }
  return x.key.size() >= 12 && y.key.size() >= 12 && x.key.size() != y.key.size() &&
         (x.key.starts_with(y.key) || y.key.starts_with(x.key));
}

// A row whose key one report cut to its column width (text reports) matches the one row of the other it is a
// cut twin of.
void pair_cut_keys(std::vector<Line>& lines) {
  for (auto& a : lines) {
    if (a.base == nullptr || a.target != nullptr) continue;
    Line* match = nullptr;
    int found = 0;
    for (auto& b : lines) {
      if (b.target == nullptr || b.base != nullptr) continue;
      if (cut_twins(*a.base, *b.target)) {
        match = &b;
        ++found;
      }
    }
    if (found == 1) {
      a.target = match->target;
      match->target = nullptr;
    }
  }
  std::erase_if(lines, [](const Line& l) { return l.base == nullptr && l.target == nullptr; });
}

std::string metric_key(const SectionDef& d, const Row& r, int measure) {
  if (!r.metric.empty()) return r.metric;
  const auto dot = d.family.find('.');
  return fmt::format("{}:{}:{}", d.family.substr(0, dot), r.key, d.family.substr(dot + 1));
  (void)measure;
}

// The smallest value of the change measure per group on one side: the floor of a top-N list.
std::map<std::string, double> list_floors(const std::vector<Row>& rows, int measure) {
  std::map<std::string, double> out;
  for (const auto& r : rows) {
    const auto& v = r.values[static_cast<std::size_t>(measure)];
    if (!v) continue;
    auto [it, fresh] = out.try_emplace(r.group, *v);
    if (!fresh) it->second = std::min(it->second, *v);
  }
  return out;
}

// The rows of both reports paired by key: the target's in its order, then those of the base alone; with a base,
// a key one report cut paired with its full twin.
std::vector<Line> match_rows(const std::vector<Row>& b, const std::vector<Row>& t, bool has_base) {
  std::vector<Line> lines;
  std::unordered_map<std::string, std::size_t> by_key;
  for (const auto& r : t)
    if (by_key.try_emplace(r.key, lines.size()).second) lines.push_back({nullptr, &r});
  for (const auto& r : b) {
    if (auto it = by_key.find(r.key); it != by_key.end()) {
      if (lines[it->second].base == nullptr) lines[it->second].base = &r;
    } else {
      by_key.emplace(r.key, lines.size());
      lines.push_back({&r, nullptr});
    }
  }
  if (has_base) pair_cut_keys(lines);
  return lines;
}

// A section's table without rows: its name and leading columns, each shown measure per side, the change and
// the assessment.
CompareTable table_columns(const SectionDef& d, bool has_base) {
  CompareTable out;
  out.key = d.key;
  out.title = d.title;
  out.group = TableGroup::sections;
  out.text_rows = d.text_rows;
  out.columns.push_back({"name", std::string(d.name_header), "", ColumnKind::text, 0, ColumnRole::name});
  for (const auto& l : d.leading)
    out.columns.push_back({normalize_label(l.header), std::string(l.header), "", ColumnKind::text, 0, l.role, l.priority});
  auto add_side = [&](std::string_view side, std::string_view label) {
    for (const auto& m : d.measures)
      if (!m.hidden)
        out.columns.push_back({fmt::format("{}_{}", side, m.key),
                               label.empty() ? std::string(m.header) : fmt::format("{} {}", label, m.header), std::string(m.unit),
                               ColumnKind::number, m.precision, ColumnRole::measure, m.priority});
  };
  if (has_base) add_side("base", "Base");
  add_side("target", has_base ? "Target" : "");
  if (has_base) {
    out.columns.push_back({"change", "Change", "", ColumnKind::change_pct, 0, ColumnRole::change});
    out.columns.push_back({"assessment", "Assessment", "", ColumnKind::text, 0, ColumnRole::assessment});
  }
  return out;
}

// The largest value of each measure in each group (a "Segments by ..." list, or the whole table): a change is
// ranked by its size against it, so that the rows carrying the most (AAS, requests per second, waits) come
// first and a small row's large ratio does not hide them.
std::map<std::pair<std::string, int>, double> largest_per_group(const SectionDef& d, const std::vector<Line>& lines) {
  std::map<std::pair<std::string, int>, double> scale;
  for (const auto& l : lines)
    for (int m : d.change_on)
      for (const Row* side : {l.base, l.target})
        if (side != nullptr && side->values[static_cast<std::size_t>(m)]) {
          double& x = scale[{side->group, m}];
          x = std::max(x, std::fabs(*side->values[static_cast<std::size_t>(m)]));
        }
  return scale;
}

// The last value of each list on both sides (list_floors): a row missing from a top-N list is below its side's.
struct ListFloors {
  std::map<std::string, double> base, target;
};

// Which measure of a row carries its change and how large it is against its group's largest value (l.score, ranked
// on); a row of a top-N list missing on one side is that side at most its list's last value, the least change.
void score_line(const SectionDef& d, Line& l, std::map<std::pair<std::string, int>, double>& scale, const ListFloors& floors) {
  const Row& any = l.target != nullptr ? *l.target : *l.base;
  for (int m : d.change_on) {
    auto bv = l.base != nullptr ? l.base->values[static_cast<std::size_t>(m)] : std::nullopt;
    auto tv = l.target != nullptr ? l.target->values[static_cast<std::size_t>(m)] : std::nullopt;
    l.size = std::max({l.size, std::fabs(bv.value_or(0)), std::fabs(tv.value_or(0))});
    for (const Row* side : {l.base, l.target})
      if (side != nullptr && side->values.front()) l.size2 = std::max(l.size2, std::fabs(*side->values.front()));
    if (l.change_on < 0 && (bv || tv)) l.change_on = m;
    bool bound = false;
    if (d.top_n && (l.base == nullptr) != (l.target == nullptr) && m == d.change_on.front()) {
      const auto& list = l.base == nullptr ? floors.base : floors.target;
      if (auto f = list.find(any.group); f != list.end()) {
        // Only a last value below the one shown gives the change a direction and a least size (as the Change
        // column's bound); at or above it, the missing side may be as large: the change is unknown.
        const OptDouble shown = l.base == nullptr ? tv : bv;
        if (!shown || *shown < f->second * 1.01) continue;
        (l.base == nullptr ? bv : tv) = f->second;
        bound = true;
      }
    }
    if (!bv || !tv) continue;
    const std::string key = metric_key(d, any, m);
    const auto a = assess(key, bv, tv);
    if (!a.material()) continue;
    if (d.gate >= 0 && !bound) {
      const auto gb = l.base->values[static_cast<std::size_t>(d.gate)], gt = l.target->values[static_cast<std::size_t>(d.gate)];
      if (std::min(gb.value_or(0), gt.value_or(0)) < d.gate_floor) continue;
    }
    const MetricSpec* spec = find_metric(key);
    const double range = spec != nullptr && spec->points ? 100.0 : std::max(scale[{any.group, m}], 1e-12);
    const double score = std::fabs(*tv - *bv) / range;
    if (score > l.score) {
      l.score = score;
      l.change_on = m;
      l.kind = a.kind;
    }
  }
}

// The rows in their order: by their material change (largest first) when the section ranks them, a TOTAL row
// (IOStat) last; the rows under the quiet floor in both periods and unchanged left out. Returns how many were.
std::size_t order_lines(const SectionDef& d, std::vector<Line>& lines) {
  if (d.ranked)
    std::stable_sort(lines.begin(), lines.end(), [](const Line& x, const Line& y) {
      if ((x.score > 0) != (y.score > 0)) return x.score > 0;
      if (x.score != y.score) return x.score > y.score;
      if (x.size != y.size) return x.size > y.size;
      return x.size2 > y.size2;
    });
  // A TOTAL row (IOStat) closes its table.
  std::stable_partition(lines.begin(), lines.end(),
                        [](const Line& l) { return !(l.target != nullptr ? *l.target : *l.base).name.starts_with("TOTAL"); });
  std::size_t quiet = 0;
  if (d.quiet >= 0)
    std::erase_if(lines, [&](const Line& l) {
      if (l.score > 0) return false;
      for (const Row* side : {l.base, l.target})
        if (side != nullptr && side->values[static_cast<std::size_t>(d.quiet)].value_or(0) >= d.quiet_floor) return false;
      ++quiet;
      return true;
    });
  return quiet;
}

// One side's cells of a row: each shown measure, "not shown" for a row a top-N list leaves out.
void side_cells(CompareRow& r, const SectionDef& d, const Row* row) {
  bool first = true;
  for (std::size_t m = 0; m < d.measures.size(); ++m) {
    if (d.measures[m].hidden) continue;
    CompareCell c;
    if (row == nullptr) {
      if (first && d.top_n) c = Unknown{Unknown::Why::not_shown};
    } else if (row->values[m]) {
      c = *row->values[m];
    }
    r.cells.push_back(std::move(c));
    first = false;
  }
}

// The Change cell of a row, on the measure that carries it: points for a percentage, a relative change, from zero, or
// a bound when a top-N list leaves the row out on one side.
CompareCell change_cell(const SectionDef& d, const Line& l, const Row& any, const ListFloors& floors) {
  const auto m = static_cast<std::size_t>(std::max(l.change_on, 0));
  const auto bv = l.base != nullptr ? l.base->values[m] : std::nullopt;
  const auto tv = l.target != nullptr ? l.target->values[m] : std::nullopt;
  const std::string key = metric_key(d, any, static_cast<int>(m));
  const MetricSpec* spec = find_metric(key);
  const bool points = spec != nullptr && spec->points;
  const bool several = d.change_on.size() > 1 && points;
  CompareCell change;
  if (bv && tv) {
    if (points) change = Points{*tv - *bv, several ? std::string(d.measures[m].header) : std::string()};
    else if (*bv != 0) change = (*tv - *bv) / std::fabs(*bv) * 100;
    else if (*tv != 0) change = FromZero{};
  } else if (d.top_n && (bv || tv)) {  // a bound: the missing side is below its list's last value
    const auto& list = bv ? floors.target : floors.base;
    if (auto f = list.find(any.group); f != list.end() && f->second > 0) {
      if (tv && *tv >= f->second * 1.01) change = Bound{(*tv - f->second) / f->second * 100, true};
      if (bv && *bv >= f->second * 1.01) change = Bound{-(*bv - f->second) / *bv * 100, false};
    }
  }
  return change;
}

// The table's notes: the section's own, the quiet rows left out, how many rows changed materially.
void section_notes(CompareTable& out, const SectionDef& d, bool has_base, std::size_t quiet, std::size_t material) {
  if (!d.note.empty()) out.notes.emplace_back(d.note);
  if (quiet > 0)
    out.notes.push_back(fmt::format("{} row{} under {} {} in both periods, unchanged, not listed.", quiet, quiet == 1 ? "" : "s",
                                    d.quiet_floor, d.measures[static_cast<std::size_t>(d.quiet)].header));
  if (has_base && d.ranked && out.rows.size() > 1)
    out.notes.push_back(
        material == 0
            ? std::string("No row changed materially.")
            : fmt::format(
                  "{} of {} rows changed materially; they come first, largest change first (each against its list's largest value).",
                  material, out.rows.size()));
}

// One section compared, in named steps: its rows read and matched (match_rows), each scored (score_line) and
// ordered (order_lines), then written as the table's rows (side_cells, change_cell) and notes (section_notes).
std::optional<CompareTable> compare_section(const SectionDef& d, const Snapshot* base, const Snapshot& target) {
  const std::vector<Row> b = base != nullptr ? d.read(*base, d.measures) : std::vector<Row>{};
  const std::vector<Row> t = d.read(target, d.measures);
  if (b.empty() && t.empty()) return std::nullopt;
  const bool has_base = base != nullptr;

  std::vector<Line> lines = match_rows(b, t, has_base);
  const ListFloors floors{list_floors(b, d.change_on.front()), list_floors(t, d.change_on.front())};
  auto scale = largest_per_group(d, lines);
  for (auto& l : lines) score_line(d, l, scale, floors);
  const std::size_t quiet = order_lines(d, lines);

  CompareTable out = table_columns(d, has_base);
  std::size_t material = 0;
  for (const auto& l : lines) {
    // The row that names it best: a cut name's full twin.
    const Row& any = l.target == nullptr                                                ? *l.base
                     : l.base != nullptr && l.base->name.size() > l.target->name.size() ? *l.base
                                                                                        : *l.target;
    CompareRow r;
    r.cells.push_back(any.name);
    for (std::size_t i = 0; i < d.leading.size(); ++i)
      r.cells.push_back(i < any.leading.size() && !any.leading[i].empty() ? CompareCell(any.leading[i]) : CompareCell());
    if (has_base) side_cells(r, d, l.base);
    side_cells(r, d, l.target);
    if (has_base) {
      r.cells.push_back(change_cell(d, l, any, floors));
      if (l.score > 0) {
        ++material;
        r.cells.push_back(std::string(to_string(l.kind)));
      } else {
        r.cells.emplace_back();
      }
    }
    out.rows.push_back(std::move(r));
  }
  section_notes(out, d, has_base, quiet, material);
  return out;
}

}  // namespace

// init.ora: the parameters whose value at the end of the period differs (added, removed, changed), hidden
// ones included. The section lists the parameters set away from their default: one missing is at its default.
std::optional<CompareTable> compare_parameters(const Snapshot* base, const Snapshot& target) {
  if (target.parameters.empty() && (base == nullptr || base->parameters.empty())) return std::nullopt;
  auto end_value = [](const Parameter& p) { return p.end_value.empty() ? p.begin_value : p.end_value; };
  auto key = [](const Parameter& p) { return lower(p.pdb.empty() ? p.name : p.pdb + ":" + p.name); };
  CompareTable out;
  out.key = "init_ora";
  out.title = "init.ora Parameters";
  out.group = TableGroup::sections;
  out.text_rows = 20;
  out.columns.push_back({"name", "Parameter", "", ColumnKind::text, 0, ColumnRole::name});
  if (base == nullptr) {
    out.columns.push_back({"begin_value", "Begin value", "", ColumnKind::text, 0});
    out.columns.push_back({"end_value", "End value (if different)", "", ColumnKind::text, 0});
    for (const auto& p : target.parameters)
      out.rows.push_back({{key(p) == lower(p.name) ? p.name : p.pdb + ": " + p.name, p.begin_value,
                           p.end_value.empty() ? CompareCell() : CompareCell(p.end_value)}});
    return out;
  }
  out.columns.push_back({"base", "Base", "", ColumnKind::text, 0, ColumnRole::value});
  out.columns.push_back({"target", "Target", "", ColumnKind::text, 0, ColumnRole::value});
  out.columns.push_back({"change", "Change", "", ColumnKind::text, 0, ColumnRole::label});
  // A report without the section (cut short, or a release that does not print it) says nothing of its
  // parameters: no parameter reads as added or reset.
  if (base->parameters.empty() || target.parameters.empty()) {
    out.empty_text = "not compared";
    out.notes.push_back(fmt::format("{} has no init.ora section.", base->parameters.empty() ? base->source : target.source));
    return out;
  }
  std::map<std::string, const Parameter*> b, t;
  for (const auto& p : base->parameters) b.emplace(key(p), &p);
  for (const auto& p : target.parameters) t.emplace(key(p), &p);
  out.empty_text = "no parameter differs";
  std::size_t same = 0;
  std::vector<CompareRow> added, removed, changed, within;
  auto shown_name = [](const Parameter& p) { return p.pdb.empty() ? p.name : p.pdb + ": " + p.name; };
  // A text report cuts a long value at its column's width ("/dev/ctl1, /dev/ctl2," of three control files): a
  // value that is the start of the other report's, from a text report, is not known to differ.
  std::size_t cut = 0;
  auto cut_short = [&](const std::string& bv, const std::string& tv) {
    auto agrees = [](std::string_view shorter, std::string_view longer, bool text) {
      while (!shorter.empty() && (shorter.back() == ',' || shorter.back() == ' ')) shorter.remove_suffix(1);
      return text && shorter.size() >= 8 && shorter.size() < longer.size() && longer.starts_with(shorter);
    };
    return agrees(bv, tv, base->format == ReportFormat::text) || agrees(tv, bv, target.format == ReportFormat::text);
  };
  for (const auto& [k, tp] : t) {
    const auto it = b.find(k);
    if (it == b.end()) {
      added.push_back({{shown_name(*tp), std::string("(default)"), end_value(*tp), std::string("set")}});
    } else if (end_value(*it->second) != end_value(*tp) && cut_short(end_value(*it->second), end_value(*tp))) {
      ++same;
      ++cut;
    } else if (end_value(*it->second) != end_value(*tp)) {
      changed.push_back({{shown_name(*tp), end_value(*it->second), end_value(*tp), std::string("changed")}});
    } else if (!tp->end_value.empty() && tp->end_value != tp->begin_value) {
      within.push_back({{shown_name(*tp), tp->begin_value, end_value(*tp), std::string("changed within the target")}});
    } else {
      ++same;
    }
  }
  for (const auto& [k, bp] : b)
    if (!t.contains(k)) removed.push_back({{shown_name(*bp), end_value(*bp), std::string("(default)"), std::string("reset")}});
  for (auto* list : {&changed, &added, &removed, &within})
    for (auto& r : *list) out.rows.push_back(std::move(r));
  out.notes.push_back(
      fmt::format("{} parameter{} the same in both; the section lists parameters set away from their "
                  "default, so one missing from a report is at its default there.",
                  same, same == 1 ? "" : "s"));
  if (cut > 0)
    out.notes.push_back(fmt::format("Of them, {} as far as the text report prints the value (it cuts long values).", cut));
  return out;
}

namespace {

// The rows of `table` assessed `word` ("worse"/"better") that `pick` accepts, as evidence lines.
template <class Pick>
std::vector<std::string> rows_moving(const Comparison& c, std::string_view table, std::string_view word, std::string_view measure,
                                     std::string_view unit, Pick pick, std::size_t at_most) {
  std::vector<std::string> out;
  const auto v = find_table(c, table);
  if (!v) return out;
  for (const auto& r : v->t->rows) {
    if (out.size() >= at_most) break;
    if (v->text(r, "assessment") != word || !pick(*v, r)) continue;
    out.push_back(evidence_line(*v, r, measure, unit));
  }
  return out;
}

std::string lower_copy(std::string_view s) { return lower(s); }

}  // namespace

}  // namespace awrdiff::detail::section_engine

namespace awrdiff::detail {

void add_section_evidence(Comparison& out) {
  using namespace section_engine;
  // Every section's evidence, in the order a finding quotes it.
  std::vector<std::pair<const SectionDef*, const EvidenceDef*>> all;
  for (const auto& d : sections())
    for (const auto& e : d.evidence) all.emplace_back(&d, &e);
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second->order < b.second->order; });
  std::vector<std::string> used;  // each evidence row once in the comparison, under the first finding it backs
  for (auto& f : out.findings) {
    if (f.direction != ChangeKind::worse && f.direction != ChangeKind::better) continue;
    const std::string word = to_string(f.direction);
    std::vector<std::string> events;
    for (const auto& m : f.metrics)
      if (m.key.starts_with("event:")) {
        const auto end = m.key.rfind(':');
        events.push_back(lower_copy(m.key.substr(6, end - 6)));
      }
    std::vector<std::string> lines;
    auto add = [&](std::string_view title, const std::vector<std::string>& rows) {
      for (const auto& r : rows) {
        auto line = std::string(title) + ": " + r;
        if (lines.size() >= 3 || std::find(used.begin(), used.end(), line) != used.end()) continue;
        used.push_back(line);
        lines.push_back(std::move(line));
      }
    };
    for (const auto& entry : all) {
      // Named references, not a structured binding: the lambdas below capture them (clang before 16 cannot).
      const auto& d = entry.first;
      const auto& e = entry.second;
      if (e->rule != f.rule) continue;
      const auto v = find_table(out, d->key);
      if (!v) continue;
      if (e->quote != nullptr) {
        add(e->title, e->quote(*v, events, word));
        continue;
      }
      // A segment list's rows: those whose List cell is the list's catalog short name.
      const auto* list = e->list.empty() ? nullptr : find_section_by_key(e->list);
      if (!e->list.empty() && list == nullptr)
        throw std::logic_error(fmt::format("evidence of '{}': no catalog section '{}'", d->key, e->list));
      const std::string list_column = normalize_label(k_segment_list_header);
      auto rows_for = [&](std::string_view event) {
        return rows_moving(
            out, d->key, word, e->measure, e->unit,
            [&](const TableView& tv, const CompareRow& r) {
              return (e->picks == nullptr || e->picks(event, tv, r)) &&
                     (list == nullptr || tv.text(r, list_column) == list->short_name);
            },
            e->rows);
      };
      if (e->per_event) {
        for (const auto& ev : events)
          if (e->backs == nullptr || e->backs(ev)) add(e->title, rows_for(ev));
      } else if (e->backs == nullptr ||
                 std::any_of(events.begin(), events.end(), [&](const std::string& ev) { return e->backs(ev); })) {
        add(e->title, rows_for(""));
      }
    }
    for (auto& l : lines) f.evidence.push_back(std::move(l));
  }
}

}  // namespace awrdiff::detail

namespace awrdiff {

std::string section_comparisons_markdown() {
  std::string out =
      "| Section | Rows matched by | Measures (per side) | Ranked and assessed by | Top-N list | Text rows |\n"
      "|---|---|---|---|---|---:|\n";
  for (const auto& d : detail::section_engine::sections()) {
    if (d.compare != nullptr) continue;  // init.ora: its own line below
    std::string measures;
    for (const auto& m : d.measures)
      if (!m.hidden)
        measures +=
            (measures.empty() ? "" : ", ") + std::string(m.header) + (m.unit.empty() ? "" : " (" + std::string(m.unit) + ")");
    std::string by;
    for (int m : d.change_on) by += (by.empty() ? "" : " or ") + std::string(d.measures[static_cast<std::size_t>(m)].header);
    by += d.family.empty() ? " (each row its own registry row)" : fmt::format(" (`{}`)", d.family);
    std::string key(d.name_header);
    for (const auto& l : d.leading) key += " + " + std::string(l.header);
    out += fmt::format("| {} (`{}`) | {} | {} | {} | {} | {} |\n", d.title, d.key, key, measures, by,
                       d.top_n ? "yes: missing = not shown, change a bound" : "no",
                       d.text_rows == 0 ? std::string("all") : std::to_string(d.text_rows));
  }
  out +=
      "| init.ora Parameters (`init_ora`) | Parameter (+ PDB) | value at the end of each period | added (set), removed (reset), "
      "changed, changed within the target; equal ones counted | no: missing = at its default | 20 |\n";
  out +=
      "| every other table (its catalog key) | its text cells | each numeric column as printed, rates and averages "
      "first | largest relative change of any column (`table.value`); items within 20% in every column counted, not "
      "listed | no | 10 |\n";
  return out;
}

}  // namespace awrdiff

namespace awrdiff::detail {

std::span<const std::string_view> compared_section_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> k;
    for (const auto& d : section_engine::sections()) k.push_back(d.key);
    return k;
  }();
  return keys;
}

void add_section_tables(Comparison& out, const Snapshot* base, const Snapshot& target) {
  using namespace section_engine;
  for (const auto& d : sections())  // in the order of sections(), which is the reports'
    if (auto t = d.compare != nullptr ? d.compare(base, target) : compare_section(d, base, target))
      out.tables.push_back(std::move(*t));
  for (auto& t : compare_generic(base, target)) out.tables.push_back(std::move(t));
}

}  // namespace awrdiff::detail
