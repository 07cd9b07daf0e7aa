// The text tokenizer trims and checks most cells with one 16-byte load (cell_of) and keeps a row's
// line (RawRow::raw) only for the snapshot table: every cell of every sample and corpus text report
// is as trim gives it, a table marked folded holds only cells fold_space leaves as they are, and
// raw is set on the snapshot table's rows only.
#include "parse/tokenizer_common.hpp"
#include "tests/support/corpus.hpp"
#include "support/text.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> text_reports() {
  std::vector<fs::path> out;
  const fs::path source(AWRDIFF_SOURCE_DIR);
  for (const auto& dir : {source / "samples", awrdiff::testing::corpus_dir()}) {
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

// The tokenizer reads its lines where the text is, and copies only the lines holding a tab or a form feed
// (cleaned: tabs as spaces, form feeds removed) and the last lines (its 16-byte loads must stay inside a
// buffer): a report with tabs and form feeds put in at random, cut anywhere, read from a buffer of exactly
// its size, tokenizes as the same report cleaned beforehand.
void expect_same_tables(const awrdiff::RawReport& a, const awrdiff::RawReport& b, const std::string& what) {
  ASSERT_EQ(a.tables.size(), b.tables.size()) << what;
  for (std::size_t t = 0; t < a.tables.size(); ++t) {
    const auto &x = a.tables[t], &y = b.tables[t];
    EXPECT_EQ(x.title, y.title) << what;
    EXPECT_EQ(x.headers, y.headers) << what << " " << x.title;
    EXPECT_EQ(x.folded, y.folded) << what << " " << x.title;
    ASSERT_EQ(x.rows.size(), y.rows.size()) << what << " " << x.title;
    for (std::size_t r = 0; r < x.rows.size(); ++r) {
      EXPECT_EQ(x.rows[r].cells, y.rows[r].cells) << what << " " << x.title << " line " << x.rows[r].line;
      EXPECT_EQ(x.rows[r].raw, y.rows[r].raw) << what;
      EXPECT_EQ(x.rows[r].continuation, y.rows[r].continuation) << what;
      EXPECT_EQ(x.rows[r].line, y.rows[r].line) << what;
    }
  }
}

TEST(TextCells, TabsFormFeedsAndTheLastLinesReadAsCleanedBeforehand) {
  const auto files = text_reports();
  ASSERT_FALSE(files.empty());
  std::mt19937 random(26);
  std::size_t compared = 0;
  for (const auto& f : files) {
    std::string content;
    try {
      content = awrdiff::read_input(f);
    } catch (const awrdiff::Error&) { continue; }
    for (int round = 0; round < 3; ++round) {
      std::string text = content;
      for (int k = 0; k < 200 && !text.empty(); ++k) {
        const std::size_t at = random() % text.size();
        if (text[at] == ' ') text[at] = k % 3 == 0 ? '\f' : '\t';
        else if (k % 5 == 0) text.insert(at, 1, '\f');
      }
      if (round > 0) text.resize(text.size() / 2 + random() % (text.size() / 2));  // cut anywhere
      std::string cleaned;
      for (const char c : text)
        if (c != '\f') cleaned.push_back(c == '\t' ? ' ' : c);
      // A buffer of exactly the text's size (no terminating NUL, nothing after it to read).
      const auto exact = std::make_unique<char[]>(text.size());
      std::copy(text.begin(), text.end(), exact.get());
      expect_same_tables(awrdiff::tokenize_text(std::string_view(exact.get(), text.size())), awrdiff::tokenize_text(cleaned),
                         f.filename().string() + " round " + std::to_string(round));
      ++compared;
    }
  }
  EXPECT_GT(compared, 3u);
}

}  // namespace
