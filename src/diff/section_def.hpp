// The engine of the section comparison (sections.hpp), shared by its files: a section's definition
// (SectionDef: how its rows are read from a Snapshot, what they are matched by, the measures shown for each
// side, the registry family that ranks and assesses a row's change, the findings it stands behind) and what
// reads the comparison tables back for evidence. sections.cpp holds the engine (compare_section), init.ora
// and the evidence; section_table.cpp the readers and the table of sections (sections()); generic_tables.cpp
// the tables the parser kept untyped.
#pragma once

#include "diff/facts.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/model.hpp>
#include <awrdiff/number.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace awrdiff::detail::section_engine {

// How a measure of a bound section (section_fields.hpp) is compared from its field: as printed, as a rate
// per second of elapsed (a total over the period), or a time in ms as seconds of it per second (AAS).
enum class How : unsigned char { as_printed, per_second, ms_per_second };

struct Measure {
  std::string_view key = {}, header = {}, unit = {};
  int precision = -1;  // decimals; -1 by magnitude
  bool hidden = false;  // used to rank and assess, not shown
  int priority = column_priority::automatic;  // CompareColumn::priority (automatic: by its unit)
  // A bound section's measure (SectionDef::read_bound): the JSON key of the field it reads in the row
  // struct's binding, and how that field is compared.
  std::string_view field = {};
  How how = How::as_printed;
};

// A measure read from the field `field` of its section's binding, compared `how`.
inline Measure from(Measure m, std::string_view field, How how) {
  m.field = field;
  m.how = how;
  return m;
}

// One row of a section in one report.
struct Row {
  std::string key;  // what rows are matched by (lower case)
  std::string name;  // shown
  std::string group;  // the top-N list the row comes from (segments); a list's floor is per group
  std::vector<std::string> leading;  // text columns after the name
  std::vector<OptDouble> values;  // one per measure, in the measure's unit
  std::string metric;  // registry key assessing the row; empty: the section's family
  // The parts of the key a text report may cut to its column width (segments: owner, object, subobject; lower
  // case): a row of one report matches the one row of the other whose parts each equal, start or end with its own.
  std::vector<std::string> parts;
};

// How a section's rows are read from a snapshot: a reader of its own (read_xxx), or, for a section bound field by
// field (section_fields.hpp), read_bound<&Snapshot::list>, which takes each value from the field its measure names.
struct RowReader {
  using Plain = std::vector<Row> (*)(const Snapshot&);
  using Bound = std::vector<Row> (*)(const Snapshot&, const std::vector<Measure>&);
  RowReader(std::nullptr_t) {}  // NOLINT: a section with a comparer of its own
  RowReader(Plain p) : plain(p) {}  // NOLINT
  RowReader(Bound b) : bound(b) {}  // NOLINT
  std::vector<Row> operator()(const Snapshot& s, const std::vector<Measure>& measures) const {
    return plain != nullptr ? plain(s) : bound(s, measures);
  }
  Plain plain = nullptr;
  Bound bound = nullptr;
};

// ---- reading the comparison tables back (evidence for findings)
// ----------------------------------------------------------------------

struct TableView {
  const CompareTable* t = nullptr;
  std::size_t col(std::string_view key) const {
    for (std::size_t i = 0; i < t->columns.size(); ++i)
      if (t->columns[i].key == key) return i;
    return t->columns.size();
  }
  OptDouble num(const CompareRow& r, std::string_view key) const {
    const auto i = col(key);
    if (i >= r.cells.size()) return std::nullopt;
    if (const auto* d = std::get_if<double>(&r.cells[i])) return *d;
    return std::nullopt;
  }
  // A text cell, or a presence in the words of the evidence ("not shown", "≥ +120%").
  std::string text(const CompareRow& r, std::string_view key) const {
    const auto i = col(key);
    if (i >= r.cells.size()) return {};
    if (const auto* s = std::get_if<std::string>(&r.cells[i])) return *s;
    if (const auto* u = std::get_if<Unknown>(&r.cells[i]))
      return u->why == Unknown::Why::not_in_report ? "not in report" : u->why == Unknown::Why::not_shown ? "not shown" : "?";
    if (const auto* b = std::get_if<Bound>(&r.cells[i]))
      return std::fabs(b->value) < 0.5
                 ? std::string(b->at_least ? "≥ 0%" : "≤ 0%")
                 : fmt::format("{} {}{}%", b->at_least ? "≥" : "≤", b->value < 0 ? "-" : "+", grouped(std::fabs(b->value), 0));
    return {};
  }
};

/// The section table `key` of a comparison (group "sections"), if it has one.
std::optional<TableView> find_table(const Comparison& c, std::string_view key);
/// A value as evidence quotes it ("0.162", "1,234", "-").
std::string figure(const OptDouble& v);
/// "APP.ORDERS 0.162 -> 0.271 /s (+68%)": a row of a section table and the change of `measure`.
std::string evidence_line(const TableView& v, const CompareRow& r, std::string_view measure, std::string_view unit);

// Rows of a section that stand behind a finding: add_section_evidence() quotes them under it ("Segments by
// row lock waits: APP.ORDERS 0.16 -> 0.27 /s (+68%)"). Event names are lower case.
struct EvidenceDef {
  std::string_view rule = {};  // the finding rule it backs
  int order = 0;  // among the evidence of one finding: lower first
  // An event of the finding the section stands behind; null: any finding of the rule.
  bool (*backs)(std::string_view event) = nullptr;
  bool per_event = false;  // rows picked for each such event (a latch per latch wait), else once
  // Which rows, for that event ("" when not per event); null: every row assessed the finding's way.
  bool (*picks)(std::string_view event, const TableView& v, const CompareRow& r) = nullptr;
  // Or the rows of one Segments by ... list: its catalog key (the rows' List column holds its short name).
  std::string_view list = {};
  std::string_view title;  // the line's prefix
  std::string_view measure = {}, unit = {};  // the measure quoted
  std::size_t rows = 1;  // at most (per event when per_event)
  // Instead of picking rows: the lines, from the finding's events and its direction word ("worse").
  std::vector<std::string> (*quote)(const TableView& v, const std::vector<std::string>& events, std::string_view word) = nullptr;
};

// The header of the Segments table's List column (its key: normalize_label of it), whose cells are the lists'
// catalog short names ("row lock waits").
inline constexpr std::string_view k_segment_list_header = "List";

// A text column after the row's name: its header and role (detail, or a label such as a unit, never cut or
// left out).
struct Leading {
  Leading(const char* h) : header(h) {}  // NOLINT: a header alone is a detail column
  Leading(std::string_view h, ColumnRole r, int p = column_priority::automatic) : header(h), role(r), priority(p) {}
  std::string_view header;
  ColumnRole role = ColumnRole::detail;
  int priority = column_priority::automatic;  // CompareColumn::priority
};

struct SectionDef {
  std::string_view key = {}, title = {}, name_header = {};
  std::vector<Leading> leading = {};  // the text columns after the name
  std::vector<Measure> measures = {};
  std::vector<int> change_on = {};  // the measure(s) whose change ranks and assesses a row (several: the largest)
  std::string_view family = {};  // registry family "<kind>.<measure>"; instances "<kind>:<row key>:<measure>"
  bool top_n = false;  // the report lists its top rows only: a row missing there is not shown (unknown)
  bool ranked = true;  // rows by the size of their change; false: report order
  std::size_t text_rows = 10;  // rows the text formats show (0 = all)
  RowReader read = nullptr;
  std::string_view note = {};
  int gate = -1;  // a row is material only when this measure reaches gate_floor on both sides
  double gate_floor = 0;
  // Rows left out (counted in a note) when this measure stays under quiet_floor in both periods and nothing
  // changed materially: latches nobody asked for. -1: every row is listed.
  int quiet = -1;
  double quiet_floor = 0;
  std::vector<EvidenceDef> evidence = {};  // the findings its rows stand behind
  // A comparer of its own, for rows that are text (init.ora): replaces reader, measures and engine.
  std::optional<CompareTable> (*compare)(const Snapshot* base, const Snapshot& target) = nullptr;
};

/// Every compared section, in the reports' order (section_table.cpp).
const std::vector<SectionDef>& sections();
/// init.ora (sections.cpp).
std::optional<CompareTable> compare_parameters(const Snapshot* base, const Snapshot& target);
/// Every other table of the reports, in wide form (generic_tables.cpp).
std::vector<CompareTable> compare_generic(const Snapshot* base, const Snapshot& target);

/// The title a section key shows ("gc_load_profile" -> "Global Cache Load Profile"); the key when unknown.
std::string section_spec_title(std::string_view key);
OptDouble rate(const OptDouble& total, const Snapshot& s);
OptDouble scaled(const OptDouble& v, double f);
OptDouble sum(const OptDouble& a, const OptDouble& b);
inline constexpr double k_mb = 1024.0 * 1024.0;
/// A row named `name` (its key the name in lower case) with these values.
Row row(std::string name, std::vector<OptDouble> values);

}  // namespace awrdiff::detail::section_engine
