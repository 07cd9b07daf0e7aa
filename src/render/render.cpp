#include <awrdiff/render.hpp>

#include "render_common.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

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

namespace render_detail {

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

}  // namespace render_detail

void render(const Comparison& comparison, Format format, const RenderOptions& options, std::ostream& out) {
  using namespace render_detail;
  switch (format) {
    case Format::text: render_text(comparison, options, out); return;
    case Format::markdown: render_markdown(comparison, options, out); return;
    case Format::html: render_html(comparison, options, out); return;
    case Format::json: render_json(comparison, options, out); return;
  }
}

}  // namespace awrdiff
