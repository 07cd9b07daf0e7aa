// How the columns of a generic table read: which hold measures (a unit from the catalog, or cells that read as
// numbers), which name the row, which sum the period (a total), which are rates per second or averages, and which
// are a histogram's buckets. One reading for the comparison of generic tables (compare_generic,
// src/diff/sections.cpp) and the merge of a set's generic tables (merge_snapshots, src/merge).
#include "merge/generic_columns.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>

#include "support/text.hpp"  // lower

#include <algorithm>
#include <cctype>
#include <string>

namespace awrdiff::detail {

Unit unit_named(std::string_view name) {
  for (Unit u : {Unit::count, Unit::seconds, Unit::millis, Unit::percent, Unit::bytes, Unit::megabytes, Unit::gigabytes})
    if (name == to_string(u)) return u;
  return Unit::none;
}

// A table whose rows are sessions, moments or prose (SectionRows::moments): no row of one period is a row
// of another.
bool comparable_generic(std::string_view section) {
  const auto* spec = find_section_by_key(section);
  return spec == nullptr || spec->rows != SectionRows::moments;
}

// A header that names a row rather than measuring it ("Snap Id", "File#", "Inst Num", "Plan Hash Value"), though
// its cells are numbers.
bool id_header(std::string_view header) {
  const std::string h = lower(header);
  if (h.empty() || h.ends_with('#') || h.ends_with(" id") || h == "id" || h.ends_with(" no") || h.ends_with(" num") ||
      h.ends_with(" number") || h.starts_with("inst") || h.find("snap") != std::string::npos ||
      h.find("hash") != std::string::npos)
    return true;
  return false;
}

// A table whose rows are moments of the period (Undo Segment Stats: one row per ten minutes, its first column
// the end time): no row of one period is a row of another.
bool moments_table(const GenericTable& g) {
  if (g.headers.empty()) return false;
  const std::string h = lower(g.headers[0]);
  return h == "end time" || h == "begin time" || h == "time" || h == "sample time";
}

// A cell of a generic table as a number. Besides what parse_cell reads, a histogram bucket such as "0.0(3)" or
// "<0.01(88)" (Wait Event Histogram (Global), Exadata Single Block Reads: a share of waits too small to print,
// the count of those waits in parentheses) is read as its percentage (0.0, 0.01); `counted` is set when a cell
// was so read (the count is not used).
CellValue generic_number(std::string_view text, Unit unit, bool* counted) {
  text = trim(text);
  if (text.size() > 3 && text.back() == ')') {
    const auto open = text.rfind('(');
    const auto inner = open == std::string_view::npos ? std::string_view() : text.substr(open + 1, text.size() - open - 2);
    if (open > 0 && !inner.empty() && inner.find_first_not_of("0123456789,") == std::string_view::npos) {
      auto figure = trim(text.substr(0, open));
      if (figure.starts_with('<')) figure.remove_prefix(1);
      auto v = parse_cell(figure, unit);
      if (v.status == CellStatus::ok) {
        if (counted != nullptr) *counted = true;
        return v;
      }
    }
  }
  return parse_cell(text, unit);
}

// A histogram bucket's header, a latency bound ("<1us", "<8ms", ">=1s", "<1/8s", "1s to 2s"): its cells are the
// share of the row's waits in that bucket, in percent (Wait Event Histogram (Global), Small Read Histogram).
bool bucket_header(std::string_view header) {
  std::string_view h = trim(header);
  if (h.empty() || (h.front() != '<' && h.front() != '>')) return false;
  while (!h.empty() && (h.front() == '<' || h.front() == '>' || h.front() == '=' || h.front() == ' ')) h.remove_prefix(1);
  std::size_t digits = 0;
  while (digits < h.size() && (std::isdigit(static_cast<unsigned char>(h[digits])) != 0 || h[digits] == '.' || h[digits] == '/'))
    ++digits;
  const auto unit = trim(h.substr(digits));
  return digits > 0 && (unit == "us" || unit == "ms" || unit == "s" || unit == "m" || unit == "min" || unit == "h");
}

// The decimals a cell is printed with ("549.38": 2; "0.0(3)": 1; "1,234": 0); -1 when it has a multiplier or a
// unit ("12.3K", "388.45us") or is no number.
int cell_decimals(std::string_view text) {
  text = trim(text);
  if (const auto open = text.find('('); open != std::string_view::npos) text = trim(text.substr(0, open));
  while (!text.empty() && (text.front() == '<' || text.front() == '>' || text.front() == '=')) text.remove_prefix(1);
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  if (text.empty() || text.find_first_not_of("0123456789.,-+") != std::string_view::npos) return -1;
  const auto dot = text.find('.');
  return dot == std::string_view::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

// Which columns hold measures: a unit from the catalog, or a header whose cells are numbers though the catalog
// gives no unit (the per-instance Min and Max of a RAC global report, "Logical Reads/s", a histogram's buckets):
// 90% or more of its non-empty cells read as numbers, or as times ("388.45us": the column is then in ms). The
// first column and identifiers ("Inst", "Obj#", "Plan Hash Value") name the row, with the other columns.
std::vector<GenericColumn> measure_columns(const GenericTable& g) {
  std::vector<GenericColumn> out(g.units.size());
  // The decimals the report prints a measure with, so that the comparison shows the report's figures.
  auto decimals = [&](std::size_t i) {
    int most = 0;
    for (const auto& r : g.rows) {
      if (i >= r.size() || r[i].empty() || generic_number(r[i], out[i].unit).status != CellStatus::ok) continue;
      const int d = cell_decimals(r[i]);
      if (d < 0) return -1;
      most = std::max(most, std::min(d, 3));
    }
    return most;
  };
  for (std::size_t i = 0; i < g.units.size(); ++i) {
    if (i < g.headers.size() && id_header(g.headers[i])) continue;  // "Object ID", "Obj#": names the row
    if (g.units[i] != "none") {
      const bool counted = g.units[i] == "count";
      out[i] = {true, counted ? Unit::count : unit_named(g.units[i]), counted ? "" : g.units[i]};
      out[i].decimals = decimals(i);
      continue;
    }
    if (i == 0 || i >= g.headers.size()) continue;
    std::size_t cells = 0, numbers = 0, times = 0;
    for (const auto& r : g.rows) {
      if (i >= r.size() || r[i].empty()) continue;
      ++cells;
      if (generic_number(r[i], Unit::count).status == CellStatus::ok) ++numbers;
      else if (generic_number(r[i], Unit::millis).status == CellStatus::ok) ++numbers, ++times;
    }
    if (numbers == 0 || numbers * 10 < cells * 9) continue;
    out[i] = times > 0                     ? GenericColumn{true, Unit::millis, "ms"}
             : bucket_header(g.headers[i]) ? GenericColumn{true, Unit::count, "%", true}
                                           : GenericColumn{true, Unit::count, ""};
    out[i].decimals = decimals(i);
  }
  return out;
}

// A header whose column is a rate or an average, which a DBA compares before totals: "per Second", "/s",
// "per Trans", "Avg".
bool rate_header(std::string_view header) {
  const std::string h = lower(header);
  for (std::string_view w : {"per sec", "/s", "per trans", "per tx", "/tx", "per exec", "/exec", "avg", "average"})
    if (h.find(w) != std::string::npos) return true;
  return false;
}

// A column that sums the period ("Total", "Waits", "DB Time (s)", "Buffer Gets", "Physical Reads (K)"): two
// periods of different lengths are compared by its rate per second. Not a total: a percentage or a histogram
// bucket (GenericMeasure says so), and a header that names a rate, an average, a ratio, a size, a state at one
// moment (Begin, End, Current, Max), an estimate or a count of things rather than of events.
bool total_header(std::string_view header) {
  const std::string h = lower(trim(header));
  if (h == "total" || h.starts_with("total ") || h == "waits") return true;
  if (h.empty() || rate_header(h)) return false;
  for (std::string_view w : {"%", "#", "/", "<", ">", "(m)", "(g)", "(ms)", "(us)"})
    if (h.find(w) != std::string::npos) return false;
  // Words, by their start ("est" is also "Estd" and "Estimated"; "end" is not "Sends").
  constexpr std::string_view k_state[] = {"num",      "pct",   "per",     "av",     "rate",   "ratio",    "factor",      "size",
                                          "mb",       "gb",    "bytes",   "begin",  "end",    "current",  "max",         "min",
                                          "std",      "limit", "initial", "target", "alloc",  "used",     "free",        "hwm",
                                          "latency",  "est",   "hit",     "cells",  "disks",  "sessions", "connections", "count",
                                          "cnt",      "value", "pool",    "cache",  "memory", "sz",       "targt",       "mttr",
                                          "redoblks", "bound", "optimal", "usage",  "buffers"};
  for (std::size_t i = 0; i < h.size();) {
    while (i < h.size() && !std::isalnum(static_cast<unsigned char>(h[i]))) ++i;
    std::size_t j = i;
    while (j < h.size() && std::isalnum(static_cast<unsigned char>(h[j]))) ++j;
    const std::string_view word = std::string_view(h).substr(i, j - i);
    for (auto w : k_state)
      if (!word.empty() && word.starts_with(w)) return false;
    i = j;
  }
  return true;
}

std::vector<GenericColumnMerge> generic_column_merges(const GenericTable& g) {
  if (!comparable_generic(g.section) || moments_table(g)) return {};
  const auto columns = measure_columns(g);
  std::vector<GenericColumnMerge> out(g.units.size());
  for (std::size_t i = 0; i < columns.size() && i < g.headers.size(); ++i) {
    if (!columns[i].measure) continue;
    const std::string h = lower(g.headers[i]);
    const bool per_second = h.find("per sec") != std::string::npos || h.ends_with("/s") || h.find("/s ") != std::string::npos ||
                            h.find("/sec") != std::string::npos;
    const bool total = !columns[i].bucket && columns[i].unit_name != "%" && total_header(g.headers[i]);
    out[i] = {columns[i].bucket || columns[i].unit_name == "%" ? GenericMerge::other
              : per_second                                     ? GenericMerge::per_second
              : total                                          ? GenericMerge::total
                                                               : GenericMerge::other,
              columns[i].unit};
  }
  return out;
}

}  // namespace awrdiff::detail
