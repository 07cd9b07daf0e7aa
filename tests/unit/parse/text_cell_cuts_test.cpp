// The text tokenizer cuts a row at its rule's column starts and trims each cell with one or two
// 16-byte loads when the cell is at most 32 bytes (cell_of): random rows of cells of every width up
// to 40 bytes, with spaces, other white space, no-break spaces, '&' and UTF-8 characters across the
// cuts, give the cells and the table's folded flag that the byte-by-byte reading gives (cut moved
// past continuation bytes, trim, is_folded).
#include "parse/tokenizer_common.hpp"
#include "support/text.hpp"

#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

// The cell between byte offsets [from, to) of `line` as the tokenizer reads it, byte by byte: a cut
// inside a UTF-8 character moves past its continuation bytes, then the text is trimmed.
std::string reference_cell(std::string_view line, std::size_t from, std::size_t to) {
  const std::size_t n = line.size();
  if (from >= n) return {};
  auto continuation = [&](std::size_t i) { return i < n && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80; };
  while (continuation(from)) ++from;
  if (to >= n) to = n;
  else
    while (continuation(to)) ++to;
  if (from >= to) return {};
  return std::string(awrdiff::trim(line.substr(from, to - from)));
}

TEST(TextCellCuts, CellsOfEveryWidthAsReadByteByByte) {
  // Columns of 3, 16, 17, 31, 32, 33 and 40 bytes (the one- and two-load widths and past them), one
  // space between rules.
  const std::vector<std::size_t> widths = {3, 16, 17, 31, 32, 33, 40};
  std::vector<std::size_t> starts;
  std::string rule, header;
  for (std::size_t w : widths) {
    if (!rule.empty()) {
      rule += ' ';
      header += ' ';
    }
    starts.push_back(rule.size());
    rule += std::string(w, '-');
    header += std::string(w, 'H');
  }
  const std::vector<std::string> pieces = {
      "a", "b", "7", ".", " ", " ", "  ", "&", "\r", "\v", "\xC2\xA0", "\xC3\xA9", "\xE2\x82\xAC", "x y", "&nbsp;", "%"};
  std::mt19937 rng(12345);
  std::size_t checked = 0, folded_tables = 0;
  for (int round = 0; round < 40; ++round) {
    // Each table holds one row, so that its folded flag is that row's.
    std::string text;
    std::vector<std::string> rows;
    for (int t = 0; t < 50; ++t) {
      std::string row = "x";  // (a row starts at the margin with a letter: neither a rule nor blank)
      const std::size_t len = 1 + rng() % (rule.size() + 8);
      while (row.size() < len) row += pieces[rng() % pieces.size()];
      rows.push_back(row);
      text += header + "\n" + rule + "\n" + row + "\n\n";
    }
    const awrdiff::RawReport raw = awrdiff::tokenize_text(text);
    ASSERT_EQ(raw.tables.size(), rows.size());
    for (std::size_t t = 0; t < rows.size(); ++t) {
      const auto& table = raw.tables[t];
      ASSERT_EQ(table.rows.size(), 1u) << rows[t];
      const auto& cells = table.rows[0].cells;
      ASSERT_EQ(cells.size(), widths.size()) << rows[t];
      bool folded = true;
      for (std::size_t c = 0; c < widths.size(); ++c) {
        const std::size_t to = c + 1 < starts.size() ? starts[c + 1] : std::string::npos;
        const std::string want = reference_cell(rows[t], starts[c], to);
        EXPECT_EQ(cells[c], want) << "row '" << rows[t] << "' cell " << c;
        folded = folded && awrdiff::detail::is_folded(want);
        ++checked;
      }
      EXPECT_EQ(table.folded, folded) << rows[t];
      folded_tables += table.folded ? 1 : 0;
    }
  }
  EXPECT_EQ(checked, 40u * 50u * widths.size());
  EXPECT_GT(folded_tables, 0u);  // (both cases seen)
}

}  // namespace
