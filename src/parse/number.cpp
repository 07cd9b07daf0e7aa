#include <awrdiff/number.hpp>

#include "support/text.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace awrdiff {

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

// The number part of s (as parse_cell reads it below) when it can be converted exactly without
// std::from_chars: at most 15 significant digits (the integer they make is below 2^53, exact as a
// double) and at most 22 digits after the point (10^22 is the largest power of ten exact as a
// double), no exponent. Then one correctly rounded division gives what from_chars gives (Clinger's
// fast path): the same double, bit for bit. `end` is set past the number part; nullopt when the
// cell needs the general path (or is not a number: the general path says so).
std::optional<double> fast_number(std::string_view s, std::size_t& end) {
  static constexpr double k_pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  constexpr auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0;
  bool negative = false;
  if (s[i] == '-' || s[i] == '+') {
    negative = s[i] == '-';
    ++i;
  }
  std::uint64_t m = 0;
  int significant = 0, scale = 0;  // significant digits in m; digits after the point
  bool seen_digit = false, seen_dot = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (digit(c)) {
      if (m != 0 || c != '0') {
        if (++significant > 15) return std::nullopt;
        m = m * 10 + static_cast<unsigned>(c - '0');
      }
      if (seen_dot && ++scale > 22) return std::nullopt;
      seen_digit = true;
    } else if (c == ',' && seen_digit && !seen_dot) {
      // As parse_cell: a group separator when exactly three digits follow; a decimal comma when one or
      // two digits end the number; otherwise not a number.
      std::size_t j = i + 1;
      while (j < s.size() && digit(s[j])) ++j;
      const std::size_t n = j - (i + 1);
      const bool ends_number = j >= s.size() || !(s[j] == ',' || s[j] == '.');
      if (n == 3) continue;
      if ((n == 1 || n == 2) && ends_number) {
        seen_dot = true;
        continue;
      }
      return std::nullopt;
    } else if (c == '.' && !seen_dot) {
      seen_dot = true;
    } else {
      break;
    }
  }
  if (!seen_digit) return std::nullopt;
  if (i < s.size() && (s[i] == 'E' || s[i] == 'e')) return std::nullopt;  // a possible exponent
  end = i;
  const double v = static_cast<double>(m) / k_pow10[scale];
  return negative ? -v : v;
}

}  // namespace

CellValue parse_cell(std::string_view text, Unit unit) {
  std::string_view s = trim(text);
  if (s.empty()) return {std::nullopt, CellStatus::blank};
  if (s.front() < '0' || s.front() > '9') {  // (a cell starting with a digit, most of them, is none of these)
    // HTML blanks that survived as text.
    if (s == "&#160;" || s == "&nbsp;") return {std::nullopt, CellStatus::blank};
    if (s == "N/A" || s == "n/a" || s == "NA") return {std::nullopt, CellStatus::not_applicable};
    if (s.find_first_not_of('#') == std::string_view::npos) return {std::nullopt, CellStatus::overflow};
  }

  // Most cells are plain decimals: read without building a copy for std::from_chars.
  std::size_t end = 0;
  if (const auto fast = fast_number(s, end)) {
    if (end == s.size()) return {*fast, CellStatus::ok};  // no suffix: a multiplier of 1
    const auto mult = multiplier(s.substr(end), unit);
    if (!mult) return {std::nullopt, CellStatus::invalid};
    const double v = *fast * *mult;
    if (!std::isfinite(v)) return {std::nullopt, CellStatus::invalid};
    return {v, CellStatus::ok};
  }

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
