// The lines of a text report, for the text tokenizer (text_tokenizer.cpp): an index of where each line
// starts, fast scans over runs of spaces, dashed rules, the words of a line, and the cells of a column.
#pragma once

#include "parse/tokenizer_common.hpp"

#include <algorithm>
#include <bit>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <cctype>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace awrdiff::detail::text_lines {

struct Span {
  std::size_t start, end;  // [start, end)
};

// White space as std::isspace in the "C" locale (the program never sets another).
constexpr bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The index of the first byte of s[from, ...) other than ' ' (s.size() when none), eight bytes at a
// time: fixed-width lines are mostly runs of spaces, and the tokenizer looks at each several times.
// (skip_run: the same for a run of any byte `c`.)
inline std::size_t skip_run(std::string_view s, std::size_t from, char c) {
  std::size_t i = from;
  if constexpr (std::endian::native == std::endian::little) {
    const std::uint64_t cs = 0x0101010101010101ULL * static_cast<unsigned char>(c);
    for (; i + 8 <= s.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      w ^= cs;  // zero bytes: c
      if (w != 0) return i + static_cast<std::size_t>(std::countr_zero(w)) / 8;
    }
  }
  while (i < s.size() && s[i] == c) ++i;
  return i;
}
inline std::size_t skip_spaces(std::string_view s, std::size_t from = 0) { return skip_run(s, from, ' '); }

// The end of s[0, to) without its trailing spaces, eight bytes at a time.
inline std::size_t skip_spaces_back(std::string_view s, std::size_t to) {
  std::size_t i = to;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i >= 8; i -= 8) {
      std::uint64_t w;
      std::memcpy(&w, s.data() + i - 8, 8);
      w ^= 0x2020202020202020ULL;
      if (w != 0) return i - static_cast<std::size_t>(std::countl_zero(w)) / 8;
    }
  }
  while (i > 0 && s[i - 1] == ' ') --i;
  return i;
}

inline bool is_blank(std::string_view s) {
  const std::size_t i = skip_spaces(s);
  if (i == s.size()) return true;
  if (!is_space(static_cast<unsigned char>(s[i]))) return false;  // (most lines)
  return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i), s.end(),
                     [](char c) { return is_space(static_cast<unsigned char>(c)); });
}

// awrdiff::trim (white space and UTF-8 no-break spaces at both ends), inlined: the tokenizer trims
// every cell of every row. Runs of spaces are skipped a word at a time first.
inline std::string_view trim_cell(std::string_view s) {
  const std::size_t end = skip_spaces_back(s, s.size());
  s = s.substr(0, end).substr(std::min(end, skip_spaces(s.substr(0, end))));
  // Other white space or a no-break space at either end is rare (tabs are spaces already): one test
  // of the two end bytes, then the byte loops only when needed.
  constexpr auto may_trim = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u <= ' ' || u == 0xC2 || u == 0xA0;
  };
  if (s.empty() || (!may_trim(s.front()) && !may_trim(s.back()))) return s;
  while (!s.empty()) {
    const auto c = static_cast<unsigned char>(s.front());
    if (is_space(c)) s.remove_prefix(1);
    else if (c == 0xC2 && s.size() >= 2 && static_cast<unsigned char>(s[1]) == 0xA0) s.remove_prefix(2);
    else break;
  }
  while (!s.empty()) {
    const auto c = static_cast<unsigned char>(s.back());
    if (is_space(c)) s.remove_suffix(1);
    else if (c == 0xA0 && s.size() >= 2 && static_cast<unsigned char>(s[s.size() - 2]) == 0xC2) s.remove_suffix(2);
    else break;
  }
  return s;
}

// Two spaces or more with something other than a space after them (c.find("  ") and a character
// not ' ' after it), in a loop: most cells are a few bytes without a space.
inline bool has_inner_gap(std::string_view c) {
  const std::size_t n = c.size();
  std::size_t i = 0;
  while (i + 1 < n && !(c[i] == ' ' && c[i + 1] == ' ')) ++i;
  if (i + 1 >= n) return false;
  for (i += 2; i < n; ++i)
    if (c[i] != ' ') return true;
  return false;
}

inline bool all_folded(const std::vector<std::string>& cells) {
  return std::all_of(cells.begin(), cells.end(), [](const std::string& c) { return detail::is_folded(c); });
}

// Dash segments of a rule line ("---- ------ ---"), or nothing if the line is not a rule. A leading
// run of '~' (Load Profile: "~~~~~~~   -------") is allowed.
inline std::optional<std::vector<Span>> rule_segments_of(std::string_view line) {
  std::vector<Span> segs;
  segs.reserve(32);
  std::size_t dashes = 0;
  for (std::size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == '-') {
      const std::size_t j = skip_run(line, i, '-');
      segs.push_back({i, j});
      dashes += j - i;
      i = j;
    } else if (c == ' ' || c == '~' || c == '\t') {
      ++i;
    } else {
      return std::nullopt;
    }
  }
  // A real table has a few dozen columns at most; hundreds of dash runs are not a header rule (and
  // would make matching header words to columns quadratic).
  if (segs.empty() || dashes < 3 || segs.size() > detail::k_max_columns) return std::nullopt;
  return segs;
}

// Most lines are not rules: their first byte after the indent tells (inline, asked of every line).
inline std::optional<std::vector<Span>> rule_segments(std::string_view line) {
  const std::size_t first = skip_spaces(line);
  if (first == line.size() || (line[first] != '-' && line[first] != '~' && line[first] != '\t')) return std::nullopt;
  return rule_segments_of(line);
}

inline bool is_tilde_line(std::string_view line) {
  auto t = trim_cell(line);
  return t.size() >= 3 && t.front() == '~';
}

inline bool is_sql_id(std::string_view s) {
  if (s.size() != 13) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); });
}

inline bool is_hash_value(std::string_view s) {
  if (s.empty() || s.size() > 10) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "Load Profile                    Per Second ..." -> "Load Profile"; "Time Model Statistics  DB/Inst: ..." ->
// "Time Model Statistics".
inline std::string_view title_candidate(std::string_view line) {
  auto pos = line.find("  ");
  auto t = pos == std::string_view::npos ? line : line.substr(0, pos);
  return trim_cell(t);
}

struct Word {
  std::size_t start, end;
  std::string_view text;
};

// The index of the first space in s[from, ...) (s.size() when none), eight bytes at a time.
inline std::size_t skip_nonspaces(std::string_view s, std::size_t from) {
  std::size_t i = from;
  if constexpr (std::endian::native == std::endian::little) {
    constexpr std::uint64_t k_ones = 0x0101010101010101ULL, k_highs = 0x8080808080808080ULL;
    for (; i + 8 <= s.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      w ^= 0x2020202020202020ULL;  // zero bytes: spaces
      // (The lowest flagged byte is the first zero byte: a borrow only runs up from a zero byte.)
      if (const std::uint64_t z = (w - k_ones) & ~w & k_highs; z != 0)
        return i + static_cast<std::size_t>(std::countr_zero(z)) / 8;
    }
  }
  while (i < s.size() && s[i] != ' ') ++i;
  return i;
}

// Calls f(Word) for each run of bytes other than ' ' in line[from, ...), left to right.
template <class F>
inline void for_each_word(std::string_view line, std::size_t from, F&& f) {
  std::size_t i = from;
  while (i < line.size()) {
    i = skip_spaces(line, i);
    const std::size_t j = skip_nonspaces(line, i);
    if (j > i) f(Word{i, j, line.substr(i, j - i)});
    i = j;
  }
}

inline std::vector<Word> words_of(std::string_view line, std::size_t from = 0) {
  std::vector<Word> out;
  out.reserve(16);
  for_each_word(line, from, [&](const Word& w) { out.push_back(w); });
  return out;
}

// How many line feeds `in` holds, sixteen bytes at a time where SSE2 is there (the x86-64 baseline).
inline std::size_t count_line_feeds(std::string_view in) {
  const char* p = in.data();
  const std::size_t n = in.size();
  std::size_t i = 0, lf = 0;
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n');
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    // (A line feed every few blocks: counted a bit at a time, no popcnt instruction in the baseline.)
    for (auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, nl))); m != 0; m &= m - 1) ++lf;
  }
#endif
  for (; i < n; ++i) lf += p[i] == '\n' ? 1 : 0;
  return lf;
}

// Bytes readable after every line the tokenizer reads, so that a 16-byte load at any byte of a line
// stays inside its buffer (cell_of).
constexpr std::size_t k_padding = 16;

// The lines of a text, split at each line feed. A line is a view into the text as given (the text is
// not copied: a report of 200 MB would take 200 MB more), kept as where it starts (4 bytes a line in a
// text under 4 GiB, a quarter of a string_view: 3.4 million lines in 200 MB of report), ending at the
// line feed before the next line's start. The few lines that hold a tab or a form feed are read from a
// copy instead, tabs as spaces and form feeds removed (form feeds mark page breaks; the repeated title
// that follows them continues the section), and so are the last lines, those ending within k_padding
// bytes of the text's end: the copies end with k_padding bytes, the text may not.
class LineIndex {
public:
  explicit LineIndex(std::string_view text) : m_text(text), m_wide(text.size() >= UINT32_MAX) {
    // Counted first: a vector grown by doubling would hold up to twice the memory (a file of short lines).
    const std::size_t lines = count_line_feeds(text) + 1;
    if (m_wide) m_starts64.reserve(lines + 1);
    else m_starts32.reserve(lines + 1);
    m_copied.reserve(lines);
    std::size_t start = 0;
    bool dirty = false;  // the line being split holds a tab or a form feed
    auto line_feed_at = [&](std::size_t at) {
      push_line(start, dirty);
      start = at + 1;
      dirty = false;
    };
    std::size_t i = 0;
#if defined(__SSE2__)
    // The line feeds, tabs and form feeds of sixteen bytes at a time: a tab or form feed belongs to the
    // line of the next line feed after it.
    const __m128i lf = _mm_set1_epi8('\n'), tab = _mm_set1_epi8('\t'), ff = _mm_set1_epi8('\f');
    for (; i + 16 <= text.size(); i += 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
      auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, lf)));
      auto d = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, tab), _mm_cmpeq_epi8(x, ff))));
      for (; m != 0; m &= m - 1) {
        const unsigned below = (m & (0u - m)) - 1u;  // the bits under this line feed
        dirty = dirty || (d & below) != 0;
        d &= ~below;
        line_feed_at(i + static_cast<std::size_t>(std::countr_zero(m)));
      }
      dirty = dirty || d != 0;
    }
#endif
    for (; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '\n') line_feed_at(i);
      else if (c == '\t' || c == '\f') dirty = true;
    }
    // The last line (empty when the text ends with a line feed) ends at the text's end: a sentinel
    // start one past it.
    push_line(start, dirty);
    if (m_wide) m_starts64.push_back(text.size() + 1);
    else m_starts32.push_back(static_cast<std::uint32_t>(text.size() + 1));
    // The last lines: the bytes after them are fewer than k_padding.
    for (std::size_t k = size(); k > 0 && text.size() - end_of(k - 1) < k_padding; --k) m_copied[k - 1] = true;
    // The copies, one after another, then the padding; views into m_copies once it is complete.
    std::size_t bytes = k_padding, count = 0;
    for (std::size_t k = 0; k < size(); ++k)
      if (m_copied[k]) {
        bytes += end_of(k) - start_of(k);
        ++count;
      }
    m_copies.reserve(bytes);
    m_copied_lines.reserve(count);
    std::vector<std::size_t> ends;
    ends.reserve(count);
    for (std::size_t k = 0; k < size(); ++k)
      if (m_copied[k]) {
        for (const char c : text.substr(start_of(k), end_of(k) - start_of(k)))
          if (c != '\f') m_copies.push_back(c == '\t' ? ' ' : c);
        m_copied_lines.push_back({k, {}});
        ends.push_back(m_copies.size());
      }
    m_copies.append(k_padding, '\0');  // (read, never used: see cell_of)
    for (std::size_t j = 0, from = 0; j < count; from = ends[j++])
      m_copied_lines[j].second = std::string_view(m_copies).substr(from, ends[j] - from);
  }

  std::size_t size() const { return m_copied.size(); }

  std::string_view operator[](std::size_t i) const {
    if (m_copied[i]) [[unlikely]]
      return copied(i);
    const std::size_t start = start_of(i);
    return {m_text.data() + start, end_of(i) - start};
  }

private:
  void push_line(std::size_t start, bool copied) {
    if (m_wide) m_starts64.push_back(start);
    else m_starts32.push_back(static_cast<std::uint32_t>(start));
    m_copied.push_back(copied);
  }

  std::size_t start_of(std::size_t i) const { return m_wide ? static_cast<std::size_t>(m_starts64[i]) : m_starts32[i]; }
  std::size_t end_of(std::size_t i) const { return start_of(i + 1) - 1; }

  std::string_view copied(std::size_t i) const {
    const auto at = std::lower_bound(m_copied_lines.begin(), m_copied_lines.end(), i,
                                     [](const auto& e, std::size_t k) { return e.first < k; });
    return at->second;
  }

  std::string_view m_text;
  bool m_wide;  // m_starts64 (a text of 4 GiB or more), else m_starts32
  std::vector<std::uint32_t> m_starts32;  // where each line starts in m_text, then a sentinel one past its end
  std::vector<std::uint64_t> m_starts64;
  std::vector<bool> m_copied;  // per line: read from m_copies
  std::string m_copies;  // the copied lines, cleaned, one after another, then k_padding bytes
  std::vector<std::pair<std::size_t, std::string_view>> m_copied_lines;  // (line, its copy), by line
};

}  // namespace awrdiff::detail::text_lines
