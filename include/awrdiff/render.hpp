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
void render(const Comparison& comparison, Format format, const RenderOptions& options, std::ostream& out);

/// A number as the reports print it: thousands separators, `precision` decimals.
std::string format_number(double value, int precision);

}  // namespace awrdiff
