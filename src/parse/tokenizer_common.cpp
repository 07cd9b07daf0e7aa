#include "parse/tokenizer_common.hpp"

#include <algorithm>
#include <array>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace awrdiff::detail {

namespace {

// Folds in[i] onwards until `stop` (exclusive) byte by byte; `space`: white space pending.
inline void fold_bytes(std::string_view text, std::size_t& i, std::size_t stop, char*& w, const char* begin, bool& space) {
  const char* const in = text.data();
  while (i < stop) {
    const auto c = static_cast<unsigned char>(in[i]);
    const unsigned char cls = k_fold_class[c];
    if (cls == 1) {
      space = true;
      ++i;
      continue;
    }
    if (cls == 2) {
      std::size_t skip = 0;  // length of the no-break space at i (0: an ordinary character after all)
      if (c == 0xC2) skip = i + 1 < text.size() && static_cast<unsigned char>(in[i + 1]) == 0xA0 ? 2 : 0;
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
  }
}

}  // namespace

std::string fold_space(std::string_view text) {
  const std::size_t n = text.size();
  // Written through a pointer into a buffer of the input's size (the output is never longer), plus
  // room for the 16-byte stores below.
  std::string out(n + 16, '\0');
  char* const begin = out.data();
  char* w = begin;
  bool space = false;  // white space seen since the last character written
  std::size_t i = 0;
#if defined(__SSE2__)
  // Sixteen bytes at a time: the white space bytes found with SSE2 compares, each run of them
  // written as one space (none at the start), the bytes between copied with overlapping stores.
  // A block holding '&' or 0xC2 (a possible no-break space) is folded byte by byte.
  const char* const in = text.data();
  const __m128i space_v = _mm_set1_epi8(' ');
  const __m128i tab_lo = _mm_set1_epi8(static_cast<char>(9 - 128));  // \t..\r as signed after -128
  const __m128i amp_v = _mm_set1_epi8('&');
  const __m128i c2_v = _mm_set1_epi8(static_cast<char>(0xC2));
  const __m128i bias = _mm_set1_epi8(static_cast<char>(-128));
  const __m128i five = _mm_set1_epi8(static_cast<char>(5 - 128));
  while (i + 16 <= n) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    const __m128i ctl = _mm_cmplt_epi8(_mm_sub_epi8(_mm_sub_epi8(x, bias), _mm_sub_epi8(tab_lo, bias)), five);
    const auto ws = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, space_v), ctl)));
    const auto odd = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, amp_v), _mm_cmpeq_epi8(x, c2_v))));
    if (odd != 0) {
      fold_bytes(text, i, i + 16, w, begin, space);
      continue;
    }
    // Runs of ordinary bytes in the block, each with the space pending before it.
    unsigned keep = ~ws & 0xFFFFu;
    std::size_t pos = 0;
    while (keep != 0) {
      const auto start = static_cast<std::size_t>(std::countr_zero(keep));
      if (start > pos) space = true;  // white space before this run
      const unsigned rest = ~(keep >> start) & 0xFFFFu;  // zero bits: the run
      const auto len = static_cast<std::size_t>(rest == 0 ? 16 - start : std::countr_zero(rest));
      if (space && w != begin) *w++ = ' ';
      space = false;
      if (i + start + 16 <= n)  // sixteen bytes from the run's start, when the input has them
        _mm_storeu_si128(reinterpret_cast<__m128i*>(w), _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i + start)));
      else std::memcpy(w, in + i + start, len);
      w += len;
      pos = start + len;
      keep &= ~(((1u << len) - 1u) << start);  // len <= 16
    }
    if (pos < 16) space = true;  // the block ends in white space
    i += 16;
  }
#endif
  fold_bytes(text, i, n, w, begin, space);
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

std::size_t count_byte(std::string_view text, char c) {
  std::size_t n = 0;
  const char* p = text.data();
  std::size_t i = 0;
#if defined(__SSE2__)
  // Sixteen bytes a step: matches subtracted from byte counters (0xFF is -1), summed every 255 steps.
  const __m128i needle = _mm_set1_epi8(c);
  while (i + 16 <= text.size()) {
    __m128i counters = _mm_setzero_si128();
    for (int step = 0; step < 255 && i + 16 <= text.size(); ++step, i += 16)
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), needle));
    const __m128i sums = _mm_sad_epu8(counters, _mm_setzero_si128());
    n += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) + static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
  }
#endif
  for (; i < text.size(); ++i) n += static_cast<std::size_t>(p[i] == c);
  return n;
}

int LineIndex::line_of(std::size_t offset) const {
  offset = std::min(offset, m_text.size());
  const auto count = [&](std::size_t from, std::size_t to) {
    return static_cast<int>(count_byte(m_text.substr(from, to - from), '\n'));
  };
  if (offset >= m_offset) m_line += count(m_offset, offset);
  else m_line -= count(offset, m_offset);
  m_offset = offset;
  return m_line;
}

namespace {

bool has(const RawTable& t, ColumnId id) { return t.column_index(id) >= 0; }

// normalize_label, byte by byte: a dropped byte (white space, the bytes of a UTF-8 no-break space).
constexpr bool label_drops(unsigned char u) { return u == ' ' || (u >= '\t' && u <= '\r') || u == 0xA0 || u == 0xC2; }
constexpr unsigned char label_lower(unsigned char u) {
  return u >= 'A' && u <= 'Z' ? static_cast<unsigned char>(u + ('a' - 'A')) : u;
}

// The first normalised bytes of every catalog title and title prefix (a title ending in '*', as
// find_section_by_title reads them), packed into integers: byte k in bits 8k..8k+7.
struct TitleHeads {
  std::size_t len = 0;  // bytes compared: the shortest non-empty key's length, at most 8
  std::vector<std::uint64_t> pairs;  // bit set over the first two bytes (len >= 2): 65,536 bits
  std::vector<std::uint64_t> table;  // the heads, open addressing (a power of two, at most half full)
  std::vector<unsigned char> used;  // (a head may be any value)

  TitleHeads() {
    // Each title normalised as normalize_label does (no copy: only its first bytes and its length
    // are needed); a title ending in '*' is a prefix, without the '*'.
    std::vector<std::pair<std::uint64_t, std::size_t>> keys;  // first 8 bytes, length
    for (const auto& s : all_sections())
      for (auto t : s.titles) {
        if (!t.empty() && t.back() == '*') t.remove_suffix(1);
        std::uint64_t h = 0;
        std::size_t n = 0, colons = 0;
        for (const char c : t) {
          const auto u = static_cast<unsigned char>(c);
          if (label_drops(u)) continue;
          if (n < 8) h |= std::uint64_t{label_lower(u)} << (8 * n);
          ++n;
          colons = u == ':' ? colons + 1 : 0;
          // Eight bytes, the eighth not ':': the key is at least eight long, all that matters of it.
          if (n >= 8 && colons == 0) break;
        }
        if (n > colons) keys.emplace_back(h, n - colons);  // trailing ':' dropped; an empty key matches nothing
      }
    if (keys.empty()) return;
    len = 8;
    for (const auto& k : keys) len = std::min(len, k.second);
    const std::uint64_t mask = len == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * len)) - 1;
    if (len >= 2) pairs.assign(65536 / 64, 0);
    std::size_t size = 16;
    while (size < 2 * keys.size()) size *= 2;
    table.assign(size, 0);
    used.assign(size, 0);
    for (const auto& k : keys) {
      const std::uint64_t h = k.first & mask;
      std::size_t at = slot(h);
      while (used[at] != 0 && table[at] != h) at = (at + 1) & (size - 1);
      table[at] = h;
      used[at] = 1;
      if (len >= 2) pairs[(h & 0xFFFF) / 64] |= std::uint64_t{1} << (h & 63);
    }
  }
  std::size_t slot(std::uint64_t h) const {
    return static_cast<std::size_t>((h * 0x9E3779B97F4A7C15ULL) >> 40) & (table.size() - 1);
  }
  bool has_pair(std::uint64_t h) const { return (pairs[(h & 0xFFFF) / 64] >> (h & 63) & 1) != 0; }
  bool has(std::uint64_t h) const {
    for (std::size_t at = slot(h); used[at] != 0; at = (at + 1) & (table.size() - 1))
      if (table[at] == h) return true;
    return false;
  }
};

const TitleHeads& title_heads() {
  static const TitleHeads k_heads;
  return k_heads;
}

}  // namespace

bool may_name_section(std::string_view text) {
  const TitleHeads& t = title_heads();
  if (t.len == 0) return false;  // no title in the catalog
  std::uint64_t h = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size() && n < t.len; ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (label_drops(u)) continue;
    h |= std::uint64_t{label_lower(u)} << (8 * n);
    ++n;
    // Most lines are told apart by their first two bytes.
    if (n == 2 && !t.pairs.empty() && !t.has_pair(h)) return false;
  }
  // Shorter than every key: a prefix of it cannot equal a key nor start with one.
  if (n < t.len) return false;
  return t.has(h);
}

void classify(RawTable& t) {
  t.columns.clear();
  t.columns.reserve(t.headers.size());
  const SectionSpec* s = find_section_by_title(t.title);
  if (!s && !t.summary.empty()) s = find_section_by_summary(t.summary);
  if (s) {
    t.section = s->id;
    for (const auto& h : t.headers) t.columns.push_back(find_column(h, s->id));
    return;
  }
  for (const auto& h : t.headers) t.columns.push_back(find_column(h));
  // A table with no title: the first section whose row names two of its columns (SectionSpec::untitled_by).
  for (const auto& spec : all_sections())
    if (const auto [a, b] = spec.untitled_by; a != ColumnId::unknown && has(t, a) && has(t, b)) {
      t.section = spec.id;
      return;
    }
}

int statement_key_column(const RawTable& table, StatementKey key) {
  for (std::size_t i = 0; i < table.columns.size(); ++i)
    if (column_spec(table.columns[i]).statement_key == key) return static_cast<int>(i);
  return -1;
}

}  // namespace awrdiff::detail
