// The text tokenizer's shortcuts against what they stand in for: may_name_section (a line that
// starts no catalog title is never a section title) against find_section_by_title, and is_folded
// (a cell that needs no folding) against fold_space. Lines come from the sample text reports and,
// when ../shared/corpus is there, from every text report of the corpus.
#include "parse/tokenizer_common.hpp"
#include "tests/support/corpus.hpp"
#include "support/text.hpp"

#include <awrdiff/catalog.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using awrdiff::find_section_by_title;
using awrdiff::detail::is_folded;
using awrdiff::detail::may_name_section;

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

std::vector<std::string> lines_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::vector<std::string> out;
  std::string line;
  std::istringstream is(ss.str());
  while (std::getline(is, line)) out.push_back(line);
  return out;
}

// The texts the tokenizer asks the catalog about for one line: the line, and the line cut where a
// title's first words end (two spaces), before "DB/Inst", and at every byte of its first 40.
std::vector<std::string_view> cuts_of(std::string_view line) {
  std::vector<std::string_view> out{line};
  for (auto pos = line.find("  "); pos != std::string_view::npos; pos = line.find("  ", pos + 1))
    out.push_back(line.substr(0, pos));
  if (auto pos = line.find("DB/Inst"); pos != std::string_view::npos) out.push_back(line.substr(0, pos));
  for (std::size_t n = 0; n < line.size() && n < 40; ++n) out.push_back(line.substr(0, n));
  return out;
}

TEST(TextTokenizerFastPaths, EveryCatalogTitleMayNameASection) {
  std::size_t titles = 0;
  for (const auto& s : awrdiff::all_sections())
    for (auto t : s.titles) {
      const bool prefix = !t.empty() && t.back() == '*';
      const std::string text = prefix ? std::string(t.substr(0, t.size() - 1)) + " 8 Cores: 4)" : std::string(t);
      if (awrdiff::normalize_label(text).empty()) continue;
      ++titles;
      EXPECT_TRUE(may_name_section(text)) << text;
      EXPECT_TRUE(may_name_section(text + "  DB/Inst: ORCL/orcl1  Snaps: 1-2")) << text;
      if (find_section_by_title(text) != nullptr) { EXPECT_TRUE(may_name_section("  " + text)) << text; }
    }
  EXPECT_GT(titles, 100u);
}

TEST(TextTokenizerFastPaths, ALineRefusedNamesNoSection) {
  std::size_t lines = 0, refused = 0;
  for (const auto& p : text_reports())
    for (const auto& line : lines_of(p)) {
      ++lines;
      if (may_name_section(line)) continue;
      ++refused;
      for (auto cut : cuts_of(line))
        ASSERT_EQ(find_section_by_title(cut), nullptr) << p << ": '" << line << "' cut to '" << cut << "'";
    }
  EXPECT_GT(lines, 1000u);
  EXPECT_GT(refused, lines / 2);  // the shortcut is worth having
}

TEST(TextTokenizerFastPaths, RandomTitlesAndNearMisses) {
  std::vector<std::string> titles;
  for (const auto& s : awrdiff::all_sections())
    for (auto t : s.titles)
      if (!t.empty()) titles.emplace_back(t.back() == '*' ? t.substr(0, t.size() - 1) : t);
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::size_t> pick(0, titles.size() - 1), edit(0, 5);
  static const std::string k_noise[] = {" ", "  ", "\t", "\xC2\xA0", ":", "::", "x", "Z", "-", "\r", std::string(1, '\0')};
  std::uniform_int_distribution<std::size_t> noise(0, std::size(k_noise) - 1);
  for (int round = 0; round < 20000; ++round) {
    std::string t = titles[pick(rng)];
    std::uniform_int_distribution<std::size_t> at(0, t.size());
    switch (edit(rng)) {
      case 0:
        t.insert(at(rng), k_noise[noise(rng)]);
        break;
      case 1:
        t.resize(at(rng));
        break;
      case 2:
        t = k_noise[noise(rng)] + t;
        break;
      case 3:
        t += k_noise[noise(rng)] + titles[pick(rng)];
        break;
      case 4:
        if (!t.empty()) t[at(rng) % t.size()] ^= 0x20;
        break;
      default:
        break;
    }
    if (!may_name_section(t)) { ASSERT_EQ(find_section_by_title(t), nullptr) << '"' << t << '"'; }
  }
}

TEST(TextTokenizerFastPaths, IsFoldedOnlyWhenFoldSpaceKeepsTheText) {
  EXPECT_TRUE(is_folded("db file sequential read"));
  EXPECT_TRUE(is_folded("1,234.5"));
  EXPECT_TRUE(is_folded(""));
  EXPECT_FALSE(is_folded("enq: IV -  contention"));
  EXPECT_FALSE(is_folded(" x"));
  EXPECT_FALSE(is_folded("x "));
  EXPECT_FALSE(is_folded("a\tb"));
  EXPECT_FALSE(is_folded("a&nbsp;b"));
  EXPECT_FALSE(
      is_folded("a\xC2\xA0"
                "b"));
  static const std::string k_pieces[] = {"a", "select",   " ",    " ",    " ",     "  ", "\t",   "\n",      "&nbsp;",
                                         "&", "\xC2\xA0", "\xC2", "\xA0", "1,234", "%",  "\x01", "12345678"};
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::size_t> piece(0, std::size(k_pieces) - 1), count(0, 30);
  std::size_t folded = 0;
  for (int round = 0; round < 40000; ++round) {
    std::string t;
    for (std::size_t k = count(rng); k > 0; --k) t += k_pieces[piece(rng)];
    const bool same = awrdiff::detail::fold_space(t) == t;
    if (is_folded(t)) {
      ++folded;
      ASSERT_TRUE(same) << '"' << t << '"';
    } else if (t.find_first_of("&\xC2") == std::string::npos) {
      ASSERT_FALSE(same) << '"' << t << '"';  // only a possible no-break space may be refused when folded
    }
  }
  EXPECT_GT(folded, 1000u);
}

}  // namespace
