// awrdiff — small text helpers shared by the parser and the JSON writers; they know nothing of reports.
#pragma once

#include <cstddef>
#include <string_view>

namespace awrdiff::detail {

/// The end of the run of ASCII bytes of `text` that starts at `from` (eight bytes tested at a time:
/// reports are almost all ASCII).
std::size_t ascii_run_end(std::string_view text, std::size_t from);

}  // namespace awrdiff::detail
