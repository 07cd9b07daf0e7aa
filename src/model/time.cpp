#include <awrdiff/time.hpp>

#include <cstdio>
#include <iterator>
#include <string>

namespace awrdiff {

std::int64_t days_from_civil(int y, int m, int d) {
  y -= m <= 2 ? 1 : 0;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

std::optional<std::int64_t> iso_epoch(std::string_view iso) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (iso.size() < 16) return std::nullopt;
  const std::string t(iso.substr(0, 19));
  const int n = std::sscanf(t.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &y, &mo, &d, &h, &mi, &s);
  if (n < 5 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return std::nullopt;
  // A day the month does not have (2023-02-30, 2023-09-31) is no time, not a day of the next month.
  const std::int64_t day = days_from_civil(y, mo, d);
  if (day >= (mo < 12 ? days_from_civil(y, mo + 1, 1) : days_from_civil(y + 1, 1, 1))) return std::nullopt;
  return day * 86400 + h * 3600 + mi * 60 + s;
}

int month_number(std::string_view abbreviation) {
  static constexpr std::string_view k_months[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                                  "jul", "aug", "sep", "oct", "nov", "dec"};
  if (abbreviation.size() != 3) return 0;
  char m[3];
  for (std::size_t i = 0; i < 3; ++i) {
    const char c = abbreviation[i];
    m[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  for (std::size_t i = 0; i < std::size(k_months); ++i)
    if (k_months[i] == std::string_view(m, 3)) return static_cast<int>(i) + 1;
  return 0;
}

std::optional<double> per_second(const std::optional<double>& total, const std::optional<double>& elapsed_s) {
  if (!total || !elapsed_s || *elapsed_s <= 0) return std::nullopt;
  return *total / *elapsed_s;
}

}  // namespace awrdiff
