// The chart model (diff.hpp: Chart, PeriodInfo; src/diff/charts.cpp) and the HTML page built from it:
// what each chart holds for the samples, and that every string a report can carry is escaped.
// The page in a real browser: tests/browser/html_browser_test.py; the samples' pages: tests/golden/.
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace {

using awrdiff::testing::sample_report;

std::string html(const awrdiff::Comparison& c) {
  std::ostringstream out;
  awrdiff::render(c, awrdiff::Format::html, {true}, out);
  return out.str();
}

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

const awrdiff::Chart* chart(const awrdiff::Comparison& c, const std::string& key) {
  for (const auto& x : c.charts)
    if (x.key == key) return &x;
  return nullptr;
}

TEST(Charts, DbTimeByPartInEachPeriod) {
  const auto c = awrdiff::compare(sample_report("good.html"), sample_report("bad.html"));
  ASSERT_FALSE(c.charts.empty());
  const auto& ch = c.charts.front();
  EXPECT_EQ(ch.key, "db_time");
  EXPECT_EQ(ch.kind, awrdiff::ChartKind::stacked);
  EXPECT_EQ(ch.unit, "AAS");
  ASSERT_EQ(ch.categories, (std::vector<std::string>{"Base", "Target"}));
  ASSERT_EQ(ch.totals.size(), 2u);
  EXPECT_NEAR(*ch.totals[0], *c.db_time_per_s_base, 1e-9);
  EXPECT_NEAR(*ch.totals[1], *c.db_time_per_s_target, 1e-9);
  EXPECT_EQ(ch.series.front().name, "DB CPU");
  EXPECT_EQ(ch.series.back().name, "Outside DB CPU and waits");
  // The samples have Foreground Wait Class: the parts add up to DB time.
  for (std::size_t i = 0; i < 2; ++i) {
    double sum = 0;
    for (const auto& s : ch.series) sum += s.values[i].value_or(0);
    EXPECT_NEAR(sum, *ch.totals[i], 0.02 * *ch.totals[i]) << "period " << i;
  }
  ASSERT_EQ(c.period_info.size(), 2u);
  EXPECT_EQ(c.period_info[0].role, "Base");
  EXPECT_EQ(c.period_info[0].files, "good.html");  // no directories
  EXPECT_EQ(c.period_info[1].database, "ORCL19");
  EXPECT_EQ(c.period_info[1].instance, "orcl19");
  EXPECT_FALSE(c.period_info[1].begin_time.empty());
}

TEST(Charts, SingleReportHasOneBar) {
  const auto c = awrdiff::describe(sample_report("good.html"));
  ASSERT_NE(chart(c, "db_time"), nullptr);
  EXPECT_EQ(chart(c, "db_time")->categories.size(), 1u);
  ASSERT_EQ(c.period_info.size(), 1u);
  EXPECT_EQ(c.period_info[0].role, "Report");
}

TEST(Charts, EvidenceIsEachFindingMetricBaseAgainstTarget) {
  const auto c = awrdiff::compare(sample_report("commit_normal.html"), sample_report("commit_spike.html"));
  ASSERT_FALSE(c.findings.empty());
  for (const auto& f : c.findings) {
    const auto ev = awrdiff::evidence_chart(f);
    EXPECT_EQ(ev.kind, awrdiff::ChartKind::paired);
    std::size_t with_values = 0;
    for (const auto& m : f.metrics) with_values += m.base || m.target ? 1 : 0;
    EXPECT_EQ(ev.series.size(), with_values) << f.rule;
    for (const auto& s : ev.series) EXPECT_EQ(s.values.size(), 2u);
  }
  // log file sync got worse: its series is coloured "worse".
  bool worse = false;
  for (const auto& f : c.findings)
    for (const auto& s : awrdiff::evidence_chart(f).series) worse = worse || s.assessment == "worse";
  EXPECT_TRUE(worse);
}

TEST(Charts, SetsShowEachReportAndTheMedians) {
  std::vector<awrdiff::Snapshot> base, target;
  for (const char* n : {"good.html", "good_1.html", "good_2.html"}) base.push_back(sample_report(n));
  for (const char* n : {"good_3.html", "good_4.html", "bad.html"}) target.push_back(sample_report(n));
  const auto c = awrdiff::compare_sets(base, target);
  const auto* bars = chart(c, "db_time");
  ASSERT_NE(bars, nullptr);
  EXPECT_EQ(bars->categories.size(), 6u);
  EXPECT_EQ(bars->groups, (std::vector<std::string>{"Base", "Base", "Base", "Target", "Target", "Target"}));
  const auto* strip = chart(c, "sets");
  ASSERT_NE(strip, nullptr);
  EXPECT_EQ(strip->kind, awrdiff::ChartKind::strip);
  ASSERT_FALSE(strip->series.empty());
  const auto& dbt = strip->series.front();
  EXPECT_EQ(dbt.unit, "AAS");
  ASSERT_EQ(dbt.points.size(), 2u);
  EXPECT_EQ(dbt.points[0].size(), 3u);
  EXPECT_EQ(dbt.points[1].size(), 3u);
  ASSERT_EQ(strip->members[1].size(), 3u);
  EXPECT_EQ(strip->members[1][2], "bad.html");
  // The median of good_3, good_4 and bad is the middle one.
  std::vector<double> t = dbt.points[1];
  std::sort(t.begin(), t.end());
  EXPECT_NEAR(*dbt.values[1], t[1], 1e-12);
}

TEST(Charts, CheckShowsTheBandAndTheCurrentValue) {
  std::vector<awrdiff::Snapshot> s;
  for (const char* n : {"good.html", "good_1.html", "good_2.html", "good_3.html", "good_4.html"}) s.push_back(sample_report(n));
  const auto r =
      awrdiff::check(sample_report("bad.html"), awrdiff::baseline_from_snapshots(std::move(s)), awrdiff::default_policy());
  const auto* band = chart(r.comparison, "check");
  ASSERT_NE(band, nullptr);
  EXPECT_EQ(band->kind, awrdiff::ChartKind::band);
  bool db_time = false;
  for (const auto& x : band->series) {
    ASSERT_TRUE(x.low && x.high);
    EXPECT_LE(*x.low, *x.high);
    if (x.name == r.results.front().label) {
      db_time = true;
      EXPECT_EQ(x.assessment, "fail");
      EXPECT_GT(*x.values[0], *x.high);
    }
  }
  EXPECT_TRUE(db_time);
  ASSERT_EQ(r.comparison.period_info.size(), 2u);
  EXPECT_EQ(r.comparison.period_info[0].role, "Baseline");
  EXPECT_EQ(r.comparison.period_info[1].role, "Current");
  EXPECT_EQ(r.comparison.charts.front().key, "db_time");  // the first screen: where DB time goes
}

TEST(Html, ChangesColouredByAssessmentNotSign) {
  const auto page = html(awrdiff::compare(sample_report("good.html"), sample_report("bad.html")));
  // A change cell takes its row's assessment; the old sign classes are gone.
  EXPECT_EQ(count(page, "class=\"n up\""), 0u);
  EXPECT_EQ(count(page, "class=\"n down\""), 0u);
  EXPECT_GT(count(page, "class=\"n worse\""), 0u);
}

TEST(Html, EveryReportStringIsEscaped) {
  const std::string evil = "<script>alert(1)</script></textarea>\"'<a href=\"javascript:alert(1)\">x</a>";
  awrdiff::Comparison c;
  c.base_source = "/tmp/" + evil + ".html";
  c.target_source = evil;
  c.verdict = awrdiff::Verdict::regressed;
  c.headline = evil;
  c.warnings = {evil};
  c.contributors = {{awrdiff::ContributorKind::sql, evil, 1.5, 90.0, false}};
  awrdiff::Finding f;
  f.rule = evil;
  f.title = evil;
  f.evidence = {evil};
  f.metrics = {{evil, evil, evil, 1.0, 2.0}};
  c.findings = {f};
  awrdiff::CompareTable t;
  t.key = evil;
  t.title = evil;
  t.columns = {{evil, evil, evil, awrdiff::ColumnKind::text, 0},
               {"assessment", "Assessment", "", awrdiff::ColumnKind::text, 0, awrdiff::ColumnRole::assessment}};
  t.rows = {{{evil, evil}}};
  t.notes = {evil};
  c.tables = {t};
  awrdiff::PeriodInfo p;
  p.role = evil;
  p.files = evil;
  p.database = evil;
  p.instance = evil;
  p.begin_time = evil;
  c.period_info = {p, p};
  awrdiff::Chart ch;
  ch.key = evil;
  ch.title = evil;
  ch.kind = awrdiff::ChartKind::stacked;
  ch.unit = evil;
  ch.categories = {evil, evil};
  ch.groups = {evil, evil};
  ch.totals = {1.0, 2.0};
  ch.series = {{evil, evil, {1.0, 2.0}, {}, {}, {}, {}, evil, "red\"><script>"}};
  ch.notes = {evil};
  c.charts = {ch};
  for (auto kind : {awrdiff::ChartKind::paired, awrdiff::ChartKind::band, awrdiff::ChartKind::strip}) {
    auto x = ch;
    x.kind = kind;
    x.members = {{evil}, {evil}};
    x.series[0].points = {{1.0}, {2.0}};
    x.series[0].low = 0.5;
    x.series[0].high = 1.5;
    c.charts.push_back(x);
  }
  c.diagnostics = {{awrdiff::Diagnostic::Level::warning, evil, 3, evil, "/tmp/" + evil}};
  const auto page = html(c);
  EXPECT_EQ(count(page, "<script"), 1u);  // awrdiff's own
  EXPECT_EQ(count(page, "href=\"javascript"), 0u);
  EXPECT_EQ(count(page, "</textarea>"), 0u);
  EXPECT_EQ(count(page, "<a href=\"j"), 0u);
  EXPECT_GT(count(page, "&lt;script&gt;alert(1)&lt;/script&gt;&lt;/textarea&gt;&quot;&#39;"), 10u);
  EXPECT_EQ(count(page, "/tmp/"), 0u);  // file names, not paths, in the header
  // Ids and anchors are made of safe characters only.
  for (auto p2 = page.find(" id=\""); p2 != std::string::npos; p2 = page.find(" id=\"", p2 + 1)) {
    const auto end = page.find('"', p2 + 5);
    for (char ch2 : page.substr(p2 + 5, end - p2 - 5))
      EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch2)) || ch2 == '-' || ch2 == '_');
  }
}

TEST(Html, OneSelfContainedPage) {
  const auto page = html(awrdiff::compare(sample_report("good.html"), sample_report("bad.html")));
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count(page, " src="), 0u);
  EXPECT_EQ(count(page, "url("), 0u);
  EXPECT_EQ(count(page, "http://"), count(page, "xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_EQ(count(page, "https://"), 0u);
  EXPECT_NE(page.find("<title>awrdiff: ORCL19 / orcl19, "), std::string::npos);
  EXPECT_NE(page.find("id=\"verdict\""), std::string::npos);
  EXPECT_NE(page.find("id=\"c-db_time\""), std::string::npos);
  EXPECT_NE(page.find("id=\"findings\""), std::string::npos);
  EXPECT_NE(page.find("id=\"t-load_profile\""), std::string::npos);
  EXPECT_NE(page.find("href=\"#t-load_profile\""), std::string::npos);
  // The verdict card, then the DB time chart, then the findings.
  EXPECT_LT(page.find("id=\"verdict\""), page.find("id=\"c-db_time\""));
  EXPECT_LT(page.find("id=\"c-db_time\""), page.find("id=\"findings\""));
  EXPECT_LT(page.size(), 500u * 1024);
}

// A RAC-like pair's other sections (Instance Activity, latches, histograms, global cache: some 3,000 rows of
// totals and rates side by side, a tenth of them 0 in both periods) make a page under 500 KB that still names
// every row (tests/browser checks real RAC pairs, docs/html.md lists their sizes).
TEST(Html, RacSizedSectionsStayUnder500KB) {
  auto c = awrdiff::compare(sample_report("good.html"), sample_report("bad.html"));
  using awrdiff::ColumnKind;
  for (int k = 0; k < 4; ++k) {
    awrdiff::CompareTable t;
    t.key = "rac_like_" + std::to_string(k);
    t.title = "Section " + std::to_string(k);
    t.group = awrdiff::TableGroup::sections;
    t.columns = {{"name", "Statistic", "", ColumnKind::text, 0}};
    for (const char* side : {"base", "target"})
      for (const char* m : {"total", "per_s", "per_txn"})
        t.columns.push_back({std::string(side) + "_" + m, m, "", ColumnKind::number, std::string(m) == "total" ? 0 : -1});
    t.columns.push_back({"change", "Change", "", ColumnKind::change_pct, 0});
    t.columns.push_back({"assessment", "Assessment", "", ColumnKind::text, 0, awrdiff::ColumnRole::assessment});
    for (int i = 0; i < 750; ++i) {
      awrdiff::CompareRow r;
      r.cells.emplace_back("gc statistic number " + std::to_string(i) + " of section " + std::to_string(k));
      const bool zero = i % 10 == 9;
      const double v = zero ? 0 : 1234567.0 / (i + 1) * (k + 1), w = v * (1 + (i % 7) / 10.0);
      for (double x : {v, v / 3600, v / 51234, w, w / 3600, w / 51234}) r.cells.emplace_back(x);
      r.cells.push_back(zero ? awrdiff::CompareCell() : awrdiff::CompareCell((w - v) / v * 100));
      r.cells.push_back(zero || i % 7 < 2 ? awrdiff::CompareCell() : awrdiff::CompareCell(std::string("changed")));
      t.rows.push_back(std::move(r));
    }
    c.tables.push_back(std::move(t));
  }
  const auto page = html(c);
  EXPECT_LT(page.size(), 500u * 1024);
  for (int k = 0; k < 4; ++k)
    for (int i : {0, 17, 749, 9, 599})  // ranked rows, collapsed rows and rows 0 in both periods alike
      EXPECT_NE(page.find(">gc statistic number " + std::to_string(i) + " of section " + std::to_string(k)), std::string::npos)
          << i;
}

}  // namespace
