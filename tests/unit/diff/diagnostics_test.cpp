// Parse diagnostics stay structured from the snapshot to the renderers: a Comparison's diagnostics carry the
// file, line, section and severity of each, and each format chooses its words (text "FILE:LINE: [section]
// warning: message", HTML without directories, JSON one object per diagnostic).
#include "tests/support/samples.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

namespace {

using awrdiff::Diagnostic;
using awrdiff::testing::sample_path;
using awrdiff::testing::sample_report;

std::string rendered(const awrdiff::Comparison& c, awrdiff::Format f, bool verbose = true) {
  awrdiff::RenderOptions o;
  o.verbose = verbose;
  std::ostringstream out;
  awrdiff::render(c, f, o, out);
  return out.str();
}

std::string file_text(const std::string& name) {
  std::ifstream in(sample_path(name), std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// good.txt with its Load Profile's Redo size per second made unreadable (line 28), named with a directory.
awrdiff::Snapshot bad_cell_report() {
  std::string text = file_text("good.txt");
  const auto at = text.find("16,200.0");
  EXPECT_NE(at, std::string::npos);
  text.replace(at, 8, "16,2x0.0");
  return awrdiff::parse_report(text, "reports/badcell.txt");
}

TEST(Diagnostics, ComparisonCarriesFileLineSectionAndSeverity) {
  const auto c = awrdiff::compare(sample_report("good.html"), bad_cell_report());
  const auto it = std::find_if(c.diagnostics.begin(), c.diagnostics.end(),
                               [](const Diagnostic& d) { return d.message.find("cannot read '16,2x0.0'") != std::string::npos; });
  ASSERT_NE(it, c.diagnostics.end());
  EXPECT_EQ(it->file, "reports/badcell.txt");
  EXPECT_EQ(it->line, 28);
  EXPECT_EQ(it->section, "load_profile");
  EXPECT_EQ(it->level, Diagnostic::Level::warning);
  EXPECT_EQ(it->message.find("reports/badcell.txt"), std::string::npos) << "the message does not repeat the file";
}

// Base first, then the target; a diagnostic that already names its file (a set's merged report) keeps it.
TEST(Diagnostics, BaseFirstAndAFileGivenIsKept) {
  auto base = sample_report("good.html");
  auto target = sample_report("bad.html");
  base.source = "base.html";
  target.source = "target.html";
  base.diagnostics = {{Diagnostic::Level::info, "", 0, "a note"}};
  target.diagnostics = {{Diagnostic::Level::warning, "load_profile", 12, "a warning"},
                        {Diagnostic::Level::warning, "", 3, "of a merged report", "member_2.html"}};
  const auto c = awrdiff::compare(base, target);
  ASSERT_EQ(c.diagnostics.size(), 3U);
  EXPECT_EQ(c.diagnostics[0].file, "base.html");
  EXPECT_EQ(c.diagnostics[0].level, Diagnostic::Level::info);
  EXPECT_EQ(c.diagnostics[1].file, "target.html");
  EXPECT_EQ(c.diagnostics[1].line, 12);
  EXPECT_EQ(c.diagnostics[2].file, "member_2.html");
}

TEST(Diagnostics, TextFormatsChooseTheWords) {
  awrdiff::Comparison c;
  c.verdict = awrdiff::Verdict::unchanged;
  c.headline = "Unchanged";
  c.diagnostics = {{Diagnostic::Level::warning, "load_profile", 28, "column 'Per Second': cannot read '16,2x0.0'", "dir/bad.txt"},
                   {Diagnostic::Level::info, "", 0, "a note on the file", "dir/bad.txt"}};
  const std::string text = rendered(c, awrdiff::Format::text);
  EXPECT_NE(text.find("dir/bad.txt:28: [load_profile] warning: column 'Per Second': cannot read '16,2x0.0'\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("dir/bad.txt:0: a note on the file\n"), std::string::npos) << text;
  const std::string md = rendered(c, awrdiff::Format::markdown);
  EXPECT_NE(md.find("- dir/bad.txt:28: \\[load\\_profile\\] warning: column"), std::string::npos) << md;
  const std::string jira = rendered(c, awrdiff::Format::jira);
  EXPECT_NE(jira.find("dir/bad.txt:28: [load_profile] warning: column 'Per Second'"), std::string::npos) << jira;
  const std::string html = rendered(c, awrdiff::Format::html);
  EXPECT_NE(html.find("<li>bad.txt:28: [load_profile] warning: column &#39;Per Second&#39;"), std::string::npos)
      << "HTML names the file without its directories";
  EXPECT_EQ(html.find("dir/bad.txt"), std::string::npos);
  EXPECT_EQ(rendered(c, awrdiff::Format::text, false).find("Diagnostics"), std::string::npos) << "only with --verbose";
}

TEST(Diagnostics, JsonGivesOneObjectEach) {
  awrdiff::Comparison c;
  c.verdict = awrdiff::Verdict::unchanged;
  c.diagnostics = {{Diagnostic::Level::warning, "load_profile", 28, "cannot read '16,2x0.0'", "dir/bad.txt"},
                   {Diagnostic::Level::info, "", 0, "a note", "-"}};
  const auto j = nlohmann::json::parse(rendered(c, awrdiff::Format::json));
  ASSERT_TRUE(j["diagnostics"].is_array());
  ASSERT_EQ(j["diagnostics"].size(), 2U);
  const auto& w = j["diagnostics"][0];
  EXPECT_EQ(w, (nlohmann::json{{"file", "dir/bad.txt"},
                               {"line", 28},
                               {"section", "load_profile"},
                               {"severity", "warning"},
                               {"message", "cannot read '16,2x0.0'"}}));
  const auto& i = j["diagnostics"][1];
  EXPECT_EQ(
      i, (nlohmann::json{{"file", "-"}, {"line", nullptr}, {"section", nullptr}, {"severity", "info"}, {"message", "a note"}}));
  EXPECT_FALSE(nlohmann::json::parse(rendered(c, awrdiff::Format::json, false)).contains("diagnostics"));
}

}  // namespace
