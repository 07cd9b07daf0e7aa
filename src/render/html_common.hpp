// Shared by the HTML page (html.cpp) and its charts (html_charts.cpp): escaping, numbers as the page shows
// them, the colours of an assessment, and the charts drawn as inline SVG.
#pragma once

#include <awrdiff/diff.hpp>

#include <cstddef>
#include <ostream>
#include <map>
#include <string>
#include <string_view>

namespace awrdiff::render_detail::html {

/// Text for an HTML text node or a quoted attribute value (also inside inline SVG).
std::string esc(std::string_view s);
/// At most `n` code points, with an ellipsis when cut.
std::string cut(std::string_view s, std::size_t n);
/// A number with about three significant digits, thousands grouped; "-" for an empty value.
std::string num(double v);
std::string num(const OptDouble& v);
/// num() with a "+" before a positive number that does not show as 0.
std::string signed_num(double v);
/// A number shown with its unit: "12%", "3/s", "4.5 ms".
std::string with_unit(const std::string& n, const std::string& unit);
/// The colour class of an assessment or a check status; empty for anything else.
std::string tone(std::string_view word);
/// The colour (#rrggbb) of an assessment or a check status; grey for anything else.
const char* tone_colour(std::string_view word);

/// A chart of the comparison as inline SVG, drawn by its kind (docs/html.md), its notes under it.
void chart(const Chart& c, std::ostream& out);
/// The top of the bar scale of each unit, shared by the charts drawn with it (the findings' evidence: 0.056 AAS is
/// drawn small beside 44.9 AAS). A unit not in it (and a series without a unit) is scaled on its own.
using UnitScales = std::map<std::string, double, std::less<>>;
/// Per series: its name above, then one bar per category, on the scale of its unit in `scales`, else on its own;
/// `W` the width in pixels.
void paired_chart(const Chart& c, std::ostream& out, int W = 520, const UnitScales* scales = nullptr);

}  // namespace awrdiff::render_detail::html
