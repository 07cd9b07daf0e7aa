// Internals shared by the HTML and text tokenizers.
#pragma once

#include <awrdiff/parse.hpp>

#include "support/text.hpp"  // ascii_run_end

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::detail {

/// Bounds that keep memory and time linear in the input on hostile files. Real AWR reports have a
/// few hundred tables of at most a few dozen columns.
inline constexpr std::size_t k_max_tables = 20000;
inline constexpr std::size_t k_max_columns = 256;
inline constexpr std::size_t k_max_html_tags = 1'000'000;
/// Rows a table keeps, and lines a text report's SQL record keeps after its figures: the largest table of the
/// corpus has 700 rows (File IO Stats), Instance Activity about 2,000, and a text report prints a few lines of each
/// statement. Rows and lines past them are counted, not kept, and said once per table: memory stays bounded on a
/// report of millions of rows or one SQL text of hundreds of MB (docs/benchmark.md, "Large inputs").
inline constexpr std::size_t k_max_table_rows = 20'000;
inline constexpr std::size_t k_max_record_lines = 2'000;

/// True while `report` has fewer than k_max_tables tables; at the limit, adds one warning
/// diagnostic (once) and returns false: the caller drops the table.
bool room_for_table(RawReport& report);

/// Folds runs of white space (and &#160; / &nbsp;) to one space and trims.
std::string fold_space(std::string_view text);

/// fold_space's byte classes: 0 ordinary, 1 white space (ASCII space, \t..\r), 2 may start a no-break
/// space (0xC2 of UTF-8 U+00A0, '&' of &nbsp; / &#160;).
inline constexpr auto k_fold_class = [] {
  std::array<unsigned char, 256> t{};
  for (unsigned c : {unsigned{' '}, 9u, 10u, 11u, 12u, 13u}) t[c] = 1;
  t[0xC2] = 2;
  t['&'] = 2;
  return t;
}();

/// True when fold_space(text) == text for sure: no white space but single spaces between other
/// bytes, and no byte that may start a no-break space (0xC2, '&'; such text may still be folded).
/// Inline: the text tokenizer asks about every cell.
inline bool is_folded(std::string_view text) {
  const std::size_t n = text.size();
  const char* const in = text.data();
  std::size_t i = 0;
  bool after_space = false;  // the byte before i is a space (then byte i must be an ordinary one)
  // Eight bytes at a time while none is a control byte (\t..\r among them), 0xC2 or '&': ordinary
  // bytes and spaces, a space neither first nor last nor beside another.
  constexpr std::uint64_t k_ones = 0x0101010101010101ULL, k_highs = 0x8080808080808080ULL;
  constexpr std::uint64_t k_lows = 0x7F7F7F7F7F7F7F7FULL;
  auto has_zero = [&](std::uint64_t v) { return ((v - k_ones) & ~v & k_highs) != 0; };
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, in + i, 8);
    const bool control = ((w - 0x20 * k_ones) & ~w & k_highs) != 0;  // a byte below 0x20
    if (control || has_zero(w ^ (0xC2 * k_ones)) || has_zero(w ^ ('&' * k_ones))) break;
    const std::uint64_t x = w ^ (' ' * k_ones);
    const std::uint64_t spaces = ~(((x & k_lows) + k_lows) | x) & k_highs;  // 0x80 in each space byte
    if (spaces == 0) {
      after_space = false;
      continue;
    }
    if constexpr (std::endian::native != std::endian::little) break;  // (byte order below: little-endian)
    if ((spaces & (spaces >> 8)) != 0) return false;  // two spaces side by side
    if ((spaces & 0x80) != 0 && (i == 0 || after_space)) return false;  // first byte, or after a space
    after_space = (spaces >> 63) != 0;
  }
  for (; i < n; ++i) {
    const unsigned char cls = k_fold_class[static_cast<unsigned char>(in[i])];
    if (after_space) {
      if (cls != 0) return false;
      after_space = false;
      continue;
    }
    if (cls == 0) continue;
    // A space is kept only between two ordinary bytes (fold_space keeps single spaces there).
    if (cls == 2 || in[i] != ' ' || i == 0) return false;
    after_space = true;
  }
  return !after_space;  // (a last byte that is a space is dropped by fold_space)
}

/// How many times `c` occurs in `text` (a loop the compiler vectorises; std::count on chars is not,
/// with g++ 12).
std::size_t count_byte(std::string_view text, char c);

/// Maps byte offsets to 1-based line numbers by counting the line feeds between the offset and the
/// last one asked (tables come in file order: about one pass over the text in all). `text` must
/// outlive the index. Not for use from several threads at once.
class LineIndex {
public:
  explicit LineIndex(std::string_view text) : m_text(text) {}
  int line_of(std::size_t offset) const;

private:
  std::string_view m_text;
  mutable std::size_t m_offset = 0;  // line feeds before m_offset: m_line - 1
  mutable int m_line = 1;
};

/// A cheap, exact pre-check for find_section_by_title on text lines (the text tokenizer asks about
/// every line): false only when find_section_by_title returns nullptr for `text` and for every text
/// whose normalised form (normalize_label's: white space and no-break space bytes dropped, ASCII
/// lower-cased) is a prefix of `text`'s, such as `text` with "DB/Inst: ..." or a footnote marker cut
/// off. It compares the first normalised bytes of `text` (as many as the shortest catalog title has,
/// at most 8) with those of every catalog title and title prefix; true means "ask the catalog".
bool may_name_section(std::string_view text);

/// Fills `columns` from `headers` and `section` from the title, the HTML summary, or (for the
/// untitled header tables at the top of a report) the set of columns.
void classify(RawTable& table);

/// The index of `table`'s first column that names a statement as `key` does (ColumnSpec::statement_key), or -1.
int statement_key_column(const RawTable& table, StatementKey key);

/// tokenize_html, or with `forgiving_only` the whole file read by libxml2's forgiving HTML parser
/// (the reference the fast paths are tested against).
RawReport tokenize_html_with(std::string_view content, bool forgiving_only);

}  // namespace awrdiff::detail
