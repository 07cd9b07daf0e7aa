// awrdiff — output formats. Renderers walk a Comparison generically: they know columns and cells,
// not sections, so a table the diff engine adds shows up in every format.
#pragma once

#include <awrdiff/diff.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace awrdiff {

enum class Format { text, markdown, html, json };

/// "text", "markdown" (or "md"), "html", "json"; empty when unknown.
std::optional<Format> parse_format(std::string_view name);

struct RenderOptions {
  bool verbose = false;  ///< include parse diagnostics
};

/// Writes the comparison in `format` to `out`. Never throws for content.
/// JSON: {base, target, verdict, headline, db_time_per_s, contributors[], warnings[], findings[], tables[],
/// periods[], charts[], diagnostics[] (verbose)}; a table row is an object keyed by column
/// key. A column with a unit holds numbers or null; where the text formats show words instead of a
/// number ("not shown", "new", a bound such as "≥ +120%"), the row has null under the key and the
/// words under "<key>_text". periods[] is Comparison::period_info; charts[] holds each Chart with its
/// series (values, and points for a strip, low / centre / high for a band).
/// HTML: one self-contained page (inline CSS and SVG, no external asset; docs/html.md).
void render(const Comparison& comparison, Format format, const RenderOptions& options, std::ostream& out);

/// A number as the reports print it: thousands separators, `precision` decimals.
std::string format_number(double value, int precision);

}  // namespace awrdiff
