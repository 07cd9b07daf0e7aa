#include "parse/tokenizer_common.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstring>

namespace awrdiff::detail {

std::string fold_space(std::string_view text) {
  const std::size_t n = text.size();
  // Written through a pointer into a buffer of the input's size (the output is never longer), plus
  // eight bytes of room for the word-sized stores below.
  std::string out(n + 8, '\0');
  char* const begin = out.data();
  char* w = begin;
  bool space = false;  // white space seen since the last character written
  const char* const in = text.data();
  // Byte classes: 0 ordinary, 1 white space (ASCII space, \t..\r), 2 may start a no-break space
  // (0xC2 of UTF-8 U+00A0, '&' of &nbsp; / &#160;).
  static constexpr auto k_class = [] {
    std::array<unsigned char, 256> t{};
    for (unsigned c : {unsigned{' '}, 9u, 10u, 11u, 12u, 13u}) t[c] = 1;
    t[0xC2] = 2;
    t['&'] = 2;
    return t;
  }();
  // Flags the bytes of a word that may end a run of ordinary characters: bytes up to ' ', '&',
  // 0xC2. The lowest flag is exact (the SWAR tests only err above a true match).
  constexpr std::uint64_t k_ones = 0x0101010101010101ULL;
  constexpr std::uint64_t k_highs = 0x8080808080808080ULL;
  auto zero_bytes = [](std::uint64_t v) { return (v - k_ones) & ~v & k_highs; };
  auto stop_bytes = [&](std::uint64_t x) {
    return ((x - k_ones * 0x21) & ~x & k_highs) | zero_bytes(x ^ (k_ones * '&')) | zero_bytes(x ^ (k_ones * 0xC2));
  };
  std::size_t i = 0;
  while (i < n) {
    const auto c = static_cast<unsigned char>(in[i]);
    const unsigned char cls = k_class[c];
    if (cls == 1) {
      space = true;
      ++i;
      continue;
    }
    if (cls == 2) {
      std::size_t skip = 0;  // length of the no-break space at i (0: an ordinary character after all)
      if (c == 0xC2) skip = i + 1 < n && static_cast<unsigned char>(in[i + 1]) == 0xA0 ? 2 : 0;
      else skip = text.substr(i, 6) == "&nbsp;" || text.substr(i, 6) == "&#160;" ? 6 : 0;
      if (skip > 0) {
        space = true;
        i += skip;
        continue;
      }
    }
    if (space && w != begin) *w++ = ' ';
    space = false;
    *w++ = static_cast<char>(c);
    ++i;
    // The rest of the run of ordinary characters, a word at a time: each word is stored whole
    // and w advanced to its first stop byte.
    while (i + 8 <= n) {
      std::uint64_t x;
      std::memcpy(&x, in + i, 8);
      std::memcpy(w, &x, 8);
      const std::uint64_t stops = stop_bytes(x);
      if (stops == 0) {
        w += 8;
        i += 8;
        continue;
      }
      const auto k = static_cast<std::size_t>(std::countr_zero(stops) / 8);
      w += k;
      i += k;
      break;
    }
  }
  out.resize(static_cast<std::size_t>(w - begin));
  return out;
}

bool room_for_table(RawReport& report) {
  if (report.tables.size() < k_max_tables) return true;
  constexpr std::string_view k_message = "more than 20000 tables: not an AWR report layout, the rest is ignored";
  if (std::none_of(report.diagnostics.begin(), report.diagnostics.end(),
                   [&](const Diagnostic& d) { return d.message == k_message; }))
    report.diagnostics.push_back({Diagnostic::Level::warning, "", 0, std::string(k_message)});
  return false;
}

int LineIndex::line_of(std::size_t offset) const {
  offset = std::min(offset, m_text.size());
  // A loop the compiler vectorises (std::count on chars is not, with g++ 12).
  const auto count = [&](std::size_t from, std::size_t to) {
    std::size_t lines = 0;
    const char* p = m_text.data();
    for (std::size_t i = from; i < to; ++i) lines += static_cast<std::size_t>(p[i] == '\n');
    return static_cast<int>(lines);
  };
  if (offset >= m_offset) m_line += count(m_offset, offset);
  else m_line -= count(offset, m_offset);
  m_offset = offset;
  return m_line;
}

namespace {
bool has(const RawTable& t, ColumnId id) { return t.column_index(id) >= 0; }
}  // namespace

void classify(RawTable& t) {
  t.columns.clear();
  const SectionSpec* s = find_section_by_title(t.title);
  if (!s && !t.summary.empty()) s = find_section_by_summary(t.summary);
  if (s) {
    t.section = s->id;
    for (const auto& h : t.headers) t.columns.push_back(find_column(h, s->id));
    return;
  }
  for (const auto& h : t.headers) t.columns.push_back(find_column(h));
  if (has(t, ColumnId::con_dbid) && has(t, ColumnId::container)) t.section = SectionId::containers;
  else if (has(t, ColumnId::db_name) && has(t, ColumnId::dbid)) t.section = SectionId::database_info;
  else if (has(t, ColumnId::instance) && has(t, ColumnId::startup_time)) t.section = SectionId::instance_info;
  else if (has(t, ColumnId::host_name) && has(t, ColumnId::platform)) t.section = SectionId::host_info;
  else if (has(t, ColumnId::snap_id) && has(t, ColumnId::snap_time)) t.section = SectionId::snapshot_info;
}

}  // namespace awrdiff::detail
