#include "render_common.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace awrdiff::render_detail {

void render_text(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  out << c.headline << "\n";
  if (!c.warnings.empty()) {
    out << "\nWarnings:\n";
    for (const auto& w : c.warnings) out << "  ! " << w << "\n";
  }
  if (!c.findings.empty()) {
    out << "\nFindings\n========\n";
    for (std::size_t i = 0; i < c.findings.size(); ++i) {
      const auto& f = c.findings[i];
      out << fmt::format("{:>2}. [{}] {}\n", i + 1, to_string(f.direction), f.title);
      for (const auto& e : f.evidence) out << "      " << e << "\n";
    }
  }
  for (const auto& t : c.tables) {
    out << "\n" << t.title << "\n" << std::string(width(t.title), '=') << "\n";
    std::vector<std::size_t> w(t.columns.size());
    for (std::size_t i = 0; i < t.columns.size(); ++i) w[i] = width(t.columns[i].header);
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : t.rows) {
      std::vector<std::string> cells;
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        cells.push_back(i < r.cells.size() ? cell_text(r.cells[i], t.columns[i]) : "");
        w[i] = std::max(w[i], width(cells.back()));
      }
      rows.push_back(std::move(cells));
    }
    auto line = [&](const std::vector<std::string>& cells) {
      std::string l;
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) l += "  ";
        l += pad(cells[i], w[i], right_aligned(t.columns[i]));
      }
      while (!l.empty() && l.back() == ' ') l.pop_back();
      out << l << "\n";
    };
    std::vector<std::string> headers;
    for (const auto& col : t.columns) headers.push_back(col.header);
    line(headers);
    std::vector<std::string> rule;
    for (auto x : w) rule.push_back(std::string(x, '-'));
    line(rule);
    for (const auto& r : rows) line(r);
    if (t.rows.empty()) out << "(none in the reports)\n";
    for (const auto& n : t.notes) out << "  " << n << "\n";
  }
  if (o.verbose && !c.diagnostics.empty()) {
    out << "\nDiagnostics\n===========\n";
    for (const auto& d : c.diagnostics) out << d << "\n";
  }
}

namespace {

std::string md_escape(const std::string& s) {
  std::string r;
  for (char ch : s) {
    if (ch == '|' || ch == '*' || ch == '_' || ch == '`' || ch == '<' || (ch == '>' && r.empty())) r.push_back('\\');
    r.push_back(ch);
  }
  return r;
}

}  // namespace

void render_markdown(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  out << "# awrdiff\n\n**" << md_escape(c.headline) << "**\n";
  if (!c.warnings.empty()) {
    out << "\n";
    for (const auto& w : c.warnings) out << "- ⚠ " << md_escape(w) << "\n";
  }
  if (!c.findings.empty()) {
    out << "\n## Findings\n\n";
    for (std::size_t i = 0; i < c.findings.size(); ++i) {
      const auto& f = c.findings[i];
      out << i + 1 << ". **" << to_string(f.direction) << "** " << md_escape(f.title) << "\n";
      for (const auto& e : f.evidence) out << "   - " << md_escape(e) << "\n";
    }
  }
  for (const auto& t : c.tables) {
    out << "\n## " << md_escape(t.title) << "\n\n|";
    for (const auto& col : t.columns) out << " " << md_escape(col.header) << " |";
    out << "\n|";
    for (const auto& col : t.columns) out << (right_aligned(col) ? "---:|" : "---|");
    out << "\n";
    for (const auto& r : t.rows) {
      out << "|";
      for (std::size_t i = 0; i < t.columns.size(); ++i)
        out << " " << md_escape(i < r.cells.size() ? cell_text(r.cells[i], t.columns[i]) : "") << " |";
      out << "\n";
    }
    if (!t.notes.empty()) {
      out << "\n";
      for (const auto& n : t.notes) out << "> " << md_escape(n) << "\n";
    }
  }
  if (o.verbose && !c.diagnostics.empty()) {
    out << "\n## Diagnostics\n\n";
    for (const auto& d : c.diagnostics) out << "- " << md_escape(d) << "\n";
  }
}

}  // namespace awrdiff::render_detail
