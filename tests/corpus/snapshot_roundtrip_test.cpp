// Corpus test: every AWR (instance, text, RAC global) and Statspack report of ../shared/corpus that
// loads comes back from its snapshot JSON unchanged: the text written again is the same byte for
// byte (with and without diagnostics), and the snapshot read back compares with the report as
// unchanged, with no findings, and reads as the report does. Skipped cleanly when ../shared is absent.
#include "tests/support/corpus.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

// The reports of MANIFEST.tsv this test reads: AWR instance (HTML, text), RAC global, Statspack.
std::vector<std::string> report_files() {
  std::vector<std::string> out;
  std::ifstream in(k_corpus / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, kind;
    std::getline(ls, name, '\t');
    std::getline(ls, kind, '\t');
    if (kind == "awr-html" || kind == "awr-text" || kind == "statspack" || kind.rfind("awr-rac", 0) == 0 ||
        kind.rfind("awr-global", 0) == 0)
      out.push_back(name);
  }
  return out;
}

std::string rendered(const awrdiff::Comparison& c) {
  std::ostringstream out;
  awrdiff::RenderOptions options;
  options.verbose = true;
  awrdiff::render(c, awrdiff::Format::text, options, out);
  return out.str();
}

TEST(CorpusSnapshotJson, EveryReportRoundTrips) {
  if (!fs::exists(k_corpus / "MANIFEST.tsv")) GTEST_SKIP() << "no corpus at " << k_corpus;
  const auto files = report_files();
  ASSERT_FALSE(files.empty());
  int loaded = 0;
  double read_ms = 0, megabytes = 0;
  for (const auto& name : files) {
    SCOPED_TRACE(name);
    awrdiff::Snapshot s;
    try {
      s = awrdiff::load_report(k_corpus / name);
    } catch (const awrdiff::Error&) {
      continue;  // not a report this release reads: the corpus tests say which
    }
    ++loaded;
    for (bool diagnostics : {false, true}) {
      const auto text = awrdiff::snapshot_json_text(s, diagnostics);
      const auto start = std::chrono::steady_clock::now();
      const auto back = awrdiff::snapshot_from_json(text, name + ".json");
      read_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      megabytes += static_cast<double>(text.size()) / 1e6;
      EXPECT_EQ(awrdiff::snapshot_json_text(back, diagnostics), text);
      if (!diagnostics) continue;
      // The snapshot read back is the report, to every comparison: compared with the report, it is
      // unchanged (a report the report itself says is invalid: not comparable) with no findings, and
      // the whole comparison is that of the report with itself.
      const auto self = awrdiff::compare(s, back);
      const auto expected = s.valid ? awrdiff::Verdict::unchanged : awrdiff::Verdict::not_comparable;
      EXPECT_EQ(self.verdict, expected) << self.headline;
      EXPECT_TRUE(self.findings.empty()) << self.findings.size() << " findings, the first " << self.findings.front().rule;
      EXPECT_EQ(rendered(self), rendered(awrdiff::compare(s, s)));
      EXPECT_EQ(rendered(awrdiff::describe(back)), rendered(awrdiff::describe(s)));
    }
  }
  EXPECT_GT(loaded, 30);
  std::cout << "[          ] " << loaded << " reports; snapshot JSON read at " << megabytes / (read_ms / 1000) << " MB/s\n";
}

}  // namespace
