// The text tokenizer trims and checks most cells with one 16-byte load (cell_of) and keeps a row's
// line (RawRow::raw) only for the snapshot table: every cell of every sample and corpus text report
// is as trim gives it, a table marked folded holds only cells fold_space leaves as they are, and
// raw is set on the snapshot table's rows only.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> text_reports() {
  std::vector<fs::path> out;
  const fs::path source(AWRDIFF_SOURCE_DIR);
  for (const auto& dir : {source / "samples", source / ".." / "shared" / "corpus"}) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      const auto ext = e.path().extension();
      if (e.is_regular_file() && (ext == ".txt" || ext == ".lst")) out.push_back(e.path());
    }
  }
  return out;
}

TEST(TextCells, TrimmedFoldedAndRawAsTheTokenizerSays) {
  const auto files = text_reports();
  ASSERT_FALSE(files.empty());
  std::size_t cells = 0, folded_tables = 0, snapshot_rows = 0;
  for (const auto& f : files) {
    std::string content;
    try {
      content = awrdiff::read_input(f);
    } catch (const awrdiff::Error&) {
      continue;  // (not a report: samples hold other inputs too)
    }
    const awrdiff::RawReport raw = awrdiff::tokenize_text(content);
    for (const auto& t : raw.tables) {
      folded_tables += t.folded ? 1 : 0;
      for (const auto& r : t.rows) {
        if (t.section == awrdiff::SectionId::snapshot_info) {
          ++snapshot_rows;
          EXPECT_FALSE(r.raw.empty()) << f << " line " << r.line;
        } else {
          EXPECT_TRUE(r.raw.empty()) << f << " line " << r.line;
        }
        for (const auto& c : r.cells) {
          ++cells;
          EXPECT_EQ(std::string(awrdiff::trim(c)), c) << f << " line " << r.line;
          if (t.folded) { EXPECT_EQ(awrdiff::detail::fold_space(c), c) << f << " line " << r.line << ": '" << c << "'"; }
        }
      }
    }
  }
  EXPECT_GT(cells, 1000u);
  EXPECT_GT(folded_tables, 10u);
  EXPECT_GT(snapshot_rows, 1u);
}

}  // namespace
