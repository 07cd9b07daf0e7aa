// awrdiff — output formats. Renderers walk a Comparison generically: they know columns and cells,
// not sections, so a table the diff engine adds shows up in every format.
#pragma once

#include <awrdiff/diff.hpp>

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace awrdiff {

/// jira: Jira Server / Data Center wiki markup (`||header||` rows, `h2.`); Jira Cloud takes Markdown.
enum class Format { text, markdown, html, json, jira };

/// "text" ("txt"), "markdown" ("md"), "html", "json", "jira", in any case; empty when unknown.
std::optional<Format> parse_format(std::string_view name);
/// The format names parse_format takes, for messages: "text, markdown, html, json, jira".
const char* format_names();

struct RenderOptions {
  bool verbose = false;  ///< include parse diagnostics
  /// The verdict, the comparability warnings and the findings only: at most 40 lines in text, Markdown and
  /// Jira (findings' evidence, then findings, left out past that, with a line saying how many); JSON and
  /// HTML without the tables.
  bool summary = false;
  /// Text: the columns the output fits in (the command line's default is 120). Wide text cells (SQL text,
  /// names) are cut with "…" (sql_ids and numbers never), headers go onto two or three lines, the headline,
  /// warnings and findings wrap with an indent. 0: no limit. Markdown and Jira cut text cells at 80
  /// characters unless 0.
  std::size_t width = 0;
  /// Text: ANSI colours by assessment (a row's changes red when it says worse, green when better; findings
  /// by direction). The CLI sets it for a terminal (--color).
  bool color = false;
  /// Text, Markdown, Jira: rows shown of a long table (one whose CompareTable::text_rows is set): -1 = the
  /// table's own count, 0 = every row, N = the top N. HTML and JSON always carry every row.
  int rows = -1;
};

/// Writes the comparison in `format` to `out`. Never throws for content.
/// JSON: {base, target, verdict, headline, db_time_per_s, contributors[], warnings[], findings[], tables[],
/// periods[], charts[], diagnostics[] (verbose)}; a table row is an object keyed by column
/// key; columns[] gives each column's key, header, unit and role (ColumnRole). A column with a unit holds
/// numbers or null; where the text formats show words instead of a number ("not shown", "new", a bound
/// such as "≥ +120%"), the row has null under the key, the words under "<key>_text" and, for a presence
/// (Unknown, OneSided, Bound), its type under "<key>_presence" (docs/json.md); a text column's presence
/// keeps its words under the key. periods[] is Comparison::period_info; charts[] holds each Chart with its
/// series (values, and points for a strip, low / centre / high for a band).
/// HTML: one self-contained page (inline CSS and SVG, no external asset; docs/html.md).
void render(const Comparison& comparison, Format format, const RenderOptions& options, std::ostream& out);

/// A number as the reports print it: thousands separators, `precision` decimals.
std::string format_number(double value, int precision);

}  // namespace awrdiff
