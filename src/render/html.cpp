#include "render_common.hpp"

#include <string>

namespace awrdiff::render_detail {

namespace {

std::string html_escape(const std::string& s) {
  std::string r;
  for (char ch : s) {
    switch (ch) {
      case '&': r += "&amp;"; break;
      case '<': r += "&lt;"; break;
      case '>': r += "&gt;"; break;
      case '"': r += "&quot;"; break;
      default: r.push_back(ch);
    }
  }
  return r;
}

}  // namespace

void render_html(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>awrdiff</title>\n<style>\n"
         "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.3em}h2{font-size:1.1em;"
         "margin-top:1.6em}table{border-collapse:collapse}th,td{padding:2px 8px;border-bottom:1px solid #ddd}"
         "th{background:#f0f3f7;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}"
         ".warn{color:#a40}.note{color:#666;font-size:.9em}.up{color:#b00}.down{color:#070}.worse{color:#b00;font-weight:600}.better{color:#070;font-weight:600}.changed{color:#555}\n</style></head><body>\n";
  out << "<h1>" << html_escape(c.headline) << "</h1>\n";
  if (!c.warnings.empty()) {
    out << "<ul>";
    for (const auto& w : c.warnings) out << "<li class=\"warn\">" << html_escape(w) << "</li>";
    out << "</ul>\n";
  }
  if (!c.findings.empty()) {
    out << "<h2>Findings</h2>\n<ol>";
    for (const auto& f : c.findings) {
      out << "<li><span class=\"" << to_string(f.direction) << "\">[" << to_string(f.direction) << "]</span> "
          << html_escape(f.title);
      if (!f.evidence.empty()) {
        out << "<ul>";
        for (const auto& e : f.evidence) out << "<li class=\"note\">" << html_escape(e) << "</li>";
        out << "</ul>";
      }
      out << "</li>\n";
    }
    out << "</ol>\n";
  }
  for (const auto& t : c.tables) {
    out << "<h2>" << html_escape(t.title) << "</h2>\n<table><tr>";
    for (const auto& col : t.columns) out << "<th>" << html_escape(col.header) << "</th>";
    out << "</tr>\n";
    for (const auto& r : t.rows) {
      out << "<tr>";
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const auto& col = t.columns[i];
        std::string cls = right_aligned(col) ? "n" : "";
        if (col.kind == ColumnKind::change_pct && i < r.cells.size())
          if (const auto* v = std::get_if<double>(&r.cells[i])) cls += *v > 0 ? " up" : *v < 0 ? " down" : "";
        out << "<td" << (cls.empty() ? "" : " class=\"" + cls + "\"") << ">"
            << html_escape(i < r.cells.size() ? cell_text(r.cells[i], col) : "") << "</td>";
      }
      out << "</tr>\n";
    }
    out << "</table>\n";
    for (const auto& n : t.notes) out << "<p class=\"note\">" << html_escape(n) << "</p>\n";
  }
  if (o.verbose && !c.diagnostics.empty()) {
    out << "<h2>Diagnostics</h2><ul>";
    for (const auto& d : c.diagnostics) out << "<li>" << html_escape(d) << "</li>";
    out << "</ul>\n";
  }
  out << "</body></html>\n";
}

}  // namespace awrdiff::render_detail
