// awrdiff — reading one numeric cell as AWR and Statspack print it.
#pragma once

#include <awrdiff/catalog.hpp>

#include <optional>
#include <string_view>

namespace awrdiff {

/// Outcome of reading a cell.
enum class CellStatus {
  ok,  ///< a number
  blank,  ///< empty, spaces or &#160; — the report gives no value
  not_applicable,  ///< "N/A" — undefined (e.g. per-exec with no execution)
  overflow,  ///< "####" — the value did not fit the column
  invalid,  ///< not a number
};

struct CellValue {
  std::optional<double> value;  ///< in the column's canonical unit (see Unit)
  CellStatus status = CellStatus::blank;
};

/// Reads a numeric cell and converts it to `unit`:
///  - thousands separators `1,234.5`, a decimal comma `62,3` (comma followed by 1–2 digits at the end),
///    leading dot `.99`, trailing dot `633.`, exponent `1.E+03`, sign;
///  - time suffixes `us`, `ms`, `s`, `sec`, `m`/`min`/`mins`, `(mins)`, `h`, converted to seconds or ms
///    when `unit` is seconds or millis (a bare number is taken to be in `unit` already);
///  - K/M/G/T/P multipliers, 1024-based for data sizes (bytes, megabytes, gigabytes), 1000-based otherwise;
///  - a trailing `%`.
/// Never throws.
CellValue parse_cell(std::string_view text, Unit unit);

}  // namespace awrdiff
