// Text output of real pairs fits --width: every pair of corpus reports of one DB Id (AWR and Statspack, HTML
// and text), with every row (--rows 0), at 80 and 120 columns; and each report alone. Skipped cleanly when
// ../shared/corpus is absent.
#include "render/render_common.hpp"
#include "tests/support/corpus.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

// The reports of MANIFEST.tsv that compare (AWR instance and RAC reports, Statspack), parsed, by DB Id.
std::map<std::uint64_t, std::vector<awrdiff::Snapshot>> reports_by_dbid() {
  std::map<std::uint64_t, std::vector<awrdiff::Snapshot>> out;
  std::ifstream in(k_corpus / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, kind;
    std::getline(ls, name, '\t');
    std::getline(ls, kind, '\t');
    if (kind.rfind("awr-", 0) != 0 && kind != "statspack") continue;
    try {
      auto s = awrdiff::load_report(k_corpus / name);
      if (s.database.dbid) out[*s.database.dbid].push_back(std::move(s));
    } catch (const awrdiff::Error&) {
      // a report the comparison refuses is another test's business
    }
  }
  return out;
}

std::string widest_line(const std::string& text, std::size_t width) {
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (awrdiff::render_detail::width(l) > width) return l;
  return {};
}

TEST(TextWidthCorpus, EveryPairOfOneDatabaseFits) {
  if (!fs::exists(k_corpus / "MANIFEST.tsv")) GTEST_SKIP() << "../shared/corpus absent";
  const auto by_dbid = reports_by_dbid();
  std::size_t pairs = 0;
  for (const auto& [dbid, reports] : by_dbid) {
    for (std::size_t i = 0; i < reports.size(); ++i) {
      std::vector<awrdiff::Comparison> comparisons;
      comparisons.push_back(awrdiff::describe(reports[i]));
      for (std::size_t j = i + 1; j < reports.size(); ++j) comparisons.push_back(awrdiff::compare(reports[i], reports[j]));
      pairs += comparisons.size() - 1;
      for (const auto& c : comparisons)
        for (std::size_t width : {80, 120}) {
          awrdiff::RenderOptions o;
          o.width = width;
          o.rows = 0;
          std::ostringstream out;
          awrdiff::render(c, awrdiff::Format::text, o, out);
          const auto over = widest_line(out.str(), width);
          EXPECT_TRUE(over.empty()) << c.base_source << " -> " << c.target_source << " at " << width << ": " << over;
        }
    }
  }
  EXPECT_GT(pairs, 0u);
}

}  // namespace
