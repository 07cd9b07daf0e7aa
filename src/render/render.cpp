#include <awrdiff/render.hpp>

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace awrdiff {

std::optional<Format> parse_format(std::string_view name) {
  if (name == "text" || name == "txt") return Format::text;
  if (name == "markdown" || name == "md") return Format::markdown;
  if (name == "html") return Format::html;
  if (name == "json") return Format::json;
  return std::nullopt;
}

std::string format_number(double value, int precision) {
  if (!std::isfinite(value)) return "?";
  std::string s = fmt::format("{:.{}f}", std::fabs(value), precision);
  if (s == fmt::format("{:.{}f}", 0.0, precision)) value = 0;  // no "-0.0"
  auto dot = s.find('.');
  std::string int_part = s.substr(0, dot), frac = dot == std::string::npos ? "" : s.substr(dot);
  std::string grouped;
  for (std::size_t i = 0; i < int_part.size(); ++i) {
    if (i > 0 && (int_part.size() - i) % 3 == 0) grouped.push_back(',');
    grouped.push_back(int_part[i]);
  }
  return (value < 0 ? "-" : "") + grouped + frac;
}

namespace {

std::string cell_text(const CompareCell& c, const CompareColumn& col) {
  if (std::holds_alternative<std::monostate>(c)) return "-";
  if (const auto* s = std::get_if<std::string>(&c)) return *s;
  const double v = std::get<double>(c);
  switch (col.kind) {
    case ColumnKind::change_pct: {
      if (std::fabs(v) >= 10000) return v > 0 ? ">+9,999%" : "<-9,999%";
      auto n = format_number(v, 0);
      return (v >= 0.5 ? "+" : "") + n + "%";
    }
    case ColumnKind::delta: {
      auto n = format_number(v, col.precision);
      return (v > 0 && n.find_first_not_of("0.,") != std::string::npos ? "+" : "") + n;
    }
    case ColumnKind::number: return format_number(v, col.precision);
    case ColumnKind::text: return format_number(v, col.precision);
  }
  return "?";
}

bool right_aligned(const CompareColumn& c) { return c.kind != ColumnKind::text; }

// Display width of UTF-8 text (code points).
std::size_t width(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

std::string pad(const std::string& s, std::size_t w, bool right) {
  std::size_t n = width(s);
  if (n >= w) return s;
  std::string fill(w - n, ' ');
  return right ? fill + s : s + fill;
}

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

std::string md_escape(const std::string& s) {
  std::string r;
  for (char ch : s) {
    if (ch == '|' || ch == '*' || ch == '_' || ch == '`' || ch == '<' || (ch == '>' && r.empty())) r.push_back('\\');
    r.push_back(ch);
  }
  return r;
}

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

void render_json(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  nlohmann::json j;
  j["base"] = c.base_source.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.base_source);
  j["target"] = c.target_source;
  j["verdict"] = to_string(c.verdict);
  j["headline"] = c.headline;
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  j["db_time_per_s"] = {{"base", opt(c.db_time_per_s_base)},
                        {"target", opt(c.db_time_per_s_target)},
                        {"change_pct", opt(c.db_time_change_pct)}};
  auto& contrib = j["contributors"] = nlohmann::json::array();
  for (const auto& k : c.contributors)
    contrib.push_back({{"kind", k.kind}, {"name", k.name}, {"delta_aas", k.delta_aas}, {"delta_s", opt(k.delta_s)},
                       {"lower_bound", k.lower_bound}});
  j["warnings"] = c.warnings;
  auto& findings = j["findings"] = nlohmann::json::array();
  for (const auto& f : c.findings) {
    nlohmann::json fj = {{"rule", f.rule}, {"direction", to_string(f.direction)}, {"impact_aas", f.impact_aas},
                         {"title", f.title}, {"cause", f.cause}, {"evidence", f.evidence}};
    auto& ms = fj["metrics"] = nlohmann::json::array();
    for (const auto& m : f.metrics)
      ms.push_back({{"key", m.key}, {"label", m.label}, {"unit", m.unit}, {"base", opt(m.base)}, {"target", opt(m.target)}});
    findings.push_back(std::move(fj));
  }
  auto& tables = j["tables"] = nlohmann::json::array();
  for (const auto& t : c.tables) {
    nlohmann::json tj;
    tj["key"] = t.key;
    tj["title"] = t.title;
    auto& cols = tj["columns"] = nlohmann::json::array();
    for (const auto& col : t.columns) cols.push_back({{"key", col.key}, {"header", col.header}, {"unit", col.unit}});
    auto& rows = tj["rows"] = nlohmann::json::array();
    for (const auto& r : t.rows) {
      nlohmann::json rj = nlohmann::json::object();
      for (std::size_t i = 0; i < t.columns.size() && i < r.cells.size(); ++i) {
        const auto& cell = r.cells[i];
        const auto& key = t.columns[i].key;
        if (const auto* d = std::get_if<double>(&cell)) {
          rj[key] = *d;
        } else if (const auto* s = std::get_if<std::string>(&cell)) {
          // A numeric column's cell without a number ("not shown", "new", "≥ +120%", "-"): null, the
          // text beside it under "<key>_text", so that a column holds numbers or null only.
          if (t.columns[i].kind == ColumnKind::text) {
            rj[key] = *s;
          } else {
            rj[key] = nullptr;
            rj[key + "_text"] = *s;
          }
        } else {
          rj[key] = nullptr;
        }
      }
      rows.push_back(std::move(rj));
    }
    tj["notes"] = t.notes;
    tables.push_back(std::move(tj));
  }
  if (o.verbose) j["diagnostics"] = c.diagnostics;
  out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace

void render(const Comparison& comparison, Format format, const RenderOptions& options, std::ostream& out) {
  switch (format) {
    case Format::text: render_text(comparison, options, out); return;
    case Format::markdown: render_markdown(comparison, options, out); return;
    case Format::html: render_html(comparison, options, out); return;
    case Format::json: render_json(comparison, options, out); return;
  }
}

}  // namespace awrdiff
