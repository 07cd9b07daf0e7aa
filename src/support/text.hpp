// awrdiff — small text helpers, one definition each for every layer; they know nothing of reports.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace awrdiff {

/// Normalises a title or header for matching: lower-case (ASCII), white space and no-break space bytes
/// removed, trailing ':' dropped. The catalog's key of every title, header and label; the model finds time
/// model rows and parameters with it.
std::string normalize_label(std::string_view text);

/// Trims ASCII white space and UTF-8 no-break spaces from both ends (every cell is read trimmed).
std::string_view trim(std::string_view text);

namespace detail {

/// ASCII lower case (event, statistic and metric names).
std::string lower(std::string_view text);

/// Seconds with sign and a readable unit: "+7.1 min", "-3.0 s", "+2.5 h".
std::string human_seconds(double seconds);

/// The end of the run of ASCII bytes of `text` that starts at `from` (eight bytes tested at a time:
/// reports are almost all ASCII).
std::size_t ascii_run_end(std::string_view text, std::size_t from);

/// `value` with `decimals` decimals and thousands separators ("1,234.5", "-12"), as the reports print.
std::string grouped(double value, int decimals);

/// `value` grouped with the decimals its size calls for, about three significant digits: none from 100 (and for 0),
/// 1 from 10, 2 from 1, 3 from 0.1, else 4 ("1,234", "14.3", "2.51", "0.221", "0.0412").
std::string grouped_figure(double value);

/// How a warning names a report: its file name without directories ("bad.html"; each file of a merged
/// set's "a.html, b.html"), "standard input" for "-". `other`: the source of the report it is compared
/// with; when both have the same file name in different directories, the paths as given.
std::string report_label(const std::string& source, const std::string& other = {});

}  // namespace detail
}  // namespace awrdiff
