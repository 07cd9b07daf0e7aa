// How the columns of a generic table (a report table the parser keeps as printed: GenericTable) read, for
// the comparison of generic tables (compare_generic, src/diff/sections.cpp) and the merge of a set's generic
// tables (merge_snapshots, src/merge/merge_sections.cpp): one reading for both, below both.
#pragma once

#include <awrdiff/catalog.hpp>
#include <awrdiff/model.hpp>
#include <awrdiff/number.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// A Unit by its catalog name ("s", "ms", "%", "bytes"...); Unit::none for any other.
Unit unit_named(std::string_view name);

/// False for a table whose rows are sessions, moments or prose (SectionRows::moments): no row of one period
/// is a row of another.
bool comparable_generic(std::string_view section);

/// A header that names a row rather than measuring it ("Snap Id", "File#", "Inst Num", "Plan Hash Value"),
/// though its cells are numbers.
bool id_header(std::string_view header);

/// A table whose rows are moments of the period (Undo Segment Stats: its first column the end time).
bool moments_table(const GenericTable& g);

/// A cell as a number: what parse_cell reads, and a histogram bucket "0.0(3)" or "<0.01(88)" read as its
/// percentage (0.0, 0.01), `counted` then set (the count in parentheses is not used).
CellValue generic_number(std::string_view text, Unit unit, bool* counted = nullptr);

/// A histogram bucket's header, a latency bound ("<1us", "<8ms", ">=1s", "1s to 2s"): its cells are the share
/// of the row's waits in that bucket, in percent.
bool bucket_header(std::string_view header);

// How a column of a generic table is read: a measure or part of the row's name; a measure's unit.
struct GenericColumn {
  bool measure = false;
  Unit unit = Unit::count;  // how its cells are read (Unit::millis: times such as "388.45us", in ms)
  std::string unit_name;  // shown ("" for counts and numbers without a unit)
  bool bucket = false;  // a histogram bucket: percent of the row's waits (bucket_header)
  int decimals = -1;  // as the report prints the column: the most decimals of a cell; -1 (by magnitude) for "12.3K"
};

/// The decimals a cell is printed with ("549.38": 2; "0.0(3)": 1; "1,234": 0); -1 with a multiplier or a unit
/// ("12.3K", "388.45us") or no number.
int cell_decimals(std::string_view text);

/// One entry per column of `g`: whether it holds a measure (a unit from the catalog, or 90% or more of its
/// cells read as numbers), its unit, whether a histogram bucket, the decimals the report prints it with.
std::vector<GenericColumn> measure_columns(const GenericTable& g);

/// A header whose column is a rate or an average ("per Second", "/s", "per Trans", "Avg").
bool rate_header(std::string_view header);

/// A column that sums the period ("Total", "Waits", "DB Time (s)", "Buffer Gets"): not a rate, an average, a
/// ratio, a size, a level at one moment, an estimate or a count of things.
bool total_header(std::string_view header);

/// How a set of reports may merge one column of a generic table (merge_snapshots), by the way compare_generic
/// reads it: part of the row's name; a total over the period (summed); a rate per second (weighted by elapsed);
/// or another measure (an average, a percentage, a histogram bucket, a level), which the table does not give
/// the parts of.
enum class GenericMerge { name, total, per_second, other };
struct GenericColumnMerge {
  GenericMerge merge = GenericMerge::name;
  Unit unit = Unit::none;  ///< how its cells read (parse_cell); a merged cell is a bare number in this unit
};
/// One entry per column of `g`; empty when the table is not compared between periods (its rows are sessions
/// or moments of the period).
std::vector<GenericColumnMerge> generic_column_merges(const GenericTable& g);

}  // namespace awrdiff::detail
