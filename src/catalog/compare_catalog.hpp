// awrdiff — the compare catalog: the sections of Oracle's AWR Compare Periods report (awrddrpt.sql) that
// awrdiff reads, each a row naming the instance-report section it stands for and, column by column, which
// period ("1st" / "2nd") a figure belongs to and which catalog column it is. The compare report's reader
// (src/parse/compare_report.cpp) cuts each such table into one table per period and gives those to the
// snapshot builder, so a figure is read by the same reader as in an AWR report. Private to the library.
#pragma once

#include <awrdiff/catalog.hpp>

#include <span>
#include <string_view>

namespace awrdiff {

/// One column of a compare table, in print order.
struct CompareColumn {
  std::string_view header;  ///< the header as printed under its group (normalised match: "1st", "%Diff")
  int period;  ///< 0: both periods (the row's key: statistic, event, wait class); 1 or 2; -1: not read (Diff, %Diff)
  ColumnId column;  ///< the catalog column the cell is in the period's table (unknown when period is -1)
};

/// One compare section: its titles (text title line, HTML heading), the instance-report section its
/// per-period tables are, and its columns. A table is read by a row when its title is one of `titles` and
/// its last headers are `columns` (a text table may carry group headers before them).
struct CompareSectionSpec {
  std::string_view key;  ///< stable id, for diagnostics and docs
  std::span<const std::string_view> titles;
  SectionId section;  ///< the instance-report section each period's table is read as
  std::span<const CompareColumn> columns;
  /// Columns of the period's event (period 1 or 2) whose value "-" or an event printed "-name" means the
  /// row is not in that period's list (Top Timed Events: "events with a '-' did not make the Top list").
  bool dash_marks_absent = false;
  /// The headers alone identify the table (its title may be missing: a 19c text report read without it).
  bool headers_suffice = false;
};

/// Every compare section awrdiff reads, in report order.
std::span<const CompareSectionSpec> all_compare_sections();

/// The compare section a table is: by its title (case and spaces folded, "DB/Inst: ..." suffix removed by
/// the tokenizer) and its headers; nullptr when none.
const CompareSectionSpec* find_compare_section(std::string_view title, std::span<const std::string> headers);

}  // namespace awrdiff
