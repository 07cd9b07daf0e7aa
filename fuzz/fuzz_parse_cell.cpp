// Fuzz target: parse_cell and trim. The first byte picks the unit; the rest is the cell text.
#include <awrdiff/number.hpp>

#include "support/text.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  constexpr int k_units = static_cast<int>(awrdiff::Unit::gigabytes) + 1;
  const auto unit = static_cast<awrdiff::Unit>(data[0] % k_units);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto cell = awrdiff::parse_cell(text, unit);
  // A value is present exactly when the status is ok, and it is a finite number.
  if (cell.value.has_value() != (cell.status == awrdiff::CellStatus::ok)) __builtin_trap();
  if (cell.value && !std::isfinite(*cell.value)) __builtin_trap();
  const auto t = awrdiff::trim(text);
  if (t.size() > text.size()) __builtin_trap();
  return 0;
}
