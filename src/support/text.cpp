#include "support/text.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace awrdiff {

// Declared in awrdiff/catalog.hpp too, where titles and headers are matched with it.
std::string normalize_label(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u == ' ' || (u >= '\t' && u <= '\r') || u == 0xA0 || u == 0xC2) continue;  // also folds UTF-8 NBSP bytes
    if (u >= 'A' && u <= 'Z') u = static_cast<unsigned char>(u + ('a' - 'A'));  // ASCII, as the "C" locale
    out.push_back(static_cast<char>(u));
  }
  while (!out.empty() && out.back() == ':') out.pop_back();
  return out;
}

std::string_view trim(std::string_view s) {
  // White space as std::isspace in the "C" locale (the program never sets another), without a call
  // per byte: every cell read goes through here.
  constexpr auto is_ws = [](unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!s.empty()) {
    const auto c = static_cast<unsigned char>(s.front());
    if (is_ws(c)) s.remove_prefix(1);
    else if (c == 0xC2 && s.size() >= 2 && static_cast<unsigned char>(s[1]) == 0xA0) s.remove_prefix(2);
    else break;
  }
  while (!s.empty()) {
    const auto c = static_cast<unsigned char>(s.back());
    if (is_ws(c)) s.remove_suffix(1);
    else if (c == 0xA0 && s.size() >= 2 && static_cast<unsigned char>(s[s.size() - 2]) == 0xC2) s.remove_suffix(2);
    else break;
  }
  return s;
}

namespace detail {

std::string lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string human_seconds(double s) {
  const double a = std::fabs(s);
  const char* sign = s < 0 ? "-" : "+";
  if (a < 120) return fmt::format("{}{:.1f} s", sign, a);
  if (a < 7200) return fmt::format("{}{:.1f} min", sign, a / 60);
  if (a < 172800) return fmt::format("{}{:.1f} h", sign, a / 3600);
  return fmt::format("{}{:.1f} d", sign, a / 86400);
}

std::size_t ascii_run_end(std::string_view text, std::size_t from) {
  std::size_t i = from;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, text.data() + i, 8);
    if ((w & 0x8080808080808080ULL) != 0) break;
  }
  while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) ++i;
  return i;
}

std::string grouped(double value, int decimals) {
  const std::string s = fmt::format("{:.{}f}", value, decimals);
  const auto dot = s.find('.');
  std::string int_part = s.substr(0, dot);
  const std::string frac = dot == std::string::npos ? "" : s.substr(dot);
  const bool negative = !int_part.empty() && int_part[0] == '-';
  if (negative) int_part.erase(0, 1);
  std::string out;
  for (std::size_t i = 0; i < int_part.size(); ++i) {
    if (i > 0 && (int_part.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(int_part[i]);
  }
  return (negative ? "-" : "") + out + frac;
}

std::string grouped_figure(double value) {
  const double a = std::fabs(value);
  return grouped(value, a >= 100 || a == 0 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.1 ? 3 : 4);
}

std::string report_label(const std::string& source, const std::string& other) {
  if (source == "-") return "standard input";
  auto file = [](std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos || slash + 1 == path.size() ? path : path.substr(slash + 1));
  };
  std::string out;
  for (std::size_t at = 0; at <= source.size();) {  // a merged set's "a.html, b.html"
    std::size_t end = source.find(", ", at);
    if (end == std::string::npos) end = source.size();
    out += (out.empty() ? "" : ", ") + file(std::string_view(source).substr(at, end - at));
    at = end + 2;
  }
  if (!other.empty() && other != source && out == report_label(other)) return source;  // same name, two directories
  return out;
}

}  // namespace detail
}  // namespace awrdiff
