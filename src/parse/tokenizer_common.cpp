#include "parse/tokenizer_common.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>

namespace awrdiff::detail {

std::string fold_space(std::string_view text) {
  // Written through a pointer into a buffer of the input's size (the output is never longer).
  std::string out(text.size(), '\0');
  char* const begin = out.data();
  char* w = begin;
  bool space = false;
  const std::size_t n = text.size();
  const char* const in = text.data();
  // Bytes that may start white space: ASCII space, \t..\r, 0xC2 (UTF-8 no-break space), '&' (&nbsp;).
  static constexpr auto k_special = [] {
    std::array<bool, 256> t{};
    for (unsigned c : {unsigned{' '}, 9u, 10u, 11u, 12u, 13u, 0xC2u, unsigned{'&'}}) t[c] = true;
    return t;
  }();
  // Eight bytes at a time (SWAR) while they hold nothing to fold: no white space but single spaces
  // inside the block, no '&', no 0xC2. Long SQL text is mostly such blocks.
  constexpr std::uint64_t k_ones = 0x0101010101010101ULL;
  constexpr std::uint64_t k_highs = 0x8080808080808080ULL;
  auto has_zero = [](std::uint64_t v) { return ((v - k_ones) & ~v & k_highs) != 0; };
  auto plain_block = [&](std::uint64_t x) {
    const std::uint64_t spaces = x ^ (k_ones * 0x20);  // zero bytes where x has a space
    return ((x - k_ones * 0x0E) & ~x & k_highs) == 0 &&  // no byte below 0x0E (\t..\r and controls)
           !has_zero(x ^ (k_ones * '&')) && !has_zero(x ^ (k_ones * 0xC2)) &&
           !has_zero(spaces | (spaces >> 8));  // no two spaces in a row, no space in the last byte
  };
  std::size_t i = 0;
  while (i < n) {
    if (!space && i + 8 <= n && in[i] != ' ') {
      std::uint64_t x;
      std::memcpy(&x, in + i, 8);
      if (plain_block(x)) {
        std::memcpy(w, in + i, 8);
        w += 8;
        i += 8;
        continue;
      }
    }
    const auto c = static_cast<unsigned char>(in[i]);
    if (!k_special[c]) {
      // A run of ordinary characters is copied at once.
      std::size_t j = i + 1;
      while (j < n && !k_special[static_cast<unsigned char>(in[j])]) ++j;
      if (space && w != begin) *w++ = ' ';
      space = false;
      std::memcpy(w, in + i, j - i);
      w += j - i;
      i = j;
      continue;
    }
    std::size_t skip = 1;  // length of the white space at i (0: an ordinary character after all)
    if (c == 0xC2) skip = i + 1 < n && static_cast<unsigned char>(in[i + 1]) == 0xA0 ? 2 : 0;
    else if (c == '&') skip = text.substr(i, 6) == "&nbsp;" || text.substr(i, 6) == "&#160;" ? 6 : 0;
    if (skip > 0) {
      space = true;
      i += skip;
      continue;
    }
    if (space && w != begin) *w++ = ' ';
    space = false;
    *w++ = in[i++];
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
  const auto at = [&](std::size_t i) { return m_text.begin() + static_cast<std::ptrdiff_t>(i); };
  if (offset >= m_offset) m_line += static_cast<int>(std::count(at(m_offset), at(offset), '\n'));
  else m_line -= static_cast<int>(std::count(at(offset), at(m_offset), '\n'));
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
