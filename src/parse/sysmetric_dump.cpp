// Readers of Oracle's baseline metric dumps (see include/awrdiff/sysmetric.hpp and
// docs/baseline-dumps.md): AWR-Miner / DBCSI captures, the DMA collector's awrhistsysmetricsumm,
// and SQL*Plus spools of SELECT_BASELINE_METRIC and DBA_HIST_SYSMETRIC_SUMMARY.
//
// One pass over the lines, no regex: a table is either fixed-width (columns from the dashed rule
// under its headings, several heading/rule pairs when SQL*Plus wrapped the row) or delimited ('|',
// the DMA collector's ' , ', CSV with quotes). Numbers are read with a strict grammar and
// std::from_chars, so "1,234" in a '|' file or "########" is a diagnostic, never a number.
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/sysmetric.hpp>
#include <awrdiff/time.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <deque>
#include <set>
#include <stdexcept>
#include <unordered_map>

namespace awrdiff {

const char* to_string(DumpKind kind) {
  switch (kind) {
    case DumpKind::awr_miner:
      return "awr_miner";
    case DumpKind::dma_collector:
      return "dma_collector";
    case DumpKind::select_baseline_metric:
      return "select_baseline_metric";
    case DumpKind::sysmetric_summary:
      return "sysmetric_summary";
  }
  return "unknown";
}

const char* to_string(SysmetricBasis basis) {
  switch (basis) {
    case SysmetricBasis::metric:
      return "metric";
    case SysmetricBasis::average_plus_2sd:
      return "average_plus_2sd";
  }
  return "unknown";
}

namespace {

// Bounds on hostile input (a 512 MiB file is read_input's own limit).
constexpr std::size_t k_max_lines = 4'000'000;  // ~1.8 M lines is 60 days of 8 RAC instances' hourly summaries
constexpr std::size_t k_max_rows = 2'000'000;  // SysmetricRows kept (about 300 bytes each)
constexpr std::size_t k_max_columns = 512;  // columns of one table
constexpr std::size_t k_max_diagnostics = 1000;  // listed one by one; the rest are counted
constexpr std::size_t k_detect_lines = 400;  // lines detect_sysmetric_dump looks at for a header
constexpr std::size_t k_detect_bytes = 256 * 1024;  // and bytes it looks at for a report's title

constexpr std::string_view k_main_begin = "~~BEGIN-MAIN-METRICS~~";
constexpr std::string_view k_main_end = "~~END-MAIN-METRICS~~";

// ---------------------------------------------------------------------------------------------
// Text helpers

bool iequal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    if (std::toupper(x) != std::toupper(y)) return false;
  }
  return true;
}

bool istarts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequal(s.substr(0, prefix.size()), prefix);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// ASCII white space (SQL*Plus pads with spaces; no other space appears inside a table's cells).
// awrdiff::trim also removes no-break spaces, at the price of a locale call per character.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n'; }

std::string_view trim_ascii(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_space(s[b])) ++b;
  while (e > b && is_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

bool is_blank(std::string_view s) { return trim(s).empty(); }

std::string_view rtrim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\f')) s.remove_suffix(1);
  return s;
}

// Removes one pair of surrounding double quotes.
std::string_view unquote(std::string_view s) {
  s = trim(s);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  return s;
}

struct TextLines {
  TextLines() = default;
  TextLines(TextLines&&) = default;
  TextLines(const TextLines&) = delete;  // `lines` may point into `expanded`
  std::vector<std::string_view> lines;
  std::deque<std::string> expanded;  // lines that held tabs, with the tabs expanded
  bool last_complete = true;  // the text ends with a line break (or is empty)
  bool too_many = false;
};

// A line with its tabs expanded to spaces at every 8th column, as SQL*Plus's SET TAB ON wrote them
// (its default: white space in the output becomes tabs where they fit).
std::string expand_tabs(std::string_view line) {
  std::string out;
  out.reserve(line.size() + 32);
  for (char c : line) {
    if (c != '\t') {
      out.push_back(c);
      continue;
    }
    do out.push_back(' ');
    while (out.size() % 8 != 0);
  }
  return out;
}

// Splits at '\n', dropping a '\r' before it and expanding tabs. Stops after `max_lines` lines
// (too_many set).
TextLines split_lines(std::string_view text, std::size_t max_lines) {
  TextLines out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (out.lines.size() >= max_lines) {
      out.too_many = true;
      break;
    }
    const auto nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find('\t') != std::string_view::npos) line = out.expanded.emplace_back(expand_tabs(line));
    out.lines.push_back(line);
    if (nl == std::string_view::npos) {
      out.last_complete = false;
      break;
    }
    pos = nl + 1;
  }
  return out;
}

// A SQL*Plus underline: dashes (and the spaces between columns) only.
bool is_rule(std::string_view line) {
  line = rtrim(line);
  if (line.empty()) return false;
  bool dash = false;
  for (char c : line) {
    if (c == '-') dash = true;
    else if (c != ' ') return false;
  }
  return dash;
}

// An underline between delimited headings: dashes with '|' or '+' between them.
bool is_delimited_rule(std::string_view line) {
  line = trim_ascii(line);
  if (line.empty()) return false;
  bool dash = false;
  for (char c : line) {
    if (c == '-') dash = true;
    else if (c != ' ' && c != '|' && c != '+') return false;
  }
  return dash;
}

bool is_identifier(std::string_view s) {
  s = unquote(s);
  if (s.empty()) return false;
  const auto c0 = static_cast<unsigned char>(s[0]);
  if (!std::isalpha(c0) && s[0] != '_') return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '#' && c != '$') return false;
  return true;
}

// A count of digits only ("245"); empty for anything else (a group separator is ambiguous).
std::optional<std::size_t> parse_count(std::string_view s) {
  if (s.empty() || s.size() > 12) return std::nullopt;
  std::size_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  return n;
}

// SQL*Plus's closing lines and echoes, skipped between rows.
bool is_noise(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i == line.size()) return true;
  const char first = line[i];
  if (first != 'S' && first != 's' && first != 'N' && first != 'n' && !is_digit(first)) return false;  // most rows
  const auto t = trim(line);
  if (t.empty()) return true;
  if (istarts_with(t, "SQL>")) return true;
  if (t.size() > 40) return false;  // the lines below are short
  if (istarts_with(t, "no rows selected")) return true;
  const auto sp = t.find(' ');
  if (sp != std::string_view::npos && sp > 0) {
    bool digits = true;
    for (char c : t.substr(0, sp)) digits = digits && (is_digit(c) || c == ',' || c == '.');
    const auto rest = t.substr(sp + 1);
    if (digits && (istarts_with(rest, "rows selected") || istarts_with(rest, "row selected"))) return true;
  }
  return false;
}

// The count of SQL*Plus's feedback line ("245 rows selected.", "1 row selected.", "no rows selected"), else empty.
std::optional<std::size_t> rows_selected_count(std::string_view line) {
  const auto t = trim(line);
  if (t.size() > 40) return std::nullopt;
  if (istarts_with(t, "no rows selected")) return 0;
  const auto sp = t.find(' ');
  if (sp == std::string_view::npos || sp == 0) return std::nullopt;
  const auto rest = t.substr(sp + 1);
  if (!istarts_with(rest, "rows selected") && !istarts_with(rest, "row selected")) return std::nullopt;
  return parse_count(t.substr(0, sp));
}

bool is_oracle_error(std::string_view line) {
  const auto t = trim(line);
  return (istarts_with(t, "ORA-") || istarts_with(t, "SP2-")) && t.size() > 9 && is_digit(t[4]);
}

// ---------------------------------------------------------------------------------------------
// Numbers

enum class NumStatus { ok, blank, overflow, invalid, comma, mixed_mark };

// Reads [sign] digits [mark digits] [E [sign] digits], nothing else. The decimal mark of a table is
// decided by its first number that has one; a number with the other mark is refused (mixed_mark).
// A comma is a decimal mark only where `allow_comma` (fixed-width SQL*Plus columns, which never
// print group separators without a format mask); elsewhere it is refused (comma).
class NumberReader {
public:
  explicit NumberReader(bool allow_comma) : m_allow_comma(allow_comma) {}

  NumStatus read(std::string_view raw, double& out) {
    const std::string_view s = trim_ascii(raw);
    if (s.empty()) return NumStatus::blank;
    if (s.find_first_not_of('#') == std::string_view::npos) return NumStatus::overflow;
    std::size_t i = 0;
    const std::size_t n = s.size();
    const bool negative = s[0] == '-';
    if (s[0] == '-' || s[0] == '+') i = 1;
    std::size_t digits = 0, fraction = 0, significant = 0;
    std::uint64_t mantissa = 0;
    char mark = 0;
    bool exponent = false;
    auto digit = [&](char c) {
      ++digits;
      if (significant > 0 || c != '0') {
        if (++significant <= 19) mantissa = mantissa * 10 + static_cast<std::uint64_t>(c - '0');
      }
    };
    while (i < n && is_digit(s[i])) digit(s[i++]);
    if (i < n && (s[i] == '.' || s[i] == ',')) {
      mark = s[i++];
      while (i < n && is_digit(s[i])) digit(s[i++]), ++fraction;
    }
    if (digits == 0) return NumStatus::invalid;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
      exponent = true;
      ++i;
      if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
      std::size_t exp = 0;
      while (i < n && is_digit(s[i])) ++i, ++exp;
      if (exp == 0) return NumStatus::invalid;
    }
    if (i != n) return NumStatus::invalid;
    if (mark == ',' && !m_allow_comma) return NumStatus::comma;
    if (mark != 0) {
      if (m_mark == 0) m_mark = mark;
      else if (m_mark != mark) return NumStatus::mixed_mark;
    }
    // Clinger's fast path: up to 15 significant digits and 22 decimals, the mantissa and the power
    // of ten are exact doubles and one division rounds correctly: the value from_chars gives.
    static constexpr std::array<double, 23> k_pow10{1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    if (!exponent && significant <= 15 && fraction < k_pow10.size()) {
      const double v = static_cast<double>(mantissa) / k_pow10[fraction];
      out = negative ? -v : v;
      return NumStatus::ok;
    }
    std::string_view body = s[0] == '+' ? s.substr(1) : s;
    char buffer[128];
    std::string big;
    const char* first = body.data();
    const char* last = body.data() + body.size();
    if (mark == ',') {
      char* dst = buffer;
      if (body.size() >= sizeof buffer) {
        big.assign(body);
        dst = big.data();
      } else {
        std::memcpy(buffer, body.data(), body.size());
      }
      std::replace(dst, dst + body.size(), ',', '.');
      first = dst;
      last = dst + body.size();
    }
    double v = 0;
    const auto r = std::from_chars(first, last, v);
    if (r.ec != std::errc() || r.ptr != last || !std::isfinite(v)) return NumStatus::invalid;
    out = v;
    return NumStatus::ok;
  }

  char mark() const { return m_mark; }

private:
  bool m_allow_comma;
  char m_mark = 0;
};

std::string number_problem(NumStatus st, std::string_view cell, std::string_view column, char mark) {
  const auto c = trim(cell);
  switch (st) {
    case NumStatus::overflow:
      return fmt::format("{} is '{}': the value did not fit its SQL*Plus column", column, c);
    case NumStatus::comma:
      return fmt::format("{} '{}' has a comma: a group separator or a decimal comma, not read", column, c);
    case NumStatus::mixed_mark:
      return fmt::format("{} '{}' has another decimal mark than the file's '{}'", column, c, mark);
    default:
      return fmt::format("{} '{}' is not a number", column, c);
  }
}

template <class T>
std::optional<T> parse_integer(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  T v{};
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Dates

struct Civil {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  bool has_time = false;
};

int days_in_month(int y, int m) {
  static constexpr std::array<int, 12> k_days{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : k_days[static_cast<std::size_t>(m - 1)];
}

bool valid(const Civil& c) {
  return c.y >= 1900 && c.y <= 2999 && c.mo >= 1 && c.mo <= 12 && c.d >= 1 && c.d <= days_in_month(c.y, c.mo) && c.h >= 0 &&
         c.h <= 23 && c.mi >= 0 && c.mi <= 59 && c.s >= 0 && c.s <= 59;
}

// Back from days since 1970-01-01 (H. Hinnant's algorithm; days_from_civil in awrdiff/time.hpp).

void civil_from_days(long long z, int& y, int& m, int& d) {
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const long long doe = z - era * 146097;
  const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long long mp = (5 * doy + 2) / 153;
  d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  y = static_cast<int>(yoe + era * 400 + (m <= 2 ? 1 : 0));
}

Civil minus_seconds(const Civil& c, long long seconds) {
  long long t = days_from_civil(c.y, c.mo, c.d) * 86400 + c.h * 3600 + c.mi * 60 + c.s - seconds;
  long long days = t >= 0 ? t / 86400 : (t - 86399) / 86400;
  long long rest = t - days * 86400;
  Civil out;
  civil_from_days(days, out.y, out.mo, out.d);
  out.h = static_cast<int>(rest / 3600);
  out.mi = static_cast<int>(rest % 3600 / 60);
  out.s = static_cast<int>(rest % 60);
  out.has_time = true;
  return out;
}

// "2025-03-14T14:00:03", or "2025-03-14" for a date without its time. Written by hand: it runs
// twice per row.
std::string iso(const Civil& c) {
  char buf[20];
  auto put = [&buf](std::size_t at, int v, int width) {
    for (int k = width - 1; k >= 0; --k, v /= 10) buf[at + static_cast<std::size_t>(k)] = static_cast<char>('0' + v % 10);
  };
  put(0, c.y, 4);
  buf[4] = '-';
  put(5, c.mo, 2);
  buf[7] = '-';
  put(8, c.d, 2);
  if (!c.has_time) return std::string(buf, 10);
  buf[10] = 'T';
  put(11, c.h, 2);
  buf[13] = ':';
  put(14, c.mi, 2);
  buf[16] = ':';
  put(17, c.s, 2);
  return std::string(buf, 19);
}

// The last date text read and what it gave: the rows of one snapshot share their times.
struct DateCache {
  std::string_view text;
  std::optional<Civil> civil;
  std::string iso_text;
};

// Reads exactly `n` digits at s[i...].
bool digits_at(std::string_view s, std::size_t i, std::size_t n, int& out) {
  if (i + n > s.size()) return false;
  int v = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (!is_digit(s[i + k])) return false;
    v = v * 10 + (s[i + k] - '0');
  }
  out = v;
  return true;
}

// Two-digit years as Oracle's RR reads them in this century: 00-49 -> 20xx, 50-99 -> 19xx.
int rr_year(int yy) { return yy < 50 ? 2000 + yy : 1900 + yy; }

// "HH24:MI[:SS]" at s (the whole rest).
bool time_of_day(std::string_view s, Civil& c) {
  s = trim(s);
  if (s.empty()) return true;
  if (!digits_at(s, 0, 2, c.h) || s.size() < 5 || s[2] != ':' || !digits_at(s, 3, 2, c.mi)) return false;
  if (s.size() == 5) {
    c.has_time = true;
    return true;
  }
  if (s.size() != 8 || s[5] != ':' || !digits_at(s, 6, 2, c.s)) return false;
  c.has_time = true;
  return true;
}

// AWR-Miner's `end`: to_char(end_time, 'YY/MM/DD HH24:MI').
std::optional<Civil> parse_yy_mm_dd(std::string_view s) {
  s = trim(s);
  Civil c;
  int yy = 0;
  if (s.size() != 14 || !digits_at(s, 0, 2, yy) || s[2] != '/' || !digits_at(s, 3, 2, c.mo) || s[5] != '/' ||
      !digits_at(s, 6, 2, c.d) || s[8] != ' ' || !time_of_day(s.substr(9), c))
    return std::nullopt;
  c.y = rr_year(yy);
  if (!valid(c)) return std::nullopt;
  return c;
}

// DD-MON-RR, DD-MON-YYYY, YYYY-MM-DD, each optionally followed by HH24:MI[:SS] (after a space, or a
// 'T' for ISO). Month abbreviations in English.
std::optional<Civil> parse_oracle_date(std::string_view s) {
  static constexpr std::array<std::string_view, 12> k_months{"JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                                             "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
  s = trim(s);
  Civil c;
  std::size_t rest = 0;
  if (s.size() >= 10 && is_digit(s[0]) && is_digit(s[3]) && s[4] == '-') {  // YYYY-MM-DD
    if (!digits_at(s, 0, 4, c.y) || !digits_at(s, 5, 2, c.mo) || s[7] != '-' || !digits_at(s, 8, 2, c.d)) return std::nullopt;
    rest = 10;
    if (s.size() > 10 && s[10] != ' ' && s[10] != 'T') return std::nullopt;
  } else if (s.size() >= 9 && s[2] == '-' && s[6] == '-') {  // DD-MON-RR / DD-MON-YYYY
    if (!digits_at(s, 0, 2, c.d)) return std::nullopt;
    const auto mon = s.substr(3, 3);
    c.mo = 0;
    for (std::size_t m = 0; m < k_months.size(); ++m)
      if (iequal(mon, k_months[m])) c.mo = static_cast<int>(m) + 1;
    if (c.mo == 0) return std::nullopt;
    int yy = 0;
    if (s.size() >= 11 && is_digit(s[9]) && is_digit(s[10])) {
      if (!digits_at(s, 7, 4, c.y)) return std::nullopt;
      rest = 11;
    } else {
      if (!digits_at(s, 7, 2, yy)) return std::nullopt;
      c.y = rr_year(yy);
      rest = 9;
    }
    if (s.size() > rest && s[rest] != ' ') return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (rest < s.size() && !time_of_day(s.substr(rest + 1), c)) return std::nullopt;
  if (!valid(c)) return std::nullopt;
  return c;
}

// ---------------------------------------------------------------------------------------------
// Tables: fixed-width (SQL*Plus columns under a dashed rule) and delimited

struct Span {
  std::size_t begin = 0, end = 0;
};

std::vector<Span> rule_spans(std::string_view rule) {
  std::vector<Span> out;
  std::size_t i = 0;
  while (i < rule.size()) {
    if (rule[i] != '-') {
      ++i;
      continue;
    }
    Span s{i, i};
    while (i < rule.size() && rule[i] == '-') ++i;
    s.end = i;
    out.push_back(s);
  }
  return out;
}

std::string_view cell_at(std::string_view line, const Span& s) {
  if (s.begin >= line.size()) return {};
  return trim_ascii(line.substr(s.begin, std::min(s.end, line.size()) - s.begin));
}

// The columns of a fixed-width table: one (heading line, rule) pair per line of a row. SQL*Plus
// prints several pairs when a row is wider than LINESIZE (each row then takes as many lines).
struct FixedLayout {
  FixedLayout() = default;
  FixedLayout(FixedLayout&&) = default;
  FixedLayout& operator=(FixedLayout&&) = default;
  FixedLayout(const FixedLayout&) = delete;  // `names` may point into `joined`
  FixedLayout& operator=(const FixedLayout&) = delete;
  std::vector<std::vector<Span>> spans;  // per line of a row
  std::vector<std::string_view> names;  // every column, in order
  std::vector<std::size_t> first_column;  // index into names of each row line's first column
  std::string_view first_heading;  // the first heading line, to spot repeated headers
  std::size_t end = 0;  // line index after the header block
  std::deque<std::string> joined;  // headings of several words (views in `names` point here)
};

// The heading of each column: the words of the heading line, each given to the column it overlaps
// most (SQL*Plus prints a heading within its column; a hand-edited one may stray a little).
void heading_names(std::string_view heading, const std::vector<Span>& spans, std::vector<std::string_view>& names,
                   std::deque<std::string>& joined) {
  const std::size_t first = names.size();
  names.resize(first + spans.size());
  std::size_t i = 0;
  while (i < heading.size()) {
    if (heading[i] == ' ') {
      ++i;
      continue;
    }
    const std::size_t b = i;
    while (i < heading.size() && heading[i] != ' ') ++i;
    std::size_t best = spans.size(), best_overlap = 0;
    for (std::size_t c = 0; c < spans.size(); ++c) {
      const std::size_t lo = std::max(b, spans[c].begin), hi = std::min(i, spans[c].end);
      if (hi > lo && hi - lo > best_overlap) best = c, best_overlap = hi - lo;
    }
    if (best == spans.size()) continue;
    auto& name = names[first + best];
    const auto word = heading.substr(b, i - b);
    name = name.empty() ? word : std::string_view(joined.emplace_back(std::string(name) + " " + std::string(word)));
  }
}

// The header block whose first heading line is lines[i] (lines[i + 1] is a rule), or empty.
std::optional<FixedLayout> fixed_layout_at(const std::vector<std::string_view>& lines, std::size_t i) {
  if (i + 1 >= lines.size() || is_blank(lines[i]) || is_rule(lines[i]) || !is_rule(lines[i + 1])) return std::nullopt;
  FixedLayout layout;
  layout.first_heading = rtrim(lines[i]);
  std::size_t j = i;
  while (j + 1 < lines.size() && !is_blank(lines[j]) && !is_rule(lines[j]) && is_rule(lines[j + 1])) {
    auto spans = rule_spans(lines[j + 1]);
    if (layout.names.size() + spans.size() > k_max_columns) return std::nullopt;
    layout.first_column.push_back(layout.names.size());
    heading_names(lines[j], spans, layout.names, layout.joined);
    layout.spans.push_back(std::move(spans));
    j += 2;
  }
  layout.end = j;
  return layout;
}

// The characters of `line` outside the columns are spaces: else the line does not fit the layout
// (a shifted row, a cell cut by a column boundary, another table).
bool fits(std::string_view line, const std::vector<Span>& spans) {
  line = rtrim(line);
  std::size_t pos = 0;
  for (const auto& s : spans) {
    for (std::size_t p = pos; p < std::min(s.begin, line.size()); ++p)
      if (line[p] != ' ') return false;
    pos = s.end;
  }
  for (std::size_t p = pos; p < line.size(); ++p)
    if (line[p] != ' ') return false;
  return true;
}

struct DelimitedLayout {
  std::string delimiter;  // "|", ",", " , "
  bool quotes = false;  // CSV: fields may be "quoted"
  std::vector<std::string_view> names;
  std::string_view heading;  // the heading line, to spot repeated headers
  std::size_t end = 0;  // line index after the heading (and its rule)
};

// Splits a delimited line. Returns false for an unbalanced quote. Unescaped "" goes to `scratch`.
bool split_delimited(std::string_view line, const DelimitedLayout& layout, std::vector<std::string_view>& cells,
                     std::deque<std::string>& scratch) {
  cells.clear();
  const std::string_view d = layout.delimiter;
  std::size_t pos = 0;
  while (true) {
    if (cells.size() > k_max_columns) return false;
    if (layout.quotes) {
      std::size_t p = pos;
      while (p < line.size() && line[p] == ' ') ++p;
      if (p < line.size() && line[p] == '"') {
        // The closing quote: the first one not doubled.
        bool escaped = false;
        std::size_t q = p + 1;
        while (true) {
          q = line.find('"', q);
          if (q == std::string_view::npos) return false;
          if (q + 1 < line.size() && line[q + 1] == '"') {
            escaped = true;
            q += 2;
            continue;
          }
          break;
        }
        std::string_view cell = line.substr(p + 1, q - p - 1);
        if (escaped) {
          std::string value;
          for (std::size_t k = 0; k < cell.size(); ++k) {
            value.push_back(cell[k]);
            if (cell[k] == '"') ++k;  // "" stands for "
          }
          cell = scratch.emplace_back(std::move(value));
        }
        cells.push_back(cell);
        ++q;
        while (q < line.size() && line[q] == ' ') ++q;
        if (q >= line.size()) return true;
        if (line.compare(q, d.size(), d) != 0) return false;
        pos = q + d.size();
        continue;
      }
    }
    const auto next = d.size() == 1 ? line.find(d[0], pos) : line.find(d, pos);
    if (next == std::string_view::npos) {
      cells.push_back(trim_ascii(line.substr(pos)));
      return true;
    }
    cells.push_back(trim_ascii(line.substr(pos, next - pos)));
    pos = next + d.size();
  }
}

// A heading line of a delimited table: column names separated by '|', ',' or ';' (quoted for CSV).
std::optional<DelimitedLayout> delimited_layout_at(const std::vector<std::string_view>& lines, std::size_t i) {
  const auto t = trim(lines[i]);
  if (t.empty()) return std::nullopt;
  DelimitedLayout layout;
  layout.heading = t;
  if (t.front() == '"') {
    const auto close = t.find('"', 1);
    if (close == std::string_view::npos || close + 1 >= t.size()) return std::nullopt;
    layout.delimiter = std::string(1, t[close + 1]);
    layout.quotes = true;
  } else if (t.find('|') != std::string_view::npos) {
    layout.delimiter = "|";
  } else if (t.find(',') != std::string_view::npos) {
    layout.delimiter = ",";
    layout.quotes = true;
  } else if (t.find(';') != std::string_view::npos) {
    layout.delimiter = ";";
    layout.quotes = true;
  } else {
    return std::nullopt;
  }
  std::deque<std::string> scratch;
  std::vector<std::string_view> cells;
  if (!split_delimited(t, layout, cells, scratch) || cells.size() < 3 || cells.size() > k_max_columns) return std::nullopt;
  for (auto c : cells) {
    if (!is_identifier(c)) return std::nullopt;
    layout.names.push_back(unquote(c));
  }
  layout.end = i + 1;
  if (layout.end < lines.size() && is_delimited_rule(lines[layout.end])) ++layout.end;
  return layout;
}

int column_index(const std::vector<std::string_view>& names, std::initializer_list<std::string_view> wanted) {
  for (auto w : wanted)
    for (std::size_t i = 0; i < names.size(); ++i)
      if (iequal(names[i], w)) return static_cast<int>(i);
  return -1;
}

bool has_columns(const std::vector<std::string_view>& names, std::initializer_list<std::string_view> wanted) {
  for (auto w : wanted)
    if (column_index(names, {w}) < 0) return false;
  return true;
}

// A table of a SQL*Plus spool: fixed-width or delimited, and where its rows start.
struct Table {
  std::optional<FixedLayout> fixed;
  std::optional<DelimitedLayout> delimited;
  const std::vector<std::string_view>& names() const { return fixed ? fixed->names : delimited->names; }
  std::size_t end() const { return fixed ? fixed->end : delimited->end; }
};

std::optional<Table> table_at(const std::vector<std::string_view>& lines, std::size_t i) {
  Table t;
  if (auto f = fixed_layout_at(lines, i)) {
    for (auto n : f->names)
      if (!n.empty() && !is_identifier(n)) return std::nullopt;
    t.fixed = std::move(f);
    return t;
  }
  if (auto d = delimited_layout_at(lines, i)) {
    t.delimited = std::move(d);
    return t;
  }
  return std::nullopt;
}

// What kind of spool a table's columns make. DMA collector tables are found by their PKEY header.
std::optional<DumpKind> spool_kind(const std::vector<std::string_view>& names) {
  if (!has_columns(names, {"METRIC_NAME", "AVERAGE"})) return std::nullopt;
  if (has_columns(names, {"BASELINE_NAME"})) return DumpKind::select_baseline_metric;
  if (column_index(names, {"SNAP_ID", "BEGIN_TIME", "END_TIME"}) >= 0) return DumpKind::sysmetric_summary;
  return std::nullopt;
}

// The DMA collector's heading: "PKEY|DBID|..." or the SQL expression "PKEY||','||DBID||...".
bool is_dma_heading(std::string_view line) {
  const auto t = trim_ascii(line);
  if (t.empty() || (t[0] != 'P' && t[0] != 'p')) return false;
  return istarts_with(t, "PKEY") && t.size() > 4 && !std::isalnum(static_cast<unsigned char>(t[4])) && t[4] != '_';
}

// ---------------------------------------------------------------------------------------------
// Rows

// The identity of a row, for spotting duplicates: texts (metric name, begin and end times as
// printed) are interned to small numbers so that the key is three integers.
struct RowKey {
  std::uint64_t dbid = 0;
  int instance = 0;
  std::int64_t period = 0;  // snapshot id or hour
  std::string_view p1, p2, metric;
  std::string_view p3 = {};  // the baseline's name
};

// Open addressing over the packed key. A slot is 8 bytes (a fingerprint and the key's index), so
// the table of a 100,000-row dump stays within 2 MB; the keys themselves are appended in order.
class DuplicateIndex {
public:
  // Line of an earlier row with the same key, or 0 (and the key is recorded for `line`).
  int seen(const RowKey& k, int line) {
    const Packed p{k.dbid, static_cast<std::uint64_t>(k.period),
                   (static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.instance)) << 32) | intern(k.metric, 0),
                   (intern(k.p1, 1) << 32) | intern(k.p2, 2), intern(k.p3, 3)};
    if ((m_keys.size() + 1) * 2 > m_slots.size()) grow(m_slots.size() * 2);
    const std::size_t h = hash(p);
    const auto fingerprint = static_cast<std::uint32_t>(h >> 32);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      auto& slot = m_slots[i];
      if (slot.index == 0) {
        m_keys.push_back({p, line});
        slot = {fingerprint, static_cast<std::uint32_t>(m_keys.size())};
        return 0;
      }
      if (slot.fingerprint == fingerprint && m_keys[slot.index - 1].key == p) return m_keys[slot.index - 1].line;
    }
  }

  void reserve(std::size_t rows) {
    m_keys.reserve(rows);
    if (rows * 2 > m_slots.size()) grow(rows * 2);
  }

private:
  struct Packed {
    std::uint64_t a = 0, b = 0, c = 0, d = 0, e = 0;
    bool operator==(const Packed& o) const { return a == o.a && b == o.b && c == o.c && d == o.d && e == o.e; }
  };
  struct Key {
    Packed key;
    int line = 0;
  };
  struct Slot {
    std::uint32_t fingerprint = 0;
    std::uint32_t index = 0;  // 1 + index into m_keys; 0: empty
  };
  static std::size_t hash(const Packed& p) {
    std::uint64_t h = p.a * 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 29) ^ p.b) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 32) ^ p.c) * 0x94d049bb133111ebULL;
    h = (h ^ (h >> 29) ^ p.d) * 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 32) ^ p.e) * 0xbf58476d1ce4e5b9ULL;
    return static_cast<std::size_t>(h ^ (h >> 31));
  }
  void grow(std::size_t at_least) {
    std::size_t n = 1024;
    while (n < at_least) n *= 2;
    m_slots.assign(n, Slot{});
    const std::size_t mask = n - 1;
    for (std::size_t k = 0; k < m_keys.size(); ++k) {
      const std::size_t h = hash(m_keys[k].key);
      std::size_t i = h & mask;
      while (m_slots[i].index != 0) i = (i + 1) & mask;
      m_slots[i] = {static_cast<std::uint32_t>(h >> 32), static_cast<std::uint32_t>(k + 1)};
    }
  }
  // The number of text `s`, the same for equal texts. `field` keeps the last text of each key field:
  // the rows of one snapshot share their times, so most lookups end there.
  std::uint64_t intern(std::string_view s, std::size_t field) {
    if (s.empty()) return 0;
    auto& last = m_last[field];
    if (last.second != 0 && last.first == s) return last.second;
    const auto [it, fresh] = m_texts.try_emplace(s, m_texts.size() + 1);
    last = {s, it->second};
    return it->second;  // below 2^32: there are fewer rows than that
  }
  std::unordered_map<std::string_view, std::uint64_t> m_texts;
  std::array<std::pair<std::string_view, std::uint64_t>, 4> m_last{};
  std::vector<Slot> m_slots;
  std::vector<Key> m_keys;
};

class DumpBuilder {
public:
  DumpBuilder(SysmetricDump& dump, std::string section) : m_dump(dump), m_section(std::move(section)) {}

  void diag(int line, std::string message, Diagnostic::Level level = Diagnostic::Level::warning) {
    if (m_dump.diagnostics.size() >= k_max_diagnostics) {
      ++m_suppressed;
      return;
    }
    m_dump.diagnostics.push_back({level, m_section, line, std::move(message)});
  }

  // Line of an earlier row with the same key, or 0 (and the key is recorded for `line`).
  int seen(const RowKey& key, int line) {
    const int first = m_seen.seen(key, line);
    if (first != 0) ++m_dump.duplicate_rows;
    return first;
  }

  // SQL*Plus's "N rows selected." (summed: a file may hold several queries' spools).
  void selected(std::size_t n) { m_dump.rows_selected = m_dump.rows_selected.value_or(0) + n; }
  void cut_off() { m_dump.cut_off = true; }

  void reserve(std::size_t rows) {
    m_dump.rows.reserve(std::min(rows, k_max_rows));
    m_seen.reserve(std::min(rows, k_max_rows));
  }

  void add(SysmetricRow&& row) {
    if (m_dump.rows.size() >= k_max_rows)
      throw Error(m_dump.source, fmt::format("more than {} metric rows; not read", k_max_rows));
    m_dump.rows.push_back(std::move(row));
  }

  // Instances, the DB Id check and the "no row" error; the count of diagnostics not listed.
  void finish() {
    std::set<int> instances;
    std::set<std::uint64_t> dbids;
    std::optional<int> last_instance;
    std::optional<std::uint64_t> last_dbid;
    for (const auto& r : m_dump.rows) {  // rows come in runs of one instance and DB Id
      if (r.instance_number && r.instance_number != last_instance) instances.insert(*(last_instance = r.instance_number));
      if (r.dbid && r.dbid != last_dbid) dbids.insert(*(last_dbid = r.dbid));
    }
    m_dump.instances.assign(instances.begin(), instances.end());
    if (!m_dump.dbid && !dbids.empty()) m_dump.dbid = m_dump.rows.front().dbid ? m_dump.rows.front().dbid : *dbids.begin();
    if (m_dump.dbid && (dbids.size() > 1 || (dbids.size() == 1 && *dbids.begin() != *m_dump.dbid))) {
      std::string list;
      for (auto d : dbids) list += (list.empty() ? "" : ", ") + std::to_string(d);
      diag(0, fmt::format("rows of DB Id {} in a dump of DB Id {}: another database's rows are mixed in", list, *m_dump.dbid));
    }
    if (m_suppressed > 0)
      m_dump.diagnostics.push_back({Diagnostic::Level::warning, m_section, 0,
                                    fmt::format("{} more diagnostics like the above, not listed", m_suppressed)});
    if (m_dump.rows.empty()) {
      std::string why = "no metric row could be read";
      for (const auto& d : m_dump.diagnostics)
        if (d.level == Diagnostic::Level::warning) {
          why += d.line > 0 ? fmt::format(" (line {}: {})", d.line, d.message) : fmt::format(" ({})", d.message);
          break;
        }
      throw Error(m_dump.source, why);
    }
  }

private:
  SysmetricDump& m_dump;
  std::string m_section;
  DuplicateIndex m_seen;
  std::size_t m_suppressed = 0;
};

// The numeric statistics a table row may carry, by column.
struct StatColumn {
  int index = -1;
  std::optional<double> SysmetricRow::*field = nullptr;
  int percentile = 0;  // PERCnn: nn; then `field` is unused
};

// Reads `cells[c.index]` for every stat column. A cell that is not a number makes the whole row
// unreadable (false, with `problem` set); a blank cell stays empty.
bool read_stats(const std::vector<StatColumn>& stats, const std::vector<std::string_view>& cells,
                const std::vector<std::string_view>& names, NumberReader& numbers, SysmetricRow& row, std::string& problem) {
  std::size_t percentiles = 0;
  for (const auto& c : stats) percentiles += c.percentile > 0 ? 1 : 0;
  if (percentiles > 0) row.percentiles.reserve(percentiles);
  for (const auto& c : stats) {
    if (c.index < 0 || static_cast<std::size_t>(c.index) >= cells.size()) continue;
    double v = 0;
    const auto st = numbers.read(cells[static_cast<std::size_t>(c.index)], v);
    if (st == NumStatus::blank) continue;
    if (st != NumStatus::ok) {
      problem =
          number_problem(st, cells[static_cast<std::size_t>(c.index)], names[static_cast<std::size_t>(c.index)], numbers.mark());
      return false;
    }
    if (c.percentile > 0) row.percentiles.emplace_back(c.percentile, v);
    else row.*(c.field) = v;
  }
  std::sort(row.percentiles.begin(), row.percentiles.end());
  return true;
}

bool any_value(const SysmetricRow& r) {
  return r.average || r.minimum || r.maximum || r.median || r.mode || r.standard_deviation || r.sum || !r.percentiles.empty();
}

// Walks the rows of a table from table.end() on, calling `on_row(line_number, cells)` (1-based line
// of the row's first line). Skips blank lines, repeated headers and SQL*Plus's closing lines; a row
// that does not fit the columns gets a diagnostic. Stops at line index `stop` (exclusive).
template <class OnRow>
void for_each_row(const std::vector<std::string_view>& lines, std::size_t stop, const Table& table, bool last_complete,
                  DumpBuilder& b, OnRow&& on_row) {
  std::vector<std::string_view> cells;
  std::deque<std::string> scratch;  // unescaped quoted cells, alive until the end of the parse
  std::size_t i = table.end();
  const std::size_t columns = table.names().size();
  auto truncated = [&](std::size_t last) { return !last_complete && last + 1 == lines.size(); };
  while (i < stop) {
    const auto line = lines[i];
    if (is_noise(line)) {
      if (const auto n = rows_selected_count(line)) b.selected(*n);
      ++i;
      continue;
    }
    if (is_oracle_error(line)) {
      b.diag(static_cast<int>(i + 1), fmt::format("Oracle error in the spool: {}", trim(line)));
      ++i;
      continue;
    }
    if (table.fixed) {
      const auto& f = *table.fixed;
      if (rtrim(line) == f.first_heading && i + 1 < stop && is_rule(lines[i + 1])) {
        i += f.spans.size() * 2;  // a page's repeated header block
        continue;
      }
      const std::size_t k = f.spans.size();
      if (i + k > stop) {
        b.diag(static_cast<int>(i + 1), fmt::format("row cut short: {} of its {} lines", stop - i, k));
        if (stop == lines.size()) b.cut_off();
        return;
      }
      cells.assign(columns, std::string_view{});
      bool ok = true;
      for (std::size_t s = 0; s < k && ok; ++s) {
        const auto part = lines[i + s];
        if (!fits(part, f.spans[s])) {
          if (k == 1) {
            b.diag(static_cast<int>(i + 1), "row skipped: it does not fit the columns under the dashed rule");
          } else {
            // A wrapped row out of step: which line starts the next row is unknown up to the blank
            // line SQL*Plus prints after each wrapped row (or the next headings). Reading on from
            // the next line could take one row's line for another's.
            std::size_t j = i + 1;
            while (j < stop && !is_blank(lines[j]) && rtrim(lines[j]) != f.first_heading) ++j;
            b.diag(static_cast<int>(i + s + 1),
                   fmt::format("row skipped: line {} does not fit the columns under the dashed rule; lines {}-{} "
                               "skipped up to the next blank line",
                               i + s + 1, i + 1, j));
            i = j;
          }
          ok = false;
          break;
        }
        for (std::size_t c = 0; c < f.spans[s].size(); ++c) cells[f.first_column[s] + c] = cell_at(part, f.spans[s][c]);
      }
      if (ok && truncated(i + k - 1)) {
        b.diag(static_cast<int>(i + k), "row skipped: the file ends inside it (no line break after it)");
        b.cut_off();
        return;
      }
      if (ok) {
        on_row(static_cast<int>(i + 1), cells);
        i += k;
      } else if (k == 1) {
        ++i;
      }  // else: i moved past the wrapped row's lines above
      continue;
    }
    const auto& d = *table.delimited;
    if (trim_ascii(line) == d.heading || is_delimited_rule(line)) {
      ++i;
      continue;
    }
    // `scratch` keeps the unescaped cells ("" in quotes) for the whole parse: the duplicate index
    // and the date cache hold views of earlier rows' cells.
    if (truncated(i) && (!split_delimited(line, d, cells, scratch) || cells.size() != columns)) {
      b.diag(static_cast<int>(i + 1), "last row incomplete: the file ends inside it (cut off?), row skipped");
      b.cut_off();
    } else if (!split_delimited(line, d, cells, scratch)) {
      b.diag(static_cast<int>(i + 1), "row skipped: unbalanced quotes or too many fields");
    } else if (cells.size() != columns) {
      b.diag(static_cast<int>(i + 1),
             fmt::format("row skipped: {} fields where the header has {} (wrong delimiter, or a value holding '{}')",
                         cells.size(), columns, d.delimiter));
    } else if (truncated(i)) {
      b.diag(static_cast<int>(i + 1), "row skipped: the file ends inside it (no line break after it)");
      b.cut_off();
    } else {
      on_row(static_cast<int>(i + 1), cells);
    }
    ++i;
  }
}

// ---------------------------------------------------------------------------------------------
// AWR-Miner / DBCSI

enum class MinerStat { average, maximum, sd };

struct MinerColumn {
  std::string_view alias;  // the column heading AWR-Miner gives it
  std::string_view metric;  // DBA_HIST_SYSMETRIC_SUMMARY.METRIC_NAME it is computed from
  std::string_view unit;  // that metric's METRIC_UNIT
  MinerStat stat;  // AVERAGE, MAXVAL or STANDARD_DEVIATION
  double factor;  // column value x factor = value in `unit` (AWR-Miner divided by it)
};

constexpr double k_mib = 1048576.0;

// From the MAIN-METRICS query of every AWR-Miner release in tmuth/AWR-Miner (2.9.x to 5.0.8) and of
// the DBCSI script (4.0.11.aws): `max(decode(metric_name, '<metric>', <expression>, null)) "<alias>"`
// over round(average, 1), round(maxval, 1), round(standard_deviation, 1) of
// DBA_HIST_SYSMETRIC_SUMMARY. The expression's division is undone by `factor`.
constexpr std::array<MinerColumn, 67> k_miner_columns{{
    {"os_cpu", "Host CPU Utilization (%)", "% Busy/(Idle+Busy)", MinerStat::average, 1},
    {"os_cpu_max", "Host CPU Utilization (%)", "% Busy/(Idle+Busy)", MinerStat::maximum, 1},
    {"os_cpu_sd", "Host CPU Utilization (%)", "% Busy/(Idle+Busy)", MinerStat::sd, 1},
    {"db_wait_ratio", "Database Wait Time Ratio", "% Wait/DB_Time", MinerStat::average, 1},
    {"db_cpu_ratio", "Database CPU Time Ratio", "% Cpu/DB_Time", MinerStat::average, 1},
    {"cpu_per_s", "CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::average, 100},  // round(average/100,3)
    {"cpu_per_s_max", "CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::maximum, 100},
    {"cpu_per_s_sd", "CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::sd, 100},
    {"h_cpu_per_s", "Host CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::average, 100},
    {"h_cpu_per_s_max", "Host CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::maximum, 100},
    {"h_cpu_per_s_sd", "Host CPU Usage Per Sec", "CentiSeconds Per Second", MinerStat::sd, 100},
    {"aas", "Average Active Sessions", "Active Sessions", MinerStat::average, 1},
    {"aas_max", "Average Active Sessions", "Active Sessions", MinerStat::maximum, 1},
    {"aas_sd", "Average Active Sessions", "Active Sessions", MinerStat::sd, 1},
    {"db_time", "Database Time Per Sec", "CentiSeconds Per Second", MinerStat::average, 1},
    {"db_time_sd", "Database Time Per Sec", "CentiSeconds Per Second", MinerStat::sd, 1},
    {"sql_res_t_cs", "SQL Service Response Time", "CentiSeconds Per Call", MinerStat::average, 1},
    {"bkgd_t_per_s", "Background Time Per Sec", "Active Sessions", MinerStat::average, 1},
    {"logons_s", "Logons Per Sec", "Logons Per Second", MinerStat::average, 1},
    {"logons_total", "Current Logons Count", "Logons", MinerStat::average, 1},
    {"exec_s", "Executions Per Sec", "Executes Per Second", MinerStat::average, 1},
    {"hard_p_s", "Hard Parse Count Per Sec", "Parses Per Second", MinerStat::average, 1},
    {"l_reads_s", "Logical Reads Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"commits_s", "User Commits Per Sec", "Commits Per Second", MinerStat::average, 1},
    {"read_mb_s", "Physical Read Total Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"read_mb_s_max", "Physical Read Total Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"read_iops", "Physical Read Total IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"read_iops_max", "Physical Read Total IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"read_iops_direct", "Physical Reads Direct Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"read_iops_direct_max", "Physical Reads Direct Per Sec", "Reads Per Second", MinerStat::maximum, 1},
    {"read_bks", "Physical Reads Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"read_bks_direct", "Physical Reads Direct Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"write_mb_s", "Physical Write Total Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"write_mb_s_max", "Physical Write Total Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"write_iops", "Physical Write Total IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"write_iops_max", "Physical Write Total IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"write_iops_direct", "Physical Writes Direct Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"write_iops_direct_max", "Physical Writes Direct Per Sec", "Writes Per Second", MinerStat::maximum, 1},
    {"write_bks", "Physical Writes Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"write_bks_direct", "Physical Writes Direct Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"read_nt_mb_s", "Physical Read Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"read_nt_mb_s_max", "Physical Read Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"read_nt_iops", "Physical Read IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"read_nt_iops_max", "Physical Read IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"write_nt_mb_s", "Physical Write Bytes Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"write_nt_mb_s_max", "Physical Write Bytes Per Sec", "Bytes Per Second", MinerStat::maximum, k_mib},
    {"write_nt_iops", "Physical Write IO Requests Per Sec", "Requests Per Second", MinerStat::average, 1},
    {"write_nt_iops_max", "Physical Write IO Requests Per Sec", "Requests Per Second", MinerStat::maximum, 1},
    {"redo_mb_s", "Redo Generated Per Sec", "Bytes Per Second", MinerStat::average, k_mib},
    {"db_block_gets_s", "DB Block Gets Per Sec", "Blocks Per Second", MinerStat::average, 1},
    {"db_block_changes_s", "DB Block Changes Per Sec", "Blocks Per Second", MinerStat::average, 1},
    {"gc_cr_rec_s", "GC CR Block Received Per Second", "Blocks Per Second", MinerStat::average, 1},
    {"gc_cu_rec_s", "GC Current Block Received Per Second", "Blocks Per Second", MinerStat::average, 1},
    {"gc_cr_get_cs", "Global Cache Average CR Get Time", "CentiSeconds Per Get", MinerStat::average, 1},
    {"gc_cu_get_cs", "Global Cache Average Current Get Time", "CentiSeconds Per Get", MinerStat::average, 1},
    {"gc_bk_corrupted", "Global Cache Blocks Corrupted", "Blocks", MinerStat::average, 1},
    {"gc_bk_lost", "Global Cache Blocks Lost", "Blocks", MinerStat::average, 1},
    {"px_sess", "Active Parallel Sessions", "Sessions", MinerStat::average, 1},
    {"se_sess", "Active Serial Sessions", "Sessions", MinerStat::average, 1},
    {"s_blk_r_lat", "Average Synchronous Single-Block Read Latency", "Milliseconds", MinerStat::average, 1},
    {"cell_io_int_mb", "Cell Physical IO Interconnect Bytes", "bytes", MinerStat::average, k_mib},
    {"cell_io_int_mb_max", "Cell Physical IO Interconnect Bytes", "bytes", MinerStat::maximum, k_mib},
    {"swap_in_sec", "VM in bytes Per Sec", "bytes per sec", MinerStat::average, 1},
    {"swap_out_sec", "VM out bytes Per Sec", "bytes per sec", MinerStat::average, 1},
    {"rollbacks_per_sec", "User Rollbacks Per Sec", "Rollbacks Per Second", MinerStat::average, 1},
    {"pq_to_serial_per_sec", "PX downgraded to serial Per Sec", "PX Operations Per Second", MinerStat::average, 1},
    {"long_tbl_scan_per_sec", "Long Table Scans Per Sec", "Scans Per Second", MinerStat::average, 1},
}};

// AWR-Miner 3.0.13 to 3.0.16 computed read_iops / write_iops (and their _max) from the block
// counts 'Physical Reads Per Sec' / 'Physical Writes Per Sec', not from the IO requests.
constexpr std::array<MinerColumn, 4> k_miner_3013_columns{{
    {"read_iops", "Physical Reads Per Sec", "Reads Per Second", MinerStat::average, 1},
    {"read_iops_max", "Physical Reads Per Sec", "Reads Per Second", MinerStat::maximum, 1},
    {"write_iops", "Physical Writes Per Sec", "Writes Per Second", MinerStat::average, 1},
    {"write_iops_max", "Physical Writes Per Sec", "Writes Per Second", MinerStat::maximum, 1},
}};

constexpr std::string_view k_unmapped_unit = "awr-miner column";

// One metric of a MAIN-METRICS row: the columns that give its average, maximum and deviation.
struct MinerGroup {
  std::string_view metric, unit;
  std::array<int, 3> column{-1, -1, -1};  // by MinerStat
  std::array<double, 3> factor{1, 1, 1};
};

bool version_in_3013_3016(std::string_view v) {
  for (std::string_view p : {"3.0.13", "3.0.14", "3.0.15", "3.0.16"})
    if (v.substr(0, p.size()) == p && (v.size() == p.size() || !is_digit(v[p.size()]))) return true;
  return false;
}

struct MinerHeader {
  std::string version;
  std::optional<std::uint64_t> dbid;
};

// ~~BEGIN-OS-INFORMATION~~: STAT_NAME / STAT_VALUE lines.
MinerHeader read_os_information(const std::vector<std::string_view>& lines, SysmetricDump& dump, DumpBuilder& b) {
  MinerHeader h;
  std::size_t i = 0;
  while (i < lines.size() && trim(lines[i]) != "~~BEGIN-OS-INFORMATION~~") ++i;
  if (i == lines.size()) {
    b.diag(0, "no ~~BEGIN-OS-INFORMATION~~ section: database name, DB Id and release unknown", Diagnostic::Level::info);
    return h;
  }
  std::optional<Span> name_span;
  for (++i; i < lines.size(); ++i) {
    const auto line = lines[i];
    const auto t = trim(line);
    if (t.substr(0, 2) == "~~") break;
    if (is_rule(line)) {
      const auto spans = rule_spans(line);
      if (!spans.empty()) name_span = spans.front();
      continue;
    }
    if (!name_span || t.empty()) continue;
    const auto name = cell_at(line, *name_span);
    const auto value = name_span->end < line.size() ? trim(line.substr(name_span->end)) : std::string_view{};
    if (name == "DB_NAME") dump.db_name = std::string(value);
    else if (name == "VERSION") dump.release = std::string(value);
    else if (name == "HOSTS") dump.host = std::string(value);
    else if (name == "PLATFORM_NAME") dump.platform = std::string(value);
    else if (name == "AWR_MINER_VER") h.version = std::string(value);
    else if (name == "INSTANCES") {
      if (auto n = parse_integer<int>(value); n && *n > 0) dump.instance_count = *n;
    } else if (name == "NUM_CPUS") {
      if (auto n = parse_integer<long long>(value)) dump.cpus = static_cast<double>(*n);
    } else if (name == "DBID" && !value.empty()) {
      h.dbid = parse_integer<std::uint64_t>(value);
      if (!h.dbid) b.diag(static_cast<int>(i + 1), fmt::format("DBID '{}' is not a number", value));
    }
  }
  return h;
}

// The DB Id in AWR-Miner's own file name, awr-hist-<dbid>-<db name>-<snap min>-<snap max>.out.
std::optional<std::uint64_t> dbid_from_file_name(std::string_view source) {
  const auto slash = source.find_last_of("/\\");
  auto name = slash == std::string_view::npos ? source : source.substr(slash + 1);
  if (!istarts_with(name, "awr-hist-")) return std::nullopt;
  name.remove_prefix(9);
  const auto dash = name.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  return parse_integer<std::uint64_t>(name.substr(0, dash));
}

void parse_awr_miner(const TextLines& text, SysmetricDump& dump) {
  const auto& lines = text.lines;
  DumpBuilder b(dump, "MAIN-METRICS");
  const MinerHeader header = read_os_information(lines, dump, b);
  dump.tool_version = header.version;
  dump.dbid = header.dbid;
  if (!dump.dbid) {
    if (auto id = dbid_from_file_name(dump.source)) {
      dump.dbid = id;
      b.diag(0, fmt::format("DB Id {} read from the file name (the capture does not print it)", *id), Diagnostic::Level::info);
    }
  }

  std::size_t begin = 0;
  while (begin < lines.size() && trim(lines[begin]) != k_main_begin) ++begin;
  if (begin == lines.size()) throw Error(dump.source, "AWR-Miner capture without a ~~BEGIN-MAIN-METRICS~~ section");
  std::size_t stop = begin + 1;
  bool closed = false;
  while (stop < lines.size()) {
    const auto t = trim(lines[stop]);
    if (t == k_main_end) {
      closed = true;
      break;
    }
    if (t.substr(0, 8) == "~~BEGIN-") break;
    ++stop;
  }
  if (!closed) b.diag(static_cast<int>(stop), "~~END-MAIN-METRICS~~ missing: the capture may be cut short");

  std::optional<Table> table;
  std::size_t i = begin + 1;
  for (; i < stop && !table; ++i) {
    if (is_oracle_error(lines[i]))
      throw Error(dump.source, fmt::format("MAIN-METRICS holds an Oracle error: {}", trim(lines[i])));
    if (auto f = fixed_layout_at(lines, i)) table = Table{std::move(f), std::nullopt};
  }
  if (!table) throw Error(dump.source, "~~BEGIN-MAIN-METRICS~~ holds no table (no heading over a dashed rule)");
  const auto& names = table->names();
  const int c_snap = column_index(names, {"snap"}), c_dur = column_index(names, {"dur_m"}), c_end = column_index(names, {"end"}),
            c_inst = column_index(names, {"inst"});
  if (c_snap < 0 || c_end < 0 || c_inst < 0)
    throw Error(dump.source, "MAIN-METRICS table without its snap, end and inst columns");

  // Column -> metric groups.
  const bool old_iops = version_in_3013_3016(header.version) ||
                        (has_columns(names, {"cpu_per_s_max", "read_iops_direct"}) && !has_columns(names, {"read_bks"}));
  if (old_iops)
    b.diag(0, "AWR-Miner 3.0.13-3.0.16 layout: read_iops and write_iops are 'Physical Reads/Writes Per Sec' (blocks)",
           Diagnostic::Level::info);
  std::vector<MinerGroup> groups;
  auto group_for = [&groups](std::string_view metric, std::string_view unit) -> MinerGroup& {
    for (auto& g : groups)
      if (g.metric == metric) return g;
    groups.push_back({metric, unit, {-1, -1, -1}, {1, 1, 1}});
    return groups.back();
  };
  std::vector<std::size_t> unmapped_columns;
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (static_cast<int>(c) == c_snap || static_cast<int>(c) == c_dur || static_cast<int>(c) == c_end ||
        static_cast<int>(c) == c_inst)
      continue;
    const MinerColumn* m = nullptr;
    if (old_iops)
      for (const auto& mc : k_miner_3013_columns)
        if (mc.alias == names[c]) m = &mc;
    if (!m)
      for (const auto& mc : k_miner_columns)
        if (mc.alias == names[c]) m = &mc;
    if (m) {
      auto& g = group_for(m->metric, m->unit);
      const auto s = static_cast<std::size_t>(m->stat);
      if (g.column[s] < 0) {
        g.column[s] = static_cast<int>(c);
        g.factor[s] = m->factor;
        continue;
      }
      b.diag(0,
             fmt::format("column {} gives the same figure of '{}' as column {}; kept under its own name", names[c], m->metric,
                         names[static_cast<std::size_t>(g.column[s])]),
             Diagnostic::Level::info);
    }
    unmapped_columns.push_back(c);
  }
  // Columns AWR-Miner's queries do not define: kept under their own name; "<x>_max" and "<x>_sd"
  // beside an unmapped "<x>" are its maximum and deviation.
  auto is_unmapped = [&](int c) {
    return c >= 0 &&
           std::find(unmapped_columns.begin(), unmapped_columns.end(), static_cast<std::size_t>(c)) != unmapped_columns.end();
  };
  for (auto c : unmapped_columns) {
    const auto name = names[c];
    if (name.empty()) continue;
    b.diag(0,
           fmt::format("column {} is not one AWR-Miner computes from a known metric: kept as metric '{}' ({})", name, name,
                       k_unmapped_unit),
           Diagnostic::Level::info);
    std::string_view base = name;
    std::size_t stat = 0;
    for (auto [suffix, s] : {std::pair<std::string_view, std::size_t>{"_max", 1}, {"_sd", 2}}) {
      if (name.size() <= suffix.size() || name.substr(name.size() - suffix.size()) != suffix) continue;
      const auto candidate = name.substr(0, name.size() - suffix.size());
      if (is_unmapped(column_index(names, {candidate}))) {
        base = candidate;
        stat = s;
      }
    }
    auto& g = group_for(base, k_unmapped_unit);
    if (g.column[stat] < 0) g.column[stat] = static_cast<int>(c);
  }

  // DBCSI writes nvl(value, 0): a 0 may be a metric DBA_HIST_SYSMETRIC_SUMMARY did not have.
  const bool dbcsi = header.version.find(".aws") != std::string::npos;
  std::vector<bool> column_nonzero(names.size(), false);

  NumberReader numbers(true);
  std::size_t rows_seen = 0;
  auto on_row = [&](int line, const std::vector<std::string_view>& cells) {
    ++rows_seen;
    const auto snap = parse_integer<std::int64_t>(cells[static_cast<std::size_t>(c_snap)]);
    const auto inst = parse_integer<int>(cells[static_cast<std::size_t>(c_inst)]);
    const auto end = parse_yy_mm_dd(cells[static_cast<std::size_t>(c_end)]);
    if (!snap || !inst || !end) {
      b.diag(line,
             !snap ? fmt::format("row skipped: snap '{}' is not a snapshot id", cells[static_cast<std::size_t>(c_snap)])
             : !inst
                 ? fmt::format("row skipped: inst '{}' is not an instance number", cells[static_cast<std::size_t>(c_inst)])
                 : fmt::format("row skipped: end '{}' is not a YY/MM/DD HH24:MI time", cells[static_cast<std::size_t>(c_end)]));
      return;
    }
    if (const int first = b.seen({0, *inst, *snap, {}, {}, {}}, line)) {
      b.diag(line, fmt::format("row skipped: snap {} inst {} again (first at line {})", *snap, *inst, first));
      return;
    }
    std::optional<double> minutes;
    if (c_dur >= 0) {
      double v = 0;
      const auto st = numbers.read(cells[static_cast<std::size_t>(c_dur)], v);
      if (st == NumStatus::ok && v >= 0 && v < 1e7) minutes = v;
      else if (st != NumStatus::blank)
        b.diag(line, number_problem(st == NumStatus::ok ? NumStatus::invalid : st, cells[static_cast<std::size_t>(c_dur)],
                                    "dur_m", numbers.mark()) +
                         "; the period's begin time is left empty");
    }
    const std::string end_iso = iso(*end);
    const std::string begin_iso = minutes ? iso(minus_seconds(*end, std::llround(*minutes * 60))) : std::string();
    for (const auto& g : groups) {
      SysmetricRow row;
      std::string problem;
      for (std::size_t s = 0; s < 3 && problem.empty(); ++s) {
        if (g.column[s] < 0) continue;
        const auto col = static_cast<std::size_t>(g.column[s]);
        double v = 0;
        const auto st = numbers.read(cells[col], v);
        if (st == NumStatus::blank) continue;
        if (st != NumStatus::ok) {
          problem = number_problem(st, cells[col], names[col], numbers.mark());
          break;
        }
        if (v != 0) column_nonzero[col] = true;
        v *= g.factor[s];
        if (s == 0) row.average = v;
        else if (s == 1) row.maximum = v;
        else row.standard_deviation = v;
      }
      if (!problem.empty()) {
        b.diag(line, fmt::format("{} skipped for snap {} inst {}: {}", g.metric, *snap, *inst, problem));
        continue;
      }
      if (!any_value(row)) continue;
      row.metric_name = std::string(g.metric);
      row.metric_unit = std::string(g.unit);
      row.dbid = dump.dbid;
      row.instance_number = *inst;
      row.snap_id = *snap;
      row.begin_time = begin_iso;
      row.end_time = end_iso;
      row.num_intervals = minutes;
      if (minutes) row.interval_s = *minutes * 60;
      row.line = line;
      b.add(std::move(row));
    }
  };
  for_each_row(lines, stop, *table, text.last_complete, b, on_row);
  dump.rows_selected.reset();  // a line holds many rows: SQL*Plus's count is of lines
  dump.duplicate_rows = 0;
  if (dbcsi && rows_seen > 0) {
    std::string zero;
    for (const auto& g : groups)
      for (std::size_t s = 0; s < 3; ++s)
        if (g.column[s] >= 0 && !column_nonzero[static_cast<std::size_t>(g.column[s])])
          zero += (zero.empty() ? "" : ", ") + std::string(names[static_cast<std::size_t>(g.column[s])]);
    if (!zero.empty())
      b.diag(0,
             fmt::format("DBCSI writes 0 for a metric the database did not record; these columns are 0 in every row: {}", zero),
             Diagnostic::Level::info);
  }
  b.finish();
}

// ---------------------------------------------------------------------------------------------
// DMA collector

// The columns of awrhistsysmetricsumm, in the collector's order (db_assessment/dbSQLCollector,
// versions 2.0.3 to 4.x; DMA_SOURCE_ID and DMA_MANUAL_ID since 2023).
constexpr std::array<std::string_view, 19> k_dma_columns{
    "PKEY",       "DBID",         "INSTANCE_NUMBER", "HOUR",          "METRIC_NAME",  "METRIC_UNIT", "AVG_VALUE",
    "MODE_VALUE", "MEDIAN_VALUE", "MIN_VALUE",       "MAX_VALUE",     "SUM_VALUE",    "PERC50",      "PERC75",
    "PERC90",     "PERC95",       "PERC100",         "DMA_SOURCE_ID", "DMA_MANUAL_ID"};

void parse_dma(const TextLines& text, SysmetricDump& dump) {
  const auto& lines = text.lines;
  DumpBuilder b(dump, "awrhistsysmetricsumm");
  b.reserve(lines.size());
  std::size_t h = 0;
  while (h < lines.size() && is_blank(lines[h])) ++h;
  if (h == lines.size() || !is_dma_heading(lines[h])) throw Error(dump.source, "DMA collector file without its PKEY header");
  const auto heading = trim(lines[h]);
  DelimitedLayout layout;
  layout.heading = heading;
  std::vector<std::string_view> names;
  if (heading.find("||") != std::string_view::npos) {
    // The SQL expression PKEY||','||DBID||...: the names between the quoted separators.
    std::string literal;
    std::size_t pos = 0;
    while (pos <= heading.size()) {
      auto next = heading.find("||", pos);
      if (next == std::string_view::npos) next = heading.size();
      const auto piece = trim(heading.substr(pos, next - pos));
      if (!piece.empty() && piece.front() == '\'')
        literal = std::string(trim(piece.substr(1, piece.size() >= 2 ? piece.size() - 2 : 0)));
      else if (!piece.empty()) names.push_back(piece);
      pos = next + 2;
      if (names.size() > k_max_columns) throw Error(dump.source, "DMA collector header with too many columns");
    }
    if (literal.empty()) literal = ",";
    // SQL*Plus drops the spaces of the expression in the heading: ' , ' prints as ','. The first row
    // decides: the separator with spaces around it when that splits it into the header's fields.
    // SQL*Plus also cuts the heading of an expression (at 200 characters in the 11g and 19c
    // collectors' files, after PERC50): when the heading is a cut prefix of the collector's own
    // column list, the rest of that list names the row's further fields.
    layout.delimiter = " " + literal + " ";
    const bool cut = heading.size() >= 2 && heading.substr(heading.size() - 2) == "||";
    for (std::size_t r = h + 1; r < lines.size(); ++r) {
      if (is_blank(lines[r])) continue;
      std::deque<std::string> scratch;
      std::vector<std::string_view> cells;
      if (!split_delimited(lines[r], layout, cells, scratch) || cells.size() < names.size()) {
        layout.delimiter = literal;
        if (!split_delimited(lines[r], layout, cells, scratch)) cells.clear();
      }
      if (cells.size() > names.size() && names.size() <= k_dma_columns.size()) {
        bool prefix = true;
        for (std::size_t c = 0; c < names.size() && prefix; ++c) {
          const bool last = c + 1 == names.size();
          prefix = iequal(names[c], k_dma_columns[c]) || (last && !cut && istarts_with(k_dma_columns[c], names[c]));
        }
        if (prefix && cells.size() <= k_dma_columns.size()) {
          b.diag(static_cast<int>(h + 1),
                 fmt::format("the header is cut after {} of the {} fields of a row; the rest taken as the collector's {}..{}",
                             names.size(), cells.size(), k_dma_columns[names.size() - (cut ? 0 : 1)],
                             k_dma_columns[cells.size() - 1]),
                 Diagnostic::Level::info);
          names.assign(k_dma_columns.begin(), k_dma_columns.begin() + static_cast<std::ptrdiff_t>(cells.size()));
        }
      }
      break;
    }
  } else {
    const auto l = delimited_layout_at(lines, h);
    if (!l) throw Error(dump.source, "DMA collector header whose columns are not separated by '|' or ','");
    layout = *l;
    names = l->names;
  }
  layout.names = names;
  layout.end = h + 1;
  const int c_dbid = column_index(names, {"DBID"}), c_inst = column_index(names, {"INSTANCE_NUMBER"}),
            c_hour = column_index(names, {"HOUR", "HO", "HH24"}), c_name = column_index(names, {"METRIC_NAME"}),
            c_unit = column_index(names, {"METRIC_UNIT"}), c_pkey = column_index(names, {"PKEY"});
  if (c_inst < 0 || c_hour < 0 || c_name < 0 || column_index(names, {"AVG_VALUE"}) < 0)
    throw Error(dump.source, "DMA collector header without INSTANCE_NUMBER, HOUR, METRIC_NAME and AVG_VALUE");
  std::vector<StatColumn> stats;
  auto stat = [&](std::string_view name, std::optional<double> SysmetricRow::*field) {
    if (const int c = column_index(names, {name}); c >= 0) stats.push_back({c, field, 0});
  };
  stat("AVG_VALUE", &SysmetricRow::average);
  stat("MODE_VALUE", &SysmetricRow::mode);
  stat("MEDIAN_VALUE", &SysmetricRow::median);
  stat("MIN_VALUE", &SysmetricRow::minimum);
  stat("MAX_VALUE", &SysmetricRow::maximum);
  stat("SUM_VALUE", &SysmetricRow::sum);
  for (std::size_t c = 0; c < names.size(); ++c) {
    const auto n = names[c];
    if (n.size() > 4 && istarts_with(n, "PERC"))
      if (auto nn = parse_integer<int>(n.substr(4)); nn && *nn > 0 && *nn <= 100)
        stats.push_back({static_cast<int>(c), nullptr, *nn});
  }
  dump.basis = SysmetricBasis::average_plus_2sd;

  NumberReader numbers(false);
  bool pkey_read = false;
  auto on_row = [&](int line, const std::vector<std::string_view>& cells) {
    if (is_dma_heading(cells[0])) return;  // a header repeated
    const auto cell = [&](int c) { return c >= 0 ? cells[static_cast<std::size_t>(c)] : std::string_view{}; };
    std::optional<std::uint64_t> dbid;
    if (c_dbid >= 0) {
      dbid = parse_integer<std::uint64_t>(cell(c_dbid));
      if (!dbid) return b.diag(line, fmt::format("row skipped: DBID '{}' is not a number", cell(c_dbid)));
    }
    const auto inst = parse_integer<int>(cell(c_inst));
    if (!inst) return b.diag(line, fmt::format("row skipped: INSTANCE_NUMBER '{}' is not a number", cell(c_inst)));
    const auto hour = parse_integer<int>(cell(c_hour));
    if (!hour || *hour < 0 || *hour > 23) return b.diag(line, fmt::format("row skipped: hour '{}' is not 00-23", cell(c_hour)));
    const auto metric = cell(c_name);
    if (metric.empty()) return b.diag(line, "row skipped: no METRIC_NAME");
    SysmetricRow row;
    std::string problem;
    if (!read_stats(stats, cells, names, numbers, row, problem))
      return b.diag(line, fmt::format("row skipped ({}): {}", metric, problem));
    if (!any_value(row)) return b.diag(line, fmt::format("row skipped ({}): no value", metric));
    if (const int first = b.seen({dbid.value_or(0), *inst, *hour, {}, {}, metric}, line))
      return b.diag(line,
                    fmt::format("row skipped: {} instance {} hour {:02} again (first at line {})", metric, *inst, *hour, first));
    if (!pkey_read && c_pkey >= 0) {
      // PKEY is <host>_<DB name>_<collection time>.
      pkey_read = true;
      const auto pkey = cell(c_pkey);
      const auto last = pkey.rfind('_');
      if (last != std::string_view::npos && last > 0) {
        const auto mid = pkey.rfind('_', last - 1);
        if (mid != std::string_view::npos && mid > 0) {
          dump.host = std::string(pkey.substr(0, mid));
          dump.db_name = std::string(pkey.substr(mid + 1, last - mid - 1));
        }
      }
    }
    row.metric_name = std::string(metric);
    row.metric_unit = std::string(cell(c_unit));
    row.dbid = dbid;
    row.instance_number = *inst;
    row.hour_of_day = *hour;
    row.line = line;
    b.add(std::move(row));
  };
  Table table{std::nullopt, layout};
  for_each_row(lines, lines.size(), table, text.last_complete, b, on_row);
  if (!dump.rows.empty())
    b.diag(0,
           "DMA collector: every figure is a statistic of each snapshot's AVERAGE + 2 x STANDARD_DEVIATION, "
           "not of the metric's average (about two standard deviations high)");
  b.finish();
}

// ---------------------------------------------------------------------------------------------
// SELECT_BASELINE_METRIC and DBA_HIST_SYSMETRIC_SUMMARY spools

// The first table of the spool whose columns make `kind`.
std::optional<Table> find_spool_table(const std::vector<std::string_view>& lines, DumpKind kind) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (is_blank(lines[i]) || is_rule(lines[i])) continue;
    if (auto t = table_at(lines, i); t && spool_kind(t->names()) == kind) return t;
  }
  return std::nullopt;
}

void parse_spool(const TextLines& text, SysmetricDump& dump, DumpKind kind) {
  const auto& lines = text.lines;
  const bool baseline = kind == DumpKind::select_baseline_metric;
  DumpBuilder b(dump, baseline ? "SELECT_BASELINE_METRIC" : "DBA_HIST_SYSMETRIC_SUMMARY");
  b.reserve(lines.size());
  const auto table = find_spool_table(lines, kind);
  if (!table) throw Error(dump.source, "no table with METRIC_NAME and AVERAGE columns");
  const auto& names = table->names();
  const int c_name = column_index(names, {"METRIC_NAME"}), c_unit = column_index(names, {"METRIC_UNIT"}),
            c_dbid = column_index(names, {"DBID"}), c_inst = column_index(names, {"INSTANCE_NUMBER", "INST_ID"}),
            c_snap = column_index(names, {"SNAP_ID"}), c_begin = column_index(names, {"BEG_TIME", "BEGIN_TIME"}),
            c_end = column_index(names, {"END_TIME"}), c_bname = column_index(names, {"BASELINE_NAME"});
  std::vector<StatColumn> stats;
  auto stat = [&](std::initializer_list<std::string_view> n, std::optional<double> SysmetricRow::*field) {
    if (const int c = column_index(names, n); c >= 0) stats.push_back({c, field, 0});
  };
  stat({"AVERAGE"}, &SysmetricRow::average);
  stat({"MINIMUM", "MINVAL"}, &SysmetricRow::minimum);
  stat({"MAXIMUM", "MAXVAL"}, &SysmetricRow::maximum);
  stat({"STANDARD_DEVIATION"}, &SysmetricRow::standard_deviation);
  stat({"NUM_INTERVAL"}, &SysmetricRow::num_intervals);
  stat({"INTERVAL_SIZE", "INTSIZE"}, &SysmetricRow::interval_s);

  // A comma is a decimal mark only in fixed-width columns: in a delimited file "1,234" is refused.
  NumberReader numbers(table->fixed.has_value());
  std::set<std::string, std::less<>> baselines;
  DateCache begin_cache, end_cache;
  auto on_row = [&](int line, const std::vector<std::string_view>& cells) {
    const auto cell = [&](int c) { return c >= 0 ? cells[static_cast<std::size_t>(c)] : std::string_view{}; };
    if (baseline && iequal(cell(c_bname), "BASELINE_NAME")) return;  // a header repeated
    std::optional<std::uint64_t> dbid;
    if (c_dbid >= 0 && !cell(c_dbid).empty()) {
      dbid = parse_integer<std::uint64_t>(cell(c_dbid));
      if (!dbid) return b.diag(line, fmt::format("row skipped: DBID '{}' is not a number", cell(c_dbid)));
    }
    std::optional<int> inst;
    if (c_inst >= 0 && !cell(c_inst).empty()) {
      inst = parse_integer<int>(cell(c_inst));
      if (!inst) return b.diag(line, fmt::format("row skipped: INSTANCE_NUMBER '{}' is not a number", cell(c_inst)));
    }
    std::optional<std::int64_t> snap;
    if (c_snap >= 0) {
      snap = parse_integer<std::int64_t>(cell(c_snap));
      if (!snap) return b.diag(line, fmt::format("row skipped: SNAP_ID '{}' is not a snapshot id", cell(c_snap)));
    }
    // A date cell: empty, or read (through the cache) to ISO; false when it is not a date.
    auto date = [&](int c, DateCache& cache) {
      const auto t = cell(c);
      if (t.empty()) return true;
      if (t != cache.text) {
        cache.text = t;
        cache.civil = parse_oracle_date(t);
        cache.iso_text = cache.civil ? iso(*cache.civil) : std::string();
      }
      if (cache.civil) return true;
      b.diag(line, fmt::format("row skipped: {} '{}' is not a date (DD-MON-RR, DD-MON-YYYY or YYYY-MM-DD, with "
                               "HH24:MI:SS or not)",
                               names[static_cast<std::size_t>(c)], t));
      return false;
    };
    if (!date(c_begin, begin_cache) || !date(c_end, end_cache)) return;
    const bool has_begin = !cell(c_begin).empty(), has_end = !cell(c_end).empty();
    if (!snap && !has_end) return b.diag(line, "row skipped: no snapshot id and no end time");
    const auto metric = cell(c_name);
    if (metric.empty()) return b.diag(line, "row skipped: no METRIC_NAME");
    SysmetricRow row;
    std::string problem;
    if (!read_stats(stats, cells, names, numbers, row, problem))
      return b.diag(line, fmt::format("row skipped ({}): {}", metric, problem));
    if (!row.average && !row.minimum && !row.maximum && !row.standard_deviation)
      return b.diag(line, fmt::format("row skipped ({}): no value", metric));
    if (const int first = b.seen(
            {dbid.value_or(0), inst.value_or(-1), snap.value_or(-1), cell(c_begin), cell(c_end), metric, cell(c_bname)}, line)) {
      return b.diag(line, fmt::format("row skipped: {} for the same {} again (first at line {})", metric,
                                      baseline ? "baseline and instance" : "snapshot and instance", first));
    }
    if (baseline && !cell(c_bname).empty() && baselines.size() < 16) baselines.emplace(cell(c_bname));
    if (baseline && dump.baseline_name.empty()) dump.baseline_name = std::string(cell(c_bname));
    if (row.interval_s) *row.interval_s /= 100;  // INTERVAL_SIZE / INTSIZE are in centiseconds
    row.metric_name = std::string(metric);
    row.metric_unit = std::string(cell(c_unit));
    row.dbid = dbid;
    row.instance_number = inst;
    row.snap_id = snap;
    if (has_begin) row.begin_time = begin_cache.iso_text;
    if (has_end) row.end_time = end_cache.iso_text;
    row.line = line;
    b.add(std::move(row));
  };
  for_each_row(lines, lines.size(), *table, text.last_complete, b, on_row);
  if (baselines.size() > 1) {
    std::string list;
    for (const auto& n : baselines) list += (list.empty() ? "" : ", ") + n;
    b.diag(0, fmt::format("rows of several baselines ({}); the dump is named after the first", list));
  }
  b.finish();
}

// A line that is ~~BEGIN-MAIN-METRICS~~ alone (spaces aside).
bool has_main_metrics_marker(std::string_view text) {
  std::size_t pos = 0;
  while ((pos = text.find(k_main_begin, pos)) != std::string_view::npos) {
    const auto sol = pos == 0 ? std::string_view::npos : text.rfind('\n', pos - 1);
    const std::size_t line_begin = sol == std::string_view::npos ? 0 : sol + 1;
    const auto eol = text.find('\n', pos);
    const auto line = text.substr(line_begin, eol == std::string_view::npos ? std::string_view::npos : eol - line_begin);
    if (trim(line) == k_main_begin) return true;
    pos += k_main_begin.size();
  }
  return false;
}

}  // namespace

std::optional<DumpKind> detect_sysmetric_dump(std::string_view text) {
  // Neither a report (HTML, JSON) nor a report's text: those never hold these dumps.
  const auto first = text.find_first_not_of(" \t\r\n\f");
  if (first == std::string_view::npos) return std::nullopt;
  if (text[first] == '<' || text[first] == '{' || text[first] == '[') return std::nullopt;
  const auto head = text.substr(0, k_detect_bytes);
  for (std::string_view title : {"WORKLOAD REPOSITORY report for", "WORKLOAD REPOSITORY REPORT", "STATSPACK report for",
                                 "STATSPACK Statistics Report", "ASH Report For", "ADDM Report for"})
    if (head.find(title) != std::string_view::npos) return std::nullopt;
  if (has_main_metrics_marker(text)) return DumpKind::awr_miner;
  // A table header in the first lines.
  const auto lines = split_lines(text.substr(0, k_detect_bytes * 4), k_detect_lines);
  for (std::size_t i = 0; i < lines.lines.size(); ++i) {
    const auto line = lines.lines[i];
    if (is_blank(line) || is_rule(line)) continue;
    if (is_dma_heading(line)) {
      const auto t = trim(line);
      if (t.find("METRIC_NAME") != std::string_view::npos && t.find("AVG_VALUE") != std::string_view::npos)
        return DumpKind::dma_collector;
      continue;
    }
    if (line.find("METRIC_NAME") == std::string_view::npos && line.find("BASELINE_NAME") == std::string_view::npos &&
        line.find("DBID") == std::string_view::npos && line.find("SNAP_ID") == std::string_view::npos &&
        line.find("INSTANCE_NUMBER") == std::string_view::npos)
      continue;
    if (auto t = table_at(lines.lines, i)) {
      if (auto k = spool_kind(t->names())) return k;
    }
  }
  return std::nullopt;
}

SysmetricDump parse_sysmetric_dump(std::string_view text, const std::string& source) {
  const auto kind = detect_sysmetric_dump(text);
  if (!kind)
    throw Error(source,
                "not an Oracle metric dump (an AWR-Miner capture, a DMA collector awrhistsysmetricsumm file, or a spool "
                "of SELECT_BASELINE_METRIC or DBA_HIST_SYSMETRIC_SUMMARY with its column headings)");
  const auto lines = split_lines(text, k_max_lines);
  if (lines.too_many) throw Error(source, fmt::format("more than {} lines; not read", k_max_lines));
  SysmetricDump dump;
  dump.source = source;
  dump.kind = *kind;
  switch (*kind) {
    case DumpKind::awr_miner:
      parse_awr_miner(lines, dump);
      break;
    case DumpKind::dma_collector:
      parse_dma(lines, dump);
      break;
    case DumpKind::select_baseline_metric:
    case DumpKind::sysmetric_summary:
      parse_spool(lines, dump, *kind);
      break;
  }
  return dump;
}

SysmetricDump load_sysmetric_dump(const std::filesystem::path& file) {
  return parse_sysmetric_dump(read_input(file), file.string());
}

}  // namespace awrdiff
