// What a DBA reading the output of real pairs expects (../shared/corpus, skipped when it is absent; the samples
// otherwise): the SQL carrying the change reconciles with it, a set comparison inside the noise names no cause,
// two databases get no causes, findings or assessments, a Load Profile step of the print resolution is no change,
// a statement with no completed execution reads as such, and the check card names the figure it shows.
#include "tests/support/corpus.hpp"
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

bool corpus_absent() { return !fs::exists(k_corpus / "MANIFEST.tsv"); }

awrdiff::Snapshot corpus(const std::string& name) { return awrdiff::load_report(k_corpus / name); }

const awrdiff::CompareTable* table(const awrdiff::Comparison& c, std::string_view key) {
  for (const auto& t : c.tables)
    if (t.key == key) return &t;
  return nullptr;
}

int column(const awrdiff::CompareTable& t, std::string_view key) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].key == key) return static_cast<int>(i);
  return -1;
}

std::string rendered(const awrdiff::Comparison& c, awrdiff::Format f) {
  std::ostringstream out;
  awrdiff::render(c, f, {}, out);
  return out.str();
}

}  // namespace

// RMGTIBP 72330-72331 -> 72331-72332: the ad hoc parallel queries add about 1.9 AAS. The index cleanup job
// (dbms_part.cleanup_gidx_job, 6frynf9v1m655, 4,221.6 s in the base with no execution completed) is not in the target's
// SQL lists, but the target's ASH (Top SQL with Top Events) still samples its ALTER INDEX 4mcpvy4xp0cp2 at 7.89% of
// activity: it is still running, its time in the target unknown, not "gone". The note reconciles the statements with
// the +1.17 AAS of DB time and names the job's unknown time among what no list attributes.
TEST(DbaReading, SqlCarryingTheChangeListsWhatOffsetsItAndReconciles) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  const auto c = awrdiff::compare(corpus("awr-html_19c_jdmoreno_8.html"), corpus("awr-html_19c_jdmoreno_9.html"));
  const auto* t = table(c, "sql_carriers");
  ASSERT_NE(t, nullptr);
  const int id = column(*t, "sql_id"), share = column(*t, "share_pct");
  ASSERT_GE(id, 0);
  ASSERT_GE(share, 0);
  double with = 0;
  for (const auto& r : t->rows) {
    const auto& sid = std::get<std::string>(r.cells[static_cast<std::size_t>(id)]);
    if (const auto* v = std::get_if<double>(&r.cells[static_cast<std::size_t>(share)]); v && *v > 0) with += *v;
    EXPECT_NE(sid, "6frynf9v1m655");  // still running: no change is taken from the target list's cut-off
  }
  EXPECT_GT(with, 150);  // the statements that rose alone add up far past 100%
  ASSERT_FALSE(t->notes.empty());
  const auto& recon = t->notes.front();
  EXPECT_NE(recon.find("The change in DB time per second is +1.170 AAS"), std::string::npos) << recon;
  EXPECT_NE(recon.find("not attributed"), std::string::npos) << recon;
  EXPECT_NE(recon.find("below both reports' top-N lists"), std::string::npos) << recon;
  EXPECT_NE(recon.find("the later period's time of 6frynf9v1m655 (still running"), std::string::npos) << recon;
}

// The same pair: the job the target's ASH still samples is not "gone" in the verdict, nor a finding that offsets the
// causes; the SQL table says it is still running.
TEST(DbaReading, WhatOffsetsTheNamedCausesIsNamedToo) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  const auto c = awrdiff::compare(corpus("awr-html_19c_jdmoreno_8.html"), corpus("awr-html_19c_jdmoreno_9.html"));
  EXPECT_EQ(c.headline.find("6frynf9v1m655 gone"), std::string::npos) << c.headline;
  for (const auto& f : c.findings) EXPECT_FALSE(f.title.starts_with("SQL 6frynf9v1m655 is gone")) << f.title;
  bool running = false;
  for (const auto& t : c.tables)
    for (const auto& r : t.rows)
      for (const auto& cell : r.cells)
        if (const auto* s = std::get_if<std::string>(&cell); s && *s == "running (ASH)") running = true;
  EXPECT_TRUE(running);
}

// The shares of the note's three parts are the whole change: listed, other listed, not attributed.
TEST(DbaReading, SqlCarryingTheChangeNoteAddsUpOnTheSamples) {
  const auto c = awrdiff::compare(awrdiff::testing::sample_report("good.html"), awrdiff::testing::sample_report("bad.html"));
  const auto* t = table(c, "sql_carriers");
  ASSERT_NE(t, nullptr);
  ASSERT_FALSE(t->notes.empty());
  const auto& recon = t->notes.front();
  EXPECT_EQ(recon.rfind("The change in DB time per second is ", 0), 0u) << recon;
  int sum = 0;
  std::size_t pos = 0;
  int parts = 0;
  while ((pos = recon.find("AAS (", pos)) != std::string::npos) {
    pos += 5;
    sum += std::stoi(recon.substr(pos));
    ++parts;
  }
  EXPECT_GE(parts, 2) << recon;
  EXPECT_NEAR(sum, 100, 2) << recon;  // each part rounded to a percent
}

// RMGTIBN, the quiet half-hour and the 24-h range against the soak peak and the 19-Dec run: the merged sets read as
// more load at the same cost per unit, but the reports' DB time per second differ within the noise (p = 0.16):
// inconclusive, no cause named.
TEST(DbaReading, ASetChangeInsideTheNoiseIsNoLoadChange) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  const auto c = awrdiff::compare_sets({corpus("awr-html_19c_jdmoreno_3.html"), corpus("awr-html_19c_jdmoreno_7.html")},
                                       {corpus("awr-html_19c_jdmoreno_1.html"), corpus("awr-html_19c_jdmoreno_5.html")});
  EXPECT_EQ(c.verdict, awrdiff::Verdict::inconclusive) << c.headline;
  EXPECT_EQ(c.headline.rfind("Inconclusive: ", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("within the noise"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("no cause is established"), std::string::npos) << c.headline;
  EXPECT_EQ(c.headline.find("More load"), std::string::npos) << c.headline;
  EXPECT_TRUE(c.contributors.empty());
}

// RMGTIBN against RMGTIBP: two databases. The figures stay side by side; no cause, finding, assessment or
// attribution is drawn from their difference, in any format.
TEST(DbaReading, TwoDatabasesGetNoCausesFindingsOrAssessments) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  const auto c = awrdiff::compare(corpus("awr-html_19c_jdmoreno_5.html"), corpus("awr-html_19c_jdmoreno_8.html"));
  EXPECT_EQ(c.verdict, awrdiff::Verdict::not_comparable);
  EXPECT_EQ(c.headline.rfind("Not comparable (different databases: RMGTIBN DB Id 2216396004 vs RMGTIBP DB Id 2447957804)", 0), 0u)
      << c.headline;
  EXPECT_EQ(c.headline.find("driven by"), std::string::npos) << c.headline;
  EXPECT_TRUE(c.findings.empty());
  EXPECT_TRUE(c.contributors.empty());
  EXPECT_EQ(table(c, "sql_carriers"), nullptr);
  EXPECT_EQ(table(c, "attribution"), nullptr);
  for (const auto& t : c.tables) {
    EXPECT_FALSE(t.changes_only) << t.key;
    for (const auto& col : t.columns) EXPECT_NE(awrdiff::role_of(col), awrdiff::ColumnRole::assessment) << t.key;
  }
  ASSERT_NE(table(c, "load_profile"), nullptr);  // the figures are still there
  for (auto f : {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::jira, awrdiff::Format::html}) {
    const auto out = rendered(c, f);
    EXPECT_EQ(out.find("Top causes"), std::string::npos);
    EXPECT_EQ(out.find("[worse]"), std::string::npos);
  }
  // The same for sets whose merged periods are of two databases.
  const auto s = awrdiff::compare_sets({corpus("awr-html_19c_jdmoreno_5.html"), corpus("awr-html_19c_jdmoreno_7.html")},
                                       {corpus("awr-html_19c_jdmoreno_8.html"), corpus("awr-html_19c_jdmoreno_9.html")});
  EXPECT_EQ(s.verdict, awrdiff::Verdict::not_comparable) << s.headline;
  EXPECT_TRUE(s.findings.empty());
  EXPECT_TRUE(s.contributors.empty());
  EXPECT_EQ(table(s, "sql_carriers"), nullptr);
}

// RMGTIBP: Background CPU(s) is printed 0.0 in the base and 0.1 in the target; one printed step is no change.
TEST(DbaReading, ALoadProfileStepOfThePrintResolutionIsNoChange) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  const auto c = awrdiff::compare(corpus("awr-html_19c_jdmoreno_8.html"), corpus("awr-html_19c_jdmoreno_9.html"));
  const auto* t = table(c, "load_profile");
  ASSERT_NE(t, nullptr);
  const int name = column(*t, "name"), assessment = column(*t, "assessment"), base = column(*t, "base_per_second"),
            target = column(*t, "target_per_second");
  ASSERT_GE(assessment, 0);
  bool seen = false;
  for (const auto& r : t->rows) {
    if (std::get<std::string>(r.cells[static_cast<std::size_t>(name)]) != "Background CPU(s)") continue;
    seen = true;
    EXPECT_DOUBLE_EQ(std::get<double>(r.cells[static_cast<std::size_t>(base)]), 0.0);
    EXPECT_DOUBLE_EQ(std::get<double>(r.cells[static_cast<std::size_t>(target)]), 0.1);
    EXPECT_TRUE(std::holds_alternative<std::monostate>(r.cells[static_cast<std::size_t>(assessment)]));
  }
  EXPECT_TRUE(seen);
}

// RMGTIBP 72351-72352 -> 72365-72367: 1c602wgfqtdky completes no execution in either period; the minutes are the
// periods' lengths, said as such, not a change of the statement's.
TEST(DbaReading, NoCompletedExecutionReadsAsSuch) {
  if (corpus_absent()) GTEST_SKIP() << "../shared/corpus absent";
  const auto c = awrdiff::compare(corpus("awr-html_19c_jdmoreno_10.html"), corpus("awr-html_19c_jdmoreno_11.html"));
  bool seen = false;
  for (const auto& f : c.findings)
    for (const auto& e : f.evidence)
      if (e.find("executions blank") != std::string::npos) {
        seen = true;
        EXPECT_NE(e.find("no call of it completed within either period (4.3 and 19.4 min long)"), std::string::npos) << e;
        EXPECT_EQ(e.find("->"), std::string::npos) << e;
      }
  EXPECT_TRUE(seen);
}

// check's HTML card leads with what the text's first line gives (the current period against the baseline's
// centre and band) and names the merged figure as the baseline's periods merged.
TEST(DbaReading, CheckCardNamesTheCentreAndTheMergedFigure) {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"})
    s.push_back(awrdiff::testing::sample_report(n));
  const auto r = awrdiff::check(awrdiff::testing::sample_report("bad.html"), awrdiff::baseline_from_snapshots(std::move(s)),
                                awrdiff::default_policy());
  const auto html = rendered(r.comparison, awrdiff::Format::html);
  const auto card = html.substr(html.find("id=\"verdict\""), 1500);
  EXPECT_NE(card.find("DB time per second 0.970 <small>average active sessions; the baseline's centre 0.222, band 0.172 .. "
                      "0.272</small>"),
            std::string::npos)
      << card;
  EXPECT_NE(card.find("The baseline's periods merged"), std::string::npos) << card;
}
