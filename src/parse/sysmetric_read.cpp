// The metric dump readers' shared pieces (sysmetric_read.hpp): text lines, numbers, dates, tables.
//
// One pass over the lines, no regex: a table is either fixed-width (columns from the dashed rule
// under its headings, several heading/rule pairs when SQL*Plus wrapped the row) or delimited ('|',
// the DMA collector's ' , ', CSV with quotes). Numbers are read with a strict grammar and
// std::from_chars, so "1,234" in a '|' file or "########" is a diagnostic, never a number.
#include "parse/sysmetric_read.hpp"
#include "support/text.hpp"

#include <awrdiff/time.hpp>

#include <cctype>
#include <cmath>
#include <cstring>

namespace awrdiff::detail::metric_dump {

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

namespace {

// At least one dash, and no character but dashes and those of `others`.
bool dashes_among(std::string_view line, std::string_view others) {
  bool dash = false;
  for (char c : line) {
    if (c == '-') dash = true;
    else if (others.find(c) == std::string_view::npos) return false;
  }
  return dash;
}

}  // namespace

// A SQL*Plus underline: dashes (and the spaces between columns) only.
bool is_rule(std::string_view line) { return dashes_among(rtrim(line), " "); }

// An underline between delimited headings: dashes with '|' or '+' between them.
bool is_delimited_rule(std::string_view line) { return dashes_among(trim(line), " |+"); }

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
  s = trim(s);
  Civil c;
  std::size_t rest = 0;
  if (s.size() >= 10 && is_digit(s[0]) && is_digit(s[3]) && s[4] == '-') {  // YYYY-MM-DD
    if (!digits_at(s, 0, 4, c.y) || !digits_at(s, 5, 2, c.mo) || s[7] != '-' || !digits_at(s, 8, 2, c.d)) return std::nullopt;
    rest = 10;
    if (s.size() > 10 && s[10] != ' ' && s[10] != 'T') return std::nullopt;
  } else if (s.size() >= 9 && s[2] == '-' && s[6] == '-') {  // DD-MON-RR / DD-MON-YYYY
    if (!digits_at(s, 0, 2, c.d)) return std::nullopt;
    c.mo = month_number(s.substr(3, 3));
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
  return trim(line.substr(s.begin, std::min(s.end, line.size()) - s.begin));
}

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
      cells.push_back(trim(line.substr(pos)));
      return true;
    }
    cells.push_back(trim(line.substr(pos, next - pos)));
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
  const auto t = trim(line);
  if (t.empty() || (t[0] != 'P' && t[0] != 'p')) return false;
  return istarts_with(t, "PKEY") && t.size() > 4 && !std::isalnum(static_cast<unsigned char>(t[4])) && t[4] != '_';
}

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

bool read_metric_stats(std::string_view metric, const std::vector<StatColumn>& stats, const std::vector<std::string_view>& cells,
                       const std::vector<std::string_view>& names, NumberReader& numbers, SysmetricRow& row, DumpBuilder& b,
                       int line) {
  if (metric.empty()) {
    b.diag(line, "row skipped: no METRIC_NAME");
    return false;
  }
  std::string problem;
  if (!read_stats(stats, cells, names, numbers, row, problem)) {
    b.diag(line, fmt::format("row skipped ({}): {}", metric, problem));
    return false;
  }
  return true;
}

bool any_value(const SysmetricRow& r) {
  return r.average || r.minimum || r.maximum || r.median || r.mode || r.standard_deviation || r.sum || !r.percentiles.empty();
}

}  // namespace awrdiff::detail::metric_dump
