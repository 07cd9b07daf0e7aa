// Shared by the renderers (defined in render_common.cpp): how a cell reads as text, display width and padding.
#pragma once

#include <awrdiff/render.hpp>

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::render_detail {

/// A cell as the text formats show it: "-" when empty, the words as given, a number by its column's
/// kind and precision ("+12%", "+0.3", "1,234.5"), a presence in words (presence_text).
std::string cell_text(const CompareCell& c, const CompareColumn& col);
/// The words of a presence: Unknown "not shown" ("not shown in base" when it names a side), "not in report", "?";
/// OneSided "new", "gone"; a Bound on a relative change "≥ +120%" / "≤ -40%", on a difference in the column's
/// unit "+0.123 or more" / "-0.123 or more" (its size at least that) or "+0.123 or less" (at most), on a figure
/// in the column's unit "≥ 0.1" / "≤ 268".
std::string presence_text(const Unknown& u);
std::string presence_text(const OneSided& o);
std::string presence_text(const Bound& b, const CompareColumn& col);
/// A change that is no plain number of its column: FromZero "from 0"; Points "+1.2 pts" ("-10.0 pts (% < 1 ms)"
/// when it names its measure); CountedIn "in 7h35uxf5uhmm1's".
std::string presence_text(const FromZero&);
std::string presence_text(const Points& p);
std::string presence_text(const CountedIn& c);
/// How many of a table's rows the text formats show (CompareTable::text_rows; all when 0 or `o.verbose`),
/// and the line that counts the rest ("… 37 more rows: HTML and JSON list every row"); empty when none is left out.
std::size_t text_row_count(const CompareTable& t, const RenderOptions& o);
std::string rows_left_out(const CompareTable& t, const RenderOptions& o);
/// The line under the "Other sections" heading (tables of CompareTable::group "sections") in the text formats.
inline constexpr const char* k_sections_note =
    "The reports' other sections side by side; a long table shows its first rows, the most changed first where it "
    "ranks them (--rows 0: every row).";
/// A parse diagnostic as the text formats list it: "FILE:LINE: [section] warning: message" (LINE 0 when unknown;
/// no "[section] " without a section, no "warning: " for an info). `file_name_only`: the file without its
/// directories (HTML names files, not machine paths).
std::string diagnostic_text(const Diagnostic& d, bool file_name_only = false);
/// A label value of the OpenMetrics exposition format (check's and the fleet's): backslash, double quote and newline
/// escaped; other control characters (a report string is not to be trusted) replaced by a space.
std::string exposition_label_value(std::string_view v);
/// A trouble's reason as a label value (exposition_label_value) of its first 120 bytes at most, cut at a character's
/// start and never inside an escape: check's and the fleet's awrdiff_*_trouble.
std::string exposition_reason(std::string_view reason);
/// Numbers and changes are right-aligned; text columns left.
bool right_aligned(const CompareColumn& c);
/// Display width of UTF-8 text in terminal columns: a code point is one column ("…", "Δ", "≥": one each), an East
/// Asian wide or fullwidth character two, a combining mark none; a byte of invalid UTF-8 one.
std::size_t width(std::string_view s);
/// Bytes of the longest start of `s` at most `w` columns wide (never inside a UTF-8 sequence).
std::size_t prefix_bytes(std::string_view s, std::size_t w);
/// Where the longest end of `s` at most `w` columns wide starts, in bytes.
std::size_t suffix_start(std::string_view s, std::size_t w);
/// `s` padded with spaces to `w` columns (left or right).
std::string pad(const std::string& s, std::size_t w, bool right);

/// Whether a string of the comparison that a renderer prints holds a character printable() replaces (a control
/// character, invalid UTF-8); make_printable() replaces them in every such string (headline, warnings, findings,
/// tables' titles, headers, cells and notes, diagnostics, periods, charts). render() does it for every format but
/// JSON.
bool has_unprintable_text(const Comparison& c);
void make_printable(Comparison& c);

void render_text(const Comparison& c, const RenderOptions& o, std::ostream& out);
void render_markdown(const Comparison& c, const RenderOptions& o, std::ostream& out);
void render_html(const Comparison& c, const RenderOptions& o, std::ostream& out);
void render_json(const Comparison& c, const RenderOptions& o, std::ostream& out);
void render_jira(const Comparison& c, const RenderOptions& o, std::ostream& out);

/// `s` cut to at most `w` columns, the last one "…" when cut (w >= 1).
std::string ellipsize(const std::string& s, std::size_t w);
/// `text` broken at spaces into lines of at most `w` columns: the first line after `first` (a prefix such as
/// " 1. "), the others after `indent` spaces; a word longer than a line is broken at the width (left whole when
/// `break_words` is false). w = 0: one line.
std::vector<std::string> wrap(const std::string& text, std::size_t w, const std::string& first, std::size_t indent,
                              bool break_words = true);
/// Whether a column holds identifiers that are never cut (ColumnRole::identifier: sql_id, plan hash value).
bool identifier_column(const CompareColumn& c);
/// Whether a text column holds names and free text that may be cut with "…" to fit a width (ColumnRole::name and
/// detail; not identifiers, labels such as a status, unit or range, values or assessments).
bool cuttable_column(const CompareColumn& c);
/// Whether Markdown and Jira cut a cell of the column at 80 columns: names, detail text and values (a parameter's
/// value, a period's files), which a table cell holds on one line.
bool cut_in_cells(const CompareColumn& c);
/// The index of a table's first ColumnRole::assessment column ("worse", "better", "changed"; check: "fail",
/// "warn", "ok", "improved"), or npos.
std::size_t assessment_column(const CompareTable& t);
/// How a finding or an assessment cell reads for colour: -1 worse (fail, warn), +1 better (improved), 0 else.
int assessment_sign(std::string_view word);
/// The findings a summary keeps within `max_lines`, and how many evidence lines each keeps.
struct SummaryPlan {
  std::size_t findings = 0;  ///< the first N findings are shown
  std::vector<std::size_t> evidence;  ///< per shown finding, its evidence lines shown
};
/// Plans a summary of `fixed` lines (headline, warnings, headings) plus the findings (each `finding_lines[i]`
/// lines for its title, `evidence` lines each) within `max_lines`, keeping one line for "N more".
SummaryPlan plan_summary(const Comparison& c, std::size_t fixed, const std::vector<std::size_t>& title_lines,
                         const std::vector<std::vector<std::size_t>>& evidence_lines, std::size_t max_lines);
/// The plan of a ticket format (Markdown, Jira), one line per finding title and per evidence line: with `summary`,
/// `fixed` lines plus the findings' heading within `max_lines` (plan_summary); else every finding whole.
SummaryPlan ticket_plan(const Comparison& c, bool summary, std::size_t fixed, std::size_t max_lines);
/// The line a summary ends with when findings or evidence were left out; empty when none was.
std::string summary_more(const Comparison& c, const SummaryPlan& plan);
/// What a summary pasted alone into a ticket needs to be read: the database, the instance, each side's snaps and
/// times ("ORCL19, instance orcl19 (1): Base snaps 4410-4411, 14-Mar-25 14:00:03 .. 14-Mar-25 14:10:03; Target
/// snaps ..."); a baseline side says its reports. Empty without period information.
std::string summary_context(const Comparison& c);

}  // namespace awrdiff::render_detail
