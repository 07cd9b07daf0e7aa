// parse_cell reads most cells without std::from_chars (an exact fast path for short decimals). This
// checks it against the general reading, kept here as it was before the fast path: the same status
// and the same double, bit for bit, on hand-picked and random cells.
#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>

#include "support/text.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

namespace {

using awrdiff::CellStatus;
using awrdiff::CellValue;
using awrdiff::Unit;

bool is_size_unit(Unit u) { return u == Unit::bytes || u == Unit::megabytes || u == Unit::gigabytes; }

std::optional<double> reference_multiplier(std::string_view suffix, Unit unit) {
  std::string s;
  for (char c : suffix)
    if (c != ' ' && c != '(' && c != ')') s.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  if (s.empty() || s == "%") return 1.0;
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
    return seconds;
  }
  const double base = is_size_unit(unit) ? 1024.0 : 1000.0;
  if (s == "k") return base;
  if (s == "m") return base * base;
  if (s == "g") return base * base * base;
  if (s == "t") return base * base * base * base;
  if (s == "p") return base * base * base * base * base;
  return std::nullopt;
}

// parse_cell before the fast path: the number part copied into a string for std::from_chars.
CellValue reference_parse_cell(std::string_view text, Unit unit) {
  std::string_view s = awrdiff::trim(text);
  if (s.empty()) return {std::nullopt, CellStatus::blank};
  if (s == "&#160;" || s == "&nbsp;") return {std::nullopt, CellStatus::blank};
  if (s == "N/A" || s == "n/a" || s == "NA") return {std::nullopt, CellStatus::not_applicable};
  if (s.find_first_not_of('#') == std::string_view::npos) return {std::nullopt, CellStatus::overflow};
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
  auto mult = reference_multiplier(s.substr(i), unit);
  if (!mult) return {std::nullopt, CellStatus::invalid};
  v *= *mult;
  if (!std::isfinite(v)) return {std::nullopt, CellStatus::invalid};
  return {v, CellStatus::ok};
}

std::uint64_t bits(double d) {
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

void expect_same(const std::string& cell, Unit unit) {
  const CellValue got = awrdiff::parse_cell(cell, unit);
  const CellValue want = reference_parse_cell(cell, unit);
  ASSERT_EQ(got.status, want.status) << "cell '" << cell << "'";
  ASSERT_EQ(got.value.has_value(), want.value.has_value()) << "cell '" << cell << "'";
  if (want.value) {
    ASSERT_EQ(bits(*got.value), bits(*want.value)) << "cell '" << cell << "': " << *got.value << " vs " << *want.value;
  }
}

constexpr Unit k_units[] = {Unit::none, Unit::count, Unit::seconds, Unit::millis, Unit::percent, Unit::bytes, Unit::megabytes};

TEST(NumberFastPath, SameAsFromCharsOnChosenCells) {
  const char* cells[] = {"0",
                         "-0",
                         "+0",
                         "0.0",
                         "-0.00",
                         "1",
                         "12",
                         "123.45",
                         "-123.45",
                         ".99",
                         "-.5",
                         "633.",
                         "5.",
                         "1,234",
                         "1,234,567.89",
                         "12,345.6",
                         "62,3",
                         "62,35",
                         "1,2345",
                         "1,23,456",
                         "1,234.5,6",
                         "0.1",
                         "0.2",
                         "0.3",
                         "0.000001234",
                         "9007199254740993",
                         "900719925474099",
                         "999999999999999",
                         "9999999999999999",
                         "123456789012345.6",
                         "1.2345678901234567",
                         "0.0000000000000000000001",
                         "0.00000000000000000000001",
                         "1.E+03",
                         "1.5e-7",
                         "2E",
                         "3e+",
                         "12.5K",
                         "3.2M",
                         "4G",
                         "1T",
                         "2P",
                         "7us",
                         "88ms",
                         "1.5 s",
                         "2 m",
                         "10mins",
                         "(mins)",
                         "3h",
                         "99.5%",
                         "12 %",
                         "4.1x",
                         "abc",
                         "-",
                         "+",
                         ".",
                         ",5",
                         "1..2",
                         "  42  ",
                         "\xc2\xa0"
                         "7\xc2\xa0",
                         "N/A",
                         "####",
                         "&#160;",
                         "",
                         "   ",
                         "1,234,5678",
                         "17976931348623157e292",
                         "1e400",
                         "123abc",
                         "0,5",
                         "00012.3400",
                         "-00.001"};
  for (const char* c : cells)
    for (Unit u : k_units) expect_same(c, u);
}

TEST(NumberFastPath, SameAsFromCharsOnRandomCells) {
  std::mt19937_64 rng(12345);
  const std::string alphabet = "0123456789000000999,.,.-+eE KkMm%s ";
  for (int n = 0; n < 200000; ++n) {
    std::string cell;
    const std::size_t len = 1 + rng() % 24;
    for (std::size_t k = 0; k < len; ++k) {
      // Mostly digits, so that most cells are numbers of every length.
      if (rng() % 4 != 0) cell.push_back(static_cast<char>('0' + rng() % 10));
      else cell.push_back(alphabet[rng() % alphabet.size()]);
    }
    expect_same(cell, k_units[rng() % std::size(k_units)]);
  }
}

}  // namespace
