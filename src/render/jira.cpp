// Jira Server / Data Center wiki markup (Jira Cloud's editor takes the Markdown format instead).
#include "render_common.hpp"

#include <fmt/format.h>

namespace awrdiff::render_detail {

namespace {

constexpr std::size_t k_summary_lines = 40;

// Wiki markup gives meaning to * _ - + ^ ~ ?? (text effects), { } (macros), [ ] (links), | (tables),
// ! (images), # (numbered lists) and \ (escapes, \\ a line break): each is escaped with a backslash, a
// backslash itself written as its character reference. Line breaks become spaces.
std::string jira_escape(const std::string& s) {
  std::string r;
  r.reserve(s.size() + 8);
  for (char ch : s) {
    switch (ch) {
      case '\n':
      case '\r':
      case '\t':
        r.push_back(' ');
        continue;
      case '\\':
        r += "&#92;";
        continue;
      case '*':
      case '_':
      case '-':
      case '+':
      case '^':
      case '~':
      case '?':
      case '{':
      case '}':
      case '[':
      case ']':
      case '|':
      case '!':
      case '#':
        r.push_back('\\');
        break;
      default:
        break;
    }
    r.push_back(ch);
  }
  return r;
}

// Colours of Jira's own palette: red for worse, green for better, amber for a check's warn.
std::string jira_colour(const std::string& escaped, std::string_view word) {
  const char* colour = word == "warn"              ? "#ff8b00"
                       : assessment_sign(word) < 0 ? "#de350b"
                       : assessment_sign(word) > 0 ? "#00875a"
                                                   : nullptr;
  if (colour == nullptr || escaped.empty()) return escaped;
  return fmt::format("{{color:{}}}{}{{color}}", colour, escaped);
}

}  // namespace

void render_jira(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  std::size_t fixed = 1;
  if (!o.summary) out << "h2. awrdiff\n\n";
  const int verdict = c.verdict == Verdict::regressed ? -1 : c.verdict == Verdict::improved ? 1 : 0;
  out << "*" << jira_colour(jira_escape(c.headline), verdict < 0 ? "worse" : verdict > 0 ? "better" : "") << "*\n";
  if (o.summary)
    if (const auto context = summary_context(c); !context.empty()) {
      out << "\n" << jira_escape(context) << "\n";
      fixed += 2;
    }
  if (!c.warnings.empty()) {
    out << "\n";
    for (const auto& w : c.warnings) out << "* (!) " << jira_escape(w) << "\n";
    fixed += 1 + c.warnings.size();
  }
  const SummaryPlan plan = ticket_plan(c, o.summary, fixed, k_summary_lines);
  if (!c.findings.empty()) {
    out << (o.summary ? "\n*Findings*\n" : "\nh3. Findings\n\n");
    for (std::size_t i = 0; i < plan.findings; ++i) {
      const auto& f = c.findings[i];
      const std::string dir = to_string(f.direction);
      out << "# " << jira_colour("*" + dir + "*", dir) << " " << jira_escape(f.title) << "\n";
      for (std::size_t e = 0; e < plan.evidence[i]; ++e) out << "#* " << jira_escape(f.evidence[e]) << "\n";
    }
  }
  if (o.summary) {
    if (const auto more = summary_more(c, plan); !more.empty()) out << "\n_" << jira_escape(more) << "_\n";
    return;
  }
  bool group_shown = false;
  for (const auto& t : c.tables) {
    if (t.group == TableGroup::sections && !group_shown) {  // the other report sections under their own heading
      group_shown = true;
      out << "\nh2. Other sections\n\n_" << jira_escape(k_sections_note) << "_\n";
    }
    out << "\nh3. " << jira_escape(t.title) << "\n\n||";
    for (const auto& col : t.columns) out << (col.header.empty() ? " " : jira_escape(col.header)) << "||";
    out << "\n";
    const std::size_t a = assessment_column(t);
    for (std::size_t ri = 0; ri < text_row_count(t, o); ++ri) {
      const auto& r = t.rows[ri];
      const std::string word = a < r.cells.size() ? cell_text(r.cells[a], t.columns[a]) : "";
      out << "|";
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const auto& col = t.columns[i];
        std::string s = i < r.cells.size() ? cell_text(r.cells[i], col) : "";
        if (o.width > 0 && cut_in_cells(col) && width(s) > 80) s = ellipsize(s, 80);
        s = jira_escape(s);
        if (i == a || role_of(col) == ColumnRole::change) s = jira_colour(s, word);
        out << (s.empty() ? " " : s) << "|";  // an empty cell would merge with the next
      }
      out << "\n";
    }
    if (t.rows.empty()) out << "_(" << jira_escape(t.empty_text.empty() ? "none in the reports" : t.empty_text) << ")_\n";
    if (const auto more = rows_left_out(t, o); !more.empty()) out << "_" << jira_escape(more) << "_\n";
    for (const auto& n : t.notes) out << "\n_" << jira_escape(n) << "_\n";
  }
  if (o.verbose && !c.diagnostics.empty()) {
    // Diagnostics quote report text as it was: kept verbatim in a noformat block.
    out << "\nh3. Diagnostics\n\n{noformat}\n";
    for (const auto& diagnostic : c.diagnostics) {
      const std::string d = diagnostic_text(diagnostic);
      std::string line;  // a "{noformat}" in the text would end the block
      for (std::size_t i = 0; i < d.size(); ++i) {
        line.push_back(d[i]);
        if (d[i] == '{' && d.compare(i + 1, 9, "noformat}") == 0) line.push_back(' ');
      }
      out << line << "\n";
    }
    out << "{noformat}\n";
  }
}

}  // namespace awrdiff::render_detail
