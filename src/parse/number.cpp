#include <awrdiff/number.hpp>

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

namespace awrdiff {

std::string_view trim(std::string_view s) {
  auto is_ws_at_front = [&](std::string_view v) -> std::size_t {
    if (v.empty()) return 0;
    auto c = static_cast<unsigned char>(v.front());
    if (std::isspace(c) != 0) return 1;
    if (c == 0xC2 && v.size() >= 2 && static_cast<unsigned char>(v[1]) == 0xA0) return 2;
    return 0;
  };
  auto is_ws_at_back = [&](std::string_view v) -> std::size_t {
    if (v.empty()) return 0;
    auto c = static_cast<unsigned char>(v.back());
    if (std::isspace(c) != 0) return 1;
    if (c == 0xA0 && v.size() >= 2 && static_cast<unsigned char>(v[v.size() - 2]) == 0xC2) return 2;
    return 0;
  };
  while (auto n = is_ws_at_front(s)) s.remove_prefix(n);
  while (auto n = is_ws_at_back(s)) s.remove_suffix(n);
  return s;
}

namespace {

bool is_size_unit(Unit u) { return u == Unit::bytes || u == Unit::megabytes || u == Unit::gigabytes; }

std::optional<double> multiplier(std::string_view suffix, Unit unit) {
  std::string s;
  for (char c : suffix)
    if (c != ' ' && c != '(' && c != ')') s.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  if (s.empty() || s == "%") return 1.0;
  // Time units.
  double seconds = -1;
  if (s == "ns") seconds = 1e-9;
  else if (s == "us" || s == "\xc2\xb5s") seconds = 1e-6;
  else if (s == "ms") seconds = 1e-3;
  else if (s == "s" || s == "sec" || s == "secs") seconds = 1;
  else if (s == "m" && unit != Unit::count && !is_size_unit(unit)) seconds = 60;
  else if (s == "min" || s == "mins") seconds = 60;
  else if (s == "h" || s == "hr" || s == "hrs") seconds = 3600;
  if (seconds > 0) {
    if (unit == Unit::millis) return seconds * 1000;
    return seconds;  // seconds, or a unitless column that printed a time
  }
  const double base = is_size_unit(unit) ? 1024.0 : 1000.0;
  if (s == "k") return base;
  if (s == "m") return base * base;
  if (s == "g") return base * base * base;
  if (s == "t") return base * base * base * base;
  if (s == "p") return base * base * base * base * base;
  return std::nullopt;
}

}  // namespace

CellValue parse_cell(std::string_view text, Unit unit) {
  std::string_view s = trim(text);
  if (s.empty()) return {std::nullopt, CellStatus::blank};
  // HTML blanks that survived as text.
  if (s == "&#160;" || s == "&nbsp;") return {std::nullopt, CellStatus::blank};
  if (s == "N/A" || s == "n/a" || s == "NA") return {std::nullopt, CellStatus::not_applicable};
  if (s.find_first_not_of('#') == std::string_view::npos) return {std::nullopt, CellStatus::overflow};

  // Number part: [sign] digits/commas [. digits] [E[+-]digits]
  std::size_t i = 0;
  std::string digits;
  if (s[i] == '-' || s[i] == '+') {
    if (s[i] == '-') digits.push_back('-');
    ++i;
  }
  bool seen_digit = false, seen_dot = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      digits.push_back(c);
      seen_digit = true;
    } else if (c == ',' && seen_digit && !seen_dot) {
      // Group separator if exactly three digits follow; decimal comma if 1-2 digits end the number.
      std::size_t j = i + 1;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) != 0) ++j;
      const std::size_t n = j - (i + 1);
      const bool ends_number = j >= s.size() || !(s[j] == ',' || s[j] == '.');
      if (n == 3) continue;
      if ((n == 1 || n == 2) && ends_number) {
        digits.push_back('.');
        seen_dot = true;
        continue;
      }
      return {std::nullopt, CellStatus::invalid};
    } else if (c == '.' && !seen_dot) {
      digits.push_back('.');
      seen_dot = true;
    } else {
      break;
    }
  }
  if (!seen_digit) return {std::nullopt, CellStatus::invalid};
  // Exponent (Oracle prints 1.E+03 when a value overflows its width).
  if (i < s.size() && (s[i] == 'E' || s[i] == 'e') && i + 1 < s.size() &&
      (s[i + 1] == '+' || s[i + 1] == '-' || std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0)) {
    std::size_t j = i + 1;
    std::string exp = "e";
    if (s[j] == '+' || s[j] == '-') exp.push_back(s[j++]);
    std::size_t k = j;
    while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])) != 0) exp.push_back(s[k++]);
    if (k > j) {
      digits += exp;
      i = k;
    }
  }
  if (!digits.empty() && digits.back() == '.') digits.pop_back();
  double v = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return {std::nullopt, CellStatus::invalid};
  auto mult = multiplier(s.substr(i), unit);
  if (!mult) return {std::nullopt, CellStatus::invalid};
  v *= *mult;
  if (!std::isfinite(v)) return {std::nullopt, CellStatus::invalid};
  return {v, CellStatus::ok};
}

}  // namespace awrdiff
