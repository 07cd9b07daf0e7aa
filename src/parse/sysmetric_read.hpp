// The readers of Oracle's baseline metric dumps, their shared pieces (src/parse/sysmetric_*.cpp; the entry
// points are in include/awrdiff/sysmetric.hpp): the lines of a file, numbers and dates read with a strict grammar,
// fixed-width and delimited tables, and the builder of a dump's rows. One reader per dump format:
// sysmetric_awr_miner.cpp (AWR-Miner / DBCSI), sysmetric_dma.cpp (the DMA collector's awrhistsysmetricsumm),
// sysmetric_spool.cpp (SQL*Plus spools of SELECT_BASELINE_METRIC and DBA_HIST_SYSMETRIC_SUMMARY).
#pragma once

#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/sysmetric.hpp>

#include "support/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <set>
#include <unordered_map>
#include <vector>

namespace awrdiff::detail::metric_dump {

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
bool iequal(std::string_view a, std::string_view b);

bool istarts_with(std::string_view s, std::string_view prefix);

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// ASCII white space (SQL*Plus pads with spaces; no other space appears inside a table's cells).
inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n'; }

inline bool is_blank(std::string_view s) { return trim(s).empty(); }

std::string_view rtrim(std::string_view s);

// Removes one pair of surrounding double quotes.
std::string_view unquote(std::string_view s);

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
std::string expand_tabs(std::string_view line);

// Splits at '\n', dropping a '\r' before it and expanding tabs. Stops after `max_lines` lines
// (too_many set).
TextLines split_lines(std::string_view text, std::size_t max_lines);

// A SQL*Plus underline: dashes (and the spaces between columns) only.
bool is_rule(std::string_view line);

// An underline between delimited headings: dashes with '|' or '+' between them.
bool is_delimited_rule(std::string_view line);

bool is_identifier(std::string_view s);

// A count of digits only ("245"); empty for anything else (a group separator is ambiguous).
std::optional<std::size_t> parse_count(std::string_view s);

// SQL*Plus's closing lines and echoes, skipped between rows.
bool is_noise(std::string_view line);

// The count of SQL*Plus's feedback line ("245 rows selected.", "1 row selected.", "no rows selected"), else empty.
std::optional<std::size_t> rows_selected_count(std::string_view line);

bool is_oracle_error(std::string_view line);

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
    const std::string_view s = trim(raw);
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

std::string number_problem(NumStatus st, std::string_view cell, std::string_view column, char mark);

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

int days_in_month(int y, int m);

bool valid(const Civil& c);

// Back from days since 1970-01-01 (H. Hinnant's algorithm; days_from_civil in awrdiff/time.hpp).
void civil_from_days(long long z, int& y, int& m, int& d);

Civil minus_seconds(const Civil& c, long long seconds);

// "2025-03-14T14:00:03", or "2025-03-14" for a date without its time. Written by hand: it runs
// twice per row.
std::string iso(const Civil& c);

// The last date text read and what it gave: the rows of one snapshot share their times.
struct DateCache {
  std::string_view text;
  std::optional<Civil> civil;
  std::string iso_text;
};

// Reads exactly `n` digits at s[i...].
bool digits_at(std::string_view s, std::size_t i, std::size_t n, int& out);

// Two-digit years as Oracle's RR reads them in this century: 00-49 -> 20xx, 50-99 -> 19xx.
inline int rr_year(int yy) { return yy < 50 ? 2000 + yy : 1900 + yy; }

// "HH24:MI[:SS]" at s (the whole rest).
bool time_of_day(std::string_view s, Civil& c);

// AWR-Miner's `end`: to_char(end_time, 'YY/MM/DD HH24:MI').
std::optional<Civil> parse_yy_mm_dd(std::string_view s);

// DD-MON-RR, DD-MON-YYYY, YYYY-MM-DD, each optionally followed by HH24:MI[:SS] (after a space, or a
// 'T' for ISO). Month abbreviations in English.
std::optional<Civil> parse_oracle_date(std::string_view s);

// ---------------------------------------------------------------------------------------------
// Tables: fixed-width (SQL*Plus columns under a dashed rule) and delimited

struct Span {
  std::size_t begin = 0, end = 0;
};

std::vector<Span> rule_spans(std::string_view rule);

std::string_view cell_at(std::string_view line, const Span& s);

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
                   std::deque<std::string>& joined);

// The header block whose first heading line is lines[i] (lines[i + 1] is a rule), or empty.
std::optional<FixedLayout> fixed_layout_at(const std::vector<std::string_view>& lines, std::size_t i);

// The characters of `line` outside the columns are spaces: else the line does not fit the layout
// (a shifted row, a cell cut by a column boundary, another table).
bool fits(std::string_view line, const std::vector<Span>& spans);

struct DelimitedLayout {
  std::string delimiter;  // "|", ",", " , "
  bool quotes = false;  // CSV: fields may be "quoted"
  std::vector<std::string_view> names;
  std::string_view heading;  // the heading line, to spot repeated headers
  std::size_t end = 0;  // line index after the heading (and its rule)
};

// Splits a delimited line. Returns false for an unbalanced quote. Unescaped "" goes to `scratch`.
bool split_delimited(std::string_view line, const DelimitedLayout& layout, std::vector<std::string_view>& cells,
                     std::deque<std::string>& scratch);

// A heading line of a delimited table: column names separated by '|', ',' or ';' (quoted for CSV).
std::optional<DelimitedLayout> delimited_layout_at(const std::vector<std::string_view>& lines, std::size_t i);

int column_index(const std::vector<std::string_view>& names, std::initializer_list<std::string_view> wanted);

bool has_columns(const std::vector<std::string_view>& names, std::initializer_list<std::string_view> wanted);

// A table of a SQL*Plus spool: fixed-width or delimited, and where its rows start.
struct Table {
  std::optional<FixedLayout> fixed;
  std::optional<DelimitedLayout> delimited;
  const std::vector<std::string_view>& names() const { return fixed ? fixed->names : delimited->names; }
  std::size_t end() const { return fixed ? fixed->end : delimited->end; }
};

std::optional<Table> table_at(const std::vector<std::string_view>& lines, std::size_t i);

// What kind of spool a table's columns make. DMA collector tables are found by their PKEY header.
std::optional<DumpKind> spool_kind(const std::vector<std::string_view>& names);

// The DMA collector's heading: "PKEY|DBID|..." or the SQL expression "PKEY||','||DBID||...".
bool is_dma_heading(std::string_view line);

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
                const std::vector<std::string_view>& names, NumberReader& numbers, SysmetricRow& row, std::string& problem);

// A row of one metric: its name is not empty and its statistics read (read_stats). False, with the
// row's diagnostic, when it is not so.
bool read_metric_stats(std::string_view metric, const std::vector<StatColumn>& stats, const std::vector<std::string_view>& cells,
                       const std::vector<std::string_view>& names, NumberReader& numbers, SysmetricRow& row, DumpBuilder& b,
                       int line);

bool any_value(const SysmetricRow& r);

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
    if (trim(line) == d.heading || is_delimited_rule(line)) {
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
// The readers, one per dump format: each fills `dump` from the file's lines (Error when the file is not
// one of its kind at all; a diagnostic for each row it skips).

void parse_awr_miner(const TextLines& text, SysmetricDump& dump);
void parse_dma(const TextLines& text, SysmetricDump& dump);
void parse_spool(const TextLines& text, SysmetricDump& dump, DumpKind kind);

}  // namespace awrdiff::detail::metric_dump
